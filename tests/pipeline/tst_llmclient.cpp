// The OpenAI-compatible client against a fake server on 127.0.0.1: answers
// and usage, the API key, retries on every fault, concurrency, cancellation,
// the cache and replay.

#include <FakeLlmServer.h>
#include <WaitFor.h>
#include <LlmClient.h>
#include <RunConfig.h>
#include <RunRecord.h>

#include <QDirIterator>
#include <QLocale>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

LlmClientOptions fastRetries()
{
    LlmClientOptions o;
    o.backoffBaseMs = 20;
    o.backoffCapMs = 2000;
    o.timeoutMs = 2000;
    o.retries = 3;
    return o;
}

} // namespace

class LlmClientTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void answersAndRecordsUsage();
    void sendsTheApiKeyFromTheEnvironmentOnly();
    void retriesEveryTransientFault_data();
    void retriesEveryTransientFault();
    void honoursRetryAfter_data();
    void honoursRetryAfter();
    void keepsConnectionsAlive();
    void redactsTheKeyFromEverythingRecorded();
    void givesUpAfterTheRetries();
    void clientErrorsAreNotRetried();
    void limitsConcurrencyPerEndpoint();
    void cancellationStopsQueuedAndRunningRequests();
    void cacheMakesReRunsFreeAndIdentical();
    void replayAnswersFromRecordings();
    void listsModelsForTestConnection();
    void copesWithAnEnormousAnswer();
    void answerBeyondTheConfiguredCapIsAnErrorNamingEndpointAndLimit();
    void usageCountsOutsideTheIntRangeAreUnknown_data();
    void usageCountsOutsideTheIntRangeAreUnknown();
    // Team scale (issue 14): several endpoints behind one role.
    void spreadsRequestsToTheLeastBusyEndpoint();
    void takesAFailingEndpointOutAndTriesItAgainLater();
    void runConfigListsSeveralEndpoints();

private:
    ChatRequest request(const QString &endpoint, const QString &text = QStringLiteral("review this")) const
    {
        ChatRequest r;
        r.profile.endpoint = endpoint;
        r.profile.model = QStringLiteral("fake-model");
        r.messages = {{QStringLiteral("system"), QStringLiteral("You review code.")}, {QStringLiteral("user"), text}};
        return r;
    }
};

void LlmClientTest::answersAndRecordsUsage()
{
    FakeLlmServer server;
    server.script({FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"), 120, 7)});
    LlmClient client(fastRetries());
    ChatRequest r = request(server.endpoint());
    r.profile.temperature = 0.2;
    r.profile.topP = 0.9;
    r.profile.maxTokens = 512;
    r.profile.seed = 7;
    r.profile.jsonMode = true;
    const Exchange e = waitFor(client.send(r));
    QVERIFY2(e.ok(), qPrintable(e.error));
    QCOMPARE(e.response, QStringLiteral("{\"comments\":[]}"));
    QCOMPARE(e.promptTokens, 120);
    QCOMPARE(e.completionTokens, 7);
    QCOMPARE(e.attempts, 1);
    QCOMPARE(e.httpStatus, 200);
    QCOMPARE(server.requests().size(), 1);
    const FakeLlmServer::Request &sent = server.requests().first();
    QCOMPARE(sent.method, QByteArray("POST"));
    QCOMPARE(sent.path, QByteArray("/v1/chat/completions"));
    const QJsonObject body = QJsonDocument::fromJson(sent.body).object();
    QCOMPARE(body.value(QStringLiteral("model")).toString(), QStringLiteral("fake-model"));
    QCOMPARE(body.value(QStringLiteral("messages")).toArray().size(), 2);
    QCOMPARE(body.value(QStringLiteral("temperature")).toDouble(), 0.2);
    QCOMPARE(body.value(QStringLiteral("top_p")).toDouble(), 0.9);
    QCOMPARE(body.value(QStringLiteral("max_tokens")).toInt(), 512);
    QCOMPARE(body.value(QStringLiteral("seed")).toInt(), 7);
    QCOMPARE(body.value(QStringLiteral("response_format")).toObject().value(QStringLiteral("type")).toString(), QStringLiteral("json_object"));
    QVERIFY(!sent.headers.contains("authorization"));
}

void LlmClientTest::sendsTheApiKeyFromTheEnvironmentOnly()
{
    const QByteArray secret = "sk-test-9f8e7d6c5b4a";
    qputenv("REVIEWDESK_TEST_KEY", secret);
    FakeLlmServer server;
    QTemporaryDir cache;
    LlmClient client(fastRetries());
    client.setCache(ResponseStore::cacheIn(cache.path()));
    ChatRequest r = request(server.endpoint());
    r.profile.apiKeyEnv = QStringLiteral("REVIEWDESK_TEST_KEY");
    QVERIFY(waitFor(client.send(r)).ok());
    QCOMPARE(server.requests().first().headers.value("authorization"), QByteArray("Bearer " + secret));
    // The key is in no file the client wrote, nor in the cache key.
    QVERIFY(!exchangeKey(r).contains(secret));
    int files = 0;
    for (QDirIterator it(cache.path(), QDir::Files, QDirIterator::Subdirectories); it.hasNext(); ++files) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(!f.readAll().contains(secret));
    }
    QCOMPARE(files, 1);
    // A named variable that is not set is an error before any request.
    qunsetenv("REVIEWDESK_TEST_KEY");
    r.messages.last().content = QStringLiteral("another");
    const Exchange missing = waitFor(client.send(r));
    QVERIFY(missing.error.contains(QLatin1String("REVIEWDESK_TEST_KEY")));
    QCOMPARE(server.requests().size(), 1);
}

void LlmClientTest::retriesEveryTransientFault_data()
{
    QTest::addColumn<int>("fault");
    QTest::newRow("429") << 0;
    QTest::newRow("500") << 1;
    QTest::newRow("503") << 2;
    QTest::newRow("dropped connection") << 3;
    QTest::newRow("timeout") << 4;
    QTest::newRow("truncated body") << 5;
}

void LlmClientTest::retriesEveryTransientFault()
{
    QFETCH(int, fault);
    FakeLlmServer server;
    FakeLlmServer::Reply bad;
    switch (fault) {
    case 0: bad = FakeLlmServer::status(429, "{\"error\":\"slow down\"}"); break;
    case 1: bad = FakeLlmServer::status(500, "{\"error\":\"boom\"}"); break;
    case 2: bad = FakeLlmServer::status(503); break;
    case 3: bad.drop = true; break;
    case 4: bad = FakeLlmServer::held(FakeLlmServer::completion(QStringLiteral("never"))); break;
    case 5: bad = FakeLlmServer::completion(QStringLiteral("cut")); bad.truncate = true; break;
    }
    server.script({bad, FakeLlmServer::completion(QStringLiteral("ok"))});
    LlmClientOptions options = fastRetries();
    options.timeoutMs = 700;
    LlmClient client(options);
    const Exchange e = waitFor(client.send(request(server.endpoint())));
    QVERIFY2(e.ok(), qPrintable(e.error));
    QCOMPARE(e.response, QStringLiteral("ok"));
    QCOMPARE(server.requests().size(), 2);
    // Qt itself resends a request whose connection closed before any answer,
    // so a single drop may never reach the client's own retry.
    if (fault == 3)
        QVERIFY2(e.attempts == 1 || e.attempts == 2, qPrintable(QString::number(e.attempts)));
    else
        QCOMPARE(e.attempts, 2);
    if (fault == 3) {
        // Two drops in a row: Qt gives up, the client's retry succeeds.
        FakeLlmServer again;
        FakeLlmServer::Reply drop;
        drop.drop = true;
        again.script({drop, drop, drop, drop, FakeLlmServer::completion(QStringLiteral("ok"))});
        const Exchange retried = waitFor(client.send(request(again.endpoint(), QStringLiteral("twice"))));
        QVERIFY2(retried.ok(), qPrintable(retried.error));
        QVERIFY(retried.attempts >= 2);
    }
}

void LlmClientTest::honoursRetryAfter_data()
{
    QTest::addColumn<bool>("asDate");
    QTest::newRow("seconds") << false;
    QTest::newRow("HTTP date") << true;
}

// The server's own clock says when the retry came: never before the time it
// asked for (a coarse timer fires up to 5 % early; a date was ignored).
void LlmClientTest::honoursRetryAfter()
{
    QFETCH(bool, asDate);
    FakeLlmServer server;
    QDateTime notBefore;
    server.setResponder([&](const FakeLlmServer::Request &) {
        if (server.requests().size() > 1)
            return FakeLlmServer::completion(QStringLiteral("ok"));
        FakeLlmServer::Reply busy = FakeLlmServer::status(429, "{}");
        if (asDate) {
            // Whole seconds, at least two from now.
            const QDateTime now = QDateTime::currentDateTimeUtc();
            notBefore = QDateTime::fromSecsSinceEpoch(now.toSecsSinceEpoch() + 2).toUTC();
            busy.headers.append({QByteArray("Retry-After"), QLocale::c().toString(notBefore, QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1()});
        } else {
            busy.headers.append({QByteArray("Retry-After"), QByteArray("1")});
        }
        return busy;
    });
    LlmClient client(fastRetries()); // backoff alone would wait about 20 ms
    const Exchange e = waitFor(client.send(request(server.endpoint())));
    QVERIFY2(e.ok(), qPrintable(e.error));
    QCOMPARE(server.requests().size(), 2);
    const QDateTime asked = asDate ? notBefore : server.requests()[0].answered.addMSecs(1000);
    QVERIFY2(server.requests()[1].received >= asked,
             qPrintable(QStringLiteral("retried %1 ms early").arg(server.requests()[1].received.msecsTo(asked))));
}

// Sequential requests to one endpoint share one HTTP/1.1 connection.
void LlmClientTest::keepsConnectionsAlive()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("ok")); });
    LlmClientOptions options = fastRetries();
    options.concurrency = 1;
    LlmClient client(options);
    for (int i = 0; i < 4; ++i)
        QVERIFY(waitFor(client.send(request(server.endpoint(), QStringLiteral("request %1").arg(i)))).ok());
    QCOMPARE(server.requests().size(), 4);
    QCOMPARE(server.connections(), 1);
    QCOMPARE(server.requests().last().connection, 1);
}

// An endpoint that echoes the request's headers (some proxies do) must not
// put the key into the exchange: not its error, body or answer.
void LlmClientTest::redactsTheKeyFromEverythingRecorded()
{
    const QByteArray secret = "sk-echoed-1a2b3c4d5e";
    qputenv("REVIEWDESK_ECHO_KEY", secret);
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        const QByteArray auth = r.headers.value("authorization");
        if (r.body.contains("answer"))
            return FakeLlmServer::completion(QStringLiteral("your header was %1").arg(QString::fromLatin1(auth)));
        return FakeLlmServer::status(401, "{\"error\":\"invalid key\",\"headers\":{\"Authorization\":\"" + auth + "\"}}");
    });
    LlmClient client(fastRetries());
    ChatRequest r = request(server.endpoint());
    r.profile.apiKeyEnv = QStringLiteral("REVIEWDESK_ECHO_KEY");
    const Exchange refused = waitFor(client.send(r));
    QVERIFY(!refused.ok());
    QCOMPARE(server.requests().first().headers.value("authorization"), QByteArray("Bearer " + secret));
    for (const QByteArray &text : {refused.error.toUtf8(), refused.rawBody, refused.response.toUtf8()})
        QVERIFY2(!text.contains(secret) && !text.contains(secret.mid(3, 12)), text.constData());
    QVERIFY2(refused.error.contains(QLatin1String("invalid key")), qPrintable(refused.error));
    r.messages.last().content = QStringLiteral("answer");
    const Exchange answered = waitFor(client.send(r));
    QVERIFY2(answered.ok(), qPrintable(answered.error));
    QVERIFY2(!answered.response.contains(QString::fromLatin1(secret)), qPrintable(answered.response));
    QVERIFY2(!answered.rawBody.contains(secret), answered.rawBody.constData());
    qunsetenv("REVIEWDESK_ECHO_KEY");
}

void LlmClientTest::givesUpAfterTheRetries()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::status(500, "{\"error\":\"down\"}"); });
    LlmClientOptions options = fastRetries();
    options.retries = 2;
    LlmClient client(options);
    const Exchange e = waitFor(client.send(request(server.endpoint())));
    QVERIFY(!e.ok());
    QVERIFY2(e.error.contains(QLatin1String("HTTP 500")), qPrintable(e.error));
    QCOMPARE(e.attempts, 3);
    QCOMPARE(server.requests().size(), 3);
}

void LlmClientTest::clientErrorsAreNotRetried()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::status(401, "{\"error\":\"bad key\"}"); });
    LlmClient client(fastRetries());
    const Exchange e = waitFor(client.send(request(server.endpoint())));
    QVERIFY(e.error.contains(QLatin1String("HTTP 401")));
    QCOMPARE(server.requests().size(), 1);
    // Nothing listens here: a connection failure, retried, then reported.
    LlmClientOptions options = fastRetries();
    options.retries = 1;
    LlmClient nowhere(options);
    const Exchange refused = waitFor(nowhere.send(request(QStringLiteral("http://127.0.0.1:9/v1"))));
    QVERIFY2(refused.error.contains(QLatin1String("connection failed")), qPrintable(refused.error));
    QCOMPARE(refused.attempts, 2);
}

void LlmClientTest::limitsConcurrencyPerEndpoint()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("ok"), 1, 1, 150); });
    LlmClientOptions options = fastRetries();
    options.concurrency = 2;
    LlmClient client(options);
    QList<QFuture<Exchange>> futures;
    for (int i = 0; i < 6; ++i)
        futures << client.send(request(server.endpoint(), QStringLiteral("slice %1").arg(i)));
    for (const auto &f : futures)
        QVERIFY(waitFor(f).ok());
    QCOMPARE(server.peakConcurrent(), 2);
    QCOMPARE(client.peakConcurrency(), 2);
}

void LlmClientTest::cancellationStopsQueuedAndRunningRequests()
{
    FakeLlmServer server;
    // The server never answers on its own: only cancellation can end these.
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::held(FakeLlmServer::completion(QStringLiteral("late"))); });
    LlmClientOptions options = fastRetries();
    options.concurrency = 1;
    options.timeoutMs = 600000;
    LlmClient client(options);
    QList<QFuture<Exchange>> futures;
    for (int i = 0; i < 3; ++i)
        futures << client.send(request(server.endpoint(), QStringLiteral("slice %1").arg(i)));
    QTRY_COMPARE(server.heldCount(), 1);
    client.cancelAll();
    for (const auto &f : futures) {
        const Exchange e = waitFor(f);
        QCOMPARE(e.error, LlmClient::tr("cancelled"));
    }
    QCOMPARE(server.requests().size(), 1);
}

void LlmClientTest::cacheMakesReRunsFreeAndIdentical()
{
    FakeLlmServer server;
    int n = 0;
    server.setResponder([&n](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("answer %1").arg(++n)); });
    QTemporaryDir cache;
    LlmClient client(fastRetries());
    client.setCache(ResponseStore::cacheIn(cache.path()));
    const ChatRequest r = request(server.endpoint());
    const Exchange first = waitFor(client.send(r));
    const Exchange second = waitFor(client.send(r));
    QVERIFY(!first.fromCache);
    QVERIFY(second.fromCache);
    QCOMPARE(second.response, first.response);
    QCOMPARE(server.requests().size(), 1);
    // Another client, same folder: still free. Other sampling: a new request.
    LlmClient again(fastRetries());
    again.setCache(ResponseStore::cacheIn(cache.path()));
    QCOMPARE(waitFor(again.send(r)).response, QStringLiteral("answer 1"));
    ChatRequest warmer = r;
    warmer.profile.temperature = 0.7;
    QCOMPARE(waitFor(again.send(warmer)).response, QStringLiteral("answer 2"));
    QCOMPARE(server.requests().size(), 2);
}

void LlmClientTest::replayAnswersFromRecordings()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("recorded answer"), 40, 9); });
    LlmClient live(fastRetries());
    ChatRequest r = request(server.endpoint());
    r.label = QStringLiteral("reviewer 1, src/a.cpp slice 0");
    const Exchange recorded = waitFor(live.send(r));
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("recording.json"));
    // Replays are keyed on the request with the replay endpoint.
    Exchange forReplay = recorded;
    forReplay.request.profile.endpoint = QStringLiteral("replay:");
    QVERIFY(ResponseStore::record(file, {forReplay}));
    auto store = ResponseStore::replayFrom(file);
    QVERIFY(store);
    LlmClient replay(fastRetries());
    replay.setReplay(*store);
    ChatRequest offline = r;
    offline.profile.endpoint = QStringLiteral("replay:");
    const Exchange e = waitFor(replay.send(offline));
    QVERIFY(e.fromReplay);
    QCOMPARE(e.response, QStringLiteral("recorded answer"));
    QCOMPARE(e.promptTokens, 40);
    // The same step with a prompt that changed in a detail is not the recorded
    // request: an error naming the step, never another request's answer.
    offline.messages.last().content = QStringLiteral("review this (system headers of another compiler)");
    const Exchange changed = waitFor(replay.send(offline));
    QVERIFY(!changed.ok());
    QVERIFY2(changed.error.contains(QLatin1String("reviewer 1, src/a.cpp slice 0")), qPrintable(changed.error));
    QVERIFY(changed.response.isEmpty());
    // Another model or sampling: a miss too.
    ChatRequest otherModel = r;
    otherModel.profile.endpoint = QStringLiteral("replay:");
    otherModel.profile.model = QStringLiteral("another-model");
    QVERIFY(!waitFor(replay.send(otherModel)).ok());
    QCOMPARE(server.requests().size(), 1);
    // A damaged recording is refused with its name.
    QFile broken(dir.filePath(QStringLiteral("broken.json")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("{\"exchanges\": 3}");
    broken.close();
    const auto bad = ResponseStore::replayFrom(broken.fileName());
    QVERIFY(!bad);
    QVERIFY(bad.error().message.contains(QLatin1String("broken.json")));
}

void LlmClientTest::listsModelsForTestConnection()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        FakeLlmServer::Reply reply;
        reply.body = r.path == "/v1/models" ? QByteArray("{\"object\":\"list\",\"data\":[{\"id\":\"qwen2.5-coder\"},{\"id\":\"llama3.1\"}]}") : QByteArray("{}");
        return reply;
    });
    LlmClient client(fastRetries());
    EndpointProfile profile;
    profile.endpoint = server.endpoint() + QLatin1Char('/');
    QCOMPARE(waitFor(client.listModels(profile)), (QStringList{QStringLiteral("qwen2.5-coder"), QStringLiteral("llama3.1")}));
    profile.endpoint = QStringLiteral("http://127.0.0.1:9/v1");
    QVERIFY(waitFor(client.listModels(profile)).value(0).startsWith(QLatin1String("error: ")));
}

// A server's "usage" is untrusted: a count that is not a whole number from 0
// to INT_MAX is unknown (0), never wrapped, negative or undefined behaviour.
void LlmClientTest::usageCountsOutsideTheIntRangeAreUnknown_data()
{
    QTest::addColumn<QByteArray>("count");
    QTest::addColumn<int>("expected");
    QTest::newRow("plain") << QByteArray("12") << 12;
    QTest::newRow("whole double") << QByteArray("12.0") << 12;
    QTest::newRow("INT_MAX") << QByteArray("2147483647") << 2147483647;
    QTest::newRow("past INT_MAX") << QByteArray("10000000000") << 0;
    QTest::newRow("past LLONG_MAX") << QByteArray("18446744073709551615") << 0;
    QTest::newRow("huge double") << QByteArray("1e10") << 0;
    QTest::newRow("negative") << QByteArray("-5") << 0;
    QTest::newRow("negative double") << QByteArray("-1e10") << 0;
    QTest::newRow("fraction") << QByteArray("12.5") << 0;
    QTest::newRow("string") << QByteArray("\"12\"") << 0;
}

void LlmClientTest::usageCountsOutsideTheIntRangeAreUnknown()
{
    QFETCH(QByteArray, count);
    QFETCH(int, expected);
    const QByteArray body = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"ok\"}}],"
                            "\"usage\":{\"prompt_tokens\":" + count + ",\"completion_tokens\":" + count + "}}";
    const auto answer = readAnswer(request(QStringLiteral("http://127.0.0.1:1/v1")), body);
    QVERIFY(answer.has_value());
    QCOMPARE(answer->content, QStringLiteral("ok"));
    QCOMPARE(answer->promptTokens, expected);
    QCOMPARE(answer->completionTokens, expected);
}

void LlmClientTest::copesWithAnEnormousAnswer()
{
    FakeLlmServer server;
    const QString huge(6 * 1024 * 1024, QLatin1Char('x'));
    server.script({FakeLlmServer::completion(huge)});
    LlmClient client(fastRetries());
    const Exchange e = waitFor(client.send(request(server.endpoint())));
    QVERIFY2(e.ok(), qPrintable(e.error));
    QCOMPARE(e.response.size(), huge.size());
}

void LlmClientTest::answerBeyondTheConfiguredCapIsAnErrorNamingEndpointAndLimit()
{
    FakeLlmServer server;
    server.script({FakeLlmServer::completion(QString(64 * 1024, QLatin1Char('x'))), FakeLlmServer::completion(QStringLiteral("small"))});
    LlmClientOptions options = fastRetries();
    options.maxAnswerBytes = 16 * 1024;
    LlmClient client(options);
    const Exchange big = waitFor(client.send(request(server.endpoint())));
    QVERIFY(!big.ok());
    QVERIFY2(big.error.contains(QLatin1String("larger than the 16384-byte limit (max_answer_bytes)")), qPrintable(big.error));
    QVERIFY2(big.error.contains(server.endpoint()), qPrintable(big.error));
    QVERIFY2(big.rawBody.size() <= 16 * 1024, qPrintable(QString::number(big.rawBody.size())));
    QCOMPARE(big.attempts, 1); // the same answer would come again: not retried
    const Exchange small = waitFor(client.send(request(server.endpoint(), QStringLiteral("second"))));
    QVERIFY2(small.ok(), qPrintable(small.error));
    QCOMPARE(small.response, QStringLiteral("small"));
}

void LlmClientTest::spreadsRequestsToTheLeastBusyEndpoint()
{
    FakeLlmServer a;
    FakeLlmServer b;
    for (FakeLlmServer *s : {&a, &b})
        s->setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::held(FakeLlmServer::completion(QStringLiteral("ok"))); });
    LlmClient client(fastRetries());
    QList<QFuture<Exchange>> futures;
    for (int i = 0; i < 6; ++i) {
        ChatRequest r = request(a.endpoint(), QStringLiteral("slice %1").arg(i));
        r.profile.endpoints = {a.endpoint(), b.endpoint()};
        futures << client.send(r);
    }
    // Every new request goes where fewer are waiting: three each.
    QTRY_COMPARE(a.heldCount() + b.heldCount(), 6);
    QCOMPARE(a.heldCount(), 3);
    QCOMPARE(b.heldCount(), 3);
    a.release();
    b.release();
    QSet<QString> servedBy;
    for (const auto &f : futures) {
        const Exchange e = waitFor(f);
        QVERIFY2(e.ok(), qPrintable(e.error));
        servedBy.insert(e.servedBy);
    }
    QCOMPARE(servedBy, (QSet<QString>{a.endpoint(), b.endpoint()}));
}

void LlmClientTest::takesAFailingEndpointOutAndTriesItAgainLater()
{
    FakeLlmServer failing;
    FakeLlmServer good;
    failing.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::status(503, "{\"error\":\"overloaded\"}"); });
    good.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("ok")); });
    LlmClientOptions options = fastRetries();
    options.retries = 0; // moving to the other endpoint is not a retry
    options.concurrency = 1;
    LlmClient client(options);
    const auto send = [&](int i) {
        ChatRequest r = request(failing.endpoint(), QStringLiteral("slice %1").arg(i));
        r.profile.endpoints = {failing.endpoint(), good.endpoint()};
        return waitFor(client.send(r));
    };
    const Exchange first = send(0);
    QVERIFY2(first.ok(), qPrintable(first.error));
    QCOMPARE(first.servedBy, good.endpoint());
    QCOMPARE(first.failedOn, QStringList{failing.endpoint()});
    // Left out while it cools down: the next ones go to the good one only.
    for (int i = 1; i < 5; ++i)
        QCOMPARE(send(i).servedBy, good.endpoint());
    QCOMPARE(failing.requests().size(), 1);
    QCOMPARE(good.requests().size(), 5);

    // With no cool-down left it is tried again (and fails over again).
    LlmClientOptions eager = options;
    eager.endpointCooldownMs = 0;
    LlmClient again(eager);
    for (int i = 0; i < 2; ++i) {
        ChatRequest r = request(failing.endpoint(), QStringLiteral("again %1").arg(i));
        r.profile.endpoints = {failing.endpoint(), good.endpoint()};
        QVERIFY(waitFor(again.send(r)).ok());
    }
    QCOMPARE(failing.requests().size(), 3);

    // The run record shows per endpoint what it did.
    RunRecord record;
    record.exchanges = {first, send(9)};
    const QJsonArray figures = QJsonDocument::fromJson(record.toJson()).object().value(QStringLiteral("run")).toObject().value(QStringLiteral("endpoints")).toArray();
    QCOMPARE(figures.size(), 2);
    QJsonObject goodFigures;
    QJsonObject failingFigures;
    for (const QJsonValue &v : figures)
        (v.toObject().value(QStringLiteral("endpoint")).toString() == good.endpoint() ? goodFigures : failingFigures) = v.toObject();
    QCOMPARE(goodFigures.value(QStringLiteral("answered")).toInt(), 2);
    QCOMPARE(failingFigures.value(QStringLiteral("failed_attempts")).toInt(), 1);
    QCOMPARE(failingFigures.value(QStringLiteral("answered")).toInt(), 0);
}

void LlmClientTest::runConfigListsSeveralEndpoints()
{
    auto config = RunConfig::fromJson(R"({"roles":{"reviewer":{"endpoints":["http://a:8000/v1","http://b:8000/v1"],"model":"m"}}})");
    QVERIFY2(config, config ? "" : qPrintable(config.error().message));
    QCOMPARE(config->reviewer.endpoint, QStringLiteral("http://a:8000/v1"));
    QCOMPARE(config->reviewer.endpoints, (QStringList{QStringLiteral("http://a:8000/v1"), QStringLiteral("http://b:8000/v1")}));
    // The configuration written back reads the same.
    auto again = RunConfig::fromJson(config->toJson());
    QVERIFY(again);
    QCOMPARE(again->reviewer.endpoints, config->reviewer.endpoints);
    for (const char *bad : {R"({"roles":{"reviewer":{"endpoints":[],"model":"m"}}})",
                            R"({"roles":{"reviewer":{"endpoints":["ftp://a"],"model":"m"}}})",
                            R"({"roles":{"reviewer":{"endpoints":["http://a/v1","http://a/v1"],"model":"m"}}})",
                            R"({"roles":{"reviewer":{"endpoint":"http://a/v1","endpoints":["http://b/v1"],"model":"m"}}})"}) {
        const auto refused = RunConfig::fromJson(bad);
        QVERIFY2(!refused, bad);
        QVERIFY2(refused.error().message.contains(QStringLiteral("endpoint")), qPrintable(refused.error().message));
    }
}

QTEST_GUILESS_MAIN(LlmClientTest)
#include "tst_llmclient.moc"
