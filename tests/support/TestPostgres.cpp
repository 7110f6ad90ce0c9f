#include "TestPostgres.h"

#include <QCoreApplication>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTest>
#include <QUrl>

#include <atomic>

namespace rd::testpg {

void addBackendRows()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

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

namespace {

QString freshDatabaseOn(const QString &maintenance, QString *why)
{
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

} // namespace

QString freshDatabase(QString *why)
{
    const QString maintenance = server(why);
    if (maintenance.isEmpty())
        return {};
    return freshDatabaseOn(maintenance, why);
}

OwnServer::OwnServer()
{
    QByteArray out;
    if (!script({QStringLiteral("start")}, &out))
        return;
    // The script prints shell exports: REVIEWDESK_PG_DIR='…' and REVIEWDESK_TEST_PG='…'.
    for (const QByteArray &line : out.split('\n')) {
        const QString text = QString::fromUtf8(line).trimmed();
        const auto value = [&text] { return text.section(QLatin1Char('\''), 1, 1); };
        if (text.startsWith(QLatin1String("export REVIEWDESK_PG_DIR=")))
            m_dir = value();
        else if (text.startsWith(QLatin1String("export REVIEWDESK_TEST_PG=")))
            m_address = value();
    }
    if (m_address.isEmpty())
        m_why = QStringLiteral("scripts/pg-throwaway.sh start printed no address: ") + QString::fromUtf8(out);
}

OwnServer::~OwnServer()
{
    if (!m_dir.isEmpty())
        script({QStringLiteral("stop"), m_dir});
}

QString OwnServer::freshDatabase()
{
    return freshDatabaseOn(m_address, &m_why);
}

bool OwnServer::down()
{
    return script({QStringLiteral("down"), m_dir});
}

bool OwnServer::up()
{
    return script({QStringLiteral("up"), m_dir});
}

bool OwnServer::script(const QStringList &arguments, QByteArray *out)
{
    QProcess p;
    p.start(QStringLiteral("bash"), QStringList{QStringLiteral(REVIEWDESK_PG_THROWAWAY)} + arguments);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        m_why = QStringLiteral("scripts/pg-throwaway.sh %1 failed: %2").arg(arguments.join(QLatin1Char(' ')), QString::fromUtf8(p.readAllStandardError()).trimmed());
        return false;
    }
    if (out)
        *out = p.readAllStandardOutput();
    return true;
}

} // namespace rd::testpg
