#include "FakeLlmServer.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <utility>

namespace rd::test {

FakeLlmServer::Reply FakeLlmServer::completion(const QString &content, int promptTokens, int completionTokens, int delayMs)
{
    const QJsonObject body{{QStringLiteral("id"), QStringLiteral("fake-1")},
                           {QStringLiteral("object"), QStringLiteral("chat.completion")},
                           {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                               {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                                                                                       {QStringLiteral("content"), content}}},
                                                                               {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
                           {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                                                                 {QStringLiteral("completion_tokens"), completionTokens}}}};
    Reply r;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    r.delayMs = delayMs;
    return r;
}

FakeLlmServer::Reply FakeLlmServer::status(int code, const QByteArray &body, int retryAfterSeconds)
{
    Reply r;
    r.status = code;
    r.body = body;
    if (retryAfterSeconds >= 0)
        r.headers.append({"Retry-After", QByteArray::number(retryAfterSeconds)});
    return r;
}

FakeLlmServer::Reply FakeLlmServer::held(Reply reply)
{
    reply.hold = true;
    return reply;
}

FakeLlmServer::Reply FakeLlmServer::embeddings(const QList<QList<double>> &vectors, int promptTokens)
{
    QJsonArray data;
    for (qsizetype i = 0; i < vectors.size(); ++i) {
        QJsonArray v;
        for (double x : vectors[i])
            v.append(x);
        data.append(QJsonObject{{QStringLiteral("object"), QStringLiteral("embedding")}, {QStringLiteral("index"), static_cast<int>(i)}, {QStringLiteral("embedding"), v}});
    }
    const QJsonObject body{{QStringLiteral("object"), QStringLiteral("list")},
                           {QStringLiteral("data"), data},
                           {QStringLiteral("model"), QStringLiteral("fake-embedding")},
                           {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens}, {QStringLiteral("total_tokens"), promptTokens}}}};
    Reply r;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

FakeLlmServer::Reply FakeLlmServer::hashedEmbeddings(const Request &request, int dimension)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z0-9_]{2,}"));
    QList<QList<double>> vectors;
    for (const QString &text : embeddingInputs(request)) {
        QList<double> v(dimension, 0.0);
        for (auto it = word.globalMatch(text); it.hasNext();)
            v[static_cast<qsizetype>(qHash(it.next().captured().toLower(), 7) % static_cast<size_t>(dimension))] += 1.0;
        vectors.append(v);
    }
    return embeddings(vectors);
}

FakeLlmServer::Reply FakeLlmServer::toolCalls(const QList<ToolCall> &calls, const QString &content, int promptTokens, int completionTokens)
{
    QJsonArray list;
    for (const ToolCall &c : calls)
        list.append(QJsonObject{{QStringLiteral("id"), c.id},
                                {QStringLiteral("type"), QStringLiteral("function")},
                                {QStringLiteral("function"), QJsonObject{{QStringLiteral("name"), c.name}, {QStringLiteral("arguments"), c.arguments}}}});
    QJsonObject message{{QStringLiteral("role"), QStringLiteral("assistant")}, {QStringLiteral("tool_calls"), list}};
    message.insert(QStringLiteral("content"), content.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(content));
    const QJsonObject body{{QStringLiteral("id"), QStringLiteral("fake-tools")},
                           {QStringLiteral("object"), QStringLiteral("chat.completion")},
                           {QStringLiteral("choices"), QJsonArray{QJsonObject{{QStringLiteral("index"), 0},
                                                                               {QStringLiteral("message"), message},
                                                                               {QStringLiteral("finish_reason"), QStringLiteral("tool_calls")}}}},
                           {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                                                                 {QStringLiteral("completion_tokens"), completionTokens}}}};
    Reply r;
    r.body = QJsonDocument(body).toJson(QJsonDocument::Compact);
    return r;
}

QStringList FakeLlmServer::embeddingInputs(const Request &request)
{
    QStringList out;
    const QJsonValue input = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("input"));
    if (input.isString())
        out << input.toString();
    for (const QJsonValue &v : input.toArray())
        out << v.toString();
    return out;
}

QStringList FakeLlmServer::toolNames(const Request &request)
{
    QStringList out;
    for (const QJsonValue &t : QJsonDocument::fromJson(request.body).object().value(QStringLiteral("tools")).toArray())
        out << t.toObject().value(QStringLiteral("function")).toObject().value(QStringLiteral("name")).toString();
    return out;
}

QStringList FakeLlmServer::toolResults(const Request &request)
{
    QStringList out;
    for (const QJsonValue &m : QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray())
        if (m.toObject().value(QStringLiteral("role")).toString() == QLatin1String("tool"))
            out << m.toObject().value(QStringLiteral("content")).toString();
    return out;
}

FakeLlmServer::FakeLlmServer(QObject *parent) : QObject(parent), m_server(new QTcpServer(this))
{
    if (!m_server->listen(QHostAddress::LocalHost, 0))
        qFatal("the fake LLM server cannot listen on 127.0.0.1");
    connect(m_server, &QTcpServer::newConnection, this, &FakeLlmServer::accept);
}

FakeLlmServer::~FakeLlmServer() = default;

QString FakeLlmServer::endpoint() const
{
    return origin() + QStringLiteral("/v1");
}

QString FakeLlmServer::origin() const
{
    return QStringLiteral("http://127.0.0.1:%1").arg(m_server->serverPort());
}

void FakeLlmServer::accept()
{
    while (QTcpSocket *socket = m_server->nextPendingConnection()) {
        m_connectionOf.insert(socket, ++m_connections);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { read(socket); });
        connect(socket, &QTcpSocket::disconnected, socket, &QObject::deleteLater);
        connect(socket, &QObject::destroyed, this, [this, socket] {
            m_buffers.remove(socket);
            m_connectionOf.remove(socket);
        });
    }
}

void FakeLlmServer::read(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
    // A kept-alive connection carries one request after another.
    for (;;) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        Request request;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        const QList<QByteArray> first = lines.value(0).trimmed().split(' ');
        request.method = first.value(0);
        request.path = first.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines[i].indexOf(':');
            if (colon > 0)
                request.headers.insert(lines[i].left(colon).trimmed().toLower(), lines[i].mid(colon + 1).trimmed());
        }
        const int length = request.headers.value("content-length", "0").toInt();
        if (buffer.size() < headerEnd + 4 + length)
            return;
        request.body = buffer.mid(headerEnd + 4, length);
        buffer.remove(0, headerEnd + 4 + length);
        request.connection = m_connectionOf.value(socket);
        request.received = QDateTime::currentDateTimeUtc();
        m_requests.append(request);
        const int index = static_cast<int>(m_requests.size()) - 1;
        m_peak = std::max(m_peak, ++m_open);

        Reply reply;
        if (!m_script.isEmpty())
            reply = m_script.takeFirst();
        else if (m_responder)
            reply = m_responder(request);
        else
            reply = completion(QStringLiteral("{}"));
        if (request.headers.value("connection").toLower() == "close")
            reply.close = true;
        QPointer<QTcpSocket> guard(socket);
        if (reply.hold)
            m_held.append({guard, reply, index});
        else if (reply.delayMs > 0)
            QTimer::singleShot(reply.delayMs, this, [this, guard, reply, index] {
                if (guard)
                    answer(guard, reply, index);
                else
                    --m_open;
            });
        else
            answer(socket, reply, index);
        Q_EMIT requestReceived(index);
        if (!guard)
            return;
    }
}

void FakeLlmServer::release()
{
    const QList<Held> held = std::exchange(m_held, {});
    for (const Held &h : held) {
        if (h.socket)
            answer(h.socket, h.reply, h.index);
        else
            --m_open;
    }
}

void FakeLlmServer::answer(QTcpSocket *socket, const Reply &reply, int index)
{
    --m_open;
    m_requests[index].answered = QDateTime::currentDateTimeUtc();
    if (reply.drop) {
        socket->abort();
        return;
    }
    const bool close = reply.close || reply.truncate;
    QByteArray out = "HTTP/1.1 " + QByteArray::number(reply.status) + " FAKE\r\nContent-Type: application/json\r\n";
    out += close ? "Connection: close\r\n" : "Connection: keep-alive\r\n";
    for (const auto &[name, value] : reply.headers)
        out += name + ": " + value + "\r\n";
    out += "Content-Length: " + QByteArray::number(reply.body.size()) + "\r\n\r\n";
    out += reply.truncate ? reply.body.left(reply.body.size() / 2) : reply.body;
    socket->write(out);
    socket->flush();
    if (close)
        socket->disconnectFromHost();
}

} // namespace rd::test
