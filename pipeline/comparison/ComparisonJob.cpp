#include "ComparisonJob.h"

#include <QFutureWatcher>
#include <QtConcurrent>

namespace rd::compare {

ComparisonJob::ComparisonJob(QObject *parent)
    : QObject(parent)
{
}

ComparisonJob::~ComparisonJob()
{
    cancel();
}

void ComparisonJob::start(const QString &location, const ComparisonRequest &request)
{
    m_waiting = Order{location, request};
    if (m_running) {
        *m_cancel = true; // it ends at its next resample; finish() starts the waiting one
        return;
    }
    launch();
}

void ComparisonJob::launch()
{
    Order order = *std::exchange(m_waiting, std::nullopt);
    m_running = true;
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_computing = order.request;
    ComparisonRequest request = order.request;
    request.cancelled = [cancel = m_cancel] { return cancel->load(); };
    // Emitted on the worker; the job outlives it (cancel() waits for it).
    request.progressed = [this, cancel = m_cancel](qint64 done, qint64 total) {
        if (!*cancel)
            Q_EMIT progressed(done, total);
    };
    m_work = QtConcurrent::run([location = order.location, request] {
        Outcome out;
        if (request.cancelled()) // cancelled before it began (cancel() may run it on its own thread)
            return out;
        auto comparison = compareWorkspace(location, request);
        if (comparison)
            out.comparison = std::move(*comparison);
        else
            out.error = comparison.error();
        return out;
    });
    // A watcher per comparison: its finished() always comes as an event, on
    // this object's thread, and a cancelled one's is told apart by its generation.
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, generation] {
        watcher->deleteLater();
        finish(generation, watcher->result());
    });
    watcher->setFuture(m_work);
}

void ComparisonJob::finish(quint64 generation, const Outcome &outcome)
{
    if (generation != m_generation)
        return; // cancelled
    m_running = false;
    if (m_waiting) { // asked again meanwhile: this answer is not the one wanted
        launch();
        return;
    }
    if (!outcome.comparison && !outcome.error)
        return; // cancelled before it began
    if (outcome.error) {
        m_comparison.reset();
        Q_EMIT failed(outcome.error->message);
        return;
    }
    m_comparison = outcome.comparison;
    m_answered = m_computing;
    m_answered.cancelled = nullptr;
    m_answered.progressed = nullptr;
    Q_EMIT compared();
}

void ComparisonJob::cancel()
{
    m_waiting.reset();
    if (!m_running)
        return;
    *m_cancel = true;
    m_work.waitForFinished();
    ++m_generation; // its finish() is not delivered
    m_running = false;
}

} // namespace rd::compare
