#include "GitSimilarity.h"

#include <git2.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace rd {
namespace {

constexpr std::uint32_t HashBase = 107927; // git's diffcore-delta modulus
constexpr std::size_t BinarySniffBytes = 8000; // git looks for NUL this far

bool looksBinary(const char *data, std::size_t size)
{
    return std::memchr(data, 0, std::min(size, BinarySniffBytes)) != nullptr;
}

} // namespace

SpanSignature spanSignature(const char *data, std::size_t size, bool regularFile)
{
    SpanSignature sig;
    sig.size = size;
    sig.regularFile = regularFile;
    if (!regularFile)
        return sig;

    const bool text = !looksBinary(data, size);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> chunks;
    chunks.reserve(size / 32 + 1);

    std::uint32_t accum1 = 0, accum2 = 0, length = 0;
    for (std::size_t i = 0; i < size; ++i) {
        const std::uint32_t c = static_cast<unsigned char>(data[i]);
        // A CR right before LF does not count in text, so CRLF and LF
        // versions of a file are the same material.
        if (text && c == '\r' && i + 1 < size && data[i + 1] == '\n')
            continue;
        const std::uint32_t previous1 = accum1;
        accum1 = (accum1 << 7) ^ (accum2 >> 25);
        accum2 = (accum2 << 7) ^ (previous1 >> 25);
        accum1 += c;
        if (++length < 64 && c != '\n')
            continue;
        chunks.emplace_back((accum1 + accum2 * 0x61) % HashBase, length);
        length = accum1 = accum2 = 0;
    }
    // As in git, a trailing chunk with no line feed that is shorter than 64
    // bytes is not counted.

    std::sort(chunks.begin(), chunks.end());
    for (const auto &[hash, count] : chunks) {
        if (!sig.spans.empty() && sig.spans.back().first == hash)
            sig.spans.back().second += count;
        else
            sig.spans.emplace_back(hash, count);
    }
    return sig;
}

int gitSimilarity(const SpanSignature &a, const SpanSignature &b, int minimumPercent)
{
    // Only regular files are compared by content; other kinds are renamed
    // only when identical, which libgit2 decides before asking us.
    if (!a.regularFile || !b.regularFile)
        return 0;
    const std::size_t maxSize = std::max(a.size, b.size);
    const std::size_t minSize = std::min(a.size, b.size);
    // Files whose sizes differ too much cannot reach the threshold; this
    // also rules out empty files.
    if (maxSize * static_cast<std::size_t>(100 - minimumPercent) < (maxSize - minSize) * 100 || maxSize == 0)
        return 0;

    // Most pairs rename detection tries are unrelated: stop as soon as what
    // is left of `b` cannot lift the shared material to the threshold (only
    // scores at or above it are ever used).
    const std::uint64_t needed = static_cast<std::uint64_t>(std::max(0, minimumPercent)) * maxSize;
    std::uint64_t shared = 0, leftOfB = b.size; // bytes of b's spans not yet passed, at most
    auto ia = a.spans.begin(), ib = b.spans.begin();
    while (ia != a.spans.end() && ib != b.spans.end()) {
        if (ia->first < ib->first) {
            ++ia;
            continue;
        }
        if (ib->first == ia->first) {
            shared += std::min(ia->second, ib->second);
            ++ia;
        }
        leftOfB -= std::min<std::uint64_t>(leftOfB, ib->second);
        ++ib;
        if ((shared + leftOfB) * 100 < needed)
            return 0;
    }
    return static_cast<int>(shared * 100 / maxSize);
}

namespace {

int bufferSignature(void **out, const git_diff_file *file, const char *buf, size_t len, void *)
{
    const bool regular = (file->mode & 0170000) == 0100000;
    *out = new SpanSignature(spanSignature(buf, len, regular));
    return 0;
}

int fileSignature(void **out, const git_diff_file *file, const char *path, void *payload)
{
    // Only work-tree diffs ask for this; read the file and hash it like a blob.
    FILE *f = std::fopen(path, "rb");
    if (!f)
        return -1;
    std::string data;
    char chunk[65536];
    std::size_t n;
    while ((n = std::fread(chunk, 1, sizeof chunk, f)) > 0)
        data.append(chunk, n);
    std::fclose(f);
    return bufferSignature(out, file, data.data(), data.size(), payload);
}

void freeSignature(void *sig, void *)
{
    delete static_cast<SpanSignature *>(sig);
}

int similarity(int *score, void *a, void *b, void *payload)
{
    const int minimum = static_cast<int>(reinterpret_cast<std::intptr_t>(payload));
    *score = gitSimilarity(*static_cast<SpanSignature *>(a), *static_cast<SpanSignature *>(b), minimum);
    return 0;
}

} // namespace

git_diff_similarity_metric *gitSimilarityMetric(int minimumPercent)
{
    // One immutable metric object per threshold, shared by all diffs.
    static std::mutex lock;
    static std::unordered_map<int, git_diff_similarity_metric> metrics;
    std::lock_guard guard(lock);
    auto [it, inserted] = metrics.try_emplace(minimumPercent);
    if (inserted)
        it->second = git_diff_similarity_metric{fileSignature, bufferSignature, freeSignature, similarity,
                                                reinterpret_cast<void *>(static_cast<std::intptr_t>(minimumPercent))};
    return &it->second;
}

} // namespace rd
