// The SQLite dialect of the workspace store (SqlDialect.h): a workspace in
// one file, opened only once it is known to be one; WAL journal and a busy
// time-out so that processes write in turn; the schema version in PRAGMA
// user_version; no notifications, so waiting workers poll.

#include "SqlDialect.h"
#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>

#include <algorithm>

namespace rd::sqlstore {

namespace {

using Mode = SqlWorkspaceStore::Mode;

// SQLite has no notifications: a waiting worker looks again this often.
const int ClaimPollMs = 100;

// SQLite's primary result codes (the low byte of the extended code Qt reports).
enum SqliteCode { Busy = 5, Locked = 6, ReadOnly = 8, IoError = 10, Corrupt = 11, Full = 13, CantOpen = 14, NotADb = 26 };

int sqliteCode(const QSqlError &e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}

// Refuses, before SQLite touches it, a file that cannot be a writable workspace.
Result<bool> checkFile(const QString &path, Mode mode, bool &isNew)
{
    const QString name = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    isNew = false;
    if (!info.exists()) {
        if (mode == Mode::OpenExisting)
            return workspaceError(QCoreApplication::translate("rd::models", "no workspace at %1").arg(name));
        const QFileInfo dir(info.absolutePath());
        if (!dir.isDir())
            return workspaceError(QCoreApplication::translate("rd::models", "cannot make a workspace at %1: the folder %2 does not exist").arg(name, QDir::toNativeSeparators(dir.filePath())));
        if (!dir.isWritable())
            return workspaceError(QCoreApplication::translate("rd::models", "cannot make a workspace at %1: the folder is read-only").arg(name));
        isNew = true;
        return true;
    }
    if (info.isDir())
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is a folder, not a workspace file").arg(name));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return workspaceError(QCoreApplication::translate("rd::models", "cannot read %1: %2").arg(name, file.errorString()));
    const QByteArray header = file.read(16);
    if (header.isEmpty() && info.size() == 0) {
        if (mode == Mode::OpenExisting)
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an empty file, not a ReviewDesk workspace").arg(name));
        isNew = true;
    } else if (header != QByteArray("SQLite format 3\0", 16)) {
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is not a ReviewDesk workspace (not an SQLite database)").arg(name));
    }
    // Honour a read-only flag even where the file system would let us write
    // (root): the user asked for it not to change.
    if (!info.isWritable() || !(info.permissions() & QFileDevice::WriteOwner))
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is read-only; copy it somewhere writable or change its permissions").arg(name));
    if (!QFileInfo(info.absolutePath()).isWritable())
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is in a read-only folder; the workspace needs to write its journal next to it").arg(name));
    return true;
}

// Read-only: the damage check's own connection, which must never make a
// file (SQLite creates a missing one) nor write to it.
enum class Access { ReadWrite, ReadOnly };

Result<bool> connect(SqlWorkspaceStore::Private &d, const QString &path, Access access = Access::ReadWrite)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return workspaceError(QCoreApplication::translate("rd::models", "Qt's SQLite driver (QSQLITE, Debian package libqt6sql6-sqlite) is not installed"));
    d.path = path;
    d.connection = newConnectionName();
    d.db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), d.connection);
    d.db.setDatabaseName(path);
    d.db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1%2").arg(BusyTimeoutMs).arg(access == Access::ReadOnly ? QStringLiteral(";QSQLITE_OPEN_READONLY") : QString()));
    if (!d.db.open())
        return d.error(d.db.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    return true;
}

// Only once the file is known to be a workspace (or new): this writes to it.
Result<bool> setJournal(SqlWorkspaceStore::Private &d)
{
    // WAL: readers never block the writer and a killed writer leaves a
    // journal SQLite replays. FULL: a commit is on disk when it returns.
    const QString path = d.path;
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !q.next())
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    if (q.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return workspaceError(QCoreApplication::translate("rd::models", "cannot open %1 for writing: it could not switch to write-ahead logging (journal mode %2)")
                                  .arg(QDir::toNativeSeparators(path), q.value(0).toString()));
    if (!q.exec(QStringLiteral("PRAGMA synchronous = FULL")))
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    return true;
}

// The damage PRAGMA quick_check finds, as the message that names it; none
// when the file is whole. An error: the check could not be made.
Result<std::optional<QString>> quickCheck(const SqlWorkspaceStore::Private &d)
{
    const auto damaged = [&d](const QString &what) {
        return std::optional<QString>(QCoreApplication::translate("rd::models", "%1 is damaged (%2); open a backup or make a new workspace")
                                          .arg(QDir::toNativeSeparators(d.path), what));
    };
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA quick_check")) || !q.next()) {
        // SQLITE_CORRUPT (11) or SQLITE_NOTADB (26): the check itself ran into the damage.
        const QString code = q.lastError().nativeErrorCode();
        if (code == QLatin1String("11") || code == QLatin1String("26"))
            return damaged(q.lastError().databaseText());
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "check the workspace"));
    }
    const QString answer = q.value(0).toString();
    return answer == QLatin1String("ok") ? std::optional<QString>() : damaged(answer);
}

Result<int> userVersion(const SqlWorkspaceStore::Private &d)
{
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "read the workspace version"));
    return q.value(0).toInt();
}

Result<bool> migrateFile(SqlWorkspaceStore::Private &d, int target)
{
    WriteTransaction t(d);
    if (auto begun = t.begin(QCoreApplication::translate("rd::models", "update the workspace")); !begun)
        return begun.error();
    // Read again under the lock: another process may have migrated meanwhile.
    auto version = userVersion(d);
    if (!version)
        return version.error();
    d.openedAt = *version; // what this client found, not what the other left
    if (auto done = d.migrate(*version, target); !done)
        return done.error();
    if (*version < target) {
        QSqlQuery q(d.db);
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(target)))
            return d.error(q.lastError(), QCoreApplication::translate("rd::models", "update the workspace"));
    }
    return t.commit(QCoreApplication::translate("rd::models", "update the workspace"));
}

// Opens the workspace file at `path` (see SqlDialect::open).
Result<bool> openFile(SqlWorkspaceStore::Private &d, const QString &path, Mode mode, int createAtVersion)
{
    bool isNew = false;
    if (createAtVersion > 0) {
        if (auto checked = checkFile(path, Mode::CreateIfMissing, isNew); !checked)
            return checked.error();
        if (!isNew)
            return usage(QCoreApplication::translate("rd::models", "%1 exists already").arg(path));
        if (auto connected = connect(d, path); !connected)
            return connected.error();
        if (auto journal = setJournal(d); !journal)
            return journal.error();
        return migrateFile(d, createAtVersion);
    }
    if (auto checked = checkFile(path, mode, isNew); !checked)
        return checked.error();
    if (auto connected = connect(d, path); !connected)
        return connected.error();
    const QString name = QDir::toNativeSeparators(path);

    auto version = userVersion(d);
    if (!version)
        return version.error();
    d.openedAt = *version;
    if (*version > SqlWorkspaceStore::SchemaVersion)
        return workspaceError(QCoreApplication::translate("rd::models", "%1 was written by a newer ReviewDesk (workspace version %2; this program knows up to %3); update ReviewDesk to open it")
                                  .arg(name)
                                  .arg(*version)
                                  .arg(SqlWorkspaceStore::SchemaVersion));
    if (*version == 0) {
        // Version 0 is a database nothing has been written to yet, or one of
        // another program: never turn the latter into a workspace.
        auto tables = d.scalar("SELECT COUNT(*) FROM sqlite_master", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!tables)
            return tables.error();
        if (tables->toInt() > 0 || (!isNew && mode == Mode::OpenExisting))
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
    } else {
        auto hasInfo = d.scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'workspace_info'", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!hasInfo)
            return hasInfo.error();
        if (hasInfo->toInt() != 1)
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
        auto application = d.scalar("SELECT value FROM workspace_info WHERE name = 'application'", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!application)
            return application.error();
        if (application->toString() != QLatin1String("ReviewDesk"))
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
        // Damage shows here rather than in the middle of someone's work.
        if (d.checkIntegrityNow) {
            const auto damage = quickCheck(d);
            if (!damage)
                return damage.error();
            if (*damage)
                return workspaceError(**damage);
        }
    }
    if (auto journal = setJournal(d); !journal)
        return journal.error();
    // Also the write probe: a workspace we could read but not write fails here.
    return migrateFile(d, SqlWorkspaceStore::SchemaVersion);
}

class SqliteDialect final : public SqlDialect
{
public:
    bool onServer() const override { return false; }

    // A full disk or a read-only file keeps the connection: the next
    // transaction finds the room or the right again.
    Result<bool> reconnect(SqlWorkspaceStore::Private &) const override { return true; }

    Result<bool> open(SqlWorkspaceStore::Private &d, const QString &path, Mode mode, int createAtVersion) const override
    {
        return openFile(d, path, mode, createAtVersion);
    }
    Result<std::optional<QString>> checkIntegrity(const QString &path) const override
    {
        SqlWorkspaceStore::Private d(std::make_unique<SqliteDialect>());
        if (auto connected = connect(d, path, Access::ReadOnly); !connected)
            return connected.error();
        return quickCheck(d);
    }

    QString idColumn() const override { return QStringLiteral("INTEGER PRIMARY KEY"); }

    Error error(const QSqlError &e, const QString &doing, const QString &location) const override
    {
        const QString name = QDir::toNativeSeparators(location);
        switch (sqliteCode(e)) {
        case Busy:
        case Locked:
            return {Error::Kind::Workspace,
                    QCoreApplication::translate("rd::models", "%1 is locked by another program that is using it (for more than %2 s); close that program or wait, and try again")
                        .arg(name)
                        .arg(BusyTimeoutMs / 1000)};
        case ReadOnly:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "%1 is read-only; copy it somewhere writable or change its permissions").arg(name),
                    Error::Fault::ReadOnly};
        case Corrupt:
        case NotADb:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "%1 is damaged (%2); open a backup or make a new workspace").arg(name, e.databaseText())};
        case Full:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot write %1: the disk is full").arg(name),
                    Error::Fault::DiskFull};
        case CantOpen:
        case IoError:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: the file or its folder cannot be read or written (%3)").arg(doing, name, e.databaseText())};
        default: break;
        }
        return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: %3").arg(doing, name, e.text())};
    }

    // SQLite tells the last row id.
    Result<qint64> insert(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values, const QString &doing) const override
    {
        auto q = exec(d, sql, values, doing);
        if (!q)
            return q.error();
        return q->lastInsertId().toLongLong();
    }

    // BEGIN IMMEDIATE takes the write lock at once, so a second process
    // waits (busy time-out) at the start instead of failing when it
    // upgrades a read.
    QString beginWrite() const override { return QStringLiteral("BEGIN IMMEDIATE"); }
    // SQLite has one writer at a time anyway.
    QString beginClaim() const override { return QStringLiteral("BEGIN IMMEDIATE"); }
    QString lockRows(bool) const override { return {}; }

    std::optional<QString> notice(const QSqlDatabase &, const QString &, const QString &) const override { return std::nullopt; }
    bool listen(const QSqlDatabase &, const QString &) const override { return false; }
    void waitForNotice(const QSqlDatabase &, const QString &, int maxMs, bool &) const override
    {
        QThread::msleep(static_cast<unsigned long>(std::min(maxMs, ClaimPollMs)));
    }

    std::optional<qint64> dataVersion(const QSqlDatabase &db) const override
    {
        QSqlQuery q(db);
        if (!q.exec(QStringLiteral("PRAGMA data_version")) || !q.next())
            return std::nullopt;
        return q.value(0).toLongLong();
    }

    Result<QStringList> tables(const SqlWorkspaceStore::Private &d) const override
    {
        return allRows<QString>(d.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid", {},
                                       QCoreApplication::translate("rd::models", "read the workspace's tables")),
                                [](QSqlQuery &row) { return row.value(0).toString(); });
    }

    Result<QStringList> columns(const SqlWorkspaceStore::Private &d, const QString &table) const override
    {
        return allRows<QString>(d.exec(QStringLiteral("PRAGMA table_info(\"%1\")").arg(table), QVariantList(),
                                       QCoreApplication::translate("rd::models", "read the workspace's tables")),
                                [](QSqlQuery &row) { return row.value(1).toString(); });
    }

    // A new row's id follows the largest there (INTEGER PRIMARY KEY).
    Result<bool> restartIds(const SqlWorkspaceStore::Private &, const QString &) const override { return true; }
};

} // namespace

std::unique_ptr<SqlDialect> sqliteDialect()
{
    return std::make_unique<SqliteDialect>();
}

} // namespace rd::sqlstore
