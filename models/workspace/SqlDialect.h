#pragma once

// What the workspace store does differently on SQLite and on PostgreSQL, in
// one place. The store's SQL is shared (portable types, UPDATE-then-INSERT
// instead of upserts); everything else is asked of the store's dialect:
//   - connecting and the schema version (a file's PRAGMA user_version with
//     its checks, or a server's workspace_info row), and the auto-numbered
//     id column of the schema;
//   - errors in the user's words (SQLite's result codes, SQLSTATEs);
//   - how values reach a statement (bound, or written in for one round trip)
//     and how a new row's id is read (last insert id, RETURNING);
//   - locks: the writers' lock (BEGIN IMMEDIATE, an advisory lock), the
//     claims' row locks (FOR UPDATE SKIP LOCKED);
//   - notifications (LISTEN/NOTIFY, or polling where there are none);
//   - the catalogue, for copying a workspace (sqlite_master and PRAGMA
//     table_info, or pg_class and information_schema), and the id sequence.
// SqlDialectSqlite.cpp and SqlDialectPostgres.cpp hold the two. Internal to
// models/, like SqlWorkspaceStorePrivate.h.

#include "SqlWorkspaceStore.h"

#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QVariantList>

#include <memory>
#include <optional>

class QSqlDatabase;
class QSqlError;

namespace rd::sqlstore {

// How long a writer waits for another process's transaction to finish.
constexpr int BusyTimeoutMs = 5000;

// A name for a new Qt SQL connection, unique in this process.
QString newConnectionName();

class SqlDialect
{
public:
    virtual ~SqlDialect() = default;

    // PostgreSQL for "postgresql://…" and "postgres://…", SQLite otherwise.
    static bool isServerLocation(const QString &location);
    static std::unique_ptr<SqlDialect> forLocation(const QString &location);

    virtual bool onServer() const = 0;

    // Connects `d` again after its server went away (Error::Fault::ServerLost),
    // with the settings and notifications it had; nothing to do for a file.
    virtual Result<bool> reconnect(SqlWorkspaceStore::Private &d) const = 0;

    // Connects `d` to `location` and makes it a workspace of the newest
    // schema, migrating an older one; with `createAtVersion` (> 0) a new
    // workspace of that version, refusing one that exists.
    virtual Result<bool> open(SqlWorkspaceStore::Private &d, const QString &location, SqlWorkspaceStore::Mode mode,
                              int createAtVersion) const = 0;
    // SqlWorkspaceStore::checkIntegrity: damage in a file, on a connection of its own.
    virtual Result<std::optional<QString>> checkIntegrity(const QString &location) const = 0;
    // The type of the schema's auto-numbered primary key columns (%ID%).
    virtual QString idColumn() const = 0;

    // The message for a failed statement: what the user can do about it.
    virtual Error error(const QSqlError &e, const QString &doing, const QString &location) const = 0;
    // Runs `sql` with its `?` bound to `values`, forward only.
    virtual Result<QSqlQuery> exec(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values,
                                   const QString &doing) const;
    // Runs an INSERT into a table with an `id` column; the new row's id.
    virtual Result<qint64> insert(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values,
                                  const QString &doing) const = 0;

    // Begins a transaction that holds the writers' lock: one writer at a
    // time, the store's read-then-write steps rely on it. Readers never wait.
    virtual QString beginWrite() const = 0;
    // Begins a claim's transaction: it locks only the rows it takes (see
    // lockRows), and its commit need not reach the disk (a lost claim is a
    // lease run out).
    virtual QString beginClaim() const = 0;
    // What a SELECT ends with to lock the rows it reads until the commit;
    // `skipLocked` passes over rows another transaction holds.
    virtual QString lockRows(bool skipLocked) const = 0;

    // The statement that tells the other clients `payload` on `channel`
    // when the transaction commits; none where there are no other clients
    // to tell.
    virtual std::optional<QString> notice(const QSqlDatabase &db, const QString &channel, const QString &payload) const = 0;
    // Subscribes `db` to `channel`'s notices (QSqlDriver::notification);
    // false where there are none.
    virtual bool listen(const QSqlDatabase &db, const QString &channel) const = 0;
    // Waits at most `maxMs` for a notice on `channel`, or as long as it is
    // sensible to wait before looking again where there are none.
    // `listening` is the connection's: whether it subscribed already.
    virtual void waitForNotice(const QSqlDatabase &db, const QString &channel, int maxMs, bool &listening) const = 0;
    // Where there are no notices: a number that changes whenever another
    // connection commits, and never for this connection's own commits
    // (SQLite's PRAGMA data_version); empty where notices tell instead.
    virtual std::optional<qint64> dataVersion(const QSqlDatabase &db) const = 0;

    // The workspace's tables in the order they were made, which is an order
    // their foreign keys allow.
    virtual Result<QStringList> tables(const SqlWorkspaceStore::Private &d) const = 0;
    virtual Result<QStringList> columns(const SqlWorkspaceStore::Private &d, const QString &table) const = 0;
    // After rows were copied into `table` with their ids: new rows are
    // numbered after them.
    virtual Result<bool> restartIds(const SqlWorkspaceStore::Private &d, const QString &table) const = 0;
};

// The two dialects (SqlDialectSqlite.cpp, SqlDialectPostgres.cpp).
std::unique_ptr<SqlDialect> sqliteDialect();
std::unique_ptr<SqlDialect> postgresDialect();

} // namespace rd::sqlstore
