// `import` and `export`: datasets in and out of a workspace (AACR-Bench
// samples, ReviewDesk runs; AACR-Bench, TRL, SARIF, rdjson, CSV).

#include "AacrGeneratedExport.h"
#include "CliCommand.h"

#include <CodeReviewBench.h>
#include <DatasetExchange.h>
#include <DatasetExport.h>
#include <WorkspaceOpening.h>

#include <cstdio>

namespace rd::cli {

namespace {

Result<std::optional<qint64>> idOption(const QCommandLineParser &parser, const QCommandLineOption &option)
{
    if (!parser.isSet(option))
        return std::optional<qint64>();
    bool ok = false;
    const qint64 id = parser.value(option).toLongLong(&ok);
    if (!ok || id <= 0)
        return Error{Error::Kind::Usage, QStringLiteral("--%1 is an id (a positive number), not '%2'").arg(option.names().constFirst(), parser.value(option))};
    return std::optional<qint64>(id);
}

// `import --code-review-bench DIR`: the folder is read and checked whole
// before the workspace is opened, so a malformed file leaves no workspace
// behind, not even an empty one.
int importCodeReviewBench(const QString &workspace, const QString &folder)
{
    auto read = codereviewbench::readFolder(folder);
    if (!read)
        return failIn(QStringLiteral("import"), Error{read.error().kind, QStringLiteral("%1: %2").arg(folder, read.error().message)});
    auto store = openWorkspaceStore(workspace, WorkspaceOpenMode::CreateIfMissing);
    if (!store)
        return failIn(QStringLiteral("import"), store.error());
    auto summary = (*store)->importBenchmark(read->import);
    if (!summary)
        return failIn(QStringLiteral("import"), Error{summary.error().kind, QStringLiteral("%1: %2").arg(folder, summary.error().message)});
    for (const QString &note : std::as_const(read->notes))
        std::fprintf(stderr, "import: %s\n", qPrintable(note));
    const BenchmarkImportSummary &s = *summary;
    std::fprintf(stderr,
                 "import: %s: %d pull requests (%d new, without code), %d references (%d new), %d reviewers' comments (%d new); "
                 "judges: %d, their reviews: %d, verdicts: %d, matches: %d\n",
                 qPrintable(folder), s.mergeRequests, s.newMergeRequests, s.references, s.newReferences, s.comments, s.newComments, s.judges, s.reviews,
                 s.verdicts, s.matches);
    return ExitOk;
}

} // namespace

int runImport(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Import a dataset into a workspace (made when missing), all of a file or nothing:\n"
        "  --aacr FILE --as ground-truth|candidates|labelled   AACR-Bench positive_samples.json / negative_samples.json\n"
        "  --run FILE --repository PATH [--base REV --head REV]  a ReviewDesk run (reviewdesk-cli review --out), as candidates\n"
        "  --code-review-bench DIR  Code Review Bench's offline folder: golden comments as references, each tool's comments,\n"
        "                           every judge's verdicts (results/<judge>/), pull-request labels (again: the same result)"));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file."), QStringLiteral("FILE"));
    const QCommandLineOption aacr(QStringLiteral("aacr"), QStringLiteral("An AACR-Bench samples file."), QStringLiteral("FILE"));
    const QCommandLineOption as(QStringLiteral("as"),
                                QStringLiteral("ground-truth (reference issues), candidates (to judge) or labelled (positive = accepted, negative = "
                                               "rejected, by --annotator)."),
                                QStringLiteral("KIND"));
    const QCommandLineOption samples(QStringLiteral("samples"), QStringLiteral("positive or negative (default: from the file's name)."), QStringLiteral("SET"));
    const QCommandLineOption repoMap(QStringLiteral("repo-map"),
                                     QStringLiteral("JSON object from repository URL (https://github.com/owner/name) to a local clone or bare mirror."),
                                     QStringLiteral("FILE"));
    const QCommandLineOption fetch(QStringLiteral("fetch"),
                                   QStringLiteral("Fetch what a mapped clone lacks (refs/pull/N/head and the remote's HEAD) from its origin\n"
                                                  "or the repository's URL; a pull request whose fetch fails is named and imported without code."));
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose the labels are (labelled; default aacr-bench)."),
                                       QStringLiteral("NAME"), QStringLiteral("aacr-bench"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("A ReviewDesk run file."), QStringLiteral("FILE"));
    const QCommandLineOption repository(QStringLiteral("repository"), QStringLiteral("The repository the run reviewed."), QStringLiteral("PATH"));
    const QCommandLineOption base(QStringLiteral("base"), QStringLiteral("Base of the run's merge request (default: the run's)."), QStringLiteral("REV"));
    const QCommandLineOption head(QStringLiteral("head"), QStringLiteral("Head of the run's merge request (default: the run's)."), QStringLiteral("REV"));
    const QCommandLineOption twoDot(QStringLiteral("two-dot"), QStringLiteral("The run's merge request diffs BASE to HEAD directly."));
    const QCommandLineOption codeReviewBench(QStringLiteral("code-review-bench"),
                                             QStringLiteral("Code Review Bench's offline folder (golden_comments/, results/<judge>/, results/pr_labels.json)."),
                                             QStringLiteral("DIR"));
    parser.addOptions({workspace, aacr, as, samples, repoMap, fetch, annotator, run, repository, base, head, twoDot, codeReviewBench});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("import: --workspace is required"));
    if (int(parser.isSet(aacr)) + int(parser.isSet(run)) + int(parser.isSet(codeReviewBench)) != 1)
        return fail(ExitUsage, QStringLiteral("import: give one of --aacr FILE, --run FILE or --code-review-bench DIR"));
    if (parser.isSet(codeReviewBench))
        return importCodeReviewBench(parser.value(workspace), parser.value(codeReviewBench));
    if (parser.isSet(aacr) && !parser.isSet(as))
        return fail(ExitUsage, QStringLiteral("import: --as ground-truth|candidates|labelled is required with --aacr"));
    if (parser.isSet(fetch) && !parser.isSet(repoMap))
        return fail(ExitUsage, QStringLiteral("import: --fetch fetches into the clones of --repo-map, which is missing"));
    if (parser.isSet(run) && !parser.isSet(repository))
        return fail(ExitUsage, QStringLiteral("import: --repository is required with --run"));

    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::CreateIfMissing);
    if (!store)
        return failIn(QStringLiteral("import"), store.error());
    Result<ImportOutcome> outcome = Error{};
    QString file;
    if (parser.isSet(aacr)) {
        file = parser.value(aacr);
        AacrImportOptions options;
        options.kind = parser.value(as);
        options.samples = parser.value(samples);
        options.annotator = parser.value(annotator);
        options.repoMapFile = parser.value(repoMap);
        options.fetch = parser.isSet(fetch);
        outcome = importAacrFile(**store, file, options);
    } else {
        file = parser.value(run);
        RunImportOptions options;
        options.repository = parser.value(repository);
        options.base = parser.value(base);
        options.head = parser.value(head);
        options.twoDot = parser.isSet(twoDot);
        outcome = importRunFile(**store, file, options);
    }
    if (!outcome)
        return failIn(QStringLiteral("import"), outcome.error());
    for (const QString &note : std::as_const(outcome->notes))
        std::fprintf(stderr, "import: %s\n", qPrintable(note));
    const ImportSummary &s = outcome->summary;
    std::fprintf(stderr, "import: %s: %d pull requests (%d new: %d with code, %d without), %d comments, %d judgements\n", qPrintable(file),
                 s.mergeRequests, s.newMergeRequests, s.newMergeRequests - s.withoutCode, s.withoutCode, s.comments, s.judgements);
    if (parser.isSet(fetch))
        std::fprintf(stderr, "import: fetched the commits of %d pull requests\n", outcome->fetched);
    return ExitOk;
}

int runExport(const QStringList &arguments)
{
    QStringList formats;
    for (const ExportFormat &f : exportFormats())
        formats << QStringLiteral("  %1  %2").arg(f.name, -14).arg(f.description);
    // One file per pull request (comments_{repo}_{pr}.txt), so it is written by run, not through the table.
    formats << QStringLiteral("  %1  %2").arg(QStringLiteral("code-review-bench"), -14)
                   .arg(QStringLiteral("Code Review Bench's offline layout (golden comments, labels, every judge's files) into the --out folder"));
    formats << QStringLiteral("  %1  %2").arg(QStringLiteral("aacr-generated"), -14)
                   .arg(QStringLiteral("AACR-Bench generated-comment files, one per run and pull request, into the --out folder"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Export a workspace's comments and final labels. Formats:\n") + formats.join(QLatin1Char('\n')));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file."), QStringLiteral("FILE"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("One of the formats above."), QStringLiteral("FORMAT"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("The file to write, or a folder (FORMAT.EXT inside it)."), QStringLiteral("FILE|DIR"));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("Only this merge request (its id)."), QStringLiteral("ID"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("Only this run's comments (its id)."), QStringLiteral("ID"));
    const QCommandLineOption delta(QStringLiteral("delta"), QStringLiteral("trl-dpo: the score gap δ of CQS Algorithm 1 (0-10, default 2)."),
                                   QStringLiteral("D"), QStringLiteral("2"));
    const QCommandLineOption pairs(QStringLiteral("pairs"),
                                   QStringLiteral("trl-dpo: judge (CQS Algorithm 1 on the LLM judge's scores), human (people's scores and verdicts), both, "
                                                  "or auto (default: judge where a merge request's comments have judge scores, else human)."),
                                   QStringLiteral("RULES"), QStringLiteral("auto"));
    parser.addOptions({workspace, format, out, mr, run, delta, pairs});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    // The errata of gold-gap triage are small enough for standard output (to a pipe, or a mail).
    const bool toStdout = parser.value(format) == QLatin1String("errata") && !parser.isSet(out);
    if (const int missing = toStdout ? requireOptions(parser, QStringLiteral("export"), {&workspace, &format})
                                     : requireOptions(parser, QStringLiteral("export"), {&workspace, &format, &out});
        missing >= 0)
        return missing;
    auto onlyMr = idOption(parser, mr);
    if (!onlyMr)
        return failIn(QStringLiteral("export"), onlyMr.error());
    auto onlyRun = idOption(parser, run);
    if (!onlyRun)
        return failIn(QStringLiteral("export"), onlyRun.error());
    bool ok = false;
    const double gap = parser.value(delta).toDouble(&ok);
    if (!ok || gap < 0)
        return fail(ExitUsage, QStringLiteral("export: --delta is a score gap of 0 or more, not '%1'").arg(parser.value(delta)));
    const std::optional<DpoPairs> pairRules = dpoPairsFromName(parser.value(pairs));
    if (!pairRules)
        return fail(ExitUsage, QStringLiteral("export: --pairs must be auto, judge, human or both, not '%1'").arg(parser.value(pairs)));
    if (parser.value(format) == QLatin1String("code-review-bench")) {
        if (*onlyMr || *onlyRun)
            return fail(ExitUsage, QStringLiteral("export: code-review-bench writes the whole benchmark; leave out --mr and --run"));
        auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
        if (!store)
            return failIn(QStringLiteral("export"), store.error());
        auto written = codereviewbench::writeFolder(**store, parser.value(out));
        if (!written)
            return failIn(QStringLiteral("export"), written.error());
        std::fprintf(stderr, "export: wrote %lld files into %s\n", static_cast<long long>(written->size()), qPrintable(parser.value(out)));
        return ExitOk;
    }
    if (parser.value(format) == QLatin1String("aacr-generated")) {
        if (*onlyMr)
            return fail(ExitUsage, QStringLiteral("export: aacr-generated is written per run; give --run ID (or nothing for every run), not --mr"));
        QList<qint64> runs;
        if (*onlyRun)
            runs << **onlyRun;
        return writeAacrGeneratedRuns(parser.value(workspace), runs, parser.value(out));
    }
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(QStringLiteral("export"), store.error());
    if (toStdout) {
        auto data = loadExportData(**store, *onlyMr, *onlyRun);
        if (!data)
            return failIn(QStringLiteral("export"), data.error());
        auto bytes = exportErrata(*data, ExportOptions{});
        if (!bytes)
            return failIn(QStringLiteral("export"), bytes.error());
        std::fprintf(stderr, "export: %lld references added by triage\n", static_cast<long long>(data->triaged.size()));
        return writeOutput(QStringLiteral("export"), *bytes);
    }
    auto written = exportToFile(**store, parser.value(format), parser.value(out), *onlyMr, *onlyRun, gap, *pairRules);
    if (!written)
        return failIn(QStringLiteral("export"), written.error());
    std::fprintf(stderr, "export: wrote %s\n", qPrintable(*written));
    return ExitOk;
}

} // namespace rd::cli
