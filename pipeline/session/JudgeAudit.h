#pragma once

// People auditing the benchmark judges (issue 34, "People audit the
// judge"), headless so that the window only shows it (JudgeAuditList): the
// (candidate, golden comment) pairs to audit (JudgeAuditItems.h: the
// judges' disagreements, a seeded sample of their agreements and near
// misses, what people decided), the one shown, the annotator's decision on
// it — A same issue, R different, U unsure — next / previous, undo, and
// progress. Every decision is one workspace transaction, committed before
// decide() returns.

#include <JudgeAuditItems.h>
#include <Result.h>

#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace rd {

class WorkspaceStore;

class JudgeAudit
{
public:
    struct Options
    {
        QString annotator;
        compare::AuditSelection selection;
    };

    // Reads the items and shows the first the annotator has not decided (the
    // first item when they decided all); an error when the annotator is
    // empty, the workspace cannot be read or holds no judge's verdicts.
    static Result<std::unique_ptr<JudgeAudit>> open(WorkspaceStore &store, const Options &options);

    const QList<compare::AuditItem> &items() const { return m_items.items; }
    const compare::AuditItems &selection() const { return m_items; }
    const QString &annotator() const { return m_options.annotator; }

    // The item shown: its index, -1 when there is none.
    int current() const { return m_current; }
    const compare::AuditItem *currentItem() const;
    bool setCurrent(int index); // false (and nothing changes) out of range
    bool next();                // false at the last item
    bool previous();            // false at the first item
    // The next item after the one shown that the annotator has not decided
    // (from the start again past the end); false when every item is decided.
    bool nextUndecided();

    // The annotator's decision on an item; empty when they made none.
    std::optional<AuditDecision> decisionAt(int index) const;

    // Stores the annotator's decision on the item shown (replacing theirs);
    // with `goOn`, then shows the next undecided item. An error leaves the
    // item and its decision as they were.
    Result<bool> decide(AuditDecision decision, bool goOn = false);
    // Takes back this session's last decision (the one it replaced, if
    // any, comes back) and shows that item again.
    Result<bool> undo();
    bool canUndo() const { return !m_undo.isEmpty(); }

    int decided() const; // items the annotator decided
    int total() const { return int(m_items.items.size()); }

private:
    JudgeAudit(WorkspaceStore &store, Options options);
    // Puts the annotator's decision on item `index` into the list (none: removes it).
    void showDecision(int index, const std::optional<JudgeAuditDecision> &decision);

    struct Step
    {
        int index = 0;
        std::optional<JudgeAuditDecision> replaced;
    };

    WorkspaceStore &m_store;
    Options m_options;
    compare::AuditItems m_items;
    int m_current = -1;
    QList<Step> m_undo;
};

} // namespace rd
