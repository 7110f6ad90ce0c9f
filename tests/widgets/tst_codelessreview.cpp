// A merge request imported without its code, in the window: its comments
// listed in place of the diff with their paths and lines, judged with the
// same keys as the diff, and "Fetch code…" linking it to a clone (the diff
// opens) or naming the revision a clone lacks (nothing changes).

#include <CodelessReviewView.h>
#include <CommentCardText.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <ExchangeActions.h>
#include <GitRepository.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <ReviewSession.h>
#include <Scenarios.h>
#include <SessionFixture.h>
#include <WorkspaceActions.h>

#include <QDir>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

using namespace rd;
using namespace rd::test;

class CodelessReviewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void commentListShowsEachCommentWithItsPathAndLines();
    void aJudgingKeyJudgesTheCurrentCommentAndStoresIt();
    void fetchCodeWithACloneHoldingTheCommitsOpensTheDiff();
    void fetchCodeWithACloneLackingTheCommitsNamesTheRevisionAndChangesNothing();
    void anotherMergeRequestOpenedLeavesNothingOfThisOneToActOn();
    void openingItLaysTheListOutOnce();
    void itsCommentsGetNoCardsOnTheDiffShownBefore();

private:
    QString commit(const QString &revision) const;
    CodelessReviewView *view() const { return test::judging(*m_window)->codelessView(); }
    QMessageBox *visibleBox(const QString &name) const;

    QTemporaryDir m_root;
    MainWindow *m_window = nullptr;
    qint64 m_mergeRequest = 0;
    QList<qint64> m_comments;
};

void CodelessReviewTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    buildScenarios(m_root.path(), {"modified", "many-files"});
}

QString CodelessReviewTest::commit(const QString &revision) const
{
    auto repository = GitRepository::open(m_root.filePath(QStringLiteral("modified")));
    return QString::fromLatin1(repository->resolveCommit(revision)->toHex());
}

QMessageBox *CodelessReviewTest::visibleBox(const QString &name) const
{
    for (auto *box : m_window->findChildren<QMessageBox *>(name))
        if (box->isVisible())
            return box;
    return nullptr;
}

// An AACR-like merge request: a code host's address for its repository,
// commits by hash, two kept comments; then opened from the workspace.
void CodelessReviewTest::init()
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    m_window = new MainWindow;
    m_window->resize(1300, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    const QString workspace = m_root.filePath(QStringLiteral("ws-%1.rdw").arg(QString::fromLatin1(QTest::currentTestFunction())));
    QVERIFY(m_window->openWorkspace(workspace, true));
    MergeRequestEntry e;
    e.repository = QStringLiteral("https://github.com/example/inventory");
    e.url = QStringLiteral("https://github.com/example/inventory/pull/12");
    e.title = QStringLiteral("example/inventory#12");
    e.base = commit(QStringLiteral("main"));
    e.head = commit(QStringLiteral("feature"));
    e.codeLinked = false;
    WorkspaceStore *store = m_window->session()->store();
    m_mergeRequest = *store->addMergeRequest(e);
    ReviewComment first = commentAt(QStringLiteral("src/compute.cpp"), 12, QStringLiteral("The total skips the last item."));
    first.lineEnd = 14;
    first.fix = QStringLiteral("Loop to the end.");
    ReviewComment second = commentAt(QStringLiteral("src/util.h"), 3, QStringLiteral("The header lacks a guard."));
    m_comments = {*store->importComment(m_mergeRequest, first, QStringLiteral("dataset")),
                  *store->importComment(m_mergeRequest, second, QStringLiteral("dataset"))};
    m_window->findChild<ExchangeActions *>()->openStored(m_mergeRequest);
    QTRY_VERIFY(view()->isVisible());
}

void CodelessReviewTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void CodelessReviewTest::commentListShowsEachCommentWithItsPathAndLines()
{
    QVERIFY(!test::diffPane(*m_window)->isVisible()); // the list takes the diff's place
    QVERIFY(view()->note().contains(QLatin1String("https://github.com/example/inventory/pull/12")));
    QCOMPARE(view()->listedComments(), m_comments);
    const QString text = view()->list()->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("src/compute.cpp · lines 12–14")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("src/util.h · line 3")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("The total skips the last item.")));
    QVERIFY(text.contains(QLatin1String("Loop to the end."))); // the suggested fix
    QVERIFY(text.contains(QLatin1String("kept by the pipeline")));
    QVERIFY(m_window->findChild<QPushButton *>(QStringLiteral("fetchCode"))->isVisible());
}

// The window's judging keys act on the session's current comment whether it
// shows a diff or this list: the same path, stored the same way.
void CodelessReviewTest::aJudgingKeyJudgesTheCurrentCommentAndStoresIt()
{
    ReviewSession *session = m_window->session();
    QTest::keyClick(m_window, Qt::Key_J); // Next Comment
    QTRY_COMPARE(session->currentComment(), m_comments[0]);
    QTest::keyClick(m_window, Qt::Key_J);
    QTRY_COMPARE(session->currentComment(), m_comments[1]);
    QTest::keyClick(m_window, Qt::Key_R); // Reject
    const auto stored = session->store()->judgement(m_comments[1], QStringLiteral("ada"));
    QVERIFY(stored && *stored);
    QCOMPARE((*stored)->verdict, Verdict::Reject);
    QVERIFY(!*session->store()->judgement(m_comments[0], QStringLiteral("ada")));
    QVERIFY2(view()->list()->toPlainText().contains(CommentCardText::verdictText(Verdict::Reject)), qPrintable(view()->list()->toPlainText()));
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier); // Undo
    QTRY_VERIFY(!*session->store()->judgement(m_comments[1], QStringLiteral("ada")));
}

void CodelessReviewTest::fetchCodeWithACloneHoldingTheCommitsOpensTheDiff()
{
    ReviewSession *session = m_window->session();
    session->setCurrentComment(m_comments[0]);
    QTest::keyClick(m_window, Qt::Key_A);
    const QString clone = m_root.filePath(QStringLiteral("modified"));
    view()->setCloneChooser([&](const MergeRequestEntry &entry) {
        return entry.id == m_mergeRequest ? clone : QString();
    });
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    QTest::mouseClick(m_window->findChild<QPushButton *>(QStringLiteral("fetchCode")), Qt::LeftButton);
    QVERIFY(opened.wait(10000));
    QTRY_VERIFY(test::diffPane(*m_window)->isVisible());
    QVERIFY(!view()->isVisible());
    const auto entry = session->store()->mergeRequest(m_mergeRequest);
    QVERIFY(entry->codeLinked);
    QCOMPARE(entry->repository, QDir::cleanPath(clone));
    // The same merge request, its comments and judgement with it.
    QCOMPARE(session->currentMergeRequestId(), m_mergeRequest);
    QCOMPARE(session->comments().size(), 2);
    QCOMPARE(session->judgement(m_comments[0])->verdict, Verdict::Accept);
    QVERIFY(session->currentMergeRequest()->codeLinked);
    QVERIFY(m_window->mergeRequest() && !m_window->mergeRequest()->files.isEmpty());
    QCOMPARE(session->mergeRequests().size(), 1);
}

void CodelessReviewTest::fetchCodeWithACloneLackingTheCommitsNamesTheRevisionAndChangesNothing()
{
    const auto before = *m_window->session()->store()->mergeRequest(m_mergeRequest);
    view()->setCloneChooser([&](const MergeRequestEntry &) { return m_root.filePath(QStringLiteral("many-files")); });
    QTest::mouseClick(m_window->findChild<QPushButton *>(QStringLiteral("fetchCode")), Qt::LeftButton);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = visibleBox(QStringLiteral("fetchCodeFailed"))));
    QVERIFY2(box->informativeText().contains(before.base.left(12)), qPrintable(box->informativeText()));
    QVERIFY(box->text().contains(QLatin1String("nothing was changed")));
    box->close();
    const auto after = *m_window->session()->store()->mergeRequest(m_mergeRequest);
    QCOMPARE(after.repository, before.repository);
    QVERIFY(!after.codeLinked);
    QVERIFY(view()->isVisible());
    QCOMPARE(view()->listedComments(), m_comments);
}

void CodelessReviewTest::anotherMergeRequestOpenedLeavesNothingOfThisOneToActOn()
{
    auto *fetch = m_window->findChild<QPushButton *>(QStringLiteral("fetchCode"));
    QVERIFY(fetch->isEnabled());
    const qint64 other = addReviewedMergeRequest(*m_window->session()->store(), QStringLiteral("other"),
                                                 {commentAt(QStringLiteral("a.cpp"), 1, QStringLiteral("Elsewhere."))});
    QVERIFY(m_window->session()->openMergeRequest(other));
    QVERIFY(!fetch->isEnabled());
    QVERIFY(view()->listedComments().isEmpty());
    QVERIFY(!view()->list()->toPlainText().contains(QLatin1String("The total skips the last item.")));
}

// A switch tells the view four or five times (merge request, comments,
// current comment, the Comments panel's filter); the list, laid out anew each
// time, was most of a switch to a large merge request without code.
void CodelessReviewTest::openingItLaysTheListOutOnce()
{
    const qint64 other = addReviewedMergeRequest(*m_window->session()->store(), QStringLiteral("other"),
                                                 {commentAt(QStringLiteral("a.cpp"), 1, QStringLiteral("Elsewhere."))});
    QVERIFY(m_window->session()->openMergeRequest(other));
    QSignalSpy rebuilt(view(), &CodelessReviewView::listRebuilt);
    m_window->findChild<ExchangeActions *>()->openStored(m_mergeRequest);
    QVERIFY(rebuilt.wait(10000));
    QCoreApplication::processEvents(); // whatever else the switch posted
    QCOMPARE(rebuilt.count(), 1);
    QCOMPARE(view()->listedComments(), m_comments);
    QVERIFY(view()->list()->toPlainText().contains(QLatin1String("The total skips the last item.")));
}

// The diff pane keeps the last diff it showed (hidden under the list): the
// comments of a merge request without code are not its cards, even where
// their paths are that diff's (here the same repository's src/compute.cpp).
// Laying them out there was most of a slow switch in bench_window.
void CodelessReviewTest::itsCommentsGetNoCardsOnTheDiffShownBefore()
{
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    QVERIFY(m_window->selectFile(QByteArrayLiteral("src/compute.cpp")));
    QTRY_VERIFY(!m_window->isBuildingDiff() && test::diffPane(*m_window)->isVisible());
    m_window->findChild<ExchangeActions *>()->openStored(m_mergeRequest);
    QTRY_VERIFY(view()->isVisible());
    QCOMPARE(view()->listedComments(), m_comments);
    QVERIFY(test::diffPane(*m_window)->view()->cards().isEmpty());
}

QTEST_MAIN(CodelessReviewTest)
#include "tst_codelessreview.moc"
