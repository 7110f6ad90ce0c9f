#pragma once

#include "LlmTypes.h"
#include "ResponseStore.h"

#include <QFuture>
#include <QHash>
#include <QObject>
#include <QStringList>

#include <memory>
#include <utility>

class QNetworkAccessManager;
class QNetworkReply;

namespace rd {

class RunJournal;

struct LlmClientOptions
{
    int timeoutMs = 120000;
    // An answer body beyond this is not read: the reply is aborted while it
    // arrives and the exchange fails naming the endpoint and the limit.
    int maxAnswerBytes = 8 * 1024 * 1024;
    int retries = 3;          // attempts after the first
    int backoffBaseMs = 1000; // first retry waits about this long, then doubles
    int backoffCapMs = 30000; // Retry-After is not capped: it is waited in full, or not retried past timeoutMs
    int concurrency = 8;      // requests in flight per endpoint
    // Team scale: how long an endpoint of a role with several is left out
    // after it failed (connection, timeout, 429/5xx); then it is tried again.
    int endpointCooldownMs = 30000;
};

// Talks to OpenAI-compatible chat completion endpoints. send() may be called
// from any thread; the network work runs on the thread the client lives in
// (QNetworkAccessManager is asynchronous already), which must run an event
// loop. Answers come from the replay recording or the cache when they hold
// exactly this request. The API key never leaves the request header: bodies,
// answers and errors are redacted before anyone sees them.
class LlmClient : public QObject
{
    Q_OBJECT

public:
    explicit LlmClient(const LlmClientOptions &options = {}, QObject *parent = nullptr);
    ~LlmClient() override;

    void setCache(const ResponseStore &cache) { m_cache = cache; }
    void setReplay(const ResponseStore &replay) { m_replay = replay; }
    // Every answer (from the network or the cache) is written to the journal
    // as it arrives; what the journal holds already is answered from it.
    void setJournal(std::shared_ptr<RunJournal> journal) { m_journal = std::move(journal); }
    // The journal, let go by the client (its lock goes with the last holder).
    std::shared_ptr<RunJournal> takeJournal() { return std::exchange(m_journal, nullptr); }

    QFuture<Exchange> send(const ChatRequest &request);
    // GET {endpoint}/models: the model names, or an error text prefixed "error: ".
    QFuture<QStringList> listModels(const EndpointProfile &profile);
    // Stops queued and running requests; their futures finish with an error.
    void cancelAll();

    // The most requests that were in flight to one endpoint at once.
    int peakConcurrency() const { return m_peak; }

private:
    struct Pending;
    void enqueue(std::shared_ptr<Pending> pending);
    void pump(const QString &endpoint);
    void start(std::shared_ptr<Pending> pending);
    void finished(std::shared_ptr<Pending> pending, QNetworkReply *reply, bool timedOut);
    void complete(std::shared_ptr<Pending> pending);
    void waitThenRetry(std::shared_ptr<Pending> pending, qint64 ms);
    QNetworkAccessManager *manager();
    // The role's endpoint with the fewest requests in flight, leaving out
    // those that failed lately and those this request failed on (unless
    // nothing else is left); empty when all are full.
    QString pickEndpoint(const EndpointProfile &profile, const QStringList &failedOn) const;

    LlmClientOptions m_options;
    ResponseStore m_cache;
    ResponseStore m_replay;
    std::shared_ptr<RunJournal> m_journal;
    QHash<QString, QList<std::shared_ptr<Pending>>> m_queued;
    QHash<QString, int> m_running;
    QHash<QString, qint64> m_downUntil; // ms since 1970
    QList<std::shared_ptr<Pending>> m_active;
    QList<QNetworkAccessManager *> m_managers;
    int m_nextManager = 0;
    int m_peak = 0;
};

} // namespace rd
