#include "CliCommand.h"

#include <MergeRequest.h>
#include <SliceJson.h>
#include <Slicer.h>

#include <algorithm>
#include <cstdio>

namespace rd::cli {

int runSlice(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print the code slices an LLM reviewer would read for a merge request: Original Diff, Parent Function,\n"
        "Left Flow or Full Flow (libclang for C and C++; the enclosing block for other files)."));
    const QCommandLineOption algorithm(QStringLiteral("algorithm"), QStringLiteral("original, parent, left, full or all (default left)."),
                                       QStringLiteral("NAME"), QStringLiteral("left"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default) or text."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption lineFormat(QStringLiteral("line-format"), QStringLiteral("inline (default), relative or none."),
                                        QStringLiteral("FORMAT"), QStringLiteral("inline"));
    const QCommandLineOption compileCommands(QStringLiteral("compile-commands"),
                                             QStringLiteral("A compile_commands.json (default: the work tree's root or build/, if any)."),
                                             QStringLiteral("PATH"));
    const QCommandLineOption tokenBudget(QStringLiteral("token-budget"),
                                         QStringLiteral("Estimated tokens a slice may hold (default %1; 0: no limit).").arg(DefaultSliceTokenBudget),
                                         QStringLiteral("N"), QString::number(DefaultSliceTokenBudget));
    const MergeRequestOptions target;
    target.addTo(parser);
    parser.addOptions({algorithm, format, lineFormat, compileCommands, tokenBudget});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = target.checkRequired(parser, QStringLiteral("slice")); missing >= 0)
        return missing;

    SliceOptions options;
    if (parser.value(algorithm) == QLatin1String("all")) {
        options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
    } else if (auto a = algorithmFromName(parser.value(algorithm))) {
        options.algorithms = {*a};
    } else {
        return fail(ExitUsage, QStringLiteral("slice: --algorithm is original, parent, left, full or all, not '%1'").arg(parser.value(algorithm)));
    }
    const auto lines = lineFormatFromName(parser.value(lineFormat));
    if (!lines)
        return fail(ExitUsage, QStringLiteral("slice: --line-format is inline, relative or none, not '%1'").arg(parser.value(lineFormat)));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("text"))
        return fail(ExitUsage, QStringLiteral("slice: --format is json or text, not '%1'").arg(outputFormat));
    options.compileCommands = parser.value(compileCommands);
    bool budgetIsNumber = false;
    options.tokenBudget = parser.value(tokenBudget).toInt(&budgetIsNumber);
    if (!budgetIsNumber || options.tokenBudget < 0)
        return fail(ExitUsage, QStringLiteral("slice: --token-budget is a number of tokens (0: no limit), not '%1'").arg(parser.value(tokenBudget)));

    DiffOptions diffOptions;
    diffOptions.twoDot = parser.isSet(target.twoDot);
    const auto mr = MergeRequest::open(parser.value(target.repo), parser.value(target.base), parser.value(target.head), diffOptions);
    if (!mr)
        return fail(mr.error());
    const auto result = sliceMergeRequest(*mr, options);
    if (!result)
        return fail(result.error());
    const QByteArray out = outputFormat == QLatin1String("json") ? slicesToJson(*result, *lines, *mr) : slicesToText(*result, *lines, *mr);
    if (!writeStdout(out) || std::fflush(stdout) != 0)
        return fail(ExitInternal, QStringLiteral("slice: cannot write the output"));
    // What could not be read is said, not only written into the output; a
    // changed file that could not be read leaves the slices incomplete.
    for (const QString &unreadable : result->diagnostics.unreadable)
        std::fprintf(stderr, "reviewdesk-cli: slice: cannot read %s\n", qPrintable(unreadable));
    const auto damaged = std::find_if(mr->files.begin(), mr->files.end(), [](const FileDiff &f) { return !f.isReadable(); });
    if (damaged != mr->files.end())
        return fail(ExitRepository, QStringLiteral("slice: %1").arg(damaged->unreadable));
    return ExitOk;
}

} // namespace rd::cli
