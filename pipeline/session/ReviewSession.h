#pragma once

#include "MergeRequestDocument.h"
#include "MergeRequestLoader.h"
#include "SessionContext.h"

#include <MergeRequest.h>
#include <Result.h>
#include <Slicer.h>
#include <Workspace.h>
#include <WorkspaceStore.h>

#include <QList>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace rd {

class ExchangeService;
class JudgingService;
class RevisionService;
class PullRequestOpener;
class PublishService;
class RunService;
class SlicingJob;
class TeamService;

// What a person is looking at: the workspace, the annotator, and the open
// merge request — its diff and slices (opened and sliced in the background
// here) and what the workspace holds of it, which document() owns: entry,
// runs, comments, every annotator's judgements and the annotator's place.
// What is done to it lives in the services the session composes, each
// with its own signals:
//   judging()   the annotator's judgements, edits and human comments, undo/redo, progress;
//   team()      grouping, blind mode, assignments, adjudication, agreement;
//   exchange()  dataset import and export through the workspace;
//   reviewing() runs started, cancelled, journalled, resumed and stored;
//   revisions() the merge request's revisions, Refresh, interdiffs, "addressed?".
//   pullRequests() pull requests opened from their code host (fetched in the background).
//   publishing() a review published back to its code host.
// The services change the document through its public mutators and the
// document alone sends its signals; views observe document() for the
// open merge request and the session for the workspace, the annotator and
// loading. Each method that changes something is one workspace
// transaction, committed before the method returns (and before the signal
// that shows it). No widgets: the CLI and tests drive it too.
class ReviewSession : public QObject, public SessionContext
{
    Q_OBJECT
public:
    explicit ReviewSession(QObject *parent = nullptr);
    ~ReviewSession() override;

    // The open merge request: what views of it observe.
    MergeRequestDocument *document() const { return m_document.get(); }
    JudgingService *judging() const { return m_judging.get(); }
    TeamService *team() const { return m_team.get(); }
    ExchangeService *exchange() const { return m_exchange.get(); }
    RunService *reviewing() const { return m_reviewing.get(); }
    RevisionService *revisions() const { return m_revisions.get(); }
    PullRequestOpener *pullRequests() const { return m_pullRequests.get(); }
    PublishService *publishing() const { return m_publishing.get(); }

    // --- Workspace -----------------------------------------------------
    // Opens (or creates) a workspace file. On failure the session keeps the
    // workspace it had, and the error says why (newer, locked…). Damage is
    // looked for after opening, off the GUI thread (it reads every page of
    // the file): a damaged workspace is closed then, with workspaceDamaged.
    Result<bool> openWorkspace(const QString &path, bool createIfMissing = false);
    // Uses an already opened store (tests, other backends).
    void setStore(std::unique_ptr<WorkspaceStore> store);
    void closeWorkspace();
    bool hasWorkspace() const { return m_store != nullptr; }
    QString workspacePath() const;
    WorkspaceStore *store() const override { return m_store.get(); }
    // How often an SQLite workspace is asked whether another process
    // committed (PRAGMA data_version; cheap); from the next opened workspace
    // on. A PostgreSQL workspace is told at once (LISTEN/NOTIFY).
    void setChangePollInterval(int ms) { m_changePollMs = ms; }

    // --- Annotator (asked once by the GUI, remembered by it) ----------------
    QString annotator() const override { return m_annotator; }
    // Makes the annotator in the workspace on first use and reloads their
    // judgements and undo state.
    Result<bool> setAnnotator(const QString &name);
    // The annotator whose place was stored last, to restore on reopening.
    QString lastAnnotator() const;

    // --- Merge requests ------------------------------------------------
    QList<MergeRequestEntry> mergeRequests() const;
    Result<qint64> addMergeRequest(const MergeRequestEntry &entry);
    // Loads the merge request's runs, comments and judgements and restores
    // the annotator's place (file, selected comment) in it.
    Result<bool> openMergeRequest(qint64 id);
    // The merge request the annotator had open last, if any (for reopening).
    std::optional<qint64> lastMergeRequest() const;
    std::optional<MergeRequestEntry> currentMergeRequest() const { return m_document->entry(); }
    qint64 currentMergeRequestId() const { return m_document->id(); }
    // --- Opening and slicing (each in the background) ---------------------
    // Opens the merge request's diff on a worker; when it is there the
    // session enters it in the workspace (if one is open), takes the diff
    // and starts slicing it. False while another open is under way.
    bool loadMergeRequest(const MergeRequestRequest &request, const DiffOptions &options);
    bool isLoading() const;
    // What is being (or was last) opened.
    MergeRequestRequest loadingRequest() const { return m_loader->request(); }
    // What the open diff was opened from.
    MergeRequestRequest request() const { return m_request; }
    // The estimated tokens a slice may hold when the next diff is sliced.
    void setSliceTokenBudget(int budget) { m_sliceTokenBudget = budget; }
    int sliceTokenBudget() const { return m_sliceTokenBudget; }
    // The budget of the slicing under way, else of slices().
    int slicedTokenBudget() const { return m_slicingBudget; }
    // Slices the open diff again with sliceTokenBudget(), in the background
    // (slicingStarted, then slicingFinished); the slices it replaces are gone.
    void startSlicing();
    bool isSlicing() const;
    // Cancels slicing and the reviews and waits for every worker (the
    // window calls it before its panels go away).
    void stopBackgroundWork();

    // The diff and slices of the open merge request (set by the background
    // jobs above, or directly by a caller that computed them).
    void setDiff(std::shared_ptr<const MergeRequest> diff);
    std::shared_ptr<const MergeRequest> diff() const { return m_diff; }
    void setSlices(std::shared_ptr<const SlicingResult> slices);
    std::shared_ptr<const SlicingResult> slices() const { return m_slices; }

    // --- What the open merge request holds (document()'s, read here too) ---
    const QList<StoredRun> &runs() const { return m_document->runs(); }
    const QList<StoredComment> &comments() const { return m_document->comments(); }
    const StoredComment *comment(qint64 id) const { return m_document->comment(id); }
    // The current annotator's judgement of a comment.
    std::optional<Judgement> judgement(qint64 comment) const { return m_document->judgementOf(comment, m_annotator); }
    // Every annotator's judgement of a comment (for display, ask team()->visibleJudgementsOf()).
    QList<Judgement> judgementsOf(qint64 comment) const { return m_document->judgementsOf(comment); }

    // --- Place (document()'s; stored in the workspace as it changes) -----
    QString currentFile() const { return m_document->currentFile(); }
    void setCurrentFile(const QString &file) { m_document->setCurrentFile(file); }
    qint64 currentComment() const { return m_document->currentComment(); } // 0: none
    void setCurrentComment(qint64 id) { m_document->setCurrentComment(id); }
    // Moves to the next / previous comment (in comments() order) that
    // `visible` accepts (all when empty). False at the end.
    bool selectNext(const std::function<bool(const StoredComment &)> &visible = {}) { return m_document->selectNext(visible); }
    bool selectPrevious(const std::function<bool(const StoredComment &)> &visible = {}) { return m_document->selectPrevious(visible); }

Q_SIGNALS:
    void workspaceChanged();
    void annotatorChanged();
    void mergeRequestsChanged();
    void diffChanged();
    void slicesChanged();
    void loadFailed(const QString &message);
    void mergeRequestLoaded();             // diff() is the new one; slicing started
    void problem(const QString &message);  // the workspace refused something
    // The workspace openWorkspace() opened failed its damage check (PRAGMA
    // quick_check) and is closed; the message names the file and the damage.
    void workspaceDamaged(const QString &message);
    // Team scale: another client of a shared workspace changed an
    // annotator's judgement of a comment in this merge request (judgementsOf()
    // has it already, and document() said judgementChanged; blind mode
    // decides whether to show it).
    void othersJudgementChanged(qint64 comment, const QString &annotator);
    // Issue 25: another connection (a window, reviewdesk-cli judge or
    // review, another annotator) committed to the workspace; what the
    // session shows of the open merge request (runs, comments, judgements,
    // undo state) is reloaded already and the document's and services' usual
    // signals were sent. For
    // views that show the whole workspace (counts, progress).
    void workspaceChangedElsewhere();
    void slicingStarted();
    void slicingFinished();                // slices() is null when slicing failed

private:
    void checkIntegrityInBackground(const QString &path);
    void applyOthersChange(const WorkspaceChange &change);
    // Reloads the open merge request after others' commits, keeping the
    // annotator's place, and signals only what differs (no model reset
    // when only judgements changed: selection, scroll and edits stay).
    void reloadChangedElsewhere();
    void storePlace();
    void diffLoaded();

    std::unique_ptr<WorkspaceStore> m_store;
    QString m_annotator;
    // Made before the services that hold it, gone after them.
    std::unique_ptr<MergeRequestDocument> m_document;
    std::shared_ptr<const MergeRequest> m_diff;
    std::shared_ptr<const SlicingResult> m_slices;
    MergeRequestRequest m_request;
    int m_sliceTokenBudget = DefaultSliceTokenBudget;
    int m_changePollMs = WorkspaceStore::DefaultChangePollMs;
    quint64 m_storeGeneration = 0; // which store a damage check's answer is about
    int m_slicingBudget = 0; // of the slicing under way, then of m_slices
    MergeRequestLoader *m_loader = nullptr;
    SlicingJob *m_slicing = nullptr;
    // Last, so they go first: their workers report to a whole session. The
    // team before the judging, which asks it for groups.
    std::unique_ptr<TeamService> m_team;
    std::unique_ptr<JudgingService> m_judging;
    std::unique_ptr<ExchangeService> m_exchange;
    std::unique_ptr<RunService> m_reviewing;
    std::unique_ptr<RevisionService> m_revisions;
    std::unique_ptr<PullRequestOpener> m_pullRequests;
    std::unique_ptr<PublishService> m_publishing;
};

} // namespace rd
