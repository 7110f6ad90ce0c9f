// The window while the workspace cannot store decisions: the throwaway
// PostgreSQL server restarted under the window's judging, and an SQLite
// workspace that turns read-only. The status bar shows the decisions as
// pending with the problem and the delay before the next try; a dialog
// names the problem when the tries give up; every decision is stored once
// the fault is over.

#include <JudgingService.h>
#include <JudgingStatus.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <PendingDecisions.h>
#include <PendingNotice.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>
#include <WorkspaceActions.h>

#include "SessionFixture.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

class PendingNoticeTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    QList<qint64> m_comments;

    // The window on a workspace at `location` with a merge request of
    // `count` comments open, judged by ada.
    bool openWindow(const QString &location, int count)
    {
        m_window = std::make_unique<MainWindow>();
        m_window->resize(1200, 800);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()) || !m_window->openWorkspace(location, true))
            return false;
        ReviewSession *session = m_window->session();
        QList<ReviewComment> comments;
        for (int i = 0; i < count; ++i)
            comments << test::commentAt(QStringLiteral("a.cpp"), 10 + i, QStringLiteral("issue %1").arg(i));
        const qint64 mr = test::addReviewedMergeRequest(*session->store(), QStringLiteral("feature"), comments);
        if (!mr || !session->setAnnotator(QStringLiteral("ada")) || !session->openMergeRequest(mr))
            return false;
        m_comments.clear();
        for (const StoredComment &c : session->comments())
            m_comments << c.id;
        return m_comments.size() == count;
    }
    PendingDecisions *pending() const { return m_window->session()->judging()->pending(); }
    QString status() const { return test::judging(*m_window)->status()->text(); }
    QMessageBox *dialog() const { return m_window->findChild<QMessageBox *>(QStringLiteral("storingFailedDialog")); }
    int storedCount(const QString &location) const
    {
        auto store = SqlWorkspaceStore::open(location);
        if (!store)
            return -1;
        auto all = (*store)->judgements({}, QStringLiteral("ada"));
        return all ? static_cast<int>(all->size()) : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QSettings().clear();
    }

    void cleanup() { m_window.reset(); }

    void theWindowShowsDecisionsPendingWhileTheServerRestartsThenStoresEveryOne()
    {
        testpg::OwnServer server;
        RD_REQUIRE_OWN_POSTGRES(server);
        const QString location = server.freshDatabase();
        QVERIFY2(!location.isEmpty(), qPrintable(server.why()));
        QVERIFY(openWindow(location, 8));
        JudgingService *judging = m_window->session()->judging();
        pending()->setRetryDelays(500, 500); // shown as "0.5 s"; the test waits for the signals, not the time
        pending()->setMaxAttempts(100000);
        int decisions = 0;
        for (int i = 0; i < 3; ++i, ++decisions)
            QVERIFY(judging->setVerdict(m_comments.at(i), Verdict::Accept));
        QVERIFY(!status().contains(QLatin1String("Pending")));

        QVERIFY2(server.down(), qPrintable(server.why()));
        for (int i = 3; i < 7; ++i, ++decisions)
            QVERIFY(judging->setVerdict(m_comments.at(i), Verdict::Reject));
        QVERIFY2(status().contains(QLatin1String("Pending: 4 not stored yet")), qPrintable(status()));
        QVERIFY2(status().contains(QLatin1String("the connection to the server failed")), qPrintable(status()));
        QVERIFY2(status().contains(QStringLiteral("reconnecting in 0.5 s…")), qPrintable(status()));
        QVERIFY(!dialog()); // a fault being waited out asks nothing

        QVERIFY2(server.up(), qPrintable(server.why()));
        QSignalSpy retried(pending(), &PendingDecisions::retried);
        while (!pending()->isEmpty())
            QVERIFY(retried.wait(120000));
        QVERIFY2(!status().contains(QLatin1String("Pending")), qPrintable(status()));
        QVERIFY(judging->setVerdict(m_comments.at(7), Verdict::Unsure));
        ++decisions;
        const int stored = storedCount(location);
        QCOMPARE(stored, decisions);
        qInfo("server restarted under the window's judging: %d decisions, %d stored, %d lost", decisions, stored, decisions - stored);
    }

    void aReadOnlyWorkspaceShowsPendingThenADialogNamingItAndTryAgainStoresThem()
    {
        const QString file = m_dir.filePath(QStringLiteral("ro.rdw"));
        QVERIFY(openWindow(file, 2));
        auto *store = dynamic_cast<SqlWorkspaceStore *>(m_window->session()->store());
        QVERIFY(store);
        pending()->setRetryDelays(1, 1);
        pending()->setMaxAttempts(2);
        QVERIFY(store->setReadOnlyForTesting(true));
        QSignalSpy failed(pending(), &PendingDecisions::storingFailed);
        QVERIFY(m_window->session()->judging()->setVerdict(m_comments.at(0), Verdict::Accept));
        QVERIFY2(status().contains(QLatin1String("Pending: 1 not stored yet")), qPrintable(status()));
        QVERIFY2(status().contains(QLatin1String("is read-only")), qPrintable(status()));
        QVERIFY2(status().contains(QStringLiteral("trying again in")), qPrintable(status()));
        QVERIFY(failed.wait(60000));
        QMessageBox *box = dialog();
        QVERIFY(box);
        QVERIFY2(box->text().contains(QLatin1String("is read-only")) && box->text().contains(file), qPrintable(box->text()));
        QVERIFY2(status().contains(QLatin1String("stopped trying")), qPrintable(status()));
        QCOMPARE(pending()->size(), 1);

        QVERIFY(store->setReadOnlyForTesting(false));
        auto *again = box->findChild<QPushButton *>(QStringLiteral("tryAgain"));
        QVERIFY(again);
        again->click();
        QVERIFY(pending()->isEmpty());
        QCOMPARE(storedCount(file), 1);
        QVERIFY2(!status().contains(QLatin1String("Pending")), qPrintable(status()));
    }
};

QTEST_MAIN(PendingNoticeTest)
#include "tst_pendingnotice.moc"
