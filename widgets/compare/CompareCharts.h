#pragma once

// The Compare view's charts of one judge's board, each a QChart the view
// puts in a QChartView: every figure drawn with its 95 % interval.
//  - intervals: per reviewer (best first, top down) the chosen figure's
//    point and its interval as whiskers;
//  - precision against recall: a labelled point per reviewer, its two
//    intervals as a cross, and the curves of equal F-beta behind them;
//  - cost against accepted findings: the reviewers with both, and their
//    Pareto front (docs/comparing.md, "In the window").
// A figure not defined for a reviewer is not drawn; an interval open on a
// side (FigureText.h) reaches the axis's end there, without a cap.
// A series drawn for a reviewer carries its name in the property "reviewer".

#include <Comparison.h>

#include <QCoreApplication>
#include <QList>
#include <QPointF>
#include <QString>

class QChart;
class QColor;
class QPalette;

namespace rd {

class CompareCharts
{
    Q_DECLARE_TR_FUNCTIONS(rd::CompareCharts)

public:
    // The figures a board can draw: precision, recall, F-beta, and KBI,
    // FAR1, CPI1 when a reviewer of the board has them.
    static QList<compare::Metric> metricsOf(const compare::JudgeBoard &board);
    static QString metricTitle(compare::Metric metric, double beta);
    // The estimate of `metric` of a reviewer; null when it has none.
    static const compare::Estimate *estimateOf(const compare::ReviewerStanding &s, compare::Metric metric);

    static QChart *intervalChart(const compare::JudgeBoard &board, compare::Metric metric, const compare::Settings &settings, const QPalette &palette);
    static QChart *precisionRecallChart(const compare::JudgeBoard &board, const compare::Settings &settings, const QPalette &palette);
    // Null when no reviewer has both a cost and accepted findings; then
    // whyNoCostChart() says what is missing.
    static QChart *costChart(const compare::JudgeBoard &board, const QPalette &palette);
    static QString whyNoCostChart(const compare::JudgeBoard &board);

    // The Pareto front of (cost, accepted) points, lower cost and more
    // accepted being better: the indices of the points no other point
    // dominates (costs no more and has at least as many accepted, one of
    // them strictly), by cost ascending. Equal points are all on it.
    static QList<int> paretoFront(const QList<QPointF> &costAndAccepted);

    // A reviewer's colour: by its place on the board, the same in every chart.
    static QColor reviewerColor(int rank, const QPalette &palette);
};

} // namespace rd
