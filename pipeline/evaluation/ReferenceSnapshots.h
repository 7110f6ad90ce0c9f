#pragma once

// Which references an evaluation measured against, and how a set of them
// is frozen under a name (issue 33). The live set is rebuilt from the
// workspace each time (every key-bug comment of every run, pooled as TREC
// pools its judged documents), so judging a later run can move an earlier
// run's KBI; a snapshot keeps the set as it was, so that a published figure
// can be computed again. Every evaluation output names the set it used.

#include "Evaluation.h"

#include <ReferenceSnapshotStore.h>
#include <Result.h>

#include <QDateTime>
#include <QList>
#include <QString>

namespace rd {
class WorkspaceStore;
}

namespace rd::eval {

// The first 12 hex digits of SHA-256 over the references' identities and
// labels, one line each, sorted: merge request, comment, key bug or marked,
// file, side, lines, SHA-256 of the text (and of its translation), category,
// context, tag, and the key-bug comments of the issue. Equal fingerprints in
// one workspace (or a copy of it) mean the same references with the same
// labels and the same issue groups.
QString referenceFingerprint(const QList<ReferenceIssue> &references);

// Names that select a live set (all, aacr, key-bugs, live): no snapshot may take them.
bool isReservedSnapshotName(const QString &name);

struct FreezeRequest
{
    QString name;
    ReferenceSet set = ReferenceSet::All;
    QString author;
};

// The live references of every merge request of the workspace, stored as
// the snapshot `request.name` (which must be new); the snapshot stored.
Result<ReferenceSnapshot> freezeReferences(WorkspaceStore &store, const FreezeRequest &request);

} // namespace rd::eval
