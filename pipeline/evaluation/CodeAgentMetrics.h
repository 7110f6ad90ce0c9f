#pragma once

// CodeAgent's own metrics (codeagent.txt §3.2, §4.1, §4.2) over the CodeAgent
// runs of a workspace, from the labels the workspace holds: for vulnerability
// analysis (VA) the hit rates of Table 2 — Rate_cr, confirmed / found, and
// Rate_ca, confirmed / evaluated — and for consistency (CA) and format (FA)
// detection the recall and F1 of Tables 3 and 4. Each is a binary decision
// per merge request, as the paper's samples are:
//  - found (predicted positive): the run kept a comment of the task (its
//    category as the pipeline set it — the workspace keeps no tag —, or tag);
//  - labelled (positive): a comment of the merge request from any source —
//    an imported or hand-marked reference, or a comment whose decided verdict
//    is accept (the paper's manual confirmation) — is of the task: by the
//    annotators' category or tag when they set one, else by its own tag or
//    category (Security Vulnerability, Commit Message Consistency, Format);
//  - confirmed: found and labelled.
// A merge request without such a comment counts as negative: the workspace's
// labels are taken as complete. `unverified` counts the found merge requests
// that no label decides yet (none of the run's comments of the task judged).
// Each CodeAgent run on a merge request is one sample; a configuration's
// runs are pooled.

#include <QHash>
#include <QJsonArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd::eval {

struct RunEvaluation;
struct MergeRequestEvidence;

// One sample: a CodeAgent run's decision on one merge request and the label.
struct DetectionSample
{
    bool found = false;
    bool labelled = false;
    bool unverified = false; // found, not labelled, and nothing of the run's judged
};

struct DetectionCounts
{
    int evaluated = 0;
    int found = 0;     // Table 2's "Find"
    int confirmed = 0; // Table 2's "Confirm"
    int labelled = 0;
    int unverified = 0;

    std::optional<double> rateCr() const; // 100 · confirmed / found (the hit rate; the precision)
    std::optional<double> rateCa() const; // 100 · confirmed / evaluated
    std::optional<double> recall() const; // 100 · confirmed / labelled
    std::optional<double> f1() const;     // 2 · P · R / (P + R), P = Rate_cr
};

DetectionCounts countDetections(const QList<DetectionSample> &samples);

struct CodeAgentTaskMetrics
{
    QString task; // consistency, vulnerability, format
    DetectionCounts counts;
    QList<qint64> foundComments;     // the runs' comments of the task
    QList<qint64> confirmedComments; // those on confirmed merge requests
    QList<qint64> labelComments;     // the comments that label merge requests positive
};

struct CodeAgentMetrics
{
    QString group; // the configuration as Evaluation::groups names it, "… without the QA-Checker" for the ablation
    QList<qint64> runs;
    QList<CodeAgentTaskMetrics> tasks; // the detection tasks its runs ran, in the paper's order
};

// The tasks a comment is about, as a label (the annotators' category or tag
// first, else its own) or, `ownOnly`, as a run's own claim (its tag or category).
QStringList codeAgentTasksOf(const QString &tag, const QString &category, const std::optional<QString> &decidedCategory, const QStringList &annotatorTags,
                             bool ownOnly = false);

// The figures of every configuration with CodeAgent runs (empty: none).
QList<CodeAgentMetrics> codeAgentMetrics(const QList<RunEvaluation> &runs, const QHash<qint64, MergeRequestEvidence> &mergeRequests);

// As `eval` writes them: [{"configuration", "runs", "tasks": {TASK: {...}}}].
QJsonArray codeAgentJson(const QList<CodeAgentMetrics> &metrics);

} // namespace rd::eval
