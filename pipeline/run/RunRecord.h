#pragma once

#include "Conversation.h"
#include "HunkRetrieval.h"
#include "LlmTypes.h"
#include "PrAgentRecord.h"
#include "RunConfig.h"
#include "RunCoverage.h"

#include <MergeRequest.h>
#include <ObjectId.h>
#include <Result.h>
#include <ReviewComment.h>

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

// How far a run is, reported by every pipeline while it works.
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
// comments with their provenance, timings and token totals. Every pipeline
// returns one; it can be saved, shown, and re-executed.
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
    // AACR agent-pr: the whole-PR agent's tool calls and each validation
    // sub-agent's verdict with its own.
    PrAgentRecord prAgent;
    // The merge-request revisions it reviewed (issue 24): revision
    // `revisionTo`, from its base when `revisionFrom` is 0, else only what
    // changed since revision `revisionFrom` (an incremental review, `base` is
    // that revision's head). 0 / 0: not reviewed through a workspace's revisions.
    int revisionFrom = 0;
    int revisionTo = 0;
    // Which changed lines reached a model (RunCoverage.h): every pipeline
    // fills it from the units it showed the model.
    RunCoverage coverage;

    int promptTokens() const;
    int completionTokens() const;
    int failedRequests() const;
    // {"run":{...},"comments":[...]} as documented in docs/pipelines.md.
    QByteArray toJson() const;
    // The kept comments as one AACR-Bench merge-request entry.
    QByteArray toAacrJson(const MergeRequest &mr) const;
    // The configuration of a saved record (what re-running it needs).
    static Result<RunRecord> fromJson(const QByteArray &json);
    // A run of `config` over `mr` starting now: what every pipeline's record
    // begins with.
    static RunRecord startingNow(const RunConfig &config, const MergeRequest &mr);
};

// AACR-Bench's project_main_language of a change: the language with the
// most changed lines, empty when none of its ten languages changed.
QString aacrMainLanguage(const QList<FileDiff> &files);

} // namespace rd
