// `eval`: the evaluation of workspace runs (KBI/FAR/CPI/LSR, AACR-Bench
// precision/recall/F1, per stage), or of AACR-Bench generated-comment files
// against positive_samples.json. The command line is read into an
// EvaluationRequest here; pipeline's EvaluationJob does the work, as it does
// for the Evaluate window.

#include "CliCommand.h"

#include <EvalTable.h>
#include <EvaluationJob.h>
#include <GoldTriageQueue.h>
#include <ResponseStore.h>
#include <WorkspaceOpening.h>

#include <QSaveFile>

#include <cstdio>

namespace rd::cli {

namespace {

// `eval`'s command line, checked: what to evaluate and where the figures go.
struct EvalOptions
{
    EvaluationRequest request;
    std::optional<eval::TableFormat> format; // empty: JSON
    std::optional<QString> table;            // only this table
    std::optional<QString> out;              // else standard output
    std::optional<QString> record;           // the judge's answers, as a recording
    bool triage = false;                     // the triage queue instead of the figures
};

// Reads `arguments` into `options`: -1 when the command goes on, else the
// exit code, after saying what is wrong.
int parseEval(const QStringList &arguments, EvalOptions &options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Evaluate review comments against reference issues."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace whose runs to evaluate."), QStringLiteral("FILE"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("A run to evaluate (repeatable; default: every run)."), QStringLiteral("ID"));
    const QCommandLineOption references(QStringLiteral("references"),
                                        QStringLiteral("The live set: all (default), aacr (comments marked as reference) or key-bugs (flagged by annotators);\n"
                                                       "original (imported ground truth only) or triaged (with what gold-gap triage added);\n"
                                                       "or the name of a snapshot frozen by `references freeze`: exactly its references."),
                                        QStringLiteral("SET|NAME"), QStringLiteral("all"));
    const QCommandLineOption aacrGt(QStringLiteral("aacr-gt"), QStringLiteral("AACR-Bench positive_samples.json to evaluate --generated against."), QStringLiteral("FILE"));
    const QCommandLineOption generated(QStringLiteral("generated"), QStringLiteral("Folder of comments_{repo}_{pr}.txt files."), QStringLiteral("DIR"));
    const QCommandLineOption diffs(QStringLiteral("diffs"), QStringLiteral("Folder of {repo}_{pr}.diff files (git diff of each PR) whose hunks give comments per patch (with --aacr-gt)."),
                                   QStringLiteral("DIR"));
    const QCommandLineOption distance(QStringLiteral("line-distance"), QStringLiteral("Lines apart that still match (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption semantic(QStringLiteral("semantic"), QStringLiteral("none (default) or llm (the Fig. 9 judge, the released evaluator's prompt with --upstream-compat; needs --config)."), QStringLiteral("MODE"), QStringLiteral("none"));
    const QCommandLineOption config(QStringLiteral("config"), QStringLiteral("Run configuration whose validator (else reviewer) judges semantic matches."), QStringLiteral("FILE"));
    const QCommandLineOption matchTranslation(QStringLiteral("match-translation"),
                                              QStringLiteral("--semantic llm reads a translated comment's translation (default: the reviewer's original text)."));
    const QCommandLineOption votes(QStringLiteral("votes"), QStringLiteral("Judge answers per pair; the majority decides (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption upstream(QStringLiteral("upstream-compat"), QStringLiteral("Count as AACR-Bench's released evaluator does (with --aacr-gt)."));
    const QCommandLineOption upstreamIds(QStringLiteral("upstream-ids"),
                                         QStringLiteral("given (default: each reference its own id) or released (only the file's id fields, as the released evaluator reads them)."),
                                         QStringLiteral("IDS"), QStringLiteral("given"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default), md, csv or latex."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption table(QStringLiteral("table"), QStringLiteral("Only this table (md, csv, latex): stages, stage-runs, configurations, slicing, reviewers, cot, line-format, aacr, categories, contexts, languages, "
                                                  "pr-categories, annotators, agreement, codeagent, tags, coverage."),
                                   QStringLiteral("ID"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Write here instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the judge again even for pairs seen before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every judge request from this recording."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the judge's answers as a recording for --replay."), QStringLiteral("FILE"));
    const QCommandLineOption triage(QStringLiteral("triage"),
                                    QStringLiteral("List the triage queue instead: the comments judged false positives against the imported ground truth\n"
                                                   "(reference set 'original'), with merge request, run or tool, place and text (json or md; docs/arena.md)."));
    parser.addOptions({workspace, run, references, aacrGt, generated, diffs, distance, semantic, config, matchTranslation, votes, upstream, upstreamIds, format, table, out, cache,
                       noCache, replay, record, triage});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

    options.triage = parser.isSet(triage);
    if (options.triage) {
        // The queue is measured against the imported ground truth, by line and people's links.
        if (!parser.isSet(workspace) || parser.isSet(aacrGt))
            return fail(ExitUsage, QStringLiteral("eval: --triage lists a workspace's false positives; give --workspace"));
        for (const QCommandLineOption *other : {&references, &semantic, &config, &table, &upstream, &matchTranslation, &record, &replay})
            if (parser.isSet(*other))
                return fail(ExitUsage, QStringLiteral("eval: --triage measures against the imported ground truth by line; leave out --%1").arg(other->names().constFirst()));
        const QString f = parser.value(format);
        if (f != QLatin1String("json") && f != QLatin1String("md"))
            return fail(ExitUsage, QStringLiteral("eval: --triage writes json or md, not '%1'").arg(f));
        if (f == QLatin1String("md"))
            options.format = eval::TableFormat::Markdown;
    }
    const bool directoryMode = parser.isSet(aacrGt);
    if (directoryMode == parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("eval: give either --workspace or --aacr-gt with --generated"));
    if (directoryMode && !parser.isSet(generated))
        return fail(ExitUsage, QStringLiteral("eval: --aacr-gt needs --generated DIR"));
    if (!directoryMode && parser.isSet(diffs))
        return fail(ExitUsage, QStringLiteral("eval: --diffs goes with --aacr-gt"));
    bool ok = false;
    const int maxDistance = parser.value(distance).toInt(&ok);
    if (!ok || maxDistance < 0 || maxDistance > 1000)
        return fail(ExitUsage, QStringLiteral("eval: --line-distance must be a number of lines from 0 to 1000"));
    const int voteCount = parser.value(votes).toInt(&ok);
    if (!ok || voteCount < 1 || voteCount > 15)
        return fail(ExitUsage, QStringLiteral("eval: --votes must be from 1 to 15"));
    const QString mode = parser.value(semantic);
    if (mode != QLatin1String("none") && mode != QLatin1String("llm"))
        return fail(ExitUsage, QStringLiteral("eval: --semantic must be none or llm"));
    if (mode == QLatin1String("llm") && !parser.isSet(config))
        return fail(ExitUsage, QStringLiteral("eval: --semantic llm needs --config run.json (the judge's endpoint)"));
    if (parser.isSet(matchTranslation) && (mode != QLatin1String("llm") || parser.isSet(aacrGt)))
        return fail(ExitUsage, QStringLiteral("eval: --match-translation is for --semantic llm on a workspace"));
    const QString outputFormat = parser.value(format);
    std::optional<eval::TableFormat> tableFormat;
    if (outputFormat == QLatin1String("md"))
        tableFormat = eval::TableFormat::Markdown;
    else if (outputFormat == QLatin1String("csv"))
        tableFormat = eval::TableFormat::Csv;
    else if (outputFormat == QLatin1String("latex"))
        tableFormat = eval::TableFormat::Latex;
    else if (outputFormat != QLatin1String("json"))
        return fail(ExitUsage, QStringLiteral("eval: --format must be json, md, csv or latex"));
    if (directoryMode && tableFormat)
        return fail(ExitUsage, QStringLiteral("eval: --aacr-gt writes json only"));
    // A live set by its name, else a snapshot's name (the workspace says
    // whether it has one: an unknown name fails there, exit 2).
    const QString referencesValue = parser.value(references).trimmed();
    const auto referenceSet = eval::referenceSetFromName(referencesValue);
    if (referencesValue.isEmpty())
        return fail(ExitUsage, QStringLiteral("eval: --references must be all, aacr, key-bugs, original, triaged or a reference snapshot's name"));
    if (!referenceSet && directoryMode)
        return fail(ExitUsage, QStringLiteral("eval: --references names a workspace's references; with --aacr-gt they are that file's"));
    if (parser.value(upstreamIds) != QLatin1String("given") && parser.value(upstreamIds) != QLatin1String("released"))
        return fail(ExitUsage, QStringLiteral("eval: --upstream-ids must be given or released"));
    EvaluationRequest &request = options.request;
    for (const QString &id : parser.values(run)) {
        const qint64 v = id.toLongLong(&ok);
        if (!ok || v <= 0)
            return fail(ExitUsage, QStringLiteral("eval: --run %1 is not a run id").arg(id));
        request.runs << v;
    }
    request.workspace = parser.value(workspace);
    if (referenceSet)
        request.references = *referenceSet;
    else
        request.snapshot = referencesValue;
    request.matchTranslation = parser.isSet(matchTranslation);
    request.aacrGroundTruth = parser.value(aacrGt);
    request.generated = parser.value(generated);
    request.diffs = parser.value(diffs);
    request.upstreamCompat = parser.isSet(upstream);
    request.releasedIds = parser.value(upstreamIds) == QLatin1String("released");
    request.maxDistance = maxDistance;
    if (mode == QLatin1String("llm")) {
        request.judgeConfig = parser.value(config);
        request.votes = voteCount;
        request.judgeReplay = parser.value(replay);
        if (!parser.isSet(replay) && !parser.isSet(noCache))
            request.judgeCache = parser.isSet(cache) ? parser.value(cache) : ResponseStore::userCacheFolder();
    }
    if (!options.triage)
        options.format = tableFormat;
    for (const auto &[option, into] : {std::pair{&table, &options.table}, std::pair{&out, &options.out}, std::pair{&record, &options.record}})
        if (parser.isSet(*option))
            *into = parser.value(*option);
    return -1;
}


// Writes `bytes` to --out, else standard output.
int writeEvalOutput(const EvalOptions &options, const QByteArray &bytes)
{
    if (options.out) {
        QSaveFile file(*options.out);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return fail(ExitInternal, QStringLiteral("eval: cannot write %1").arg(*options.out));
        return ExitOk;
    }
    return writeStdout(bytes) ? ExitOk : ExitInternal;
}

// `eval --triage`: the comments judged false positives against imported ground truth.
int runTriageQueue(const EvalOptions &options)
{
    auto store = openWorkspaceStore(options.request.workspace, WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(QStringLiteral("eval"), store.error());
    eval::TriageQueueOptions queue;
    queue.runs = options.request.runs;
    queue.maxDistance = options.request.maxDistance;
    auto candidates = eval::falsePositivesAgainstGold(**store, queue);
    if (!candidates)
        return failIn(QStringLiteral("eval"), candidates.error());
    std::fprintf(stderr, "eval: the triage queue: %lld false positives against the imported ground truth (references: 'original')\n",
                 static_cast<long long>(candidates->size()));
    return writeEvalOutput(options, options.format ? eval::triageQueueMarkdown(*candidates) : eval::triageQueueJson(*candidates));
}

// The evaluation of checked options: the figures written, or the exit code
// of what went wrong.
int runEval(const EvalOptions &options)
{
    if (options.triage)
        return runTriageQueue(options);
    EvaluationJob job;
    if (auto ready = job.prepare(options.request); !ready)
        return fail(ExitUsage, QStringLiteral("eval: %1").arg(ready.error().message));
    // On this thread: the judge's client answers on a thread of its own.
    const EvaluationOutcome &outcome = job.run();
    if (outcome.error)
        return fail(exitCodeFor(*outcome.error), QStringLiteral("eval: %1").arg(outcome.error->message));
    for (const QString &p : outcome.problems)
        std::fprintf(stderr, "eval: %s\n", qPrintable(p));
    // Which references every figure is measured against (a CSV table has no room for it).
    if (outcome.evaluation)
        std::fprintf(stderr, "eval: %s\n", qPrintable(outcome.evaluation->referenceSet.describe()));
    const Result<QByteArray> bytes = outcome.report(options.format, options.table);
    if (!bytes)
        return fail(exitCodeFor(bytes.error()), QStringLiteral("eval: %1").arg(bytes.error().message));

    if (options.request.semantic()) {
        const QStringList &errors = outcome.judgeErrors;
        const QList<Exchange> &exchanges = outcome.judgeExchanges;
        std::fprintf(stderr, "eval: the judge answered %lld questions (%lld failed); prompt: %s\n", static_cast<long long>(exchanges.size()),
                     static_cast<long long>(errors.size()), qPrintable(outcome.judgePrompt));
        if (options.record)
            if (auto written = ResponseStore::record(*options.record, exchanges); !written)
                return fail(written.error());
        if (!errors.isEmpty()) {
            std::fprintf(stderr, "eval: %s\n", qPrintable(errors.constFirst()));
            // A semantic figure with unanswered questions would be a different figure.
            return fail(ExitService, QStringLiteral("eval: %1 of %2 judge requests failed; no figures written").arg(errors.size()).arg(exchanges.size()));
        }
    }
    return writeEvalOutput(options, *bytes);
}

} // namespace

int runEval(const QStringList &arguments)
{
    EvalOptions options;
    if (const int done = parseEval(arguments, options); done >= 0)
        return done;
    return runEval(options);
}

} // namespace rd::cli
