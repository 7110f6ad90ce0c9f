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
    if (command == QLatin1String("assign"))
        return rd::cli::runAssign(arguments);
    if (command == QLatin1String("agreement"))
        return rd::cli::runAgreement(arguments);
    if (command == QLatin1String("groups"))
        return rd::cli::runGroups(arguments);
    if (command == QLatin1String("eval"))
        return rd::cli::runEval(arguments);
    if (command == QLatin1String("judge-eval"))
        return rd::cli::runJudgeEval(arguments);
    if (command == QLatin1String("publish"))
        return rd::cli::runPublish(arguments);
    if (command == QLatin1String("workspace"))
        return rd::cli::runWorkspace(arguments);
    if (command == QLatin1String("mr"))
        return rd::cli::runMr(arguments);
    return rd::cli::runReviewCommand(arguments);
}
