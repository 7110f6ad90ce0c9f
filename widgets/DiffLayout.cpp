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

void DiffLayout::rebuild()
{
    m_lines.clear();
    m_lineOfRow.clear();
    if (!m_document)
        return;
    const auto &rows = m_document->rows;
    const int n = static_cast<int>(rows.size());
    m_lineOfRow.fill(-1, n);
    m_lines.reserve(n + m_folds.size());

    auto emitRows = [&](int from, int to) {
        int i = from;
        while (i < to) {
            if (!m_unified || !rows[i].changed) {
                m_lineOfRow[i] = static_cast<int>(m_lines.size());
                m_lines.append({VisualLine::Kind::Row, VisualLine::BothSides, i, 0});
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
                }
            for (int r = i; r < end; ++r)
                if (rows[r].line[Side::New]) {
                    m_lineOfRow[r] = static_cast<int>(m_lines.size());
                    m_lines.append({VisualLine::Kind::Row, VisualLine::NewSide, r, 0});
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
