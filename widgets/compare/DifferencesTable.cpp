#include "DifferencesTable.h"

#include "CompareCharts.h"
#include "FigureText.h"

#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

QString levelPercent(const compare::Settings &settings)
{
    return QLocale().toString((1 - settings.level) * 100, 'g', 3);
}

} // namespace

DifferencesTable::DifferencesTable(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("compareDifferencesPage"));
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("compareDifferencesCaption"));
    m_caption->setWordWrap(true);
    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("compareDifferences"));
    m_table->setColumnCount(7);
    m_table->setHorizontalHeaderLabels({tr("Reviewer A"), tr("Reviewer B"), tr("Merge requests"), tr("A − B (points) [interval]"), tr("p"),
                                        tr("Adjusted p"), tr("Resamples")});
    m_table->horizontalHeaderItem(MergeRequests)->setToolTip(tr("Merge requests both reviewed: the pair is computed on these only"));
    m_table->horizontalHeaderItem(Difference)->setToolTip(
        tr("The difference of the figure, with its paired bootstrap interval (studentized for precision, recall and F-beta): both on the "
           "same resampled merge requests"));
    m_table->horizontalHeaderItem(P)->setToolTip(tr("Two-sided bootstrap p-value of no difference, of this pair alone"));
    m_table->horizontalHeaderItem(PAdjusted)->setToolTip(
        tr("Holm's step-down adjustment of the p-values of all the pairs of this judge on this figure: what tells a pair apart"));
    m_table->horizontalHeaderItem(Resamples)->setToolTip(tr("Resamples in which both figures were defined"));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    m_table->setSortingEnabled(false);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);
}

void DifferencesTable::clear()
{
    m_caption->clear();
    m_table->setRowCount(0);
}

void DifferencesTable::showPairs(const compare::JudgeBoard &board, compare::Metric metric, const compare::Settings &settings)
{
    m_table->setRowCount(0);
    const QString figure = CompareCharts::metricTitle(metric, settings.beta);
    m_table->horizontalHeaderItem(Difference)->setText(tr("A − B, %1 (points) [interval]").arg(figure));
    QFont bold = m_table->font();
    bold.setBold(true);
    int pairs = 0;
    for (const compare::PairDifference &p : board.pairs) {
        if (p.metric != metric)
            continue;
        ++pairs;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, A, figureCell(p.a, Qt::AlignLeft | Qt::AlignVCenter));
        m_table->setItem(row, B, figureCell(p.b, Qt::AlignLeft | Qt::AlignVCenter));
        m_table->setItem(row, MergeRequests, figureCell(QLocale().toString(p.mergeRequests)));
        if (p.tooFew()) {
            auto *tooFew = figureCell(tr("too few (%n merge request(s))", nullptr, p.mergeRequests));
            tooFew->setToolTip(tr("%1 − %2 = %3 points on the merge requests both reviewed; an interval and a p-value need %4 of them or more")
                                   .arg(p.a, p.b, percentText(p.difference))
                                   .arg(compare::MinimumPairMergeRequests));
            m_table->setItem(row, Difference, tooFew);
        } else {
            const QString interval = intervalText(p.low, p.high, !p.low && p.resamples > 0, !p.high && p.resamples > 0);
            m_table->setItem(row, Difference, figureCell(interval.isEmpty() ? percentText(p.difference)
                                                                                : QStringLiteral("%1 %2").arg(percentText(p.difference), interval)));
        }
        m_table->setItem(row, P, figureCell(p.tooFew() ? QStringLiteral("—") : pValueText(p.p, p.resamples)));
        m_table->setItem(row, PAdjusted, figureCell(p.tooFew() ? QStringLiteral("—") : pValueText(p.pAdjusted, p.resamples)));
        m_table->setItem(row, Resamples, figureCell(QLocale().toString(p.resamples)));
        if (!p.tooFew() && toldApart(p.pAdjusted, settings.level))
            for (int column : {int(A), int(B), int(Difference), int(PAdjusted)})
                m_table->item(row, column)->setFont(bold);
    }
    m_caption->setText(tr("Bold: the pairs told apart at %1 %, their p-value adjusted by Holm's method over the %n pair(s) of this judge on %2 "
                          "(adjusted p below %3). Each pair is computed on the merge requests both reviewers reviewed; "
                          "fewer than %4 give no interval and no p-value.",
                          nullptr, pairs)
                           .arg(levelPercent(settings), figure, QLocale().toString(1 - settings.level, 'g', 3))
                           .arg(compare::MinimumPairMergeRequests));
    m_table->resizeColumnsToContents();
    m_table->scrollToTop();
}

} // namespace rd
