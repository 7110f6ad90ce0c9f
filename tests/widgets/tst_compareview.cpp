// Review ▸ Compare Reviewers… (issue 34) on the imported Code Review Bench
// (the shared data, with a second judge under which augment finds nothing):
// the leaderboard's rows and figures, a series per reviewer in each chart,
// the cost chart's empty state naming why, the judge switch and a label
// filter; the Pareto front; the manual's screenshots, light and dark.

#include <CodeReviewBenchFixture.h>
#include <CompareCharts.h>
#include <CompareView.h>
#include <JudgeAuditList.h>
#include <LeaderboardModel.h>
#include <MainWindow.h>
#include <MergeRequestLabels.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>
#include <WindowParts.h>

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QAbstractAxis>
#include <QComboBox>
#include <QLabel>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QScopeGuard>
#include <QTranslator>
#include <QTreeWidget>

#include <memory>

using namespace rd;
using namespace rd::compare;

namespace {

// The series a chart draws for reviewers, by type.
template <typename Series>
int reviewerSeries(const QChartView *view)
{
    int n = 0;
    for (QAbstractSeries *s : view->chart()->series())
        if (qobject_cast<Series *>(s) && !s->property("reviewer").toString().isEmpty())
            ++n;
    return n;
}

QString cellText(const QTableView *table, int row, LeaderboardModel::Column column, const LeaderboardModel *model)
{
    return table->model()->index(row, model->section(column)).data().toString();
}

int rowOf(const QTableView *table, const QString &reviewer)
{
    for (int r = 0; r < table->model()->rowCount(); ++r)
        if (table->model()->index(r, 0).data().toString() == reviewer)
            return r;
    return -1;
}

} // namespace

class CompareViewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void reviewMenuOpensTheLeaderboardWithItsCharts();
    void judgeSwitchShowsTheOtherJudgesBoard();
    void labelFilterComparesOnlyThoseMergeRequests();
    void auditTabAsksForTheNameThenRecomputesUnderPeoplesDecisions();
    void paretoFrontKeepsTheReviewersNoOtherBeats();
    void costChartDrawsReviewersWithCostAndAcceptedAndTheirFront();
    void screenshot_data();
    void screenshot();

private:
    // Shows the window on the workspace and opens Review ▸ Compare Reviewers…; null when any step failed.
    CompareView *openCompareView(MainWindow &window) const;
    QTemporaryDir m_dir;
    QString m_workspace;
};

void CompareViewTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_workspace = m_dir.filePath(QStringLiteral("bench.rdw"));
    auto imported = test::importCodeReviewBench(m_workspace, m_dir.path(), true);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
}

void CompareViewTest::cleanupTestCase()
{
    applyTheme(Theme::System);
}

CompareView *CompareViewTest::openCompareView(MainWindow &window) const
{
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.openWorkspace(m_workspace, false))
        return nullptr;
    test::windowAction(window, QStringLiteral("compareReviewers"))->trigger();
    return window.findChild<CompareView *>();
}

void CompareViewTest::reviewMenuOpensTheLeaderboardWithItsCharts()
{
    MainWindow window;
    auto *view = openCompareView(window);
    QVERIFY(view);
    QSignalSpy shown(view, &CompareView::comparisonShown);
    QVERIFY(view->isComparing());
    QVERIFY(shown.wait(60000));
    QVERIFY(view->isVisible());
    QAbstractItemModelTester tester(view->leaderboard()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);

    // Both judges to switch between; the first judge's board, best F1 first.
    QCOMPARE(view->findChild<QComboBox *>(QStringLiteral("compareJudge"))->count(), 2);
    QVERIFY(view->setJudge(test::codeReviewBenchJudge()));
    const QTableView *table = view->leaderboard();
    const auto *model = view->findChild<LeaderboardModel *>();
    QCOMPARE(table->model()->rowCount(), 12);
    QCOMPARE(table->model()->columnCount(), 8); // no run of ours: no KBI, no cost
    QCOMPARE(table->model()->index(0, 0).data().toString(), QStringLiteral("augment"));
    // The upstream leaderboard's figures (docs/comparing.md), each with its interval.
    QCOMPARE(cellText(table, 0, LeaderboardModel::Column::Tp, model), QStringLiteral("81"));
    QCOMPARE(cellText(table, 0, LeaderboardModel::Column::MergeRequests, model), QStringLiteral("50"));
    QVERIFY2(cellText(table, 0, LeaderboardModel::Column::FBeta, model).startsWith(QStringLiteral("45.8 [")), qPrintable(cellText(table, 0, LeaderboardModel::Column::FBeta, model)));
    QVERIFY(cellText(table, 0, LeaderboardModel::Column::Precision, model).startsWith(QStringLiteral("37.3 [")));
    QCOMPARE(table->model()->index(11, 0).data().toString(), QStringLiteral("graphite"));

    // The interval chart: whiskers per reviewer and one series of the 12 points.
    const QChartView *intervals = view->intervalChart();
    QCOMPARE(reviewerSeries<QLineSeries>(intervals), 12);
    QList<QScatterSeries *> points;
    for (QAbstractSeries *s : intervals->chart()->series())
        if (auto *scatter = qobject_cast<QScatterSeries *>(s))
            points << scatter;
    QCOMPARE(points.size(), 1);
    QCOMPARE(points.constFirst()->count(), 12);
    // Precision against recall: a labelled point and a cross per reviewer.
    QCOMPARE(reviewerSeries<QScatterSeries>(view->precisionRecallChart()), 12);
    QCOMPARE(reviewerSeries<QLineSeries>(view->precisionRecallChart()), 12);
    // No prices and no verdicts of people: the cost chart says why instead.
    QVERIFY(view->costChart()->chart()->series().isEmpty());
    QVERIFY2(view->costMissing()->text().contains(QStringLiteral("no prices in the run configurations")), qPrintable(view->costMissing()->text()));
    // 12 tools: 66 pairs per figure; the two judges' agreement on 1,644 items.
    QCOMPARE(view->differences()->rowCount(), 66);
    QCOMPARE(view->agreement()->rowCount(), 1);
    QCOMPARE(view->agreement()->item(0, 2)->text(), QLocale().toString(1644));
    // Another figure redraws the intervals with its values.
    QVERIFY(view->setMetric(Metric::Recall));
    QCOMPARE(view->differences()->rowCount(), 66);
    QVERIFY(view->intervalChart()->chart()->title().startsWith(QStringLiteral("Recall")));
}

void CompareViewTest::judgeSwitchShowsTheOtherJudgesBoard()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    QVERIFY(view.setJudge(test::codeReviewBenchJudge()));
    const auto *model = view.findChild<LeaderboardModel *>();
    QCOMPARE(cellText(view.leaderboard(), rowOf(view.leaderboard(), QStringLiteral("augment")), LeaderboardModel::Column::Tp, model), QStringLiteral("81"));
    QVERIFY(view.setJudge(test::secondBenchJudge()));
    QCOMPARE(view.board()->judge, test::secondBenchJudge());
    const int augment = rowOf(view.leaderboard(), QStringLiteral("augment"));
    QCOMPARE(cellText(view.leaderboard(), augment, LeaderboardModel::Column::Tp, model), QStringLiteral("0"));
    QCOMPARE(augment, 11); // last on F1, where it was first
    QVERIFY(view.intervalChart()->chart()->axes(Qt::Horizontal).constFirst()->titleText().contains(test::secondBenchJudge()));
    QVERIFY(!view.setJudge(QStringLiteral("nobody")));
}

void CompareViewTest::labelFilterComparesOnlyThoseMergeRequests()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    auto labels = MergeRequestLabels::read(**store);
    QVERIFY(labels);
    const int java = labels->valueCounts(QStringLiteral("language")).value(QStringLiteral("Java"));
    const int go = labels->valueCounts(QStringLiteral("language")).value(QStringLiteral("Go"));
    QVERIFY(java > 0 && go > 0);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    QCOMPARE(view.board()->mergeRequests, 50);
    QVERIFY(view.setLabelFilter(QStringLiteral("language"), {QStringLiteral("Java"), QStringLiteral("Go")}));
    QVERIFY(view.isComparing());
    QVERIFY(shown.wait(60000));
    QCOMPARE(view.board()->mergeRequests, java + go);
    QCOMPARE(view.labelFilters().size(), 1);
    QVERIFY(view.findChild<QLabel *>(QStringLiteral("comparePassing"))->text().startsWith(QString::number(java + go)));
    // A value no merge request has is refused; a combination none has says so, and computes nothing.
    QVERIFY(!view.setLabelFilter(QStringLiteral("language"), {QStringLiteral("Cobol")}));
    QVERIFY(view.setLabelFilter(QStringLiteral("project"), {QStringLiteral("sentry")}));
    QVERIFY(!view.isComparing());
    QVERIFY(view.status()->text().contains(QStringLiteral("No merge request has all the labels")));
    QCOMPARE(view.leaderboard()->model()->rowCount(), 0);
    QVERIFY(view.setLabelFilter(QStringLiteral("language"), {}));
    QVERIFY(shown.wait(60000));
    QCOMPARE(view.board()->mergeRequests, labels->valueCounts(QStringLiteral("project")).value(QStringLiteral("sentry")));
}

void CompareViewTest::auditTabAsksForTheNameThenRecomputesUnderPeoplesDecisions()
{
    // Opening the view asks nobody's name: the Audit tab offers to audit.
    QSettings().remove(QStringLiteral("judging/annotator"));
    MainWindow window;
    auto *view = openCompareView(window);
    QVERIFY(view);
    QSignalSpy shown(view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    auto *tabs = view->findChild<QTabWidget *>();
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(tabs->count() - 1), QStringLiteral("Audit"));
    QVERIFY(!view->findChild<JudgeAuditList *>());
    auto *auditAs = view->findChild<QPushButton *>(QStringLiteral("auditAs"));
    QVERIFY(auditAs);

    // With a name known, the button opens the audit list in the tab.
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ann"));
    auditAs->click();
    auto *list = view->findChild<JudgeAuditList *>();
    QVERIFY(list);
    QCOMPARE(tabs->tabText(tabs->count() - 1), QStringLiteral("Audit"));
    QCOMPARE(tabs->widget(tabs->count() - 1), list);

    // A decision recomputes: the boards under people's audit appear.
    shown.clear();
    list->decide(AuditDecision::Different, true);
    QVERIFY(shown.wait(60000));
    auto *judges = view->findChild<QComboBox *>(QStringLiteral("compareJudge"));
    QStringList names;
    for (int i = 0; i < judges->count(); ++i)
        names << judges->itemText(i);
    QVERIFY2(std::any_of(names.cbegin(), names.cend(), [](const QString &n) { return n.startsWith(QStringLiteral("people (audit of ")); }),
             qPrintable(names.join(QStringLiteral(", "))));
    QSettings().remove(QStringLiteral("judging/annotator"));
}

void CompareViewTest::paretoFrontKeepsTheReviewersNoOtherBeats()
{
    // (cost, accepted): 0 and 2 are cheapest for what they find; 1 costs more
    // than 0 for fewer; 3 costs most and finds most; 4 equals 3.
    const QList<QPointF> points{{1, 10}, {2, 8}, {3, 20}, {5, 30}, {5, 30}, {4, 20}};
    QCOMPARE(CompareCharts::paretoFront(points), (QList<int>{0, 2, 3, 4}));
    QCOMPARE(CompareCharts::paretoFront({}), QList<int>());
    QCOMPARE(CompareCharts::paretoFront({{2, 5}}), QList<int>{0});
}

void CompareViewTest::costChartDrawsReviewersWithCostAndAcceptedAndTheirFront()
{
    const auto reviewer = [](const QString &name, std::optional<double> cost, std::optional<int> accepted) {
        ReviewerStanding s;
        s.reviewer = name;
        s.kind = ReviewerKind::Configuration;
        s.costUsd = cost;
        s.accepted = accepted;
        if (cost && accepted && *accepted > 0)
            s.costPerAccepted = *cost / *accepted;
        return s;
    };
    JudgeBoard board;
    board.judge = QStringLiteral("people");
    board.kind = JudgeKind::People;
    // c costs more than a for fewer accepted: off the front; d has no cost, e no accepted: not drawn.
    board.reviewers = {reviewer(QStringLiteral("a"), 2.0, 10), reviewer(QStringLiteral("b"), 1.0, 4), reviewer(QStringLiteral("c"), 3.0, 8),
                       reviewer(QStringLiteral("d"), std::nullopt, 5), reviewer(QStringLiteral("e"), 1.5, std::nullopt)};
    QVERIFY(CompareCharts::whyNoCostChart(board).isEmpty());
    QChartView view(CompareCharts::costChart(board, QApplication::palette()));
    QStringList drawn;
    QLineSeries *front = nullptr;
    for (QAbstractSeries *s : view.chart()->series()) {
        if (!s->property("reviewer").toString().isEmpty())
            drawn << s->property("reviewer").toString();
        if (s->property("front").toBool())
            front = qobject_cast<QLineSeries *>(s);
    }
    drawn.sort();
    QCOMPARE(drawn, (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    QVERIFY(front);
    // The staircase from b (1 USD, 4) to a (2 USD, 10).
    QCOMPARE(front->points(), (QList<QPointF>{{1, 4}, {2, 4}, {2, 10}}));
    view.resize(900, 520);
    QVERIFY(view.grab().save(QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-compare-cost-chart.png")));

    // Costs and accepted findings on different reviewers: said so, nothing drawn.
    board.reviewers = {reviewer(QStringLiteral("d"), std::nullopt, 5), reviewer(QStringLiteral("e"), 1.5, std::nullopt)};
    QVERIFY(!CompareCharts::costChart(board, QApplication::palette()));
    QVERIFY2(CompareCharts::whyNoCostChart(board).contains(QStringLiteral("none has both")), qPrintable(CompareCharts::whyNoCostChart(board)));
}

void CompareViewTest::screenshot_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

void CompareViewTest::screenshot()
{
    QFETCH(QString, theme);
    applyTheme(themeFromName(theme));
    // As the window shows it: English with its plural forms.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_en")));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    view.resize(1400, 900);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QVERIFY(shown.wait(60000));
    QVERIFY(view.setJudge(test::codeReviewBenchJudge()));
    // Two labels open, to show what can be filtered on.
    auto *labels = view.findChild<QTreeWidget *>(QStringLiteral("compareLabels"));
    for (int i = 0; i < labels->topLevelItemCount(); ++i)
        labels->topLevelItem(i)->setExpanded(QStringList{QStringLiteral("language"), QStringLiteral("pr_size")}.contains(labels->topLevelItem(i)->data(0, Qt::UserRole).toString()));
    for (int tab = 0; tab < view.tabs()->count(); ++tab) {
        view.tabs()->setCurrentIndex(tab);
        const QString name = view.tabs()->widget(tab)->objectName().isEmpty() ? QString::number(tab) : view.tabs()->widget(tab)->objectName();
        QVERIFY(view.grab().save(QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-compare-%1-%2.png").arg(theme, name)));
    }
}

QTEST_MAIN(CompareViewTest)
#include "tst_compareview.moc"
