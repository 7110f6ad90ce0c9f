#pragma once

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFuture>

namespace rd::test {

// The future's result, with this thread's event loop running meanwhile (the
// LLM client and the fake server both live on it).
template <typename T>
T waitFor(const QFuture<T> &future, int timeoutMs = 60000)
{
    QElapsedTimer clock;
    clock.start();
    while (!future.isFinished() && clock.elapsed() < timeoutMs)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);
    if (!future.isFinished())
        qFatal("a future did not finish within %d ms", timeoutMs);
    return future.result();
}

} // namespace rd::test
