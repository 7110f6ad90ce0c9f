#pragma once

// Judge ▸ Answer Triage…: the annotator answers the triage queue blind
// (issue 35; docs/arena.md, "Triage of gaps in the ground truth"): the
// queued comments they are to answer in a list (merge request, place,
// comment, their answer) and the comment shown whole below it with the
// question "a real issue the ground truth misses?". Y = yes, N = no,
// U = unsure; Shift+Y / Shift+N / Shift+U answer and go on to the next
// unanswered comment; Ctrl+Z undoes; Up/Down or a click choose the comment.
// Nothing of the other annotators' answers is shown. A window over the
// headless TriageAnswering (pipeline/session), which stores every answer at once.

#include <TriageAnswering.h>

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace rd {

class TriageAnswerList : public QWidget
{
    Q_OBJECT
public:
    explicit TriageAnswerList(std::unique_ptr<TriageAnswering> answering, QWidget *parent = nullptr);
    ~TriageAnswerList() override;

    TriageAnswering &answering() { return *m_answering; }
    QTableWidget *list() const { return m_list; }
    // The problem of the last action ("" when it succeeded).
    QString lastError() const;

    // What the keys do (public for tests).
    void answer(TriageAnswer answer, bool goOn);
    void undo();

public Q_SLOTS:
    // The workspace or the annotator changed: the answers shown are no
    // longer theirs; the window closes.
    void abandon();

private:
    void fillList();
    void showCurrent();
    void updateRow(int row);

    std::unique_ptr<TriageAnswering> m_answering;
    QLabel *m_progress = nullptr;
    QLabel *m_error = nullptr;
    QTableWidget *m_list = nullptr;
    QTextBrowser *m_comment = nullptr;
    QPushButton *m_undo = nullptr;
    bool m_filling = false;
};

} // namespace rd
