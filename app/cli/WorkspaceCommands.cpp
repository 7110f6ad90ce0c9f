// The workspace commands: `comments` lists what is stored, `judge` stores
// judgements streamed as JSON Lines, and the `review --workspace` hooks.

#include "CliCommand.h"

#include <MergeRequest.h>
#include <PendingDecisions.h>
#include <RunForWorkspace.h>
#include <RunRecord.h>
#include <WorkspaceJson.h>
#include <WorkspaceOpening.h>

#include <QThread>

#include <cstdio>

namespace rd::cli {

namespace {

// Blind mode (TeamAnnotation.h) for `comments --annotator`: keeps the
// judgements NAME may see. -1 when fine, else the exit code.
int keepVisible(const WorkspaceStore &store, const QString &name, QList<Judgement> &judgements)
{
    auto setting = store.teamSetting(QStringLiteral("blind_mode"));
    auto annotators = store.annotators();
    if (!setting)
        return failIn(QStringLiteral("comments"), setting.error());
    if (!annotators)
        return failIn(QStringLiteral("comments"), annotators.error());
    const bool blind = blindModeFor(*setting ? std::optional<bool>(**setting == QLatin1String("on")) : std::nullopt, static_cast<int>(annotators->size()));
    QHash<qint64, QList<Judgement>> byComment;
    QList<qint64> order;
    for (const Judgement &j : std::as_const(judgements)) {
        if (!byComment.contains(j.comment))
            order << j.comment;
        byComment[j.comment].append(j);
    }
    judgements.clear();
    for (qint64 comment : std::as_const(order))
        judgements += visibleJudgements(byComment.value(comment), name, blind);
    return -1;
}

} // namespace

int runComments(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print every comment in a workspace with its id, merge request, location, text, provenance\n"
        "and every annotator's judgement."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("Only this merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default) or csv."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption viewer(QStringLiteral("annotator"),
                                    QStringLiteral("Show what this annotator may see: in blind mode, others' judgements of a comment only\n"
                                                   "once NAME has judged it."),
                                    QStringLiteral("NAME"));
    parser.addOptions({workspace, mr, format, viewer});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("comments: --workspace is required"));
    if (parser.isSet(viewer) && parser.value(viewer).trimmed().isEmpty())
        return fail(ExitUsage, QStringLiteral("comments: --annotator is empty"));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("csv"))
        return fail(ExitUsage, QStringLiteral("comments: --format is json or csv, not '%1'").arg(outputFormat));
    std::optional<qint64> only;
    if (parser.isSet(mr)) {
        bool ok = false;
        only = parser.value(mr).toLongLong(&ok);
        if (!ok || *only <= 0)
            return fail(ExitUsage, QStringLiteral("comments: --mr is a merge request id (a positive number), not '%1'").arg(parser.value(mr)));
    }

    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(QStringLiteral("comments"), store.error());
    QList<MergeRequestEntry> mergeRequests;
    if (only) {
        auto entry = (*store)->mergeRequest(*only);
        if (!entry)
            return failIn(QStringLiteral("comments"), entry.error());
        mergeRequests.append(*entry);
    } else {
        auto all = (*store)->mergeRequests();
        if (!all)
            return failIn(QStringLiteral("comments"), all.error());
        mergeRequests = *all;
    }
    QList<StoredRun> runs;
    for (const MergeRequestEntry &e : std::as_const(mergeRequests)) {
        auto r = (*store)->runs(e.id);
        if (!r)
            return failIn(QStringLiteral("comments"), r.error());
        runs += *r;
    }
    CommentQuery query;
    query.mergeRequest = only;
    auto comments = (*store)->comments(query);
    if (!comments)
        return failIn(QStringLiteral("comments"), comments.error());
    auto judgements = (*store)->judgements(only);
    if (!judgements)
        return failIn(QStringLiteral("comments"), judgements.error());
    if (parser.isSet(viewer))
        if (const int bad = keepVisible(**store, parser.value(viewer).trimmed(), *judgements); bad >= 0)
            return bad;

    const QByteArray out = outputFormat == QLatin1String("json") ? commentsToJson(*comments, *judgements, mergeRequests, runs)
                                                                 : commentsToCsv(*comments, *judgements, runs);
    if (!writeStdout(out) || std::fflush(stdout) != 0)
        return fail(ExitInternal, QStringLiteral("comments: cannot write the output"));
    return ExitOk;
}

int runJudge(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Store judgements read as JSON Lines on stdin, one per line:\n"
        "  {\"comment\": ID, \"verdict\": \"accept\"|\"reject\"|\"unsure\", \"q1\": 1-7, \"q2\": 1-7, \"q3\": 1-7,\n"
        "   \"category\": \"...\", \"context\": \"Diff Level\"|\"File Level\"|\"Repo Level\", \"key_bug\": true|false,\n"
        "   \"tag\": \"...\", \"thumbs\": \"up\"|\"down\", \"critique\": \"...\", \"time_spent_ms\": N}\n"
        "Every field but comment is optional and merges into the annotator's judgement; null clears a field.\n"
        "\"version\": N (as 'comments --format json' prints it; 0: none yet) stores the line only if the judgement is still\n"
        "at that version: a line made from a judgement another window or process changed since is refused.\n"
        "Prints 'stored <comment-id>' once each line is committed. A bad line is reported on stderr with its\n"
        "number and skipped; the exit code is then 1.\n"
        "When the workspace's server goes away, judge connects again and stores the line it was at, waiting\n"
        "1 s, 2 s, 4 s, … (at most 30 s) between tries; after --retries tries it gives up (exit 3).\n"
        "A full disk or a read-only workspace stops it at once (exit 3)."));
    const QCommandLineOption workspace = workspaceOption();
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Whose judgements these are."), QStringLiteral("NAME"));
    const QCommandLineOption retries(QStringLiteral("retries"), QStringLiteral("Tries to reconnect to a server that went away (default 10)."),
                                     QStringLiteral("N"), QStringLiteral("10"));
    const QCommandLineOption retryDelay(QStringLiteral("retry-delay"), QStringLiteral("The first wait before reconnecting, in ms (default 1000)."),
                                        QStringLiteral("MS"), QStringLiteral("1000"));
    parser.addOptions({workspace, annotator, retries, retryDelay});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, QStringLiteral("judge"), {&workspace, &annotator}); missing >= 0)
        return missing;
    const QString name = parser.value(annotator).trimmed();
    if (name.isEmpty())
        return fail(ExitUsage, QStringLiteral("judge: --annotator is empty"));
    bool retriesOk = false, delayOk = false;
    const int maxTries = parser.value(retries).toInt(&retriesOk);
    const int firstDelayMs = parser.value(retryDelay).toInt(&delayOk);
    if (!retriesOk || maxTries < 0 || !delayOk || firstDelayMs < 0)
        return fail(ExitUsage, QStringLiteral("judge: --retries and --retry-delay take a number of tries and of milliseconds"));

    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failIn(QStringLiteral("judge"), store.error());

    return forEachInputLine(ExitInternal, [&](qint64 number, const QByteArray &line) {
        const auto input = parseJudgementLine(line);
        if (!input) {
            fail(ExitInternal, QStringLiteral("judge: line %1: %2").arg(number).arg(input.error().message));
            return LineOutcome::bad();
        }
        Judgement change = input->change;
        change.annotator = name;
        auto stored = (*store)->judge(change, input->clear);
        // The server went away: the line was not stored (its transaction
        // rolled back); connect again and store it, a bounded number of times.
        for (int attempt = 1; !stored && stored.error().fault == Error::Fault::ServerLost; ++attempt) {
            if (attempt > maxTries)
                return LineOutcome::stop(fail(exitCodeFor(stored.error()), QStringLiteral("judge: line %1: not stored; gave up after %2 tries to reconnect: %3")
                                                                               .arg(number)
                                                                               .arg(maxTries)
                                                                               .arg(stored.error().message)));
            const int delayMs = PendingDecisions::retryDelayMs(attempt, firstDelayMs, 30000);
            std::fprintf(stderr, "reviewdesk-cli: judge: line %lld: the server went away; reconnecting in %.1f s (try %d of %d)\n",
                         static_cast<long long>(number), delayMs / 1000.0, attempt, maxTries);
            QThread::msleep(static_cast<unsigned long>(delayMs));
            if (auto connected = (*store)->reconnect(); !connected) {
                stored = connected.error();
                continue;
            }
            stored = (*store)->judge(change, input->clear);
        }
        if (!stored) {
            // The workspace itself failed: stop. A bad line or a judgement
            // changed elsewhere since the line's version: that line only.
            if (stored.error().kind != Error::Kind::Usage && stored.error().kind != Error::Kind::Conflict)
                return LineOutcome::stop(fail(exitCodeFor(stored.error()), QStringLiteral("judge: line %1: %2").arg(number).arg(stored.error().message)));
            fail(ExitInternal, QStringLiteral("judge: line %1: %2").arg(number).arg(stored.error().message));
            return LineOutcome::bad();
        }
        std::printf("stored %lld\n", static_cast<long long>(change.comment));
        std::fflush(stdout);
        return LineOutcome::done();
    });
}

int openReviewWorkspace(const QString &path, std::unique_ptr<WorkspaceStore> &store)
{
    auto opened = openWorkspaceStore(path, WorkspaceOpenMode::CreateIfMissing);
    if (!opened)
        return failIn(QStringLiteral("review"), opened.error());
    store = std::move(opened).value();
    return -1;
}

int storeReview(WorkspaceStore &store, const MergeRequest &mr, const QString &repository, const RunRecord &record, std::optional<qint64> mergeRequest)
{
    auto id = mergeRequest ? Result<qint64>(*mergeRequest) : store.addMergeRequest(mergeRequestEntryFor(mr, repository));
    if (!id)
        return failIn(QStringLiteral("review"), id.error());
    auto run = store.addRun(storedRunFor(*id, record), record.comments);
    if (!run)
        return failIn(QStringLiteral("review"), run.error());
    std::fprintf(stderr, "review: stored as run %lld of merge request %lld in %s\n", static_cast<long long>(*run), static_cast<long long>(*id),
                 qPrintable(store.location()));
    return -1;
}

} // namespace rd::cli
