// The revisions part of the SQL workspace store (issue 24): a merge request's
// revisions (patch sets), comments moved to a new revision or outdated by
// it, and the annotators' "addressed?" answers.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

namespace {

MergeRequestRevision revisionFrom(const QSqlQuery &q)
{
    MergeRequestRevision r;
    r.mergeRequest = q.value(0).toLongLong();
    r.number = q.value(1).toInt();
    r.baseSha = q.value(2).toString();
    r.headSha = q.value(3).toString();
    r.mergeBaseSha = q.value(4).toString();
    r.baseSpec = q.value(5).toString();
    r.headSpec = q.value(6).toString();
    r.source = q.value(7).toString();
    r.created = timeFrom(q.value(8));
    return r;
}

} // namespace

Result<QList<MergeRequestRevision>> SqlWorkspaceStore::revisions(qint64 mergeRequest) const
{
    auto q = d->exec("SELECT merge_request, number, base_sha, head_sha, merge_base_sha, base_spec, head_spec, source, created"
                     " FROM mr_revisions WHERE merge_request = ? ORDER BY number",
                     {mergeRequest}, QCoreApplication::translate("rd::models", "read the revisions"));
    return allRows<MergeRequestRevision>(std::move(q), [](QSqlQuery &row) { return revisionFrom(row); });
}

Result<bool> SqlWorkspaceStore::addRevision(const MergeRequestRevision &revision, const QList<CommentAnchorChange> &anchors)
{
    if (revision.baseSha.isEmpty() || revision.headSha.isEmpty() || revision.number < 1)
        return usage(QCoreApplication::translate("rd::models", "a revision needs a number, a base and a head commit"));
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "record the revision");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto entry = mergeRequest(revision.mergeRequest);
    if (!entry)
        return entry.error();
    auto latest = d->scalar("SELECT COALESCE(MAX(number), 0) FROM mr_revisions WHERE merge_request = ?", {revision.mergeRequest}, doing);
    if (!latest)
        return latest.error();
    // The comments were re-anchored from the revision the caller read; one
    // recorded meanwhile (another window, another `mr update`) moved them
    // already.
    if (latest->toInt() + 1 != revision.number)
        return Error{Error::Kind::Conflict, QCoreApplication::translate("rd::models", "merge request %1 is at revision %2 now, not %3; update it again")
                                                .arg(revision.mergeRequest)
                                                .arg(latest->toInt())
                                                .arg(revision.number - 1)};
    const QString base = revision.baseSpec.isEmpty() ? entry->base : revision.baseSpec;
    const QString head = revision.headSpec.isEmpty() ? entry->head : revision.headSpec;
    if (base != entry->base || head != entry->head) {
        // merge_requests is UNIQUE (repository, base, head, two_dot).
        auto other = d->scalar("SELECT id FROM merge_requests WHERE repository = ? AND base = ? AND head = ? AND two_dot = ? AND id <> ?",
                               {entry->repository, base, head, entry->twoDot ? 1 : 0, entry->id}, doing);
        if (!other)
            return other.error();
        if (other->isValid())
            return Error{Error::Kind::Conflict, QCoreApplication::translate("rd::models", "merge request %1 of this workspace already compares %2 with %3 in %4")
                                                    .arg(other->toLongLong())
                                                    .arg(base, head, entry->repository)};
        if (auto q = d->exec("UPDATE merge_requests SET base = ?, head = ? WHERE id = ?", {base, head, entry->id}, doing); !q)
            return q.error();
    }
    if (auto q = d->exec("INSERT INTO mr_revisions (merge_request, number, base_sha, head_sha, merge_base_sha, base_spec, head_spec, source, created)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         {revision.mergeRequest, revision.number, revision.baseSha, revision.headSha, revision.mergeBaseSha, base, head,
                          revision.source.isEmpty() ? QStringLiteral("update") : revision.source,
                          revision.created.isValid() ? revision.created.toMSecsSinceEpoch() : nowMs()},
                         doing);
        !q)
        return q.error();
    // Comments re-anchoring did not name (no lines to follow) come along as they are.
    if (auto q = d->exec("UPDATE comments SET revision = ? WHERE merge_request = ? AND outdated = 0", {revision.number, revision.mergeRequest}, doing); !q)
        return q.error();
    for (const CommentAnchorChange &a : anchors) {
        auto q = a.outdated ? d->exec("UPDATE comments SET outdated = 1, outdated_in = ?, outdated_text = ?, line_valid = 0, revision = ?"
                                      " WHERE id = ? AND merge_request = ?",
                                      {revision.number, a.outdatedText, revision.number - 1, a.comment, revision.mergeRequest}, doing)
                            : d->exec("UPDATE comments SET file = ?, side = ?, line_start = ?, line_end = ? WHERE id = ? AND merge_request = ?",
                                      {a.file, a.side, a.lineStart, a.lineEnd, a.comment, revision.mergeRequest}, doing);
        if (!q)
            return q.error();
        if (q->numRowsAffected() != 1)
            return usage(QCoreApplication::translate("rd::models", "comment %1 is not a comment of merge request %2").arg(a.comment).arg(revision.mergeRequest));
        // Whether the new revision applied its suggested code (schema 14): kept with the revision that outdated it.
        if (a.outdated && a.suggestionApplied)
            if (auto s = d->exec("INSERT INTO suggestion_outcomes (comment, revision, applied) VALUES (?, ?, ?)",
                                 {a.comment, revision.number, *a.suggestionApplied ? 1 : 0}, doing);
                !s)
                return s.error();
    }
    d->notifyChange({QStringLiteral("comments"), 0, revision.mergeRequest, {}});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<bool> SqlWorkspaceStore::setAddressed(qint64 comment, const QString &annotator, std::optional<bool> addressed)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store whether the comment was addressed");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->readComment(comment, false); !found)
        return found.error();
    auto who = d->ensureAnnotator(annotator);
    if (!who)
        return who.error();
    if (auto q = d->exec("DELETE FROM comment_addressed WHERE comment = ? AND annotator = ?", {comment, *who}, doing); !q)
        return q.error();
    if (addressed)
        if (auto q = d->exec("INSERT INTO comment_addressed (comment, annotator, addressed, updated) VALUES (?, ?, ?, ?)",
                             {comment, *who, *addressed ? 1 : 0, nowMs()}, doing);
            !q)
            return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<QList<AddressedAnswer>> SqlWorkspaceStore::addressedAnswers(qint64 mergeRequest) const
{
    auto q = d->exec("SELECT x.comment, a.name, x.addressed, x.updated FROM comment_addressed x JOIN annotators a ON a.id = x.annotator"
                     " JOIN comments c ON c.id = x.comment WHERE c.merge_request = ? ORDER BY x.comment, a.name",
                     {mergeRequest}, QCoreApplication::translate("rd::models", "read the addressed answers"));
    return allRows<AddressedAnswer>(std::move(q), [](QSqlQuery &row) {
        return AddressedAnswer{row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toInt() != 0, timeFrom(row.value(3))};
    });
}

} // namespace rd
