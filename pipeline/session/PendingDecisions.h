#pragma once

#include <Result.h>
#include <Workspace.h>

#include <QList>
#include <QObject>
#include <QTimer>

#include <functional>
#include <optional>

namespace rd {

// The decisions an annotator made that the workspace could not store yet,
// because of a fault it may outlive (Error::retryable: the server went
// away, the disk is full, the file turned read-only). They are kept in the
// order they were made and never dropped: the window shows them as pending,
// and they are tried again, in order, after a delay that doubles from the
// first delay up to the longest (the server gets time to come back without
// being hammered). After `maxAttempts` failed tries, or a failure no retry
// can help, storingFailed() says why and they stay pending (retryNow()
// tries again; decisions() lists them, for exporting).
class PendingDecisions : public QObject
{
    Q_OBJECT
public:
    struct Decision
    {
        Judgement change; // with its annotator and time spent, as made
        QList<qint64> group; // the near-duplicates judged with it (group judging); empty: just change.comment
    };
    // Stores one decision (the workspace's judge or judgeGroup); the
    // judgements as stored.
    using Store = std::function<Result<QList<Judgement>>(const Decision &)>;
    // Connects again after the server went away.
    using Reconnect = std::function<Result<bool>()>;

    PendingDecisions(Store store, Reconnect reconnect, QObject *parent = nullptr);

    bool isEmpty() const { return m_decisions.isEmpty(); }
    qsizetype size() const { return m_decisions.size(); }
    const QList<Decision> &decisions() const { return m_decisions; }
    // The latest decision pending for `comment`, if any.
    std::optional<Judgement> pendingFor(qint64 comment) const;
    // The fault the decisions wait out, in the user's words.
    std::optional<Error> fault() const { return m_fault; }
    // Tries made since the fault began; the delay before the next one (0:
    // none scheduled).
    int attempts() const { return m_attempts; }
    int nextDelayMs() const { return m_timer.isActive() ? m_timer.interval() : 0; }

    // Keeps `decision` after it failed with `fault` (or behind the ones
    // already waiting, whose order it keeps), and schedules a try.
    void add(const Decision &decision, const Error &fault);
    // Tries now, and again with the delays from the start.
    void retryNow();
    // The delays between tries (tests use short ones) and how many tries
    // before storingFailed().
    void setRetryDelays(int firstMs, int longestMs);
    void setMaxAttempts(int attempts);
    int maxAttempts() const { return m_maxAttempts; }
    // The delay before try `attempt` (1, 2, …) after a fault: first,
    // 2×first, 4×first, … never longer than `longestMs` (`judge` on the
    // command line waits the same way).
    static int retryDelayMs(int attempt, int firstMs, int longestMs);
    // The workspace was closed or another opened: its decisions cannot be
    // stored into another one. Each is written to the log (qWarning, as a
    // `judge` line) and the queue is emptied. (The window does not yet ask
    // before closing a workspace with decisions pending.)
    void abandon();

Q_SIGNALS:
    void changed(); // decisions added or stored
    // One decision stored after waiting: the judgements as stored.
    void stored(const QList<Judgement> &judgements, bool verdict);
    void retryScheduled(int attempt, int delayMs);
    // A try ended: how many it stored and how many are still pending.
    void retried(int stored, int left);
    void storingFailed(const Error &error);

private:
    void tryAll();
    void schedule();

    Store m_store;
    Reconnect m_reconnect;
    QList<Decision> m_decisions;
    std::optional<Error> m_fault;
    QTimer m_timer;
    int m_attempts = 0;
    int m_firstDelayMs = 2000;
    int m_longestDelayMs = 30000;
    int m_maxAttempts = 20; // with the default delays, about eight minutes
};

} // namespace rd
