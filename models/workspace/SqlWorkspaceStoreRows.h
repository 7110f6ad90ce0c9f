#pragma once

// The workspace store's rows as values and back: the columns it reads, times,
// NULLs and the texts of a history step. Internal to models/, shared by the
// store's parts (SqlWorkspaceStorePrivate.h).

#include "Result.h"
#include "Workspace.h"

#include <QDateTime>
#include <QList>
#include <QSqlQuery>
#include <QStringList>
#include <QTimeZone>
#include <QVariant>

#include <optional>

namespace rd::sqlstore {

inline qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

// Built in UTC directly: a local QDateTime first (then toUTC) costs a glibc
// tzset, which stats /etc/localtime, for every row read (a tenth of reading
// 200,000 comments). The value is the same; display converts where shown.
inline QDateTime timeFrom(const QVariant &v)
{
    if (v.isNull())
        return {};
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
    // Qt 6.5 made a time spec deprecated; QTimeZone::UTC is its light equivalent.
    return QDateTime::fromMSecsSinceEpoch(v.toLongLong(), QTimeZone(QTimeZone::UTC));
#else
    return QDateTime::fromMSecsSinceEpoch(v.toLongLong(), Qt::UTC);
#endif
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

// The workspace cannot do what was asked (opening, a statement, a copy).
inline Error workspaceError(const QString &message)
{
    return Error{Error::Kind::Workspace, message};
}

// The reviewers of a comment as a column holds them: "1,3".
QString reviewersText(const QList<int> &reviewers);
QList<int> reviewersFrom(const QString &text);

// What a history step restores for an edit: the text, the lines and whether
// an original had been kept yet; for adding or removing a human comment,
// whether it is removed.
QByteArray editState(const ReviewComment &c, const QVariant &original);
QByteArray removedState(bool removed);

const char *const commentColumns =
    "c.id, c.merge_request, c.run, c.origin, c.author, c.run_comment_id, c.file, c.side, c.line_start, c.line_end,"
    " c.line_valid, c.issue, c.root_cause, c.fix, c.example, c.category, c.q1, c.q2, c.q3, c.reviewers, c.kept,"
    " c.dropped_at, c.merged_into, c.slice, c.raw, c.score_history, c.original, c.created, c.is_reference, c.exchange_record, c.row_version,"
    " c.issue_original, c.root_cause_original, c.fix_original, c.translation_language,"
    " c.pipeline, c.tag, c.function_name, c.judge_score, c.judge_reason,"
    " c.revision, c.outdated, c.outdated_in, c.outdated_text";

// A comment from a row that starts with commentColumns.
StoredComment commentFrom(const QSqlQuery &q);

const char *const judgementColumns =
    "j.comment, a.name, j.verdict, j.q1, j.q2, j.q3, j.category, j.context, j.key_bug, j.tag, j.thumbs, j.critique, j.time_spent, j.updated, j.row_version";

// A judgement from a row that starts with judgementColumns.
Judgement judgementFrom(const QSqlQuery &q);

// A change whose expectedVersion is not the stored judgement's version any
// more (another window or process changed it): the Conflict that refuses it.
std::optional<Error> staleJudgement(const Judgement &change, const std::optional<Judgement> &stored);

// The columns of a history step (`history h`) historyEntryFrom reads, in its order.
const char *const historyColumns = "h.id, h.action, h.comment, h.fields, h.at";

// One of `annotator`'s history steps from a row that starts with historyColumns.
HistoryEntry historyEntryFrom(const QSqlQuery &q, const QString &annotator);

// Takes the fields `change` sets into `into`.
void merge(Judgement &into, const Judgement &change);
void clearField(Judgement &j, JudgementField f);

// The names of the fields a judgement sets or clears, for its history step.
QStringList changedFields(const Judgement &change, const QList<JudgementField> &clear);

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

} // namespace rd::sqlstore
