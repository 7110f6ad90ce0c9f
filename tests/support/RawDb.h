#pragma once

#include <SqlWorkspaceStore.h>

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <QVariant>

namespace rd::test {

// A raw connection next to the store's, to look at what is really on disk.
class RawDb
{
public:
    explicit RawDb(const QString &path) : m_name(QStringLiteral("raw-%1").arg(++counter))
    {
        if (SqlWorkspaceStore::isServerLocation(path)) {
            const QUrl url(path);
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), m_name);
            db.setHostName(url.host());
            db.setPort(url.port(5432));
            db.setUserName(url.userName());
            db.setDatabaseName(url.path().mid(1));
            db.open();
            m_server = true;
            return;
        }
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), m_name);
        db.setDatabaseName(path);
        db.open();
    }
    // PRAGMA user_version on SQLite, workspace_info on PostgreSQL.
    int schemaVersion() const
    {
        return m_server ? value(QStringLiteral("SELECT value FROM workspace_info WHERE name = 'schema_version'")).toString().toInt()
                        : value(QStringLiteral("PRAGMA user_version")).toInt();
    }
    bool setSchemaVersion(int version) const
    {
        return m_server ? exec(QStringLiteral("UPDATE workspace_info SET value = '%1' WHERE name = 'schema_version'").arg(version))
                        : exec(QStringLiteral("PRAGMA user_version = %1").arg(version));
    }
    bool hasTable(const QString &table) const
    {
        return m_server ? value(QStringLiteral("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '%1'").arg(table)).toInt() == 1
                        : value(QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '%1'").arg(table)).toInt() == 1;
    }
    ~RawDb()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(m_name, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_name);
    }
    QVariant value(const QString &sql) const
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0);
    }
    // SQLite's EXPLAIN QUERY PLAN details, one a line.
    QString plan(const QString &sql) const
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        QStringList details;
        if (q.exec(QStringLiteral("EXPLAIN QUERY PLAN ") + sql))
            while (q.next())
                details << q.value(3).toString();
        return details.join(QLatin1Char('\n'));
    }
    bool exec(const QString &sql) const
    {
        QSqlQuery q(QSqlDatabase::database(m_name));
        return q.exec(sql);
    }

private:
    static inline int counter = 0;
    QString m_name;
    bool m_server = false;
};

} // namespace rd::test
