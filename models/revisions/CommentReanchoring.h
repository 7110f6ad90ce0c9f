#pragma once

#include <Result.h>
#include <Workspace.h>

#include <QList>
#include <QString>

namespace rd {

// What re-anchoring did with each comment of a merge request.
struct Reanchoring
{
    QList<CommentAnchorChange> changes; // one per located comment, for WorkspaceStore::addRevision
    QList<qint64> unchanged;
    QList<qint64> moved;
    QList<qint64> outdated;
    QList<qint64> notLocated; // no lines to follow (lineValid false): stay as they are
};

// Maps every comment of `comments` (not outdated ones) from revision `from`
// to revision `to` of a merge request in the repository at `repositoryPath`.
// New-side comments follow the diff from `from`'s head to `to`'s head;
// old-side comments follow the diff between the two revisions' diff bases
// (the merge base, or the base when two-dot), and stay when that did not
// move. Renames are followed; a comment whose lines were changed or deleted
// is outdated with the text its lines held in `from`. Judgements are keyed by
// comment id and never touched.
Result<Reanchoring> reanchorComments(const QString &repositoryPath, const MergeRequestRevision &from, const MergeRequestRevision &to,
                                     bool twoDot, const QList<StoredComment> &comments);

} // namespace rd
