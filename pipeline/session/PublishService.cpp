#include "PublishService.h"

#include "ReviewSession.h"

#include <QCoreApplication>
#include <QtConcurrent/QtConcurrentRun>

namespace rd {

PublishService::PublishService(ReviewSession &session) : m_session(session)
{
    connect(&m_watcher, &QFutureWatcher<PublishOutcome>::finished, this, [this] {
        const PublishOutcome outcome = m_watcher.result();
        Q_EMIT finished(outcome, publishReport(m_publishing, outcome));
    });
}

PublishService::~PublishService()
{
    // The worker hands records to this thread and waits for them: let it end first.
    while (m_watcher.isRunning())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

QString PublishService::whyUnavailable() const
{
    if (!m_session.hasWorkspace())
        return tr("Open a workspace first: publishing sends the comments judged in it.");
    if (m_session.currentMergeRequestId() == 0)
        return tr("Open a merge request of the workspace first.");
    if (m_session.annotator().isEmpty())
        return tr("Choose who you are (the annotator) first: publishing sends that annotator's review.");
    return {};
}

PublishSettings PublishService::defaultSettings() const
{
    PublishSettings settings;
    settings.mergeRequest = m_session.currentMergeRequestId();
    settings.annotator = m_session.annotator();
    settings.apiBase = m_apiBase;
    return settings;
}

Result<ReviewPublication> PublishService::preview(const PublishSettings &settings) const
{
    if (const QString why = whyUnavailable(); !why.isEmpty())
        return Error{Error::Kind::Usage, why};
    return planReviewPublication(*m_session.store(), settings);
}

bool PublishService::publish(const ReviewPublication &publication)
{
    if (isPublishing() || publication.nothingToSend() || !m_session.store())
        return false;
    m_publishing = publication;
    WorkspaceStore *store = m_session.store();
    // Runs on the worker: the store belongs to this thread, so the record is
    // written here while the worker waits (a record written is a comment
    // that will not be sent twice).
    ReviewPublisher::Recorder recorder = [this, store](const RemoteComment &remote) -> Result<bool> {
        Result<bool> stored = Error{Error::Kind::Workspace, tr("the workspace was closed while publishing")};
        QMetaObject::invokeMethod(
            this, [&] {
                if (m_session.store() == store)
                    stored = store->setRemoteComment(remote);
            },
            Qt::BlockingQueuedConnection);
        return stored;
    };
    const auto told = [this](const QString &text) { QMetaObject::invokeMethod(this, [this, text] { Q_EMIT notice(text); }, Qt::QueuedConnection); };
    m_watcher.setFuture(QtConcurrent::run([publication, recorder, told, environment = m_environment, variable = m_tokenVariable] {
        return publishReview(publication, recorder, variable, environment, told);
    }));
    return true;
}

} // namespace rd
