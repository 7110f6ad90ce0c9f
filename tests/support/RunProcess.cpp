#include "RunProcess.h"

#include <QEventLoop>
#include <QFileInfo>
#include <QProcess>
#include <QTest>
#include <QTimer>

#include <algorithm>

namespace rd::test {

QString commandLine(const QString &program, const QStringList &arguments)
{
    return (QStringList{QFileInfo(program).fileName()} + arguments).join(QLatin1Char(' '));
}

namespace {

// Marks the running test failed (once per hung child) without leaving the helper.
void failTest(const QString &message)
{
    QTest::qFail(qPrintable(message), __FILE__, __LINE__);
}

// The child ended (or never started) or the deadline passed, whichever is first.
bool runEventLoopUntilExit(QProcess &process, QDeadlineTimer deadline)
{
    if (process.state() == QProcess::NotRunning)
        return true;
    QEventLoop loop;
    QObject::connect(&process, &QProcess::finished, &loop, &QEventLoop::quit);
    QObject::connect(&process, &QProcess::errorOccurred, &loop, [&loop, &process] {
        if (process.state() == QProcess::NotRunning)
            loop.quit();
    });
    QTimer expiry;
    expiry.setSingleShot(true);
    QObject::connect(&expiry, &QTimer::timeout, &loop, &QEventLoop::quit);
    expiry.start(std::chrono::milliseconds(std::max<qint64>(0, deadline.remainingTime())));
    if (process.state() != QProcess::NotRunning)
        loop.exec();
    return process.state() == QProcess::NotRunning;
}

QString killedMessage(const QString &command)
{
    return QStringLiteral("child process did not finish by its deadline and was killed: %1").arg(command);
}

// Kills a hung child and reaps it, so no process outlives the test.
void kill(QProcess &process)
{
    process.kill();
    process.waitForFinished(30000);
}

} // namespace

bool waitForExit(QProcess &process, QDeadlineTimer deadline)
{
    if (runEventLoopUntilExit(process, deadline))
        return true;
    kill(process);
    failTest(killedMessage(commandLine(process.program(), process.arguments())));
    return false;
}

GitOutput runProcess(const QString &program, const QStringList &arguments, const ProcessRun &run)
{
    const QDeadlineTimer deadline(run.deadline);
    QProcess process;
    process.setProcessEnvironment(run.environment);
    if (!run.workingDirectory.isEmpty())
        process.setWorkingDirectory(run.workingDirectory);
    process.start(program, arguments);
    GitOutput result;
    if (!run.input.isEmpty() && process.state() != QProcess::NotRunning)
        process.write(run.input);
    process.closeWriteChannel();
    if (!runEventLoopUntilExit(process, deadline)) {
        kill(process);
        result.killedAtDeadline = true;
        result.err = killedMessage(commandLine(program, arguments)).toUtf8();
        if (run.failTestAtDeadline)
            failTest(QString::fromUtf8(result.err));
        return result;
    }
    if (process.error() == QProcess::FailedToStart) {
        result.err = QStringLiteral("could not start: %1").arg(commandLine(program, arguments)).toUtf8();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

GitOutput runCli(const QStringList &arguments, const ProcessRun &run)
{
    return runProcess(cliExecutable(), arguments, run);
}

QString cliExecutable()
{
    return QStringLiteral(REVIEWDESK_CLI);
}

} // namespace rd::test
