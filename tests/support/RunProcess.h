#pragma once

#include <QByteArray>
#include <QDeadlineTimer>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <chrono>

class QProcess;

namespace rd::test {

// What a child process printed and how it ended (exitCode -1: it crashed,
// could not start, or was killed at its deadline).
struct GitOutput
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    bool killedAtDeadline = false;
};

// How to run a child: a child that hangs is killed at `deadline` — a bound on
// the child, not on the test's own work, so it is generous.
struct ProcessRun
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QString workingDirectory;
    QByteArray input; // written to stdin, which is then closed
    std::chrono::milliseconds deadline = std::chrono::minutes(5);
    // Off only where a test examines the deadline itself.
    bool failTestAtDeadline = true;
};

// The command line as a person would type it, for failure messages.
QString commandLine(const QString &program, const QStringList &arguments);

// Waits for a started child with this thread's event loop running (the fake
// LLM server the child talks to lives on it). At the deadline the child is
// killed, the current test fails with a message naming its command line, and
// false is returned. For children a test starts and steers itself (long-lived
// runs it reads from or kills); runProcess() is for everything else.
bool waitForExit(QProcess &process, QDeadlineTimer deadline);

// Runs `program` to its end or its deadline, with this thread's event loop
// running meanwhile. A child killed at its deadline has killedAtDeadline set
// and fails the current test with a message naming the command.
GitOutput runProcess(const QString &program, const QStringList &arguments, const ProcessRun &run = {});

// Runs the reviewdesk-cli under test through runProcess().
GitOutput runCli(const QStringList &arguments, const ProcessRun &run = {});
// Where the reviewdesk-cli under test is.
QString cliExecutable();

} // namespace rd::test
