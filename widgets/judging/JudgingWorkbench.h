#pragma once

#include <MergeRequest.h>
#include <RunRecord.h>
#include <Workspace.h>

#include <QObject>

#include <memory>

class QAction;
class QDockWidget;
class QWidget;
class QMenu;

namespace rd {

class CodelessReviewView;
class CommentCards;
class CommentsPanel;
class DiffPane;
class JudgingBar;
class JudgingController;
class JudgingStatus;
class PendingNotice;
class UnreviewedMarks;
class ReviewSession;

// Puts judging into the window: the cards in the diff, the comments panel,
// the judging bar, the keys, the shortcut sheet and settings, the status.
// The session owns every piece of state; these only observe and call it,
// and the window only places what this makes.
class JudgingWorkbench : public QObject
{
    Q_OBJECT

public:
    JudgingWorkbench(ReviewSession *session, QWidget *window, DiffPane *pane);

    ReviewSession *session() const { return m_session; }
    JudgingController *controller() const { return m_controller; }
    CommentCards *cards() const { return m_cards; }
    // The diff's marks on changed lines no model saw (the Run filter's run, or every run).
    UnreviewedMarks *unreviewedMarks() const { return m_unreviewed; }
    // A merge request without code: its comments in place of the diff.
    CodelessReviewView *codelessView() const { return m_codeless; }
    CommentsPanel *commentsPanel() const { return m_panel; }
    JudgingBar *bar() const { return m_bar; }
    JudgingStatus *status() const { return m_status; }
    PendingNotice *pendingNotice() const { return m_notice; }
    QDockWidget *commentsDock() const { return m_dock; }
    // The Judge menu: every judging command, then the sheet and the settings.
    void fillMenu(QMenu *menu) const;

    // Stores a run made elsewhere (the session stores its own reviews).
    void storeRun(const RunRecord &record);
    void showShortcutSheet();
    void showShortcutSettings();

Q_SIGNALS:
    // The current comment is in another file than the one shown.
    void showFileRequested(const QByteArray &path);
    void message(const QString &text);

private:
    // Says why a run is not in the workspace, or shows its comments.
    void reportStoredRun(const QString &problem);
    void addHumanComment();
    void editCurrentComment();
    void saveEdit(qint64 comment, const CommentEdit &edit);
    void followCurrentComment();

    ReviewSession *m_session;
    QWidget *m_window;
    DiffPane *m_pane;
    JudgingController *m_controller = nullptr;
    CommentCards *m_cards = nullptr;
    UnreviewedMarks *m_unreviewed = nullptr;
    CodelessReviewView *m_codeless = nullptr;
    CommentsPanel *m_panel = nullptr;
    JudgingBar *m_bar = nullptr;
    JudgingStatus *m_status = nullptr;
    PendingNotice *m_notice = nullptr;
    QDockWidget *m_dock = nullptr;
    QAction *m_showComments = nullptr; // brings the Comments panel forward (Ctrl+Shift+M)
    QAction *m_sheet = nullptr;
    QAction *m_settings = nullptr;
};

} // namespace rd
