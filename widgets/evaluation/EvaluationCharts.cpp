#include "EvaluationCharts.h"

#include "Theme.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QScatterSeries>
#include <QValueAxis>

#include <cmath>

namespace rd {

namespace {

QChartView *chartView(QChart *chart)
{
    auto *view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(320, 240);
    return view;
}

void styleChart(QChart *chart, const QPalette &palette)
{
    chart->setTheme(isDark(palette) ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setBackgroundBrush(palette.base());
    chart->setTitleBrush(palette.text());
    chart->legend()->setLabelBrush(palette.text());
    chart->setAnimationOptions(QChart::NoAnimation);
}

} // namespace

EvaluationCharts::EvaluationCharts(const eval::Evaluation &e, const eval::TuningResult &tuning, const QPalette &palette, QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);

    QChart *funnel = funnelChart(e);
    QChart *pr = precisionRecallChart(tuning);
    QChart *byCategory = recallChart(e, tr("Recall per category"), &eval::AacrMetrics::recallByCategory);
    QChart *byContext = recallChart(e, tr("Recall per context level"), &eval::AacrMetrics::recallByContext);
    int at = 0;
    for (QChart *chart : {funnel, pr, byCategory, byContext}) {
        styleChart(chart, palette);
        chart->legend()->setVisible(chart != pr || tuning.best >= 0);
        grid->addWidget(chartView(chart), at / 2, at % 2);
        ++at;
    }
}


// The filter funnel: comments left after each stage, per configuration.
QChart *EvaluationCharts::funnelChart(const eval::Evaluation &e)
{
    auto *funnel = new QChart;
    funnel->setTitle(tr("Filter funnel: comments after each stage"));
    auto *funnelSeries = new QBarSeries;
    QStringList stages;
    for (int s = 0; s < eval::StageCount; ++s)
        stages << eval::stageName(eval::Stage(s));
    double most = 1;
    for (const QString &g : e.groups) {
        auto *set = new QBarSet(g);
        for (int s = 0; s < eval::StageCount; ++s) {
            const double n = e.defect(g, eval::Stage(s)).comments;
            *set << n;
            most = std::max(most, n);
        }
        funnelSeries->append(set);
    }
    funnel->addSeries(funnelSeries);
    connect(funnelSeries, &QBarSeries::clicked, this, [this, funnelSeries](int index, QBarSet *set) {
        Q_EMIT clicked(QStringLiteral("funnel"), int(funnelSeries->barSets().indexOf(set)), index);
    });
    auto *stageAxis = new QBarCategoryAxis;
    stageAxis->append(stages);
    auto *countAxis = new QValueAxis;
    countAxis->setRange(0, most);
    countAxis->setLabelFormat(QStringLiteral("%d"));
    countAxis->applyNiceNumbers();
    funnel->addAxis(stageAxis, Qt::AlignBottom);
    funnel->addAxis(countAxis, Qt::AlignLeft);
    funnelSeries->attachAxis(stageAxis);
    funnelSeries->attachAxis(countAxis);
    return funnel;
}

// Precision-recall over the tuned settings; the best one on its own.
QChart *EvaluationCharts::precisionRecallChart(const eval::TuningResult &tuning)
{
    auto *pr = new QChart;
    pr->setTitle(tr("Precision and recall over Q1/Q2 thresholds and k"));
    auto *points = new QScatterSeries;
    points->setName(tr("settings"));
    points->setMarkerSize(7);
    auto *best = new QScatterSeries;
    best->setName(tr("best"));
    best->setMarkerSize(14);
    for (int i = 0; i < tuning.points.size(); ++i) {
        const eval::TuningPoint &p = tuning.points[i];
        if (!p.precision.percent() || !p.recall.percent())
            continue;
        (i == tuning.best ? best : points)->append(*p.recall.percent(), *p.precision.percent());
    }
    pr->addSeries(points);
    pr->addSeries(best);
    // A clicked point: the setting drawn there (the nearest one).
    const auto pointClicked = [this, settings = tuning.points](const QPointF &at) {
        int nearest = -1;
        double distance = 0;
        for (int i = 0; i < settings.size(); ++i) {
            const eval::TuningPoint &p = settings[i];
            if (!p.precision.percent() || !p.recall.percent())
                continue;
            const double d = std::hypot(*p.recall.percent() - at.x(), *p.precision.percent() - at.y());
            if (nearest < 0 || d < distance) {
                nearest = i;
                distance = d;
            }
        }
        Q_EMIT clicked(QStringLiteral("pr"), 0, nearest);
    };
    connect(points, &QScatterSeries::clicked, this, pointClicked);
    connect(best, &QScatterSeries::clicked, this, pointClicked);
    auto *recallAxis = new QValueAxis;
    recallAxis->setRange(0, 100);
    recallAxis->setTitleText(tr("Recall (%)"));
    auto *precisionAxis = new QValueAxis;
    precisionAxis->setRange(0, 100);
    precisionAxis->setTitleText(tr("Precision (%)"));
    pr->addAxis(recallAxis, Qt::AlignBottom);
    pr->addAxis(precisionAxis, Qt::AlignLeft);
    for (auto *s : {points, best}) {
        s->attachAxis(recallAxis);
        s->attachAxis(precisionAxis);
    }
    return pr;
}

// Recall per category or per context level, per configuration.
QChart *EvaluationCharts::recallChart(const eval::Evaluation &e, const QString &title, QMap<QString, eval::Ratio> eval::AacrMetrics::*which)
{
    auto *chart = new QChart;
    chart->setTitle(title);
    auto *series = new QBarSeries;
    const bool byContext = which == &eval::AacrMetrics::recallByContext;
    QStringList &keys = m_recallKeys[byContext ? 1 : 0];
    keys.clear();
    QList<eval::AacrMetrics> metrics;
    for (const QString &g : e.groups) {
        metrics << e.aacr(g, eval::Stage::Validator);
        for (const QString &k : (metrics.last().*which).keys())
            if (!keys.contains(k))
                keys << k;
    }
    for (int g = 0; g < e.groups.size(); ++g) {
        auto *set = new QBarSet(e.groups[g]);
        for (const QString &k : keys)
            *set << (metrics[g].*which).value(k).percent().value_or(0.0);
        series->append(set);
    }
    chart->addSeries(series);
    const QString name = byContext ? QStringLiteral("contexts") : QStringLiteral("categories");
    connect(series, &QBarSeries::clicked, this, [this, series, name](int index, QBarSet *set) {
        Q_EMIT clicked(name, int(series->barSets().indexOf(set)), index);
    });
    auto *axis = new QBarCategoryAxis;
    axis->append(keys);
    auto *value = new QValueAxis;
    value->setRange(0, 100);
    value->setTitleText(tr("Recall (%)"));
    chart->addAxis(axis, Qt::AlignBottom);
    chart->addAxis(value, Qt::AlignLeft);
    series->attachAxis(axis);
    series->attachAxis(value);
    return chart;
}

const QStringList &EvaluationCharts::recallKeys(bool byContext) const
{
    return m_recallKeys[byContext ? 1 : 0];
}

} // namespace rd
