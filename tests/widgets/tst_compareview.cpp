// Review ▸ Compare Reviewers… (issue 34) on the imported Code Review Bench
// (the shared data, with a second judge under which augment finds nothing):
// the leaderboard's rows and figures, a series per reviewer in each chart,
// the cost chart's empty state naming why, the judge switch and a label
// filter; the Pareto front; a 64-bit seed; a hand-made comparison with
// issue 40's figures (tiers, Holm-adjusted p-values, a pair on too few
// merge requests, a figure not defined, an interval open on a side); the
// manual's screenshots, light and dark.

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
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QScatterSeries>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QScopeGuard>
#include <QTranslator>
#include <QTreeWidget>
#include <QValueAxis>

#include <Resampling.h>

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

// The column of a table headed `title`; -1 when none is.
int columnHeaded(const QAbstractItemModel *model, const QString &title)
{
    for (int c = 0; c < model->columnCount(); ++c)
        if (model->headerData(c, Qt::Horizontal).toString() == title)
            return c;
    return -1;
}

// The row of the differences table comparing a with b; -1 when none does.
int pairRow(const QTableWidget *table, const QString &a, const QString &b)
{
    for (int r = 0; r < table->rowCount(); ++r)
        if (table->item(r, 0)->text() == a && table->item(r, 1)->text() == b)
            return r;
    return -1;
}

Estimate percent(std::optional<double> value, std::optional<double> low, std::optional<double> high)
{
    Estimate e;
    e.value = value;
    e.low = low;
    e.high = high;
    e.resamples = e.drawn = value ? stats::DefaultResamples : 0;
    return e;
}

PairDifference pairOf(const QString &a, const QString &b, int mergeRequests, std::optional<double> p, std::optional<double> pAdjusted)
{
    PairDifference d;
    d.a = a;
    d.b = b;
    d.metric = Metric::FBeta;
    d.difference = 6;
    d.mergeRequests = mergeRequests;
    if (!d.tooFew()) {
        d.low = 1;
        d.high = 11;
        d.p = p;
        d.pAdjusted = pAdjusted;
        d.resamples = stats::DefaultResamples;
    }
    return d;
}

// One judge's board as the pipeline of issue 40 fills it, by hand: four
// reviewers in three tiers; alpha and beta apart on p (0.0125) but not on
// the Holm-adjusted p (0.05, at the edge); alpha and gamma apart on both;
// beta and gamma on 3 merge requests in common; gamma's precision not
// defined (no comment), its recall's interval open above; delta without a
// figure defined.
Comparison handMadeComparison()
{
    const auto standing = [](const QString &name, const QString &tier, Estimate precision, Estimate recall, Estimate fBeta) {
        ReviewerStanding s;
        s.reviewer = name;
        s.tier = tier;
        s.mergeRequests = 40;
        s.precision = precision;
        s.recall = recall;
        s.fBeta = fBeta;
        return s;
    };
    JudgeBoard board;
    board.judge = QStringLiteral("hand-made judge");
    board.mergeRequests = 40;
    board.references = 120;
    board.reviewers = {standing(QStringLiteral("alpha"), QStringLiteral("a"), percent(60, 50, 70), percent(50, 40, 60), percent(55, 45, 65)),
                       standing(QStringLiteral("beta"), QStringLiteral("ab"), percent(52, 42, 62), percent(46, 36, 56), percent(49, 39, 59)),
                       standing(QStringLiteral("gamma"), QStringLiteral("b"), percent(std::nullopt, std::nullopt, std::nullopt), percent(40, 30, std::nullopt),
                                percent(35, 25, 45)),
                       standing(QStringLiteral("delta"), QString(), percent(std::nullopt, std::nullopt, std::nullopt),
                                percent(std::nullopt, std::nullopt, std::nullopt), percent(std::nullopt, std::nullopt, std::nullopt))};
    board.pairs = {pairOf(QStringLiteral("alpha"), QStringLiteral("beta"), 40, 0.0125, 0.05), pairOf(QStringLiteral("alpha"), QStringLiteral("gamma"), 38, 0.001, 0.003),
                   pairOf(QStringLiteral("beta"), QStringLiteral("gamma"), 3, std::nullopt, std::nullopt)};
    Comparison c;
    c.judges = {board};
    return c;
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
    void seedAboveThirtyTwoBitsReachesTheComparison();
    void bootstrapSummaryIsShownWholeAtTheScreenshotSize();
    void leaderboardShowsTiersShadedWithTheirRuleAndUndefinedFiguresAsDashes();
    void differencesBoldOnlyWhatTheAdjustedPTellsApartAndSayTooFew();
    void intervalChartSkipsUndefinedFiguresAndRunsOpenSidesToTheAxisEnd();
    void screenshot_data();
    void screenshot();

private:
    // The Compare view on the workspace at the screenshots' size, shown with
    // its first comparison (false when that failed: the test then stops).
    struct ShownView
    {
        std::unique_ptr<SqlWorkspaceStore> store;
        std::unique_ptr<CompareView> view;
        std::unique_ptr<QSignalSpy> shown;
    };
    bool showAtScreenshotSize(ShownView &out);
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
    QCOMPARE(table->model()->columnCount(), 9); // with the tiers; no run of ours: no KBI, no cost
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

void CompareViewTest::seedAboveThirtyTwoBitsReachesTheComparison()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    // The defaults every command and window starts from.
    QCOMPARE(view.findChild<QSpinBox *>(QStringLiteral("compareResamples"))->value(), stats::DefaultResamples);
    auto *seed = view.findChild<QLineEdit *>(QStringLiteral("compareSeed"));
    QVERIFY(seed);
    QCOMPARE(seed->text(), QString::number(stats::DefaultSeed));
    QCOMPARE(view.comparison()->settings.seed, stats::DefaultSeed);
    // A letter is refused as typed; the largest seed --seed takes is taken.
    seed->clear();
    QTest::keyClicks(seed, QStringLiteral("x"));
    QCOMPARE(seed->text(), QString());
    const quint64 large = 18446744073709551557ull; // the largest prime below 2^64
    QTest::keyClicks(seed, QString::number(large));
    QTest::keyClick(seed, Qt::Key_Return);
    QVERIFY(view.isComparing());
    QVERIFY(shown.wait(60000));
    QCOMPARE(view.comparison()->settings.seed, large);
    QVERIFY2(view.findChild<QLabel *>(QStringLiteral("compareBootstrapSummary"))->text().contains(QString::number(large)),
             qPrintable(view.findChild<QLabel *>(QStringLiteral("compareBootstrapSummary"))->text()));
    // One digit more is past 2^64: refused as typed.
    QTest::keyClick(seed, Qt::Key_End);
    QTest::keyClicks(seed, QStringLiteral("0"));
    QCOMPARE(seed->text(), QString::number(large));
    // And through setBootstrap, a seed above 2^32 as it is.
    view.setBootstrap(stats::DefaultResamples, (quint64(1) << 32) + 7);
    QVERIFY(shown.wait(60000));
    QCOMPARE(view.comparison()->settings.seed, (quint64(1) << 32) + 7);
    QCOMPARE(seed->text(), QStringLiteral("4294967303"));
}

bool CompareViewTest::showAtScreenshotSize(ShownView &out)
{
    [&] {
        auto store = SqlWorkspaceStore::open(m_workspace);
        QVERIFY(store);
        out.store = std::move(*store);
        out.view = std::make_unique<CompareView>(*out.store, m_workspace);
        out.shown = std::make_unique<QSignalSpy>(out.view.get(), &CompareView::comparisonShown);
        out.view->resize(1400, 900);
        out.view->show();
        QVERIFY(QTest::qWaitForWindowExposed(out.view.get()));
        QVERIFY(out.shown->wait(60000));
    }();
    return !QTest::currentTestFailed();
}

// The line saying which interval each figure has is long (studentized for
// some, percentile for the others): at 1,400 px it wraps instead of being cut.
void CompareViewTest::bootstrapSummaryIsShownWholeAtTheScreenshotSize()
{
    ShownView shownView;
    if (!showAtScreenshotSize(shownView))
        return;
    CompareView &view = *shownView.view;
    auto *summary = view.findChild<QLabel *>(QStringLiteral("compareBootstrapSummary"));
    QVERIFY(summary);
    QCoreApplication::processEvents(); // the layout settles after the text is set
    const QRect needed = summary->fontMetrics().boundingRect(QRect(0, 0, summary->contentsRect().width(), 100000), Qt::TextWordWrap, summary->text());
    QVERIFY2(needed.height() <= summary->contentsRect().height() && summary->geometry().right() <= summary->parentWidget()->contentsRect().right(),
             qPrintable(QStringLiteral("%1 px high and %2 px wide needed, %3 × %4 given: %5")
                            .arg(needed.height())
                            .arg(needed.width())
                            .arg(summary->contentsRect().width())
                            .arg(summary->contentsRect().height())
                            .arg(summary->text())));
}

void CompareViewTest::leaderboardShowsTiersShadedWithTheirRuleAndUndefinedFiguresAsDashes()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    view.showComparison(handMadeComparison());
    const auto *table = view.findChild<QTableView *>(QStringLiteral("compareLeaderboard"));
    QVERIFY(table);
    const QAbstractItemModel *model = table->model();
    QCOMPARE(model->rowCount(), 4);
    const int tier = columnHeaded(model, QStringLiteral("Tier"));
    QVERIFY2(tier != -1, "no Tier column");
    QVERIFY2(model->headerData(tier, Qt::Horizontal, Qt::ToolTipRole)
                 .toString()
                 .contains(QStringLiteral("Reviewers sharing a letter are not told apart by any Holm-adjusted test on F1 at 5 %")),
             qPrintable(model->headerData(tier, Qt::Horizontal, Qt::ToolTipRole).toString()));
    const int alpha = rowOf(table, QStringLiteral("alpha")), beta = rowOf(table, QStringLiteral("beta")), gamma = rowOf(table, QStringLiteral("gamma")),
              delta = rowOf(table, QStringLiteral("delta"));
    QCOMPARE(model->index(alpha, tier).data().toString(), QStringLiteral("a"));
    QCOMPARE(model->index(beta, tier).data().toString(), QStringLiteral("ab"));
    QCOMPARE(model->index(gamma, tier).data().toString(), QStringLiteral("b"));
    QCOMPARE(model->index(delta, tier).data().toString(), QStringLiteral("—"));
    QVERIFY(model->index(gamma, tier).data(Qt::ToolTipRole).toString().contains(QStringLiteral("Holm-adjusted")));
    // Tier a (alpha, beta) on the base, tier b on a band of its own, in every cell of the row.
    const auto background = [&](int row, int column) { return model->index(row, column).data(Qt::BackgroundRole).value<QBrush>().color(); };
    QCOMPARE(background(alpha, 0), background(beta, 0));
    QVERIFY(background(gamma, 0) != background(alpha, 0));
    QCOMPARE(background(gamma, 0), background(gamma, columnHeaded(model, QStringLiteral("F1"))));

    // Not defined: "—", never 0; an interval open above ends in "—)".
    const int precision = columnHeaded(model, QStringLiteral("Precision")), recall = columnHeaded(model, QStringLiteral("Recall"));
    QCOMPARE(model->index(gamma, precision).data().toString(), QStringLiteral("—"));
    QCOMPARE(model->index(delta, columnHeaded(model, QStringLiteral("F1"))).data().toString(), QStringLiteral("—"));
    QCOMPARE(model->index(gamma, recall).data().toString(), QStringLiteral("40.0 [30.0, —)"));
    QCOMPARE(model->index(alpha, recall).data().toString(), QStringLiteral("50.0 [40.0, 60.0]"));
    QVERIFY2(model->index(gamma, precision).data(Qt::ToolTipRole).toString().contains(QStringLiteral("not defined")),
             qPrintable(model->index(gamma, precision).data(Qt::ToolTipRole).toString()));
}

void CompareViewTest::differencesBoldOnlyWhatTheAdjustedPTellsApartAndSayTooFew()
{
    // As the window shows it: English with its plural forms.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_en")));
    QCoreApplication::installTranslator(&english);
    const auto uninstall = qScopeGuard([&english] { QCoreApplication::removeTranslator(&english); });
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    view.showComparison(handMadeComparison());
    QVERIFY(view.setMetric(Metric::FBeta));
    const auto *table = view.findChild<QTableWidget *>(QStringLiteral("compareDifferences"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), 3);
    const auto column = [table](const QString &title) {
        for (int c = 0; c < table->columnCount(); ++c)
            if (table->horizontalHeaderItem(c)->text() == title)
                return c;
        return -1;
    };
    const int p = column(QStringLiteral("p")), adjusted = column(QStringLiteral("Adjusted p")), mergeRequests = column(QStringLiteral("Merge requests"));
    QVERIFY2(p != -1 && adjusted != -1 && mergeRequests != -1, "the p, Adjusted p or Merge requests column is missing");
    int difference = -1;
    for (int c = 0; c < table->columnCount(); ++c)
        if (table->horizontalHeaderItem(c)->text().startsWith(QStringLiteral("A − B")))
            difference = c;
    QVERIFY2(difference != -1, "no A − B column");
    // p below 5 %, the adjusted p at 5 %: not told apart, not bold.
    const int ab = pairRow(table, QStringLiteral("alpha"), QStringLiteral("beta"));
    QCOMPARE(table->item(ab, p)->text(), QStringLiteral("0.0125"));
    QCOMPARE(table->item(ab, adjusted)->text(), QStringLiteral("0.05"));
    QCOMPARE(table->item(ab, mergeRequests)->text(), QStringLiteral("40"));
    for (int c = 0; c < table->columnCount(); ++c)
        QVERIFY2(!table->item(ab, c)->font().bold(), qPrintable(table->horizontalHeaderItem(c)->text()));
    // Told apart after the adjustment: bold.
    const int ag = pairRow(table, QStringLiteral("alpha"), QStringLiteral("gamma"));
    QCOMPARE(table->item(ag, adjusted)->text(), QStringLiteral("0.003"));
    QVERIFY(table->item(ag, adjusted)->font().bold());
    QVERIFY(table->item(ag, difference)->font().bold());
    QCOMPARE(table->item(ag, difference)->text(), QStringLiteral("6.0 [1.0, 11.0]"));
    // Three merge requests in common: too few, no p-value.
    const int bg = pairRow(table, QStringLiteral("beta"), QStringLiteral("gamma"));
    QCOMPARE(table->item(bg, difference)->text(), QStringLiteral("too few (3 merge requests)"));
    QCOMPARE(table->item(bg, p)->text(), QStringLiteral("—"));
    QCOMPARE(table->item(bg, adjusted)->text(), QStringLiteral("—"));
    QVERIFY(!table->item(bg, difference)->font().bold());
    // The caption says what bold means, where it is seen.
    const auto *caption = view.findChild<QLabel *>(QStringLiteral("compareDifferencesCaption"));
    QVERIFY(caption);
    QVERIFY2(caption->text().contains(QStringLiteral("Holm")) && caption->text().contains(QStringLiteral("5 %")), qPrintable(caption->text()));
    QVERIFY(!caption->isHidden());
}

void CompareViewTest::intervalChartSkipsUndefinedFiguresAndRunsOpenSidesToTheAxisEnd()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    CompareView view(**store, m_workspace);
    QSignalSpy shown(&view, &CompareView::comparisonShown);
    QVERIFY(shown.wait(60000));
    view.showComparison(handMadeComparison());
    QVERIFY(view.setMetric(Metric::Recall));
    const auto *chart = view.findChild<QChartView *>(QStringLiteral("compareIntervals"))->chart();
    // delta's recall is not defined: three reviewers, three points.
    QStringList drawn;
    QLineSeries *gamma = nullptr, *alpha = nullptr;
    for (QAbstractSeries *s : chart->series()) {
        if (auto *scatter = qobject_cast<QScatterSeries *>(s))
            QCOMPARE(scatter->count(), 3);
        if (auto *line = qobject_cast<QLineSeries *>(s)) {
            drawn << line->property("reviewer").toString();
            if (drawn.last() == QStringLiteral("gamma"))
                gamma = line;
            if (drawn.last() == QStringLiteral("alpha"))
                alpha = line;
        }
    }
    drawn.sort();
    QCOMPARE(drawn, (QStringList{QStringLiteral("alpha"), QStringLiteral("beta"), QStringLiteral("gamma")}));
    QVERIFY(gamma && alpha);
    const auto *axis = qobject_cast<QValueAxis *>(chart->axes(Qt::Horizontal).constFirst());
    QVERIFY(axis);
    // Open above: from its low end (with its cap) to the axis's end, no cap there.
    double right = 0;
    for (const QPointF &point : gamma->points())
        right = std::max(right, point.x());
    QCOMPARE(right, axis->max());
    QCOMPARE(gamma->count(), 4);
    QCOMPARE(alpha->count(), 6); // a cap at each end
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
    ShownView shownView;
    if (!showAtScreenshotSize(shownView))
        return;
    CompareView &view = *shownView.view;
    QSignalSpy &shown = *shownView.shown;
    // Enough resamples for Holm over 66 pairs to tell tools apart (at the
    // default 2,000 no adjusted p can fall below 0.066: every tier is "a").
    view.setBootstrap(10000, stats::DefaultSeed);
    QVERIFY(shown.wait(120000));
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
