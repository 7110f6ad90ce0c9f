#include "PullRequestOpener.h"

#include "ReviewSession.h"

#include <ServerPassword.h>

#include <QCoreApplication>
#include <QtConcurrent>

namespace rd {

namespace {

// Carries progress from the worker to the opener's thread. Shared with the
// worker, so an opener closed meanwhile leaves it nothing dangling.
class ProgressRelay : public QObject
{
    Q_OBJECT
public:
    void report(const QString &text) { Q_EMIT step(text); }
Q_SIGNALS:
    void step(const QString &text);
};

} // namespace

PullRequestOpener::PullRequestOpener(ReviewSession &session) : m_session(session)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &PullRequestOpener::finish);
}

PullRequestOpener::~PullRequestOpener() = default;

bool PullRequestOpener::open(const PullRequestOpenOptions &options)
{
    if (isRunning())
        return false;
    if (!m_session.store()) {
        Q_EMIT failed(tr("Open or create a workspace first: the pull request and its comments are stored in it."));
        return true;
    }
    // The keyring is asked here, on the thread that owns it.
    const auto token = lookUpHostToken(options, QProcessEnvironment::systemEnvironment(), server_password::keyring());
    if (!token) {
        Q_EMIT failed(token.error().message);
        return true;
    }
    std::shared_ptr<ProgressRelay> relay(new ProgressRelay, [](ProgressRelay *r) { r->deleteLater(); });
    connect(relay.get(), &ProgressRelay::step, this, &PullRequestOpener::progress);
    const HostToken hostToken = *token;
    m_watcher.setFuture(QtConcurrent::run([options, hostToken, relay]() -> Outcome {
        auto fetched = fetchPullRequest(options, hostToken, [relay](const QString &step) { relay->report(step); });
        if (!fetched)
            return {std::nullopt, fetched.error()};
        return {std::move(fetched).value(), {}};
    }));
    return true;
}

void PullRequestOpener::finish()
{
    const Outcome outcome = m_watcher.result();
    if (!outcome.fetched) {
        Q_EMIT failed(outcome.error.message);
        return;
    }
    if (!m_session.store()) {
        Q_EMIT failed(tr("The workspace was closed while the pull request was fetched; nothing was stored."));
        return;
    }
    auto stored = storePullRequest(*m_session.store(), *outcome.fetched);
    if (!stored) {
        Q_EMIT failed(stored.error().message);
        return;
    }
    Q_EMIT mergeRequestsChanged();
    Q_EMIT opened(stored->mergeRequest, summary(*outcome.fetched, *stored));
}

QString PullRequestOpener::summary(const FetchedPullRequest &fetched, const StoredPullRequest &stored)
{
    QString text = tr("Opened %1: %2.").arg(fetched.pr.locator.displayName(), fetched.pr.title);
    if (stored.update && stored.update->recorded) {
        const Reanchoring &r = stored.update->reanchoring;
        text += QLatin1Char(' ') + tr("Revision %1 recorded: %2 comment(s) moved, %3 unchanged, %4 outdated.")
                                       .arg(stored.update->current.number)
                                       .arg(r.moved.size())
                                       .arg(r.unchanged.size())
                                       .arg(r.outdated.size());
    }
    if (!fetched.comments.comments.isEmpty() || !fetched.comments.skipped.isEmpty())
        text += QLatin1Char(' ') + tr("%n host comment(s) imported", nullptr, stored.imported)
                + QStringLiteral(", ") + tr("%n stored before", nullptr, stored.alreadyStored)
                + QStringLiteral(", ") + tr("%n not on lines of this revision.", nullptr, int(fetched.comments.skipped.size()));
    return text;
}

} // namespace rd

#include "PullRequestOpener.moc"
