#pragma once

#include <MergeRequest.h>
#include <Slicer.h>

#include <QFutureWatcher>
#include <QObject>

#include <atomic>
#include <memory>

namespace rd {

// Slices a merge request with every algorithm on a worker thread. Starting
// again abandons the slicing under way (its result is never reported).
class SlicingJob : public QObject
{
    Q_OBJECT
public:
    explicit SlicingJob(QObject *parent = nullptr);
    ~SlicingJob() override;

    void start(std::shared_ptr<const MergeRequest> mr, int tokenBudget);
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }

Q_SIGNALS:
    // `result` is null when slicing failed (the diff stays usable).
    void finished(std::shared_ptr<const SlicingResult> result);

private:
    QFutureWatcher<std::shared_ptr<const SlicingResult>> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
};

} // namespace rd
