#pragma once

#include "DatasetImport.h"
#include "MergeRequestSummary.h"
#include "Result.h"
#include "TeamAnnotation.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace rd {

// The workspace's storage, one implementation per database (SQLite now,
// PostgreSQL later, with the same schema). Every call that changes
// something is one transaction, committed before the call returns: there
// is no Save, and a crash loses nothing a caller was told is stored.
//
// Judging actions (judge, clear, edit, add/remove a human comment) are kept
// as history per annotator, so undo and redo work across restarts.
class WorkspaceStore
{
public:
    virtual ~WorkspaceStore() = default;

    // Where the workspace lives (a file for SQLite), for titles and messages.
    virtual QString location() const = 0;

    // Merge requests. Adding one that is already there (same repository,
    // base, head, two-dot) returns its id and updates title and description.
    virtual Result<qint64> addMergeRequest(const MergeRequestEntry &entry) = 0;
    virtual Result<QList<MergeRequestEntry>> mergeRequests() const = 0;
    virtual Result<MergeRequestEntry> mergeRequest(qint64 id) const = 0;
    // Where a merge request's code is: a merge request imported without its
    // code gets the clone that holds its commits (Fetch code…). The caller
    // checks the commits; a Conflict when another merge request of the
    // workspace already compares the same commits in that repository.
    virtual Result<bool> setMergeRequestRepository(qint64 id, const QString &repository, bool codeLinked) = 0;

    // A finished run and its comments (origin Generated, author = run.model),
    // in one transaction. Returns the run's id.
    virtual Result<qint64> addRun(const StoredRun &run, const QList<ReviewComment> &comments) = 0;
    // The runs of a merge request, without their record JSON (see run()).
    virtual Result<QList<StoredRun>> runs(qint64 mergeRequest) const = 0;
    virtual Result<StoredRun> run(qint64 id) const = 0;

    // Comments from a dataset or another tool (origin Imported).
    virtual Result<qint64> importComment(qint64 mergeRequest, const ReviewComment &comment, const QString &author) = 0;
    // Ordered by merge request, file, side, first line, id.
    virtual Result<QList<StoredComment>> comments(const CommentQuery &query = {}) const = 0;
    virtual Result<StoredComment> comment(qint64 id) const = 0;

    // Annotators are made on first use by name; addAnnotator returns the existing one.
    virtual Result<Annotator> addAnnotator(const QString &name) = 0;
    virtual Result<QList<Annotator>> annotators() const = 0;

    // Merges the set fields of `change` into the (comment, annotator)
    // judgement and unsets the `clear` fields, checks the values, and records
    // the step for undo, in one transaction. Returns the judgement as stored
    // (empty fields when everything was cleared). A value out of range or an
    // unknown comment is an Error of kind Usage; the store failing is kind
    // Workspace.
    virtual Result<Judgement> judge(const Judgement &change, const QList<JudgementField> &clear = {}) = 0;
    virtual Result<std::optional<Judgement>> judgement(qint64 comment, const QString &annotator) const = 0;
    // Every judgement matching: a merge request and/or an annotator (empty: all).
    virtual Result<QList<Judgement>> judgements(std::optional<qint64> mergeRequest = {}, const QString &annotator = {}) const = 0;

    // A comment written by `author` (origin Human), undoable.
    virtual Result<qint64> addHumanComment(qint64 mergeRequest, const QString &author, const ReviewComment &comment) = 0;
    // Hides a human comment (and keeps it, so undo brings it back).
    virtual Result<bool> removeHumanComment(qint64 comment, const QString &annotator) = 0;
    // Changes text or lines; the first version stays as StoredComment::original.
    virtual Result<StoredComment> editComment(qint64 comment, const QString &annotator, const CommentEdit &edit) = 0;

    // Undo / redo the annotator's latest judging step. Empty when there is
    // nothing to undo / redo; otherwise what was undone / redone. A new
    // step after an undo discards the steps that could have been redone.
    virtual Result<std::optional<HistoryEntry>> undo(const QString &annotator) = 0;
    virtual Result<std::optional<HistoryEntry>> redo(const QString &annotator) = 0;
    virtual Result<std::optional<HistoryEntry>> nextUndo(const QString &annotator) const = 0;
    virtual Result<std::optional<HistoryEntry>> nextRedo(const QString &annotator) const = 0;

    // Where each annotator is, per merge request; lastPlace: the most recent
    // one of the annotator (of anyone when `annotator` is empty).
    virtual Result<bool> setPlace(const AnnotatorPlace &place) = 0;
    virtual Result<std::optional<AnnotatorPlace>> place(const QString &annotator, qint64 mergeRequest) const = 0;
    virtual Result<std::optional<AnnotatorPlace>> lastPlace(const QString &annotator) const = 0;

    // Judged / total for the annotator in one merge request, or everywhere.
    virtual Result<JudgingProgress> progress(const QString &annotator, std::optional<qint64> mergeRequest = {}) const = 0;
    // time_spent of the annotator's latest `limit` decisions, newest first.
    virtual Result<QList<qint64>> recentDecisionDurations(const QString &annotator, int limit = 50) const = 0;
    // The merge-request list of the window (issue 25): every merge request
    // (or only `mergeRequest`) with its comment counts, `annotator`'s judged /
    // total, everyone else's verdict counts, assignments and adjudication
    // state, ordered by id. A few set-based queries, however many merge
    // requests: the browser reads it on opening a workspace of thousands.
    virtual Result<QList<MergeRequestSummary>> mergeRequestSummaries(const QString &annotator, std::optional<qint64> mergeRequest = {}) const = 0;

    // --- Ground truth by a team (issue 11) ---------------------------------
    // Assigns the merge request to the annotators (made on first use); those
    // already assigned stay. One transaction.
    virtual Result<bool> assign(qint64 mergeRequest, const QStringList &annotators) = 0;
    virtual Result<bool> unassign(qint64 mergeRequest, const QString &annotator) = 0;
    // Ordered by merge request, then annotator name.
    virtual Result<QList<Assignment>> assignments(std::optional<qint64> mergeRequest = {}) const = 0;
    // judge() for every member of a group of near-duplicates, in one
    // transaction: each member keeps its own judgement (metrics and exports
    // read them as any other); undoSteps/redoSteps take the group back as one.
    virtual Result<QList<Judgement>> judgeGroup(const Judgement &change, const QList<qint64> &members) = 0;
    // undo()/redo(), and with a step that judged a group, every step of that
    // group, in one transaction. Empty when there is nothing to take.
    virtual Result<QList<HistoryEntry>> undoSteps(const QString &annotator) = 0;
    virtual Result<QList<HistoryEntry>> redoSteps(const QString &annotator) = 0;
    // The final label of a comment the annotators disagreed on; replaces an
    // earlier one. A verdict and a reason are required.
    virtual Result<Adjudication> adjudicate(const Adjudication &adjudication) = 0;
    virtual Result<QList<Adjudication>> adjudications(std::optional<qint64> mergeRequest = {}) const = 0;
    // The comments (not removed) whose judges disagree (finalLabel's
    // Disagreement: two verdicts given differing on a label), ascending;
    // without the adjudicated ones unless `withAdjudicated`. With a
    // `blindViewer` (blind mode), a comment of a merge request assigned to
    // that viewer counts only once the viewer has given it a verdict.
    // Counted by the database: the window asks at open and after every verdict.
    virtual Result<QList<qint64>> disagreements(bool withAdjudicated, const QString &blindViewer = {}) const = 0;
    // Workspace-wide team settings ("blind_mode": "on" / "off"); empty when unset.
    virtual Result<std::optional<QString>> teamSetting(const QString &name) const = 0;
    virtual Result<bool> setTeamSetting(const QString &name, const QString &value) = 0;
    // Dataset exchange (issue 11, SqlWorkspaceStoreExchange.cpp) ----------
    // Everything one file holds, in one transaction: when any part fails,
    // nothing of the file is stored. A pull request that already has a
    // record of the same dataset is refused (it was imported before).
    virtual Result<ImportSummary> importDataset(const DatasetImport &import) = 0;
    // Every imported pull request's record, ordered by import and position.
    virtual Result<QList<ExchangeRecord>> exchangeRecords() const = 0;
    // Evaluation: marks a comment as a reference issue (ground truth) or not;
    // links a generated comment to the reference it finds (an annotator's
    // explicit match, which outranks every automatic one).
    virtual Result<bool> setReference(qint64 comment, bool reference) = 0;
    virtual Result<bool> linkToReference(qint64 comment, qint64 reference, const QString &annotator) = 0;
    virtual Result<bool> unlinkFromReference(qint64 comment, qint64 reference) = 0;
    virtual Result<QList<ReferenceLink>> referenceLinks(std::optional<qint64> mergeRequest = {}) const = 0;
    // A judge measured against people (judge-eval, Review ▸ Evaluate Judge…):
    // its report and answers kept so a later judge can be compared with it on
    // the same items, or its answers replayed. The list leaves out the report
    // and recording; judgeEvaluation() has them.
    virtual Result<qint64> addJudgeEvaluation(const StoredJudgeEvaluation &evaluation) = 0;
    virtual Result<QList<StoredJudgeEvaluation>> judgeEvaluations() const = 0;
    virtual Result<StoredJudgeEvaluation> judgeEvaluation(qint64 id) const = 0;
    // Comments on a code host (issue 24): one record per comment and pull
    // request, replaced when set again; the list is a merge request's, by comment.
    virtual Result<bool> setRemoteComment(const RemoteComment &remote) = 0;
    virtual Result<QList<RemoteComment>> remoteComments(qint64 mergeRequest) const = 0;
    // --- Team scale (issue 14) ---------------------------------------------
    // True when the workspace is on a database server shared with others.
    virtual bool onServer() const = 0;
    // Calls `onChange` (on the store's thread, from its event loop) for
    // changes other connections commit (another window, reviewdesk-cli
    // judge or review, another annotator), never for this store's own.
    // PostgreSQL: every change as its notification names it (judgement,
    // comment, comments, run). SQLite, which has no notifications: every
    // `pollMs` the store asks PRAGMA data_version, and when another
    // connection committed since, calls once with what "workspace" (which
    // rows is unknown: reload what is shown). False when it cannot watch.
    static constexpr int DefaultChangePollMs = 750;
    virtual bool watchChanges(std::function<void(const WorkspaceChange &)> onChange, int pollMs = DefaultChangePollMs) = 0;
    // After a change failed with a fault it may outlive (Error::retryable):
    // connects again to a server that went away (its watchChanges go on),
    // so the change can be tried again; nothing to do for a file. An error
    // when the server is still away.
    virtual Result<bool> reconnect() = 0;

    // Dynamic fan-out of a batch review: every worker claims the next merge
    // request not yet reviewed with `configHash` for a lease; a killed
    // worker's merge request is claimed again once its lease has run out.
    // prepareClaims makes the claims (those with a run of this configuration
    // already count as done) and returns how many are left to do.
    virtual Result<int> prepareClaims(const QString &configHash, const QList<qint64> &mergeRequests) = 0;
    // The merge request now leased to `worker`; empty when none is free now.
    virtual Result<std::optional<qint64>> claimNext(const QString &configHash, const QString &worker, int leaseSeconds, const QList<qint64> &among) = 0;
    // Stores the run and marks its claim done in one transaction, if the
    // claim is still the worker's (an Error of kind Conflict when its lease
    // ran out and another worker took it). Returns the run's id.
    virtual Result<qint64> completeClaim(const QString &configHash, const QString &worker, const StoredRun &run, const QList<ReviewComment> &comments) = 0;
    virtual Result<ClaimCounts> claimCounts(const QString &configHash, const QList<qint64> &among) const = 0;
    // Returns when another worker may have finished a claim (PostgreSQL:
    // completeClaim's notification; SQLite: after a short while), at the
    // latest after `maxMs`.
    virtual void waitForClaims(int maxMs) = 0;
};

} // namespace rd
