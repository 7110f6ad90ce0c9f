#include "JudgingService.h"

#include "ReviewSession.h"
#include "TeamService.h"

#include <algorithm>

namespace rd {

JudgingService::JudgingService(ReviewSession &session)
    : m_session(session),
      m_pending(new PendingDecisions([this](const PendingDecisions::Decision &d) { return storeDecision(d); },
                                     [this]() -> Result<bool> {
                                         if (!m_session.m_store)
                                             return Error{Error::Kind::Usage, tr("no workspace is open")};
                                         return m_session.m_store->reconnect();
                                     },
                                     this))
{
    connect(m_pending, &PendingDecisions::stored, this, &JudgingService::showStored);
    // The cards and the panel show which decisions wait.
    connect(m_pending, &PendingDecisions::changed, this, [this] {
        for (const PendingDecisions::Decision &d : m_pending->decisions())
            Q_EMIT m_session.judgementChanged(d.change.comment);
    });
}

Result<QList<Judgement>> JudgingService::storeDecision(const PendingDecisions::Decision &decision)
{
    ReviewSession &s = m_session;
    if (!s.m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (decision.group.size() > 1)
        return s.m_store->judgeGroup(decision.change, decision.group);
    auto one = s.m_store->judge(decision.change);
    if (!one)
        return one.error();
    return QList<Judgement>{*one};
}

void JudgingService::showStored(const QList<Judgement> &stored, bool verdict)
{
    ReviewSession &s = m_session;
    s.replaceJudgements(stored);
    reloadUndoState();
    for (const Judgement &one : std::as_const(stored))
        Q_EMIT s.judgementChanged(one.comment);
    Q_EMIT progressChanged();
    if (verdict)
        Q_EMIT s.team()->teamChanged(); // agreement and pending disagreements may have changed
}

Result<bool> JudgingService::judge(const Judgement &change)
{
    ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j = change;
    j.annotator = s.m_annotator;
    if (j.verdict && !j.timeSpentMs && j.comment == s.m_current && s.m_sinceSelected.isValid())
        j.timeSpentMs = s.m_sinceSelected.elapsed();
    // Made from the judgement shown (row version): one that another window
    // or the CLI replaced meanwhile is refused, not overwritten.
    if (!j.expectedVersion) {
        const auto shown = s.judgement(j.comment);
        j.expectedVersion = shown ? shown->version : 0;
    }
    const QList<qint64> group = s.team()->groupJudging() ? s.team()->groupOf(j.comment) : QList<qint64>{j.comment};
    const PendingDecisions::Decision decision{j, group.size() > 1 ? group : QList<qint64>{}};
    if (!m_pending->isEmpty()) { // behind the ones waiting, in order
        m_pending->add(decision, *m_pending->fault());
        return true;
    }
    auto stored = storeDecision(decision);
    if (!stored) {
        if (stored.error().kind == Error::Kind::Conflict)
            s.reloadChangedElsewhere(); // shows the newer judgement the person is asked about
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
    ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before judging")};
    Judgement j;
    j.comment = comment;
    j.annotator = s.m_annotator;
    auto stored = s.m_store->judge(j, fields);
    if (!stored)
        return stored.error();
    if (stored->isEmpty())
        s.clearJudgementOf(comment);
    else
        s.replaceJudgements({*stored});
    reloadUndoState();
    Q_EMIT s.judgementChanged(comment);
    Q_EMIT progressChanged();
    return true;
}

Result<bool> JudgingService::editComment(qint64 comment, const CommentEdit &edit)
{
    ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before editing")};
    auto stored = s.m_store->editComment(comment, s.m_annotator, edit);
    if (!stored) {
        // Someone else's edit came first: show theirs, so the person who is
        // asked what to do sees what they would overwrite.
        if (stored.error().kind == Error::Kind::Conflict)
            if (auto theirs = s.m_store->comment(comment); theirs)
                if (const int i = s.indexOf(comment); i >= 0) {
                    s.m_comments[i] = *theirs;
                    Q_EMIT s.commentChanged(comment);
                }
        return stored.error();
    }
    if (const int i = s.indexOf(comment); i >= 0)
        s.m_comments[i] = *stored;
    reloadUndoState();
    Q_EMIT s.commentChanged(comment);
    return true;
}

Result<qint64> JudgingService::addHumanComment(const ReviewComment &comment)
{
    ReviewSession &s = m_session;
    if (!s.m_store || !s.m_entry || s.m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("open a merge request and choose an annotator before adding a comment")};
    auto id = s.m_store->addHumanComment(s.m_entry->id, s.m_annotator, comment);
    if (!id)
        return id;
    if (auto loaded = s.reloadMergeRequest(); !loaded)
        return loaded.error();
    reloadUndoState();
    Q_EMIT s.commentsChanged();
    Q_EMIT progressChanged();
    return id;
}

Result<bool> JudgingService::removeHumanComment(qint64 comment)
{
    ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before removing a comment")};
    if (auto removed = s.m_store->removeHumanComment(comment, s.m_annotator); !removed)
        return removed;
    if (s.m_current == comment) {
        s.m_current = 0;
        Q_EMIT s.currentCommentChanged(0);
    }
    if (auto loaded = s.reloadMergeRequest(); !loaded)
        return loaded;
    reloadUndoState();
    Q_EMIT s.commentsChanged();
    Q_EMIT progressChanged();
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
    const ReviewSession &s = m_session;
    if (s.m_store && !s.m_annotator.isEmpty()) {
        if (auto u = s.m_store->nextUndo(s.m_annotator))
            m_nextUndo = *u;
        if (auto r = s.m_store->nextRedo(s.m_annotator))
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
    ReviewSession &s = m_session;
    // The step may be in another merge request (history is per annotator).
    const bool here = s.m_entry && s.comment(entry.comment);
    const bool listChanges = entry.action == HistoryAction::AddHumanComment || entry.action == HistoryAction::RemoveHumanComment;
    if (s.m_entry && (here || listChanges))
        s.reloadMergeRequest();
    reloadUndoState();
    if (listChanges) {
        if (s.m_current && !s.comment(s.m_current)) {
            s.m_current = 0;
            Q_EMIT s.currentCommentChanged(0);
        }
        Q_EMIT s.commentsChanged();
    } else if (entry.action == HistoryAction::EditComment) {
        Q_EMIT s.commentChanged(entry.comment);
    } else {
        Q_EMIT s.judgementChanged(entry.comment);
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
    const ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return false;
    // A step that judged a group of near-duplicates comes back with its group.
    auto taken = (s.m_store.get()->*step)(s.m_annotator);
    if (!taken)
        return taken.error();
    if (taken->isEmpty())
        return false;
    for (const HistoryEntry &entry : std::as_const(*taken))
        applyStep(entry);
    Q_EMIT s.team()->teamChanged();
    return true;
}

// ---------------------------------------------------------------------------
// Progress

JudgingProgress JudgingService::mergeRequestProgress() const
{
    const ReviewSession &s = m_session;
    if (!s.m_store || !s.m_entry)
        return {};
    auto p = s.m_store->progress(s.m_annotator, s.m_entry->id);
    return p ? *p : JudgingProgress{};
}

JudgingProgress JudgingService::workspaceProgress() const
{
    const ReviewSession &s = m_session;
    if (!s.m_store)
        return {};
    auto p = s.m_store->progress(s.m_annotator);
    return p ? *p : JudgingProgress{};
}

std::optional<qint64> JudgingService::medianDecisionMs() const
{
    const ReviewSession &s = m_session;
    if (!s.m_store || s.m_annotator.isEmpty())
        return std::nullopt;
    auto durations = s.m_store->recentDecisionDurations(s.m_annotator);
    if (!durations || durations->isEmpty())
        return std::nullopt;
    QList<qint64> sorted = *durations;
    std::sort(sorted.begin(), sorted.end());
    const qsizetype n = sorted.size();
    return n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

} // namespace rd
