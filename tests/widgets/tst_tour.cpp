// The README's five-minute tour, keystroke by keystroke (issue 44): the demo
// opened as `reviewdesk --demo` opens it, the replayed review run, then only
// keys sent to whatever has the keyboard focus, as a person's keys go. Each
// test asserts the focused widget, the panel in front and the counts the
// window shows.

#include <CommentCardText.h>
#include <DemoMergeRequest.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <EvaluationWindow.h>
#include <JudgingBar.h>
#include <JudgingStatus.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <MergeRequestBrowser.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>
#include <RunConfig.h>
#include <RunService.h>
#include <RunDialog.h>
#include <SlicePanel.h>
#include <Theme.h>
#include <WindowParts.h>

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPainter>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>

#include <cmath>

using namespace rd;

namespace {

// The data rows of a test run in both themes.
void addThemeRows()
{
    QTest::addColumn<int>("theme");
    QTest::newRow("light") << int(Theme::Light);
    QTest::newRow("dark") << int(Theme::Dark);
}

// WCAG 2.x relative luminance and contrast ratio (4.5 for text).
double luminance(const QColor &c)
{
    auto channel = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The theme for one test, the platform's again after it.
struct ThemeForTest
{
    explicit ThemeForTest(Theme theme) { applyTheme(theme); }
    ~ThemeForTest() { applyTheme(Theme::System); }
};

// Text drawn over a background: the pixels that differ between a picture with
// the text and one without, each against the background it covers. For each
// background covered by more than a few text pixels, the best contrast found
// on it (the glyphs' core; their anti-aliased edges are lower). Empty when
// the pictures do not differ.
QMap<QRgb, double> textContrastByBackground(const QImage &withText, const QImage &without)
{
    QMap<QRgb, int> pixels;
    QMap<QRgb, double> best;
    for (int y = 0; y < withText.height(); ++y)
        for (int x = 0; x < withText.width(); ++x) {
            const QRgb text = withText.pixel(x, y), background = without.pixel(x, y);
            if (text == background)
                continue;
            ++pixels[background];
            best[background] = std::max(best.value(background), contrast(QColor(text), QColor(background)));
        }
    for (auto it = pixels.cbegin(); it != pixels.cend(); ++it)
        if (it.value() < 8)
            best.remove(it.key());
    return best;
}

QString describe(const QMap<QRgb, double> &contrasts)
{
    QStringList parts;
    for (auto it = contrasts.cbegin(); it != contrasts.cend(); ++it)
        parts << QStringLiteral("%1 on %2").arg(it.value(), 0, 'f', 2).arg(QColor(it.key()).name());
    return parts.join(QStringLiteral(", "));
}

} // namespace

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
    // Issue 44, item 8: the look.
    void eachScoreIsGroupedWithItsModelValue();
    void theFileTreeShowsWholeNamesAtTheDefaultSize();
    void theCommentsFiltersShowTheirWholeChoiceAtTheDefaultSize();
    void theEvaluationWindowShowsWholeRunNamesAndTabs();
    void myProgressIsReadableOnTheSelectedRow_data();
    void myProgressIsReadableOnTheSelectedRow();
    void notJudgedChipIsReadableInBothThemes();
    void disabledRunReviewFieldsLookDisabled_data();
    void disabledRunReviewFieldsLookDisabled();
    void theDemoOpensOnTheFirstChangedSourceFile();
    // The README's pictures of the tour (docs/images/tour-*.png), taken as the steps go.
    void screenshotsOfTheTour_data();
    void screenshotsOfTheTour();

private:
    // The demo as `reviewdesk --demo` opens it: the merge request asked for,
    // then the demo's workspace, the window shown and active.
    void openDemo();
    // Review > Run Review... with the replay preset, and Run.
    void runReplayedReview();
    // Each step above, false when it failed (the test then stops).
    bool openDemoReady();
    bool openDemoAndRunReview();
    // Review > Evaluate...: the Evaluation window once it shows its figures;
    // nullptr when that failed (the test then stops).
    EvaluationWindow *openEvaluation();
    // The window made again, at the size reviewdesk opens at (after a theme is chosen, as reviewdesk does).
    void remakeWindow();
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
    const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(QRegularExpression(QStringLiteral("\\W+")), QStringLiteral("-"));
    const QString workspace = m_root.filePath(QStringLiteral("%1%2.rdw").arg(QString::fromLatin1(QTest::currentTestFunction()), tag));
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

EvaluationWindow *TourTest::openEvaluation()
{
    [this] {
        test::windowAction(*m_window, QStringLiteral("evaluate"))->trigger();
        auto *evaluation = m_window->findChild<EvaluationWindow *>();
        QVERIFY(evaluation);
        QSignalSpy evaluated(evaluation, &EvaluationWindow::evaluated);
        QVERIFY(evaluated.count() > 0 || evaluated.wait(60000));
        QVERIFY(QTest::qWaitForWindowExposed(evaluation));
    }();
    return QTest::currentTestFailed() ? nullptr : m_window->findChild<EvaluationWindow *>();
}

void TourTest::remakeWindow()
{
    delete m_window;
    m_window = new MainWindow;
    m_window->resize(MainWindow::defaultSize());
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

void TourTest::eachScoreIsGroupedWithItsModelValue()
{
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    m_window->resize(MainWindow::defaultSize());
    if (!openDemoAndRunReview())
        return;
    type(Qt::Key_J);
    QVERIFY(m_window->session()->currentComment());
    auto *bar = m_window->findChild<JudgingBar *>();
    QVERIFY(bar);
    // Q1 [–] model 7 Q2 [–] model 7: each model value framed with its own score.
    const QList<QFrame *> groups = bar->findChildren<QFrame *>(QRegularExpression(QStringLiteral("^scoreQ[123]$")));
    QCOMPARE(groups.size(), 3);
    for (int i = 1; i <= 3; ++i) {
        const QString name = QStringLiteral("Q%1").arg(i);
        auto *group = bar->findChild<QFrame *>(QStringLiteral("score") + name);
        QVERIFY2(group, qPrintable(QStringLiteral("no group for %1").arg(name)));
        QVERIFY2(group->frameShape() != QFrame::NoFrame, qPrintable(name + QStringLiteral(" has no frame")));
        QCOMPARE(group->findChildren<QSpinBox *>().size(), 1);
        QStringList texts;
        for (const QLabel *label : group->findChildren<QLabel *>())
            texts << label->text();
        QVERIFY2(texts.contains(name), qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY2(std::any_of(texts.cbegin(), texts.cend(), [](const QString &t) { return t.startsWith(QLatin1String("model ")); }),
                 qPrintable(texts.join(QLatin1Char('|'))));
        QVERIFY(group->isVisible());
        // Whole: "model 7", not "mo…" squeezed by a window too narrow for its parts.
        for (const QLabel *label : group->findChildren<QLabel *>())
            QVERIFY2(label->width() >= label->minimumSizeHint().width(), qPrintable(QStringLiteral("\"%1\" %2 of %3 px").arg(label->text()).arg(label->width()).arg(label->minimumSizeHint().width())));
    }
}

void TourTest::theFileTreeShowsWholeNamesAtTheDefaultSize()
{
    m_window->resize(MainWindow::defaultSize());
    if (!openDemoReady())
        return;
    QTreeView *tree = test::fileTree(*m_window);
    // QTreeView's own size hint for a column (protected there) counts the indentation.
    const QAbstractItemView *view = tree;
    const int names = view->sizeHintForColumn(FileTreeModel::NameColumn);
    // "report.cpp → reportin…": the name column is narrower than its names.
    QVERIFY2(tree->columnWidth(FileTreeModel::NameColumn) >= names,
             qPrintable(QStringLiteral("names need %1 px, the column has %2").arg(names).arg(tree->columnWidth(FileTreeModel::NameColumn))));
    QVERIFY(tree->columnWidth(FileTreeModel::ChangesColumn) >= view->sizeHintForColumn(FileTreeModel::ChangesColumn));
    // And both columns are inside the panel: nothing scrolled off sideways.
    QVERIFY2(tree->header()->length() <= tree->viewport()->width(),
             qPrintable(QStringLiteral("columns %1 px, viewport %2").arg(tree->header()->length()).arg(tree->viewport()->width())));
}

void TourTest::theCommentsFiltersShowTheirWholeChoiceAtTheDefaultSize()
{
    m_window->resize(MainWindow::defaultSize());
    if (!openDemoAndRunReview())
        return;
    type(Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(inFront(QStringLiteral("commentsDock")));
    QStringList cut;
    int combos = 0;
    for (QComboBox *combo : dock(QStringLiteral("commentsDock"))->findChildren<QComboBox *>()) {
        if (!combo->isVisible())
            continue;
        ++combos;
        QStyleOptionComboBox option;
        option.initFrom(combo);
        option.editable = combo->isEditable();
        option.currentText = combo->currentText();
        const QRect field = combo->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, combo);
        const int needed = combo->fontMetrics().horizontalAdvance(combo->currentText());
        if (field.width() < needed)
            cut << QStringLiteral("%1 \"%2\" (%3 of %4 px)").arg(combo->objectName(), combo->currentText()).arg(field.width()).arg(needed);
    }
    for (QLabel *label : dock(QStringLiteral("commentsDock"))->findChildren<QLabel *>())
        if (label->isVisible() && !label->wordWrap() && label->width() < label->minimumSizeHint().width())
            cut << QStringLiteral("label \"%1\"").arg(label->text());
    QVERIFY(combos > 5);
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
    // Nothing made the window wider than it opens at (its parts would be squeezed).
    QVERIFY2(m_window->minimumSizeHint().width() <= MainWindow::defaultSize().width() && m_window->width() == MainWindow::defaultSize().width(),
             qPrintable(QStringLiteral("the window needs %1 px").arg(m_window->minimumSizeHint().width())));
}

void TourTest::theEvaluationWindowShowsWholeRunNamesAndTabs()
{
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    if (!openDemoAndRunReview())
        return;
    auto *evaluation = openEvaluation();
    if (!evaluation)
        return;
    QStringList cut;
    // The run list: "Run 1: Left Flow, 3 reviewers, …" whole.
    auto *runs = evaluation->findChild<QListWidget *>(QStringLiteral("evaluationRuns"));
    QVERIFY(runs);
    QVERIFY(runs->count() > 0);
    if (runs->sizeHintForColumn(0) > runs->viewport()->width())
        cut << QStringLiteral("runs need %1 px, the list has %2").arg(runs->sizeHintForColumn(0)).arg(runs->viewport()->width());
    // The tables: tabs were cut ("Configurations comp…") or scrolled out of
    // sight. Tabs in view each show their name whole; the list that chooses
    // the table (when the tabs are hidden) shows its longest name whole.
    auto *tabs = evaluation->findChild<QTabWidget *>();
    QVERIFY(tabs);
    QVERIFY(tabs->count() > 1);
    QTabBar *bar = tabs->tabBar();
    if (bar->isVisible()) {
        const int padding = bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar);
        for (int i = 0; i < bar->count(); ++i) {
            const int needed = bar->fontMetrics().horizontalAdvance(bar->tabText(i)) + padding;
            const QRect rect = bar->tabRect(i);
            if (rect.width() < needed || rect.left() < 0 || rect.right() > bar->width())
                cut << QStringLiteral("tab \"%1\" (%2 of %3 px, ends at %4 of %5)").arg(bar->tabText(i)).arg(rect.width()).arg(needed).arg(rect.right()).arg(bar->width());
        }
    } else {
        auto *tables = evaluation->findChild<QComboBox *>(QStringLiteral("evaluationTables"));
        QVERIFY2(tables && tables->isVisible(), "the tabs are hidden and nothing chooses the table");
        QCOMPARE(tables->count(), tabs->count());
        QCOMPARE(tables->currentText(), tabs->tabText(tabs->currentIndex()));
        // The layouts its new names asked for, as the event loop runs them before painting.
        for (int round = 0; round < 3; ++round)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        QStyleOptionComboBox option;
        option.initFrom(tables);
        const int field = tables->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, tables).width();
        for (int i = 0; i < tables->count(); ++i)
            if (tables->fontMetrics().horizontalAdvance(tables->itemText(i)) > field)
                cut << QStringLiteral("table \"%1\" (%2 px of %3)").arg(tables->itemText(i)).arg(tables->fontMetrics().horizontalAdvance(tables->itemText(i))).arg(field);
        // Choosing one in the list shows it.
        tables->setCurrentIndex(1);
        Q_EMIT tables->activated(1);
        QCOMPARE(tabs->currentIndex(), 1);
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
}

void TourTest::myProgressIsReadableOnTheSelectedRow_data()
{
    QTest::addColumn<int>("theme");
    QTest::addColumn<bool>("selected");
    QTest::newRow("light, selected") << int(Theme::Light) << true;
    QTest::newRow("dark, selected") << int(Theme::Dark) << true;
    QTest::newRow("light") << int(Theme::Light) << false;
    QTest::newRow("dark") << int(Theme::Dark) << false;
}

void TourTest::myProgressIsReadableOnTheSelectedRow()
{
    QFETCH(int, theme);
    QFETCH(bool, selected);
    const ThemeForTest themed(static_cast<Theme>(theme));
    remakeWindow();
    auto *list = m_window->findChild<QTreeView *>(QStringLiteral("mergeRequestList"));
    QVERIFY(list);
    // The panel's delegate draws the My Progress cell: 11 of 23 judged (the
    // text half over the bar's fill), with its text and without.
    QStandardItemModel model(1, MergeRequestListModel::ColumnCount);
    auto paintCell = [&](const QString &text) {
        auto *item = new QStandardItem(text);
        item->setData(23, MergeRequestListModel::TotalRole);
        item->setData(11, MergeRequestListModel::JudgedRole);
        item->setData(true, MergeRequestListModel::CurrentRole);
        model.setItem(0, MergeRequestListModel::ProgressColumn, item);
        QStyleOptionViewItem option;
        option.initFrom(list->viewport());
        option.widget = list;
        option.rect = QRect(0, 0, list->columnWidth(MergeRequestListModel::ProgressColumn), list->fontMetrics().height() + 8);
        option.state = QStyle::State_Enabled | QStyle::State_Active | (selected ? QStyle::State_Selected : QStyle::State_None);
        option.palette = list->palette();
        QImage image(option.rect.size(), QImage::Format_RGB32);
        image.fill(list->palette().color(QPalette::Base));
        QPainter painter(&image);
        list->itemDelegate()->paint(&painter, option, model.index(0, MergeRequestListModel::ProgressColumn));
        return image;
    };
    const QString text = QStringLiteral("11 / 23"); // as the panel's model writes it
    const QImage withText = paintCell(text);
    const QImage without = paintCell(QString());
    // Whole: the text's pixels span its drawn width ('11 / 23' was cut to '1 / 23').
    int left = withText.width(), right = -1;
    for (int y = 0; y < withText.height(); ++y)
        for (int x = 0; x < withText.width(); ++x)
            if (withText.pixel(x, y) != without.pixel(x, y)) {
                left = std::min(left, x);
                right = std::max(right, x);
            }
    QFont bold = list->font();
    bold.setBold(true);
    const int drawn = QFontMetrics(bold).tightBoundingRect(text).width();
    QVERIFY2(right - left + 1 >= drawn - 1, qPrintable(QStringLiteral("the text spans %1 px of its %2").arg(right - left + 1).arg(drawn)));
    const QMap<QRgb, double> contrasts = textContrastByBackground(withText, without);
    QVERIFY2(!contrasts.isEmpty(), "the cell shows no text");
    for (auto it = contrasts.cbegin(); it != contrasts.cend(); ++it)
        QVERIFY2(it.value() >= 4.5, qPrintable(QStringLiteral("the progress text: %1").arg(describe(contrasts))));
}

void TourTest::notJudgedChipIsReadableInBothThemes()
{
    StoredComment comment;
    comment.id = 1;
    for (Theme theme : {Theme::Light, Theme::Dark}) {
        const ThemeForTest themed(theme);
        const QString html = CommentCardText::chips(comment, std::nullopt, QApplication::palette());
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("background-color:(#[0-9a-f]{6}); color:(#[0-9a-f]{6});'>&nbsp;Not judged")).match(html);
        QVERIFY2(m.hasMatch(), qPrintable(html));
        const double ratio = contrast(QColor(m.captured(1)), QColor(m.captured(2)));
        QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1: \"Not judged\" %2 on %3, contrast %4")
                                              .arg(themeName(theme), m.captured(2), m.captured(1)).arg(ratio, 0, 'f', 2)));
    }
}

void TourTest::disabledRunReviewFieldsLookDisabled_data()
{
    addThemeRows();
}

void TourTest::disabledRunReviewFieldsLookDisabled()
{
    QFETCH(int, theme);
    const ThemeForTest themed(static_cast<Theme>(theme));
    // Run Review as the demo shows it (its replay presets listed).
    auto *dialog = new RunDialog(m_window->session()->reviewing()->llmClient(), true, m_window);
    dialog->show();
    // The replay preset: the endpoint fields do not apply and are disabled.
    auto *preset = dialog->findChild<QComboBox *>(QStringLiteral("preset"));
    QVERIFY(preset);
    const int replay = preset->findText(QStringLiteral("Demo: replay of recorded answers (offline)"));
    QVERIFY(replay != -1);
    preset->setCurrentIndex(replay);
    QStringList alike;
    int disabled = 0;
    for (QWidget *field : dialog->findChildren<QWidget *>()) {
        const bool isField = qobject_cast<QLineEdit *>(field) || qobject_cast<QAbstractSpinBox *>(field);
        if (!isField || field->isEnabled() || !field->isVisibleTo(dialog) || qobject_cast<QLineEdit *>(field->parentWidget()))
            continue;
        if (qobject_cast<QLineEdit *>(field) && qobject_cast<QAbstractSpinBox *>(field->parentWidget()))
            continue; // a spin box's own editor: the spin box is checked
        ++disabled;
        const QPalette p = field->palette();
        auto color = [&p](QPalette::ColorGroup g, QPalette::ColorRole r) { return p.color(g, r); };
        // The fill differs from an enabled field's, and text and placeholder are dimmer than an enabled field's.
        const double fill = contrast(color(QPalette::Disabled, QPalette::Base), color(QPalette::Active, QPalette::Base));
        const double text = contrast(color(QPalette::Disabled, QPalette::Text), color(QPalette::Disabled, QPalette::Base));
        const double enabledText = contrast(color(QPalette::Active, QPalette::Text), color(QPalette::Active, QPalette::Base));
        const double placeholder = contrast(color(QPalette::Disabled, QPalette::PlaceholderText), color(QPalette::Disabled, QPalette::Base));
        const double enabledPlaceholder = contrast(color(QPalette::Active, QPalette::PlaceholderText), color(QPalette::Active, QPalette::Base));
        if (fill < 1.1 || text > enabledText / 2 || placeholder >= enabledPlaceholder)
            alike << QStringLiteral("%1 (%2): fill %3 apart, text %4 vs %5, placeholder %6 vs %7")
                         .arg(field->objectName(), QString::fromLatin1(field->metaObject()->className()))
                         .arg(fill, 0, 'f', 2).arg(text, 0, 'f', 2).arg(enabledText, 0, 'f', 2).arg(placeholder, 0, 'f', 2).arg(enabledPlaceholder, 0, 'f', 2);
    }
    delete dialog;
    QVERIFY2(disabled > 0, "the replay preset disabled no field");
    QVERIFY2(alike.isEmpty(), qPrintable(alike.join(QStringLiteral("; "))));
}

void TourTest::theDemoOpensOnTheFirstChangedSourceFile()
{
    if (!openDemoReady())
        return;
    const auto mr = m_window->mergeRequest();
    QVERIFY(mr);
    const int current = m_window->currentFile();
    QVERIFY(current >= 0 && current < mr->files.size());
    // Not docs/old-notes.txt, a deleted one-line note, but the first changed source file the tree lists.
    QCOMPARE(QString::fromUtf8(mr->files[current].displayPath()), QStringLiteral("include/inventory/stock.h"));
    QVERIFY(mr->files[current].exists(Side::New));
    QVERIFY(mr->files[current].additions > 0);
}

void TourTest::screenshotsOfTheTour_data()
{
    addThemeRows();
}

void TourTest::screenshotsOfTheTour()
{
    QFETCH(int, theme);
    const ThemeForTest themed(static_cast<Theme>(theme));
    // English plurals as reviewdesk loads them ("3 decisions", not "3 decision(s)").
    QTranslator english;
    if (english.load(QStringLiteral(QT_TESTCASE_BUILDDIR "/../app/gui/reviewdesk_en.qm")))
        QCoreApplication::installTranslator(&english);
    else
        qWarning("no app/gui/reviewdesk_en.qm: build reviewdesk for the screenshots' plural forms");
    remakeWindow();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    auto save = [&](QWidget *w, const char *step) {
        // The layouts the keys' new texts asked for, as the event loop runs them before a person sees the window.
        for (int round = 0; round < 3; ++round)
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
        const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-tour-%1-%2.png").arg(QLatin1String(step), themeName(static_cast<Theme>(theme)));
        QVERIFY(w->grab().save(path));
        qInfo("screenshot: %s", qPrintable(path));
    };
    // 1. Open the demo; View > Slices.
    if (!openDemoReady())
        return;
    type(Qt::Key_S, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(inFront(QStringLiteral("slicesDock")));
    save(m_window, "1-open");
    // 2. Run the replayed review: the Review panel in front.
    runReplayedReview();
    QVERIFY(inFront(QStringLiteral("reviewDock")));
    save(m_window, "2-review");
    // 3. Judge three comments: J, B then Shift+A, Shift+R, U; Judge > Comments.
    for (auto [key, modifiers] : std::initializer_list<std::pair<Qt::Key, Qt::KeyboardModifiers>>{
             {Qt::Key_J, Qt::NoModifier}, {Qt::Key_B, Qt::NoModifier}, {Qt::Key_A, Qt::ShiftModifier}, {Qt::Key_R, Qt::ShiftModifier}, {Qt::Key_U, Qt::NoModifier}})
        type(key, modifiers);
    const auto *status = m_window->findChild<JudgingStatus *>();
    QVERIFY(status);
    QTRY_VERIFY2(status->text().startsWith(QStringLiteral("3 decision")), qPrintable(status->text()));
    type(Qt::Key_M, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(inFront(QStringLiteral("commentsDock")));
    save(m_window, "3-judge");
    // 4. Review > Evaluate...: the Evaluation window on its figures.
    auto *evaluation = openEvaluation();
    if (!evaluation)
        return;
    save(evaluation, "4-evaluate");
    // Not in the README: the Merge Requests panel with the demo's row and its progress.
    type(Qt::Key_Escape);
    test::windowAction(*m_window, QStringLiteral("showMergeRequests"))->trigger();
    save(m_window, "x-merge-requests");
}

QTEST_MAIN(TourTest)
#include "tst_tour.moc"
