#include "SlicingJob.h"

#include <QtConcurrent>

namespace rd {

SlicingJob::SlicingJob(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<std::shared_ptr<const SlicingResult>>::finished, this, [this] {
        if (m_watcher.isCanceled() || m_watcher.future().resultCount() == 0 || (m_cancel && *m_cancel))
            return;
        Q_EMIT finished(m_watcher.result());
    });
}

SlicingJob::~SlicingJob()
{
    cancel();
}

void SlicingJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    m_watcher.waitForFinished();
}

void SlicingJob::start(std::shared_ptr<const MergeRequest> mr, int tokenBudget)
{
    cancel();
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelled = m_cancel;
    m_watcher.setFuture(QtConcurrent::run([mr, tokenBudget, cancelled]() -> std::shared_ptr<const SlicingResult> {
        SliceOptions options;
        options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
        options.tokenBudget = tokenBudget;
        auto result = sliceMergeRequest(*mr, options, [cancelled] { return cancelled->load(); });
        if (!result)
            return nullptr;
        return std::make_shared<const SlicingResult>(std::move(result).value());
    }));
}

} // namespace rd
