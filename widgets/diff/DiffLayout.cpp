#include "DiffLayout.h"

#include <algorithm>

namespace rd {

namespace {
// Folding fewer lines than this would hide less than the gap line costs.
constexpr int MinimumFold = 3;
} // namespace

void DiffLayout::setDocument(const DiffDocument *document, int contextLines)
{
    m_document = document;
    m_folds.clear();
    m_cards.clear();
    m_cardsOfRow.clear();
    if (document) {
        const auto &rows = document->rows;
        const int n = static_cast<int>(rows.size());
        int i = 0;
        while (i < n) {
            if (rows[i].changed) {
                ++i;
                continue;
            }
            int end = i;
            while (end < n && !rows[end].changed)
                ++end;
            const int first = i == 0 ? 0 : i + contextLines;
            const int last = end == n ? n : end - contextLines;
            if (last - first >= MinimumFold)
                m_folds.append({first, last, 0, 0});
            i = end;
        }
    }
    rebuild();
}

void DiffLayout::setUnified(bool unified)
{
    if (m_unified == unified)
        return;
    m_unified = unified;
    rebuild();
}

void DiffLayout::setCards(const QList<CardAnchor> &cards)
{
    m_cards = cards;
    m_cardsOfRow.clear();
    const int rows = m_document ? static_cast<int>(m_document->rows.size()) : 0;
    for (int i = static_cast<int>(cards.size()) - 1; i >= 0; --i)
        if (cards[i].row >= 0 && cards[i].row < rows)
            m_cardsOfRow.insert(cards[i].row, i); // values() lists the last inserted first
    for (const CardAnchor &card : cards)
        for (Fold &fold : m_folds)
            if (card.row >= fold.first + fold.shownTop && card.row < fold.end - fold.shownBottom) {
                if (card.row - fold.first < fold.end - card.row)
                    fold.shownTop = std::min(fold.end - fold.first, card.row - fold.first + MinimumFold + 1);
                else
                    fold.shownBottom = std::min(fold.end - fold.first, fold.end - card.row + MinimumFold);
            }
    rebuild();
}

void DiffLayout::rebuild()
{
    m_lines.clear();
    m_lineOfRow.clear();
    m_lineOfCard.fill(-1, m_cards.size());
    if (!m_document)
        return;
    const auto &rows = m_document->rows;
    const int n = static_cast<int>(rows.size());
    m_lineOfRow.fill(-1, n);
    m_lines.reserve(n + m_folds.size() + m_cards.size());

    // The cards of `row` on the sides in `sides`, old side first.
    auto emitCards = [&](int row, quint8 sides) {
        if (!m_cardsOfRow.contains(row))
            return;
        const QList<int> cards = m_cardsOfRow.values(row);
        for (Side side : BothSides) {
            if (!(sides & (side == Side::Old ? VisualLine::OldSide : VisualLine::NewSide)))
                continue;
            for (int card : cards)
                if (m_cards[card].side == side) {
                    m_lineOfCard[card] = static_cast<int>(m_lines.size());
                    m_lines.append({VisualLine::Kind::Card, side == Side::Old ? VisualLine::OldSide : VisualLine::NewSide, row, card});
                }
        }
    };
    auto emitRows = [&](int from, int to) {
        int i = from;
        while (i < to) {
            if (!m_unified || !rows[i].changed) {
                m_lineOfRow[i] = static_cast<int>(m_lines.size());
                m_lines.append({VisualLine::Kind::Row, VisualLine::BothSides, i, 0});
                emitCards(i, VisualLine::BothSides);
                ++i;
                continue;
            }
            // Unified: the block's deletions, then its additions.
            int end = i;
            while (end < to && rows[end].changed)
                ++end;
            for (int r = i; r < end; ++r)
                if (rows[r].line[Side::Old]) {
                    m_lineOfRow[r] = static_cast<int>(m_lines.size());
                    m_lines.append({VisualLine::Kind::Row, VisualLine::OldSide, r, 0});
                    emitCards(r, VisualLine::OldSide);
                }
            for (int r = i; r < end; ++r)
                if (rows[r].line[Side::New]) {
                    m_lineOfRow[r] = static_cast<int>(m_lines.size());
                    m_lines.append({VisualLine::Kind::Row, VisualLine::NewSide, r, 0});
                    emitCards(r, VisualLine::NewSide);
                }
            i = end;
        }
    };

    int next = 0;
    for (const Fold &fold : m_folds) {
        const int hiddenFirst = fold.first + fold.shownTop;
        const int hiddenEnd = fold.end - fold.shownBottom;
        if (hiddenEnd <= hiddenFirst)
            continue;
        emitRows(next, hiddenFirst);
        m_lines.append({VisualLine::Kind::Gap, VisualLine::BothSides, hiddenFirst, hiddenEnd - hiddenFirst});
        next = hiddenEnd;
    }
    emitRows(next, n);
}

int DiffLayout::lineOfRow(int row) const
{
    return row >= 0 && row < m_lineOfRow.size() ? m_lineOfRow[row] : -1;
}

void DiffLayout::revealRow(int row)
{
    for (Fold &fold : m_folds)
        if (row >= fold.first + fold.shownTop && row < fold.end - fold.shownBottom) {
            // Open the fold from the nearer edge far enough to show the row with context.
            if (row - fold.first < fold.end - row)
                fold.shownTop = std::min(fold.end - fold.first, row - fold.first + MinimumFold + 1);
            else
                fold.shownBottom = std::min(fold.end - fold.first, fold.end - row + MinimumFold);
            rebuild();
            return;
        }
}

void DiffLayout::reveal(int line, Reveal what)
{
    if (line < 0 || line >= m_lines.size() || m_lines[line].kind != VisualLine::Kind::Gap)
        return;
    const int first = m_lines[line].row;
    for (Fold &fold : m_folds) {
        if (first != fold.first + fold.shownTop)
            continue;
        const int size = fold.end - fold.first;
        switch (what) {
        case Reveal::Top: fold.shownTop = std::min(size, fold.shownTop + RevealStep); break;
        case Reveal::Bottom: fold.shownBottom = std::min(size, fold.shownBottom + RevealStep); break;
        case Reveal::All: fold.shownTop = size; break;
        }
        rebuild();
        return;
    }
}

} // namespace rd
