#include "CliCommand.h"

#include <LlmClient.h>
#include <MergeRequest.h>
#include <ReviewRun.h>
#include <RunConfig.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QFile>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtConcurrent>

#include <cstdio>

namespace rd::cli {

int runReviewCommand(const QStringList &arguments)
{
    if (arguments.contains(QStringLiteral("--all-mrs")))
        return runBatchReview(arguments);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Review a merge request with the multi-role LLM pipeline (Reviewers, Meta-Reviewer, Validator, Translator)\n"
        "against OpenAI-compatible endpoints, and write every comment with its provenance."));
    const MergeRequestOptions target;
    target.addTo(parser);
    const QCommandLineOption config(QStringLiteral("config"),
                                    QStringLiteral("The run configuration (JSON, see README), or a previous run's output to run it again."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Where to write the comments."), QStringLiteral("FILE"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default: the run and every comment) or aacr (kept comments, AACR-Bench)."),
                                    QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the models again even for requests seen before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every request from this recording instead of the endpoints."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the answers as a recording for --replay."), QStringLiteral("FILE"));
    const QCommandLineOption compileCommands(QStringLiteral("compile-commands"), QStringLiteral("A compile_commands.json for slicing."), QStringLiteral("PATH"));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("Also store the run in this workspace (made when missing)."),
                                       QStringLiteral("FILE"));
    parser.addOptions({config, out, format, cache, noCache, replay, record, compileCommands, workspace});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
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

    QFile configFile(parser.value(config));
    if (!configFile.open(QIODevice::ReadOnly))
        return fail(ExitUsage, QStringLiteral("review: cannot read %1").arg(parser.value(config)));
    const QByteArray configText = configFile.readAll();
    auto runConfig = RunConfig::fromJson(configText);
    if (!runConfig) {
        // A previous run's output re-executes that run's configuration.
        if (auto record = RunRecord::fromJson(configText); record && configText.contains("\"run\""))
            runConfig = record->config;
        else
            return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(parser.value(config), runConfig.error().message));
    }

    LlmClientOptions clientOptions;
    clientOptions.timeoutMs = runConfig->timeoutSeconds * 1000;
    clientOptions.retries = runConfig->retries;
    clientOptions.concurrency = runConfig->concurrency;
    LlmClient client(clientOptions);
    if (parser.isSet(replay)) {
        auto store = ResponseStore::replayFrom(parser.value(replay));
        if (!store)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(store.error().message));
        client.setReplay(*store);
        // A replay answers for every role.
        for (EndpointProfile *p : {&runConfig->reviewer})
            p->endpoint = QStringLiteral("replay:");
        for (auto *p : {&runConfig->metaReviewer, &runConfig->validator, &runConfig->translator})
            if (*p)
                (*p)->endpoint = QStringLiteral("replay:");
    } else if (!parser.isSet(noCache)) {
        const QString dir = parser.isSet(cache) ? parser.value(cache)
                                                : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
        client.setCache(ResponseStore::cacheIn(dir));
    }
    // A key variable that is not set is the configuration's fault, named
    // before anything is asked.
    if (const auto missing = runConfig->checkApiKeys())
        return fail(ExitUsage, QStringLiteral("review: %1").arg(missing->message));

    DiffOptions diffOptions;
    diffOptions.twoDot = parser.isSet(target.twoDot);
    const auto mr = MergeRequest::open(parser.value(target.repo), parser.value(target.base), parser.value(target.head), diffOptions);
    if (!mr)
        return fail(mr.error());
    SliceOptions sliceOptions;
    sliceOptions.algorithms = {runConfig->slicing};
    sliceOptions.compileCommands = parser.value(compileCommands);
    sliceOptions.tokenBudget = runConfig->tokenBudget;
    const auto slices = sliceMergeRequest(*mr, sliceOptions);
    if (!slices)
        return fail(slices.error());

    // The pipeline blocks on answers; the client needs this thread's event loop.
    QFutureWatcher<RunRecord> watcher;
    QObject::connect(&watcher, &QFutureWatcher<RunRecord>::finished, QCoreApplication::instance(), &QCoreApplication::quit);
    const RunConfig configCopy = *runConfig;
    watcher.setFuture(QtConcurrent::run([&client, &mr, &slices, configCopy] {
        return runReview(client, *mr, slices->slices, configCopy, [](const RunProgress &p) {
            std::fprintf(stderr, "\rreview: %d/%d slices, %d requests, %d tokens", p.slicesDone, p.slicesTotal, p.requests,
                         p.promptTokens + p.completionTokens);
        });
    }));
    QCoreApplication::exec();
    const RunRecord result = watcher.result();
    std::fprintf(stderr, "\n");

    QSaveFile file(parser.value(out));
    const QByteArray bytes = outputFormat == QLatin1String("json") ? result.toJson() : result.toAacrJson(*mr);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(ExitInternal, QStringLiteral("review: cannot write %1").arg(parser.value(out)));
    if (parser.isSet(record)) {
        QList<Exchange> replayable = result.exchanges;
        for (Exchange &e : replayable)
            e.request.profile.endpoint = QStringLiteral("replay:");
        if (auto written = ResponseStore::record(parser.value(record), replayable); !written)
            return fail(written.error());
    }
    if (store)
        if (const int failed = storeReview(*store, *mr, parser.value(target.repo), result); failed >= 0)
            return failed;
    const int kept = static_cast<int>(std::count_if(result.comments.begin(), result.comments.end(), [](const ReviewComment &c) { return c.kept; }));
    std::fprintf(stderr, "review: %lld requests (%d failed), %d of %lld comments kept, %d tokens; wrote %s\n",
                 static_cast<long long>(result.exchanges.size()), result.failedRequests(), kept, static_cast<long long>(result.comments.size()),
                 result.promptTokens() + result.completionTokens(), qPrintable(parser.value(out)));
    // What went wrong is said, not only written into the output.
    constexpr qsizetype shownErrors = 20;
    for (qsizetype i = 0; i < std::min(shownErrors, result.errors.size()); ++i)
        std::fprintf(stderr, "review: %s\n", qPrintable(result.errors[i]));
    if (result.errors.size() > shownErrors)
        std::fprintf(stderr, "review: ... and %lld more errors in %s\n", static_cast<long long>(result.errors.size() - shownErrors), qPrintable(parser.value(out)));
    if (!result.exchanges.isEmpty() && result.failedRequests() == result.exchanges.size())
        return fail(ExitService, QStringLiteral("review: no endpoint answered: %1").arg(result.errors.value(0)));
    // A replay is exact or it is not a replay: any request the recording does
    // not answer makes the result another run's.
    if (parser.isSet(replay) && result.failedRequests() > 0) {
        const auto miss = std::find_if(result.exchanges.begin(), result.exchanges.end(), [](const Exchange &e) { return !e.ok(); });
        return fail(ExitService, QStringLiteral("review: the recording does not answer %1 of %2 requests, first: %3")
                                     .arg(result.failedRequests())
                                     .arg(result.exchanges.size())
                                     .arg(miss->error));
    }
    return ExitOk;
}

} // namespace rd::cli
