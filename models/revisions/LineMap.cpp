#include "LineMap.h"

#include <QCoreApplication>

namespace rd {

namespace {

// The new number of old line `line` of `file`, or 0 when that line was deleted.
// Lines outside every hunk shift by what the hunks above them added and removed.
int newLineOf(const FileDiff &file, int line)
{
    int shift = 0;
    for (const Hunk &hunk : file.hunks) {
        if (hunk.oldLines > 0 && line >= hunk.oldStart && line < hunk.oldStart + hunk.oldLines) {
            for (const DiffLine &l : hunk.lines)
                if (l.oldLine == line)
                    return l.kind == LineKind::Context ? l.newLine : 0;
            return 0;
        }
        // A hunk that only inserts ("-N,0 +M,K") does so after old line N.
        const bool above = hunk.oldLines > 0 ? hunk.oldStart + hunk.oldLines - 1 < line : hunk.oldStart < line;
        if (!above)
            break;
        shift += hunk.newLines - hunk.oldLines;
    }
    return line + shift;
}

} // namespace

LineMap::LineMap(const QList<FileDiff> &files) : m_files(files) {}

const FileDiff *LineMap::fileDiff(const QString &file) const
{
    const QByteArray path = file.toUtf8();
    for (const FileDiff &f : m_files)
        if (f.exists(Side::Old) && f.path[Side::Old] == path)
            return &f;
    return nullptr;
}

int LineMap::mapLine(const QString &file, int line) const
{
    const FileDiff *diff = fileDiff(file);
    if (!diff)
        return line;
    if (!diff->exists(Side::New) || diff->isBinary() || !diff->isReadable() || diff->isSubmodule())
        return 0;
    return newLineOf(*diff, line);
}

AnchorMapping LineMap::map(const QString &file, int lineStart, int lineEnd) const
{
    AnchorMapping out;
    out.file = file;
    out.lineStart = lineStart;
    out.lineEnd = std::max(lineStart, lineEnd);
    const FileDiff *diff = fileDiff(file);
    if (!diff)
        return out;
    out.outcome = AnchorMapping::Outcome::Outdated;
    if (!diff->exists(Side::New)) {
        out.reason = QCoreApplication::translate("rd::models", "the file was deleted");
        return out;
    }
    out.file = QString::fromUtf8(diff->path[Side::New]);
    if (diff->isBinary() || !diff->isReadable() || diff->isSubmodule()) {
        out.reason = QCoreApplication::translate("rd::models", "the file changed and cannot be compared line by line");
        return out;
    }
    int previous = 0;
    for (int line = out.lineStart; line <= out.lineEnd; ++line) {
        const int mapped = newLineOf(*diff, line);
        if (mapped == 0) {
            out.reason = QCoreApplication::translate("rd::models", "line %1 was changed or deleted").arg(line);
            return out;
        }
        // Lines inserted between two lines of the range change what it says.
        if (previous != 0 && mapped != previous + 1) {
            out.reason = QCoreApplication::translate("rd::models", "lines were inserted after line %1").arg(line - 1);
            return out;
        }
        if (line == out.lineStart)
            out.lineStart = mapped;
        previous = mapped;
    }
    out.lineEnd = previous;
    out.outcome = out.lineStart == lineStart && out.file == file ? AnchorMapping::Outcome::Unchanged : AnchorMapping::Outcome::Moved;
    return out;
}

} // namespace rd
