#include "PendingDecisions.h"

#include <algorithm>

namespace rd {

PendingDecisions::PendingDecisions(Store store, Reconnect reconnect, QObject *parent)
    : QObject(parent), m_store(std::move(store)), m_reconnect(std::move(reconnect))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &PendingDecisions::tryAll);
}

std::optional<Judgement> PendingDecisions::pendingFor(qint64 comment) const
{
    for (auto it = m_decisions.crbegin(); it != m_decisions.crend(); ++it)
        if (it->change.comment == comment || it->group.contains(comment))
            return it->change;
    return std::nullopt;
}

void PendingDecisions::add(const Decision &decision, const Error &fault)
{
    const bool first = m_decisions.isEmpty();
    m_decisions.append(decision);
    if (first) {
        m_fault = fault;
        m_attempts = 0;
    }
    Q_EMIT changed();
    // A decision made after the tries gave up starts them again.
    if (!m_timer.isActive()) {
        m_attempts = 0;
        schedule();
    }
}

void PendingDecisions::retryNow()
{
    m_timer.stop();
    m_attempts = 0;
    if (!m_decisions.isEmpty())
        tryAll();
}

void PendingDecisions::setRetryDelays(int firstMs, int longestMs)
{
    m_firstDelayMs = std::max(0, firstMs);
    m_longestDelayMs = std::max(m_firstDelayMs, longestMs);
}

void PendingDecisions::setMaxAttempts(int attempts)
{
    m_maxAttempts = std::max(1, attempts);
}

void PendingDecisions::abandon()
{
    m_timer.stop();
    if (m_decisions.isEmpty())
        return;
    for (const Decision &d : std::as_const(m_decisions))
        qWarning("not stored (the workspace was closed while it was pending): {\"comment\": %lld, \"verdict\": \"%s\"}",
                 static_cast<long long>(d.change.comment), d.change.verdict ? qPrintable(verdictName(*d.change.verdict)) : "");
    m_decisions.clear();
    m_fault.reset();
    m_attempts = 0;
    Q_EMIT changed();
}

int PendingDecisions::retryDelayMs(int attempt, int firstMs, int longestMs)
{
    qint64 delay = std::max(0, firstMs);
    for (int i = 1; i < attempt && delay < longestMs; ++i)
        delay *= 2;
    return static_cast<int>(std::min<qint64>(delay, std::max(firstMs, longestMs)));
}

void PendingDecisions::schedule()
{
    const int ms = retryDelayMs(m_attempts + 1, m_firstDelayMs, m_longestDelayMs);
    m_timer.start(ms);
    Q_EMIT retryScheduled(m_attempts + 1, ms);
}

void PendingDecisions::tryAll()
{
    ++m_attempts;
    int count = 0;
    const auto failed = [&](const Error &error) {
        m_fault = error;
        if (count > 0)
            Q_EMIT changed();
        Q_EMIT retried(count, static_cast<int>(m_decisions.size()));
        // A failure no retry can help (the comment is gone, the judgement
        // is refused) is said at once; a fault after the last try too.
        if (!error.retryable() || m_attempts >= m_maxAttempts)
            Q_EMIT storingFailed(error);
        else
            schedule();
    };
    if (m_fault && m_fault->fault == Error::Fault::ServerLost)
        if (auto connected = m_reconnect(); !connected)
            return failed(connected.error());
    while (!m_decisions.isEmpty()) {
        const Decision next = m_decisions.constFirst();
        auto done = m_store(next);
        if (!done)
            return failed(done.error());
        m_decisions.removeFirst();
        ++count;
        Q_EMIT stored(*done, next.change.verdict.has_value());
    }
    m_fault.reset();
    m_attempts = 0;
    Q_EMIT changed();
    Q_EMIT retried(count, 0);
}

} // namespace rd
