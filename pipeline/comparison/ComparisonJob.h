#pragma once

// The comparison of reviewers as the window asks for it: compareWorkspace()
// on a worker thread, on a connection of its own to the workspace, with
// progress and cancellation. The last request asked is the one answered: a
// request made while another is computed cancels that one, and starts when
// it has ended (a person changing filters one after another waits for the
// last, not for each). `reviewdesk-cli compare` calls compareWorkspace()
// on its own thread; both read the same Comparison.

#include "Comparison.h"

#include <QFuture>
#include <QObject>

#include <atomic>
#include <memory>
#include <optional>

namespace rd::compare {

class ComparisonJob : public QObject
{
    Q_OBJECT
public:
    explicit ComparisonJob(QObject *parent = nullptr);
    // Cancels the work and waits for it.
    ~ComparisonJob() override;

    // Compares the workspace at `location` (opened, never made); compared()
    // or failed() when done. The request's own hooks are the job's.
    void start(const QString &location, const ComparisonRequest &request);
    // Ends the comparison under way (and forgets a waiting one); returns
    // when the worker has ended. Neither compared() nor failed() follows.
    void cancel();
    // From start() until compared() or failed().
    bool isRunning() const { return m_running; }

    // The last comparison (empty before the first, and after a failure) and
    // the request it answered.
    const std::optional<Comparison> &comparison() const { return m_comparison; }
    const ComparisonRequest &request() const { return m_answered; }

Q_SIGNALS:
    // Resamples done of all the judges' (judges x resamples), now and then.
    void progressed(qint64 done, qint64 total);
    void compared();
    // Why there is no comparison: the workspace, the filters, the settings.
    void failed(const QString &message);

private:
    struct Order
    {
        QString location;
        ComparisonRequest request;
    };
    struct Outcome
    {
        std::optional<Comparison> comparison;
        std::optional<Error> error;
    };
    void launch();
    // Back on this object's thread when a comparison has ended.
    void finish(quint64 generation, const Outcome &outcome);

    std::optional<Order> m_waiting;
    ComparisonRequest m_computing; // the request of the work under way
    ComparisonRequest m_answered;
    std::optional<Comparison> m_comparison;
    std::shared_ptr<std::atomic<bool>> m_cancel; // of the work under way
    QFuture<Outcome> m_work;
    quint64 m_generation = 0; // a finish of an older generation was cancelled
    bool m_running = false;
};

} // namespace rd::compare
