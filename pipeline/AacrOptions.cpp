#include "AacrOptions.h"

#include "RunConfig.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

namespace rd {
namespace {

using Json = nlohmann::ordered_json;

Error invalid(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

QStringList keysOf(const Json &j)
{
    QStringList keys;
    for (const auto &[name, value] : j.items())
        keys << QString::fromStdString(name);
    return keys;
}

std::optional<Error> readInt(const Json &j, const char *key, const QString &prefix, int min, int max, int &out)
{
    if (!j.contains(key))
        return std::nullopt;
    if (!j[key].is_number_integer() || j[key].get<long long>() < min || j[key].get<long long>() > max)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"%1\" must be a whole number from %2 to %3")
                           .arg(prefix + QLatin1String(key))
                           .arg(min)
                           .arg(max));
    out = j[key].get<int>();
    return std::nullopt;
}

} // namespace

QString aacrContextName(AacrContext context)
{
    switch (context) {
    case AacrContext::None: return QStringLiteral("none");
    case AacrContext::Bm25: return QStringLiteral("bm25");
    case AacrContext::Embedding: return QStringLiteral("embedding");
    case AacrContext::Agent: return QStringLiteral("agent");
    }
    return {};
}

std::optional<AacrContext> aacrContextFromName(const QString &name)
{
    for (AacrContext c : {AacrContext::None, AacrContext::Bm25, AacrContext::Embedding, AacrContext::Agent})
        if (aacrContextName(c) == name)
            return c;
    return std::nullopt;
}

Result<AacrRunConfig> AacrRunConfig::fromJson(const QByteArray &json)
{
    const Json j = Json::parse(json.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: not a JSON object"));
    if (auto e = unknownConfigKey(keysOf(j),
                                  {QStringLiteral("pipeline"), QStringLiteral("context"), QStringLiteral("roles"), QStringLiteral("aacr"),
                                   QStringLiteral("concurrency"), QStringLiteral("timeout_s"), QStringLiteral("retries")},
                                  QString()))
        return *e;
    if (!j.contains("pipeline") || j["pipeline"] != "aacr")
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"pipeline\" must be \"aacr\" for the AACR-Bench hunk review"));
    AacrRunConfig c;
    if (j.contains("context")) {
        const auto context = j["context"].is_string() ? aacrContextFromName(QString::fromStdString(j["context"].get<std::string>())) : std::nullopt;
        if (!context)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"context\" must be none, bm25, embedding or agent"));
        c.context = *context;
    }
    for (auto [key, min, max, out] : {std::tuple{"concurrency", 1, 64, &c.concurrency}, std::tuple{"timeout_s", 1, 3600, &c.timeoutSeconds},
                                      std::tuple{"retries", 0, 10, &c.retries}})
        if (auto e = readInt(j, key, QString(), min, max, *out))
            return *e;

    if (!j.contains("roles") || !j["roles"].is_object() || !j["roles"].contains("reviewer"))
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.reviewer is missing"));
    if (auto e = unknownConfigKey(keysOf(j["roles"]), {QStringLiteral("reviewer"), QStringLiteral("embedding")}, QStringLiteral("roles.")))
        return *e;
    auto reviewer = endpointProfileFromJson(QByteArray::fromStdString(j["roles"]["reviewer"].dump()), QStringLiteral("reviewer"));
    if (!reviewer)
        return reviewer.error();
    c.reviewer = *reviewer;
    if (j["roles"].contains("embedding")) {
        auto embedding = endpointProfileFromJson(QByteArray::fromStdString(j["roles"]["embedding"].dump()), QStringLiteral("embedding"));
        if (!embedding)
            return embedding.error();
        c.embedding = *embedding;
    }
    if (c.context == AacrContext::Embedding && !c.embedding)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: context \"embedding\" needs roles.embedding (the /v1/embeddings endpoint and model)"));

    if (j.contains("aacr")) {
        const Json &a = j["aacr"];
        if (!a.is_object())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"aacr\" must be an object"));
        if (auto e = unknownConfigKey(keysOf(a),
                                      {QStringLiteral("top_k"), QStringLiteral("chunk_lines"), QStringLiteral("chunk_overlap"), QStringLiteral("max_file_bytes"),
                                       QStringLiteral("embedding_batch"), QStringLiteral("exact_search_limit"), QStringLiteral("max_turns"),
                                       QStringLiteral("token_budget"), QStringLiteral("tool_result_chars"), QStringLiteral("cache_dir")},
                                      QStringLiteral("aacr.")))
            return *e;
        AacrOptions &o = c.options;
        const QString prefix = QStringLiteral("aacr.");
        for (auto [key, min, max, out] : {std::tuple{"top_k", 1, 50, &o.topK}, std::tuple{"chunk_lines", 4, 2000, &o.chunkLines},
                                          std::tuple{"chunk_overlap", 0, 1999, &o.chunkOverlap}, std::tuple{"max_file_bytes", 1024, 64 * 1024 * 1024, &o.maxFileBytes},
                                          std::tuple{"embedding_batch", 1, 2048, &o.embeddingBatch},
                                          std::tuple{"exact_search_limit", 0, 100000000, &o.exactSearchLimit}, std::tuple{"max_turns", 1, 100, &o.maxTurns},
                                          std::tuple{"token_budget", 1000, 10000000, &o.tokenBudget},
                                          std::tuple{"tool_result_chars", 200, 1000000, &o.toolResultChars}})
            if (auto e = readInt(a, key, prefix, min, max, *out))
                return *e;
        if (o.chunkOverlap >= o.chunkLines)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: aacr.chunk_overlap must be smaller than aacr.chunk_lines"));
        if (a.contains("cache_dir")) {
            if (!a["cache_dir"].is_string())
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: aacr.cache_dir must be a folder path"));
            o.cacheDir = QString::fromStdString(a["cache_dir"].get<std::string>());
        }
    }
    return c;
}

Result<AacrRunConfig> AacrRunConfig::fromRunConfig(const RunConfig &config)
{
    if (config.pipeline != PipelineKind::Aacr)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"pipeline\" must be \"aacr\" for the AACR-Bench hunk review"));
    Json roles = Json::object();
    for (const auto &[name, profile] : config.roles)
        roles[name.toStdString()] = Json::parse(endpointProfileToJson(profile).toStdString());
    Json j = {{"pipeline", "aacr"},
              {"context", config.context.isEmpty() ? std::string("none") : config.context.toStdString()},
              {"concurrency", config.concurrency},
              {"timeout_s", config.timeoutSeconds},
              {"retries", config.retries},
              {"roles", roles}};
    if (!config.aacrOptions.isEmpty())
        j["aacr"] = Json::parse(config.aacrOptions.toStdString(), nullptr, false);
    auto c = fromJson(QByteArray::fromStdString(j.dump()));
    if (!c)
        return c;
    // The profiles as they are, not as read back: a replay's endpoint stays.
    c->reviewer = config.roles.at(QStringLiteral("reviewer"));
    if (const auto e = config.roles.find(QStringLiteral("embedding")); e != config.roles.end())
        c->embedding = e->second;
    return c;
}

QByteArray AacrRunConfig::toJson() const
{
    Json roles = {{"reviewer", Json::parse(endpointProfileToJson(reviewer).toStdString())}};
    if (embedding)
        roles["embedding"] = Json::parse(endpointProfileToJson(*embedding).toStdString());
    const AacrOptions &o = options;
    Json aacr = {{"top_k", o.topK},
                 {"chunk_lines", o.chunkLines},
                 {"chunk_overlap", o.chunkOverlap},
                 {"max_file_bytes", o.maxFileBytes},
                 {"embedding_batch", o.embeddingBatch},
                 {"exact_search_limit", o.exactSearchLimit},
                 {"max_turns", o.maxTurns},
                 {"token_budget", o.tokenBudget},
                 {"tool_result_chars", o.toolResultChars}};
    if (!o.cacheDir.isEmpty())
        aacr["cache_dir"] = o.cacheDir.toStdString();
    const Json j = {{"pipeline", "aacr"},
                    {"context", aacrContextName(context).toStdString()},
                    {"concurrency", concurrency},
                    {"timeout_s", timeoutSeconds},
                    {"retries", retries},
                    {"roles", roles},
                    {"aacr", aacr}};
    return QByteArray::fromStdString(j.dump(2));
}

std::optional<Error> AacrRunConfig::checkApiKeys() const
{
    if (auto e = checkApiKey(reviewer, QStringLiteral("reviewer")))
        return e;
    if (embedding && context == AacrContext::Embedding)
        return checkApiKey(*embedding, QStringLiteral("embedding"));
    return std::nullopt;
}

} // namespace rd
