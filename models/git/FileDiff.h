#pragma once

#include "ObjectId.h"
#include "Side.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

enum class FileStatus : quint8 { Added, Deleted, Modified, Renamed, Copied, TypeChange };
enum class LineKind : quint8 { Context, Added, Deleted };

// One line of a hunk. `text` is the exact bytes without the line feed (a CR of
// a CRLF line stays); line numbers are 0 on the side the line does not exist.
// Lines a diff produced do not own their text: it lies in their Hunk's
// `text` (one allocation per hunk instead of one per line, a tenth of a large
// diff's time), so keep the Hunk, or deep-copy text that must outlive it.
struct DiffLine
{
    LineKind kind = LineKind::Context;
    bool missingNewline = false; // "\ No newline at end of file" follows it
    int oldLine = 0;
    int newLine = 0;
    QByteArray text;
};

struct Hunk
{
    int oldStart = 0;
    int oldLines = 0;
    int newStart = 0;
    int newLines = 0;
    QByteArray header; // "@@ -1,3 +1,4 @@ function context", no line feed
    QList<DiffLine> lines;
    QByteArray text; // holds the text of the lines, when the diff made them
};

// Git file modes, as git writes them in patches.
namespace FileMode {
inline constexpr quint32 None = 0;
inline constexpr quint32 Regular = 0100644;
inline constexpr quint32 Executable = 0100755;
inline constexpr quint32 Symlink = 0120000;
inline constexpr quint32 Gitlink = 0160000;
} // namespace FileMode

// One file of a merge request. Paths are repository-relative bytes: git does
// not promise UTF-8 file names, and neither does this model.
struct FileDiff
{
    FileStatus status = FileStatus::Modified;
    PerSide<QByteArray> path;
    PerSide<quint32> mode;
    PerSide<ObjectId> blob; // a commit id for submodules
    int similarity = 0;     // percent, for renames and copies
    PerSide<bool> binary;   // a binary side is not diffed line by line
    int additions = 0;
    int deletions = 0;
    QList<Hunk> hunks;
    // Why the contents could not be read (an object missing from the
    // repository, say); such a file has no hunks. Empty when it was read.
    QString unreadable;

    bool exists(Side side) const { return mode[side] != FileMode::None; }
    bool isReadable() const { return unreadable.isEmpty(); }
    bool isBinary() const { return binary[Side::Old] || binary[Side::New]; }
    bool isSubmodule() const { return mode[Side::Old] == FileMode::Gitlink || mode[Side::New] == FileMode::Gitlink; }
    // The path people think of the file by: the new one unless it was deleted.
    const QByteArray &displayPath() const { return exists(Side::New) ? path[Side::New] : path[Side::Old]; }
};

const char *statusName(FileStatus status);

} // namespace rd
