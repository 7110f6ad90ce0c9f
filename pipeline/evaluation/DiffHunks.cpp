#include "DiffHunks.h"

#include <MergeRequest.h>

namespace rd {

std::optional<int> countDiffHunks(const MergeRequestEntry &mr)
{
    if (!mr.codeLinked || mr.repository.isEmpty())
        return std::nullopt;
    DiffOptions options;
    options.twoDot = mr.twoDot;
    int hunks = 0;
    // Streamed: only the count is kept, so a large merge request costs no memory.
    const auto opened = MergeRequest::open(mr.repository, mr.base, mr.head, options, [&](FileDiff &&file) {
        hunks += static_cast<int>(file.hunks.size());
        return true;
    });
    if (!opened)
        return std::nullopt;
    return hunks;
}

} // namespace rd
