#include "ReviewJob.h"

#include "LlmClient.h"
#include "ReviewPipeline.h"

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
    if (!m_client)
        m_client = new LlmClient({}, this);
    return *m_client;
}

void ReviewJob::cancel()
{
    if (m_cancel)
        *m_cancel = true;
    if (m_client)
        m_client->cancelAll();
}

bool ReviewJob::start(std::shared_ptr<const MergeRequest> mr, const QList<Slice> &slices, const RunConfig &config,
                      std::optional<ResponseStore> replay, const QString &cacheDirectory, std::shared_ptr<RunJournal> journal)
{
    if (!mr || m_watcher.isRunning())
        return false;
    delete m_client;
    LlmClientOptions options = config.clientOptions();
    m_client = new LlmClient(options, this);
    if (replay)
        m_client->setReplay(*replay);
    else if (!cacheDirectory.isEmpty())
        m_client->setCache(ResponseStore::cacheIn(cacheDirectory));
    if (!replay && journal)
        m_client->setJournal(std::move(journal));
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    auto cancelled = m_cancel;
    LlmClient *client = m_client;
    QPointer<ReviewJob> self = this;
    m_watcher.setFuture(QtConcurrent::run(&m_pool, [client, mr, slices, config, cancelled, self] {
        return runPipeline(*client, *mr, slices, config, [self](const RunProgress &p) {
            QMetaObject::invokeMethod(self, [self, p] {
                if (self)
                    Q_EMIT self->progressed(p);
            }, Qt::QueuedConnection);
        }, cancelled.get());
    }));
    return true;
}

} // namespace rd
