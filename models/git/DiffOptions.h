#pragma once

namespace rd {

struct DiffOptions
{
    bool twoDot = false;           // base..head instead of merge-base..head
    int contextLines = 3;
    bool findCopies = false;       // git diff -C (renames are always found, -M)
    int similarityThreshold = 50;  // percent, for renames and copies
    bool ignoreWhitespace = false; // git diff -w
    int threads = 0;               // 0: one per core
};

} // namespace rd
