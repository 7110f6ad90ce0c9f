// `compare`: reviewers compared per judge, with bootstrap intervals over the
// merge requests (pipeline/comparison). The command line is read into a
// ComparisonRequest here; the comparison is the library's, as the window's
// Compare view will read it.

#include "CliCommand.h"

#include <Comparison.h>
#include <ComparisonReport.h>
#include <Resampling.h>
#include <WorkspaceOpening.h>

#include <QFileInfo>
#include <QSaveFile>

#include <cmath>
#include <cstdio>

namespace rd::cli {

int runCompare(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare reviewers (imported tools, the workspace's run configurations) per judge (people, each imported judge):\n"
        "merge requests, tp, fp, fn, precision, recall and F1 (Code Review Bench's definitions) with bootstrap intervals\n"
        "over the merge requests (studentized for precision, recall and F1, percentile for the rest; a figure without items, e.g. precision without a comment, is undefined: null, \"—\"),\n"
        "every pair's paired difference on the merge requests both reviewed with its p-value and Holm-adjusted p-value, the\n"
        "leaderboard's tiers (reviewers no adjusted F1 pair separates share a letter), Cohen's kappa between judges;\n"
        "where people audited the imported judges (audit), each judge's accuracy and kappa against people and the\n"
        "leaderboard under people's decisions (\"people (audit of JUDGE)\").\n"
        "Definitions: the manual's chapter \"Comparing reviewers\" (docs/comparing.md)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default), md or csv."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QString defaultResamples = QString::number(stats::DefaultResamples), defaultSeed = QString::number(stats::DefaultSeed);
    const QCommandLineOption bootstrap(QStringLiteral("bootstrap"), QStringLiteral("Bootstrap resamples of the merge requests, 1 to 1000000 (default %1).").arg(defaultResamples),
                                       QStringLiteral("N"), defaultResamples);
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the resamples (std::mt19937_64), a whole number from 0 to 18446744073709551615 (2^64 - 1; default %1).")
                                      .arg(defaultSeed),
                                  QStringLiteral("S"), defaultSeed);
    const QCommandLineOption judge(QStringLiteral("judge"), QStringLiteral("Only this judge: people, or an imported judge's name."), QStringLiteral("NAME"));
    const QCommandLineOption filter(QStringLiteral("mr-filter"),
                                    QStringLiteral("Only merge requests with this label, e.g. language=Go or pr_size=large,medium (repeatable: all must hold)."),
                                    QStringLiteral("LABEL=VALUE[,VALUE...]"));
    const QCommandLineOption beta(QStringLiteral("beta"), QStringLiteral("F-beta instead of F1 (beta > 0; default 1)."), QStringLiteral("B"), QStringLiteral("1"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Write here instead of standard output."), QStringLiteral("FILE"));
    parser.addOptions({workspace, format, bootstrap, seed, judge, filter, beta, out});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("compare: --workspace is required"));
    const auto reportFormat = compare::reportFormatFromName(parser.value(format));
    if (!reportFormat)
        return fail(ExitUsage, QStringLiteral("compare: --format must be json, md or csv, not '%1'").arg(parser.value(format)));
    compare::ComparisonRequest request;
    bool ok = false;
    request.settings.resamples = parser.value(bootstrap).toInt(&ok);
    if (!ok || request.settings.resamples < 1 || request.settings.resamples > 1'000'000)
        return fail(ExitUsage, QStringLiteral("compare: --bootstrap takes 1 to 1000000 resamples, not '%1'").arg(parser.value(bootstrap)));
    request.settings.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return fail(ExitUsage, QStringLiteral("compare: --seed is a whole number from 0 to 18446744073709551615 (2^64 - 1), not '%1'").arg(parser.value(seed)));
    request.settings.beta = parser.value(beta).toDouble(&ok);
    if (!ok || !std::isfinite(request.settings.beta) || request.settings.beta <= 0 || request.settings.beta > 1000)
        return fail(ExitUsage, QStringLiteral("compare: --beta is a number above 0 (at most 1000), not '%1'").arg(parser.value(beta)));
    if (parser.isSet(judge))
        request.judge = parser.value(judge);
    for (const QString &text : parser.values(filter)) {
        auto f = compare::labelFilterFromText(text);
        if (!f)
            return failIn(QStringLiteral("compare"), f.error());
        request.filters << *f;
    }
    // Never made here: comparing reads what is there.
    if (!isServerLocation(parser.value(workspace)) && !QFileInfo::exists(parser.value(workspace)))
        return fail(ExitRepository, QStringLiteral("compare: %1: no such workspace").arg(parser.value(workspace)));
    auto comparison = compare::compareWorkspace(parser.value(workspace), request);
    if (!comparison)
        return failIn(QStringLiteral("compare"), comparison.error());
    for (const QString &note : std::as_const(comparison->notes))
        std::fprintf(stderr, "compare: %s\n", qPrintable(note));
    const QByteArray bytes = compare::comparisonReport(*comparison, *reportFormat);
    if (parser.isSet(out)) {
        QSaveFile file(parser.value(out));
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return fail(ExitInternal, QStringLiteral("compare: cannot write %1").arg(parser.value(out)));
        return ExitOk;
    }
    return writeOutput(QStringLiteral("compare"), bytes);
}

} // namespace rd::cli
