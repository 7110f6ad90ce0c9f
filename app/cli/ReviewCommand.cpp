#include "CliCommand.h"

#include <LlmClient.h>
#include <MergeRequest.h>
#include <ReviewRun.h>
#include <RunConfig.h>
#include <RunJournal.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QFutureWatcher>
#include <QSaveFile>
#include <QStandardPaths>
#include <QtConcurrent>

#include <cstdio>

namespace rd::cli {

namespace {

// What a review was asked to do, as its run journal's header keeps it: a
// resumed run does exactly this again. Paths are absolute, so it resumes
// from any folder; the configuration is kept as text, as it was read.
struct ReviewInvocation
{
    QString repo, base, head;
    bool twoDot = false;
    QString configFile;
    QByteArray configText;
    QString out, format, cache, replay, record, compileCommands, workspace;
    bool noCache = false;

    QByteArray toJson() const
    {
        QJsonObject o;
        o.insert(QStringLiteral("reviewdesk_run_journal"), 1);
        for (const auto &[name, value] : {std::pair{"repo", repo}, std::pair{"base", base}, std::pair{"head", head},
                                          std::pair{"config_file", configFile}, std::pair{"out", out}, std::pair{"format", format},
                                          std::pair{"cache", cache}, std::pair{"replay", replay}, std::pair{"record", record},
                                          std::pair{"compile_commands", compileCommands}, std::pair{"workspace", workspace}})
            o.insert(QLatin1String(name), value);
        o.insert(QStringLiteral("config"), QString::fromUtf8(configText));
        o.insert(QStringLiteral("two_dot"), twoDot);
        o.insert(QStringLiteral("no_cache"), noCache);
        return QJsonDocument(o).toJson(QJsonDocument::Compact);
    }

    static std::optional<ReviewInvocation> fromJson(const QByteArray &json)
    {
        const QJsonObject o = QJsonDocument::fromJson(json).object();
        if (o.value(QStringLiteral("reviewdesk_run_journal")).toInt() != 1)
            return std::nullopt;
        ReviewInvocation i;
        for (const auto &[name, field] : {std::pair{"repo", &i.repo}, std::pair{"base", &i.base}, std::pair{"head", &i.head},
                                          std::pair{"config_file", &i.configFile}, std::pair{"out", &i.out}, std::pair{"format", &i.format},
                                          std::pair{"cache", &i.cache}, std::pair{"replay", &i.replay}, std::pair{"record", &i.record},
                                          std::pair{"compile_commands", &i.compileCommands}, std::pair{"workspace", &i.workspace}})
            *field = o.value(QLatin1String(name)).toString();
        i.configText = o.value(QStringLiteral("config")).toString().toUtf8();
        i.twoDot = o.value(QStringLiteral("two_dot")).toBool();
        i.noCache = o.value(QStringLiteral("no_cache")).toBool();
        if (i.repo.isEmpty() || i.base.isEmpty() || i.head.isEmpty() || i.out.isEmpty() || i.configText.isEmpty())
            return std::nullopt;
        return i;
    }
};

// Where journals go when --journal is not given; `review --resume ID` looks there.
QString journalFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/reviewdesk/runs");
}

QString absolute(const QString &path)
{
    return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath();
}

int performReview(const ReviewInvocation &invocation, const std::shared_ptr<RunJournal> &journal);

} // namespace

int runReviewCommand(const QStringList &arguments)
{
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
        QString file = parser.value(resume);
        if (!QFileInfo(file).isFile()) {
            const QString byId = journalFolder() + QLatin1Char('/') + file + QStringLiteral(".jsonl");
            if (file.contains(QLatin1Char('/')) || !QFileInfo(byId).isFile())
                return fail(ExitUsage, QStringLiteral("review: no run journal '%1' (neither a file nor a run id in %2)").arg(file, journalFolder()));
            file = byId;
        }
        auto journal = RunJournal::resume(file);
        if (!journal)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(journal.error().message));
        const auto invocation = ReviewInvocation::fromJson((*journal)->header());
        if (!invocation)
            return fail(ExitUsage, QStringLiteral("review: %1 is not the journal of a review run").arg(file));
        std::fprintf(stderr, "review: resuming %s with %d answers already stored\n", qPrintable(file), (*journal)->answers());
        return performReview(*invocation, *journal);
    }

    if (const int missing = target.checkRequired(parser, QStringLiteral("review")); missing >= 0)
        return missing;
    for (const auto *required : {&config, &out})
        if (!parser.isSet(*required))
            return fail(ExitUsage, QStringLiteral("review: --%1 is required").arg(required->names().constFirst()));
    ReviewInvocation invocation;
    invocation.repo = absolute(parser.value(target.repo));
    invocation.base = parser.value(target.base);
    invocation.head = parser.value(target.head);
    invocation.twoDot = parser.isSet(target.twoDot);
    invocation.configFile = absolute(parser.value(config));
    invocation.out = absolute(parser.value(out));
    invocation.format = parser.value(format);
    invocation.cache = absolute(parser.value(cache));
    invocation.noCache = parser.isSet(noCache);
    invocation.replay = absolute(parser.value(replay));
    invocation.record = absolute(parser.value(record));
    invocation.compileCommands = absolute(parser.value(compileCommands));
    invocation.workspace = absolute(parser.value(workspace));
    if (invocation.format != QLatin1String("json") && invocation.format != QLatin1String("aacr"))
        return fail(ExitUsage, QStringLiteral("review: --format is json or aacr, not '%1'").arg(invocation.format));
    QFile configFile(invocation.configFile);
    if (!configFile.open(QIODevice::ReadOnly))
        return fail(ExitUsage, QStringLiteral("review: cannot read %1").arg(parser.value(config)));
    invocation.configText = configFile.readAll();

    // The journal is made before anything is asked, so no answer goes unrecorded.
    QString journalFile = parser.value(journalOption);
    if (journalFile.isEmpty()) {
        const QString id = QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"))
                           + QStringLiteral("-%1").arg(QCoreApplication::applicationPid());
        journalFile = journalFolder() + QLatin1Char('/') + id + QStringLiteral(".jsonl");
    }
    auto journal = RunJournal::create(journalFile, invocation.toJson());
    if (!journal)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(journal.error().message));
    std::fprintf(stderr, "review: run journal %s (if interrupted: reviewdesk-cli review --resume %s)\n", qPrintable(journalFile),
                 qPrintable(parser.isSet(journalOption) ? journalFile : QFileInfo(journalFile).completeBaseName()));
    return performReview(invocation, *journal);
}

namespace {

int performReview(const ReviewInvocation &invocation, const std::shared_ptr<RunJournal> &journal)
{
    std::unique_ptr<WorkspaceStore> store;
    if (!invocation.workspace.isEmpty())
        if (const int failed = openReviewWorkspace(invocation.workspace, store); failed >= 0)
            return failed;

    const QByteArray &configText = invocation.configText;
    auto runConfig = RunConfig::fromJson(configText);
    if (!runConfig) {
        // A previous run's output re-executes that run's configuration.
        if (auto record = RunRecord::fromJson(configText); record && configText.contains("\"run\""))
            runConfig = record->config;
        else
            return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(invocation.configFile, runConfig.error().message));
    }

    LlmClientOptions clientOptions;
    clientOptions.timeoutMs = runConfig->timeoutSeconds * 1000;
    clientOptions.retries = runConfig->retries;
    clientOptions.concurrency = runConfig->concurrency;
    LlmClient client(clientOptions);
    client.setJournal(journal);
    if (!invocation.replay.isEmpty()) {
        auto store = ResponseStore::replayFrom(invocation.replay);
        if (!store)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(store.error().message));
        client.setReplay(*store);
        // A replay answers for every role.
        for (EndpointProfile *p : {&runConfig->reviewer})
            p->endpoint = QStringLiteral("replay:");
        for (auto *p : {&runConfig->metaReviewer, &runConfig->validator, &runConfig->translator})
            if (*p)
                (*p)->endpoint = QStringLiteral("replay:");
    } else if (!invocation.noCache) {
        const QString dir = !invocation.cache.isEmpty() ? invocation.cache
                                                : QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/responses");
        client.setCache(ResponseStore::cacheIn(dir));
    }
    // A key variable that is not set is the configuration's fault, named
    // before anything is asked.
    if (const auto missing = runConfig->checkApiKeys())
        return fail(ExitUsage, QStringLiteral("review: %1").arg(missing->message));

    DiffOptions diffOptions;
    diffOptions.twoDot = invocation.twoDot;
    const auto mr = MergeRequest::open(invocation.repo, invocation.base, invocation.head, diffOptions);
    if (!mr)
        return fail(mr.error());
    SliceOptions sliceOptions;
    sliceOptions.algorithms = {runConfig->slicing};
    sliceOptions.compileCommands = invocation.compileCommands;
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

    QSaveFile file(invocation.out);
    const QByteArray bytes = invocation.format == QLatin1String("json") ? result.toJson() : result.toAacrJson(*mr);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(ExitInternal, QStringLiteral("review: cannot write %1").arg(invocation.out));
    if (!invocation.record.isEmpty()) {
        QList<Exchange> replayable = result.exchanges;
        for (Exchange &e : replayable)
            e.request.profile.endpoint = QStringLiteral("replay:");
        if (auto written = ResponseStore::record(invocation.record, replayable); !written)
            return fail(written.error());
    }
    if (store)
        if (const int failed = storeReview(*store, *mr, invocation.repo, result); failed >= 0)
            return failed;
    const int kept = static_cast<int>(std::count_if(result.comments.begin(), result.comments.end(), [](const ReviewComment &c) { return c.kept; }));
    std::fprintf(stderr, "review: %lld requests (%d failed), %d of %lld comments kept, %d tokens; wrote %s\n",
                 static_cast<long long>(result.exchanges.size()), result.failedRequests(), kept, static_cast<long long>(result.comments.size()),
                 result.promptTokens() + result.completionTokens(), qPrintable(invocation.out));
    // What went wrong is said, not only written into the output.
    constexpr qsizetype shownErrors = 20;
    for (qsizetype i = 0; i < std::min(shownErrors, result.errors.size()); ++i)
        std::fprintf(stderr, "review: %s\n", qPrintable(result.errors[i]));
    if (result.errors.size() > shownErrors)
        std::fprintf(stderr, "review: ... and %lld more errors in %s\n", static_cast<long long>(result.errors.size() - shownErrors), qPrintable(invocation.out));
    if (!result.exchanges.isEmpty() && result.failedRequests() == result.exchanges.size())
        return fail(ExitService, QStringLiteral("review: no endpoint answered: %1").arg(result.errors.value(0)));
    // A replay is exact or it is not a replay: any request the recording does
    // not answer makes the result another run's.
    if (!invocation.replay.isEmpty() && result.failedRequests() > 0) {
        const auto miss = std::find_if(result.exchanges.begin(), result.exchanges.end(), [](const Exchange &e) { return !e.ok(); });
        return fail(ExitService, QStringLiteral("review: the recording does not answer %1 of %2 requests, first: %3")
                                     .arg(result.failedRequests())
                                     .arg(result.exchanges.size())
                                     .arg(miss->error));
    }
    return ExitOk;
}

} // namespace

} // namespace rd::cli
