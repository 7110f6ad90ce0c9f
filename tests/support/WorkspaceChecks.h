#pragma once

// What the workspace fault tests check afterwards: SQLite's own verdict on a
// file, and which comments `reviewdesk-cli judge` said it stored.

#include <QByteArray>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

namespace rd::test {

// PRAGMA integrity_check through a connection of its own ("ok" when sound).
inline QString integrityCheck(const QString &path)
{
    const QString name = QStringLiteral("integrity");
    QString result;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(QStringLiteral("PRAGMA integrity_check")) && q.next())
                result = q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return result;
}

// The ids of judge's "stored ID" lines.
inline QSet<qint64> storedIds(const QByteArray &out)
{
    QSet<qint64> ids;
    for (const QByteArray &line : out.split('\n'))
        if (line.startsWith("stored "))
            ids.insert(line.mid(7).toLongLong());
    return ids;
}

} // namespace rd::test
