#pragma once

// One judge's leaderboard as a table: per reviewer the merge requests, tp,
// fp, fn and each figure with its 95 % interval ("37.3 [32.1, 42.9]"); the
// defect-focused figures (KBI, FAR1, CPI1) and the cost columns only when a
// reviewer of the board has them. Qt::UserRole holds the number a column
// sorts by (the point value; the name in the first column).

#include <Comparison.h>

#include <QAbstractTableModel>

namespace rd {

class LeaderboardModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum class Column { Reviewer, MergeRequests, Tp, Fp, Fn, Precision, Recall, FBeta, Kbi, Far1, Cpi1, Accepted, CostUsd, CostPerAccepted };

    explicit LeaderboardModel(QObject *parent = nullptr);

    void setBoard(const compare::JudgeBoard &board, const compare::Settings &settings);
    void clear();
    // The column shown at `section`.
    Column column(int section) const { return m_columns.value(section); }
    int section(Column column) const { return int(m_columns.indexOf(column)); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    QString estimateTip(const QString &figure, const compare::Estimate &e) const;

    QList<compare::ReviewerStanding> m_reviewers;
    QList<Column> m_columns;
    compare::Settings m_settings;
};

// "37.3 [32.1, 42.9]", "—" where the figure is not defined.
QString estimateText(const compare::Estimate &e);

} // namespace rd
