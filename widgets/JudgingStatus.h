#pragma once

#include <QLabel>
#include <QTimer>

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

    // How many times the figures were read from the workspace.
    int figuresRead() const { return m_figuresRead; }

public Q_SLOTS:
    void refresh();

private:
    ReviewSession *m_session;
    // A switch of merge request or a workspace opened emits several of the
    // session's signals in a row: they are read once, when the burst is over.
    QTimer m_pending;
    int m_figuresRead = 0;
    PendingNotice *m_notice = nullptr;
};

} // namespace rd
