#include "LlmTypes.h"

#include <QCryptographicHash>

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

} // namespace rd
