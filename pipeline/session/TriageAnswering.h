#pragma once

// An annotator answering the triage queue in the window (issue 35, "triage
// of gaps in the ground truth"; docs/arena.md), headless so that the window
// only shows it (TriageAnswerList): the queued comments the annotator is to
// answer (assigned to them, or to anyone), blind — each with its merge
// request, place, text and the reviewer that wrote it, and the annotator's
// own answer, never the others' nor the status they make — the one shown,
// the answer to "a real issue the ground truth misses?" (yes, no, unsure),
// undo, and progress. Every answer is one workspace transaction, committed
// before answer() returns; `triage answer` is the same on the command line.

#include <GoldTriage.h>
#include <Result.h>

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace rd {

class WorkspaceStore;

class TriageAnswering
{
public:
    struct Item
    {
        qint64 comment = 0;
        qint64 mergeRequest = 0;
        QString mergeRequestTitle;
        QString mergeRequestUrl;
        QString reviewer; // the run's configuration label, or the benchmark tool
        QString file;
        int lineStart = 0; // 0: no line
        int lineEnd = 0;
        QString text;
        std::optional<TriageAnswer> answer; // the annotator's own

        QString place() const; // "src/a.cpp:12-14", the file alone without lines
    };

    // Reads the queue and shows the first comment the annotator has not
    // answered (the first when they answered all); an error when the name is
    // empty or the workspace cannot be read. An empty list is no error: the
    // window says there is nothing to answer.
    static Result<std::unique_ptr<TriageAnswering>> open(WorkspaceStore &store, const QString &annotator);

    const QList<Item> &items() const { return m_items; }
    const QString &annotator() const { return m_annotator; }

    // The comment shown: its index, -1 when there is none.
    int current() const { return m_current; }
    const Item *currentItem() const;
    bool setCurrent(int index); // false (and nothing changes) out of range
    // The next comment after the one shown that the annotator has not
    // answered (from the start again past the end); false when none is left.
    bool nextUnanswered();

    // Stores the annotator's answer to the comment shown (replacing theirs);
    // with `goOn`, then shows the next unanswered one. An error leaves the
    // comment and its answer as they were.
    Result<bool> answer(TriageAnswer answer, bool goOn = false);
    // Takes back this session's last answer (the one it replaced, if any,
    // comes back) and shows that comment again; false when there is none.
    Result<bool> undo();
    bool canUndo() const { return !m_undo.isEmpty(); }

    int answered() const;
    int total() const { return int(m_items.size()); }

private:
    TriageAnswering(WorkspaceStore &store, QString annotator);

    struct Step
    {
        int index = 0;
        std::optional<TriageAnswer> replaced;
    };

    WorkspaceStore &m_store;
    QString m_annotator;
    QList<Item> m_items;
    int m_current = -1;
    QList<Step> m_undo;
};

} // namespace rd
