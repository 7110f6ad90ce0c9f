#pragma once

#include "TextStyle.h"

#include <FileDiff.h>

#include <QString>

#include <functional>
#include <optional>
#include <span>

namespace rd {

class SyntaxHighlighter;

// One side of a file as it is displayed: decoded text (tabs expanded), line
// offsets, and syntax spans, kept flat so a 50,000-line file stays small.
struct SideText
{
    QString text;
    QList<int> lineStart{0};     // line n (1-based) is text[lineStart[n-1], lineStart[n])
    QList<StyledSpan> spans;
    QList<int> lineSpanStart{0}; // spans of line n are spans[lineSpanStart[n-1], lineSpanStart[n])
    bool decodedAsLatin1 = false; // the bytes were not valid UTF-8
    bool missingFinalNewline = false;
    int maxColumns = 0;

    int lineCount() const { return static_cast<int>(lineStart.size()) - 1; }
    QStringView line(int n) const
    {
        return QStringView(text).mid(lineStart[n - 1], lineStart[n] - lineStart[n - 1]);
    }
    std::span<const StyledSpan> spansOf(int n) const
    {
        return {spans.constData() + lineSpanStart[n - 1], static_cast<std::size_t>(lineSpanStart[n] - lineSpanStart[n - 1])};
    }
};

// One row of the side-by-side diff. A changed row deletes its old line
// and/or adds its new one; a 0 line number is filler on that side.
struct DiffRow
{
    PerSide<int> line;
    bool changed = false;
    PerSide<int> changeStart; // changed characters inside a modified line
    PerSide<int> changeLength;
};

// Everything the diff view shows for one file, built off the GUI thread.
struct DiffDocument
{
    FileDiff file; // header only: status, paths, modes, counts (no hunks)
    PerSide<SideText> side;
    PerSide<QList<TextStyle>> styles;
    QList<DiffRow> rows;       // every line of both versions, aligned
    QList<int> changeStarts;   // first row of each block of changed rows
    PerSide<qint64> bytes;     // sizes of the two versions

    bool showsText() const { return !file.isBinary(); }
};

struct DocumentOptions
{
    bool darkTheme = false;
    int tabWidth = 4;
};

// Progress is reported in percent; returning false from it cancels the
// build, and then nothing is returned.
using ProgressHook = std::function<bool(int percent)>;

std::optional<DiffDocument> buildDiffDocument(const FileDiff &file, const QByteArray &oldContent,
                                              const QByteArray &newContent, const DocumentOptions &options,
                                              const ProgressHook &progress = {});

// Decodes and highlights one version of a file (exposed for tests).
SideText buildSideText(const QByteArray &content, SyntaxHighlighter *highlighter, int tabWidth,
                       const std::function<bool(int line)> &keepGoing = {});

} // namespace rd
