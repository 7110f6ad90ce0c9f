#pragma once

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace rd {

class RunService;

// Every review run under way in the session (its RunService), one row each: its pipeline
// (and AACR context), endpoints, progress, requests and tokens, and a button
// that cancels that run alone. The rows are the session's state; this only
// shows them.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunsPanel(RunService *runs, QWidget *parent = nullptr);

    int rowCount() const;
    QString rowText(int row) const;
    // Clicks the row's Cancel button (as a person would).
    void cancelRow(int row);

private:
    void refill();

    RunService *m_reviewing;
    QLabel *m_summary;
    QTreeWidget *m_runs;
};

} // namespace rd
