#include "LlmTypes.h"
#include "TokenCount.h"

#include <QCryptographicHash>
#include <QLocale>
#include <QTimeZone>
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
    if (request.isEmbedding()) {
        nlohmann::ordered_json input = nlohmann::ordered_json::array();
        for (const QString &text : request.embeddingInput)
            input.push_back(text.toStdString());
        body["input"] = input;
        body["encoding_format"] = "float";
        return body;
    }
    for (const ChatMessage &m : request.messages) {
        nlohmann::ordered_json message = {{"role", m.role.toStdString()}, {"content", m.content.toStdString()}};
        // Tool fields only when used, so a plain request's body (and key) is unchanged.
        if (!m.toolCalls.isEmpty()) {
            const auto calls = nlohmann::ordered_json::parse(m.toolCalls.toStdString(), nullptr, false);
            message["tool_calls"] = calls.is_discarded() ? nlohmann::ordered_json::array() : calls;
        }
        if (!m.toolCallId.isEmpty())
            message["tool_call_id"] = m.toolCallId.toStdString();
        messages.push_back(std::move(message));
    }
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
    if (!request.tools.isEmpty()) {
        const auto tools = nlohmann::ordered_json::parse(request.tools.toStdString(), nullptr, false);
        if (!tools.is_discarded()) {
            body["tools"] = tools;
            body["tool_choice"] = "auto";
        }
    }
    return body;
}

} // namespace

QByteArray chatCompletionBody(const ChatRequest &request)
{
    const std::string text = requestJson(request).dump();
    return QByteArray(text.data(), static_cast<qsizetype>(text.size()));
}

QString requestPath(const ChatRequest &request)
{
    return request.isEmbedding() ? QStringLiteral("/embeddings") : QStringLiteral("/chat/completions");
}

std::optional<AnswerContent> readAnswer(const ChatRequest &request, const QByteArray &raw)
{
    const nlohmann::json body = nlohmann::json::parse(raw.toStdString(), nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return std::nullopt;
    AnswerContent out;
    if (body.contains("usage") && body["usage"].is_object()) {
        const nlohmann::json &usage = body["usage"];
        out.promptTokens = tokenCount(usage, "prompt_tokens");
        out.completionTokens = tokenCount(usage, "completion_tokens");
    }
    if (request.isEmbedding()) {
        // {"data":[{"index":i,"embedding":[...]}]}: one vector per input, by index.
        if (!body.contains("data") || !body["data"].is_array() || body["data"].size() != static_cast<std::size_t>(request.embeddingInput.size()))
            return std::nullopt;
        nlohmann::json vectors = nlohmann::json::array();
        for (std::size_t i = 0; i < body["data"].size(); ++i)
            vectors.push_back(nullptr);
        for (const nlohmann::json &item : body["data"]) {
            if (!item.is_object() || !item.contains("embedding") || !item["embedding"].is_array() || item["embedding"].empty())
                return std::nullopt;
            const std::size_t index = item.contains("index") && item["index"].is_number_unsigned() ? item["index"].get<std::size_t>() : 0;
            if (index >= vectors.size() || !vectors[index].is_null())
                return std::nullopt;
            for (const nlohmann::json &x : item["embedding"])
                if (!x.is_number())
                    return std::nullopt;
            vectors[index] = item["embedding"];
        }
        out.content = QString::fromStdString(vectors.dump());
        return out;
    }
    if (!body.contains("choices") || !body["choices"].is_array() || body["choices"].empty() || !body["choices"][0].is_object())
        return std::nullopt;
    const nlohmann::json &choice = body["choices"][0];
    if (!choice.contains("message") || !choice["message"].is_object())
        return std::nullopt;
    const nlohmann::json &message = choice["message"];
    const bool hasCalls = message.contains("tool_calls") && message["tool_calls"].is_array() && !message["tool_calls"].empty();
    if (hasCalls)
        out.toolCalls = QString::fromStdString(message["tool_calls"].dump());
    if (message.contains("content") && message["content"].is_string())
        out.content = QString::fromStdString(message["content"].get<std::string>());
    else if (!hasCalls)
        return std::nullopt; // neither words nor tool calls
    return out;
}

std::vector<std::vector<float>> embeddingVectors(const QString &content)
{
    std::vector<std::vector<float>> out;
    const nlohmann::json j = nlohmann::json::parse(content.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_array())
        return {};
    for (const nlohmann::json &v : j) {
        if (!v.is_array())
            return {};
        std::vector<float> vec;
        vec.reserve(v.size());
        for (const nlohmann::json &x : v)
            vec.push_back(x.is_number() ? x.get<float>() : 0.0f);
        out.push_back(std::move(vec));
    }
    return out;
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
    if (request.isEmbedding())
        hash.addData(QByteArrayView("embeddings\n"));
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

// Retry-After is delay-seconds or an HTTP-date (RFC 9110 10.2.3).
std::optional<std::variant<qint64, QDateTime>> parseRetryAfter(const QByteArray &value)
{
    const QString text = QString::fromLatin1(value).trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    const qint64 seconds = text.toLongLong(&ok);
    if (ok)
        return seconds < 0 ? std::nullopt : std::optional<std::variant<qint64, QDateTime>>(seconds * 1000);
    for (const QString &format : {QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'"), QStringLiteral("dddd, dd-MMM-yy hh:mm:ss 'GMT'")}) {
        const QDateTime local = QLocale::c().toDateTime(text, format);
        if (local.isValid())
            return QDateTime(local.date(), local.time(), QTimeZone(0));
    }
    return std::nullopt;
}

} // namespace rd
