// The evaluation's part of the SQL workspace store: which comments are reference
// issues, and annotators' explicit links from a comment to the reference it finds.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

Result<bool> SqlWorkspaceStore::setReference(qint64 comment, bool reference)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "mark the reference issue");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->readComment(comment, false); !found)
        return found.error();
    if (auto q = d->exec("UPDATE comments SET is_reference = ? WHERE id = ?", {reference ? 1 : 0, comment}, doing); !q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<bool> SqlWorkspaceStore::linkToReference(qint64 comment, qint64 reference, const QString &annotator)
{
    if (comment == reference)
        return usage(QCoreApplication::translate("rd::models", "comment %1 cannot be linked to itself").arg(comment));
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "link the comment to the reference");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto from = d->readComment(comment, false);
    if (!from)
        return from.error();
    auto to = d->readComment(reference, false);
    if (!to)
        return to.error();
    if (from->mergeRequest != to->mergeRequest)
        return usage(QCoreApplication::translate("rd::models", "comment %1 and reference %2 belong to different merge requests").arg(comment).arg(reference));
    auto existing = d->scalar("SELECT comment FROM eval_links WHERE comment = ? AND reference_comment = ?", {comment, reference}, doing);
    if (!existing)
        return existing.error();
    if (!existing->isValid()) {
        if (auto q = d->exec("INSERT INTO eval_links (comment, reference_comment, annotator, created) VALUES (?, ?, ?, ?)",
                             {comment, reference, annotator.trimmed(), nowMs()}, doing);
            !q)
            return q.error();
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<bool> SqlWorkspaceStore::unlinkFromReference(qint64 comment, qint64 reference)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "remove the link to the reference");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto q = d->exec("DELETE FROM eval_links WHERE comment = ? AND reference_comment = ?", {comment, reference}, doing);
    if (!q)
        return q.error();
    const bool removed = q->numRowsAffected() > 0;
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return removed;
}

Result<QList<ReferenceLink>> SqlWorkspaceStore::referenceLinks(std::optional<qint64> mergeRequest) const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the links to references");
    auto q = mergeRequest ? d->exec("SELECT l.comment, l.reference_comment, l.annotator, l.created FROM eval_links l JOIN comments c ON c.id = l.comment"
                                    " WHERE c.merge_request = ? ORDER BY l.comment, l.reference_comment",
                                    {*mergeRequest}, doing)
                          : d->exec("SELECT comment, reference_comment, annotator, created FROM eval_links ORDER BY comment, reference_comment", {}, doing);
    return allRows<ReferenceLink>(std::move(q), [](QSqlQuery &row) {
        return ReferenceLink{row.value(0).toLongLong(), row.value(1).toLongLong(), row.value(2).toString(), timeFrom(row.value(3))};
    });
}

} // namespace rd
