#include "ReviewPipeline.h"

#include "AacrHunkReview.h"
#include "CodeAgentPipeline.h"
#include "CqsPipeline.h"
#include "ReviewRun.h"

#include <QCoreApplication>

namespace rd {
namespace {

// A run that stopped before it showed a model anything (a missing role, a
// pipeline this build lacks) reviewed none of the change: said so, never
// left unknown.
void markNothingReviewed(RunRecord &record, const MergeRequest &mr)
{
    if (record.coverage.recorded)
        return;
    CoverageTally nothing(mr);
    nothing.addWholeChange(QStringLiteral("diff"), pipelineName(record.config.pipeline), false,
                           record.errors.isEmpty() ? QStringLiteral("the run showed the model nothing") : record.errors.first());
    record.coverage = nothing.result();
}

// The paper's multi-role review (ReviewRun.h) behind the common interface.
class DefectPipeline : public ReviewPipeline
{
public:
    PipelineKind kind() const override { return PipelineKind::Defect; }
    RunRecord run(const PipelineContext &c) override { return runReview(c.client, c.mr, c.slices, c.config, c.progress, c.cancel); }
};

} // namespace

RunRecord PipelineContext::newRecord() const
{
    return RunRecord::startingNow(config, mr);
}

std::unique_ptr<ReviewPipeline> makePipeline(PipelineKind kind)
{
    switch (kind) {
    case PipelineKind::Defect: return std::make_unique<DefectPipeline>();
    case PipelineKind::Cqs: return std::make_unique<CqsPipeline>();
    case PipelineKind::CodeAgent: return std::make_unique<CodeAgentPipeline>();
    case PipelineKind::Aacr: return std::make_unique<AacrPipeline>();
    }
    return nullptr;
}

RunRecord runPipeline(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config,
                      const std::function<void(const RunProgress &)> &progress, const std::atomic<bool> *cancel)
{
    const PipelineContext context{client, mr, slices, config, progress, cancel};
    const auto pipeline = makePipeline(config.pipeline);
    if (!pipeline) {
        RunRecord record = context.newRecord();
        record.errors << QCoreApplication::translate("rd::pipeline", "the %1 pipeline is not part of this build").arg(pipelineName(config.pipeline));
        markNothingReviewed(record, mr);
        record.finished = QDateTime::currentDateTimeUtc();
        return record;
    }
    RunRecord record = pipeline->run(context);
    markNothingReviewed(record, mr);
    record.finished = QDateTime::currentDateTimeUtc();
    return record;
}

ProgressTally::ProgressTally(const PipelineContext &context, int total) : m_context(context), m_started(QDateTime::currentMSecsSinceEpoch())
{
    m_state.slicesTotal = total;
}

void ProgressTally::addTotal(int more)
{
    QMutexLocker locker(&m_lock);
    m_state.slicesTotal += more;
    report();
}

void ProgressTally::exchange(const Exchange &e)
{
    QMutexLocker locker(&m_lock);
    ++m_state.requests;
    m_state.failedRequests += !e.ok();
    m_state.promptTokens += e.promptTokens;
    m_state.completionTokens += e.completionTokens;
}

void ProgressTally::unitDone(const QString &stage)
{
    QMutexLocker locker(&m_lock);
    ++m_state.slicesDone;
    m_state.stage = stage;
    report();
}

void ProgressTally::report()
{
    m_state.elapsedMs = QDateTime::currentMSecsSinceEpoch() - m_started;
    if (m_context.progress)
        m_context.progress(m_state);
}

} // namespace rd
