// The README's five-minute tour, keystroke by keystroke (issue 44): the demo
// opened as `reviewdesk --demo` opens it, the replayed review run, then only
// keys sent to whatever has the keyboard focus, as a person's keys go. Each
// test asserts the focused widget, the panel in front and the counts the
// window shows.

#include <DemoMergeRequest.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <EvaluationWindow.h>
#include <JudgingBar.h>
#include <JudgingStatus.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <MergeRequestBrowser.h>
#include <ReviewSession.h>
#include <RunConfig.h>
#include <RunDialog.h>
#include <SlicePanel.h>
#include <WindowParts.h>

#include <QAbstractItemView>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

class TourTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void jAfterRunJudgesTheFirstComment();
    void aHiddenSearchBoxTakesNoKeys();
    void theSlicesCommandBringsItsPanelForward();
    void theCommentsCommandBringsItsPanelForward();
    void runBringsTheReviewPanelForward();
    void theCountsSayWhatTheAnnotatorWalks();
    void theKeyBugMarkShowsOnTheCardAndInTheCommentsTable();
    void theSliceCountsNameTheirAlgorithm();
    void evaluateOpensOnItsFiguresWithTheirDefinitions();

private:
    // The demo as `reviewdesk --demo` opens it: the merge request asked for,
    // then the demo's workspace, the window shown and active.
    void openDemo();
    // Review > Run Review... with the replay preset, and Run.
    void runReplayedReview();
    // Each step above, false when it failed (the test then stops).
    bool openDemoReady();
    bool openDemoAndRunReview();
    // A key to whatever has the keyboard focus, as a person types it.
    void type(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    QDockWidget *dock(const QString &name) const;
    // The dock is the tab in front of its area and can be seen.
    bool inFront(const QString &name) const;

    QTemporaryDir m_root;
    MainWindow *m_window = nullptr;
};

void TourTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TourTest::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1500, 900);
}

void TourTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TourTest::openDemo()
{
    auto demo = ensureDemoMergeRequest(m_root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    m_window->show();
    m_window->openMergeRequest(*demo);
    const QString workspace = m_root.filePath(QStringLiteral("%1.rdw").arg(QString::fromLatin1(QTest::currentTestFunction())));
    QVERIFY(m_window->openWorkspace(workspace, true));
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QVERIFY(opened.count() > 0 || opened.wait(10000));
    QVERIFY(sliced.count() > 0 || sliced.wait(120000));
}

void TourTest::runReplayedReview()
{
    QFile configFile(QStringLiteral(":/replays/demo-review-config.json"));
    QVERIFY(configFile.open(QIODevice::ReadOnly));
    const auto config = RunConfig::fromJson(configFile.readAll());
    QVERIFY(config);
    QSignalSpy reviewed(m_window, &MainWindow::reviewFinished);
    QVERIFY(m_window->startReview(*config, true));
    QVERIFY(reviewed.wait(120000));
}

bool TourTest::openDemoReady()
{
    openDemo();
    return !QTest::currentTestFailed();
}

bool TourTest::openDemoAndRunReview()
{
    if (!openDemoReady())
        return false;
    runReplayedReview();
    return !QTest::currentTestFailed();
}

void TourTest::type(Qt::Key key, Qt::KeyboardModifiers modifiers)
{
    QWidget *focus = QApplication::focusWidget();
    QTest::keyClick(focus ? focus : static_cast<QWidget *>(m_window), key, modifiers);
}

QDockWidget *TourTest::dock(const QString &name) const
{
    return m_window->findChild<QDockWidget *>(name);
}

bool TourTest::inFront(const QString &name) const
{
    const QDockWidget *d = dock(name);
    return d && d->isVisible() && d->widget()->isVisible() && !d->visibleRegion().isEmpty();
}

void TourTest::jAfterRunJudgesTheFirstComment()
{
    if (!openDemoAndRunReview())
        return;
    QVERIFY(!m_window->session()->currentComment());
    type(Qt::Key_J);
    QVERIFY2(m_window->session()->currentComment(), "J after Run did not go to the first comment");
    const auto *search = m_window->findChild<QLineEdit *>(QStringLiteral("mergeRequestSearch"));
    QVERIFY(search);
    QCOMPARE(search->text(), QString());
}

void TourTest::aHiddenSearchBoxTakesNoKeys()
{
    // Named already: R (reject) in the diff asks no name.
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    if (!openDemoReady())
        return;
    QWidget *focus = QApplication::focusWidget();
    QVERIFY(focus);
    QVERIFY2(focus->isVisible(), qPrintable(QStringLiteral("the hidden %1 has the keyboard focus").arg(focus->objectName())));
    QVERIFY2(focus->objectName() != QLatin1String("mergeRequestSearch") || inFront(QStringLiteral("mergeRequestsDock")),
             "the Merge Requests panel's search box has the focus behind another tab");
    type(Qt::Key_R);
    type(Qt::Key_C);
    QVERIFY2(m_window->findChild<QLineEdit *>(QStringLiteral("mergeRequestSearch"))->text().isEmpty(),
             qPrintable(QStringLiteral("'rc' reached the search box; the focus was on %1 (%2)").arg(focus->objectName(), QString::fromLatin1(focus->metaObject()->className()))));
}

void TourTest::theSlicesCommandBringsItsPanelForward()
{
    if (!openDemoReady())
        return;
    QVERIFY(!inFront(QStringLiteral("slicesDock")));
    type(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(inFront(QStringLiteral("slicesDock")), "Ctrl+Shift+S did not bring the Slices panel forward");
    QVERIFY(dock(QStringLiteral("slicesDock"))->isAncestorOf(QApplication::focusWidget()));
    // Again: it stays in front (hiding is the panel's own close button or View > Panels).
    type(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(inFront(QStringLiteral("slicesDock")));
}

void TourTest::theCommentsCommandBringsItsPanelForward()
{
    if (!openDemoAndRunReview())
        return;
    // Another panel in front of it first.
    type(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!inFront(QStringLiteral("commentsDock")));
    type(Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY2(inFront(QStringLiteral("commentsDock")), "Ctrl+Shift+M did not bring the Comments panel forward");
    type(Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(inFront(QStringLiteral("commentsDock")));
}

void TourTest::runBringsTheReviewPanelForward()
{
    if (!openDemoAndRunReview())
        return;
    QVERIFY2(inFront(QStringLiteral("reviewDock")), "after Run the Review panel is not in front");
}

void TourTest::theCountsSayWhatTheAnnotatorWalks()
{
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    if (!openDemoAndRunReview())
        return;
    const auto *position = m_window->findChild<QLabel *>(QStringLiteral("judgingPosition"));
    QVERIFY(position);
    // 23 generated, 5 kept: the walk is over the kept ones.
    QVERIFY2(position->text().contains(QStringLiteral("5 kept")) && position->text().contains(QStringLiteral("23 generated")), qPrintable(position->text()));
    type(Qt::Key_J);
    QVERIFY2(position->text().contains(QStringLiteral("Comment 1 of 5 kept")), qPrintable(position->text()));
    type(Qt::Key_J);
    QVERIFY2(position->text().contains(QStringLiteral("Comment 2 of 5 kept")), qPrintable(position->text()));
    type(Qt::Key_K);
    // One decision: the status counts decisions, and the comments they cover.
    type(Qt::Key_A, Qt::ShiftModifier);
    const auto *status = m_window->findChild<JudgingStatus *>();
    QVERIFY(status);
    QTRY_VERIFY2(status->text().contains(QStringLiteral("1 decision")), qPrintable(status->text()));
}

void TourTest::theKeyBugMarkShowsOnTheCardAndInTheCommentsTable()
{
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    if (!openDemoAndRunReview())
        return;
    type(Qt::Key_J);
    type(Qt::Key_B);
    const qint64 current = m_window->session()->currentComment();
    QVERIFY(current);
    QVERIFY(m_window->session()->judgement(current)->keyBug.value_or(false));
    // The card says so before any verdict.
    const DiffView *view = test::diffPane(*m_window)->view();
    QTRY_VERIFY2(std::any_of(view->cards().cbegin(), view->cards().cend(),
                             [current](const DiffCard &c) { return c.id == current && c.html.contains(QStringLiteral("Key bug")); }),
                 "the current card shows no key-bug mark");
    // So does the Comments table, in a column of its own.
    const auto *table = m_window->findChild<QAbstractItemView *>(QStringLiteral("commentList"));
    QVERIFY(table);
    const QAbstractItemModel *model = table->model();
    int keyBugColumn = -1;
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == QStringLiteral("Key bug"))
            keyBugColumn = c;
    QVERIFY2(keyBugColumn != -1, "the Comments table has no Key bug column");
    int marked = 0;
    for (int r = 0; r < model->rowCount(); ++r)
        marked += model->index(r, keyBugColumn).data().toString().isEmpty() ? 0 : 1;
    QCOMPARE(marked, 1);
}

void TourTest::theSliceCountsNameTheirAlgorithm()
{
    if (!openDemoReady())
        return;
    type(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    // The Slices panel counts each algorithm's slices by name, and they add up.
    const auto *status = m_window->findChild<QLabel *>(QStringLiteral("sliceStatus"));
    QVERIFY2(status, "the Slices panel's count has no name to find it by");
    const QString text = status->text();
    int sum = 0;
    for (SliceAlgorithm a : {SliceAlgorithm::OriginalDiff, SliceAlgorithm::ParentFunction, SliceAlgorithm::LeftFlow, SliceAlgorithm::FullFlow}) {
        const QRegularExpressionMatch m = QRegularExpression(QRegularExpression::escape(SlicePanel::titleOf(a)) + QStringLiteral(" (\\d+)")).match(text);
        QVERIFY2(m.hasMatch(), qPrintable(QStringLiteral("'%1' does not count %2").arg(text, SlicePanel::titleOf(a))));
        sum += m.captured(1).toInt();
    }
    QVERIFY2(text.startsWith(QString::number(sum) + QLatin1Char(' ')), qPrintable(text));
    // No unlabelled box: the list of code brought in from elsewhere says what it is, or is not shown.
    const auto *external = m_window->findChild<QListWidget *>(QStringLiteral("externalCode"));
    QVERIFY(external);
    const auto *externalLabel = m_window->findChild<QLabel *>(QStringLiteral("externalCodeLabel"));
    QVERIFY2(!external->isVisible() || (externalLabel && externalLabel->isVisible()), "an unlabelled list in the Slices panel");
    // Run Review counts the slices of the algorithm it will send.
    test::windowAction(*m_window, QStringLiteral("runReview"))->trigger();
    auto *dialog = m_window->findChild<RunDialog *>();
    QVERIFY(dialog);
    const auto *estimate = dialog->findChild<QLabel *>(QStringLiteral("sliceEstimate"));
    QTRY_VERIFY2(estimate->text().contains(SlicePanel::titleOf(SliceAlgorithm::LeftFlow)), qPrintable(estimate->text()));
    dialog->reject();
}

void TourTest::evaluateOpensOnItsFiguresWithTheirDefinitions()
{
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    if (!openDemoAndRunReview())
        return;
    type(Qt::Key_J);
    type(Qt::Key_B);
    type(Qt::Key_A, Qt::ShiftModifier);
    // Review > Evaluate...: the figures come without pressing Evaluate.
    test::windowAction(*m_window, QStringLiteral("evaluate"))->trigger();
    auto *evaluation = m_window->findChild<EvaluationWindow *>();
    QVERIFY(evaluation);
    QSignalSpy evaluated(evaluation, &EvaluationWindow::evaluated);
    QVERIFY2(evaluated.count() > 0 || evaluated.wait(60000), "the Evaluation window opened without its figures");
    const auto *stages = evaluation->findChild<QTableWidget *>(QStringLiteral("stages"));
    QVERIFY(stages);
    QVERIFY(stages->rowCount() > 0);
    // Each figure's header names its definition and source, as the manual does.
    int kbi = -1;
    for (int c = 0; c < stages->columnCount(); ++c)
        if (stages->horizontalHeaderItem(c)->text() == QLatin1String("KBI"))
            kbi = c;
    QVERIFY(kbi != -1);
    const QString tip = stages->horizontalHeaderItem(kbi)->toolTip();
    QVERIFY2(tip.contains(QStringLiteral("App. M.1")), qPrintable(tip));
}

QTEST_MAIN(TourTest)
#include "tst_tour.moc"
