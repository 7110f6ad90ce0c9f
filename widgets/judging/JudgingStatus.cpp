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
    // What may change the workspace's figures marks them stale; a switch of
    // merge request (mergeRequestChanged with its commentsChanged and
    // progressChanged) alone does not: its burst reads only the merge
    // request's figures (a count over 200,000 comments saved per switch).
    const auto workspaceLater = [this] {
        m_workspaceStale = true;
        m_pending.start();
    };
    connect(session->document(), &MergeRequestDocument::mergeRequestChanged, this, [this] {
        m_switching = true;
        m_pending.start();
    });
    connect(session->document(), &MergeRequestDocument::commentsChanged, this, later);
    connect(session->judging(), &JudgingService::progressChanged, this, later);
    for (auto signal : {&ReviewSession::annotatorChanged, &ReviewSession::workspaceChanged})
        connect(session, signal, this, workspaceLater);
    connect(session->document(), &MergeRequestDocument::judgementChanged, this, workspaceLater);
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
    // Outside a switch, comments or progress changed may be anyone's (a run,
    // another window's verdicts): the workspace's figures are read again.
    if (m_workspaceStale || !m_switching || m_workspaceFiguresRead == 0) {
        ++m_workspaceFiguresRead;
        m_workspace = m_session->judging()->workspaceProgress();
    }
    m_workspaceStale = m_switching = false;
    const JudgingProgress &all = m_workspace;
    // Decisions are what the annotator made (one covers its near-duplicates
    // judged with it); the comments they cover follow in brackets.
    const int decisions = m_decisions ? m_decisions() : mr.judged;
    QString text = tr("%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4", nullptr, decisions)
                       .arg(mr.judged)
                       .arg(mr.total)
                       .arg(all.judged)
                       .arg(all.total);
    if (const auto median = m_session->judging()->medianDecisionMs())
        text += QStringLiteral(" · ") + tr("median %1 s a decision").arg(QLocale().toString(*median / 1000.0, 'f', 1));
    if (!m_session->annotator().isEmpty())
        text += QStringLiteral(" · ") + m_session->annotator();
    if (const QString pending = m_notice ? m_notice->statusText() : QString(); !pending.isEmpty())
        text = pending + QStringLiteral(" · ") + text;
    setText(text);
}

} // namespace rd
