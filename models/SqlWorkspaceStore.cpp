#include "SqlWorkspaceStorePrivate.h"

#include "WorkspaceJson.h"
#include "WorkspaceSchema.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <atomic>
#include <initializer_list>

namespace rd {

// ---------------------------------------------------------------------------
// Opening

namespace {

Error workspaceError(const QString &message)
{
    return Error{Error::Kind::Workspace, message};
}

// Refuses, before SQLite touches it, a file that cannot be a writable workspace.
Result<bool> checkFile(const QString &path, SqlWorkspaceStore::Mode mode, bool &isNew)
{
    const QString name = QDir::toNativeSeparators(path);
    const QFileInfo info(path);
    isNew = false;
    if (!info.exists()) {
        if (mode == SqlWorkspaceStore::Mode::OpenExisting)
            return workspaceError(QCoreApplication::translate("rd::models", "no workspace at %1").arg(name));
        const QFileInfo dir(info.absolutePath());
        if (!dir.isDir())
            return workspaceError(QCoreApplication::translate("rd::models", "cannot make a workspace at %1: the folder %2 does not exist").arg(name, QDir::toNativeSeparators(dir.filePath())));
        if (!dir.isWritable())
            return workspaceError(QCoreApplication::translate("rd::models", "cannot make a workspace at %1: the folder is read-only").arg(name));
        isNew = true;
        return true;
    }
    if (info.isDir())
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is a folder, not a workspace file").arg(name));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return workspaceError(QCoreApplication::translate("rd::models", "cannot read %1: %2").arg(name, file.errorString()));
    const QByteArray header = file.read(16);
    if (header.isEmpty() && info.size() == 0) {
        if (mode == SqlWorkspaceStore::Mode::OpenExisting)
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an empty file, not a ReviewDesk workspace").arg(name));
        isNew = true;
    } else if (header != QByteArray("SQLite format 3\0", 16)) {
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is not a ReviewDesk workspace (not an SQLite database)").arg(name));
    }
    // Honour a read-only flag even where the file system would let us write
    // (root): the user asked for it not to change.
    if (!info.isWritable() || !(info.permissions() & QFileDevice::WriteOwner))
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is read-only; copy it somewhere writable or change its permissions").arg(name));
    if (!QFileInfo(info.absolutePath()).isWritable())
        return workspaceError(QCoreApplication::translate("rd::models", "%1 is in a read-only folder; the workspace needs to write its journal next to it").arg(name));
    return true;
}

} // namespace

SqlWorkspaceStore::SqlWorkspaceStore(std::unique_ptr<Private> p) : d(std::move(p)) {}

SqlWorkspaceStore::~SqlWorkspaceStore() = default;

namespace {

Result<bool> connect(SqlWorkspaceStore::Private &d, const QString &path)
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QSQLITE")))
        return workspaceError(QCoreApplication::translate("rd::models", "Qt's SQLite driver (QSQLITE, Debian package libqt6sql6-sqlite) is not installed"));
    d.path = path;
    d.connection = QStringLiteral("reviewdesk-workspace-%1").arg(connectionCounter.fetch_add(1));
    d.db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), d.connection);
    d.db.setDatabaseName(path);
    d.db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=%1").arg(BusyTimeoutMs));
    if (!d.db.open())
        return d.error(d.db.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA foreign_keys = ON")))
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    return true;
}

// Only once the file is known to be a workspace (or new): this writes to it.
Result<bool> setJournal(SqlWorkspaceStore::Private &d)
{
    // WAL: readers never block the writer and a killed writer leaves a
    // journal SQLite replays. FULL: a commit is on disk when it returns.
    const QString path = d.path;
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA journal_mode = WAL")) || !q.next())
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    if (q.value(0).toString().compare(QLatin1String("wal"), Qt::CaseInsensitive) != 0)
        return workspaceError(QCoreApplication::translate("rd::models", "cannot open %1 for writing: it could not switch to write-ahead logging (journal mode %2)")
                                  .arg(QDir::toNativeSeparators(path), q.value(0).toString()));
    if (!q.exec(QStringLiteral("PRAGMA synchronous = FULL")))
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "open the workspace"));
    return true;
}

Result<int> userVersion(const SqlWorkspaceStore::Private &d)
{
    QSqlQuery q(d.db);
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return d.error(q.lastError(), QCoreApplication::translate("rd::models", "read the workspace version"));
    return q.value(0).toInt();
}

Result<bool> migrate(SqlWorkspaceStore::Private &d, int target)
{
    WriteTransaction t(d);
    if (auto begun = t.begin(QCoreApplication::translate("rd::models", "update the workspace")); !begun)
        return begun.error();
    // Read again under the lock: another process may have migrated meanwhile.
    auto version = userVersion(d);
    if (!version)
        return version.error();
    d.openedAt = *version; // what this client found, not what the other left
    for (int v = *version + 1; v <= target; ++v)
        if (auto done = d.execAll(workspace_schema::migrationTo(v, QStringLiteral("INTEGER PRIMARY KEY")),
                                  QCoreApplication::translate("rd::models", "update the workspace to version %1").arg(v));
            !done)
            return done.error();
    if (*version < target) {
        QSqlQuery q(d.db);
        if (!q.exec(QStringLiteral("PRAGMA user_version = %1").arg(target)))
            return d.error(q.lastError(), QCoreApplication::translate("rd::models", "update the workspace"));
    }
    return t.commit(QCoreApplication::translate("rd::models", "update the workspace"));
}

} // namespace

Result<std::unique_ptr<SqlWorkspaceStore>> SqlWorkspaceStore::open(const QString &path, Mode mode)
{
    if (isServerLocation(path))
        return openOnServer(path, mode);
    bool isNew = false;
    if (auto checked = checkFile(path, mode, isNew); !checked)
        return checked.error();
    auto d = std::make_unique<Private>();
    if (auto connected = connect(*d, path); !connected)
        return connected.error();
    const QString name = QDir::toNativeSeparators(path);

    auto version = userVersion(*d);
    if (!version)
        return version.error();
    d->openedAt = *version;
    if (*version > SchemaVersion)
        return workspaceError(QCoreApplication::translate("rd::models", "%1 was written by a newer ReviewDesk (workspace version %2; this program knows up to %3); update ReviewDesk to open it")
                                  .arg(name)
                                  .arg(*version)
                                  .arg(SchemaVersion));
    if (*version == 0) {
        // Version 0 is a database nothing has been written to yet, or one of
        // another program: never turn the latter into a workspace.
        auto tables = d->scalar("SELECT COUNT(*) FROM sqlite_master", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!tables)
            return tables.error();
        if (tables->toInt() > 0 || (!isNew && mode == Mode::OpenExisting))
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
    } else {
        auto hasInfo = d->scalar("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'workspace_info'", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!hasInfo)
            return hasInfo.error();
        if (hasInfo->toInt() != 1)
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
        auto application = d->scalar("SELECT value FROM workspace_info WHERE name = 'application'", {}, QCoreApplication::translate("rd::models", "open the workspace"));
        if (!application)
            return application.error();
        if (application->toString() != QLatin1String("ReviewDesk"))
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is an SQLite database but not a ReviewDesk workspace").arg(name));
        // Damage shows here rather than in the middle of someone's work.
        auto check = d->scalar("PRAGMA quick_check", {}, QCoreApplication::translate("rd::models", "check the workspace"));
        if (!check)
            return check.error();
        if (check->toString() != QLatin1String("ok"))
            return workspaceError(QCoreApplication::translate("rd::models", "%1 is damaged (%2); open a backup or make a new workspace").arg(name, check->toString()));
    }
    if (auto journal = setJournal(*d); !journal)
        return journal.error();
    // Also the write probe: a workspace we could read but not write fails here.
    if (auto migrated = migrate(*d, SchemaVersion); !migrated)
        return migrated.error();
    return std::unique_ptr<SqlWorkspaceStore>(new SqlWorkspaceStore(std::move(d)));
}

Result<bool> SqlWorkspaceStore::createAtVersion(const QString &path, int version)
{
    if (version < 1 || version > SchemaVersion)
        return usage(QCoreApplication::translate("rd::models", "no workspace version %1").arg(version));
    if (isServerLocation(path)) {
        auto made = openOnServer(path, Mode::CreateIfMissing, version);
        if (!made)
            return made.error();
        return true;
    }
    bool isNew = false;
    if (auto checked = checkFile(path, Mode::CreateIfMissing, isNew); !checked)
        return checked.error();
    if (!isNew)
        return usage(QCoreApplication::translate("rd::models", "%1 exists already").arg(path));
    Private d;
    if (auto connected = connect(d, path); !connected)
        return connected.error();
    if (auto journal = setJournal(d); !journal)
        return journal.error();
    return migrate(d, version);
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
    if (withRecord)
        r.record = q.value(7).toString().toUtf8();
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

Result<qint64> SqlWorkspaceStore::addRun(const StoredRun &run, const QList<ReviewComment> &comments)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the run");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(run.mergeRequest); !found)
        return found.error();
    auto q = d->insert("INSERT INTO runs (merge_request, label, model, config_hash, started, finished, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       {run.mergeRequest, run.label, run.model, run.configHash, timeValue(run.started), timeValue(run.finished),
                        QString::fromUtf8(run.record)},
                       doing);
    if (!q)
        return q.error();
    const qint64 id = *q;
    const qint64 now = nowMs();
    for (const ReviewComment &c : comments)
        if (auto stored = d->insertComment(run.mergeRequest, id, CommentOrigin::Generated, run.model, c, now); !stored)
            return stored.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return id;
}

Result<QList<StoredRun>> SqlWorkspaceStore::runs(qint64 mergeRequest) const
{
    auto q = d->exec("SELECT id, merge_request, label, model, config_hash, started, finished FROM runs WHERE merge_request = ? ORDER BY id",
                     {mergeRequest}, QCoreApplication::translate("rd::models", "read the runs"));
    return allRows<StoredRun>(std::move(q), [](QSqlQuery &row) { return runFrom(row, false); });
}

Result<StoredRun> SqlWorkspaceStore::run(qint64 id) const
{
    auto q = d->exec("SELECT id, merge_request, label, model, config_hash, started, finished, record FROM runs WHERE id = ?", {id},
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

// ---------------------------------------------------------------------------
// Annotators and judgements

Result<Annotator> SqlWorkspaceStore::addAnnotator(const QString &name)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "add the annotator");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto id = d->ensureAnnotator(name);
    if (!id)
        return id.error();
    auto q = d->exec("SELECT id, name, created FROM annotators WHERE id = ?", {*id}, doing);
    if (!q)
        return q.error();
    Annotator a;
    if (q->next()) {
        a.id = q->value(0).toLongLong();
        a.name = q->value(1).toString();
        a.created = timeFrom(q->value(2));
    }
    q->finish();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return a;
}

Result<QList<Annotator>> SqlWorkspaceStore::annotators() const
{
    auto q = d->exec("SELECT id, name, created FROM annotators ORDER BY name", {}, QCoreApplication::translate("rd::models", "read the annotators"));
    return allRows<Annotator>(std::move(q), [](QSqlQuery &row) { return Annotator{row.value(0).toLongLong(), row.value(1).toString(), timeFrom(row.value(2))}; });
}

Result<Judgement> SqlWorkspaceStore::judge(const Judgement &change, const QList<JudgementField> &clear)
{
    if (const QString problem = judgementProblem(change); !problem.isEmpty())
        return usage(problem);
    Judgement normalized = change;
    if (normalized.category)
        normalized.category = canonicalCategory(*normalized.category);
    if (normalized.tag)
        normalized.tag = normalized.tag->trimmed();

    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the judgement");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto comment = d->readComment(change.comment, false);
    if (!comment)
        return comment.error();
    auto annotator = d->ensureAnnotator(change.annotator);
    if (!annotator)
        return annotator.error();
    auto before = d->readJudgement(change.comment, *annotator);
    if (!before)
        return before.error();

    Judgement after;
    if (*before)
        after = **before;
    after.comment = change.comment;
    after.annotator = change.annotator.trimmed();
    merge(after, normalized);
    for (JudgementField f : clear)
        clearField(after, f);
    after.updated = QDateTime::fromMSecsSinceEpoch(nowMs()).toUTC();

    if (auto written = d->writeJudgement(change.comment, *annotator, after); !written)
        return written.error();
    const bool onlyClears = normalized.isEmpty();
    const QVariant beforeState = *before ? QVariant(QString::fromUtf8(judgementToJson(**before))) : QVariant(QMetaType::fromType<QString>());
    const QVariant afterState = after.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(QString::fromUtf8(judgementToJson(after)));
    if (auto recorded = d->record(*annotator, onlyClears ? HistoryAction::ClearJudgement : HistoryAction::Judge, change.comment,
                                  changedFields(normalized, clear), beforeState, afterState);
        !recorded)
        return recorded.error();
    d->notifyChange({QStringLiteral("judgement"), change.comment, comment->mergeRequest, after.annotator});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return after;
}

Result<std::optional<Judgement>> SqlWorkspaceStore::judgement(qint64 comment, const QString &annotator) const
{
    auto id = d->annotatorId(annotator);
    if (!id)
        return id.error();
    if (!*id)
        return std::optional<Judgement>();
    return d->readJudgement(comment, **id);
}

Result<QList<Judgement>> SqlWorkspaceStore::judgements(std::optional<qint64> mergeRequest, const QString &annotator) const
{
    QString sql = QStringLiteral("SELECT %1 FROM judgements j JOIN annotators a ON a.id = j.annotator JOIN comments c ON c.id = j.comment"
                                 " WHERE c.removed = 0")
                      .arg(QLatin1String(judgementColumns));
    QVariantList values;
    if (mergeRequest) {
        sql += QStringLiteral(" AND c.merge_request = ?");
        values << *mergeRequest;
    }
    if (!annotator.isEmpty()) {
        sql += QStringLiteral(" AND a.name = ?");
        values << annotator;
    }
    sql += QStringLiteral(" ORDER BY j.comment, a.name");
    auto q = d->exec(sql, values, QCoreApplication::translate("rd::models", "read the judgements"));
    return allRows<Judgement>(std::move(q), [](QSqlQuery &row) { return judgementFrom(row); });
}

// ---------------------------------------------------------------------------
// Human comments and edits

namespace {

QString linesProblem(const QString &side, int lineStart, int lineEnd)
{
    if (side != QLatin1String("old") && side != QLatin1String("new"))
        return QCoreApplication::translate("rd::models", "the side must be \"old\" or \"new\", not '%1'").arg(side);
    if (lineStart < 1 || lineEnd < lineStart)
        return QCoreApplication::translate("rd::models", "the lines %1-%2 are not a range of lines").arg(lineStart).arg(lineEnd);
    return {};
}

} // namespace

Result<qint64> SqlWorkspaceStore::addHumanComment(qint64 mergeRequest, const QString &author, const ReviewComment &comment)
{
    if (comment.file.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "a comment needs a file"));
    if (comment.issue.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the comment has no text"));
    if (const QString problem = linesProblem(comment.side, comment.lineStart, comment.lineEnd); !problem.isEmpty())
        return usage(problem);
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(mergeRequest); !found)
        return found.error();
    auto annotator = d->ensureAnnotator(author);
    if (!annotator)
        return annotator.error();
    ReviewComment c = comment;
    c.kept = true;
    c.droppedAt.clear();
    c.lineValid = true;
    auto id = d->insertComment(mergeRequest, std::nullopt, CommentOrigin::Human, author.trimmed(), c, nowMs());
    if (!id)
        return id.error();
    if (auto recorded = d->record(*annotator, HistoryAction::AddHumanComment, *id, {}, QString::fromUtf8(removedState(true)),
                                  QString::fromUtf8(removedState(false)));
        !recorded)
        return recorded.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<bool> SqlWorkspaceStore::removeHumanComment(qint64 comment, const QString &annotator)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "remove the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto stored = d->readComment(comment, false);
    if (!stored)
        return stored.error();
    if (stored->origin != CommentOrigin::Human)
        return usage(QCoreApplication::translate("rd::models", "comment %1 was not written by a person; only human comments can be removed").arg(comment));
    auto annotatorId = d->ensureAnnotator(annotator);
    if (!annotatorId)
        return annotatorId.error();
    auto q = d->exec("UPDATE comments SET removed = 1 WHERE id = ?", {comment}, doing);
    if (!q)
        return q.error();
    if (auto recorded = d->record(*annotatorId, HistoryAction::RemoveHumanComment, comment, {}, QString::fromUtf8(removedState(false)),
                                  QString::fromUtf8(removedState(true)));
        !recorded)
        return recorded.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return true;
}

Result<StoredComment> SqlWorkspaceStore::editComment(qint64 comment, const QString &annotator, const CommentEdit &edit)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "edit the comment");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto stored = d->readComment(comment, false);
    if (!stored)
        return stored.error();
    // Read under the write lock: nobody can change it between here and the UPDATE.
    if (edit.expectedVersion && *edit.expectedVersion != stored->version)
        return Error{Error::Kind::Conflict,
                     QCoreApplication::translate("rd::models", "comment %1 was changed by someone else while you were editing it; look at their text and edit again")
                         .arg(comment)};
    auto annotatorId = d->ensureAnnotator(annotator);
    if (!annotatorId)
        return annotatorId.error();
    auto originalNow = d->scalar("SELECT original FROM comments WHERE id = ?", {comment}, doing);
    if (!originalNow)
        return originalNow.error();

    ReviewComment changed = stored->comment;
    const auto take = [](QString &to, const std::optional<QString> &from) {
        if (from)
            to = *from;
    };
    take(changed.issue, edit.issue);
    take(changed.rootCause, edit.rootCause);
    take(changed.fix, edit.fix);
    take(changed.example, edit.example);
    take(changed.side, edit.side);
    if (edit.lineStart)
        changed.lineStart = *edit.lineStart;
    if (edit.lineEnd)
        changed.lineEnd = *edit.lineEnd;
    if (edit.lineStart || edit.lineEnd || edit.side)
        if (const QString problem = linesProblem(changed.side, changed.lineStart, changed.lineEnd); !problem.isEmpty())
            return usage(problem);
    if (changed.issue.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the comment has no text"));

    // The first edit keeps the comment as it was stored, for good.
    const QVariant original = originalNow->isNull() ? QVariant(QString::fromUtf8(reviewCommentToJson(stored->comment))) : *originalNow;
    auto q = d->exec("UPDATE comments SET issue = ?, root_cause = ?, fix = ?, example = ?, side = ?, line_start = ?, line_end = ?,"
                     " original = ?, row_version = row_version + 1 WHERE id = ?",
                     {changed.issue, changed.rootCause, changed.fix, changed.example, changed.side, changed.lineStart, changed.lineEnd,
                      original, comment},
                     doing);
    if (!q)
        return q.error();
    QStringList fields;
    for (const auto &[isSet, name] : {std::pair{edit.issue.has_value(), "issue"}, std::pair{edit.rootCause.has_value(), "root_cause"},
                                      std::pair{edit.fix.has_value(), "fix"}, std::pair{edit.example.has_value(), "example"},
                                      std::pair{edit.side.has_value(), "side"}, std::pair{edit.lineStart.has_value(), "line_start"},
                                      std::pair{edit.lineEnd.has_value(), "line_end"}})
        if (isSet)
            fields << QString::fromLatin1(name);
    if (auto recorded = d->record(*annotatorId, HistoryAction::EditComment, comment, fields,
                                  QString::fromUtf8(editState(stored->comment, *originalNow)), QString::fromUtf8(editState(changed, original)));
        !recorded)
        return recorded.error();
    auto result = d->readComment(comment, false);
    if (!result)
        return result.error();
    d->notifyChange({QStringLiteral("comment"), comment, result->mergeRequest, annotator.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return result;
}

// ---------------------------------------------------------------------------
// Undo and redo

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::nextUndo(const QString &annotator) const
{
    return d->historyStep(annotator, true);
}

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::nextRedo(const QString &annotator) const
{
    return d->historyStep(annotator, false);
}

namespace {

Result<std::optional<HistoryEntry>> step(SqlWorkspaceStore::Private &d, const QString &annotator, bool undo)
{
    WriteTransaction t(d);
    const QString doing = undo ? QCoreApplication::translate("rd::models", "undo") : QCoreApplication::translate("rd::models", "redo");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto entry = d.historyStep(annotator, undo);
    if (!entry)
        return entry.error();
    if (!*entry)
        return entry;
    auto state = d.scalar(undo ? "SELECT before_state FROM history WHERE id = ?" : "SELECT after_state FROM history WHERE id = ?",
                          {(*entry)->id}, doing);
    if (!state)
        return state.error();
    auto annotatorId = d.annotatorId(annotator);
    if (!annotatorId)
        return annotatorId.error();
    if (auto restored = d.restore((*entry)->action, (*entry)->comment, annotatorId->value_or(0), *state); !restored)
        return restored.error();
    auto q = d.exec("UPDATE history SET undone = ? WHERE id = ?", {undo ? 1 : 0, (*entry)->id}, doing);
    if (!q)
        return q.error();
    const bool judging = (*entry)->action == HistoryAction::Judge || (*entry)->action == HistoryAction::ClearJudgement;
    d.notifyChange({judging ? QStringLiteral("judgement") : QStringLiteral("comment"), (*entry)->comment, 0, annotator.trimmed()});
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return entry;
}

} // namespace

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::undo(const QString &annotator)
{
    return step(*d, annotator, true);
}

Result<std::optional<HistoryEntry>> SqlWorkspaceStore::redo(const QString &annotator)
{
    return step(*d, annotator, false);
}

// ---------------------------------------------------------------------------
// Places and progress

Result<bool> SqlWorkspaceStore::setPlace(const AnnotatorPlace &place)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "remember the place");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto found = d->requireMergeRequest(place.mergeRequest); !found)
        return found.error();
    auto annotator = d->ensureAnnotator(place.annotator);
    if (!annotator)
        return annotator.error();
    // Strictly increasing, so "the last place" is well defined even within
    // one millisecond.
    auto latest = d->scalar("SELECT MAX(updated) FROM places", {}, doing);
    if (!latest)
        return latest.error();
    const qint64 updated = std::max(nowMs(), latest->isNull() ? 0 : latest->toLongLong() + 1);
    std::optional<qint64> comment = place.comment;
    if (comment && !d->readComment(*comment, false))
        comment.reset(); // a comment that is gone is no place to return to
    auto q = d->exec("UPDATE places SET file = ?, comment = ?, updated = ? WHERE annotator = ? AND merge_request = ?",
                     {place.file, nullable(comment), updated, *annotator, place.mergeRequest}, doing);
    if (!q)
        return q.error();
    if (q->numRowsAffected() == 0) {
        q = d->exec("INSERT INTO places (annotator, merge_request, file, comment, updated) VALUES (?, ?, ?, ?, ?)",
                    {*annotator, place.mergeRequest, place.file, nullable(comment), updated}, doing);
        if (!q)
            return q.error();
    }
    return t.commit(doing);
}

namespace {

Result<std::optional<AnnotatorPlace>> readPlace(const SqlWorkspaceStore::Private &d, const QString &sql, std::initializer_list<QVariant> values)
{
    auto q = d.exec(sql, values, QCoreApplication::translate("rd::models", "read the place"));
    if (!q)
        return q.error();
    if (!q->next())
        return std::optional<AnnotatorPlace>();
    AnnotatorPlace p;
    p.annotator = q->value(0).toString();
    p.mergeRequest = q->value(1).toLongLong();
    p.file = q->value(2).toString();
    p.comment = optionalFrom<qint64>(q->value(3));
    p.updated = timeFrom(q->value(4));
    return std::optional<AnnotatorPlace>(p);
}

} // namespace

Result<std::optional<AnnotatorPlace>> SqlWorkspaceStore::place(const QString &annotator, qint64 mergeRequest) const
{
    return readPlace(*d,
                     QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                    " WHERE a.name = ? AND p.merge_request = ?"),
                     {annotator, mergeRequest});
}

Result<std::optional<AnnotatorPlace>> SqlWorkspaceStore::lastPlace(const QString &annotator) const
{
    if (annotator.isEmpty())
        return readPlace(*d,
                         QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                        " ORDER BY p.updated DESC LIMIT 1"),
                         {});
    return readPlace(*d,
                     QStringLiteral("SELECT a.name, p.merge_request, p.file, p.comment, p.updated FROM places p JOIN annotators a ON a.id = p.annotator"
                                    " WHERE a.name = ? ORDER BY p.updated DESC LIMIT 1"),
                     {annotator});
}

Result<JudgingProgress> SqlWorkspaceStore::progress(const QString &annotator, std::optional<qint64> mergeRequest) const
{
    QString sql = QStringLiteral("SELECT COUNT(*), COUNT(j.verdict) FROM comments c LEFT JOIN judgements j ON j.comment = c.id"
                                 " AND j.annotator = (SELECT id FROM annotators WHERE name = ?) WHERE c.removed = 0");
    if (mergeRequest)
        sql += QStringLiteral(" AND c.merge_request = ?");
    auto q = mergeRequest ? d->exec(sql, {annotator, *mergeRequest}, QCoreApplication::translate("rd::models", "count the judgements")) : d->exec(sql, {annotator}, QCoreApplication::translate("rd::models", "count the judgements"));
    if (!q)
        return q.error();
    JudgingProgress p;
    if (q->next()) {
        p.total = q->value(0).toInt();
        p.judged = q->value(1).toInt();
    }
    return p;
}

Result<QList<qint64>> SqlWorkspaceStore::recentDecisionDurations(const QString &annotator, int limit) const
{
    auto q = d->exec("SELECT j.time_spent FROM judgements j JOIN annotators a ON a.id = j.annotator"
                     " WHERE a.name = ? AND j.verdict IS NOT NULL AND j.time_spent IS NOT NULL ORDER BY j.updated DESC LIMIT ?",
                     {annotator, std::max(limit, 0)}, QCoreApplication::translate("rd::models", "read the judgements"));
    return allRows<qint64>(std::move(q), [](QSqlQuery &row) { return row.value(0).toLongLong(); });
}

} // namespace rd
