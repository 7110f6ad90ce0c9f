// The entry points of the analysis module, which reviewdesk-cli loads for the
// commands of its table (CommandTable.cpp) that name this module, and
// resolves by the names below.

#include "CliCommand.h"

extern "C" {

Q_DECL_EXPORT int reviewdeskSlice(const QStringList &arguments)
{
    return rd::cli::runSlice(arguments);
}

Q_DECL_EXPORT int reviewdeskReview(const QStringList &arguments)
{
    return rd::cli::runReviewCommand(arguments);
}

Q_DECL_EXPORT int reviewdeskComments(const QStringList &arguments)
{
    return rd::cli::runComments(arguments);
}

Q_DECL_EXPORT int reviewdeskJudge(const QStringList &arguments)
{
    return rd::cli::runJudge(arguments);
}

Q_DECL_EXPORT int reviewdeskAssign(const QStringList &arguments)
{
    return rd::cli::runAssign(arguments);
}

Q_DECL_EXPORT int reviewdeskAgreement(const QStringList &arguments)
{
    return rd::cli::runAgreement(arguments);
}

Q_DECL_EXPORT int reviewdeskGroups(const QStringList &arguments)
{
    return rd::cli::runGroups(arguments);
}

Q_DECL_EXPORT int reviewdeskEval(const QStringList &arguments)
{
    return rd::cli::runEval(arguments);
}

Q_DECL_EXPORT int reviewdeskReferences(const QStringList &arguments)
{
    return rd::cli::runReferences(arguments);
}

Q_DECL_EXPORT int reviewdeskJudgeEval(const QStringList &arguments)
{
    return rd::cli::runJudgeEval(arguments);
}

Q_DECL_EXPORT int reviewdeskPublish(const QStringList &arguments)
{
    return rd::cli::runPublish(arguments);
}

Q_DECL_EXPORT int reviewdeskWorkspace(const QStringList &arguments)
{
    return rd::cli::runWorkspace(arguments);
}

Q_DECL_EXPORT int reviewdeskPrefer(const QStringList &arguments)
{
    return rd::cli::runPrefer(arguments);
}

Q_DECL_EXPORT int reviewdeskTriage(const QStringList &arguments)
{
    return rd::cli::runTriage(arguments);
}

Q_DECL_EXPORT int reviewdeskArena(const QStringList &arguments)
{
    return rd::cli::runArena(arguments);
}

Q_DECL_EXPORT int reviewdeskMr(const QStringList &arguments)
{
    return rd::cli::runMr(arguments);
}

Q_DECL_EXPORT int reviewdeskCompare(const QStringList &arguments)
{
    return rd::cli::runCompare(arguments);
}

Q_DECL_EXPORT int reviewdeskAudit(const QStringList &arguments)
{
    return rd::cli::runAudit(arguments);
}

} // extern "C"
