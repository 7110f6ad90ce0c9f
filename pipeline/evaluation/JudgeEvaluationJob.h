#pragma once

// Asks a judge about the comments people labelled and measures it against
// them (JudgeEvaluation.h): `reviewdesk-cli judge-eval` runs it on its own
// thread, Review ▸ Evaluate Judge… in the background. The judge is the run
// configuration's "judge" role (the CQS pipeline's), else its validator,
// else its reviewer, asked with the CQS issue judge's prompt. Through the
// pipeline's LlmClient: answers are cached, recorded and replayable.

#include "JudgeEvaluation.h"
#include "ClientThread.h"
#include "LlmTypes.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>


namespace rd {

class LlmClient;

// What the judge is asked. CQS's issue judge (App. A: valid or not, a score
// 0-10) about the comment alone; or AACR-Bench's semantic judge (Fig. 9:
// does it say what a reference says?) about the comment against each
// reference issue of its merge request: valid when one matches.
enum class JudgeKind { CqsIssue, AacrSemantic };
std::optional<JudgeKind> judgeKindFromName(const QString &name); // "cqs", "aacr-semantic"
QString judgeKindName(JudgeKind kind);

struct JudgeEvaluationRequest
{
    QString workspace;      // opened, never made, on the thread that evaluates
    JudgeKind kind = JudgeKind::CqsIssue;
    QString configPath;     // the run configuration naming the judge
    JudgeLabelSource labels;
    int balanced = 0;       // per class; 0: every labelled comment
    int repeats = 1;        // the same request asked this many times
    quint32 seed = 0;       // the sample's and the judge's (repeat k asks with seed + k)
    int minScore = 1;
    QString cache;          // response cache folder; empty: none
    QString replay;         // answer from this recording instead of the endpoint
    // A stored evaluation whose items to ask about again (labels as they are
    // now), so two judges can be compared on the same items; and one whose
    // stored answers to replay.
    std::optional<qint64> sameItemsAs;
    std::optional<qint64> replayOf;
};

struct JudgeEvaluationOutcome
{
    JudgeEvaluationSettings settings;
    JudgeSample sample;
    JudgeMetrics metrics;
    QList<Exchange> exchanges; // the judge's, for --record
    QStringList errors;        // requests that failed or answers that could not be read
    int failedRequests = 0;    // of those, requests that got no answer at all
    std::optional<Error> error; // nothing could be evaluated
    bool cancelled = false;

    // As the workspace keeps it: the JSON report and the answers as a recording.
    StoredJudgeEvaluation stored() const;
};

class JudgeEvaluationJob : public QObject
{
    Q_OBJECT
public:
    explicit JudgeEvaluationJob(QObject *parent = nullptr);
    ~JudgeEvaluationJob() override;

    // Reads the judge's configuration (and recording) and sets up its
    // client: an error here is the request's, and nothing runs. The
    // workspace is read by run() or start(), on the thread that evaluates,
    // like EvaluationJob: a large workspace never holds the caller (the GUI).
    Result<bool> prepare(const JudgeEvaluationRequest &request);
    // Blocking, on the caller's thread (the client answers on its own).
    const JudgeEvaluationOutcome &run();
    // In the background; finished() when done.
    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    // Its `error` says why nothing was evaluated: the workspace could not be
    // read, or it has no labelled comment to ask about.
    const JudgeEvaluationOutcome &outcome() const { return m_outcome; }

Q_SIGNALS:
    // The items are chosen (`shortBy`: why fewer than asked, or empty); the
    // judge is asked next. Emitted on the evaluating thread.
    void sampled(int items, const QString &shortBy);
    void progressed(int answered, int asked);
    void finished();

private:
    JudgeEvaluationOutcome work();
    // On the evaluating thread: the workspace's labelled comments and the
    // items chosen from them, into `data` and `out`.
    std::optional<Error> chooseItems(ExportData &data, JudgeEvaluationOutcome &out);
    void done(JudgeEvaluationOutcome outcome);

    JudgeEvaluationRequest m_request;
    EndpointProfile m_judge;
    JudgeEvaluationOutcome m_outcome;
    ClientThread m_client{QStringLiteral("judge evaluation")};
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<JudgeEvaluationOutcome> m_watcher;
    bool m_running = false;
};

} // namespace rd
