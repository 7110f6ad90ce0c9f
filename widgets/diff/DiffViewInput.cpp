#include "DiffView.h"

// What lies under the mouse and the keys: unfolding gaps, clicking cards,
// selecting gutter lines by dragging or with Shift+Up/Down, and the tooltips
// of gaps and slice bands.

#include "DiffViewGeometry.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>

namespace rd {

using namespace DiffViewMetrics;

QStringList DiffView::sliceReasonsAt(int visualLine) const
{
    QStringList out;
    if (!m_document || visualLine < 0 || visualLine >= m_layout.lines().size())
        return out;
    const VisualLine &line = m_layout.lines()[visualLine];
    if (line.kind != VisualLine::Kind::Row)
        return out;
    const DiffRow &row = m_document->rows[line.row];
    for (const SliceOverlay &overlay : m_overlays)
        for (Side side : BothSides) {
            const bool shown = side == Side::Old ? (line.sides & VisualLine::OldSide) : (line.sides & VisualLine::NewSide);
            const auto it = overlay.reasons[side].constFind(row.line[side]);
            if (shown && row.line[side] && it != overlay.reasons[side].constEnd()) {
                out << QStringLiteral("%1: %2").arg(overlay.name, *it);
                break;
            }
        }
    return out;
}

QStringList DiffView::unreviewedReasonsAt(int visualLine) const
{
    QStringList out;
    if (!m_document || visualLine < 0 || visualLine >= m_layout.lines().size())
        return out;
    const VisualLine &line = m_layout.lines()[visualLine];
    if (line.kind != VisualLine::Kind::Row)
        return out;
    const DiffRow &row = m_document->rows[line.row];
    for (Side side : BothSides) {
        const bool shown = side == Side::Old ? (line.sides & VisualLine::OldSide) : (line.sides & VisualLine::NewSide);
        const auto it = m_unreviewed[side].constFind(row.line[side]);
        if (shown && row.line[side] && it != m_unreviewed[side].constEnd())
            out << tr("Unreviewed: no model saw %1 line %2.").arg(side == Side::Old ? tr("deleted") : tr("added")).arg(row.line[side]) + QLatin1Char('\n') + *it;
    }
    return out;
}

DiffLayout::Reveal DiffView::gapActionAt(int x) const
{
    const int third = viewport()->width() / 3;
    return x < third ? DiffLayout::Reveal::Top : x >= 2 * third ? DiffLayout::Reveal::Bottom : DiffLayout::Reveal::All;
}

void DiffView::mousePressEvent(QMouseEvent *event)
{
    const QPoint point = event->position().toPoint();
    const int line = lineAt(point);
    if (line >= 0 && m_layout.lines()[line].kind == VisualLine::Kind::Gap) {
        revealGap(line, gapActionAt(point.x()));
        return;
    }
    if (line >= 0 && m_layout.lines()[line].kind == VisualLine::Kind::Card) {
        const DiffCard &card = m_cards[m_layout.lines()[line].count];
        const QRect box = cardRect(card.id);
        if (!box.contains(point))
            return;
        Q_EMIT cardClicked(card.id);
        // The first line of a card is its header: clicking it folds the card.
        if (point.y() < box.top() + CardPadding + m_lineHeight)
            Q_EMIT cardToggled(card.id);
        return;
    }
    if (event->button() == Qt::LeftButton) {
        m_dragStart = gutterLineAt(point);
        if (m_dragStart)
            setSelectedRange({m_dragStart->first, m_dragStart->second, m_dragStart->second});
    }
    if (line >= 0)
        setCurrentLine(line);
    QAbstractScrollArea::mousePressEvent(event);
}

void DiffView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragStart && (event->buttons() & Qt::LeftButton)) {
        const int line = lineAt(event->position().toPoint());
        if (line >= 0 && m_layout.lines()[line].kind == VisualLine::Kind::Row) {
            const int number = m_document->rows[m_layout.lines()[line].row].line[m_dragStart->first];
            if (number)
                setSelectedRange({m_dragStart->first, std::min(m_dragStart->second, number), std::max(m_dragStart->second, number)});
        }
        return;
    }
    QAbstractScrollArea::mouseMoveEvent(event);
}

void DiffView::keyPressEvent(QKeyEvent *event)
{
    // Shift+Up/Down selects lines from the current one, for a new comment.
    const bool up = event->key() == Qt::Key_Up, down = event->key() == Qt::Key_Down;
    if ((up || down) && event->modifiers() == Qt::ShiftModifier && m_document && m_currentLine >= 0) {
        const VisualLine &current = m_layout.lines()[m_currentLine];
        if (current.kind == VisualLine::Kind::Row) {
            const DiffRow &row = m_document->rows[current.row];
            const Side side = m_range.from ? m_range.side : (row.line[Side::New] && current.sides != VisualLine::OldSide ? Side::New : Side::Old);
            const int at = row.line[side];
            if (at) {
                LineRange range = m_range.from && m_range.side == side ? m_range : LineRange{side, at, at};
                const int last = m_document->side[side].lineCount();
                if (down && range.to < last)
                    ++range.to;
                else if (up && range.from > 1 && range.to == at)
                    --range.from;
                else if (up && range.to > range.from)
                    --range.to;
                setSelectedRange(range);
                goToLine(side, down ? range.to : range.from);
                return;
            }
        }
    }
    QAbstractScrollArea::keyPressEvent(event);
}

std::optional<std::pair<Side, int>> DiffView::gutterLineAt(const QPoint &point) const
{
    const int line = lineAt(point);
    if (!m_document || line < 0 || m_layout.lines()[line].kind != VisualLine::Kind::Row)
        return std::nullopt;
    const VisualLine &visual = m_layout.lines()[line];
    const DiffRow &row = m_document->rows[visual.row];
    const Geometry g = geometry();
    std::optional<Side> side;
    if (m_layout.isUnified()) {
        if (point.x() < g.gutter)
            side = Side::Old;
        else if (point.x() < 2 * g.gutter)
            side = Side::New;
    } else {
        for (Side s : BothSides)
            if (g.shows(s) && point.x() >= g.left(s) && point.x() < g.left(s) + g.gutter)
                side = s;
    }
    if (!side || !row.line[*side])
        return std::nullopt;
    return std::pair{*side, row.line[*side]};
}

void DiffView::setSelectedRange(LineRange range)
{
    if (range.from > range.to)
        std::swap(range.from, range.to);
    m_range = range;
    viewport()->update();
    Q_EMIT selectedRangeChanged();
}

QRect DiffView::cardRect(qint64 id) const
{
    const int line = lineOfCard(id);
    if (line < 0)
        return {};
    const int y = (sublineOf(line) - verticalScrollBar()->value()) * m_lineHeight;
    const int height = sublineCount(line) * m_lineHeight;
    if (y + height <= 0 || y >= viewport()->height())
        return {};
    return cardBox(m_layout.lines()[line], y, height, geometry());
}

bool DiffView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const int line = lineAt(help->pos());
        if (line >= 0 && m_layout.lines()[line].kind == VisualLine::Kind::Gap) {
            const int count = m_layout.lines()[line].count;
            QString tip;
            switch (gapActionAt(help->pos().x())) {
            case DiffLayout::Reveal::Top: tip = tr("Show %n more line(s) below the previous change", nullptr, std::min(count, DiffLayout::RevealStep)); break;
            case DiffLayout::Reveal::Bottom: tip = tr("Show %n more line(s) above the next change", nullptr, std::min(count, DiffLayout::RevealStep)); break;
            case DiffLayout::Reveal::All: tip = tr("Show all %n unchanged line(s)", nullptr, count); break;
            }
            QToolTip::showText(help->globalPos(), tip, viewport());
            return true;
        }
        if (const QStringList reasons = unreviewedReasonsAt(line) + sliceReasonsAt(line); !reasons.isEmpty()) {
            QToolTip::showText(help->globalPos(), reasons.join(QLatin1Char('\n')), viewport());
            return true;
        }
        QToolTip::hideText();
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace rd
