#pragma once

#include "LlmTypes.h"

#include <Result.h>

#include <QByteArray>
#include <QString>

#include <optional>

namespace rd {

struct RunConfig;

// Where the AACR-Bench hunk reviewer's code context comes from (aacr-bench.txt §4.1).
enum class AacrContext { None, Bm25, Embedding, Agent };

QString aacrContextName(AacrContext context); // none, bm25, embedding, agent
std::optional<AacrContext> aacrContextFromName(const QString &name);

// The "aacr" object of a run configuration: retrieval, chunking and agent budgets.
struct AacrOptions
{
    int topK = 3;               // chunks retrieved per hunk (bm25, embedding); the paper's 3
    int chunkLines = 40;        // a chunk is a window of this many lines ...
    int chunkOverlap = 10;      // ... starting chunkLines - chunkOverlap lines after the previous one
    int maxFileBytes = 512 * 1024; // larger files are not indexed (generated code, data)
    int embeddingBatch = 32;    // texts per /embeddings request
    int exactSearchLimit = 20000; // up to this many vectors: exact search; above: HNSW
    int maxTurns = 10;          // agent: requests that may call tools, per hunk
    int tokenBudget = 60000;    // agent: prompt + completion tokens per hunk
    int toolResultChars = 8000; // agent: a tool's answer is cut to this length
    QString cacheDir;           // empty: the user's cache folder
};

// A whole AACR run configuration (README, "AACR-Bench hunk review"):
// {"pipeline":"aacr","context":...,"roles":{"reviewer":{...},"embedding":{...}},"aacr":{...}}
// plus the client settings concurrency, timeout_s and retries.
struct AacrRunConfig
{
    AacrContext context = AacrContext::None;
    EndpointProfile reviewer;
    std::optional<EndpointProfile> embedding; // required for context "embedding"
    AacrOptions options;
    int concurrency = 4;
    int timeoutSeconds = 120;
    int retries = 3;

    // Strict: every key and value checked, an unknown key is an error naming
    // the closest known one, "embedding" context without roles.embedding is an error.
    static Result<AacrRunConfig> fromJson(const QByteArray &json);
    // The AACR settings of a run configuration whose pipeline is "aacr"
    // (its roles, context, "aacr" object and client settings), checked as strictly.
    static Result<AacrRunConfig> fromRunConfig(const RunConfig &config);
    QByteArray toJson() const;
    std::optional<Error> checkApiKeys() const;
};

} // namespace rd
