#pragma once

// An LLM client that answers on a thread of its own. A job whose worker
// blocks on the answers (the evaluation's semantic judge, the judge
// evaluation, the judges of pairs) keeps its client here, so the blocked
// thread and the GUI stay free while the client's replies arrive.

#include <QString>

#include <memory>

class QThread;

namespace rd {

class LlmClient;

class ClientThread
{
public:
    explicit ClientThread(QString name);
    ~ClientThread(); // ends the thread, then deletes the client
    ClientThread(const ClientThread &) = delete;
    ClientThread &operator=(const ClientThread &) = delete;

    // Takes `client` in place of the current one (which is deleted on its
    // thread) and moves it to the thread, started on first use.
    LlmClient *replace(std::unique_ptr<LlmClient> client);
    // Deletes the current client on its thread.
    void release();
    LlmClient *client() const { return m_client; }
    // Cancels the client's requests on its thread and waits until it has:
    // a worker blocked on their answers then gets them (as errors).
    void cancelAll();

private:
    QString m_name;
    QThread *m_thread = nullptr;
    LlmClient *m_client = nullptr;
};

} // namespace rd
