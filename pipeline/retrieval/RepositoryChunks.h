#pragma once

#include <GitRepository.h>
#include <ObjectId.h>
#include <Result.h>

#include <QByteArray>
#include <QList>
#include <QString>

#include <atomic>

namespace rd {

// How files are cut into retrieval chunks (README, "AACR-Bench hunk
// review"): every text file of the commit's tree (no NUL byte in its first
// 8 KiB, at most maxFileBytes, not a symlink or submodule) is cut into
// windows of `lines` lines, each starting `lines - overlap` lines after the
// previous one; the last window ends at the file's last line.
struct ChunkingRule
{
    int lines = 40;
    int overlap = 10;
    int maxFileBytes = 512 * 1024;

    // Part of every cache key: another rule is another index.
    QString key() const { return QStringLiteral("l%1-o%2-m%3").arg(lines).arg(overlap).arg(maxFileBytes); }
};

struct CodeChunk
{
    QByteArray path;
    ObjectId blob;
    int index = 0;     // n-th chunk of its file
    int lineStart = 0; // 1-based, inclusive
    int lineEnd = 0;
    QString text;
};

bool isTextContent(const QByteArray &content);
// The chunks of one file's content (pure).
QList<CodeChunk> chunkFile(const QByteArray &path, const ObjectId &blob, const QByteArray &content, const ChunkingRule &rule);
// The chunks of every text file of `commit`'s tree, read through libgit2.
Result<QList<CodeChunk>> chunkCommit(const GitRepository &repository, const ObjectId &commit, const ChunkingRule &rule,
                                     const std::atomic<bool> *cancel = nullptr);

// A chunk found for a hunk, with the retriever's score (higher is nearer).
struct RetrievedChunk
{
    QByteArray path;
    int lineStart = 0;
    int lineEnd = 0;
    double score = 0;
    QString text;
};

} // namespace rd
