#pragma once

// The commands of reviewdesk-cli, each in one row: its name, where its code
// is, its entry point and its line in --help. main.cpp dispatches by it and
// prints its usage from it; nothing else lists the commands.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <span>

namespace rd::cli {

// Where a command's code is.
enum class CommandModule {
    // In reviewdesk-cli itself (models only: no libclang).
    Core,
    // In reviewdesk-cli-analysis.so next to the program, loaded only for the
    // commands that need libclang, the LLM pipeline or the workspace session
    // (loading libclang and LLVM costs about 60 MiB and 40 ms).
    Analysis,
};

// How a command is entered: a function of reviewdesk-cli (Core), or the name
// under which the analysis module exports it (Analysis), resolved when the
// module is loaded. Either takes the arguments with the command's name first.
struct CommandEntry
{
    using Function = int (*)(const QStringList &arguments);
    constexpr CommandEntry(Function f) : function(f) {}
    constexpr CommandEntry(const char *exported) : symbol(exported) {}
    Function function = nullptr;
    const char *symbol = nullptr;
};

struct Command
{
    const char *name;
    CommandModule module;
    CommandEntry entry;
    const char *help; // one line for --help
    // False for a command that runs without a QCoreApplication: diff uses no
    // event loop, plugins or translations, and making one costs 1.3 MiB and a
    // millisecond of a command whose memory and time are compared with git's.
    bool needsApplication = true;
};

// Every command, in the order --help lists them.
std::span<const Command> commands();
// The command called `name`; null when there is none.
const Command *findCommand(const QString &name);
// What `reviewdesk-cli --help` prints: every command with its help line.
QByteArray usageText();

} // namespace rd::cli
