#include "EvaluationWindow.h"

#include "EvaluationCharts.h"

#include <GoldTriageQueue.h>
#include <MetricDefinitions.h>
#include <ResponseStore.h>
#include <WorkspaceStore.h>

#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rd {

namespace {

QString lineText(const eval::Item &i)
{
    QString lines;
    if (i.where.from)
        lines = QString::number(*i.where.from);
    if (i.where.to && i.where.to != i.where.from)
        lines += QLatin1Char('-') + QString::number(*i.where.to);
    return QStringLiteral("#%1  %2:%3  %4").arg(i.id).arg(i.where.path, lines, i.text.section(QLatin1Char('\n'), 0, 0));
}

// Where a candidate stands in the triage queue, as the Queue column says it.
QString triageStatusText(const std::optional<TriageStatus> &status)
{
    if (!status)
        return EvaluationWindow::tr("not queued");
    switch (*status) {
    case TriageStatus::Open: return EvaluationWindow::tr("open");
    case TriageStatus::AgreedYes: return EvaluationWindow::tr("agreed: yes (a reference)");
    case TriageStatus::AgreedNo: return EvaluationWindow::tr("agreed: no");
    case TriageStatus::Disagreement: return EvaluationWindow::tr("disagreement: to adjudicate");
    case TriageStatus::AdjudicatedYes: return EvaluationWindow::tr("adjudicated: yes (a reference)");
    case TriageStatus::AdjudicatedNo: return EvaluationWindow::tr("adjudicated: no");
    case TriageStatus::AdjudicatedUnsure: return EvaluationWindow::tr("adjudicated: unsure");
    }
    return EvaluationWindow::tr("open");
}

} // namespace

EvaluationWindow::EvaluationWindow(WorkspaceStore &store, const QString &workspacePath, QWidget *parent)
    : QWidget(parent, Qt::Window), m_store(store), m_path(workspacePath)
{
    setWindowTitle(tr("Evaluate runs"));
    setObjectName(QStringLiteral("evaluationWindow"));

    auto *side = new QWidget;
    auto *form = new QFormLayout;
    m_runs = new QListWidget;
    m_runs->setObjectName(QStringLiteral("evaluationRuns"));
    m_references = new QComboBox;
    m_references->setObjectName(QStringLiteral("referenceSet"));
    m_references->setToolTip(tr("The live set is rebuilt from the workspace at each evaluation; a snapshot (reviewdesk-cli references freeze) "
                                "keeps the references as they were when it was frozen."));
    m_distance = new QSpinBox;
    m_distance->setRange(0, 100);
    m_distance->setValue(1);
    m_distance->setSuffix(tr(" lines"));
    m_matching = new QComboBox;
    m_matching->setObjectName(QStringLiteral("matching"));
    m_matching->addItem(tr("Line match"));
    m_matching->addItem(tr("Line and semantic match (LLM judge)"));
    m_judgeConfig = new QLineEdit;
    m_judgeConfig->setObjectName(QStringLiteral("judgeConfig"));
    m_judgeConfig->setPlaceholderText(tr("run configuration naming the judge"));
    auto *browse = new QPushButton(tr("Browse…"));
    auto *judgeRow = new QHBoxLayout;
    judgeRow->addWidget(m_judgeConfig, 1);
    judgeRow->addWidget(browse);
    m_votes = new QSpinBox;
    m_votes->setRange(1, 15);
    m_votes->setValue(1);
    m_votes->setToolTip(tr("Judge answers per pair; the majority decides."));
    const auto judgeEnabled = [this] {
        const bool semantic = m_matching->currentIndex() == 1;
        m_judgeConfig->setEnabled(semantic);
        m_votes->setEnabled(semantic);
    };
    connect(m_matching, &QComboBox::currentIndexChanged, this, judgeEnabled);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Judge's run configuration"), {}, tr("Run configuration (*.json)"));
        if (!path.isEmpty())
            setSemanticJudge(path, m_votes->value());
    });
    judgeEnabled();
    m_judgeCache = ResponseStore::userCacheFolder();
    m_goal = new QComboBox;
    m_goal->addItem(tr("CPI1 (against references)"));
    m_goal->addItem(tr("F1 (against verdicts)"));
    form->addRow(tr("References:"), m_references);
    form->addRow(tr("Line distance:"), m_distance);
    form->addRow(tr("Matching:"), m_matching);
    form->addRow(tr("Judge:"), judgeRow);
    form->addRow(tr("Votes:"), m_votes);
    form->addRow(tr("Tune for:"), m_goal);
    m_evaluate = new QPushButton(tr("Evaluate"));
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("evaluationStatus"));
    m_status->setWordWrap(true);
    m_saveRecording = new QPushButton(tr("Save the judge's answers…"));
    m_saveRecording->setEnabled(false);
    connect(m_saveRecording, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save the judge's answers"), QStringLiteral("semantic-judge.json"), tr("Recording (*.json)"));
        if (path.isEmpty())
            return;
        if (auto written = saveJudgeRecording(path); !written)
            showError(written.error().message);
    });
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->addWidget(new QLabel(tr("Runs:")));
    sideLayout->addWidget(m_runs, 1);
    sideLayout->addLayout(form);
    sideLayout->addWidget(m_evaluate);
    sideLayout->addWidget(m_status);
    sideLayout->addWidget(m_saveRecording);

    m_referencesUsed = new QLabel;
    m_referencesUsed->setObjectName(QStringLiteral("evaluationReferences"));
    m_referencesUsed->setWordWrap(true);
    m_referencesUsed->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A splitter does not ask its panes for a height for their width: the
    // label keeps the height its wrapped lines need itself.
    m_referencesUsed->installEventFilter(this);
    m_tabs = new QTabWidget;
    // Some fifteen tables with long names ("Configurations compared (after
    // the last stage)"): as tabs, most were cut or scrolled out of sight. A
    // list of their names, each whole, chooses the one shown.
    m_tabs->tabBar()->hide();
    m_tableChooser = new QComboBox;
    m_tableChooser->setObjectName(QStringLiteral("evaluationTables"));
    m_tableChooser->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_tableChooser->setMaxVisibleItems(20);
    connect(m_tableChooser, &QComboBox::activated, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, this, &EvaluationWindow::syncTableChooser);
    auto *tablesRow = new QHBoxLayout;
    auto *tablesLabel = new QLabel(tr("&Table:"));
    tablesLabel->setBuddy(m_tableChooser);
    tablesRow->addWidget(tablesLabel);
    tablesRow->addWidget(m_tableChooser);
    tablesRow->addStretch(1);
    m_behind = new QListWidget;
    m_behind->setObjectName(QStringLiteral("commentsBehind"));
    m_behind->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_behind, &QListWidget::customContextMenuRequested, this, &EvaluationWindow::behindMenu);
    auto *right = new QSplitter(Qt::Vertical);
    // Which references the figures below were measured against.
    auto *tablesBox = new QWidget;
    auto *tablesLayout = new QVBoxLayout(tablesBox);
    tablesLayout->setContentsMargins(0, 0, 0, 0);
    tablesLayout->addWidget(m_referencesUsed);
    tablesLayout->addLayout(tablesRow);
    tablesLayout->addWidget(m_tabs, 1);
    right->addWidget(tablesBox);
    auto *behindBox = new QWidget;
    auto *behindLayout = new QVBoxLayout(behindBox);
    behindLayout->setContentsMargins(0, 0, 0, 0);
    behindLayout->addWidget(new QLabel(tr("Comments behind the selected figure:")));
    behindLayout->addWidget(m_behind);
    right->addWidget(behindBox);
    right->setStretchFactor(0, 4);
    right->setStretchFactor(1, 1);
    // The tables and charts get most of the height, and are never folded away
    // (the tab area is empty until the first evaluation, so it would start small).
    right->setCollapsible(0, false);
    right->setSizes({600, 150});

    auto *split = new QSplitter;
    split->addWidget(side);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(split);

    connect(m_evaluate, &QPushButton::clicked, this, &EvaluationWindow::evaluate);
    connect(m_goal, &QComboBox::currentIndexChanged, this, [this] {
        if (m_evaluation)
            evaluate();
    });
    connect(&m_job, &EvaluationJob::finished, this, [this] {
        m_evaluate->setEnabled(true);
        showOutcome(m_job.outcome());
    });
    reloadRuns();
    resize(1200, 800);
}

// Closing the window while the judge is asked: no further question is put,
// and the one in flight ends as cancelled.
EvaluationWindow::~EvaluationWindow()
{
    m_job.cancel();
}

void EvaluationWindow::setSemanticJudge(const QString &configPath, int votes)
{
    m_judgeConfig->setText(configPath);
    m_votes->setValue(votes);
    m_matching->setCurrentIndex(configPath.isEmpty() ? 0 : 1);
}

Result<bool> EvaluationWindow::saveJudgeRecording(const QString &path) const
{
    if (m_judgeExchanges.isEmpty())
        return Error{Error::Kind::Usage, tr("The judge has not been asked yet: evaluate with semantic matching first.")};
    return ResponseStore::record(path, m_judgeExchanges);
}

void EvaluationWindow::showError(const QString &message)
{
    m_status->setText(message);
    // Not modal to the application: the window stays usable, and nothing waits on the dialog.
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Evaluate"), message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("evaluationError"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void EvaluationWindow::reloadReferenceSets()
{
    const QString current = m_references->currentData().toString();
    m_references->clear();
    m_references->addItem(tr("All references (live)"), QStringLiteral("all"));
    m_references->addItem(tr("Marked references, AACR-Bench (live)"), QStringLiteral("aacr"));
    m_references->addItem(tr("Key bugs flagged by annotators (live)"), QStringLiteral("key-bugs"));
    m_references->addItem(tr("Imported ground truth only (live)"), QStringLiteral("original"));
    m_references->addItem(tr("Imported ground truth and what triage added (live)"), QStringLiteral("triaged"));
    // The snapshots by name: no snapshot can take a live set's name.
    if (auto snapshots = m_store.referenceSnapshots())
        for (const ReferenceSnapshot &s : std::as_const(*snapshots)) {
            m_references->addItem(tr("Snapshot: %1").arg(s.name), s.name);
            m_references->setItemData(m_references->count() - 1,
                                      tr("Set %1, frozen by %2 on %3; fingerprint %4")
                                          .arg(s.referenceSet, s.author, QLocale().toString(s.created.toLocalTime(), QLocale::ShortFormat), s.fingerprint),
                                      Qt::ToolTipRole);
        }
    else
        m_status->setText(snapshots.error().message);
    m_references->setCurrentIndex(std::max(0, m_references->findData(current)));
}

bool EvaluationWindow::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_referencesUsed && event->type() == QEvent::Resize)
        m_referencesUsed->setMinimumHeight(m_referencesUsed->heightForWidth(m_referencesUsed->width()));
    return QWidget::eventFilter(watched, event);
}

bool EvaluationWindow::setReferenceSet(const QString &set)
{
    const int index = m_references->findData(set);
    if (index < 0)
        return false;
    m_references->setCurrentIndex(index);
    return true;
}

void EvaluationWindow::reloadRuns()
{
    reloadReferenceSets();
    m_runs->clear();
    auto mrs = m_store.mergeRequests();
    if (!mrs) {
        m_status->setText(mrs.error().message);
        return;
    }
    for (const MergeRequestEntry &mr : *mrs) {
        auto runs = m_store.runs(mr.id);
        if (!runs)
            continue;
        for (const StoredRun &r : *runs) {
            const QString mrName = mr.title.isEmpty() ? QStringLiteral("%1..%2").arg(mr.base, mr.head) : mr.title;
            auto *item = new QListWidgetItem(tr("Run %1: %2 (%3)").arg(r.id).arg(r.label.isEmpty() ? r.model : r.label, mrName));
            item->setData(Qt::UserRole, r.id);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
            item->setToolTip(item->text());
            m_runs->addItem(item);
        }
    }
    // The runs' names whole ("Run 1: Left Flow, 3 reviewers, …" was cut),
    // up to a third of the window; a longer one is in its tooltip.
    const QAbstractItemView *runs = m_runs;
    const int wanted = runs->sizeHintForColumn(0) + 2 * m_runs->frameWidth() + m_runs->style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, m_runs);
    m_runs->setMinimumWidth(std::min(wanted, 520));
}

void EvaluationWindow::syncTableChooser()
{
    const QSignalBlocker blocker(m_tableChooser);
    QStringList names;
    for (int i = 0; i < m_tabs->count(); ++i)
        names << m_tabs->tabText(i);
    QStringList listed;
    for (int i = 0; i < m_tableChooser->count(); ++i)
        listed << m_tableChooser->itemText(i);
    if (listed != names) {
        m_tableChooser->clear();
        m_tableChooser->addItems(names);
    }
    m_tableChooser->setCurrentIndex(m_tabs->currentIndex());
}

bool EvaluationWindow::isEvaluating() const
{
    return m_job.isRunning();
}

void EvaluationWindow::evaluate()
{
    if (m_job.isRunning())
        return;
    EvaluationRequest request;
    request.workspace = m_path;
    for (int i = 0; i < m_runs->count(); ++i)
        if (m_runs->item(i)->checkState() == Qt::Checked)
            request.runs << m_runs->item(i)->data(Qt::UserRole).toLongLong();
    if (request.runs.isEmpty()) {
        m_status->setText(tr("Check at least one run."));
        return;
    }
    const QString references = m_references->currentData().toString();
    if (const auto live = eval::referenceSetFromName(references))
        request.references = *live;
    else
        request.snapshot = references;
    request.maxDistance = m_distance->value();
    request.tuneFor = m_goal->currentIndex() == 0 ? eval::TuningGoal::Cpi1 : eval::TuningGoal::F1;
    request.triageQueue = true;
    if (m_matching->currentIndex() == 1) {
        if (m_judgeConfig->text().trimmed().isEmpty()) {
            showError(tr("Semantic matching needs a run configuration naming the judge (its validator, else its reviewer)."));
            return;
        }
        request.judgeConfig = m_judgeConfig->text().trimmed();
        request.votes = m_votes->value();
        request.judgeCache = m_judgeCache; // answers cached like a run's
    }
    if (auto ready = m_job.prepare(request); !ready) {
        showError(ready.error().message);
        return;
    }
    m_evaluate->setEnabled(false);
    m_status->setText(request.semantic() ? tr("Evaluating %n run(s), asking the judge…", nullptr, int(request.runs.size()))
                                         : tr("Evaluating %n run(s)…", nullptr, int(request.runs.size())));
    m_job.start();
}

void EvaluationWindow::showOutcome(const EvaluationOutcome &outcome)
{
    if (!outcome.judgeExchanges.isEmpty())
        m_judgeExchanges = outcome.judgeExchanges;
    m_saveRecording->setEnabled(!m_judgeExchanges.isEmpty());
    // A semantic figure with unanswered questions would be a different figure.
    const QString error = !outcome.judgeErrors.isEmpty() ? tr("%1 of %2 questions to the semantic judge failed; no figures shown. The first: %3")
                                                               .arg(outcome.judgeErrors.size())
                                                               .arg(outcome.judgeExchanges.size())
                                                               .arg(outcome.judgeErrors.constFirst())
                          : outcome.error ? outcome.error->message
                                          : QString();
    if (!error.isEmpty() || !outcome.evaluation) {
        showError(error);
        Q_EMIT failed(error);
        return;
    }
    m_evaluation = std::make_unique<eval::Evaluation>(*outcome.evaluation);
    m_tuning = outcome.tuning;
    m_tuningRuns = outcome.tuningRuns;
    m_commentText.clear();
    m_mergeRequestOf.clear();
    for (const eval::RunEvaluation &r : m_evaluation->runs) {
        for (const eval::Item &i : r.references)
            m_mergeRequestOf.insert(i.id, r.run.mergeRequest);
        for (const eval::Item &i : r.stages[0].pr.generated)
            m_mergeRequestOf.insert(i.id, r.run.mergeRequest);
        for (const eval::Item &i : r.references)
            m_commentText.insert(i.id, tr("reference %1").arg(lineText(i)));
        for (const eval::StageResult &stage : r.stages) // merged comments exist from the meta stage on
            for (const eval::Item &i : stage.pr.generated) {
                m_commentText.insert(i.id, lineText(i));
                m_mergeRequestOf.insert(i.id, r.run.mergeRequest);
            }
    }
    const int current = m_tabs->currentIndex();
    while (m_tabs->count() > 0) {
        QWidget *page = m_tabs->widget(0);
        m_tabs->removeTab(0);
        page->deleteLater();
    }
    m_tableWidgets.clear();
    m_behind->clear();
    fillTables();
    fillCharts();
    fillTuning();
    fillTriage(outcome.triage);
    m_tabs->setCurrentIndex(std::max(0, std::min(current, m_tabs->count() - 1)));
    syncTableChooser();
    m_status->setText(tr("%n run(s) evaluated%1.", nullptr, int(m_evaluation->runs.size()))
                          .arg(m_evaluation->semantic ? tr(" with semantic matching") : tr(", line match")));
    m_referencesUsed->setText(m_evaluation->referenceSet.describe());
    m_referencesUsed->setMinimumHeight(m_referencesUsed->heightForWidth(m_referencesUsed->width()));
    Q_EMIT evaluated();
}

QWidget *EvaluationWindow::tablePage(const eval::Table &t)
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *widget = new QTableWidget(int(t.rows.size()), int(t.columns.size()));
    widget->setObjectName(t.id);
    widget->setHorizontalHeaderLabels(t.columns);
    // Every figure names its definition and source where it is read (docs/evaluation.md, "Metrics").
    for (int c = 0; c < t.columns.size(); ++c)
        widget->horizontalHeaderItem(c)->setToolTip(eval::columnDefinition(t.columns[c]));
    widget->setEditTriggers(QAbstractItemView::NoEditTriggers);
    widget->verticalHeader()->hide();
    for (int r = 0; r < t.rows.size(); ++r)
        for (int c = 0; c < t.rows[r].size(); ++c) {
            auto *cell = new QTableWidgetItem(t.rows[r][c].text);
            if (c > 0)
                cell->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (!t.rows[r][c].comments.isEmpty())
                cell->setToolTip(tr("%n comment(s) behind this figure: click to list them", nullptr, int(t.rows[r][c].comments.size())));
            widget->setItem(r, c, cell);
        }
    widget->resizeColumnsToContents();
    const QString id = t.id;
    connect(widget, &QTableWidget::cellClicked, this, [this, id](int row, int column) { showBehind(id, row, column); });
    m_tableWidgets.insert(t.id, widget);
    layout->addWidget(widget, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    for (const auto &[label, format, suffix] : {std::tuple{tr("Export CSV…"), eval::TableFormat::Csv, QStringLiteral("csv")},
                                                std::tuple{tr("Export Markdown…"), eval::TableFormat::Markdown, QStringLiteral("md")},
                                                std::tuple{tr("Export LaTeX…"), eval::TableFormat::Latex, QStringLiteral("tex")}}) {
        auto *button = new QPushButton(label);
        const eval::TableFormat f = format;
        const QString ext = suffix;
        connect(button, &QPushButton::clicked, this, [this, id, f, ext] {
            const QString path = QFileDialog::getSaveFileName(this, tr("Export table"), id + QLatin1Char('.') + ext);
            if (path.isEmpty())
                return;
            if (auto written = exportTable(id, f, path); !written)
                QMessageBox::warning(this, tr("Export table"), written.error().message);
        });
        buttons->addWidget(button);
    }
    layout->addLayout(buttons);
    return page;
}

void EvaluationWindow::fillTables()
{
    m_tables = m_evaluation->tables();
    for (const eval::Table &t : m_tables)
        m_tabs->addTab(tablePage(t), t.title);
}

void EvaluationWindow::fillCharts()
{
    auto *charts = new EvaluationCharts(*m_evaluation, m_tuning, palette());
    connect(charts, &EvaluationCharts::clicked, this, &EvaluationWindow::showBehindChart);
    m_chartsPage = charts;
    m_tabs->addTab(charts, tr("Charts"));
}

// The runs' comments judged false positives against the imported ground
// truth: the triage queue (docs/arena.md, "Triage of gaps in the ground
// truth"), and where each stands once queued.
void EvaluationWindow::fillTriage(const QList<eval::TriageCandidate> &candidates)
{
    m_triage = candidates;
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    auto *about = new QLabel(tr("%n comment(s) judged false positive(s) against the imported ground truth (the set 'original'). Each may be a real issue the "
                                "ground truth misses: Queue for Triage puts the rows chosen (all, when none is) to two or more annotators, blind, who answer "
                                "with reviewdesk-cli triage answer; an agreed or adjudicated yes makes it a reference of the set 'triaged', and the imported "
                                "ground truth stays as it is.",
                                nullptr, int(candidates.size())));
    about->setObjectName(QStringLiteral("triageAbout"));
    about->setWordWrap(true);
    layout->addWidget(about);
    auto *actions = new QHBoxLayout;
    auto *queue = new QPushButton(tr("&Queue for Triage…"));
    queue->setObjectName(QStringLiteral("queueForTriage"));
    queue->setEnabled(!candidates.isEmpty());
    connect(queue, &QPushButton::clicked, this, &EvaluationWindow::askToQueueForTriage);
    m_triageQueued = new QLabel;
    m_triageQueued->setObjectName(QStringLiteral("triageQueued"));
    actions->addWidget(queue);
    actions->addWidget(m_triageQueued, 1);
    layout->addLayout(actions);
    auto *table = new QTableWidget(int(candidates.size()), 6);
    m_triageTable = table;
    table->setObjectName(QStringLiteral("triageQueue"));
    table->setHorizontalHeaderLabels({tr("Comment"), tr("Queue"), tr("Place"), tr("Text"), tr("Merge request"), tr("Run or reviewer")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setWordWrap(false); // one line a comment; the whole text in the tip
    table->verticalHeader()->hide();
    for (int r = 0; r < candidates.size(); ++r) {
        const eval::TriageCandidate &c = candidates[r];
        const QString mr = c.mergeRequestTitle.isEmpty() ? QString::number(c.mergeRequest) : QStringLiteral("%1  %2").arg(c.mergeRequest).arg(c.mergeRequestTitle);
        const QString by = c.run ? tr("run %1: %2").arg(*c.run).arg(c.reviewer) : tr("%1, unmatched by %2").arg(c.reviewer, c.judges.join(QStringLiteral(", ")));
        // Where it stands first: what an adjudicator looks for; the long labels last.
        const QStringList cells{QString::number(c.comment), triageStatusText(c.status), eval::triagePlace(c), c.text.section(QLatin1Char('\n'), 0, 0), mr, by};
        for (int col = 0; col < cells.size(); ++col) {
            auto *cell = new QTableWidgetItem(cells[col]);
            if (col == 3)
                cell->setToolTip(c.text);
            else if (col == 5)
                cell->setToolTip(by);
            cell->setData(Qt::UserRole, c.comment);
            table->setItem(r, col, cell);
        }
        m_commentText.insert(c.comment, QStringLiteral("#%1  %2  %3").arg(c.comment).arg(eval::triagePlace(c), c.text.section(QLatin1Char('\n'), 0, 0)));
        m_mergeRequestOf.insert(c.comment, c.mergeRequest);
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    // The text and the configuration's label are long: cut to what the page
    // shows, the whole in their tips.
    table->setColumnWidth(3, std::min(table->columnWidth(3), 360));
    table->setColumnWidth(5, std::min(table->columnWidth(5), 320));
    connect(table, &QTableWidget::cellClicked, this, [this, table](int row, int) {
        if (QTableWidgetItem *item = table->item(row, 0))
            showBehindIds({item->data(Qt::UserRole).toLongLong()});
    });
    layout->addWidget(table, 1);
    m_tabs->addTab(page, tr("Triage queue"));
}

void EvaluationWindow::askToQueueForTriage()
{
    QList<qint64> comments;
    for (const QModelIndex &row : m_triageTable->selectionModel()->selectedRows())
        comments << m_triage.at(row.row()).comment;
    if (comments.isEmpty())
        for (const eval::TriageCandidate &c : std::as_const(m_triage))
            comments << c.comment;
    bool ok = false;
    const QString text = QInputDialog::getText(this, tr("Queue for Triage"),
                                               tr("Put %n comment(s) to these annotators, blind (two or more, separated by commas; empty: anyone, "
                                                  "and two answers agree):",
                                                  nullptr, int(comments.size())),
                                               QLineEdit::Normal, QString(), &ok);
    if (!ok)
        return;
    auto names = eval::triageAnnotators(text);
    if (!names) {
        QMessageBox::warning(this, tr("Queue for Triage"), names.error().message);
        return;
    }
    auto added = queueForTriage(comments, *names);
    if (!added)
        QMessageBox::warning(this, tr("Queue for Triage"), added.error().message);
}

Result<int> EvaluationWindow::queueForTriage(const QList<qint64> &comments, const QStringList &annotators)
{
    QList<TriageItem> items;
    QList<int> rows;
    for (const qint64 comment : comments) {
        const auto c = std::find_if(m_triage.cbegin(), m_triage.cend(), [comment](const eval::TriageCandidate &t) { return t.comment == comment; });
        if (c == m_triage.cend())
            return Error{Error::Kind::Usage, tr("comment %1 is not one of the triage candidates shown").arg(comment)};
        items << eval::triageItemOf(*c, annotators);
        rows << int(c - m_triage.cbegin());
    }
    auto added = m_store.enqueueTriage(items);
    if (!added)
        return added.error();
    for (const int row : std::as_const(rows)) {
        eval::TriageCandidate &c = m_triage[row];
        if (c.status)
            continue; // queued before: its answers stand
        c.queued = true;
        c.status = TriageStatus::Open;
        m_triageTable->item(row, 1)->setText(triageStatusText(c.status));
    }
    const QString who = annotators.isEmpty() ? tr("anyone may answer") : tr("assigned to %1").arg(annotators.join(QStringLiteral(", ")));
    m_triageQueued->setText(tr("%n comment(s) queued, %1 in the queue already; %2.", nullptr, *added).arg(items.size() - *added).arg(who));
    return *added;
}

void EvaluationWindow::fillTuning()
{
    auto *page = new QWidget;
    auto *layout = new QVBoxLayout(page);
    m_best = new QLabel;
    m_best->setObjectName(QStringLiteral("bestSetting"));
    m_best->setWordWrap(true);
    m_writeBest = new QPushButton(tr("Write into a run configuration…"));
    layout->addWidget(m_best);
    layout->addWidget(m_writeBest, 0, Qt::AlignLeft);
    auto *table = new QTableWidget(0, 8);
    table->setObjectName(QStringLiteral("tuning"));
    table->setHorizontalHeaderLabels({tr("Q1 threshold"), tr("Q2 threshold"), tr("Top-k"), tr("Kept"), tr("Precision"), tr("Recall"), tr("F1"), QStringLiteral("CPI1")});
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    // The best twenty, best first.
    QList<int> order;
    for (int i = 0; i < m_tuning.points.size(); ++i)
        order << i;
    const bool byCpi = m_tuning.goal == eval::TuningGoal::Cpi1;
    const auto score = [&](int i) { return (byCpi ? m_tuning.points[i].defect.cpi1 : m_tuning.points[i].f1).value_or(-1.0); };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score(a) > score(b); });
    for (int n = 0; n < std::min<qsizetype>(20, order.size()); ++n) {
        const eval::TuningPoint &p = m_tuning.points[order[n]];
        const int row = table->rowCount();
        table->insertRow(row);
        const QStringList cells{QString::number(p.nitpickThreshold), QString::number(p.fakeThreshold),
                                p.topK >= 100 ? tr("all") : QString::number(p.topK), QString::number(p.kept), eval::percentText(p.precision.percent()),
                                eval::percentText(p.recall.percent()), eval::percentText(p.f1), eval::percentText(p.defect.cpi1)};
        for (int c = 0; c < cells.size(); ++c)
            table->setItem(row, c, new QTableWidgetItem(cells[c]));
    }
    layout->addWidget(table, 1);
    if (m_tuning.best >= 0) {
        const eval::TuningPoint &p = m_tuning.points[m_tuning.best];
        m_best->setText(tr("Best setting for %1: drop Q1 ≤ %2 or Q2 ≤ %3, keep the top %4 — precision %5, recall %6, F1 %7, CPI1 %8.")
                            .arg(byCpi ? QStringLiteral("CPI1") : QStringLiteral("F1"))
                            .arg(p.nitpickThreshold)
                            .arg(p.fakeThreshold)
                            .arg(p.topK)
                            .arg(eval::percentText(p.precision.percent()), eval::percentText(p.recall.percent()), eval::percentText(p.f1),
                                 eval::percentText(p.defect.cpi1)));
    } else {
        m_best->setText(tr("No setting can be measured: judge some comments (accept or reject) or mark references first."));
    }
    m_writeBest->setEnabled(m_tuning.best >= 0);
    connect(m_writeBest, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Run configuration"), {}, tr("Run configuration (*.json)"));
        if (path.isEmpty())
            return;
        if (auto written = writeBestSetting(path); !written)
            QMessageBox::warning(this, tr("Run configuration"), written.error().message);
        else
            m_status->setText(tr("Wrote the setting into %1.").arg(path));
    });
    m_tabs->addTab(page, tr("Threshold tuning"));
}

QTableWidget *EvaluationWindow::table(const QString &id) const
{
    return m_tableWidgets.value(id);
}

void EvaluationWindow::showBehind(const QString &tableId, int row, int column)
{
    m_behind->clear();
    const auto t = std::find_if(m_tables.begin(), m_tables.end(), [&](const eval::Table &x) { return x.id == tableId; });
    if (t == m_tables.end() || row < 0 || row >= t->rows.size() || column < 0 || column >= t->rows[row].size())
        return;
    showBehindIds(t->rows[row][column].comments);
}

void EvaluationWindow::showBehindChart(const QString &chart, int set, int index)
{
    m_behind->clear();
    if (!m_evaluation)
        return;
    const eval::Evaluation &e = *m_evaluation;
    QList<qint64> ids;
    if (chart == QLatin1String("pr")) {
        if (index < 0 || index >= m_tuning.points.size())
            return;
        ids = eval::keptComments(m_tuningRuns, m_tuning.points[index]);
    } else {
        if (set < 0 || set >= e.groups.size())
            return;
        const QString &group = e.groups[set];
        if (chart == QLatin1String("funnel")) {
            if (index < 0 || index >= eval::StageCount)
                return;
            for (const eval::RunEvaluation &r : e.runs)
                if (r.group == group)
                    ids << r.stages[index].comments;
        } else if (chart == QLatin1String("categories") || chart == QLatin1String("contexts")) {
            const bool byContext = chart == QLatin1String("contexts");
            const QStringList keys = m_chartsPage ? m_chartsPage->recallKeys(byContext) : QStringList();
            if (index < 0 || index >= keys.size())
                return;
            ids = e.foundReferencesBy(group, eval::Stage::Validator, byContext).value(keys[index]);
        } else {
            return;
        }
    }
    showBehindIds(ids);
}

void EvaluationWindow::showBehindIds(const QList<qint64> &ids)
{
    m_behind->clear();
    if (ids.isEmpty()) {
        m_behind->addItem(tr("No comments behind this figure."));
        return;
    }
    for (qint64 id : ids) {
        auto *item = new QListWidgetItem(m_commentText.value(id, QStringLiteral("#%1").arg(id)));
        item->setData(Qt::UserRole, id);
        m_behind->addItem(item);
    }
}

void EvaluationWindow::behindMenu(const QPoint &at)
{
    QListWidgetItem *item = m_behind->itemAt(at);
    if (!item || !item->data(Qt::UserRole).isValid())
        return;
    const qint64 id = item->data(Qt::UserRole).toLongLong();
    QMenu menu(this);
    QAction *mark = menu.addAction(tr("Mark as reference issue"));
    QAction *unmark = menu.addAction(tr("Unmark as reference issue"));
    QAction *link = menu.addAction(tr("Link to the reference it finds…"));
    QAction *chosen = menu.exec(m_behind->viewport()->mapToGlobal(at));
    Result<bool> done = true;
    if (chosen == mark || chosen == unmark) {
        done = markReference(id, chosen == mark);
    } else if (chosen == link) {
        QStringList names;
        QList<qint64> ids;
        for (const eval::RunEvaluation &r : m_evaluation->runs)
            if (r.run.mergeRequest == m_mergeRequestOf.value(id))
                for (const eval::Item &ref : r.references)
                    if (!ids.contains(ref.id)) {
                        ids << ref.id;
                        names << m_commentText.value(ref.id);
                    }
        if (names.isEmpty()) {
            QMessageBox::information(this, tr("Link to reference"), tr("This merge request has no reference issues."));
            return;
        }
        bool ok = false;
        const QString picked = QInputDialog::getItem(this, tr("Link to reference"), tr("The reference this comment finds:"), names, 0, false, &ok);
        if (!ok)
            return;
        done = linkToReference(id, ids.value(names.indexOf(picked)));
    } else {
        return;
    }
    if (!done)
        QMessageBox::warning(this, tr("Evaluate"), done.error().message);
    else
        m_status->setText(tr("Stored; evaluate again to count it."));
}

Result<bool> EvaluationWindow::markReference(qint64 comment, bool reference)
{
    return m_store.setReference(comment, reference);
}

Result<bool> EvaluationWindow::linkToReference(qint64 comment, qint64 reference)
{
    return m_store.linkToReference(comment, reference, QString());
}

Result<bool> EvaluationWindow::exportTable(const QString &tableId, eval::TableFormat format, const QString &path) const
{
    const auto t = std::find_if(m_tables.begin(), m_tables.end(), [&](const eval::Table &x) { return x.id == tableId; });
    if (t == m_tables.end())
        return Error{Error::Kind::Usage, tr("No table %1 to export.").arg(tableId)};
    QSaveFile file(path);
    const QByteArray bytes = eval::formatTable(*t, format).toUtf8();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return Error{Error::Kind::Usage, tr("Cannot write %1: %2").arg(path, file.errorString())};
    return true;
}

Result<bool> EvaluationWindow::writeBestSetting(const QString &configPath) const
{
    if (m_tuning.best < 0)
        return Error{Error::Kind::Usage, tr("There is no best setting yet.")};
    return eval::writeTunedConfig(configPath, m_tuning.points[m_tuning.best]);
}

} // namespace rd
