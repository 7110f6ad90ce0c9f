#pragma once

// Publishing the session's review to the code host (Review ▸ Publish
// Review…): the preview is worked out here on the session's thread (it reads
// the workspace and the diff); the requests go out on a worker thread, and
// each comment the host confirms is recorded in the workspace on the
// session's thread, so a failure part-way keeps what went.

#include <ReviewPublisher.h>

#include <QFutureWatcher>
#include <QObject>
#include <QProcessEnvironment>

namespace rd {

class ReviewSession;

class PublishService : public QObject
{
    Q_OBJECT
public:
    explicit PublishService(ReviewSession &session);
    ~PublishService() override;

    // Whether there is something to publish from: a workspace, a merge
    // request open in it and an annotator; otherwise why not.
    QString whyUnavailable() const;
    // The open merge request and the session's annotator, accepted comments.
    PublishSettings defaultSettings() const;
    Result<ReviewPublication> preview(const PublishSettings &settings) const;

    // Starts sending; false when a publication is already under way or
    // there is nothing to send. `finished` follows.
    bool publish(const ReviewPublication &publication);
    bool isPublishing() const { return m_watcher.isRunning(); }

    // Where the token is read from (tests give their own).
    void setEnvironment(const QProcessEnvironment &environment) { m_environment = environment; }
    void setTokenVariable(const QString &variable) { m_tokenVariable = variable; }
    // The host's API address instead of the one the merge request's URL
    // gives (a proxy, a self-hosted mirror, a test server).
    void setApiBase(const QUrl &apiBase) { m_apiBase = apiBase; }

Q_SIGNALS:
    // `report` says what went, what was held back and what failed (publishReport).
    void finished(const rd::PublishOutcome &outcome, const QString &report);
    // A rate-limit wait, told while it lasts.
    void notice(const QString &text);

private:
    ReviewSession &m_session;
    QFutureWatcher<PublishOutcome> m_watcher;
    ReviewPublication m_publishing;
    QProcessEnvironment m_environment = QProcessEnvironment::systemEnvironment();
    QString m_tokenVariable;
    QUrl m_apiBase;
};

} // namespace rd
