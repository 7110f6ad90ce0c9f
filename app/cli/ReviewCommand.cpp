#include "CliCommand.h"

#include <LlmClient.h>
#include <MergeRequest.h>
#include <MergeRequestRevisions.h>
#include <ReviewPipeline.h>
#include <RunConfig.h>
#include <RunJournal.h>
#include <RunRecord.h>
#include <RunResume.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QTemporaryFile>
#include <QtConcurrent>

#include <cstdio>

namespace rd::cli {

namespace {

QString absolute(const QString &path)
{
    return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath();
}

// The arguments that do again what a journal's header says, with the
// configuration as it was read (written to `configCopy`).
QStringList argumentsOf(const ReviewInvocation &i, const QString &configCopy)
{
    QStringList args{QStringLiteral("review"), QStringLiteral("--config"), configCopy, QStringLiteral("--out"), i.out, QStringLiteral("--format"), i.format};
    // A run of a workspace's merge request goes back to it (its range read
    // again: the run was not stored, so the last reviewed revision is the
    // same); without the workspace (a finished run's output written again),
    // the commits it reviewed.
    if (i.mergeRequest > 0 && !i.workspace.isEmpty()) {
        args << QStringLiteral("--mr") << QString::number(i.mergeRequest);
        if (i.sinceLastReview)
            args << QStringLiteral("--since-last-review");
    } else {
        args << QStringLiteral("--repo") << i.repo << QStringLiteral("--base") << i.base << QStringLiteral("--head") << i.head;
        if (i.twoDot)
            args << QStringLiteral("--two-dot");
    }
    if (i.noCache)
        args << QStringLiteral("--no-cache");
    for (const auto &[name, value] : {std::pair{"cache", i.cache}, std::pair{"replay", i.replay}, std::pair{"record", i.record},
                                      std::pair{"compile-commands", i.compileCommands}, std::pair{"workspace", i.workspace}})
        if (!value.isEmpty())
            args << QStringLiteral("--") + QLatin1String(name) << value;
    return args;
}

// `review`'s command line, checked as far as the command line alone can
// be: what is read, made or asked is checked by the run, in its order.
struct ReviewOptions
{
    std::optional<QString> resume; // a run's journal or id: the rest comes from the journal
    QString repo, base, head;
    bool twoDot = false;
    QStringList configs;
    QStringList outs;     // one is right; more is said by the run
    QString format;
    std::optional<QString> cache;
    bool noCache = false;
    QStringList replays;  // none, or one per configuration
    QStringList records;
    QString compileCommands;
    std::optional<QString> workspace;
    std::optional<QString> journal;
    // A merge request of the workspace (issue 24): its current revision, or
    // with sinceLastReview what changed since the last reviewed one.
    std::optional<qint64> mr;
    bool sinceLastReview = false;

    QString out() const { return outs.value(outs.size() - 1); }
    std::optional<QString> record() const { return records.isEmpty() ? std::nullopt : std::optional(records.last()); }
};

// Reads `arguments` into `options`: -1 when the command goes on, else the
// exit code, after saying what is wrong.
int parseReview(const QStringList &arguments, ReviewOptions &options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Review a merge request with a reviewer pipeline of the papers (defect: Reviewers, Meta-Reviewer, Validator,\n"
        "Translator; cqs: issue collector and judge; aacr: AACR-Bench hunk review with no, BM25, embedding or agent\n"
        "context; codeagent: CodeAgent with the QA-Checker) against\n"
        "OpenAI-compatible endpoints, and write every comment with its provenance."));
    const MergeRequestOptions target;
    target.addTo(parser);
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("The run configuration (JSON, see README), or a previous run's output to run it again. "
                                                   "Repeat it to run several pipelines side by side."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Where to write the comments (needed unless --workspace stores them)."), QStringLiteral("FILE"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default: the run and every comment) or aacr (kept comments, AACR-Bench)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the models again even for requests seen before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every request from this recording instead of the endpoints (one per --config)."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the answers as a recording for --replay."), QStringLiteral("FILE"));
    const QCommandLineOption compileCommands(QStringLiteral("compile-commands"), QStringLiteral("A compile_commands.json for slicing."), QStringLiteral("PATH"));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("Also store the run in this workspace (made when missing)."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption journalOption(QStringLiteral("journal"),
                                           QStringLiteral("The run journal: every answer is written there as it arrives (default: a new file in the "
                                                          "user's data folder, reviewdesk/runs/ID.jsonl)."),
                                           QStringLiteral("FILE"));
    const QCommandLineOption resume(QStringLiteral("resume"),
                                    QStringLiteral("Finish a run that was interrupted: RUN is its journal or its id. Only the answers the journal "
                                                   "lacks are asked; the rest of the options come from the journal."),
                                    QStringLiteral("RUN"));
    const QCommandLineOption mr(QStringLiteral("mr"),
                                QStringLiteral("Review merge request ID of --workspace at its current revision (instead of --repo, --base, --head)."),
                                QStringLiteral("ID"));
    const QCommandLineOption sinceLastReview(QStringLiteral("since-last-review"),
                                             QStringLiteral("With --mr: review only what changed since the last reviewed revision."));
    parser.addOptions({config, out, format, cache, noCache, replay, record, compileCommands, workspace, journalOption, resume, mr, sinceLastReview});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

    if (parser.isSet(resume)) {
        for (const QString &name : parser.optionNames())
            if (name != QLatin1String("resume"))
                return fail(ExitUsage, QStringLiteral("review: --resume takes its options from the run journal; --%1 cannot be given with it").arg(name));
        options.resume = parser.value(resume);
        return -1;
    }
    if (parser.isSet(sinceLastReview) && !parser.isSet(mr))
        return fail(ExitUsage, QStringLiteral("review: --since-last-review needs --mr"));
    if (parser.isSet(mr)) {
        bool ok = false;
        options.mr = parser.value(mr).toLongLong(&ok);
        if (!ok || *options.mr <= 0)
            return fail(ExitUsage, QStringLiteral("review: --mr is a merge request id (a positive number), not '%1'").arg(parser.value(mr)));
        if (!parser.isSet(workspace))
            return fail(ExitUsage, QStringLiteral("review: --mr needs --workspace"));
        for (const QCommandLineOption *given : {&target.repo, &target.base, &target.head, &target.twoDot})
            if (parser.isSet(*given))
                return fail(ExitUsage, QStringLiteral("review: --%1 comes from the merge request with --mr").arg(given->names().constFirst()));
        options.sinceLastReview = parser.isSet(sinceLastReview);
    } else if (const int missing = target.checkRequired(parser, QStringLiteral("review")); missing >= 0) {
        return missing;
    }
    if (!parser.isSet(config))
        return fail(ExitUsage, QStringLiteral("review: --config is required"));
    // The comments go to a file, a workspace, or both.
    if (!parser.isSet(out) && !parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("review: --out or --workspace is required (where the comments go)"));
    options.format = parser.value(format);
    if (options.format != QLatin1String("json") && options.format != QLatin1String("aacr"))
        return fail(ExitUsage, QStringLiteral("review: --format is json or aacr, not '%1'").arg(options.format));

    if (!options.mr) {
        options.repo = parser.value(target.repo);
        options.base = parser.value(target.base);
        options.head = parser.value(target.head);
        options.twoDot = parser.isSet(target.twoDot);
    }
    options.configs = parser.values(config);
    options.outs = parser.values(out);
    options.noCache = parser.isSet(noCache);
    options.replays = parser.values(replay);
    options.records = parser.values(record);
    options.compileCommands = parser.value(compileCommands);
    for (const auto &[option, into] : {std::pair{&cache, &options.cache}, std::pair{&workspace, &options.workspace}, std::pair{&journalOption, &options.journal}})
        if (parser.isSet(*option))
            *into = parser.value(*option);
    return -1;
}

int reviewWith(const QStringList &arguments, const std::shared_ptr<RunJournal> &resumed);

// `review --resume RUN`: the run again as its journal's header says, asking
// only what the journal lacks.
int resumeReview(const QString &run)
{
    const auto file = findJournal(journalFolder(), run);
    if (!file)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(file.error().message));
    auto journal = RunJournal::resume(*file);
    if (!journal)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(journal.error().message));
    auto invocation = ReviewInvocation::fromJson((*journal)->header());
    if (!invocation)
        return fail(ExitUsage, QStringLiteral("review: %1 is not the journal of a review run: %2").arg(*file, invocation.error().message));
    if (invocation->ignoreWhitespace)
        return fail(ExitUsage, QStringLiteral("review: %1 was started in the window with whitespace ignored, which `review` cannot diff; "
                                              "resume it there (Review > Resume Run)").arg(*file));
    // A run started in the window went to its workspace: its comments
    // are written beside the journal.
    if (invocation->out.isEmpty())
        invocation->out = QFileInfo(*file).absolutePath() + QLatin1Char('/') + journalId(*file) + QStringLiteral(".json");
    if ((*journal)->isFinished()) {
        // Stored in its workspace when it finished: not a second time.
        invocation->workspace.clear();
        std::fprintf(stderr, "review: %s finished before; writing its output again from the journal\n", qPrintable(*file));
    } else {
        std::fprintf(stderr, "review: resuming %s with %d answers already stored\n", qPrintable(*file), (*journal)->answers());
    }
    // The configuration as it was read, even if its file changed since.
    QTemporaryFile configCopy(QDir::tempPath() + QStringLiteral("/reviewdesk-resume-XXXXXX.json"));
    if (!configCopy.open() || configCopy.write(invocation->configText) != invocation->configText.size() || !configCopy.flush())
        return fail(ExitInternal, QStringLiteral("review: cannot write a temporary copy of the run configuration"));
    return reviewWith(argumentsOf(*invocation, configCopy.fileName()), *journal);
}

// Several --config run side by side over the same merge request: one --replay
// each or none, and one --out and --record that each run's name extends.
int checkRunCounts(const ReviewOptions &options)
{
    if (!options.replays.isEmpty() && options.replays.size() != options.configs.size())
        return fail(ExitUsage, QStringLiteral("review: give one --replay per --config (%1 configurations, %2 recordings)").arg(options.configs.size()).arg(options.replays.size()));
    if (options.records.size() > 1 || options.outs.size() > 1)
        return fail(ExitUsage, QStringLiteral("review: --out and --record are given once; with several --config each run's file is named after its pipeline"));
    return -1;
}

int readRunConfigs(const QStringList &paths, QList<RunConfig> &configs)
{
    for (const QString &path : paths) {
        QFile configFile(path);
        if (!configFile.open(QIODevice::ReadOnly))
            return fail(ExitUsage, QStringLiteral("review: cannot read %1").arg(path));
        auto runConfig = runConfigFromText(configFile.readAll());
        if (!runConfig)
            return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(path, runConfig.error().message));
        configs.append(*runConfig);
    }
    return -1;
}

// One run keeps a journal: every answer written as it arrives, so an
// interrupted run resumes with `review --resume` asking only what is missing.
int openJournal(const ReviewOptions &options, qsizetype runs, std::shared_ptr<RunJournal> &journal)
{
    if (runs > 1 && options.journal)
        return fail(ExitUsage, QStringLiteral("review: --journal keeps one run; give one --config with it"));
    if (journal || runs != 1)
        return -1;
    ReviewInvocation invocation;
    invocation.repo = absolute(options.repo);
    invocation.base = options.base;
    invocation.head = options.head;
    invocation.twoDot = options.twoDot;
    invocation.configFile = absolute(options.configs.first());
    QFile configFile(options.configs.first());
    if (configFile.open(QIODevice::ReadOnly))
        invocation.configText = configFile.readAll();
    invocation.out = absolute(options.out());
    invocation.format = options.format;
    invocation.cache = absolute(options.cache.value_or(QString()));
    invocation.noCache = options.noCache;
    invocation.replay = absolute(options.replays.value(0));
    invocation.record = absolute(options.record().value_or(QString()));
    invocation.compileCommands = absolute(options.compileCommands);
    invocation.workspace = absolute(options.workspace.value_or(QString()));
    invocation.started = QDateTime::currentDateTimeUtc();
    invocation.origin = QStringLiteral("cli");
    invocation.mergeRequest = options.mr.value_or(0);
    invocation.sinceLastReview = options.sinceLastReview;
    auto made = options.journal ? RunJournal::create(*options.journal, invocation.toJson()) : newJournal(journalFolder(), invocation);
    if (!made)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(made.error().message));
    journal = *made;
    std::fprintf(stderr, "review: run journal %s (if interrupted: reviewdesk-cli review --resume %s)\n", qPrintable(journal->path()),
                 qPrintable(options.journal ? journal->path() : journalId(journal->path())));
    return -1;
}

// Each configuration its own client: its endpoints, limits, cache or recording.
int makeClients(const ReviewOptions &options, QList<RunConfig> &configs, const std::shared_ptr<RunJournal> &journal,
                std::vector<std::unique_ptr<LlmClient>> &clients)
{
    for (qsizetype n = 0; n < configs.size(); ++n) {
        RunConfig &runConfig = configs[n];
        LlmClientOptions clientOptions = runConfig.clientOptions();
        auto client = std::make_unique<LlmClient>(clientOptions);
        if (journal)
            client->setJournal(journal);
        if (!options.replays.isEmpty()) {
            auto recorded = ResponseStore::replayFrom(options.replays[n]);
            if (!recorded)
                return fail(ExitUsage, QStringLiteral("review: %1").arg(recorded.error().message));
            client->setReplay(*recorded);
            // A replay answers for every role.
            for (const auto &[role, profile] : runConfig.profiles())
                profile->endpoint = QStringLiteral("replay:");
        } else if (!options.noCache) {
            const QString dir = options.cache ? *options.cache
                                              : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
            client->setCache(ResponseStore::cacheIn(dir));
        }
        // A key variable that is not set is the configuration's fault, named
        // before anything is asked.
        if (const auto missing = runConfig.checkApiKeys())
            return fail(ExitUsage, QStringLiteral("review: %1").arg(missing->message));
        clients.push_back(std::move(client));
    }
    return -1;
}

// Only the defect pipeline reads slices: the algorithms its runs name.
int sliceFor(const QList<RunConfig> &configs, const MergeRequest &mr, const QString &compileCommands, QList<Slice> &slices)
{
    SliceOptions sliceOptions;
    sliceOptions.algorithms.clear();
    sliceOptions.compileCommands = compileCommands;
    std::optional<int> budget;
    for (const RunConfig &c : configs) {
        if (c.pipeline != PipelineKind::Defect)
            continue;
        if (budget && *budget != c.tokenBudget)
            return fail(ExitUsage, QStringLiteral("review: the defect configurations slice with different token budgets (%1, %2); run them one at a time").arg(*budget).arg(c.tokenBudget));
        budget = c.tokenBudget;
        if (!sliceOptions.algorithms.contains(c.slicing))
            sliceOptions.algorithms.append(c.slicing);
    }
    if (budget) {
        sliceOptions.tokenBudget = *budget;
        const auto sliced = sliceMergeRequest(mr, sliceOptions);
        if (!sliced)
            return fail(sliced.error());
        slices = sliced->slices;
    }
    return -1;
}

// The pipelines block on answers; the clients need this thread's event loop.
// One progress line for all of them.
QList<RunRecord> runPipelines(const std::vector<std::unique_ptr<LlmClient>> &clients, const MergeRequest &mr, const QList<Slice> &slices,
                              const QList<RunConfig> &runConfigs)
{
    QMutex progressLock;
    QList<RunProgress> progress(runConfigs.size());
    QList<QFuture<RunRecord>> runs;
    for (qsizetype n = 0; n < runConfigs.size(); ++n) {
        LlmClient *client = clients[n].get();
        const RunConfig configCopy = runConfigs[n];
        const MergeRequest *request = &mr;
        runs.append(QtConcurrent::run([client, request, &slices, configCopy, n, &progress, &progressLock, &runConfigs] {
            return runPipeline(*client, *request, slices, configCopy, [n, &progress, &progressLock, &runConfigs](const RunProgress &p) {
                QMutexLocker locker(&progressLock);
                progress[n] = p;
                QStringList parts;
                int requests = 0, tokens = 0;
                for (qsizetype i = 0; i < progress.size(); ++i) {
                    parts << QStringLiteral("%1 %2/%3").arg(pipelineName(runConfigs[i].pipeline)).arg(progress[i].slicesDone).arg(progress[i].slicesTotal);
                    requests += progress[i].requests;
                    tokens += progress[i].promptTokens + progress[i].completionTokens;
                }
                std::fprintf(stderr, "\rreview: %s steps, %d requests, %d tokens", qPrintable(parts.join(QStringLiteral(", "))), requests, tokens);
            });
        }));
    }
    while (std::any_of(runs.begin(), runs.end(), [](const QFuture<RunRecord> &f) { return !f.isFinished(); }))
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    std::fprintf(stderr, "\n");
    QList<RunRecord> records;
    for (const QFuture<RunRecord> &run : runs)
        records << run.result();
    return records;
}

// One run's output written (and recorded, and stored): -1 when the command
// goes on, else the exit code; `exitCode` becomes the run's failure if it had one.
int writeRun(const ReviewOptions &options, const RunRecord &result, const QString &outPath, const QString &recordPath, const QString &who,
             const MergeRequest &mr, WorkspaceStore *store, int &exitCode)
{
    // No --out: the workspace alone takes the run.
    if (!outPath.isEmpty()) {
        QSaveFile file(outPath);
        const QByteArray bytes = options.format == QLatin1String("json") ? result.toJson() : result.toAacrJson(mr);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return fail(ExitInternal, QStringLiteral("review: cannot write %1").arg(outPath));
    }
    if (options.record())
        if (auto written = ResponseStore::record(recordPath, result.exchanges); !written)
            return fail(written.error());
    if (store)
        if (const int failed = storeReview(*store, mr, options.repo, result, options.mr); failed >= 0)
            return failed;
    const int kept = static_cast<int>(std::count_if(result.comments.begin(), result.comments.end(), [](const ReviewComment &c) { return c.kept; }));
    const QString written = outPath.isEmpty() ? QStringLiteral("stored in the workspace") : QStringLiteral("wrote ") + outPath;
    std::fprintf(stderr, "review: %s%lld requests (%d failed), %d of %lld comments kept, %d tokens; %s\n", qPrintable(who),
                 static_cast<long long>(result.exchanges.size()), result.failedRequests(), kept, static_cast<long long>(result.comments.size()),
                 result.promptTokens() + result.completionTokens(), qPrintable(written));
    if (result.config.pipeline == PipelineKind::Aacr && result.config.context == QLatin1String("agent-pr")) {
        const QList<FindingVerdict> &verdicts = result.prAgent.verdicts;
        const auto count = [&verdicts](const char *verdict) {
            return static_cast<long long>(std::count_if(verdicts.begin(), verdicts.end(), [verdict](const FindingVerdict &v) { return v.verdict == QLatin1String(verdict); }));
        };
        std::fprintf(stderr, "review: %saacr agent-pr: %lld tool calls exploring, %lld findings validated (%lld confirmed, %lld dropped)\n", qPrintable(who),
                     static_cast<long long>(result.prAgent.explore.toolCalls.size()), static_cast<long long>(verdicts.size()), count("confirm"), count("drop"));
    } else if (result.config.pipeline == PipelineKind::Aacr) {
        qsizetype toolCalls = 0;
        for (const HunkRetrieval &h : result.retrieval)
            toolCalls += h.toolCalls.size();
        std::fprintf(stderr, "review: %saacr (%s context): %lld hunks, %lld tool calls\n", qPrintable(who), qPrintable(result.config.context),
                     static_cast<long long>(result.retrieval.size()), static_cast<long long>(toolCalls));
    }
    // What went wrong is said, not only written into the output.
    constexpr qsizetype shownErrors = 20;
    for (qsizetype i = 0; i < std::min(shownErrors, result.errors.size()); ++i)
        std::fprintf(stderr, "review: %s%s\n", qPrintable(who), qPrintable(result.errors[i]));
    if (result.errors.size() > shownErrors)
        std::fprintf(stderr, "review: ... and %lld more errors in %s\n", static_cast<long long>(result.errors.size() - shownErrors),
                     qPrintable(outPath.isEmpty() ? QStringLiteral("the stored run") : outPath));
    if (result.exchanges.isEmpty() && !result.errors.isEmpty())
        exitCode = fail(ExitUsage, QStringLiteral("review: %1%2").arg(who, result.errors.first()));
    else if (!result.exchanges.isEmpty() && result.failedRequests() == result.exchanges.size())
        exitCode = fail(ExitService, QStringLiteral("review: %1no endpoint answered: %2").arg(who, result.errors.value(0)));
    // A replay is exact or it is not a replay: any request the recording does
    // not answer fails the command.
    else if (!options.replays.isEmpty() && result.failedRequests() > 0) {
        const auto miss = std::find_if(result.exchanges.begin(), result.exchanges.end(), [](const Exchange &e) { return !e.ok(); });
        exitCode = fail(ExitService, QStringLiteral("review: %1the recording does not answer %2 of %3 requests, first: %4")
                                         .arg(who)
                                         .arg(result.failedRequests())
                                         .arg(result.exchanges.size())
                                         .arg(miss->error));
    }
    return -1;
}

// A run through a workspace's revisions names them. The old side of an
// incremental review's diff is the previous revision's head, not the merge
// request's base: a comment there is kept but placed at no line.
void markReviewedRevisions(RunRecord &run, const ReviewRange &range)
{
    run.revisionFrom = range.revisionFrom;
    run.revisionTo = range.revisionTo;
    if (range.revisionFrom == 0)
        return;
    for (ReviewComment &c : run.comments)
        if (c.side == QLatin1String("old") && c.lineValid) {
            c.lineValid = false;
            c.errors << QStringLiteral("on the old side of the incremental review (revision %1's head), not of the merge request: placed at no line")
                            .arg(range.revisionFrom);
        }
}

// The review of checked options, in the order its failures are told: the
// workspace, the configurations, the journal, the clients, the merge
// request and its slices; then the runs, each written as it is named.
int runReview(ReviewOptions options, const std::shared_ptr<RunJournal> &resumed)
{
    std::unique_ptr<WorkspaceStore> store;
    if (options.workspace)
        if (const int failed = openReviewWorkspace(*options.workspace, store); failed >= 0)
            return failed;
    std::optional<ReviewRange> range;
    if (options.mr) {
        auto read = reviewRange(*store, *options.mr, options.sinceLastReview);
        if (!read)
            return fail(read.error().kind == Error::Kind::Internal ? ExitInternal : ExitRepository, QStringLiteral("review: %1").arg(read.error().message));
        range = *read;
        if (range->revisionFrom == range->revisionTo) {
            std::fprintf(stderr, "review: merge request %lld: nothing changed since revision %d was reviewed; nothing to review\n",
                         static_cast<long long>(*options.mr), range->revisionTo);
            return ExitOk;
        }
        if (range->wholeForLackOfAReview)
            std::fprintf(stderr, "review: merge request %lld has no review yet; reviewing all of revision %d\n", static_cast<long long>(*options.mr),
                         range->revisionTo);
        else if (range->revisionFrom > 0)
            std::fprintf(stderr, "review: merge request %lld: reviewing what changed from revision %d to %d\n", static_cast<long long>(*options.mr),
                         range->revisionFrom, range->revisionTo);
        options.repo = range->repository;
        options.base = range->base;
        options.head = range->head;
        options.twoDot = range->twoDot;
    }
    if (const int failed = checkRunCounts(options); failed >= 0)
        return failed;
    QList<RunConfig> runConfigs;
    if (const int failed = readRunConfigs(options.configs, runConfigs); failed >= 0)
        return failed;
    std::shared_ptr<RunJournal> journal = resumed;
    if (const int failed = openJournal(options, runConfigs.size(), journal); failed >= 0)
        return failed;
    std::vector<std::unique_ptr<LlmClient>> clients;
    if (const int failed = makeClients(options, runConfigs, journal, clients); failed >= 0)
        return failed;

    DiffOptions diffOptions;
    diffOptions.twoDot = options.twoDot;
    const auto mr = MergeRequest::open(options.repo, options.base, options.head, diffOptions);
    if (!mr)
        return fail(mr.error());
    QList<Slice> slices;
    if (const int failed = sliceFor(runConfigs, *mr, options.compileCommands, slices); failed >= 0)
        return failed;
    QList<RunRecord> runs = runPipelines(clients, *mr, slices, runConfigs);
    if (range)
        for (RunRecord &run : runs)
            markReviewedRevisions(run, *range);

    // One run: --out as given. Several: --out with the pipeline's name (and a
    // number when two runs share it) before the extension.
    QHash<QString, int> seen;
    auto nameFor = [&](const QString &path, qsizetype n) -> QString {
        if (runConfigs.size() == 1 || path.isEmpty())
            return path;
        QString suffix = pipelineName(runConfigs[n].pipeline);
        if (const int count = ++seen[path + suffix]; count > 1)
            suffix += QStringLiteral("-%1").arg(count);
        const QFileInfo info(path);
        const QString ext = info.suffix().isEmpty() ? QString() : QLatin1Char('.') + info.suffix();
        return info.path() + QLatin1Char('/') + info.completeBaseName() + QLatin1Char('-') + suffix + ext;
    };
    int exitCode = ExitOk;
    for (qsizetype n = 0; n < runs.size(); ++n) {
        const QString outPath = nameFor(options.out(), n);
        const QString recordPath = options.record() ? nameFor(*options.record(), n) : QString();
        const QString who = runConfigs.size() == 1 ? QString() : pipelineName(runConfigs[n].pipeline) + QStringLiteral(": ");
        if (const int failed = writeRun(options, runs[n], outPath, recordPath, who, *mr, store.get(), exitCode); failed >= 0)
            return failed;
    }
    // Nothing left to resume: the run ended with every answer (and was stored).
    if (journal && exitCode == ExitOk && runs.size() == 1) {
        const RunRecord &result = runs.first();
        if (!result.cancelled && result.failedRequests() == 0 && !journal->finish())
            std::fprintf(stderr, "review: could not mark the run journal %s finished\n", qPrintable(journal->path()));
    }
    return exitCode;
}

int reviewWith(const QStringList &arguments, const std::shared_ptr<RunJournal> &resumed)
{
    ReviewOptions options;
    if (const int done = parseReview(arguments, options); done >= 0)
        return done;
    if (options.resume)
        return resumeReview(*options.resume);
    return runReview(options, resumed);
}

} // namespace

int runReviewCommand(const QStringList &arguments)
{
    if (arguments.contains(QStringLiteral("--all-mrs")))
        return runBatchReview(arguments);
    return reviewWith(arguments, nullptr);
}

} // namespace rd::cli
