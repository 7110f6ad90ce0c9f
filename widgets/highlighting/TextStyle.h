#pragma once

#include <QColor>
#include <QList>

namespace rd {

// How a run of code text is drawn; highlighters hand out a table of these and
// refer to them by index, so a span costs a few bytes.
struct TextStyle
{
    QColor foreground;
    bool bold = false;
    bool italic = false;
};

struct StyledSpan
{
    int start = 0; // in the line's display text
    int length = 0;
    quint16 style = 0;
};

} // namespace rd
