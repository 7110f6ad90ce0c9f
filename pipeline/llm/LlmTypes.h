#pragma once

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>
#include <vector>

namespace rd {

// What a role's endpoint charges, in US dollars per million tokens (the unit
// providers publish). Prompt tokens are input, completion tokens output.
struct TokenPrice
{
    double inputPerMTok = 0;
    double outputPerMTok = 0;

    double costOf(qint64 promptTokens, qint64 completionTokens) const
    {
        return (double(promptTokens) * inputPerMTok + double(completionTokens) * outputPerMTok) / 1e6;
    }
    bool operator==(const TokenPrice &) const = default;
};

// One role's model: where it is served and how to sample it. The API key is
// never here: only the name of the environment variable that holds it.
struct EndpointProfile
{
    QString endpoint;  // http://localhost:11434/v1, https://api.openai.com/v1, or replay:
    QString model;
    QString apiKeyEnv; // e.g. OPENAI_API_KEY; empty: no Authorization header
    double temperature = 0.0;
    std::optional<double> topP;
    int maxTokens = 2048;
    std::optional<int> seed;
    bool jsonMode = false;
    // Team scale: every base URL of the role when it lists several (the
    // first is `endpoint`, which names the role's answers in the cache);
    // LlmClient spreads the requests over them.
    QStringList endpoints;
    // What the role's tokens cost (roles.<role>.price); empty: not known, so
    // a run's cost is not either. Never part of a request or its cache key.
    std::optional<TokenPrice> price = {};

    bool isReplay() const { return endpoint.startsWith(QLatin1String("replay:")); }
};

struct ChatMessage
{
    QString role; // system, user, assistant, tool
    QString content;
    // Tool use (OpenAI function calling): an assistant turn's "tool_calls" as
    // the JSON array the model sent, and a tool answer's "tool_call_id".
    QString toolCalls = {};
    QString toolCallId = {};
};

struct ChatRequest
{
    EndpointProfile profile;
    QList<ChatMessage> messages;
    QString label; // what the request is for, for logs: "reviewer 2, src/a.cpp slice 3"
    // The tools the model may call: a JSON array of OpenAI tool definitions
    // (empty: none). Sent with "tool_choice": "auto".
    QString tools = {};
    // Not empty: an embeddings request for these texts (POST {endpoint}/embeddings);
    // the answer's response is the vectors as a JSON array of arrays.
    QStringList embeddingInput = {};
    // The run configuration's role that asks (reviewer, validator, judge, ...):
    // what its tokens are counted under and priced at. Not sent, not in the key.
    QString role = {};

    bool isEmbedding() const { return !embeddingInput.isEmpty(); }
};

// One request and what came of it, as a run records it.
struct Exchange
{
    ChatRequest request;
    QString response;       // the model's message content
    QByteArray rawBody;     // the HTTP body as received (last attempt)
    int httpStatus = 0;
    QString error;          // empty when the request succeeded
    int attempts = 0;
    qint64 latencyMs = 0;   // from first send to the final answer
    int promptTokens = 0;
    int completionTokens = 0;
    bool fromCache = false;
    bool fromReplay = false;
    QString toolCalls;      // the answer's "tool_calls" (JSON array), empty when it has none
    // Team scale: the base URL that gave the last answer, and those that
    // failed an attempt before it (a role with several endpoints).
    QString servedBy;
    QStringList failedOn;

    bool ok() const { return error.isEmpty(); }
};

// The body of an OpenAI-compatible chat completion request (or, for an
// embeddings request, of the embeddings request).
QByteArray chatCompletionBody(const ChatRequest &request);
// "/chat/completions" or "/embeddings": appended to the endpoint.
QString requestPath(const ChatRequest &request);
// What an endpoint's answer body holds: the message content (or, for
// embeddings, the vectors as a JSON array of arrays) and any tool calls. No
// value when the body is not such an answer.
struct AnswerContent
{
    QString content;
    QString toolCalls;
    int promptTokens = 0;
    int completionTokens = 0;
};
std::optional<AnswerContent> readAnswer(const ChatRequest &request, const QByteArray &body);
// The vectors of an embeddings answer's content (readAnswer's, or as a
// cache or recording kept it); empty when unusable.
std::vector<std::vector<float>> embeddingVectors(const QString &content);
// A hash of everything that decides the answer (endpoint, model, messages,
// sampling) and nothing secret: the cache and replay key.
QByteArray exchangeKey(const ChatRequest &request);

// `text` with the API key's value and any Authorization header or bearer
// token replaced by "[redacted]": for every body, answer and error a run
// records or prints (some endpoints echo the request's headers).
QByteArray redactSecrets(const QByteArray &text, const QByteArray &key);
QString redactSecrets(const QString &text, const QByteArray &key);

// An HTTP Retry-After value (RFC 9110 10.2.3): delay-seconds as milliseconds,
// or an HTTP-date (UTC); empty when absent or unreadable. LLM endpoints and
// code hosts both send it.
std::optional<std::variant<qint64, QDateTime>> parseRetryAfter(const QByteArray &value);

} // namespace rd
