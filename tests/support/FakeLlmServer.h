#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>

class QTcpServer;
class QTcpSocket;

namespace rd::test {

// An OpenAI-compatible server on 127.0.0.1 for tests: answers from a script
// (or a responder function), with faults on demand — delays, error codes with
// Retry-After, dropped connections, truncated bodies, answers held back until
// the test releases them. Connections stay open between requests (HTTP/1.1
// keep-alive) unless a reply says otherwise.
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
        bool hold = false;     // answer only when release() is called
        bool close = false;    // "Connection: close" and close after answering
    };
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QHash<QByteArray, QByteArray> headers; // lower-case names
        QByteArray body;
        int connection = 0;    // which connection it came on (1-based)
        QDateTime received;    // UTC, when its last byte arrived
        QDateTime answered;    // UTC, when the answer was written (invalid: not yet)
    };

    // A chat completion whose message content is `content`.
    static Reply completion(const QString &content, int promptTokens = 10, int completionTokens = 5, int delayMs = 0);
    static Reply status(int code, const QByteArray &body = "{}", int retryAfterSeconds = -1);
    static Reply held(Reply reply);

    // AACR hunk review: an /embeddings answer (one vector per input, in order).
    static Reply embeddings(const QList<QList<double>> &vectors, int promptTokens = 8);
    // The same for `request`'s inputs: each word (letters, digits, '_')
    // hashed into one of `dimension` buckets and counted, so texts that share
    // words are near.
    static Reply hashedEmbeddings(const Request &request, int dimension = 64);
    // A chat completion whose message calls tools.
    struct ToolCall
    {
        QString id;
        QString name;
        QString arguments; // JSON text
    };
    static Reply toolCalls(const QList<ToolCall> &calls, const QString &content = {}, int promptTokens = 10, int completionTokens = 5);
    // What a request holds: the embeddings "input" texts, the names of the
    // "tools" offered, the "tool" messages' contents (in order).
    static QStringList embeddingInputs(const Request &request);
    static QStringList toolNames(const Request &request);
    static QStringList toolResults(const Request &request);

    explicit FakeLlmServer(QObject *parent = nullptr);
    ~FakeLlmServer() override;

    QString endpoint() const; // http://127.0.0.1:PORT/v1
    QString origin() const;   // http://127.0.0.1:PORT
    void script(const QList<Reply> &replies) { m_script += replies; }
    void setResponder(std::function<Reply(const Request &)> responder) { m_responder = std::move(responder); }
    const QList<Request> &requests() const { return m_requests; }
    int peakConcurrent() const { return m_peak; }
    int connections() const { return m_connections; }
    int openConnections() const { return static_cast<int>(m_connectionOf.size()); }
    int heldCount() const { return static_cast<int>(m_held.size()); }
    // Answers every held request now.
    void release();

Q_SIGNALS:
    void requestReceived(int index);

private:
    struct Held
    {
        QPointer<QTcpSocket> socket;
        Reply reply;
        int index;
    };
    void accept();
    void read(QTcpSocket *socket);
    void answer(QTcpSocket *socket, const Reply &reply, int index);

    QTcpServer *m_server = nullptr;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QHash<QTcpSocket *, int> m_connectionOf;
    QList<Reply> m_script;
    std::function<Reply(const Request &)> m_responder;
    QList<Request> m_requests;
    QList<Held> m_held;
    int m_open = 0;
    int m_peak = 0;
    int m_connections = 0;
};

} // namespace rd::test
