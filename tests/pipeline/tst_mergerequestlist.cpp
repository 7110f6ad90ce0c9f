// The browser's data (issue 25): WorkspaceStore::mergeRequestSummaries on
// SQLite and PostgreSQL, the MergeRequestListModel the session feeds from it
// (blind mode, counts after a judgement) and MergeRequestFilter's search,
// filters, sort and the order Next / Previous / next unjudged walk.

#include <JudgingService.h>
#include <MergeRequestFilter.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>
#include <SessionFixture.h>
#include <SqlWorkspaceStore.h>
#include <TeamService.h>
#include <TestPostgres.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace rd;

namespace {

const QString Alice = QStringLiteral("alice");
const QString Bob = QStringLiteral("bob");
const QString Carol = QStringLiteral("carol");

qint64 addMergeRequest(WorkspaceStore &store, const QString &title, const QString &repository, const QString &language, bool code,
                       const QString &url = {})
{
    MergeRequestEntry e;
    e.repository = repository;
    e.base = QStringLiteral("main");
    e.head = title;
    e.title = title;
    e.language = language;
    e.prCategory = language == QLatin1String("C++") ? QStringLiteral("Performance") : QStringLiteral("Parsing");
    e.codeLinked = code;
    e.url = url;
    return store.addMergeRequest(e).value();
}

QList<qint64> addRun(WorkspaceStore &store, qint64 mr, int comments, int dropped = 0)
{
    QList<ReviewComment> list;
    for (int i = 0; i < comments; ++i) {
        ReviewComment c = test::commentAt(QStringLiteral("a.cpp"), 10 * (i + 1), QStringLiteral("issue %1").arg(i));
        if (i < dropped)
            c.drop(QStringLiteral("coarse"));
        list << c;
    }
    StoredRun run;
    run.mergeRequest = mr;
    run.label = QStringLiteral("run");
    run.record = "{}";
    store.addRun(run, list).value();
    QList<qint64> ids;
    CommentQuery query;
    query.mergeRequest = mr;
    const QList<StoredComment> stored = store.comments(query).value();
    for (const StoredComment &c : stored)
        ids << c.id;
    return ids;
}

struct Fixture
{
    qint64 cache = 0, parser = 0, empty = 0, big = 0;
    QList<qint64> cacheComments, parserComments;
};

// cache: C++, 3 generated (1 dropped) + 1 human; alice 1 verdict, bob 2, one
// disagreement; assigned alice and bob. parser: Python, without code, 2
// generated judged by carol; assigned alice. empty: no comments. big: 12
// generated, nothing judged.
Fixture fill(WorkspaceStore &store)
{
    Fixture f;
    f.cache = addMergeRequest(store, QStringLiteral("Add a cache"), QStringLiteral("/src/app"), QStringLiteral("C++"), true);
    f.parser = addMergeRequest(store, QStringLiteral("Fix the parser"), QStringLiteral("/src/lib"), QStringLiteral("Python"), false,
                               QStringLiteral("https://github.com/o/r/pull/7"));
    f.empty = addMergeRequest(store, QStringLiteral("Empty"), QStringLiteral("/src/app"), QStringLiteral("C++"), true);
    f.big = addMergeRequest(store, QStringLiteral("Big change"), QStringLiteral("/src/big"), QStringLiteral("Go"), true);
    f.cacheComments = addRun(store, f.cache, 3, 1);
    store.addHumanComment(f.cache, Alice, test::commentAt(QStringLiteral("b.cpp"), 3, QStringLiteral("mine"))).value();
    f.parserComments = addRun(store, f.parser, 2);
    addRun(store, f.big, 12);
    store.judge(test::verdictOf(f.cacheComments[0], Alice, Verdict::Accept)).value();
    store.judge(test::verdictOf(f.cacheComments[0], Bob, Verdict::Reject)).value();
    store.judge(test::verdictOf(f.cacheComments[1], Bob, Verdict::Accept)).value();
    store.judge(test::verdictOf(f.parserComments[0], Carol, Verdict::Accept)).value();
    store.judge(test::verdictOf(f.parserComments[1], Carol, Verdict::Accept)).value();
    store.assign(f.cache, {Alice, Bob}).value();
    store.assign(f.parser, {Alice}).value();
    return f;
}

QList<qint64> shownIds(const MergeRequestFilter &filter)
{
    QList<qint64> ids;
    for (int row = 0; row < filter.rowCount(); ++row)
        ids << filter.index(row, 0).data(MergeRequestListModel::MergeRequestIdRole).toLongLong();
    return ids;
}

} // namespace

class MergeRequestListTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void summariesCountCommentsProgressAssignmentsAndDisagreements();
    void oneMergeRequestsSummaryIsItsRowOfTheList();
    void adjudicatingEveryDisagreementMarksTheMergeRequestAdjudicated();
    void modelShowsOthersProgressOnlyOutsideBlindMode();
    void filterSearchesTitleRepositoryUrlAndId();
    void filtersByLanguageStateAssignmentAdjudicationAndCode();
    void sortIsNumericOnCountsAndByFractionOnProgress();
    void rowCountsChangeAfterAJudgement();
    void openingAWorkspaceReadsTheListOnce();
    void navigationFollowsTheShownOrder();
    void nextUnjudgedStaysInTheAnnotatorsQueue();

private:
    std::unique_ptr<SqlWorkspaceStore> openStore()
    {
        auto store = SqlWorkspaceStore::open(m_server.isEmpty() ? m_dir->filePath(QStringLiteral("w.rdw")) : m_server,
                                             SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store)
            qWarning("%s", qPrintable(store.error().message));
        return store ? std::move(store).value() : nullptr;
    }
    // A session on the filled workspace, judging as alice.
    std::unique_ptr<ReviewSession> session(bool blind)
    {
        auto s = std::make_unique<ReviewSession>();
        auto store = openStore();
        if (!store)
            return nullptr;
        m_fixture = fill(*store);
        s->setStore(std::move(store));
        if (!s->setAnnotator(Alice) || !s->team()->setBlindMode(blind))
            return nullptr;
        return s;
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_server;
    Fixture m_fixture;
};

void MergeRequestListTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void MergeRequestListTest::init()
{
    RD_INIT_BACKEND(m_dir, m_server);
}

void MergeRequestListTest::summariesCountCommentsProgressAssignmentsAndDisagreements()
{
    auto store = openStore();
    QVERIFY(store);
    const Fixture f = fill(*store);
    const auto summaries = store->mergeRequestSummaries(Alice);
    QVERIFY2(summaries, qPrintable(summaries ? QString() : summaries.error().message));
    QCOMPARE(summaries->size(), 4);
    const MergeRequestSummary &cache = summaries->at(0);
    QCOMPARE(cache.id, f.cache);
    QCOMPARE(cache.title, QStringLiteral("Add a cache"));
    QCOMPARE(cache.repository, QStringLiteral("/src/app"));
    QCOMPARE(cache.language, QStringLiteral("C++"));
    QCOMPARE(cache.prCategory, QStringLiteral("Performance"));
    QCOMPARE(cache.generated, 3);
    QCOMPARE(cache.kept, 2);
    QCOMPARE(cache.human, 1);
    QCOMPARE(cache.total, 4);
    QCOMPARE(cache.judged, 1);
    QCOMPARE(cache.others.size(), 1);
    QCOMPARE(cache.others[0].annotator, Bob);
    QCOMPARE(cache.others[0].judged, 2);
    QCOMPARE(cache.othersCount, 1);
    QCOMPARE(cache.assigned, (QStringList{Alice, Bob}));
    QCOMPARE(cache.adjudication, MergeRequestSummary::Adjudication::NeedsAdjudication);
    QCOMPARE(cache.disagreements, 1);
    QVERIFY(cache.codeLinked);

    const MergeRequestSummary &parser = summaries->at(1);
    QCOMPARE(parser.id, f.parser);
    QVERIFY(!parser.codeLinked);
    QCOMPARE(parser.url, QStringLiteral("https://github.com/o/r/pull/7"));
    QCOMPARE(parser.total, 2);
    QCOMPARE(parser.judged, 0);
    QCOMPARE(parser.others.size(), 1);
    QCOMPARE(parser.others[0].annotator, Carol);
    QCOMPARE(parser.others[0].judged, 2);
    QCOMPARE(parser.assigned, QStringList{Alice});
    QCOMPARE(parser.adjudication, MergeRequestSummary::Adjudication::None);

    const MergeRequestSummary &empty = summaries->at(2);
    QCOMPARE(empty.total, 0);
    QCOMPARE(empty.generated, 0);
    QVERIFY(empty.others.isEmpty());
    QVERIFY(empty.assigned.isEmpty());

    // Bob's own view: alice is the other one.
    const auto bobs = store->mergeRequestSummaries(Bob);
    QVERIFY(bobs);
    QCOMPARE(bobs->at(0).judged, 2);
    QCOMPARE(bobs->at(0).others.size(), 1);
    QCOMPARE(bobs->at(0).others[0].annotator, Alice);
    QCOMPARE(bobs->at(0).others[0].judged, 1);
}

void MergeRequestListTest::oneMergeRequestsSummaryIsItsRowOfTheList()
{
    auto store = openStore();
    QVERIFY(store);
    const Fixture f = fill(*store);
    const auto all = store->mergeRequestSummaries(Alice);
    const auto one = store->mergeRequestSummaries(Alice, f.cache);
    QVERIFY(all && one);
    QCOMPARE(one->size(), 1);
    QCOMPARE(one->at(0).id, f.cache);
    QCOMPARE(one->at(0).total, all->at(0).total);
    QCOMPARE(one->at(0).others.size(), all->at(0).others.size());
    QCOMPARE(one->at(0).assigned, all->at(0).assigned);
    QCOMPARE(one->at(0).disagreements, all->at(0).disagreements);
}

void MergeRequestListTest::adjudicatingEveryDisagreementMarksTheMergeRequestAdjudicated()
{
    auto store = openStore();
    QVERIFY(store);
    const Fixture f = fill(*store);
    Adjudication a;
    a.comment = f.cacheComments[0];
    a.adjudicator = Carol;
    a.verdict = Verdict::Accept;
    a.reason = QStringLiteral("the cache is unbounded");
    QVERIFY(store->adjudicate(a));
    const auto cache = store->mergeRequestSummaries(Alice, f.cache);
    QVERIFY(cache);
    QCOMPARE(cache->at(0).adjudication, MergeRequestSummary::Adjudication::Adjudicated);
    QCOMPARE(cache->at(0).disagreements, 0);
}

void MergeRequestListTest::modelShowsOthersProgressOnlyOutsideBlindMode()
{
    for (const bool blind : {false, true}) {
        auto s = session(blind);
        QVERIFY(s);
        MergeRequestListModel model(s.get());
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.othersHidden(), blind);
        const QString others = model.index(model.rowOf(m_fixture.cache), MergeRequestListModel::OthersColumn).data().toString();
        const QString adjudication = model.index(model.rowOf(m_fixture.cache), MergeRequestListModel::AdjudicationColumn).data().toString();
        if (blind) {
            QVERIFY2(!others.contains(Bob), qPrintable(others));
            QVERIFY2(others.contains(QLatin1String("1")), qPrintable(others));
            QVERIFY(model.summary(model.rowOf(m_fixture.cache))->others.isEmpty());
            QVERIFY(adjudication.isEmpty()); // alice has not finished: a disagreement would tell bob's verdict
        } else {
            QCOMPARE(others, QStringLiteral("bob 2/4"));
            QVERIFY(adjudication.contains(QLatin1String("1")));
        }
        m_dir = std::make_unique<QTemporaryDir>();
        if (!m_server.isEmpty())
            RD_REQUIRE_POSTGRES(m_server);
    }
}

void MergeRequestListTest::filterSearchesTitleRepositoryUrlAndId()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    MergeRequestFilter filter;
    filter.setSourceModel(&model);
    filter.setSearchText(QStringLiteral("PARSER"));
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.parser});
    filter.setSearchText(QStringLiteral("pull/7"));
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.parser});
    filter.setSearchText(QStringLiteral("src/app"));
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.cache, m_fixture.empty}));
    filter.setSearchText(QStringLiteral("src/app empty"));
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.empty});
    filter.setSearchText(QString::number(m_fixture.big));
    QVERIFY(shownIds(filter).contains(m_fixture.big));
    filter.setSearchText(QString());
    QCOMPARE(filter.rowCount(), 4);
}

void MergeRequestListTest::filtersByLanguageStateAssignmentAdjudicationAndCode()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    QCOMPARE(model.languages(), (QStringList{QStringLiteral("C++"), QStringLiteral("Go"), QStringLiteral("Python")}));
    MergeRequestFilter filter;
    filter.setSourceModel(&model);
    filter.setLanguage(QStringLiteral("C++"));
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.cache, m_fixture.empty}));
    filter.setLanguage({});
    filter.setPrCategory(QStringLiteral("Parsing"));
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.parser, m_fixture.big}));
    filter.setPrCategory({});
    filter.setMyState(MergeRequestFilter::MyState::Unjudged);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.parser, m_fixture.big}));
    filter.setMyState(MergeRequestFilter::MyState::InProgress);
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.cache});
    filter.setMyState(MergeRequestFilter::MyState::Done);
    QVERIFY(shownIds(filter).isEmpty());
    filter.setMyState(MergeRequestFilter::MyState::Any);
    filter.setAssignedToMe(true);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.cache, m_fixture.parser}));
    filter.setAssignedToMe(false);
    filter.setNeedsAdjudication(true);
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.cache});
    filter.setNeedsAdjudication(false);
    filter.setCode(MergeRequestFilter::Code::Without);
    QCOMPARE(shownIds(filter), QList<qint64>{m_fixture.parser});
    filter.setCode(MergeRequestFilter::Code::Available);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.cache, m_fixture.empty, m_fixture.big}));
}

void MergeRequestListTest::sortIsNumericOnCountsAndByFractionOnProgress()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    MergeRequestFilter filter;
    filter.setSourceModel(&model);
    // 0, 2, 3, 12: as text "12" would come before "2".
    filter.sort(MergeRequestListModel::GeneratedColumn, Qt::AscendingOrder);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.empty, m_fixture.parser, m_fixture.cache, m_fixture.big}));
    filter.sort(MergeRequestListModel::GeneratedColumn, Qt::DescendingOrder);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.big, m_fixture.cache, m_fixture.parser, m_fixture.empty}));
    // Progress: alice has 1/4 of cache, 0/2 of parser, 0/12 of big; empty has nothing to judge.
    filter.sort(MergeRequestListModel::ProgressColumn, Qt::DescendingOrder);
    QCOMPARE(shownIds(filter).first(), m_fixture.cache);
    QCOMPARE(shownIds(filter).last(), m_fixture.empty);
    filter.sort(MergeRequestListModel::TitleColumn, Qt::AscendingOrder);
    QCOMPARE(shownIds(filter), (QList<qint64>{m_fixture.cache, m_fixture.big, m_fixture.empty, m_fixture.parser}));
}

void MergeRequestListTest::rowCountsChangeAfterAJudgement()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    const int row = model.rowOf(m_fixture.parser);
    QCOMPARE(model.index(row, MergeRequestListModel::ProgressColumn).data().toString(), QStringLiteral("0 / 2"));
    QVERIFY(s->openMergeRequest(m_fixture.parser));
    QSignalSpy refreshed(&model, &MergeRequestListModel::rowRefreshed);
    QVERIFY(s->judging()->setVerdict(m_fixture.parserComments[0], Verdict::Reject));
    QVERIFY(!refreshed.isEmpty() || refreshed.wait());
    QCOMPARE(refreshed.last().at(0).toLongLong(), m_fixture.parser);
    QCOMPARE(model.index(row, MergeRequestListModel::ProgressColumn).data().toString(), QStringLiteral("1 / 2"));
    QCOMPARE(model.index(row, MergeRequestListModel::ProgressColumn).data(MergeRequestListModel::ProgressRole).toDouble(), 0.5);
    QVERIFY(model.index(row, 0).data(MergeRequestListModel::CurrentRole).toBool());
}

void MergeRequestListTest::openingAWorkspaceReadsTheListOnce()
{
    ReviewSession s;
    MergeRequestListModel model(&s);
    QCOMPARE(model.rowCount(), 0);
    QSignalSpy refreshed(&model, &MergeRequestListModel::summariesRefreshed);
    auto store = openStore();
    QVERIFY(store);
    m_fixture = fill(*store);
    // Workspace, team, merge requests and annotator all change here.
    s.setStore(std::move(store));
    QVERIFY(s.setAnnotator(Alice));
    QVERIFY(refreshed.wait());
    QCoreApplication::processEvents(); // anything else queued would run now
    QCOMPARE(refreshed.size(), 1);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.summary(model.rowOf(m_fixture.cache))->judged, 1); // alice's, read after she was set
}

void MergeRequestListTest::navigationFollowsTheShownOrder()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    MergeRequestFilter filter;
    filter.setSourceModel(&model);
    filter.sort(MergeRequestListModel::GeneratedColumn, Qt::DescendingOrder); // big, cache, parser, empty
    QCOMPARE(filter.neighbour(m_fixture.cache, +1), m_fixture.parser);
    QCOMPARE(filter.neighbour(m_fixture.cache, -1), m_fixture.big);
    QCOMPARE(filter.neighbour(m_fixture.empty, +1), std::nullopt);
    QCOMPARE(filter.neighbour(0, +1), m_fixture.big);  // from none: the first
    QCOMPARE(filter.neighbour(0, -1), m_fixture.empty); // or the last
    filter.setCode(MergeRequestFilter::Code::Available); // big, cache, empty
    QCOMPARE(filter.neighbour(m_fixture.cache, +1), m_fixture.empty);
}

void MergeRequestListTest::nextUnjudgedStaysInTheAnnotatorsQueue()
{
    auto s = session(false);
    QVERIFY(s);
    MergeRequestListModel model(s.get());
    MergeRequestFilter filter;
    filter.setSourceModel(&model);
    filter.sort(MergeRequestListModel::IdColumn, Qt::AscendingOrder);
    QVERIFY(model.hasAssignmentsForMe());
    // Alice is assigned cache and parser: big (unjudged, not hers) is skipped.
    QCOMPARE(filter.nextUnjudged(m_fixture.cache), m_fixture.parser);
    QCOMPARE(filter.nextUnjudged(m_fixture.parser), m_fixture.cache); // wraps round
    QCOMPARE(filter.nextUnjudged(0), m_fixture.cache);
    // Without assignments to her, every merge request is in her queue.
    QVERIFY(s->store()->unassign(m_fixture.cache, Alice));
    QVERIFY(s->store()->unassign(m_fixture.parser, Alice));
    model.refreshSummaries();
    QVERIFY(!model.hasAssignmentsForMe());
    QCOMPARE(filter.nextUnjudged(m_fixture.parser), m_fixture.big);
    QCOMPARE(filter.nextUnjudged(m_fixture.big), m_fixture.cache);
}

QTEST_GUILESS_MAIN(MergeRequestListTest)
#include "tst_mergerequestlist.moc"
