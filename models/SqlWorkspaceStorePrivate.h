#pragma once

// The SQL workspace store's connection and the helpers its parts share.
// Internal to models/: the store is split into one .cpp per area (opening,
// judging, ground truth, ...), all working on this one Private.

#include "SqlWorkspaceStore.h"
#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlField>
#include <QSqlQuery>
#include <QVariant>

#include <initializer_list>

namespace rd {

namespace sqlstore {

// How long a writer waits for another process's transaction to finish.
constexpr int BusyTimeoutMs = 5000;

// SQLite's primary result codes (the low byte of the extended code Qt reports).
enum SqliteCode { Busy = 5, Locked = 6, ReadOnly = 8, IoError = 10, Corrupt = 11, Full = 13, CantOpen = 14, NotADb = 26 };

inline int sqliteCode(const QSqlError &e)
{
    bool ok = false;
    const int code = e.nativeErrorCode().toInt(&ok);
    return ok ? (code & 0xff) : -1;
}

inline qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

inline QDateTime timeFrom(const QVariant &v)
{
    return v.isNull() ? QDateTime() : QDateTime::fromMSecsSinceEpoch(v.toLongLong()).toUTC();
}

inline QVariant timeValue(const QDateTime &t)
{
    return t.isValid() ? QVariant(t.toMSecsSinceEpoch()) : QVariant(QMetaType(QMetaType::LongLong));
}

template <typename T>
inline QVariant nullable(const std::optional<T> &v)
{
    if (!v)
        return QVariant(QMetaType::fromType<T>());
    return QVariant::fromValue(*v);
}

template <typename T>
inline std::optional<T> optionalFrom(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return v.value<T>();
}

// Qt SQL binds a null QString as NULL; an empty text is '' (NOT NULL
// columns). Deliberate NULLs are QVariants without a value.
inline QVariant bindable(const QVariant &v)
{
    if (!v.isNull() && v.metaType() == QMetaType::fromType<QString>() && v.toString().isNull())
        return QVariant(QStringLiteral(""));
    return v;
}

inline Error usage(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

inline QString reviewersText(const QList<int> &reviewers)
{
    QStringList parts;
    for (int r : reviewers)
        parts << QString::number(r);
    return parts.join(QLatin1Char(','));
}

inline QList<int> reviewersFrom(const QString &text)
{
    QList<int> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << part.toInt();
    return out;
}

// What a history step restores for an edit: the text, the lines and whether
// an original had been kept yet.
inline QByteArray editState(const ReviewComment &c, const QVariant &original)
{
    QJsonObject o;
    o.insert(QStringLiteral("issue"), c.issue);
    o.insert(QStringLiteral("root_cause"), c.rootCause);
    o.insert(QStringLiteral("fix"), c.fix);
    o.insert(QStringLiteral("example"), c.example);
    o.insert(QStringLiteral("side"), c.side);
    o.insert(QStringLiteral("line_start"), c.lineStart);
    o.insert(QStringLiteral("line_end"), c.lineEnd);
    o.insert(QStringLiteral("original"), original.isNull() ? QJsonValue() : QJsonValue(original.toString()));
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

inline QByteArray removedState(bool removed)
{
    return removed ? QByteArrayLiteral("{\"removed\":true}") : QByteArrayLiteral("{\"removed\":false}");
}

const char *const commentColumns =
    "c.id, c.merge_request, c.run, c.origin, c.author, c.run_comment_id, c.file, c.side, c.line_start, c.line_end,"
    " c.line_valid, c.issue, c.root_cause, c.fix, c.example, c.category, c.q1, c.q2, c.q3, c.reviewers, c.kept,"
    " c.dropped_at, c.merged_into, c.slice, c.raw, c.score_history, c.original, c.created, c.is_reference, c.exchange_record, c.row_version,"
    " c.issue_original, c.root_cause_original, c.fix_original, c.translation_language";

inline StoredComment commentFrom(const QSqlQuery &q)
{
    StoredComment s;
    s.id = q.value(0).toLongLong();
    s.mergeRequest = q.value(1).toLongLong();
    s.run = optionalFrom<qint64>(q.value(2));
    s.origin = commentOriginFromName(q.value(3).toString()).value_or(CommentOrigin::Imported);
    s.author = q.value(4).toString();
    ReviewComment &c = s.comment;
    c.id = q.value(5).toString();
    c.file = q.value(6).toString();
    c.side = q.value(7).toString();
    c.lineStart = q.value(8).toInt();
    c.lineEnd = q.value(9).toInt();
    c.lineValid = q.value(10).toInt() != 0;
    c.issue = q.value(11).toString();
    c.rootCause = q.value(12).toString();
    c.fix = q.value(13).toString();
    c.example = q.value(14).toString();
    c.category = q.value(15).toString();
    c.q1Nitpick = q.value(16).toInt();
    c.q2Fake = q.value(17).toInt();
    c.q3Severity = q.value(18).toInt();
    c.reviewers = reviewersFrom(q.value(19).toString());
    c.kept = q.value(20).toInt() != 0;
    c.droppedAt = q.value(21).toString();
    c.mergedInto = q.value(22).toString();
    c.slice = q.value(23).toInt();
    c.raw = q.value(24).toString();
    const QByteArray history = q.value(25).toByteArray();
    if (history.size() > 2)
        c.history = scoreHistoryFromJson(history);
    if (!q.value(26).isNull())
        if (auto original = reviewCommentFromJson(q.value(26).toByteArray()))
            s.original = *original;
    s.created = timeFrom(q.value(27));
    s.reference = q.value(28).toInt() != 0;
    s.exchange = q.value(29).toByteArray();
    s.version = q.value(30).toLongLong();
    c.issueOriginal = q.value(31).toString();
    c.rootCauseOriginal = q.value(32).toString();
    c.fixOriginal = q.value(33).toString();
    c.translationLanguage = q.value(34).toString();
    return s;
}

const char *const judgementColumns =
    "j.comment, a.name, j.verdict, j.q1, j.q2, j.q3, j.category, j.context, j.key_bug, j.tag, j.thumbs, j.critique, j.time_spent, j.updated";

inline Judgement judgementFrom(const QSqlQuery &q)
{
    Judgement j;
    j.comment = q.value(0).toLongLong();
    j.annotator = q.value(1).toString();
    if (!q.value(2).isNull())
        j.verdict = verdictFromName(q.value(2).toString());
    j.q1Nitpick = optionalFrom<int>(q.value(3));
    j.q2Fake = optionalFrom<int>(q.value(4));
    j.q3Severity = optionalFrom<int>(q.value(5));
    j.category = optionalFrom<QString>(q.value(6));
    if (!q.value(7).isNull())
        j.context = contextLevelFromName(q.value(7).toString());
    if (!q.value(8).isNull())
        j.keyBug = q.value(8).toInt() != 0;
    j.tag = optionalFrom<QString>(q.value(9));
    if (!q.value(10).isNull())
        j.thumbs = thumbsFromName(q.value(10).toString());
    j.critique = optionalFrom<QString>(q.value(11));
    j.timeSpentMs = optionalFrom<qint64>(q.value(12));
    j.updated = timeFrom(q.value(13));
    return j;
}

inline void merge(Judgement &into, const Judgement &change)
{
    const auto take = [](auto &to, const auto &from) {
        if (from)
            to = from;
    };
    take(into.verdict, change.verdict);
    take(into.q1Nitpick, change.q1Nitpick);
    take(into.q2Fake, change.q2Fake);
    take(into.q3Severity, change.q3Severity);
    take(into.category, change.category);
    take(into.context, change.context);
    take(into.keyBug, change.keyBug);
    take(into.tag, change.tag);
    take(into.thumbs, change.thumbs);
    take(into.critique, change.critique);
    take(into.timeSpentMs, change.timeSpentMs);
}

inline void clearField(Judgement &j, JudgementField f)
{
    switch (f) {
    case JudgementField::Verdict: j.verdict.reset(); break;
    case JudgementField::Q1Nitpick: j.q1Nitpick.reset(); break;
    case JudgementField::Q2Fake: j.q2Fake.reset(); break;
    case JudgementField::Q3Severity: j.q3Severity.reset(); break;
    case JudgementField::Category: j.category.reset(); break;
    case JudgementField::Context: j.context.reset(); break;
    case JudgementField::KeyBug: j.keyBug.reset(); break;
    case JudgementField::Tag: j.tag.reset(); break;
    case JudgementField::Thumbs: j.thumbs.reset(); break;
    case JudgementField::Critique: j.critique.reset(); break;
    case JudgementField::TimeSpent: j.timeSpentMs.reset(); break;
    }
}

inline QStringList changedFields(const Judgement &change, const QList<JudgementField> &clear)
{
    QStringList fields;
    const std::pair<bool, JudgementField> set[] = {
        {change.verdict.has_value(), JudgementField::Verdict},     {change.q1Nitpick.has_value(), JudgementField::Q1Nitpick},
        {change.q2Fake.has_value(), JudgementField::Q2Fake},       {change.q3Severity.has_value(), JudgementField::Q3Severity},
        {change.category.has_value(), JudgementField::Category},   {change.context.has_value(), JudgementField::Context},
        {change.keyBug.has_value(), JudgementField::KeyBug},       {change.tag.has_value(), JudgementField::Tag},
        {change.thumbs.has_value(), JudgementField::Thumbs},       {change.critique.has_value(), JudgementField::Critique},
        {change.timeSpentMs.has_value(), JudgementField::TimeSpent}};
    for (const auto &[isSet, field] : set)
        if ((isSet || clear.contains(field)) && !fields.contains(judgementFieldName(field)))
            fields << judgementFieldName(field);
    return fields;
}

inline std::atomic<int> connectionCounter{0};

// Every row a read produced, each made into a value by `from`; the read's error otherwise.
template <typename Value, typename From>
Result<QList<Value>> allRows(Result<QSqlQuery> query, From from)
{
    if (!query)
        return query.error();
    QList<Value> out;
    while (query->next())
        out.append(from(*query));
    return out;
}

// The one row a read by id produced, made into a value by `from`; NOT_FOUND
// (a usage error) when there is none, the read's error otherwise.
template <typename Value, typename From>
Result<Value> oneRow(Result<QSqlQuery> query, const QString &notFound, From from)
{
    if (!query)
        return query.error();
    if (!query->next())
        return usage(notFound);
    return from(*query);
}

// The database behind the store. The SQL is shared; what differs between
// the two (error codes, how a writer takes the lock, how a new row's id is
// read, where the schema version lives) is asked of the backend.
enum class Backend { Sqlite, Postgres };

// A key for PostgreSQL's advisory locks: one writer at a time (the store's
// read-then-write steps rely on it, as they do on SQLite's write lock).
constexpr qint64 PostgresWriterLock = 0x5244'5752'4954'4552; // "RDWRITER"

// PostgreSQL's failures in the user's words (models/PostgresWorkspace.cpp).
Error postgresError(const QSqlError &e, const QString &doing, const QString &location);

} // namespace sqlstore

using namespace sqlstore;

struct SqlWorkspaceStore::Private
{
    QString path; // the file, or the server's address without any password
    QString connection;
    QSqlDatabase db;
    int openedAt = 0;
    Backend backend = Backend::Sqlite;
    bool claimsWatched = false; // LISTENing for finished claims (waitForClaims)
    // pg_notify statements of the open write transaction, sent together
    // with its COMMIT (one round trip for both).
    mutable QStringList pendingNotices;

    bool postgres() const { return backend == Backend::Postgres; }
    // Tells the other clients of a server what this transaction changed
    // (sent on commit); nothing on SQLite.
    void notifyChange(const WorkspaceChange &change) const;

    ~Private()
    {
        if (db.isValid())
            db.close();
        db = QSqlDatabase();
        if (!connection.isEmpty())
            QSqlDatabase::removeDatabase(connection);
    }

    // The message for a failed statement: what the user can do about it.
    Error error(const QSqlError &e, const QString &doing) const
    {
        if (postgres())
            return postgresError(e, doing, path);
        const QString name = QDir::toNativeSeparators(path);
        switch (sqliteCode(e)) {
        case Busy:
        case Locked:
            return {Error::Kind::Workspace,
                    QCoreApplication::translate("rd::models", "%1 is locked by another program that is using it (for more than %2 s); close that program or wait, and try again")
                        .arg(name)
                        .arg(BusyTimeoutMs / 1000)};
        case ReadOnly:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "%1 is read-only; copy it somewhere writable or change its permissions").arg(name)};
        case Corrupt:
        case NotADb:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "%1 is damaged (%2); open a backup or make a new workspace").arg(name, e.databaseText())};
        case Full: return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot write %1: the disk is full").arg(name)};
        case CantOpen:
        case IoError:
            return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: the file or its folder cannot be read or written (%3)").arg(doing, name, e.databaseText())};
        default: break;
        }
        return {Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: %3").arg(doing, name, e.text())};
    }

    Result<QSqlQuery> exec(const QString &sql, const QVariantList &values, const QString &doing) const
    {
        QSqlQuery q(db);
        q.setForwardOnly(true);
        if (postgres() && !values.isEmpty()) {
            auto written = withValues(sql, values);
            if (!written)
                return Error{Error::Kind::Internal, QCoreApplication::translate("rd::models", "cannot %1 in %2: %3").arg(doing, path, written.error().message)};
            if (!q.exec(*written))
                return error(q.lastError(), doing);
            return q;
        }
        if (!q.prepare(sql))
            return error(q.lastError(), doing);
        for (const QVariant &v : values)
            q.addBindValue(bindable(v));
        if (!q.exec())
            return error(q.lastError(), doing);
        return q;
    }

    // A statement with its values written in, for PostgreSQL: QPSQL runs a
    // prepared statement as PREPARE, EXECUTE with the values written in by
    // the driver's formatValue(), and DEALLOCATE — three round trips to the
    // server where one does. The values are formatted exactly as QPSQL's
    // EXECUTE formats them (the driver's escaping); only the `?` of the
    // statement itself are replaced, never one inside a quoted literal or
    // inside a value.
    Result<QString> withValues(const QString &sql, const QVariantList &values) const
    {
        QString out;
        out.reserve(sql.size() + values.size() * 8);
        qsizetype next = 0;
        qsizetype places = 0;
        QChar quote;
        for (const QChar c : sql) {
            if (!quote.isNull()) {
                if (c == quote)
                    quote = QChar();
                out += c;
            } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                quote = c;
                out += c;
            } else if (c == QLatin1Char('?')) {
                if (++places > values.size())
                    continue;
                const QVariant v = bindable(values[next++]);
                QSqlField field(QString(), v.metaType());
                if (!v.isNull())
                    field.setValue(v);
                out += db.driver()->formatValue(field);
            } else {
                out += c;
            }
        }
        if (places != values.size())
            return Error{Error::Kind::Internal, QStringLiteral("the statement has %1 places for %2 values: %3").arg(places).arg(values.size()).arg(sql)};
        return out;
    }

    Result<QSqlQuery> exec(const QString &sql, std::initializer_list<QVariant> values, const QString &doing) const
    {
        return exec(sql, QVariantList(values), doing);
    }

    Result<QSqlQuery> exec(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
    {
        return exec(QString::fromLatin1(sql), values, doing);
    }

    // An INSERT into a table with an `id` column; the new row's id. SQLite
    // tells the last row id; PostgreSQL says it with RETURNING.
    Result<qint64> insert(const QString &sql, const QVariantList &values, const QString &doing) const
    {
        if (!postgres()) {
            auto q = exec(sql, values, doing);
            if (!q)
                return q.error();
            return q->lastInsertId().toLongLong();
        }
        auto q = exec(sql + QStringLiteral(" RETURNING id"), values, doing);
        if (!q)
            return q.error();
        if (!q->next())
            return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "cannot %1 in %2: the server did not say the new row's id").arg(doing, path)};
        return q->value(0).toLongLong();
    }

    Result<qint64> insert(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
    {
        return insert(QString::fromLatin1(sql), QVariantList(values), doing);
    }

    Result<bool> execAll(const QStringList &statements, const QString &doing) const
    {
        for (const QString &sql : statements) {
            QSqlQuery q(db);
            if (!q.exec(sql))
                return error(q.lastError(), doing);
        }
        return true;
    }

    // The single value of a one-row query; an invalid QVariant when no row.
    Result<QVariant> scalar(const char *sql, std::initializer_list<QVariant> values, const QString &doing) const
    {
        auto q = exec(sql, values, doing);
        if (!q)
            return q.error();
        return q->next() ? q->value(0) : QVariant();
    }

    Result<std::optional<qint64>> annotatorId(const QString &name) const
    {
        auto id = scalar("SELECT id FROM annotators WHERE name = ?", {name}, QCoreApplication::translate("rd::models", "read the annotators"));
        if (!id)
            return id.error();
        return id->isValid() ? std::optional<qint64>(id->toLongLong()) : std::nullopt;
    }

    // Inside a write transaction.
    Result<qint64> ensureAnnotator(const QString &name)
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

    Result<bool> requireMergeRequest(qint64 id) const
    {
        auto found = scalar("SELECT id FROM merge_requests WHERE id = ?", {id}, QCoreApplication::translate("rd::models", "read the merge requests"));
        if (!found)
            return found.error();
        if (!found->isValid())
            return usage(QCoreApplication::translate("rd::models", "no merge request %1 in this workspace").arg(id));
        return true;
    }

    Result<StoredComment> readComment(qint64 id, bool includeRemoved) const
    {
        auto q = exec(QStringLiteral("SELECT %1, c.removed FROM comments c WHERE c.id = ?").arg(QLatin1String(commentColumns)), {id},
                      QCoreApplication::translate("rd::models", "read the comment"));
        if (!q)
            return q.error();
        if (!q->next() || (!includeRemoved && q->value(35).toInt() != 0)) // c.removed, after commentColumns
            return usage(QCoreApplication::translate("rd::models", "no comment %1 in this workspace").arg(id));
        return commentFrom(*q);
    }

    Result<qint64> insertComment(qint64 mergeRequest, std::optional<qint64> run, CommentOrigin origin, const QString &author,
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
                                  QVariant(c.translationLanguage)})
            values << v;
        return insert(QStringLiteral(
                          "INSERT INTO comments (merge_request, run, origin, author, run_comment_id, file, side, line_start, line_end, line_valid,"
                          " issue, root_cause, fix, example, category, q1, q2, q3, reviewers, kept, dropped_at, merged_into, slice, raw,"
                          " score_history, created, issue_original, root_cause_original, fix_original, translation_language)"
                          " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
                      values, QCoreApplication::translate("rd::models", "store a comment"));
    }

    Result<std::optional<Judgement>> readJudgement(qint64 comment, qint64 annotator) const
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

    // Makes the stored judgement exactly `state` (none: no row).
    Result<bool> writeJudgement(qint64 comment, qint64 annotator, const std::optional<Judgement> &state)
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
                      " thumbs = ?, critique = ?, time_spent = ?, updated = ? WHERE comment = ? AND annotator = ?",
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

    // A new step for undo; the steps that could have been redone are gone.
    Result<bool> record(qint64 annotator, HistoryAction action, qint64 comment, const QStringList &fields, const QVariant &before,
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

    // Puts back one side (before or after) of a history step.
    Result<bool> restore(HistoryAction action, qint64 comment, qint64 annotator, const QVariant &state)
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

    Result<std::optional<HistoryEntry>> historyStep(const QString &annotator, bool forUndo) const
    {
        const char *sql = forUndo ? "SELECT h.id, h.action, h.comment, h.fields, h.at, h.before_state FROM history h"
                                    " JOIN annotators a ON a.id = h.annotator WHERE a.name = ? AND h.undone = 0 ORDER BY h.id DESC LIMIT 1"
                                  : "SELECT h.id, h.action, h.comment, h.fields, h.at, h.after_state FROM history h"
                                    " JOIN annotators a ON a.id = h.annotator WHERE a.name = ? AND h.undone = 1 ORDER BY h.id ASC LIMIT 1";
        auto q = exec(sql, {annotator}, QCoreApplication::translate("rd::models", "read the undo history"));
        if (!q)
            return q.error();
        if (!q->next())
            return std::optional<HistoryEntry>();
        HistoryEntry e;
        e.id = q->value(0).toLongLong();
        e.annotator = annotator;
        e.action = historyActionFromName(q->value(1).toString()).value_or(HistoryAction::Judge);
        e.comment = q->value(2).toLongLong();
        e.fields = q->value(3).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
        e.at = timeFrom(q->value(4));
        return std::optional<HistoryEntry>(e);
    }
};

namespace sqlstore {

// BEGIN IMMEDIATE takes the write lock at once, so a second process waits
// (busy time-out) at the start instead of failing when it upgrades a read.
// On PostgreSQL a transaction-scoped advisory lock does the same: writers
// take turns, readers never wait (schema migrations take it too).
class WriteTransaction
{
public:
    explicit WriteTransaction(SqlWorkspaceStore::Private &d) : m_d(d) {}
    ~WriteTransaction()
    {
        m_d.pendingNotices.clear();
        if (m_active)
            QSqlQuery(m_d.db).exec(QStringLiteral("ROLLBACK"));
    }
    WriteTransaction(const WriteTransaction &) = delete;
    WriteTransaction &operator=(const WriteTransaction &) = delete;

    Result<bool> begin(const QString &doing)
    {
        QSqlQuery q(m_d.db);
        m_d.pendingNotices.clear();
        if (m_d.postgres()) {
            // BEGIN and the writers' lock in one round trip to the server.
            m_active = true;
            if (!q.exec(QStringLiteral("BEGIN; SELECT pg_advisory_xact_lock(%1)").arg(PostgresWriterLock)))
                return m_d.error(q.lastError(), doing);
            return true;
        }
        if (!q.exec(QStringLiteral("BEGIN IMMEDIATE")))
            return m_d.error(q.lastError(), doing);
        m_active = true;
        return true;
    }

    Result<bool> commit(const QString &doing)
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

private:
    SqlWorkspaceStore::Private &m_d;
    bool m_active = false;
};

} // namespace sqlstore


} // namespace rd
