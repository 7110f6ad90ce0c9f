#pragma once

// People audit the benchmark judges (issue 34): the pairs to audit in a list
// (kind, merge request, golden comment, candidate, each judge's call, the
// annotator's decision) and the pair shown side by side below it — golden
// comment | candidate | each judge's decision, confidence and reasoning.
// A = same issue, R = different, U = unsure; Shift+A / Shift+R (Shift+U)
// decide and go on to the next undecided pair; Ctrl+Z undoes; Up/Down or a
// click choose the pair. A self-contained widget over the headless
// JudgeAudit (pipeline/session), which stores every decision at once.

#include <JudgeAudit.h>

#include <QWidget>

#include <memory>

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;
class QSplitter;

namespace rd {

class JudgeAuditList : public QWidget
{
    Q_OBJECT
public:
    explicit JudgeAuditList(std::unique_ptr<JudgeAudit> audit, QWidget *parent = nullptr);
    ~JudgeAuditList() override;

    JudgeAudit &audit() { return *m_audit; }
    QTableWidget *list() const { return m_list; }
    // The problem of the last action ("" when it succeeded).
    QString lastError() const;

    // What the keys do (public for the window's menus and for tests).
    void decide(AuditDecision decision, bool goOn);
    void undo();

Q_SIGNALS:
    // A decision was stored or taken back: figures over the audit are stale.
    void decisionsChanged();

private:
    void fillList();
    void showCurrent();
    void updateRow(int row);
    void report(const Error &error);
    QString judgeText(const compare::JudgeOnPair &judge) const;

    std::unique_ptr<JudgeAudit> m_audit;
    QLabel *m_progress = nullptr;
    QLabel *m_error = nullptr;
    QTableWidget *m_list = nullptr;
    QSplitter *m_sides = nullptr;
    QTextBrowser *m_golden = nullptr;
    QTextBrowser *m_candidate = nullptr;
    QList<QTextBrowser *> m_judges;
    QPushButton *m_undo = nullptr;
    bool m_filling = false;
};

} // namespace rd
