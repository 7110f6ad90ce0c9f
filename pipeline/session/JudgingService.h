#pragma once

#include <PendingDecisions.h>
#include <Result.h>
#include <Workspace.h>
#include <WorkspaceStore.h>

#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace rd {

class MergeRequestDocument;
class SessionContext;
class TeamService;

// The current annotator's judging of the open merge request (the document):
// judgements (verdict, score, category, context level, critique), edits of
// comments, human comments, and the annotator's undo/redo history over all
// of them, with the progress they make. Each change is one workspace
// transaction, committed before the method returns; the document's
// judgementChanged / commentChanged / commentsChanged show what changed,
// this service's signals the history, the progress and what waits.
class JudgingService : public QObject
{
    Q_OBJECT
public:
    // With group judging on, `team` names the group a judged comment is in.
    JudgingService(const SessionContext &context, MergeRequestDocument &document, const TeamService &team);

    // Set fields of `change` merge into the judgement; change.annotator is
    // ignored. A verdict without time_spent gets the time since the comment
    // was selected. With group judging on (team()), judging one member of a
    // group of near-duplicates judges each member (one undoable step).
    Result<bool> judge(const Judgement &change);
    Result<bool> setVerdict(qint64 comment, Verdict verdict);
    Result<bool> clearJudgementFields(qint64 comment, const QList<JudgementField> &fields);
    // (An edit, a human comment and its removal are undoable steps too.)
    Result<bool> editComment(qint64 comment, const CommentEdit &edit);
    // A human comment on the open merge request by the annotator.
    Result<qint64> addHumanComment(const ReviewComment &comment);
    Result<bool> removeHumanComment(qint64 comment);

    bool canUndo() const { return m_nextUndo.has_value(); }
    bool canRedo() const { return m_nextRedo.has_value(); }
    // "Accept", "Edit comment"…, for Undo/Redo menu texts.
    QString undoText() const;
    QString redoText() const;
    Result<bool> undo();
    Result<bool> redo();

    // --- Progress (the current annotator) ------------------------------
    JudgingProgress mergeRequestProgress() const;
    JudgingProgress workspaceProgress() const;
    // Median time per decision over the latest decisions; empty when none.
    std::optional<qint64> medianDecisionMs() const;

    // --- Decisions not stored yet -------------------------------------
    // A decision (judge, setVerdict) the workspace could not store for a
    // fault it may outlive (the server went away, the disk is full or
    // read-only) is kept here, shown as pending and stored once the fault
    // is over; judge() returns true for it. While some wait, new decisions
    // queue behind them, so they are stored in the order they were made.
    PendingDecisions *pending() const { return m_pending; }

    // --- What changed under the judging ---------------------------------
    // The workspace, the annotator or the open merge request changed, a run
    // was stored, or others committed: the annotator's history is read
    // again (undoStateChanged when it differs) and progressChanged says the
    // counts may differ.
    void reload();
    // The history alone (undoStateChanged when it differs).
    void reloadUndoState();

Q_SIGNALS:
    void undoStateChanged();
    void progressChanged();
    // Decisions waiting to be stored changed: each waiting one's comment
    // (the cards and the list show them as pending).
    void pendingChanged(qint64 comment);
    // A verdict was stored, or a step undone or redone: agreement and the
    // team's disagreements may differ.
    void verdictsChanged();
    // A decision was refused because the workspace holds a newer judgement
    // (another window or the CLI changed it): what others committed should
    // be shown, so the person sees what they are asked about.
    void newerJudgementFound(qint64 comment);

private:
    void applyStep(const HistoryEntry &entry);
    // Undo or redo in the store, then tell the observers what the step changed.
    Result<bool> takeStep(Result<QList<HistoryEntry>> (WorkspaceStore::*step)(const QString &));
    // After a comment was added or removed: the open merge request's comments
    // and judgements as the workspace holds them, with the undo state.
    Result<bool> showCommentsAsStored(WorkspaceStore &store);
    Result<QList<Judgement>> storeDecision(const PendingDecisions::Decision &decision);
    // Shows judgements just stored (at once, or after waiting as pending).
    void showStored(const QList<Judgement> &stored, bool verdict);

    const SessionContext &m_context;
    MergeRequestDocument &m_document;
    const TeamService &m_team;
    std::optional<HistoryEntry> m_nextUndo;
    std::optional<HistoryEntry> m_nextRedo;
    PendingDecisions *m_pending;
};

} // namespace rd
