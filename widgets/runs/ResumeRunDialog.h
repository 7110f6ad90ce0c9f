#pragma once

#include <RunResume.h>

#include <QDialog>

class QLabel;
class QPushButton;
class QTableWidget;

namespace rd {

// Review ▸ Resume: the runs whose journals say they did not finish
// (started in the window or by `reviewdesk-cli review`), one a row. It only
// shows them: choosing one (double-click or Resume) asks for it with
// resumeRequested; the session does the resuming.
class ResumeRunDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ResumeRunDialog(QWidget *parent = nullptr);

    void setRuns(const QList<JournalEntry> &runs);
    QTableWidget *table() const { return m_table; }
    QPushButton *resumeButton() const { return m_resume; }
    // The journal of the selected row; empty when none.
    QString selectedJournal() const;

Q_SIGNALS:
    void resumeRequested(const QString &journalFile);

private:
    void updateButton();
    void requestSelected();

    QList<JournalEntry> m_runs;
    QTableWidget *m_table = nullptr;
    QPushButton *m_resume = nullptr;
    QLabel *m_empty = nullptr;
};

} // namespace rd
