#pragma once

#include "RepositoryChunks.h"

#include <QString>

#include <memory>

namespace rd {

// A commit's chunks in an SQLite FTS5 table, ranked with FTS5's bm25()
// (k1 = 1.2, b = 0.75). Tokens: unicode61 with '_' kept inside words, so
// identifiers stay whole. The index lives in one cache file per tree id and
// chunking rule; a file that is there and complete is reused. Queries may
// come from any thread (the connection is serialized).
// Chunks of `path` overlapping [lineStart, lineEnd] are not retrieved (a
// hunk's own lines are no context for it).
struct ChunkExclusion
{
    QByteArray path;
    int lineStart = 0;
    int lineEnd = -1;
};

class Bm25Index
{
public:
    using Exclusion = ChunkExclusion;

    Bm25Index() = default;

    // The index of `commit` from `cacheDir`, built (through libgit2) when the
    // cache has none. `built` says which happened.
    static Result<Bm25Index> openOrBuild(const GitRepository &repository, const ObjectId &commit, const ChunkingRule &rule,
                                         const QString &cacheDir, bool *built = nullptr, const std::atomic<bool> *cancel = nullptr);
    // An index of these chunks in `file` (replaced when present).
    static Result<Bm25Index> build(const QList<CodeChunk> &chunks, const QString &file);

    bool isValid() const { return d != nullptr; }
    int chunkCount() const;
    QString file() const;

    // The k best chunks for `text` (any of its selective words), best first;
    // the score is -bm25() (higher is better): FTS5's bm25() formula (idf
    // with its floor, k1, b, FTS5's token counts and lengths) added up over
    // the index's per-word postings, so only the query's words are read,
    // not every matching row. Same order and scores as queryRankedByFts5().
    QList<RetrievedChunk> query(const QString &text, int k, const Exclusion &exclude = {}) const;
    // The same answer from FTS5 itself (MATCH … ORDER BY rank): the
    // reference the tests and the benchmark hold query() to; it scores every
    // row holding one of the words, so it is slow on large repositories.
    QList<RetrievedChunk> queryRankedByFts5(const QString &text, int k, const Exclusion &exclude = {}) const;
    // The FTS5 query `query()` runs for `text`: its distinct words as quoted
    // terms joined by OR (at most 64).
    static QString matchExpression(const QString &text);
    // The words of `text` the query uses: those in fewer than half of the
    // chunks (FTS5 gives the others an idf of 1e-6: they rank nothing but
    // cost a scan of most rows), rarest first; when none is, the three rarest.
    QStringList selectiveTerms(const QString &text) const;

    struct Private;

private:
    std::shared_ptr<Private> d;
};

} // namespace rd
