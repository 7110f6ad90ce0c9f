#pragma once

#include <Workspace.h>

#include <optional>

namespace rd {

// The diff hunks ("patches") of a stored merge request, as its reviewers see
// them (git's default three lines of context, renames found, merge base to
// head unless two-dot). AACR-Bench's Table 9 reports comments per patch, so
// the evaluation needs them; nothing when the merge request has no code here
// (imported without a clone) or its repository cannot be diffed.
std::optional<int> countDiffHunks(const MergeRequestEntry &mr);

} // namespace rd
