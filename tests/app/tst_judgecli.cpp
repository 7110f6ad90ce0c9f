// reviewdesk-cli judge and comments against a real workspace file: the
// documented stream protocol, bad lines, unusable workspaces, two writers at
// once, and a writer killed with SIGKILL at random moments, many times.
// Each on an SQLite file and on a PostgreSQL database (scripts/test.sh's
// throwaway server).

#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>
#include <WorkspaceChecks.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>

using namespace rd;
using rd::test::integrityCheck;
using rd::test::storedIds;

namespace {

using CliRun = test::GitOutput;

CliRun cli(const QStringList &arguments, const QByteArray &input = {})
{
    test::ProcessRun run;
    run.input = input;
    return test::runCli(arguments, run);
}

QByteArray judgementLine(qint64 comment, int n)
{
    static const char *const verdicts[] = {"accept", "reject", "unsure"};
    return QStringLiteral(R"({"comment": %1, "verdict": "%2", "q3": %3, "critique": "line %4"})")
               .arg(comment)
               .arg(QLatin1String(verdicts[n % 3]))
               .arg(1 + n % 7)
               .arg(n)
               .toUtf8()
        + '\n';
}

} // namespace

class JudgeCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void judgeStoresGoodLinesAndNamesBadOnes();
    void commentsListsEveryJudgement();
    void unusableWorkspaceIsExitThree_data();
    void unusableWorkspaceIsExitThree();
    void workspaceLockedByALiveProcessIsExitThree();
    void twoWritersAtOnceLoseNothing();
    void killedWriterLosesNothingItReported();

private:
    // A workspace with one merge request and `count` comments; their ids.
    QList<qint64> makeWorkspace(int count);
    bool onServer() const { return SqlWorkspaceStore::isServerLocation(m_path); }
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_path;
};

void JudgeCliTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void JudgeCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_path = m_dir->filePath(QStringLiteral("w.rdw"));
    QFETCH_GLOBAL(QString, backend);
    if (backend == QLatin1String("postgresql"))
        RD_REQUIRE_POSTGRES(m_path);
}

QList<qint64> JudgeCliTest::makeWorkspace(int count)
{
    auto store = SqlWorkspaceStore::open(m_path, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return {};
    MergeRequestEntry mr;
    mr.repository = QStringLiteral("/repo");
    mr.base = QStringLiteral("main");
    mr.head = QStringLiteral("topic");
    mr.title = QStringLiteral("Topic");
    const qint64 id = *(*store)->addMergeRequest(mr);
    QList<ReviewComment> comments;
    for (int i = 0; i < count; ++i) {
        ReviewComment c;
        c.id = QStringLiteral("c%1").arg(i);
        c.file = QStringLiteral("src/f%1.cpp").arg(i % 10);
        c.lineStart = c.lineEnd = 1 + i;
        c.issue = QStringLiteral("issue %1").arg(i);
        c.q3Severity = 1 + i % 7;
        comments << c;
    }
    StoredRun run;
    run.mergeRequest = id;
    run.model = QStringLiteral("model-a");
    run.record = "{}";
    (*store)->addRun(run, comments);
    QList<qint64> ids;
    const auto stored = (*store)->comments();
    for (const StoredComment &c : *stored)
        ids << c.id;
    return ids;
}

void JudgeCliTest::judgeStoresGoodLinesAndNamesBadOnes()
{
    const QList<qint64> ids = makeWorkspace(5);
    QCOMPARE(ids.size(), 5);
    const QByteArray input = QStringLiteral("{\"comment\": %1, \"verdict\": \"accept\", \"key_bug\": true}\n"
                                            "{\"comment\": %2, verdict: reject}\n"
                                            "{\"comment\": %2, \"verdict\": \"reject\", \"context\": \"Repo Level\", \"tag\": \"ResourceLeak\"}\n"
                                            "{\"comment\": 999999, \"verdict\": \"accept\"}\n"
                                            "\n"
                                            "{\"comment\": %3, \"q1\": 9}\n"
                                            "{\"comment\": %3, \"thumbs\": \"down\", \"critique\": \"Not a bug: the lock is taken by the caller.\"}")
                                 .arg(ids[0])
                                 .arg(ids[1])
                                 .arg(ids[2])
                                 .toUtf8();
    const CliRun run = cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), QStringLiteral("alice")}, input);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, QStringLiteral("stored %1\nstored %2\nstored %3\n").arg(ids[0]).arg(ids[1]).arg(ids[2]).toUtf8());
    const QList<QByteArray> errors = run.err.trimmed().split('\n');
    QCOMPARE(errors.size(), 3);
    QVERIFY2(errors[0].startsWith("reviewdesk-cli: judge: line 2: not JSON"), errors[0].constData());
    QVERIFY2(errors[1].startsWith("reviewdesk-cli: judge: line 4: no comment 999999"), errors[1].constData());
    QVERIFY2(errors[2].startsWith("reviewdesk-cli: judge: line 6: \"q1\" must be"), errors[2].constData());

    auto store = SqlWorkspaceStore::open(m_path);
    QVERIFY(store);
    auto first = (*store)->judgement(ids[0], QStringLiteral("alice"));
    QCOMPARE((*first)->verdict, std::optional<Verdict>(Verdict::Accept));
    QCOMPARE((*first)->keyBug, std::optional<bool>(true));
    auto second = (*store)->judgement(ids[1], QStringLiteral("alice"));
    QCOMPARE((*second)->context, std::optional<ContextLevel>(ContextLevel::Repo));
    auto third = (*store)->judgement(ids[2], QStringLiteral("alice"));
    QVERIFY(!(*third)->q1Nitpick);
    QCOMPARE((*third)->thumbs, std::optional<Thumbs>(Thumbs::Down));
    // The steps are undoable like the window's.
    QCOMPARE((*(*store)->nextUndo(QStringLiteral("alice")))->comment, ids[2]);

    // A clean stream exits 0.
    const CliRun clean = cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), QStringLiteral("bob")},
                             "\xef\xbb\xbf" + judgementLine(ids[3], 1));
    QCOMPARE(clean.exitCode, 0);
    QVERIFY2(clean.err.isEmpty(), clean.err.constData());
    QCOMPARE(clean.out, QStringLiteral("stored %1\n").arg(ids[3]).toUtf8());
    QCOMPARE(cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path}).exitCode, 2);
}

void JudgeCliTest::commentsListsEveryJudgement()
{
    const QList<qint64> ids = makeWorkspace(3);
    for (const QString &annotator : {QStringLiteral("alice"), QStringLiteral("bob")})
        QCOMPARE(cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), annotator},
                     judgementLine(ids[1], annotator == QLatin1String("alice") ? 0 : 1))
                     .exitCode,
                 0);
    const CliRun json = cli({QStringLiteral("comments"), QStringLiteral("--workspace"), m_path, QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.exitCode, 0);
    const QJsonObject root = QJsonDocument::fromJson(json.out).object();
    const QJsonArray comments = root.value(QStringLiteral("comments")).toArray();
    QCOMPARE(comments.size(), 3);
    const QJsonObject judged = comments.at(1).toObject();
    QCOMPARE(judged.value(QStringLiteral("id")).toInteger(), ids[1]);
    QCOMPARE(judged.value(QStringLiteral("file")).toString(), QStringLiteral("src/f1.cpp"));
    QCOMPARE(judged.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("author")).toString(), QStringLiteral("model-a"));
    const QJsonArray judgements = judged.value(QStringLiteral("judgements")).toArray();
    QCOMPARE(judgements.size(), 2);
    QCOMPARE(judgements.at(0).toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("accept"));
    QCOMPARE(judgements.at(1).toObject().value(QStringLiteral("annotator")).toString(), QStringLiteral("bob"));
    QCOMPARE(judgements.at(1).toObject().value(QStringLiteral("critique")).toString(), QStringLiteral("line 1"));

    const qint64 mr = comments.at(0).toObject().value(QStringLiteral("merge_request")).toInteger();
    const CliRun csv = cli({QStringLiteral("comments"), QStringLiteral("--workspace"), m_path, QStringLiteral("--mr"), QString::number(mr),
                            QStringLiteral("--format"), QStringLiteral("csv")});
    QCOMPARE(csv.exitCode, 0);
    QCOMPARE(csv.out.count('\n'), 1 + 4); // the header; the judged comment once per annotator
    QVERIFY(csv.out.contains(",alice,accept,"));

    const CliRun unknownMr = cli({QStringLiteral("comments"), QStringLiteral("--workspace"), m_path, QStringLiteral("--mr"), QStringLiteral("77")});
    QCOMPARE(unknownMr.exitCode, 2);
    QVERIFY(unknownMr.err.contains("no merge request 77"));
    QCOMPARE(cli({QStringLiteral("comments"), QStringLiteral("--workspace"), m_path, QStringLiteral("--format"), QStringLiteral("xml")}).exitCode, 2);
}

void JudgeCliTest::unusableWorkspaceIsExitThree_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("missing") << "missing" << QByteArray("no workspace at");
    QTest::newRow("newer") << "newer" << QByteArray("newer ReviewDesk");
    QTest::newRow("not sqlite") << "text" << QByteArray("not an SQLite database");
    QTest::newRow("read-only") << "readonly" << QByteArray("read-only");
}

void JudgeCliTest::unusableWorkspaceIsExitThree()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, message);
    if (onServer())
        QSKIP("PostgreSQL row: a damaged, foreign, read-only or non-SQLite file cannot exist on a server; the server's own refusals (missing, foreign, newer) are tst_workspace's refusesWhatIsNotAUsableWorkspace rows");
    if (kind == QLatin1String("newer")) {
        QVERIFY(!makeWorkspace(1).isEmpty());
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("newer"));
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 42")));
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("newer"));
    } else if (kind == QLatin1String("text")) {
        QFile f(m_path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("id,verdict\n1,accept\n");
    } else if (kind == QLatin1String("readonly")) {
        QVERIFY(!makeWorkspace(1).isEmpty());
        QVERIFY(QFile::setPermissions(m_path, QFileDevice::ReadOwner));
    }
    for (const QStringList &command : {QStringList{QStringLiteral("judge"), QStringLiteral("--annotator"), QStringLiteral("a")},
                                       QStringList{QStringLiteral("comments")}}) {
        const CliRun run = cli(command + QStringList{QStringLiteral("--workspace"), m_path}, "{\"comment\": 1, \"verdict\": \"accept\"}\n");
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains(message), run.err.constData());
    }
    QFile::setPermissions(m_path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void JudgeCliTest::workspaceLockedByALiveProcessIsExitThree()
{
    if (onServer())
        QSKIP("PostgreSQL row: a server has no file lock to be held by a live process; its writers take turns, tested in tst_workspace");
    const QList<qint64> ids = makeWorkspace(2);
    // This test process holds the write lock the whole time.
    const QString name = QStringLiteral("holder");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(m_path);
        QVERIFY(db.open());
        QSqlQuery q(db);
        QVERIFY(q.exec(QStringLiteral("PRAGMA locking_mode = EXCLUSIVE")));
        QVERIFY(q.exec(QStringLiteral("BEGIN EXCLUSIVE")));
        QVERIFY(q.exec(QStringLiteral("UPDATE merge_requests SET title = 'held'")));

        const CliRun run = cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), QStringLiteral("a")},
                               judgementLine(ids[0], 0));
        QCOMPARE(run.exitCode, 3);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(run.err.count('\n'), 1);
        QVERIFY2(run.err.contains("locked by another program"), run.err.constData());
        QVERIFY(q.exec(QStringLiteral("ROLLBACK")));
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    // Once the holder is gone, the same command works.
    QCOMPARE(cli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), QStringLiteral("a")},
                 judgementLine(ids[0], 0))
                 .exitCode,
             0);
}

void JudgeCliTest::twoWritersAtOnceLoseNothing()
{
    const int count = 600;
    const QList<qint64> ids = makeWorkspace(count);
    QCOMPARE(ids.size(), count);
    QByteArray input;
    for (int i = 0; i < count; ++i)
        input += judgementLine(ids[i], i);
    QProcess first, second;
    for (QProcess *p : {&first, &second}) {
        p->start(QStringLiteral(REVIEWDESK_CLI), {QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"),
                                                  p == &first ? QStringLiteral("p1") : QStringLiteral("p2")});
        QVERIFY(p->waitForStarted());
    }
    // Both streams are in flight before either is finished.
    for (QProcess *p : {&first, &second}) {
        p->write(input);
        p->closeWriteChannel();
    }
    for (QProcess *p : {&first, &second}) {
        QVERIFY(rd::test::waitForExit(*p, QDeadlineTimer(300000)));
        QCOMPARE(p->exitStatus(), QProcess::NormalExit);
        const QByteArray err = p->readAllStandardError();
        QVERIFY2(p->exitCode() == 0, err.constData());
        QCOMPARE(storedIds(p->readAllStandardOutput()).size(), count);
    }
    auto store = SqlWorkspaceStore::open(m_path);
    QVERIFY(store);
    QCOMPARE((*store)->judgements(std::nullopt, QStringLiteral("p1"))->size(), count);
    QCOMPARE((*store)->judgements(std::nullopt, QStringLiteral("p2"))->size(), count);
    QCOMPARE((*store)->progress(QStringLiteral("p2"))->judged, count);
}

void JudgeCliTest::killedWriterLosesNothingItReported()
{
    const int count = 3000;
    const QList<qint64> ids = makeWorkspace(count);
    QCOMPARE(ids.size(), count);
    const quint32 seed = QRandomGenerator::global()->generate();
    qInfo("seed %u", seed);
    QRandomGenerator random(seed);
    // Fewer rounds on the server: each is a few seconds of fsynced commits there.
    const int rounds = onServer() ? 10 : 25;
    for (int round = 0; round < rounds; ++round) {
        const QString annotator = QStringLiteral("crash-%1").arg(round);
        QByteArray input;
        for (int i = 0; i < count; ++i)
            input += judgementLine(ids[i], i);
        // Kill after a random number of reported lines (0: as soon as it runs).
        const int killAfter = static_cast<int>(random.bounded(400));
        QProcess judge;
        judge.start(QStringLiteral(REVIEWDESK_CLI), {QStringLiteral("judge"), QStringLiteral("--workspace"), m_path, QStringLiteral("--annotator"), annotator});
        QVERIFY(judge.waitForStarted());
        judge.write(input);
        judge.closeWriteChannel();
        QByteArray out;
        while (out.count('\n') < killAfter && judge.state() == QProcess::Running)
            if (judge.waitForReadyRead(60000))
                out += judge.readAllStandardOutput();
        judge.kill(); // SIGKILL
        QVERIFY(rd::test::waitForExit(judge, QDeadlineTimer(60000)));
        QVERIFY2(judge.exitStatus() == QProcess::CrashExit, judge.readAllStandardError().constData());
        out += judge.readAllStandardOutput(); // printed before the kill, read after it
        const QSet<qint64> reported = storedIds(out);
        QVERIFY(reported.size() >= killAfter);

        auto store = SqlWorkspaceStore::open(m_path);
        QVERIFY2(store, store ? "" : qPrintable(store.error().message));
        const auto judgements = (*store)->judgements(std::nullopt, annotator);
        QVERIFY(judgements);
        QHash<qint64, Judgement> byComment;
        for (const Judgement &j : *judgements)
            byComment.insert(j.comment, j);
        for (qint64 id : reported) {
            QVERIFY2(byComment.contains(id), qPrintable(QStringLiteral("round %1: comment %2 was reported stored but is missing").arg(round).arg(id)));
            const int n = static_cast<int>(ids.indexOf(id));
            QCOMPARE(byComment.value(id).critique, std::optional<QString>(QStringLiteral("line %1").arg(n)));
        }
        // At most the one line being committed at the kill is stored without its report.
        QVERIFY(byComment.size() <= reported.size() + 1);
        store = Error{};
        if (!onServer())
            QCOMPARE(integrityCheck(m_path), QStringLiteral("ok"));
    }
}

QTEST_GUILESS_MAIN(JudgeCliTest)
#include "tst_judgecli.moc"
