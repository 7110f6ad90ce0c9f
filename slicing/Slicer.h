#pragma once

#include "Slice.h"

#include <MergeRequest.h>

#include <QList>
#include <QStringList>

#include <functional>

namespace rd {

struct SliceOptions
{
    QList<SliceAlgorithm> algorithms{SliceAlgorithm::LeftFlow};
    QString compileCommands; // a compile_commands.json; empty: look in the work tree
    int threads = 0;         // parsing threads; 0: one per core
    int tokenBudget = DefaultSliceTokenBudget; // estimated tokens a slice may hold; 0: no limit
};


struct SlicingDiagnostics
{
    int files = 0;          // changed files looked at
    int parsed = 0;         // C/C++ versions parsed by libclang
    int parseErrors = 0;    // libclang errors (missing headers and such), summed
    int parseWarnings = 0;
    int fallbacks = 0;      // slices made without an AST
    bool compileCommands = false;
    QStringList failures;   // files libclang could not parse at all
    int outsideStatements = 0; // changed lines no statement holds, included as themselves
    int trimmed = 0;        // slices cut down to the token budget
    QStringList skipped;    // "file: lines (reason)" of changes left out on purpose
    QStringList unreadable; // files (changed or included) whose content could not be read
};

struct SlicingResult
{
    QList<Slice> slices;
    SlicingDiagnostics diagnostics;
};

// Slices every changed file of a merge request with the chosen algorithms
// (Algorithms 1-9 of the paper): added lines on the head version, deleted
// lines on the base version, each changed statement in exactly one slice.
// Each file version is parsed once and shared by all algorithms.
Result<SlicingResult> sliceMergeRequest(const MergeRequest &mr, const SliceOptions &options,
                                        const std::function<bool()> &cancelled = {});

} // namespace rd
