// readHostComments: GitHub review comments, GitLab discussions, Gerrit
// inline comments, into HostComment.

#include "HostAnswer.h"
#include "HostComments.h"

#include <QCoreApplication>
#include <QTimeZone>

namespace rd {

namespace {

// GET /repos/{o}/{r}/pulls/{n}/comments: line/start_line on `side` (LEFT =
// the base, RIGHT = the head); a comment whose line is null is outdated (its
// lines are in an older head) or on the whole file.
Result<HostCommentList> readGitHubComments(HostClient &client, const HostPullRequest &pr)
{
    const HostRequest request{"GET", QStringLiteral("/repos/%1/pulls/%2/comments").arg(pr.locator.project, QString::number(pr.locator.number)), {}, {}};
    auto items = client.all(request);
    if (!items)
        return items.error();
    HostAnswer answer(client, request);
    HostCommentList list;
    for (qsizetype i = 0; i < items->size() && !answer.failed(); ++i) {
        const QString path = QStringLiteral("[%1]").arg(i);
        const QJsonObject item = answer.object(items->at(i), path);
        HostComment c;
        c.remoteId = QString::number(answer.number(item, path, QStringLiteral("id")));
        const QJsonObject user = answer.object(item, path, QStringLiteral("user"), HostAnswer::Optional);
        // A deleted account's comments have no user; GitHub shows them as "ghost".
        c.login = user.isEmpty() ? QStringLiteral("ghost") : answer.text(user, HostAnswer::join(path, QStringLiteral("user")), QStringLiteral("login"));
        c.body = answer.text(item, path, QStringLiteral("body"));
        c.file = answer.text(item, path, QStringLiteral("path"));
        const qint64 replyTo = answer.number(item, path, QStringLiteral("in_reply_to_id"), HostAnswer::Optional);
        c.replyTo = replyTo > 0 ? QString::number(replyTo) : QString();
        c.thread = replyTo > 0 ? c.replyTo : c.remoteId; // GitHub's replies all name the thread's first comment
        c.created = QDateTime::fromString(answer.text(item, path, QStringLiteral("created_at"), HostAnswer::Optional), Qt::ISODate);
        const qint64 line = answer.number(item, path, QStringLiteral("line"), HostAnswer::Optional);
        const qint64 start = answer.number(item, path, QStringLiteral("start_line"), HostAnswer::Optional);
        const QString side = answer.text(item, path, QStringLiteral("side"), line > 0 ? HostAnswer::Required : HostAnswer::Optional);
        if (answer.failed())
            break;
        if (line <= 0) {
            list.skipped << QCoreApplication::translate("rd::hosts", "comment %1 by %2 on %3: outdated or on the whole file (on no line of the head)").arg(c.remoteId, c.login, c.file);
            continue;
        }
        if (side != QLatin1String("LEFT") && side != QLatin1String("RIGHT")) {
            answer.refuse(HostAnswer::join(path, QStringLiteral("side")), QCoreApplication::translate("rd::hosts", "\"%1\" is neither LEFT nor RIGHT").arg(side));
            break;
        }
        c.side = side == QLatin1String("LEFT") ? QStringLiteral("old") : QStringLiteral("new");
        c.lineEnd = int(line);
        c.lineStart = start > 0 && start <= line ? int(start) : int(line);
        list.comments << c;
    }
    if (answer.failed())
        return answer.error();
    return list;
}

// One note's lines: new_line (the head) when set, else old_line (the base);
// line_range, when given, spans the first to the last line of a range.
void placeGitLabNote(HostAnswer &answer, const QJsonObject &position, const QString &path, HostComment &c)
{
    const qint64 newLine = answer.number(position, path, QStringLiteral("new_line"), HostAnswer::Optional);
    const qint64 oldLine = answer.number(position, path, QStringLiteral("old_line"), HostAnswer::Optional);
    c.side = newLine > 0 ? QStringLiteral("new") : QStringLiteral("old");
    c.file = answer.text(position, path, newLine > 0 ? QStringLiteral("new_path") : QStringLiteral("old_path"));
    c.lineStart = c.lineEnd = int(newLine > 0 ? newLine : oldLine);
    const QJsonObject range = answer.object(position, path, QStringLiteral("line_range"), HostAnswer::Optional);
    if (range.isEmpty() || c.lineEnd <= 0)
        return;
    const QString rangePath = HostAnswer::join(path, QStringLiteral("line_range"));
    const QString key = newLine > 0 ? QStringLiteral("new_line") : QStringLiteral("old_line");
    const qint64 first = answer.number(answer.object(range, rangePath, QStringLiteral("start")), rangePath + QStringLiteral(".start"), key, HostAnswer::Optional);
    if (first > 0 && first <= c.lineEnd)
        c.lineStart = int(first);
}

// GET /projects/{id}/merge_requests/{iid}/discussions: the notes with a
// position are on lines; the first note of a discussion starts the thread.
Result<HostCommentList> readGitLabComments(HostClient &client, const HostPullRequest &pr)
{
    const HostRequest request{"GET", QStringLiteral("/projects/%1/merge_requests/%2/discussions").arg(encodedProject(pr.locator.project), QString::number(pr.locator.number)), {}, {}};
    auto items = client.all(request);
    if (!items)
        return items.error();
    HostAnswer answer(client, request);
    HostCommentList list;
    for (qsizetype i = 0; i < items->size() && !answer.failed(); ++i) {
        const QString path = QStringLiteral("[%1]").arg(i);
        const QJsonObject discussion = answer.object(items->at(i), path);
        const QJsonArray notes = answer.array(discussion, path, QStringLiteral("notes"));
        QString thread;
        QJsonObject threadPosition;
        for (qsizetype n = 0; n < notes.size() && !answer.failed(); ++n) {
            const QString notePath = HostAnswer::join(path, QStringLiteral("notes[%1]").arg(n));
            const QJsonObject note = answer.object(notes.at(n), notePath);
            HostComment c;
            c.remoteId = QString::number(answer.number(note, notePath, QStringLiteral("id")));
            c.body = answer.text(note, notePath, QStringLiteral("body"));
            c.login = answer.text(answer.object(note, notePath, QStringLiteral("author")), notePath + QStringLiteral(".author"), QStringLiteral("username"));
            c.created = QDateTime::fromString(answer.text(note, notePath, QStringLiteral("created_at"), HostAnswer::Optional), Qt::ISODate);
            const bool system = answer.flag(note, notePath, QStringLiteral("system"), HostAnswer::Optional);
            QJsonObject position = answer.object(note, notePath, QStringLiteral("position"), HostAnswer::Optional);
            if (answer.failed() || system)
                continue; // "added 2 commits" and the like: GitLab's own notes, not a person's
            // A reply without a position answers on its discussion's lines.
            if (position.isEmpty())
                position = threadPosition;
            if (position.isEmpty())
                break; // a discussion of the whole merge request, not of lines
            threadPosition = position;
            if (thread.isEmpty())
                thread = c.remoteId;
            else
                c.replyTo = thread;
            c.thread = thread;
            placeGitLabNote(answer, position, notePath + QStringLiteral(".position"), c);
            if (answer.failed())
                break;
            if (c.lineEnd <= 0) {
                list.skipped << QCoreApplication::translate("rd::hosts", "note %1 by %2 on %3: on the whole file (on no line)").arg(c.remoteId, c.login, c.file);
                continue;
            }
            list.comments << c;
        }
    }
    if (answer.failed())
        return answer.error();
    return list;
}

// GET /changes/{id}/comments: {path: [comment]}; a comment is on `line` (or
// `range`) of its patch set, or of the patch set's parent when side is PARENT.
Result<HostCommentList> readGerritComments(HostClient &client, const HostPullRequest &pr)
{
    const HostRequest request{"GET", QStringLiteral("/changes/%1~%2/comments").arg(encodedProject(pr.locator.project), QString::number(pr.locator.number)), {}, {}};
    HostAnswer answer(client, request);
    const auto asked = answer.ask(client, request);
    if (!asked)
        return asked.error();
    const QJsonObject &files = *asked;
    HostCommentList list;
    QHash<QString, QString> replyTo; // remote id → the one it answers
    for (auto file = files.begin(); file != files.end() && !answer.failed(); ++file) {
        const QJsonArray comments = answer.array(files, {}, file.key());
        for (qsizetype i = 0; i < comments.size() && !answer.failed(); ++i) {
            const QString path = QStringLiteral("%1[%2]").arg(file.key()).arg(i);
            const QJsonObject item = answer.object(comments.at(i), path);
            HostComment c;
            c.file = file.key();
            c.remoteId = answer.text(item, path, QStringLiteral("id"));
            c.replyTo = answer.text(item, path, QStringLiteral("in_reply_to"), HostAnswer::Optional);
            c.body = answer.text(item, path, QStringLiteral("message"), HostAnswer::Optional);
            c.patchSet = int(answer.number(item, path, QStringLiteral("patch_set")));
            const QJsonObject author = answer.object(item, path, QStringLiteral("author"));
            const QString authorPath = HostAnswer::join(path, QStringLiteral("author"));
            c.login = answer.text(author, authorPath, QStringLiteral("username"), HostAnswer::Optional);
            if (c.login.isEmpty())
                c.login = answer.text(author, authorPath, QStringLiteral("name"), HostAnswer::Optional);
            if (c.login.isEmpty())
                c.login = QStringLiteral("account %1").arg(answer.number(author, authorPath, QStringLiteral("_account_id")));
            // Gerrit writes "2026-11-20 10:00:00.000000000" in UTC.
            QDateTime updated = QDateTime::fromString(answer.text(item, path, QStringLiteral("updated"), HostAnswer::Optional).left(19), QStringLiteral("yyyy-MM-dd HH:mm:ss"));
            updated.setTimeZone(QTimeZone(0)); // UTC, without the time spec Qt 6.9 deprecates
            c.created = updated;
            const QString side = answer.text(item, path, QStringLiteral("side"), HostAnswer::Optional);
            c.side = side == QLatin1String("PARENT") ? QStringLiteral("old") : QStringLiteral("new");
            const qint64 line = answer.number(item, path, QStringLiteral("line"), HostAnswer::Optional);
            const QJsonObject range = answer.object(item, path, QStringLiteral("range"), HostAnswer::Optional);
            c.lineStart = c.lineEnd = int(line);
            if (!range.isEmpty()) {
                const QString rangePath = HostAnswer::join(path, QStringLiteral("range"));
                const qint64 first = answer.number(range, rangePath, QStringLiteral("start_line"));
                const qint64 last = answer.number(range, rangePath, QStringLiteral("end_line"));
                if (first > 0 && first <= last) {
                    c.lineStart = int(first);
                    c.lineEnd = int(last);
                }
            }
            if (answer.failed())
                break;
            replyTo.insert(c.remoteId, c.replyTo);
            if (c.patchSet != pr.patchSet)
                list.skipped << QCoreApplication::translate("rd::hosts", "comment %1 by %2 on %3: written on patch set %4, not %5").arg(c.remoteId, c.login, c.file, QString::number(c.patchSet), QString::number(pr.patchSet));
            else if (c.file.startsWith(QLatin1Char('/')) || c.lineEnd <= 0)
                list.skipped << QCoreApplication::translate("rd::hosts", "comment %1 by %2 on %3: on no line of a file").arg(c.remoteId, c.login, c.file);
            else
                list.comments << c;
        }
    }
    if (answer.failed())
        return answer.error();
    // A thread is named by its first comment: follow in_reply_to up (a cycle
    // in a malformed answer stops after as many steps as there are comments).
    for (HostComment &c : list.comments) {
        QString root = c.remoteId;
        for (qsizetype step = 0; step < replyTo.size() && !replyTo.value(root).isEmpty(); ++step)
            root = replyTo.value(root);
        c.thread = root;
    }
    return list;
}

} // namespace

QString hostAuthor(const QString &login, CodeHostKind kind)
{
    return QStringLiteral("%1 (%2)").arg(login, codeHostName(kind));
}

Result<HostCommentList> readHostComments(HostClient &client, const HostPullRequest &pr)
{
    switch (pr.locator.kind) {
    case CodeHostKind::GitHub: return readGitHubComments(client, pr);
    case CodeHostKind::GitLab: return readGitLabComments(client, pr);
    case CodeHostKind::Gerrit: return readGerritComments(client, pr);
    }
    return Error{Error::Kind::Internal, QStringLiteral("unknown code host")};
}

} // namespace rd
