#include "LlmClient.h"
#include "RunJournal.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QTimeZone>
#include <QElapsedTimer>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QPointer>
#include <QPromise>
#include <QRandomGenerator>
#include <QTimer>
#include <QUrl>

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <optional>
#include <variant>

namespace rd {

struct LlmClient::Pending
{
    Exchange exchange;
    QByteArray key;
    QPromise<Exchange> promise;
    QElapsedTimer clock;
    QPointer<QNetworkReply> reply;
    QPointer<QTimer> timer; // timeout or retry wait
    QElapsedTimer waited;   // since the retry wait started
    qint64 waitMs = 0;      // how long the server asked us to wait, at least
    QDateTime notBefore;    // a Retry-After date: not before this (UTC)
    bool cancelled = false;
    bool tooLarge = false;  // the answer passed maxAnswerBytes and was aborted
    QString member;         // the endpoint of the role's pool this attempt went to
    int failovers = 0;      // attempts moved to another endpoint of the pool
};

namespace {

QString endpointBase(const QString &endpoint)
{
    QString base = endpoint;
    while (base.endsWith(QLatin1Char('/')))
        base.chop(1);
    return base;
}

QByteArray apiKeyOf(const EndpointProfile &profile)
{
    return profile.apiKeyEnv.isEmpty() ? QByteArray() : qgetenv(profile.apiKeyEnv.toLocal8Bit().constData());
}

// QNetworkAccessManager opens at most six connections per host; more
// managers allow more requests in flight.
constexpr int ConnectionsPerManager = 6;

} // namespace

LlmClient::LlmClient(const LlmClientOptions &options, QObject *parent) : QObject(parent), m_options(options) {}

LlmClient::~LlmClient()
{
    cancelAll();
}

QNetworkAccessManager *LlmClient::manager()
{
    const int needed = std::max(1, (m_options.concurrency + ConnectionsPerManager - 1) / ConnectionsPerManager);
    while (m_managers.size() < needed) {
        auto *m = new QNetworkAccessManager(this);
        m->setAutoDeleteReplies(false);
        m_managers.append(m);
    }
    return m_managers[m_nextManager++ % m_managers.size()];
}

QFuture<Exchange> LlmClient::send(const ChatRequest &request)
{
    auto pending = std::make_shared<Pending>();
    pending->exchange.request = request;
    pending->key = exchangeKey(request);
    pending->promise.start();
    QFuture<Exchange> future = pending->promise.future();

    if (request.profile.isReplay()) {
        // Only the very request that was recorded: another prompt, model or
        // sampling is another question, whatever step it belongs to.
        const auto answer = m_replay.find(pending->key);
        pending->exchange.fromReplay = true;
        if (answer) {
            pending->exchange.response = answer->response;
            pending->exchange.toolCalls = answer->toolCalls;
            pending->exchange.promptTokens = answer->promptTokens;
            pending->exchange.completionTokens = answer->completionTokens;
        } else {
            pending->exchange.error = tr("replay: the recording has no answer for this exact request (%1); the prompt, model or sampling differ "
                                         "from what was recorded")
                                          .arg(request.label.isEmpty() ? tr("unnamed step") : request.label);
        }
        complete(pending);
        return future;
    }
    // A resumed run's answers so far, then the cache (whose answers join the journal).
    if (const auto journaled = m_journal ? m_journal->find(pending->key) : std::nullopt) {
        pending->exchange.fromCache = true;
        pending->exchange.response = journaled->response;
        pending->exchange.toolCalls = journaled->toolCalls;
        pending->exchange.promptTokens = journaled->promptTokens;
        pending->exchange.completionTokens = journaled->completionTokens;
        complete(pending);
        return future;
    }
    if (const auto cached = m_cache.find(pending->key)) {
        pending->exchange.fromCache = true;
        pending->exchange.response = cached->response;
        pending->exchange.toolCalls = cached->toolCalls;
        pending->exchange.promptTokens = cached->promptTokens;
        pending->exchange.completionTokens = cached->completionTokens;
        if (m_journal)
            m_journal->append(pending->key, *cached);
        complete(pending);
        return future;
    }
    const QString keyVariable = request.profile.apiKeyEnv;
    if (!keyVariable.isEmpty() && qEnvironmentVariableIsEmpty(keyVariable.toLocal8Bit().constData())) {
        pending->exchange.error = tr("the environment variable %1 that should hold the API key is not set").arg(keyVariable);
        complete(pending);
        return future;
    }
    QMetaObject::invokeMethod(this, [this, pending] { enqueue(pending); }, Qt::QueuedConnection);
    return future;
}

void LlmClient::enqueue(std::shared_ptr<Pending> pending)
{
    if (pending->cancelled || pending->promise.isCanceled()) {
        pending->exchange.error = tr("cancelled");
        complete(pending);
        return;
    }
    pending->clock.start();
    const QString endpoint = endpointBase(pending->exchange.request.profile.endpoint);
    m_queued[endpoint].append(pending);
    m_active.append(pending);
    pump(endpoint);
}

namespace {

QStringList poolOf(const EndpointProfile &profile)
{
    QStringList members;
    for (const QString &url : profile.endpoints.isEmpty() ? QStringList{profile.endpoint} : profile.endpoints)
        members << endpointBase(url);
    return members;
}

} // namespace

QString LlmClient::pickEndpoint(const EndpointProfile &profile, const QStringList &failedOn) const
{
    const QStringList members = poolOf(profile);
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QStringList candidates;
    for (const QString &m : members)
        if (m_downUntil.value(m) <= now && !failedOn.contains(m))
            candidates << m;
    if (candidates.isEmpty()) // all failed lately: those this request has not failed on
        for (const QString &m : members)
            if (!failedOn.contains(m))
                candidates << m;
    if (candidates.isEmpty())
        candidates = members; // all failed: keep trying rather than stall
    QString best;
    for (const QString &m : std::as_const(candidates))
        if (m_running.value(m) < m_options.concurrency && (best.isEmpty() || m_running.value(m) < m_running.value(best)))
            best = m;
    return best;
}

void LlmClient::pump(const QString &endpoint)
{
    // `endpoint` names the queue (the role's first endpoint); each request
    // goes to the member of the role's pool with the fewest in flight.
    auto &queue = m_queued[endpoint];
    while (!queue.isEmpty()) {
        if (queue.first()->cancelled) {
            queue.removeFirst();
            continue;
        }
        const QString member = pickEndpoint(queue.first()->exchange.request.profile, queue.first()->exchange.failedOn);
        if (member.isEmpty())
            break;
        auto pending = queue.takeFirst();
        pending->member = member;
        ++m_running[member];
        m_peak = std::max(m_peak, m_running.value(member));
        start(pending);
    }
}

void LlmClient::start(std::shared_ptr<Pending> pending)
{
    const EndpointProfile &profile = pending->exchange.request.profile;
    QNetworkRequest request(QUrl(pending->member + requestPath(pending->exchange.request)));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    // The key goes from the environment straight into the header; it is
    // kept nowhere else.
    if (!profile.apiKeyEnv.isEmpty())
        request.setRawHeader("Authorization", "Bearer " + apiKeyOf(profile));
    request.setTransferTimeout(0); // our own timer covers the whole request
    ++pending->exchange.attempts;
    QNetworkReply *reply = manager()->post(request, chatCompletionBody(pending->exchange.request));
    pending->reply = reply;
    auto *timer = new QTimer(this);
    timer->setSingleShot(true);
    pending->timer = timer;
    connect(timer, &QTimer::timeout, this, [this, pending, reply] { finished(pending, reply, true); });
    connect(reply, &QNetworkReply::finished, this, [this, pending, reply] { finished(pending, reply, false); });
    // The cap holds while the answer arrives (a promised Content-Length over
    // it stops the transfer at once): a runaway body is never held in memory.
    connect(reply, &QNetworkReply::downloadProgress, this, [this, pending, reply](qint64 received, qint64 total) {
        if (pending->reply == reply && (received > m_options.maxAnswerBytes || total > m_options.maxAnswerBytes)) {
            pending->tooLarge = true;
            reply->abort(); // emits finished
        }
    });
    timer->start(m_options.timeoutMs);
}

void LlmClient::finished(std::shared_ptr<Pending> pending, QNetworkReply *reply, bool timedOut)
{
    if (pending->reply != reply)
        return; // a late signal from an attempt already dealt with
    pending->reply = nullptr;
    if (pending->timer)
        pending->timer->deleteLater();
    disconnect(reply, nullptr, this, nullptr);
    if (timedOut)
        reply->abort();
    reply->deleteLater();
    const QString endpoint = endpointBase(pending->exchange.request.profile.endpoint);
    --m_running[pending->member];

    Exchange &e = pending->exchange;
    e.servedBy = pending->member;
    e.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    e.rawBody = timedOut || pending->tooLarge ? QByteArray() : reply->readAll();
    bool retryable = false;
    bool cacheable = false;
    qint64 waitMs = -1;
    if (pending->cancelled) {
        e.error = tr("cancelled");
    } else if (pending->tooLarge) {
        // Not retried: the same request would bring the same answer.
        e.error = tr("the answer of %1 is larger than the %2-byte limit (max_answer_bytes); not read").arg(pending->member).arg(m_options.maxAnswerBytes);
    } else if (timedOut) {
        e.error = tr("no answer within %1 s").arg(m_options.timeoutMs / 1000.0);
        retryable = true;
    } else if (e.httpStatus == 429 || e.httpStatus >= 500) {
        e.error = tr("HTTP %1: %2").arg(e.httpStatus).arg(QString::fromUtf8(e.rawBody.left(300)).simplified());
        retryable = true;
        if (const auto asked = parseRetryAfter(reply->rawHeader("Retry-After"))) {
            if (std::holds_alternative<QDateTime>(*asked)) {
                pending->notBefore = std::get<QDateTime>(*asked);
                pending->waitMs = std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(pending->notBefore));
            } else {
                pending->notBefore = QDateTime();
                pending->waitMs = std::get<qint64>(*asked);
            }
            waitMs = pending->waitMs;
            // Waiting less than asked is not an option; waiting longer than a
            // whole request may take is not worth it.
            if (waitMs > m_options.timeoutMs) {
                e.error += QLatin1Char(' ') + tr("(the server asks to wait %1 s before retrying)").arg(waitMs / 1000.0);
                retryable = false;
            }
        }
    } else if (reply->error() != QNetworkReply::NoError && e.httpStatus == 0) {
        e.error = tr("connection failed: %1").arg(reply->errorString());
        retryable = true;
    } else if (e.httpStatus < 200 || e.httpStatus >= 300) {
        e.error = tr("HTTP %1: %2").arg(e.httpStatus).arg(QString::fromUtf8(e.rawBody.left(300)).simplified());
    } else {
        const std::optional<AnswerContent> answer = readAnswer(e.request, e.rawBody);
        if (!answer) {
            // A body cut short looks like this too: worth another try.
            e.error = tr("unreadable answer: %1").arg(QString::fromUtf8(e.rawBody.left(300)).simplified());
            retryable = nlohmann::json::parse(e.rawBody.toStdString(), nullptr, false).is_discarded();
        } else {
            e.error.clear();
            e.response = answer->content;
            e.toolCalls = answer->toolCalls;
            e.promptTokens = answer->promptTokens;
            e.completionTokens = answer->completionTokens;
            cacheable = true;
        }
    }

    // Nothing the endpoint sent back may carry the key onwards.
    const QByteArray key = apiKeyOf(e.request.profile);
    e.rawBody = redactSecrets(e.rawBody, key);
    e.error = redactSecrets(e.error, key);
    e.response = redactSecrets(e.response, key);
    e.toolCalls = redactSecrets(e.toolCalls, key);
    if (cacheable) {
        m_cache.store(pending->key, {e.response, e.promptTokens, e.completionTokens, e.toolCalls});
        if (m_journal)
            m_journal->append(pending->key, {e.response, e.promptTokens, e.completionTokens, e.toolCalls});
    }

    // One endpoint of several failing: it is left out for a while, and the
    // request goes at once to another one, without using up a retry.
    const QStringList pool = poolOf(e.request.profile);
    if (retryable && pool.size() > 1) {
        e.failedOn << pending->member;
        m_downUntil.insert(pending->member, QDateTime::currentMSecsSinceEpoch() + m_options.endpointCooldownMs);
        if (!pending->cancelled && pending->failovers < pool.size() - 1 && waitMs < 0) {
            ++pending->failovers;
            m_queued[endpoint].prepend(pending);
            pump(endpoint);
            return;
        }
    }
    if (retryable && !pending->cancelled && e.attempts <= m_options.retries) {
        if (waitMs < 0) {
            // Exponential backoff with jitter: half to all of base * 2^(n-1).
            const double full = std::min<double>(m_options.backoffCapMs, m_options.backoffBaseMs * std::pow(2.0, e.attempts - 1));
            waitMs = static_cast<qint64>(full * (0.5 + 0.5 * QRandomGenerator::global()->generateDouble()));
            pending->notBefore = QDateTime();
        }
        pending->waitMs = waitMs;
        pending->waited.start();
        waitThenRetry(pending, waitMs);
    } else {
        complete(pending);
    }
    pump(endpoint);
}

void LlmClient::waitThenRetry(std::shared_ptr<Pending> pending, qint64 ms)
{
    // A precise timer, and a check when it fires: a coarse one may fire up
    // to 5 % early, and a server's Retry-After is a minimum.
    auto *wait = new QTimer(this);
    wait->setSingleShot(true);
    wait->setTimerType(Qt::PreciseTimer);
    pending->timer = wait;
    const QString endpoint = endpointBase(pending->exchange.request.profile.endpoint);
    connect(wait, &QTimer::timeout, this, [this, pending, wait, endpoint] {
        wait->deleteLater();
        if (pending->cancelled) {
            complete(pending);
            return;
        }
        qint64 left = pending->waitMs - pending->waited.elapsed();
        if (pending->notBefore.isValid())
            left = std::max(left, QDateTime::currentDateTimeUtc().msecsTo(pending->notBefore));
        if (left > 0) {
            waitThenRetry(pending, left);
            return;
        }
        m_queued[endpoint].prepend(pending);
        pump(endpoint);
    });
    wait->start(static_cast<int>(std::min<qint64>(ms, std::numeric_limits<int>::max())));
}

void LlmClient::complete(std::shared_ptr<Pending> pending)
{
    if (pending->clock.isValid())
        pending->exchange.latencyMs = pending->clock.elapsed();
    m_active.removeAll(pending);
    pending->promise.addResult(pending->exchange);
    pending->promise.finish();
}

void LlmClient::cancelAll()
{
    const auto active = m_active;
    for (const auto &pending : active) {
        pending->cancelled = true;
        pending->exchange.error = tr("cancelled");
        if (pending->reply) {
            QNetworkReply *reply = pending->reply;
            finished(pending, reply, false); // completes it (cancelled)
            reply->abort();
        } else {
            if (pending->timer)
                pending->timer->deleteLater();
            complete(pending);
        }
    }
    for (auto &queue : m_queued)
        queue.clear();
}

QFuture<QStringList> LlmClient::listModels(const EndpointProfile &profile)
{
    auto promise = std::make_shared<QPromise<QStringList>>();
    promise->start();
    QFuture<QStringList> future = promise->future();
    QMetaObject::invokeMethod(this, [this, profile, promise] {
        QNetworkRequest request(QUrl(endpointBase(profile.endpoint) + QStringLiteral("/models")));
        if (!profile.apiKeyEnv.isEmpty())
            request.setRawHeader("Authorization", "Bearer " + apiKeyOf(profile));
        request.setTransferTimeout(std::min(m_options.timeoutMs, 30000));
        QNetworkReply *reply = manager()->get(request);
        connect(reply, &QNetworkReply::finished, this, [reply, promise, key = apiKeyOf(profile)] {
            reply->deleteLater();
            QStringList models;
            const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
            const nlohmann::json body = nlohmann::json::parse(reply->readAll().toStdString(), nullptr, false);
            if (reply->error() != QNetworkReply::NoError && status == 0) {
                models << QStringLiteral("error: ") + redactSecrets(reply->errorString(), key);
            } else if (status != 200 || body.is_discarded() || !body.is_object() || !body.contains("data") || !body["data"].is_array()) {
                models << QStringLiteral("error: ") + tr("HTTP %1: not a model list").arg(status);
            } else {
                for (const auto &m : body["data"])
                    if (m.is_object() && m.contains("id") && m["id"].is_string())
                        models << QString::fromStdString(m["id"].get<std::string>());
            }
            promise->addResult(models);
            promise->finish();
        });
    }, Qt::QueuedConnection);
    return future;
}

} // namespace rd
