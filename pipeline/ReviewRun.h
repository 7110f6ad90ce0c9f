#pragma once

#include "Conversation.h"
#include "HunkRetrieval.h"
#include "LlmClient.h"
#include "RunConfig.h"

#include <MergeRequest.h>
#include <ReviewComment.h>
#include <Slice.h>

#include <QDateTime>

#include <atomic>
#include <functional>

namespace rd {

struct RunProgress
{
    int slicesTotal = 0;
    int slicesDone = 0;
    int requests = 0;
    int failedRequests = 0;
    int promptTokens = 0;
    int completionTokens = 0;
    qint64 elapsedMs = 0;
    QString stage; // what the latest finished step was
};

// Everything a run did: its configuration (no secrets), every exchange, the
// comments with their provenance, timings and token totals. It can be saved,
// shown, and re-executed.
struct RunRecord
{
    RunConfig config;
    ObjectId base, head, mergeBase;
    QDateTime started, finished;
    QList<Exchange> exchanges;
    QList<ReviewComment> comments;
    QStringList errors;
    bool cancelled = false;
    // CodeAgent: every supervised conversation, turn by turn, and the
    // Document phase's summary. Empty for the other pipelines.
    QList<Conversation> conversations;
    QString summary;
    // AACR: what each hunk was given (chunks and scores, or the agent's tool
    // calls), and whether the BM25 index was built rather than read from
    // its cache. Empty for the other pipelines.
    QList<HunkRetrieval> retrieval;
    bool bm25IndexBuilt = false;

    int promptTokens() const;
    int completionTokens() const;
    int failedRequests() const;
    // {"run":{...},"comments":[...]} as documented in README.md.
    QByteArray toJson() const;
    // The kept comments as one AACR-Bench merge-request entry.
    QByteArray toAacrJson(const MergeRequest &mr) const;
    static Result<RunRecord> fromJson(const QByteArray &json);
};

QString aacrMainLanguage(const QList<FileDiff> &files);

// The paper's multi-role review (§3.3-3.5): per slice, N reviewers, the
// coarse and top-k filters, the meta-reviewer, the validator, the
// translator. The meta-reviewer names the comments it merged by id; the
// program derives agreement and merged_into from them (or, when its answer
// cannot be used, from its own grouping by place and wording, with an
// error). Every re-score passes the coarse filter again. Blocking: call it
// off the client's thread, which must run an event loop. One failed request
// or slice never fails the run; each is in `errors`.
RunRecord runReview(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                    const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

// The filters as pure functions, for tests and re-scoring.
void applyCoarseFilter(QList<ReviewComment> &comments, const RunConfig &config, const QString &stage = QStringLiteral("coarse"));
void applyTopK(QList<ReviewComment> &comments, int k);

} // namespace rd
