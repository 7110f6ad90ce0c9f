#include "TriageAnswering.h"

#include "NextUndecided.h"

#include <GoldTriageQueue.h>
#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace rd {

QString TriageAnswering::Item::place() const
{
    return eval::triagePlace(file, lineStart, lineEnd);
}

TriageAnswering::TriageAnswering(WorkspaceStore &store, QString annotator) : m_store(store), m_annotator(std::move(annotator)) {}

Result<std::unique_ptr<TriageAnswering>> TriageAnswering::open(WorkspaceStore &store, const QString &annotator)
{
    const QString name = annotator.trimmed();
    if (name.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "choose an annotator before answering the triage queue")};
    auto triage = readTriage(store);
    if (!triage)
        return triage.error();
    QHash<qint64, TriageAnswer> own;
    for (const TriageResponse &r : std::as_const(triage->answers))
        if (r.annotator == name)
            own.insert(r.comment, r.answer);
    std::unique_ptr<TriageAnswering> session(new TriageAnswering(store, name));
    QHash<qint64, MergeRequestEntry> mergeRequests;
    for (const TriageItem &queued : std::as_const(triage->queue)) {
        if (!queued.annotators.isEmpty() && !queued.annotators.contains(name))
            continue; // another annotator's: not shown, as `triage list --annotator` does
        auto comment = store.comment(queued.comment);
        if (!comment)
            return comment.error();
        if (!mergeRequests.contains(queued.mergeRequest)) {
            auto mr = store.mergeRequest(queued.mergeRequest);
            if (!mr)
                return mr.error();
            mergeRequests.insert(queued.mergeRequest, *mr);
        }
        const MergeRequestEntry &mr = mergeRequests[queued.mergeRequest];
        const ReviewComment &c = comment->comment;
        Item item;
        item.comment = queued.comment;
        item.mergeRequest = queued.mergeRequest;
        item.mergeRequestTitle = mr.title;
        item.mergeRequestUrl = mr.url;
        item.reviewer = queued.reviewer;
        item.file = c.file;
        item.lineStart = c.located() ? c.lineStart : 0;
        item.lineEnd = c.located() ? std::max(c.lineStart, c.lineEnd) : 0;
        item.text = c.issue;
        if (const auto a = own.constFind(queued.comment); a != own.cend())
            item.answer = *a;
        session->m_items << item;
    }
    if (!session->m_items.isEmpty()) {
        session->m_current = 0;
        if (session->m_items.first().answer)
            session->nextUnanswered();
    }
    return session;
}

const TriageAnswering::Item *TriageAnswering::currentItem() const
{
    return m_current >= 0 && m_current < m_items.size() ? &m_items[m_current] : nullptr;
}

bool TriageAnswering::setCurrent(int index)
{
    if (index < 0 || index >= m_items.size())
        return false;
    m_current = index;
    return true;
}

bool TriageAnswering::nextUnanswered()
{
    const int i = nextUndecidedIndex(m_current, int(m_items.size()), [this](int index) { return m_items[index].answer.has_value(); });
    if (i < 0)
        return false;
    m_current = i;
    return true;
}

int TriageAnswering::answered() const
{
    return int(std::count_if(m_items.cbegin(), m_items.cend(), [](const Item &i) { return i.answer.has_value(); }));
}

Result<bool> TriageAnswering::answer(TriageAnswer answer, bool goOn)
{
    if (!currentItem())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "there is no comment to answer")};
    Item &item = m_items[m_current];
    auto stored = m_store.answerTriage(TriageResponse{item.comment, m_annotator, answer, {}});
    if (!stored)
        return stored.error();
    m_undo << Step{m_current, item.answer};
    item.answer = answer;
    if (goOn)
        nextUnanswered();
    return true;
}

Result<bool> TriageAnswering::undo()
{
    if (m_undo.isEmpty())
        return false;
    const Step step = m_undo.constLast();
    Item &item = m_items[step.index];
    if (step.replaced) {
        // The earlier answer comes back (with the time of its return).
        auto restored = m_store.answerTriage(TriageResponse{item.comment, m_annotator, *step.replaced, {}});
        if (!restored)
            return restored.error();
    } else {
        auto removed = m_store.removeTriageAnswer(m_annotator, item.comment);
        if (!removed)
            return removed.error();
    }
    m_undo.removeLast();
    item.answer = step.replaced;
    m_current = step.index;
    return true;
}

} // namespace rd
