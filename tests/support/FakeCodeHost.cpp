#include "FakeCodeHost.h"

#include <QJsonArray>
#include <QJsonObject>

namespace rd::test {

FakeCodeHost::FakeCodeHost(QObject *parent) : QObject(parent)
{
    m_server.setResponder([this](const Request &request) {
        const QString path = pathOf(request);
        for (auto route = m_routes.crbegin(); route != m_routes.crend(); ++route) {
            if (route->verb != request.method)
                continue;
            const auto match = route->pattern.match(path);
            if (match.hasMatch())
                return route->handler(request, match);
        }
        return json(QJsonObject{{QStringLiteral("message"), QStringLiteral("Not Found")}}, 404);
    });
}

void FakeCodeHost::route(const QByteArray &verb, const QString &pattern, Handler handler)
{
    m_routes.append({verb, QRegularExpression(QRegularExpression::anchoredPattern(pattern)), std::move(handler)});
}

void FakeCodeHost::answer(const QByteArray &verb, const QString &pattern, const QJsonValue &value, int status,
                          const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    route(verb, pattern, [=](const Request &, const QRegularExpressionMatch &) { return json(value, status, headers); });
}

FakeCodeHost::Reply FakeCodeHost::json(const QJsonValue &value, int status, const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    Reply reply;
    reply.status = status;
    reply.body = value.isArray() ? QJsonDocument(value.toArray()).toJson(QJsonDocument::Compact)
                                 : QJsonDocument(value.toObject()).toJson(QJsonDocument::Compact);
    reply.headers = headers;
    return reply;
}

QList<FakeCodeHost::Request> FakeCodeHost::requestsTo(const QByteArray &verb, const QString &pattern) const
{
    const QRegularExpression expression(QRegularExpression::anchoredPattern(pattern));
    QList<Request> matching;
    for (const Request &request : requests())
        if (request.method == verb && expression.match(pathOf(request)).hasMatch())
            matching.append(request);
    return matching;
}

QString FakeCodeHost::pathOf(const Request &request)
{
    const QString target = QString::fromUtf8(request.path);
    const qsizetype query = target.indexOf(QLatin1Char('?'));
    return query < 0 ? target : target.left(query);
}

} // namespace rd::test
