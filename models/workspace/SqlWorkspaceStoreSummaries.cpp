// The browser's list of merge requests (issue 25): one summary per merge
// request in five set-based queries (GROUP BY over the whole workspace), so
// that 1,000 merge requests with 200,000 comments read as fast as ten. The
// same SQL runs on SQLite and PostgreSQL.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QHash>

namespace rd {

namespace {

// "WHERE"/"AND" plus the merge request's condition, when only one is asked for.
QString onlyOne(const std::optional<qint64> &mergeRequest, const char *column, QVariantList &values, const char *joiner)
{
    if (!mergeRequest)
        return {};
    values << *mergeRequest;
    return QStringLiteral(" %1 %2 = ?").arg(QLatin1String(joiner), QLatin1String(column));
}

} // namespace

Result<QList<MergeRequestSummary>> SqlWorkspaceStore::mergeRequestSummaries(const QString &annotator, std::optional<qint64> mergeRequest) const
{
    const QString doing = QCoreApplication::translate("rd::models", "list the merge requests");
    QList<MergeRequestSummary> out;
    QHash<qint64, qsizetype> row; // merge request -> index in out

    // 1. The merge requests, their comments by origin and the annotator's verdicts.
    QVariantList values{annotator};
    QString sql = QStringLiteral(
        "SELECT m.id, m.title, m.repository, m.language, m.pr_category, m.url, m.code_linked,"
        " COUNT(c.id),"
        " SUM(CASE WHEN c.origin = 'generated' THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN c.origin = 'generated' AND c.kept <> 0 THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN c.origin = 'human' THEN 1 ELSE 0 END),"
        " COUNT(j.verdict)"
        " FROM merge_requests m"
        " LEFT JOIN comments c ON c.merge_request = m.id AND c.removed = 0"
        " LEFT JOIN judgements j ON j.comment = c.id AND j.annotator = (SELECT id FROM annotators WHERE name = ?)");
    sql += onlyOne(mergeRequest, "m.id", values, "WHERE");
    sql += QStringLiteral(" GROUP BY m.id, m.title, m.repository, m.language, m.pr_category, m.url, m.code_linked ORDER BY m.id");
    auto q = d->exec(sql, values, doing);
    if (!q)
        return q.error();
    while (q->next()) {
        MergeRequestSummary s;
        s.id = q->value(0).toLongLong();
        s.title = q->value(1).toString();
        s.repository = q->value(2).toString();
        s.language = q->value(3).toString();
        s.prCategory = q->value(4).toString();
        s.url = q->value(5).toString();
        s.codeLinked = q->value(6).toInt() != 0;
        s.total = q->value(7).toInt();
        s.generated = q->value(8).toInt(); // SUM over no rows is NULL: 0
        s.kept = q->value(9).toInt();
        s.human = q->value(10).toInt();
        s.judged = q->value(11).toInt();
        row.insert(s.id, out.size());
        out << s;
    }
    q->finish();

    // 2. Everyone else's verdicts, per merge request and annotator.
    values = {annotator};
    sql = QStringLiteral("SELECT c.merge_request, a.name, COUNT(*) FROM judgements j"
                         " JOIN comments c ON c.id = j.comment AND c.removed = 0"
                         " JOIN annotators a ON a.id = j.annotator"
                         " WHERE j.verdict IS NOT NULL AND a.name <> ?");
    sql += onlyOne(mergeRequest, "c.merge_request", values, "AND");
    sql += QStringLiteral(" GROUP BY c.merge_request, a.name ORDER BY c.merge_request, a.name");
    q->finish();
    q = d->exec(sql, values, doing);
    if (!q)
        return q.error();
    while (q->next())
        if (const auto it = row.constFind(q->value(0).toLongLong()); it != row.constEnd()) {
            MergeRequestSummary &s = out[*it];
            s.others.append({q->value(1).toString(), q->value(2).toInt()});
            s.othersCount = static_cast<int>(s.others.size());
        }
    q->finish();

    // 3. The team's assignments.
    values.clear();
    sql = QStringLiteral("SELECT g.merge_request, a.name FROM gt_assignments g JOIN annotators a ON a.id = g.annotator");
    sql += onlyOne(mergeRequest, "g.merge_request", values, "WHERE");
    sql += QStringLiteral(" ORDER BY g.merge_request, a.name");
    auto others = d->exec(sql, values, doing);
    if (!others)
        return others.error();
    while (others->next())
        if (const auto it = row.constFind(others->value(0).toLongLong()); it != row.constEnd())
            out[*it].assigned << others->value(1).toString();
    others->finish();

    // 4. Comments whose annotators disagree (gt_disagreements) and that have no final label yet.
    values.clear();
    sql = QStringLiteral("SELECT c.merge_request, COUNT(*) FROM gt_disagreements x"
                         " JOIN comments c ON c.id = x.comment AND c.removed = 0"
                         " WHERE NOT EXISTS (SELECT 1 FROM gt_adjudications g WHERE g.comment = x.comment)");
    sql += onlyOne(mergeRequest, "c.merge_request", values, "AND");
    sql += QStringLiteral(" GROUP BY c.merge_request");
    auto assigned = d->exec(sql, values, doing);
    if (!assigned)
        return assigned.error();
    while (assigned->next())
        if (const auto it = row.constFind(assigned->value(0).toLongLong()); it != row.constEnd()) {
            out[*it].disagreements = assigned->value(1).toInt();
            out[*it].adjudication = MergeRequestSummary::Adjudication::NeedsAdjudication;
        }
    assigned->finish();

    // 5. Final labels given: adjudicated where nothing waits any more.
    values.clear();
    sql = QStringLiteral("SELECT DISTINCT c.merge_request FROM gt_adjudications g JOIN comments c ON c.id = g.comment AND c.removed = 0");
    sql += onlyOne(mergeRequest, "c.merge_request", values, "WHERE");
    auto disagreeing = d->exec(sql, values, doing);
    if (!disagreeing)
        return disagreeing.error();
    while (disagreeing->next())
        if (const auto it = row.constFind(disagreeing->value(0).toLongLong()); it != row.constEnd() && out[*it].disagreements == 0)
            out[*it].adjudication = MergeRequestSummary::Adjudication::Adjudicated;
    return out;
}

} // namespace rd
