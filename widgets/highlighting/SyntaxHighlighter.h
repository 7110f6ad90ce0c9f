#pragma once

#include "TextStyle.h"

#include <QList>
#include <QStringView>

namespace rd {

// Colours code line by line, carrying state (open comments, strings) from
// one line to the next. One instance per file side; not thread-safe.
// HighlighterRepository picks the subclass for a file.
class SyntaxHighlighter
{
public:
    virtual ~SyntaxHighlighter() = default;

    // Appends the spans of `line` to `out`; lines must come in order.
    virtual void highlightLine(QStringView line, QList<StyledSpan> &out) = 0;
    // The styles spans refer to; complete once all lines are highlighted.
    virtual QList<TextStyle> styles() const = 0;
};

} // namespace rd
