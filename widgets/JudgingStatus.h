#pragma once

#include <QLabel>
#include <QTimer>

namespace rd {

class ReviewSession;

// Progress in the status bar: judged / total in the merge request and in
// the workspace, and the median time per decision.
class JudgingStatus : public QLabel
{
    Q_OBJECT

public:
    explicit JudgingStatus(ReviewSession *session, QWidget *parent = nullptr);

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
};

} // namespace rd
