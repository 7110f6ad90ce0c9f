#include "ReviewCommandLine.h"

#include "CliCommand.h"

#include <QCommandLineParser>
#include <QDateTime>
#include <QFile>
#include <QFileInfo>

namespace rd::cli {

namespace {

QString absolute(const QString &path)
{
    return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath();
}

} // namespace

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

int checkRunCounts(const ReviewOptions &options)
{
    if (!options.replays.isEmpty() && options.replays.size() != options.configs.size())
        return fail(ExitUsage, QStringLiteral("review: give one --replay per --config (%1 configurations, %2 recordings)").arg(options.configs.size()).arg(options.replays.size()));
    if (options.records.size() > 1 || options.outs.size() > 1)
        return fail(ExitUsage, QStringLiteral("review: --out and --record are given once; with several --config each run's file is named after its pipeline"));
    return -1;
}

ReviewInvocation invocationOf(const ReviewOptions &options)
{
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
    return invocation;
}

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

} // namespace rd::cli
