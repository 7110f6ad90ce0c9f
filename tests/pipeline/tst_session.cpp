// The session without any widget: it opens a merge request, slices it and
// runs a review in the background, stores the run in the workspace and says
// so through its signals.
#include <LlmClient.h>
#include <RunService.h>
#include <ReviewSession.h>

#include "FakeLlmServer.h"
#include "Scenarios.h"
#include "SessionFixture.h"

#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class SessionTest : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void opensSlicesReviewsAndStoresTheRun();
    void aRevisionThatIsNotThereFailsAndKeepsTheDiff();
    void reviewWithoutAMergeRequestIsRefused();
    void reloadingAStoredMergeRequestsDiffLeavesTheListUnchanged();
    void aWorkspaceFoundDamagedAfterOpeningIsClosedWithTheReason();

private:
    MergeRequestRequest request(const QString &base = QStringLiteral("main")) const
    {
        return {m_root.filePath(QStringLiteral("modified")), base, QStringLiteral("feature"), false, {}, {}};
    }
    QTemporaryDir m_root;
};

void SessionTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    buildScenarios(m_root.path(), {"modified"});
}

void SessionTest::opensSlicesReviewsAndStoresTheRun()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("review.rdw")), true));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    QSignalSpy loaded(&session, &ReviewSession::mergeRequestLoaded);
    QSignalSpy sliced(&session, &ReviewSession::slicingFinished);
    QVERIFY(session.loadMergeRequest(request(), {}));
    QVERIFY(loaded.wait(30000));
    QCOMPARE(loaded.count(), 1);
    QVERIFY(session.diff());
    QVERIFY(!session.diff()->files.isEmpty());
    QCOMPARE(session.request().repository, request().repository);
    // The merge request is entered in the workspace and open there.
    QCOMPARE(session.mergeRequests().size(), 1);
    QCOMPARE(session.currentMergeRequestId(), session.mergeRequests().first().id);

    if (sliced.isEmpty())
        QVERIFY(sliced.wait(60000));
    QVERIFY(session.slices());
    QVERIFY(!session.slices()->slices.isEmpty());
    QVERIFY(!session.isSlicing());

    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) {
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/compute.cpp\",\"line_start\":44,\"issue\":\"clamping hides an overflow\","
                                                        "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}"),
                                         50, 20, 100);
    });
    RunConfig config;
    config.reviewers = 1;
    config.reviewer.endpoint = server.endpoint();
    config.reviewer.model = QStringLiteral("fake");
    QSignalSpy started(session.reviewing(), &RunService::reviewStarted);
    QSignalSpy progressed(session.reviewing(), &RunService::reviewProgressed);
    QSignalSpy reviewed(session.reviewing(), &RunService::reviewFinished);
    QSignalSpy runs(session.document(), &MergeRequestDocument::runsChanged);
    const auto begun = session.reviewing()->startReview(config);
    QVERIFY2(begun, begun ? "" : qPrintable(begun.error().message));
    QCOMPARE(started.count(), 1);
    QVERIFY(session.reviewing()->isReviewing()); // the caller did not wait (answers need this thread's event loop)
    // A second run starts beside the first, each listed with its own id.
    QVERIFY(session.reviewing()->startReview(config));
    QCOMPARE(session.reviewing()->activeReviews().size(), 2);
    QVERIFY(session.reviewing()->activeReviews()[0].id != session.reviewing()->activeReviews()[1].id);
    QTRY_COMPARE_WITH_TIMEOUT(reviewed.count(), 2, 60000);
    QVERIFY(session.reviewing()->activeReviews().isEmpty());
    QVERIFY(!session.reviewing()->isReviewing());
    QVERIFY(!progressed.isEmpty());
    QVERIFY(session.reviewing()->lastRun());
    QCOMPARE(session.reviewing()->lastRun()->failedRequests(), 0);
    QVERIFY(session.reviewing()->lastRunStoreError().isEmpty());
    // Stored before the signal: the runs and their comments are the session's.
    QCOMPARE(runs.count(), 2);
    QCOMPARE(session.runs().size(), 2);
    QVERIFY(std::any_of(session.comments().begin(), session.comments().end(),
                        [](const StoredComment &c) { return c.comment.issue == QLatin1String("clamping hides an overflow"); }));

    // Another token budget: the merge request is sliced again with it, then reviewed.
    QCOMPARE(session.sliceTokenBudget(), DefaultSliceTokenBudget);
    const auto defaultSlices = session.slices();
    sliced.clear();
    started.clear();
    reviewed.clear();
    QSignalSpy slicing(&session, &ReviewSession::slicingStarted);
    config.tokenBudget = 600;
    QVERIFY(session.reviewing()->startReview(config));
    QCOMPARE(slicing.count(), 1);
    QVERIFY(!session.slices()); // the old ones are gone
    QVERIFY(session.reviewing()->isReviewing()); // a second run is refused meanwhile
    QVERIFY(!session.reviewing()->startReview(config));
    QVERIFY(started.isEmpty());
    QVERIFY(reviewed.wait(60000));
    QCOMPARE(sliced.count(), 1);
    QCOMPARE(started.count(), 1);
    QCOMPARE(session.sliceTokenBudget(), 600);
    QVERIFY(session.slices());
    QVERIFY(session.slices() != defaultSlices);
    QCOMPARE(session.reviewing()->lastRun()->config.tokenBudget, 600);
    QCOMPARE(session.runs().size(), 3);
}

void SessionTest::aRevisionThatIsNotThereFailsAndKeepsTheDiff()
{
    ReviewSession session;
    QSignalSpy loaded(&session, &ReviewSession::mergeRequestLoaded);
    QSignalSpy failed(&session, &ReviewSession::loadFailed);
    QVERIFY(session.loadMergeRequest(request(), {}));
    QVERIFY(loaded.wait(30000));
    const auto before = session.diff();
    QVERIFY(before);
    QVERIFY(session.loadMergeRequest(request(QStringLiteral("no-such-branch")), {}));
    QVERIFY(failed.wait(30000));
    QVERIFY2(failed.first().first().toString().contains(QLatin1String("no-such-branch")), qPrintable(failed.first().first().toString()));
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(session.diff(), before);
    QCOMPARE(session.loadingRequest().base, QStringLiteral("no-such-branch"));
    QCOMPARE(session.request().base, QStringLiteral("main"));
}

void SessionTest::reviewWithoutAMergeRequestIsRefused()
{
    ReviewSession session;
    QSignalSpy started(session.reviewing(), &RunService::reviewStarted);
    QVERIFY(!session.reviewing()->startReview(RunConfig{}));
    QVERIFY(!session.reviewing()->isReviewing());
    QVERIFY(started.isEmpty());
}

// The window loads the diff of a stored merge request at every switch: the
// merge request is in the workspace already, so the list has not changed
// (mergeRequestsChanged made the Merge Requests browser read every merge
// request's summary again at each switch, 1,000 of them in bench_window).
void SessionTest::reloadingAStoredMergeRequestsDiffLeavesTheListUnchanged()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("reload.rdw")), true));
    QSignalSpy loaded(&session, &ReviewSession::mergeRequestLoaded);
    QSignalSpy listChanged(&session, &ReviewSession::mergeRequestsChanged);
    QVERIFY(session.loadMergeRequest(request(), {}));
    QVERIFY(loaded.wait(30000));
    QCOMPARE(listChanged.count(), 1); // a new merge request: the list has one more
    MergeRequestEntry other;
    other.repository = request().repository;
    other.base = QStringLiteral("main");
    other.head = QStringLiteral("other");
    const auto otherId = session.store()->addMergeRequest(other);
    QVERIFY(otherId);
    QVERIFY(session.openMergeRequest(*otherId));
    // Back to the first, as the window switches: it is stored already.
    const int before = static_cast<int>(listChanged.count());
    QVERIFY(session.loadMergeRequest(request(), {}));
    QVERIFY(loaded.wait(30000));
    QCOMPARE(session.mergeRequests().size(), 2);
    QCOMPARE(listChanged.count(), before);
}

// The window opens a workspace without reading every page first (a third of
// a second on a large one); the damage check follows on another thread, and
// a damaged workspace is closed with the reason.
void SessionTest::aWorkspaceFoundDamagedAfterOpeningIsClosedWithTheReason()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("damaged.rdw"));
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        QList<ReviewComment> comments;
        for (int i = 0; i < 400; ++i)
            comments << commentAt(QStringLiteral("a.cpp"), i + 1, QStringLiteral("A long enough issue text to fill pages: %1").arg(i).repeated(8));
        QVERIFY(addReviewedMergeRequest(**store, QStringLiteral("topic"), comments));
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("checkpoint"));
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QSqlQuery(db).exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
        db.close();
    }
    QSqlDatabase::removeDatabase(QStringLiteral("checkpoint"));
    // Scribble over the last third of the pages: the schema and the settings
    // (the first pages) stay readable, the comments do not.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    const qint64 size = file.size();
    QVERIFY(size > 64 * 1024);
    QVERIFY(file.seek(size - size / 3));
    QVERIFY(file.write(QByteArray(size / 3, '\x5a')) == size / 3);
    file.close();
    QVERIFY(!SqlWorkspaceStore::open(path)); // checked at once, it is refused

    ReviewSession session;
    QSignalSpy damaged(&session, &ReviewSession::workspaceDamaged);
    QVERIFY(session.openWorkspace(path));
    QVERIFY(damaged.wait(10000));
    const QString message = damaged.first().first().toString();
    QVERIFY2(message.contains(QLatin1String("is damaged")) && message.contains(QLatin1String("damaged.rdw")), qPrintable(message));
    QVERIFY(!session.hasWorkspace());
}

QTEST_GUILESS_MAIN(SessionTest)
#include "tst_session.moc"
