// The SQL workspace store's judging: annotators and their judgements, human
// comments and edits, undo and redo, and each annotator's place and progress.

#include "SqlWorkspaceStorePrivate.h"

#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <initializer_list>

namespace rd {

// ---------------------------------------------------------------------------
// Annotators and judgements

Result<Annotator> SqlWorkspaceStore::addAnnotator(const QString &name)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "add the annotator");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto id = d->ensureAnnotator(name);
    if (!id)
        return id.error();
    auto q = d->exec("SELECT id, name, created FROM annotators WHERE id = ?", {*id}, doing);
    if (!q)
        return q.error();
    Annotator a;
    if (q->next()) {
        a.id = q->value(0).toLongLong();
        a.name = q->value(1).toString();
        a.created = timeFrom(q->value(2));
    }
    q->finish();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return a;
}

Result<QList<Annotator>> SqlWorkspaceStore::annotators() const
{
    auto q = d->exec("SELECT id, name, created FROM annotators ORDER BY name", {}, QCoreApplication::translate("rd::models", "read the annotators"));
    return allRows<Annotator>(std::move(q), [](QSqlQuery &row) { return Annotator{row.value(0).toLongLong(), row.value(1).toString(), timeFrom(row.value(2))}; });
}

Result<Judgement> SqlWorkspaceStore::judge(const Judgement &change, const QList<JudgementField> &clear)
{
    if (const QString problem = judgementProblem(change); !problem.isEmpty())
        return usage(problem);
    Judgement normalized = change;
    if (normalized.category)
        normalized.category = canonicalCategory(*normalized.category);
    if (normalized.tag)
        normalized.tag = normalized.tag->trimmed();

    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the judgement");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto comment = d->readComment(change.comment, false);
    if (!comment)
        return comment.error();
    auto annotator = d->ensureAnnotator(change.annotator);
    if (!annotator)
        return annotator.error();
    auto before = d->readJudgement(change.comment, *annotator);
    if (!before)
        return before.error();
    // Read under the writers' lock: nobody can change the row between here and the write.
    if (auto stale = staleJudgement(change, *before))
        return *stale;

    Judgement after;
    if (*before)
        after = **before;
    after.comment = change.comment;
    after.annotator = change.annotator.trimmed();
    merge(after, normalized);
    for (JudgementField f : clear)
        clearField(after, f);
    after.updated = timeFrom(nowMs());
    after.version = after.isEmpty() ? 0 : (*before ? (*before)->version + 1 : 1);

    if (auto written = d->writeJudgement(change.comment, *annotator, after); !written)
        return written.error();
    const bool onlyClears = normalized.isEmpty();
    const QVariant beforeState = *before ? QVariant(QString::fromUtf8(judgementToJson(**before))) : QVariant(QMetaType::fromType<QString>());
    const QVariant afterState = after.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(QString::fromUtf8(judgementToJson(after)));
    if (auto recorded = d->record(*annotator, onlyClears ? HistoryAction::ClearJudgement : HistoryAction::Judge, change.comment,
                                  changedFields(normalized, clear), beforeState, afterState);
        !recorded)
        return recorded.error();
    d->notifyChange({QStringLiteral("judgement"), change.comment, comment->mergeRequest, after.annotator});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return after;
}

Result<std::optional<Judgement>> SqlWorkspaceStore::judgement(qint64 comment, const QString &annotator) const
{
    auto id = d->annotatorId(annotator);
    if (!id)
        return id.error();
    if (!*id)
        return std::optional<Judgement>();
    return d->readJudgement(comment, **id);
}

Result<QList<Judgement>> SqlWorkspaceStore::judgements(std::optional<qint64> mergeRequest, const QString &annotator) const
{
    QString sql = QStringLiteral("SELECT %1 FROM judgements j JOIN annotators a ON a.id = j.annotator JOIN comments c ON c.id = j.comment"
                                 " WHERE c.removed = 0")
                      .arg(QLatin1String(judgementColumns));
    QVariantList values;
    if (mergeRequest) {
        sql += QStringLiteral(" AND c.merge_request = ?");
        values << *mergeRequest;
    }
    if (!annotator.isEmpty()) {
        sql += QStringLiteral(" AND a.name = ?");
        values << annotator;
    }
    sql += QStringLiteral(" ORDER BY j.comment, a.name");
    auto q = d->exec(sql, values, QCoreApplication::translate("rd::models", "read the judgements"));
    return allRows<Judgement>(std::move(q), [](QSqlQuery &row) { return judgementFrom(row); });
}

// ---------------------------------------------------------------------------
// Human comments and edits

namespace {

QString linesProblem(const QString &side, int lineStart, int lineEnd)
{
    if (side != QLatin1String("old") && side != QLatin1String("new"))
        return QCoreApplication::translate("rd::models", "the side must be \"old\" or \"new\", not '%1'").arg(side);
    if (lineStart < 1 || lineEnd < lineStart)
        return QCoreApplication::translate("rd::models", "the lines %1-%2 are not a range of lines").arg(lineStart).arg(lineEnd);
    return {};
}

} // namespace

Result<qint64> SqlWorkspaceStore::addHumanComment(qint64 mergeRequest, const QString &author, const ReviewComment &comment)
{
    if (comment.file.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "a comment needs a file"));
    if (comment.issue.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the comment has no text"));
    if (const QString problem = linesProblem(comment.side, comment.lineStart, comment.lineEnd); !problem.isEmpty())
        return usage(problem);
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(mergeRequest); !found)
        return found.error();
    auto annotator = d->ensureAnnotator(author);
    if (!annotator)
        return annotator.error();
    ReviewComment c = comment;
    c.kept = true;
    c.droppedAt.clear();
    c.lineValid = true;
    auto id = d->insertComment(mergeRequest, std::nullopt, CommentOrigin::Human, author.trimmed(), c, nowMs());
    if (!id)
        return id.error();
    if (auto recorded = d->record(*annotator, HistoryAction::AddHumanComment, *id, {}, QString::fromUtf8(removedState(true)),
                                  QString::fromUtf8(removedState(false)));
        !recorded)
        return recorded.error();
    d->notifyChange({QStringLiteral("comments"), *id, mergeRequest, author.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<bool> SqlWorkspaceStore::removeHumanComment(qint64 comment, const QString &annotator)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "remove the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto stored = d->readComment(comment, false);
    if (!stored)
        return stored.error();
    if (stored->origin != CommentOrigin::Human)
        return usage(QCoreApplication::translate("rd::models", "comment %1 was not written by a person; only human comments can be removed").arg(comment));
    auto annotatorId = d->ensureAnnotator(annotator);
    if (!annotatorId)
        return annotatorId.error();
    auto q = d->exec("UPDATE comments SET removed = 1 WHERE id = ?", {comment}, doing);
    if (!q)
        return q.error();
    if (auto recorded = d->record(*annotatorId, HistoryAction::RemoveHumanComment, comment, {}, QString::fromUtf8(removedState(false)),
                                  QString::fromUtf8(removedState(true)));
        !recorded)
        return recorded.error();
    d->notifyChange({QStringLiteral("comments"), comment, stored->mergeRequest, annotator.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<StoredComment> SqlWorkspaceStore::editComment(qint64 comment, const QString &annotator, const CommentEdit &edit)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "edit the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto stored = d->readComment(comment, false);
    if (!stored)
        return stored.error();
    // Read under the write lock: nobody can change it between here and the UPDATE.
    if (edit.expectedVersion && *edit.expectedVersion != stored->version)
        return Error{Error::Kind::Conflict,
                     QCoreApplication::translate("rd::models", "comment %1 was changed by someone else while you were editing it; look at their text and edit again")
                         .arg(comment)};
    auto annotatorId = d->ensureAnnotator(annotator);
    if (!annotatorId)
        return annotatorId.error();
    auto originalNow = d->scalar("SELECT original FROM comments WHERE id = ?", {comment}, doing);
    if (!originalNow)
        return originalNow.error();

    ReviewComment changed = stored->comment;
    const auto take = [](QString &to, const std::optional<QString> &from) {
        if (from)
            to = *from;
    };
    take(changed.issue, edit.issue);
    take(changed.rootCause, edit.rootCause);
    take(changed.fix, edit.fix);
    take(changed.example, edit.example);
    take(changed.side, edit.side);
    if (edit.lineStart)
        changed.lineStart = *edit.lineStart;
    if (edit.lineEnd)
        changed.lineEnd = *edit.lineEnd;
    if (edit.lineStart || edit.lineEnd || edit.side)
        if (const QString problem = linesProblem(changed.side, changed.lineStart, changed.lineEnd); !problem.isEmpty())
            return usage(problem);
    if (changed.issue.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the comment has no text"));

    // The first edit keeps the comment as it was stored, for good.
    const QVariant original = originalNow->isNull() ? QVariant(QString::fromUtf8(reviewCommentToJson(stored->comment))) : *originalNow;
    auto q = d->exec("UPDATE comments SET issue = ?, root_cause = ?, fix = ?, example = ?, side = ?, line_start = ?, line_end = ?,"
                     " original = ?, row_version = row_version + 1 WHERE id = ?",
                     {changed.issue, changed.rootCause, changed.fix, changed.example, changed.side, changed.lineStart, changed.lineEnd,
                      original, comment},
                     doing);
    if (!q)
        return q.error();
    QStringList fields;
    for (const auto &[isSet, name] : {std::pair{edit.issue.has_value(), "issue"}, std::pair{edit.rootCause.has_value(), "root_cause"},
                                      std::pair{edit.fix.has_value(), "fix"}, std::pair{edit.example.has_value(), "example"},
                                      std::pair{edit.side.has_value(), "side"}, std::pair{edit.lineStart.has_value(), "line_start"},
                                      std::pair{edit.lineEnd.has_value(), "line_end"}})
        if (isSet)
            fields << QString::fromLatin1(name);
    if (auto recorded = d->record(*annotatorId, HistoryAction::EditComment, comment, fields,
                                  QString::fromUtf8(editState(stored->comment, *originalNow)), QString::fromUtf8(editState(changed, original)));
        !recorded)
        return recorded.error();
    auto result = d->readComment(comment, false);
    if (!result)
        return result.error();
    d->notifyChange({QStringLiteral("comment"), comment, result->mergeRequest, annotator.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return result;
}

// ---------------------------------------------------------------------------
// Undo and redo

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::nextUndo(const QString &annotator) const
{
    return d->historyStep(annotator, true);
}

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::nextRedo(const QString &annotator) const
{
    return d->historyStep(annotator, false);
}

namespace {

Result<std::optional<HistoryEntry>> step(SqlWorkspaceStore::Private &d, const QString &annotator, bool undo)
{
    WriteTransaction t(d);
    const QString doing = undo ? QCoreApplication::translate("rd::models", "undo") : QCoreApplication::translate("rd::models", "redo");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto entry = d.historyStep(annotator, undo);
    if (!entry)
        return entry.error();
    if (!*entry)
        return entry;
    auto state = d.scalar(undo ? "SELECT before_state FROM history WHERE id = ?" : "SELECT after_state FROM history WHERE id = ?",
                          {(*entry)->id}, doing);
    if (!state)
        return state.error();
    auto annotatorId = d.annotatorId(annotator);
    if (!annotatorId)
        return annotatorId.error();
    if (auto restored = d.restore((*entry)->action, (*entry)->comment, annotatorId->value_or(0), *state); !restored)
        return restored.error();
    auto q = d.exec("UPDATE history SET undone = ? WHERE id = ?", {undo ? 1 : 0, (*entry)->id}, doing);
    if (!q)
        return q.error();
    const HistoryAction action = (*entry)->action;
    const bool judging = action == HistoryAction::Judge || action == HistoryAction::ClearJudgement;
    const bool list = action == HistoryAction::AddHumanComment || action == HistoryAction::RemoveHumanComment;
    d.notifyChange({judging ? QStringLiteral("judgement") : list ? QStringLiteral("comments") : QStringLiteral("comment"), (*entry)->comment, 0,
                    annotator.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return entry;
}

} // namespace

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::undo(const QString &annotator)
{
    return step(*d, annotator, true);
}

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::redo(const QString &annotator)
{
    return step(*d, annotator, false);
}

// ---------------------------------------------------------------------------
// Places and progress

Result<bool> SqlWorkspaceStore::setPlace(const AnnotatorPlace &place)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "remember the place");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(place.mergeRequest); !found)
        return found.error();
    auto annotator = d->ensureAnnotator(place.annotator);
    if (!annotator)
        return annotator.error();
    // Strictly increasing, so "the last place" is well defined even within
    // one millisecond.
    auto latest = d->scalar("SELECT MAX(updated) FROM places", {}, doing);
    if (!latest)
        return latest.error();
    const qint64 updated = std::max(nowMs(), latest->isNull() ? 0 : latest->toLongLong() + 1);
    std::optional<qint64> comment = place.comment;
    if (comment && !d->readComment(*comment, false))
        comment.reset(); // a comment that is gone is no place to return to
    auto q = d->exec("UPDATE places SET file = ?, comment = ?, updated = ? WHERE annotator = ? AND merge_request = ?",
                     {place.file, nullable(comment), updated, *annotator, place.mergeRequest}, doing);
    if (!q)
        return q.error();
    if (q->numRowsAffected() == 0) {
        q = d->exec("INSERT INTO places (annotator, merge_request, file, comment, updated) VALUES (?, ?, ?, ?, ?)",
                    {*annotator, place.mergeRequest, place.file, nullable(comment), updated}, doing);
        if (!q)
            return q.error();
    }
    return t.commit(doing);
}

namespace {

Result<std::optional<AnnotatorPlace>> readPlace(const SqlWorkspaceStore::Private &d, const QString &sql, std::initializer_list<QVariant> values)
{
    auto q = d.exec(sql, values, QCoreApplication::translate("rd::models", "read the place"));
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<AnnotatorPlace>();
    AnnotatorPlace p;
    p.annotator = q->value(0).toString();
    p.mergeRequest = q->value(1).toLongLong();
    p.file = q->value(2).toString();
    p.comment = optionalFrom<qint64>(q->value(3));
    p.updated = timeFrom(q->value(4));
    return std::optional<AnnotatorPlace>(p);
}

} // namespace

Result<std::optional<AnnotatorPlace>> SqlWorkspaceStore::place(const QString &annotator, qint64 mergeRequest) const
{
    return readPlace(*d,
                     QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                    " WHERE a.name = ? AND p.merge_request = ?"),
                     {annotator, mergeRequest});
}

Result<std::optional<AnnotatorPlace>> SqlWorkspaceStore::lastPlace(const QString &annotator) const
{
    if (annotator.isEmpty())
        return readPlace(*d,
                         QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                        " ORDER BY p.updated DESC LIMIT 1"),
                         {});
    return readPlace(*d,
                     QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                    " WHERE a.name = ? ORDER BY p.updated DESC LIMIT 1"),
                     {annotator});
}

Result<JudgingProgress> SqlWorkspaceStore::progress(const QString &annotator, std::optional<qint64> mergeRequest) const
{
    const QString doing = QCoreApplication::translate("rd::models", "count the judgements");
    // One merge request: its comments (comments_by_removed, covering), each
    // judgement probed by its key. The whole workspace: two counts instead,
    // the comments from the index alone and the annotator's verdicts from
    // judgements_by_annotator, not 200,000 probes of the judgements.
    auto q = mergeRequest ? d->exec(QStringLiteral("SELECT COUNT(*), COUNT(j.verdict) FROM comments c LEFT JOIN judgements j ON j.comment = c.id"
                                                   " AND j.annotator = (SELECT id FROM annotators WHERE name = ?) WHERE c.removed = 0 AND c.merge_request = ?"),
                                    {annotator, *mergeRequest}, doing)
                          : d->exec(QStringLiteral("SELECT (SELECT COUNT(*) FROM comments c WHERE c.removed = 0),"
                                                   " (SELECT COUNT(*) FROM judgements j JOIN comments c ON c.id = j.comment"
                                                   " WHERE j.annotator = (SELECT id FROM annotators WHERE name = ?) AND j.verdict IS NOT NULL AND c.removed = 0)"),
                                    {annotator}, doing);
    if (!q)
        return q.error();
    JudgingProgress p;
    if (q->next()) {
        p.total = q->value(0).toInt();
        p.judged = q->value(1).toInt();
    }
    return p;
}

Result<QList<qint64>> SqlWorkspaceStore::recentDecisionDurations(const QString &annotator, int limit) const
{
    auto q = d->exec("SELECT j.time_spent FROM judgements j JOIN annotators a ON a.id = j.annotator"
                     " WHERE a.name = ? AND j.verdict IS NOT NULL AND j.time_spent IS NOT NULL ORDER BY j.updated DESC LIMIT ?",
                     {annotator, std::max(limit, 0)}, QCoreApplication::translate("rd::models", "read the judgements"));
    return allRows<qint64>(std::move(q), [](QSqlQuery &row) { return row.value(0).toLongLong(); });
}

} // namespace rd
