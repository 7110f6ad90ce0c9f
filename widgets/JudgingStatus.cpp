#include "JudgingStatus.h"

#include "PendingNotice.h"

#include <JudgingService.h>
#include <ReviewSession.h>

#include <QLocale>

namespace rd {

JudgingStatus::JudgingStatus(ReviewSession *session, QWidget *parent) : QLabel(parent), m_session(session)
{
    setObjectName(QStringLiteral("judgingStatus"));
    m_pending.setSingleShot(true);
    m_pending.setInterval(0);
    connect(&m_pending, &QTimer::timeout, this, &JudgingStatus::refresh);
    const auto later = [this] { m_pending.start(); };
    connect(session->judging(), &JudgingService::progressChanged, this, later);
    for (auto signal : {&ReviewSession::commentsChanged, &ReviewSession::annotatorChanged, &ReviewSession::workspaceChanged,
                        &ReviewSession::mergeRequestChanged})
        connect(session, signal, this, later);
    connect(session, &ReviewSession::judgementChanged, this, later);
    refresh();
}

void JudgingStatus::setPendingNotice(PendingNotice *notice)
{
    m_notice = notice;
    connect(notice, &PendingNotice::statusChanged, this, &JudgingStatus::refresh);
    refresh();
}

void JudgingStatus::refresh()
{
    if (!m_session->hasWorkspace()) {
        setText(tr("No workspace"));
        return;
    }
    ++m_figuresRead;
    const JudgingProgress mr = m_session->judging()->mergeRequestProgress();
    const JudgingProgress all = m_session->judging()->workspaceProgress();
    QString text = tr("Judged %1/%2 · workspace %3/%4").arg(mr.judged).arg(mr.total).arg(all.judged).arg(all.total);
    if (const auto median = m_session->judging()->medianDecisionMs())
        text += QStringLiteral(" · ") + tr("median %1 s a decision").arg(QLocale().toString(*median / 1000.0, 'f', 1));
    if (!m_session->annotator().isEmpty())
        text += QStringLiteral(" · ") + m_session->annotator();
    if (const QString pending = m_notice ? m_notice->statusText() : QString(); !pending.isEmpty())
        text = pending + QStringLiteral(" · ") + text;
    setText(text);
}

} // namespace rd
