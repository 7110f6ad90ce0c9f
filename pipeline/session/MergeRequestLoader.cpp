#include "MergeRequestLoader.h"

#include <QtConcurrent>

namespace rd {

MergeRequestLoader::MergeRequestLoader(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Opened>::finished, this, [this] {
        const Opened opened = m_watcher.result();
        m_result = opened.mr;
        if (opened.mr)
            Q_EMIT this->opened();
        else
            Q_EMIT failed(opened.error.message);
    });
}

MergeRequestLoader::~MergeRequestLoader()
{
    m_watcher.waitForFinished();
}

bool MergeRequestLoader::open(const MergeRequestRequest &request, const DiffOptions &options)
{
    if (m_watcher.isRunning())
        return false;
    m_request = request;
    m_watcher.setFuture(QtConcurrent::run([request, options]() -> Opened {
        auto mr = MergeRequest::open(request.repository, request.base, request.head, options);
        if (!mr)
            return {nullptr, mr.error()};
        auto shared = std::make_shared<MergeRequest>(std::move(mr).value());
        if (!request.title.isEmpty())
            shared->title = request.title;
        if (!request.description.isEmpty())
            shared->description = request.description;
        return {shared, {}};
    }));
    return true;
}

} // namespace rd
