#include "PendingNotice.h"

#include <PendingDecisions.h>

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

namespace rd {

PendingNotice::PendingNotice(PendingDecisions *pending, QWidget *window) : QObject(window), m_pending(pending), m_window(window)
{
    connect(pending, &PendingDecisions::retryScheduled, this, [this](int, int delayMs) {
        m_delayMs = delayMs;
        m_gaveUp = false;
        Q_EMIT statusChanged();
    });
    connect(pending, &PendingDecisions::changed, this, &PendingNotice::statusChanged);
    connect(pending, &PendingDecisions::retried, this, [this](int, int left) {
        if (left == 0) {
            m_delayMs = 0;
            if (m_dialog)
                m_dialog->close(); // stored after all: nothing to decide any more
        }
        Q_EMIT statusChanged();
    });
    connect(pending, &PendingDecisions::storingFailed, this, &PendingNotice::showFailure);
}

QMessageBox *PendingNotice::dialog() const
{
    return m_dialog;
}

QString PendingNotice::statusText() const
{
    if (m_pending->isEmpty())
        return {};
    const QString problem = m_pending->fault() ? m_pending->fault()->message : QString();
    const QString count = tr("%1 not stored yet").arg(m_pending->size());
    if (m_gaveUp)
        return tr("Pending: %1 (%2); stopped trying").arg(count, problem);
    const QString seconds = QLocale().toString(m_delayMs / 1000.0, 'f', m_delayMs % 1000 ? 1 : 0);
    const bool serverLost = m_pending->fault() && m_pending->fault()->fault == Error::Fault::ServerLost;
    return serverLost ? tr("Pending: %1 (%2); reconnecting in %3 s…").arg(count, problem, seconds)
                      : tr("Pending: %1 (%2); trying again in %3 s…").arg(count, problem, seconds);
}

void PendingNotice::showFailure(const Error &error)
{
    m_gaveUp = true;
    Q_EMIT statusChanged();
    if (!m_dialog) {
        m_dialog = new QMessageBox(QMessageBox::Warning, tr("Decisions Not Stored"), QString(), QMessageBox::NoButton, m_window);
        m_dialog->setObjectName(QStringLiteral("storingFailedDialog"));
        m_dialog->setAttribute(Qt::WA_DeleteOnClose);
        QPushButton *again = m_dialog->addButton(tr("Try Again"), QMessageBox::AcceptRole);
        again->setObjectName(QStringLiteral("tryAgain"));
        m_dialog->addButton(tr("Keep Pending"), QMessageBox::RejectRole);
        connect(again, &QPushButton::clicked, m_pending, &PendingDecisions::retryNow);
    }
    m_dialog->setText(tr("%1 decisions could not be stored: %2").arg(m_pending->size()).arg(error.message));
    m_dialog->setInformativeText(tr("They stay pending, shown on their comments, and are not lost while the window is open. "
                                    "Try again once the problem is solved."));
    m_dialog->open(); // not exec(): judging and the tries go on meanwhile
}

} // namespace rd
