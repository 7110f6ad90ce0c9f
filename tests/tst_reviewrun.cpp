// The multi-role review against a fake OpenAI-compatible server: model output
// parsing, every filter rule, provenance of each comment, concurrency,
// cancellation, replay determinism, and no API key in any file written.

#include <FakeLlmServer.h>
#include <WaitFor.h>
#include <FixtureRepo.h>
#include <ModelOutput.h>
#include <ReviewRun.h>
#include <Scenarios.h>
#include <Slicer.h>

#include <QDirIterator>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

using namespace rd;
using namespace rd::test;

namespace {

ReviewComment scored(int reviewer, int q1, int q2, int q3)
{
    ReviewComment c;
    c.reviewers = {reviewer};
    c.q1Nitpick = q1;
    c.q2Fake = q2;
    c.q3Severity = q3;
    return c;
}

QString comment(const char *id, int line, int q1, int q2, int q3, const char *issue, const QString &extra = {})
{
    return QStringLiteral("{%1\"file\":\"src/compute.cpp\",\"side\":\"new\",\"line_start\":%2,\"line_end\":%2,\"issue\":\"%3\","
                          "\"root_cause\":\"rc\",\"fix\":\"fix\",\"example\":\"ex\",\"category\":\"Code Defect\","
                          "\"q1_nitpick\":%4,\"q2_fake\":%5,\"q3_severity\":%6%7}")
        .arg(*id ? QStringLiteral("\"id\":\"%1\",").arg(QLatin1String(id)) : QString())
        .arg(line)
        .arg(QString::fromUtf8(issue))
        .arg(q1)
        .arg(q2)
        .arg(q3)
        .arg(extra);
}

} // namespace

class ReviewRunTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void modelOutputIsReadTolerantly_data();
    void modelOutputIsReadTolerantly();
    void coarseFilterAndTopK();
    void configurationIsValidated_data();
    void configurationIsValidated();
    void fullPipelineKeepsEveryCommentWithProvenance();
    void withoutMetaReviewerCommentsGoStraightToTheValidator();
    void failingRequestsDoNotFailTheRun();
    void cancellingKeepsPartialResults();
    void replayGivesTheSameResultAndNoKeyIsWritten();

private:
    RunRecord run(FakeLlmServer &server, RunConfig config, LlmClient *client = nullptr, const std::atomic<bool> *cancel = nullptr);
    RunConfig config(const QString &endpoint) const;
    QTemporaryDir m_dir;
    std::optional<MergeRequest> m_mr;
    QList<Slice> m_slices;
    int m_changedLine = 0;
};

void ReviewRunTest::initTestCase()
{
    const auto repos = buildScenarios(m_dir.path(), {"modified"});
    auto mr = MergeRequest::open(repos.at("modified"), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    m_mr = std::move(mr).value();
    SliceOptions options;
    options.algorithms = {SliceAlgorithm::LeftFlow};
    auto slices = sliceMergeRequest(*m_mr, options);
    QVERIFY(slices);
    m_slices = slices->slices;
    QVERIFY(!m_slices.isEmpty());
    m_changedLine = m_slices.first().seed.first();
}

void ReviewRunTest::modelOutputIsReadTolerantly_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("severity");
    const QString one = QStringLiteral("{\"comments\":[{\"file\":\"a.c\",\"line_start\":3,\"issue\":\"x\",\"q3_severity\":6}]}");
    QTest::newRow("plain") << one << 1 << 6;
    QTest::newRow("fenced") << QStringLiteral("```json\n%1\n```").arg(one) << 1 << 6;
    QTest::newRow("prose around") << QStringLiteral("Here is my review.\n%1\nHope this helps {not json}.").arg(one) << 1 << 6;
    QTest::newRow("numbers as strings") << QStringLiteral("{\"comments\":[{\"line_start\":\"12\",\"q3_severity\":\"5\",\"q1_nitpick\":\"6.0\"}]}") << 1 << 5;
    QTest::newRow("bare array") << QStringLiteral("[{\"issue\":\"a\",\"q3_severity\":2},{\"issue\":\"b\"}]") << 2 << 2;
    QTest::newRow("missing fields") << QStringLiteral("{\"comments\":[{}]}") << 1 << 0;
    QTest::newRow("empty") << QStringLiteral("{\"comments\":[]}") << 0 << 0;
    QTest::newRow("prose only") << QStringLiteral("I could not find any problems in this code.") << -1 << 0;
    QTest::newRow("truncated") << QStringLiteral("{\"comments\":[{\"issue\":\"cut") << -1 << 0;
}

void ReviewRunTest::modelOutputIsReadTolerantly()
{
    QFETCH(QString, reply);
    QFETCH(int, count);
    QFETCH(int, severity);
    const ParsedComments parsed = parseComments(reply);
    if (count < 0) {
        QVERIFY(!parsed.error.isEmpty());
        return;
    }
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.comments.size(), count);
    if (count > 0)
        QCOMPARE(parsed.comments.first().q3Severity, severity);
}

void ReviewRunTest::coarseFilterAndTopK()
{
    RunConfig c;
    QList<ReviewComment> list{scored(1, 4, 7, 5), scored(1, 7, 4, 5), scored(1, 5, 5, 3), scored(1, 7, 7, 7), scored(1, 6, 6, 1),
                              scored(2, 7, 7, 2), scored(2, 7, 7, 6)};
    applyCoarseFilter(list, c);
    QCOMPARE(list[0].droppedAt, QStringLiteral("coarse")); // q1 = 4 is a nitpick
    QCOMPARE(list[1].droppedAt, QStringLiteral("coarse")); // q2 = 4 is fake
    QVERIFY(list[2].kept);
    applyTopK(list, 2);
    // Reviewer 1 keeps its two most severe of the three left; reviewer 2 both.
    QVERIFY(list[3].kept);
    QVERIFY(list[2].kept);
    QCOMPARE(list[4].droppedAt, QStringLiteral("top_k"));
    QVERIFY(list[5].kept && list[6].kept);
}

void ReviewRunTest::configurationIsValidated_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{") << QStringLiteral("not a JSON object");
    QTest::newRow("no reviewer") << QByteArray("{\"roles\":{}}") << QStringLiteral("roles.reviewer is missing");
    QTest::newRow("bad slicing") << QByteArray("{\"slicing\":\"diagonal\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}")
                                 << QStringLiteral("\"slicing\" must be original, parent, left or full");
    QTest::newRow("reviewers range") << QByteArray("{\"reviewers\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}")
                                     << QStringLiteral("\"reviewers\" must be a whole number from 1 to 16");
    QTest::newRow("inline key") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\",\"api_key\":\"sk-1\"}}}")
                                << QStringLiteral("holds an API key");
    QTest::newRow("bad endpoint") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"ftp://x\",\"model\":\"m\"}}}")
                                  << QStringLiteral("must start with http://, https:// or replay:");
    QTest::newRow("unknown role") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"},\"judge\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}")
                                  << QStringLiteral("unknown role \"judge\"");
}

void ReviewRunTest::configurationIsValidated()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const auto c = RunConfig::fromJson(json);
    QVERIFY(!c);
    QVERIFY2(c.error().message.contains(message), qPrintable(c.error().message));
    // A good one round-trips, without secrets.
    const auto good = RunConfig::fromJson("{\"reviewers\":2,\"roles\":{\"reviewer\":{\"endpoint\":\"http://h/v1\",\"model\":\"m\",\"api_key_env\":\"K\"}}}");
    QVERIFY(good);
    QCOMPARE(good->reviewers, 2);
    QCOMPARE(good->topK, 5);
    QCOMPARE(RunConfig::fromJson(good->toJson())->reviewer.apiKeyEnv, QStringLiteral("K"));
}

RunConfig ReviewRunTest::config(const QString &endpoint) const
{
    RunConfig c;
    c.reviewers = 3;
    c.reviewer = {endpoint, QStringLiteral("reviewer-model"), {}, 0.0, {}, 2048, 1, false};
    c.metaReviewer = EndpointProfile{endpoint, QStringLiteral("meta-model"), {}, 0.0, {}, 2048, {}, false};
    c.validator = EndpointProfile{endpoint, QStringLiteral("validator-model"), {}, 0.0, {}, 2048, {}, false};
    c.translator = EndpointProfile{endpoint, QStringLiteral("translator-model"), {}, 0.0, {}, 2048, {}, false};
    c.language = QStringLiteral("French");
    c.concurrency = 4;
    return c;
}

RunRecord ReviewRunTest::run(FakeLlmServer &, RunConfig c, LlmClient *client, const std::atomic<bool> *cancel)
{
    LlmClientOptions options;
    options.backoffBaseMs = 20;
    options.timeoutMs = 5000;
    options.retries = 1;
    options.concurrency = c.concurrency;
    LlmClient own(options);
    LlmClient &used = client ? *client : own;
    const QList<Slice> slices = m_slices;
    const MergeRequest &mr = *m_mr;
    return waitFor(QtConcurrent::run([&used, &mr, slices, c, cancel] { return runReview(used, mr, slices, c, {}, cancel); }));
}

// What each role of the scripted models answers, picked by its prompt.
static FakeLlmServer::Reply scriptedModels(const FakeLlmServer::Request &request, int line)
{
    const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    const QString system = messages.at(0).toObject().value(QStringLiteral("content")).toString();
    const QString user = messages.at(1).toObject().value(QStringLiteral("content")).toString();
    if (system.contains(QLatin1String("meta-reviewer"))) {
        // Merges the overflow finding of reviewers 1 and 2; reviewer 3's alone.
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1,%2]}")
                                             .arg(comment("", line, 7, 7, 6, "total can overflow", QStringLiteral(",\"reviewers\":[1,2]")),
                                                  comment("", line, 6, 6, 3, "odd naming", QStringLiteral(",\"reviewers\":[3]"))));
    }
    if (system.contains(QLatin1String("You validate"))) {
        // Confirms the merged finding, but forgets its id.
        return FakeLlmServer::completion(QStringLiteral("Validated:\n```json\n{\"comments\":[%1]}\n```").arg(comment("", line, 7, 7, 7, "total can overflow")));
    }
    if (system.contains(QLatin1String("translate"))) {
        const QString id = QJsonDocument::fromJson(user.toUtf8()).object().value(QStringLiteral("comments")).toArray().at(0).toObject().value(QStringLiteral("id")).toString();
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1]}").arg(comment(id.toUtf8().constData(), line, 7, 7, 7, "le total peut déborder")));
    }
    if (user.contains(QLatin1String("reviewer 1 of")))
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1,%2,%3]}")
                                             .arg(comment("", line, 7, 7, 6, "total can overflow"), comment("", line, 2, 7, 1, "rename total"),
                                                  comment("", 9999, 7, 6, 5, "somewhere else")));
    if (user.contains(QLatin1String("reviewer 2 of")))
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/compute.cpp\",\"line_start\":\"%1\",\"issue\":\"overflow of total\","
                                                        "\"q1_nitpick\":\"7\",\"q2_fake\":\"6\",\"q3_severity\":\"6\"}]}").arg(line));
    if (user.contains(QLatin1String("reviewer 3 of")))
        return FakeLlmServer::completion(QStringLiteral("Looks fine to me, but %1").arg(comment("", line, 6, 6, 3, "odd naming")));
    return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"));
}

void ReviewRunTest::fullPipelineKeepsEveryCommentWithProvenance()
{
    FakeLlmServer server;
    const int line = m_changedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return scriptedModels(r, line); });
    RunConfig c = config(server.endpoint());
    // One slice is enough to follow every comment.
    const QList<Slice> all = m_slices;
    m_slices = {all.first()};
    const RunRecord record = run(server, c);
    m_slices = all;
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    QCOMPARE(record.exchanges.size(), 6); // 3 reviewers, meta, validator, translator

    auto find = [&](const QString &idPrefix, const QString &issue) -> ReviewComment {
        for (const ReviewComment &cm : record.comments)
            if (cm.id.startsWith(idPrefix) && cm.issue.contains(issue))
                return cm;
        qFatal("no comment %s / %s", qPrintable(idPrefix), qPrintable(issue));
    };
    // Reviewer 1: the nitpick fell at the coarse filter, the far-away finding is
    // flagged as outside the slice but kept going, the overflow was merged.
    const ReviewComment nitpick = find(QStringLiteral("s0-r1"), QStringLiteral("rename total"));
    QCOMPARE(nitpick.droppedAt, QStringLiteral("coarse"));
    const ReviewComment far = find(QStringLiteral("s0-r1"), QStringLiteral("somewhere else"));
    QVERIFY(!far.lineValid);
    QCOMPARE(far.droppedAt, QStringLiteral("meta")); // the meta-reviewer left it out
    const ReviewComment merged = find(QStringLiteral("s0-m"), QStringLiteral("déborder"));
    QVERIFY(merged.kept);
    QCOMPARE(merged.reviewers, (QList<int>{1, 2}));
    QCOMPARE(merged.q3Severity, 7); // validator's score
    QCOMPARE(merged.history.last().stage, QStringLiteral("validator"));
    QVERIFY(merged.lineValid);
    const ReviewComment overflow1 = find(QStringLiteral("s0-r1"), QStringLiteral("total can overflow"));
    QCOMPARE(overflow1.droppedAt, QStringLiteral("merged"));
    QCOMPARE(overflow1.mergedInto, merged.id);
    // Reviewer 2 wrote numbers as strings; still merged into the same comment.
    const ReviewComment overflow2 = find(QStringLiteral("s0-r2"), QStringLiteral("overflow of total"));
    QCOMPARE(overflow2.mergedInto, merged.id);
    // Reviewer 3's finding had no second reviewer: dropped by agreement.
    const ReviewComment lonely = find(QStringLiteral("s0-m"), QStringLiteral("odd naming"));
    QCOMPARE(lonely.droppedAt, QStringLiteral("meta"));
    // Exactly one comment survives, and the JSON says so.
    QCOMPARE(std::count_if(record.comments.begin(), record.comments.end(), [](const ReviewComment &cm) { return cm.kept; }), 1);
    // A run can be re-executed from its record: the configuration comes back whole.
    const auto again = RunRecord::fromJson(record.toJson());
    QVERIFY(again);
    QCOMPARE(again->config.toJson(), record.config.toJson());
    const QJsonObject json = QJsonDocument::fromJson(record.toJson()).object();
    QCOMPARE(json.value(QStringLiteral("run")).toObject().value(QStringLiteral("requests")).toInt(), 6);
    QCOMPARE(json.value(QStringLiteral("comments")).toArray().size(), record.comments.size());
    const QJsonArray aacr = QJsonDocument::fromJson(record.toAacrJson(*m_mr)).array();
    QCOMPARE(aacr.at(0).toObject().value(QStringLiteral("comments")).toArray().size(), 1);
    QCOMPARE(aacr.at(0).toObject().value(QStringLiteral("comments")).toArray().at(0).toObject().value(QStringLiteral("side")).toString(), QStringLiteral("right"));
}

void ReviewRunTest::withoutMetaReviewerCommentsGoStraightToTheValidator()
{
    FakeLlmServer server;
    const int line = m_changedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) {
        const QString system = QJsonDocument::fromJson(r.body).object().value(QStringLiteral("messages")).toArray().at(0).toObject().value(QStringLiteral("content")).toString();
        if (system.contains(QLatin1String("You validate")))
            return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1]}").arg(comment("s0-r1-1", line, 7, 3, 7, "real but doubted")));
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[%1,%2]}").arg(comment("", line, 7, 7, 6, "real but doubted"), comment("", line + 1, 7, 7, 5, "second")));
    });
    RunConfig c = config(server.endpoint());
    c.reviewers = 1;
    c.metaReviewer.reset();
    c.translator.reset();
    const QList<Slice> all = m_slices;
    m_slices = {all.first()};
    const RunRecord record = run(server, c);
    m_slices = all;
    QCOMPARE(record.exchanges.size(), 2);
    // The validator re-scored the first as fake (q2 = 3) and did not return the second.
    for (const ReviewComment &cm : record.comments) {
        QVERIFY(!cm.kept);
        QCOMPARE(cm.droppedAt, QStringLiteral("validator"));
    }
    QCOMPARE(record.comments.size(), 2);
}

void ReviewRunTest::failingRequestsDoNotFailTheRun()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        if (QString::fromUtf8(r.body).contains(QLatin1String("reviewer 2 of")))
            return FakeLlmServer::status(500, "{\"error\":\"down\"}");
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"));
    });
    RunConfig c = config(server.endpoint());
    c.metaReviewer.reset();
    c.validator.reset();
    c.translator.reset();
    const RunRecord record = run(server, c);
    QCOMPARE(record.failedRequests(), static_cast<int>(m_slices.size()));
    QCOMPARE(record.exchanges.size(), 3 * m_slices.size());
    QVERIFY(!record.errors.isEmpty());
    QVERIFY(record.errors.first().contains(QLatin1String("HTTP 500")));
}

void ReviewRunTest::cancellingKeepsPartialResults()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"), 1, 1, 3000); });
    RunConfig c = config(server.endpoint());
    LlmClientOptions options;
    options.concurrency = 2;
    LlmClient client(options);
    std::atomic<bool> cancel{false};
    QTimer::singleShot(300, &client, [&] {
        cancel = true;
        client.cancelAll();
    });
    QElapsedTimer clock;
    clock.start();
    const RunRecord record = run(server, c, &client, &cancel);
    QVERIFY(record.cancelled);
    QVERIFY2(clock.elapsed() < 2500, qPrintable(QString::number(clock.elapsed())));
    QVERIFY(std::all_of(record.exchanges.begin(), record.exchanges.end(), [](const Exchange &e) { return !e.ok(); }));
}

void ReviewRunTest::replayGivesTheSameResultAndNoKeyIsWritten()
{
    const QByteArray secret = "sk-never-written-5c4b3a";
    qputenv("REVIEWDESK_RUN_KEY", secret);
    FakeLlmServer server;
    const int line = m_changedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return scriptedModels(r, line); });
    RunConfig c = config(server.endpoint());
    c.reviewer.apiKeyEnv = QStringLiteral("REVIEWDESK_RUN_KEY");
    QTemporaryDir cache;
    LlmClientOptions options;
    LlmClient live(options);
    live.setCache(ResponseStore::cacheIn(cache.path()));
    const RunRecord first = run(server, c, &live);
    QVERIFY(!first.exchanges.isEmpty());
    QCOMPARE(server.requests().first().headers.value("authorization"), QByteArray("Bearer " + secret));

    // Record for replay (keys with the replay endpoint), then replay offline.
    QList<Exchange> replayable = first.exchanges;
    for (Exchange &e : replayable)
        e.request.profile.endpoint = QStringLiteral("replay:");
    QTemporaryDir dir;
    const QString recording = dir.filePath(QStringLiteral("run.replay.json"));
    QVERIFY(ResponseStore::record(recording, replayable));
    RunConfig offline = c;
    for (EndpointProfile *p : {&offline.reviewer, &*offline.metaReviewer, &*offline.validator, &*offline.translator})
        p->endpoint = QStringLiteral("replay:");
    LlmClient replay(options);
    replay.setReplay(*ResponseStore::replayFrom(recording));
    const int requestsBefore = static_cast<int>(server.requests().size());
    const RunRecord second = run(server, offline, &replay);
    QCOMPARE(server.requests().size(), requestsBefore);
    QCOMPARE(second.comments.size(), first.comments.size());
    for (int i = 0; i < first.comments.size(); ++i) {
        QCOMPARE(second.comments[i].id, first.comments[i].id);
        QCOMPARE(second.comments[i].kept, first.comments[i].kept);
        QCOMPARE(second.comments[i].issue, first.comments[i].issue);
    }
    QVERIFY(std::all_of(second.exchanges.begin(), second.exchanges.end(), [](const Exchange &e) { return e.fromReplay && e.ok(); }));

    // A re-run through the cache costs no request and gives the same result.
    const RunRecord third = run(server, c, &live);
    QCOMPARE(server.requests().size(), requestsBefore);
    QCOMPARE(third.comments.size(), first.comments.size());

    // The key is in none of the files written: record, recording, cache.
    QFile out(dir.filePath(QStringLiteral("run.json")));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(first.toJson());
    out.close();
    for (const QString &root : {dir.path(), cache.path()})
        for (QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories); it.hasNext();) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            QVERIFY2(!f.readAll().contains(secret), qPrintable(f.fileName()));
        }
    QVERIFY(first.toJson().contains("REVIEWDESK_RUN_KEY")); // the variable's name is kept
}

QTEST_GUILESS_MAIN(ReviewRunTest)
#include "tst_reviewrun.moc"
