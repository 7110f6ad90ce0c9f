#pragma once

// Reads fields out of a code host's JSON answer, which is untrusted: a
// field that is missing or of the wrong type becomes one Error of kind
// Service naming the host, the request and the field's path
// ("GitHub (api.github.com): GET /repos/o/r/pulls/7: base.sha: expected a
// string, found a number"). The first problem is kept; later reads return
// empty values, so a reader checks failed() once at the end.

#include "HostClient.h"
#include "Result.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace rd {

class HostAnswer
{
public:
    enum Presence { Required, Optional }; // Optional: missing or null reads as empty

    // `where`: "GitHub (api.github.com): GET /repos/o/r/pulls/7".
    explicit HostAnswer(QString where) : m_where(std::move(where)) {}
    HostAnswer(const HostClient &client, const HostRequest &request) : m_where(describe(client, request)) {}
    // "GitHub (api.github.com): GET /repos/o/r/pulls/7".
    static QString describe(const HostClient &client, const HostRequest &request);

    // The answer as a whole, which must be an object.
    QJsonObject root(const QJsonDocument &document);
    // Sends `request` and returns its answer, which must be a JSON object.
    Result<QJsonObject> ask(HostClient &client, const HostRequest &request);
    // `path` names `value` in messages ("base", "[3].position"); empty: the answer itself.
    QJsonObject object(const QJsonValue &value, const QString &path);
    QJsonObject object(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);
    QJsonArray array(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);
    QString text(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);
    // A whole number (JSON numbers with no fraction); 0 when Optional and absent.
    qint64 number(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);
    bool flag(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);
    // A 40- (or 64-) hex-digit commit id.
    QString sha(const QJsonObject &parent, const QString &path, const QString &key, Presence presence = Required);

    // Reports a problem the reader found itself (a value out of range…).
    void refuse(const QString &path, const QString &problem);
    bool failed() const { return m_error.has_value(); }
    const Error &error() const { return *m_error; }

    static QString join(const QString &path, const QString &key);

private:
    // The member, or nullopt after reporting it missing / null when Required.
    std::optional<QJsonValue> member(const QJsonObject &parent, const QString &path, const QString &key, Presence presence);
    void wrongType(const QString &path, const char *expected, const QJsonValue &found);

    QString m_where;
    std::optional<Error> m_error;
};

} // namespace rd
