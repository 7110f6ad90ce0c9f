// The SQL workspace store: opening (through its dialect), merge requests,
// runs and their comments. Judging is in SqlWorkspaceStoreJudging.cpp, the
// other areas in SqlWorkspaceStore{GroundTruth,Exchange,Evaluation,Team}.cpp.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QSqlQuery>
#include <QVariant>

namespace rd {

// ---------------------------------------------------------------------------
// Opening (the dialect's: SqlDialectSqlite.cpp, SqlDialectPostgres.cpp)

SqlWorkspaceStore::SqlWorkspaceStore(std::unique_ptr<Private> p) : d(std::move(p)) {}

SqlWorkspaceStore::~SqlWorkspaceStore() = default;

Result<std::unique_ptr<SqlWorkspaceStore>> SqlWorkspaceStore::open(const QString &location, Mode mode, Check check)
{
    auto d = std::make_unique<Private>(SqlDialect::forLocation(location));
    d->checkIntegrityNow = check == Check::Now;
    if (auto opened = d->dialect->open(*d, location, mode, 0); !opened)
        return opened.error();
    return std::unique_ptr<SqlWorkspaceStore>(new SqlWorkspaceStore(std::move(d)));
}

Result<std::optional<QString>> SqlWorkspaceStore::checkIntegrity(const QString &location)
{
    return SqlDialect::forLocation(location)->checkIntegrity(location);
}

Result<bool> SqlWorkspaceStore::createAtVersion(const QString &location, int version)
{
    if (version < 1 || version > SchemaVersion)
        return usage(QCoreApplication::translate("rd::models", "no workspace version %1").arg(version));
    Private d(SqlDialect::forLocation(location));
    return d.dialect->open(d, location, Mode::CreateIfMissing, version);
}

int SqlWorkspaceStore::openedAtVersion() const
{
    return d->openedAt;
}

QString SqlWorkspaceStore::location() const
{
    return d->path;
}

// ---------------------------------------------------------------------------
// Merge requests and runs

Result<qint64> SqlWorkspaceStore::addMergeRequest(const MergeRequestEntry &entry)
{
    if (entry.repository.isEmpty() || entry.base.isEmpty() || entry.head.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "a merge request needs a repository, a base and a head"));
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the merge request");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto existing = d->scalar("SELECT id FROM merge_requests WHERE repository = ? AND base = ? AND head = ? AND two_dot = ?",
                              {entry.repository, entry.base, entry.head, entry.twoDot ? 1 : 0}, doing);
    if (!existing)
        return existing.error();
    qint64 id = 0;
    if (existing->isValid()) {
        id = existing->toLongLong();
        if (!entry.title.isEmpty() || !entry.description.isEmpty()) {
            auto q = d->exec("UPDATE merge_requests SET title = ?, description = ? WHERE id = ?", {entry.title, entry.description, id}, doing);
            if (!q)
                return q.error();
        }
    } else {
        const qint64 created = entry.created.isValid() ? entry.created.toMSecsSinceEpoch() : nowMs();
        auto q = d->insert("INSERT INTO merge_requests (repository, base, head, two_dot, title, description, created, language, pr_category, url,"
                           " code_linked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                           {entry.repository, entry.base, entry.head, entry.twoDot ? 1 : 0, entry.title, entry.description, created,
                            entry.language, entry.prCategory, entry.url, entry.codeLinked ? 1 : 0},
                           doing);
        if (!q)
            return q.error();
        id = *q;
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return id;
}

namespace {

MergeRequestEntry mergeRequestFrom(const QSqlQuery &q)
{
    MergeRequestEntry e;
    e.id = q.value(0).toLongLong();
    e.repository = q.value(1).toString();
    e.base = q.value(2).toString();
    e.head = q.value(3).toString();
    e.twoDot = q.value(4).toInt() != 0;
    e.title = q.value(5).toString();
    e.description = q.value(6).toString();
    e.created = timeFrom(q.value(7));
    e.language = q.value(8).toString();
    e.prCategory = q.value(9).toString();
    e.url = q.value(10).toString();
    e.codeLinked = q.value(11).toInt() != 0;
    return e;
}

StoredRun runFrom(const QSqlQuery &q, bool withRecord)
{
    StoredRun r;
    r.id = q.value(0).toLongLong();
    r.mergeRequest = q.value(1).toLongLong();
    r.label = q.value(2).toString();
    r.model = q.value(3).toString();
    r.configHash = q.value(4).toString();
    r.started = timeFrom(q.value(5));
    r.finished = timeFrom(q.value(6));
    r.revisionFrom = q.value(7).toInt();
    r.revisionTo = q.value(8).toInt();
    r.coverage = q.value(9).toString().toUtf8();
    if (withRecord)
        r.record = q.value(10).toString().toUtf8();
    return r;
}

} // namespace

Result<QList<MergeRequestEntry>> SqlWorkspaceStore::mergeRequests() const
{
    auto q = d->exec("SELECT id, repository, base, head, two_dot, title, description, created, language, pr_category, url, code_linked FROM merge_requests ORDER BY id", {},
                     QCoreApplication::translate("rd::models", "read the merge requests"));
    return allRows<MergeRequestEntry>(std::move(q), [](QSqlQuery &row) { return mergeRequestFrom(row); });
}

Result<MergeRequestEntry> SqlWorkspaceStore::mergeRequest(qint64 id) const
{
    auto q = d->exec("SELECT id, repository, base, head, two_dot, title, description, created, language, pr_category, url, code_linked FROM merge_requests WHERE id = ?", {id},
                     QCoreApplication::translate("rd::models", "read the merge requests"));
    return oneRow<MergeRequestEntry>(std::move(q), QCoreApplication::translate("rd::models", "no merge request %1 in this workspace").arg(id),
                                     [](QSqlQuery &row) { return mergeRequestFrom(row); });
}

Result<bool> SqlWorkspaceStore::setMergeRequestRepository(qint64 id, const QString &repository, bool codeLinked)
{
    if (repository.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "a merge request needs a repository, a base and a head"));
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the merge request");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto entry = mergeRequest(id);
    if (!entry)
        return entry.error();
    // The workspace keeps one merge request per repository and commits; the
    // other one holds its own comments and judgements, so nothing is merged.
    auto other = d->scalar("SELECT id FROM merge_requests WHERE repository = ? AND base = ? AND head = ? AND two_dot = ? AND id <> ?",
                           {repository, entry->base, entry->head, entry->twoDot ? 1 : 0, id}, doing);
    if (!other)
        return other.error();
    if (other->isValid())
        return Error{Error::Kind::Conflict, QCoreApplication::translate("rd::models", "merge request %1 of this workspace already compares these commits in %2")
                                                .arg(other->toLongLong())
                                                .arg(repository)};
    auto q = d->exec("UPDATE merge_requests SET repository = ?, code_linked = ? WHERE id = ?", {repository, codeLinked ? 1 : 0, id}, doing);
    if (!q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<qint64> SqlWorkspaceStore::addRun(const StoredRun &run, const QList<ReviewComment> &comments)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the run");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(run.mergeRequest); !found)
        return found.error();
    auto q = d->insertRun(run, doing);
    if (!q)
        return q.error();
    const qint64 id = *q;
    const qint64 now = nowMs();
    for (const ReviewComment &c : comments)
        if (auto stored = d->insertComment(run.mergeRequest, id, CommentOrigin::Generated, run.model, c, now); !stored)
            return stored.error();
    d->notifyChange({QStringLiteral("run"), 0, run.mergeRequest, {}});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return id;
}

Result<QList<StoredRun>> SqlWorkspaceStore::runs(qint64 mergeRequest) const
{
    auto q = d->exec("SELECT id, merge_request, label, model, config_hash, started, finished, reviewed_from, reviewed_to, coverage FROM runs"
                     " WHERE merge_request = ? ORDER BY id",
                     {mergeRequest}, QCoreApplication::translate("rd::models", "read the runs"));
    return allRows<StoredRun>(std::move(q), [](QSqlQuery &row) { return runFrom(row, false); });
}

Result<StoredRun> SqlWorkspaceStore::run(qint64 id) const
{
    auto q = d->exec("SELECT id, merge_request, label, model, config_hash, started, finished, reviewed_from, reviewed_to, coverage, record FROM runs WHERE id = ?", {id},
                     QCoreApplication::translate("rd::models", "read the runs"));
    return oneRow<StoredRun>(std::move(q), QCoreApplication::translate("rd::models", "no run %1 in this workspace").arg(id),
                             [](QSqlQuery &row) { return runFrom(row, true); });
}

// ---------------------------------------------------------------------------
// Comments

Result<qint64> SqlWorkspaceStore::importComment(qint64 mergeRequest, const ReviewComment &comment, const QString &author)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(mergeRequest); !found)
        return found.error();
    auto id = d->insertComment(mergeRequest, std::nullopt, CommentOrigin::Imported, author, comment, nowMs());
    if (!id)
        return id.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<QList<StoredComment>> SqlWorkspaceStore::comments(const CommentQuery &query) const
{
    QString sql = QStringLiteral("SELECT %1 FROM comments c").arg(QLatin1String(commentColumns));
    QStringList where;
    QVariantList values;
    const bool byJudgement = query.judged || query.verdict || query.context;
    if (byJudgement) {
        sql += QStringLiteral(" LEFT JOIN judgements j ON j.comment = c.id AND j.annotator = (SELECT id FROM annotators WHERE name = ?)");
        values << query.annotator;
    }
    if (!query.includeRemoved)
        where << QStringLiteral("c.removed = 0");
    if (query.mergeRequest) {
        where << QStringLiteral("c.merge_request = ?");
        values << *query.mergeRequest;
    }
    if (query.run) {
        where << QStringLiteral("c.run = ?");
        values << *query.run;
    }
    if (query.origin) {
        where << QStringLiteral("c.origin = ?");
        values << commentOriginName(*query.origin);
    }
    if (query.reference) {
        where << QStringLiteral("c.is_reference = ?");
        values << (*query.reference ? 1 : 0);
    }
    if (query.kept) {
        where << QStringLiteral("c.kept = ?");
        values << (*query.kept ? 1 : 0);
    }
    const std::pair<const char *, const QString *> equal[] = {
        {"c.dropped_at = ?", &query.droppedAt}, {"c.file = ?", &query.file}, {"c.category = ?", &query.category}, {"c.author = ?", &query.author}};
    for (const auto &[condition, value] : equal)
        if (!value->isEmpty()) {
            where << QString::fromLatin1(condition);
            values << *value;
        }
    if (query.reference) {
        where << QStringLiteral("c.is_reference = ?");
        values << (*query.reference ? 1 : 0);
    }
    if (query.outdated) {
        where << QStringLiteral("c.outdated = ?");
        values << (*query.outdated ? 1 : 0);
    }
    if (query.minSeverity) {
        where << QStringLiteral("c.q3 >= ?");
        values << *query.minSeverity;
    }
    if (!query.text.isEmpty()) {
        QString pattern = query.text.toLower();
        pattern.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('%'), QStringLiteral("\\%")).replace(QLatin1Char('_'), QStringLiteral("\\_"));
        pattern = QLatin1Char('%') + pattern + QLatin1Char('%');
        // The shown text and, for a translated comment, the reviewer's own.
        where << QStringLiteral("(LOWER(c.issue) LIKE ? ESCAPE '\\' OR LOWER(c.root_cause) LIKE ? ESCAPE '\\'"
                                " OR LOWER(c.fix) LIKE ? ESCAPE '\\' OR LOWER(c.example) LIKE ? ESCAPE '\\'"
                                " OR LOWER(c.issue_original) LIKE ? ESCAPE '\\' OR LOWER(c.root_cause_original) LIKE ? ESCAPE '\\'"
                                " OR LOWER(c.fix_original) LIKE ? ESCAPE '\\')");
        for (int i = 0; i < 7; ++i)
            values << pattern;
    }
    if (query.judged) {
        where << (*query.judged ? QStringLiteral("j.verdict IS NOT NULL") : QStringLiteral("j.verdict IS NULL"));
    }
    if (query.verdict) {
        where << QStringLiteral("j.verdict = ?");
        values << verdictName(*query.verdict);
    }
    if (query.context) {
        where << QStringLiteral("j.context = ?");
        values << contextLevelName(*query.context);
    }
    if (!where.isEmpty())
        sql += QStringLiteral(" WHERE ") + where.join(QStringLiteral(" AND "));
    sql += QStringLiteral(" ORDER BY c.merge_request, c.file, c.side, c.line_start, c.id");

    auto q = d->exec(sql, values, QCoreApplication::translate("rd::models", "read the comments"));
    return allRows<StoredComment>(std::move(q), [](QSqlQuery &row) { return commentFrom(row); });
}

Result<StoredComment> SqlWorkspaceStore::comment(qint64 id) const
{
    return d->readComment(id, false);
}

} // namespace rd
