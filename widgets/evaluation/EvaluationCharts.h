#pragma once

// The Evaluate window's Charts tab: the filter funnel, precision-recall over
// the tuned filter settings, recall per category and per context level. A
// click on a bar or a point names the figure (chart, set, index) for the
// window to list the comments behind it.

#include <Evaluation.h>
#include <ThresholdTuning.h>

#include <QStringList>
#include <QWidget>

class QChart;

namespace rd {

class EvaluationCharts : public QWidget
{
    Q_OBJECT

public:
    EvaluationCharts(const eval::Evaluation &evaluation, const eval::TuningResult &tuning, const QPalette &palette, QWidget *parent = nullptr);

    // The bars of the category chart (or of the context chart), in order.
    const QStringList &recallKeys(bool byContext) const;

Q_SIGNALS:
    // chart: funnel (set = configuration, index = stage), pr (index = tuning
    // point), categories and contexts (set = configuration, index = bar).
    void clicked(const QString &chart, int set, int index);

private:
    QChart *funnelChart(const eval::Evaluation &e);
    QChart *precisionRecallChart(const eval::TuningResult &tuning);
    QChart *recallChart(const eval::Evaluation &e, const QString &title, QMap<QString, eval::Ratio> eval::AacrMetrics::*which);

    QStringList m_recallKeys[2];
};

} // namespace rd
