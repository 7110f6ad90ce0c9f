// The Merge Requests browser in the window (issue 25): the dock and its
// search field, double-click opens, Next / Previous / next unjudged follow
// the browser's order, and a workspace opens on its own merge request or its
// browser, never on one of another workspace.

#include <FileTreeModel.h>
#include <JudgingService.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <MergeRequestBrowser.h>
#include <MergeRequestFilter.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>
#include <Scenarios.h>
#include <SessionFixture.h>
#include <SqlWorkspaceStore.h>
#include <WorkspaceActions.h>

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace rd;

class MergeRequestBrowserTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void workspaceOpenedAfterAnUnrelatedMergeRequestShowsItsBrowserNotTheOther();
    void workspaceReopensOnItsOwnLastMergeRequest();
    void recentMergeRequestKeyIsPerWorkspaceAndHoldsNoPassword();
    void searchFieldFiltersTheList();
    void doubleClickOpensTheMergeRequest();
    void nextAndPreviousFollowTheBrowsersSortOrder();
    void nextUnjudgedSkipsWhatIsJudgedAndWhatIsNotMine();
    void viewMenuTogglesTheDock();

private:
    // A workspace file with merge requests without code (open without a repository).
    QString workspaceWithoutCode(const QString &name, int mergeRequests);
    // Opens it in the window and waits for the browser to have read it.
    bool openWorkspace(const QString &path, bool create = false);
    QTemporaryDir m_root;
    MainWindow *m_window = nullptr;
    QList<qint64> m_ids;
};

void MergeRequestBrowserTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    test::buildScenarios(m_root.path(), {"modified", "many-files"});
}

void MergeRequestBrowserTest::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void MergeRequestBrowserTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

QString MergeRequestBrowserTest::workspaceWithoutCode(const QString &name, int mergeRequests)
{
    const QString path = m_root.filePath(name);
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return {};
    m_ids.clear();
    for (int i = 0; i < mergeRequests; ++i) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/nowhere/%1").arg(name);
        e.base = QStringLiteral("base%1").arg(i);
        e.head = QStringLiteral("head%1").arg(i);
        e.title = QStringLiteral("Pull request %1").arg(i);
        e.codeLinked = false;
        const qint64 id = (*store)->addMergeRequest(e).value();
        StoredRun run;
        run.mergeRequest = id;
        run.record = "{}";
        (*store)->addRun(run, {test::commentAt(QStringLiteral("a.cpp"), 1, QStringLiteral("one")), test::commentAt(QStringLiteral("a.cpp"), 9, QStringLiteral("two"))})
            .value();
        m_ids << id;
    }
    return path;
}

bool MergeRequestBrowserTest::openWorkspace(const QString &path, bool create)
{
    QSignalSpy refreshed(test::browser(*m_window)->model(), &MergeRequestListModel::summariesRefreshed);
    return m_window->openWorkspace(path, create) && refreshed.wait();
}

void MergeRequestBrowserTest::workspaceOpenedAfterAnUnrelatedMergeRequestShowsItsBrowserNotTheOther()
{
    // The annotator worked in workspace A on many-files…
    QVERIFY(openWorkspace(m_root.filePath(QStringLiteral("a.rdw")), true));
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({m_root.filePath(QStringLiteral("many-files")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    QVERIFY(test::fileModel(*m_window)->rowCount() > 0);
    // …then opens workspace X, where nothing was opened yet.
    const QString x = workspaceWithoutCode(QStringLiteral("x.rdw"), 2);
    QVERIFY(!x.isEmpty());
    QVERIFY(openWorkspace(x));
    // X's browser, and nothing of A's merge request.
    auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("mergeRequestsDock"));
    QVERIFY(dock);
    QVERIFY(dock->isVisible());
    QCOMPARE(test::browser(*m_window)->model()->rowCount(), 2);
    QCOMPARE(test::fileModel(*m_window)->rowCount(), 0);
    QVERIFY(!m_window->session()->currentMergeRequest());
    QVERIFY(!m_window->isOpening());
    QTRY_COMPARE(m_window->focusWidget(), static_cast<QWidget *>(test::browser(*m_window)->search()));
}

void MergeRequestBrowserTest::workspaceReopensOnItsOwnLastMergeRequest()
{
    const QString x = m_root.filePath(QStringLiteral("own.rdw"));
    const QString modified = m_root.filePath(QStringLiteral("modified"));
    QVERIFY(openWorkspace(x, true));
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({modified, QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    // Another workspace, another merge request…
    QVERIFY(openWorkspace(m_root.filePath(QStringLiteral("other.rdw")), true));
    m_window->openMergeRequest({m_root.filePath(QStringLiteral("many-files")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    // …and back: X's own.
    opened.clear();
    QVERIFY(openWorkspace(x));
    QVERIFY(!opened.isEmpty() || opened.wait(10000));
    QCOMPARE(m_window->session()->request().repository, modified);
    QCOMPARE(m_window->session()->currentMergeRequest()->repository, modified);
}

void MergeRequestBrowserTest::recentMergeRequestKeyIsPerWorkspaceAndHoldsNoPassword()
{
    const QString a = WorkspaceActions::recentMergeRequestKey(m_root.filePath(QStringLiteral("a.rdw")));
    const QString b = WorkspaceActions::recentMergeRequestKey(m_root.filePath(QStringLiteral("b.rdw")));
    QVERIFY(a != b);
    const QString withPassword = WorkspaceActions::recentMergeRequestKey(QStringLiteral("postgresql://ann:secret@db.example:5432/team"));
    const QString without = WorkspaceActions::recentMergeRequestKey(QStringLiteral("postgresql://ann@db.example:5432/team"));
    QCOMPARE(withPassword, without);
    QVERIFY(!withPassword.contains(QLatin1String("secret")));
}

void MergeRequestBrowserTest::searchFieldFiltersTheList()
{
    QVERIFY(openWorkspace(workspaceWithoutCode(QStringLiteral("search.rdw"), 12)));
    auto *search = m_window->findChild<QLineEdit *>(QStringLiteral("mergeRequestSearch"));
    QVERIFY(search);
    QTreeView *view = test::browser(*m_window)->view();
    QCOMPARE(view->model()->rowCount(), 12);
    QTest::keyClicks(search, QStringLiteral("request 11"));
    // Merge request 11 (by its id) and "Pull request 11" (id 12).
    QCOMPARE(view->model()->rowCount(), 2);
    search->clear();
    QCOMPARE(view->model()->rowCount(), 12);
    // The progress bars are drawn (a picture for the manual).
    const QImage picture = test::browser(*m_window)->grab().toImage();
    QVERIFY(!picture.isNull());
    picture.save(QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-mergerequestbrowser.png"));
}

void MergeRequestBrowserTest::doubleClickOpensTheMergeRequest()
{
    QVERIFY(openWorkspace(workspaceWithoutCode(QStringLiteral("click.rdw"), 3)));
    QTreeView *view = test::browser(*m_window)->view();
    const QModelIndex second = view->model()->index(1, MergeRequestListModel::TitleColumn);
    QVERIFY(second.isValid());
    const qint64 id = second.data(MergeRequestListModel::MergeRequestIdRole).toLongLong();
    QSignalSpy changed(m_window->session()->document(), &MergeRequestDocument::mergeRequestChanged);
    // As a mouse does it: the first click's press, then the double-click (the
    // view opens only the row both were on).
    const QPoint at = view->visualRect(second).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    QVERIFY(!changed.isEmpty() || changed.wait());
    QCOMPARE(m_window->session()->currentMergeRequestId(), id);
    QVERIFY(second.data(MergeRequestListModel::CurrentRole).toBool());
}

void MergeRequestBrowserTest::nextAndPreviousFollowTheBrowsersSortOrder()
{
    QVERIFY(openWorkspace(workspaceWithoutCode(QStringLiteral("order.rdw"), 3)));
    QAction *next = test::windowAction(*m_window, QStringLiteral("nextMergeRequest"));
    QAction *previous = test::windowAction(*m_window, QStringLiteral("previousMergeRequest"));
    QVERIFY(next && previous);
    QCOMPARE(next->shortcut(), QKeySequence(Qt::ALT | Qt::Key_PageDown));
    // Newest first.
    test::browser(*m_window)->view()->sortByColumn(MergeRequestListModel::IdColumn, Qt::DescendingOrder);
    next->trigger();
    QCOMPARE(m_window->session()->currentMergeRequestId(), m_ids[2]);
    next->trigger();
    QCOMPARE(m_window->session()->currentMergeRequestId(), m_ids[1]);
    next->trigger();
    QCOMPARE(m_window->session()->currentMergeRequestId(), m_ids[0]);
    next->trigger(); // the end: stays
    QCOMPARE(m_window->session()->currentMergeRequestId(), m_ids[0]);
    previous->trigger();
    QCOMPARE(m_window->session()->currentMergeRequestId(), m_ids[1]);
}

void MergeRequestBrowserTest::nextUnjudgedSkipsWhatIsJudgedAndWhatIsNotMine()
{
    const QString path = workspaceWithoutCode(QStringLiteral("queue.rdw"), 4);
    QVERIFY(openWorkspace(path));
    ReviewSession *session = m_window->session();
    QVERIFY(session->setAnnotator(QStringLiteral("alice")));
    // Alice's queue: 0, 1 and 3; 1 is judged to the end; 2 is someone else's.
    QVERIFY(session->store()->assign(m_ids[0], {QStringLiteral("alice")}));
    QVERIFY(session->store()->assign(m_ids[1], {QStringLiteral("alice")}));
    QVERIFY(session->store()->assign(m_ids[2], {QStringLiteral("bob")}));
    QVERIFY(session->store()->assign(m_ids[3], {QStringLiteral("alice")}));
    QVERIFY(session->openMergeRequest(m_ids[1]));
    for (const StoredComment &c : session->comments())
        QVERIFY(session->judging()->setVerdict(c.id, Verdict::Accept));
    test::browser(*m_window)->model()->refreshSummaries(); // the assignments were made behind the session's back
    QVERIFY(session->openMergeRequest(m_ids[0]));
    QAction *nextUnjudged = test::windowAction(*m_window, QStringLiteral("nextUnjudgedMergeRequest"));
    QVERIFY(nextUnjudged);
    nextUnjudged->trigger();
    QCOMPARE(session->currentMergeRequestId(), m_ids[3]);
    nextUnjudged->trigger(); // round to the first
    QCOMPARE(session->currentMergeRequestId(), m_ids[0]);
}

void MergeRequestBrowserTest::viewMenuTogglesTheDock()
{
    // View > Panels > Merge Requests; View > Merge Requests (Ctrl+Shift+B) only brings it forward (tst_tour).
    QAction *toggle = test::windowAction(*m_window, QStringLiteral("showMergeRequestsPanel"));
    QVERIFY(toggle);
    auto *dock = m_window->findChild<QDockWidget *>(QStringLiteral("mergeRequestsDock"));
    const bool before = dock->isVisible();
    toggle->trigger();
    QCOMPARE(dock->isVisible(), !before);
    toggle->trigger();
    QCOMPARE(dock->isVisible(), before);
}

QTEST_MAIN(MergeRequestBrowserTest)
#include "tst_mergerequestbrowser.moc"
