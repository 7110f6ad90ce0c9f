#include "LeaderboardModel.h"

#include "CompareCharts.h"
#include "FigureText.h"

#include <QBrush>
#include <QGuiApplication>
#include <QLocale>

#include <algorithm>

namespace rd {

namespace {

const std::optional<compare::Estimate> *leaderboardDefectFigure(const compare::ReviewerStanding &s, LeaderboardModel::Column c)
{
    switch (c) {
    case LeaderboardModel::Column::Kbi: return &s.kbi;
    case LeaderboardModel::Column::Far1: return &s.far1;
    case LeaderboardModel::Column::Cpi1: return &s.cpi1;
    default: return nullptr;
    }
}

} // namespace

LeaderboardModel::LeaderboardModel(QObject *parent)
    : QAbstractTableModel(parent), m_palette(QGuiApplication::palette())
{
}

void LeaderboardModel::setPalette(const QPalette &palette)
{
    m_palette = palette;
    if (!m_reviewers.isEmpty())
        Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1), {Qt::BackgroundRole});
}

void LeaderboardModel::clear()
{
    beginResetModel();
    m_reviewers.clear();
    m_columns.clear();
    endResetModel();
}

void LeaderboardModel::setBoard(const compare::JudgeBoard &board, const compare::Settings &settings)
{
    beginResetModel();
    m_reviewers = board.reviewers;
    m_settings = settings;
    m_columns = {Column::Reviewer, Column::Tier, Column::MergeRequests, Column::Tp, Column::Fp, Column::Fn, Column::Precision, Column::Recall, Column::FBeta};
    const auto any = [&](auto has) { return std::any_of(m_reviewers.cbegin(), m_reviewers.cend(), has); };
    if (any([](const compare::ReviewerStanding &s) { return s.kbi.has_value(); }))
        m_columns << Column::Kbi << Column::Far1 << Column::Cpi1;
    if (any([](const compare::ReviewerStanding &s) { return s.accepted.has_value(); }))
        m_columns << Column::Accepted;
    if (any([](const compare::ReviewerStanding &s) { return s.costUsd.has_value(); }))
        m_columns << Column::CostUsd << Column::CostPerAccepted;
    endResetModel();
}

int LeaderboardModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_reviewers.size());
}

int LeaderboardModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QString LeaderboardModel::estimateTip(const QString &figure, const compare::Estimate &e) const
{
    if (!e.value)
        return tr("%1 is not defined here: nothing to count it on (no comment for precision, no reference for recall, no key issue for KBI).")
            .arg(figure);
    if (!e.lowOpen() && !e.highOpen() && (!e.low || !e.high))
        return tr("%1: %2 %, without an interval (no resample defined it)").arg(figure, percentText(*e.value));
    QString tip = tr("%1: %2 %, %3 % bootstrap interval %4 over merge requests (%5 of %6 resamples defined it)")
                      .arg(figure, percentText(*e.value), QLocale().toString(m_settings.level * 100, 'g', 3), intervalText(e.low, e.high, e.lowOpen(), e.highOpen()))
                      .arg(QLocale().toString(e.resamples), QLocale().toString(e.drawn > 0 ? e.drawn : m_settings.resamples));
    if (e.lowOpen() || e.highOpen())
        tip += QLatin1Char('\n') + tr("An end shown — is open: the figure was infinite in too many resamples on that side to bound it.");
    return tip;
}

QString LeaderboardModel::tierRule() const
{
    return tr("Reviewers sharing a letter are not told apart by any Holm-adjusted test on %1 at %2 %")
        .arg(CompareCharts::metricTitle(compare::Metric::FBeta, m_settings.beta), QLocale().toString((1 - m_settings.level) * 100, 'g', 3));
}

// Reviewers whose first letter is the 2nd, 4th, ... on a band; a reviewer without a tier on none.
QVariant LeaderboardModel::tierBand(const compare::ReviewerStanding &s) const
{
    if (s.tier.isEmpty() || (s.tier.at(0).unicode() - u'a') % 2 == 0)
        return {};
    QColor band = m_palette.color(QPalette::Base);
    const QColor highlight = m_palette.color(QPalette::Highlight);
    // A sixth of the highlight over the base: the text stays as readable as on the base, light or dark.
    const float share = 1.0f / 6;
    band.setRgbF(band.redF() * (1 - share) + highlight.redF() * share, band.greenF() * (1 - share) + highlight.greenF() * share,
                 band.blueF() * (1 - share) + highlight.blueF() * share);
    return QBrush(band);
}

QVariant LeaderboardModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_reviewers.size() || index.column() >= m_columns.size())
        return {};
    const compare::ReviewerStanding &s = m_reviewers[index.row()];
    const Column c = m_columns[index.column()];
    const compare::Estimate *estimate = c == Column::Precision ? &s.precision : c == Column::Recall ? &s.recall : c == Column::FBeta ? &s.fBeta : nullptr;
    if (const auto *figure = leaderboardDefectFigure(s, c))
        estimate = figure->has_value() ? &**figure : nullptr;
    if (role == Qt::TextAlignmentRole)
        return c == Column::Reviewer || c == Column::Tier ? int(Qt::AlignLeft | Qt::AlignVCenter) : int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::BackgroundRole)
        return tierBand(s);
    if (role == Qt::ToolTipRole) {
        if (c == Column::Tier)
            return s.tier.isEmpty() ? tr("No tier: the pairs were not tested.") : tr("Tier %1. %2.").arg(s.tier, tierRule());
        if (estimate)
            return estimateTip(headerData(index.column(), Qt::Horizontal).toString(), *estimate);
        if (c == Column::Reviewer)
            return s.kind == compare::ReviewerKind::Tool ? tr("%1: a review tool of the benchmark").arg(s.reviewer)
                                                : tr("%1: a run configuration of this workspace (%n run(s))", nullptr, s.runs).arg(s.reviewer);
        if (c == Column::Accepted && !s.accepted)
            return tr("People judged none of its comments.");
        if ((c == Column::CostUsd || c == Column::CostPerAccepted) && !s.costUsd)
            return tr("No price in its run configurations: tokens are counted, not costed.");
        return {};
    }
    if (role != Qt::DisplayRole && role != Qt::UserRole)
        return {};
    const bool sort = role == Qt::UserRole;
    const auto number = [&](std::optional<double> v, int decimals) -> QVariant {
        if (sort)
            return v ? QVariant(*v) : QVariant(-1.0);
        return v ? QLocale().toString(*v, 'f', decimals) : QStringLiteral("—");
    };
    switch (c) {
    case Column::Reviewer: return s.reviewer;
    case Column::Tier: return s.tier.isEmpty() && !sort ? QStringLiteral("—") : s.tier;
    case Column::MergeRequests: return sort ? QVariant(s.mergeRequests) : QVariant(QLocale().toString(s.mergeRequests));
    case Column::Tp: return sort ? QVariant(s.tp) : QVariant(QLocale().toString(s.tp));
    case Column::Fp: return sort ? QVariant(s.fp) : QVariant(QLocale().toString(s.fp));
    case Column::Fn: return sort ? QVariant(s.fn) : QVariant(QLocale().toString(s.fn));
    case Column::Accepted: return number(s.accepted ? std::optional<double>(*s.accepted) : std::nullopt, 0);
    case Column::CostUsd: return number(s.costUsd, 2);
    case Column::CostPerAccepted: return number(s.costPerAccepted, 2);
    default: break;
    }
    if (!estimate)
        return sort ? QVariant(-1.0) : QVariant(QStringLiteral("—"));
    return sort ? QVariant(estimate->value.value_or(-1.0)) : QVariant(estimateText(*estimate));
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Column c = m_columns[section];
    if (role == Qt::ToolTipRole) {
        switch (c) {
        case Column::Tier: return tierRule();
        case Column::MergeRequests: return tr("Merge requests the reviewer has an entry on (after the filters)");
        case Column::Tp: return tr("References found, summed over merge requests");
        case Column::Fp: return tr("Comments that found no reference, summed over merge requests");
        case Column::Fn: return tr("References missed, summed over merge requests");
        case Column::Precision: return tr("TP / (TP + FP) of the sums, in percent, with its interval");
        case Column::Recall: return tr("TP / (TP + FN) of the sums, in percent, with its interval");
        case Column::FBeta: return tr("F-beta of precision and recall (beta %1), in percent, with its interval").arg(m_settings.beta);
        case Column::Kbi: return tr("Key bug inclusion of the run configuration's runs (defect-focused paper, App. M)");
        case Column::Far1: return tr("False alarm rate 1 of the run configuration's runs (defect-focused paper, App. M)");
        case Column::Cpi1: return tr("Comprehensive performance index 1 of the run configuration's runs (defect-focused paper, App. M)");
        case Column::Accepted: return tr("Comments with a final accept by people");
        case Column::CostUsd: return tr("Tokens of its runs times the prices of their run configurations, in US dollars");
        case Column::CostPerAccepted: return tr("Cost divided by accepted comments, in US dollars");
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (c) {
    case Column::Reviewer: return tr("Reviewer");
    case Column::Tier: return tr("Tier");
    case Column::MergeRequests: return tr("MRs");
    case Column::Tp: return tr("TP");
    case Column::Fp: return tr("FP");
    case Column::Fn: return tr("FN");
    case Column::Precision: return tr("Precision");
    case Column::Recall: return tr("Recall");
    case Column::FBeta: return m_settings.beta == 1 ? tr("F1") : tr("F%1").arg(QLocale().toString(m_settings.beta, 'g', 3));
    case Column::Kbi: return tr("KBI");
    case Column::Far1: return tr("FAR1");
    case Column::Cpi1: return tr("CPI1");
    case Column::Accepted: return tr("Accepted");
    case Column::CostUsd: return tr("Cost (USD)");
    case Column::CostPerAccepted: return tr("USD per accepted");
    }
    return {};
}

} // namespace rd
