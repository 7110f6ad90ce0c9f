#pragma once

#include "MergeRequestLoader.h"
#include "RunRecord.h"
#include "RunResume.h"

#include <MergeRequest.h>
#include <Result.h>
#include <Slicer.h>
#include <Agreement.h>
#include <TeamAnnotation.h>
#include <Workspace.h>
#include <DatasetExchange.h>
#include <WorkspaceStore.h>

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>

namespace rd {

class LlmClient;
class ReviewJob;
class SlicingJob;

// The one owner of what a person is judging: the workspace, the open merge
// request (its entry, diff and slices), its runs, comments and the current
// annotator's judgements. Views observe it through its signals and change
// it only through its methods; each method that changes something is one
// workspace transaction, committed before the method returns (and before
// the signal that shows it). No widgets: the CLI and tests drive it too.
class ReviewSession : public QObject
{
    Q_OBJECT
public:
    explicit ReviewSession(QObject *parent = nullptr);
    ~ReviewSession() override;

    // --- Workspace -----------------------------------------------------
    // Opens (or creates) a workspace file. On failure the session keeps the
    // workspace it had, and the error says why (newer, damaged, locked…).
    Result<bool> openWorkspace(const QString &path, bool createIfMissing = false);
    // Uses an already opened store (tests, other backends).
    void setStore(std::unique_ptr<WorkspaceStore> store);
    void closeWorkspace();
    bool hasWorkspace() const { return m_store != nullptr; }
    QString workspacePath() const;
    WorkspaceStore *store() const { return m_store.get(); }

    // --- Annotator (asked once by the GUI, remembered by it) ----------------
    QString annotator() const { return m_annotator; }
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
    std::optional<MergeRequestEntry> currentMergeRequest() const { return m_entry; }
    qint64 currentMergeRequestId() const { return m_entry ? m_entry->id : 0; }
    // --- Opening, slicing and reviewing (each in the background) ---------
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
    bool isSlicing() const;
    // Reviews the slices of config.slicing on a worker; answers come from
    // `replayFile` (recorded responses) when given. The finished run is
    // stored in the workspace when one is open. Slices made with another
    // token budget than config.tokenBudget are made again first (the run
    // starts when they are there; reviewStarted says so).
    // Several runs may go at once (each with its own client and endpoints);
    // a run that needs the slices made again waits until none is running.
    // Every run that does not replay keeps a run journal in
    // runJournalFolder() (the header `reviewdesk-cli review --resume` reads,
    // then each answer as it arrives), marked finished when the run ends
    // with every answer; when no journal can be made the run does not start.
    Result<bool> startReview(const RunConfig &config, const QString &replayFile = {});
    // Where journals are made and looked for (default: journalFolder()).
    void setRunJournalFolder(const QString &folder) { m_journalFolder = folder; }
    QString runJournalFolder() const { return m_journalFolder; }
    // The journals of runs that did not finish (started here or by the CLI).
    QList<JournalEntry> resumableRuns() const;
    // Finishes the run of a journal: opens its merge request when another
    // one (or none) is open, then runs its configuration with the journal
    // answering what it holds, so only the missing requests are sent. The
    // run is stored like any other. Refused while another run is going;
    // problems found later (slicing) come as resumeFailed.
    Result<bool> resumeRun(const QString &journalFile);
    // Cancels every run (and one waiting for its slices).
    void cancelReview();
    // The runs under way, oldest first: what the progress view lists.
    struct ActiveReview
    {
        int id = 0;
        RunConfig config;
        bool replay = false;
        RunProgress progress;
    };
    const QList<ActiveReview> &activeReviews() const { return m_active; }
    void cancelRun(int id);
    // Also while the slices for a started review are being made again.
    bool isReviewing() const;
    // The client of the latest run: the Run Review dialog asks it for models.
    LlmClient &llmClient();
    // The run last finished; null before the first.
    std::shared_ptr<const RunRecord> lastRun() const;
    // Why the last finished run is not in the workspace; empty when it is
    // (or no workspace is open).
    QString lastRunStoreError() const { return m_runStoreError; }
    // Cancels slicing and the review and waits for every worker (the window
    // calls it before its panels go away).
    void stopBackgroundWork();

    // The diff and slices of the open merge request (set by the background
    // jobs above, or directly by a caller that computed them).
    void setDiff(std::shared_ptr<const MergeRequest> diff);
    std::shared_ptr<const MergeRequest> diff() const { return m_diff; }
    void setSlices(std::shared_ptr<const SlicingResult> slices);
    std::shared_ptr<const SlicingResult> slices() const { return m_slices; }

    // --- Runs ----------------------------------------------------------
    // Stores a finished run and its comments in the open merge request.
    Result<qint64> storeRun(const RunRecord &record);
    const QList<StoredRun> &runs() const { return m_runs; }

    // --- Comments of the open merge request --------------------------------
    const QList<StoredComment> &comments() const { return m_comments; }
    const StoredComment *comment(qint64 id) const;
    // The current annotator's judgement of a comment.
    std::optional<Judgement> judgement(qint64 comment) const;
    // Every annotator's judgement of a comment.
    QList<Judgement> judgementsOf(qint64 comment) const;

    // --- Place ---------------------------------------------------------
    QString currentFile() const { return m_file; }
    void setCurrentFile(const QString &file);
    qint64 currentComment() const { return m_current; } // 0: none
    void setCurrentComment(qint64 id);
    // Moves to the next / previous comment (in comments() order) that
    // `visible` accepts (all when empty). False at the end.
    bool selectNext(const std::function<bool(const StoredComment &)> &visible = {});
    bool selectPrevious(const std::function<bool(const StoredComment &)> &visible = {});

    // --- Judging (the current annotator; each one transaction, undoable) ---
    // Set fields of `change` merge into the judgement; change.annotator is
    // ignored. A verdict without time_spent gets the time since the comment
    // was selected.
    Result<bool> judge(const Judgement &change);
    Result<bool> setVerdict(qint64 comment, Verdict verdict);
    Result<bool> clearJudgementFields(qint64 comment, const QList<JudgementField> &fields);
    // (An edit, a human comment and its removal are undoable steps too.)
    Result<bool> editComment(qint64 comment, const CommentEdit &edit);
    // A human comment on the open merge request by the annotator.
    Result<qint64> addHumanComment(const ReviewComment &comment);
    Result<bool> removeHumanComment(qint64 comment);

    bool canUndo() const { return m_nextUndo.has_value(); }
    bool canRedo() const { return m_nextRedo.has_value(); }
    // "Accept", "Edit comment"…, for Undo/Redo menu texts.
    QString undoText() const;
    QString redoText() const;
    Result<bool> undo();
    Result<bool> redo();

    // --- Progress (the current annotator) ------------------------------
    JudgingProgress mergeRequestProgress() const;
    JudgingProgress workspaceProgress() const;
    // Median time per decision over the latest decisions; empty when none.
    std::optional<qint64> medianDecisionMs() const;

    // --- Ground truth by a team (issue 11; ReviewSessionTeam.cpp) -------------
    // Near-duplicates of the open merge request are grouped by the rule of
    // TeamAnnotation.h; with group judging on, judging one member judges
    // each member (one undoable step).
    void setGroupThreshold(double threshold);
    double groupThreshold() const { return m_groupThreshold; }
    void setGroupJudging(bool on);
    bool groupJudging() const { return m_groupJudging; }
    // The comment's group (itself included, ascending ids); just the comment when alone.
    QList<qint64> groupOf(qint64 comment) const;
    const QList<CandidateGroup> &groups() const { return m_groups; }
    // Blind mode: the workspace's setting, else on once the workspace has
    // several annotators. Every read of judgements for display goes through
    // visibleJudgementsOf(): the current annotator sees another's judgement
    // of a comment only after giving it a verdict.
    bool isBlind() const { return m_blind; }
    Result<bool> setBlindMode(bool on);
    QList<Judgement> visibleJudgementsOf(qint64 comment) const;
    // Other annotators' judgements of the comment blind mode hides now.
    int hiddenJudgementsOf(qint64 comment) const;
    // Assignment of merge requests to annotators.
    Result<bool> assign(qint64 mergeRequest, const QStringList &annotators);
    QStringList assignedAnnotators(qint64 mergeRequest) const;
    // The current annotator's queue: comments without their verdict, first
    // after the current one in the open merge request, then in the other
    // merge requests assigned to them (by id; all merge requests when none
    // is assigned to them).
    struct QueueItem
    {
        qint64 mergeRequest = 0;
        qint64 comment = 0;
    };
    std::optional<QueueItem> nextUnjudged() const;
    // Final labels (TeamAnnotation.h) and adjudication, from the store.
    FinalLabel finalLabelOf(qint64 comment) const;
    std::optional<Adjudication> adjudicationOf(qint64 comment) const;
    // Stores the adjudication (adjudicator: the current annotator when empty).
    Result<bool> adjudicate(const Adjudication &adjudication);
    // Comments of the whole workspace whose annotators disagree, without an
    // adjudication, ascending ids. In blind mode, an annotator assigned to a
    // comment's merge request sees it here only after judging it.
    QList<qint64> pendingDisagreements() const;
    // Comments of the workspace whose annotators disagree, adjudicated ones too.
    QList<qint64> disagreements() const;
    // For adjudication (every item in it has two verdicts, so blind mode has
    // nothing left to hide): any comment of the workspace and every judgement of it.
    std::optional<StoredComment> storedComment(qint64 comment) const;
    QList<Judgement> judgementsForAdjudication(qint64 comment) const;
    // Annotators of the workspace, by name.
    QStringList annotatorNames() const;
    // Agreement of two annotators over the workspace (AgreementReport per label, per merge request).
    AgreementReport agreement(const QString &first, const QString &second) const;

Q_SIGNALS:
    void teamChanged(); // assignments, blind mode, adjudications or grouping changed
    void workspaceChanged();
    void annotatorChanged();
    void mergeRequestsChanged();
    void mergeRequestChanged(); // another merge request opened (or none)
    void diffChanged();
    void slicesChanged();
    void runsChanged();
    void commentsChanged();           // comments added, removed or reloaded
    void commentChanged(qint64 id);   // one comment's text or lines edited
    void judgementChanged(qint64 comment);
    void currentFileChanged(const QString &file);
    void currentCommentChanged(qint64 comment);
    void undoStateChanged();
    void progressChanged();
    void loadFailed(const QString &message);
    void mergeRequestLoaded();             // diff() is the new one; slicing started
    void problem(const QString &message);  // the workspace refused something
    // Team scale: another client of a shared workspace changed an
    // annotator's judgement of a comment in this merge request (judgementsOf()
    // has it already; blind mode decides whether to show it).
    void othersJudgementChanged(qint64 comment, const QString &annotator);
    void slicingStarted();
    void slicingFinished();                // slices() is null when slicing failed
    void reviewStarted(const rd::RunConfig &config, bool replay, int slices);
    void reviewProgressed(const rd::RunProgress &progress);
    void reviewFinished();                 // lastRun()
    void activeReviewsChanged();           // a run started, progressed or finished
    void resumeFailed(const QString &message); // a resumed run could not start after its merge request was opened

public:
    // --- Dataset exchange (issue 11, ReviewSessionExchange.cpp) ------------
    // Imports one file into the open workspace (all of it or nothing) and
    // reloads what the views show; exports the workspace (or only the open
    // merge request) in one format. Errors name the file.
    Result<ImportOutcome> importAacr(const QString &file, const AacrImportOptions &options);
    Result<ImportOutcome> importRun(const QString &file, const RunImportOptions &options);
    Result<QString> exportDataset(const QString &format, const QString &out, bool onlyCurrentMergeRequest, double delta);

private:
    void applyOthersChange(const WorkspaceChange &change);
    Result<bool> reloadMergeRequest();
    void reloadUndoState();
    void storePlace();
    void applyStep(const HistoryEntry &entry);
    // Undo or redo in the store, then tell the observers what the step changed.
    Result<bool> takeStep(Result<QList<HistoryEntry>> (WorkspaceStore::*step)(const QString &));
    int indexOf(qint64 comment) const;
    void diffLoaded();
    void runFinished(int id);
    Result<bool> startRun(const RunConfig &config, const QString &replayFile, std::shared_ptr<RunJournal> journal);
    Result<std::shared_ptr<RunJournal>> journalFor(const RunConfig &config) const;
    void startSlicing();

    void regroup();
    // Reads blind mode from the store (setting, annotators) into m_blind.
    void refreshBlindMode();
    QList<Judgement> allJudgementsOf(qint64 comment) const;
    QList<qint64> disagreementsIn(bool withAdjudicated) const;

    std::unique_ptr<WorkspaceStore> m_store;
    QString m_annotator;
    double m_groupThreshold = DefaultGroupThreshold;
    bool m_groupJudging = true;
    bool m_blind = false; // isBlind(), read once per change: filters ask per comment
    QList<CandidateGroup> m_groups; // of m_comments
    QHash<qint64, qsizetype> m_groupIndex; // comment -> index in m_groups
    std::optional<MergeRequestEntry> m_entry;
    std::shared_ptr<const MergeRequest> m_diff;
    std::shared_ptr<const SlicingResult> m_slices;
    QList<StoredRun> m_runs;
    QList<StoredComment> m_comments;
    QHash<qint64, QList<Judgement>> m_judgements; // comment -> every annotator's
    QString m_file;
    qint64 m_current = 0;
    QElapsedTimer m_sinceSelected;
    std::optional<HistoryEntry> m_nextUndo;
    std::optional<HistoryEntry> m_nextRedo;
    MergeRequestRequest m_request;
    int m_sliceTokenBudget = DefaultSliceTokenBudget;
    int m_slicingBudget = 0; // of the slicing under way, then of m_slices
    struct PendingReview
    {
        RunConfig config;
        QString replayFile;
        std::shared_ptr<RunJournal> journal; // a resumed run's
        std::optional<MergeRequestRequest> opening; // a resumed run waiting for its merge request
    };
    std::optional<PendingReview> m_pendingReview; // waits for its slices
    QString m_runStoreError;
    MergeRequestLoader *m_loader = nullptr;
    SlicingJob *m_slicing = nullptr;
    ReviewJob *m_review = nullptr; // idle: its client lists the endpoints' models
    // Runs under way, by ActiveReview::id; each job is deleted when it finishes.
    QHash<int, ReviewJob *> m_jobs;
    QList<ActiveReview> m_active;
    int m_nextReviewId = 1;
    QString m_journalFolder = journalFolder();
    std::shared_ptr<const RunRecord> m_lastRun;
};

// A RunRecord as the workspace keeps it: its JSON, a label, the model and a
// hash of the configuration. Shared by the session and `reviewdesk-cli review`.
StoredRun storedRunFor(qint64 mergeRequest, const RunRecord &record);
// The workspace entry of an opened merge request.
MergeRequestEntry mergeRequestEntryFor(const MergeRequest &mr, const QString &repositoryPath);

} // namespace rd
