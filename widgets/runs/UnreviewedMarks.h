#pragma once

#include <RunCoverage.h>

#include <QHash>
#include <QObject>

#include <functional>

namespace rd {

class DiffPane;
class ReviewSession;

// Marks in the diff the changed lines that no model saw in the open merge
// request's runs (their coverage, RunCoverage.h): a request that failed
// after its retries, an answer that could not be read, a line no slice held.
// Every run counts, or only the one the Comments panel's Run filter picks;
// the tool tip names each run that did not see the line and why.
class UnreviewedMarks : public QObject
{
    Q_OBJECT

public:
    UnreviewedMarks(ReviewSession *session, DiffPane *pane, QObject *parent = nullptr);

    // The run whose lines are marked (0: every run), asked at each refresh.
    void setRunFilter(std::function<qint64()> run);

public Q_SLOTS:
    void refresh();

private:
    ReviewSession *m_session;
    DiffPane *m_pane;
    std::function<qint64()> m_run;
    QHash<qint64, RunCoverage> m_coverage; // by run id, read once
};

} // namespace rd
