#pragma once

#include "OpenMergeRequestDialog.h"

#include <MergeRequest.h>
#include <RunConfig.h>

#include <QMainWindow>
#include <QPointer>

#include <memory>

class QDockWidget;
class QSplitter;
class QStackedWidget;

namespace rd {

class CompareView;
class DiffPane;
class ExchangeActions;
class FileListPanel;
class FindBar;
class PipelinePanel;
class RetrievalPanel;
class SlicePanel;
class MergeRequestHeader;
class JudgingWorkbench;
class MergeRequestBrowser;
class TeamWorkbench;
class ReviewSession;
class WorkspaceActions;
struct MergeRequestEntry;

// The workbench: the merge request's header, its files, and the diff of the
// selected file, with every action in a menu and on a shortcut.
//
// A composition of panels and actions that it wires together here: it hands
// none of them out. Panels observe and call the session; what one panel
// shows because of another is connected in MainWindow's construction. Each
// part has an object name (tests find them by it: tests/support/WindowParts.h).
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // The size the window first opens at (reviewdesk with no saved geometry):
    // the size the tour's screenshots and the no-text-cut tests use.
    static QSize defaultSize() { return {1400, 860}; }

    // The session opens it in the background; errors appear in a dialog and
    // the window keeps what it showed before.
    void openMergeRequest(const MergeRequestRequest &request);
    std::shared_ptr<const MergeRequest> mergeRequest() const;
    bool isOpening() const;
    // File ▸ Open Workspace for the command line: on failure a dialog, and false.
    bool openWorkspace(const QString &location, bool create);
    // Why the last workspace could not be opened (or was closed, damaged).
    QString workspaceError() const;

    bool selectFile(int fileIndex);
    bool selectFile(const QByteArray &path);
    int currentFile() const;
    // Files in the order the tree shows them (filtered ones left out).
    QList<int> visibleFileOrder() const;
    // The selected file's diff is being built in the background (fileShown tells when it is done).
    bool isBuildingDiff() const;
    bool isSlicing() const;
    bool isReviewing() const;
    // Asks the session for a review run in the background (the Run Review
    // dialog ends here); problems with the request are shown, not started.
    bool startReview(const RunConfig &config, bool replay);
    // Review ▸ Resume ends here: the session resumes the journal's run;
    // why it cannot is shown in a dialog.
    bool resumeRun(const QString &journalFile);
    bool isDemo() const;
    // The session owns the workspace, the merge request's comments and the
    // judgements; the window's panels observe it.
    ReviewSession *session() const { return m_session; }

Q_SIGNALS:
    void mergeRequestOpened();
    void openFailed(const QString &message);
    // The selected file is on screen: its diff, or why it cannot be shown.
    void fileShown();
    // The Merge Requests panel read its rows again (a workspace opened).
    void mergeRequestsListed();
    void slicingFinished();
    void reviewFinished();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    // Split by concern over four files: MainWindow.cpp (the window and the
    // merge request's files), MainWindowActions.cpp (commands and menus),
    // MainWindowReview.cpp (the docked panels and review runs),
    // MainWindowBrowser.cpp (the Merge Requests dock).
    // The window's commands by name (the names ShortcutSettings saves).
    QAction *action(const QString &name) const;
    void createDocks();
    void createBrowser();
    // What a workspace opens on (WorkspaceActions::opened ends here): its
    // annotator's last merge request (file, comment), else the one last
    // opened in it, else its browser with the keyboard in the search field;
    // nothing when a merge request is being opened already (asked for on
    // the command line).
    void showWorkspaceStart();
    QString recentMergeRequestKey() const; // empty without a workspace
    void createActions();
    void createMenus();
    void restoreSettings();
    void saveSettings() const;
    void showOpenDialog();
    void showOpenPullRequestDialog();
    void connectPullRequestOpener();
    void reopenWithOptions();
    void fitFileListToNames();
    // The file a merge request opens on, of the files in the tree's order.
    static int firstFileToReview(const MergeRequest &mr, const QList<int> &order);
    void nextFile(int step);
    void nextChange(int step);
    void goToLine();
    void rememberRecent(const MergeRequestRequest &request);
    void updateRecentMenu();
    void updateActions();
    void showMergeRequest();
    void showMergeRequestWithoutCode(const MergeRequestEntry &entry, const QString &note);
    void showOpenFailure(const QString &message);
    void showSlices();
    void showReviewStarted(const RunConfig &config, bool replay, int slices);
    void showReviewFinished();
    void updateSliceOverlays();
    void openLocation(const QByteArray &path, int line);
    void showRunDialog();
    void showResumeDialog();
    // Review ▸ Refresh Merge Request: what `reviewdesk-cli mr update` does.
    void refreshMergeRequest();
    void showProblem(const QString &title, const QString &message);
    void showResumeFailure(const QString &message);
    // Review ▸ Evaluate: the Evaluation window on the open workspace.
    void showEvaluation();
    void showJudgeEvaluation();
    void showPairwiseView();
    // Judge ▸ Answer Triage…: the annotator's blind answers to the triage queue.
    void showTriageAnswers();
    // Review ▸ Compare Reviewers: the Compare view on the open workspace.
    void showComparison();
    void addAuditList(CompareView *view);
    void showPublishDialog();
    void showManual();

    // Reopening with other diff options: the file the annotator had open.
    QString m_pathToRestore;

    MergeRequestHeader *m_header = nullptr;
    FileListPanel *m_files = nullptr;
    DiffPane *m_diffPane = nullptr;
    QStackedWidget *m_diffArea = nullptr; // the diff, or the comments of a merge request without code
    QSplitter *m_splitter = nullptr;
    FindBar *m_findBar = nullptr;
    QMenu *m_recentMenu = nullptr;
    SlicePanel *m_slicePanel = nullptr;
    PipelinePanel *m_pipelinePanel = nullptr;
    RetrievalPanel *m_retrievalPanel = nullptr;
    ReviewSession *m_session = nullptr;
    JudgingWorkbench *m_judging = nullptr;
    WorkspaceActions *m_workspaces = nullptr;
    TeamWorkbench *m_team = nullptr;
    MergeRequestBrowser *m_browser = nullptr;
    QDockWidget *m_browserDock = nullptr;
    ExchangeActions *m_exchange = nullptr;
    QPointer<QWidget> m_evaluation; // the Evaluation window, while open
    QPointer<QWidget> m_judgeEvaluation; // the Evaluate Judge window, while open
    QPointer<QWidget> m_pairwise; // Judge ▸ Compare Two Reviews…, while open
    QPointer<QWidget> m_triageAnswers; // Judge ▸ Answer Triage…, while open
    QPointer<QWidget> m_comparison; // the Compare view, while open
    QPointer<QWidget> m_manual; // Help ▸ Manual, while open
    QPointer<QWidget> m_publish; // Review ▸ Publish Review…, while open
    bool m_filesSizedByHand = false; // the splitter beside the file list was moved
    bool m_focusDiffWhenShown = false; // a merge request just opened: its first document takes the keyboard
};

} // namespace rd
