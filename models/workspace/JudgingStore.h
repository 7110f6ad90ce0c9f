#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// One annotator judging comments: annotators, judgements, human comments,
// undo and redo, where each annotator is and how far they got. Judging
// actions (judge, clear, edit, add/remove a human comment) are kept as
// history per annotator, so undo and redo work across restarts. A role of
// WorkspaceStore (WorkspaceStore.h).
class JudgingStore
{
public:
    // Annotators are made on first use by name; addAnnotator returns the existing one.
    virtual Result<Annotator> addAnnotator(const QString &name) = 0;
    virtual Result<QList<Annotator>> annotators() const = 0;

    // Merges the set fields of `change` into the (comment, annotator)
    // judgement and unsets the `clear` fields, checks the values, and records
    // the step for undo, in one transaction. Returns the judgement as stored
    // (empty fields when everything was cleared). A value out of range or an
    // unknown comment is an Error of kind Usage; the store failing is kind
    // Workspace.
    virtual Result<Judgement> judge(const Judgement &change, const QList<JudgementField> &clear = {}) = 0;
    virtual Result<std::optional<Judgement>> judgement(qint64 comment, const QString &annotator) const = 0;
    // Every judgement matching: a merge request and/or an annotator (empty: all).
    virtual Result<QList<Judgement>> judgements(std::optional<qint64> mergeRequest = {}, const QString &annotator = {}) const = 0;

    // A comment written by `author` (origin Human), undoable.
    virtual Result<qint64> addHumanComment(qint64 mergeRequest, const QString &author, const ReviewComment &comment) = 0;
    // Hides a human comment (and keeps it, so undo brings it back).
    virtual Result<bool> removeHumanComment(qint64 comment, const QString &annotator) = 0;
    // Changes text or lines; the first version stays as StoredComment::original.
    virtual Result<StoredComment> editComment(qint64 comment, const QString &annotator, const CommentEdit &edit) = 0;

    // Undo / redo the annotator's latest judging step. Empty when there is
    // nothing to undo / redo; otherwise what was undone / redone. A new
    // step after an undo discards the steps that could have been redone.
    virtual Result<std::optional<HistoryEntry>> undo(const QString &annotator) = 0;
    virtual Result<std::optional<HistoryEntry>> redo(const QString &annotator) = 0;
    virtual Result<std::optional<HistoryEntry>> nextUndo(const QString &annotator) const = 0;
    virtual Result<std::optional<HistoryEntry>> nextRedo(const QString &annotator) const = 0;

    // Where each annotator is, per merge request; lastPlace: the most recent
    // one of the annotator (of anyone when `annotator` is empty).
    virtual Result<bool> setPlace(const AnnotatorPlace &place) = 0;
    virtual Result<std::optional<AnnotatorPlace>> place(const QString &annotator, qint64 mergeRequest) const = 0;
    virtual Result<std::optional<AnnotatorPlace>> lastPlace(const QString &annotator) const = 0;

    // Judged / total for the annotator in one merge request, or everywhere.
    virtual Result<JudgingProgress> progress(const QString &annotator, std::optional<qint64> mergeRequest = {}) const = 0;
    // time_spent of the annotator's latest `limit` decisions, newest first.
    virtual Result<QList<qint64>> recentDecisionDurations(const QString &annotator, int limit = 50) const = 0;

protected:
    ~JudgingStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
