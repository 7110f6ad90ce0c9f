#include "LlmTypes.h"

#include <QCryptographicHash>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

nlohmann::ordered_json requestJson(const ChatRequest &request)
{
    nlohmann::ordered_json body;
    const EndpointProfile &p = request.profile;
    body["model"] = p.model.toStdString();
    nlohmann::ordered_json messages = nlohmann::ordered_json::array();
    for (const ChatMessage &m : request.messages)
        messages.push_back({{"role", m.role.toStdString()}, {"content", m.content.toStdString()}});
    body["messages"] = messages;
    body["temperature"] = p.temperature;
    if (p.topP)
        body["top_p"] = *p.topP;
    body["max_tokens"] = p.maxTokens;
    if (p.seed)
        body["seed"] = *p.seed;
    if (p.jsonMode)
        body["response_format"] = {{"type", "json_object"}};
    body["stream"] = false;
    return body;
}

} // namespace

QByteArray chatCompletionBody(const ChatRequest &request)
{
    const std::string text = requestJson(request).dump();
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

QByteArray exchangeKey(const ChatRequest &request)
{
    // The endpoint (without a trailing slash) and the request body: the API
    // key is in neither.
    QString endpoint = request.profile.endpoint;
    while (endpoint.endsWith(QLatin1Char('/')))
        endpoint.chop(1);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(endpoint.toUtf8());
    hash.addData(QByteArrayView("\n", 1));
    hash.addData(chatCompletionBody(request));
    return hash.result().toHex();
}

QString redactSecrets(const QString &text, const QByteArray &key)
{
    QString out = text;
    // A key too short to be one would redact ordinary words.
    if (key.size() >= 8)
        out.replace(QString::fromUtf8(key), QStringLiteral("[redacted]"));
    static const QRegularExpression header(QStringLiteral("(authorization[\\\"']*\\s*[:=]\\s*[\\\"']*)(bearer\\s+)?[^\\s\\\\\"',}]+"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bearer(QStringLiteral("(bearer\\s+)(?!\\[redacted\\])[A-Za-z0-9._~+/=-]{6,}"), QRegularExpression::CaseInsensitiveOption);
    out.replace(header, QStringLiteral("\\1[redacted]"));
    out.replace(bearer, QStringLiteral("\\1[redacted]"));
    return out;
}

QByteArray redactSecrets(const QByteArray &text, const QByteArray &key)
{
    if (key.isEmpty() && !text.contains("uthorization") && !text.contains("UTHORIZATION") && !text.contains("earer") && !text.contains("EARER"))
        return text;
    return redactSecrets(QString::fromUtf8(text), key).toUtf8();
}

} // namespace rd
