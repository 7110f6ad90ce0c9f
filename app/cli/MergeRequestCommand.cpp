// `reviewdesk-cli mr`: a merge request of a workspace followed across its
// author's new commits (issue 24). `mr update` records the next revision and
// re-anchors every comment there; `mr revisions` lists the revisions.

#include "CliCommand.h"

#include <MergeRequestRevisions.h>
#include <PullRequestOpening.h>
#include <ServerPassword.h>
#include <WorkspaceOpening.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

namespace rd::cli {

namespace {

// What `mr update` and `mr revisions` both take: the workspace and the merge request.
struct MrTarget
{
    std::unique_ptr<WorkspaceStore> store;
    MergeRequestEntry entry;
};

// Every problem with the workspace, the merge request, its repository or a
// revision is exit code 3, named with the subcommand.
int failMr(const QString &command, const Error &error)
{
    const int code = error.kind == Error::Kind::Internal ? ExitInternal : ExitRepository;
    return fail(code, QStringLiteral("%1: %2").arg(command, error.message));
}

// -1 when `target` is open, else the exit code after saying why.
int openTarget(const QString &command, const QCommandLineParser &parser, const QCommandLineOption &workspace, const QCommandLineOption &mr,
               MrTarget &target)
{
    if (!parser.isSet(workspace) || !parser.isSet(mr))
        return fail(ExitUsage, QStringLiteral("%1: --workspace and --mr are required").arg(command));
    bool ok = false;
    const qint64 id = parser.value(mr).toLongLong(&ok);
    if (!ok || id <= 0)
        return fail(ExitUsage, QStringLiteral("%1: --mr is a merge request id (a positive number), not '%2'").arg(command, parser.value(mr)));
    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::OpenExisting);
    if (!store)
        return failMr(command, store.error());
    auto entry = (*store)->mergeRequest(id);
    if (!entry)
        return failMr(command, entry.error());
    target.store = std::move(*store);
    target.entry = *entry;
    return -1;
}

QString shortSha(const QString &sha)
{
    return sha.left(7);
}

QString idList(const QList<qint64> &ids)
{
    QStringList out;
    for (qint64 id : ids)
        out << QString::number(id);
    return out.join(QStringLiteral(", "));
}

QJsonObject revisionJson(const MergeRequestRevision &r)
{
    return {{QStringLiteral("number"), r.number},
            {QStringLiteral("base"), r.baseSha},
            {QStringLiteral("head"), r.headSha},
            {QStringLiteral("merge_base"), r.mergeBaseSha.isEmpty() ? QJsonValue() : QJsonValue(r.mergeBaseSha)},
            {QStringLiteral("base_spec"), r.baseSpec},
            {QStringLiteral("head_spec"), r.headSpec},
            {QStringLiteral("source"), r.source},
            {QStringLiteral("created"), r.created.toString(Qt::ISODateWithMs)}};
}

// The comments the new revision made outdated, for the annotator to confirm
// whether the new commits addressed them.
QString addressedList(const QList<StoredComment> &asked)
{
    QString out = QStringLiteral("addressed? %1 comments whose lines the new commits changed:\n").arg(asked.size());
    for (const StoredComment &c : asked)
        out += QStringLiteral("  %1  %2:%3  %4\n").arg(c.id).arg(c.comment.file).arg(c.comment.lineStart).arg(c.comment.issue.section(QLatin1Char('\n'), 0, 0).left(100));
    return out;
}

} // namespace

int runMrUpdate(const QStringList &arguments)
{
    const QString command = QStringLiteral("mr update");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Follow a merge request to its author's new commits: record the next revision and move every\n"
        "comment there (lines that only moved get their new numbers; lines changed or deleted make the\n"
        "comment outdated, with the text it was made on kept). Judgements stay with their comments."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file or server."), QStringLiteral("W"));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("The merge request (its id in the workspace)."), QStringLiteral("ID"));
    const QCommandLineOption head(QStringLiteral("head"), QStringLiteral("The new head (default: the head as written, resolved again now)."),
                                  QStringLiteral("REV"));
    const QCommandLineOption base(QStringLiteral("base"), QStringLiteral("The new base (default: the base as written, resolved again now)."),
                                  QStringLiteral("REV"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("text (default) or json."), QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption apiBase(QStringLiteral("api-base"), QStringLiteral("A pull request's host: its REST API address, when not the one its URL implies."),
                                     QStringLiteral("URL"));
    const QCommandLineOption tokenEnv(QStringLiteral("token-env"), QStringLiteral("A pull request's host: the variable holding the token."),
                                      QStringLiteral("NAME"));
    const QCommandLineOption remote(QStringLiteral("remote"), QStringLiteral("A pull request's host: fetch from this URL or path instead."),
                                    QStringLiteral("URL"));
    parser.addOptions({workspace, mr, head, base, format, apiBase, tokenEnv, remote});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("text") && outputFormat != QLatin1String("json"))
        return fail(ExitUsage, QStringLiteral("%1: --format is text or json, not '%2'").arg(command, outputFormat));
    for (const QCommandLineOption *o : {&head, &base})
        if (parser.isSet(*o) && parser.value(*o).trimmed().isEmpty())
            return fail(ExitUsage, QStringLiteral("%1: --%2 is empty").arg(command, o->names().first()));
    MrTarget target;
    if (const int failed = openTarget(command, parser, workspace, mr, target); failed >= 0)
        return failed;

    // A pull request opened from its host follows the host's head (fetched
    // first) unless a revision is named; anything else resolves its revisions
    // as written again.
    const bool fromHost = !parser.isSet(head) && !parser.isSet(base) && PullRequestLocator::parse(target.entry.url).ok();
    for (const QCommandLineOption *o : {&apiBase, &tokenEnv, &remote})
        if (parser.isSet(*o) && !fromHost)
            return fail(ExitUsage, QStringLiteral("%1: --%2 is for a merge request opened from its host, without --head or --base")
                                       .arg(command, o->names().first()));
    std::optional<RevisionUpdate> updated;
    if (fromHost) {
        PullRequestOpenOptions options;
        options.url = target.entry.url;
        options.apiBase = QUrl(parser.value(apiBase));
        options.tokenVariable = parser.value(tokenEnv);
        options.repository = target.entry.repository;
        options.remote = parser.value(remote);
        const auto hostFailed = [&](const Error &error) { return fail(exitCodeFor(error), QStringLiteral("%1: %2").arg(command, error.message)); };
        const auto token = lookUpHostToken(options, QProcessEnvironment::systemEnvironment(), server_password::keyring());
        if (!token)
            return hostFailed(token.error());
        const auto opened = openPullRequest(*target.store, options, *token, [&](const QString &line) {
            std::fprintf(stderr, "%s: %s\n", qPrintable(command), qPrintable(line));
        });
        if (!opened)
            return hostFailed(opened.error());
        if (opened->stored.imported > 0)
            std::fprintf(stderr, "%s: %d new host comments imported\n", qPrintable(command), opened->stored.imported);
        updated = opened->stored.update;
    } else {
        auto local = updateMergeRequest(*target.store, target.entry.id, parser.value(head).trimmed(), parser.value(base).trimmed());
        if (!local)
            return failMr(command, local.error());
        updated = *local;
    }
    if (!updated)
        return failMr(command, Error{Error::Kind::Internal, QStringLiteral("the pull request was stored as a new merge request")});
    const RevisionUpdate *update = &*updated;
    QList<StoredComment> asked;
    if (update->recorded) {
        auto outdated = outdatedBy(*target.store, target.entry.id, update->current.number);
        if (!outdated)
            return failMr(command, outdated.error());
        asked = *outdated;
    }
    QByteArray out;
    if (outputFormat == QLatin1String("json")) {
        QJsonArray askedIds;
        for (const StoredComment &c : std::as_const(asked))
            askedIds.append(c.id);
        const auto ids = [](const QList<qint64> &list) {
            QJsonArray a;
            for (qint64 id : list)
                a.append(id);
            return a;
        };
        out = QJsonDocument(QJsonObject{{QStringLiteral("merge_request"), target.entry.id},
                                        {QStringLiteral("recorded"), update->recorded},
                                        {QStringLiteral("revision"), revisionJson(update->current)},
                                        {QStringLiteral("moved"), ids(update->reanchoring.moved)},
                                        {QStringLiteral("unchanged"), ids(update->reanchoring.unchanged)},
                                        {QStringLiteral("outdated"), ids(update->reanchoring.outdated)},
                                        {QStringLiteral("addressed_questions"), askedIds}})
                  .toJson(QJsonDocument::Indented);
    } else if (!update->recorded) {
        out = QStringLiteral("mr update: merge request %1 is already at %2 (revision %3); nothing recorded\n")
                  .arg(target.entry.id)
                  .arg(shortSha(update->current.headSha))
                  .arg(update->current.number)
                  .toUtf8();
    } else {
        const Reanchoring &r = update->reanchoring;
        QString text = QStringLiteral("mr update: merge request %1 is at revision %2 (head %3, was %4)\n")
                           .arg(target.entry.id)
                           .arg(update->current.number)
                           .arg(shortSha(update->current.headSha), shortSha(update->previous.headSha));
        text += QStringLiteral("moved %1, unchanged %2, outdated %3").arg(r.moved.size()).arg(r.unchanged.size()).arg(r.outdated.size());
        text += r.outdated.isEmpty() ? QStringLiteral("\n") : QStringLiteral(": %1\n").arg(idList(r.outdated));
        if (!r.notLocated.isEmpty())
            text += QStringLiteral("without lines (kept as they are) %1\n").arg(r.notLocated.size());
        if (!asked.isEmpty())
            text += addressedList(asked);
        out = text.toUtf8();
    }
    return writeOutput(command, out);
}

int runMrRevisions(const QStringList &arguments)
{
    const QString command = QStringLiteral("mr revisions");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("List a merge request's revisions (patch sets), oldest first, as JSON."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file or server."), QStringLiteral("W"));
    const QCommandLineOption mr(QStringLiteral("mr"), QStringLiteral("The merge request (its id in the workspace)."), QStringLiteral("ID"));
    parser.addOptions({workspace, mr});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    MrTarget target;
    if (const int failed = openTarget(command, parser, workspace, mr, target); failed >= 0)
        return failed;
    const auto revisions = followedRevisions(*target.store, target.entry.id);
    if (!revisions)
        return failMr(command, revisions.error());
    CommentQuery query;
    query.mergeRequest = target.entry.id;
    query.outdated = true;
    const auto outdated = target.store->comments(query);
    if (!outdated)
        return failMr(command, outdated.error());
    QJsonArray list;
    for (const MergeRequestRevision &r : std::as_const(*revisions)) {
        QJsonObject o = revisionJson(r);
        o.insert(QStringLiteral("outdated_comments"),
                 static_cast<int>(std::count_if(outdated->begin(), outdated->end(), [&r](const StoredComment &c) { return c.outdatedIn == r.number; })));
        list.append(o);
    }
    return writeOutput(command, QJsonDocument(list).toJson(QJsonDocument::Indented));
}

// The subcommand; kept to one line per subcommand.
int runMr(const QStringList &arguments)
{
    const QString sub = arguments.value(1);
    const QStringList rest = arguments.mid(1);
    if (sub.isEmpty() || sub == QLatin1String("--help") || sub == QLatin1String("-h")) {
        writeStdout("Usage: reviewdesk-cli mr add --workspace W --url URL [options]\n"
                    "       reviewdesk-cli mr update|revisions --workspace W --mr ID [options]\n"
                    "Run 'reviewdesk-cli mr SUBCOMMAND --help' for the options of each.\n");
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    if (sub == QLatin1String("add"))
        return runMrAdd(rest);
    if (sub == QLatin1String("update"))
        return runMrUpdate(rest);
    if (sub == QLatin1String("revisions"))
        return runMrRevisions(rest);
    return fail(ExitUsage, QStringLiteral("mr: unknown subcommand '%1' (known: add, update, revisions)").arg(sub));
}

} // namespace rd::cli
