#include "RevisionsPanel.h"

#include <ReviewSession.h>
#include <RevisionService.h>

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

RevisionsPanel::RevisionsPanel(ReviewSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("revisionsSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("revisionList"));
    m_list->setRootIsDecorated(false);
    m_list->setAllColumnsShowFocus(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setHeaderLabels({tr("Patch set"), tr("Head"), tr("Recorded"), tr("Outdated comments"), tr("Source")});
    m_list->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->setAccessibleName(tr("Revisions of the merge request"));
    layout->addWidget(m_list, 1);
    auto *buttons = new QHBoxLayout;
    m_interdiff = new QPushButton(tr("Show Changes Between"), this);
    m_interdiff->setObjectName(QStringLiteral("showInterdiff"));
    m_interdiff->setToolTip(tr("Select two revisions to see what changed from the older one's head to the newer one's."));
    m_back = new QPushButton(tr("Back to the Merge Request"), this);
    m_back->setObjectName(QStringLiteral("showMergeRequestDiff"));
    buttons->addWidget(m_interdiff);
    buttons->addWidget(m_back);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    RevisionService *revisions = m_session->revisions();
    connect(revisions, &RevisionService::revisionsChanged, this, &RevisionsPanel::refill);
    connect(revisions, &RevisionService::interdiffChanged, this, &RevisionsPanel::refill);
    connect(m_list, &QTreeWidget::itemSelectionChanged, this, &RevisionsPanel::updateButtons);
    connect(m_interdiff, &QPushButton::clicked, this, &RevisionsPanel::showInterdiff);
    connect(m_back, &QPushButton::clicked, this, [this] {
        if (auto back = m_session->revisions()->showMergeRequest(); !back)
            Q_EMIT problem(tr("Cannot Show the Merge Request"), back.error().message);
    });
    refill();
}

int RevisionsPanel::rowCount() const
{
    return m_list->topLevelItemCount();
}

QString RevisionsPanel::rowText(int row) const
{
    QStringList parts;
    const QTreeWidgetItem *item = m_list->topLevelItem(row);
    for (int c = 0; item && c < m_list->columnCount(); ++c)
        parts << item->text(c);
    return parts.join(QStringLiteral(" | "));
}

void RevisionsPanel::refill()
{
    const RevisionService *revisions = m_session->revisions();
    m_list->clear();
    for (const MergeRequestRevision &r : revisions->revisions()) {
        auto *item = new QTreeWidgetItem(m_list);
        item->setText(0, QString::number(r.number));
        item->setData(0, Qt::UserRole, r.number);
        item->setText(1, r.headSha.left(7));
        item->setToolTip(1, QStringList{tr("head %1").arg(r.headSha), tr("base %1").arg(r.baseSha),
                                        tr("merge base %1").arg(r.mergeBaseSha.isEmpty() ? tr("none") : r.mergeBaseSha),
                                        tr("as written: %1 → %2").arg(r.baseSpec, r.headSpec)}
                                .join(QLatin1Char('\n')));
        item->setText(2, QLocale().toString(r.created.toLocalTime(), QLocale::ShortFormat));
        item->setText(3, QString::number(revisions->outdatedBy(r.number)));
        item->setText(4, r.source == QLatin1String("initial") ? tr("initial") : tr("update"));
    }
    const int count = static_cast<int>(revisions->revisions().size());
    if (const auto shown = revisions->interdiff())
        m_summary->setText(tr("The diff shows the changes from revision %1 to revision %2.").arg(shown->first).arg(shown->second));
    else if (count == 0)
        m_summary->setText(tr("No revisions: open a merge request of a workspace whose code is here."));
    else
        m_summary->setText(tr("%n revision(s); the newest is current. Review ▸ Refresh Merge Request (F5) records the author's new commits.", nullptr, count));
    updateButtons();
}

void RevisionsPanel::updateButtons()
{
    m_interdiff->setEnabled(m_list->selectedItems().size() == 2);
    m_back->setEnabled(m_session->revisions()->interdiff().has_value());
}

void RevisionsPanel::chooseRevisions(int older, int newer)
{
    m_list->clearSelection();
    for (int row = 0; row < m_list->topLevelItemCount(); ++row) {
        QTreeWidgetItem *item = m_list->topLevelItem(row);
        const int number = item->data(0, Qt::UserRole).toInt();
        if (number == older || number == newer)
            item->setSelected(true);
    }
    m_interdiff->click();
}

void RevisionsPanel::showInterdiff()
{
    const QList<QTreeWidgetItem *> chosen = m_list->selectedItems();
    if (chosen.size() != 2)
        return;
    const int a = chosen[0]->data(0, Qt::UserRole).toInt();
    const int b = chosen[1]->data(0, Qt::UserRole).toInt();
    if (auto shown = m_session->revisions()->showInterdiff(std::min(a, b), std::max(a, b)); !shown)
        Q_EMIT problem(tr("Cannot Show the Changes"), shown.error().message);
}

} // namespace rd
