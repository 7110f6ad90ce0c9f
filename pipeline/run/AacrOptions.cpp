#include "AacrOptions.h"

#include "ConfigJson.h"

#include <QCoreApplication>
#include <QStandardPaths>

#include <tuple>

namespace rd {

QString aacrContextName(AacrContext context)
{
    switch (context) {
    case AacrContext::None: return QStringLiteral("none");
    case AacrContext::Bm25: return QStringLiteral("bm25");
    case AacrContext::Embedding: return QStringLiteral("embedding");
    case AacrContext::Agent: return QStringLiteral("agent");
    case AacrContext::AgentPr: return QStringLiteral("agent-pr");
    }
    return {};
}

std::optional<AacrContext> aacrContextFromName(const QString &name)
{
    for (AacrContext c : {AacrContext::None, AacrContext::Bm25, AacrContext::Embedding, AacrContext::Agent, AacrContext::AgentPr})
        if (aacrContextName(c) == name)
            return c;
    return std::nullopt;
}

QString aacrCacheDir(const AacrOptions &options)
{
    return options.cacheDir.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation) + QStringLiteral("/reviewdesk/aacr")
                                      : options.cacheDir;
}

namespace config {

std::optional<Error> readAacrContext(const Json &value, AacrContext &out)
{
    const auto context = value.is_string() ? aacrContextFromName(QString::fromStdString(value.get<std::string>())) : std::nullopt;
    if (!context)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"context\" must be none, bm25, embedding, agent or agent-pr"));
    out = *context;
    return std::nullopt;
}

std::optional<Error> checkAacrRoles(AacrContext context, bool hasEmbedding)
{
    if (context == AacrContext::Embedding && !hasEmbedding)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: context \"embedding\" needs roles.embedding (the /v1/embeddings endpoint and model)"));
    return std::nullopt;
}

std::optional<Error> readAacrOptions(const Json &a, AacrOptions &o)
{
    if (!a.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"aacr\" must be an object"));
    if (auto e = unknownKey(a,
                            {QStringLiteral("top_k"), QStringLiteral("chunk_lines"), QStringLiteral("chunk_overlap"), QStringLiteral("max_file_bytes"),
                             QStringLiteral("embedding_batch"), QStringLiteral("exact_search_limit"), QStringLiteral("max_turns"),
                             QStringLiteral("token_budget"), QStringLiteral("tool_result_chars"), QStringLiteral("cache_dir"),
                             QStringLiteral("pr_max_turns"), QStringLiteral("pr_token_budget"), QStringLiteral("max_findings"),
                             QStringLiteral("validator_max_turns"), QStringLiteral("validator_token_budget")},
                            QStringLiteral("aacr.")))
        return *e;
    const QString prefix = QStringLiteral("aacr.");
    for (auto [key, min, max, out] : {std::tuple{"top_k", 1, 50, &o.topK}, std::tuple{"chunk_lines", 4, 2000, &o.chunkLines},
                                      std::tuple{"chunk_overlap", 0, 1999, &o.chunkOverlap}, std::tuple{"max_file_bytes", 1024, 64 * 1024 * 1024, &o.maxFileBytes},
                                      std::tuple{"embedding_batch", 1, 2048, &o.embeddingBatch},
                                      std::tuple{"exact_search_limit", 0, 100000000, &o.exactSearchLimit}, std::tuple{"max_turns", 1, 100, &o.maxTurns},
                                      std::tuple{"token_budget", 1000, 10000000, &o.tokenBudget},
                                      std::tuple{"tool_result_chars", 200, 1000000, &o.toolResultChars},
                                      std::tuple{"pr_max_turns", 1, 500, &o.prMaxTurns}, std::tuple{"pr_token_budget", 1000, 100000000, &o.prTokenBudget},
                                      std::tuple{"max_findings", 1, 500, &o.maxFindings}, std::tuple{"validator_max_turns", 1, 100, &o.validatorMaxTurns},
                                      std::tuple{"validator_token_budget", 1000, 10000000, &o.validatorTokenBudget}})
        if (auto e = readInt(a, key, min, max, *out, prefix))
            return *e;
    if (o.chunkOverlap >= o.chunkLines)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: aacr.chunk_overlap must be smaller than aacr.chunk_lines"));
    if (a.contains("cache_dir")) {
        if (!a["cache_dir"].is_string())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: aacr.cache_dir must be a folder path"));
        o.cacheDir = QString::fromStdString(a["cache_dir"].get<std::string>());
    }
    return std::nullopt;
}

Json aacrOptionsJson(const AacrOptions &o, Written written)
{
    const AacrOptions defaults;
    Json j = Json::object();
    for (auto [key, value, preset] : {std::tuple{"top_k", o.topK, defaults.topK}, std::tuple{"chunk_lines", o.chunkLines, defaults.chunkLines},
                                      std::tuple{"chunk_overlap", o.chunkOverlap, defaults.chunkOverlap},
                                      std::tuple{"max_file_bytes", o.maxFileBytes, defaults.maxFileBytes},
                                      std::tuple{"embedding_batch", o.embeddingBatch, defaults.embeddingBatch},
                                      std::tuple{"exact_search_limit", o.exactSearchLimit, defaults.exactSearchLimit},
                                      std::tuple{"max_turns", o.maxTurns, defaults.maxTurns}, std::tuple{"token_budget", o.tokenBudget, defaults.tokenBudget},
                                      std::tuple{"tool_result_chars", o.toolResultChars, defaults.toolResultChars},
                                      std::tuple{"pr_max_turns", o.prMaxTurns, defaults.prMaxTurns},
                                      std::tuple{"pr_token_budget", o.prTokenBudget, defaults.prTokenBudget},
                                      std::tuple{"max_findings", o.maxFindings, defaults.maxFindings},
                                      std::tuple{"validator_max_turns", o.validatorMaxTurns, defaults.validatorMaxTurns},
                                      std::tuple{"validator_token_budget", o.validatorTokenBudget, defaults.validatorTokenBudget}})
        if (written == Written::All || value != preset)
            j[key] = value;
    if (!o.cacheDir.isEmpty())
        j["cache_dir"] = o.cacheDir.toStdString();
    return j;
}

} // namespace config
} // namespace rd
