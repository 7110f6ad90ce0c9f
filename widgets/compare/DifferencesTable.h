#pragma once

// The Compare view's Differences tab: every pair of reviewers of one
// judge's board on one figure, A − B with its paired interval, its own
// bootstrap p-value and the Holm-adjusted one (over the pairs of the board
// on that figure), and the merge requests both reviewed, on which alone the
// pair is computed. A caption above says what bold means: the pairs the
// adjusted p-value tells apart at 1 - level. A pair on fewer than
// compare::MinimumPairMergeRequests merge requests says it is too few.

#include <Comparison.h>

#include <QWidget>

class QLabel;
class QTableWidget;

namespace rd {

class DifferencesTable : public QWidget
{
    Q_OBJECT

public:
    enum Column { A, B, MergeRequests, Difference, P, PAdjusted, Resamples };

    explicit DifferencesTable(QWidget *parent = nullptr);

    void showPairs(const compare::JudgeBoard &board, compare::Metric metric, const compare::Settings &settings);
    void clear();
    QTableWidget *table() const { return m_table; }

private:
    QLabel *m_caption = nullptr;
    QTableWidget *m_table = nullptr;
};

} // namespace rd
