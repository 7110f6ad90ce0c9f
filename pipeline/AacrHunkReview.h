#pragma once

#include "AacrOptions.h"
#include "ReviewRun.h"
#include "RepositoryChunks.h"

#include <MergeRequest.h>

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

namespace rd {

class LlmClient;
class ResponseStore;

// One tool call of the agent, as the run records it.
struct AgentToolCall
{
    int turn = 0;      // 1-based request of the hunk's conversation
    QString id;        // the model's tool_call_id
    QString name;
    QString arguments; // JSON text as the model sent it
    QString result;    // what the model was told
    bool refused = false;
};

// What one hunk was reviewed with: the retrieved chunks and their scores, or
// the agent's tool calls.
struct HunkRetrieval
{
    int hunk = 0;      // index over the merge request's hunks, file by file
    QByteArray path;
    QByteArray header; // "@@ -a,b +c,d @@ ..."
    QList<RetrievedChunk> chunks;
    QList<AgentToolCall> toolCalls;
    int turns = 0;     // agent: requests made
    int tokens = 0;    // agent: prompt + completion tokens spent
    QString stopReason; // agent: answered, max_turns, token_budget, failed
};

// An AACR run: the common record (exchanges, comments with provenance,
// errors) plus the configuration and what each hunk was given.
struct AacrRunRecord
{
    AacrRunConfig config;
    RunRecord record;
    QList<HunkRetrieval> hunks;
    bool indexBuilt = false; // the BM25 index was built (not read from its cache file)

    // {"run":{"pipeline":"aacr","config":{...},...},"comments":[...],"retrieval":[...]}
    QByteArray toJson() const;
};

// The AACR-Bench hunk review (aacr-bench.txt §4.1, App. C.1, Fig. 16-19):
// per diff hunk, the PR title and description, the hunk, and the context of
// the configured mode; the reply parsed by parseAacrReview(). Blocking: call
// it off the client's thread, which must run an event loop. A failed request
// or hunk never fails the run; each is in record.errors.
AacrRunRecord runAacrReview(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config,
                            const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

// The diff text of a hunk as the prompt shows it (header, then +/-/space lines).
QString hunkDiffText(const Hunk &hunk);

// Runs one AACR review on a worker thread with progress and cancel, like
// ReviewJob for the defect pipeline. Each run gets its own client (limits,
// cache or replay from the run), so cache, replay and redaction apply.
class AacrHunkReview : public QObject
{
    Q_OBJECT
public:
    explicit AacrHunkReview(QObject *parent = nullptr);
    ~AacrHunkReview() override; // cancels and waits

    // `replay`: answer from recorded responses; else responses are cached in
    // `cacheDirectory` when it is not empty. False when a run is under way.
    bool start(std::shared_ptr<const MergeRequest> mr, const AacrRunConfig &config, std::optional<ResponseStore> replay,
               const QString &cacheDirectory);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    std::shared_ptr<const AacrRunRecord> record() const { return m_record; }

Q_SIGNALS:
    void progressed(const rd::RunProgress &progress);
    void finished();

private:
    QFutureWatcher<AacrRunRecord> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    LlmClient *m_client = nullptr;
    std::shared_ptr<const AacrRunRecord> m_record;
};

} // namespace rd
