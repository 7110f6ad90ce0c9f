#pragma once

#include <MergeRequest.h>
#include <Result.h>

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace rd {

// What the user asked to open.
struct MergeRequestRequest
{
    QString repository;
    QString base;
    QString head;
    bool twoDot = false;
    QString title;       // empty: the head commit's summary
    QString description; // empty: the head commit's body
};

// Opens a merge request (the libgit2 diff) on a worker thread, so a large
// repository never blocks the window. One open at a time.
class MergeRequestLoader : public QObject
{
    Q_OBJECT
public:
    explicit MergeRequestLoader(QObject *parent = nullptr);
    ~MergeRequestLoader() override;

    // False when an open is already under way (the new one is not started).
    bool open(const MergeRequestRequest &request, const DiffOptions &options);
    bool isRunning() const { return m_watcher.isRunning(); }
    // The request being (or last) opened.
    MergeRequestRequest request() const { return m_request; }
    // The merge request last opened; null after a failure.
    std::shared_ptr<const MergeRequest> result() const { return m_result; }

Q_SIGNALS:
    void opened();
    void failed(const QString &message);

private:
    struct Opened
    {
        std::shared_ptr<const MergeRequest> mr;
        Error error;
    };
    MergeRequestRequest m_request;
    std::shared_ptr<const MergeRequest> m_result;
    QFutureWatcher<Opened> m_watcher;
};

} // namespace rd
