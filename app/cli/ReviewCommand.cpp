#include "CliCommand.h"

#include <LlmClient.h>
#include <MergeRequest.h>
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
    QStringList args{QStringLiteral("review"), QStringLiteral("--repo"), i.repo, QStringLiteral("--base"), i.base, QStringLiteral("--head"), i.head,
                     QStringLiteral("--config"), configCopy, QStringLiteral("--out"), i.out, QStringLiteral("--format"), i.format};
    if (i.twoDot)
        args << QStringLiteral("--two-dot");
    if (i.noCache)
        args << QStringLiteral("--no-cache");
    for (const auto &[name, value] : {std::pair{"cache", i.cache}, std::pair{"replay", i.replay}, std::pair{"record", i.record},
                                      std::pair{"compile-commands", i.compileCommands}, std::pair{"workspace", i.workspace}})
        if (!value.isEmpty())
            args << QStringLiteral("--") + QLatin1String(name) << value;
    return args;
}

int runReview(const QStringList &arguments, const std::shared_ptr<RunJournal> &resumed);

} // namespace

int runReviewCommand(const QStringList &arguments)
{
    return runReview(arguments, nullptr);
}

namespace {

int runReview(const QStringList &arguments, const std::shared_ptr<RunJournal> &resumed)
{
    if (arguments.contains(QStringLiteral("--all-mrs")))
        return runBatchReview(arguments);
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
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Where to write the comments."), QStringLiteral("FILE"));
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
    parser.addOptions({config, out, format, cache, noCache, replay, record, compileCommands, workspace, journalOption, resume});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

    if (parser.isSet(resume)) {
        for (const QString &name : parser.optionNames())
            if (name != QLatin1String("resume"))
                return fail(ExitUsage, QStringLiteral("review: --resume takes its options from the run journal; --%1 cannot be given with it").arg(name));
        const auto file = findJournal(journalFolder(), parser.value(resume));
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
        return runReview(argumentsOf(*invocation, configCopy.fileName()), *journal);
    }

    if (const int missing = target.checkRequired(parser, QStringLiteral("review")); missing >= 0)
        return missing;
    for (const auto *required : {&config, &out})
        if (!parser.isSet(*required))
            return fail(ExitUsage, QStringLiteral("review: --%1 is required").arg(required->names().constFirst()));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("aacr"))
        return fail(ExitUsage, QStringLiteral("review: --format is json or aacr, not '%1'").arg(outputFormat));

    std::unique_ptr<WorkspaceStore> store;
    if (parser.isSet(workspace))
        if (const int failed = openReviewWorkspace(parser.value(workspace), store); failed >= 0)
            return failed;

    // Several --config run side by side over the same merge request, each
    // with its own client (its endpoints, limits, cache or recording).
    const QStringList configPaths = parser.values(config);
    const QStringList replayPaths = parser.values(replay);
    if (!replayPaths.isEmpty() && replayPaths.size() != configPaths.size())
        return fail(ExitUsage, QStringLiteral("review: give one --replay per --config (%1 configurations, %2 recordings)").arg(configPaths.size()).arg(replayPaths.size()));
    if (parser.values(record).size() > 1 || parser.values(out).size() > 1)
        return fail(ExitUsage, QStringLiteral("review: --out and --record are given once; with several --config each run's file is named after its pipeline"));
    QList<RunConfig> runConfigs;
    for (const QString &path : configPaths) {
        QFile configFile(path);
        if (!configFile.open(QIODevice::ReadOnly))
            return fail(ExitUsage, QStringLiteral("review: cannot read %1").arg(path));
        auto runConfig = runConfigFromText(configFile.readAll());
        if (!runConfig)
            return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(path, runConfig.error().message));
        runConfigs.append(*runConfig);
    }

    // One run keeps a journal: every answer written as it arrives, so an
    // interrupted run resumes with `review --resume` asking only what is missing.
    std::shared_ptr<RunJournal> journal = resumed;
    if (runConfigs.size() > 1 && parser.isSet(journalOption))
        return fail(ExitUsage, QStringLiteral("review: --journal keeps one run; give one --config with it"));
    if (!journal && runConfigs.size() == 1) {
        ReviewInvocation invocation;
        invocation.repo = absolute(parser.value(target.repo));
        invocation.base = parser.value(target.base);
        invocation.head = parser.value(target.head);
        invocation.twoDot = parser.isSet(target.twoDot);
        invocation.configFile = absolute(configPaths.first());
        QFile configFile(configPaths.first());
        if (configFile.open(QIODevice::ReadOnly))
            invocation.configText = configFile.readAll();
        invocation.out = absolute(parser.value(out));
        invocation.format = outputFormat;
        invocation.cache = absolute(parser.value(cache));
        invocation.noCache = parser.isSet(noCache);
        invocation.replay = absolute(replayPaths.value(0));
        invocation.record = absolute(parser.value(record));
        invocation.compileCommands = absolute(parser.value(compileCommands));
        invocation.workspace = absolute(parser.value(workspace));
        invocation.started = QDateTime::currentDateTimeUtc();
        invocation.origin = QStringLiteral("cli");
        auto made = parser.isSet(journalOption) ? RunJournal::create(parser.value(journalOption), invocation.toJson())
                                                : newJournal(journalFolder(), invocation);
        if (!made)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(made.error().message));
        journal = *made;
        std::fprintf(stderr, "review: run journal %s (if interrupted: reviewdesk-cli review --resume %s)\n", qPrintable(journal->path()),
                     qPrintable(parser.isSet(journalOption) ? journal->path() : journalId(journal->path())));
    }

    std::vector<std::unique_ptr<LlmClient>> clients;
    for (qsizetype n = 0; n < runConfigs.size(); ++n) {
        RunConfig &runConfig = runConfigs[n];
        LlmClientOptions clientOptions = runConfig.clientOptions();
        auto client = std::make_unique<LlmClient>(clientOptions);
        if (journal)
            client->setJournal(journal);
        if (!replayPaths.isEmpty()) {
            auto recorded = ResponseStore::replayFrom(replayPaths[n]);
            if (!recorded)
                return fail(ExitUsage, QStringLiteral("review: %1").arg(recorded.error().message));
            client->setReplay(*recorded);
            // A replay answers for every role.
            for (const auto &[role, profile] : runConfig.profiles())
                profile->endpoint = QStringLiteral("replay:");
        } else if (!parser.isSet(noCache)) {
            const QString dir = parser.isSet(cache) ? parser.value(cache)
                                                    : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
            client->setCache(ResponseStore::cacheIn(dir));
        }
        // A key variable that is not set is the configuration's fault, named
        // before anything is asked.
        if (const auto missing = runConfig.checkApiKeys())
            return fail(ExitUsage, QStringLiteral("review: %1").arg(missing->message));
        clients.push_back(std::move(client));
    }

    DiffOptions diffOptions;
    diffOptions.twoDot = parser.isSet(target.twoDot);
    const auto mr = MergeRequest::open(parser.value(target.repo), parser.value(target.base), parser.value(target.head), diffOptions);
    if (!mr)
        return fail(mr.error());
    // Only the defect pipeline reads slices: the algorithms its runs name.
    SliceOptions sliceOptions;
    sliceOptions.algorithms.clear();
    sliceOptions.compileCommands = parser.value(compileCommands);
    std::optional<int> budget;
    for (const RunConfig &c : runConfigs) {
        if (c.pipeline != PipelineKind::Defect)
            continue;
        if (budget && *budget != c.tokenBudget)
            return fail(ExitUsage, QStringLiteral("review: the defect configurations slice with different token budgets (%1, %2); run them one at a time").arg(*budget).arg(c.tokenBudget));
        budget = c.tokenBudget;
        if (!sliceOptions.algorithms.contains(c.slicing))
            sliceOptions.algorithms.append(c.slicing);
    }
    QList<Slice> slices;
    if (budget) {
        sliceOptions.tokenBudget = *budget;
        const auto sliced = sliceMergeRequest(*mr, sliceOptions);
        if (!sliced)
            return fail(sliced.error());
        slices = sliced->slices;
    }

    // The pipelines block on answers; the clients need this thread's event loop.
    // One progress line for all of them.
    QMutex progressLock;
    QList<RunProgress> progress(runConfigs.size());
    QList<QFuture<RunRecord>> runs;
    for (qsizetype n = 0; n < runConfigs.size(); ++n) {
        LlmClient *client = clients[n].get();
        const RunConfig configCopy = runConfigs[n];
        const MergeRequest *request = &*mr;
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

    // One run: --out as given. Several: --out with the pipeline's name (and a
    // number when two runs share it) before the extension.
    QHash<QString, int> seen;
    auto nameFor = [&](const QString &path, qsizetype n) -> QString {
        if (runConfigs.size() == 1)
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
        const RunRecord result = runs[n].result();
        const QString outPath = nameFor(parser.value(out), n);
        QSaveFile file(outPath);
        const QByteArray bytes = outputFormat == QLatin1String("json") ? result.toJson() : result.toAacrJson(*mr);
        if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
            return fail(ExitInternal, QStringLiteral("review: cannot write %1").arg(outPath));
        if (parser.isSet(record)) {
            QList<Exchange> replayable = result.exchanges;
            for (Exchange &e : replayable)
                e.request.profile.endpoint = QStringLiteral("replay:");
            if (auto written = ResponseStore::record(nameFor(parser.value(record), n), replayable); !written)
                return fail(written.error());
        }
        if (store)
            if (const int failed = storeReview(*store, *mr, parser.value(target.repo), result); failed >= 0)
                return failed;
        const int kept = static_cast<int>(std::count_if(result.comments.begin(), result.comments.end(), [](const ReviewComment &c) { return c.kept; }));
        const QString who = runConfigs.size() == 1 ? QString() : pipelineName(runConfigs[n].pipeline) + QStringLiteral(": ");
        std::fprintf(stderr, "review: %s%lld requests (%d failed), %d of %lld comments kept, %d tokens; wrote %s\n", qPrintable(who),
                     static_cast<long long>(result.exchanges.size()), result.failedRequests(), kept, static_cast<long long>(result.comments.size()),
                     result.promptTokens() + result.completionTokens(), qPrintable(outPath));
        if (result.config.pipeline == PipelineKind::Aacr) {
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
            std::fprintf(stderr, "review: ... and %lld more errors in %s\n", static_cast<long long>(result.errors.size() - shownErrors), qPrintable(outPath));
        if (result.exchanges.isEmpty() && !result.errors.isEmpty())
            exitCode = fail(ExitUsage, QStringLiteral("review: %1%2").arg(who, result.errors.first()));
        else if (!result.exchanges.isEmpty() && result.failedRequests() == result.exchanges.size())
            exitCode = fail(ExitService, QStringLiteral("review: %1no endpoint answered: %2").arg(who, result.errors.value(0)));
        // A replay is exact or it is not a replay: any request the recording does
        // not answer fails the command.
        else if (!replayPaths.isEmpty() && result.failedRequests() > 0) {
            const auto miss = std::find_if(result.exchanges.begin(), result.exchanges.end(), [](const Exchange &e) { return !e.ok(); });
            exitCode = fail(ExitService, QStringLiteral("review: %1the recording does not answer %2 of %3 requests, first: %4")
                                             .arg(who)
                                             .arg(result.failedRequests())
                                             .arg(result.exchanges.size())
                                             .arg(miss->error));
        }
    }
    // Nothing left to resume: the run ended with every answer (and was stored).
    if (journal && exitCode == ExitOk && runs.size() == 1) {
        const RunRecord result = runs.first().result();
        if (!result.cancelled && result.failedRequests() == 0 && !journal->finish())
            std::fprintf(stderr, "review: could not mark the run journal %s finished\n", qPrintable(journal->path()));
    }
    return exitCode;
}

} // namespace

} // namespace rd::cli
