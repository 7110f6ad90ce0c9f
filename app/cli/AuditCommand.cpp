// `audit` (issue 34, "People audit the judge"): --list writes the
// (candidate, reference) pairs people audit of the benchmark judges (their
// disagreements, a seeded sample of their agreements and near misses);
// --annotator NAME stores that person's decisions read as JSON Lines on
// stdin, as `judge` and `prefer` store theirs.

#include "CliCommand.h"

#include <JudgeAuditItems.h>
#include <JudgeAuditJson.h>
#include <JudgeAuditReport.h>
#include <WorkspaceOpening.h>

#include <QFileInfo>

#include <cstdio>

namespace rd::cli {

namespace {

int storeAuditDecisions(WorkspaceStore &store, const QString &name)
{
    const QString command = QStringLiteral("audit");
    return forEachInputLine(ExitUsage, [&](qint64 number, const QByteArray &line) {
        auto parsed = parseAuditLine(line);
        if (!parsed) {
            fail(ExitUsage, QStringLiteral("audit: line %1: %2").arg(number).arg(parsed.error().message));
            return LineOutcome::bad();
        }
        if (!parsed->decision.annotator.isEmpty() && parsed->decision.annotator != name) {
            fail(ExitUsage, QStringLiteral("audit: line %1: the decision is %2's, not %3's (--annotator)").arg(number).arg(parsed->decision.annotator, name));
            return LineOutcome::bad();
        }
        parsed->decision.annotator = name;
        const JudgeAuditDecision &d = parsed->decision;
        if (parsed->remove) {
            auto removed = store.removeAuditDecision(name, d.comment, d.reference);
            if (!removed)
                return LineOutcome::stop(fail(exitCodeFor(removed.error()), QStringLiteral("audit: line %1: not stored: %2").arg(number).arg(removed.error().message)));
            if (!*removed)
                std::fprintf(stderr, "reviewdesk-cli: audit: line %lld: %s had no decision on comment %lld against reference %lld to take back\n",
                             static_cast<long long>(number), qPrintable(name), static_cast<long long>(d.comment), static_cast<long long>(d.reference));
        } else {
            auto stored = store.addAuditDecision(d);
            if (!stored) // an unknown comment, a reference of another merge request: that line only
                return lineNotStored(command, number, stored.error());
            if (stored->replaced)
                std::fprintf(stderr, "reviewdesk-cli: audit: line %lld: replaces %s's earlier decision on comment %lld against reference %lld, which was \"%s\"\n",
                             static_cast<long long>(number), qPrintable(name), static_cast<long long>(d.comment), static_cast<long long>(d.reference),
                             qPrintable(auditDecisionName(stored->replaced->decision)));
        }
        std::printf("stored\n");
        std::fflush(stdout);
        return LineOutcome::done();
    });
}

} // namespace

int runAudit(const QStringList &arguments)
{
    const QString command = QStringLiteral("audit");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "People audit the benchmark judges' matching (docs/comparing.md, \"People audit the judge\").\n"
        "--list: the (candidate comment, golden comment) pairs to audit: every pair the judges disagree on, a seeded sample\n"
        "of their agreements (pairs every judge matched, and near misses no judge matched) and every pair people decided,\n"
        "each with every judge's decision, confidence and reasoning.\n"
        "--annotator NAME: store NAME's decisions read as JSON Lines on stdin, one per line:\n"
        "  {\"comment\": ID, \"reference\": ID, \"decision\": \"same\"|\"different\"|\"unsure\"}\n"
        "\"decision\": null takes NAME's decision on the pair back. Optional: \"merge_request\", \"annotator\" (must be NAME) and\n"
        "\"updated\" (ISO 8601): the audit-decisions export reads back. Prints 'stored' once each line is committed; a decision\n"
        "on the same pair replaces NAME's earlier one and says so on stderr. A bad line is reported on stderr with its number\n"
        "and skipped; the exit code is then 2. A workspace that cannot store a line stops it (exit 3)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption list(QStringLiteral("list"), QStringLiteral("Write the pairs to audit."));
    const QCommandLineOption sample(QStringLiteral("sample"), QStringLiteral("With --list: agreements to draw, half matches, half near misses (default 20)."),
                                    QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("With --list: seed of the draw (std::mt19937_64; default 1)."), QStringLiteral("S"),
                                  QStringLiteral("1"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("With --list: json (default) or md."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose decisions are read from stdin."), QStringLiteral("NAME"));
    parser.addOptions({workspace, list, sample, seed, format, annotator});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, command, {&workspace}); missing >= 0)
        return missing;
    if (parser.isSet(list) == parser.isSet(annotator))
        return fail(ExitUsage, QStringLiteral("audit: give --list (write the pairs to audit) or --annotator NAME (store decisions from stdin), one of them"));
    if (!parser.isSet(list))
        for (const QCommandLineOption *listOnly : {&sample, &seed, &format})
            if (parser.isSet(*listOnly))
                return fail(ExitUsage, QStringLiteral("audit: --%1 is for --list").arg(listOnly->names().constFirst()));
    // Never made here: auditing reads and adds to what is there.
    if (!isServerLocation(parser.value(workspace)) && !QFileInfo::exists(parser.value(workspace)))
        return fail(ExitRepository, QStringLiteral("audit: %1: no such workspace").arg(parser.value(workspace)));

    if (parser.isSet(annotator)) {
        const QString name = parser.value(annotator).trimmed();
        if (name.isEmpty())
            return fail(ExitUsage, QStringLiteral("audit: --annotator is empty"));
        auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
        if (!store)
            return failIn(command, store.error());
        return storeAuditDecisions(**store, name);
    }

    compare::AuditSelection selection;
    bool ok = false;
    selection.sample = parser.value(sample).toInt(&ok);
    if (!ok || selection.sample < 0 || selection.sample > 1'000'000)
        return fail(ExitUsage, QStringLiteral("audit: --sample is a number of pairs from 0 to 1000000, not '%1'").arg(parser.value(sample)));
    selection.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return fail(ExitUsage, QStringLiteral("audit: --seed is a whole number from 0 to 18446744073709551615, not '%1'").arg(parser.value(seed)));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("md"))
        return fail(ExitUsage, QStringLiteral("audit: --format is json or md, not '%1'").arg(outputFormat));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());
    auto items = compare::auditItems(**store, selection);
    if (!items)
        return failIn(command, items.error());
    std::fprintf(stderr, "audit: %lld pairs: %d disagreements; a sample of %d from %d agreements and %d near misses\n", static_cast<long long>(items->items.size()),
                 items->disagreements, items->sampled, items->agreements, items->nearMisses);
    return writeOutput(command, outputFormat == QLatin1String("md") ? compare::auditItemsToMarkdown(*items, selection) : compare::auditItemsToJson(*items, selection));
}

} // namespace rd::cli
