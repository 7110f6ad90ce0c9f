#pragma once

// Whether the author applied a comment's suggested code verbatim in a later
// revision: the strongest sign that a comment was addressed (docs/comparing.md,
// "What authors addressed"). A code host's ```suggestion block replaces the
// commented lines with its own; applied verbatim, the newer file holds
// exactly those lines where the commented ones were.

#include "LineMap.h"

#include <ReviewComment.h>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

struct Suggestion
{
    QStringList lines; // the code, one entry per line (empty: delete the lines)
    int first = 0;     // the lines of the commented side it replaces
    int last = 0;
};

// A new-side comment's suggestion: its first ```suggestion block in any of
// its texts (GitHub's replaces the commented lines; GitLab's
// ```suggestion:-A+B the A lines above and B below its last line), else its
// example code (a ``` fence around it taken off) in place of its lines.
// None for an old-side or unlocated comment, or one with neither.
std::optional<Suggestion> suggestionOf(const ReviewComment &comment);

// Whether `suggestion` replaced its lines of `file` between the older and
// the newer text (`map` is the diff of the two): the line before the
// replaced ones (or the start of the file) and the line after them (or its
// end) are unchanged and hold exactly the suggested lines between them; when
// one of the two neighbours changed too, the other must border them.
// Trailing white space is not compared (editors strip it).
bool suggestionApplied(const Suggestion &suggestion, const LineMap &map, const QString &file, const QList<QByteArray> &olderLines,
                       const QList<QByteArray> &newerLines);

// A file's text as its lines (no trailing empty line for a final newline).
QList<QByteArray> linesOfText(const QByteArray &content);

} // namespace rd
