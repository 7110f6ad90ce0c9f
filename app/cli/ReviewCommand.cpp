// `reviewdesk-cli review`: one merge request reviewed with one
// configuration or several side by side, each run built and run by the
// pipeline's ReviewRunner (as the window's runs are), then written, recorded
// and stored; `review --resume` finishes a run from its journal. The
// command line is read in ReviewCommandLine.cpp.

#include "CliCommand.h"
#include "ReviewCommandLine.h"

#include <MergeRequest.h>
#include <MergeRequestRevisions.h>
#include <ResponseStore.h>
#include <ReviewRunner.h>
#include <RunForWorkspace.h>
#include <RunJournal.h>
#include <RunRecord.h>
#include <RunUsage.h>
#include <Slicer.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QSaveFile>
#include <QTemporaryFile>

#include <cstdio>

namespace rd::cli {

namespace {

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
    const ReviewInvocation invocation = invocationOf(options);
    auto made = ReviewRunner::startJournal(invocation, journalFolder(), options.journal.value_or(QString()));
    if (!made)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(made.error().message));
    journal = *made;
    std::fprintf(stderr, "review: run journal %s (if interrupted: reviewdesk-cli review --resume %s)\n", qPrintable(journal->path()),
                 qPrintable(options.journal ? journal->path() : journalId(journal->path())));
    return -1;
}

// Each configuration its own run (ReviewRunner.h): its endpoints, limits,
// cache or recording, and the journal when there is one run.
int prepareRuns(const ReviewOptions &options, const QList<RunConfig> &configs, const std::shared_ptr<RunJournal> &journal,
                std::vector<std::unique_ptr<ReviewRunner>> &runners)
{
    for (qsizetype n = 0; n < configs.size(); ++n) {
        const auto answers = AnswerSource::from(options.replays.value(n),
                                                options.noCache ? QString() : options.cache.value_or(ResponseStore::userCacheFolder()), journal);
        if (!answers)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(answers.error().message));
        auto runner = ReviewRunner::prepare(configs[n], *answers);
        if (!runner)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(runner.error().message));
        runners.push_back(std::move(*runner));
    }
    return -1;
}

// Only the defect pipeline reads slices: the algorithms its runs name.
int sliceFor(const QList<RunConfig> &configs, const MergeRequest &mr, const QString &compileCommands, QList<Slice> &slices)
{
    const auto slicing = slicingFor(configs, compileCommands);
    if (!slicing)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(slicing.error().message));
    if (*slicing) {
        const auto sliced = sliceMergeRequest(mr, **slicing);
        if (!sliced)
            return fail(sliced.error());
        slices = sliced->slices;
    }
    return -1;
}

// The runs side by side, with one progress line for all of them.
QList<RunRecord> runWithProgress(const std::vector<std::unique_ptr<ReviewRunner>> &runners, const MergeRequest &mr, const QList<Slice> &slices)
{
    QList<ReviewRunner *> runs;
    for (const auto &runner : runners)
        runs << runner.get();
    QMutex progressLock;
    QList<RunProgress> progress(runs.size());
    const QList<RunRecord> records = runSideBySide(runs, mr, slices, [&](qsizetype n, const RunProgress &p) {
        QMutexLocker locker(&progressLock);
        progress[n] = p;
        QStringList parts;
        int requests = 0, tokens = 0;
        for (qsizetype i = 0; i < progress.size(); ++i) {
            parts << QStringLiteral("%1 %2/%3").arg(pipelineName(runs[i]->config().pipeline)).arg(progress[i].slicesDone).arg(progress[i].slicesTotal);
            requests += progress[i].requests;
            tokens += progress[i].promptTokens + progress[i].completionTokens;
        }
        std::fprintf(stderr, "\rreview: %s steps, %d requests, %d tokens", qPrintable(parts.join(QStringLiteral(", "))), requests, tokens);
    });
    std::fprintf(stderr, "\n");
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
    // What it cost (roles.<role>.price) and what it saw (docs/comparing.md).
    const RunUsage usage = usageOf(result.config, result.exchanges);
    if (const auto cost = usage.costUsd(); cost && usage.requests() > 0)
        std::fprintf(stderr, "review: %scost $%.4f%s\n", qPrintable(who), *cost,
                     usage.fromRecordedExchanges() ? qPrintable(QStringLiteral(" (of which $%1 for %2 answers recorded earlier)").arg(usage.recordedCostUsd().value_or(0), 0, 'f', 4).arg(usage.recordedRequests()))
                                                   : "");
    if (const auto ratio = result.coverage.ratio(); ratio && *ratio < 1.0)
        std::fprintf(stderr, "review: %s%d of %d changed lines reached no model (coverage %.1f%%): they are unreviewed, not reviewed and clean\n",
                     qPrintable(who), result.coverage.unreviewedLines(), result.coverage.changedLines(), 100.0 * *ratio);
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
    std::vector<std::unique_ptr<ReviewRunner>> runners;
    if (const int failed = prepareRuns(options, runConfigs, journal, runners); failed >= 0)
        return failed;

    DiffOptions diffOptions;
    diffOptions.twoDot = options.twoDot;
    const auto mr = MergeRequest::open(options.repo, options.base, options.head, diffOptions);
    if (!mr)
        return fail(mr.error());
    QList<Slice> slices;
    if (const int failed = sliceFor(runConfigs, *mr, options.compileCommands, slices); failed >= 0)
        return failed;
    QList<RunRecord> runs = runWithProgress(runners, *mr, slices);
    if (range)
        for (RunRecord &run : runs)
            markReviewedRevisions(run, range->revisionFrom, range->revisionTo);

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
