#include "TestPostgres.h"

#include <QCoreApplication>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QUrl>

#include <atomic>

namespace rd::testpg {

QString server(QString *why)
{
    const QString url = qEnvironmentVariable("REVIEWDESK_TEST_PG");
    if (url.isEmpty() && why)
        *why = QStringLiteral("no PostgreSQL server for the tests (REVIEWDESK_TEST_PG is not set; scripts/test.sh starts one with scripts/pg-throwaway.sh)");
    return url;
}

bool required()
{
    return qEnvironmentVariable("CI") == QLatin1String("true");
}

QString freshDatabase(QString *why)
{
    const QString maintenance = server(why);
    if (maintenance.isEmpty())
        return {};
    static std::atomic<int> counter{0};
    const QString name = QStringLiteral("rd_test_%1_%2").arg(QCoreApplication::applicationPid()).arg(counter.fetch_add(1));
    const QString connection = QStringLiteral("rd-testpg-%1").arg(name);
    QString error;
    {
        const QUrl url(maintenance);
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connection);
        db.setHostName(url.host());
        db.setPort(url.port(5432));
        db.setUserName(url.userName());
        db.setDatabaseName(url.path().mid(1));
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            QSqlQuery q(db);
            if (!q.exec(QStringLiteral("CREATE DATABASE %1").arg(name)))
                error = q.lastError().text();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    if (!error.isEmpty()) {
        if (why)
            *why = QStringLiteral("the PostgreSQL server %1 did not make a database: %2").arg(maintenance, error);
        return {};
    }
    QUrl url(maintenance);
    url.setPath(QLatin1Char('/') + name);
    return url.toString();
}

} // namespace rd::testpg
