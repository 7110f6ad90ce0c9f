// Comments that live on a code host too (schema 11): the host's id of each
// comment imported from or published to a pull request.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

using namespace sqlstore;

namespace {

QString directionName(RemoteComment::Direction direction)
{
    return direction == RemoteComment::Direction::Imported ? QStringLiteral("imported") : QStringLiteral("published");
}

} // namespace

Result<bool> SqlWorkspaceStore::setRemoteComment(const RemoteComment &remote)
{
    const QString doing = QCoreApplication::translate("rd::models", "record comment %1 on %2").arg(remote.comment).arg(remote.pullRequest);
    if (remote.pullRequest.isEmpty() || remote.remoteId.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "cannot %1: the pull request and the host's id are needed").arg(doing)};
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    // Both SQLite (3.24+) and PostgreSQL read this upsert alike.
    auto q = d->exec("INSERT INTO remote_comments (comment, pull_request, remote_id, thread, direction, body_hash, revision, updated)"
                     " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                     " ON CONFLICT (comment, pull_request) DO UPDATE SET remote_id = excluded.remote_id, thread = excluded.thread,"
                     " direction = excluded.direction, body_hash = excluded.body_hash, revision = excluded.revision, updated = excluded.updated",
                     {remote.comment, remote.pullRequest, remote.remoteId, remote.thread, directionName(remote.direction),
                      remote.bodyHash, remote.revision, remote.updated.isValid() ? timeValue(remote.updated) : QVariant(nowMs())},
                     doing);
    if (!q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
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
