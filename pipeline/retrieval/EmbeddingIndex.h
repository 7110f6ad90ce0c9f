#pragma once

#include <Result.h>

#include <QByteArray>
#include <QList>
#include <QString>

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace rd {

// Embedding vectors kept between runs in one SQLite cache file, by a key
// naming what was embedded (endpoint, model, blob id, chunking rule, chunk).
class VectorCache
{
public:
    static Result<VectorCache> open(const QString &file);
    VectorCache() = default;
    bool isValid() const { return d != nullptr; }
    std::optional<std::vector<float>> find(const QByteArray &key) const;
    void store(const QList<std::pair<QByteArray, std::vector<float>>> &vectors);

    struct Private;

private:
    std::shared_ptr<Private> d;
};

// Nearest neighbours by cosine similarity among fixed vectors: exact search
// up to `exactLimit` vectors, above it an HNSW graph (hnswlib; M 16,
// ef_construction 100, ef 64 or k when larger).
class NearestNeighbours
{
public:
    struct Hit
    {
        int index = 0;     // into the vectors given to build()
        float score = 0;   // cosine similarity
    };

    // All vectors must have the same length; an error otherwise.
    static Result<NearestNeighbours> build(const std::vector<std::vector<float>> &vectors, int exactLimit);
    NearestNeighbours() = default;

    bool isApproximate() const;
    int size() const;
    int dimension() const;
    // The k nearest, nearest first (an empty list for a vector of another length).
    QList<Hit> search(const std::vector<float> &query, int k) const;
    // Always the exact answer (the reference for the approximate one).
    QList<Hit> searchExact(const std::vector<float> &query, int k) const;

    struct Private;

private:
    std::shared_ptr<Private> d;
};

} // namespace rd
