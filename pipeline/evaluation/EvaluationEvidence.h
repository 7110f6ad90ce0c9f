#pragma once

// For the evaluation's own .cpp files: what evaluateWorkspace() reads from
// the workspace before it judges any run (Evaluation.cpp judges them).
#include "Evaluation.h"

#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QHash>
#include <QList>

#include <optional>

namespace rd {
class RunStore;
class WorkspaceStore;
}

namespace rd::eval {

// What the evaluation reads of one merge request, settled once for all its
// runs: the references (marked ones, and one per distinct key-bug issue),
// every annotator's judgements with the decided labels and verdicts, the
// links, and every comment in file order.
struct MergeRequestEvidence
{
    MergeRequestEntry entry;
    QList<StoredComment> references;
    QList<Judgement> judgements;      // every annotator's, for agreement
    QHash<qint64, Judgement> decided; // per comment: category, context, key bug
    QHash<qint64, std::optional<Verdict>> verdicts;
    QHash<qint64, qint64> links;      // comment -> reference
    // A key-bug comment -> the reference of its issue (itself when it
    // stands for its group): a comment of the group finds that reference.
    QHash<qint64, qint64> issueOf;
    QList<StoredComment> comments;    // all of them, file order
    QList<Adjudication> adjudications;
    QList<ReferenceLink> referenceLinks;
};

// The runs to evaluate: those Options::runs names, or every run of the workspace.
Result<QList<StoredRun>> runsToEvaluate(const RunStore &store, const Options &options);
// The evidence of every merge request `runs` reviewed, by merge request id.
// The references are fixed per merge request before any run is judged.
Result<QHash<qint64, MergeRequestEvidence>> readEvidence(const WorkspaceStore &store, const QList<StoredRun> &runs, const Options &options);

} // namespace rd::eval
