// Comments that live on a code host too (schema 11): the host's id of each
// comment imported from or published to a pull request.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

#include <algorithm>

namespace rd {

using namespace sqlstore;

namespace {

QString directionName(RemoteComment::Direction direction)
{
    return direction == RemoteComment::Direction::Imported ? QStringLiteral("imported") : QStringLiteral("published");
}

Result<QSqlQuery> upsert(SqlWorkspaceStore::Private &d, const RemoteComment &remote, const QString &doing)
{
    // Both SQLite (3.24+) and PostgreSQL read this upsert alike.
    return d.exec("INSERT INTO remote_comments (comment, pull_request, remote_id, thread, direction, body_hash, revision, updated)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                     " ON CONFLICT (comment, pull_request) DO UPDATE SET remote_id = excluded.remote_id, thread = excluded.thread,"
                     " direction = excluded.direction, body_hash = excluded.body_hash, revision = excluded.revision, updated = excluded.updated",
                     {remote.comment, remote.pullRequest, remote.remoteId, remote.thread, directionName(remote.direction),
                      remote.bodyHash, remote.revision, remote.updated.isValid() ? timeValue(remote.updated) : QVariant(nowMs())},
                     doing);
}

QString recordDoing(const RemoteComment &remote)
{
    return QCoreApplication::translate("rd::models", "record comment %1 on %2").arg(QString::number(remote.comment), remote.pullRequest);
}

Result<bool> requireIds(const RemoteComment &remote, const QString &doing)
{
    if (remote.pullRequest.isEmpty() || remote.remoteId.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "cannot %1: the pull request and the host's id are needed").arg(doing)};
    return true;
}

} // namespace

Result<bool> SqlWorkspaceStore::setRemoteComment(const RemoteComment &remote)
{
    const QString doing = recordDoing(remote);
    if (auto named = requireIds(remote, doing); !named)
        return named.error();
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto q = upsert(*d, remote, doing); !q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<QList<qint64>> SqlWorkspaceStore::importHostComments(qint64 mergeRequest, const QList<HostCommentImport> &comments)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the host's comments");
    for (const HostCommentImport &c : comments)
        if (auto named = requireIds(c.remote, recordDoing(c.remote)); !named)
            return named.error();
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(mergeRequest); !found)
        return found.error();
    QList<qint64> ids;
    const qint64 now = nowMs();
    for (const HostCommentImport &c : comments) {
        // Checked inside the transaction: two programs opening the same pull
        // request at once still store each host comment once.
        auto known = d->exec("SELECT 1 FROM remote_comments WHERE pull_request = ? AND remote_id = ?", {c.remote.pullRequest, c.remote.remoteId}, doing);
        if (!known)
            return known.error();
        if (known->next()) {
            ids << 0;
            continue;
        }
        auto id = d->insertComment(mergeRequest, std::nullopt, CommentOrigin::Human, c.author, c.comment, now);
        if (!id)
            return id.error();
        RemoteComment remote = c.remote;
        remote.comment = *id;
        remote.direction = RemoteComment::Direction::Imported;
        if (auto q = upsert(*d, remote, doing); !q)
            return q.error();
        ids << *id;
    }
    if (auto stored = std::count_if(ids.cbegin(), ids.cend(), [](qint64 id) { return id != 0; }); stored > 0)
        d->notifyChange({QStringLiteral("comments"), 0, mergeRequest, QString()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return ids;
}

Result<QList<RemoteComment>> SqlWorkspaceStore::remoteComments(qint64 mergeRequest) const
{
    auto q = d->exec("SELECT r.comment, r.pull_request, r.remote_id, r.thread, r.direction, r.body_hash, r.revision, r.updated"
                     " FROM remote_comments r JOIN comments c ON c.id = r.comment WHERE c.merge_request = ? ORDER BY r.comment, r.pull_request",
                     {mergeRequest}, QCoreApplication::translate("rd::models", "read the host comments of merge request %1").arg(mergeRequest));
    return allRows<RemoteComment>(std::move(q), [](QSqlQuery &row) {
        RemoteComment remote;
        remote.comment = row.value(0).toLongLong();
        remote.pullRequest = row.value(1).toString();
        remote.remoteId = row.value(2).toString();
        remote.thread = row.value(3).toString();
        remote.direction = row.value(4).toString() == QLatin1String("imported") ? RemoteComment::Direction::Imported
                                                                                 : RemoteComment::Direction::Published;
        remote.bodyHash = row.value(5).toString();
        remote.revision = row.value(6).toString();
        remote.updated = timeFrom(row.value(7));
        return remote;
    });
}

} // namespace rd
