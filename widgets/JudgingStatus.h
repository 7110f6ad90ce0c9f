#pragma once

#include <QLabel>

namespace rd {

class ReviewSession;

// Progress in the status bar: judged / total in the merge request and in
// the workspace, and the median time per decision.
class JudgingStatus : public QLabel
{
    Q_OBJECT

public:
    explicit JudgingStatus(ReviewSession *session, QWidget *parent = nullptr);

public Q_SLOTS:
    void refresh();

private:
    ReviewSession *m_session;
};

} // namespace rd
