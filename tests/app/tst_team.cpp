// Team scale through reviewdesk-cli: a workspace copied between SQLite and
// PostgreSQL without losing anything, and a dataset reviewed in batch —
// resumed, split in shards, and taken by --claim workers of which one is
// killed halfway. Each on SQLite and on PostgreSQL (the throwaway server of
// scripts/test.sh).

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ServerPassword.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

using CliRun = test::GitOutput;

// Runs the CLI while this thread's event loop serves the fake LLM server.
CliRun cli(const QStringList &arguments, const QStringList &environment = {})
{
    test::ProcessRun run;
    for (const QString &kv : environment)
        run.environment.insert(kv.section(QLatin1Char('='), 0, 0), kv.section(QLatin1Char('='), 1));
    return test::runCli(arguments, run);
}

FakeLlmServer::Reply oneFinding(const FakeLlmServer::Request &)
{
    return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/calc.c\",\"line_start\":3,\"issue\":\"total can overflow\","
                                                    "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}"));
}

QByteArray cSource(int version)
{
    QByteArray s = "#include <stdio.h>\n\nint total(int a, int b)\n{\n    int t = a + b;\n";
    s += "    t += " + QByteArray::number(version) + ";\n";
    s += "    return t;\n}\n";
    return s;
}

// A keyring that remembers what it was asked.
class FakeKeyring final : public Keyring
{
public:
    std::optional<QString> read(const QString &service, const QString &key) override
    {
        asked << service + QLatin1Char(' ') + key;
        return entries.contains(key) ? std::optional<QString>(entries.value(key)) : std::nullopt;
    }
    Result<bool> write(const QString &, const QString &key, const QString &password) override
    {
        entries.insert(key, password);
        return true;
    }
    QHash<QString, QString> entries;
    QStringList asked;
};

} // namespace

class TeamTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void copyToAndFromTheOtherBackendIsLossless();
    void batchReviewResumesAndShardsSplitWithoutOverlap();
    void claimWorkersReviewEachMergeRequestOnceThoughOneIsKilled();
    void whereChoosesMergeRequestsByLanguageAndCategory();
    void passwordComesFromEnvironmentThenPgpassThenKeyring();

private:
    // A repository with a chain of commits and one merge request per step.
    QList<qint64> makeDataset(int mergeRequests);
    QString configFile(const QString &endpoint);
    QStringList batch(const QStringList &extra) const;
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_workspace;
    QString m_backend;
};

void TeamTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void TeamTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    QFETCH_GLOBAL(QString, backend);
    m_backend = backend;
    if (backend == QLatin1String("postgresql"))
        RD_REQUIRE_POSTGRES(m_workspace);
}

QList<qint64> TeamTest::makeDataset(int mergeRequests)
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    QList<QByteArray> commits;
    for (int i = 0; i <= mergeRequests; ++i)
        commits << repo.commit("main", {{"src/calc.c", file(cSource(i))}}, "step " + QByteArray::number(i));
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return {};
    QList<qint64> ids;
    for (int i = 0; i < mergeRequests; ++i) {
        MergeRequestEntry e;
        e.repository = repo.path();
        e.base = QString::fromLatin1(commits[i]);
        e.head = QString::fromLatin1(commits[i + 1]);
        e.title = QStringLiteral("Step %1").arg(i + 1);
        // Labels as a dataset gives them (AACR-Bench language and category).
        e.language = i % 2 == 0 ? QStringLiteral("C") : QStringLiteral("C++");
        e.prCategory = i % 3 == 0 ? QStringLiteral("Security") : QStringLiteral("Performance");
        ids << *(*store)->addMergeRequest(e);
    }
    return ids;
}

QString TeamTest::configFile(const QString &endpoint)
{
    const QString path = m_dir->filePath(QStringLiteral("run.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write("{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + endpoint.toUtf8() + "\",\"model\":\"m\"}}}");
    return path;
}

QStringList TeamTest::batch(const QStringList &extra) const
{
    return QStringList{QStringLiteral("review"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--all-mrs"), QStringLiteral("--config"),
                       m_dir->filePath(QStringLiteral("run.json")), QStringLiteral("--no-cache")}
           + extra;
}

void TeamTest::copyToAndFromTheOtherBackendIsLossless()
{
    // Everything a workspace holds: runs and their comments, judgements of
    // two annotators, an edit (with its original), a hidden human comment,
    // undo history and places.
    {
        auto opened = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(opened);
        WorkspaceStore &store = **opened;
        MergeRequestEntry mr{0, QStringLiteral("/repo"), QStringLiteral("main"), QStringLiteral("topic"), false, QStringLiteral("Ünïcode title"), QStringLiteral("line 1\nline 2"), {}};
        const qint64 id = *store.addMergeRequest(mr);
        QList<ReviewComment> comments;
        for (int i = 0; i < 5; ++i) {
            ReviewComment c;
            c.id = QStringLiteral("c%1").arg(i);
            c.file = QStringLiteral("src/f%1.c").arg(i % 2);
            c.lineStart = c.lineEnd = 3 + i;
            c.issue = QStringLiteral("issue %1 — \"quoted\"").arg(i);
            c.q3Severity = 1 + i;
            c.reviewers = {1, 3};
            c.history = {{QStringLiteral("reviewer"), 6, 5, 1 + i}};
            if (i == 4)
                c.drop(QStringLiteral("coarse"));
            comments << c;
        }
        StoredRun run{0, id, QStringLiteral("left"), QStringLiteral("m"), QStringLiteral("abc"), QDateTime::fromMSecsSinceEpoch(1000).toUTC(),
                      QDateTime::fromMSecsSinceEpoch(2000).toUTC(), "{\"run\":{}}"};
        QVERIFY(store.addRun(run, comments));
        const auto stored = *store.comments();
        Judgement j;
        j.comment = stored[0].id;
        j.annotator = QStringLiteral("alice");
        j.verdict = Verdict::Accept;
        j.critique = QStringLiteral("real");
        j.keyBug = true;
        QVERIFY(store.judge(j));
        j.annotator = QStringLiteral("bob");
        j.verdict = Verdict::Reject;
        QVERIFY(store.judge(j));
        CommentEdit edit;
        edit.issue = QStringLiteral("reworded");
        QVERIFY(store.editComment(stored[1].id, QStringLiteral("alice"), edit));
        ReviewComment human;
        human.file = QStringLiteral("src/f0.c");
        human.lineStart = human.lineEnd = 1;
        human.issue = QStringLiteral("mine");
        const qint64 mine = *store.addHumanComment(id, QStringLiteral("alice"), human);
        QVERIFY(store.removeHumanComment(mine, QStringLiteral("alice")));
        QVERIFY(store.setPlace({QStringLiteral("bob"), id, QStringLiteral("src/f1.c"), stored[2].id, {}}));
    }
    const auto listing = [](const QString &workspace) {
        return cli({QStringLiteral("comments"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("json")});
    };
    const CliRun original = listing(m_workspace);
    QCOMPARE(original.exitCode, 0);
    QVERIFY(original.out.contains("reworded"));

    // To the other backend and back again.
    QString other;
    if (m_backend == QLatin1String("sqlite"))
        RD_REQUIRE_POSTGRES(other);
    else
        other = m_dir->filePath(QStringLiteral("copy.rdw"));
    const QString back = m_dir->filePath(QStringLiteral("back.rdw"));
    for (const auto &[from, to] : {std::pair{m_workspace, other}, std::pair{other, back}}) {
        const CliRun copy = cli({QStringLiteral("workspace"), QStringLiteral("copy"), from, to});
        QVERIFY2(copy.exitCode == 0, copy.err.constData());
        QVERIFY2(copy.err.contains("rows copied"), copy.err.constData());
        const CliRun copied = listing(to);
        QCOMPARE(copied.exitCode, 0);
        QCOMPARE(copied.out, original.out);
    }
    // What comments does not print came along too: undo, places, hidden comments.
    auto again = SqlWorkspaceStore::open(other);
    QVERIFY(again);
    QCOMPARE((*again)->nextUndo(QStringLiteral("alice"))->value().action, HistoryAction::RemoveHumanComment);
    QVERIFY((*again)->undo(QStringLiteral("alice")));
    CommentQuery all;
    QCOMPARE((*again)->comments(all)->size(), 6); // the human comment is back
    QCOMPARE((*again)->lastPlace(QStringLiteral("bob"))->value().file, QStringLiteral("src/f1.c"));
    // New rows after the copied ones get new ids.
    QVERIFY((*again)->addAnnotator(QStringLiteral("carol")));
    QCOMPARE((*again)->annotators()->size(), 3);
    // A workspace with data is never copied over.
    const CliRun refused = cli({QStringLiteral("workspace"), QStringLiteral("copy"), m_workspace, other});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("holds a workspace with data"), refused.err.constData());
    // A password in an address is refused, and never printed.
    const CliRun password = cli({QStringLiteral("workspace"), QStringLiteral("copy"), m_workspace, QStringLiteral("postgresql://u:s3cr3t-pw@127.0.0.1:1/x")});
    QCOMPARE(password.exitCode, 3);
    QVERIFY2(password.err.contains("PGPASSWORD"), password.err.constData());
    QVERIFY(!password.err.contains("s3cr3t-pw"));
}

void TeamTest::batchReviewResumesAndShardsSplitWithoutOverlap()
{
    const QList<qint64> ids = makeDataset(6);
    QCOMPARE(ids.size(), 6);
    FakeLlmServer server;
    server.setResponder(oneFinding);
    QVERIFY(!configFile(server.endpoint()).isEmpty());
    // Two shards, the second numbered by the scheduler's variable.
    const CliRun first = cli(batch({QStringLiteral("--shard"), QStringLiteral("0/2")}));
    QVERIFY2(first.exitCode == 0, first.err.constData());
    const CliRun second = cli(batch({QStringLiteral("--shard"), QStringLiteral("2")}), {QStringLiteral("JOB_COMPLETION_INDEX=1")});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    int reviewedByFirst = 0;
    for (qint64 id : ids) {
        QCOMPARE((*store)->runs(id)->size(), 1); // each shard's merge requests, none in both
        reviewedByFirst += first.err.contains(QStringLiteral("merge request %1 (").arg(id).toUtf8()) ? 1 : 0;
    }
    QVERIFY(reviewedByFirst > 0 && reviewedByFirst < ids.size());
    // Again: everything was reviewed with this configuration.
    const int asked = static_cast<int>(server.requests().size());
    const CliRun again = cli(batch({}));
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.err.contains("0 reviewed, 6 skipped"), again.err.constData());
    QCOMPARE(server.requests().size(), asked);
    // Bad fan-out options are refused before anything runs.
    for (const QStringList &bad : {QStringList{QStringLiteral("--shard"), QStringLiteral("2/2")}, QStringList{QStringLiteral("--where"), QStringLiteral("colour=red")},
                                   QStringList{QStringLiteral("--claim"), QStringLiteral("--lease"), QStringLiteral("0")}})
        QCOMPARE(cli(batch(bad)).exitCode, 2);
}

void TeamTest::claimWorkersReviewEachMergeRequestOnceThoughOneIsKilled()
{
    const int count = 40;
    const QList<qint64> ids = makeDataset(count);
    QCOMPARE(ids.size(), count);
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        FakeLlmServer::Reply reply = oneFinding(r);
        reply.delayMs = 20;
        return reply;
    });
    QVERIFY(!configFile(server.endpoint()).isEmpty());

    QList<QProcess *> workers;
    QHash<QProcess *, QByteArray> out;
    int stored = 0;
    QProcess *victim = nullptr;
    bool killed = false;
    for (int i = 0; i < 4; ++i) {
        auto *p = new QProcess(this);
        workers << p;
        connect(p, &QProcess::readyReadStandardOutput, this, [&, p] {
            const QByteArray chunk = p->readAllStandardOutput();
            out[p] += chunk;
            stored += static_cast<int>(chunk.count("stored "));
            // Halfway, the victim is killed right after it has claimed a
            // merge request: that one must be taken again after the lease.
            if (p == victim && !killed && stored >= count / 2 && chunk.contains("claimed ")) {
                p->kill();
                killed = true;
            }
        });
        p->start(QStringLiteral(REVIEWDESK_CLI), batch({QStringLiteral("--claim"), QStringLiteral("--lease"), QStringLiteral("2"), QStringLiteral("--worker"),
                                                        QStringLiteral("w%1").arg(i)}));
        QVERIFY(p->waitForStarted());
    }
    victim = workers[1];
    const QDeadlineTimer deadline(600000); // one bound for all the workers
    for (QProcess *p : std::as_const(workers))
        QVERIFY(waitForExit(*p, deadline));
    QVERIFY2(killed, "the victim finished before it could be killed halfway");
    QCOMPARE(victim->exitStatus(), QProcess::CrashExit);
    for (QProcess *p : std::as_const(workers))
        if (p != victim) {
            QCOMPARE(p->exitStatus(), QProcess::NormalExit);
            QVERIFY2(p->exitCode() == 0, p->readAllStandardError().constData());
        }
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    for (qint64 id : ids)
        QVERIFY2((*store)->runs(id)->size() == 1, qPrintable(QStringLiteral("merge request %1 has %2 runs").arg(id).arg((*store)->runs(id)->size())));
    // The victim's last claim was reviewed by another worker.
    QSet<QByteArray> storedLines;
    for (QProcess *p : std::as_const(workers))
        for (const QByteArray &line : out[p].split('\n'))
            if (line.startsWith("stored ")) {
                QVERIFY2(!storedLines.contains(line), line.constData());
                storedLines.insert(line);
            }
    QCOMPARE(storedLines.size(), count);
    qDeleteAll(workers);
}

void TeamTest::whereChoosesMergeRequestsByLanguageAndCategory()
{
    const QList<qint64> ids = makeDataset(6); // C: 0, 2, 4; Security: 0, 3
    QCOMPARE(ids.size(), 6);
    FakeLlmServer server;
    server.setResponder(oneFinding);
    QVERIFY(!configFile(server.endpoint()).isEmpty());
    const auto runsPerMergeRequest = [&] {
        QList<int> counts;
        auto store = SqlWorkspaceStore::open(m_workspace);
        for (qint64 id : ids)
            counts << (store ? static_cast<int>((*store)->runs(id)->size()) : -1);
        return counts;
    };
    // Both keys must hold; labels match without regard to case.
    const CliRun narrow = cli(batch({QStringLiteral("--where"), QStringLiteral("language=c,category=security")}));
    QVERIFY2(narrow.exitCode == 0, narrow.err.constData());
    QCOMPARE(runsPerMergeRequest(), (QList<int>{1, 0, 0, 0, 0, 0}));
    // A key given twice takes either value; C++ is not C.
    const CliRun wide = cli(batch({QStringLiteral("--where"), QStringLiteral("category=Security,category=Performance,language=C")}));
    QVERIFY2(wide.exitCode == 0, wide.err.constData());
    QVERIFY2(wide.err.contains("2 reviewed, 1 skipped"), wide.err.constData());
    QCOMPARE(runsPerMergeRequest(), (QList<int>{1, 0, 1, 0, 1, 0}));
    // Unknown keys and empty values are named, before anything runs.
    const int asked = static_cast<int>(server.requests().size());
    const CliRun unknown = cli(batch({QStringLiteral("--where"), QStringLiteral("language=C,langauge=C")}));
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("unknown key 'langauge'") && unknown.err.contains("language, category"), unknown.err.constData());
    const CliRun empty = cli(batch({QStringLiteral("--where"), QStringLiteral("category=")}));
    QCOMPARE(empty.exitCode, 2);
    QVERIFY2(empty.err.contains("'category' has no value"), empty.err.constData());
    QCOMPARE(server.requests().size(), asked);
}

void TeamTest::passwordComesFromEnvironmentThenPgpassThenKeyring()
{
    namespace sp = server_password;
    const QUrl address(QStringLiteral("postgresql://alice@db.example.org:5433/review"));
    const QString pgpass = m_dir->filePath(QStringLiteral("pgpass"));
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("PGPASSFILE"), pgpass);
    environment.insert(QStringLiteral("USER"), QStringLiteral("login"));
    FakeKeyring keyring;
    keyring.entries.insert(QStringLiteral("alice@db.example.org:5433/review"), QStringLiteral("from-keyring"));

    // Neither PGPASSWORD nor a password file: the keyring's, under its key.
    QCOMPARE(sp::lookUp(address, environment, keyring), std::optional<QString>(QStringLiteral("from-keyring")));
    QCOMPARE(keyring.asked, QStringList{QStringLiteral("reviewdesk alice@db.example.org:5433/review")});
    // A password file without a line for this server does not count …
    QFile file(pgpass);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("# team\nother.example.org:5433:review:alice:x\ndb.example.org:5433:review:bob:x\n");
    file.close();
    QCOMPARE(sp::lookUp(address, environment, keyring), std::optional<QString>(QStringLiteral("from-keyring")));
    // … one with a line (wildcards too) is libpq's to read: the keyring is not asked.
    QVERIFY(file.open(QIODevice::Append));
    file.write("db.example.org:*:review:alice:from-pgpass\n");
    file.close();
    keyring.asked.clear();
    QCOMPARE(sp::lookUp(address, environment, keyring), std::nullopt);
    QVERIFY(keyring.asked.isEmpty());
    // PGPASSWORD comes first of all.
    QFile::remove(pgpass);
    environment.insert(QStringLiteral("PGPASSWORD"), QStringLiteral("from-environment"));
    QCOMPARE(sp::lookUp(address, environment, keyring), std::nullopt);
    QVERIFY(keyring.asked.isEmpty());
    environment.remove(QStringLiteral("PGPASSWORD"));
    // Without a user in the address, libpq's default user names the key;
    // one typed this session comes before the keyring's.
    const QUrl noUser(QStringLiteral("postgresql://db.example.org/review"));
    QCOMPARE(sp::keyringKey(noUser, environment), QStringLiteral("login@db.example.org:5432/review"));
    sp::rememberForSession(QStringLiteral("login@db.example.org:5432/review"), QStringLiteral("typed"));
    keyring.entries.insert(QStringLiteral("login@db.example.org:5432/review"), QStringLiteral("older"));
    QCOMPARE(sp::lookUp(noUser, environment, keyring), std::optional<QString>(QStringLiteral("typed")));
}

QTEST_GUILESS_MAIN(TeamTest)
#include "tst_team.moc"
