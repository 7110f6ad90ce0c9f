#include "RunsPanel.h"

#include <RunService.h>

#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rd {

namespace {

QString runTitle(const RunConfig &config, bool replay)
{
    QString title = pipelineName(config.pipeline);
    if (config.pipeline == PipelineKind::Aacr)
        title += QStringLiteral(" (%1)").arg(config.context);
    return replay ? RunsPanel::tr("%1, replayed").arg(title) : title;
}

QString endpointsOf(const RunConfig &config)
{
    QStringList out;
    for (const auto &[role, profile] : config.profiles())
        if (!out.contains(profile->endpoint))
            out << profile->endpoint;
    return out.join(QStringLiteral(", "));
}

} // namespace

RunsPanel::RunsPanel(RunService *runs, QWidget *parent)
    : QWidget(parent), m_reviewing(runs), m_summary(new QLabel(this)), m_runs(new QTreeWidget(this))
{
    m_runs->setColumnCount(5);
    m_runs->setHeaderLabels({tr("Run"), tr("Endpoints"), tr("Progress"), tr("Requests · tokens"), QString()});
    m_runs->setRootIsDecorated(false);
    m_runs->header()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_runs->setAccessibleName(tr("Review runs under way"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(m_runs, 1);
    connect(m_reviewing, &RunService::activeReviewsChanged, this, &RunsPanel::refill);
    refill();
}

void RunsPanel::refill()
{
    const QList<RunService::ActiveReview> &active = m_reviewing->activeReviews();
    m_summary->setText(active.isEmpty() ? tr("No review is running. Runs started from Run Review appear here, each with its progress.")
                                        : tr("%n review run(s) under way.", nullptr, static_cast<int>(active.size())));
    // Rows stay while their run does, so a progress update does not rebuild the buttons.
    for (int row = m_runs->topLevelItemCount() - 1; row >= 0; --row) {
        const int id = m_runs->topLevelItem(row)->data(0, Qt::UserRole).toInt();
        if (std::none_of(active.begin(), active.end(), [id](const RunService::ActiveReview &a) { return a.id == id; }))
            delete m_runs->takeTopLevelItem(row);
    }
    for (const RunService::ActiveReview &a : active) {
        QTreeWidgetItem *item = nullptr;
        for (int row = 0; row < m_runs->topLevelItemCount() && !item; ++row)
            if (m_runs->topLevelItem(row)->data(0, Qt::UserRole).toInt() == a.id)
                item = m_runs->topLevelItem(row);
        if (!item) {
            item = new QTreeWidgetItem(m_runs, {runTitle(a.config, a.replay), endpointsOf(a.config)});
            item->setData(0, Qt::UserRole, a.id);
            auto *bar = new QProgressBar(m_runs);
            bar->setTextVisible(true);
            m_runs->setItemWidget(item, 2, bar);
            auto *cancel = new QPushButton(tr("Cancel"), m_runs);
            cancel->setAccessibleName(tr("Cancel the %1 run").arg(runTitle(a.config, a.replay)));
            const int id = a.id;
            connect(cancel, &QPushButton::clicked, this, [this, id, cancel] {
                cancel->setEnabled(false);
                m_reviewing->cancelRun(id);
            });
            m_runs->setItemWidget(item, 4, cancel);
        }
        auto *bar = qobject_cast<QProgressBar *>(m_runs->itemWidget(item, 2));
        bar->setMaximum(std::max(1, a.progress.slicesTotal));
        bar->setValue(a.progress.slicesDone);
        bar->setFormat(tr("%1 of %2").arg(a.progress.slicesDone).arg(a.progress.slicesTotal));
        item->setText(3, tr("%1 · %2").arg(a.progress.requests).arg(a.progress.promptTokens + a.progress.completionTokens));
    }
}

int RunsPanel::rowCount() const
{
    return m_runs->topLevelItemCount();
}

QString RunsPanel::rowText(int row) const
{
    QTreeWidgetItem *item = m_runs->topLevelItem(row);
    if (!item)
        return {};
    const auto *bar = qobject_cast<QProgressBar *>(m_runs->itemWidget(item, 2));
    return QStringLiteral("%1 | %2 | %3 | %4").arg(item->text(0), item->text(1), bar ? bar->text() : QString(), item->text(3));
}

void RunsPanel::cancelRow(int row)
{
    if (QTreeWidgetItem *item = m_runs->topLevelItem(row))
        if (auto *button = qobject_cast<QPushButton *>(m_runs->itemWidget(item, 4)))
            button->click();
}

} // namespace rd
