// The entry point reviewdesk-cli resolves in the analysis module.

#include "CliCommand.h"

extern "C" Q_DECL_EXPORT int reviewdeskRunAnalysisCommand(const QString &command, const QStringList &arguments)
{
    if (command == QLatin1String("slice"))
        return rd::cli::runSlice(arguments);
    if (command == QLatin1String("comments"))
        return rd::cli::runComments(arguments);
    if (command == QLatin1String("judge"))
        return rd::cli::runJudge(arguments);
    if (command == QLatin1String("workspace"))
        return rd::cli::runWorkspace(arguments);
    return rd::cli::runReviewCommand(arguments);
}
