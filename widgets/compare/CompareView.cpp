#include "CompareView.h"

#include "CompareCharts.h"
#include "DifferencesTable.h"
#include "FigureText.h"
#include "LeaderboardModel.h"
#include "SeedField.h"

#include <WorkspaceStore.h>

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>


namespace rd {

namespace {

QChartView *compareChartView()
{
    auto *view = new QChartView(new QChart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(360, 260);
    return view;
}

// The chart view shows `chart` from now on; the one it showed is deleted.
void replaceChart(QChartView *view, QChart *chart)
{
    QChart *old = view->chart();
    view->setChart(chart);
    delete old;
}

} // namespace

CompareView::CompareView(WorkspaceStore &store, const QString &workspacePath, QWidget *parent)
    : QWidget(parent, Qt::Window), m_store(store), m_path(workspacePath)
{
    setWindowTitle(tr("Compare Reviewers"));
    setObjectName(QStringLiteral("compareView"));

    // The settings row: the judge, the figure drawn, the bootstrap; the work's state.
    m_judges = new QComboBox;
    m_judges->setObjectName(QStringLiteral("compareJudge"));
    m_judges->setToolTip(tr("Whose decisions count: people's final verdicts on the workspace's runs, or a benchmark's judge"));
    m_judges->setMinimumContentsLength(16);
    m_metrics = new QComboBox;
    m_metrics->setObjectName(QStringLiteral("compareMetric"));
    m_metrics->setToolTip(tr("The figure the interval chart and the differences show"));
    m_resamples = new QSpinBox;
    m_resamples->setObjectName(QStringLiteral("compareResamples"));
    m_resamples->setRange(100, 100000);
    m_resamples->setSingleStep(500);
    m_resamples->setValue(stats::DefaultResamples);
    m_resamples->setKeyboardTracking(false);
    m_resamples->setToolTip(tr("Bootstrap resamples of the merge requests; more give steadier interval ends"));
    m_seed = new SeedField;
    m_seed->setObjectName(QStringLiteral("compareSeed"));
    m_seed->setToolTip(tr("The seed of the resamples, 0 to 18446744073709551615 as --seed takes it: the same seed gives the same intervals"));
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("compareProgress"));
    m_progress->setMaximumWidth(180);
    m_progress->setTextVisible(false);
    m_progress->hide();
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("compareStatus"));
    // A long note (the tiers' resample floor) wraps instead of widening the
    // window past the screen; the whole text stays in the tooltip.
    m_status->setWordWrap(true);
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    auto *settingsRow = new QHBoxLayout;
    const auto labelled = [settingsRow](const QString &text, QWidget *field) {
        auto *label = new QLabel(text);
        label->setBuddy(field);
        settingsRow->addWidget(label);
        settingsRow->addWidget(field);
        settingsRow->addSpacing(12);
    };
    labelled(tr("&Judge:"), m_judges);
    labelled(tr("&Figure:"), m_metrics);
    labelled(tr("&Resamples:"), m_resamples);
    labelled(tr("&Seed:"), m_seed);
    settingsRow->addWidget(m_progress);
    settingsRow->addWidget(m_status, 1);

    // The filters: each label with its values, checked values pass.
    auto *filters = new QWidget;
    auto *filtersLayout = new QVBoxLayout(filters);
    filtersLayout->setContentsMargins(0, 0, 0, 0);
    auto *filtersTitle = new QLabel(tr("Merge requests with the labels:"));
    filtersTitle->setWordWrap(true);
    m_labelTree = new QTreeWidget;
    m_labelTree->setObjectName(QStringLiteral("compareLabels"));
    m_labelTree->setHeaderHidden(true);
    m_labelTree->setToolTip(tr("A merge request passes when it has, for every label with values checked, one of them (as --mr-filter)"));
    m_passing = new QLabel;
    m_passing->setObjectName(QStringLiteral("comparePassing"));
    m_passing->setWordWrap(true);
    auto *clear = new QPushButton(tr("&All Merge Requests"));
    clear->setObjectName(QStringLiteral("compareClearFilters"));
    filtersLayout->addWidget(filtersTitle);
    filtersLayout->addWidget(m_labelTree, 1);
    filtersLayout->addWidget(m_passing);
    filtersLayout->addWidget(clear);

    // The leaderboard and its figure's intervals.
    m_model = new LeaderboardModel(this);
    m_sorted = new QSortFilterProxyModel(this);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(Qt::UserRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("compareLeaderboard"));
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    // No alternating colours: the rows are shaded by tier (LeaderboardModel).
    const int rowHeight = fontMetrics().height() + 8;
    m_table->verticalHeader()->setDefaultSectionSize(rowHeight);
    m_intervals = compareChartView();
    m_intervals->setObjectName(QStringLiteral("compareIntervals"));
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    // Two lines, not wrapped (a label gets no height for its width in a tab page); cut where too narrow.
    m_summary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bootstrapSummary = new QLabel;
    m_bootstrapSummary->setObjectName(QStringLiteral("compareBootstrapSummary"));
    // Which interval each figure has makes it long: wrapped into two lines kept
    // for it (a label in a tab page gets no height for its width).
    m_bootstrapSummary->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_bootstrapSummary->setWordWrap(true);
    m_bootstrapSummary->setFixedHeight(2 * m_bootstrapSummary->fontMetrics().lineSpacing() + 2);
    m_bootstrapSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // The table and, beside it, its figure per reviewer, best first in both.
    auto *leaderboardSplit = new QSplitter;
    leaderboardSplit->addWidget(m_table);
    leaderboardSplit->addWidget(m_intervals);
    leaderboardSplit->setCollapsible(0, false);
    leaderboardSplit->setCollapsible(1, false);
    leaderboardSplit->setStretchFactor(1, 1);
    leaderboardSplit->setSizes({645, 465}); // the table with its tiers and F1 whole, and the chart's titles, at the window's size
    auto *leaderboardPage = new QWidget;
    leaderboardPage->setObjectName(QStringLiteral("compareLeaderboardPage"));
    auto *leaderboardLayout = new QVBoxLayout(leaderboardPage);
    leaderboardLayout->addWidget(m_summary);
    leaderboardLayout->addWidget(m_bootstrapSummary);
    leaderboardLayout->addWidget(leaderboardSplit, 1);

    m_precisionRecall = compareChartView();
    m_precisionRecall->setObjectName(QStringLiteral("comparePrecisionRecall"));

    m_cost = compareChartView();
    m_cost->setObjectName(QStringLiteral("compareCost"));
    // Where no reviewer has both a cost and accepted findings: what is missing, in a readable column.
    m_costMissing = new QLabel;
    m_costMissing->setObjectName(QStringLiteral("compareCostMissing"));
    m_costMissing->setWordWrap(true);
    m_costMissing->setTextFormat(Qt::RichText);
    m_costMissing->setMaximumWidth(640);
    auto *costMissingPage = new QWidget;
    auto *costMissingLayout = new QHBoxLayout(costMissingPage);
    costMissingLayout->addStretch(1);
    costMissingLayout->addWidget(m_costMissing, 3);
    costMissingLayout->addStretch(1);
    m_costPage = new QStackedWidget;
    m_costPage->setObjectName(QStringLiteral("compareCostPage"));
    m_costPage->addWidget(m_cost);
    m_costPage->addWidget(costMissingPage);

    m_pairs = new DifferencesTable;
    m_agreement = new QTableWidget;
    m_agreement->setObjectName(QStringLiteral("compareAgreement"));
    m_agreement->setColumnCount(6);
    m_agreement->setHorizontalHeaderLabels({tr("Judge A"), tr("Judge B"), tr("Items"), tr("Merge requests"), tr("Cohen's kappa [interval]"), tr("Agreement (%)")});
    m_agreement->horizontalHeaderItem(2)->setToolTip(tr("(merge request, reviewer, reference) both judged: was the reference found?"));
    m_agreement->verticalHeader()->hide();
    m_agreement->verticalHeader()->setDefaultSectionSize(rowHeight);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("compareTabs"));
    m_tabs->addTab(leaderboardPage, tr("Leaderboard"));
    m_tabs->addTab(m_precisionRecall, tr("Precision and Recall"));
    m_tabs->addTab(m_costPage, tr("Cost"));
    m_tabs->addTab(m_pairs, tr("Differences"));
    m_tabs->addTab(m_agreement, tr("Judges"));

    auto *split = new QSplitter;
    split->addWidget(filters);
    split->addWidget(m_tabs);
    split->setStretchFactor(1, 1);
    split->setCollapsible(1, false);
    split->setSizes({220, 1130});
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(settingsRow);
    layout->addWidget(split, 1);

    connect(m_judges, &QComboBox::currentIndexChanged, this, [this] { showBoard(); });
    connect(m_metrics, &QComboBox::currentIndexChanged, this, [this] {
        drawCharts();
        fillDifferences();
    });
    connect(m_resamples, &QSpinBox::valueChanged, this, &CompareView::compare);
    connect(m_seed, &SeedField::seedChanged, this, &CompareView::compare);
    connect(m_labelTree, &QTreeWidget::itemChanged, this, &CompareView::labelChosen);
    connect(clear, &QPushButton::clicked, this, [this] {
        m_fillingTree = true;
        for (int i = 0; i < m_labelTree->topLevelItemCount(); ++i)
            for (int j = 0; j < m_labelTree->topLevelItem(i)->childCount(); ++j)
                m_labelTree->topLevelItem(i)->child(j)->setCheckState(0, Qt::Unchecked);
        m_fillingTree = false;
        for (int i = 0; i < m_labelTree->topLevelItemCount(); ++i)
            labelChosen(m_labelTree->topLevelItem(i));
        compare();
    });
    connect(&m_job, &compare::ComparisonJob::progressed, this, &CompareView::showProgress);
    connect(&m_job, &compare::ComparisonJob::compared, this, &CompareView::jobCompared);
    connect(&m_job, &compare::ComparisonJob::failed, this, &CompareView::showFailure);

    resize(1360, 860);
    reload();
}

// Closing the view while it computes: the worker stops at its next resample.
CompareView::~CompareView()
{
    m_job.cancel();
}

void CompareView::abandon()
{
    disconnect(&m_job, nullptr, this, nullptr);
    m_job.cancel();
    close();
}

void CompareView::reload()
{
    auto labels = compare::MergeRequestLabels::read(m_store);
    if (!labels) {
        m_labels.reset();
        showFailure(labels.error().message);
        return;
    }
    m_labels = std::move(*labels);
    fillLabelTree();
    compare();
}

void CompareView::fillLabelTree()
{
    // Keep what was chosen where the label and value are still there.
    const QList<compare::LabelFilter> chosen = labelFilters();
    m_fillingTree = true;
    m_labelTree->clear();
    for (const QString &name : m_labels->names()) {
        auto *label = new QTreeWidgetItem(m_labelTree, {name});
        label->setData(0, Qt::UserRole, name);
        label->setFlags(Qt::ItemIsEnabled);
        const QMap<QString, int> counts = m_labels->valueCounts(name);
        QStringList wanted;
        for (const compare::LabelFilter &f : chosen)
            if (f.name == name)
                wanted = f.values;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
            auto *value = new QTreeWidgetItem(label, {tr("%1 (%2)").arg(it.key()).arg(it.value())});
            value->setData(0, Qt::UserRole, it.key());
            value->setToolTip(0, tr("%n merge request(s) labelled %1=%2", nullptr, it.value()).arg(name, it.key()));
            value->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            value->setCheckState(0, wanted.contains(it.key()) ? Qt::Checked : Qt::Unchecked);
        }
        label->setExpanded(!wanted.isEmpty());
    }
    if (m_labelTree->topLevelItemCount() == 0) {
        auto *none = new QTreeWidgetItem(m_labelTree, {tr("No merge request has labels.")});
        none->setFlags(Qt::NoItemFlags);
    }
    m_fillingTree = false;
    for (int i = 0; i < m_labelTree->topLevelItemCount(); ++i)
        labelChosen(m_labelTree->topLevelItem(i));
}

// A value was checked or unchecked: its label names how many are chosen; compare again.
void CompareView::labelChosen(QTreeWidgetItem *item)
{
    if (m_fillingTree || !item)
        return;
    QTreeWidgetItem *label = item->parent() ? item->parent() : item;
    int checked = 0;
    for (int j = 0; j < label->childCount(); ++j)
        checked += label->child(j)->checkState(0) == Qt::Checked ? 1 : 0;
    const QString name = label->data(0, Qt::UserRole).toString();
    m_fillingTree = true;
    label->setText(0, checked ? tr("%1 (%n chosen)", nullptr, checked).arg(name) : name);
    QFont font = label->font(0);
    font.setBold(checked > 0);
    label->setFont(0, font);
    m_fillingTree = false;
    if (item->parent())
        compare();
}

QList<compare::LabelFilter> CompareView::labelFilters() const
{
    QList<compare::LabelFilter> out;
    for (int i = 0; i < m_labelTree->topLevelItemCount(); ++i) {
        const QTreeWidgetItem *label = m_labelTree->topLevelItem(i);
        compare::LabelFilter f;
        f.name = label->data(0, Qt::UserRole).toString();
        for (int j = 0; j < label->childCount(); ++j)
            if (label->child(j)->checkState(0) == Qt::Checked)
                f.values << label->child(j)->data(0, Qt::UserRole).toString();
        if (!f.values.isEmpty())
            out << f;
    }
    return out;
}

bool CompareView::setLabelFilter(const QString &name, const QStringList &values)
{
    for (int i = 0; i < m_labelTree->topLevelItemCount(); ++i) {
        QTreeWidgetItem *label = m_labelTree->topLevelItem(i);
        if (label->data(0, Qt::UserRole).toString() != name)
            continue;
        QStringList known;
        for (int j = 0; j < label->childCount(); ++j)
            known << label->child(j)->data(0, Qt::UserRole).toString();
        if (std::any_of(values.cbegin(), values.cend(), [&](const QString &v) { return !known.contains(v); }))
            return false;
        m_fillingTree = true;
        for (int j = 0; j < label->childCount(); ++j)
            label->child(j)->setCheckState(0, values.contains(known[j]) ? Qt::Checked : Qt::Unchecked);
        label->setExpanded(!values.isEmpty());
        m_fillingTree = false;
        labelChosen(label);
        compare();
        return true;
    }
    return false;
}

void CompareView::setBootstrap(int resamples, quint64 seed)
{
    const QSignalBlocker blockResamples(m_resamples), blockSeed(m_seed);
    m_resamples->setValue(resamples);
    m_seed->setSeed(seed);
    compare();
}

void CompareView::updatePassing()
{
    if (!m_labels)
        return;
    const qsizetype all = m_labels->mergeRequests().size();
    const qsizetype passing = m_labels->passing(labelFilters()).size();
    m_passing->setText(labelFilters().isEmpty() ? tr("All %n merge request(s) are compared.", nullptr, int(all))
                                                : tr("%1 of %n merge request(s) have the labels chosen.", nullptr, int(all)).arg(passing));
}

void CompareView::compare()
{
    if (!m_labels)
        return;
    updatePassing();
    compare::ComparisonRequest request;
    request.settings.resamples = m_resamples->value();
    request.settings.seed = m_seed->seed();
    request.filters = labelFilters();
    if (!request.filters.isEmpty() && m_labels->passing(request.filters).isEmpty()) {
        // A state of the filters, not an error to acknowledge.
        m_job.cancel();
        clearFigures(tr("No merge request has all the labels chosen: choose another value, or fewer labels."));
        return;
    }
    m_progress->setRange(0, 0); // busy until the first resamples are counted
    m_progress->show();
    m_status->setText(tr("Computing…"));
    m_job.start(m_path, request);
}

void CompareView::showProgress(qint64 done, qint64 total)
{
    if (total <= 0)
        return;
    m_progress->setRange(0, 1000);
    m_progress->setValue(int(done * 1000 / total));
    m_status->setText(tr("Computing… %1 of %2 resamples").arg(QLocale().toString(done), QLocale().toString(total)));
}

void CompareView::clearFigures(const QString &why)
{
    m_progress->hide();
    m_status->setText(why);
    m_summary->setText(why);
    m_bootstrapSummary->clear();
    m_model->clear();
    for (QChartView *view : {m_intervals, m_precisionRecall, m_cost})
        replaceChart(view, new QChart);
    m_costMissing->clear();
    m_pairs->clear();
    m_agreement->setRowCount(0);
}

void CompareView::showFailure(const QString &message)
{
    clearFigures(message);
    // Not modal to the application: the view stays usable.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Compare Reviewers"), tr("The reviewers could not be compared: %1").arg(message), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("compareError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT comparisonFailed(message);
}

void CompareView::jobCompared()
{
    showComparison(*m_job.comparison());
}

void CompareView::showComparison(const compare::Comparison &comparison)
{
    m_progress->hide();
    m_shown = comparison;
    const compare::Comparison &c = *m_shown;
    const QString current = m_judges->currentData().toString();
    {
        const QSignalBlocker block(m_judges);
        m_judges->clear();
        for (const compare::JudgeBoard &b : c.judges)
            m_judges->addItem(b.kind == compare::JudgeKind::People ? tr("people (final verdicts)") : b.judge, b.judge);
        m_judges->setCurrentIndex(std::max(0, m_judges->findData(current)));
    }
    m_status->setText(c.notes.isEmpty() ? tr("%n judge(s) compared.", nullptr, int(c.judges.size())) : c.notes.join(QStringLiteral("; ")));
    m_status->setToolTip(m_status->text());
    showBoard();
    fillAgreement();
    Q_EMIT comparisonShown();
}

const compare::JudgeBoard *CompareView::board() const
{
    if (!m_shown)
        return nullptr;
    const QString judge = m_judges->currentData().toString();
    for (const compare::JudgeBoard &b : m_shown->judges)
        if (b.judge == judge)
            return &b;
    return nullptr;
}

QString CompareView::judge() const
{
    return m_judges->currentData().toString();
}

bool CompareView::setJudge(const QString &judge)
{
    const int index = m_judges->findData(judge);
    if (index < 0)
        return false;
    m_judges->setCurrentIndex(index);
    return true;
}

compare::Metric CompareView::metric() const
{
    return m_metrics->currentIndex() < 0 ? compare::Metric::FBeta : compare::Metric(m_metrics->currentData().toInt());
}

bool CompareView::setMetric(compare::Metric metric)
{
    const int index = m_metrics->findData(int(metric));
    if (index < 0)
        return false;
    m_metrics->setCurrentIndex(index);
    return true;
}

void CompareView::showBoard()
{
    const compare::JudgeBoard *b = board();
    if (!b)
        return;
    const compare::Settings &settings = m_shown->settings;
    {
        const QSignalBlocker block(m_metrics);
        const compare::Metric current = metric();
        m_metrics->clear();
        for (compare::Metric m : CompareCharts::metricsOf(*b))
            m_metrics->addItem(CompareCharts::metricTitle(m, settings.beta), int(m));
        m_metrics->setCurrentIndex(std::max(0, m_metrics->findData(int(current))));
    }
    m_model->setPalette(palette());
    m_model->setBoard(*b, settings);
    m_table->sortByColumn(m_model->section(LeaderboardModel::Column::FBeta), Qt::DescendingOrder);
    m_table->resizeColumnsToContents();
    const QString filters = [&] {
        QStringList parts;
        for (const compare::LabelFilter &f : m_shown->filters)
            parts << QStringLiteral("%1=%2").arg(f.name, f.values.join(QLatin1Char(',')));
        return parts.isEmpty() ? tr("all merge requests") : parts.join(QStringLiteral(", "));
    }();
    m_summary->setText(tr("Judge %1: %n merge request(s) (%2), %3 references.", nullptr, b->mergeRequests)
                           .arg(b->judge, filters, QLocale().toString(b->references)));
    m_bootstrapSummary->setText(tr("Figures in percent, each with its %1 % bootstrap interval over merge requests (studentized for precision, recall "
                                   "and F-beta, percentile for the others): %2 resamples, seed %3, the same resamples for every reviewer.")
                                    .arg(QLocale().toString(settings.level * 100, 'g', 3), QLocale().toString(settings.resamples), QString::number(settings.seed)));
    drawCharts();
    fillDifferences();
}

void CompareView::drawCharts()
{
    const compare::JudgeBoard *b = board();
    if (!b)
        return;
    const compare::Settings &settings = m_shown->settings;
    replaceChart(m_intervals, CompareCharts::intervalChart(*b, metric(), settings, palette()));
    replaceChart(m_precisionRecall, CompareCharts::precisionRecallChart(*b, settings, palette()));
    if (QChart *cost = CompareCharts::costChart(*b, palette())) {
        replaceChart(m_cost, cost);
        m_costMissing->clear();
        m_costPage->setCurrentWidget(m_cost);
    } else {
        replaceChart(m_cost, new QChart);
        QString text = QStringLiteral("<h3>%1</h3>").arg(tr("No chart of cost against accepted findings").toHtmlEscaped());
        for (const QString &line : CompareCharts::whyNoCostChart(*b).split(QLatin1Char('\n')))
            text += QStringLiteral("<p>%1</p>").arg(line.toHtmlEscaped());
        m_costMissing->setText(text);
        m_costPage->setCurrentIndex(1);
    }
}

void CompareView::fillDifferences()
{
    const compare::JudgeBoard *b = board();
    if (!b) {
        m_pairs->clear();
        return;
    }
    m_pairs->showPairs(*b, metric(), m_shown->settings);
}

QTableWidget *CompareView::differences() const
{
    return m_pairs->table();
}

void CompareView::fillAgreement()
{
    m_agreement->setRowCount(0);
    if (!m_shown)
        return;
    for (const compare::JudgeAgreement &a : m_shown->agreement) {
        const int row = m_agreement->rowCount();
        m_agreement->insertRow(row);
        m_agreement->setItem(row, 0, figureCell(a.a, Qt::AlignLeft | Qt::AlignVCenter));
        m_agreement->setItem(row, 1, figureCell(a.b, Qt::AlignLeft | Qt::AlignVCenter));
        m_agreement->setItem(row, 2, figureCell(QLocale().toString(a.items)));
        m_agreement->setItem(row, 3, figureCell(QLocale().toString(a.mergeRequests)));
        const auto kappa = [](double v) { return QLocale().toString(v, 'f', 2); };
        const QString interval = intervalText(a.low, a.high, a.kappa && !a.low && a.high, a.kappa && a.low && !a.high, 2);
        m_agreement->setItem(row, 4, figureCell(!a.kappa ? QStringLiteral("—") : interval.isEmpty() ? kappa(*a.kappa) : QStringLiteral("%1 %2").arg(kappa(*a.kappa), interval)));
        m_agreement->setItem(row, 5, figureCell(a.agreement ? percentText(*a.agreement) : QStringLiteral("—")));
    }
    m_agreement->resizeColumnsToContents();
}

void CompareView::setAuditList(QWidget *auditList)
{
    auditList->setObjectName(auditList->objectName().isEmpty() ? QStringLiteral("compareAudit") : auditList->objectName());
    m_tabs->addTab(auditList, tr("Audit"));
}

void CompareView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The charts take their colours from the palette when drawn.
    if (event->type() == QEvent::PaletteChange && board()) {
        m_model->setPalette(palette());
        drawCharts();
    }
}

} // namespace rd
