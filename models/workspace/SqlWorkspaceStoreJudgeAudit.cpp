// People's audit decisions on the benchmark judges' matches (schema 16,
// issue 34, "People audit the judge"): one decision per annotator and
// (candidate comment, reference) pair.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

using namespace sqlstore;

namespace {

const char *const auditDecisionColumns = "x.merge_request, x.comment, x.reference_comment, x.decision, a.name, x.updated";

JudgeAuditDecision auditDecisionFrom(const QSqlQuery &row)
{
    JudgeAuditDecision d;
    d.mergeRequest = row.value(0).toLongLong();
    d.comment = row.value(1).toLongLong();
    d.reference = row.value(2).toLongLong();
    // The column holds only what addAuditDecision wrote; anything else reads
    // as unsure, which counts for no side.
    d.decision = auditDecisionFromName(row.value(3).toString()).value_or(AuditDecision::Unsure);
    d.annotator = row.value(4).toString();
    d.updated = timeFrom(row.value(5));
    return d;
}

} // namespace

Result<StoredAuditDecision> SqlWorkspaceStore::addAuditDecision(const JudgeAuditDecision &decision)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the audit decision");
    if (decision.annotator.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the annotator's name is empty"));
    if (decision.comment == decision.reference)
        return usage(QCoreApplication::translate("rd::models", "comment %1 is named as both the candidate and the reference").arg(decision.comment));
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    qint64 mergeRequest = 0;
    for (const qint64 id : {decision.comment, decision.reference}) {
        const bool isReference = id == decision.reference;
        auto row = d->exec("SELECT merge_request, is_reference, removed FROM comments WHERE id = ?", {id}, doing);
        if (!row)
            return row.error();
        if (!row->next() || row->value(2).toInt() != 0)
            return usage(isReference ? QCoreApplication::translate("rd::models", "no reference %1 in this workspace").arg(id)
                                     : QCoreApplication::translate("rd::models", "no comment %1 in this workspace").arg(id));
        const qint64 of = row->value(0).toLongLong();
        const bool reference = row->value(1).toInt() != 0;
        row->finish();
        if (isReference && !reference)
            return usage(QCoreApplication::translate("rd::models", "comment %1 is not a reference (golden comment)").arg(id));
        if (!isReference && reference)
            return usage(QCoreApplication::translate("rd::models", "comment %1 is a reference, not a reviewer's comment").arg(id));
        if (mergeRequest != 0 && of != mergeRequest)
            return usage(QCoreApplication::translate("rd::models", "reference %1 belongs to merge request %2, comment %3 to merge request %4")
                             .arg(id)
                             .arg(of)
                             .arg(decision.comment)
                             .arg(mergeRequest));
        mergeRequest = of;
    }
    if (decision.mergeRequest != 0 && decision.mergeRequest != mergeRequest)
        return usage(QCoreApplication::translate("rd::models", "comment %1 belongs to merge request %2, not %3").arg(decision.comment).arg(mergeRequest).arg(decision.mergeRequest));
    auto annotator = d->ensureAnnotator(decision.annotator.trimmed());
    if (!annotator)
        return annotator.error();
    StoredAuditDecision out;
    auto earlier = d->exec(QStringLiteral("SELECT %1 FROM judge_audit_decisions x JOIN annotators a ON a.id = x.annotator"
                                          " WHERE x.annotator = ? AND x.comment = ? AND x.reference_comment = ?")
                               .arg(QLatin1String(auditDecisionColumns)),
                           {*annotator, decision.comment, decision.reference}, doing);
    if (!earlier)
        return earlier.error();
    if (earlier->next())
        out.replaced = auditDecisionFrom(*earlier);
    earlier->finish();
    const qint64 when = decision.updated.isValid() ? decision.updated.toMSecsSinceEpoch() : nowMs();
    const QVariantList values{mergeRequest, auditDecisionName(decision.decision), when, *annotator, decision.comment, decision.reference};
    const QString sql = out.replaced ? QStringLiteral("UPDATE judge_audit_decisions SET merge_request = ?, decision = ?, updated = ?"
                                                      " WHERE annotator = ? AND comment = ? AND reference_comment = ?")
                                     : QStringLiteral("INSERT INTO judge_audit_decisions (merge_request, decision, updated, annotator, comment, reference_comment)"
                                                      " VALUES (?, ?, ?, ?, ?, ?)");
    if (auto q = d->exec(sql, values, doing); !q)
        return q.error();
    // No change notice: a decision changes nothing an open merge request shows.
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return out;
}

Result<QList<JudgeAuditDecision>> SqlWorkspaceStore::auditDecisions() const
{
    auto q = d->exec(QStringLiteral("SELECT %1 FROM judge_audit_decisions x JOIN annotators a ON a.id = x.annotator"
                                    " ORDER BY x.merge_request, x.comment, x.reference_comment, a.name")
                         .arg(QLatin1String(auditDecisionColumns)),
                     {}, QCoreApplication::translate("rd::models", "read the audit decisions"));
    return allRows<JudgeAuditDecision>(std::move(q), [](QSqlQuery &row) { return auditDecisionFrom(row); });
}

Result<bool> SqlWorkspaceStore::removeAuditDecision(const QString &annotator, qint64 comment, qint64 reference)
{
    return d->removeAnnotatorsRow(annotator, "judge_audit_decisions", "comment = ? AND reference_comment = ?", {comment, reference},
                                  QCoreApplication::translate("rd::models", "take back the audit decision"));
}

} // namespace rd
