#pragma once

// One judge's leaderboard as a table: per reviewer its tier, the merge
// requests, tp, fp, fn and each figure with its 95 % interval ("37.3 [32.1,
// 42.9]", FigureText.h); the defect-focused figures (KBI, FAR1, CPI1) and the
// cost columns only when a reviewer of the board has them. Qt::UserRole
// holds what a column sorts by (the point value; the name, the tier). The
// rows are shaded by tier: the reviewers whose first tier letter is b, d,
// f, ... on a band of the palette's highlight over its base, the others on
// the base, so a tier reads as a block in the default order.

#include <Comparison.h>

#include <QAbstractTableModel>
#include <QPalette>

namespace rd {

class LeaderboardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Column { Reviewer, Tier, MergeRequests, Tp, Fp, Fn, Precision, Recall, FBeta, Kbi, Far1, Cpi1, Accepted, CostUsd, CostPerAccepted };

    explicit LeaderboardModel(QObject *parent = nullptr);

    void setBoard(const compare::JudgeBoard &board, const compare::Settings &settings);
    void clear();
    // The colours of the tier bands come from `palette` (the view's, on a theme change).
    void setPalette(const QPalette &palette);
    // The column shown at `section`.
    Column column(int section) const { return m_columns.value(section); }
    int section(Column column) const { return int(m_columns.indexOf(column)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString estimateTip(const QString &figure, const compare::Estimate &e) const;
    QString tierRule() const;
    QVariant tierBand(const compare::ReviewerStanding &s) const;

    QList<compare::ReviewerStanding> m_reviewers;
    QList<Column> m_columns;
    compare::Settings m_settings;
    QPalette m_palette;
};

} // namespace rd
