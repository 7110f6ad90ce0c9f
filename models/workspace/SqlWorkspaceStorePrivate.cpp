#include "SqlWorkspaceStorePrivate.h"

#include "WorkspaceJson.h"
#include "WorkspaceSchema.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlError>

namespace rd {

SqlWorkspaceStore::Private::Private(std::unique_ptr<SqlDialect> backend) : dialect(std::move(backend)) {}

SqlWorkspaceStore::Private::~Private()
{
    changePoll.reset(); // it reads the connection closed below
    if (db.isValid())
        db.close();
    db = QSqlDatabase();
    if (!connection.isEmpty())
        QSqlDatabase::removeDatabase(connection);
}

Error SqlWorkspaceStore::Private::error(const QSqlError &e, const QString &doing) const
{
    return dialect->error(e, doing, path);
}

Result<QSqlQuery> SqlWorkspaceStore::Private::exec(const QString &sql, const QVariantList &values, const QString &doing) const
{
    return dialect->exec(*this, sql, values, doing);
}

Result<QSqlQuery> SqlWorkspaceStore::Private::exec(const QString &sql, std::initializer_list<QVariant> values, const QString &doing) const
{
    return exec(sql, QVariantList(values), doing);
}

Result<QSqlQuery> SqlWorkspaceStore::Private::exec(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
{
    return exec(QString::fromLatin1(sql), values, doing);
}

Result<qint64> SqlWorkspaceStore::Private::insert(const QString &sql, const QVariantList &values, const QString &doing) const
{
    return dialect->insert(*this, sql, values, doing);
}

Result<qint64> SqlWorkspaceStore::Private::insert(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
{
    return insert(QString::fromLatin1(sql), QVariantList(values), doing);
}

Result<bool> SqlWorkspaceStore::Private::migrate(int from, int to) const
{
    for (int v = from + 1; v <= to; ++v)
        if (auto done = execAll(workspace_schema::migrationTo(v, dialect->idColumn()),
                                QCoreApplication::translate("rd::models", "update the workspace to version %1").arg(v));
            !done)
            return done.error();
    return true;
}

Result<bool> SqlWorkspaceStore::Private::execAll(const QStringList &statements, const QString &doing) const
{
    for (const QString &sql : statements) {
        QSqlQuery q(db);
        if (!q.exec(sql))
            return error(q.lastError(), doing);
    }
    return true;
}

Result<QVariant> SqlWorkspaceStore::Private::scalar(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
{
    auto q = exec(sql, values, doing);
    if (!q)
        return q.error();
    return q->next() ? q->value(0) : QVariant();
}

Result<std::optional<qint64>> SqlWorkspaceStore::Private::annotatorId(const QString &name) const
{
    auto id = scalar("SELECT id FROM annotators WHERE name = ?", {name}, QCoreApplication::translate("rd::models", "read the annotators"));
    if (!id)
        return id.error();
    return id->isValid() ? std::optional<qint64>(id->toLongLong()) : std::nullopt;
}

Result<qint64> SqlWorkspaceStore::Private::ensureAnnotator(const QString &name)
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the annotator's name is empty"));
    auto existing = annotatorId(trimmed);
    if (!existing)
        return existing.error();
    if (*existing)
        return **existing;
    return insert("INSERT INTO annotators (name, created) VALUES (?, ?)", {trimmed, nowMs()}, QCoreApplication::translate("rd::models", "add the annotator"));
}

Result<bool> SqlWorkspaceStore::Private::removeAnnotatorsRow(const QString &annotator, const char *table, const char *where,
                                                            const QVariantList &key, const QString &doing)
{
    WriteTransaction t(*this);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto who = annotatorId(annotator.trimmed());
    if (!who)
        return who.error();
    if (!*who)
        return false;
    auto q = exec(QStringLiteral("DELETE FROM %1 WHERE annotator = ? AND %2").arg(QLatin1String(table), QLatin1String(where)),
                  QVariantList{**who} + key, doing);
    if (!q)
        return q.error();
    if (q->numRowsAffected() == 0)
        return false;
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<bool> SqlWorkspaceStore::Private::requireMergeRequest(qint64 id) const
{
    auto found = scalar("SELECT id FROM merge_requests WHERE id = ?", {id}, QCoreApplication::translate("rd::models", "read the merge requests"));
    if (!found)
        return found.error();
    if (!found->isValid())
        return usage(QCoreApplication::translate("rd::models", "no merge request %1 in this workspace").arg(id));
    return true;
}

Result<StoredComment> SqlWorkspaceStore::Private::readComment(qint64 id, bool includeRemoved) const
{
    auto q = exec(QStringLiteral("SELECT %1, c.removed FROM comments c WHERE c.id = ?").arg(QLatin1String(commentColumns)), {id},
                  QCoreApplication::translate("rd::models", "read the comment"));
    if (!q)
        return q.error();
    if (!q->next() || (!includeRemoved && q->value(44).toInt() != 0)) // c.removed, after commentColumns
        return usage(QCoreApplication::translate("rd::models", "no comment %1 in this workspace").arg(id));
    return commentFrom(*q);
}

Result<qint64> SqlWorkspaceStore::Private::insertComment(qint64 mergeRequest, std::optional<qint64> run, CommentOrigin origin, const QString &author,
                             const ReviewComment &c, qint64 now)
{
    QVariantList values;
    for (const QVariant &v : {QVariant(mergeRequest), nullable(run), QVariant(commentOriginName(origin)), QVariant(author),
                              QVariant(c.id), QVariant(c.file), QVariant(c.side), QVariant(c.lineStart), QVariant(c.lineEnd),
                              QVariant(c.lineValid ? 1 : 0), QVariant(c.issue), QVariant(c.rootCause), QVariant(c.fix),
                              QVariant(c.example), QVariant(c.category), QVariant(c.q1Nitpick), QVariant(c.q2Fake),
                              QVariant(c.q3Severity), QVariant(reviewersText(c.reviewers)), QVariant(c.kept ? 1 : 0),
                              QVariant(c.droppedAt), QVariant(c.mergedInto), QVariant(c.slice), QVariant(c.raw),
                              QVariant(QString::fromUtf8(c.history.isEmpty() ? QByteArrayLiteral("[]") : scoreHistoryToJson(c.history))),
                              QVariant(now), QVariant(c.issueOriginal), QVariant(c.rootCauseOriginal), QVariant(c.fixOriginal),
                              QVariant(c.translationLanguage), QVariant(c.pipeline), QVariant(c.tag), QVariant(c.function),
                              QVariant(c.judgeScore), QVariant(c.judgeReason), QVariant(mergeRequest)})
        values << v;
    return insert(QStringLiteral(
                      "INSERT INTO comments (merge_request, run, origin, author, run_comment_id, file, side, line_start, line_end, line_valid,"
                      " issue, root_cause, fix, example, category, q1, q2, q3, reviewers, kept, dropped_at, merged_into, slice, raw,"
                      " score_history, created, issue_original, root_cause_original, fix_original, translation_language,"
                      " pipeline, tag, function_name, judge_score, judge_reason, revision)"
                      " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                      // A new comment is of the merge request's current revision (1 before any is recorded).
                      " (SELECT COALESCE(MAX(number), 1) FROM mr_revisions WHERE merge_request = ?))"),
                  values, QCoreApplication::translate("rd::models", "store a comment"));
}

Result<qint64> SqlWorkspaceStore::Private::insertRun(const StoredRun &run, const QString &doing) const
{
    return insert(QStringLiteral("INSERT INTO runs (merge_request, label, model, config_hash, started, finished, record, coverage, reviewed_from, reviewed_to)"
                                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
                                 " CASE WHEN ? > 0 THEN ? ELSE (SELECT COALESCE(MAX(number), 1) FROM mr_revisions WHERE merge_request = ?) END)"),
                  {run.mergeRequest, run.label, run.model, run.configHash, timeValue(run.started), timeValue(run.finished),
                   QString::fromUtf8(run.record), QString::fromUtf8(run.coverage), run.revisionFrom, run.revisionTo, run.revisionTo, run.mergeRequest},
                  doing);
}

Result<std::optional<Judgement>> SqlWorkspaceStore::Private::readJudgement(qint64 comment, qint64 annotator) const
{
    auto q = exec(QStringLiteral("SELECT %1 FROM judgements j JOIN annotators a ON a.id = j.annotator"
                                 " WHERE j.comment = ? AND j.annotator = ?")
                      .arg(QLatin1String(judgementColumns)),
                  {comment, annotator}, QCoreApplication::translate("rd::models", "read the judgement"));
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<Judgement>();
    return std::optional<Judgement>(judgementFrom(*q));
}

Result<bool> SqlWorkspaceStore::Private::writeJudgement(qint64 comment, qint64 annotator, const std::optional<Judgement> &state)
{
    if (auto written = writeJudgementRow(comment, annotator, state); !written)
        return written;
    // Whether the comment's annotators disagree now (gt_disagreements), in
    // the same transaction as the judgement.
    const QString doing = QCoreApplication::translate("rd::models", "store the judgement");
    for (const QString &sql : workspace_schema::recountDisagreement())
        if (auto q = exec(sql, {comment}, doing); !q)
            return q.error();
    return true;
}

Result<bool> SqlWorkspaceStore::Private::writeJudgementRow(qint64 comment, qint64 annotator, const std::optional<Judgement> &state)
{
    if (!state || state->isEmpty()) {
        auto q = exec("DELETE FROM judgements WHERE comment = ? AND annotator = ?", {comment, annotator}, QCoreApplication::translate("rd::models", "store the judgement"));
        if (!q)
            return q.error();
        return true;
    }
    const Judgement &j = *state;
    const QVariant verdict = j.verdict ? QVariant(verdictName(*j.verdict)) : QVariant(QMetaType::fromType<QString>());
    const QVariant context = j.context ? QVariant(contextLevelName(*j.context)) : QVariant(QMetaType::fromType<QString>());
    const QVariant thumbs = j.thumbs ? QVariant(thumbsName(*j.thumbs)) : QVariant(QMetaType::fromType<QString>());
    const QVariant keyBug = j.keyBug ? QVariant(*j.keyBug ? 1 : 0) : QVariant(QMetaType::fromType<int>());
    const QVariant updated = j.updated.isValid() ? QVariant(j.updated.toMSecsSinceEpoch()) : QVariant(nowMs());
    // UPDATE, then INSERT when there was no row: portable to databases without upserts.
    auto q = exec("UPDATE judgements SET verdict = ?, q1 = ?, q2 = ?, q3 = ?, category = ?, context = ?, key_bug = ?, tag = ?,"
                  " thumbs = ?, critique = ?, time_spent = ?, updated = ?, row_version = row_version + 1 WHERE comment = ? AND annotator = ?",
                  {verdict, nullable(j.q1Nitpick), nullable(j.q2Fake), nullable(j.q3Severity), nullable(j.category), context, keyBug,
                   nullable(j.tag), thumbs, nullable(j.critique), nullable(j.timeSpentMs), updated, comment, annotator},
                  QCoreApplication::translate("rd::models", "store the judgement"));
    if (!q)
        return q.error();
    if (q->numRowsAffected() > 0)
        return true;
    q = exec("INSERT INTO judgements (comment, annotator, verdict, q1, q2, q3, category, context, key_bug, tag, thumbs, critique,"
             " time_spent, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
             {comment, annotator, verdict, nullable(j.q1Nitpick), nullable(j.q2Fake), nullable(j.q3Severity), nullable(j.category), context,
              keyBug, nullable(j.tag), thumbs, nullable(j.critique), nullable(j.timeSpentMs), updated},
             QCoreApplication::translate("rd::models", "store the judgement"));
    if (!q)
        return q.error();
    return true;
}

Result<bool> SqlWorkspaceStore::Private::record(qint64 annotator, HistoryAction action, qint64 comment, const QStringList &fields, const QVariant &before,
                    const QVariant &after)
{
    auto q = exec("DELETE FROM history WHERE annotator = ? AND undone = 1", {annotator}, QCoreApplication::translate("rd::models", "record the step for undo"));
    if (!q)
        return q.error();
    q = exec("INSERT INTO history (annotator, action, comment, fields, before_state, after_state, undone, at)"
             " VALUES (?, ?, ?, ?, ?, ?, 0, ?)",
             {annotator, historyActionName(action), comment, fields.join(QLatin1Char(',')), before, after, nowMs()},
             QCoreApplication::translate("rd::models", "record the step for undo"));
    if (!q)
        return q.error();
    return true;
}

Result<bool> SqlWorkspaceStore::Private::restore(HistoryAction action, qint64 comment, qint64 annotator, const QVariant &state)
{
    switch (action) {
    case HistoryAction::Judge:
    case HistoryAction::ClearJudgement: {
        if (state.isNull())
            return writeJudgement(comment, annotator, std::nullopt);
        auto j = judgementFromJson(state.toByteArray());
        if (!j)
            return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "the undo history of %1 is damaged: %2").arg(path, j.error().message)};
        return writeJudgement(comment, annotator, *j);
    }
    case HistoryAction::EditComment: {
        const QJsonObject o = QJsonDocument::fromJson(state.toByteArray()).object();
        const QJsonValue original = o.value(QStringLiteral("original"));
        auto q = exec("UPDATE comments SET issue = ?, root_cause = ?, fix = ?, example = ?, side = ?, line_start = ?, line_end = ?,"
                      " original = ?, row_version = row_version + 1 WHERE id = ?",
                      {o.value(QStringLiteral("issue")).toString(), o.value(QStringLiteral("root_cause")).toString(),
                       o.value(QStringLiteral("fix")).toString(), o.value(QStringLiteral("example")).toString(),
                       o.value(QStringLiteral("side")).toString(QStringLiteral("new")), o.value(QStringLiteral("line_start")).toInt(),
                       o.value(QStringLiteral("line_end")).toInt(),
                       original.isString() ? QVariant(original.toString()) : QVariant(QMetaType::fromType<QString>()), comment},
                      QCoreApplication::translate("rd::models", "restore the comment"));
        if (!q)
            return q.error();
        return true;
    }
    case HistoryAction::AddHumanComment:
    case HistoryAction::RemoveHumanComment: {
        const bool removed = QJsonDocument::fromJson(state.toByteArray()).object().value(QStringLiteral("removed")).toBool();
        auto q = exec("UPDATE comments SET removed = ? WHERE id = ?", {removed ? 1 : 0, comment}, QCoreApplication::translate("rd::models", "restore the comment"));
        if (!q)
            return q.error();
        return true;
    }
    }
    return true;
}

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::Private::historyStep(const QString &annotator, bool forUndo) const
{
    const QString sql = forUndo ? QStringLiteral("SELECT %1 FROM history h JOIN annotators a ON a.id = h.annotator"
                                                 " WHERE a.name = ? AND h.undone = 0 ORDER BY h.id DESC LIMIT 1")
                                      .arg(QLatin1String(historyColumns))
                                : QStringLiteral("SELECT %1 FROM history h JOIN annotators a ON a.id = h.annotator"
                                                 " WHERE a.name = ? AND h.undone = 1 ORDER BY h.id ASC LIMIT 1")
                                      .arg(QLatin1String(historyColumns));
    auto q = exec(sql, {annotator}, QCoreApplication::translate("rd::models", "read the undo history"));
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<HistoryEntry>();
    return std::optional<HistoryEntry>(historyEntryFrom(*q, annotator));
}

namespace sqlstore {

WriteTransaction::~WriteTransaction()
{
    m_d.pendingNotices.clear();
    if (m_active)
        QSqlQuery(m_d.db).exec(QStringLiteral("ROLLBACK"));
}

Result<bool> WriteTransaction::begin(const QString &doing)
{
    QSqlQuery q(m_d.db);
    m_d.pendingNotices.clear();
    // Active before the statement: a BEGIN that takes its lock in the same
    // round trip may begin and then fail to lock, and must be rolled back.
    m_active = true;
    if (!q.exec(m_d.dialect->beginWrite()))
        return m_d.error(q.lastError(), doing);
    return true;
}

Result<bool> WriteTransaction::commit(const QString &doing)
{
    QSqlQuery q(m_d.db);
    // The notifications go with the COMMIT: the server sends them when
    // it commits, and only then.
    const QString notices = m_d.pendingNotices.isEmpty() ? QString() : m_d.pendingNotices.join(QLatin1String("; ")) + QLatin1String("; ");
    m_d.pendingNotices.clear();
    if (!q.exec(notices + QStringLiteral("COMMIT")))
        return m_d.error(q.lastError(), doing);
    m_active = false;
    return true;
}

} // namespace sqlstore

} // namespace rd
