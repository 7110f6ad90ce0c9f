#pragma once

// Sends a ReviewPublication to its code host and records, comment by
// comment as the host confirms it, the id the host gave it and a hash of the
// text sent (WorkspaceStore::setRemoteComment, direction "published"). So
// publishing again sends only what is new or edited since, and after a
// failure part-way (GitLab sends one request per comment) what went stays
// recorded and the next run sends the rest.

#include "HostClient.h"
#include "ReviewPublication.h"

#include <QList>
#include <QStringList>

#include <QProcessEnvironment>

#include <functional>
#include <optional>

namespace rd {

struct PublishOutcome
{
    QList<qint64> published; // new on the host
    QList<qint64> updated;   // edited there
    QList<qint64> notSent;   // left out by a failed request: the next run sends them
    QStringList sent;        // what went, one entry per request ("the review with 3 comments")
    QStringList warnings;    // went, but not everything about it was learnt (an id the host did not list)
    std::optional<Error> failure; // the request that failed, and why

    bool ok() const { return !failure; }
};

class ReviewPublisher
{
public:
    // Stores one record (WorkspaceStore::setRemoteComment): the CLI calls its
    // store; the window, publishing on a worker thread, hands each record to
    // the thread that owns the workspace.
    using Recorder = std::function<Result<bool>(const RemoteComment &)>;

    ReviewPublisher(Recorder recorder, HostClient &client);

    PublishOutcome publish(const ReviewPublication &publication);

private:
    void publishGitHub(const ReviewPublication &p, PublishOutcome &outcome);
    void publishGitLab(const ReviewPublication &p, PublishOutcome &outcome);
    void publishGerrit(const ReviewPublication &p, PublishOutcome &outcome);
    // Records the edits a request updated, under the ids they had; false at the first that fails.
    bool recordEdits(const ReviewPublication &p, const QList<int> &edited, PublishOutcome &outcome);
    // Records that `comment` is on the host; false (and the outcome's
    // failure set) when the workspace could not store it.
    bool record(const ReviewPublication &p, const OutgoingComment &comment, const QString &remoteId, const QString &thread,
                PublishOutcome &outcome);
    static void leaveOut(const QList<OutgoingComment> &comments, PublishOutcome &outcome);

    Recorder m_recorder;
    HostClient &m_client;
};

// Publishing from start to end once the plan is made: the token (the
// variable `tokenVariable`, else the host's usual one, else the keyring),
// the client (rate-limit waits told to `notice`), the requests.
PublishOutcome publishReview(const ReviewPublication &publication, const ReviewPublisher::Recorder &recorder,
                             const QString &tokenVariable, const QProcessEnvironment &environment,
                             const std::function<void(const QString &)> &notice = {});

// Everything publishing said, for the CLI and the window's result dialog:
// what went, what was held back and why, what failed and what is left for
// the next run.
QString publishReport(const ReviewPublication &publication, const PublishOutcome &outcome);
// What a publication would do, without sending: counts and held-back comments.
QString publicationSummary(const ReviewPublication &publication);

} // namespace rd
