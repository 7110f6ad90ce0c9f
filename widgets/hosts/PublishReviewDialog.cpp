#include "PublishReviewDialog.h"

#include <PublishService.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

enum Role { BodyRole = Qt::UserRole + 1 };

} // namespace

PublishReviewDialog::PublishReviewDialog(PublishService &service, QWidget *parent) : QDialog(parent), m_service(service)
{
    setWindowTitle(tr("Publish Review"));
    auto *layout = new QVBoxLayout(this);
    m_target = new QLabel(this);
    m_target->setObjectName(QStringLiteral("publishTarget"));
    m_target->setWordWrap(true);
    m_target->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_target);

    auto *form = new QFormLayout;
    m_verdict = new QComboBox(this);
    m_verdict->setObjectName(QStringLiteral("publishVerdict"));
    m_verdict->addItem(tr("Accepted"), int(Verdict::Accept));
    m_verdict->addItem(tr("Rejected"), int(Verdict::Reject));
    m_verdict->addItem(tr("Unsure"), int(Verdict::Unsure));
    form->addRow(tr("&Comments I judged:"), m_verdict);
    m_event = new QComboBox(this);
    m_event->setObjectName(QStringLiteral("publishEvent"));
    m_event->addItem(tr("Comment"), int(ReviewEvent::Comment));
    m_event->addItem(tr("Request changes"), int(ReviewEvent::RequestChanges));
    m_event->addItem(tr("Approve"), int(ReviewEvent::Approve));
    m_event->setToolTip(tr("GitHub: the review's event. GitLab: Approve approves the merge request. Gerrit: Code-Review -1 or +1."));
    form->addRow(tr("&Review:"), m_event);
    m_summary = new QLineEdit(this);
    m_summary->setObjectName(QStringLiteral("publishSummary"));
    m_summary->setPlaceholderText(tr("A line naming you and the number of comments"));
    form->addRow(tr("&Summary:"), m_summary);
    m_provenance = new QCheckBox(tr("Sign each comment with its run and model (or its author)"), this);
    m_provenance->setObjectName(QStringLiteral("publishProvenance"));
    m_provenance->setChecked(true);
    form->addRow(QString(), m_provenance);
    layout->addLayout(form);

    auto *split = new QSplitter(Qt::Vertical, this);
    m_comments = new QTreeWidget(split);
    m_comments->setObjectName(QStringLiteral("publishComments"));
    m_comments->setHeaderLabels({tr("Comment"), tr("Where"), tr("What happens")});
    m_comments->setRootIsDecorated(true);
    m_comments->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_text = new QTextBrowser(split);
    m_text->setObjectName(QStringLiteral("publishText"));
    m_text->setOpenExternalLinks(false);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    layout->addWidget(split, 1);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("publishStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_publish = buttons->addButton(tr("&Publish"), QDialogButtonBox::ActionRole);
    m_publish->setObjectName(QStringLiteral("publishButton"));
    connect(m_publish, &QPushButton::clicked, this, [this] { publishNow(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_verdict, &QComboBox::currentIndexChanged, this, &PublishReviewDialog::refresh);
    connect(m_event, &QComboBox::currentIndexChanged, this, &PublishReviewDialog::refresh);
    connect(m_provenance, &QCheckBox::toggled, this, &PublishReviewDialog::refresh);
    connect(m_summary, &QLineEdit::editingFinished, this, &PublishReviewDialog::refresh);
    connect(m_comments, &QTreeWidget::currentItemChanged, this, &PublishReviewDialog::showSelected);
    connect(&m_service, &PublishService::finished, this, &PublishReviewDialog::finished);
    connect(&m_service, &PublishService::notice, m_status, &QLabel::setText);
    resize(820, 620);
    refresh();
}

PublishSettings PublishReviewDialog::settings() const
{
    PublishSettings s = m_service.defaultSettings();
    s.verdict = Verdict(m_verdict->currentData().toInt());
    s.event = ReviewEvent(m_event->currentData().toInt());
    s.provenance = m_provenance->isChecked();
    s.summary = m_summary->text();
    return s;
}

void PublishReviewDialog::refresh()
{
    m_comments->clear();
    m_text->clear();
    auto plan = m_service.preview(settings());
    if (!plan) {
        m_publication.reset();
        m_target->setText(tr("Nothing can be published."));
        m_status->setText(plan.error().message);
        m_publish->setEnabled(false);
        return;
    }
    m_publication = *plan;
    m_target->setText(tr("%1 — as %2, at commit %3").arg(plan->locator.displayName(), plan->settings.annotator, plan->headSha.left(12)));
    auto *going = new QTreeWidgetItem(m_comments, {tr("Will be sent (%1)").arg(plan->fresh.size() + plan->edited.size())});
    const auto add = [&](QTreeWidgetItem *group, const OutgoingComment &c, const QString &what) {
        auto *item = new QTreeWidgetItem(group, {QString::number(c.comment), c.where(), what});
        item->setData(0, BodyRole, c.body);
    };
    for (const OutgoingComment &c : std::as_const(plan->fresh))
        add(going, c, c.suggestion ? tr("new, with a suggested change") : tr("new"));
    for (const OutgoingComment &c : std::as_const(plan->edited))
        add(going, c, tr("edited since published: updated on the host"));
    if (!plan->unchanged.isEmpty()) {
        auto *there = new QTreeWidgetItem(m_comments, {tr("Already published (%1)").arg(plan->unchanged.size())});
        for (const OutgoingComment &c : std::as_const(plan->unchanged))
            add(there, c, tr("on the host as it reads now"));
    }
    if (!plan->heldBack.isEmpty()) {
        auto *held = new QTreeWidgetItem(m_comments, {tr("Not sent (%1)").arg(plan->heldBack.size())});
        for (const HeldBackComment &h : std::as_const(plan->heldBack))
            new QTreeWidgetItem(held, {QString::number(h.comment), h.where, h.reason});
    }
    m_comments->expandAll();
    if (going->childCount() > 0)
        m_comments->setCurrentItem(going->child(0));
    m_publish->setEnabled(!plan->nothingToSend() && !m_service.isPublishing());
    m_status->setText(plan->nothingToSend() ? tr("Nothing new to publish: every selected comment is on the host as it reads now.")
                                            : tr("%1 new, %2 edited; %3 not sent.").arg(plan->fresh.size()).arg(plan->edited.size()).arg(plan->heldBack.size()));
}

void PublishReviewDialog::showSelected()
{
    const QTreeWidgetItem *item = m_comments->currentItem();
    const QString body = item ? item->data(0, BodyRole).toString() : QString();
    if (!body.isEmpty())
        m_text->setMarkdown(body);
    else
        m_text->setPlainText(item && item->parent() ? item->text(2) : QString());
}

bool PublishReviewDialog::publishNow()
{
    if (!m_publication || !m_service.publish(*m_publication))
        return false;
    m_publish->setEnabled(false);
    m_status->setText(tr("Publishing to %1…").arg(m_publication->locator.displayName()));
    return true;
}

void PublishReviewDialog::finished(const PublishOutcome &outcome, const QString &report)
{
    m_lastReport = report;
    const bool nothingWent = outcome.published.isEmpty() && outcome.updated.isEmpty();
    auto *box = new QMessageBox(outcome.ok() ? QMessageBox::Information : QMessageBox::Warning,
                                outcome.ok() ? tr("Review Published") : nothingWent ? tr("Review Not Published") : tr("Review Partly Published"),
                                outcome.ok() ? tr("The review is on %1.").arg(m_publication->locator.displayName())
                                             : tr("Publishing stopped: %1").arg(outcome.failure->message),
                                QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("publishResult"));
    box->setDetailedText(report);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT published(report);
    refresh();
}

} // namespace rd
