#include "JudgeAudit.h"

#include "NextUndecided.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>

#include <algorithm>

namespace rd {

JudgeAudit::JudgeAudit(WorkspaceStore &store, Options options) : m_store(store), m_options(std::move(options)) {}

Result<std::unique_ptr<JudgeAudit>> JudgeAudit::open(WorkspaceStore &store, const Options &options)
{
    Options o = options;
    o.annotator = o.annotator.trimmed();
    if (o.annotator.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "choose an annotator before auditing the judges")};
    auto items = compare::auditItems(store, o.selection);
    if (!items)
        return items.error();
    std::unique_ptr<JudgeAudit> audit(new JudgeAudit(store, o));
    audit->m_items = std::move(*items);
    if (!audit->m_items.items.isEmpty()) {
        audit->m_current = 0;
        if (audit->decisionAt(0))
            audit->nextUndecided();
    }
    return audit;
}

const compare::AuditItem *JudgeAudit::currentItem() const
{
    return m_current >= 0 && m_current < m_items.items.size() ? &m_items.items[m_current] : nullptr;
}

bool JudgeAudit::setCurrent(int index)
{
    if (index < 0 || index >= m_items.items.size())
        return false;
    m_current = index;
    return true;
}

bool JudgeAudit::next()
{
    return setCurrent(m_current + 1);
}

bool JudgeAudit::previous()
{
    return m_current > 0 && setCurrent(m_current - 1);
}

bool JudgeAudit::nextUndecided()
{
    const int i = nextUndecidedIndex(m_current, int(m_items.items.size()), [this](int index) { return decisionAt(index).has_value(); });
    if (i < 0)
        return false;
    m_current = i;
    return true;
}

std::optional<AuditDecision> JudgeAudit::decisionAt(int index) const
{
    if (index < 0 || index >= m_items.items.size())
        return std::nullopt;
    return m_items.items[index].decisionOf(m_options.annotator);
}

int JudgeAudit::decided() const
{
    int n = 0;
    for (int i = 0; i < m_items.items.size(); ++i)
        if (decisionAt(i))
            ++n;
    return n;
}

void JudgeAudit::showDecision(int index, const std::optional<JudgeAuditDecision> &decision)
{
    QList<JudgeAuditDecision> &decisions = m_items.items[index].decisions;
    decisions.removeIf([this](const JudgeAuditDecision &d) { return d.annotator == m_options.annotator; });
    if (decision) {
        decisions << *decision;
        std::sort(decisions.begin(), decisions.end(), [](const JudgeAuditDecision &a, const JudgeAuditDecision &b) { return a.annotator < b.annotator; });
    }
}

Result<bool> JudgeAudit::decide(AuditDecision decision, bool goOn)
{
    const compare::AuditItem *item = currentItem();
    if (!item)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "there is no pair to decide")};
    JudgeAuditDecision d;
    d.mergeRequest = item->mergeRequest;
    d.comment = item->comment;
    d.reference = item->reference;
    d.decision = decision;
    d.annotator = m_options.annotator;
    d.updated = QDateTime::currentDateTimeUtc();
    auto stored = m_store.addAuditDecision(d);
    if (!stored)
        return stored.error();
    m_undo << Step{m_current, stored->replaced};
    showDecision(m_current, d);
    if (goOn)
        nextUndecided();
    return true;
}

Result<bool> JudgeAudit::undo()
{
    if (m_undo.isEmpty())
        return false;
    const Step step = m_undo.constLast();
    const compare::AuditItem &item = m_items.items[step.index];
    if (step.replaced) {
        // The earlier decision comes back as it was, with its time.
        auto restored = m_store.addAuditDecision(*step.replaced);
        if (!restored)
            return restored.error();
    } else {
        auto removed = m_store.removeAuditDecision(m_options.annotator, item.comment, item.reference);
        if (!removed)
            return removed.error();
    }
    m_undo.removeLast();
    showDecision(step.index, step.replaced);
    m_current = step.index;
    return true;
}

} // namespace rd
