#pragma once

#include <QString>

#include <optional>

namespace rd {

// Where the AACR-Bench hunk reviewer's code context comes from (aacr-bench.txt
// §4.1). AgentPr is the paper's agent as Fig. 18 defines it: one
// conversation over the whole pull request, then a validation sub-agent per finding.
enum class AacrContext { None, Bm25, Embedding, Agent, AgentPr };

QString aacrContextName(AacrContext context); // none, bm25, embedding, agent, agent-pr
std::optional<AacrContext> aacrContextFromName(const QString &name);

// The "aacr" object of a run configuration: retrieval, chunking and agent
// budgets. RunConfig holds it as CqsOptions and CodeAgentOptions; it is read
// and written with the configuration (ConfigJson.h), once.
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
    int prMaxTurns = 30;        // agent-pr: requests that may call tools while exploring the whole pull request
    int prTokenBudget = 200000; // agent-pr: prompt + completion tokens of that exploration
    int maxFindings = 20;       // agent-pr: findings validated; the rest are dropped unvalidated
    int validatorMaxTurns = 8;  // agent-pr: requests that may call tools, per validation sub-agent
    int validatorTokenBudget = 40000; // agent-pr: tokens per validation sub-agent
    QString cacheDir;           // empty: the user's cache folder

    bool operator==(const AacrOptions &) const = default;
};

// Where the retrieval indexes and vectors are cached: cacheDir, or the
// user's cache folder's reviewdesk/aacr.
QString aacrCacheDir(const AacrOptions &options);

} // namespace rd
