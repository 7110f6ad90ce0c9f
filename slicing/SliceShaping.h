#pragma once

// What happens to one file's slices after the slicing algorithms, before a
// reviewer sees them: slices of blank lines and braces joined to their
// neighbours, every changed line placed in a slice (or named as skipped),
// declaration slices packed, and each slice fitted to the token budget.
// Internal to slicing/: sliceMergeRequest() calls these for each file.

#include "Slice.h"

#include <FileDiff.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <map>
#include <set>

namespace rd {

// Changed lines of one file: added (new side) and deleted (old side), each
// deleted line with the new line it sits before.
struct FileChanges
{
    std::set<int> added;
    std::map<int, int> deletedAnchor; // old line -> new line it precedes
};

FileChanges changesOf(const FileDiff &file);

// The first seed line: slices are listed in this order.
int firstLine(const Slice &s);

// Slices whose changes are only blank lines, braces or comments join the
// nearest slice of the same side; alone in their file they are skipped
// (named in `skipped`, their lines in `skippedLines`, [0] new, [1] old).
void joinTrivialSlices(QList<Slice> &slices, const QStringList &newText, const QStringList &oldText, const QByteArray &file, QStringList &skipped,
                       std::set<int> skippedLines[2]);

// Every changed line of the file is a changed line of one slice, or named
// in `skipped` with the reason.
void placeEveryChangedLine(QList<Slice> &slices, const FileChanges &changes, const std::set<int> skippedLines[2], const QByteArray &file,
                           SliceAlgorithm algorithm, QStringList &skipped);

// Adjacent declaration slices join while they fit `budget` tokens.
void packDeclarationSlices(QList<Slice> &slices, const QStringList &newText, const QStringList &oldText, int budget);

// Trims an oversized slice to `budget` tokens, keeping its changed lines and
// the nearest context; true when it left something out.
bool fitBudget(Slice &slice, const QStringList &newText, const QStringList &oldText, int budget);

} // namespace rd
