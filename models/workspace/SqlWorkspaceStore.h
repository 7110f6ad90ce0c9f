#pragma once

#include "WorkspaceOpening.h"
#include "WorkspaceStore.h"

#include <QString>

#include <functional>
#include <memory>

namespace rd {

// A workspace through Qt SQL, in one SQLite file or in a PostgreSQL
// database on a server (see isServerLocation), with the same SQL; what the
// two do differently is the store's SqlDialect (SqlDialect.h). On SQLite:
// WAL journal, foreign keys on, a busy time-out so two processes can
// write in turn, and PRAGMA user_version with migrations run in a
// transaction.
//
// Opening refuses, with an Error of kind Workspace that says why, a file
// that is newer than this program, not a workspace, damaged, read-only or
// locked by another live process; it never hands back an empty workspace in
// place of one it could not read. One instance per thread.
class SqlWorkspaceStore final : public WorkspaceStore
{
public:
    // The schema this program writes. Version 1: merge requests, runs,
    // comments, annotators, judgements. Version 2: the judging history
    // (undo/redo), annotators' places, and hidden human comments.
    // Version 3: assignments, adjudications, group judging steps (ground truth);
    // reference comments, pull-request metadata, dataset exchange; row versions
    // and batch-review claims (team scale).
    // Version 4: translated comments keep their original text. Version 5:
    // row versions on judgements (issue 25). Version 6: comments indexed by
    // `removed` (issue 25, the workspace progress). Version 7: the comments
    // whose annotators disagree, kept as judgements are written (issue 25).
    // Version 8: judge evaluations. Version 9: the comments' CQS fields (tag,
    // judge score, ...). Version 10: merge-request revisions, comments
    // anchored at a revision or outdated, the revisions a run reviewed,
    // "addressed?" answers (issue 24). Version 11: comments on a code host
    // (their remote ids, issue 24). Version 12: named reference snapshots
    // (issue 33). Version 13: pairwise votes on whole reviews (issue 35).
    // Version 14: labels of merge requests and comments, judges and their
    // verdicts on imported benchmarks (issue 34).
    // Version 15: whether a revision applied an outdated comment's suggested
    // code, and each run's coverage (issue 34). Version 16: people's audit
    // decisions on the judges' (candidate, reference) matches (issue 34).
    // Version 17: the triage queue of gaps in the ground truth (issue 35).
    static constexpr int SchemaVersion = 17;

    // openWorkspaceStore's (WorkspaceOpening.h), which opens through this class.
    using Mode = WorkspaceOpenMode;
    using Check = IntegrityCheck;

    static Result<std::unique_ptr<SqlWorkspaceStore>> open(const QString &path, Mode mode = Mode::OpenExisting, Check check = Check::Now);
    // The damage check open() does with Check::Now, on a connection of its
    // own (callable from any thread): the message naming the damage, none
    // when the file is whole (a server's workspace: none); an error when the
    // check could not be made (the file could not be read).
    static Result<std::optional<QString>> checkIntegrity(const QString &location);
    // For migration tests: a new workspace with the schema of an earlier
    // version, left at that version.
    static Result<bool> createAtVersion(const QString &path, int version);

    ~SqlWorkspaceStore() override;
    SqlWorkspaceStore(const SqlWorkspaceStore &) = delete;
    SqlWorkspaceStore &operator=(const SqlWorkspaceStore &) = delete;

    // The schema version found on opening (before migrating), for messages.
    int openedAtVersion() const;

    // --- Team scale (issue 14): the same store on a PostgreSQL server ---
    // `open` and `createAtVersion` take "postgresql://user@host:port/dbname"
    // as well as a file (see isServerLocation). The password never appears
    // there: libpq reads PGPASSWORD or ~/.pgpass.
    static bool isServerLocation(const QString &location);
    // Every row of the workspace at `from` into the one at `to` (made when
    // missing; it must hold no merge requests, annotators or runs), with ids,
    // times, history and places as they are, in one transaction. Returns the
    // number of rows copied.
    static Result<qint64> copyWorkspace(const QString &from, const QString &to);
    // For the fault tests only (never reached from settings or the command
    // line): caps an SQLite file at `pages` pages (PRAGMA max_page_count;
    // SQLite keeps it at least the file's size), so the next change that
    // needs more gets a real SQLITE_FULL as on a full disk; 0 lifts the cap.
    // Read-only likewise (PRAGMA query_only: SQLITE_READONLY), which works
    // where permissions do not stop root.
    Result<bool> setPageLimitForTesting(qint64 pages);
    Result<bool> setReadOnlyForTesting(bool readOnly);

    // WorkspaceConnection (SqlWorkspaceStore.cpp, SqlWorkspaceStoreTeam.cpp, SqlWorkspaceStoreFaults.cpp)
    QString location() const override;
    bool onServer() const override;
    bool watchChanges(std::function<void(const WorkspaceChange &)> onChange, int pollMs = DefaultChangePollMs) override;
    Result<bool> reconnect() override;

    // RunStore (SqlWorkspaceStore.cpp; the browser's list: SqlWorkspaceStoreSummaries.cpp)
    Result<qint64> addMergeRequest(const MergeRequestEntry &entry) override;
    Result<QList<MergeRequestEntry>> mergeRequests() const override;
    Result<MergeRequestEntry> mergeRequest(qint64 id) const override;
    Result<bool> setMergeRequestRepository(qint64 id, const QString &repository, bool codeLinked) override;
    Result<QList<MergeRequestSummary>> mergeRequestSummaries(const QString &annotator, std::optional<qint64> mergeRequest = {}) const override;
    Result<qint64> addRun(const StoredRun &run, const QList<ReviewComment> &comments) override;
    Result<QList<StoredRun>> runs(qint64 mergeRequest) const override;
    Result<StoredRun> run(qint64 id) const override;
    Result<qint64> importComment(qint64 mergeRequest, const ReviewComment &comment, const QString &author) override;
    Result<QList<StoredComment>> comments(const CommentQuery &query = {}) const override;
    Result<StoredComment> comment(qint64 id) const override;

    // ClaimStore (SqlWorkspaceStoreTeam.cpp)
    Result<int> prepareClaims(const QString &configHash, const QList<qint64> &mergeRequests) override;
    Result<std::optional<qint64>> claimNext(const QString &configHash, const QString &worker, int leaseSeconds, const QList<qint64> &among) override;
    Result<qint64> completeClaim(const QString &configHash, const QString &worker, const StoredRun &run, const QList<ReviewComment> &comments) override;
    Result<ClaimCounts> claimCounts(const QString &configHash, const QList<qint64> &among) const override;
    void waitForClaims(int maxMs) override;

    // JudgingStore (SqlWorkspaceStoreJudging.cpp)
    Result<Annotator> addAnnotator(const QString &name) override;
    Result<QList<Annotator>> annotators() const override;
    Result<Judgement> judge(const Judgement &change, const QList<JudgementField> &clear = {}) override;
    Result<std::optional<Judgement>> judgement(qint64 comment, const QString &annotator) const override;
    Result<QList<Judgement>> judgements(std::optional<qint64> mergeRequest = {}, const QString &annotator = {}) const override;
    Result<qint64> addHumanComment(qint64 mergeRequest, const QString &author, const ReviewComment &comment) override;
    Result<bool> removeHumanComment(qint64 comment, const QString &annotator) override;
    Result<StoredComment> editComment(qint64 comment, const QString &annotator, const CommentEdit &edit) override;
    Result<std::optional<HistoryEntry>> undo(const QString &annotator) override;
    Result<std::optional<HistoryEntry>> redo(const QString &annotator) override;
    Result<std::optional<HistoryEntry>> nextUndo(const QString &annotator) const override;
    Result<std::optional<HistoryEntry>> nextRedo(const QString &annotator) const override;
    Result<bool> setPlace(const AnnotatorPlace &place) override;
    Result<std::optional<AnnotatorPlace>> place(const QString &annotator, qint64 mergeRequest) const override;
    Result<std::optional<AnnotatorPlace>> lastPlace(const QString &annotator) const override;
    Result<JudgingProgress> progress(const QString &annotator, std::optional<qint64> mergeRequest = {}) const override;
    Result<QList<qint64>> recentDecisionDurations(const QString &annotator, int limit = 50) const override;

    // TeamStore (SqlWorkspaceStoreGroundTruth.cpp)
    Result<bool> assign(qint64 mergeRequest, const QStringList &annotators) override;
    Result<bool> unassign(qint64 mergeRequest, const QString &annotator) override;
    Result<QList<Assignment>> assignments(std::optional<qint64> mergeRequest = {}) const override;
    Result<QList<Judgement>> judgeGroup(const Judgement &change, const QList<qint64> &members) override;
    Result<QList<HistoryEntry>> undoSteps(const QString &annotator) override;
    Result<QList<HistoryEntry>> redoSteps(const QString &annotator) override;
    Result<Adjudication> adjudicate(const Adjudication &adjudication) override;
    Result<QList<Adjudication>> adjudications(std::optional<qint64> mergeRequest = {}) const override;
    Result<QList<qint64>> disagreements(bool withAdjudicated, const QString &blindViewer = {}) const override;
    Result<std::optional<QString>> teamSetting(const QString &name) const override;
    Result<bool> setTeamSetting(const QString &name, const QString &value) override;

    // ReferenceStore (SqlWorkspaceStoreEvaluation.cpp)
    Result<bool> setReference(qint64 comment, bool reference) override;
    Result<bool> linkToReference(qint64 comment, qint64 reference, const QString &annotator) override;
    Result<bool> unlinkFromReference(qint64 comment, qint64 reference) override;
    Result<QList<ReferenceLink>> referenceLinks(std::optional<qint64> mergeRequest = {}) const override;

    // ReferenceSnapshotStore (SqlWorkspaceStoreSnapshots.cpp)
    Result<qint64> addReferenceSnapshot(const ReferenceSnapshot &snapshot) override;
    Result<QList<ReferenceSnapshot>> referenceSnapshots() const override;
    Result<std::optional<ReferenceSnapshot>> referenceSnapshot(const QString &name) const override;

    // JudgeEvaluationStore (SqlWorkspaceStoreJudgeEvaluations.cpp)
    Result<qint64> addJudgeEvaluation(const StoredJudgeEvaluation &evaluation) override;
    Result<QList<StoredJudgeEvaluation>> judgeEvaluations() const override;
    Result<StoredJudgeEvaluation> judgeEvaluation(qint64 id) const override;

    // ExchangeStore (SqlWorkspaceStoreExchange.cpp)
    Result<ImportSummary> importDataset(const DatasetImport &import) override;
    Result<QList<ExchangeRecord>> exchangeRecords() const override;

    // RevisionStore (SqlWorkspaceStoreRevisions.cpp)
    Result<QList<MergeRequestRevision>> revisions(qint64 mergeRequest) const override;
    Result<bool> addRevision(const MergeRequestRevision &revision, const QList<CommentAnchorChange> &anchors) override;
    Result<bool> setAddressed(qint64 comment, const QString &annotator, std::optional<bool> addressed) override;
    Result<QList<AddressedAnswer>> addressedAnswers(qint64 mergeRequest) const override;
    // SuggestionStore (SqlWorkspaceStoreSuggestions.cpp)
    Result<QList<SuggestionOutcome>> suggestionOutcomes(std::optional<qint64> mergeRequest = {}) const override;

    // HostCommentStore (SqlWorkspaceStoreRemote.cpp)
    Result<bool> setRemoteComment(const RemoteComment &remote) override;
    Result<QList<RemoteComment>> remoteComments(qint64 mergeRequest) const override;
    Result<QList<qint64>> importHostComments(qint64 mergeRequest, const QList<HostCommentImport> &comments) override;

    // VoteStore (SqlWorkspaceStoreVotes.cpp)
    Result<StoredVote> addVote(const PairwiseVote &vote) override;
    Result<QList<PairwiseVote>> votes(std::optional<qint64> mergeRequest = {}) const override;
    Result<bool> removeVote(const QString &annotator, qint64 runA, qint64 runB) override;
    // TriageStore (SqlWorkspaceStoreTriage.cpp)
    Result<int> enqueueTriage(const QList<TriageItem> &items) override;
    Result<QList<TriageItem>> triageQueue() const override;
    Result<StoredTriageAnswer> answerTriage(const TriageResponse &answer) override;
    Result<bool> removeTriageAnswer(const QString &annotator, qint64 comment) override;
    Result<QList<TriageResponse>> triageAnswers() const override;
    Result<std::optional<TriageAdjudication>> adjudicateTriage(const TriageAdjudication &adjudication) override;
    Result<QList<TriageAdjudication>> triageAdjudications() const override;
    // BenchmarkStore (SqlWorkspaceStoreBenchmarks.cpp)
    Result<BenchmarkImportSummary> importBenchmark(const BenchmarkImport &import) override;
    Result<QList<JudgeEntry>> judges() const override;
    Result<QList<JudgedReview>> judgedReviews(const QString &judge = {}) const override;
    Result<QList<MergeRequestLabel>> mergeRequestLabels() const override;
    Result<QList<CommentLabel>> commentLabels(std::optional<qint64> mergeRequest = {}) const override;
    // JudgeAuditStore (SqlWorkspaceStoreJudgeAudit.cpp)
    Result<StoredAuditDecision> addAuditDecision(const JudgeAuditDecision &decision) override;
    Result<QList<JudgeAuditDecision>> auditDecisions() const override;
    Result<bool> removeAuditDecision(const QString &annotator, qint64 comment, qint64 reference) override;

    struct Private; // the connection; public only for the .cpp's helpers

private:
    // watchChanges without notifications: polls PRAGMA data_version.
    bool watchDataVersion(std::function<void(const WorkspaceChange &)> onChange, int pollMs);
    explicit SqlWorkspaceStore(std::unique_ptr<Private> d);
    std::unique_ptr<Private> d;
};

} // namespace rd
