#pragma once

#include "RunRecord.h"

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>

#include <atomic>
#include <memory>

namespace rd {

class LlmClient;
class ReviewRunner;

// Runs one review (every role over the slices) on a worker thread, with
// progress and cancel: the window's side of a ReviewRunner, which built the
// run's client (its limits, cache or recorded answers, journal).
class ReviewJob : public QObject
{
    Q_OBJECT
public:
    explicit ReviewJob(QObject *parent = nullptr);
    // Waits for the run: its answers arrive through this thread's event loop.
    ~ReviewJob() override;

    // Runs `runner` over the merge request's slices; the job keeps it (and
    // its client) until the next run. False when a run is already under way.
    bool start(std::shared_ptr<const MergeRequest> mr, const QList<Slice> &slices, std::unique_ptr<ReviewRunner> runner);
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
    std::unique_ptr<ReviewRunner> m_runner;
    LlmClient *m_idleClient = nullptr; // before the first run
    std::shared_ptr<const RunRecord> m_record;
};

} // namespace rd
