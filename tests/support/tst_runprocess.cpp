// The one way tests run child processes (reviewdesk-cli, the window, git):
// to the child's end or its deadline, where a hung child is killed and named.

#include <RunProcess.h>

#include <QProcess>
#include <QTest>

using namespace rd::test;
using namespace std::chrono_literals;

class RunProcessTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void childPastItsDeadlineIsKilledAndNamedInTheError();
    void childEndingInTimeGivesItsExitCodeAndBothStreams();
    void inputIsWrittenToTheChildAndStdinClosed();
    void programThatCannotStartIsNamedInTheError();
};

void RunProcessTest::childPastItsDeadlineIsKilledAndNamedInTheError()
{
    ProcessRun run;
    run.deadline = 200ms;
    run.failTestAtDeadline = false; // the deadline itself is what is examined here
    const GitOutput out = runProcess(QStringLiteral("sleep"), {QStringLiteral("600")}, run);
    QVERIFY(out.killedAtDeadline);
    QCOMPARE(out.exitCode, -1);
    QVERIFY2(out.err.contains("did not finish by its deadline and was killed: sleep 600"), out.err.constData());
}

void RunProcessTest::childEndingInTimeGivesItsExitCodeAndBothStreams()
{
    const GitOutput out = runProcess(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("printf said; printf complained >&2; exit 3")});
    QVERIFY(!out.killedAtDeadline);
    QCOMPARE(out.exitCode, 3);
    QCOMPARE(out.out, QByteArray("said"));
    QCOMPARE(out.err, QByteArray("complained"));
}

void RunProcessTest::inputIsWrittenToTheChildAndStdinClosed()
{
    ProcessRun run;
    run.input = "first\nsecond\n";
    // cat ends only when stdin is closed: a child left waiting would hang here.
    const GitOutput out = runProcess(QStringLiteral("cat"), {}, run);
    QCOMPARE(out.exitCode, 0);
    QCOMPARE(out.out, QByteArray("first\nsecond\n"));
}

void RunProcessTest::programThatCannotStartIsNamedInTheError()
{
    const GitOutput out = runProcess(QStringLiteral("/nonexistent/reviewdesk-cli"), {QStringLiteral("--version")});
    QCOMPARE(out.exitCode, -1);
    QVERIFY(!out.killedAtDeadline);
    QVERIFY2(out.err.contains("could not start: reviewdesk-cli --version"), out.err.constData());
}

QTEST_GUILESS_MAIN(RunProcessTest)
#include "tst_runprocess.moc"
