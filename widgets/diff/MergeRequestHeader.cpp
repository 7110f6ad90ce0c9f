#include "MergeRequestHeader.h"

#include <MergeRequest.h>

#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>
#include <QVBoxLayout>

namespace rd {

MergeRequestHeader::MergeRequestHeader(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 8, 10, 6);
    layout->setSpacing(3);
    auto *titleRow = new QHBoxLayout;
    m_toggle = new QToolButton(this);
    m_toggle->setAutoRaise(true);
    m_toggle->setCheckable(true);
    m_toggle->setArrowType(Qt::RightArrow);
    m_toggle->setToolTip(tr("Show or hide the description"));
    titleRow->addWidget(m_toggle);
    m_title = new QLabel(this);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    titleRow->addWidget(m_title, 1);
    layout->addLayout(titleRow);
    m_description = new QLabel(this);
    m_description->setWordWrap(true);
    m_description->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_description->setContentsMargins(28, 0, 0, 0);
    m_description->setVisible(false);
    layout->addWidget(m_description);
    m_meta = new QLabel(this);
    m_meta->setTextFormat(Qt::RichText);
    m_meta->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_meta->setContentsMargins(28, 0, 0, 0);
    layout->addWidget(m_meta);
    connect(m_toggle, &QToolButton::toggled, this, &MergeRequestHeader::setDescriptionVisible);
}

void MergeRequestHeader::setDescriptionVisible(bool visible)
{
    m_toggle->setChecked(visible);
    m_toggle->setArrowType(visible ? Qt::DownArrow : Qt::RightArrow);
    m_description->setVisible(visible && !m_description->text().isEmpty());
}

bool MergeRequestHeader::isDescriptionVisible() const
{
    return m_toggle->isChecked();
}

void MergeRequestHeader::setMergeRequest(const MergeRequest *mr)
{
    if (!mr) {
        m_title->setText(tr("No merge request"));
        m_description->clear();
        m_meta->clear();
        setDescriptionVisible(isDescriptionVisible());
        return;
    }
    m_title->setText(mr->title.isEmpty() ? tr("(no title)") : mr->title);
    m_description->setText(mr->description.isEmpty() ? QString() : mr->description);
    m_toggle->setEnabled(!mr->description.isEmpty());
    auto sha = [](const ObjectId &id) {
        return id.isNull() ? QStringLiteral("—") : QStringLiteral("<code>%1</code>").arg(QString::fromLatin1(id.abbreviated()));
    };
    const QString base = mr->baseRevision.toHtmlEscaped();
    const QString head = mr->headRevision.toHtmlEscaped();
    m_meta->setText(tr("%1 %2 ← %3 %4 · merge base %5 · %n file(s) changed", nullptr, static_cast<int>(mr->files.size()))
                        .arg(base, sha(mr->base), head, sha(mr->head), sha(mr->mergeBase))
                    + QStringLiteral(" · <span style='color:#1a7f37'>+%1</span> <span style='color:#cf222e'>−%2</span>")
                          .arg(mr->additions())
                          .arg(mr->deletions())
                    + (mr->options.twoDot ? QStringLiteral(" · ") + tr("two-dot") : QString()));
    setDescriptionVisible(isDescriptionVisible());
}

} // namespace rd
