#pragma once

// Threshold tuning from labelled comments: replays the coarse filter (Q1,
// Q2 thresholds) and the top-k cut on the reviewers' own comments of stored
// runs, and measures each setting against the annotators' verdicts
// (precision, recall, F1) and the reference issues (KBI, FAR1, CPI1, as the
// stage-runs table gives them at Top-k: matched as the evaluation matches,
// the mean over the configuration's runs, CPI1 averaged per run).

#include "Evaluation.h"

#include <ReviewComment.h>

#include <QList>

#include <optional>

namespace rd {

class WorkspaceStore;

namespace eval {

// One run's reviewer comments as the reviewers scored them, with the decided verdicts.
struct TuningRun
{
    QList<ReviewComment> candidates;        // reviewer scores, kept = true
    QList<qint64> ids;                      // workspace ids, same order
    QList<std::optional<Verdict>> verdicts; // same order
    // Same order: the index into `references` the comment finds by an
    // annotator's link or as a key-bug comment of that issue
    // (RunEvaluation::linkedReference), -1 when none; it counts as a finding.
    QList<int> links;
    QList<Item> references;
    // The run's place among the passes of the stage-runs table
    // (Evaluation::passes()): its configuration, which run of it this is on
    // its merge request (0-based), and how many reviewers' comments are runs
    // of their own at Top-k (0: the run is one).
    QString group;
    int repetition = 0;
    int reviewers = 0;
};

struct TuningPoint
{
    int nitpickThreshold = 0; // drop when q1 <= this
    int fakeThreshold = 0;    // drop when q2 <= this
    int topK = 0;
    int kept = 0;
    Ratio precision; // accepted kept / judged kept
    Ratio recall;    // accepted kept / accepted
    std::optional<double> f1;
    // Against the references, as the stage-runs table counts them: each
    // figure the mean over the passes, CPI1 averaged per pass (the counts stay empty).
    DefectMetrics defect;
};

enum class TuningGoal { Cpi1, F1 };

struct TuningResult
{
    QList<TuningPoint> points;
    int best = -1; // index into points; -1 when nothing could be measured
    TuningGoal goal = TuningGoal::F1;
};

// The runs' reviewer comments with the reviewers' scores (the first score
// record of stage "reviewer"), judged by decidedVerdict().
Result<QList<TuningRun>> tuningRuns(const WorkspaceStore &store, const Evaluation &evaluation, const QString &group = {});

// Every Q1 and Q2 threshold 0..7 and top-k in `ks` (cut per slice and
// reviewer, as the pipeline cuts); the best by `goal`
// (ties: the more comments kept).
TuningResult tuneThresholds(const QList<TuningRun> &runs, TuningGoal goal, const QList<int> &ks = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100},
                            int maxDistance = 1);

// The comments a setting keeps (workspace ids, run by run): what is behind
// a point of the precision-recall curve.
QList<qint64> keptComments(const QList<TuningRun> &runs, const TuningPoint &point);

// Writes the setting into the run configuration file at `path` (thresholds
// and top_k), keeping every other key; the result must still be a valid
// configuration, or nothing is written.
Result<bool> writeTunedConfig(const QString &path, const TuningPoint &point);

} // namespace eval
} // namespace rd
