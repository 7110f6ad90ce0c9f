#pragma once

// A code host's REST API on 127.0.0.1 for tests (GitHub, GitLab or Gerrit
// shaped, as the test routes it): requests are answered by the newest route
// whose verb and path pattern match, and kept for the test to read field by
// field. Unrouted requests get 404 {"message":"Not Found"}, as GitHub says it.

#include "FakeLlmServer.h"

#include <QJsonDocument>
#include <QJsonValue>
#include <QRegularExpression>

namespace rd::test {

class FakeCodeHost : public QObject
{
    Q_OBJECT

public:
    using Request = FakeLlmServer::Request;
    using Reply = FakeLlmServer::Reply;
    using Handler = std::function<Reply(const Request &, const QRegularExpressionMatch &)>;

    explicit FakeCodeHost(QObject *parent = nullptr);

    QString origin() const { return m_server.origin(); } // http://127.0.0.1:PORT

    // `pattern` is matched against the whole path, without the query.
    void route(const QByteArray &verb, const QString &pattern, Handler handler);
    // A fixed JSON answer.
    void answer(const QByteArray &verb, const QString &pattern, const QJsonValue &json, int status = 200,
                const QList<std::pair<QByteArray, QByteArray>> &headers = {});
    static Reply json(const QJsonValue &value, int status = 200, const QList<std::pair<QByteArray, QByteArray>> &headers = {});

    const QList<Request> &requests() const { return m_server.requests(); }
    // The requests with this verb whose path (without query) matches `pattern`.
    QList<Request> requestsTo(const QByteArray &verb, const QString &pattern) const;
    static QString pathOf(const Request &request);
    static QJsonDocument bodyOf(const Request &request) { return QJsonDocument::fromJson(request.body); }

private:
    struct Route
    {
        QByteArray verb;
        QRegularExpression pattern;
        Handler handler;
    };
    FakeLlmServer m_server;
    QList<Route> m_routes;
};

} // namespace rd::test
