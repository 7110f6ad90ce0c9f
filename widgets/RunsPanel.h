#pragma once

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace rd {

class ReviewSession;

// Every review run under way in the session, one row each: its pipeline
// (and AACR context), endpoints, progress, requests and tokens, and a button
// that cancels that run alone. The rows are the session's state; this only
// shows them.
class RunsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RunsPanel(ReviewSession *session, QWidget *parent = nullptr);

    int rowCount() const;
    QString rowText(int row) const;
    // Clicks the row's Cancel button (as a person would).
    void cancelRow(int row);

private:
    void refill();

    ReviewSession *m_session;
    QLabel *m_summary;
    QTreeWidget *m_runs;
};

} // namespace rd
