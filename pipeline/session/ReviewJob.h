#pragma once

#include "ResponseStore.h"
#include "RunRecord.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>
#include <optional>

namespace rd {

class LlmClient;
class RunJournal;

// Runs one review (every role over the slices) on a worker thread, with
// progress and cancel. Each run gets its own client: its limits, cache or
// recorded answers come from the run.
class ReviewJob : public QObject
{
    Q_OBJECT
public:
    explicit ReviewJob(QObject *parent = nullptr);
    // Waits for the run: its answers arrive through this thread's event loop.
    ~ReviewJob() override;

    // `replay`: answer from recorded responses instead of the network;
    // otherwise responses are cached in `cacheDirectory` (when not empty)
    // and each answer is written to `journal` (when given) as it arrives;
    // what the journal holds already is not asked again.
    // False when a run is already under way.
    bool start(std::shared_ptr<const MergeRequest> mr, const QList<Slice> &slices, const RunConfig &config,
               std::optional<ResponseStore> replay, const QString &cacheDirectory, std::shared_ptr<RunJournal> journal = {});
    void cancel();
    bool isRunning() const { return m_watcher.isRunning(); }
    // The client of the latest run (a default one before the first): the
    // Run Review dialog lists its endpoints' models with it.
    LlmClient &client();
    // The run last finished; null before.
    std::shared_ptr<const RunRecord> record() const { return m_record; }

Q_SIGNALS:
    void progressed(const RunProgress &progress);
    void finished();

private:
    // The run blocks a thread until its last answer: its own, so runs never
    // hold the global pool that painting and other work share (two runs on a
    // two-core machine left none for the raster engine, and the window hung).
    QThreadPool m_pool;
    QFutureWatcher<RunRecord> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    LlmClient *m_client = nullptr;
    std::shared_ptr<const RunRecord> m_record;
};

} // namespace rd
