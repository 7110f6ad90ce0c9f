#include "CompareCharts.h"

#include "FigureText.h"
#include "Theme.h"

#include <QCategoryAxis>
#include <QChart>
#include <QCursor>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rd {

namespace {

void styleCompareChart(QChart *chart, const QPalette &palette)
{
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.base());
    chart->setTitleBrush(palette.text());
    chart->legend()->setLabelBrush(palette.text());
    chart->setAnimationOptions(QChart::NoAnimation);
}

void styleCompareAxis(QAbstractAxis *axis, const QPalette &palette)
{
    axis->setLabelsBrush(palette.text());
    axis->setTitleBrush(palette.text());
    QColor grid = palette.color(QPalette::Text);
    grid.setAlphaF(0.12f);
    axis->setGridLineColor(grid);
}

QString compareNumber(double v, int decimals = 1)
{
    return QLocale().toString(v, 'f', decimals);
}

// An axis range around [low, high] in steps of 10, within 0..100 for percentages.
std::pair<double, double> percentRange(double low, double high)
{
    double from = std::floor((low - 2) / 10) * 10, to = std::ceil((high + 2) / 10) * 10;
    from = std::max(0.0, from);
    to = std::min(100.0, std::max(to, from + 10));
    return {from, to};
}

QValueAxis *percentAxis(const QString &title, double low, double high, const QPalette &palette)
{
    auto *axis = new QValueAxis;
    const auto [from, to] = percentRange(low, high);
    axis->setRange(from, to);
    axis->setTickCount(int((to - from) / 10) + 1);
    axis->setLabelFormat(QStringLiteral("%.0f"));
    axis->setTitleText(title);
    styleCompareAxis(axis, palette);
    return axis;
}

void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y)
{
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
}

// Where an interval's whisker ends: its bound, or the axis's end on an open side; none without an interval.
std::optional<std::pair<double, double>> whiskerEnds(const compare::Estimate &e, const QValueAxis *axis)
{
    if (!e.value || !(e.low || e.lowOpen()) || !(e.high || e.highOpen()))
        return std::nullopt;
    return std::pair{e.low.value_or(axis->min()), e.high.value_or(axis->max())};
}

} // namespace

QList<compare::Metric> CompareCharts::metricsOf(const compare::JudgeBoard &board)
{
    QList<compare::Metric> out{compare::Metric::Precision, compare::Metric::Recall, compare::Metric::FBeta};
    if (std::any_of(board.reviewers.cbegin(), board.reviewers.cend(), [](const compare::ReviewerStanding &s) { return s.kbi.has_value(); }))
        out << compare::Metric::Kbi << compare::Metric::Far1 << compare::Metric::Cpi1;
    return out;
}

QString CompareCharts::metricTitle(compare::Metric metric, double beta)
{
    switch (metric) {
    case compare::Metric::Precision: return tr("Precision");
    case compare::Metric::Recall: return tr("Recall");
    case compare::Metric::FBeta: return beta == 1 ? tr("F1") : tr("F%1").arg(QLocale().toString(beta, 'g', 3));
    case compare::Metric::Kbi: return tr("KBI");
    case compare::Metric::Far1: return tr("FAR1");
    case compare::Metric::Cpi1: return tr("CPI1");
    }
    return {};
}

const compare::Estimate *CompareCharts::estimateOf(const compare::ReviewerStanding &s, compare::Metric metric)
{
    switch (metric) {
    case compare::Metric::Precision: return &s.precision;
    case compare::Metric::Recall: return &s.recall;
    case compare::Metric::FBeta: return &s.fBeta;
    case compare::Metric::Kbi: return s.kbi ? &*s.kbi : nullptr;
    case compare::Metric::Far1: return s.far1 ? &*s.far1 : nullptr;
    case compare::Metric::Cpi1: return s.cpi1 ? &*s.cpi1 : nullptr;
    }
    return nullptr;
}

QColor CompareCharts::reviewerColor(int rank, const QPalette &palette)
{
    // Tableau's 10 categorical colours, then the same a little darker (or lighter).
    static const QList<QRgb> colours{0x4e79a7, 0xf28e2b, 0xe15759, 0x76b7b2, 0x59a14f, 0xedc948, 0xb07aa1, 0xff9da7, 0x9c755f, 0xbab0ac};
    const QColor c(colours[rank % colours.size()]);
    const int round = rank / int(colours.size());
    if (round == 0)
        return c;
    return isDark(palette) ? c.lighter(100 + 25 * round) : c.darker(100 + 25 * round);
}

QChart *CompareCharts::intervalChart(const compare::JudgeBoard &board, compare::Metric metric, const compare::Settings &settings, const QPalette &palette)
{
    auto *chart = new QChart;
    styleCompareChart(chart, palette);
    const QString title = metricTitle(metric, settings.beta);
    chart->setTitle(tr("%1 per reviewer with its %2 % interval").arg(title, QLocale().toString(settings.level * 100, 'g', 3)));
    chart->legend()->setVisible(false);

    struct Row
    {
        int rank;
        const compare::ReviewerStanding *standing;
        const compare::Estimate *estimate;
    };
    QList<Row> rows;
    double low = 100, high = 0;
    for (int i = 0; i < board.reviewers.size(); ++i) {
        const compare::Estimate *e = estimateOf(board.reviewers[i], metric);
        if (!e || !e->value)
            continue;
        rows << Row{i, &board.reviewers[i], e};
        low = std::min({low, *e->value, e->low.value_or(*e->value)});
        high = std::max({high, *e->value, e->high.value_or(*e->value)});
    }
    auto *valueAxis = percentAxis(tr("%1 (%), judge %2, %n merge request(s)", nullptr, board.mergeRequests).arg(title, board.judge),
                                  rows.isEmpty() ? 0 : low, rows.isEmpty() ? 100 : high, palette);
    auto *reviewerAxis = new QCategoryAxis;
    reviewerAxis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    reviewerAxis->setRange(-0.6, std::max<double>(0.4, double(rows.size()) - 0.4));
    reviewerAxis->setGridLineVisible(false);
    styleCompareAxis(reviewerAxis, palette);
    chart->addAxis(valueAxis, Qt::AlignBottom);
    chart->addAxis(reviewerAxis, Qt::AlignLeft);

    auto *points = new QScatterSeries;
    points->setName(tr("point values"));
    points->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    points->setMarkerSize(10);
    points->setBorderColor(palette.color(QPalette::Base));
    const int n = int(rows.size());
    QStringList tips;
    // A category axis takes its categories bottom up: the last reviewer first.
    for (int i = n - 1; i >= 0; --i)
        reviewerAxis->append(rows[i].standing->reviewer, n - 1 - i);
    for (int i = 0; i < n; ++i) {
        const Row &r = rows[i];
        const double y = n - 1 - i; // the best on top
        const QColor colour = reviewerColor(r.rank, palette);
        if (const auto ends = whiskerEnds(*r.estimate, valueAxis)) {
            // The whiskers: the interval with a cap at each end, drawn as one
            // path; an open side reaches the axis's end without a cap.
            auto *whiskers = new QLineSeries;
            whiskers->setName(r.standing->reviewer);
            whiskers->setProperty("reviewer", r.standing->reviewer);
            const double cap = 0.18;
            if (r.estimate->low)
                whiskers->append({{ends->first, y - cap}, {ends->first, y + cap}});
            whiskers->append({{ends->first, y}, {ends->second, y}});
            if (r.estimate->high)
                whiskers->append({{ends->second, y + cap}, {ends->second, y - cap}});
            whiskers->setPen(QPen(colour, 2));
            attach(chart, whiskers, valueAxis, reviewerAxis);
        }
        points->append(*r.estimate->value, y);
        tips << tr("%1: %2 %3 (%4 of %5 resamples)")
                    .arg(r.standing->reviewer, title, estimateText(*r.estimate), QLocale().toString(r.estimate->resamples), QLocale().toString(settings.resamples));
    }
    attach(chart, points, valueAxis, reviewerAxis);
    for (int i = 0; i < n; ++i)
        points->setPointConfiguration(i, {{QXYSeries::PointConfiguration::Color, reviewerColor(rows[i].rank, palette)}});
    QObject::connect(points, &QScatterSeries::hovered, points, [n, tips](const QPointF &at, bool state) {
        if (!state) {
            QToolTip::hideText();
            return;
        }
        const int i = n - 1 - int(std::lround(at.y()));
        if (i >= 0 && i < tips.size())
            QToolTip::showText(QCursor::pos(), tips[i]);
    });
    return chart;
}

QChart *CompareCharts::precisionRecallChart(const compare::JudgeBoard &board, const compare::Settings &settings, const QPalette &palette)
{
    auto *chart = new QChart;
    styleCompareChart(chart, palette);
    chart->setTitle(tr("Precision against recall (judge %1), each with its %2 % interval").arg(board.judge, QLocale().toString(settings.level * 100, 'g', 3)));
    chart->legend()->setVisible(false);
    double xLow = 100, xHigh = 0, yLow = 100, yHigh = 0;
    for (const compare::ReviewerStanding &s : board.reviewers) {
        if (!s.precision.value || !s.recall.value)
            continue;
        xLow = std::min(xLow, s.recall.low.value_or(*s.recall.value));
        xHigh = std::max(xHigh, s.recall.high.value_or(*s.recall.value));
        yLow = std::min(yLow, s.precision.low.value_or(*s.precision.value));
        yHigh = std::max(yHigh, s.precision.high.value_or(*s.precision.value));
    }
    if (xLow > xHigh) {
        xLow = yLow = 0;
        xHigh = yHigh = 100;
    }
    auto *recallAxis = percentAxis(tr("Recall (%)"), xLow, xHigh, palette);
    auto *precisionAxis = percentAxis(tr("Precision (%)"), yLow, yHigh, palette);
    chart->addAxis(recallAxis, Qt::AlignBottom);
    chart->addAxis(precisionAxis, Qt::AlignLeft);

    // Behind the points: where F-beta is 20, 40, 60 and 80 (P = F R / ((1 + b²) R - b² F)).
    const double b2 = settings.beta * settings.beta;
    QColor curveColour = palette.color(QPalette::Text);
    curveColour.setAlphaF(0.3f);
    QColor curveLabelColour = curveColour;
    curveLabelColour.setAlphaF(0.6f);
    // Each curve is named a little inside the plot's right edge (or where it leaves the top).
    const double nameAt = recallAxis->max() - (recallAxis->max() - recallAxis->min()) * 0.06;
    for (double f : {20.0, 40.0, 60.0, 80.0}) {
        auto *curve = new QLineSeries;
        curve->setName(tr("%1 = %2").arg(metricTitle(compare::Metric::FBeta, settings.beta)).arg(f));
        QPointF last;
        bool any = false;
        for (double r = recallAxis->min(); r <= recallAxis->max() + 1e-9; r += (recallAxis->max() - recallAxis->min()) / 200) {
            const double denominator = (1 + b2) * r - b2 * f;
            if (denominator <= 0)
                continue;
            const double p = f * r / denominator;
            if (p > precisionAxis->max() || p < precisionAxis->min())
                continue;
            curve->append(r, p);
            if (r <= nameAt || !any)
                last = {r, p};
            any = true;
        }
        if (!any) {
            delete curve;
            continue;
        }
        curve->setPen(QPen(curveColour, 1, Qt::DashLine));
        curve->setPointLabelsVisible(false);
        attach(chart, curve, recallAxis, precisionAxis);
        // Its name where it leaves the plot.
        auto *name = new QScatterSeries;
        name->setMarkerSize(1);
        name->setColor(Qt::transparent);
        name->setBorderColor(Qt::transparent);
        name->append(last);
        name->setPointLabelsFormat(curve->name());
        name->setPointLabelsVisible(true);
        name->setPointLabelsColor(curveLabelColour);
        name->setPointLabelsClipping(false);
        attach(chart, name, recallAxis, precisionAxis);
    }

    for (int i = 0; i < board.reviewers.size(); ++i) {
        const compare::ReviewerStanding &s = board.reviewers[i];
        if (!s.precision.value || !s.recall.value)
            continue;
        const QColor colour = reviewerColor(i, palette);
        const double r = *s.recall.value, p = *s.precision.value;
        const auto across = whiskerEnds(s.recall, recallAxis), upright = whiskerEnds(s.precision, precisionAxis);
        if (across && upright) {
            // Open sides reach the axes' ends.
            auto *cross = new QLineSeries;
            cross->setName(s.reviewer);
            cross->setProperty("reviewer", s.reviewer);
            cross->append({{across->first, p}, {across->second, p}, {r, p}, {r, upright->first}, {r, upright->second}});
            QColor faint = colour;
            faint.setAlphaF(0.55f);
            cross->setPen(QPen(faint, 1.5));
            attach(chart, cross, recallAxis, precisionAxis);
        }
        auto *point = new QScatterSeries;
        point->setName(s.reviewer);
        point->setProperty("reviewer", s.reviewer);
        point->setMarkerSize(11);
        point->setColor(colour);
        point->setBorderColor(palette.color(QPalette::Base));
        point->append(r, p);
        // The name beside the point (a literal format: the label is the name).
        point->setPointLabelsFormat(QString(s.reviewer).replace(QLatin1Char('@'), QStringLiteral("(at)")));
        point->setPointLabelsVisible(true);
        point->setPointLabelsColor(palette.color(QPalette::Text));
        attach(chart, point, recallAxis, precisionAxis);
        const QString tip = tr("%1: precision %2, recall %3").arg(s.reviewer, estimateText(s.precision), estimateText(s.recall));
        QObject::connect(point, &QScatterSeries::hovered, point, [tip](const QPointF &, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip);
            else
                QToolTip::hideText();
        });
    }
    return chart;
}

QList<int> CompareCharts::paretoFront(const QList<QPointF> &points)
{
    QList<int> order(points.size());
    std::iota(order.begin(), order.end(), 0);
    // By cost, the most accepted first among equal costs.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        return points[a].x() != points[b].x() ? points[a].x() < points[b].x() : points[a].y() > points[b].y();
    });
    QList<int> front;
    for (int i : order) {
        if (front.isEmpty()) {
            front << i;
            continue;
        }
        const QPointF &best = points[front.last()];
        // Dominated: a cheaper-or-equal point already has at least as many, unless it is the same point.
        if (points[i].y() > best.y() || points[i] == best)
            front << i;
    }
    return front;
}

QString CompareCharts::whyNoCostChart(const compare::JudgeBoard &board)
{
    int costed = 0, accepted = 0, both = 0, tools = 0;
    for (const compare::ReviewerStanding &s : board.reviewers) {
        costed += s.costUsd ? 1 : 0;
        accepted += s.accepted ? 1 : 0;
        both += s.costUsd && s.accepted ? 1 : 0;
        tools += s.kind == compare::ReviewerKind::Tool ? 1 : 0;
    }
    if (both > 0)
        return {};
    const int n = int(board.reviewers.size());
    QStringList why;
    if (costed == 0)
        why << tr("No reviewer of judge %1 has a cost: there are no prices in the run configurations. A role's price is "
                  "\"price\": {\"input_per_mtok\": …, \"output_per_mtok\": …} in US dollars per million tokens.")
                   .arg(board.judge);
    if (accepted == 0)
        why << tr("No reviewer has accepted findings: people have given no final verdict on their comments.");
    if (costed > 0 && accepted > 0)
        why << tr("%1 of %2 reviewers have a cost and %3 have accepted findings, but none has both.").arg(costed).arg(n).arg(accepted);
    if (tools == n)
        why << tr("The reviewers here are a benchmark's tools, which come without token counts or prices.");
    return why.join(QLatin1Char('\n'));
}

QChart *CompareCharts::costChart(const compare::JudgeBoard &board, const QPalette &palette)
{
    QList<QPointF> points;
    QList<int> rankOf;
    for (int i = 0; i < board.reviewers.size(); ++i) {
        const compare::ReviewerStanding &s = board.reviewers[i];
        if (s.costUsd && s.accepted) {
            points << QPointF(*s.costUsd, *s.accepted);
            rankOf << i;
        }
    }
    if (points.isEmpty())
        return nullptr;
    auto *chart = new QChart;
    styleCompareChart(chart, palette);
    chart->setTitle(tr("Cost against accepted findings (judge %1): the Pareto front joins the reviewers no other beats on both").arg(board.judge));
    double maxCost = 0, maxAccepted = 0;
    for (const QPointF &p : points) {
        maxCost = std::max(maxCost, p.x());
        maxAccepted = std::max(maxAccepted, p.y());
    }
    auto *costAxis = new QValueAxis;
    costAxis->setRange(0, maxCost > 0 ? maxCost * 1.15 : 1);
    costAxis->applyNiceNumbers();
    costAxis->setTitleText(tr("Cost (USD)"));
    styleCompareAxis(costAxis, palette);
    auto *acceptedAxis = new QValueAxis;
    acceptedAxis->setRange(0, std::max(1.0, maxAccepted * 1.15));
    acceptedAxis->applyNiceNumbers();
    acceptedAxis->setLabelFormat(QStringLiteral("%.0f"));
    acceptedAxis->setTitleText(tr("Accepted findings"));
    styleCompareAxis(acceptedAxis, palette);
    chart->addAxis(costAxis, Qt::AlignBottom);
    chart->addAxis(acceptedAxis, Qt::AlignLeft);

    // The front as a staircase: between two of its reviewers, the cheaper one's count holds.
    const QList<int> front = paretoFront(points);
    auto *frontLine = new QLineSeries;
    frontLine->setName(tr("Pareto front"));
    frontLine->setProperty("front", true);
    for (int k = 0; k < front.size(); ++k) {
        const QPointF &p = points[front[k]];
        if (k > 0)
            frontLine->append(p.x(), points[front[k - 1]].y());
        frontLine->append(p);
    }
    frontLine->setPen(QPen(palette.color(QPalette::Highlight), 2, Qt::DashLine));
    attach(chart, frontLine, costAxis, acceptedAxis);

    for (int k = 0; k < points.size(); ++k) {
        const compare::ReviewerStanding &s = board.reviewers[rankOf[k]];
        auto *point = new QScatterSeries;
        point->setName(s.reviewer);
        point->setProperty("reviewer", s.reviewer);
        point->setMarkerSize(front.contains(k) ? 13 : 10);
        point->setColor(reviewerColor(rankOf[k], palette));
        point->setBorderColor(palette.color(QPalette::Base));
        point->append(points[k]);
        point->setPointLabelsFormat(QString(s.reviewer).replace(QLatin1Char('@'), QStringLiteral("(at)")));
        point->setPointLabelsVisible(true);
        point->setPointLabelsColor(palette.color(QPalette::Text));
        attach(chart, point, costAxis, acceptedAxis);
        const QString perAccepted = s.costPerAccepted ? compareNumber(*s.costPerAccepted, 2) : QStringLiteral("—");
        const QString tip = (front.contains(k) ? tr("%1: %2 USD, %3 accepted, %4 USD per accepted finding; on the Pareto front")
                                               : tr("%1: %2 USD, %3 accepted, %4 USD per accepted finding"))
                                .arg(s.reviewer, compareNumber(points[k].x(), 2), QLocale().toString(int(points[k].y())), perAccepted);
        QObject::connect(point, &QScatterSeries::hovered, point, [tip](const QPointF &, bool state) {
            if (state)
                QToolTip::showText(QCursor::pos(), tip);
            else
                QToolTip::hideText();
        });
    }
    chart->legend()->setVisible(true);
    chart->legend()->setAlignment(Qt::AlignBottom);
    for (QLegendMarker *m : chart->legend()->markers())
        m->setVisible(m->series() == frontLine);
    return chart;
}

} // namespace rd
