// `eval`: the evaluation of workspace runs (KBI/FAR/CPI/LSR, AACR-Bench
// precision/recall/F1, per stage), or of AACR-Bench generated-comment files
// against positive_samples.json.

#include "CliCommand.h"

#include <AacrEvaluation.h>
#include <AacrPositiveSamples.h>
#include <DiffHunks.h>
#include <EvalTable.h>
#include <Evaluation.h>
#include <LlmClient.h>
#include <ResponseStore.h>
#include <RunConfig.h>
#include <SemanticMatcher.h>
#include <SqlWorkspaceStore.h>

#include <QCoreApplication>
#include <QFile>
#include <QFutureWatcher>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtConcurrent>

#include <cstdio>

namespace rd::cli {

namespace {

QJsonValue figure(const std::optional<double> &v)
{
    return v ? QJsonValue(std::round(*v * 100.0) / 100.0) : QJsonValue();
}

QJsonObject defectJson(const eval::DefectMetrics &m)
{
    return QJsonObject{{QStringLiteral("kbi"), figure(m.kbi)},
                       {QStringLiteral("far1"), figure(m.far1)},
                       {QStringLiteral("cpi1"), figure(m.cpi1)},
                       {QStringLiteral("far2"), figure(m.far2)},
                       {QStringLiteral("cpi2"), figure(m.cpi2)},
                       {QStringLiteral("lsr"), figure(m.lsr)},
                       {QStringLiteral("merge_requests"), m.mergeRequests},
                       {QStringLiteral("merge_requests_without_comments"), m.withoutComments},
                       {QStringLiteral("merge_requests_recalled"), m.recalled},
                       {QStringLiteral("key_issues"), m.keyIssues},
                       {QStringLiteral("key_issues_found"), m.keyIssuesFound},
                       {QStringLiteral("comments"), m.comments},
                       {QStringLiteral("false_alarms"), m.falseAlarms}};
}

// The paper's protocol beside the pooled figures: each pass of the
// configuration (the i-th run on each merge request; at All/Coarse/Top-k of
// several reviewers, one reviewer) and each figure's mean, min and max over
// the passes, CPI averaged per pass (Tables 3, 5, 7; App. R).
QJsonObject perRunJson(const eval::Evaluation &e, const QString &group, eval::Stage stage)
{
    const QList<eval::RunPass> passes = e.passes(group, stage);
    const eval::RepeatedRuns repeated = eval::Evaluation::perRun(passes);
    QJsonArray runs;
    for (int i = 0; i < passes.size(); ++i) {
        QJsonObject o = defectJson(repeated.runs[i]);
        QJsonArray ids;
        for (qint64 id : passes[i].runs)
            ids << id;
        o.insert(QStringLiteral("runs"), ids);
        o.insert(QStringLiteral("repetition"), passes[i].repetition + 1);
        o.insert(QStringLiteral("reviewer"), passes[i].reviewer > 0 ? QJsonValue(passes[i].reviewer) : QJsonValue());
        runs << o;
    }
    QJsonObject mean, min, max;
    const auto put = [&](const char *name, const eval::Spread &s) {
        mean.insert(QLatin1String(name), figure(s.mean));
        min.insert(QLatin1String(name), figure(s.min));
        max.insert(QLatin1String(name), figure(s.max));
    };
    put("kbi", repeated.kbi);
    put("far1", repeated.far1);
    put("cpi1", repeated.cpi1);
    put("far2", repeated.far2);
    put("cpi2", repeated.cpi2);
    put("lsr", repeated.lsr);
    return QJsonObject{{QStringLiteral("runs"), runs}, {QStringLiteral("mean"), mean}, {QStringLiteral("min"), min}, {QStringLiteral("max"), max}};
}

QJsonObject prfJson(const eval::PrecisionRecall &p)
{
    return QJsonObject{{QStringLiteral("precision"), figure(p.precision.percent())},
                       {QStringLiteral("recall"), figure(p.recall.percent())},
                       {QStringLiteral("f1"), figure(p.f1())},
                       {QStringLiteral("matched_comments"), p.precision.part},
                       {QStringLiteral("found_references"), p.recall.part}};
}

QByteArray workspaceJson(const eval::Evaluation &e)
{
    QJsonArray groups;
    for (const QString &g : e.groups) {
        QJsonObject stages;
        for (int s = 0; s < eval::StageCount; ++s) {
            const auto stage = eval::Stage(s);
            const eval::AacrMetrics a = e.aacr(g, stage);
            // kbi..false_alarms: pooled over the configuration's runs; per_run: the paper's protocol.
            QJsonObject o = defectJson(e.defect(g, stage));
            o.insert(QStringLiteral("aggregation"), QStringLiteral("pooled"));
            o.insert(QStringLiteral("per_run"), perRunJson(e, g, stage));
            o.insert(QStringLiteral("line"), prfJson(a.line));
            if (a.semantic)
                o.insert(QStringLiteral("semantic"), prfJson(*a.semantic));
            o.insert(QStringLiteral("noise_rate"), figure(a.noise.percent()));
            // Table 9's figure needs every merge request's hunks: a merge
            // request without code here has none, which is said, not invented.
            o.insert(QStringLiteral("avg_comments_per_patch"), a.commentsPerPatch ? QJsonValue(*a.commentsPerPatch) : QJsonValue());
            o.insert(QStringLiteral("patches"), a.prsWithoutPatches == 0 ? QJsonValue(a.patches) : QJsonValue());
            if (!a.commentsPerPatch)
                o.insert(QStringLiteral("avg_comments_per_patch_unavailable"),
                         QStringLiteral("no diff for %1 of %2 merge requests (no code in their repository)").arg(a.prsWithoutPatches).arg(a.pullRequests));
            o.insert(QStringLiteral("avg_comments_per_pr"), a.commentsPerPr);
            stages.insert(eval::stageKey(stage), o);
        }
        QJsonArray runs;
        for (const eval::RunEvaluation &r : e.runs)
            if (r.group == g)
                runs << r.run.id;
        groups << QJsonObject{{QStringLiteral("configuration"), g}, {QStringLiteral("runs"), runs}, {QStringLiteral("stages"), stages}};
    }
    return QJsonDocument(QJsonObject{{QStringLiteral("semantic"), e.semantic}, {QStringLiteral("configurations"), groups}}).toJson(QJsonDocument::Indented);
}

} // namespace

int runEval(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Evaluate review comments against reference issues."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace whose runs to evaluate."), QStringLiteral("FILE"));
    const QCommandLineOption run(QStringLiteral("run"), QStringLiteral("A run to evaluate (repeatable; default: every run)."), QStringLiteral("ID"));
    const QCommandLineOption references(QStringLiteral("references"), QStringLiteral("all (default), aacr (comments marked as reference) or key-bugs (flagged by annotators)."),
                                        QStringLiteral("SET"), QStringLiteral("all"));
    const QCommandLineOption aacrGt(QStringLiteral("aacr-gt"), QStringLiteral("AACR-Bench positive_samples.json to evaluate --generated against."), QStringLiteral("FILE"));
    const QCommandLineOption generated(QStringLiteral("generated"), QStringLiteral("Folder of comments_{repo}_{pr}.txt files."), QStringLiteral("DIR"));
    const QCommandLineOption diffs(QStringLiteral("diffs"), QStringLiteral("Folder of {repo}_{pr}.diff files (git diff of each PR) whose hunks give comments per patch (with --aacr-gt)."),
                                   QStringLiteral("DIR"));
    const QCommandLineOption distance(QStringLiteral("line-distance"), QStringLiteral("Lines apart that still match (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption semantic(QStringLiteral("semantic"), QStringLiteral("none (default) or llm (the Fig. 9 judge; needs --config)."), QStringLiteral("MODE"), QStringLiteral("none"));
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
                                                  "pr-categories, annotators, agreement."),
                                   QStringLiteral("ID"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Write here instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the judge again even for pairs seen before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every judge request from this recording."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the judge's answers as a recording for --replay."), QStringLiteral("FILE"));
    parser.addOptions({workspace, run, references, aacrGt, generated, diffs, distance, semantic, config, matchTranslation, votes, upstream, upstreamIds, format, table, out, cache,
                       noCache, replay, record});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

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
    const auto referenceSet = eval::referenceSetFromName(parser.value(references));
    if (!referenceSet)
        return fail(ExitUsage, QStringLiteral("eval: --references must be all, aacr or key-bugs"));
    if (parser.value(upstreamIds) != QLatin1String("given") && parser.value(upstreamIds) != QLatin1String("released"))
        return fail(ExitUsage, QStringLiteral("eval: --upstream-ids must be given or released"));
    QList<qint64> runs;
    for (const QString &id : parser.values(run)) {
        const qint64 v = id.toLongLong(&ok);
        if (!ok || v <= 0)
            return fail(ExitUsage, QStringLiteral("eval: --run %1 is not a run id").arg(id));
        runs << v;
    }

    std::unique_ptr<LlmClient> client;
    std::unique_ptr<SemanticMatcher> matcher;
    if (mode == QLatin1String("llm")) {
        auto judge = semanticJudgeFrom(parser.value(config), voteCount, parser.isSet(replay));
        if (!judge)
            return fail(ExitUsage, QStringLiteral("eval: %1").arg(judge.error().message));
        client = std::make_unique<LlmClient>(judge->client);
        if (parser.isSet(replay)) {
            auto store = ResponseStore::replayFrom(parser.value(replay));
            if (!store)
                return fail(ExitUsage, QStringLiteral("eval: %1").arg(store.error().message));
            client->setReplay(*store);
        } else if (!parser.isSet(noCache)) {
            client->setCache(ResponseStore::cacheIn(parser.isSet(cache) ? parser.value(cache)
                                                                          : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation)
                                                                                + QStringLiteral("/reviewdesk/responses")));
        }
        matcher = std::make_unique<SemanticMatcher>(*client, judge->match);
    }
    std::function<bool(const QString &, const QString &)> judge;
    if (matcher)
        judge = [m = matcher.get()](const QString &g, const QString &r) { return m->same(g, r); };

    // The work, on a worker thread when a judge needs this thread's event loop.
    // The workspace is opened on the thread that uses it.
    const auto work = [&]() -> Result<QByteArray> {
        if (directoryMode) {
            QFile gt(parser.value(aacrGt));
            if (!gt.open(QIODevice::ReadOnly))
                return Error{Error::Kind::Usage, QStringLiteral("cannot read %1").arg(parser.value(aacrGt))};
            auto prs = readAacrPositiveSamples(gt.readAll(), parser.value(aacrGt));
            if (!prs)
                return prs.error();
            eval::AacrDirectoryOptions options;
            options.maxDistance = maxDistance;
            options.upstreamCompat = parser.isSet(upstream);
            options.releasedIds = parser.value(upstreamIds) == QLatin1String("released");
            options.semantic = judge;
            options.diffs = parser.value(diffs);
            auto result = eval::evaluateAacrDirectory(*prs, parser.value(generated), options);
            if (!result)
                return result.error();
            for (const QString &p : result->problems)
                std::fprintf(stderr, "eval: %s\n", qPrintable(p));
            return QJsonDocument(result->json).toJson(QJsonDocument::Indented);
        }
        auto store = SqlWorkspaceStore::open(parser.value(workspace), SqlWorkspaceStore::Mode::OpenExisting);
        if (!store)
            return store.error();
        eval::Options options;
        options.runs = runs;
        options.references = *referenceSet;
        options.maxDistance = maxDistance;
        options.semantic = judge;
        options.patchesOf = countDiffHunks;
        options.matchTranslation = parser.isSet(matchTranslation);
        auto evaluation = eval::evaluateWorkspace(**store, options);
        if (!evaluation)
            return evaluation.error();
        if (!tableFormat)
            return workspaceJson(*evaluation);
        QString text;
        for (const eval::Table &t : evaluation->tables()) {
            if (parser.isSet(table) && t.id != parser.value(table))
                continue;
            if (*tableFormat == eval::TableFormat::Markdown)
                text += QStringLiteral("### ") + t.title + QStringLiteral("\n\n");
            else if (*tableFormat == eval::TableFormat::Latex)
                text += QStringLiteral("%% ") + t.title + QLatin1Char('\n');
            text += eval::formatTable(t, *tableFormat) + QLatin1Char('\n');
        }
        if (text.isEmpty())
            return Error{Error::Kind::Usage, QStringLiteral("no table %1").arg(parser.value(table))};
        return text.toUtf8();
    };
    Result<QByteArray> bytes = QByteArray();
    if (matcher) {
        QFutureWatcher<Result<QByteArray>> watcher;
        QObject::connect(&watcher, &QFutureWatcher<Result<QByteArray>>::finished, QCoreApplication::instance(), &QCoreApplication::quit);
        watcher.setFuture(QtConcurrent::run(work));
        QCoreApplication::exec();
        bytes = watcher.result();
    } else {
        bytes = work();
    }
    if (!bytes)
        return fail(exitCodeFor(bytes.error()), QStringLiteral("eval: %1").arg(bytes.error().message));

    if (matcher) {
        const QStringList errors = matcher->errors();
        const QList<Exchange> exchanges = matcher->exchanges();
        std::fprintf(stderr, "eval: the judge answered %lld questions (%lld failed)\n", static_cast<long long>(exchanges.size()),
                     static_cast<long long>(errors.size()));
        if (parser.isSet(record)) {
            QList<Exchange> replayable = exchanges;
            for (Exchange &e : replayable)
                e.request.profile.endpoint = QStringLiteral("replay:");
            if (auto written = ResponseStore::record(parser.value(record), replayable); !written)
                return fail(written.error());
        }
        if (!errors.isEmpty()) {
            std::fprintf(stderr, "eval: %s\n", qPrintable(errors.constFirst()));
            // A semantic figure with unanswered questions would be a different figure.
            return fail(ExitService, QStringLiteral("eval: %1 of %2 judge requests failed; no figures written").arg(errors.size()).arg(exchanges.size()));
        }
    }
    if (parser.isSet(out)) {
        QSaveFile file(parser.value(out));
        if (!file.open(QIODevice::WriteOnly) || file.write(*bytes) != bytes->size() || !file.commit())
            return fail(ExitInternal, QStringLiteral("eval: cannot write %1").arg(parser.value(out)));
        return ExitOk;
    }
    return writeStdout(*bytes) ? ExitOk : ExitInternal;
}

} // namespace rd::cli
