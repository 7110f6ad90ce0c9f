#pragma once

#include <Workspace.h>

#include <QLabel>
#include <QTimer>

#include <functional>

namespace rd {

class PendingNotice;
class ReviewSession;

// Progress in the status bar: judged / total in the merge request and in
// the workspace, and the median time per decision; decisions not stored yet
// first, with their problem and the next try (PendingNotice).
class JudgingStatus : public QLabel
{
    Q_OBJECT

public:
    explicit JudgingStatus(ReviewSession *session, QWidget *parent = nullptr);
    void setPendingNotice(PendingNotice *notice);
    // How many decisions the annotator made on the open merge request (the
    // walk's comments with a verdict); without it, every judged comment counts.
    void setDecisionCount(std::function<int()> decisions) { m_decisions = std::move(decisions); }

    // How many times the figures were read from the workspace.
    int figuresRead() const { return m_figuresRead; }
    // How many of those read the workspace's figures too.
    int workspaceFiguresRead() const { return m_workspaceFiguresRead; }

public Q_SLOTS:
    void refresh();

private:
    ReviewSession *m_session;
    // A switch of merge request or a workspace opened emits several of the
    // session's signals in a row: they are read once, when the burst is over.
    QTimer m_pending;
    int m_figuresRead = 0;
    int m_workspaceFiguresRead = 0;
    JudgingProgress m_workspace;
    bool m_switching = false;      // this burst shows another merge request
    bool m_workspaceStale = false; // this burst may change the workspace's figures
    PendingNotice *m_notice = nullptr;
    std::function<int()> m_decisions;
};

} // namespace rd
