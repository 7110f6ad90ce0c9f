// RunService: the session's review runs — stored in the open merge request,
// started and cancelled one by one while their journals keep them
// resumable, and refused when there is nothing to run on.

#include <JudgingService.h>
#include <ReviewSession.h>
#include <RevisionService.h>
#include <RunService.h>

#include "FakeLlmServer.h"
#include "Scenarios.h"
#include "SessionFixture.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

ReviewComment found(const QString &issue, int line)
{
    return commentAt(QStringLiteral("src/compute.cpp"), line, issue);
}

} // namespace

class RunServiceTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_root;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        buildScenarios(m_root.path(), {"modified"});
    }

    void aStoredRunAndItsCommentsJoinTheOpenMergeRequest()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("store.rdw")), true));
        QVERIFY(session.openMergeRequest(addReviewedMergeRequest(*session.store(), QStringLiteral("feature"))));
        RunRecord record;
        record.config.reviewer.model = QStringLiteral("qwen");
        record.comments = {found(QStringLiteral("Overflow when size is zero"), 44), found(QStringLiteral("Unchecked return of read"), 50)};
        QSignalSpy runs(session.document(), &MergeRequestDocument::runsChanged);
        QSignalSpy listed(session.document(), &MergeRequestDocument::commentsChanged);
        QSignalSpy progress(session.judging(), &JudgingService::progressChanged);
        int commentsWhenListed = -1;
        connect(session.document(), &MergeRequestDocument::commentsChanged, this, [&] { commentsWhenListed = static_cast<int>(session.comments().size()); });

        const auto id = session.reviewing()->storeRun(record);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        QCOMPARE(session.runs().size(), 1);
        QCOMPARE(session.runs().constFirst().id, *id);
        QCOMPARE(session.runs().constFirst().model, QStringLiteral("qwen"));
        QCOMPARE(session.comments().size(), 2);
        QCOMPARE(commentsWhenListed, 2);
        QCOMPARE(runs.count(), 1);
        QCOMPARE(listed.count(), 1);
        QCOMPARE(progress.count(), 1);
        QCOMPARE(session.judging()->mergeRequestProgress().total, 2);
    }

    // A run of the window reviews the merge request's current revision, and its record says so.
    void aStoredRunRecordsTheRevisionItReviewed()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("revision.rdw")), true));
        MergeRequestEntry entry;
        entry.repository = m_root.filePath(QStringLiteral("modified"));
        entry.base = QStringLiteral("main");
        entry.head = QStringLiteral("feature");
        const auto mr = session.store()->addMergeRequest(entry);
        QVERIFY(mr);
        QVERIFY(session.openMergeRequest(*mr));
        QCOMPARE(session.revisions()->currentRevision(), 1);
        RunRecord record;
        record.config.reviewer.model = QStringLiteral("qwen");
        record.comments = {found(QStringLiteral("Overflow when size is zero"), 44)};
        const auto id = session.reviewing()->storeRun(record);
        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        const auto stored = session.store()->run(*id);
        QVERIFY(stored);
        QCOMPARE(stored->revisionFrom, 0);
        QCOMPARE(stored->revisionTo, 1);
        QVERIFY2(stored->record.contains("\"revisions\""), stored->record.left(400).constData());
    }

    void storingARunWithoutAnOpenMergeRequestIsRefused()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("refused.rdw")), true));
        QSignalSpy runs(session.document(), &MergeRequestDocument::runsChanged);
        const auto refused = session.reviewing()->storeRun(RunRecord{});
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, Error::Kind::Usage);
        QVERIFY(runs.isEmpty());
    }

    void resumingAJournalThatIsNotThereIsRefused()
    {
        ReviewSession session;
        QTemporaryDir journals;
        session.reviewing()->setRunJournalFolder(journals.path());
        QCOMPARE(session.reviewing()->runJournalFolder(), journals.path());
        QVERIFY(session.reviewing()->resumableRuns().isEmpty());
        QSignalSpy started(session.reviewing(), &RunService::reviewStarted);
        QVERIFY(!session.reviewing()->resumeRun(journals.filePath(QStringLiteral("no-such-run.jsonl"))));
        QVERIFY(!session.reviewing()->isReviewing());
        QVERIFY(started.isEmpty());
    }

    void aCancelledRunIsStoredAndItsJournalStaysResumable()
    {
        ReviewSession session;
        QTemporaryDir journals;
        session.reviewing()->setRunJournalFolder(journals.path());
        QVERIFY(session.openWorkspace(m_root.filePath(QStringLiteral("cancel.rdw")), true));
        QSignalSpy sliced(&session, &ReviewSession::slicingFinished);
        QVERIFY(session.loadMergeRequest({m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}}, {}));
        QVERIFY(sliced.wait(60000));
        QVERIFY(session.slices());

        FakeLlmServer server;
        server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"), 50, 20, 100); });
        RunConfig config;
        config.reviewers = 1;
        config.reviewer.endpoint = server.endpoint();
        config.reviewer.model = QStringLiteral("fake");
        QSignalSpy active(session.reviewing(), &RunService::activeReviewsChanged);
        QSignalSpy finished(session.reviewing(), &RunService::reviewFinished);
        QVERIFY(session.reviewing()->startReview(config));
        QCOMPARE(active.count(), 1);
        QCOMPARE(session.reviewing()->activeReviews().size(), 1);
        const int id = session.reviewing()->activeReviews().constFirst().id;
        QVERIFY(!session.reviewing()->activeReviews().constFirst().replay);
        QCOMPARE(session.reviewing()->resumableRuns().size(), 1); // journalled from the start

        session.reviewing()->cancelRun(id);
        QVERIFY(finished.wait(60000));
        QVERIFY(session.reviewing()->activeReviews().isEmpty());
        QVERIFY(session.reviewing()->lastRun());
        QVERIFY(session.reviewing()->lastRun()->cancelled);
        QCOMPARE(session.runs().size(), 1);
        const QList<JournalEntry> resumable = session.reviewing()->resumableRuns();
        QCOMPARE(resumable.size(), 1);
        QVERIFY(!resumable.constFirst().finished);
    }
};

QTEST_GUILESS_MAIN(RunServiceTest)
#include "tst_runservice.moc"
