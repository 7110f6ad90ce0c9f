// reviewdesk-cli: ReviewDesk without a window, for scripts, CI and tests.
// The commands and where their code is: CommandTable.cpp.

#include "CliCommand.h"
#include "CommandTable.h"

#include <QCoreApplication>
#include <QLibrary>

#include <cstdio>

namespace {

using namespace rd::cli;

// A command of the analysis module: the module loaded, its entry resolved.
int runInAnalysisModule(const Command &command, const QStringList &arguments)
{
    QCoreApplication::setApplicationName(QStringLiteral("reviewdesk-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral(REVIEWDESK_VERSION));
    QLibrary module(QCoreApplication::applicationDirPath() + QStringLiteral("/" REVIEWDESK_ANALYSIS_MODULE));
    const auto run = reinterpret_cast<CommandEntry::Function>(module.resolve(command.entry.symbol));
    if (!run)
        return fail(ExitInternal, QStringLiteral("cannot load the %1 command: %2").arg(QLatin1String(command.name), module.errorString()));
    return run(arguments);
}

} // namespace

int main(int argc, char *argv[])
{
    // What QCoreApplication::arguments() gives on Unix: argv in the local
    // 8-bit encoding, which Qt 6 takes as UTF-8.
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    if (arguments.size() < 2)
        return fail(ExitUsage, QStringLiteral("no command given (try --help)"));
    const QString name = arguments.at(1);
    if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
        writeStdout(usageText());
        return ExitOk;
    }
    if (name == QLatin1String("--version")) {
        std::printf("reviewdesk-cli %s\n", REVIEWDESK_VERSION);
        return ExitOk;
    }
    const Command *command = findCommand(name);
    if (!command)
        return fail(ExitUsage, QStringLiteral("unknown command '%1' (try --help)").arg(name));
    arguments.removeAt(0); // the command name now stands where QCommandLineParser expects the program
    if (!command->needsApplication)
        return command->entry.function(arguments);
    QCoreApplication app(argc, argv);
    if (command->module == CommandModule::Analysis)
        return runInAnalysisModule(*command, arguments);
    return command->entry.function(arguments);
}
