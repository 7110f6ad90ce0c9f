#pragma once

#include <QLabel>

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

public Q_SLOTS:
    void refresh();

private:
    ReviewSession *m_session;
    PendingNotice *m_notice = nullptr;
};

} // namespace rd
