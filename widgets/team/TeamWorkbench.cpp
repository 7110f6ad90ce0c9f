#include "TeamWorkbench.h"

#include "AdjudicationView.h"
#include "AgreementDialog.h"

#include <TeamService.h>
#include <ReviewSession.h>

#include <QAction>
#include <QCheckBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QWidget>
#include <QMenu>
#include <QSettings>
#include <QVBoxLayout>

namespace rd {

TeamWorkbench::TeamWorkbench(ReviewSession *session, QWidget *window) : QObject(window), m_session(session), m_window(window)
{
    m_nextUnjudged = new QAction(tr("Next &Unjudged in My Queue"), window);
    m_nextUnjudged->setObjectName(QStringLiteral("nextUnjudged"));
    m_nextUnjudged->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    window->addAction(m_nextUnjudged);
    connect(m_nextUnjudged, &QAction::triggered, this, &TeamWorkbench::goToNextUnjudged);
    m_agreement = new QAction(tr("Annotator &Agreement…"), window);
    m_agreement->setObjectName(QStringLiteral("showAgreement"));
    connect(m_agreement, &QAction::triggered, this, &TeamWorkbench::showAgreement);
    m_adjudication = new QAction(tr("A&djudication…"), window);
    m_adjudication->setObjectName(QStringLiteral("showAdjudication"));
    connect(m_adjudication, &QAction::triggered, this, &TeamWorkbench::showAdjudication);
    m_settings = new QAction(tr("&Team Settings…"), window);
    m_settings->setObjectName(QStringLiteral("teamSettings"));
    connect(m_settings, &QAction::triggered, this, &TeamWorkbench::showSettings);

    m_status = new QLabel(window);
    m_status->setObjectName(QStringLiteral("disagreementStatus"));
    m_statusTimer.setSingleShot(true);
    m_statusTimer.setInterval(0);
    connect(&m_statusTimer, &QTimer::timeout, this, &TeamWorkbench::refreshStatus);
    connect(session->team(), &TeamService::teamChanged, &m_statusTimer, qOverload<>(&QTimer::start));
    connect(session, &ReviewSession::workspaceChanged, &m_statusTimer, qOverload<>(&QTimer::start));
    connect(session->document(), &MergeRequestDocument::mergeRequestChanged, this, [this] {
        if (m_pendingComment && m_session->comment(m_pendingComment))
            m_session->setCurrentComment(std::exchange(m_pendingComment, 0));
    });

    const QSettings settings;
    session->team()->setGroupThreshold(settings.value(QStringLiteral("team/groupThreshold"), DefaultGroupThreshold).toDouble());
    session->team()->setGroupJudging(settings.value(QStringLiteral("team/groupJudging"), true).toBool());
    refreshStatus();
}

void TeamWorkbench::fillMenu(QMenu *menu) const
{
    menu->addSeparator();
    menu->addAction(m_nextUnjudged);
    menu->addAction(m_agreement);
    menu->addAction(m_adjudication);
    menu->addAction(m_settings);
}

void TeamWorkbench::refreshStatus()
{
    const int pending = static_cast<int>(m_session->team()->pendingDisagreements().size());
    m_status->setText(pending ? tr("%n disagreement(s) to adjudicate", nullptr, pending) : QString());
    m_status->setVisible(pending > 0);
}

bool TeamWorkbench::goToNextUnjudged()
{
    const auto next = m_session->team()->nextUnjudged();
    if (!next) {
        Q_EMIT message(m_session->annotator().isEmpty() ? tr("Choose your name first (judge a comment).")
                                                        : tr("Your queue is empty: every comment assigned to you has your verdict."));
        return false;
    }
    openComment(next->mergeRequest, next->comment);
    return true;
}

void TeamWorkbench::openComment(qint64 mergeRequest, qint64 comment)
{
    if (mergeRequest == m_session->currentMergeRequestId() && m_session->diff()) {
        m_session->setCurrentComment(comment);
        return;
    }
    m_pendingComment = comment;
    Q_EMIT openMergeRequestRequested(mergeRequest);
}

AgreementDialog *TeamWorkbench::showAgreement()
{
    if (!m_agreementDialog) {
        m_agreementDialog = new AgreementDialog(m_session->team(), m_session->mergeRequests(), m_window);
        m_agreementDialog->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_agreementDialog->show();
    m_agreementDialog->raise();
    return m_agreementDialog;
}

AdjudicationView *TeamWorkbench::showAdjudication()
{
    if (!m_adjudicationView) {
        m_adjudicationView = new AdjudicationView(m_session, m_window);
        m_adjudicationView->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_adjudicationView, &AdjudicationView::openMergeRequestRequested, this, &TeamWorkbench::openComment);
    }
    m_adjudicationView->show();
    m_adjudicationView->raise();
    return m_adjudicationView;
}

void TeamWorkbench::showSettings()
{
    auto *dialog = new QDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("teamSettingsDialog"));
    dialog->setWindowTitle(tr("Team Settings"));
    auto *layout = new QVBoxLayout(dialog);
    auto *form = new QFormLayout;
    auto *blind = new QCheckBox(tr("Blind mode: hide other annotators' judgements of a comment until I have judged it"), dialog);
    blind->setChecked(m_session->team()->isBlind());
    blind->setEnabled(m_session->hasWorkspace());
    auto *grouping = new QCheckBox(tr("Judge near-duplicate comments as one group"), dialog);
    grouping->setChecked(m_session->team()->groupJudging());
    auto *threshold = new QDoubleSpinBox(dialog);
    threshold->setObjectName(QStringLiteral("groupThreshold"));
    threshold->setRange(0.0, 1.0);
    threshold->setSingleStep(0.05);
    threshold->setDecimals(2);
    threshold->setValue(m_session->team()->groupThreshold());
    form->addRow(blind);
    form->addRow(grouping);
    form->addRow(tr("Text similarity for near-duplicates"), threshold);
    layout->addLayout(form);
    auto *rule = new QLabel(tr("Near-duplicates: the same file and side, overlapping or adjacent lines, and issue texts whose "
                               "word sets overlap at least this much (Jaccard: shared words / all words)."),
                            dialog);
    rule->setWordWrap(true);
    layout->addWidget(rule);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, dialog, [this, dialog, blind, grouping, threshold] {
        if (m_session->hasWorkspace() && blind->isChecked() != m_session->team()->isBlind())
            if (auto set = m_session->team()->setBlindMode(blind->isChecked()); !set)
                Q_EMIT message(set.error().message);
        m_session->team()->setGroupJudging(grouping->isChecked());
        m_session->team()->setGroupThreshold(threshold->value());
        QSettings settings;
        settings.setValue(QStringLiteral("team/groupThreshold"), threshold->value());
        settings.setValue(QStringLiteral("team/groupJudging"), grouping->isChecked());
        dialog->accept();
    });
    dialog->open();
}

} // namespace rd
