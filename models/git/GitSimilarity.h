#pragma once

// Internal to models/: rename and copy similarity computed the way git's
// diffcore does it, so that `similarity index N%` and the choice of renames
// agree with `git diff -M` (libgit2's own metric samples differently).

#include <cstddef>
#include <cstdint>
#include <vector>

#include <git2/diff.h>

namespace rd {

// The bytes of a file cut into chunks that end at a line feed or after 64
// bytes, each chunk hashed; `spans` holds (hash, bytes in chunks with that
// hash) sorted by hash.
struct SpanSignature
{
    std::size_t size = 0;
    bool regularFile = true;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> spans;
};

SpanSignature spanSignature(const char *data, std::size_t size, bool regularFile);

// Percent of the larger file made of material both share; 0 when it is
// below `minimumPercent` and that shows early (sizes too far apart, or too
// little left to share). Symmetric in its arguments at or above the minimum.
int gitSimilarity(const SpanSignature &a, const SpanSignature &b, int minimumPercent);

// A libgit2 metric object backed by the two functions above.
git_diff_similarity_metric *gitSimilarityMetric(int minimumPercent);

} // namespace rd
