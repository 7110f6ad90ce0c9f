#include "AgreementDialog.h"

#include "CommentCardText.h"
#include "TeamCardText.h"

#include <TeamService.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSignalBlocker>
#include <QTabWidget>
#include <QtConcurrent/QtConcurrentRun>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cstdlib>

namespace rd {

AgreementDialog::AgreementDialog(TeamService *team, const QList<MergeRequestEntry> &mergeRequests, QWidget *parent)
    : QDialog(parent), m_team(team)
{
    setWindowTitle(tr("Annotator Agreement"));
    setObjectName(QStringLiteral("agreementDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *scope = new QHBoxLayout;
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("agreementScope"));
    scope->addWidget(new QLabel(tr("Merge requests"), this));
    scope->addWidget(m_scope, 1);
    layout->addLayout(scope);
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("agreementTabs"));
    layout->addWidget(m_tabs, 1);

    // All annotators: alpha per label, kappa of every pair.
    auto *everyone = new QWidget(m_tabs);
    auto *everyoneLayout = new QVBoxLayout(everyone);
    m_alphaTitle = new QLabel(everyone);
    m_alphaTitle->setWordWrap(true);
    everyoneLayout->addWidget(m_alphaTitle);
    m_alpha = new QTableWidget(0, 7, everyone);
    m_alpha->setObjectName(QStringLiteral("alphaLabels"));
    m_alpha->setHorizontalHeaderLabels({tr("Label"), tr("Level"), tr("Krippendorff's alpha"), tr("95 % interval"), tr("Comments"), tr("Values"), tr("Note")});
    m_alpha->horizontalHeaderItem(4)->setToolTip(tr("Units: comments with this label from two or more annotators"));
    m_alpha->horizontalHeaderItem(5)->setToolTip(tr("The values given to those comments, by every annotator"));
    m_alpha->horizontalHeader()->setStretchLastSection(true);
    m_alpha->verticalHeader()->hide();
    m_alpha->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_alpha->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_alpha->setSelectionMode(QAbstractItemView::SingleSelection);
    m_alpha->setWordWrap(true);
    // Seven rows always: the table is as tall as they are, the kappa matrix takes the rest.
    m_alpha->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_alpha->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    everyoneLayout->addWidget(m_alpha);
    m_pairsTitle = new QLabel(everyone);
    m_pairsTitle->setWordWrap(true);
    everyoneLayout->addWidget(m_pairsTitle);
    m_pairs = new QTableWidget(everyone);
    m_pairs->setObjectName(QStringLiteral("pairwiseKappa"));
    m_pairs->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pairs->setSelectionMode(QAbstractItemView::SingleSelection);
    m_pairs->horizontalHeader()->setMinimumSectionSize(96);
    everyoneLayout->addWidget(m_pairs, 1);
    auto *alphaNote = new QLabel(tr("Alpha = 1 − observed / expected disagreement over every annotator's values (Krippendorff 2011): 1 is perfect "
                                    "agreement, 0 agreement by chance. Nominal for verdict, category and key bug; ordinal for context level "
                                    "(diff < file < repository), severity and the Q1/Q2 scores. A comment counts once two annotators gave it the "
                                    "label; the interval is a 95 % bootstrap over the merge requests, each with all its comments."),
                                 everyone);
    alphaNote->setWordWrap(true);
    everyoneLayout->addWidget(alphaNote);
    m_tabs->addTab(everyone, tr("All annotators"));

    // Two annotators: kappa per label and the confusion matrix.
    auto *two = new QWidget(m_tabs);
    auto *twoLayout = new QVBoxLayout(two);
    auto *choose = new QHBoxLayout;
    m_first = new QComboBox(two);
    m_first->setObjectName(QStringLiteral("firstAnnotator"));
    m_second = new QComboBox(two);
    m_second->setObjectName(QStringLiteral("secondAnnotator"));
    choose->addWidget(new QLabel(tr("Annotators"), two));
    choose->addWidget(m_first, 1);
    choose->addWidget(new QLabel(tr("and"), two));
    choose->addWidget(m_second, 1);
    twoLayout->addLayout(choose);
    m_labels = new QTableWidget(0, 5, two);
    m_labels->setObjectName(QStringLiteral("agreementLabels"));
    m_labels->setHorizontalHeaderLabels({tr("Label"), tr("Items both judged"), tr("Agreement"), tr("Cohen's kappa"), tr("Note")});
    m_labels->horizontalHeader()->setStretchLastSection(true);
    m_labels->verticalHeader()->hide();
    m_labels->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_labels->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_labels->setSelectionMode(QAbstractItemView::SingleSelection);
    m_labels->setWordWrap(true);
    twoLayout->addWidget(m_labels, 3);
    m_matrixTitle = new QLabel(two);
    twoLayout->addWidget(m_matrixTitle);
    m_matrix = new QTableWidget(two);
    m_matrix->setObjectName(QStringLiteral("confusionMatrix"));
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    twoLayout->addWidget(m_matrix, 2);
    auto *note = new QLabel(tr("Kappa compares the observed agreement with the agreement expected by chance from the two "
                               "annotators' own label frequencies; severity counts values within ±1 as agreeing."),
                            two);
    note->setWordWrap(true);
    twoLayout->addWidget(note);
    m_tabs->addTab(two, tr("Two annotators"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    const QStringList names = team->annotatorNames();
    m_first->addItems(names);
    m_second->addItems(names);
    if (names.size() > 1)
        m_second->setCurrentIndex(1);
    m_scope->addItem(tr("All merge requests"), 0);
    for (const MergeRequestEntry &e : mergeRequests)
        m_scope->addItem(tr("#%1 %2").arg(e.id).arg(e.title.isEmpty() ? e.head : e.title), e.id);
    connect(m_first, &QComboBox::currentIndexChanged, this, &AgreementDialog::refresh);
    connect(m_second, &QComboBox::currentIndexChanged, this, &AgreementDialog::refresh);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &AgreementDialog::showScope);
    connect(m_labels, &QTableWidget::currentCellChanged, this, &AgreementDialog::showMatrix);
    connect(m_alpha, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (row >= 0 && row < alphaLabels().size())
            if (const auto kappa = kappaLabelOf(alphaLabels()[row]); kappa && *kappa != m_pairLabel) {
                m_pairLabel = *kappa;
                showPairs();
            }
    });
    connect(m_pairs, &QTableWidget::cellDoubleClicked, this, [this](int row, int column) {
        if (row != column && row < m_teamReport.annotators.size() && column < m_teamReport.annotators.size())
            showPair(m_teamReport.annotators[row], m_teamReport.annotators[column]);
    });
    m_intervals = new QFutureWatcher<TeamAgreementReport>(this);
    connect(m_intervals, &QFutureWatcher<TeamAgreementReport>::finished, this, &AgreementDialog::intervalsComputed);
    connect(team, &TeamService::teamChanged, this, &AgreementDialog::refresh);
    // The notes wrap: rows follow the columns' widths, which a tab learns only when shown.
    for (QTableWidget *table : {m_alpha, m_labels})
        connect(table->horizontalHeader(), &QHeaderView::sectionResized, table, &QTableWidget::resizeRowsToContents);
    resize(980, 640);
    refresh();
}

void AgreementDialog::setAnnotators(const QString &first, const QString &second)
{
    m_first->setCurrentText(first);
    m_second->setCurrentText(second);
    refresh();
}

void AgreementDialog::setMergeRequest(qint64 id)
{
    m_scope->setCurrentIndex(std::max(0, m_scope->findData(id)));
}

void AgreementDialog::selectLabel(TeamLabel label)
{
    m_labels->setCurrentCell(static_cast<int>(teamLabels().indexOf(label)), 0);
}

void AgreementDialog::selectAlphaLabel(AlphaLabel label)
{
    m_alpha->setCurrentCell(static_cast<int>(alphaLabels().indexOf(label)), 0);
}

void AgreementDialog::showPair(const QString &first, const QString &second)
{
    const QSignalBlocker blockFirst(m_first), blockSecond(m_second);
    m_first->setCurrentText(first);
    m_second->setCurrentText(second);
    refresh();
    selectLabel(m_pairLabel);
    m_tabs->setCurrentIndex(1);
}

QString AgreementDialog::alphaMetricText(AlphaMetric metric)
{
    switch (metric) {
    case AlphaMetric::Nominal: return tr("nominal");
    case AlphaMetric::Ordinal: return tr("ordinal");
    case AlphaMetric::Interval: return tr("interval");
    }
    return {};
}

QString AgreementDialog::alphaLabelText(AlphaLabel label)
{
    switch (label) {
    case AlphaLabel::Verdict:
    case AlphaLabel::Category:
    case AlphaLabel::Context:
    case AlphaLabel::KeyBug: return TeamCardText::teamLabelText(*kappaLabelOf(label));
    case AlphaLabel::Severity: return tr("severity (Q3)");
    case AlphaLabel::Nitpick: return tr("Q1 nitpick");
    case AlphaLabel::Fake: return tr("Q2 fake problem");
    }
    return {};
}

QString AgreementDialog::valueText(const QString &v)
{
    if (const auto verdict = verdictFromName(v))
        return CommentCardText::verdictText(*verdict);
    if (const auto context = contextLevelFromName(v))
        return CommentCardText::contextText(*context);
    if (v == QLatin1String("yes"))
        return tr("key bug");
    if (v == QLatin1String("no"))
        return tr("no key bug");
    return CommentCardText::categoryText(v);
}

QString AgreementDialog::degeneracyText(const LabelAlpha &a)
{
    switch (a.result.degeneracy) {
    case AlphaResult::Degeneracy::None: return {};
    case AlphaResult::Degeneracy::NoPairableUnit: return tr("No comment has this label from two or more annotators: nothing to compare.");
    case AlphaResult::Degeneracy::OneValue: {
        QStringList values;
        for (const QString &v : a.valueNames)
            values << valueText(v);
        return tr("Every value given is the same (%1): with no variation, alpha is undefined.").arg(values.join(QStringLiteral(", ")));
    }
    }
    return {};
}

QString AgreementDialog::degeneracyText(const LabelAgreement &a)
{
    switch (a.degeneracy) {
    case LabelAgreement::Degeneracy::None: return {};
    case LabelAgreement::Degeneracy::NoItems: return tr("No item judged by both: nothing to compare.");
    case LabelAgreement::Degeneracy::OneValue:
        return tr("Both gave every item the same value (%1): chance agreement is 1, so kappa is undefined.").arg(a.usedValues.join(QStringLiteral(", ")));
    case LabelAgreement::Degeneracy::AllWithinOne:
        return tr("Every value given (%1) is within ±1 of the others: chance agreement is 1, so kappa is undefined.").arg(a.usedValues.join(QStringLiteral(", ")));
    }
    return {};
}

void AgreementDialog::refresh()
{
    m_report = m_team->agreement(m_first->currentText(), m_second->currentText());
    m_data = m_team->agreementData();
    m_teamReport = teamAgreementOf(m_data, {}, AlphaBootstrap(0)); // alpha now, its intervals on a worker
    m_intervalsPending = true;
    computeIntervals();
    showScope();
}

void AgreementDialog::computeIntervals()
{
    // One computation at a time: a change meanwhile runs it again once
    // this one ends, instead of queueing one per verdict.
    if (m_intervals->isRunning()) {
        m_intervalsStale = true;
        return;
    }
    m_intervalsStale = false;
    m_intervals->setFuture(QtConcurrent::run([data = m_data] {
        return teamAgreementOf(data);
    }));
}

void AgreementDialog::intervalsComputed()
{
    if (m_intervalsStale) {
        computeIntervals();
        return;
    }
    m_teamReport = m_intervals->result();
    m_intervalsPending = false;
    showAlpha();
    Q_EMIT intervalsShown();
}

void AgreementDialog::showScope()
{
    showAlpha();
    showPairs();
    showLabels();
}

const QList<LabelAgreement> *AgreementDialog::shownLabels() const
{
    return shownLabelsOf(m_report);
}

const QList<LabelAgreement> *AgreementDialog::shownLabelsOf(const AgreementReport &report) const
{
    const qint64 mr = m_scope->currentData().toLongLong();
    if (mr == 0)
        return &report.overall;
    for (const auto &m : report.mergeRequests)
        if (m.mergeRequest == mr)
            return &m.labels;
    return nullptr;
}

const QList<LabelAlpha> *AgreementDialog::shownAlpha() const
{
    const qint64 mr = m_scope->currentData().toLongLong();
    if (mr == 0)
        return &m_teamReport.alpha;
    for (const auto &m : m_teamReport.mergeRequests)
        if (m.mergeRequest == mr)
            return &m.alpha;
    return nullptr;
}

void AgreementDialog::showAlpha()
{
    const QStringList &names = m_teamReport.annotators;
    QString who = names.join(QStringLiteral(", "));
    m_alphaTitle->setText(names.size() < 2 ? tr("Krippendorff's alpha needs two annotators with verdicts; this workspace has %n.", nullptr, static_cast<int>(names.size()))
                                           : tr("Krippendorff's alpha over the %n annotators who gave verdicts: %1", nullptr, static_cast<int>(names.size())).arg(who));
    const int row = std::max(0, m_alpha->currentRow());
    const QList<LabelAlpha> *alpha = shownAlpha();
    const QList<AlphaLabel> all = alphaLabels();
    m_alpha->setRowCount(static_cast<int>(all.size()));
    for (int r = 0; r < all.size(); ++r) {
        const LabelAlpha *a = alpha && r < alpha->size() ? &(*alpha)[r] : nullptr;
        const AlphaResult *result = a ? &a->result : nullptr;
        const bool overall = alpha == &m_teamReport.alpha;
        const QString interval = result && result->low ? QStringLiteral("%1 – %2").arg(*result->low, 0, 'f', 3).arg(*result->high, 0, 'f', 3)
                                 : overall && m_intervalsPending && result && result->alpha ? tr("computing…")
                                                                                             : tr("—");
        const QStringList cells = {alphaLabelText(all[r]),
                                   alphaMetricText(alphaLabelMetric(all[r])),
                                   result && result->alpha ? QString::number(*result->alpha, 'f', 3) : tr("undefined"),
                                   interval,
                                   QString::number(result ? result->units : 0),
                                   QString::number(result ? result->values : 0),
                                   a ? degeneracyText(*a) : tr("No comment has this label from two or more annotators: nothing to compare.")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c >= 2 && c <= 5)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_alpha->setItem(r, c, item);
        }
    }
    for (int c = 0; c < 6; ++c)
        m_alpha->resizeColumnToContents(c);
    m_alpha->resizeRowsToContents();
    const QSignalBlocker block(m_alpha); // the kappa matrix keeps its label
    m_alpha->setCurrentCell(row, 0);
}

void AgreementDialog::showPairs()
{
    const QStringList &names = m_teamReport.annotators;
    m_pairsTitle->setText(tr("Cohen's kappa of every pair for %1 (items both judged); double-click a pair for its confusion matrix")
                              .arg(TeamCardText::teamLabelText(m_pairLabel)));
    m_pairs->clear();
    m_pairs->setRowCount(static_cast<int>(names.size()));
    m_pairs->setColumnCount(static_cast<int>(names.size()));
    m_pairs->setHorizontalHeaderLabels(names);
    m_pairs->setVerticalHeaderLabels(names);
    const int labelIndex = static_cast<int>(teamLabels().indexOf(m_pairLabel));
    const QColor self = palette().color(QPalette::Window);
    for (int r = 0; r < names.size(); ++r)
        for (int c = 0; c < names.size(); ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignCenter);
            if (r == c) {
                item->setBackground(self);
                item->setFlags(Qt::ItemIsEnabled);
            } else if (const AgreementReport *pair = m_teamReport.pair(names[r], names[c])) {
                const QList<LabelAgreement> *labels = shownLabelsOf(*pair);
                const LabelAgreement *a = labels ? &(*labels)[labelIndex] : nullptr;
                const int items = a ? a->items : 0;
                item->setText(tr("%1 (%2)").arg(a && a->kappa ? QString::number(*a->kappa, 'f', 3) : tr("—")).arg(items));
                item->setToolTip(a && a->kappa ? tr("%1 and %2: kappa %3 over %n item(s) both judged", nullptr, items).arg(names[r], names[c]).arg(*a->kappa, 0, 'f', 3)
                                               : a ? degeneracyText(*a) : tr("No item judged by both: nothing to compare."));
            }
            m_pairs->setItem(r, c, item);
        }
    m_pairs->resizeColumnsToContents();
}

void AgreementDialog::showLabels()
{
    const int row = std::max(0, m_labels->currentRow());
    const QList<LabelAgreement> *labels = shownLabels();
    const QList<TeamLabel> all = teamLabels();
    m_labels->setRowCount(static_cast<int>(all.size()));
    for (int r = 0; r < all.size(); ++r) {
        const LabelAgreement *a = labels ? &(*labels)[r] : nullptr;
        const QStringList cells = {TeamCardText::teamLabelText(all[r]), QString::number(a ? a->items : 0),
                                   a && a->percent() ? QStringLiteral("%1 %").arg(*a->percent(), 0, 'f', 1) : tr("—"),
                                   a && a->kappa ? QString::number(*a->kappa, 'f', 3) : tr("undefined"),
                                   a ? degeneracyText(*a) : tr("No item judged by both: nothing to compare.")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_labels->setItem(r, c, item);
        }
    }
    for (int c = 0; c < 4; ++c)
        m_labels->resizeColumnToContents(c);
    m_labels->resizeRowsToContents();
    m_labels->setCurrentCell(row, 0);
    showMatrix();
}

void AgreementDialog::showMatrix()
{
    const QList<LabelAgreement> *labels = shownLabels();
    const int row = m_labels->currentRow();
    if (!labels || row < 0 || row >= labels->size()) {
        m_matrix->clear();
        m_matrix->setRowCount(0);
        m_matrix->setColumnCount(0);
        m_matrixTitle->clear();
        return;
    }
    const LabelAgreement &a = (*labels)[row];
    m_matrixTitle->setText(tr("Confusion matrix of %1: rows %2, columns %3").arg(TeamCardText::teamLabelText(a.label), m_report.first, m_report.second));
    QStringList names;
    for (const QString &v : a.values)
        names << valueText(v);
    m_matrix->setRowCount(static_cast<int>(a.values.size()));
    m_matrix->setColumnCount(static_cast<int>(a.values.size()));
    m_matrix->setHorizontalHeaderLabels(names);
    m_matrix->setVerticalHeaderLabels(names);
    const QColor agreeing = palette().color(QPalette::Highlight).lighter(palette().color(QPalette::Base).lightness() > 128 ? 170 : 60);
    for (int r = 0; r < a.values.size(); ++r)
        for (int c = 0; c < a.values.size(); ++c) {
            auto *item = new QTableWidgetItem(QString::number(a.confusion[r][c]));
            item->setTextAlignment(Qt::AlignCenter);
            const bool agrees = a.label == TeamLabel::Severity ? std::abs(r - c) <= 1 : r == c;
            if (agrees)
                item->setBackground(agreeing);
            m_matrix->setItem(r, c, item);
        }
    m_matrix->resizeColumnsToContents();
}

} // namespace rd
