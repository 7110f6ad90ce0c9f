// The arena (issue 35) below the command line: votes in the store (bad
// input, replacement, migration, copy, export), the configurations ranked by
// them, pairs drawn for an annotator, the blind pairwise view's model, and
// LLM judges of pairs against the fake OpenAI-compatible server.

#include <Arena.h>
#include <ArenaFixture.h>
#include <ArenaReport.h>
#include <DatasetExchange.h>
#include <FakeLlmServer.h>
#include <PairDrawing.h>
#include <PairJudge.h>
#include <PairwiseVoting.h>
#include <RawDb.h>
#include <Resampling.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>
#include <VoteJson.h>

#include <QFile>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

#include <cmath>

using namespace rd;

namespace {

// The judge blocks on its answers, which the fake server (on this thread)
// gives only while this thread's event loop runs: the job runs on a worker.
PairJudgeOutcome judgeInBackground(PairJudgeJob &job, const ArenaData &data, const QList<StoredComment> &comments, const ArenaSettings &settings = {})
{
    QFutureWatcher<PairJudgeOutcome> watcher;
    QSignalSpy finished(&watcher, &QFutureWatcher<PairJudgeOutcome>::finished);
    watcher.setFuture(QtConcurrent::run([&] { return job.run(data, comments, settings); }));
    if (!watcher.isFinished() && !finished.wait(120000))
        qFatal("the pair judge did not finish");
    return watcher.result();
}

bool near(const std::optional<double> &v, double expected)
{
    return v && std::abs(*v - expected) < 1e-9;
}

} // namespace

class ArenaTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void aVoteIsStoredWithItsOrderSeedAndTime();
    void aRepeatedVoteOnTheSameRunsAndOrderReplacesTheEarlierOne();
    void badVotesAreRefusedNamingTheProblem_data();
    void badVotesAreRefusedNamingTheProblem();
    void voteLinesNameTheirBadField_data();
    void voteLinesNameTheirBadField();
    void aWorkspaceOfVersionElevenTakesVotesAfterItsUpgrade();
    void votesAreCopiedAndExported();
    void votesWorkOnPostgresqlAndCopyBothWays();
    void rankingGroupsRunsByConfigurationAndCountsVotes();
    void rankingEqualsTheFitOfTheVotesTally();
    void votesBetweenRunsOfOneConfigurationAreSetAside();
    void aConfigurationThatNeverLostIsNamedAndHasNoStrength();
    void fewMergeRequestsOpenTheIntervalsOnTheirInfiniteSide();
    void aRareUnbeatenResampleOpensTheIntervalOnItsSide();
    void arenaJsonHasTheIssuesNames();
    void markdownCountsOneMergeRequestAndOneVoteInTheSingular();
    void drawnPairsCoverEveryPairOfConfigurationsBeforeRepeatingOne();
    void drawnOrderIsRandomAndTheSameForOneSeed();
    void theCapStopsTheDrawing();
    void theVotingModelShowsBlindReviewsAndStoresTheShownOrder();
    void undoTakesBackTheVoteAndShowsThePairAgain();
    void undoOfAReplacingVoteBringsTheEarlierVoteBack();
    void skipNeverDrawsThePairAgainInTheSession();
    void othersVotesStayHiddenInBlindModeUntilTheAnnotatorVotes();
    void judgeAnswersAreParsedOrNamedAsErrors_data();
    void judgeAnswersAreParsedOrNamedAsErrors();
    void aJudgeConfigurationWithAnUnknownKeyIsRefused();
    void alwaysFirstJudgeHasPositionConsistencyZero();
    void alwaysTieJudgeHasPositionConsistencyOne();
    void keyBugJudgeIsConsistentAndAgreesWithPeople();
    void anUnreadableAnswerIsAnErrorNeverATie();
    void repetitionStabilityIsTheShareOfTheMostFrequentAnswer();
    void positionalPreferenceCountsTiesAsShiEtAlDo();
    void repetitionStabilityDividesByEveryRepetition();
    void theJudgeNeverSeesARunsConfigurationOrModel();
    void aSampledJudgeAsksAboutDrawnPairs();

private:
    ArenaData data() const;
    QString judgeConfig(const test::FakeLlmServer &server);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SqlWorkspaceStore> m_store;
};

void ArenaTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
}

ArenaData ArenaTest::data() const
{
    auto d = loadArenaData(*m_store);
    if (!d)
        qFatal("%s", qPrintable(d.error().message));
    return *d;
}

QString ArenaTest::judgeConfig(const test::FakeLlmServer &server)
{
    const QString path = m_dir->filePath(QStringLiteral("judge.json"));
    if (!test::writePairJudgeConfig(path, server.endpoint()))
        qFatal("cannot write the judge's configuration");
    return path;
}

void ArenaTest::aVoteIsStoredWithItsOrderSeedAndTime()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 1, false);
    const test::ArenaMergeRequest &mr = w.mergeRequests.first();
    PairwiseVote v;
    v.mergeRequest = mr.id;
    v.runA = mr.runOf.value(QStringLiteral("gamma config"));
    v.runB = mr.runOf.value(QStringLiteral("alpha config"));
    v.winner = PairWinner::B;
    v.annotator = QStringLiteral("  ann ");
    v.orderSeed = 4242;
    v.timeSpentMs = 15000;
    const auto stored = m_store->addVote(v);
    QVERIFY2(stored, stored ? "" : qPrintable(stored.error().message));
    QVERIFY(!stored->replaced);
    const auto votes = m_store->votes(mr.id);
    QVERIFY(votes);
    QCOMPARE(votes->size(), 1);
    const PairwiseVote &read = votes->first();
    QCOMPARE(read.id, stored->id);
    QCOMPARE(read.runA, v.runA); // shown first, as stored
    QCOMPARE(read.runB, v.runB);
    QCOMPARE(read.winner, PairWinner::B);
    QCOMPARE(read.winningRun(), std::optional<qint64>(v.runB));
    QCOMPARE(read.annotator, QStringLiteral("ann"));
    QCOMPARE(read.orderSeed, std::optional<qint64>(4242));
    QCOMPARE(read.timeSpentMs, std::optional<qint64>(15000));
    QVERIFY(read.updated.isValid());
    QVERIFY(m_store->votes(mr.id + 1)->isEmpty());
}

void ArenaTest::aRepeatedVoteOnTheSameRunsAndOrderReplacesTheEarlierOne()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 1, false);
    const test::ArenaMergeRequest &mr = w.mergeRequests.first();
    PairwiseVote v{0, mr.id, mr.runOf.value(QStringLiteral("alpha config")), mr.runOf.value(QStringLiteral("beta config")), PairWinner::A, QStringLiteral("ann"), {}, {}, {}};
    const auto first = m_store->addVote(v);
    QVERIFY(first);
    v.winner = PairWinner::Tie;
    const auto second = m_store->addVote(v);
    QVERIFY(second);
    QCOMPARE(second->id, first->id);
    QVERIFY(second->replaced);
    QCOMPARE(second->replaced->winner, PairWinner::A);
    QCOMPARE(m_store->votes()->size(), 1);
    QCOMPARE(m_store->votes()->first().winner, PairWinner::Tie);
    // The other order is a vote of its own; so is another annotator's.
    std::swap(v.runA, v.runB);
    const auto swapped = m_store->addVote(v);
    QVERIFY(swapped && !swapped->replaced);
    v.annotator = QStringLiteral("bob");
    QVERIFY(!m_store->addVote(v)->replaced);
    QCOMPARE(m_store->votes()->size(), 3);
    // Taken back: gone; taking back what is not there says so.
    QCOMPARE(*m_store->removeVote(QStringLiteral("bob"), v.runA, v.runB), true);
    QCOMPARE(*m_store->removeVote(QStringLiteral("bob"), v.runA, v.runB), false);
    QCOMPARE(*m_store->removeVote(QStringLiteral("nobody"), v.runA, v.runB), false);
    QCOMPARE(m_store->votes()->size(), 2);
}

void ArenaTest::badVotesAreRefusedNamingTheProblem_data()
{
    QTest::addColumn<int>("mergeRequest"); // index into the workspace's, -1: an id it lacks
    QTest::addColumn<QString>("a");        // configuration of merge request 0 or 1 ("1:beta config")
    QTest::addColumn<QString>("b");
    QTest::addColumn<QString>("annotator");
    QTest::addColumn<QString>("message");
    QTest::newRow("run of another merge request") << 0 << "0:alpha config" << "1:beta config" << "ann" << "is a run of merge request";
    QTest::newRow("the same run twice") << 0 << "0:alpha config" << "0:alpha config" << "ann" << "named as both A and B";
    QTest::newRow("unknown merge request") << -1 << "0:alpha config" << "0:beta config" << "ann" << "no merge request 999";
    QTest::newRow("unknown run") << 0 << "0:alpha config" << "x" << "ann" << "no run 9999";
    QTest::newRow("no annotator") << 0 << "0:alpha config" << "0:beta config" << " " << "annotator's name is empty";
}

void ArenaTest::badVotesAreRefusedNamingTheProblem()
{
    QFETCH(int, mergeRequest);
    QFETCH(QString, a);
    QFETCH(QString, b);
    QFETCH(QString, annotator);
    QFETCH(QString, message);
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 2, false);
    const auto run = [&](const QString &spec) -> qint64 {
        if (!spec.contains(QLatin1Char(':')))
            return 9999;
        return w.mergeRequests[spec.section(QLatin1Char(':'), 0, 0).toInt()].runOf.value(spec.section(QLatin1Char(':'), 1));
    };
    PairwiseVote v;
    v.mergeRequest = mergeRequest < 0 ? 999 : w.mergeRequests[mergeRequest].id;
    v.runA = run(a);
    v.runB = run(b);
    v.annotator = annotator;
    const auto stored = m_store->addVote(v);
    QVERIFY(!stored);
    QCOMPARE(stored.error().kind, Error::Kind::Usage);
    QVERIFY2(stored.error().message.contains(message), qPrintable(stored.error().message));
    QVERIFY(m_store->votes()->isEmpty());
}

void ArenaTest::voteLinesNameTheirBadField_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("winner") << QByteArray(R"({"merge_request": 1, "a": 1, "b": 2, "winner": "A"})") << "\"winner\" must be \"a\", \"b\" or \"tie\", not \"A\"";
    QTest::newRow("winner missing") << QByteArray(R"({"merge_request": 1, "a": 1, "b": 2})") << "\"winner\" is missing";
    QTest::newRow("run as text") << QByteArray(R"({"merge_request": 1, "a": "1", "b": 2, "winner": "a"})") << "\"a\" must be a run id";
    QTest::newRow("same run") << QByteArray(R"({"merge_request": 1, "a": 2, "b": 2, "winner": "a"})") << "both run 2";
    QTest::newRow("unknown field") << QByteArray(R"({"merge_request": 1, "a": 1, "b": 2, "winner": "a", "annotator": "x"})") << "unknown field \"annotator\"";
    QTest::newRow("negative seed") << QByteArray(R"({"merge_request": 1, "a": 1, "b": 2, "winner": "a", "seed": -1})") << "\"seed\" must be a whole number";
    QTest::newRow("not an object") << QByteArray("[1, 2]") << "not a JSON object";
    QTest::newRow("not JSON") << QByteArray("{merge_request: 1") << "not JSON";
}

void ArenaTest::voteLinesNameTheirBadField()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, message);
    const auto vote = parseVoteLine(line);
    QVERIFY(!vote);
    QVERIFY2(vote.error().message.contains(message), qPrintable(vote.error().message));
    const auto good = parseVoteLine(R"({"merge_request": 3, "a": 7, "b": 5, "winner": "tie", "seed": 12, "time_spent_ms": 900})");
    QVERIFY(good);
    QCOMPARE(good->runA, 7);
    QCOMPARE(good->winner, PairWinner::Tie);
    QCOMPARE(good->orderSeed, std::optional<qint64>(12));
}

void ArenaTest::aWorkspaceOfVersionElevenTakesVotesAfterItsUpgrade()
{
    const QString path = m_dir->filePath(QStringLiteral("old.rdw"));
    QVERIFY(SqlWorkspaceStore::createAtVersion(path, 11));
    QVERIFY(!test::RawDb(path).hasTable(QStringLiteral("pairwise_votes")));
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    QCOMPARE((*store)->openedAtVersion(), 11);
    QVERIFY(test::RawDb(path).hasTable(QStringLiteral("pairwise_votes")));
    const test::ArenaWorkspace w = test::makeArenaWorkspace(**store, 1);
    QCOMPARE((*store)->votes()->size(), 3);
}

void ArenaTest::votesAreCopiedAndExported()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 2);
    const QString to = m_dir->filePath(QStringLiteral("copy.rdw"));
    const auto copied = SqlWorkspaceStore::copyWorkspace(m_store->location(), to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto copy = SqlWorkspaceStore::open(to);
    QVERIFY(copy);
    const auto original = m_store->votes();
    const auto again = (*copy)->votes();
    QCOMPARE(again->size(), original->size());
    for (qsizetype i = 0; i < original->size(); ++i)
        QCOMPARE(voteToJson(again->at(i)), voteToJson(original->at(i)));
    // A new vote after the copied ones gets a new id.
    PairwiseVote v = original->first();
    v.annotator = QStringLiteral("carol");
    QVERIFY((*copy)->addVote(v)->id > original->last().id);

    // Exported as JSON Lines, one vote a line, every field named.
    const auto written = exportToFile(*m_store, QStringLiteral("votes"), m_dir->filePath(QStringLiteral("votes.jsonl")), std::nullopt, std::nullopt, 2);
    QVERIFY2(written, written ? "" : qPrintable(written.error().message));
    QFile f(*written);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), original->size());
    const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(first.value(QStringLiteral("merge_request")).toInteger(), original->first().mergeRequest);
    QCOMPARE(first.value(QStringLiteral("a")).toInteger(), original->first().runA);
    QCOMPARE(first.value(QStringLiteral("winner")).toString(), pairWinnerName(original->first().winner));
    QCOMPARE(first.value(QStringLiteral("annotator")).toString(), QStringLiteral("ann"));
    // Of one merge request: its votes only.
    const auto one = exportToFile(*m_store, QStringLiteral("votes"), m_dir->filePath(QStringLiteral("one.jsonl")), w.mergeRequests[1].id, std::nullopt, 2);
    QFile g(*one);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QCOMPARE(g.readAll().trimmed().split('\n').size(), 3);
}

void ArenaTest::votesWorkOnPostgresqlAndCopyBothWays()
{
    QString server;
    RD_REQUIRE_POSTGRES(server);
    auto opened = SqlWorkspaceStore::open(server, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    SqlWorkspaceStore &pg = **opened;
    const test::ArenaWorkspace w = test::makeArenaWorkspace(pg, 2);
    QCOMPARE(pg.votes()->size(), 6);
    // Replacement, refusal and removal as on SQLite.
    PairwiseVote again = w.votes.first();
    again.winner = PairWinner::Tie;
    const auto replaced = pg.addVote(again);
    QVERIFY(replaced && replaced->replaced && replaced->id == w.votes.first().id);
    PairwiseVote other = again;
    other.runB = w.mergeRequests[1].runOf.value(QStringLiteral("beta config"));
    QVERIFY(!pg.addVote(other));
    QVERIFY(*pg.removeVote(again.annotator, again.runA, again.runB));
    QCOMPARE(pg.votes(w.mergeRequests[0].id)->size(), 2);
    // To a file and back: every vote as it was, ids included.
    const QString file = m_dir->filePath(QStringLiteral("from-server.rdw"));
    QVERIFY(SqlWorkspaceStore::copyWorkspace(server, file));
    QString back;
    RD_REQUIRE_POSTGRES(back);
    QVERIFY(SqlWorkspaceStore::copyWorkspace(file, back));
    auto returned = SqlWorkspaceStore::open(back);
    QVERIFY(returned);
    const auto before = pg.votes();
    const auto after = (*returned)->votes();
    QCOMPARE(after->size(), before->size());
    for (qsizetype i = 0; i < before->size(); ++i)
        QCOMPARE(voteToJson(after->at(i)), voteToJson(before->at(i)));
}

void ArenaTest::rankingGroupsRunsByConfigurationAndCountsVotes()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 3);
    const ArenaData d = data();
    ArenaSettings settings;
    settings.bootstrap = 0;
    const ArenaRanking r = rankConfigurations(comparisonsOf(d.votes), d.runs, settings);
    QCOMPARE(r.votes, 9);
    QCOMPARE(r.mergeRequests, 3);
    QVERIFY2(r.finite, qPrintable(r.notFinite));
    QCOMPARE(r.reviewers.size(), 3);
    // alpha holds the key bug on two merge requests, beta on one, gamma never.
    QCOMPARE(r.reviewers[0].label, QStringLiteral("alpha config"));
    QCOMPARE(r.reviewers[1].label, QStringLiteral("beta config"));
    QCOMPARE(r.reviewers[2].label, QStringLiteral("gamma config"));
    const ArenaReviewer &alpha = r.reviewers[0];
    QCOMPARE(alpha.runs.size(), 3);
    QCOMPARE(alpha.votes, 6);
    QCOMPARE(alpha.wins, 4);   // beta twice, gamma twice
    QCOMPARE(alpha.ties, 1);   // gamma on the third
    QCOMPARE(alpha.losses, 1); // beta on the third
    const ArenaReviewer &gamma = r.reviewers[2];
    QCOMPARE(gamma.wins, 0);
    QCOMPARE(gamma.ties, 3);
    QCOMPARE(gamma.losses, 3);
    // Every pair once, the stronger as a.
    QCOMPARE(r.winProbability.size(), 3);
    for (const ArenaWinProbability &p : r.winProbability)
        QVERIFY(*p.p > 0.5);
    QCOMPARE(r.noInterval, QStringLiteral("no bootstrap was asked for"));
}

void ArenaTest::rankingEqualsTheFitOfTheVotesTally()
{
    // The tally worked out by hand from the fixture's votes (a tie half each):
    // alpha–beta 2 : 1, alpha–gamma 2.5 : 0.5, beta–gamma 2 : 1.
    test::makeArenaWorkspace(*m_store, 3);
    const ArenaData d = data();
    ArenaSettings settings;
    settings.bootstrap = 0;
    const ArenaRanking r = rankConfigurations(comparisonsOf(d.votes), d.runs, settings);
    PairwiseTally t(3);
    t.add({0, 1, 2, 1});
    t.add({0, 2, 2.5, 0.5});
    t.add({1, 2, 2, 1});
    const BradleyTerryFit fit = fitBradleyTerry(t);
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(*r.reviewers[i].strength - *fit.strength[std::size_t(i)]) < 1e-9);
    QVERIFY(near(r.winProbability[0].p, winProbability(*fit.strength[0], *fit.strength[1])));
}

void ArenaTest::votesBetweenRunsOfOneConfigurationAreSetAside()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 3);
    // A second alpha run on the first merge request, voted against the first.
    StoredRun again;
    again.mergeRequest = w.mergeRequests[0].id;
    again.label = QStringLiteral("alpha config");
    again.record = "{}";
    const auto id = m_store->addRun(again, {});
    QVERIFY(id);
    QVERIFY(m_store->addVote({0, again.mergeRequest, *id, w.mergeRequests[0].runOf.value(QStringLiteral("alpha config")), PairWinner::A, QStringLiteral("ann"), {}, {}, {}}));
    const ArenaData d = data();
    const ArenaRanking r = rankConfigurations(comparisonsOf(d.votes), d.runs, {0, 0, 0.95});
    QCOMPARE(r.sameConfiguration, 1);
    QCOMPARE(r.votes, 9);
    QCOMPARE(r.reviewers[0].runs.size(), 4);
}

void ArenaTest::aConfigurationThatNeverLostIsNamedAndHasNoStrength()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 2); // alpha holds the key bug on both
    const ArenaData d = data();
    const ArenaRanking r = rankConfigurations(comparisonsOf(d.votes), d.runs, {});
    QVERIFY(!r.finite);
    QVERIFY2(r.notFinite.startsWith(QStringLiteral("alpha config never lost or tied")), qPrintable(r.notFinite));
    for (const ArenaReviewer &c : r.reviewers)
        QVERIFY(!c.strength);
    QVERIFY(r.winProbability.isEmpty());
    QCOMPARE(r.reviewers[0].votes, 4); // counted all the same
}

void ArenaTest::fewMergeRequestsOpenTheIntervalsOnTheirInfiniteSide()
{
    // Three merge requests: a resample without the third has alpha unbeaten
    // ((2/3)^3 of them), alpha at +inf and beta and gamma (who tied) at −inf:
    // far more than the 2.5 % tails, so alpha's interval is open above and
    // gamma's below. The old arena printed no interval at all here.
    test::makeArenaWorkspace(*m_store, 3);
    const ArenaData d = data();
    const ArenaRanking r = rankConfigurations(comparisonsOf(d.votes), d.runs, {500, 1, 0.95});
    QVERIFY(r.finite);
    QVERIFY2(r.noInterval.isEmpty(), qPrintable(r.noInterval));
    QVERIFY(r.countedResamples < 475);
    QCOMPARE(r.reviewers[0].label, QStringLiteral("alpha config"));
    QVERIFY(r.reviewers[0].resamples > 0 && !r.reviewers[0].high);
    QVERIFY(r.reviewers[2].resamples > 0 && !r.reviewers[2].low);
    // Twelve: a resample without any of the four merge requests where beta
    // holds the key bug is rare ((8/12)^12 < 1 %): closed intervals, around the fit.
    init();
    test::makeArenaWorkspace(*m_store, 12);
    const ArenaData many = data();
    const ArenaRanking wide = rankConfigurations(comparisonsOf(many.votes), many.runs, {1000, 1, 0.95});
    QVERIFY2(wide.noInterval.isEmpty(), qPrintable(wide.noInterval));
    QVERIFY(wide.countedResamples >= 950);
    for (const ArenaReviewer &c : wide.reviewers) {
        QVERIFY(c.low && c.high);
        QVERIFY(*c.low <= *c.strength && *c.strength <= *c.high && *c.low < *c.high);
    }
    const ArenaRanking same = rankConfigurations(comparisonsOf(many.votes), many.runs, {1000, 1, 0.95});
    QCOMPARE(same.reviewers[0].low, wide.reviewers[0].low);
}

void ArenaTest::aRareUnbeatenResampleOpensTheIntervalOnItsSide()
{
    // Ten merge requests, one vote each between alpha and beta: alpha wins on
    // seven, beta on three. A resample that draws none of beta's three has
    // alpha unbeaten, its strength +inf and beta's -inf: (7/10)^10 = 2.8 % of
    // them, more than the 2.5 % tail, so the 97.5th percentile of alpha's
    // strength is +inf and its interval is open above (beta's below). Leaving
    // those resamples out (97 % of them counted) gave a finite upper bound.
    QHash<qint64, ArenaRun> runs;
    QList<ArenaComparison> votes;
    for (qint64 mr = 1; mr <= 10; ++mr) {
        StoredRun alpha, beta;
        alpha.id = 2 * mr - 1;
        beta.id = 2 * mr;
        alpha.mergeRequest = beta.mergeRequest = mr;
        runs.insert(alpha.id, ArenaRun{alpha, QStringLiteral("alpha")});
        runs.insert(beta.id, ArenaRun{beta, QStringLiteral("beta")});
        votes << ArenaComparison{mr, alpha.id, beta.id, mr <= 7 ? PairWinner::A : PairWinner::B};
    }
    ArenaSettings settings;
    settings.bootstrap = 2000;
    settings.seed = 1;
    // The premise, counted with the same draws (one unit per merge request,
    // in merge request order): more than 2.5 % of the resamples have alpha
    // unbeaten, fewer than 5 %.
    stats::Resampler draws(10, settings.seed);
    int unbeaten = 0;
    for (int k = 0; k < settings.bootstrap; ++k) {
        const QList<int> &drawn = draws.next();
        unbeaten += drawn[7] + drawn[8] + drawn[9] == 0 ? 1 : 0;
    }
    QVERIFY2(unbeaten > 50 && unbeaten < 100, qPrintable(QString::number(unbeaten)));
    const ArenaRanking r = rankConfigurations(votes, runs, settings);
    QVERIFY2(r.finite, qPrintable(r.notFinite));
    QVERIFY2(r.noInterval.isEmpty(), qPrintable(r.noInterval));
    const ArenaReviewer &alpha = r.reviewers[0];
    const ArenaReviewer &beta = r.reviewers[1];
    QCOMPARE(alpha.label, QStringLiteral("alpha"));
    QVERIFY(alpha.low && *alpha.low < *alpha.strength);
    QVERIFY2(!alpha.high, qPrintable(QString::number(alpha.high.value_or(0))));
    QVERIFY(beta.high && *beta.high > *beta.strength);
    QVERIFY2(!beta.low, qPrintable(QString::number(beta.low.value_or(0))));
    // P(alpha preferred) is 1 in those resamples: its bound is 1, not open.
    QCOMPARE(r.winProbability.size(), 1);
    QCOMPARE(r.winProbability[0].high, std::optional<double>(1.0));
    // Open sides print as such: null in JSON, ∞ in Markdown.
    ArenaReport report;
    report.people = r;
    const QJsonObject top = QJsonDocument::fromJson(arenaJson(report)).object().value(QStringLiteral("reviewers")).toArray().first().toObject();
    QVERIFY(top.value(QStringLiteral("high")).isNull());
    QVERIFY(top.value(QStringLiteral("elo_high")).isNull());
    QVERIFY(top.value(QStringLiteral("low")).isDouble());
    const QString md = arenaMarkdown(report);
    QVERIFY2(md.contains(QStringLiteral("to ∞) |")) && md.contains(QStringLiteral("(−∞ to ")), qPrintable(md));
}

void ArenaTest::markdownCountsOneMergeRequestAndOneVoteInTheSingular()
{
    test::makeArenaWorkspace(*m_store, 1);
    const ArenaData d = data();
    ArenaReport report;
    report.people = rankConfigurations(comparisonsOf(d.votes), d.runs, {200, 5, 0.95});
    QCOMPARE(report.people.mergeRequests, 1);
    const QString md = arenaMarkdown(report);
    QVERIFY2(md.contains(QStringLiteral("%1 votes on 1 merge request;").arg(report.people.votes)), qPrintable(md));
    report.people.votes = 1;
    QVERIFY2(arenaMarkdown(report).contains(QStringLiteral("1 vote on 1 merge request;")), qPrintable(arenaMarkdown(report)));
}

void ArenaTest::arenaJsonHasTheIssuesNames()
{
    test::makeArenaWorkspace(*m_store, 12);
    const ArenaData d = data();
    ArenaReport report;
    report.people = rankConfigurations(comparisonsOf(d.votes), d.runs, {200, 5, 0.95});
    const QJsonObject o = QJsonDocument::fromJson(arenaJson(report)).object();
    QCOMPARE(o.value(QStringLiteral("votes")).toInt(), 36);
    const QJsonArray reviewers = o.value(QStringLiteral("reviewers")).toArray();
    QCOMPARE(reviewers.size(), 3);
    const QJsonObject top = reviewers.first().toObject();
    for (const char *key : {"reviewer", "runs", "strength", "low", "high", "elo", "votes", "wins"})
        QVERIFY2(top.contains(QLatin1String(key)), key);
    QCOMPARE(top.value(QStringLiteral("reviewer")).toString(), QStringLiteral("alpha config"));
    QCOMPARE(top.value(QStringLiteral("runs")).toArray().size(), 12);
    QVERIFY(std::abs(top.value(QStringLiteral("elo")).toDouble() - eloFromStrength(top.value(QStringLiteral("strength")).toDouble())) < 0.1);
    const QJsonArray pairs = o.value(QStringLiteral("win_probability")).toArray();
    QCOMPARE(pairs.size(), 3);
    const QJsonObject p = pairs.first().toObject();
    QCOMPARE(p.value(QStringLiteral("a")).toString(), QStringLiteral("alpha config"));
    QVERIFY(p.value(QStringLiteral("p")).toDouble() > 0.5);
    QCOMPARE(o.value(QStringLiteral("model")).toObject().value(QStringLiteral("ties")).toString(), QStringLiteral("half a win each"));
    QCOMPARE(o.value(QStringLiteral("bootstrap")).toObject().value(QStringLiteral("unit")).toString(), QStringLiteral("merge request"));
    QVERIFY(arenaMarkdown(report).contains(QStringLiteral("| 1 | alpha config |")));
}

void ArenaTest::drawnPairsCoverEveryPairOfConfigurationsBeforeRepeatingOne()
{
    // Three merge requests with three configurations: nine pairs of runs,
    // three pairs of configurations. Drawn one after another (each voted
    // on), each pair of configurations comes once in every three draws, and
    // from a merge request it has not come from yet.
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 3, false);
    ArenaData d = data();
    PairDrawingOptions options;
    options.annotator = QStringLiteral("ann");
    QMap<std::pair<QString, QString>, QSet<qint64>> from;
    for (int k = 0; k < 9; ++k) {
        const PairDraw draw = drawPair(d.runs, d.votes, options, k);
        QVERIFY(draw.pair);
        QCOMPARE(draw.candidates, 9 - k);
        QString x = d.runs.value(draw.pair->runA).configuration, y = d.runs.value(draw.pair->runB).configuration;
        QVERIFY(x != y);
        if (y < x)
            std::swap(x, y);
        const std::pair<QString, QString> configurations{x, y};
        QVERIFY2(!from[configurations].contains(draw.pair->mergeRequest), "a pair of configurations drawn twice from one merge request");
        from[configurations].insert(draw.pair->mergeRequest);
        for (const auto &seen : std::as_const(from))
            QVERIFY(seen.size() >= (k + 1) / 3 && seen.size() <= (k + 1) / 3 + 1);
        PairwiseVote v{0, draw.pair->mergeRequest, draw.pair->runA, draw.pair->runB, PairWinner::Tie, options.annotator, draw.pair->orderSeed, {}, {}};
        d.votes << v;
    }
    const PairDraw done = drawPair(d.runs, d.votes, options, 99);
    QVERIFY(!done.pair);
    QCOMPARE(done.none, NoPairReason::AllVoted);
    QVERIFY(!noPairText(done.none).isEmpty());
    // Another annotator still has every pair, the least voted first.
    options.annotator = QStringLiteral("bob");
    QCOMPARE(drawPair(d.runs, d.votes, options, 1).candidates, 9);
}

void ArenaTest::drawnOrderIsRandomAndTheSameForOneSeed()
{
    test::makeArenaWorkspace(*m_store, 1, false);
    const ArenaData d = data();
    PairDrawingOptions options;
    options.annotator = QStringLiteral("ann");
    int lowerFirst = 0;
    for (qint64 seed = 0; seed < 200; ++seed) {
        const PairDraw a = drawPair(d.runs, d.votes, options, seed);
        const PairDraw b = drawPair(d.runs, d.votes, options, seed);
        QCOMPARE(a.pair->runA, b.pair->runA);
        QCOMPARE(a.pair->runB, b.pair->runB);
        QCOMPARE(a.pair->orderSeed, seed);
        if (a.pair->runA < a.pair->runB)
            ++lowerFirst;
    }
    // Fair coin over 200 draws: 100 ± 3.5 standard deviations.
    QVERIFY2(lowerFirst > 65 && lowerFirst < 135, qPrintable(QString::number(lowerFirst)));
}

void ArenaTest::theCapStopsTheDrawing()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 2);
    const ArenaData d = data();
    PairDrawingOptions options;
    options.annotator = QStringLiteral("ann");
    options.cap = 6;
    const PairDraw capped = drawPair(d.runs, d.votes, options, 0);
    QVERIFY(!capped.pair);
    QCOMPARE(capped.none, NoPairReason::CapReached);
    options.annotator = QStringLiteral("bob");
    QVERIFY(drawPair(d.runs, d.votes, options, 0).pair);
    options.mergeRequest = w.mergeRequests[1].id;
    QCOMPARE(drawPair(d.runs, d.votes, options, 0).candidates, 3);
}

void ArenaTest::theVotingModelShowsBlindReviewsAndStoresTheShownOrder()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 2, false);
    auto voting = PairwiseVoting::open(*m_store, {QStringLiteral("ann"), std::nullopt, 3, std::nullopt});
    QVERIFY2(voting, voting ? "" : qPrintable(voting.error().message));
    PairwiseVoting &v = **voting;
    QVERIFY(v.current());
    QCOMPARE(v.remaining(), 6);
    const PairOnScreen shown = *v.current();
    QVERIFY(shown.title.startsWith(QStringLiteral("Change ")));
    // Kept comments only, each as the reviewer wrote it.
    for (const BlindReview *r : {&shown.a, &shown.b}) {
        QVERIFY(!r->comments.isEmpty());
        for (const BlindComment &c : r->comments)
            QVERIFY(!c.issue.contains(QStringLiteral("filtered out")));
    }
    const auto stored = v.vote(PairWinner::A, 2500);
    QVERIFY2(stored, stored ? "" : qPrintable(stored.error().message));
    const PairwiseVote vote = m_store->votes()->first();
    // "A" is the run whose comments were shown as A.
    const auto comments = m_store->comments();
    QCOMPARE(blindReviewOf(*comments, vote.runA).comments.size(), shown.a.comments.size());
    QCOMPARE(blindReviewOf(*comments, vote.runA).comments.first().issue, shown.a.comments.first().issue);
    QCOMPARE(blindReviewOf(*comments, vote.runB).comments.first().issue, shown.b.comments.first().issue);
    QVERIFY(vote.orderSeed);
    QCOMPARE(vote.timeSpentMs, std::optional<qint64>(2500));
    QCOMPARE(v.myVotes(), 1);
    QCOMPARE(v.remaining(), 5);
    QVERIFY(v.current());
    QVERIFY(v.current()->a.comments.first().issue != shown.a.comments.first().issue
            || v.current()->b.comments.first().issue != shown.b.comments.first().issue);
    // Every pair voted: nothing left, and why.
    while (v.current())
        QVERIFY(v.vote(PairWinner::Tie));
    QCOMPARE(v.myVotes(), 6);
    QCOMPARE(v.noPair(), noPairText(NoPairReason::AllVoted));
    QVERIFY(!v.vote(PairWinner::A));
}

void ArenaTest::undoTakesBackTheVoteAndShowsThePairAgain()
{
    test::makeArenaWorkspace(*m_store, 1, false);
    auto voting = PairwiseVoting::open(*m_store, {QStringLiteral("ann"), std::nullopt, 8, std::nullopt});
    QVERIFY(voting);
    PairwiseVoting &v = **voting;
    QVERIFY(!v.canUndo());
    const PairOnScreen first = *v.current();
    QCOMPARE(v.remaining(), 3);
    QVERIFY(v.vote(PairWinner::B));
    QVERIFY(v.canUndo());
    QCOMPARE(m_store->votes()->size(), 1);
    QCOMPARE(v.remaining(), 2);
    QVERIFY(*v.undo());
    QCOMPARE(v.remaining(), 3);
    QVERIFY(m_store->votes()->isEmpty());
    QCOMPARE(v.current()->a.comments.first().issue, first.a.comments.first().issue);
    QCOMPARE(v.current()->b.comments.size(), first.b.comments.size());
    QVERIFY(!v.canUndo());
    QCOMPARE(*v.undo(), false);
}

void ArenaTest::undoOfAReplacingVoteBringsTheEarlierVoteBack()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 1, false);
    auto voting = PairwiseVoting::open(*m_store, {QStringLiteral("ann"), std::nullopt, 5, std::nullopt});
    QVERIFY(voting);
    PairwiseVoting &v = **voting;
    QVERIFY(v.vote(PairWinner::A));
    const PairwiseVote earlier = m_store->votes()->first();
    // The same pair in the same order voted again elsewhere (another window):
    // this session's undo restores what was there before its own vote.
    QVERIFY(v.undo());
    PairwiseVote elsewhere = earlier;
    elsewhere.winner = PairWinner::Tie;
    QVERIFY(m_store->addVote(elsewhere));
    const auto replacing = v.vote(PairWinner::B);
    QVERIFY(replacing && replacing->replaced);
    QCOMPARE(replacing->replaced->winner, PairWinner::Tie);
    QVERIFY(*v.undo());
    QCOMPARE(m_store->votes()->size(), 1);
    QCOMPARE(m_store->votes()->first().winner, PairWinner::Tie);
}

void ArenaTest::skipNeverDrawsThePairAgainInTheSession()
{
    test::makeArenaWorkspace(*m_store, 1, false);
    auto voting = PairwiseVoting::open(*m_store, {QStringLiteral("ann"), std::nullopt, 1, std::nullopt});
    QVERIFY(voting);
    PairwiseVoting &v = **voting;
    QStringList seen;
    const auto key = [](const PairOnScreen &s) {
        QStringList issues;
        for (const BlindReview *r : {&s.a, &s.b})
            for (const BlindComment &c : r->comments)
                issues << c.issue;
        issues.sort();
        return issues.join(QLatin1Char('|'));
    };
    for (int k = 0; k < 3; ++k) {
        QVERIFY(v.current());
        QVERIFY(!seen.contains(key(*v.current())));
        seen << key(*v.current());
        QVERIFY(*v.skip());
    }
    QVERIFY(!v.current());
    QCOMPARE(v.noPair(), noPairText(NoPairReason::AllVoted));
    QVERIFY(m_store->votes()->isEmpty()); // skipping stores nothing
}

void ArenaTest::othersVotesStayHiddenInBlindModeUntilTheAnnotatorVotes()
{
    const test::ArenaWorkspace w = test::makeArenaWorkspace(*m_store, 1); // ann voted on all three pairs
    QVERIFY(m_store->setTeamSetting(QStringLiteral("blind_mode"), QStringLiteral("on")));
    auto voting = PairwiseVoting::open(*m_store, {QStringLiteral("bob"), std::nullopt, 2, std::nullopt});
    QVERIFY(voting);
    PairwiseVoting &v = **voting;
    QVERIFY(v.blind());
    const OthersOnPair before = v.othersOnCurrent();
    QCOMPARE(before.hidden, 1);
    QCOMPARE(before.preferA + before.preferB + before.ties, 0);
    QVERIFY(m_store->setTeamSetting(QStringLiteral("blind_mode"), QStringLiteral("off")));
    auto open = PairwiseVoting::open(*m_store, {QStringLiteral("bob"), std::nullopt, 2, std::nullopt});
    const OthersOnPair seen = (*open)->othersOnCurrent();
    QCOMPARE(seen.hidden, 0);
    QCOMPARE(seen.preferA + seen.preferB + seen.ties, 1);
    // What blind mode hides is the same rule as for judgements: shown once voted.
    const PairwiseVote &anns = w.votes.first();
    PairwiseVote bobs = anns;
    bobs.annotator = QStringLiteral("bob");
    std::swap(bobs.runA, bobs.runB); // either order counts as having voted
    QCOMPARE(visibleVotes({anns}, QStringLiteral("bob"), true).size(), 0);
    QCOMPARE(visibleVotes({anns, bobs}, QStringLiteral("bob"), true).size(), 2);
    QCOMPARE(visibleVotes({anns}, QString(), true).size(), 1);
}

void ArenaTest::judgeAnswersAreParsedOrNamedAsErrors_data()
{
    QTest::addColumn<QString>("answer");
    QTest::addColumn<int>("winner"); // -1: none
    QTest::addColumn<QString>("error");
    QTest::newRow("plain") << R"({"winner": "A", "reason": "finds the leak"})" << int(PairWinner::A) << "";
    QTest::newRow("fenced, lower case") << "Here:\n```json\n{\"winner\": \"b\", \"reason\": \"r\"}\n```" << int(PairWinner::B) << "";
    QTest::newRow("tie") << R"({"winner": "Tie"})" << int(PairWinner::Tie) << "";
    QTest::newRow("prose only") << "I prefer the first review." << -1 << "no JSON object with a \"winner\"";
    QTest::newRow("other winner") << R"({"winner": "both"})" << -1 << "\"both\" is not \"A\", \"B\" or \"tie\"";
    QTest::newRow("winner not text") << R"({"winner": 1})" << -1 << "1 is not";
    QTest::newRow("empty") << "" << -1 << "no JSON object";
}

void ArenaTest::judgeAnswersAreParsedOrNamedAsErrors()
{
    QFETCH(QString, answer);
    QFETCH(int, winner);
    QFETCH(QString, error);
    const PairJudgeAnswer a = parsePairVerdict(answer);
    QVERIFY(a.answered);
    if (winner < 0) {
        QVERIFY(!a.winner);
        QVERIFY2(a.error.contains(error), qPrintable(a.error));
    } else {
        QCOMPARE(int(*a.winner), winner);
        QVERIFY(a.error.isEmpty());
    }
}

void ArenaTest::aJudgeConfigurationWithAnUnknownKeyIsRefused()
{
    const auto unknown = PairJudgeConfig::fromJson(R"({"roles": {"judge": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}, "concurency": 2})");
    QVERIFY(!unknown);
    QVERIFY2(unknown.error().message.contains(QStringLiteral("concurency")), qPrintable(unknown.error().message));
    const auto otherRole = PairJudgeConfig::fromJson(R"({"roles": {"judge": {"endpoint": "http://x/v1", "model": "m"}, "reviewer": {}}})");
    QVERIFY(!otherRole);
    QVERIFY2(otherRole.error().message.contains(QStringLiteral("reviewer")), qPrintable(otherRole.error().message));
    const auto badProfile = PairJudgeConfig::fromJson(R"({"roles": {"judge": {"endpoint": "http://x/v1", "model": "m", "temprature": 0}}})");
    QVERIFY(!badProfile);
    const auto missing = PairJudgeConfig::fromJson(R"({"roles": {}})");
    QVERIFY(!missing);
    QVERIFY2(missing.error().message.contains(QStringLiteral("roles.judge")), qPrintable(missing.error().message));
    const auto good = PairJudgeConfig::fromJson(R"({"roles": {"judge": {"endpoint": "http://x/v1", "model": "m", "temperature": 0.2}}, "concurrency": 3, "timeout_s": 9})");
    QVERIFY2(good, good ? "" : qPrintable(good.error().message));
    QCOMPARE(good->client.concurrency, 3);
    QCOMPARE(good->client.timeoutMs, 9000);
    QCOMPARE(good->judge.temperature, 0.2);
}

void ArenaTest::alwaysFirstJudgeHasPositionConsistencyZero()
{
    test::makeArenaWorkspace(*m_store, 3);
    test::FakeLlmServer server;
    server.setResponder(test::alwaysFirstJudge);
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome out = judgeInBackground(job, data(), *m_store->comments());
    QVERIFY(!out.error);
    const PairJudgeMetrics &m = out.metrics;
    QCOMPARE(m.pairs, 9);
    QCOMPARE(m.asks, 18); // both orders
    QCOMPARE(server.requests().size(), 18);
    QCOMPARE(m.consistencyItems, 9);
    QVERIFY(near(m.positionConsistency, 0.0));
    QCOMPARE(m.primacyPreferred, 9);
    QCOMPARE(m.preferencePairs, 9);
    QVERIFY(near(m.positionalPreferenceScore, -1.0));
    // Its verdict on every pair is a draw (each run won once): a tie; people
    // tied on three of nine votes.
    QCOMPARE(m.agreementItems, 9);
    QVERIFY(near(m.accuracy, 3.0 / 9.0));
    QVERIFY(!m.repetitionStability); // one ask per order
}

void ArenaTest::alwaysTieJudgeHasPositionConsistencyOne()
{
    test::makeArenaWorkspace(*m_store, 3);
    test::FakeLlmServer server;
    server.setResponder(test::alwaysTieJudge);
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome out = judgeInBackground(job, data(), *m_store->comments());
    const PairJudgeMetrics &m = out.metrics;
    QVERIFY(near(m.positionConsistency, 1.0));
    QCOMPARE(m.primacyPreferred + m.recencyPreferred, 0);
    QVERIFY(near(m.positionalPreferenceScore, 0.0));
    QVERIFY(near(m.accuracy, 3.0 / 9.0));
    // The judge's own ranking: everyone equal.
    QVERIFY(out.ranking.finite);
    for (const ArenaReviewer &c : out.ranking.reviewers)
        QVERIFY(std::abs(*c.strength) < 1e-9);
}

void ArenaTest::keyBugJudgeIsConsistentAndAgreesWithPeople()
{
    test::makeArenaWorkspace(*m_store, 3);
    test::FakeLlmServer server;
    server.setResponder(test::keyBugJudge);
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    const ArenaData d = data();
    const PairJudgeOutcome out = judgeInBackground(job, d, *m_store->comments(), {0, 0, 0.95});
    QVERIFY2(out.errors.isEmpty(), qPrintable(out.errors.join(QLatin1Char('\n'))));
    const PairJudgeMetrics &m = out.metrics;
    QVERIFY(near(m.positionConsistency, 1.0));
    QCOMPARE(m.agreementItems, 9);
    QVERIFY(near(m.accuracy, 1.0));
    QVERIFY(near(m.kappa, 1.0));
    // Consistent: no leaning either way.
    QVERIFY(near(m.positionalPreferenceScore, 0.0));
    // Its ranking is people's: the same votes, counted twice.
    const ArenaRanking people = rankConfigurations(comparisonsOf(d.votes), d.runs, {0, 0, 0.95});
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(out.ranking.reviewers[i].label, people.reviewers[i].label);
        QVERIFY(std::abs(*out.ranking.reviewers[i].strength - *people.reviewers[i].strength) < 1e-9);
    }
    ArenaReport report;
    report.people = people;
    report.judges << out;
    const QJsonObject judge = QJsonDocument::fromJson(arenaJson(report)).object().value(QStringLiteral("judges")).toArray().first().toObject();
    QCOMPARE(judge.value(QStringLiteral("position_consistency")).toObject().value(QStringLiteral("value")).toDouble(), 1.0);
    QCOMPARE(judge.value(QStringLiteral("agreement")).toObject().value(QStringLiteral("items")).toInt(), 9);
    QCOMPARE(judge.value(QStringLiteral("judge")).toString(), QStringLiteral("pair-judge"));
    QVERIFY(arenaMarkdown(report).contains(QStringLiteral("| position consistency | 1.000 |")));
}

void ArenaTest::anUnreadableAnswerIsAnErrorNeverATie()
{
    test::makeArenaWorkspace(*m_store, 3);
    test::FakeLlmServer server;
    // The key-bug judge, but prose without a winner whenever review A is empty of the bug and B has it.
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        const QString prompt = test::userMessage(r);
        if (test::reviewIn(prompt, QStringLiteral("B")).contains(test::keyBugText()))
            return test::FakeLlmServer::completion(QStringLiteral("The second review is clearly better."));
        return test::keyBugJudge(r);
    });
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome out = judgeInBackground(job, data(), *m_store->comments());
    const PairJudgeMetrics &m = out.metrics;
    // Six of the 18 asks show the bug's review as B.
    QCOMPARE(m.unreadable, 6);
    QCOMPARE(m.readable, 12);
    QCOMPARE(m.failed, 0);
    QCOMPARE(out.errors.size(), 6);
    QVERIFY2(out.errors.first().contains(QStringLiteral("no JSON object with a \"winner\"")), qPrintable(out.errors.first()));
    // The unreadable answers were not taken as anything: their pairs count
    // among the pairs asked both ways, never as leaning.
    QCOMPARE(m.preferencePairs, 9);
    QCOMPARE(m.primacyPreferred + m.recencyPreferred, 0);
    QCOMPARE(judgeComparisons(out.pairs).size(), 12);
    // Consistency counts only repeats where both orders were read.
    QCOMPARE(m.consistencyItems, 3);
}

void ArenaTest::repetitionStabilityIsTheShareOfTheMostFrequentAnswer()
{
    test::makeArenaWorkspace(*m_store, 3);
    test::FakeLlmServer server;
    // The key-bug judge on seed 0; on seed 1 it calls everything a tie.
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        if (QJsonDocument::fromJson(r.body).object().value(QStringLiteral("seed")).toInt() == 1)
            return test::alwaysTieJudge(r);
        return test::keyBugJudge(r);
    });
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    request.repeats = 2;
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome out = judgeInBackground(job, data(), *m_store->comments());
    const PairJudgeMetrics &m = out.metrics;
    QCOMPARE(m.asks, 36);
    // Pairs with the bug (6 of 9): A/B then tie, the most frequent a half;
    // without (3): tie, tie, all. Over 18 (pair, order): (12 · 0.5 + 6 · 1) / 18.
    QCOMPARE(m.stabilityItems, 18);
    QVERIFY(near(m.repetitionStability, 12.0 / 18.0));
    QCOMPARE(m.consistencyItems, 18);
    QVERIFY(near(m.positionConsistency, 1.0));
}

namespace {

// An answer as the judge gave it: "A", "B", "tie", or "?" (no readable winner).
PairJudgeAnswer judgeAnswer(const char *said)
{
    PairJudgeAnswer a;
    a.answered = true;
    const QLatin1String s(said);
    if (s == QLatin1String("A"))
        a.winner = PairWinner::A;
    else if (s == QLatin1String("B"))
        a.winner = PairWinner::B;
    else if (s == QLatin1String("tie"))
        a.winner = PairWinner::Tie;
    return a;
}

JudgedPair judgedPair(qint64 first, const QList<const char *> &forward, const QList<const char *> &swapped)
{
    JudgedPair p;
    p.mergeRequest = first;
    p.first = 2 * first;
    p.second = 2 * first + 1;
    for (const char *a : forward)
        p.forward << judgeAnswer(a);
    for (const char *a : swapped)
        p.swapped << judgeAnswer(a);
    return p;
}

} // namespace

void ArenaTest::positionalPreferenceCountsTiesAsShiEtAlDo()
{
    // Eight pairs asked both ways, once (original order, swapped order):
    // (A, tie), (tie, A), (A, A) prefer the first position shown; (B, tie),
    // (B, B) the second; (A, B), (tie, tie) are consistent; (A, ?) has an
    // answer without a winner. Shi et al.'s consistency_preference_calculation.py
    // (Slimshilin/Position-Bias-Analyzer, commit 0eb0ce9) counts primacy 3,
    // recency 2, consistent 2 of these, positional consistency 2/7, raw
    // preference 2 · 2/5 − 3 · 3/5 = −1 and, over its 8 pairs, a positional
    // preference score of (−1 + 8) / 16 · 2 − 1 = −0.125 (its counting
    // rerun by hand on these pairs).
    const QList<JudgedPair> pairs = {judgedPair(1, {"A"}, {"tie"}), judgedPair(2, {"tie"}, {"A"}), judgedPair(3, {"A"}, {"A"}),
                                     judgedPair(4, {"B"}, {"tie"}), judgedPair(5, {"B"}, {"B"}),    judgedPair(6, {"A"}, {"B"}),
                                     judgedPair(7, {"tie"}, {"tie"}), judgedPair(8, {"A"}, {"?"})};
    const PairJudgeMetrics m = pairJudgeMetrics(pairs, {});
    QCOMPARE(m.primacyPreferred, 3);
    QCOMPARE(m.recencyPreferred, 2);
    QCOMPARE(m.consistencyItems, 7);
    QVERIFY(near(m.positionConsistency, 2.0 / 7.0));
    QCOMPARE(m.preferencePairs, 8);
    QVERIFY2(near(m.positionalPreferenceScore, -0.125), qPrintable(QString::number(m.positionalPreferenceScore.value_or(-9))));
    // An always-first judge is −1 and an always-tie one 0 on the same pairs.
    QList<JudgedPair> first, tie;
    for (qint64 k = 1; k <= 8; ++k) {
        first << judgedPair(k, {"A"}, {"A"});
        tie << judgedPair(k, {"tie"}, {"tie"});
    }
    QVERIFY(near(pairJudgeMetrics(first, {}).positionalPreferenceScore, -1.0));
    QVERIFY(near(pairJudgeMetrics(tie, {}).positionalPreferenceScore, 0.0));
    QVERIFY(!pairJudgeMetrics({}, {}).positionalPreferenceScore); // no pairs: undefined, not 0
}

void ArenaTest::repetitionStabilityDividesByEveryRepetition()
{
    // Three repetitions of each order. Shi et al.'s
    // calculate_repetitional_consistency.py divides the most frequent
    // answer's count by every repetition, an answer without a winner
    // included, and leaves out an order with no readable answer:
    // (A, A, ?) 2/3, (B, B, B) 1, (?, ?, ?) left out, (A, tie, A) 2/3; the
    // mean (2/3 + 1 + 2/3) / 3 = 7/9 (its counting rerun by hand).
    const QList<JudgedPair> pairs = {judgedPair(1, {"A", "A", "?"}, {"B", "B", "B"}), judgedPair(2, {"?", "?", "?"}, {"A", "tie", "A"})};
    const PairJudgeMetrics m = pairJudgeMetrics(pairs, {});
    QCOMPARE(m.stabilityItems, 3);
    QVERIFY2(near(m.repetitionStability, 7.0 / 9.0), qPrintable(QString::number(m.repetitionStability.value_or(-1))));
}

void ArenaTest::theJudgeNeverSeesARunsConfigurationOrModel()
{
    test::makeArenaWorkspace(*m_store, 2);
    test::FakeLlmServer server;
    server.setResponder(test::keyBugJudge);
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    judgeInBackground(job, data(), *m_store->comments());
    QVERIFY(!server.requests().isEmpty());
    for (const auto &r : server.requests()) {
        const QString prompt = test::userMessage(r);
        QVERIFY(prompt.contains(QStringLiteral("Rename the local variable")));
        for (const char *secret : {"alpha", "beta", "gamma", "model-", "config"})
            QVERIFY2(!prompt.contains(QLatin1String(secret)), secret);
        QVERIFY(!prompt.contains(QStringLiteral("filtered out")));
    }
}

void ArenaTest::aSampledJudgeAsksAboutDrawnPairs()
{
    test::makeArenaWorkspace(*m_store, 3, false); // nobody voted
    test::FakeLlmServer server;
    server.setResponder(test::keyBugJudge);
    PairJudgeJob job;
    PairJudgeRequest request;
    request.configPath = judgeConfig(server);
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome none = judgeInBackground(job, data(), *m_store->comments());
    QVERIFY(none.error);
    QVERIFY2(none.error->message.contains(QStringLiteral("--sample")), qPrintable(none.error->message));
    request.sample = 6;
    QVERIFY(job.prepare(request));
    const PairJudgeOutcome sampled = judgeInBackground(job, data(), *m_store->comments());
    QVERIFY(!sampled.error);
    QCOMPARE(sampled.pairsFrom, QStringLiteral("sample"));
    QCOMPARE(sampled.metrics.pairs, 6);
    QCOMPARE(sampled.metrics.agreementItems, 0);
    QVERIFY(!sampled.metrics.accuracy);
    QCOMPARE(sampled.metrics.kappaUndefined, QStringLiteral("nobody has voted on a pair"));
    // Balanced: each pair of configurations twice.
    QMap<QString, int> perPair;
    const ArenaData d = data();
    for (const JudgedPair &p : sampled.pairs) {
        QStringList names{d.runs.value(p.first).configuration, d.runs.value(p.second).configuration};
        names.sort();
        ++perPair[names.join(QLatin1Char('/'))];
    }
    QCOMPARE(perPair.size(), 3);
    for (int n : std::as_const(perPair))
        QCOMPARE(n, 2);
}

QTEST_GUILESS_MAIN(ArenaTest)
#include "tst_arena.moc"
