#pragma once

// Opens a pull request from its code host for the window (File ▸ Open Pull
// Request…): reads it and fetches its commits on a worker thread, then
// stores it with the host's comments in the session's workspace (on the
// session's thread, the store's) and tells which merge request it became.
// One at a time.

#include <PullRequestOpening.h>

#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace rd {

class ReviewSession;

class PullRequestOpener : public QObject
{
    Q_OBJECT
public:
    explicit PullRequestOpener(ReviewSession &session);
    ~PullRequestOpener() override;

    // False (and failed() is not emitted) while another open is under way.
    // A URL that names no pull request and a session without a workspace
    // fail at once, through failed().
    bool open(const PullRequestOpenOptions &options);
    bool isRunning() const { return m_watcher.isRunning(); }

    // What an open did, in one sentence for the window's status bar.
    static QString summary(const FetchedPullRequest &fetched, const StoredPullRequest &stored);

Q_SIGNALS:
    void progress(const QString &step);
    // The merge request is in the workspace (the session's list has it).
    void opened(qint64 mergeRequest, const QString &summary);
    void failed(const QString &message);
    // The pull request was added to the workspace's merge requests (the session announces it).
    void mergeRequestsChanged();

private:
    struct Outcome
    {
        std::optional<FetchedPullRequest> fetched;
        Error error;
    };
    void finish();

    ReviewSession &m_session;
    QFutureWatcher<Outcome> m_watcher;
};

} // namespace rd
