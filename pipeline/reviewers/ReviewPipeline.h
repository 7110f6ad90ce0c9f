#pragma once

#include "LlmClient.h"
#include "RunRecord.h"

#include <QMutex>

#include <atomic>
#include <functional>
#include <memory>

namespace rd {

// What every pipeline is given: the client (answers from the network, the
// cache or a replay, as the caller set it up), the merge request and its
// slices, the run configuration, a progress callback and a cancel flag.
struct PipelineContext
{
    LlmClient &client;
    const MergeRequest &mr;
    const QList<Slice> &slices; // only the defect pipeline reads them
    const RunConfig &config;
    std::function<void(const RunProgress &)> progress;
    const std::atomic<bool> *cancel = nullptr;

    bool cancelled() const { return cancel && cancel->load(); }
    // A record with the configuration and revisions filled in, started now.
    RunRecord newRecord() const;
};

// One reviewer system of the papers. run() blocks: call it off the client's
// thread, which must run an event loop. It never throws and never fails as a
// whole: failed requests and unreadable answers are in the record's errors,
// unparsable replies kept raw. Comments use the common model (ReviewComment,
// with `pipeline` set), every request is an Exchange of the record.
class ReviewPipeline
{
public:
    virtual ~ReviewPipeline() = default;
    virtual PipelineKind kind() const = 0;
    virtual RunRecord run(const PipelineContext &context) = 0;
};

// The pipeline a configuration names; null when this build has none for it.
std::unique_ptr<ReviewPipeline> makePipeline(PipelineKind kind);

// Dispatch by config.pipeline: what ReviewJob, the CLI and the benchmarks call.
RunRecord runPipeline(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                      const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

// Progress for pipelines whose unit of work is not a slice (a file, an
// issue, a conversation): counts requests and tokens, thread-safe.
class ProgressTally
{
public:
    ProgressTally(const PipelineContext &context, int total);
    void addTotal(int more);
    void exchange(const Exchange &e);
    void unitDone(const QString &stage);

private:
    void report();
    const PipelineContext &m_context;
    QMutex m_lock;
    RunProgress m_state;
    qint64 m_started;
};

} // namespace rd
