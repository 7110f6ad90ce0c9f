#include "JudgingService.h"

#include "MergeRequestDocument.h"
#include "SessionContext.h"
#include "TeamService.h"

#include <WorkspaceStore.h>

#include <algorithm>

namespace rd {

JudgingService::JudgingService(const SessionContext &context, MergeRequestDocument &document, const TeamService &team)
    : m_context(context), m_document(document), m_team(team),
      m_pending(new PendingDecisions([this](const PendingDecisions::Decision &d) { return storeDecision(d); },
                                     [this]() -> Result<bool> {
                                         if (!m_context.store())
                                             return Error{Error::Kind::Usage, tr("no workspace is open")};
                                         return m_context.store()->reconnect();
                                     },
                                     this))
{
    connect(m_pending, &PendingDecisions::stored, this, &JudgingService::showStored);
    // The cards and the panel show which decisions wait.
    connect(m_pending, &PendingDecisions::changed, this, [this] {
        for (const PendingDecisions::Decision &d : m_pending->decisions())
            Q_EMIT pendingChanged(d.change.comment);
    });
}

void JudgingService::reload()
{
    reloadUndoState();
    Q_EMIT progressChanged();
}

Result<QList<Judgement>> JudgingService::storeDecision(const PendingDecisions::Decision &decision)
{
    WorkspaceStore *store = m_context.store();
    if (!store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (decision.group.size() > 1)
        return store->judgeGroup(decision.change, decision.group);
    auto one = store->judge(decision.change);
    if (!one)
        return one.error();
    return QList<Judgement>{*one};
}

void JudgingService::showStored(const QList<Judgement> &stored, bool verdict)
{
    reloadUndoState();
    m_document.replaceJudgements(stored);
    Q_EMIT progressChanged();
    if (verdict)
        Q_EMIT verdictsChanged(); // agreement and pending disagreements may have changed
}

Result<bool> JudgingService::judge(const Judgement &change)
{
    const QString annotator = m_context.annotator();
    if (!m_context.store() || annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j = change;
    j.annotator = annotator;
    if (j.verdict && !j.timeSpentMs && j.comment == m_document.currentComment())
        j.timeSpentMs = m_document.msOnCurrentComment();
    // Made from the judgement shown (row version): one that another window
    // or the CLI replaced meanwhile is refused, not overwritten.
    if (!j.expectedVersion) {
        const auto shown = m_document.judgementOf(j.comment, annotator);
        j.expectedVersion = shown ? shown->version : 0;
    }
    const QList<qint64> group = m_team.groupJudging() ? m_team.groupOf(j.comment) : QList<qint64>{j.comment};
    const PendingDecisions::Decision decision{j, group.size() > 1 ? group : QList<qint64>{}};
    if (!m_pending->isEmpty()) { // behind the ones waiting, in order
        m_pending->add(decision, *m_pending->fault());
        return true;
    }
    auto stored = storeDecision(decision);
    if (!stored) {
        if (stored.error().kind == Error::Kind::Conflict)
            Q_EMIT newerJudgementFound(j.comment); // shows the newer judgement the person is asked about
        if (!stored.error().retryable())
            return stored.error();
        m_pending->add(decision, stored.error());
        return true;
    }
    showStored(*stored, j.verdict.has_value());
    return true;
}

Result<bool> JudgingService::setVerdict(qint64 comment, Verdict verdict)
{
    Judgement j;
    j.comment = comment;
    j.verdict = verdict;
    return judge(j);
}

Result<bool> JudgingService::clearJudgementFields(qint64 comment, const QList<JudgementField> &fields)
{
    WorkspaceStore *store = m_context.store();
    const QString annotator = m_context.annotator();
    if (!store || annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j;
    j.comment = comment;
    j.annotator = annotator;
    auto stored = store->judge(j, fields);
    if (!stored)
        return stored.error();
    reloadUndoState();
    if (stored->isEmpty())
        m_document.clearJudgementOf(comment, annotator);
    else
        m_document.replaceJudgements({*stored});
    Q_EMIT progressChanged();
    return true;
}

Result<bool> JudgingService::editComment(qint64 comment, const CommentEdit &edit)
{
    WorkspaceStore *store = m_context.store();
    const QString annotator = m_context.annotator();
    if (!store || annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before editing")};
    auto stored = store->editComment(comment, annotator, edit);
    if (!stored) {
        // Someone else's edit came first: show theirs, so the person who is
        // asked what to do sees what they would overwrite.
        if (stored.error().kind == Error::Kind::Conflict)
            if (auto theirs = store->comment(comment); theirs)
                m_document.updateComment(*theirs);
        return stored.error();
    }
    reloadUndoState();
    m_document.updateComment(*stored);
    return true;
}

Result<qint64> JudgingService::addHumanComment(const ReviewComment &comment)
{
    WorkspaceStore *store = m_context.store();
    const QString annotator = m_context.annotator();
    if (!store || !m_document.entry() || annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("open a merge request and choose an annotator before adding a comment")};
    auto id = store->addHumanComment(m_document.id(), annotator, comment);
    if (!id)
        return id;
    if (auto shown = showCommentsAsStored(*store); !shown)
        return shown.error();
    Q_EMIT progressChanged();
    return id;
}

Result<bool> JudgingService::removeHumanComment(qint64 comment)
{
    WorkspaceStore *store = m_context.store();
    const QString annotator = m_context.annotator();
    if (!store || annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before removing a comment")};
    if (auto removed = store->removeHumanComment(comment, annotator); !removed)
        return removed;
    if (m_document.currentComment() == comment)
        m_document.setCurrentComment(0);
    if (auto shown = showCommentsAsStored(*store); !shown)
        return shown;
    Q_EMIT progressChanged();
    return true;
}

Result<bool> JudgingService::showCommentsAsStored(WorkspaceStore &store)
{
    if (!m_document.entry()) {
        reloadUndoState();
        return true;
    }
    auto content = MergeRequestContent::read(store, m_document.id());
    if (!content)
        return content.error();
    reloadUndoState();
    m_document.setComments(content->comments, content->judgements);
    return true;
}

// ---------------------------------------------------------------------------
// Undo and redo

void JudgingService::reloadUndoState()
{
    const bool couldUndo = m_nextUndo.has_value(), couldRedo = m_nextRedo.has_value();
    const qint64 undoId = m_nextUndo ? m_nextUndo->id : 0, redoId = m_nextRedo ? m_nextRedo->id : 0;
    m_nextUndo.reset();
    m_nextRedo.reset();
    WorkspaceStore *store = m_context.store();
    const QString annotator = m_context.annotator();
    if (store && !annotator.isEmpty()) {
        if (auto u = store->nextUndo(annotator))
            m_nextUndo = *u;
        if (auto r = store->nextRedo(annotator))
            m_nextRedo = *r;
    }
    if (couldUndo != m_nextUndo.has_value() || couldRedo != m_nextRedo.has_value() || undoId != (m_nextUndo ? m_nextUndo->id : 0)
        || redoId != (m_nextRedo ? m_nextRedo->id : 0))
        Q_EMIT undoStateChanged();
}

namespace {

QString stepText(const std::optional<HistoryEntry> &e)
{
    if (!e)
        return {};
    switch (e->action) {
    case HistoryAction::Judge:
        if (e->fields == QStringList{QStringLiteral("verdict")} || e->fields == QStringList{QStringLiteral("verdict"), QStringLiteral("time_spent_ms")})
            return JudgingService::tr("Verdict");
        return JudgingService::tr("Judgement");
    case HistoryAction::ClearJudgement: return JudgingService::tr("Clear Judgement");
    case HistoryAction::EditComment: return JudgingService::tr("Edit Comment");
    case HistoryAction::AddHumanComment: return JudgingService::tr("Add Comment");
    case HistoryAction::RemoveHumanComment: return JudgingService::tr("Remove Comment");
    }
    return {};
}

} // namespace

QString JudgingService::undoText() const
{
    return stepText(m_nextUndo);
}

QString JudgingService::redoText() const
{
    return stepText(m_nextRedo);
}

void JudgingService::applyStep(const HistoryEntry &entry)
{
    // The step may be in another merge request (history is per annotator):
    // the document shows what it changed only when it is this one's.
    const bool listChanges = entry.action == HistoryAction::AddHumanComment || entry.action == HistoryAction::RemoveHumanComment;
    std::optional<MergeRequestContent> content;
    if (m_context.store() && m_document.entry() && (m_document.comment(entry.comment) || listChanges))
        if (auto read = MergeRequestContent::read(*m_context.store(), m_document.id()))
            content = std::move(read).value();
    reloadUndoState();
    if (content) {
        if (listChanges) {
            m_document.setComments(content->comments, content->judgements);
        } else if (entry.action == HistoryAction::EditComment) {
            for (const StoredComment &c : std::as_const(content->comments))
                if (c.id == entry.comment)
                    m_document.updateComment(c);
        } else {
            QList<Judgement> judgements;
            for (const Judgement &j : std::as_const(content->judgements))
                if (j.comment == entry.comment)
                    judgements << j;
            m_document.setJudgementsOf(entry.comment, judgements);
        }
    }
    Q_EMIT progressChanged();
}

Result<bool> JudgingService::undo()
{
    return takeStep(&WorkspaceStore::undoSteps);
}

Result<bool> JudgingService::redo()
{
    return takeStep(&WorkspaceStore::redoSteps);
}

Result<bool> JudgingService::takeStep(Result<QList<HistoryEntry>> (WorkspaceStore::*step)(const QString &))
{
    WorkspaceStore *store = m_context.store();
    if (!store || m_context.annotator().isEmpty())
        return false;
    // A step that judged a group of near-duplicates comes back with its group.
    auto taken = (store->*step)(m_context.annotator());
    if (!taken)
        return taken.error();
    if (taken->isEmpty())
        return false;
    for (const HistoryEntry &entry : std::as_const(*taken))
        applyStep(entry);
    Q_EMIT verdictsChanged();
    return true;
}

// ---------------------------------------------------------------------------
// Progress

JudgingProgress JudgingService::mergeRequestProgress() const
{
    if (!m_context.store() || !m_document.entry())
        return {};
    auto p = m_context.store()->progress(m_context.annotator(), m_document.id());
    return p ? *p : JudgingProgress{};
}

JudgingProgress JudgingService::workspaceProgress() const
{
    if (!m_context.store())
        return {};
    auto p = m_context.store()->progress(m_context.annotator());
    return p ? *p : JudgingProgress{};
}

std::optional<qint64> JudgingService::medianDecisionMs() const
{
    if (!m_context.store() || m_context.annotator().isEmpty())
        return std::nullopt;
    auto durations = m_context.store()->recentDecisionDurations(m_context.annotator());
    if (!durations || durations->isEmpty())
        return std::nullopt;
    QList<qint64> sorted = *durations;
    std::sort(sorted.begin(), sorted.end());
    const qsizetype n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

} // namespace rd
