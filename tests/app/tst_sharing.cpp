// Live sharing between the window and the CLI (issue 25): what a
// `reviewdesk-cli judge` or `review --workspace` process commits to the
// workspace appears in an open session (the window's owner of what it
// shows) without reopening, and a judgement line made from an older
// version is refused with a non-zero exit.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ReviewSession.h>
#include <RunProcess.h>
#include <Scenarios.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class SharingTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void judgementByTheCliAppearsInTheOpenSession();
    void runReviewedByTheCliAppearsInTheOpenSession();
    void judgeLineFromAnOlderVersionIsRefusedWithExitOne();

private:
    // `review --workspace` of the fixture's main..feature with one finding.
    GitOutput reviewIntoWorkspace();
    QTemporaryDir m_root;
    QString m_repo, m_workspace;
};

void SharingTest::initTestCase()
{
    m_repo = m_root.filePath(QStringLiteral("repo"));
    FixtureRepo repo(m_repo, false);
    scenario("modified").build(repo);
    m_workspace = m_root.filePath(QStringLiteral("shared.rdw"));
    const GitOutput first = reviewIntoWorkspace();
    QVERIFY2(first.exitCode == 0, first.err.constData());
}

GitOutput SharingTest::reviewIntoWorkspace()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) {
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/compute.cpp\",\"line_start\":3,\"issue\":\"total can overflow\","
                                                        "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}"));
    });
    const QString config = m_root.filePath(QStringLiteral("config.json"));
    QFile f(config);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the review configuration");
    f.write("{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + server.endpoint().toUtf8()
            + "\",\"model\":\"m\"}}}");
    f.close();
    // runCli serves this thread's event loop (the fake server) while it waits.
    return runCli({QStringLiteral("review"), QStringLiteral("--repo"), m_repo, QStringLiteral("--base"), QStringLiteral("main"), QStringLiteral("--head"),
                   QStringLiteral("feature"), QStringLiteral("--config"), config, QStringLiteral("--no-cache"), QStringLiteral("--workspace"), m_workspace});
}

void SharingTest::judgementByTheCliAppearsInTheOpenSession()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_workspace));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    QVERIFY(session.openMergeRequest(1));
    QVERIFY(!session.comments().isEmpty());
    const qint64 comment = session.comments().first().id;
    QSignalSpy elsewhere(&session, &ReviewSession::workspaceChangedElsewhere);
    ProcessRun run;
    run.input = QStringLiteral("{\"comment\": %1, \"verdict\": \"reject\"}\n").arg(comment).toUtf8();
    const GitOutput judged = runCli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("bob")}, run);
    QVERIFY2(judged.exitCode == 0, judged.err.constData());
    QTRY_VERIFY_WITH_TIMEOUT(!elsewhere.isEmpty(), 30000);
    const QList<Judgement> seen = session.judgementsOf(comment);
    QCOMPARE(seen.size(), 1);
    QCOMPARE(seen.first().annotator, QStringLiteral("bob"));
    QCOMPARE(seen.first().verdict, std::optional<Verdict>(Verdict::Reject));
}

void SharingTest::runReviewedByTheCliAppearsInTheOpenSession()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_workspace));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    QVERIFY(session.openMergeRequest(1));
    const qsizetype runsBefore = session.runs().size();
    QSignalSpy runs(session.document(), &MergeRequestDocument::runsChanged);
    const GitOutput reviewed = reviewIntoWorkspace();
    QVERIFY2(reviewed.exitCode == 0, reviewed.err.constData());
    QTRY_VERIFY_WITH_TIMEOUT(!runs.isEmpty(), 30000);
    QCOMPARE(session.runs().size(), runsBefore + 1);
}

void SharingTest::judgeLineFromAnOlderVersionIsRefusedWithExitOne()
{
    auto store = SqlWorkspaceStore::open(m_workspace);
    QVERIFY(store);
    const qint64 comment = (*store)->comments()->first().id;
    Judgement j;
    j.comment = comment;
    j.annotator = QStringLiteral("carol");
    j.verdict = Verdict::Accept;
    auto first = (*store)->judge(j);
    QVERIFY(first);
    auto second = (*store)->judge(j); // another window changes it again
    QVERIFY(second);
    ProcessRun run;
    run.input = QStringLiteral("{\"comment\": %1, \"verdict\": \"reject\", \"version\": %2}\n{\"comment\": %1, \"critique\": \"late\", \"version\": %3}\n")
                    .arg(comment)
                    .arg(first->version)
                    .arg(second->version)
                    .toUtf8();
    const GitOutput judged = runCli({QStringLiteral("judge"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("carol")}, run);
    QCOMPARE(judged.exitCode, 1);
    QVERIFY2(judged.err.contains("judge: line 1: the judgement of comment") && judged.err.contains("changed elsewhere"), judged.err.constData());
    QCOMPARE(judged.out, QStringLiteral("stored %1\n").arg(comment).toUtf8()); // line 2 only
    const auto now = (*store)->judgement(comment, QStringLiteral("carol"));
    QCOMPARE((*now)->verdict, std::optional<Verdict>(Verdict::Accept)); // the newer one, not line 1's
    QCOMPARE((*now)->critique, std::optional<QString>(QStringLiteral("late")));
}

QTEST_MAIN(SharingTest)
#include "tst_sharing.moc"
