// `reviewdesk-cli mr update` and `mr revisions` (issue 24) as processes: a
// new head recorded with its summary, the same head again recording nothing,
// and every bad input with its exit code.

#include "FakeLlmServer.h"
#include "FixtureRepo.h"
#include "SessionFixture.h"

#include <RunJournal.h>
#include <RunResume.h>
#include <SqlWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

QByteArray numbered(int count)
{
    QByteArray out;
    for (int i = 1; i <= count; ++i)
        out += "int v" + QByteArray::number(i) + " = " + QByteArray::number(i * 3) + ";\n";
    return out;
}

} // namespace

class MrCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void updateRecordsTheNewHeadAndSaysWhatMoved();
    void sameHeadAgainRecordsNothing();
    void badInputIsNamedWithItsExitCode();
    void sinceLastReviewReviewsOnlyTheInterdiffAndRecordsItsRange();
    void anInterruptedMrReviewResumesIntoItsMergeRequest();

private:
    QString workspace() const { return m_dir->filePath(QStringLiteral("w.rdw")); }
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FixtureRepo> m_repo;
    qint64 m_mr = 0;
    qint64 m_moved = 0, m_outdated = 0;
};

void MrCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_repo = std::make_unique<FixtureRepo>(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray root = m_repo->commit("main", {{"a.cpp", file(numbered(12))}}, "base\n");
    m_repo->commit("topic", {{"a.cpp", file(numbered(12) + "int added = 1;\n")}}, "first\n", {root});
    auto store = SqlWorkspaceStore::open(workspace(), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    MergeRequestEntry entry;
    entry.repository = m_repo->path();
    entry.base = QStringLiteral("main");
    entry.head = QStringLiteral("topic");
    m_mr = *(*store)->addMergeRequest(entry);
    m_moved = *(*store)->importComment(m_mr, commentAt(QStringLiteral("a.cpp"), 8, QStringLiteral("will move")), QStringLiteral("x"));
    m_outdated = *(*store)->importComment(m_mr, commentAt(QStringLiteral("a.cpp"), 4, QStringLiteral("will be edited")), QStringLiteral("x"));
    QVERIFY((*store)->judge(verdictOf(m_outdated, QStringLiteral("ann"), Verdict::Accept)));
}

void MrCliTest::updateRecordsTheNewHeadAndSaysWhatMoved()
{
    // The author pushes to another branch: line 2 deleted, line 4 edited.
    QByteArray next = numbered(12);
    next.replace("int v2 = 6;\n", "");
    next.replace("int v4 = 12;", "int v4 = 13;");
    const QByteArray pushed = m_repo->commit("topic-v2", {{"a.cpp", file(next + "int added = 1;\n")}}, "second\n", {m_repo->tip("topic")});
    const auto out = runCli({QStringLiteral("mr"), QStringLiteral("update"), QStringLiteral("--workspace"), workspace(), QStringLiteral("--mr"),
                             QString::number(m_mr), QStringLiteral("--head"), QStringLiteral("topic-v2")});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    const QString text = QString::fromUtf8(out.out);
    QVERIFY2(text.contains(QStringLiteral("is at revision 2 (head %1").arg(QString::fromLatin1(pushed.left(7)))), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("moved 1, unchanged 0, outdated 1: %1").arg(m_outdated)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("addressed? 1 comments")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("%1  a.cpp:4  will be edited").arg(m_outdated)), qPrintable(text));

    auto store = SqlWorkspaceStore::open(workspace());
    QVERIFY(store);
    QCOMPARE((*store)->comment(m_moved)->comment.lineStart, 7);
    QVERIFY((*store)->comment(m_outdated)->outdated);
    QCOMPARE((*store)->comment(m_outdated)->outdatedText, QStringLiteral("int v4 = 12;"));
    QCOMPARE((*(*store)->judgement(m_outdated, QStringLiteral("ann")))->verdict, Verdict::Accept);
    // The merge request's head is the one the user gave now.
    QCOMPARE((*store)->mergeRequest(m_mr)->head, QStringLiteral("topic-v2"));

    const auto listed = runCli({QStringLiteral("mr"), QStringLiteral("revisions"), QStringLiteral("--workspace"), workspace(), QStringLiteral("--mr"),
                                QString::number(m_mr)});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QJsonArray revisions = QJsonDocument::fromJson(listed.out).array();
    QCOMPARE(revisions.size(), 2);
    QCOMPARE(revisions[0].toObject().value(QLatin1String("source")).toString(), QStringLiteral("initial"));
    QCOMPARE(revisions[0].toObject().value(QLatin1String("head")).toString(), QString::fromLatin1(m_repo->tip("topic")));
    QCOMPARE(revisions[1].toObject().value(QLatin1String("source")).toString(), QStringLiteral("update"));
    QCOMPARE(revisions[1].toObject().value(QLatin1String("head")).toString(), QString::fromLatin1(pushed));
    QCOMPARE(revisions[1].toObject().value(QLatin1String("outdated_comments")).toInt(), 1);
}

void MrCliTest::sameHeadAgainRecordsNothing()
{
    const QStringList update{QStringLiteral("mr"), QStringLiteral("update"), QStringLiteral("--workspace"), workspace(), QStringLiteral("--mr"),
                             QString::number(m_mr)};
    const auto first = runCli(update);
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY2(first.out.contains("is already at"), first.out.constData());
    m_repo->commit("topic", {{"a.cpp", file(numbered(12) + "int added = 2;\n")}}, "pushed\n");
    const auto second = runCli(update + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(second.exitCode == 0, second.err.constData());
    const QJsonObject result = QJsonDocument::fromJson(second.out).object();
    QVERIFY(result.value(QLatin1String("recorded")).toBool());
    QCOMPARE(result.value(QLatin1String("revision")).toObject().value(QLatin1String("number")).toInt(), 2);
    QCOMPARE(result.value(QLatin1String("unchanged")).toArray().size(), 2);
    const auto again = runCli(update);
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QVERIFY2(again.out.contains("is already at") && again.out.contains("(revision 2)"), again.out.constData());
    auto store = SqlWorkspaceStore::open(workspace());
    QCOMPARE((*store)->revisions(m_mr)->size(), 2);
}

void MrCliTest::badInputIsNamedWithItsExitCode()
{
    const auto mr = [this](const QStringList &more) {
        return runCli(QStringList{QStringLiteral("mr")} + more);
    };
    const QString ws = workspace();
    struct Case
    {
        QStringList arguments;
        int exitCode;
        const char *message;
    };
    const QList<Case> cases = {
        {{QStringLiteral("update"), QStringLiteral("--workspace"), ws, QStringLiteral("--mr"), QStringLiteral("99")}, 3, "no merge request 99"},
        {{QStringLiteral("update"), QStringLiteral("--workspace"), ws, QStringLiteral("--mr"), QString::number(m_mr), QStringLiteral("--head"),
          QStringLiteral("no-such-branch")},
         3, "no-such-branch"},
        {{QStringLiteral("update"), QStringLiteral("--workspace"), ws, QStringLiteral("--mr"), QStringLiteral("x")}, 2, "--mr is a merge request id"},
        {{QStringLiteral("update"), QStringLiteral("--workspace"), ws}, 2, "--workspace and --mr are required"},
        {{QStringLiteral("rebase")}, 2, "unknown subcommand 'rebase'"},
        {{QStringLiteral("revisions"), QStringLiteral("--workspace"), m_dir->filePath(QStringLiteral("missing.rdw")), QStringLiteral("--mr"),
          QStringLiteral("1")},
         3, "missing.rdw"},
    };
    for (const Case &c : cases) {
        const auto out = mr(c.arguments);
        QVERIFY2(out.exitCode == c.exitCode, qPrintable(c.arguments.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(out.err)));
        QVERIFY2(out.err.contains(c.message), out.err.constData());
    }
    const auto bare = mr({});
    QCOMPARE(bare.exitCode, 2);
    QVERIFY2(bare.out.contains("reviewdesk-cli mr update|revisions"), bare.out.constData());
    // The repository gone: named, exit 3, nothing recorded.
    QVERIFY(QDir(m_repo->path()).removeRecursively());
    const auto gone = mr({QStringLiteral("update"), QStringLiteral("--workspace"), ws, QStringLiteral("--mr"), QString::number(m_mr)});
    QCOMPARE(gone.exitCode, 3);
    QVERIFY2(gone.err.startsWith("reviewdesk-cli: mr update: "), gone.err.constData());
    // Only the first revision, recorded when --head no-such-branch was tried.
    auto store = SqlWorkspaceStore::open(workspace());
    QCOMPARE((*store)->revisions(m_mr)->size(), 1);
}

// review --mr --since-last-review against the fake server: the second run's
// requests carry only the file the new revision changed, and the run records
// the revisions it reviewed; a third finds nothing new and asks nothing.
void MrCliTest::sinceLastReviewReviewsOnlyTheInterdiffAndRecordsItsRange()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        const char *file = r.body.contains("b.cpp") ? "b.cpp" : "a.cpp";
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"%1\",\"line_start\":2,\"issue\":\"looks wrong\","
                                                        "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}").arg(QLatin1String(file)));
    });
    const QString config = m_dir->filePath(QStringLiteral("config.json"));
    QFile f(config);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + server.endpoint().toUtf8()
            + "\",\"model\":\"m\"}}}");
    f.close();
    int journals = 0;
    const auto review = [&](const QStringList &more) {
        return runCli(QStringList{QStringLiteral("review"), QStringLiteral("--workspace"), workspace(), QStringLiteral("--mr"), QString::number(m_mr),
                                  QStringLiteral("--config"), config, QStringLiteral("--no-cache"), QStringLiteral("--journal"),
                                  m_dir->filePath(QStringLiteral("journal-%1.jsonl").arg(++journals))}
                      + more);
    };
    const auto whole = review({QStringLiteral("--since-last-review")});
    QVERIFY2(whole.exitCode == 0, whole.err.constData());
    QVERIFY2(whole.err.contains("has no review yet; reviewing all of revision 1"), whole.err.constData());
    const qsizetype firstRequests = server.requests().size();
    QVERIFY(firstRequests > 0);

    // The author pushes a new file; a.cpp stays as it was.
    FixtureRepo::Tree next{{"a.cpp", file(numbered(12) + "int added = 1;\n")}, {"b.cpp", file("int b1 = 1;\nint b2 = b1 / 0;\n")}};
    m_repo->commit("topic", next, "second\n");
    const auto updated = runCli({QStringLiteral("mr"), QStringLiteral("update"), QStringLiteral("--workspace"), workspace(), QStringLiteral("--mr"),
                                 QString::number(m_mr)});
    QVERIFY2(updated.exitCode == 0, updated.err.constData());

    const auto incremental = review({QStringLiteral("--since-last-review")});
    QVERIFY2(incremental.exitCode == 0, incremental.err.constData());
    QVERIFY2(incremental.err.contains("reviewing what changed from revision 1 to 2"), incremental.err.constData());
    const QList<FakeLlmServer::Request> requests = server.requests().mid(firstRequests);
    QVERIFY(!requests.isEmpty());
    for (const FakeLlmServer::Request &r : requests) {
        QVERIFY2(r.body.contains("b.cpp"), r.body.constData());
        QVERIFY2(!r.body.contains("a.cpp"), r.body.constData());
    }

    auto store = SqlWorkspaceStore::open(workspace());
    QVERIFY(store);
    const auto runs = (*store)->runs(m_mr);
    QVERIFY(runs);
    QCOMPARE(runs->size(), 2);
    QCOMPARE(runs->at(0).revisionFrom, 0);
    QCOMPARE(runs->at(0).revisionTo, 1);
    QCOMPARE(runs->at(1).revisionFrom, 1);
    QCOMPARE(runs->at(1).revisionTo, 2);
    const QJsonObject record = QJsonDocument::fromJson((*store)->run(runs->at(1).id)->record).object();
    const QJsonObject reviewed = record.value(QLatin1String("run")).toObject().value(QLatin1String("revisions")).toObject();
    QCOMPARE(reviewed.value(QLatin1String("from")).toInt(), 1);
    QCOMPARE(reviewed.value(QLatin1String("to")).toInt(), 2);
    QVERIFY(reviewed.value(QLatin1String("incremental")).toBool());
    CommentQuery query;
    query.run = runs->at(1).id;
    const auto found = (*store)->comments(query);
    QVERIFY(found && !found->isEmpty());
    for (const StoredComment &c : std::as_const(*found))
        QCOMPARE(c.revision, 2);

    const qsizetype before = server.requests().size();
    const auto nothing = review({QStringLiteral("--since-last-review")});
    QVERIFY2(nothing.exitCode == 0, nothing.err.constData());
    QVERIFY2(nothing.err.contains("nothing changed since revision 2 was reviewed"), nothing.err.constData());
    QCOMPARE(server.requests().size(), before);
    const auto usage = runCli({QStringLiteral("review"), QStringLiteral("--since-last-review"), QStringLiteral("--config"), config});
    QCOMPARE(usage.exitCode, 2);
    QVERIFY2(usage.err.contains("--since-last-review needs --mr"), usage.err.constData());
}

// review --mr keeps its merge request in the journal: resumed, the run is
// stored there, not as a new merge request of the commits it diffed.
void MrCliTest::anInterruptedMrReviewResumesIntoItsMergeRequest()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}")); });
    ReviewInvocation invocation;
    // What `review --mr` journals: the commits of the revision it reviews.
    invocation.repo = m_repo->path();
    invocation.base = QString::fromLatin1(m_repo->tip("main"));
    invocation.head = QString::fromLatin1(m_repo->tip("topic"));
    invocation.configText = "{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + server.endpoint().toUtf8()
                            + "\",\"model\":\"m\"}}}";
    invocation.configFile = m_dir->filePath(QStringLiteral("gone.json"));
    invocation.out = m_dir->filePath(QStringLiteral("resumed.json"));
    invocation.format = QStringLiteral("json");
    invocation.noCache = true;
    invocation.workspace = workspace();
    invocation.origin = QStringLiteral("cli");
    invocation.started = QDateTime::currentDateTimeUtc();
    invocation.mergeRequest = m_mr;
    const QString journal = m_dir->filePath(QStringLiteral("interrupted.jsonl"));
    QVERIFY(RunJournal::create(journal, invocation.toJson()));
    const auto resumed = runCli({QStringLiteral("review"), QStringLiteral("--resume"), journal});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    auto store = SqlWorkspaceStore::open(workspace());
    QVERIFY(store);
    QCOMPARE((*store)->mergeRequests()->size(), 1);
    QCOMPARE((*store)->runs(m_mr)->size(), 1);
    QCOMPARE((*store)->runs(m_mr)->first().revisionTo, 1);
}

QTEST_GUILESS_MAIN(MrCliTest)
#include "tst_mrcli.moc"
