#include "DiffView.h"

// The view's document, its layout in sublines and the scroll bars, and moving
// through it (changes, find, go to line, cards). Painting is in
// DiffViewPainting.cpp, the mouse, keys and tooltips in DiffViewInput.cpp.

#include "DiffViewGeometry.h"

#include <QEvent>
#include <QFontDatabase>
#include <QtMath>
#include <QScrollBar>
#include <QTextDocument>

#include <algorithm>

namespace rd {

using namespace DiffViewMetrics;

DiffView::DiffView(QWidget *parent) : QAbstractScrollArea(parent)
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setStyleHint(QFont::Monospace);
    setFont(font);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    changeEvent(nullptr);
}

DiffView::~DiffView() = default;

void DiffView::changeEvent(QEvent *event)
{
    if (!event || event->type() == QEvent::FontChange) {
        const QFontMetrics metrics(font());
        m_charWidth = std::max(1.0, QFontMetricsF(font()).horizontalAdvance(QLatin1Char('M')));
        m_lineHeight = metrics.height() + 2;
        relayout();
    }
    if (event)
        QAbstractScrollArea::changeEvent(event);
}

void DiffView::setDocument(std::shared_ptr<const DiffDocument> document)
{
    m_document = std::move(document);
    m_layout.setDocument(m_document.get());
    m_cards.clear();
    m_cardDocuments.clear();
    m_currentCard = 0;
    m_range = {};
    m_dragStart.reset();
    m_currentChange = -1;
    m_currentLine = -1;
    m_match = {};
    relayout();
    verticalScrollBar()->setValue(0);
    horizontalScrollBar()->setValue(0);
    viewport()->update();
}

void DiffView::setUnified(bool unified)
{
    const int top = topLine();
    const int row = top >= 0 && top < m_layout.lines().size() ? m_layout.lines()[top].row : -1;
    m_layout.setUnified(unified);
    relayout();
    if (row >= 0)
        scrollToLine(m_layout.lineOfRow(row));
    viewport()->update();
}

void DiffView::setWrap(bool wrap)
{
    if (m_wrap == wrap)
        return;
    const int top = topLine();
    m_wrap = wrap;
    relayout();
    scrollToLine(top);
    viewport()->update();
}

std::optional<Side> DiffView::onlySide() const
{
    if (!m_document || m_layout.isUnified())
        return std::nullopt;
    const bool hasOld = m_document->side[Side::Old].lineCount() > 0;
    const bool hasNew = m_document->side[Side::New].lineCount() > 0;
    if (hasOld == hasNew)
        return std::nullopt;
    return hasOld ? Side::Old : Side::New;
}

DiffView::Geometry DiffView::geometry() const
{
    Geometry g;
    int maxLine = 1;
    if (m_document)
        maxLine = std::max({1, m_document->side[Side::Old].lineCount(), m_document->side[Side::New].lineCount()});
    g.gutter = qCeil(QString::number(maxLine).size() * m_charWidth) + 2 * TextPadding + MarkerWidth + 4 * BandWidth;
    const int charWidth = qCeil(m_charWidth);
    const int width = viewport()->width();
    g.only = onlySide();
    if (m_layout.isUnified()) {
        g.column = std::max(charWidth, width - 2 * g.gutter - charWidth * 2);
    } else if (g.only) {
        // One column across the whole width; the other side's would start
        // past the right edge, so nothing is ever placed there.
        g.column = std::max(charWidth, width - g.gutter);
        g.newLeft = *g.only == Side::New ? 0 : width;
    } else {
        const int half = (width - 1) / 2;
        g.column = std::max(charWidth, half - g.gutter);
        g.newLeft = half + 1;
    }
    g.columns = std::max(1, static_cast<int>((g.column - 2 * TextPadding) / m_charWidth));
    return g;
}

int DiffView::sublineCount(int visualLine) const
{
    if (m_sublineStart.isEmpty())
        return 1;
    return m_sublineStart[visualLine + 1] - m_sublineStart[visualLine];
}

int DiffView::sublinesOf(int visualLine, int columns) const
{
    const VisualLine &line = m_layout.lines()[visualLine];
    if (line.kind == VisualLine::Kind::Card)
        return std::max(1, (cardHeight(line) + m_lineHeight - 1) / m_lineHeight);
    if (line.kind == VisualLine::Kind::Gap || !m_document)
        return 1;
    const DiffRow &row = m_document->rows[line.row];
    int longest = 0;
    for (Side s : BothSides) {
        const bool shown = s == Side::Old ? (line.sides & VisualLine::OldSide) : (line.sides & VisualLine::NewSide);
        // Unified context lines show the new side only.
        if (!shown || !row.line[s] || (m_layout.isUnified() && line.sides == VisualLine::BothSides && s == Side::Old))
            continue;
        longest = std::max(longest, static_cast<int>(m_document->side[s].line(row.line[s]).size()));
    }
    return std::max(1, (longest + columns - 1) / columns);
}

void DiffView::relayout()
{
    m_sublineStart.clear();
    // Sublines are needed when lines differ in height: wrapped text, cards.
    if (m_wrap || !m_cards.isEmpty()) {
        const int columns = m_wrap ? geometry().columns : INT_MAX / 2;
        const int count = static_cast<int>(m_layout.lines().size());
        m_sublineStart.reserve(count + 1);
        int total = 0;
        for (int i = 0; i < count; ++i) {
            m_sublineStart.append(total);
            total += sublinesOf(i, columns);
        }
        m_sublineStart.append(total);
    }
    updateScrollBars();
}

void DiffView::updateScrollBars()
{
    const int lines = static_cast<int>(m_layout.lines().size());
    const int sublines = !m_sublineStart.isEmpty() ? m_sublineStart.last() : lines;
    const int page = std::max(1, viewport()->height() / m_lineHeight);
    verticalScrollBar()->setRange(0, std::max(0, sublines - page + 1));
    verticalScrollBar()->setPageStep(page);
    verticalScrollBar()->setSingleStep(1);

    const Geometry g = geometry();
    int maxColumns = 0;
    if (m_document)
        maxColumns = std::max(m_document->side[Side::Old].maxColumns, m_document->side[Side::New].maxColumns);
    const int overflow = m_wrap ? 0 : qCeil(maxColumns * m_charWidth) + 2 * TextPadding - g.column;
    horizontalScrollBar()->setRange(0, m_wrap ? 0 : std::max(0, overflow + qCeil(m_charWidth)));
    horizontalScrollBar()->setPageStep(g.column);
    horizontalScrollBar()->setSingleStep(qCeil(m_charWidth * 4));
}

void DiffView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const int top = topLine();
    relayout();
    if (!m_sublineStart.isEmpty())
        scrollToLine(top);
}

int DiffView::sublineOf(int visualLine) const
{
    if (m_sublineStart.isEmpty())
        return visualLine;
    return m_sublineStart[std::clamp(visualLine, 0, static_cast<int>(m_sublineStart.size()) - 1)];
}

int DiffView::topLine() const
{
    const int value = verticalScrollBar()->value();
    if (m_sublineStart.size() < 2)
        return std::min(value, static_cast<int>(m_layout.lines().size()) - 1);
    const auto it = std::upper_bound(m_sublineStart.begin(), m_sublineStart.end() - 1, value);
    return static_cast<int>(it - m_sublineStart.begin()) - 1;
}

int DiffView::lineAt(const QPoint &point) const
{
    const int subline = verticalScrollBar()->value() + point.y() / m_lineHeight;
    if (m_sublineStart.size() < 2)
        return subline < m_layout.lines().size() ? subline : -1;
    if (subline >= m_sublineStart.last())
        return -1;
    const auto it = std::upper_bound(m_sublineStart.begin(), m_sublineStart.end() - 1, subline);
    return static_cast<int>(it - m_sublineStart.begin()) - 1;
}

QRect DiffView::textRect(Side side, int visualLine) const
{
    if (visualLine < 0 || visualLine >= m_layout.lines().size())
        return {};
    const Geometry g = geometry();
    const int y = (sublineOf(visualLine) - verticalScrollBar()->value()) * m_lineHeight;
    const int height = sublineCount(visualLine) * m_lineHeight;
    if (y + height <= 0 || y >= viewport()->height())
        return {};
    if (m_layout.isUnified())
        return QRect(2 * g.gutter + qCeil(2 * m_charWidth), y, g.column, height);
    if (!g.shows(side))
        return {};
    return QRect(g.left(side) + g.gutter, y, g.column, height);
}

void DiffView::scrollToLine(int visualLine, bool centre)
{
    if (visualLine < 0)
        return;
    const int page = verticalScrollBar()->pageStep();
    int target = sublineOf(visualLine);
    if (centre)
        target -= page / 3;
    verticalScrollBar()->setValue(std::max(0, target));
}

void DiffView::setCurrentLine(int visualLine)
{
    m_currentLine = visualLine;
    Q_EMIT currentLineChanged(visualLine);
    viewport()->update();
}

bool DiffView::nextChange()
{
    if (!m_document || m_currentChange + 1 >= m_document->changeStarts.size())
        return false;
    ++m_currentChange;
    const int line = m_layout.lineOfRow(m_document->changeStarts[m_currentChange]);
    scrollToLine(std::max(0, line - 3));
    setCurrentLine(line);
    return true;
}

bool DiffView::previousChange()
{
    if (!m_document || m_currentChange <= 0)
        return false;
    --m_currentChange;
    const int line = m_layout.lineOfRow(m_document->changeStarts[m_currentChange]);
    scrollToLine(std::max(0, line - 3));
    setCurrentLine(line);
    return true;
}

void DiffView::setFindText(const QString &text)
{
    // Search is case-insensitive: a change of case keeps the current match.
    const bool same = text.compare(m_findText, Qt::CaseInsensitive) == 0;
    m_findText = text;
    if (same)
        return;
    m_findText = text;
    m_match = {};
    viewport()->update();
}

bool DiffView::find(const QString &text, bool backward)
{
    setFindText(text);
    if (!m_document || text.isEmpty())
        return false;
    const auto &rows = m_document->rows;
    const int n = static_cast<int>(rows.size());
    // Search order: row by row, old side before new side, left to right.
    auto search = [&](int row, Side side, int fromColumn, bool reverse) -> int {
        const int line = rows[row].line[side];
        if (!line)
            return -1;
        const QStringView textLine = m_document->side[side].line(line);
        if (reverse) {
            const qsizetype from = std::min<qsizetype>(fromColumn, textLine.size());
            return from < 0 ? -1 : static_cast<int>(textLine.lastIndexOf(text, from, Qt::CaseInsensitive));
        }
        return static_cast<int>(textLine.indexOf(text, fromColumn, Qt::CaseInsensitive));
    };
    int row = m_match.row >= 0 ? m_match.row : (backward ? n - 1 : 0);
    Side side = m_match.row >= 0 ? m_match.side : (backward ? Side::New : Side::Old);
    int column = m_match.row >= 0 ? (backward ? m_match.column - 1 : m_match.column + 1) : (backward ? INT_MAX / 2 : 0);
    for (int steps = 0; steps <= 2 * n + 2; ++steps) {
        if (row < 0 || row >= n)
            break;
        const int found = search(row, side, column, backward);
        if (found >= 0) {
            m_match = {row, side, found};
            m_layout.revealRow(row);
            relayout();
            const int line = m_layout.lineOfRow(row);
            scrollToLine(line, true);
            // Bring the match into view horizontally as well.
            if (!m_wrap) {
                const int x = qFloor(found * m_charWidth);
                const Geometry g = geometry();
                QScrollBar *h = horizontalScrollBar();
                if (x < h->value() || x + text.size() * m_charWidth > h->value() + g.column - 2 * TextPadding)
                    h->setValue(std::max(0, x - g.column / 3));
            }
            setCurrentLine(line);
            return true;
        }
        // Next position in search order.
        if (!backward) {
            if (side == Side::Old)
                side = Side::New;
            else
                side = Side::Old, ++row;
            column = 0;
        } else {
            if (side == Side::New)
                side = Side::Old;
            else
                side = Side::New, --row;
            column = INT_MAX / 2;
        }
    }
    return false;
}

bool DiffView::goToLine(Side side, int line)
{
    if (!m_document)
        return false;
    const auto &rows = m_document->rows;
    for (int r = 0; r < rows.size(); ++r) {
        if (rows[r].line[side] != line)
            continue;
        m_layout.revealRow(r);
        relayout();
        const int visual = m_layout.lineOfRow(r);
        scrollToLine(visual, true);
        setCurrentLine(visual);
        return true;
    }
    return false;
}

void DiffView::revealGap(int visualLine, DiffLayout::Reveal what)
{
    const int top = verticalScrollBar()->value();
    m_layout.reveal(visualLine, what);
    m_currentLine = -1;
    relayout();
    verticalScrollBar()->setValue(top);
    viewport()->update();
}

void DiffView::setSliceOverlays(const QList<SliceOverlay> &overlays)
{
    m_overlays = overlays;
    viewport()->update();
}

void DiffView::setUnreviewedLines(const PerSide<QHash<int, QString>> &lines)
{
    if (lines == m_unreviewed)
        return;
    m_unreviewed = lines;
    viewport()->update();
}

void DiffView::setCards(const QList<DiffCard> &cards)
{
    const int top = topLine();
    const int topRow = top >= 0 && top < m_layout.lines().size() ? m_layout.lines()[top].row : -1;
    m_cards = cards;
    m_cardDocuments.clear();
    QList<CardAnchor> anchors;
    anchors.reserve(cards.size());
    for (const DiffCard &card : cards)
        anchors.append(card.anchor);
    m_layout.setCards(anchors);
    relayout();
    if (topRow >= 0)
        scrollToLine(m_layout.lineOfRow(topRow));
    viewport()->update();
}

int DiffView::lineOfCard(qint64 id) const
{
    for (int i = 0; i < m_cards.size(); ++i)
        if (m_cards[i].id == id)
            return m_layout.lineOfCard(i);
    return -1;
}

void DiffView::setCurrentCard(qint64 id)
{
    m_currentCard = id;
    const int line = lineOfCard(id);
    if (line >= 0) {
        // Whole card in view when it fits, with the line it points at above it.
        const int first = sublineOf(line);
        const int count = sublineCount(line);
        const int page = verticalScrollBar()->pageStep();
        const int value = verticalScrollBar()->value();
        if (first - 2 < value || first + count > value + page)
            verticalScrollBar()->setValue(std::max(0, count + 3 >= page ? first - 2 : first + count - page + 2));
    }
    viewport()->update();
}

} // namespace rd
