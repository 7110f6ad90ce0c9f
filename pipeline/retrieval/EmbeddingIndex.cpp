#include "EmbeddingIndex.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtConcurrent>

#include <hnswlib/hnswlib.h>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <numeric>
#include <queue>

namespace rd {

struct VectorCache::Private
{
    sqlite3 *db = nullptr;
    ~Private()
    {
        if (db)
            sqlite3_close(db);
    }
};

Result<VectorCache> VectorCache::open(const QString &file)
{
    QDir().mkpath(QFileInfo(file).absolutePath());
    auto d = std::make_shared<Private>();
    if (sqlite3_open_v2(QFile::encodeName(file).constData(), &d->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK
        || sqlite3_exec(d->db, "PRAGMA journal_mode = WAL; CREATE TABLE IF NOT EXISTS vectors(key TEXT PRIMARY KEY, data BLOB NOT NULL)", nullptr, nullptr, nullptr)
               != SQLITE_OK)
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::pipeline", "embedding cache %1: %2").arg(file, QString::fromUtf8(d->db ? sqlite3_errmsg(d->db) : "?"))};
    sqlite3_busy_timeout(d->db, 10000);
    VectorCache cache;
    cache.d = d;
    return cache;
}

std::optional<std::vector<float>> VectorCache::find(const QByteArray &key) const
{
    if (!d)
        return std::nullopt;
    sqlite3_stmt *stmt = nullptr;
    std::optional<std::vector<float>> out;
    if (sqlite3_prepare_v2(d->db, "SELECT data FROM vectors WHERE key = ?", -1, &stmt, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(stmt, 1, key.constData(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
        if (sqlite3_step(stmt) == SQLITE_ROW) {
            const int bytes = sqlite3_column_bytes(stmt, 0);
            if (bytes > 0 && bytes % static_cast<int>(sizeof(float)) == 0) {
                std::vector<float> v(static_cast<std::size_t>(bytes) / sizeof(float));
                std::memcpy(v.data(), sqlite3_column_blob(stmt, 0), static_cast<std::size_t>(bytes));
                out = std::move(v);
            }
        }
    }
    sqlite3_finalize(stmt);
    return out;
}

void VectorCache::store(const QList<std::pair<QByteArray, std::vector<float>>> &vectors)
{
    if (!d || vectors.isEmpty())
        return;
    sqlite3_stmt *stmt = nullptr;
    sqlite3_exec(d->db, "BEGIN", nullptr, nullptr, nullptr);
    if (sqlite3_prepare_v2(d->db, "INSERT OR REPLACE INTO vectors(key, data) VALUES (?, ?)", -1, &stmt, nullptr) == SQLITE_OK) {
        for (const auto &[key, v] : vectors) {
            sqlite3_bind_text(stmt, 1, key.constData(), static_cast<int>(key.size()), SQLITE_TRANSIENT);
            sqlite3_bind_blob(stmt, 2, v.data(), static_cast<int>(v.size() * sizeof(float)), SQLITE_TRANSIENT);
            sqlite3_step(stmt);
            sqlite3_reset(stmt);
        }
    }
    sqlite3_finalize(stmt);
    sqlite3_exec(d->db, "COMMIT", nullptr, nullptr, nullptr);
}

struct NearestNeighbours::Private
{
    int dimension = 0;
    std::vector<float> unit; // row-major, each row of length 1 (or 0)
    std::unique_ptr<hnswlib::InnerProductSpace> space;
    std::unique_ptr<hnswlib::HierarchicalNSW<float>> graph;
    int count = 0;
};

namespace {

std::vector<float> normalised(const std::vector<float> &v)
{
    double sum = 0;
    for (float x : v)
        sum += double(x) * x;
    std::vector<float> out(v);
    if (sum > 0) {
        const float scale = static_cast<float>(1.0 / std::sqrt(sum));
        for (float &x : out)
            x *= scale;
    }
    return out;
}

} // namespace

Result<NearestNeighbours> NearestNeighbours::build(const std::vector<std::vector<float>> &vectors, int exactLimit)
{
    auto d = std::make_shared<Private>();
    d->dimension = vectors.empty() ? 0 : static_cast<int>(vectors.front().size());
    d->count = static_cast<int>(vectors.size());
    d->unit.reserve(vectors.size() * static_cast<std::size_t>(d->dimension));
    for (std::size_t i = 0; i < vectors.size(); ++i) {
        if (static_cast<int>(vectors[i].size()) != d->dimension || d->dimension == 0)
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "embeddings: vector %1 has %2 dimensions, the first has %3")
                                                 .arg(i)
                                                 .arg(vectors[i].size())
                                                 .arg(d->dimension)};
        const std::vector<float> u = normalised(vectors[i]);
        d->unit.insert(d->unit.end(), u.begin(), u.end());
    }
    if (d->count > exactLimit) {
        d->space = std::make_unique<hnswlib::InnerProductSpace>(static_cast<std::size_t>(d->dimension));
        d->graph = std::make_unique<hnswlib::HierarchicalNSW<float>>(d->space.get(), static_cast<std::size_t>(d->count), 16, 100, 42);
        // hnswlib inserts concurrently (a lock per node); the first point alone.
        d->graph->addPoint(d->unit.data(), 0);
        QList<int> rest(d->count - 1);
        std::iota(rest.begin(), rest.end(), 1);
        QtConcurrent::blockingMap(rest, [&d](int i) {
            d->graph->addPoint(d->unit.data() + static_cast<std::size_t>(i) * d->dimension, static_cast<hnswlib::labeltype>(i));
        });
    }
    NearestNeighbours nn;
    nn.d = d;
    return nn;
}

bool NearestNeighbours::isApproximate() const
{
    return d && d->graph;
}

int NearestNeighbours::size() const
{
    return d ? d->count : 0;
}

int NearestNeighbours::dimension() const
{
    return d ? d->dimension : 0;
}

QList<NearestNeighbours::Hit> NearestNeighbours::searchExact(const std::vector<float> &query, int k) const
{
    QList<Hit> out;
    if (!d || static_cast<int>(query.size()) != d->dimension || k <= 0)
        return out;
    const std::vector<float> q = normalised(query);
    // A min-heap of the k best so far.
    auto worse = [](const Hit &a, const Hit &b) { return a.score > b.score || (a.score == b.score && a.index < b.index); };
    std::priority_queue<Hit, std::vector<Hit>, decltype(worse)> best(worse);
    const float *row = d->unit.data();
    for (int i = 0; i < d->count; ++i, row += d->dimension) {
        float dot = 0;
        for (int j = 0; j < d->dimension; ++j)
            dot += row[j] * q[static_cast<std::size_t>(j)];
        if (static_cast<int>(best.size()) < k)
            best.push({i, dot});
        else if (dot > best.top().score) {
            best.pop();
            best.push({i, dot});
        }
    }
    while (!best.empty()) {
        out.prepend(best.top());
        best.pop();
    }
    return out;
}

QList<NearestNeighbours::Hit> NearestNeighbours::search(const std::vector<float> &query, int k) const
{
    if (!d || !d->graph)
        return searchExact(query, k);
    QList<Hit> out;
    if (static_cast<int>(query.size()) != d->dimension || k <= 0)
        return out;
    const std::vector<float> q = normalised(query);
    k = std::min(k, d->count);
    // ef is the graph's per-search state: one search at a time sets and uses it.
    static std::mutex efLock;
    std::lock_guard guard(efLock);
    d->graph->setEf(static_cast<std::size_t>(std::max(64, k)));
    auto found = d->graph->searchKnn(q.data(), static_cast<std::size_t>(k));
    while (!found.empty()) {
        // Inner-product distance is 1 - similarity; the queue pops the farthest first.
        out.prepend({static_cast<int>(found.top().second), 1.0f - found.top().first});
        found.pop();
    }
    return out;
}

} // namespace rd
