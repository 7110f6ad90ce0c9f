#pragma once

// The things a workspace holds, as plain values. The store (WorkspaceStore.h)
// reads and writes them; front ends show and edit them.

#include "ReviewComment.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// A merge request the workspace knows: where it is and what it compares.
struct MergeRequestEntry
{
    qint64 id = 0; // 0 until stored
    QString repository;
    QString base; // as the user wrote them (any rev-spec)
    QString head;
    bool twoDot = false;
    QString title;
    QString description;
    QDateTime created;
    QString language = {};   // the project's main language (AACR-Bench project_main_language)
    QString prCategory = {}; // the pull request's problem domain (AACR-Bench category)
    // Dataset exchange (issue 11): where the pull request lives on its code
    // host, and whether its commits are in `repository` (an MR imported
    // without a clone, or whose commits the clone lacks, has comments only).
    QString url = {};
    bool codeLinked = true;
};

// One finished review run. models cannot see the pipeline's RunRecord, so
// the run is kept as its JSON (RunRecord::toJson, no secrets) and its
// comments are stored one by one as StoredComments.
struct StoredRun
{
    qint64 id = 0;
    qint64 mergeRequest = 0;
    QString label;      // what a person picks it by, e.g. "Left Flow, 3 reviewers"
    QString model;      // the reviewer model(s), for filters
    QString configHash; // of the configuration JSON, to group equal runs
    QDateTime started;
    QDateTime finished;
    QByteArray record;  // RunRecord::toJson()
    // The revisions of the merge request it reviewed (issue 24): the diff of
    // revision `revisionTo`, from its base when `revisionFrom` is 0, else from
    // revision `revisionFrom`'s head (an incremental review). 0 when storing:
    // the merge request's current revision, from its base.
    int revisionFrom = 0;
    int revisionTo = 0;
    // Which changed lines reached a model (the record's "coverage", schema
    // 14; pipeline/run/RunCoverage.h), kept beside the record so the window
    // and the evaluation read it without the record. Empty: not recorded.
    QByteArray coverage = {};
};

// One revision (patch set) of a merge request: the commits it compared when
// it was recorded (issue 24). Numbers count from 1; the newest is current.
struct MergeRequestRevision
{
    qint64 mergeRequest = 0;
    int number = 0;
    QString baseSha; // full hex object names
    QString headSha;
    QString mergeBaseSha; // empty when two-dot over unrelated histories
    QString baseSpec;     // base and head as the user wrote them then
    QString headSpec;
    QString source;       // "initial" (the first one) or "update"
    QDateTime created;
};

// Where a comment points in a new revision, as re-anchoring found it.
struct CommentAnchorChange
{
    qint64 comment = 0;
    bool outdated = false; // its lines were changed or deleted: file and lines stay
    QString file;          // not outdated: where it points now
    QString side;
    int lineStart = 0;
    int lineEnd = 0;
    QString outdatedText;  // outdated: the lines it was made on, as they read then
    // Outdated, with a suggestion (a ```suggestion block or its example code):
    // whether the new revision holds it verbatim in place of its lines.
    // Empty: it suggested no code (SuggestionStore.h keeps the answer).
    std::optional<bool> suggestionApplied = {};
};

// An annotator's answer to "did the new commits address this comment?",
// asked of the comments a new revision made outdated.
struct AddressedAnswer
{
    qint64 comment = 0;
    QString annotator;
    bool addressed = false;
    QDateTime updated;
};

// A judge evaluated against people's labels (pipeline's JudgeEvaluation).
struct StoredJudgeEvaluation
{
    qint64 id = 0;
    QDateTime created;
    QString judgeModel;
    QString labels;    // "final" or "annotator:NAME"
    int items = 0;
    std::optional<double> accuracy;
    QByteArray report;    // judge-eval's JSON
    QByteArray recording; // the judge's answers, as a --replay recording (no secrets)
};

// A comment that lives on a code host too (issue 24): read from a pull
// request's review threads, or published to one. What was sent is known by
// its hash, so an edit since is seen and sent again, never a duplicate.
struct RemoteComment
{
    qint64 comment = 0;
    QString pullRequest; // the merge request's page on its host (MergeRequestEntry::url)
    QString remoteId;    // the host's id (GitHub review comment, GitLab discussion/note, Gerrit comment)
    QString thread;      // the host's thread it is in (reply-to, discussion); empty: its own
    enum class Direction { Imported, Published };
    Direction direction = Direction::Published;
    QString bodyHash;    // of the text sent or read
    QString revision;    // the head commit it was published at or read from
    QDateTime updated;
};

enum class CommentOrigin { Generated, Imported, Human };

// A person's comment read from a code host (WorkspaceStore::importHostComments).
struct HostCommentImport
{
    ReviewComment comment;
    QString author;      // "alice (GitHub)"
    RemoteComment remote; // its pull request, host id, thread, body hash and revision (comment: set by the store)
};

struct StoredComment
{
    qint64 id = 0;        // the workspace's id: what `judge` and exports name
    qint64 mergeRequest = 0;
    std::optional<qint64> run; // empty for imported and human comments
    CommentOrigin origin = CommentOrigin::Generated;
    QString author;       // the human author, or the model for generated ones
    ReviewComment comment; // as it reads now (comment.id: the run's own id)
    // The comment as first stored, when someone has edited its text or lines.
    std::optional<ReviewComment> original;
    QDateTime created;
    bool reference = false; // a ground-truth issue (e.g. AACR-Bench positive samples imported as ground truth)
    // The record an imported comment came from (a JSON object, every field in
    // the file's order, unknown ones included), for lossless export.
    QByteArray exchange = {};
    qint64 version = 0; // counts the edits of text or lines (row version)
    // Revisions (issue 24): the merge-request revision its file and lines
    // are of. An outdated comment's lines were changed or deleted by revision
    // `outdatedIn`: it keeps the file and lines of `revision` and the text
    // they held (`outdatedText`), and comment.lineValid is false, so nothing
    // (diff, exports, line matching) places it in the newer code.
    int revision = 1;
    bool outdated = false;
    int outdatedIn = 0;
    QString outdatedText = {};
};

struct Annotator
{
    qint64 id = 0;
    QString name;
    QDateTime created;
};

enum class Verdict { Accept, Reject, Unsure };
enum class ContextLevel { Diff, File, Repo };
enum class Thumbs { Up, Down };

// One annotator's judgement of one comment. Every field but the comment and
// the annotator is optional: an unset field is "not decided" when read and
// "leave as it is" when passed to WorkspaceStore::judge, so partial updates
// merge.
struct Judgement
{
    qint64 comment = 0;
    QString annotator;
    std::optional<Verdict> verdict;
    std::optional<int> q1Nitpick;  // 1..7, as ReviewComment
    std::optional<int> q2Fake;     // 1..7
    std::optional<int> q3Severity; // 1..7
    std::optional<QString> category; // one of aacrCategories()
    std::optional<ContextLevel> context;
    std::optional<bool> keyBug;
    std::optional<QString> tag;      // a cqsTags() entry or free text
    std::optional<Thumbs> thumbs;
    std::optional<QString> critique; // one sentence
    std::optional<qint64> timeSpentMs;
    QDateTime updated; // set by the store
    // Set by the store: counts the writes of this (comment, annotator) row,
    // from 1 (row version); 0 when there is no judgement.
    qint64 version = 0;
    // The version this change was made from (as read); when set and the
    // stored one differs, another window or process changed the judgement
    // meanwhile and judge() refuses the change (Error kind Conflict) instead
    // of overwriting the newer judgement. 0: made from no judgement.
    std::optional<qint64> expectedVersion;

    bool isEmpty() const;
};

// Fields of a Judgement, to clear them (WorkspaceStore::judge).
enum class JudgementField {
    Verdict, Q1Nitpick, Q2Fake, Q3Severity, Category, Context, KeyBug, Tag, Thumbs, Critique, TimeSpent
};

// A change to a comment's text or lines; unset fields stay as they are.
struct CommentEdit
{
    std::optional<QString> issue;
    std::optional<QString> rootCause;
    std::optional<QString> fix;
    std::optional<QString> example;
    std::optional<QString> side; // "old" or "new"
    std::optional<int> lineStart;
    std::optional<int> lineEnd;
    // The comment's version the edit started from (StoredComment::version);
    // when set and the stored one differs, someone else changed the comment
    // meanwhile and the edit is refused (Error kind Conflict), never applied
    // over theirs.
    std::optional<qint64> expectedVersion;
};

// Where an annotator was in a merge request; restored on reopening.
struct AnnotatorPlace
{
    QString annotator;
    qint64 mergeRequest = 0;
    QString file;
    std::optional<qint64> comment; // the selected comment
    QDateTime updated;
};

// Judged / total for one annotator, in one MR or in the whole workspace.
struct JudgingProgress
{
    int judged = 0; // comments with a verdict
    int total = 0;  // comments not removed
};

// What an undoable action was, for menus ("Undo Accept").
enum class HistoryAction { Judge, ClearJudgement, EditComment, AddHumanComment, RemoveHumanComment };

struct HistoryEntry
{
    qint64 id = 0;
    QString annotator;
    HistoryAction action = HistoryAction::Judge;
    qint64 comment = 0;
    QStringList fields; // the judgement fields it changed (JSON names), for Judge / ClearJudgement
    QDateTime at;
};

// Which comments to list. Empty fields do not filter.
struct CommentQuery
{
    std::optional<qint64> mergeRequest;
    std::optional<qint64> run;
    std::optional<CommentOrigin> origin;
    std::optional<bool> kept;    // kept by the pipeline, or filtered out
    QString droppedAt;           // the stage that filtered it out
    QString file;
    QString category;            // the comment's own category
    QString author;
    QString text;                // contained in issue, root cause, fix or example, or a translated comment's original text (case-insensitive)
    std::optional<int> minSeverity; // q3
    // Judgement filters, for `annotator`:
    QString annotator;
    std::optional<bool> judged;  // has a verdict
    std::optional<Verdict> verdict;
    std::optional<ContextLevel> context;
    bool includeRemoved = false; // human comments whose adding was undone
    std::optional<bool> outdated;   // outdated by a later revision, or not
    std::optional<bool> reference; // ground-truth issues, or the others
};

// Evaluation: an annotator's statement that `comment` finds the reference issue `reference`.
struct ReferenceLink
{
    qint64 comment = 0;
    qint64 reference = 0;
    QString annotator;
    QDateTime created;
};

// The four categories of AACR-Bench (§3.2, Table 2), as written there.
const QStringList &aacrCategories();
// The tags of CQS App. A.1; annotators may also write their own.
const QStringList &cqsTags();
// The category as aacrCategories() writes it, for any case and "&" for
// "and"; empty when it is none of the four.
std::optional<QString> canonicalCategory(const QString &category);
// What is wrong with the set fields of a judgement (scores out of 1..7, an
// unknown category, an empty tag…), in words for the user; empty when fine.
QString judgementProblem(const Judgement &judgement);

// Names as used in the store, the CLI and exports ("accept", "Diff Level", "up", "generated").
QString verdictName(Verdict v);
std::optional<Verdict> verdictFromName(const QString &name);
QString contextLevelName(ContextLevel c);
std::optional<ContextLevel> contextLevelFromName(const QString &name);
QString thumbsName(Thumbs t);
std::optional<Thumbs> thumbsFromName(const QString &name);
QString commentOriginName(CommentOrigin o);
std::optional<CommentOrigin> commentOriginFromName(const QString &name);
QString historyActionName(HistoryAction a);
std::optional<HistoryAction> historyActionFromName(const QString &name);
// "verdict", "q1", … as in `judge` input and the JSON export.
QString judgementFieldName(JudgementField f);

// --- Team scale (issue 14) -------------------------------------------------

// What another client changed in a shared workspace (PostgreSQL NOTIFY).
struct WorkspaceChange
{
    // "judgement", "comment" (text or lines edited), "comments" (a human
    // comment added or removed), "run" (a run and its comments stored), or
    // "workspace" (SQLite: something, it cannot say what).
    QString what;
    qint64 comment = 0;
    qint64 mergeRequest = 0;
    QString annotator;
};

// Where a batch review stands, for one configuration.
struct ClaimCounts
{
    int done = 0;
    int leased = 0;         // claimed by a worker whose lease has not run out
    int open = 0;           // neither done nor leased
    qint64 nextLeaseEnd = 0; // ms since 1970 of the earliest running lease (0: none)
};

} // namespace rd
