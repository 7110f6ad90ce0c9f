#pragma once

// One file's content diff from its two blobs, as git prints it: the part of
// DiffBuilder that each of its worker threads runs. Internal to models/.

#include "FileDiff.h"
#include "Result.h"

#include <git2.h>

namespace rd {

// Diffs `oldBlob` against `newBlob` (either may be null: an empty side) into
// the file's hunks, counts and binary flags. The lines come by callback
// rather than through a git_patch, which would store every line once more.
// Without `attributes` (no attributes file exists anywhere) libgit2 is given
// no paths: it looks up a path's attributes for its diff driver, which for
// every side of every file checks whether the system and repository
// attributes files appeared (two system calls that cost a tenth of a large
// diff), and with no path it takes the default driver, the one no attributes
// give. `compact` files are kept after the diff: their line lists are
// trimmed to size.
Result<bool> diffBlobs(FileDiff &file, const git_blob *oldBlob, const git_blob *newBlob, const git_diff_options &opts,
                       bool attributes, bool compact);

} // namespace rd
