#pragma once

#include <FileDiff.h>

#include <QList>
#include <QString>

namespace rd {

// Where a comment's lines are in a newer commit.
struct AnchorMapping
{
    enum class Outcome { Unchanged, Moved, Outdated };
    Outcome outcome = Outcome::Unchanged;
    QString file; // Unchanged / Moved: the path in the newer commit (renames followed)
    int lineStart = 0;
    int lineEnd = 0;
    QString reason; // Outdated: what happened to the lines, in words
};

// Maps lines of one commit's files to another's through the diff of the two
// (rename detection on, as FileDiff lists them). Pure: no repository.
// A line that only shifted (lines added or removed above it, the file renamed)
// maps to its new number; a range any of whose lines was changed or deleted,
// or that had lines inserted between its own, is outdated, as is a range in a
// file that was deleted or whose changes cannot be read line by line (binary,
// unreadable).
class LineMap
{
public:
    explicit LineMap(const QList<FileDiff> &files);

    AnchorMapping map(const QString &file, int lineStart, int lineEnd) const;
    // The newer number of one line of `file` (the file's own number when the
    // diff does not touch it); 0 when the line was changed or deleted, or the
    // file cannot be compared line by line.
    int mapLine(const QString &file, int line) const;
    // The file's entry in the diff; null when the diff does not touch it.
    const FileDiff *fileDiff(const QString &file) const;

private:
    const QList<FileDiff> &m_files;
};

} // namespace rd
