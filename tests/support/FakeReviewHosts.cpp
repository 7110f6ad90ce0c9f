#include "FakeReviewHosts.h"

#include <QJsonArray>
#include <QUrl>

namespace rd::test {

namespace {

using Reply = FakeCodeHost::Reply;

// The failure a write is scripted to get, or nothing.
std::optional<Reply> scriptedFailure(ReviewHostState &state)
{
    ++state.writes;
    if (state.writes != state.failAt)
        return std::nullopt;
    return FakeCodeHost::json(QJsonObject{{QStringLiteral("message"), QStringLiteral("Unprocessable Entity")},
                                          {QStringLiteral("errors"), QJsonArray{QStringLiteral("line must be part of the diff")}}},
                              state.failStatus);
}

QString escaped(const QString &text)
{
    return QRegularExpression::escape(text);
}

} // namespace

std::shared_ptr<ReviewHostState> serveGitHubReviews(FakeCodeHost &host, const QString &project, int number)
{
    auto state = std::make_shared<ReviewHostState>();
    const QString pull = QStringLiteral("/repos/%1/pulls/%2").arg(escaped(project)).arg(number);
    host.route("POST", pull + QStringLiteral("/reviews"), [state](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        if (auto failure = scriptedFailure(*state))
            return *failure;
        const QString review = QString::number(state->nextId++);
        for (const QJsonValue v : FakeCodeHost::bodyOf(request).object().value(QStringLiteral("comments")).toArray()) {
            const QJsonObject c = v.toObject();
            state->comments.append({QString::number(state->nextId++), review, c.value(QStringLiteral("path")).toString(),
                                    c.value(QStringLiteral("line")).toInt(), c.value(QStringLiteral("body")).toString()});
        }
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("id"), review.toLongLong()}, {QStringLiteral("state"), QStringLiteral("COMMENTED")}});
    });
    host.route("GET", pull + QStringLiteral("/reviews/(\\d+)/comments"), [state](const FakeCodeHost::Request &, const QRegularExpressionMatch &m) {
        QJsonArray list;
        for (const auto &c : std::as_const(state->comments))
            if (c.thread == m.captured(1))
                list.append(QJsonObject{{QStringLiteral("id"), c.id.toLongLong()}, {QStringLiteral("path"), c.path},
                                        {QStringLiteral("line"), c.line}, {QStringLiteral("body"), c.body},
                                        {QStringLiteral("pull_request_review_id"), c.thread.toLongLong()}});
        return FakeCodeHost::json(list);
    });
    host.route("PATCH", QStringLiteral("/repos/%1/pulls/comments/(\\d+)").arg(escaped(project)),
               [state](const FakeCodeHost::Request &request, const QRegularExpressionMatch &m) {
                   if (auto failure = scriptedFailure(*state))
                       return *failure;
                   for (auto &c : state->comments)
                       if (c.id == m.captured(1)) {
                           c.body = FakeCodeHost::bodyOf(request).object().value(QStringLiteral("body")).toString();
                           return FakeCodeHost::json(QJsonObject{{QStringLiteral("id"), c.id.toLongLong()}, {QStringLiteral("body"), c.body}});
                       }
                   return FakeCodeHost::json(QJsonObject{{QStringLiteral("message"), QStringLiteral("Not Found")}}, 404);
               });
    return state;
}

std::shared_ptr<ReviewHostState> serveGitLabReviews(FakeCodeHost &host, const QString &project, int number, const QString &headSha,
                                                    const QString &baseSha, const QString &startSha)
{
    auto state = std::make_shared<ReviewHostState>();
    state->headSha = headSha;
    state->baseSha = baseSha;
    state->startSha = startSha;
    const QString mr = QStringLiteral("/projects/") + escaped(QString::fromLatin1(QUrl::toPercentEncoding(project)))
                       + QStringLiteral("/merge_requests/") + QString::number(number);
    host.route("GET", mr, [state, number](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("iid"), number},
                                              {QStringLiteral("diff_refs"), QJsonObject{{QStringLiteral("base_sha"), state->baseSha},
                                                                                        {QStringLiteral("start_sha"), state->startSha},
                                                                                        {QStringLiteral("head_sha"), state->headSha}}}});
    });
    host.route("POST", mr + QStringLiteral("/discussions"), [state](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        if (auto failure = scriptedFailure(*state))
            return *failure;
        const QJsonObject body = FakeCodeHost::bodyOf(request).object();
        const QJsonObject position = body.value(QStringLiteral("position")).toObject();
        const QString discussion = QStringLiteral("d%1").arg(state->nextId++);
        const QString note = QString::number(state->nextId++);
        state->comments.append({note, discussion, position.value(QStringLiteral("new_path")).toString(),
                                position.value(position.contains(QStringLiteral("new_line")) ? QStringLiteral("new_line") : QStringLiteral("old_line")).toInt(),
                                body.value(QStringLiteral("body")).toString()});
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("id"), discussion},
                                              {QStringLiteral("notes"), QJsonArray{QJsonObject{{QStringLiteral("id"), note.toLongLong()},
                                                                                               {QStringLiteral("body"), body.value(QStringLiteral("body"))}}}}},
                                  201);
    });
    host.route("PUT", mr + QStringLiteral("/discussions/([^/]+)/notes/(\\d+)"),
               [state](const FakeCodeHost::Request &request, const QRegularExpressionMatch &m) {
                   if (auto failure = scriptedFailure(*state))
                       return *failure;
                   for (auto &c : state->comments)
                       if (c.thread == m.captured(1) && c.id == m.captured(2)) {
                           c.body = FakeCodeHost::bodyOf(request).object().value(QStringLiteral("body")).toString();
                           return FakeCodeHost::json(QJsonObject{{QStringLiteral("id"), c.id.toLongLong()}, {QStringLiteral("body"), c.body}});
                       }
                   return FakeCodeHost::json(QJsonObject{{QStringLiteral("message"), QStringLiteral("404 Not found")}}, 404);
               });
    host.route("POST", mr + QStringLiteral("/notes"), [state](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("id"), state->nextId++}}, 201);
    });
    host.route("POST", mr + QStringLiteral("/approve"), [](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("approved"), true}}, 201);
    });
    return state;
}

std::shared_ptr<ReviewHostState> serveGerritReviews(FakeCodeHost &host, const QString &project, int number, const QString &revision)
{
    auto state = std::make_shared<ReviewHostState>();
    // Authenticated Gerrit calls are under /a/.
    const QString change = QStringLiteral("(?:/a)?/changes/") + escaped(QString::fromLatin1(QUrl::toPercentEncoding(project))) + QLatin1Char('~')
                           + QString::number(number) + QStringLiteral("/revisions/") + revision;
    host.route("POST", change + QStringLiteral("/review"), [state](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        if (auto failure = scriptedFailure(*state))
            return *failure;
        const QJsonObject byPath = FakeCodeHost::bodyOf(request).object().value(QStringLiteral("comments")).toObject();
        for (auto it = byPath.begin(); it != byPath.end(); ++it)
            for (const QJsonValue v : it.value().toArray()) {
                const QJsonObject c = v.toObject();
                const int line = c.contains(QStringLiteral("range"))
                                     ? c.value(QStringLiteral("range")).toObject().value(QStringLiteral("end_line")).toInt()
                                     : c.value(QStringLiteral("line")).toInt();
                state->comments.append({QStringLiteral("g%1").arg(state->nextId++), c.value(QStringLiteral("in_reply_to")).toString(), it.key(), line,
                                        c.value(QStringLiteral("message")).toString()});
            }
        Reply reply = FakeCodeHost::json(QJsonObject{{QStringLiteral("labels"), FakeCodeHost::bodyOf(request).object().value(QStringLiteral("labels"))}});
        reply.body.prepend(")]}'\n"); // as Gerrit answers
        return reply;
    });
    host.route("GET", change + QStringLiteral("/comments"), [state](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        QJsonObject byPath;
        for (const auto &c : std::as_const(state->comments)) {
            QJsonArray list = byPath.value(c.path).toArray();
            QJsonObject info{{QStringLiteral("id"), c.id}, {QStringLiteral("line"), c.line}, {QStringLiteral("message"), c.body}};
            if (!c.thread.isEmpty())
                info.insert(QStringLiteral("in_reply_to"), c.thread);
            list.append(info);
            byPath.insert(c.path, list);
        }
        Reply reply = FakeCodeHost::json(byPath);
        reply.body.prepend(")]}'\n");
        return reply;
    });
    return state;
}

QList<FakeCodeHost::Request> writesTo(const FakeCodeHost &host)
{
    QList<FakeCodeHost::Request> writes;
    for (const auto &request : host.requests())
        if (request.method != "GET")
            writes.append(request);
    return writes;
}

} // namespace rd::test
