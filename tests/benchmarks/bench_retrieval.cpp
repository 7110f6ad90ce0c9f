// AACR hunk review retrieval (issue 13): the BM25 index of a generated
// repository (libgit2, --files source files) built and queried through
// SQLite FTS5, beside a linear scan computing the same BM25 in memory; and
// nearest-neighbour search over --vectors embeddings with HNSW (hnswlib)
// beside exact search. Goals: index < 5 s, query < 10 ms, embedding search
// over 100,000 vectors < 20 ms.
//
//   bench_retrieval [--files N] [--queries N] [--vectors N] [--dimension N]

#include <Bm25Index.h>
#include <EmbeddingIndex.h>
#include <RepositoryBuilder.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QHash>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace rd;

namespace {

// Source-like text from a vocabulary with a Zipf-like spread, as code has:
// a few words everywhere, most in a few files.
QByteArray sourceFile(QRandomGenerator &random, const QStringList &words, int lines)
{
    QByteArray out;
    for (int l = 0; l < lines; ++l) {
        const int n = 3 + static_cast<int>(random.bounded(6));
        QByteArray line = "    ";
        for (int w = 0; w < n; ++w) {
            const double u = random.generateDouble();
            const int index = static_cast<int>(std::pow(u, 3.0) * words.size());
            line += words[std::min<int>(index, static_cast<int>(words.size()) - 1)].toUtf8() + (w + 1 < n ? (w % 2 ? "(" : " = ") : ";");
        }
        out += line + '\n';
    }
    return out;
}

struct Doc
{
    QHash<QString, int> tf;
    int length = 0;
};

QStringList tokens(const QString &text)
{
    static const QRegularExpression word(QStringLiteral("[\\p{L}\\p{N}_]+"));
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();)
        out << it.next().captured().toLower();
    return out;
}

// The reference: FTS5's bm25 over in-memory term counts, every chunk scored.
QList<int> linearBm25(const QList<Doc> &docs, const QHash<QString, int> &df, double avgdl, const QStringList &terms, int k)
{
    const double n = docs.size();
    QList<std::pair<double, int>> scored;
    for (int i = 0; i < docs.size(); ++i) {
        double score = 0;
        for (const QString &t : terms) {
            const int f = docs[i].tf.value(t);
            if (!f)
                continue;
            double idf = std::log((n - df.value(t) + 0.5) / (df.value(t) + 0.5));
            if (idf <= 0)
                idf = 1e-6;
            score += idf * f * 2.2 / (f + 1.2 * (0.25 + 0.75 * docs[i].length / avgdl));
        }
        if (score > 0)
            scored.append({score, i});
    }
    const int top = std::min<int>(k, static_cast<int>(scored.size()));
    std::partial_sort(scored.begin(), scored.begin() + top, scored.end(), [](const auto &a, const auto &b) { return a.first > b.first; });
    QList<int> out;
    for (int i = 0; i < top; ++i)
        out << scored[i].second;
    return out;
}

double median(QList<double> v)
{
    std::sort(v.begin(), v.end());
    return v.isEmpty() ? 0 : v[v.size() / 2];
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // each figure as soon as it is measured
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption filesOption(QStringLiteral("files"), QStringLiteral("Source files in the generated repository."), QStringLiteral("N"), QStringLiteral("1500"));
    const QCommandLineOption queriesOption(QStringLiteral("queries"), QStringLiteral("Queries timed."), QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption vectorsOption(QStringLiteral("vectors"), QStringLiteral("Embedding vectors searched (0: no embedding search)."), QStringLiteral("N"), QStringLiteral("100000"));
    const QCommandLineOption dimensionOption(QStringLiteral("dimension"), QStringLiteral("Embedding length."), QStringLiteral("N"), QStringLiteral("256"));
    parser.addOptions({filesOption, queriesOption, vectorsOption, dimensionOption});
    parser.process(app);
    const int fileCount = parser.value(filesOption).toInt();
    const int queryCount = parser.value(queriesOption).toInt();
    const int vectorCount = parser.value(vectorsOption).toInt();
    const int dimension = parser.value(dimensionOption).toInt();

    QTemporaryDir dir;
    QRandomGenerator random(13);
    QStringList words;
    for (int i = 0; i < 5000; ++i)
        words << QStringLiteral("%1_%2").arg(QStringList{QStringLiteral("get"), QStringLiteral("set"), QStringLiteral("buffer"), QStringLiteral("node"),
                                                         QStringLiteral("parse"), QStringLiteral("count"), QStringLiteral("index"), QStringLiteral("value")}[i % 8])
                     .arg(i);
    // The repository: files of 40-400 lines in 50 folders, written with libgit2.
    auto builder = RepositoryBuilder::init(dir.filePath(QStringLiteral("repo")));
    if (!builder) {
        std::fprintf(stderr, "bench_retrieval: %s\n", qPrintable(builder.error().message));
        return 1;
    }
    RepositoryBuilder::Tree tree;
    qint64 lines = 0;
    for (int f = 0; f < fileCount; ++f) {
        const int n = 40 + static_cast<int>(random.bounded(360));
        lines += n;
        tree[QByteArray("src/module") + QByteArray::number(f % 50) + "/file" + QByteArray::number(f) + ".cpp"] = {sourceFile(random, words, n)};
    }
    auto commit = builder->commit("main", tree, "Generated\n");
    auto repository = GitRepository::open(dir.filePath(QStringLiteral("repo")));
    if (!commit || !repository) {
        std::fprintf(stderr, "bench_retrieval: cannot write the repository\n");
        return 1;
    }

    // Index: built from the blobs (libgit2), then opened from its cache file.
    QElapsedTimer clock;
    clock.start();
    bool built = false;
    auto index = Bm25Index::openOrBuild(*repository, *commit, {}, dir.filePath(QStringLiteral("cache")), &built);
    const double buildMs = clock.nsecsElapsed() / 1e6;
    clock.restart();
    auto cached = Bm25Index::openOrBuild(*repository, *commit, {}, dir.filePath(QStringLiteral("cache")), &built);
    const double openMs = clock.nsecsElapsed() / 1e6;
    if (!index || !cached || built) {
        std::fprintf(stderr, "bench_retrieval: index failed\n");
        return 1;
    }
    auto chunks = chunkCommit(*repository, *commit, {});
    std::printf("repository: %d source files, %lld lines, %lld chunks (40 lines, overlap 10)\n", fileCount, static_cast<long long>(lines),
                static_cast<long long>(chunks->size()));
    std::printf("BM25 index build (libgit2 blobs -> FTS5 file): %.0f ms   (goal < 5000 ms)\n", buildMs);
    std::printf("BM25 index open from its cache file:           %.1f ms\n", openMs);

    // The reference's data, prepared outside the timing.
    QList<Doc> docs;
    QHash<QString, int> df;
    qint64 totalLength = 0;
    for (const CodeChunk &c : *chunks) {
        Doc d;
        const QStringList t = tokens(c.text);
        d.length = static_cast<int>(t.size());
        for (const QString &w : t)
            ++d.tf[w];
        for (auto it = d.tf.cbegin(); it != d.tf.cend(); ++it)
            ++df[it.key()];
        totalLength += d.length;
        docs.append(std::move(d));
    }
    const double avgdl = double(totalLength) / docs.size();

    // Queries: hunk-sized pieces (8 lines) of random files.
    QStringList queries;
    for (int q = 0; q < queryCount; ++q)
        queries << QString::fromUtf8(sourceFile(random, words, 8));
    QList<double> ftsMs, rankMs, scanMs;
    int agree = 0;
    int sameAsRank = 0;
    for (const QString &q : std::as_const(queries)) {
        clock.restart();
        const QList<RetrievedChunk> found = cached->query(q, 3);
        ftsMs << clock.nsecsElapsed() / 1e6;
        clock.restart();
        const QList<RetrievedChunk> ranked = cached->queryRankedByFts5(q, 3);
        rankMs << clock.nsecsElapsed() / 1e6;
        bool same = found.size() == ranked.size();
        for (qsizetype i = 0; same && i < found.size(); ++i)
            same = found[i].path == ranked[i].path && found[i].lineStart == ranked[i].lineStart;
        sameAsRank += same;
        QStringList terms;
        const QString expression = Bm25Index::matchExpression(q);
        for (const QString &t : expression.split(QStringLiteral(" OR ")))
            terms << t.mid(1).chopped(1);
        clock.restart();
        const QList<int> reference = linearBm25(docs, df, avgdl, terms, 3);
        scanMs << clock.nsecsElapsed() / 1e6;
        if (!found.isEmpty() && !reference.isEmpty() && found[0].path == (*chunks)[reference[0]].path
            && found[0].lineStart == (*chunks)[reference[0]].lineStart)
            ++agree;
    }
    const double fts = median(ftsMs);
    const double rank = median(rankMs);
    const double scan = median(scanMs);
    std::printf("BM25 top-3 query, median of %d: postings %.2f ms, FTS5 ORDER BY rank %.2f ms (ratio %.1fx), linear scan %.2f ms (ratio %.1fx)   (goal < 10 ms)\n",
                queryCount, fts, rank, rank / fts, scan, scan / fts);
    std::printf("  same top 3 as FTS5's rank in %d of %d queries; same best chunk as the scan in %d\n", sameAsRank, queryCount, agree);

    if (vectorCount == 0)
        return 0;
    // Embeddings: clustered random vectors (as real embeddings are).
    std::vector<std::vector<float>> centres(64, std::vector<float>(static_cast<std::size_t>(dimension)));
    for (auto &c : centres)
        for (float &x : c)
            x = static_cast<float>(random.generateDouble() * 2 - 1);
    std::vector<std::vector<float>> vectors(static_cast<std::size_t>(vectorCount), std::vector<float>(static_cast<std::size_t>(dimension)));
    for (int i = 0; i < vectorCount; ++i)
        for (int j = 0; j < dimension; ++j)
            vectors[i][j] = centres[i % 64][j] + static_cast<float>(random.generateDouble() - 0.5);
    clock.restart();
    auto graph = NearestNeighbours::build(vectors, 0);
    const double graphMs = clock.nsecsElapsed() / 1e6;
    if (!graph) {
        std::fprintf(stderr, "bench_retrieval: %s\n", qPrintable(graph.error().message));
        return 1;
    }
    QList<double> hnswMs, exactMs;
    int found = 0;
    for (int q = 0; q < queryCount; ++q) {
        std::vector<float> query(static_cast<std::size_t>(dimension));
        for (int j = 0; j < dimension; ++j)
            query[j] = centres[q % 64][j] + static_cast<float>(random.generateDouble() - 0.5);
        clock.restart();
        const auto approximate = graph->search(query, 3);
        hnswMs << clock.nsecsElapsed() / 1e6;
        clock.restart();
        const auto exact = graph->searchExact(query, 3);
        exactMs << clock.nsecsElapsed() / 1e6;
        for (const auto &e : exact)
            found += std::any_of(approximate.begin(), approximate.end(), [&e](const auto &a) { return a.index == e.index; });
    }
    const double hnsw = median(hnswMs);
    const double exact = median(exactMs);
    std::printf("embeddings: %d vectors of %d dimensions, HNSW graph built in %.0f ms\n", vectorCount, dimension, graphMs);
    std::printf("top-3 search, median of %d: HNSW %.3f ms, exact %.2f ms, ratio %.0fx, recall@3 %.1f%%   (goal < 20 ms)\n", queryCount, hnsw, exact,
                exact / hnsw, 100.0 * found / (3.0 * queryCount));
    return 0;
}
