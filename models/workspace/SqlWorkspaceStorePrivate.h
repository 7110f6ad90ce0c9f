#pragma once

// The SQL workspace store's connection and the helpers its parts share.
// Internal to models/: the store is split into one .cpp per area (opening,
// judging, ground truth, ...), all working on this one Private; what SQLite
// and PostgreSQL do differently is asked of its dialect (SqlDialect.h).

#include "SqlDialect.h"
#include "SqlWorkspaceStore.h"
#include "SqlWorkspaceStoreRows.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStringList>
#include <QTimer>
#include <QVariant>

#include <initializer_list>
#include <memory>

namespace rd {

using namespace sqlstore;

struct SqlWorkspaceStore::Private
{
    explicit Private(std::unique_ptr<SqlDialect> backend);
    ~Private();
    Private(const Private &) = delete;
    Private &operator=(const Private &) = delete;

    std::unique_ptr<const SqlDialect> dialect;
    QString path; // the file, or the server's address without any password
    QString connection;
    QSqlDatabase db;
    int openedAt = 0;
    bool checkIntegrityNow = true; // SqlWorkspaceStore::Check
    bool claimsWatched = false; // listening for finished claims (waitForClaims)
    // The notices of the open write transaction, sent together with its
    // COMMIT (one round trip for both).
    mutable QStringList pendingNotices;
    // SQLite's watch for other connections' commits (watchChanges): polls
    // PRAGMA data_version, the value it saw last.
    std::unique_ptr<QTimer> changePoll;
    qint64 seenDataVersion = 0;

    // Tells the other clients of a server what this transaction changed
    // (sent on commit); nothing on SQLite.
    void notifyChange(const WorkspaceChange &change) const;

    // The message for a failed statement: what the user can do about it.
    Error error(const QSqlError &e, const QString &doing) const;

    Result<QSqlQuery> exec(const QString &sql, const QVariantList &values, const QString &doing) const;
    Result<QSqlQuery> exec(const QString &sql, std::initializer_list<QVariant> values, const QString &doing) const;
    Result<QSqlQuery> exec(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const;

    // An INSERT into a table with an `id` column; the new row's id.
    Result<qint64> insert(const QString &sql, const QVariantList &values, const QString &doing) const;
    Result<qint64> insert(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const;

    // Brings the schema from `from` to `to` with the migrations of
    // WorkspaceSchema.h, inside the caller's write transaction.
    Result<bool> migrate(int from, int to) const;

    Result<bool> execAll(const QStringList &statements, const QString &doing) const;

    // The single value of a one-row query; an invalid QVariant when no row.
    Result<QVariant> scalar(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const;

    Result<std::optional<qint64>> annotatorId(const QString &name) const;

    // Inside a write transaction.
    Result<qint64> ensureAnnotator(const QString &name);

    // Deletes, in a write transaction of its own, the annotator's row of
    // `table` that `where` names (its `?` bound to `key`): an annotator takes
    // back a vote or a decision. False when neither the annotator nor the row
    // exists.
    Result<bool> removeAnnotatorsRow(const QString &annotator, const char *table, const char *where, const QVariantList &key,
                                     const QString &doing);

    Result<bool> requireMergeRequest(qint64 id) const;

    Result<StoredComment> readComment(qint64 id, bool includeRemoved) const;

    Result<qint64> insertComment(qint64 mergeRequest, std::optional<qint64> run, CommentOrigin origin, const QString &author,
                                 const ReviewComment &c, qint64 now);

    // The run's row (not its comments); a run that names no revisions
    // reviewed the merge request's current one.
    Result<qint64> insertRun(const StoredRun &run, const QString &doing) const;

    Result<std::optional<Judgement>> readJudgement(qint64 comment, qint64 annotator) const;

    // Makes the stored judgement exactly `state` (none: no row). Every
    // judgement is written here: the row, then gt_disagreements for its comment.
    Result<bool> writeJudgement(qint64 comment, qint64 annotator, const std::optional<Judgement> &state);
    Result<bool> writeJudgementRow(qint64 comment, qint64 annotator, const std::optional<Judgement> &state);

    // A new step for undo; the steps that could have been redone are gone.
    Result<bool> record(qint64 annotator, HistoryAction action, qint64 comment, const QStringList &fields, const QVariant &before,
                        const QVariant &after);

    // Puts back one side (before or after) of a history step.
    Result<bool> restore(HistoryAction action, qint64 comment, qint64 annotator, const QVariant &state);

    Result<std::optional<HistoryEntry>> historyStep(const QString &annotator, bool forUndo) const;
};

namespace sqlstore {

// Holds the writers' lock from begin() to commit() (SqlDialect::beginWrite);
// rolls back when it goes out of scope before commit(). SQLite's BEGIN
// IMMEDIATE takes the write lock at once, so a second process waits (busy
// time-out) at the start instead of failing when it upgrades a read; on
// PostgreSQL a transaction-scoped advisory lock does the same: writers take
// turns, readers never wait (schema migrations take it too).
class WriteTransaction
{
public:
    explicit WriteTransaction(SqlWorkspaceStore::Private &d) : m_d(d) {}
    ~WriteTransaction();
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    Result<bool> begin(const QString &doing);
    // Sends the transaction's notices with the COMMIT.
    Result<bool> commit(const QString &doing);

private:
    SqlWorkspaceStore::Private &m_d;
    bool m_active = false;
};

} // namespace sqlstore

} // namespace rd
