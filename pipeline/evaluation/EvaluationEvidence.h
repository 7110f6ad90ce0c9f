#pragma once

// For the evaluation's own .cpp files: what evaluateWorkspace() reads from
// the workspace before it judges any run (Evaluation.cpp judges them).
#include "Evaluation.h"

#include <ReferenceSnapshotStore.h>

#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QHash>
#include <QList>
#include <QSet>

#include <optional>

namespace rd {
class RunStore;
class WorkspaceStore;
}

namespace rd::eval {

// What the evaluation reads of one merge request, settled once for all its
// runs: the references (marked ones, and one per distinct key-bug issue;
// a snapshot's when the evaluation names one), every annotator's
// judgements with the decided labels and verdicts, the links, and every
// comment in file order.
struct MergeRequestEvidence
{
    MergeRequestEntry entry;
    QList<ReferenceIssue> references; // file order
    QList<Judgement> judgements;      // every annotator's, for agreement
    QHash<qint64, Judgement> decided; // per comment: category, context, key bug as decided (TeamAnnotation.h's decidedLabels), tag
    QHash<qint64, std::optional<Verdict>> verdicts;
    QHash<qint64, qint64> links;      // comment -> reference
    // A key-bug comment -> the reference of its issue (itself when it
    // stands for its group): a comment of the group finds that reference.
    QHash<qint64, qint64> issueOf;
    QList<StoredComment> comments;    // all of them, file order
    QList<Adjudication> adjudications;
    QList<ReferenceLink> referenceLinks;
    // Key-bug flags disputed and not adjudicated: no reference yet.
    int pendingKeyBugs = 0;
    // With a snapshot: the live set, to tell whether it has moved since.
    QList<ReferenceIssue> liveReferences;
    // The set `triaged`: the comments triage decided are real issues the
    // imported ground truth misses (GoldTriage.h).
    QSet<qint64> triaged;
};

struct Evidence
{
    QHash<qint64, MergeRequestEvidence> mergeRequests; // by merge request id
    std::optional<ReferenceSnapshot> snapshot;         // Options::snapshot, read
};

// What the semantic judge reads of a comment: its issue, root cause and
// fix; a translated comment's own words unless `translation` asks for the
// translation.
QString semanticText(const ReviewComment &comment, bool translation);
// A reference issue as the matching takes it.
Item referenceItem(const ReferenceIssue &reference, bool translation);

// The runs to evaluate: those Options::runs names, or every run of the workspace.
Result<QList<StoredRun>> runsToEvaluate(const RunStore &store, const Options &options);
// The evidence of every merge request `runs` reviewed. The references are
// fixed per merge request before any run is judged: the live ones, or those
// of the snapshot Options::snapshot names (an error when there is none of
// that name, or when it does not cover one of the merge requests).
Result<Evidence> readEvidence(const WorkspaceStore &store, const QList<StoredRun> &runs, const Options &options);
// What an evaluation says of the set it used: the snapshot's name (or
// live), the references of `mergeRequests`, their fingerprint, what is pending.
ReferenceSetUsed referenceSetUsed(const std::optional<ReferenceSnapshot> &snapshot, const QHash<qint64, MergeRequestEvidence> &mergeRequests, ReferenceSet live);
// The live evidence of these merge requests, as freezing reads it.
Result<QHash<qint64, MergeRequestEvidence>> readLiveEvidence(const WorkspaceStore &store, const QList<qint64> &mergeRequests, ReferenceSet set);

} // namespace rd::eval
