#pragma once

// DiffView's measures, shared by the files it is split into (layout and
// scrolling, painting, hit-testing); not for use outside DiffView.

#include "DiffView.h"

namespace rd {

namespace DiffViewMetrics {
constexpr int TextPadding = 6;
constexpr int MarkerWidth = 3; // the current-line bar in the gutter
constexpr int BandWidth = 4;   // one slice algorithm's stripe
constexpr int CardMargin = 4;  // around a card, inside its line
constexpr int CardPadding = 6; // inside a card, around its text
constexpr int CardStripe = 4;  // the severity stripe
} // namespace DiffViewMetrics

struct DiffView::Geometry
{
    int gutter = 0;   // width of one line-number gutter
    int column = 0;   // width of one text column (side by side) or the text (unified)
    int columns = 1;  // characters that fit in a text column (for wrapping)
    int newLeft = 0;  // side by side: where the new side starts
    std::optional<Side> only; // side by side: the one side shown (added or deleted file)

    bool shows(Side side) const { return !only || *only == side; }
    int left(Side side) const { return side == Side::Old ? 0 : newLeft; }
};

} // namespace rd
