// Decisions the workspace could not store yet (JudgingService::pending()):
// the throwaway PostgreSQL server taken away and brought back under the
// session's judging, an SQLite file that fills up or turns read-only, and
// the bounded, growing delays between tries. Nothing a session accepted is
// lost: every decision is counted in the workspace afterwards.

#include <CommentListModel.h>
#include <JudgingService.h>
#include <PendingDecisions.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>
#include <WorkspaceChecks.h>

#include "SessionFixture.h"

#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using rd::test::integrityCheck;

namespace {

// What another client reads from the workspace: comment -> verdict.
QHash<qint64, Verdict> storedVerdicts(const QString &location, const QString &annotator)
{
    QHash<qint64, Verdict> verdicts;
    auto store = SqlWorkspaceStore::open(location);
    if (!store)
        return verdicts;
    if (auto all = (*store)->judgements({}, annotator))
        for (const Judgement &j : *all)
            if (j.verdict)
                verdicts.insert(j.comment, *j.verdict);
    return verdicts;
}

// Waits (on the signal, never on a clock) until every decision is stored.
bool waitUntilAllStored(PendingDecisions *pending)
{
    QSignalSpy retried(pending, &PendingDecisions::retried);
    while (!pending->isEmpty())
        if (!retried.wait(120000))
            return false;
    return true;
}

} // namespace

class PendingDecisionsTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    // A session judged by alice on a workspace at `location` with one merge
    // request of `count` comments, open.
    std::unique_ptr<ReviewSession> openSession(const QString &location, int count)
    {
        auto session = std::make_unique<ReviewSession>();
        if (!session->openWorkspace(location, true))
            return nullptr;
        QList<ReviewComment> comments;
        for (int i = 0; i < count; ++i)
            comments << test::commentAt(QStringLiteral("a.cpp"), 10 + i, QStringLiteral("issue %1").arg(i));
        const qint64 mr = test::addReviewedMergeRequest(*session->store(), QStringLiteral("feature"), comments);
        if (!mr || !session->setAnnotator(QStringLiteral("alice")) || !session->openMergeRequest(mr))
            return nullptr;
        return session;
    }
    QString newFile() { return m_dir.filePath(QStringLiteral("p%1.rdw").arg(++m_files)); }
    static SqlWorkspaceStore *sqlStore(ReviewSession &session) { return dynamic_cast<SqlWorkspaceStore *>(session.store()); }

private Q_SLOTS:
    void retryDelaysDoubleFromTheFirstUpToTheLongest()
    {
        QCOMPARE(PendingDecisions::retryDelayMs(1, 1000, 30000), 1000);
        QCOMPARE(PendingDecisions::retryDelayMs(2, 1000, 30000), 2000);
        QCOMPARE(PendingDecisions::retryDelayMs(3, 1000, 30000), 4000);
        QCOMPARE(PendingDecisions::retryDelayMs(6, 1000, 30000), 30000);
        QCOMPARE(PendingDecisions::retryDelayMs(60, 1000, 30000), 30000);
    }

    void aDecisionRefusedForGoodIsReturnedNotKeptPending()
    {
        auto session = openSession(newFile(), 1);
        QVERIFY(session);
        Judgement j;
        j.comment = 999999; // no such comment: no retry can store it
        j.verdict = Verdict::Accept;
        QVERIFY(!session->judging()->judge(j));
        QVERIFY(session->judging()->pending()->isEmpty());
    }

    void decisionsMadeWhileTheServerIsDownArePendingThenAllStoredInOrderAfterItComesBack()
    {
        testpg::OwnServer server;
        RD_REQUIRE_OWN_POSTGRES(server);
        const QString location = server.freshDatabase();
        QVERIFY2(!location.isEmpty(), qPrintable(server.why()));
        auto session = openSession(location, 6);
        QVERIFY(session);
        PendingDecisions *pending = session->judging()->pending();
        // Short delays, and tries enough for the server's start.
        pending->setRetryDelays(20, 200);
        pending->setMaxAttempts(100000);
        const QList<StoredComment> comments = session->comments();
        QHash<qint64, Verdict> decided;
        const auto decide = [&](int i, Verdict v) {
            decided.insert(comments.at(i).id, v);
            return session->judging()->setVerdict(comments.at(i).id, v);
        };
        QVERIFY(decide(0, Verdict::Accept));
        QVERIFY(decide(1, Verdict::Reject));
        QVERIFY(pending->isEmpty());

        QVERIFY2(server.down(), qPrintable(server.why()));
        QSignalSpy scheduled(pending, &PendingDecisions::retryScheduled);
        QSignalSpy changed(session->judging(), &JudgingService::pendingChanged);
        QVERIFY(decide(2, Verdict::Accept)); // accepted as pending, not refused
        QVERIFY(decide(3, Verdict::Unsure));
        QVERIFY(decide(4, Verdict::Reject));
        QVERIFY(decide(2, Verdict::Reject)); // changed mind: the later decision must win
        QCOMPARE(pending->size(), 4);
        QVERIFY(pending->fault());
        QCOMPARE(pending->fault()->fault, Error::Fault::ServerLost);
        QVERIFY2(pending->fault()->message.contains(QLatin1String("the connection to the server failed")), qPrintable(pending->fault()->message));
        QCOMPARE(pending->pendingFor(comments.at(2).id)->verdict, Verdict::Reject);
        QVERIFY(!scheduled.isEmpty());
        QCOMPARE(scheduled.constFirst().at(1).toInt(), 20); // the delay shown
        QVERIFY(changed.count() >= 4); // each shown (as pending) at once

        QVERIFY2(server.up(), qPrintable(server.why()));
        QVERIFY(waitUntilAllStored(pending));
        QVERIFY(!pending->fault());
        QCOMPARE(session->judgement(comments.at(2).id)->verdict, Verdict::Reject);

        const QHash<qint64, Verdict> stored = storedVerdicts(location, QStringLiteral("alice"));
        QCOMPARE(stored, decided);
        qInfo("server restarted under the session: %lld decisions, %lld stored, %lld lost", static_cast<long long>(decided.size()),
              static_cast<long long>(stored.size()), static_cast<long long>(decided.size() - stored.size()));
        // Judging goes on on the new connection.
        QVERIFY(decide(5, Verdict::Accept));
        QVERIFY(pending->isEmpty());
        QCOMPARE(storedVerdicts(location, QStringLiteral("alice")).value(comments.at(5).id), Verdict::Accept);
    }

    void aFullDiskKeepsDecisionsPendingNamesTheFileAndStoresThemOnceThereIsRoom()
    {
        const QString file = newFile();
        auto session = openSession(file, 3);
        QVERIFY(session);
        PendingDecisions *pending = session->judging()->pending();
        pending->setRetryDelays(1, 1);
        pending->setMaxAttempts(3);
        const QList<StoredComment> comments = session->comments();
        QVERIFY(session->judging()->setVerdict(comments.at(0).id, Verdict::Accept));

        // The file may not grow: a change that needs a new page gets SQLITE_FULL.
        QVERIFY(sqlStore(*session)->setPageLimitForTesting(1));
        Judgement big;
        big.comment = comments.at(1).id;
        big.verdict = Verdict::Reject;
        big.critique = QString(9000, QLatin1Char('x'));
        QSignalSpy failed(pending, &PendingDecisions::storingFailed);
        const auto accepted = session->judging()->judge(big);
        QVERIFY2(accepted, accepted ? "" : qPrintable(accepted.error().message));
        QCOMPARE(pending->size(), 1);
        QCOMPARE(pending->fault()->fault, Error::Fault::DiskFull);
        QVERIFY2(pending->fault()->message.contains(QLatin1String("the disk is full")), qPrintable(pending->fault()->message));
        QVERIFY2(pending->fault()->message.contains(file), qPrintable(pending->fault()->message));
        // The tries give up while there is no room: said once, still pending.
        QVERIFY(failed.wait(60000));
        QCOMPARE(failed.count(), 1);
        QCOMPARE(pending->size(), 1);
        // What was shown as stored is in the file, and the file is sound.
        QCOMPARE(integrityCheck(file), QStringLiteral("ok"));
        QCOMPARE(storedVerdicts(file, QStringLiteral("alice")), (QHash<qint64, Verdict>{{comments.at(0).id, Verdict::Accept}}));

        QVERIFY(sqlStore(*session)->setPageLimitForTesting(0)); // room again
        pending->retryNow();
        QVERIFY(pending->isEmpty());
        QCOMPARE(session->judgement(comments.at(1).id)->critique.value_or(QString()).size(), 9000);
        QCOMPARE(storedVerdicts(file, QStringLiteral("alice")).size(), 2);
        QCOMPARE(integrityCheck(file), QStringLiteral("ok"));
    }

    void aReadOnlyWorkspaceKeepsDecisionsPendingUntilItCanBeWrittenAgain()
    {
        const QString file = newFile();
        auto session = openSession(file, 2);
        QVERIFY(session);
        PendingDecisions *pending = session->judging()->pending();
        pending->setRetryDelays(1, 1);
        pending->setMaxAttempts(100000);
        const QList<StoredComment> comments = session->comments();
        QVERIFY(sqlStore(*session)->setReadOnlyForTesting(true));
        QVERIFY(session->judging()->setVerdict(comments.at(0).id, Verdict::Accept));
        QVERIFY(session->judging()->setVerdict(comments.at(1).id, Verdict::Reject));
        QCOMPARE(pending->size(), 2);
        // The Comments panel's list says which verdicts wait.
        CommentListModel list(session.get());
        QCOMPARE(list.data(list.index(0, CommentListModel::VerdictColumn)).toString(), QStringLiteral("accept (pending)"));
        QCOMPARE(pending->fault()->fault, Error::Fault::ReadOnly);
        QVERIFY2(pending->fault()->message.contains(QLatin1String("is read-only")), qPrintable(pending->fault()->message));
        QVERIFY(storedVerdicts(file, QStringLiteral("alice")).isEmpty());

        QVERIFY(sqlStore(*session)->setReadOnlyForTesting(false));
        QVERIFY(waitUntilAllStored(pending));
        QCOMPARE(list.data(list.index(0, CommentListModel::VerdictColumn)).toString(), QStringLiteral("accept"));
        QCOMPARE(storedVerdicts(file, QStringLiteral("alice")).size(), 2);
        QCOMPARE(integrityCheck(file), QStringLiteral("ok"));
    }

    void triesWaitLongerEachTimeAndGiveUpAfterTheLastWithTheProblem()
    {
        auto session = openSession(newFile(), 1);
        QVERIFY(session);
        PendingDecisions *pending = session->judging()->pending();
        pending->setRetryDelays(5, 20);
        pending->setMaxAttempts(4);
        QVERIFY(sqlStore(*session)->setReadOnlyForTesting(true));
        QSignalSpy scheduled(pending, &PendingDecisions::retryScheduled);
        QSignalSpy failed(pending, &PendingDecisions::storingFailed);
        QVERIFY(session->judging()->setVerdict(session->comments().at(0).id, Verdict::Accept));
        QVERIFY(failed.wait(60000));
        QList<int> delays;
        for (const QList<QVariant> &s : std::as_const(scheduled))
            delays << s.at(1).toInt();
        QCOMPARE(delays, (QList<int>{5, 10, 20, 20}));
        QCOMPARE(pending->attempts(), 4);
        QVERIFY(failed.constFirst().at(0).value<Error>().message.contains(QLatin1String("is read-only")));
        QCOMPARE(pending->size(), 1); // given up on, never dropped
    }
};

QTEST_GUILESS_MAIN(PendingDecisionsTest)
#include "tst_pendingdecisions.moc"
