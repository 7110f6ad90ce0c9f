#pragma once

#include "OpenMergeRequestDialog.h"

#include <MergeRequest.h>
#include <ReviewRun.h>
#include <Slicer.h>

#include <atomic>

#include <QFutureWatcher>
#include <QMainWindow>

#include <memory>

class QLabel;
class QLineEdit;
class QSplitter;
class QTreeView;

namespace rd {

class DiffPane;
class LlmClient;
class PipelinePanel;
class SlicePanel;
class FileFilterModel;
class FileTreeModel;
class MergeRequestHeader;
class JudgingWorkbench;
class ReviewSession;
class WorkspaceActions;

// The workbench: the merge request's header, its files, and the diff of the
// selected file, with every action in a menu and on a shortcut.
class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens in the background; errors appear in a dialog and the window
    // keeps what it showed before.
    void openMergeRequest(const MergeRequestRequest &request);
    void setMergeRequest(std::shared_ptr<const MergeRequest> mr, const MergeRequestRequest &request);
    std::shared_ptr<const MergeRequest> mergeRequest() const { return m_mr; }
    bool isOpening() const { return m_opening.isRunning(); }

    bool selectFile(int fileIndex);
    int currentFile() const;
    // Files in the order the tree shows them (filtered ones left out).
    QList<int> visibleFileOrder() const;

    DiffPane *diffPane() const { return m_diffPane; }
    FileTreeModel *fileModel() const { return m_fileModel; }
    QTreeView *fileTree() const { return m_fileTree; }
    MergeRequestHeader *header() const { return m_header; }
    QAction *action(const QString &name) const;
    SlicePanel *slicePanel() const { return m_slicePanel; }
    bool isSlicing() const { return m_slicing.isRunning(); }
    PipelinePanel *pipelinePanel() const { return m_pipelinePanel; }
    bool isReviewing() const { return m_review.isRunning(); }
    // Starts a review run in the background (the Run Review dialog ends here).
    bool startReview(const RunConfig &config, bool replay);
    bool isDemo() const;
    // The session owns the workspace, the merge request's comments and the
    // judgements; the judging panels observe it.
    ReviewSession *session() const { return m_session; }
    JudgingWorkbench *judging() const { return m_judging; }
    WorkspaceActions *workspaces() const { return m_workspaces; }
    bool selectFile(const QByteArray &path);

Q_SIGNALS:
    void mergeRequestOpened();
    void openFailed(const QString &message);
    void slicingFinished();
    void reviewFinished();

protected:
    void closeEvent(QCloseEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createActions();
    void createMenus();
    void restoreSettings();
    void saveSettings() const;
    void showOpenDialog();
    void reopenWithOptions();
    void nextFile(int step);
    void nextChange(int step);
    void showFind();
    void find(bool backward);
    void goToLine();
    void rememberRecent(const MergeRequestRequest &request);
    void updateRecentMenu();
    void updateActions();
    void startSlicing();
    void updateSliceOverlays();
    void openLocation(const QByteArray &path, int line);
    void showRunDialog();

    struct Opened
    {
        std::shared_ptr<const MergeRequest> mr;
        Error error;
    };

    std::shared_ptr<const MergeRequest> m_mr;
    MergeRequestRequest m_request;
    QFutureWatcher<Opened> m_opening;
    QFutureWatcher<std::shared_ptr<const SlicingResult>> m_slicing;
    std::shared_ptr<std::atomic<bool>> m_cancelSlicing;
    std::shared_ptr<const SlicingResult> m_slices;
    QFutureWatcher<RunRecord> m_review;
    std::shared_ptr<std::atomic<bool>> m_cancelReview;
    LlmClient *m_client = nullptr;
    MergeRequestRequest m_pending;
    int m_fileToRestore = -1;

    MergeRequestHeader *m_header = nullptr;
    FileTreeModel *m_fileModel = nullptr;
    FileFilterModel *m_filterModel = nullptr;
    QTreeView *m_fileTree = nullptr;
    QLineEdit *m_fileFilter = nullptr;
    DiffPane *m_diffPane = nullptr;
    QSplitter *m_splitter = nullptr;
    QWidget *m_findBar = nullptr;
    QLineEdit *m_findEdit = nullptr;
    QLabel *m_findStatus = nullptr;
    QMenu *m_recentMenu = nullptr;
    SlicePanel *m_slicePanel = nullptr;
    PipelinePanel *m_pipelinePanel = nullptr;
    ReviewSession *m_session = nullptr;
    JudgingWorkbench *m_judging = nullptr;
    WorkspaceActions *m_workspaces = nullptr;
};

} // namespace rd
