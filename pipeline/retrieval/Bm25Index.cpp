#include "Bm25Index.h"

#include <QCoreApplication>
#include <QDir>
#include <QMutex>
#include <QFile>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include <sqlite3.h>

namespace rd {

struct Bm25Index::Private
{
    sqlite3 *db = nullptr;
    QString file;
    int count = 0;
    // Tokens per chunk by row id (FTS5's document length), and their mean.
    std::vector<int> lengths;
    double averageLength = 1;
    // Statements prepared once; a query holds the lock while it uses them.
    QMutex lock;
    sqlite3_stmt *postings = nullptr; // SELECT docs FROM postings WHERE term = ?
    sqlite3_stmt *row = nullptr;      // SELECT path, line_start, line_end, text ... rowid = ?
    ~Private()
    {
        for (sqlite3_stmt *s : {postings, row})
            sqlite3_finalize(s);
        if (db)
            sqlite3_close(db);
    }
};

namespace {

// Bumped when the table's layout or tokenizer changes: old cache files are then not read.
constexpr int IndexFormat = 4;

// FTS5's bm25() constants (k1, b) and its idf floor for words in half the
// chunks or more (sqlite/ext/fts5/fts5_aux.c).
constexpr double K1 = 1.2;
constexpr double B = 0.75;
constexpr double IdfFloor = 1e-6;

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

// Each word's chunks and counts in it: pairs of int32 (row id, count) in
// row id order, as FTS5 itself holds them; read with one look-up per word.
QByteArray packPostings(const std::vector<std::pair<qint32, qint32>> &list)
{
    QByteArray out(static_cast<qsizetype>(list.size() * 2 * sizeof(qint32)), Qt::Uninitialized);
    std::memcpy(out.data(), list.data(), static_cast<std::size_t>(out.size()));
    return out;
}

// After the chunks are in: the postings and chunk lengths from FTS5's own
// token instances (so the words are exactly FTS5's tokens).
bool writePostings(sqlite3 *db, int rows)
{
    if (!exec(db, "CREATE VIRTUAL TABLE instances USING fts5vocab(chunks, 'instance')")
        || !exec(db, "CREATE TABLE postings(term TEXT PRIMARY KEY, docs BLOB) WITHOUT ROWID") || !exec(db, "CREATE TABLE lengths(id INTEGER PRIMARY KEY, sizes BLOB)"))
        return false;
    sqlite3_stmt *scan = nullptr;
    sqlite3_stmt *insert = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT term, doc FROM instances", -1, &scan, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(db, "INSERT INTO postings VALUES (?, ?)", -1, &insert, nullptr) != SQLITE_OK) {
        sqlite3_finalize(scan);
        return false;
    }
    std::vector<qint32> lengths(static_cast<std::size_t>(rows) + 1, 0);
    std::vector<std::pair<qint32, qint32>> list;
    QByteArray term;
    bool ok = true;
    auto flush = [&] {
        if (list.empty())
            return;
        const QByteArray packed = packPostings(list);
        sqlite3_bind_text(insert, 1, term.constData(), static_cast<int>(term.size()), SQLITE_TRANSIENT);
        sqlite3_bind_blob(insert, 2, packed.constData(), static_cast<int>(packed.size()), SQLITE_TRANSIENT);
        ok = ok && sqlite3_step(insert) == SQLITE_DONE;
        sqlite3_reset(insert);
        list.clear();
    };
    // fts5vocab's instance table comes word by word, row id by row id.
    while (sqlite3_step(scan) == SQLITE_ROW) {
        const char *t = reinterpret_cast<const char *>(sqlite3_column_text(scan, 0));
        const int size = sqlite3_column_bytes(scan, 0);
        const qint64 doc = sqlite3_column_int64(scan, 1);
        if (term.size() != size || std::memcmp(term.constData(), t, static_cast<std::size_t>(size)) != 0) {
            flush();
            term = QByteArray(t, size);
        }
        if (doc > 0 && doc <= rows)
            ++lengths[static_cast<std::size_t>(doc)];
        if (!list.empty() && list.back().first == doc)
            ++list.back().second;
        else
            list.emplace_back(static_cast<qint32>(doc), 1);
    }
    flush();
    sqlite3_finalize(scan);
    sqlite3_finalize(insert);
    if (!ok)
        return false;
    sqlite3_stmt *store = nullptr;
    if (sqlite3_prepare_v2(db, "INSERT INTO lengths VALUES (1, ?)", -1, &store, nullptr) != SQLITE_OK)
        return false;
    sqlite3_bind_blob(store, 1, lengths.data(), static_cast<int>(lengths.size() * sizeof(qint32)), SQLITE_TRANSIENT);
    ok = sqlite3_step(store) == SQLITE_DONE;
    sqlite3_finalize(store);
    return ok && exec(db, "DROP TABLE instances");
}

// The statements and lengths a query needs; false when the file lacks them.
bool prepareQueries(Bm25Index::Private &d)
{
    sqlite3_stmt *stmt = nullptr;
    if (sqlite3_prepare_v2(d.db, "SELECT sizes FROM lengths WHERE id = 1", -1, &stmt, nullptr) != SQLITE_OK)
        return false;
    if (sqlite3_step(stmt) == SQLITE_ROW) {
        const auto *sizes = static_cast<const qint32 *>(sqlite3_column_blob(stmt, 0));
        const std::size_t n = static_cast<std::size_t>(sqlite3_column_bytes(stmt, 0)) / sizeof(qint32);
        d.lengths.assign(sizes, sizes + n);
    }
    sqlite3_finalize(stmt);
    qint64 total = 0;
    for (int l : d.lengths)
        total += l;
    d.averageLength = d.count > 0 && total > 0 ? double(total) / d.count : 1.0;
    return d.lengths.size() == static_cast<std::size_t>(d.count) + 1
           && sqlite3_prepare_v2(d.db, "SELECT docs FROM postings WHERE term = ?", -1, &d.postings, nullptr) == SQLITE_OK
           && sqlite3_prepare_v2(d.db, "SELECT path, line_start, line_end, text FROM chunks WHERE rowid = ?", -1, &d.row, nullptr) == SQLITE_OK;
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
    // Each word's postings as one value: a query reads a few of them instead
    // of having FTS5 score every row that holds any of its words.
    if (!writePostings(db, static_cast<int>(row)))
        return sqlError(db, QStringLiteral("postings"));
    // Written last: a file without it (a build that died) is built again.
    const QByteArray meta = "INSERT INTO meta VALUES ('format', " + QByteArray::number(IndexFormat) + "), ('chunks', " + QByteArray::number(row) + ")";
    if (!exec(db, meta.constData()) || !exec(db, "COMMIT"))
        return sqlError(db, QStringLiteral("commit"));
    d->count = static_cast<int>(row);
    if (!prepareQueries(*d))
        return sqlError(db, QStringLiteral("prepare"));
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
            (*opened)->count = n;
            if (n >= 0 && prepareQueries(**opened)) {
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
    if (!prepareQueries(**opened))
        return sqlError((*opened)->db, QStringLiteral("prepare"));
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

namespace {

struct TermPostings
{
    QString term;
    QByteArray docs; // packed (row id, count) pairs
    int documents() const { return static_cast<int>(docs.size() / (2 * static_cast<qsizetype>(sizeof(qint32)))); }
};

// The words of `text` with their postings, rarest first; the caller holds d.lock.
QList<TermPostings> postingsOf(Bm25Index::Private &d, const QString &text)
{
    QList<TermPostings> counted;
    const QString expression = Bm25Index::matchExpression(text);
    for (const QString &quoted : expression.split(QStringLiteral(" OR "), Qt::SkipEmptyParts)) {
        const QString term = quoted.mid(1).chopped(1);
        const QByteArray utf8 = term.toUtf8();
        sqlite3_bind_text(d.postings, 1, utf8.constData(), static_cast<int>(utf8.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(d.postings) == SQLITE_ROW)
            counted.append({term, QByteArray(static_cast<const char *>(sqlite3_column_blob(d.postings, 0)), sqlite3_column_bytes(d.postings, 0))});
        sqlite3_reset(d.postings);
    }
    std::stable_sort(counted.begin(), counted.end(), [](const TermPostings &a, const TermPostings &b) { return a.documents() < b.documents(); });
    return counted;
}

// A word in half the chunks or more gets FTS5's idf floor (1e-6): it decides
// no ranking. Only common words: the rarest few still say something.
QList<TermPostings> selective(QList<TermPostings> counted, int chunks)
{
    QList<TermPostings> kept;
    for (const TermPostings &t : counted)
        if (2 * t.documents() < chunks)
            kept.append(t);
    for (qsizetype i = 0; kept.isEmpty() && i < std::min<qsizetype>(3, counted.size()); ++i)
        kept.append(counted[i]);
    return kept;
}

} // namespace

QStringList Bm25Index::selectiveTerms(const QString &text) const
{
    QStringList kept;
    if (!d)
        return kept;
    QMutexLocker locker(&d->lock);
    for (const TermPostings &t : selective(postingsOf(*d, text), d->count))
        kept << t.term;
    return kept;
}

QList<RetrievedChunk> Bm25Index::query(const QString &text, int k, const Exclusion &exclude) const
{
    QList<RetrievedChunk> out;
    if (!d || k <= 0)
        return out;
    QMutexLocker locker(&d->lock);
    const QList<TermPostings> terms = selective(postingsOf(*d, text), d->count);
    if (terms.isEmpty())
        return out;
    // FTS5's bm25() over the words' postings, in memory: the candidates. The
    // cost is the postings read, not every matching row's columns.
    const int n = d->count;
    std::vector<double> score(static_cast<std::size_t>(n) + 1, 0.0);
    std::vector<qint32> touched;
    for (const TermPostings &t : terms) {
        const int hits = t.documents();
        double idf = std::log((n - hits + 0.5) / (hits + 0.5));
        if (idf <= 0.0)
            idf = IdfFloor;
        const auto *pairs = reinterpret_cast<const qint32 *>(t.docs.constData());
        for (int i = 0; i < hits; ++i) {
            const qint32 doc = pairs[2 * i];
            if (doc <= 0 || doc > n)
                continue;
            const double tf = pairs[2 * i + 1];
            const double length = d->lengths[static_cast<std::size_t>(doc)];
            double &s = score[static_cast<std::size_t>(doc)];
            if (s == 0.0)
                touched.push_back(doc);
            s += idf * tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length / d->averageLength));
        }
    }
    const auto better = [&score](qint32 a, qint32 b) {
        const double sa = score[static_cast<std::size_t>(a)], sb = score[static_cast<std::size_t>(b)];
        return sa != sb ? sa > sb : a < b;
    };
    // The best first, a few at a time: the hunk's own chunks are skipped.
    std::size_t taken = 0;
    for (std::size_t want = static_cast<std::size_t>(k) + 8; out.size() < k && taken < touched.size(); want *= 4) {
        const std::size_t upto = std::min(want, touched.size());
        std::partial_sort(touched.begin() + static_cast<std::ptrdiff_t>(taken), touched.begin() + static_cast<std::ptrdiff_t>(upto), touched.end(), better);
        for (; taken < upto && out.size() < k; ++taken) {
            const qint32 doc = touched[taken];
            sqlite3_bind_int64(d->row, 1, doc);
            if (sqlite3_step(d->row) == SQLITE_ROW) {
                RetrievedChunk c;
                c.path = QByteArray(static_cast<const char *>(sqlite3_column_blob(d->row, 0)), sqlite3_column_bytes(d->row, 0));
                c.lineStart = sqlite3_column_int(d->row, 1);
                c.lineEnd = sqlite3_column_int(d->row, 2);
                const bool excluded = c.path == exclude.path && c.lineEnd >= exclude.lineStart && c.lineStart <= exclude.lineEnd;
                if (!excluded) {
                    c.text = QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(d->row, 3)), sqlite3_column_bytes(d->row, 3));
                    c.score = score[static_cast<std::size_t>(doc)];
                    out.append(std::move(c));
                }
            }
            sqlite3_reset(d->row);
        }
    }
    return out;
}

QList<RetrievedChunk> Bm25Index::queryRankedByFts5(const QString &text, int k, const Exclusion &exclude) const
{
    QList<RetrievedChunk> out;
    QStringList quoted;
    for (const QString &term : selectiveTerms(text))
        quoted << QLatin1Char('"') + term + QLatin1Char('"');
    const QByteArray match = quoted.join(QStringLiteral(" OR ")).toUtf8();
    if (!d || match.isEmpty() || k <= 0)
        return out;
    sqlite3_stmt *ranked = nullptr;
    sqlite3_stmt *row = nullptr;
    if (sqlite3_prepare_v2(d->db, "SELECT rowid, rank FROM chunks WHERE chunks MATCH ?1 ORDER BY rank LIMIT ?2", -1, &ranked, nullptr) != SQLITE_OK
        || sqlite3_prepare_v2(d->db, "SELECT path, line_start, line_end, text FROM chunks WHERE rowid = ?", -1, &row, nullptr) != SQLITE_OK) {
        sqlite3_finalize(ranked);
        return out;
    }
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
                if (!(c.path == exclude.path && c.lineEnd >= exclude.lineStart && c.lineStart <= exclude.lineEnd)) {
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
