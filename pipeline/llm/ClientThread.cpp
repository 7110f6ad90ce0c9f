#include "ClientThread.h"

#include "LlmClient.h"

#include <QMetaObject>
#include <QThread>

namespace rd {

ClientThread::ClientThread(QString name) : m_name(std::move(name)) {}

ClientThread::~ClientThread()
{
    if (m_thread) {
        m_thread->quit();
        m_thread->wait();
        delete m_thread;
    }
    delete m_client; // its thread has ended
}

LlmClient *ClientThread::replace(std::unique_ptr<LlmClient> client)
{
    release();
    if (!m_thread) {
        m_thread = new QThread;
        m_thread->setObjectName(m_name);
        m_thread->start();
    }
    m_client = client.release();
    m_client->moveToThread(m_thread);
    return m_client;
}

void ClientThread::release()
{
    if (m_client) {
        m_client->deleteLater(); // on its thread
        m_client = nullptr;
    }
}

void ClientThread::cancelAll()
{
    if (m_client && m_thread && m_thread->isRunning())
        QMetaObject::invokeMethod(m_client, &LlmClient::cancelAll, Qt::BlockingQueuedConnection);
}

} // namespace rd
