#pragma once

#include <Result.h>

#include <QObject>
#include <QPointer>
#include <QString>

class QMessageBox;
class QWidget;

namespace rd {

class PendingDecisions;

// What the window says about decisions the workspace could not store yet
// (JudgingService::pending()): a line for the status bar with the problem
// and the delay before the next try ("reconnecting in 4 s…"), and, when
// the tries gave up or a decision was refused for good, a dialog naming the
// problem with Try Again (the decisions stay pending either way).
class PendingNotice : public QObject
{
    Q_OBJECT
public:
    PendingNotice(PendingDecisions *pending, QWidget *window);

    // Empty when nothing is pending.
    QString statusText() const;
    // The dialog shown after storingFailed (objectName "storingFailedDialog"), if open.
    QMessageBox *dialog() const;

Q_SIGNALS:
    void statusChanged();

private:
    void showFailure(const Error &error);

    PendingDecisions *m_pending;
    QWidget *m_window;
    int m_delayMs = 0;
    bool m_gaveUp = false;
    QPointer<QMessageBox> m_dialog;
};

} // namespace rd
