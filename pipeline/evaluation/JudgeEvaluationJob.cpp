#include "JudgeEvaluationJob.h"

#include "AnswerSource.h"
#include "CqsPipeline.h"
#include "DiffContext.h"
#include "LlmClient.h"
#include "PipelineOutput.h"
#include "ResponseStore.h"
#include "RunConfig.h"
#include "SemanticMatcher.h"

#include <WorkspaceOpening.h>

#include <QCoreApplication>
#include <QFile>
#include <QThread>
#include <QtConcurrent>

namespace rd {

namespace {

// How a stored evaluation replayed as a recording is named (settings, errors).
QString storedEvaluationName(qint64 evaluation)
{
    return QCoreApplication::translate("rd::pipeline", "judge evaluation %1").arg(evaluation);
}

} // namespace

std::optional<JudgeKind> judgeKindFromName(const QString &name)
{
    if (name == QLatin1String("cqs"))
        return JudgeKind::CqsIssue;
    if (name == QLatin1String("aacr-semantic"))
        return JudgeKind::AacrSemantic;
    return std::nullopt;
}

QString judgeKindName(JudgeKind kind)
{
    return kind == JudgeKind::CqsIssue ? QStringLiteral("cqs") : QStringLiteral("aacr-semantic");
}

JudgeEvaluationJob::JudgeEvaluationJob(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<JudgeEvaluationOutcome>::finished, this, [this] { done(m_watcher.result()); });
}

JudgeEvaluationJob::~JudgeEvaluationJob()
{
    cancel();
}

Result<bool> JudgeEvaluationJob::prepare(const JudgeEvaluationRequest &request)
{
    if (m_running)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "a judge evaluation is running")};
    if (request.repeats < 1 || request.balanced < 0 || request.minScore < 0 || request.minScore > 10)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "repeats must be at least 1, the balanced size not negative, and the minimum score from 0 to 10")};
    QFile file(request.configPath);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cannot read the judge's run configuration %1: %2").arg(request.configPath, file.errorString())};
    auto config = RunConfig::fromJson(file.readAll());
    if (!config)
        return Error{Error::Kind::Usage, QStringLiteral("%1: %2").arg(request.configPath, config.error().message)};
    if (request.sameItemsAs && request.balanced > 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the items of an earlier evaluation are not sampled again: leave out the balanced size")};
    const bool replay = !request.replay.isEmpty() || request.replayOf;
    if (!replay)
        if (const auto missing = config->checkApiKeys())
            return *missing;
    const EndpointProfile *judge = config->role(QStringLiteral("judge"));
    m_judge = judge ? *judge : config->validator ? *config->validator : config->reviewer;
    // A stored evaluation's answers are read with the workspace, on the
    // evaluating thread; a recording file now.
    const auto answers = AnswerSource::from(request.replay, replay ? QString() : request.cache);
    if (!answers)
        return answers.error();
    if (replay)
        m_judge.endpoint = QStringLiteral("replay:");

    m_request = request;
    m_outcome = {};
    JudgeEvaluationSettings &s = m_outcome.settings;
    s.judge = judgeKindName(request.kind);
    s.judgeModel = m_judge.model;
    const QString replayName = request.replayOf ? storedEvaluationName(*request.replayOf) : request.replay;
    s.judgeEndpoint = replay ? QStringLiteral("replay:") + replayName : m_judge.endpoint;
    s.temperature = m_judge.temperature;
    s.seed = request.seed;
    s.repeats = request.repeats;
    s.balanced = request.balanced;
    s.minScore = request.minScore;
    s.labels = request.labels;

    // The worker blocks on the answers (ClientThread.h).
    m_client.replace(makeLlmClient(config->clientOptions(), *answers));
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    return true;
}

std::optional<Error> JudgeEvaluationJob::chooseItems(ExportData &data, JudgeEvaluationOutcome &out)
{
    const JudgeEvaluationRequest &request = m_request;
    // A connection of its own: a store is used by one thread only.
    auto opened = openWorkspaceStore(request.workspace, WorkspaceOpenMode::OpenExisting);
    if (!opened)
        return opened.error();
    const WorkspaceStore &store = **opened;
    if (request.replayOf) {
        auto earlier = store.judgeEvaluation(*request.replayOf);
        if (!earlier)
            return earlier.error();
        auto recorded = ResponseStore::replayOf(earlier->recording, storedEvaluationName(*request.replayOf));
        if (!recorded)
            return recorded.error();
        // Set where the client lives; nothing is asked before it returns.
        QMetaObject::invokeMethod(m_client.client(), [client = m_client.client(), replay = *recorded] { client->setReplay(replay); }, Qt::BlockingQueuedConnection);
    }
    std::optional<QSet<qint64>> sameItems;
    if (request.sameItemsAs) {
        auto earlier = store.judgeEvaluation(*request.sameItemsAs);
        if (!earlier)
            return earlier.error();
        sameItems = judgeEvaluationItems(earlier->report);
        if (sameItems->isEmpty())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "judge evaluation %1 lists no items").arg(*request.sameItemsAs)};
    }
    auto loaded = loadExportData(store);
    if (!loaded)
        return loaded.error();
    data = std::move(*loaded);
    if (!request.labels.annotator.isEmpty()
        && std::none_of(data.judgements.cbegin(), data.judgements.cend(), [&](const Judgement &j) { return j.annotator == request.labels.annotator; }))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "%1 has judged nothing in this workspace").arg(request.labels.annotator)};

    out.sample = sampleJudgeItems(data, request.labels, request.balanced, request.seed);
    if (sameItems) {
        JudgeSample &s = out.sample;
        s.items.removeIf([&](const JudgeItem &i) { return !sameItems->contains(i.comment); });
        s.positives = static_cast<int>(std::count_if(s.items.cbegin(), s.items.cend(), [](const JudgeItem &i) { return i.humanAccepted; }));
        s.negatives = static_cast<int>(s.items.size()) - s.positives;
        if (s.items.size() < sameItems->size())
            s.shortBy = QCoreApplication::translate("rd::pipeline", "%1 of the %2 items of judge evaluation %3 have no label now")
                            .arg(sameItems->size() - s.items.size())
                            .arg(sameItems->size())
                            .arg(*request.sameItemsAs);
    }
    if (out.sample.items.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no comment has a label to compare the judge with (accepted or rejected, or thumbs up or down)")};
    return std::nullopt;
}

const JudgeEvaluationOutcome &JudgeEvaluationJob::run()
{
    m_running = true;
    done(work());
    return m_outcome;
}

void JudgeEvaluationJob::start()
{
    if (m_running || !m_client.client())
        return;
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run([this] { return work(); }));
}

void JudgeEvaluationJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    if (m_running)
        m_client.cancelAll();
    m_watcher.waitForFinished();
}

void JudgeEvaluationJob::done(JudgeEvaluationOutcome outcome)
{
    m_outcome = std::move(outcome);
    m_running = false;
    Q_EMIT finished();
}

namespace {

// One ask about one item: its requests (one for the CQS judge, one per
// reference for the semantic judge) and which answer of the item it fills.
struct Ask
{
    JudgeItem *item = nullptr;
    int repeat = 0;
    QList<QFuture<Exchange>> requests;
    QList<qint64> references; // the semantic judge's, in the requests' order
};

ChatRequest judgeRequest(const EndpointProfile &judge, int seed, const QList<ChatMessage> &prompt, const QString &label)
{
    ChatRequest request;
    request.profile = judge;
    // Each repeat is its own request: with one seed the cache would answer all alike.
    request.profile.seed = seed;
    request.messages = prompt;
    request.label = label;
    return request;
}

} // namespace

JudgeEvaluationOutcome JudgeEvaluationJob::work()
{
    JudgeEvaluationOutcome out = m_outcome;
    ExportData data;
    if (auto failed = chooseItems(data, out)) {
        out.error = *failed;
        return out;
    }
    Q_EMIT sampled(static_cast<int>(out.sample.items.size()), out.sample.shortBy);
    // Cancelled while the workspace was read: nothing is asked.
    if (*m_cancel) {
        out.cancelled = true;
        return out;
    }
    DiffContext diffs;
    QHash<qint64, const StoredComment *> byId;
    QHash<qint64, QList<const StoredComment *>> referencesOf; // by merge request
    for (const StoredComment &c : data.comments) {
        byId.insert(c.id, &c);
        if (c.reference)
            referencesOf[c.mergeRequest] << &c;
    }
    // Every request at once: the client keeps the endpoint's concurrency limit.
    QList<Ask> asks;
    for (JudgeItem &item : out.sample.items) {
        const StoredComment *comment = byId.value(item.comment);
        const MergeRequestEntry *mr = data.mergeRequest(item.mergeRequest);
        const QString diff = mr ? diffs.around(*mr, *comment) : QString();
        QList<const StoredComment *> references;
        for (const StoredComment *r : referencesOf.value(item.mergeRequest))
            if (r->id != item.comment)
                references << r;
        for (int k = 0; k < m_request.repeats; ++k) {
            const int seed = static_cast<int>(m_request.seed) + k;
            JudgeItem::Answer pending;
            pending.seed = seed;
            item.answers.append(pending);
            Ask ask{&item, k, {}, {}};
            const QString label = QStringLiteral("judge, comment %1, repeat %2").arg(item.comment).arg(k + 1);
            if (m_request.kind == JudgeKind::CqsIssue) {
                ask.requests << m_client.client()->send(judgeRequest(m_judge, seed, cqsJudgePrompt(comment->comment, diff), label));
            } else {
                for (const StoredComment *r : std::as_const(references)) {
                    const QList<ChatMessage> prompt = {{QStringLiteral("user"), SemanticMatcher::prompt(commentNote(comment->comment), commentNote(r->comment), diff)}};
                    ask.requests << m_client.client()->send(judgeRequest(m_judge, seed, prompt, label + QStringLiteral(", reference %1").arg(r->id)));
                    ask.references << r->id;
                }
            }
            asks.append(ask);
        }
    }
    const int total = static_cast<int>(asks.size());
    int answered = 0;
    for (Ask &ask : asks) {
        JudgeItem::Answer &a = ask.item->answers[ask.repeat];
        if (m_request.kind == JudgeKind::AacrSemantic && ask.requests.isEmpty()) {
            a.error = QCoreApplication::translate("rd::pipeline", "its merge request has no reference issue to compare it with");
            out.errors << QStringLiteral("judge, comment %1: %2").arg(ask.item->comment).arg(a.error);
        }
        bool failed = false;
        std::optional<qint64> matched;
        for (qsizetype n = 0; n < ask.requests.size(); ++n) {
            const Exchange e = ask.requests[n].result();
            out.exchanges << e;
            if (!e.ok()) {
                failed = true;
                a.error = e.error;
                ++out.failedRequests;
                if (!*m_cancel)
                    out.errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
                continue;
            }
            if (m_request.kind == JudgeKind::AacrSemantic) {
                if (!matched && SemanticMatcher::answerIsYes(e.response))
                    matched = ask.references[n];
                continue;
            }
            const JudgeVerdict verdict = parseJudgeVerdict(e.response);
            if (!verdict.error.isEmpty()) {
                a.error = verdict.error;
                out.errors << QStringLiteral("%1: %2").arg(e.request.label, verdict.error);
            } else {
                a.score = verdict.score;
                a.reason = verdict.reason;
                a.valid = verdict.valid && verdict.score >= m_request.minScore;
            }
        }
        if (m_request.kind == JudgeKind::AacrSemantic && !failed && !ask.requests.isEmpty()) {
            a.valid = matched.has_value();
            a.reason = matched ? QCoreApplication::translate("rd::pipeline", "says what reference %1 says").arg(*matched)
                               : QCoreApplication::translate("rd::pipeline", "matches none of the %n reference(s)", nullptr, static_cast<int>(ask.requests.size()));
        }
        Q_EMIT progressed(++answered, total);
    }
    out.cancelled = *m_cancel;
    out.metrics = judgeMetrics(out.sample.items);
    return out;
}

StoredJudgeEvaluation JudgeEvaluationOutcome::stored() const
{
    StoredJudgeEvaluation e;
    e.judgeModel = settings.judgeModel;
    e.labels = settings.labels.annotator.isEmpty() ? QStringLiteral("final") : QStringLiteral("annotator:") + settings.labels.annotator;
    e.items = static_cast<int>(sample.items.size());
    e.accuracy = metrics.accuracy;
    e.report = judgeEvaluationJson(settings, sample, metrics);
    e.recording = ResponseStore::recording(exchanges);
    return e;
}

} // namespace rd
