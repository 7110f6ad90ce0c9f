#pragma once

// The lines a comment is written at in AACR-Bench's files: the run file
// (`review --format aacr`), the workspace's AACR export and the
// generated-comment files (comments_{repo}_{pr}.txt), which the released
// evaluator reads.

#include <ReviewComment.h>

namespace rd {

// An unlocated comment (its snippet is not in the file: line_valid false,
// no lines) is written at this line, as from and to. The released evaluator
// (evaluator_runner/core/match_location.py) reads a missing, empty or 0
// line as "lines not checked" (`from_line or ...`, has_complete_line_info())
// and matches such a comment to every reference of its file and side; a
// negative line it reads as a line, and is_line_range_overlapping() puts it
// min(|s1 - e2|, |e1 - s2|) = 10^9 + (reference line) lines from any
// reference, beyond every line distance. So the evaluator counts the
// comment as generated and never as a line match. Far enough that no
// threshold below 10^9 reaches line 1, near enough that a line (at most
// 10^8 in an imported file) minus it stays an int.
inline constexpr int kAacrUnlocatedLine = -1'000'000'000;

struct AacrLineRange
{
    int from = kAacrUnlocatedLine;
    int to = kAacrUnlocatedLine;
};

// A located comment at its lines, a one-line comment (no end) ending where
// it starts: a 0 or missing end would be a wildcard to the evaluator too.
// An unlocated one at kAacrUnlocatedLine.
inline AacrLineRange aacrLineRange(const ReviewComment &c)
{
    if (!c.located())
        return {};
    return {c.lineStart, c.lineEnd > 0 ? c.lineEnd : c.lineStart};
}

} // namespace rd
