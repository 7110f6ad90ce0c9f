#include "Bm25Index.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

#include <sqlite3.h>

namespace rd {

struct Bm25Index::Private
{
    sqlite3 *db = nullptr;
    QString file;
    int count = 0;
    ~Private()
    {
        if (db)
            sqlite3_close(db);
    }
};

namespace {

// Bumped when the table's layout or tokenizer changes: old cache files are then not read.
constexpr int IndexFormat = 3;

Error sqlError(sqlite3 *db, const QString &what)
{
    return Error{Error::Kind::Internal, QCoreApplication::translate("rd::pipeline", "BM25 index: %1: %2").arg(what, QString::fromUtf8(db ? sqlite3_errmsg(db) : "out of memory"))};
}

bool exec(sqlite3 *db, const char *sql)
{
    return sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK;
}

Result<std::shared_ptr<Bm25Index::Private>> openFile(const QString &file, bool create)
{
    auto d = std::make_shared<Bm25Index::Private>();
    d->file = file;
    const int flags = SQLITE_OPEN_FULLMUTEX | (create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY);
    if (sqlite3_open_v2(QFile::encodeName(file).constData(), &d->db, flags, nullptr) != SQLITE_OK)
        return sqlError(d->db, QCoreApplication::translate("rd::pipeline", "cannot open %1").arg(file));
    return d;
}

int countChunks(sqlite3 *db)
{
    sqlite3_stmt *stmt = nullptr;
    int n = -1;
    if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE key = 'chunks'", -1, &stmt, nullptr) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
        n = sqlite3_column_int(stmt, 0);
    sqlite3_finalize(stmt);
    return n;
}

} // namespace

Result<Bm25Index> Bm25Index::build(const QList<CodeChunk> &chunks, const QString &file)
{
    QFile::remove(file);
    auto opened = openFile(file, true);
    if (!opened)
        return opened.error();
    auto d = *opened;
    sqlite3 *db = d->db;
    // A cache file: losing it to a crash only means building it again.
    exec(db, "PRAGMA journal_mode = OFF");
    exec(db, "PRAGMA synchronous = OFF");
    if (!exec(db, "CREATE VIRTUAL TABLE chunks USING fts5(text, path UNINDEXED, line_start UNINDEXED, line_end UNINDEXED, "
                  "tokenize = \"unicode61 tokenchars '_'\")")
        || !exec(db, "CREATE VIRTUAL TABLE vocabulary USING fts5vocab(chunks, 'row')")
        || !exec(db, "CREATE TABLE documents(term TEXT PRIMARY KEY, doc INTEGER) WITHOUT ROWID")
        || !exec(db, "CREATE TABLE meta(key TEXT PRIMARY KEY, value INTEGER)") || !exec(db, "BEGIN"))
        return sqlError(db, QCoreApplication::translate("rd::pipeline", "cannot create the table"));
    sqlite3_stmt *insert = nullptr;
    if (sqlite3_prepare_v2(db, "INSERT INTO chunks(rowid, text, path, line_start, line_end) VALUES (?, ?, ?, ?, ?)", -1, &insert, nullptr) != SQLITE_OK)
        return sqlError(db, QStringLiteral("prepare"));
    qint64 row = 0;
    for (const CodeChunk &c : chunks) {
        const QByteArray text = c.text.toUtf8();
        sqlite3_bind_int64(insert, 1, ++row);
        sqlite3_bind_text(insert, 2, text.constData(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
        sqlite3_bind_blob(insert, 3, c.path.constData(), static_cast<int>(c.path.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int(insert, 4, c.lineStart);
        sqlite3_bind_int(insert, 5, c.lineEnd);
        if (sqlite3_step(insert) != SQLITE_DONE) {
            sqlite3_finalize(insert);
            return sqlError(db, QStringLiteral("insert"));
        }
        sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    // How many chunks hold each word, as a plain table: fts5vocab answers a
    // single term by scanning the whole vocabulary.
    if (!exec(db, "INSERT INTO documents SELECT term, doc FROM vocabulary"))
        return sqlError(db, QStringLiteral("vocabulary"));
    // Written last: a file without it (a build that died) is built again.
    const QByteArray meta = "INSERT INTO meta VALUES ('format', " + QByteArray::number(IndexFormat) + "), ('chunks', " + QByteArray::number(row) + ")";
    if (!exec(db, meta.constData()) || !exec(db, "COMMIT"))
        return sqlError(db, QStringLiteral("commit"));
    d->count = static_cast<int>(row);
    Bm25Index index;
    index.d = d;
    return index;
}

Result<Bm25Index> Bm25Index::openOrBuild(const GitRepository &repository, const ObjectId &commit, const ChunkingRule &rule, const QString &cacheDir,
                                         bool *built, const std::atomic<bool> *cancel)
{
    auto tree = repository.treeId(commit);
    if (!tree)
        return tree.error();
    QDir().mkpath(cacheDir);
    const QString file = QStringLiteral("%1/bm25-%2-%3-v%4.sqlite").arg(cacheDir, QString::fromLatin1(tree->toHex()), rule.key()).arg(IndexFormat);
    if (built)
        *built = false;
    if (QFile::exists(file)) {
        if (auto opened = openFile(file, false)) {
            const int n = countChunks((*opened)->db);
            if (n >= 0) {
                (*opened)->count = n;
                Bm25Index index;
                index.d = *opened;
                return index;
            }
        }
    }
    auto chunks = chunkCommit(repository, commit, rule, cancel);
    if (!chunks)
        return chunks.error();
    // Built beside and renamed into place, so a reader never sees half an index.
    const QString partial = file + QStringLiteral(".%1.partial").arg(QCoreApplication::applicationPid());
    auto index = build(*chunks, partial);
    if (!index)
        return index.error();
    index->d.reset();
    QFile::remove(file);
    if (!QFile::rename(partial, file))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "BM25 index: cannot write %1").arg(file)};
    if (built)
        *built = true;
    auto opened = openFile(file, false);
    if (!opened)
        return opened.error();
    (*opened)->count = countChunks((*opened)->db);
    Bm25Index result;
    result.d = *opened;
    return result;
}

int Bm25Index::chunkCount() const
{
    return d ? d->count : 0;
}

QString Bm25Index::file() const
{
    return d ? d->file : QString();
}

QString Bm25Index::matchExpression(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}_]{2,}"));
    QStringList terms;
    QSet<QString> seen;
    for (auto it = word.globalMatch(text); it.hasNext() && terms.size() < 64;) {
        const QString w = it.next().captured().toLower();
        if (!seen.contains(w)) {
            seen.insert(w);
            terms << QLatin1Char('"') + w + QLatin1Char('"');
        }
    }
    return terms.join(QStringLiteral(" OR "));
}

QStringList Bm25Index::selectiveTerms(const QString &text) const
{
    QStringList kept;
    if (!d)
        return kept;
    // A word in half the chunks or more gets FTS5's idf floor (1e-6): it
    // decides no ranking, but its posting list would be scanned and scored.
    QList<std::pair<int, QString>> counted;
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(d->db, "SELECT doc FROM documents WHERE term = ?", -1, &stmt, nullptr) != SQLITE_OK)
        return kept;
    const QString expression = matchExpression(text);
    for (const QString &quoted : expression.split(QStringLiteral(" OR "), Qt::SkipEmptyParts)) {
        const QString term = quoted.mid(1).chopped(1);
        const QByteArray utf8 = term.toUtf8();
        sqlite3_bind_text(stmt, 1, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(stmt) == SQLITE_ROW)
            counted.append({sqlite3_column_int(stmt, 0), term});
        sqlite3_reset(stmt);
    }
    sqlite3_finalize(stmt);
    std::stable_sort(counted.begin(), counted.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (const auto &[documents, term] : counted)
        if (2 * documents < d->count)
            kept << term;
    // Only common words: the rarest few still say something.
    for (qsizetype i = 0; kept.isEmpty() && i < std::min<qsizetype>(3, counted.size()); ++i)
        kept << counted[i].second;
    return kept;
}

QList<RetrievedChunk> Bm25Index::query(const QString &text, int k, const Exclusion &exclude) const
{
    QList<RetrievedChunk> out;
    QStringList quoted;
    for (const QString &term : selectiveTerms(text))
        quoted << QLatin1Char('"') + term + QLatin1Char('"');
    const QByteArray match = quoted.join(QStringLiteral(" OR ")).toUtf8();
    if (!d || match.isEmpty() || k <= 0)
        return out;
    // Ranked row ids first (FTS5 sorts by rank itself and reads no column),
    // then the columns of the few rows kept: reading every matching row's
    // text for the sort was most of a query's time.
    sqlite3_stmt *ranked = nullptr;
    sqlite3_stmt *row = nullptr;
    if (sqlite3_prepare_v2(d->db, "SELECT rowid, rank FROM chunks WHERE chunks MATCH ?1 ORDER BY rank LIMIT ?2", -1, &ranked, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(d->db, "SELECT path, line_start, line_end, text FROM chunks WHERE rowid = ?", -1, &row, nullptr) != SQLITE_OK) {
        sqlite3_finalize(ranked);
        return out;
    }
    // The hunk's own chunks are skipped: a few more than k, and more when
    // they were not enough.
    for (int limit = k + 8; out.size() < k; limit *= 8) {
        out.clear();
        sqlite3_reset(ranked);
        sqlite3_bind_text(ranked, 1, match.constData(), static_cast<int>(match.size()), SQLITE_TRANSIENT);
        sqlite3_bind_int(ranked, 2, limit);
        int rows = 0;
        while (sqlite3_step(ranked) == SQLITE_ROW && out.size() < k) {
            ++rows;
            sqlite3_bind_int64(row, 1, sqlite3_column_int64(ranked, 0));
            if (sqlite3_step(row) == SQLITE_ROW) {
                RetrievedChunk c;
                c.path = QByteArray(static_cast<const char *>(sqlite3_column_blob(row, 0)), sqlite3_column_bytes(row, 0));
                c.lineStart = sqlite3_column_int(row, 1);
                c.lineEnd = sqlite3_column_int(row, 2);
                const bool excluded = c.path == exclude.path && c.lineEnd >= exclude.lineStart && c.lineStart <= exclude.lineEnd;
                if (!excluded) {
                    c.text = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(row, 3)), sqlite3_column_bytes(row, 3));
                    c.score = -sqlite3_column_double(ranked, 1);
                    out.append(std::move(c));
                }
            }
            sqlite3_reset(row);
        }
        if (rows < limit)
            break; // every match seen
    }
    sqlite3_finalize(ranked);
    sqlite3_finalize(row);
    return out;
}

} // namespace rd
