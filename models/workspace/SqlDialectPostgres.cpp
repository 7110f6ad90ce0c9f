// The PostgreSQL dialect of the workspace store (SqlDialect.h), Qt SQL's
// QPSQL driver: a workspace in a database on a server, named by an address
// without a password; the writers' lock an advisory lock; the schema version
// in workspace_info; others' changes and finished claims as notifications.

#include "SqlDialect.h"
#include "SqlWorkspaceStorePrivate.h"

#include "ServerPassword.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProcessEnvironment>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QThread>
#include <QTimer>
#include <QUrl>
#include <QUrlQuery>

namespace rd::sqlstore {

namespace {

using Mode = SqlWorkspaceStore::Mode;

// A key for PostgreSQL's advisory locks: one writer at a time (the store's
// read-then-write steps rely on it, as they do on SQLite's write lock).
constexpr qint64 WriterLock = 0x5244'5752'4954'4552; // "RDWRITER"

// PostgreSQL's failures in the user's words, by SQLSTATE.
Error postgresError(const QSqlError &e, const QString &doing, const QString &location)
{
    const QString state = e.nativeErrorCode();
    const QString text = e.databaseText().trimmed().isEmpty() ? e.text().trimmed() : e.databaseText().trimmed();
    // The server went away: connection errors (08), the server shutting down
    // (57P01 admin, 57P02 crash, 57P03 not yet accepting), and libpq's own
    // failures, which carry no SQLSTATE (every error the server sends has
    // one): "server closed the connection unexpectedly", "no connection".
    if (state.startsWith(QLatin1String("08")) || state.startsWith(QLatin1String("57P0")) || state.isEmpty())
        return {Error::Kind::Workspace,
                QCoreApplication::translate("rd::models", "cannot %1 in %2: the connection to the server failed (%3); check that the server is running").arg(doing, location, text),
                Error::Fault::ServerLost};
    if (state == QLatin1String("40001") || state == QLatin1String("40P01"))
        return workspaceError(QCoreApplication::translate("rd::models", "cannot %1 in %2: another client's change got in the way; try again").arg(doing, location));
    if (state == QLatin1String("55P03") || state == QLatin1String("57014"))
        return workspaceError(QCoreApplication::translate("rd::models", "cannot %1 in %2: another client held the workspace too long; try again").arg(doing, location));
    if (state == QLatin1String("42501"))
        return workspaceError(QCoreApplication::translate("rd::models", "cannot %1 in %2: the server's user has no right to (%3); ask the database's administrator")
                                  .arg(doing, location, text));
    if (state == QLatin1String("53100"))
        return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot write %1: the server's disk is full").arg(location), Error::Fault::DiskFull};
    return workspaceError(QCoreApplication::translate("rd::models", "cannot %1 in %2: %3").arg(doing, location, text));
}

// A statement with its values written in, for PostgreSQL: QPSQL runs a
// prepared statement as PREPARE, EXECUTE with the values written in by
// the driver's formatValue(), and DEALLOCATE — three round trips to the
// server where one does. The values are formatted exactly as QPSQL's
// EXECUTE formats them (the driver's escaping); only the `?` of the
// statement itself are replaced, never one inside a quoted literal or
// inside a value.
Result<QString> withValues(const QSqlDatabase &db, const QString &sql, const QVariantList &values)
{
    QString out;
    out.reserve(sql.size() + values.size() * 8);
    qsizetype next = 0;
    qsizetype places = 0;
    QChar quote;
    for (const QChar c : sql) {
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            out += c;
        } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
            quote = c;
            out += c;
        } else if (c == QLatin1Char('?')) {
            if (++places > values.size())
                continue;
            const QVariant v = bindable(values[next++]);
            QSqlField field(QString(), v.metaType());
            if (!v.isNull())
                field.setValue(v);
            out += db.driver()->formatValue(field);
        } else {
            out += c;
        }
    }
    if (places != values.size())
        return Error{Error::Kind::Internal, QStringLiteral("the statement has %1 places for %2 values: %3").arg(places).arg(values.size()).arg(sql)};
    return out;
}

// Waiting for another writer is bounded: a client that hangs in a
// transaction shows as a message, not as a frozen window.
Result<bool> configureSession(SqlWorkspaceStore::Private &d)
{
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("SET lock_timeout = '%1ms'").arg(BusyTimeoutMs * 6)))
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    return true;
}

// Connects to the server named by `location`; d.path becomes the address
// without any password, for titles and messages.
Result<bool> connectServer(SqlWorkspaceStore::Private &d, const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    if (!url.isValid() || url.path().size() < 2 || url.path().indexOf(QLatin1Char('/'), 1) >= 0)
        return workspaceError(QCoreApplication::translate("rd::models", "'%1' is not a workspace address; write postgresql://USER@HOST:PORT/DATABASE")
                                  .arg(QUrl(location).toString(QUrl::RemovePassword)));
    // A password written into the address would end up in shell histories,
    // recent-file lists and messages.
    if (!url.password().isEmpty())
        return workspaceError(QCoreApplication::translate("rd::models", "the workspace address contains a password; remove it and set PGPASSWORD or put it in ~/.pgpass"));
    d.path = url.toString(QUrl::RemovePassword | QUrl::RemoveQuery);
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return workspaceError(QCoreApplication::translate("rd::models", "Qt's PostgreSQL driver (QPSQL, Debian package libqt6sql6-psql) is not installed"));
    QStringList options{QStringLiteral("connect_timeout=10"), QStringLiteral("application_name=ReviewDesk")};
    QString host = url.host();
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1String("host")) // a socket folder, as libpq's own URLs allow
            host = value;
        else if (key == QLatin1String("sslmode"))
            options << QStringLiteral("sslmode=%1").arg(value);
        else
            return workspaceError(QCoreApplication::translate("rd::models", "unknown setting '%1' in the workspace address %2 (known: host, sslmode)").arg(key, d.path));
    }
    d.connection = newConnectionName();
    d.db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), d.connection);
    if (!host.isEmpty())
        d.db.setHostName(host);
    if (url.port() > 0)
        d.db.setPort(url.port());
    if (!url.userName().isEmpty())
        d.db.setUserName(url.userName());
    d.db.setDatabaseName(url.path().mid(1));
    d.db.setConnectOptions(options.join(QLatin1Char(';')));
    // libpq reads PGPASSWORD and ~/.pgpass itself; the keyring is asked only
    // when the server wants a password that neither gave.
    bool opened = d.db.open();
    if (!opened && d.db.lastError().text().contains(QLatin1String("password")))
        if (const auto password = server_password::lookUp(url, QProcessEnvironment::systemEnvironment(), server_password::keyring())) {
            d.db.setPassword(*password);
            opened = d.db.open();
        }
    if (!opened) {
        const QString text = d.db.lastError().databaseText().trimmed().isEmpty() ? d.db.lastError().text().trimmed() : d.db.lastError().databaseText().trimmed();
        if (text.contains(QLatin1String("password")))
            return workspaceError(QCoreApplication::translate("rd::models", "the server refused %1: %2; set PGPASSWORD, put the password in ~/.pgpass or in your keyring (File ▸ Open Workspace on a Server…, Remember in keyring)").arg(d.path, text.simplified()));
        return workspaceError(QCoreApplication::translate("rd::models", "cannot connect to %1: %2").arg(d.path, text.simplified()));
    }
    return configureSession(d);
}

// Connects again to the server of `d` after it went away: QPSQL keeps the
// broken connection "open", only closing and opening it reaches the server
// that came back. The session's settings and the notifications it listened
// to (others' changes, finished claims) are set up again.
Result<bool> reconnectServer(SqlWorkspaceStore::Private &d)
{
    const QStringList channels = d.db.driver()->subscribedToNotifications();
    d.db.close();
    if (!d.db.open()) {
        const QSqlError e = d.db.lastError();
        const QString text = e.databaseText().trimmed().isEmpty() ? e.text().trimmed() : e.databaseText().trimmed();
        return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot connect to %1: %2").arg(d.path, text.simplified()),
                     Error::Fault::ServerLost};
    }
    if (auto configured = configureSession(d); !configured)
        return configured.error();
    for (const QString &channel : channels)
        if (!d.db.driver()->subscribeToNotification(channel))
            return Error{Error::Kind::Workspace,
                         QCoreApplication::translate("rd::models", "cannot listen to the changes of %1 again: %2").arg(d.path, d.db.driver()->lastError().text()),
                         Error::Fault::ServerLost};
    return true;
}

// The schema version kept in workspace_info (PostgreSQL has no user_version);
// 0 for a database without our tables, -1 for one with other tables.
Result<int> serverVersion(const SqlWorkspaceStore::Private &d)
{
    const QString doing = QCoreApplication::translate("rd::models", "read the workspace version");
    auto tables = d.scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema()", {}, doing);
    if (!tables)
        return tables.error();
    if (tables->toInt() == 0)
        return 0;
    auto hasInfo = d.scalar("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'workspace_info'", {}, doing);
    if (!hasInfo)
        return hasInfo.error();
    if (hasInfo->toInt() != 1)
        return -1;
    auto application = d.scalar("SELECT value FROM workspace_info WHERE name = 'application'", {}, doing);
    if (!application)
        return application.error();
    if (application->toString() != QLatin1String("ReviewDesk"))
        return -1;
    auto version = d.scalar("SELECT value FROM workspace_info WHERE name = 'schema_version'", {}, doing);
    if (!version)
        return version.error();
    bool ok = false;
    const int v = version->toString().toInt(&ok);
    return ok && v > 0 ? v : -1;
}

// Opens the workspace in the database at `location` (see SqlDialect::open).
Result<bool> openServer(SqlWorkspaceStore::Private &d, const QString &location, Mode mode, int createAtVersion)
{
    if (auto connected = connectServer(d, location); !connected)
        return connected.error();
    const QString doing = QCoreApplication::translate("rd::models", "update the workspace");
    // The writers' lock: two clients opening an old workspace at once
    // migrate it once, the second finds it done.
    WriteTransaction t(d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto version = serverVersion(d);
    if (!version)
        return version.error();
    if (*version < 0)
        return workspaceError(QCoreApplication::translate("rd::models", "the database %1 holds other tables, not a ReviewDesk workspace").arg(d.path));
    if (*version > SqlWorkspaceStore::SchemaVersion)
        return workspaceError(QCoreApplication::translate("rd::models", "%1 was written by a newer ReviewDesk (workspace version %2; this program knows up to %3); update ReviewDesk to open it")
                                  .arg(d.path)
                                  .arg(*version)
                                  .arg(SqlWorkspaceStore::SchemaVersion));
    if (*version == 0 && mode == Mode::OpenExisting)
        return workspaceError(QCoreApplication::translate("rd::models", "no workspace in the database %1 yet; make one there (for example with reviewdesk-cli workspace copy)").arg(d.path));
    if (createAtVersion > 0 && *version != 0)
        return usage(QCoreApplication::translate("rd::models", "%1 exists already").arg(d.path));
    d.openedAt = *version;
    const int target = createAtVersion > 0 ? createAtVersion : SqlWorkspaceStore::SchemaVersion;
    if (auto done = d.migrate(*version, target); !done)
        return done.error();
    if (*version < target) {
        auto q = d.exec("UPDATE workspace_info SET value = ? WHERE name = 'schema_version'", {QString::number(target)}, doing);
        if (!q)
            return q.error();
        if (q->numRowsAffected() == 0)
            if (auto inserted = d.exec("INSERT INTO workspace_info (name, value) VALUES ('schema_version', ?)", {QString::number(target)}, doing); !inserted)
                return inserted.error();
    }
    return t.commit(doing);
}

class PostgresDialect final : public SqlDialect
{
public:
    bool onServer() const override { return true; }

    Result<bool> reconnect(SqlWorkspaceStore::Private &d) const override { return reconnectServer(d); }

    Result<bool> open(SqlWorkspaceStore::Private &d, const QString &location, Mode mode, int createAtVersion) const override
    {
        return openServer(d, location, mode, createAtVersion);
    }
    // The server keeps its own files whole (and has no quick_check).
    Result<std::optional<QString>> checkIntegrity(const QString &) const override { return std::optional<QString>(); }

    QString idColumn() const override { return QStringLiteral("BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"); }

    Error error(const QSqlError &e, const QString &doing, const QString &location) const override { return postgresError(e, doing, location); }

    Result<QSqlQuery> exec(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values, const QString &doing) const override
    {
        if (values.isEmpty())
            return SqlDialect::exec(d, sql, values, doing);
        auto written = withValues(d.db, sql, values);
        if (!written)
            return Error{Error::Kind::Internal, QCoreApplication::translate("rd::models", "cannot %1 in %2: %3").arg(doing, d.path, written.error().message)};
        QSqlQuery q(d.db);
        q.setForwardOnly(true);
        if (!q.exec(*written))
            return d.error(q.lastError(), doing);
        return q;
    }

    // PostgreSQL says the new row's id with RETURNING.
    Result<qint64> insert(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values, const QString &doing) const override
    {
        auto q = exec(d, sql + QStringLiteral(" RETURNING id"), values, doing);
        if (!q)
            return q.error();
        if (!q->next())
            return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: the server did not say the new row's id").arg(doing, d.path)};
        return q->value(0).toLongLong();
    }

    // BEGIN and the writers' lock in one round trip to the server.
    QString beginWrite() const override { return QStringLiteral("BEGIN; SELECT pg_advisory_xact_lock(%1)").arg(WriterLock); }
    // Claims do not take the writers' lock: each locks the one claim row it
    // takes and skips the rows others hold, so workers never wait for one
    // another. A claim is only a lease: one lost when the server crashes
    // makes its merge request free again, which a lease running out does
    // anyway. So its commit does not wait for the disk.
    QString beginClaim() const override { return QStringLiteral("BEGIN; SET LOCAL synchronous_commit TO OFF"); }
    QString lockRows(bool skipLocked) const override
    {
        return skipLocked ? QStringLiteral(" FOR UPDATE SKIP LOCKED") : QStringLiteral(" FOR UPDATE");
    }

    std::optional<QString> notice(const QSqlDatabase &db, const QString &channel, const QString &payload) const override
    {
        auto statement = withValues(db, QStringLiteral("SELECT pg_notify('%1', ?)").arg(channel), {payload});
        if (!statement)
            return std::nullopt;
        return *statement;
    }

    bool listen(const QSqlDatabase &db, const QString &channel) const override { return db.driver()->subscribeToNotification(channel); }

    void waitForNotice(const QSqlDatabase &db, const QString &channel, int maxMs, bool &listening) const override
    {
        QSqlDriver *driver = db.driver();
        if (!listening)
            listening = listen(db, channel);
        if (!listening) {
            QThread::msleep(static_cast<unsigned long>(maxMs));
            return;
        }
        // The driver reads notifications from this thread's event loop. One
        // that came in during the caller's last query is only seen at the
        // next one, so `maxMs` stays the bound.
        QEventLoop loop;
        QTimer timer;
        timer.setSingleShot(true);
        QObject::connect(&timer, &QTimer::timeout, &loop, &QEventLoop::quit);
        QObject::connect(driver, &QSqlDriver::notification, &loop, [&loop, channel](const QString &name) {
            if (name == channel)
                loop.quit();
        });
        timer.start(maxMs);
        loop.exec();
    }
    // LISTEN/NOTIFY tells (watchChanges).
    std::optional<qint64> dataVersion(const QSqlDatabase &) const override { return std::nullopt; }

    Result<QStringList> tables(const SqlWorkspaceStore::Private &d) const override
    {
        return allRows<QString>(d.exec("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                                       " WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.oid",
                                       {}, QCoreApplication::translate("rd::models", "read the workspace's tables")),
                                [](QSqlQuery &row) { return row.value(0).toString(); });
    }

    Result<QStringList> columns(const SqlWorkspaceStore::Private &d, const QString &table) const override
    {
        return allRows<QString>(d.exec("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
                                       {table}, QCoreApplication::translate("rd::models", "read the workspace's tables")),
                                [](QSqlQuery &row) { return row.value(0).toString(); });
    }

    // New rows are numbered from a sequence that copied ids did not move:
    // start it after them.
    Result<bool> restartIds(const SqlWorkspaceStore::Private &d, const QString &table) const override
    {
        QSqlQuery q(d.db);
        if (!q.exec(QStringLiteral("SELECT setval(pg_get_serial_sequence('%1', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM %1), false)").arg(table)))
            return d.error(q.lastError(), QCoreApplication::translate("rd::models", "copy the workspace"));
        return true;
    }
};

} // namespace

std::unique_ptr<SqlDialect> postgresDialect()
{
    return std::make_unique<PostgresDialect>();
}

} // namespace rd::sqlstore
