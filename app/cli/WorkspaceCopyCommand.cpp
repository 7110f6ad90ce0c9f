// `reviewdesk-cli workspace copy FROM TO`: a whole workspace between an
// SQLite file and a PostgreSQL database, in either direction, ids and all.

#include "CliCommand.h"

#include <WorkspaceOpening.h>

#include <cstdio>

namespace rd::cli {

namespace {

const char *const workspaceUsage =
    "Usage: reviewdesk-cli workspace copy FROM TO\n"
    "\n"
    "Copies every merge request, run, comment, judgement, undo step and place of the workspace\n"
    "FROM into TO, with their ids, as they are. Each is a workspace file or a PostgreSQL database\n"
    "written as postgresql://USER@HOST:PORT/DATABASE (the password comes from PGPASSWORD or\n"
    "~/.pgpass, never from the address). TO is made when missing and must hold no data yet.\n";

} // namespace

int runWorkspace(const QStringList &arguments)
{
    const QStringList rest = arguments.mid(1);
    if (rest.isEmpty() || rest.contains(QStringLiteral("--help")) || rest.contains(QStringLiteral("-h"))) {
        writeStdout(workspaceUsage);
        return rest.isEmpty() ? ExitUsage : ExitOk;
    }
    if (rest.first() != QLatin1String("copy"))
        return fail(ExitUsage, QStringLiteral("workspace: unknown subcommand '%1' (known: copy)").arg(rest.first()));
    if (rest.size() != 3)
        return fail(ExitUsage, QStringLiteral("workspace copy: give FROM and TO, nothing else"));
    const QString from = rest.at(1);
    const QString to = rest.at(2);
    if (from == to)
        return fail(ExitUsage, QStringLiteral("workspace copy: FROM and TO are the same workspace"));
    const auto copied = copyWorkspace(from, to);
    if (!copied)
        return fail(exitCodeFor(copied.error()), QStringLiteral("workspace copy: %1").arg(copied.error().message));
    std::fprintf(stderr, "workspace copy: %lld rows copied\n", static_cast<long long>(*copied));
    return ExitOk;
}

} // namespace rd::cli
