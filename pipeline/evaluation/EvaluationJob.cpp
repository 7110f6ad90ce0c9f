#include "EvaluationJob.h"

#include "AacrEvaluation.h"
#include "AnswerSource.h"
#include "DiffHunks.h"
#include "EvaluationReport.h"
#include "LlmClient.h"
#include "SemanticMatcher.h"

#include <AacrPositiveSamples.h>
#include <WorkspaceOpening.h>

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSemaphore>
#include <QThread>
#include <QtConcurrent>

namespace rd {

Result<QByteArray> EvaluationOutcome::report(std::optional<eval::TableFormat> format, const std::optional<QString> &onlyTable) const
{
    if (error)
        return *error;
    if (!evaluation)
        return QJsonDocument(directoryReport).toJson(QJsonDocument::Indented);
    if (!format)
        return eval::reportJson(*evaluation);
    return eval::tablesReport(*evaluation, *format, onlyTable);
}

EvaluationJob::EvaluationJob(QObject *parent)
    : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<EvaluationOutcome>::finished, this, [this] { done(m_watcher.result()); });
}

EvaluationJob::~EvaluationJob()
{
    cancel();
    m_matcher.reset();
}

Result<bool> EvaluationJob::prepare(const EvaluationRequest &request)
{
    if (isRunning())
        return false;
    m_request = request;
    m_outcome = {};
    m_matcher.reset();
    m_judgeClient.release(); // prepared before and never run
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    if (!request.semantic())
        return true;
    auto setup = semanticJudgeFrom(request.judgeConfig, request.votes, !request.judgeReplay.isEmpty());
    if (!setup)
        return setup.error();
    const auto answers = AnswerSource::from(request.judgeReplay, request.judgeCache);
    if (!answers)
        return answers.error();
    // The evaluation blocks on the judge's answers (ClientThread.h).
    LlmClient *client = m_judgeClient.replace(makeLlmClient(setup->client, *answers));
    setup->match.cancelled = m_cancel;
    // Counting as the released evaluator does asks its judge in its words.
    setup->match.prompt = request.directoryMode() && request.upstreamCompat ? SemanticPrompt::ReleasedEvaluator : SemanticPrompt::Fig9;
    m_matcher = std::make_shared<SemanticMatcher>(*client, setup->match);
    return true;
}

void EvaluationJob::start()
{
    if (isRunning())
        return;
    m_running = true;
    m_workerDone = std::make_shared<QSemaphore>();
    m_watcher.setFuture(QtConcurrent::run([this] { return work(); }));
}

const EvaluationOutcome &EvaluationJob::run()
{
    m_running = true;
    m_workerDone = std::make_shared<QSemaphore>();
    done(work());
    return m_outcome;
}

// A question the worker put just as the flag was set is cancelled by the
// next round; the client's thread cancels, so this one may wait for the worker.
void EvaluationJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    if (m_judgeClient.client() && m_workerDone) {
        do
            m_judgeClient.cancelAll();
        while (!m_workerDone->tryAcquire(1, 100));
        m_workerDone.reset(); // acquired: a second cancel() has nothing to wait for
    }
    m_watcher.waitForFinished();
}

EvaluationOutcome EvaluationJob::work()
{
    // Released however the work ends: cancel() waits for it.
    const std::shared_ptr<QSemaphore> workerDone = m_workerDone;
    const std::unique_ptr<QSemaphore, void (*)(QSemaphore *)> signalDone(workerDone.get(), [](QSemaphore *s) { s->release(); });
    Judge judge;
    if (m_matcher)
        judge = [this, matcher = m_matcher, cancel = m_cancel](const QString &generated, const QString &reference) {
            if (*cancel)
                return false;
            const bool same = matcher->same(generated, reference);
            Q_EMIT progressed(matcher->questions());
            return same;
        };
    EvaluationOutcome out;
    if (m_matcher)
        out.judgePrompt = semanticPromptName(m_matcher->options().prompt);
    if (m_request.directoryMode())
        evaluateDirectory(judge, out);
    else
        evaluateWorkspace(judge, out);
    return out;
}

void EvaluationJob::evaluateDirectory(const Judge &judge, EvaluationOutcome &out) const
{
    const EvaluationRequest &r = m_request;
    QFile gt(r.aacrGroundTruth);
    if (!gt.open(QIODevice::ReadOnly)) {
        out.error = Error{Error::Kind::Usage, QStringLiteral("cannot read %1").arg(r.aacrGroundTruth)};
        return;
    }
    const QByteArray groundTruth = gt.readAll();
    auto prs = readAacrPositiveSamples(groundTruth, r.aacrGroundTruth);
    if (!prs) {
        out.error = prs.error();
        return;
    }
    eval::AacrDirectoryOptions options;
    options.maxDistance = r.maxDistance;
    options.upstreamCompat = r.upstreamCompat;
    options.releasedIds = r.releasedIds;
    options.semantic = judge;
    options.semanticPrompt = out.judgePrompt;
    options.diffs = r.diffs;
    auto result = eval::evaluateAacrDirectory(*prs, r.generated, options);
    collectJudgement(out);
    if (!result) {
        out.error = result.error();
        return;
    }
    out.directoryReport = result->json;
    // The set measured against is the file itself: named, with a
    // fingerprint of its bytes (a live set or snapshot names a workspace's).
    int references = 0;
    for (const AacrPositivePr &pr : *prs)
        references += static_cast<int>(pr.references.size());
    out.directoryReport.insert(QStringLiteral("references"),
                               QJsonObject{{QStringLiteral("set"), QStringLiteral("file")},
                                           {QStringLiteral("name"), QFileInfo(r.aacrGroundTruth).fileName()},
                                           {QStringLiteral("references"), references},
                                           {QStringLiteral("merge_requests"), static_cast<int>(prs->size())},
                                           {QStringLiteral("fingerprint"),
                                            QString::fromLatin1(QCryptographicHash::hash(groundTruth, QCryptographicHash::Sha256).toHex().left(12))},
                                           {QStringLiteral("definition"), QStringLiteral("the references of --aacr-gt; fingerprint: the first 12 hex digits of SHA-256 over the file's bytes")}});
    out.problems = result->problems;
}

void EvaluationJob::evaluateWorkspace(const Judge &judge, EvaluationOutcome &out) const
{
    const EvaluationRequest &r = m_request;
    // A connection of its own: a store is used by one thread only.
    auto store = openWorkspaceStore(r.workspace, WorkspaceOpenMode::OpenExisting);
    if (!store) {
        out.error = store.error();
        return;
    }
    eval::Options options;
    options.runs = r.runs;
    options.references = r.references;
    options.snapshot = r.snapshot;
    options.maxDistance = r.maxDistance;
    options.semantic = judge;
    options.patchesOf = countDiffHunks;
    options.matchTranslation = r.matchTranslation;
    auto evaluation = eval::evaluateWorkspace(**store, options);
    collectJudgement(out);
    if (!evaluation) {
        out.error = evaluation.error();
        return;
    }
    out.evaluation = *evaluation;
    out.evaluation->semanticPrompt = out.judgePrompt;
    // Thresholds tuned on figures with unanswered questions would be tuned on other figures.
    if (r.tuneFor && out.judgeErrors.isEmpty())
        if (auto runs = eval::tuningRuns(**store, *evaluation)) {
            out.tuning = eval::tuneThresholds(*runs, *r.tuneFor, {1, 2, 3, 5, 10, 100}, r.maxDistance);
            out.tuningRuns = *runs;
        }
    if (r.triageQueue) {
        eval::TriageQueueOptions queue;
        queue.runs = r.runs;
        queue.maxDistance = r.maxDistance;
        if (auto candidates = eval::falsePositivesAgainstGold(**store, queue))
            out.triage = *candidates;
        else // the figures stand; the queue's failure is said beside them
            out.problems << candidates.error().message;
    }
}

void EvaluationJob::collectJudgement(EvaluationOutcome &out) const
{
    if (m_matcher) {
        out.judgeExchanges = m_matcher->exchanges();
        out.judgeErrors = m_matcher->errors();
    }
}

void EvaluationJob::done(EvaluationOutcome outcome)
{
    m_outcome = std::move(outcome);
    m_matcher.reset();
    m_judgeClient.release();
    m_running = false;
    Q_EMIT finished();
}

} // namespace rd
