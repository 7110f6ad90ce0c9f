#pragma once

#include <QLabel>
#include <QObject>
#include <QPointer>
#include <QTimer>

class QAction;
class QWidget;
class QMenu;

namespace rd {

class AdjudicationView;
class AgreementDialog;
class ReviewSession;

// Puts ground truth by a team (issue 11) into the window: the annotator's
// queue (Next Unjudged), the Agreement and Adjudication views, the team
// settings (blind mode, near-duplicate grouping) and the count of pending
// disagreements in the status bar. The session owns every piece of state.
class TeamWorkbench : public QObject
{
    Q_OBJECT

public:
    TeamWorkbench(ReviewSession *session, QWidget *window);

    QAction *nextUnjudgedAction() const { return m_nextUnjudged; }
    QAction *agreementAction() const { return m_agreement; }
    QAction *adjudicationAction() const { return m_adjudication; }
    QAction *settingsAction() const { return m_settings; }
    QLabel *status() const { return m_status; }
    // Appends the team actions to a menu.
    void fillMenu(QMenu *menu) const;

    AgreementDialog *showAgreement();
    AdjudicationView *showAdjudication();
    void showSettings();
    // Goes to the annotator's next comment without a verdict; false when
    // the queue is empty (a message says so).
    bool goToNextUnjudged();
    // Opens the merge request (when another is shown) and selects the comment.
    void openComment(qint64 mergeRequest, qint64 comment);

Q_SIGNALS:
    // The window should open this merge request of the workspace; the
    // session then selects `comment`.
    void openMergeRequestRequested(qint64 mergeRequest);
    void message(const QString &text);

private:
    void refreshStatus();

    ReviewSession *m_session;
    QWidget *m_window;
    QAction *m_nextUnjudged = nullptr;
    QAction *m_agreement = nullptr;
    QAction *m_adjudication = nullptr;
    QAction *m_settings = nullptr;
    QLabel *m_status = nullptr;
    QTimer m_statusTimer; // coalesces the recounts a burst of judgements asks for
    qint64 m_pendingComment = 0; // selected once its merge request is open
    QPointer<AgreementDialog> m_agreementDialog;
    QPointer<AdjudicationView> m_adjudicationView;
};

} // namespace rd
