#include "CliCommand.h"

#include <AacrHunkReview.h>
#include <AacrOptions.h>
#include <LlmClient.h>
#include <MergeRequest.h>

#include <QCoreApplication>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtConcurrent>

#include <cstdio>

namespace rd::cli {

// `review` with a configuration whose "pipeline" is "aacr": the AACR-Bench
// hunk review. The options are review's own (see ReviewCommand.cpp).
int runAacrReviewCommand(const QCommandLineParser &parser, const QByteArray &configText)
{
    const QString configPath = parser.value(QStringLiteral("config"));
    // A previous AACR run's output runs its configuration again.
    auto config = AacrRunConfig::fromJson(aacrConfigText(configText));
    if (!config)
        return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(configPath, config.error().message));
    if (parser.isSet(QStringLiteral("workspace")))
        return fail(ExitUsage, QStringLiteral("review: --workspace does not take AACR runs yet; write them with --out"));

    LlmClientOptions clientOptions;
    clientOptions.timeoutMs = config->timeoutSeconds * 1000;
    clientOptions.retries = config->retries;
    clientOptions.concurrency = config->concurrency;
    LlmClient client(clientOptions);
    const bool replaying = parser.isSet(QStringLiteral("replay"));
    if (replaying) {
        auto store = ResponseStore::replayFrom(parser.value(QStringLiteral("replay")));
        if (!store)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(store.error().message));
        client.setReplay(*store);
        config->reviewer.endpoint = QStringLiteral("replay:");
        if (config->embedding)
            config->embedding->endpoint = QStringLiteral("replay:");
    } else if (!parser.isSet(QStringLiteral("no-cache"))) {
        const QString dir = parser.isSet(QStringLiteral("cache")) ? parser.value(QStringLiteral("cache"))
                                                                  : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
        client.setCache(ResponseStore::cacheIn(dir));
    }
    if (const auto missing = config->checkApiKeys())
        return fail(ExitUsage, QStringLiteral("review: %1").arg(missing->message));

    DiffOptions diffOptions;
    diffOptions.twoDot = parser.isSet(QStringLiteral("two-dot"));
    const auto mr = MergeRequest::open(parser.value(QStringLiteral("repo")), parser.value(QStringLiteral("base")), parser.value(QStringLiteral("head")), diffOptions);
    if (!mr)
        return fail(mr.error());

    QFutureWatcher<AacrRunRecord> watcher;
    QObject::connect(&watcher, &QFutureWatcher<AacrRunRecord>::finished, QCoreApplication::instance(), &QCoreApplication::quit);
    const AacrRunConfig configCopy = *config;
    watcher.setFuture(QtConcurrent::run([&client, &mr, configCopy] {
        return runAacrReview(client, *mr, configCopy, [](const RunProgress &p) {
            std::fprintf(stderr, "\rreview: %d/%d hunks, %d requests, %d tokens", p.slicesDone, p.slicesTotal, p.requests, p.promptTokens + p.completionTokens);
        });
    }));
    QCoreApplication::exec();
    AacrRunRecord result = watcher.result();
    std::fprintf(stderr, "\n");
    result.record.config.reviewer = result.config.reviewer; // the AACR export names the model

    const QString out = parser.value(QStringLiteral("out"));
    QSaveFile file(out);
    const QByteArray bytes = parser.value(QStringLiteral("format")) == QLatin1String("aacr") ? result.record.toAacrJson(*mr) : result.toJson();
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(ExitInternal, QStringLiteral("review: cannot write %1").arg(out));
    if (parser.isSet(QStringLiteral("record"))) {
        QList<Exchange> replayable = result.record.exchanges;
        for (Exchange &e : replayable)
            e.request.profile.endpoint = QStringLiteral("replay:");
        if (auto written = ResponseStore::record(parser.value(QStringLiteral("record")), replayable); !written)
            return fail(written.error());
    }
    const RunRecord &r = result.record;
    const int kept = static_cast<int>(std::count_if(r.comments.begin(), r.comments.end(), [](const ReviewComment &c) { return c.kept; }));
    int toolCalls = 0;
    for (const HunkRetrieval &h : result.hunks)
        toolCalls += static_cast<int>(h.toolCalls.size());
    std::fprintf(stderr, "review: aacr (%s context): %lld hunks, %lld requests (%d failed), %d tool calls, %d of %lld comments kept, %d tokens; wrote %s\n",
                 qPrintable(aacrContextName(result.config.context)), static_cast<long long>(result.hunks.size()), static_cast<long long>(r.exchanges.size()),
                 r.failedRequests(), toolCalls, kept, static_cast<long long>(r.comments.size()), r.promptTokens() + r.completionTokens(), qPrintable(out));
    constexpr qsizetype shownErrors = 20;
    for (qsizetype i = 0; i < std::min(shownErrors, r.errors.size()); ++i)
        std::fprintf(stderr, "review: %s\n", qPrintable(r.errors[i]));
    if (!r.exchanges.isEmpty() && r.failedRequests() == r.exchanges.size())
        return fail(ExitService, QStringLiteral("review: no endpoint answered: %1").arg(r.errors.value(0)));
    if (r.exchanges.isEmpty() && !r.errors.isEmpty())
        return fail(ExitRepository, QStringLiteral("review: %1").arg(r.errors.constFirst()));
    if (replaying && r.failedRequests() > 0)
        return fail(ExitService, QStringLiteral("review: the recording does not answer %1 of %2 requests").arg(r.failedRequests()).arg(r.exchanges.size()));
    return ExitOk;
}

} // namespace rd::cli
