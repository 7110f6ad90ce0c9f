#pragma once

#include <QCommandLineParser>
#include <QStringList>

#include <Result.h>

namespace rd::cli {

// Exit codes shared by every command.
enum ExitCode {
    ExitOk = 0,
    ExitInternal = 1,
    ExitUsage = 2,      // bad options or values
    ExitRepository = 3, // no such path, not a repository, unknown revision, unreadable object
};

int exitCodeFor(const Error &error);
// One line on stderr: "reviewdesk-cli: <message>".
int fail(int code, const QString &message);
int fail(const Error &error);

// Parses `arguments` (the command name first) with `parser`, handling --help.
// Returns -1 when the command should go on, else the exit code.
int parseCommandLine(QCommandLineParser &parser, const QStringList &arguments);

// Writes bytes to stdout unchanged; false when the reader went away.
bool writeStdout(const QByteArray &bytes);

int runDiff(const QStringList &arguments);
int runSlice(const QStringList &arguments);

} // namespace rd::cli
