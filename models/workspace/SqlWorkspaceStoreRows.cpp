#include "SqlWorkspaceStoreRows.h"

#include "WorkspaceJson.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace rd::sqlstore {

QString reviewersText(const QList<int> &reviewers)
{
    QStringList parts;
    for (int r : reviewers)
        parts << QString::number(r);
    return parts.join(QLatin1Char(','));
}

QList<int> reviewersFrom(const QString &text)
{
    QList<int> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts))
        out << part.toInt();
    return out;
}

// What a history step restores for an edit: the text, the lines and whether
// an original had been kept yet.
QByteArray editState(const ReviewComment &c, const QVariant &original)
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

QByteArray removedState(bool removed)
{
    return removed ? QByteArrayLiteral("{\"removed\":true}") : QByteArrayLiteral("{\"removed\":false}");
}

HistoryEntry historyEntryFrom(const QSqlQuery &q, const QString &annotator)
{
    HistoryEntry e;
    e.id = q.value(0).toLongLong();
    e.annotator = annotator;
    e.action = historyActionFromName(q.value(1).toString()).value_or(HistoryAction::Judge);
    e.comment = q.value(2).toLongLong();
    e.fields = q.value(3).toString().split(QLatin1Char(','), Qt::SkipEmptyParts);
    e.at = timeFrom(q.value(4));
    return e;
}

StoredComment commentFrom(const QSqlQuery &q)
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
    c.pipeline = q.value(35).toString();
    c.tag = q.value(36).toString();
    c.function = q.value(37).toString();
    c.judgeScore = q.value(38).toInt();
    c.judgeReason = q.value(39).toString();
    s.revision = q.value(40).toInt();
    s.outdated = q.value(41).toInt() != 0;
    s.outdatedIn = q.value(42).toInt();
    s.outdatedText = q.value(43).toString();
    return s;
}

Judgement judgementFrom(const QSqlQuery &q)
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
    j.version = q.value(14).toLongLong();
    return j;
}

// A change made from a version of the judgement that is not the stored one
// any more: refused, naming who changed it and when, so that the newer
// judgement is never overwritten by an older one.
std::optional<Error> staleJudgement(const Judgement &change, const std::optional<Judgement> &stored)
{
    const qint64 now = stored ? stored->version : 0;
    if (!change.expectedVersion || *change.expectedVersion == now)
        return std::nullopt;
    const QString who = change.annotator.trimmed();
    const QString message = stored
        ? QCoreApplication::translate("rd::models", "the judgement of comment %1 by %2 was changed elsewhere (another window or reviewdesk-cli) at %3;"
                                                    " the newer judgement is kept and this change was not stored")
              .arg(change.comment)
              .arg(who, stored->updated.toUTC().toString(Qt::ISODate))
        : QCoreApplication::translate("rd::models", "the judgement of comment %1 by %2 was cleared elsewhere (another window or reviewdesk-cli);"
                                                    " this change was not stored")
              .arg(change.comment)
              .arg(who);
    return Error{Error::Kind::Conflict, message};
}

void merge(Judgement &into, const Judgement &change)
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

void clearField(Judgement &j, JudgementField f)
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

QStringList changedFields(const Judgement &change, const QList<JudgementField> &clear)
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

} // namespace rd::sqlstore
