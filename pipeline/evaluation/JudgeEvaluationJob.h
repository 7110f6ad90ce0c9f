#pragma once

// Asks a judge about the comments people labelled and measures it against
// them (JudgeEvaluation.h): `reviewdesk-cli judge-eval` runs it on its own
// thread, Review ▸ Evaluate Judge… in the background. The judge is the run
// configuration's "judge" role (the CQS pipeline's), else its validator,
// else its reviewer, asked with the CQS issue judge's prompt. Through the
// pipeline's LlmClient: answers are cached, recorded and replayable.

#include "JudgeEvaluation.h"
#include "LlmTypes.h"

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

class QThread;

namespace rd {

class LlmClient;
class WorkspaceStore;

// What the judge is asked. CQS's issue judge (App. A: valid or not, a score
// 0-10) about the comment alone; or AACR-Bench's semantic judge (Fig. 9:
// does it say what a reference says?) about the comment against each
// reference issue of its merge request: valid when one matches.
enum class JudgeKind { CqsIssue, AacrSemantic };
std::optional<JudgeKind> judgeKindFromName(const QString &name); // "cqs", "aacr-semantic"
QString judgeKindName(JudgeKind kind);

struct JudgeEvaluationRequest
{
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

    // Reads the configuration and the labelled comments; the store is read
    // here only, so it may be the caller's.
    Result<bool> prepare(const JudgeEvaluationRequest &request, const WorkspaceStore &store);
    // Blocking, on the caller's thread (the client answers on its own).
    const JudgeEvaluationOutcome &run();
    // In the background; finished() when done.
    void start();
    void cancel();
    bool isRunning() const { return m_running; }
    const JudgeEvaluationOutcome &outcome() const { return m_outcome; }
    // The items chosen by prepare(), before any answer.
    const JudgeSample &sample() const { return m_outcome.sample; }

Q_SIGNALS:
    void progressed(int answered, int asked);
    void finished();

private:
    JudgeEvaluationOutcome work();
    void done(JudgeEvaluationOutcome outcome);

    JudgeEvaluationRequest m_request;
    EndpointProfile m_judge;
    ExportData m_data;
    JudgeEvaluationOutcome m_outcome;
    QThread *m_clientThread = nullptr;
    LlmClient *m_client = nullptr;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<JudgeEvaluationOutcome> m_watcher;
    bool m_running = false;
};

} // namespace rd
