#pragma once

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace rd::test {

// An OpenAI-compatible server on 127.0.0.1 for tests: answers from a script
// (or a responder function), with faults on demand — delays, error codes with
// Retry-After, dropped connections, truncated bodies.
class FakeLlmServer : public QObject
{
    Q_OBJECT

public:
    struct Reply
    {
        int status = 200;
        QByteArray body;
        QList<std::pair<QByteArray, QByteArray>> headers;
        int delayMs = 0;
        bool drop = false;     // close the connection without answering
        bool truncate = false; // promise the whole body, send half, close
    };
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
    };

    // A chat completion whose message content is `content`.
    static Reply completion(const QString &content, int promptTokens = 10, int completionTokens = 5, int delayMs = 0);
    static Reply status(int code, const QByteArray &body = "{}", int retryAfterSeconds = -1);

    explicit FakeLlmServer(QObject *parent = nullptr);
    ~FakeLlmServer() override;

    QString endpoint() const; // http://127.0.0.1:PORT/v1
    void script(const QList<Reply> &replies) { m_script += replies; }
    void setResponder(std::function<Reply(const Request &)> responder) { m_responder = std::move(responder); }
    const QList<Request> &requests() const { return m_requests; }
    int peakConcurrent() const { return m_peak; }

private:
    void accept();
    void read(QTcpSocket *socket);
    void answer(QTcpSocket *socket, const Reply &reply);

    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QList<Reply> m_script;
    std::function<Reply(const Request &)> m_responder;
    QList<Request> m_requests;
    int m_open = 0;
    int m_peak = 0;
};

} // namespace rd::test
