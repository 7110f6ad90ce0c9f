// reviewdesk-cli prefer and arena (issue 35) as a user runs them: votes
// streamed in with every bad line named, the ranking as JSON and Markdown,
// and an LLM judge of pairs on the fake OpenAI-compatible server, recorded,
// replayed and cached.

#include <ArenaFixture.h>
#include <FakeLlmServer.h>
#include <RunProcess.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

test::GitOutput cli(const QStringList &arguments, const QByteArray &input = {})
{
    test::ProcessRun run;
    run.input = input;
    return test::runCli(arguments, run);
}

QByteArray voteLine(qint64 mr, qint64 a, qint64 b, const char *winner)
{
    return QStringLiteral(R"({"merge_request": %1, "a": %2, "b": %3, "winner": "%4"})").arg(mr).arg(a).arg(b).arg(QLatin1String(winner)).toUtf8() + '\n';
}

} // namespace

class ArenaCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void preferStoresEachLineAndPrintsStored();
    void preferNamesEveryBadLineAndStoresTheGoodOnes();
    void preferSaysWhenAVoteReplacesAnEarlierOne();
    void preferRefusesBadOptionsAndWorkspaces();
    void arenaPrintsTheRankingAsJsonAndMarkdown();
    void arenaTakesA64BitSeedAndDefaultsToTheToolkitsSeed();
    void arenaAsksAJudgeInBothOrdersAndReplaysItsRecording();
    void arenaAsksTheJudgeOnlyWhatTheCacheLacks();
    void aJudgeThatNeverAnswersIsExitFourWithoutFigures();
    void theMarkdownTableShowsTheJudgeBesidePeople();
    void arenaRefusesBadOptions_data();
    void arenaRefusesBadOptions();

private:
    QString workspace(int mergeRequests, bool vote);
    std::unique_ptr<QTemporaryDir> m_dir;
    test::ArenaWorkspace m_arena;
};

void ArenaCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString ArenaCliTest::workspace(int mergeRequests, bool vote)
{
    const QString path = m_dir->filePath(QStringLiteral("w.rdw"));
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qFatal("%s", qPrintable(store.error().message));
    m_arena = test::makeArenaWorkspace(**store, mergeRequests, vote);
    return path;
}

void ArenaCliTest::preferStoresEachLineAndPrintsStored()
{
    const QString w = workspace(1, false);
    const test::ArenaMergeRequest &mr = m_arena.mergeRequests.first();
    const qint64 alpha = mr.runOf.value(QStringLiteral("alpha config"));
    const qint64 beta = mr.runOf.value(QStringLiteral("beta config"));
    const qint64 gamma = mr.runOf.value(QStringLiteral("gamma config"));
    const auto run = cli({QStringLiteral("prefer"), QStringLiteral("--workspace"), w, QStringLiteral("--annotator"), QStringLiteral("ann")},
                         voteLine(mr.id, alpha, beta, "a") + "\n" + voteLine(mr.id, gamma, alpha, "tie"));
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.out, QByteArray("stored 1\nstored 2\n"));
    QVERIFY(run.err.isEmpty());
    auto store = SqlWorkspaceStore::open(w);
    const auto votes = (*store)->votes();
    QCOMPARE(votes->size(), 2);
    QCOMPARE(votes->at(1).runA, gamma);
    QCOMPARE(votes->at(1).winner, PairWinner::Tie);
    QCOMPARE(votes->at(1).annotator, QStringLiteral("ann"));
}

void ArenaCliTest::preferNamesEveryBadLineAndStoresTheGoodOnes()
{
    const QString w = workspace(2, false);
    const test::ArenaMergeRequest &one = m_arena.mergeRequests[0];
    const test::ArenaMergeRequest &two = m_arena.mergeRequests[1];
    const qint64 alpha = one.runOf.value(QStringLiteral("alpha config"));
    const qint64 beta = one.runOf.value(QStringLiteral("beta config"));
    const qint64 otherBeta = two.runOf.value(QStringLiteral("beta config"));
    const QByteArray input = voteLine(one.id, alpha, beta, "b")        // 1: good
                             + voteLine(one.id, alpha, otherBeta, "a") // 2: a run of another merge request
                             + voteLine(one.id, alpha, alpha, "a")     // 3: the same run twice
                             + voteLine(77, alpha, beta, "a")          // 4: an unknown merge request
                             + voteLine(one.id, alpha, beta, "left")   // 5: a winner other than a, b, tie
                             + "not json\n"                            // 6
                             + voteLine(two.id, otherBeta, two.runOf.value(QStringLiteral("gamma config")), "a"); // 7: good
    const auto run = cli({QStringLiteral("prefer"), QStringLiteral("--workspace"), w, QStringLiteral("--annotator"), QStringLiteral("ann")}, input);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QByteArray("stored 1\nstored 2\n"));
    const QString err = QString::fromUtf8(run.err);
    for (const QString &expected : {QStringLiteral("line 2: run %1 is a run of merge request %2, not of merge request %3").arg(otherBeta).arg(two.id).arg(one.id),
                                    QStringLiteral("line 3: \"a\" and \"b\" are both run %1").arg(alpha),
                                    QStringLiteral("line 4: no merge request 77 in this workspace"),
                                    QStringLiteral("line 5: \"winner\" must be \"a\", \"b\" or \"tie\", not \"left\""),
                                    QStringLiteral("line 6: not JSON")})
        QVERIFY2(err.contains(expected), qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 5);
    auto store = SqlWorkspaceStore::open(w);
    QCOMPARE((*store)->votes()->size(), 2);
}

void ArenaCliTest::preferSaysWhenAVoteReplacesAnEarlierOne()
{
    const QString w = workspace(1, false);
    const test::ArenaMergeRequest &mr = m_arena.mergeRequests.first();
    const qint64 alpha = mr.runOf.value(QStringLiteral("alpha config"));
    const qint64 beta = mr.runOf.value(QStringLiteral("beta config"));
    const QStringList args{QStringLiteral("prefer"), QStringLiteral("--workspace"), w, QStringLiteral("--annotator"), QStringLiteral("ann")};
    QCOMPARE(cli(args, voteLine(mr.id, alpha, beta, "a")).exitCode, 0);
    const auto again = cli(args, voteLine(mr.id, alpha, beta, "tie") + voteLine(mr.id, beta, alpha, "a"));
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QCOMPARE(again.out, QByteArray("stored 1\nstored 2\n")); // the first replaced in place, the other order is new
    QVERIFY2(again.err.contains(QStringLiteral("line 1: replaces ann's earlier vote on run %1 (a) against run %2 (b) of merge request %3, which was \"a\"")
                                    .arg(alpha)
                                    .arg(beta)
                                    .arg(mr.id)
                                    .toUtf8()),
             again.err.constData());
    QVERIFY(!again.err.contains("line 2"));
    auto store = SqlWorkspaceStore::open(w);
    QCOMPARE((*store)->votes()->first().winner, PairWinner::Tie);
}

void ArenaCliTest::preferRefusesBadOptionsAndWorkspaces()
{
    const QString w = workspace(1, false);
    const auto noAnnotator = cli({QStringLiteral("prefer"), QStringLiteral("--workspace"), w});
    QCOMPARE(noAnnotator.exitCode, 2);
    QVERIFY(noAnnotator.err.contains("--annotator is required"));
    const auto missing = cli({QStringLiteral("prefer"), QStringLiteral("--workspace"), m_dir->filePath(QStringLiteral("none.rdw")), QStringLiteral("--annotator"), QStringLiteral("a")});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY(!QFile::exists(m_dir->filePath(QStringLiteral("none.rdw"))));
}

void ArenaCliTest::arenaPrintsTheRankingAsJsonAndMarkdown()
{
    const QString w = workspace(12, true);
    const QStringList args{QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--bootstrap"), QStringLiteral("500"), QStringLiteral("--seed"), QStringLiteral("3")};
    const auto json = cli(args);
    QVERIFY2(json.exitCode == 0, json.err.constData());
    QVERIFY2(json.err.contains("arena: 36 votes on 12 merge requests, 3 configurations"), json.err.constData());
    const QJsonObject o = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(o.value(QStringLiteral("votes")).toInt(), 36);
    const QJsonArray reviewers = o.value(QStringLiteral("reviewers")).toArray();
    QCOMPARE(reviewers.size(), 3);
    QStringList order;
    for (const QJsonValue &r : reviewers) {
        const QJsonObject c = r.toObject();
        order << c.value(QStringLiteral("reviewer")).toString();
        QVERIFY(c.value(QStringLiteral("low")).toDouble() <= c.value(QStringLiteral("strength")).toDouble());
        QVERIFY(c.value(QStringLiteral("strength")).toDouble() <= c.value(QStringLiteral("high")).toDouble());
        QCOMPARE(c.value(QStringLiteral("votes")).toInt(), 24);
    }
    QCOMPARE(order, m_arena.configurations); // alpha, beta, gamma: the key bug's holders first
    QCOMPARE(o.value(QStringLiteral("win_probability")).toArray().size(), 3);
    // The same seed, the same figures; the Markdown table says the same.
    QCOMPARE(cli(args).out, json.out);
    const auto md = cli(args + QStringList{QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.contains("| 1 | alpha config |"), md.out.constData());
    QVERIFY(md.out.contains("500 bootstrap resamples of the merge requests"));
    const QString out = m_dir->filePath(QStringLiteral("arena.json"));
    QCOMPARE(cli(args + QStringList{QStringLiteral("--out"), out}).exitCode, 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), json.out);
}

void ArenaCliTest::arenaTakesA64BitSeedAndDefaultsToTheToolkitsSeed()
{
    // One seed for every resampling command (compare takes 0 to 2^64 − 1,
    // default 1): without --seed the arena is the arena of --seed 1, and a
    // seed above 32 bits is a seed, not an error.
    const QString w = workspace(12, true);
    const QStringList args{QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--bootstrap"), QStringLiteral("200")};
    const auto byDefault = cli(args);
    QVERIFY2(byDefault.exitCode == 0, byDefault.err.constData());
    QCOMPARE(QJsonDocument::fromJson(byDefault.out).object().value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("seed")).toString(), QStringLiteral("1"));
    QCOMPARE(cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("1")}).out, byDefault.out);
    const auto largest = cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("18446744073709551615")});
    QVERIFY2(largest.exitCode == 0, largest.err.constData());
    QCOMPARE(QJsonDocument::fromJson(largest.out).object().value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("seed")).toString(),
             QStringLiteral("18446744073709551615"));
    QVERIFY(largest.out != byDefault.out);
    const auto tooLarge = cli(args + QStringList{QStringLiteral("--seed"), QStringLiteral("18446744073709551616")});
    QCOMPARE(tooLarge.exitCode, 2);
    QVERIFY2(tooLarge.err.contains("--seed is a whole number from 0 to 18446744073709551615"), tooLarge.err.constData());
}

void ArenaCliTest::arenaAsksAJudgeInBothOrdersAndReplaysItsRecording()
{
    const QString w = workspace(3, true);
    const QString config = m_dir->filePath(QStringLiteral("judge.json"));
    const QString recording = m_dir->filePath(QStringLiteral("judge-answers.json"));
    QByteArray first;
    {
        test::FakeLlmServer server;
        server.setResponder(test::keyBugJudge);
        QVERIFY(test::writePairJudgeConfig(config, server.endpoint(), QStringLiteral("pair-judge")));
        const auto run = cli({QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--judge-config"), config, QStringLiteral("--repeats"), QStringLiteral("2"),
                              QStringLiteral("--no-cache"), QStringLiteral("--record"), recording, QStringLiteral("--bootstrap"), QStringLiteral("0")});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        QCOMPARE(server.requests().size(), 9 * 2 * 2);
        first = run.out;
        const QJsonObject judge = QJsonDocument::fromJson(run.out).object().value(QStringLiteral("judges")).toArray().first().toObject();
        QCOMPARE(judge.value(QStringLiteral("judge")).toString(), QStringLiteral("pair-judge"));
        QCOMPARE(judge.value(QStringLiteral("asks")).toInt(), 36);
        QCOMPARE(judge.value(QStringLiteral("position_consistency")).toObject().value(QStringLiteral("value")).toDouble(), 1.0);
        QCOMPARE(judge.value(QStringLiteral("repetition_stability")).toObject().value(QStringLiteral("value")).toDouble(), 1.0);
        const QJsonObject agreement = judge.value(QStringLiteral("agreement")).toObject();
        QCOMPARE(agreement.value(QStringLiteral("accuracy")).toDouble(), 1.0);
        QCOMPARE(agreement.value(QStringLiteral("kappa")).toDouble(), 1.0);
        QCOMPARE(agreement.value(QStringLiteral("items")).toInt(), 9);
        QCOMPARE(judge.value(QStringLiteral("ranking")).toObject().value(QStringLiteral("reviewers")).toArray().first().toObject().value(QStringLiteral("reviewer")).toString(),
                 QStringLiteral("alpha config"));
    }
    // The server is gone: the recording answers everything, the same way.
    const auto replayed = cli({QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--judge-config"), config, QStringLiteral("--repeats"), QStringLiteral("2"),
                               QStringLiteral("--replay"), recording, QStringLiteral("--bootstrap"), QStringLiteral("0")});
    QVERIFY2(replayed.exitCode == 0, replayed.err.constData());
    QJsonObject a = QJsonDocument::fromJson(first).object();
    QJsonObject b = QJsonDocument::fromJson(replayed.out).object();
    QJsonObject ja = a.value(QStringLiteral("judges")).toArray().first().toObject();
    QJsonObject jb = b.value(QStringLiteral("judges")).toArray().first().toObject();
    ja.remove(QStringLiteral("endpoint"));
    jb.remove(QStringLiteral("endpoint"));
    QCOMPARE(jb, ja);
}

void ArenaCliTest::arenaAsksTheJudgeOnlyWhatTheCacheLacks()
{
    const QString w = workspace(3, true);
    const QString config = m_dir->filePath(QStringLiteral("judge.json"));
    const QString cache = m_dir->filePath(QStringLiteral("cache"));
    test::FakeLlmServer server;
    server.setResponder(test::alwaysTieJudge);
    QVERIFY(test::writePairJudgeConfig(config, server.endpoint()));
    const QStringList args{QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--judge-config"), config, QStringLiteral("--cache"), cache};
    QCOMPARE(cli(args).exitCode, 0);
    QCOMPARE(server.requests().size(), 18);
    QCOMPARE(cli(args).exitCode, 0);
    QCOMPARE(server.requests().size(), 18);
    // A second repeat is a new request (its own seed); the first is cached.
    QCOMPARE(cli(args + QStringList{QStringLiteral("--repeats"), QStringLiteral("2")}).exitCode, 0);
    QCOMPARE(server.requests().size(), 36);
}

void ArenaCliTest::aJudgeThatNeverAnswersIsExitFourWithoutFigures()
{
    const QString w = workspace(3, true);
    const QString config = m_dir->filePath(QStringLiteral("judge.json"));
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(500, "{\"error\":\"down\"}"); });
    QVERIFY(test::writePairJudgeConfig(config, server.endpoint(), QStringLiteral("pair-judge"), QStringLiteral(R"(, "retries": 0)")));
    const auto run = cli({QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--judge-config"), config, QStringLiteral("--no-cache")});
    QCOMPARE(run.exitCode, 4);
    QVERIFY2(run.err.contains("18 of 18 judge requests got no answer; no figures written"), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

void ArenaCliTest::theMarkdownTableShowsTheJudgeBesidePeople()
{
    // Twelve merge requests, people's 36 votes, an always-first judge asked
    // twice in both orders; the table is kept as build/tests/arena-table.md
    // (docs/arena.md shows it).
    const QString w = workspace(12, true);
    const QString config = m_dir->filePath(QStringLiteral("judge.json"));
    test::FakeLlmServer server;
    server.setResponder(test::alwaysFirstJudge);
    QVERIFY(test::writePairJudgeConfig(config, server.endpoint(), QStringLiteral("always-first")));
    const auto run = cli({QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--judge-config"), config, QStringLiteral("--repeats"), QStringLiteral("2"),
                          QStringLiteral("--no-cache"), QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.contains("## Arena: people's votes"));
    QVERIFY(run.out.contains("## Judge always-first"));
    QVERIFY2(run.out.contains("| position consistency | 0.000 | 72 pairs × repeats (72 first-position, 0 second-position preferred) |"), run.out.constData());
    QVERIFY2(run.out.contains("| positional preference score (−1 first, +1 second) | -1.000 | 72 pairs × repeats asked both ways |"), run.out.constData());
    // Its ranking beside people's: all equal (each run won as often as it lost).
    QVERIFY2(run.out.contains("| alpha config | "), run.out.constData());
    QFile f(QStringLiteral(QT_TESTCASE_BUILDDIR "/arena-table.md"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(run.out);
    // People's ranking alone as JSON, beside it (arena-table.json).
    const auto json = cli({QStringLiteral("arena"), QStringLiteral("--workspace"), w, QStringLiteral("--out"), QStringLiteral(QT_TESTCASE_BUILDDIR "/arena-table.json")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
}

void ArenaCliTest::arenaRefusesBadOptions_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("message");
    QTest::newRow("repeats without a judge") << QStringList{QStringLiteral("--repeats"), QStringLiteral("2")} << "--repeats is for a judge of pairs";
    QTest::newRow("negative bootstrap") << QStringList{QStringLiteral("--bootstrap"), QStringLiteral("-1")} << "--bootstrap is a number of resamples";
    QTest::newRow("format") << QStringList{QStringLiteral("--format"), QStringLiteral("xml")} << "--format is json or md";
    QTest::newRow("seed") << QStringList{QStringLiteral("--seed"), QStringLiteral("x")} << "--seed is a whole number from 0 to 18446744073709551615";
    QTest::newRow("judge file missing") << QStringList{QStringLiteral("--judge-config"), QStringLiteral("/nonexistent/judge.json")} << "cannot read the judge's configuration";
    QTest::newRow("judge file with an unknown key") << QStringList{QStringLiteral("--judge-config"), QStringLiteral("BADCONFIG")} << "temprature";
}

void ArenaCliTest::arenaRefusesBadOptions()
{
    QFETCH(QStringList, options);
    QFETCH(QString, message);
    const QString w = workspace(3, true);
    const QString bad = m_dir->filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"roles": {"judge": {"endpoint": "http://127.0.0.1:9/v1", "model": "m", "temprature": 0}}})");
    f.close();
    options.replaceInStrings(QStringLiteral("BADCONFIG"), bad);
    const auto run = cli(QStringList{QStringLiteral("arena"), QStringLiteral("--workspace"), w} + options);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(ArenaCliTest)
#include "tst_arenacli.moc"
