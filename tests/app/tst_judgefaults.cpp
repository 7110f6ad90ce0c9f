// reviewdesk-cli judge under faults: its PostgreSQL server taken away and
// brought back (it reconnects and stores every line, printing `stored` only
// after each commit), a server that stays away (it gives up after its tries,
// saying so), and a full disk under an SQLite workspace (it stops with a
// clear message; what it printed as stored is in the file).

#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>
#include <WorkspaceChecks.h>

#include "SessionFixture.h"

#include <QDir>
#include <QProcess>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace rd;
using rd::test::integrityCheck;
using rd::test::storedIds;

namespace {

// A workspace at `location` with one merge request of `count` comments; their ids.
QList<qint64> makeWorkspace(const QString &location, int count)
{
    auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return {};
    QList<ReviewComment> comments;
    for (int i = 0; i < count; ++i)
        comments << test::commentAt(QStringLiteral("a.cpp"), 1 + i, QStringLiteral("issue %1").arg(i));
    const qint64 mr = test::addReviewedMergeRequest(**store, QStringLiteral("topic"), comments);
    QList<qint64> ids;
    if (auto stored = (*store)->comments(); mr && stored)
        for (const StoredComment &c : *stored)
            ids << c.id;
    return ids;
}

QByteArray line(qint64 comment, const QString &critique = QStringLiteral("fine"))
{
    return QStringLiteral(R"({"comment": %1, "verdict": "accept", "critique": "%2"})").arg(comment).arg(critique).toUtf8() + '\n';
}

QSet<qint64> judgedInWorkspace(const QString &location)
{
    QSet<qint64> ids;
    auto store = SqlWorkspaceStore::open(location);
    if (store)
        if (auto all = (*store)->judgements({}, QStringLiteral("alice")))
            for (const Judgement &j : *all)
                ids.insert(j.comment);
    return ids;
}

// Reads the judge's output until `count` lines say `stored` (or it ended).
bool waitForStored(QProcess &judge, QByteArray &out, int count)
{
    while (storedIds(out).size() < count) {
        if (judge.state() != QProcess::Running || !judge.waitForReadyRead(120000))
            return false;
        out += judge.readAllStandardOutput();
    }
    return true;
}

// `reviewdesk-cli judge` as alice, with its reconnect tries (none given: its defaults).
void startJudge(QProcess &judge, const QString &location, int retries = -1, int retryDelayMs = -1)
{
    QStringList arguments{QStringLiteral("judge"), QStringLiteral("--workspace"), location, QStringLiteral("--annotator"), QStringLiteral("alice")};
    if (retries >= 0)
        arguments << QStringLiteral("--retries") << QString::number(retries) << QStringLiteral("--retry-delay") << QString::number(retryDelayMs);
    judge.start(QStringLiteral(REVIEWDESK_CLI), arguments);
}

} // namespace

class JudgeFaultsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void judgeReconnectsAfterTheServerComesBackAndStoresEveryLine()
    {
        testpg::OwnServer server;
        RD_REQUIRE_OWN_POSTGRES(server);
        const QString location = server.freshDatabase();
        QVERIFY2(!location.isEmpty(), qPrintable(server.why()));
        const QList<qint64> ids = makeWorkspace(location, 6);
        QCOMPARE(ids.size(), 6);

        QProcess judge;
        startJudge(judge, location, 1000, 20);
        QVERIFY(judge.waitForStarted());
        QByteArray out;
        for (int i = 0; i < 3; ++i)
            judge.write(line(ids.at(i)));
        QVERIFY2(waitForStored(judge, out, 3), judge.readAllStandardError().constData());

        QVERIFY2(server.down(), qPrintable(server.why()));
        judge.write(line(ids.at(3)));
        // It met the fault: it says so on stderr, and has not printed `stored`.
        QByteArray err;
        judge.setReadChannel(QProcess::StandardError);
        while (!err.contains("the server went away")) {
            QVERIFY2(judge.waitForReadyRead(120000), err.constData());
            err += judge.readAllStandardError();
        }
        judge.setReadChannel(QProcess::StandardOutput);
        out += judge.readAllStandardOutput();
        QCOMPARE(storedIds(out).size(), 3);
        QVERIFY2(server.up(), qPrintable(server.why()));
        judge.write(line(ids.at(4)));
        judge.write(line(ids.at(5)));
        judge.closeWriteChannel();
        QVERIFY(judge.waitForFinished(300000));
        out += judge.readAllStandardOutput();
        err += judge.readAllStandardError();
        QVERIFY2(judge.exitStatus() == QProcess::NormalExit && judge.exitCode() == 0, err.constData());
        const QSet<qint64> all(ids.cbegin(), ids.cend());
        QCOMPARE(storedIds(out), all);
        QCOMPARE(judgedInWorkspace(location), all);
        qInfo("judge across a server restart: %lld lines, %lld stored, %lld lost", static_cast<long long>(all.size()),
              static_cast<long long>(judgedInWorkspace(location).size()), static_cast<long long>(all.size() - judgedInWorkspace(location).size()));
    }

    void judgeGivesUpAfterItsTriesWhenTheServerStaysAway()
    {
        testpg::OwnServer server;
        RD_REQUIRE_OWN_POSTGRES(server);
        const QString location = server.freshDatabase();
        QVERIFY2(!location.isEmpty(), qPrintable(server.why()));
        const QList<qint64> ids = makeWorkspace(location, 2);
        QCOMPARE(ids.size(), 2);

        QProcess judge;
        startJudge(judge, location, 3, 10);
        QVERIFY(judge.waitForStarted());
        QByteArray out;
        judge.write(line(ids.at(0)));
        QVERIFY(waitForStored(judge, out, 1));
        QVERIFY2(server.down(), qPrintable(server.why()));
        judge.write(line(ids.at(1)));
        judge.closeWriteChannel();
        QVERIFY(judge.waitForFinished(300000));
        out += judge.readAllStandardOutput();
        const QByteArray err = judge.readAllStandardError();
        QCOMPARE(judge.exitCode(), 3);
        QVERIFY2(err.contains("line 2: not stored; gave up after 3 tries to reconnect"), err.constData());
        QCOMPARE(err.count("reconnecting in"), 3);
        QCOMPARE(storedIds(out), (QSet<qint64>{ids.at(0)}));
        QVERIFY2(server.up(), qPrintable(server.why()));
        QCOMPARE(judgedInWorkspace(location), (QSet<qint64>{ids.at(0)}));
    }

    void judgeOnAFullDiskStopsWithAClearMessageAndPrintsOnlyWhatIsStored()
    {
        // A small file system of the test's own, where it may mount one.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString mount = dir.filePath(QStringLiteral("small"));
        QVERIFY(QDir().mkpath(mount));
        if (geteuid() != 0 || QProcess::execute(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                                                           QStringLiteral("size=1m"), QStringLiteral("tmpfs"), mount})
                                  != 0)
            QSKIP("cannot mount a small file system here (needs root and mount rights); the session's fault tests inject SQLITE_FULL instead");
        const auto unmount = qScopeGuard([&mount] { QProcess::execute(QStringLiteral("umount"), {mount}); });
        const QString file = mount + QStringLiteral("/w.rdw");
        const QList<qint64> ids = makeWorkspace(file, 150);
        QCOMPARE(ids.size(), 150);

        // 150 critiques of 9 kB (with their undo steps) do not fit in 1 MB.
        QByteArray input;
        for (qint64 id : ids)
            input += line(id, QString(9000, QLatin1Char('x')));
        QProcess judge;
        startJudge(judge, file);
        QVERIFY(judge.waitForStarted());
        judge.write(input);
        judge.closeWriteChannel();
        QVERIFY(judge.waitForFinished(300000));
        const QByteArray out = judge.readAllStandardOutput();
        const QByteArray err = judge.readAllStandardError();
        QCOMPARE(judge.exitCode(), 3);
        QVERIFY2(err.contains("the disk is full"), err.constData());
        QVERIFY2(err.contains(file.toUtf8()), err.constData());
        const QSet<qint64> printed = storedIds(out);
        QVERIFY(!printed.isEmpty());
        QVERIFY(printed.size() < ids.size());
        QCOMPARE(judgedInWorkspace(file), printed);
        QCOMPARE(integrityCheck(file), QStringLiteral("ok"));
    }
};

QTEST_GUILESS_MAIN(JudgeFaultsTest)
#include "tst_judgefaults.moc"
