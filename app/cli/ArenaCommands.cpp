// The arena (issue 35): `prefer` stores pairwise votes on whole reviews read
// as JSON Lines, `arena` ranks the run configurations by them with
// Bradley–Terry and asks LLM judges of pairs (docs/arena.md).

#include "CliCommand.h"

#include <Arena.h>
#include <ArenaReport.h>
#include <PairJudge.h>
#include <ResponseStore.h>
#include <VoteJson.h>
#include <WorkspaceOpening.h>

#include <QSaveFile>

#include <cstdio>

namespace rd::cli {

int runPrefer(const QStringList &arguments)
{
    const QString command = QStringLiteral("prefer");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Store pairwise votes on whole reviews read as JSON Lines on stdin, one per line:\n"
        "  {\"merge_request\": ID, \"a\": RUN_ID, \"b\": RUN_ID, \"winner\": \"a\"|\"b\"|\"tie\"}\n"
        "\"a\" is the review that was shown first. Optional: \"seed\" (of the draw that put a first) and\n"
        "\"time_spent_ms\". Both runs must be runs of the merge request, and differ.\n"
        "Prints 'stored <vote-id>' once each line is committed. A vote by the same annotator on the same runs in\n"
        "the same order replaces the earlier one, and says so on stderr. A bad line is reported on stderr with its\n"
        "number and skipped; the exit code is then 2. A workspace that cannot store a line stops it (exit 3)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose votes these are."), QStringLiteral("NAME"));
    parser.addOptions({workspace, annotator});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, QStringLiteral("prefer"), {&workspace, &annotator}); missing >= 0)
        return missing;
    const QString name = parser.value(annotator).trimmed();
    if (name.isEmpty())
        return fail(ExitUsage, QStringLiteral("prefer: --annotator is empty"));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(command, store.error());

    return forEachInputLine(ExitUsage, [&](qint64 number, const QByteArray &line) {
        auto vote = parseVoteLine(line);
        if (!vote) {
            fail(ExitUsage, QStringLiteral("prefer: line %1: %2").arg(number).arg(vote.error().message));
            return LineOutcome::bad();
        }
        vote->annotator = name;
        auto stored = (*store)->addVote(*vote);
        if (!stored) // an unknown merge request or run, a run of another merge request: that line only
            return lineNotStored(QStringLiteral("prefer"), number, stored.error());
        if (stored->replaced)
            std::fprintf(stderr, "reviewdesk-cli: prefer: line %lld: replaces %s's earlier vote on run %lld (a) against run %lld (b) of merge request %lld, which was \"%s\"\n",
                         static_cast<long long>(number), qPrintable(name), static_cast<long long>(vote->runA), static_cast<long long>(vote->runB),
                         static_cast<long long>(vote->mergeRequest), qPrintable(pairWinnerName(stored->replaced->winner)));
        std::printf("stored %lld\n", static_cast<long long>(stored->id));
        std::fflush(stdout);
        return LineOutcome::done();
    });
}

namespace {

struct ArenaOptions
{
    QString workspace;
    ArenaSettings settings;
    bool markdown = false;
    QStringList judgeConfigs;
    PairJudgeRequest judge; // all but the configuration
    std::optional<QString> out;
    std::optional<QString> record;
};

int parseArena(const QStringList &arguments, ArenaOptions &options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rank the workspace's run configurations by people's pairwise votes on whole reviews (prefer): Bradley-Terry\n"
        "by maximum likelihood, a tie half a win each, with bootstrap intervals over merge requests; each configuration's\n"
        "strength on the log scale and the Elo scale, its votes and wins, and the win probability of every pair.\n"
        "With --judge-config, an LLM judge also compares every pair people voted on (or a --sample), in both orders,\n"
        "--repeats times: agreement with people, position consistency, positional preference score, repetition stability,\n"
        "and its own ranking beside people's (docs/arena.md)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default) or md."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption bootstrap(QStringLiteral("bootstrap"),
                                       QStringLiteral("Bootstrap resamples of the merge requests (default %1; 0: no intervals).").arg(stats::DefaultResamples),
                                       QStringLiteral("N"), QString::number(stats::DefaultResamples));
    const QCommandLineOption seed(QStringLiteral("seed"),
                                  QStringLiteral("Seed of the bootstrap (std::mt19937_64), of a judge's sample and of its first ask: 0 to 18446744073709551615 "
                                                 "(default %1, as compare).")
                                      .arg(stats::DefaultSeed),
                                  QStringLiteral("S"), QString::number(stats::DefaultSeed));
    const QCommandLineOption judgeConfig(QStringLiteral("judge-config"),
                                         QStringLiteral("A judge of pairs: {\"roles\": {\"judge\": {\"endpoint\", \"model\", \"api_key_env\"}}}. Repeat for several judges."),
                                         QStringLiteral("FILE"));
    const QCommandLineOption repeats(QStringLiteral("repeats"), QStringLiteral("Ask each pair in each order N times, seeds S, S+1, ... (default 1)."), QStringLiteral("N"),
                                     QStringLiteral("1"));
    const QCommandLineOption sample(QStringLiteral("sample"), QStringLiteral("Ask the judge about N pairs drawn as the pairwise view draws them, instead of those people voted on."),
                                    QStringLiteral("N"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the judge again even for requests answered before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every judge request from this recording."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the judges' answers as a recording for --replay."), QStringLiteral("FILE"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Write here instead of standard output."), QStringLiteral("FILE"));
    parser.addOptions({workspace, format, bootstrap, seed, judgeConfig, repeats, sample, cache, noCache, replay, record, out});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("arena: --workspace is required"));
    options.workspace = parser.value(workspace);
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("md"))
        return fail(ExitUsage, QStringLiteral("arena: --format is json or md, not '%1'").arg(outputFormat));
    options.markdown = outputFormat == QLatin1String("md");
    bool ok = false;
    options.settings.bootstrap = parser.value(bootstrap).toInt(&ok);
    if (!ok || options.settings.bootstrap < 0 || options.settings.bootstrap > 100000)
        return fail(ExitUsage, QStringLiteral("arena: --bootstrap is a number of resamples from 0 to 100000, not '%1'").arg(parser.value(bootstrap)));
    options.settings.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return fail(ExitUsage, QStringLiteral("arena: --seed is a whole number from 0 to 18446744073709551615, not '%1'").arg(parser.value(seed)));
    options.judgeConfigs = parser.values(judgeConfig);
    const bool judged = !options.judgeConfigs.isEmpty();
    for (const auto *judgeOnly : {&repeats, &sample, &cache, &noCache, &replay, &record})
        if (!judged && parser.isSet(*judgeOnly))
            return fail(ExitUsage, QStringLiteral("arena: --%1 is for a judge of pairs; give --judge-config FILE").arg(judgeOnly->names().constFirst()));
    PairJudgeRequest &r = options.judge;
    r.seed = options.settings.seed;
    r.repeats = parser.value(repeats).toInt(&ok);
    if (!ok || r.repeats < 1 || r.repeats > 20)
        return fail(ExitUsage, QStringLiteral("arena: --repeats is from 1 to 20, not '%1'").arg(parser.value(repeats)));
    if (parser.isSet(sample)) {
        r.sample = parser.value(sample).toInt(&ok);
        if (!ok || r.sample < 1 || r.sample > 100000)
            return fail(ExitUsage, QStringLiteral("arena: --sample is a number of pairs from 1 to 100000, not '%1'").arg(parser.value(sample)));
    }
    if (parser.isSet(replay) && (parser.isSet(cache) || parser.isSet(noCache)))
        return fail(ExitUsage, QStringLiteral("arena: --replay answers from a recording; it takes no --cache or --no-cache"));
    r.replay = parser.value(replay);
    if (r.replay.isEmpty() && !parser.isSet(noCache))
        r.cache = parser.isSet(cache) ? parser.value(cache) : ResponseStore::userCacheFolder();
    if (parser.isSet(record))
        options.record = parser.value(record);
    if (parser.isSet(out))
        options.out = parser.value(out);
    return -1;
}

int saveArenaFile(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(ExitInternal, QStringLiteral("arena: cannot write %1: %2").arg(path, file.errorString()));
    return ExitOk;
}

int runArena(const ArenaOptions &options)
{
    const QString command = QStringLiteral("arena");
    auto opened = openWorkspaceStore(options.workspace, WorkspaceOpenMode::OpenExisting);
    if (!opened)
        return failIn(command, opened.error());
    WorkspaceStore &store = **opened;
    auto data = loadArenaData(store);
    if (!data)
        return failIn(command, data.error());
    ArenaReport report;
    report.people = rankConfigurations(comparisonsOf(data->votes), data->runs, options.settings);
    std::fprintf(stderr, "arena: %d votes on %d merge requests, %lld configurations\n", report.people.votes, report.people.mergeRequests,
                 static_cast<long long>(report.people.reviewers.size()));
    if (!report.people.finite)
        std::fprintf(stderr, "arena: no strengths: %s\n", qPrintable(report.people.notFinite));

    if (!options.judgeConfigs.isEmpty()) {
        auto comments = store.comments();
        if (!comments)
            return failIn(command, comments.error());
        QList<Exchange> exchanges;
        int failedAsks = 0;
        int asks = 0;
        for (const QString &config : options.judgeConfigs) {
            PairJudgeJob job;
            PairJudgeRequest request = options.judge;
            request.configPath = config;
            if (auto ready = job.prepare(request); !ready)
                return failIn(command, ready.error());
            PairJudgeOutcome outcome = job.run(*data, *comments, options.settings);
            if (outcome.error)
                return failIn(command, *outcome.error);
            for (const QString &e : outcome.errors.mid(0, 5))
                std::fprintf(stderr, "arena: %s\n", qPrintable(e));
            if (outcome.errors.size() > 5)
                std::fprintf(stderr, "arena: ... and %lld more\n", static_cast<long long>(outcome.errors.size() - 5));
            const PairJudgeMetrics &m = outcome.metrics;
            std::fprintf(stderr, "arena: judge %s: %d pairs × 2 orders × %d: %d readable, %d without a readable winner, %d unanswered\n",
                         qPrintable(outcome.judgeModel), m.pairs, outcome.repeats, m.readable, m.unreadable, m.failed);
            failedAsks += m.failed;
            asks += m.asks;
            exchanges += outcome.exchanges;
            report.judges << std::move(outcome);
        }
        if (options.record)
            if (const int saved = saveArenaFile(*options.record, ResponseStore::recording(exchanges)); saved != ExitOk)
                return saved;
        // Asks nobody answered would make other figures: none are written.
        // Answers that came without a readable winner are the judge's own
        // failing, counted in its figures.
        if (failedAsks > 0)
            return fail(ExitService, QStringLiteral("arena: %1 of %2 judge requests got no answer; no figures written").arg(failedAsks).arg(asks));
    }
    const QByteArray bytes = options.markdown ? arenaMarkdown(report).toUtf8() : arenaJson(report);
    if (options.out)
        return saveArenaFile(*options.out, bytes);
    return writeOutput(command, bytes);
}

} // namespace

int runArena(const QStringList &arguments)
{
    ArenaOptions options;
    if (const int done = parseArena(arguments, options); done >= 0)
        return done;
    return runArena(options);
}

} // namespace rd::cli
