#include "ReviewJob.h"

#include "LlmClient.h"
#include "ReviewRunner.h"

#include <QCoreApplication>
#include <QPointer>
#include <QtConcurrent>

namespace rd {

ReviewJob::ReviewJob(QObject *parent) : QObject(parent)
{
    m_pool.setMaxThreadCount(1);
    connect(&m_watcher, &QFutureWatcher<RunRecord>::finished, this, [this] {
        if (m_watcher.future().resultCount() == 0)
            return;
        m_record = std::make_shared<const RunRecord>(m_watcher.result());
        Q_EMIT finished();
    });
}

ReviewJob::~ReviewJob()
{
    cancel();
    // The run waits for answers that only this thread's event loop delivers.
    while (m_watcher.isRunning())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

LlmClient &ReviewJob::client()
{
    if (m_runner)
        return m_runner->client();
    if (!m_idleClient)
        m_idleClient = new LlmClient({}, this);
    return *m_idleClient;
}

void ReviewJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    if (m_runner)
        m_runner->client().cancelAll();
}

bool ReviewJob::start(std::shared_ptr<const MergeRequest> mr, const QList<Slice> &slices, std::unique_ptr<ReviewRunner> runner)
{
    if (!mr || !runner || m_watcher.isRunning())
        return false;
    m_runner = std::move(runner);
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelled = m_cancel;
    ReviewRunner *run = m_runner.get();
    QPointer<ReviewJob> self = this;
    m_watcher.setFuture(QtConcurrent::run(&m_pool, [run, mr, slices, cancelled, self] {
        return run->run(*mr, slices, [self](const RunProgress &p) {
            QMetaObject::invokeMethod(self, [self, p] {
                if (self)
                    Q_EMIT self->progressed(p);
            }, Qt::QueuedConnection);
        }, cancelled.get());
    }));
    return true;
}

} // namespace rd
