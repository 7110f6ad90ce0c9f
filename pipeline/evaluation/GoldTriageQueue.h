#pragma once

// The triage queue of gaps in the ground truth (issue 35; GoldTriage.h for
// the answers and the references they add): which comments are false
// positives against the imported ground truth. Two sources:
//  - a workspace run's comments at its last stage (what the run shows) that
//    are false alarms against the set `original` (App. M.2 of the
//    defect-focused paper, as `eval` counts them: no annotator's link to a
//    reference, no reference within the line distance), on merge requests
//    that have imported ground truth;
//  - an imported benchmark tool's comments that an imported judge left
//    unmatched (Code Review Bench's false positives, CandidateVerdict::Unmatched).
// Headless: `eval --triage`, `triage enqueue` and the Evaluation window.

#include <GoldTriage.h>
#include <Result.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {
class WorkspaceStore;
}

namespace rd::eval {

struct TriageCandidate
{
    qint64 comment = 0;
    qint64 mergeRequest = 0;
    QString mergeRequestTitle;
    QString mergeRequestUrl;
    QString benchmark; // aacr-bench, code-review-bench, or imported (other imported ground truth)
    std::optional<qint64> run; // empty: an imported tool's comment
    QString reviewer;          // the run's configuration label, or the tool
    QStringList judges;        // the imported judges that left it unmatched (a tool's comment)
    QString file;
    QString side;
    int lineStart = 0; // 0: no line
    int lineEnd = 0;
    QString text;
    // Where it stands in the queue, when queued.
    bool queued = false;
    std::optional<TriageStatus> status;

    QString source() const { return run ? QStringLiteral("run") : QStringLiteral("judge"); }
};

struct TriageQueueOptions
{
    QList<qint64> runs; // empty: every run; imported tools' comments only without runs named
    bool withImportedTools = true;
    int maxDistance = 1;
};

// The false positives against imported ground truth, by merge request, then
// run (imported tools last), then file order; each comment once.
Result<QList<TriageCandidate>> falsePositivesAgainstGold(const WorkspaceStore &store, const TriageQueueOptions &options);

// As `eval --triage` writes them: JSON ({"triage_queue": [...], "definition": ...}) or a Markdown table.
QByteArray triageQueueJson(const QList<TriageCandidate> &candidates);
QByteArray triageQueueMarkdown(const QList<TriageCandidate> &candidates);

// The queue's entry for a candidate, to be answered by `annotators` (empty:
// anyone; two answers agree): what `triage enqueue` and the window's
// "Queue for Triage…" store.
TriageItem triageItemOf(const TriageCandidate &candidate, const QStringList &annotators);

// "ann, bob" -> the annotators to answer each queued comment, trimmed, each
// once; empty text: anyone. One name alone is a Usage error: triage is blind
// double annotation.
Result<QStringList> triageAnnotators(const QString &text);

// "src/a.cpp:12-14" (or the file alone, without lines).
QString triagePlace(const QString &file, int lineStart, int lineEnd);
QString triagePlace(const TriageCandidate &candidate);

} // namespace rd::eval
