#pragma once

#include "CommentReanchoring.h"

#include <Result.h>
#include <Workspace.h>
#include <WorkspaceStore.h>

#include <QList>
#include <QString>

namespace rd {

// What following a merge request to its newest commits did.
struct RevisionUpdate
{
    // False when the head and base resolve to the current revision's
    // commits: nothing was recorded.
    bool recorded = false;
    MergeRequestRevision previous;
    MergeRequestRevision current;
    Reanchoring reanchoring;
};

// The merge request's revisions, oldest first. A merge request that has none
// yet (stored before workspace version 10, or never followed) gets its first
// now: the commits its newest run reviewed (what its comments' lines are
// of), or, without runs, its base and head resolved now.
Result<QList<MergeRequestRevision>> followedRevisions(WorkspaceStore &store, qint64 mergeRequest);

// `mr update` and Review > Refresh Merge Request: resolves `head` and `base`
// (empty: as the merge request has them written, a branch resolved again
// now) and, when they are not the current revision's commits, records the
// next revision and re-anchors every comment there, in one transaction.
// Errors: no such merge request (Usage), repository or revision (Path,
// Repository, Revision), a revision recorded meanwhile (Conflict).
Result<RevisionUpdate> updateMergeRequest(WorkspaceStore &store, qint64 mergeRequest, const QString &head = {}, const QString &base = {});

// What a review of a merge request's current revision reads: the whole
// change (from its base), or with `sinceLastReview` only what changed since
// the newest revision a stored run reviewed (two-dot from that revision's
// head; a run stored before version 10 reviewed revision 1).
struct ReviewRange
{
    QString repository;
    QString base; // commits (hex)
    QString head;
    bool twoDot = false;
    int revisionFrom = 0; // 0: from the base
    int revisionTo = 0;
    // sinceLastReview and no run yet: the whole change.
    bool wholeForLackOfAReview = false;
};
Result<ReviewRange> reviewRange(WorkspaceStore &store, qint64 mergeRequest, bool sinceLastReview);

// The comments of `mergeRequest` that revision `revision` made outdated:
// what the "addressed?" list asks about.
Result<QList<StoredComment>> outdatedBy(const RunStore &store, qint64 mergeRequest, int revision);

} // namespace rd
