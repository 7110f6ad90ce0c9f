#pragma once

// One evaluation as both front ends ask for it: Review ▸ Evaluate in the
// background, `reviewdesk-cli eval` on its own thread. The job reads the
// workspace's runs (or AACR-Bench generated-comment files), sets up the
// semantic judge, evaluates, and tunes the thresholds when asked; what the
// front ends make of the outcome (tables and charts, JSON or text) is theirs.

#include "Evaluation.h"
#include "ClientThread.h"
#include "GoldTriageQueue.h"
#include "LlmTypes.h"
#include "ThresholdTuning.h"

#include <Result.h>

#include <QFutureWatcher>
#include <QJsonObject>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class QSemaphore;

namespace rd {

class LlmClient;
class SemanticMatcher;

// Everything `eval` accepts, typed. Two inputs: a workspace's runs, or
// (aacrGroundTruth set) a folder of AACR-Bench generated-comment files.
struct EvaluationRequest
{
    QString workspace; // opened, never made, on the thread that evaluates
    QList<qint64> runs; // empty: every run
    eval::ReferenceSet references = eval::ReferenceSet::All;
    QString snapshot; // a reference snapshot's name: exactly its references; empty: the live set
    // The judge reads a translated comment's translation, not the reviewer's text.
    bool matchTranslation = false;
    // Set: the filter thresholds are tuned for this goal as well (the window's tab).
    std::optional<eval::TuningGoal> tuneFor;
    // Also the triage queue of the runs: their comments judged false
    // positives against the imported ground truth (GoldTriageQueue.h).
    bool triageQueue = false;

    QString aacrGroundTruth; // positive_samples.json
    QString generated;       // the folder of comments_{repo}_{pr}.txt files
    QString diffs;           // the folder of {repo}_{pr}.diff files (comments per patch)
    bool upstreamCompat = false;
    bool releasedIds = false;

    int maxDistance = 1;
    // The semantic judge: the validator (else the reviewer) of this run
    // configuration, asked `votes` times per pair. Empty: line match only.
    QString judgeConfig;
    int votes = 1;
    QString judgeReplay; // answers from this recording, not the endpoint
    QString judgeCache;  // where answers are cached; empty: not cached

    bool directoryMode() const { return !aacrGroundTruth.isEmpty(); }
    bool semantic() const { return !judgeConfig.isEmpty(); }
};

struct EvaluationOutcome
{
    // Why there are no figures (the judge's failures are told apart below).
    std::optional<Error> error;
    std::optional<eval::Evaluation> evaluation; // of a workspace
    QJsonObject directoryReport;                 // of AACR-Bench files
    QStringList problems;                        // AACR-Bench files: blocks left out, files without a PR
    eval::TuningResult tuning;                   // when the request asked for it
    QList<eval::TuningRun> tuningRuns;
    QList<eval::TriageCandidate> triage;         // when the request asked for it
    // The semantic judge's questions and the ones that failed: a figure with
    // unanswered questions would be a different figure, so callers refuse it.
    QList<Exchange> judgeExchanges;
    QStringList judgeErrors;
    QString judgePrompt; // which prompt the judge was asked with (semanticPromptName()); empty without one

    // As `eval` writes it: JSON (a workspace's or the AACR-Bench files'), or
    // a workspace's tables in `format` (only `onlyTable` when given).
    Result<QByteArray> report(std::optional<eval::TableFormat> format = {}, const std::optional<QString> &onlyTable = {}) const;
};

class EvaluationJob : public QObject
{
    Q_OBJECT
public:
    explicit EvaluationJob(QObject *parent = nullptr);
    // Cancels the judge and waits for the work.
    ~EvaluationJob() override;

    // Takes the request and sets up its judge (reads its run configuration
    // and recording): an error here is the request's, and nothing runs.
    // False while an evaluation is under way.
    Result<bool> prepare(const EvaluationRequest &request);
    // The prepared evaluation on a worker thread; finished() when done.
    void start();
    // The prepared evaluation on this thread, blocking (the judge's client
    // has a thread of its own); finished() before it returns. Not while a
    // start() is under way.
    const EvaluationOutcome &run();
    // No further question to the judge; the one in flight ends as cancelled
    // (each counts "no" and as failed). Returns when the work has ended.
    void cancel();
    // From start() (or run()) until finished() is emitted: a prepare() in
    // between would take the judge that the ending evaluation still releases.
    bool isRunning() const { return m_running; }
    const EvaluationOutcome &outcome() const { return m_outcome; }

Q_SIGNALS:
    // A pair was judged; `questions` asked so far, every vote counted
    // (emitted on the evaluating thread).
    void progressed(int questions);
    void finished();

private:
    using Judge = std::function<bool(const QString &generated, const QString &reference)>;
    // On the evaluating thread: the request's evaluation, the judge's questions and failures.
    EvaluationOutcome work();
    void evaluateDirectory(const Judge &judge, EvaluationOutcome &out) const;
    void evaluateWorkspace(const Judge &judge, EvaluationOutcome &out) const;
    void collectJudgement(EvaluationOutcome &out) const;
    void done(EvaluationOutcome outcome);

    EvaluationRequest m_request;
    ClientThread m_judgeClient{QStringLiteral("semantic judge")}; // of the prepared evaluation
    std::shared_ptr<SemanticMatcher> m_matcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<QSemaphore> m_workerDone; // released when the worker ends
    QFutureWatcher<EvaluationOutcome> m_watcher;
    bool m_running = false;
    EvaluationOutcome m_outcome;
};

} // namespace rd
