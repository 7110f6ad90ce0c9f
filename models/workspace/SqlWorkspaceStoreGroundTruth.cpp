// The SQL workspace store's ground-truth part (issue 11): assignments, group
// judging with its undo, adjudications and team settings.

#include "SqlWorkspaceStorePrivate.h"

#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QDateTime>

namespace rd {

// ---------------------------------------------------------------------------
// Assignments

Result<bool> SqlWorkspaceStore::assign(qint64 mergeRequest, const QStringList &annotators)
{
    const QString doing = QCoreApplication::translate("rd::models", "assign the merge request");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(mergeRequest); !found)
        return found.error();
    for (const QString &name : annotators) {
        auto annotator = d->ensureAnnotator(name);
        if (!annotator)
            return annotator.error();
        auto there = d->scalar("SELECT annotator FROM gt_assignments WHERE merge_request = ? AND annotator = ?", {mergeRequest, *annotator}, doing);
        if (!there)
            return there.error();
        if (there->isValid())
            continue;
        if (auto q = d->exec("INSERT INTO gt_assignments (merge_request, annotator, created) VALUES (?, ?, ?)", {mergeRequest, *annotator, nowMs()}, doing); !q)
            return q.error();
    }
    return t.commit(doing);
}

Result<bool> SqlWorkspaceStore::unassign(qint64 mergeRequest, const QString &annotator)
{
    const QString doing = QCoreApplication::translate("rd::models", "assign the merge request");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto q = d->exec("DELETE FROM gt_assignments WHERE merge_request = ? AND annotator = (SELECT id FROM annotators WHERE name = ?)",
                     {mergeRequest, annotator.trimmed()}, doing);
    if (!q)
        return q.error();
    return t.commit(doing);
}

Result<QList<Assignment>> SqlWorkspaceStore::assignments(std::optional<qint64> mergeRequest) const
{
    QString sql = QStringLiteral("SELECT g.merge_request, a.name, g.created FROM gt_assignments g JOIN annotators a ON a.id = g.annotator");
    QVariantList values;
    if (mergeRequest) {
        sql += QStringLiteral(" WHERE g.merge_request = ?");
        values << *mergeRequest;
    }
    sql += QStringLiteral(" ORDER BY g.merge_request, a.name");
    return allRows<Assignment>(d->exec(sql, values, QCoreApplication::translate("rd::models", "read the assignments")), [](QSqlQuery &q) {
        return Assignment{q.value(0).toLongLong(), q.value(1).toString(), timeFrom(q.value(2))};
    });
}

// ---------------------------------------------------------------------------
// Judging a group of near-duplicates

Result<QList<Judgement>> SqlWorkspaceStore::judgeGroup(const Judgement &change, const QList<qint64> &members)
{
    if (const QString problem = judgementProblem(change); !problem.isEmpty())
        return usage(problem);
    if (members.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the group has no comments"));
    Judgement normalized = change;
    if (normalized.category)
        normalized.category = canonicalCategory(*normalized.category);
    if (normalized.tag)
        normalized.tag = normalized.tag->trimmed();

    const QString doing = QCoreApplication::translate("rd::models", "store the judgement");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto annotator = d->ensureAnnotator(change.annotator);
    if (!annotator)
        return annotator.error();
    QList<Judgement> stored;
    std::optional<qint64> batch;
    for (qint64 member : members) {
        if (auto comment = d->readComment(member, false); !comment)
            return comment.error();
        auto before = d->readJudgement(member, *annotator);
        if (!before)
            return before.error();
        // The version the change was made from is the judged comment's; the
        // other members follow it (one decision for the group).
        if (member == change.comment)
            if (auto stale = staleJudgement(change, *before))
                return *stale;
        Judgement after;
        if (*before)
            after = **before;
        after.comment = member;
        after.annotator = change.annotator.trimmed();
        // The time was spent once, on the comment judged: the median time per
        // decision must not count a group decision once per member.
        Judgement forMember = normalized;
        if (member != change.comment)
            forMember.timeSpentMs.reset();
        merge(after, forMember);
        after.updated = timeFrom(nowMs());
        after.version = *before ? (*before)->version + 1 : 1;
        if (auto written = d->writeJudgement(member, *annotator, after); !written)
            return written.error();
        const QVariant beforeState = *before ? QVariant(QString::fromUtf8(judgementToJson(**before))) : QVariant(QMetaType::fromType<QString>());
        const QVariant afterState = QVariant(QString::fromUtf8(judgementToJson(after)));
        if (auto recorded = d->record(*annotator, HistoryAction::Judge, member, changedFields(normalized, {}), beforeState, afterState); !recorded)
            return recorded.error();
        // record() drops the redo steps first, which is why the batch is
        // known only after the first step is written.
        auto step = d->scalar("SELECT MAX(id) FROM history WHERE annotator = ?", {*annotator}, doing);
        if (!step)
            return step.error();
        if (!batch)
            batch = step->toLongLong();
        if (auto q = d->exec("INSERT INTO gt_group_steps (history, batch) VALUES (?, ?)", {step->toLongLong(), *batch}, doing); !q)
            return q.error();
        stored.append(after);
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return stored;
}

namespace {

Result<QList<HistoryEntry>> takeSteps(SqlWorkspaceStore::Private &d, const QString &annotator, bool undo)
{
    const QString doing = undo ? QCoreApplication::translate("rd::models", "undo") : QCoreApplication::translate("rd::models", "redo");
    WriteTransaction t(d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto next = d.historyStep(annotator, undo);
    if (!next)
        return next.error();
    if (!*next)
        return QList<HistoryEntry>();
    auto annotatorId = d.annotatorId(annotator);
    if (!annotatorId)
        return annotatorId.error();
    auto batch = d.scalar("SELECT batch FROM gt_group_steps WHERE history = ?", {(*next)->id}, doing);
    if (!batch)
        return batch.error();
    QList<HistoryEntry> steps;
    if (!batch->isValid()) {
        steps.append(**next);
    } else {
        const QString sql = undo ? QStringLiteral("SELECT %1 FROM history h JOIN gt_group_steps g ON g.history = h.id"
                                                  " WHERE g.batch = ? AND h.annotator = ? AND h.undone = 0 ORDER BY h.id DESC")
                                       .arg(QLatin1String(historyColumns))
                                 : QStringLiteral("SELECT %1 FROM history h JOIN gt_group_steps g ON g.history = h.id"
                                                  " WHERE g.batch = ? AND h.annotator = ? AND h.undone = 1 ORDER BY h.id ASC")
                                       .arg(QLatin1String(historyColumns));
        auto q = d.exec(sql, {batch->toLongLong(), annotatorId->value_or(0)}, doing);
        if (!q)
            return q.error();
        while (q->next())
            steps.append(historyEntryFrom(*q, annotator));
    }
    for (const HistoryEntry &e : std::as_const(steps)) {
        auto state = d.scalar(undo ? "SELECT before_state FROM history WHERE id = ?" : "SELECT after_state FROM history WHERE id = ?", {e.id}, doing);
        if (!state)
            return state.error();
        if (auto restored = d.restore(e.action, e.comment, annotatorId->value_or(0), *state); !restored)
            return restored.error();
        if (auto q = d.exec("UPDATE history SET undone = ? WHERE id = ?", {undo ? 1 : 0, e.id}, doing); !q)
            return q.error();
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return steps;
}

} // namespace

Result<QList<HistoryEntry>> SqlWorkspaceStore::undoSteps(const QString &annotator)
{
    return takeSteps(*d, annotator, true);
}

Result<QList<HistoryEntry>> SqlWorkspaceStore::redoSteps(const QString &annotator)
{
    return takeSteps(*d, annotator, false);
}

// ---------------------------------------------------------------------------
// Adjudication

Result<Adjudication> SqlWorkspaceStore::adjudicate(const Adjudication &adjudication)
{
    if (!adjudication.verdict)
        return usage(QCoreApplication::translate("rd::models", "an adjudication needs a verdict"));
    if (adjudication.reason.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "an adjudication needs a reason"));
    Judgement asJudgement;
    asJudgement.q3Severity = adjudication.q3Severity;
    asJudgement.category = adjudication.category;
    if (const QString problem = judgementProblem(asJudgement); !problem.isEmpty())
        return usage(problem);
    Adjudication a = adjudication;
    a.adjudicator = a.adjudicator.trimmed();
    a.reason = a.reason.trimmed();
    if (a.category)
        a.category = canonicalCategory(*a.category);

    const QString doing = QCoreApplication::translate("rd::models", "store the adjudication");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto comment = d->readComment(a.comment, false); !comment)
        return comment.error();
    auto adjudicator = d->ensureAnnotator(a.adjudicator);
    if (!adjudicator)
        return adjudicator.error();
    const qint64 now = nowMs();
    const QVariant context = a.context ? QVariant(contextLevelName(*a.context)) : QVariant(QMetaType::fromType<QString>());
    const QVariant keyBug = a.keyBug ? QVariant(*a.keyBug ? 1 : 0) : QVariant(QMetaType::fromType<int>());
    // DELETE then INSERT: portable to databases without upserts.
    if (auto q = d->exec("DELETE FROM gt_adjudications WHERE comment = ?", {a.comment}, doing); !q)
        return q.error();
    if (auto q = d->exec("INSERT INTO gt_adjudications (comment, adjudicator, verdict, q3, category, context, key_bug, reason, updated)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         {a.comment, *adjudicator, verdictName(*a.verdict), nullable(a.q3Severity), nullable(a.category), context, keyBug, a.reason, now},
                         doing);
        !q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    a.updated = timeFrom(now);
    return a;
}

Result<QList<Adjudication>> SqlWorkspaceStore::adjudications(std::optional<qint64> mergeRequest) const
{
    QString sql = QStringLiteral("SELECT j.comment, a.name, j.verdict, j.q3, j.category, j.context, j.key_bug, j.reason, j.updated"
                                 " FROM gt_adjudications j JOIN annotators a ON a.id = j.adjudicator JOIN comments c ON c.id = j.comment");
    QVariantList values;
    if (mergeRequest) {
        sql += QStringLiteral(" WHERE c.merge_request = ?");
        values << *mergeRequest;
    }
    sql += QStringLiteral(" ORDER BY j.comment");
    return allRows<Adjudication>(d->exec(sql, values, QCoreApplication::translate("rd::models", "read the adjudications")), [](QSqlQuery &q) {
        Adjudication a;
        a.comment = q.value(0).toLongLong();
        a.adjudicator = q.value(1).toString();
        a.verdict = verdictFromName(q.value(2).toString());
        a.q3Severity = optionalFrom<int>(q.value(3));
        a.category = optionalFrom<QString>(q.value(4));
        if (!q.value(5).isNull())
            a.context = contextLevelFromName(q.value(5).toString());
        if (!q.value(6).isNull())
            a.keyBug = q.value(6).toInt() != 0;
        a.reason = q.value(7).toString();
        a.updated = timeFrom(q.value(8));
        return a;
    });
}

// finalLabel's Disagreement, kept per comment as judgements are written
// (gt_disagreements, schema 7); only the filters are applied here.
Result<QList<qint64>> SqlWorkspaceStore::disagreements(bool withAdjudicated, const QString &blindViewer) const
{
    QString sql = QStringLiteral("SELECT d.comment FROM gt_disagreements d JOIN comments c ON c.id = d.comment WHERE c.removed = 0");
    QVariantList values;
    if (!withAdjudicated)
        sql += QStringLiteral(" AND NOT EXISTS (SELECT 1 FROM gt_adjudications g WHERE g.comment = d.comment)");
    if (!blindViewer.isEmpty()) {
        sql += QStringLiteral(" AND (c.merge_request NOT IN (SELECT s.merge_request FROM gt_assignments s JOIN annotators sa ON sa.id = s.annotator WHERE sa.name = ?)"
                              " OR EXISTS (SELECT 1 FROM judgements m JOIN annotators ma ON ma.id = m.annotator"
                              " WHERE m.comment = d.comment AND ma.name = ? AND m.verdict IS NOT NULL))");
        values << blindViewer << blindViewer;
    }
    sql += QStringLiteral(" ORDER BY d.comment");
    return allRows<qint64>(d->exec(sql, values, QCoreApplication::translate("rd::models", "count the disagreements")),
                           [](QSqlQuery &q) { return q.value(0).toLongLong(); });
}

// ---------------------------------------------------------------------------
// Team settings

namespace {
QString settingKey(const QString &name)
{
    return QStringLiteral("gt_") + name;
}
} // namespace

Result<std::optional<QString>> SqlWorkspaceStore::teamSetting(const QString &name) const
{
    auto v = d->scalar("SELECT value FROM workspace_info WHERE name = ?", {settingKey(name)}, QCoreApplication::translate("rd::models", "read the workspace settings"));
    if (!v)
        return v.error();
    return v->isValid() ? std::optional<QString>(v->toString()) : std::nullopt;
}

Result<bool> SqlWorkspaceStore::setTeamSetting(const QString &name, const QString &value)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the workspace settings");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto q = d->exec("DELETE FROM workspace_info WHERE name = ?", {settingKey(name)}, doing); !q)
        return q.error();
    if (auto q = d->exec("INSERT INTO workspace_info (name, value) VALUES (?, ?)", {settingKey(name), value}, doing); !q)
        return q.error();
    return t.commit(doing);
}

} // namespace rd
