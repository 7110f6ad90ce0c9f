// Team scale (issue 14): the notifications that show others' changes, the
// claims of a batch review fanned out over workers, and copying a workspace
// between SQLite and PostgreSQL. Opening a workspace on a PostgreSQL server
// is the dialect's (SqlDialectPostgres.cpp).

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace rd {

namespace {

const char *const ChangesChannel = "reviewdesk_changes";
const char *const ClaimsChannel = "reviewdesk_claims";

} // namespace

bool SqlWorkspaceStore::isServerLocation(const QString &location)
{
    return SqlDialect::isServerLocation(location);
}

bool SqlWorkspaceStore::onServer() const
{
    return d->dialect->onServer();
}

// ---------------------------------------------------------------------------
// Others' changes

void SqlWorkspaceStore::Private::notifyChange(const WorkspaceChange &change) const
{
    QJsonObject o;
    o.insert(QStringLiteral("what"), change.what);
    o.insert(QStringLiteral("comment"), change.comment);
    o.insert(QStringLiteral("merge_request"), change.mergeRequest);
    o.insert(QStringLiteral("annotator"), change.annotator);
    // Sent with the transaction's COMMIT (WriteTransaction::commit), in the
    // same round trip, and only then.
    if (auto statement = dialect->notice(db, QString::fromLatin1(ChangesChannel), QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact))))
        pendingNotices << *statement;
}

bool SqlWorkspaceStore::watchChanges(std::function<void(const WorkspaceChange &)> onChange, int pollMs)
{
    if (!d->dialect->listen(d->db, QString::fromLatin1(ChangesChannel)))
        return watchDataVersion(std::move(onChange), pollMs);
    QSqlDriver *driver = d->db.driver();
    QObject::connect(driver, &QSqlDriver::notification, driver,
                     [onChange = std::move(onChange)](const QString &name, QSqlDriver::NotificationSource source, const QVariant &payload) {
                         // Our own changes are shown already, by whoever made them.
                         if (name != QLatin1String(ChangesChannel) || source == QSqlDriver::SelfSource)
                             return;
                         const QJsonObject o = QJsonDocument::fromJson(payload.toString().toUtf8()).object();
                         WorkspaceChange change;
                         change.what = o.value(QStringLiteral("what")).toString();
                         change.comment = o.value(QStringLiteral("comment")).toInteger();
                         change.mergeRequest = o.value(QStringLiteral("merge_request")).toInteger();
                         change.annotator = o.value(QStringLiteral("annotator")).toString();
                         if (!change.what.isEmpty())
                             onChange(change);
                     });
    return true;
}

bool SqlWorkspaceStore::watchDataVersion(std::function<void(const WorkspaceChange &)> onChange, int pollMs)
{
    // data_version counts only other connections' commits: this store's own
    // writes never come back as a change (no reload after each judgement).
    const auto first = d->dialect->dataVersion(d->db);
    if (!first)
        return false;
    d->seenDataVersion = *first;
    d->changePoll = std::make_unique<QTimer>();
    d->changePoll->setInterval(pollMs);
    Private *p = d.get();
    QObject::connect(p->changePoll.get(), &QTimer::timeout, p->changePoll.get(), [p, onChange = std::move(onChange)] {
        const auto now = p->dialect->dataVersion(p->db);
        if (!now || *now == p->seenDataVersion)
            return;
        p->seenDataVersion = *now;
        // One call for however many commits came since the last look.
        onChange(WorkspaceChange{QStringLiteral("workspace"), 0, 0, {}});
    });
    d->changePoll->start();
    return true;
}

// ---------------------------------------------------------------------------
// Claims of a batch review

namespace {

// " AND merge_request IN (?, ?, …)" for a non-empty list.
QString amongCondition(const QList<qint64> &among, QVariantList &values, const QString &column = QStringLiteral("merge_request"))
{
    if (among.isEmpty())
        return {};
    QStringList marks;
    for (qint64 id : among) {
        marks << QStringLiteral("?");
        values << id;
    }
    return QStringLiteral(" AND %1 IN (%2)").arg(column, marks.join(QLatin1String(", ")));
}

} // namespace

Result<int> SqlWorkspaceStore::prepareClaims(const QString &configHash, const QList<qint64> &mergeRequests)
{
    if (mergeRequests.isEmpty())
        return 0;
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "prepare the batch review");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    // Two statements however long the batch: every worker starts with this,
    // one after another under the writers' lock, so a statement per merge
    // request would make the workers queue at the start. A merge request
    // reviewed with this configuration before (resuming) is done already.
    QVariantList values{configHash, configHash, configHash};
    QString sql = QStringLiteral("INSERT INTO team_claims (merge_request, config_hash, worker, lease_until, done)"
                                 " SELECT m.id, ?, '', 0, CASE WHEN EXISTS (SELECT 1 FROM runs r WHERE r.merge_request = m.id AND r.config_hash = ?)"
                                 " THEN 1 ELSE 0 END FROM merge_requests m"
                                 " WHERE NOT EXISTS (SELECT 1 FROM team_claims c WHERE c.merge_request = m.id AND c.config_hash = ?)");
    sql += amongCondition(mergeRequests, values, QStringLiteral("m.id"));
    if (auto q = d->exec(sql, values, doing); !q)
        return q.error();
    values = {configHash};
    sql = QStringLiteral("SELECT COUNT(*) FROM team_claims WHERE config_hash = ? AND done = 0") + amongCondition(mergeRequests, values);
    auto left = d->exec(sql, values, doing);
    if (!left)
        return left.error();
    const int open = left->next() ? left->value(0).toInt() : 0;
    left->finish();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return open;
}

Result<std::optional<qint64>> SqlWorkspaceStore::claimNext(const QString &configHash, const QString &worker, int leaseSeconds, const QList<qint64> &among)
{
    const QString doing = QCoreApplication::translate("rd::models", "claim a merge request");
    // Not the writers' lock: the claim row is locked (SqlDialect::beginClaim).
    // The run, stored by completeClaim, waits for the disk; the claim need not.
    QSqlQuery begin(d->db);
    if (!begin.exec(d->dialect->beginClaim()))
        return d->error(begin.lastError(), doing);
    struct Rollback
    {
        QSqlDatabase db;
        bool active = true;
        ~Rollback()
        {
            if (active)
                QSqlQuery(db).exec(QStringLiteral("ROLLBACK"));
        }
    } rollback{d->db};
    const qint64 now = nowMs();
    QVariantList values{configHash, now};
    QString sql = QStringLiteral("SELECT merge_request FROM team_claims WHERE config_hash = ? AND done = 0 AND lease_until < ?");
    sql += amongCondition(among, values);
    sql += QStringLiteral(" ORDER BY merge_request LIMIT 1");
    sql += d->dialect->lockRows(true);
    auto q = d->exec(sql, values, doing);
    if (!q)
        return q.error();
    std::optional<qint64> claimed;
    if (q->next()) {
        claimed = q->value(0).toLongLong();
        q->finish();
        auto updated = d->exec("UPDATE team_claims SET worker = ?, lease_until = ? WHERE merge_request = ? AND config_hash = ?",
                               {worker, now + qint64(leaseSeconds) * 1000, *claimed, configHash}, doing);
        if (!updated)
            return updated.error();
    }
    QSqlQuery commit(d->db);
    if (!commit.exec(QStringLiteral("COMMIT")))
        return d->error(commit.lastError(), doing);
    rollback.active = false;
    return claimed;
}

Result<qint64> SqlWorkspaceStore::completeClaim(const QString &configHash, const QString &worker, const StoredRun &run, const QList<ReviewComment> &comments)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the run");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    QString sql = QStringLiteral("SELECT worker, done FROM team_claims WHERE merge_request = ? AND config_hash = ?");
    sql += d->dialect->lockRows(false);
    auto claim = d->exec(sql, {run.mergeRequest, configHash}, doing);
    if (!claim)
        return claim.error();
    if (!claim->next())
        return usage(QCoreApplication::translate("rd::models", "merge request %1 was never claimed for this configuration").arg(run.mergeRequest));
    if (claim->value(1).toInt() != 0 || claim->value(0).toString() != worker)
        return Error{Error::Kind::Conflict, QCoreApplication::translate("rd::models", "merge request %1 was taken over by %2 after this worker's lease ran out; its run is not stored twice")
                                                .arg(run.mergeRequest)
                                                .arg(claim->value(0).toString())};
    claim->finish();
    auto id = d->insertRun(run, doing);
    if (!id)
        return id.error();
    const qint64 now = nowMs();
    for (const ReviewComment &c : comments)
        if (auto stored = d->insertComment(run.mergeRequest, *id, CommentOrigin::Generated, run.model, c, now); !stored)
            return stored.error();
    if (auto q = d->exec("UPDATE team_claims SET done = 1, run = ? WHERE merge_request = ? AND config_hash = ?", {*id, run.mergeRequest, configHash}, doing); !q)
        return q.error();
    // Wakes the workers waiting for the last claims (waitForClaims); sent
    // with the COMMIT.
    if (auto notice = d->dialect->notice(d->db, QString::fromLatin1(ClaimsChannel), QString()))
        d->pendingNotices << *notice;
    d->notifyChange({QStringLiteral("run"), 0, run.mergeRequest, {}});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<ClaimCounts> SqlWorkspaceStore::claimCounts(const QString &configHash, const QList<qint64> &among) const
{
    QVariantList values{configHash};
    const QString sql = QStringLiteral("SELECT done, lease_until FROM team_claims WHERE config_hash = ?") + amongCondition(among, values);
    auto q = d->exec(sql, values, QCoreApplication::translate("rd::models", "read the batch review"));
    if (!q)
        return q.error();
    ClaimCounts counts;
    const qint64 now = nowMs();
    while (q->next()) {
        const qint64 lease = q->value(1).toLongLong();
        if (q->value(0).toInt() != 0) {
            ++counts.done;
        } else if (lease >= now) {
            ++counts.leased;
            counts.nextLeaseEnd = counts.nextLeaseEnd == 0 ? lease : std::min(counts.nextLeaseEnd, lease);
        } else {
            ++counts.open;
        }
    }
    return counts;
}

void SqlWorkspaceStore::waitForClaims(int maxMs)
{
    d->dialect->waitForNotice(d->db, QString::fromLatin1(ClaimsChannel), std::max(0, maxMs), d->claimsWatched);
}

// ---------------------------------------------------------------------------
// Copying between backends

Result<qint64> SqlWorkspaceStore::copyWorkspace(const QString &from, const QString &to)
{
    auto source = open(from, Mode::OpenExisting);
    if (!source)
        return source.error();
    auto target = open(to, Mode::CreateIfMissing);
    if (!target)
        return target.error();
    Private &s = *(*source)->d;
    Private &t = *(*target)->d;
    const QString doing = QCoreApplication::translate("rd::models", "copy the workspace");
    for (const char *table : {"merge_requests", "annotators", "runs", "comments"}) {
        auto rows = t.scalar(QStringLiteral("SELECT COUNT(*) FROM %1").arg(QLatin1String(table)).toLatin1().constData(), {}, doing);
        if (!rows)
            return rows.error();
        if (rows->toLongLong() > 0)
            return usage(QCoreApplication::translate("rd::models", "%1 holds a workspace with data already; copy into a new or empty one").arg(t.path));
    }
    auto tables = s.dialect->tables(s);
    if (!tables)
        return tables.error();
    auto targetTables = t.dialect->tables(t);
    if (!targetTables)
        return targetTables.error();

    WriteTransaction transaction(t);
    if (auto begun = transaction.begin(doing); !begun)
        return begun.error();
    qint64 copied = 0;
    for (const QString &table : std::as_const(*tables)) {
        if (!targetTables->contains(table))
            return workspaceError(QCoreApplication::translate("rd::models", "cannot copy %1 to %2: the table %3 is missing there").arg(s.path, t.path, table));
        auto columns = s.dialect->columns(s, table);
        if (!columns)
            return columns.error();
        auto targetColumns = t.dialect->columns(t, table);
        if (!targetColumns)
            return targetColumns.error();
        for (const QString &c : std::as_const(*columns))
            if (!targetColumns->contains(c))
                return workspaceError(QCoreApplication::translate("rd::models", "cannot copy %1 to %2: the column %3.%4 is missing there").arg(s.path, t.path, table, c));
        const bool info = table == QLatin1String("workspace_info");
        QSqlQuery read(s.db);
        read.setForwardOnly(true);
        if (!read.exec(QStringLiteral("SELECT %1 FROM %2").arg(columns->join(QLatin1String(", ")), table)))
            return s.error(read.lastError(), doing);
        QStringList marks;
        for (qsizetype i = 0; i < columns->size(); ++i)
            marks << QStringLiteral("?");
        QSqlQuery write(t.db);
        if (!write.prepare(QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)").arg(table, columns->join(QLatin1String(", ")), marks.join(QLatin1String(", ")))))
            return t.error(write.lastError(), doing);
        while (read.next()) {
            // The target's own rows of workspace_info (application, its
            // schema version) stay; the source's others come along.
            if (info) {
                const QString name = read.value(0).toString();
                auto present = t.scalar("SELECT COUNT(*) FROM workspace_info WHERE name = ?", {name}, doing);
                if (!present)
                    return present.error();
                if (present->toInt() > 0 || name == QLatin1String("schema_version"))
                    continue;
            }
            for (int i = 0; i < columns->size(); ++i)
                write.addBindValue(read.isNull(i) ? QVariant(QMetaType::fromType<QString>()) : bindable(read.value(i)));
            if (!write.exec())
                return t.error(write.lastError(), doing);
            ++copied;
        }
        if (columns->contains(QLatin1String("id")))
            if (auto restarted = t.dialect->restartIds(t, table); !restarted)
                return restarted.error();
    }
    if (auto committed = transaction.commit(doing); !committed)
        return committed.error();
    return copied;
}

} // namespace rd
