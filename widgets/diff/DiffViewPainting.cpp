#include "DiffView.h"

// How DiffView draws: rows (side by side or unified), gaps, slice bands and
// comment cards, whose height comes from laying out their text.

#include "DiffViewGeometry.h"

#include <QAbstractTextDocumentLayout>
#include <QGuiApplication>
#include <QtMath>
#include <QPainter>
#include <QScrollBar>
#include <QTextDocument>

#include <algorithm>

namespace rd {

using namespace DiffViewMetrics;

QRect DiffView::cardBox(const VisualLine &line, int y, int height, const Geometry &g) const
{
    int left = 0, width = 0;
    if (m_layout.isUnified()) {
        left = 2 * g.gutter + qCeil(2 * m_charWidth);
        width = viewport()->width() - left;
    } else {
        left = g.left(line.sides == VisualLine::OldSide ? Side::Old : Side::New) + g.gutter;
        width = g.column;
    }
    width = std::min(width, qCeil(100 * m_charWidth)); // long lines of prose are hard to read
    return QRect(left + CardMargin, y + CardMargin, std::max(40, width - 2 * CardMargin), height - 2 * CardMargin);
}

QTextDocument *DiffView::cardDocument(const DiffCard &card, int width) const
{
    std::shared_ptr<QTextDocument> &document = m_cardDocuments[card.collapsed ? -card.id - 1 : card.id];
    if (!document) {
        document = std::make_shared<QTextDocument>();
        document->setDocumentMargin(0);
        document->setDefaultFont(QGuiApplication::font()); // prose, not the diff's monospace
        document->setHtml(card.collapsed ? card.summary : card.html);
    }
    if (document->textWidth() != width)
        document->setTextWidth(width);
    return document.get();
}

int DiffView::cardHeight(const VisualLine &line) const
{
    const DiffCard &card = m_cards[line.count];
    const QRect box = cardBox(line, 0, 4 * m_lineHeight, geometry());
    const int textWidth = box.width() - 2 * CardPadding - CardStripe;
    return qCeil(cardDocument(card, textWidth)->size().height()) + 2 * CardPadding + 2 * CardMargin;
}

void DiffView::paintCard(QPainter &p, const VisualLine &line, int y, int height, const Geometry &g)
{
    const DiffColors &colors = m_colors;
    const DiffCard &card = m_cards[line.count];
    // The gutters run on past the card so the columns still read as columns.
    p.fillRect(QRect(0, y, viewport()->width(), height), colors.base);
    if (m_layout.isUnified()) {
        p.fillRect(QRect(0, y, 2 * g.gutter, height), colors.gutter);
    } else {
        for (Side side : BothSides)
            if (g.shows(side))
                p.fillRect(QRect(g.left(side), y, g.gutter, height), colors.gutter);
    }
    const QRect box = cardBox(line, y, height, g);
    const bool current = card.id == m_currentCard;
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(current ? palette().color(QPalette::Highlight) : colors.divider, current ? 2 : 1));
    p.setBrush(palette().color(QPalette::AlternateBase));
    p.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    p.setPen(Qt::NoPen);
    p.setBrush(card.accent);
    p.drawRoundedRect(QRectF(box.left() + 1, box.top() + 1, CardStripe, box.height() - 2), 2, 2);
    p.restore();

    QTextDocument *document = cardDocument(card, box.width() - 2 * CardPadding - CardStripe);
    p.save();
    p.translate(box.left() + CardStripe + CardPadding, box.top() + CardPadding);
    const QRect clip(0, 0, box.width() - 2 * CardPadding - CardStripe, box.height() - 2 * CardPadding);
    p.setClipRect(clip);
    QAbstractTextDocumentLayout::PaintContext context;
    context.palette = palette();
    context.palette.setColor(QPalette::Text, colors.text);
    context.clip = clip;
    document->documentLayout()->draw(&p, context);
    p.restore();
}

void DiffView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    m_colors = diffColors(palette());
    const DiffColors &colors = m_colors;
    p.fillRect(viewport()->rect(), colors.base);
    if (!m_document)
        return;
    p.setFont(font());
    const Geometry g = geometry();
    const auto &lines = m_layout.lines();
    const int first = topLine();
    int y = -(verticalScrollBar()->value() - sublineOf(first)) * m_lineHeight;
    for (int i = std::max(0, first); i < lines.size() && y < viewport()->height(); ++i) {
        const int height = sublineCount(i) * m_lineHeight;
        if (lines[i].kind == VisualLine::Kind::Gap)
            paintGap(p, lines[i], y, g);
        else if (lines[i].kind == VisualLine::Kind::Card)
            paintCard(p, lines[i], y, height, g);
        else
            paintRow(p, lines[i], y, height, g, i);
        y += height;
    }
    if (!m_layout.isUnified() && !g.only) {
        p.setPen(colors.divider);
        p.drawLine(g.newLeft - 1, 0, g.newLeft - 1, viewport()->height());
    }
}

void DiffView::paintGap(QPainter &p, const VisualLine &line, int y, const Geometry &)
{
    const DiffColors &colors = m_colors;
    const QRect rect(0, y, viewport()->width(), m_lineHeight);
    p.fillRect(rect, colors.gap);
    p.setPen(colors.gapText);
    const int step = std::min(line.count, DiffLayout::RevealStep);
    const int third = rect.width() / 3;
    p.drawText(QRect(TextPadding, y, third, m_lineHeight), Qt::AlignLeft | Qt::AlignVCenter, tr("▼ %n more", nullptr, step));
    p.drawText(QRect(third, y, third, m_lineHeight), Qt::AlignCenter, tr("⋯ %n unchanged line(s) ⋯", nullptr, line.count));
    p.drawText(QRect(2 * third, y, third - TextPadding, m_lineHeight), Qt::AlignRight | Qt::AlignVCenter, tr("▲ %n more", nullptr, step));
}

void DiffView::paintRow(QPainter &p, const VisualLine &line, int y, int height, const Geometry &g, int visualLine)
{
    const DiffColors &colors = m_colors;
    const DiffRow &row = m_document->rows[line.row];
    auto gutterNumber = [&](int x, int number, const QColor &background, Side side) {
        const bool selected = m_range.from && m_range.side == side && number >= m_range.from && number <= m_range.to;
        p.fillRect(QRect(x, y, g.gutter, height), selected ? palette().color(QPalette::Highlight) : background);
        // A changed line no model saw: the gutter tinted and hatched, its number
        // in the text's colour to stay legible (the tool tip says why).
        const bool unreviewed = number && m_unreviewed[side].contains(number);
        if (unreviewed) {
            QColor tint = colors.unreviewed, hatch = colors.unreviewed;
            tint.setAlpha(60);
            hatch.setAlpha(150); // the line number stays legible over it
            p.fillRect(QRect(x, y, g.gutter, height), tint);
            p.fillRect(QRect(x, y, g.gutter, height), QBrush(hatch, Qt::BDiagPattern));
        }
        if (number) {
            p.setPen(unreviewed ? colors.text : colors.gutterText);
            p.drawText(QRect(x, y, g.gutter - TextPadding - 4 * BandWidth, m_lineHeight), Qt::AlignRight | Qt::AlignVCenter, QString::number(number));
        }
    };

    if (m_layout.isUnified()) {
        // One column: old number, new number, +/- marker, text.
        Side side = line.sides == VisualLine::OldSide ? Side::Old : Side::New;
        const bool deleted = line.sides == VisualLine::OldSide;
        const bool added = line.sides == VisualLine::NewSide;
        const QColor background = deleted ? colors.deleted : added ? colors.added : colors.base;
        const QColor gutter = deleted ? colors.deletedGutter : added ? colors.addedGutter : colors.gutter;
        gutterNumber(0, deleted || !added ? row.line[Side::Old] : 0, gutter, Side::Old);
        gutterNumber(g.gutter, added || !deleted ? row.line[Side::New] : 0, gutter, Side::New);
        const int markerX = 2 * g.gutter;
        p.fillRect(QRect(markerX, y, viewport()->width() - markerX, height), background);
        p.setPen(colors.text);
        p.drawText(QRectF(markerX, y, 2 * m_charWidth, m_lineHeight), Qt::AlignCenter,
                   deleted ? QStringLiteral("−") : added ? QStringLiteral("+") : QString());
        paintSide(p, side, row.line[side], row, QRect(markerX + qCeil(2 * m_charWidth), y, g.column, height), g.columns);
    } else {
        for (Side side : BothSides) {
            if (!g.shows(side))
                continue;
            const int left = g.left(side);
            const int number = row.line[side];
            QColor background = colors.base, gutter = colors.gutter;
            if (!number)
                background = gutter = colors.filler;
            else if (row.changed)
                background = side == Side::Old ? colors.deleted : colors.added,
                gutter = side == Side::Old ? colors.deletedGutter : colors.addedGutter;
            gutterNumber(left, number, gutter, side);
            const QRect text(left + g.gutter, y, g.column, height);
            p.fillRect(text, background);
            if (!number) {
                // Filler: nothing on this side; hatch it so it reads as absence.
                p.fillRect(text, QBrush(colors.divider, Qt::BDiagPattern));
                continue;
            }
            paintSide(p, side, number, row, text, g.columns);
        }
    }
    // Slice bands: one thin stripe per algorithm at the inner edge of the gutter.
    for (int k = 0; k < m_overlays.size(); ++k) {
        const SliceOverlay &overlay = m_overlays[k];
        for (Side side : BothSides) {
            const bool shown = side == Side::Old ? (line.sides & VisualLine::OldSide) : (line.sides & VisualLine::NewSide);
            if (!shown || !row.line[side] || !overlay.reasons[side].contains(row.line[side]))
                continue;
            int gutterRight = g.left(side) + g.gutter;
            if (m_layout.isUnified())
                gutterRight = side == Side::Old ? g.gutter : 2 * g.gutter;
            p.fillRect(QRect(gutterRight - (k + 1) * BandWidth, y, BandWidth - 1, height), overlay.color);
            if (m_layout.isUnified())
                break;
        }
    }
    if (visualLine == m_currentLine)
        p.fillRect(QRect(0, y, MarkerWidth, height), colors.current);
}

void DiffView::paintSide(QPainter &p, Side side, int lineNumber, const DiffRow &row, QRect rect, int columns)
{
    if (!lineNumber)
        return;
    const DiffColors &colors = m_colors;
    const SideText &sideText = m_document->side[side];
    const QStringView text = sideText.line(lineNumber);
    const int scroll = m_wrap ? 0 : horizontalScrollBar()->value();
    p.save();
    p.setClipRect(rect);
    const int x0 = rect.left() + TextPadding - scroll;
    const int firstColumn = m_wrap ? 0 : std::max(0, static_cast<int>(scroll / m_charWidth) - 1);
    const int lastColumn = m_wrap ? static_cast<int>(text.size())
                                  : std::min(static_cast<int>(text.size()), firstColumn + static_cast<int>(rect.width() / m_charWidth) + 2);
    auto position = [&](int column) {
        // Column -> point, wrapping every `columns` characters.
        if (!m_wrap)
            return QPointF(x0 + column * m_charWidth, rect.top());
        return QPointF(x0 + (column % columns) * m_charWidth, rect.top() + (column / columns) * m_lineHeight);
    };
    auto fillColumns = [&](int from, int length, const QColor &color) {
        for (int c = from; c < from + length;) {
            const int chunkEnd = m_wrap ? std::min(from + length, (c / columns + 1) * columns) : from + length;
            const QPointF at = position(c);
            p.fillRect(QRectF(at.x(), at.y(), (chunkEnd - c) * m_charWidth, m_lineHeight), color);
            c = chunkEnd;
        }
    };

    if (row.changed && row.changeLength[side] > 0 && row.line[Side::Old] && row.line[Side::New])
        fillColumns(row.changeStart[side], row.changeLength[side], side == Side::Old ? colors.deletedChange : colors.addedChange);
    if (!m_findText.isEmpty()) {
        for (qsizetype at = text.indexOf(m_findText, 0, Qt::CaseInsensitive); at >= 0;
             at = text.indexOf(m_findText, at + 1, Qt::CaseInsensitive)) {
            fillColumns(static_cast<int>(at), static_cast<int>(m_findText.size()), colors.findMatch);
            if (at > lastColumn)
                break;
        }
    }

    // Text in runs of one style; unstyled runs in the default colour.
    const auto spans = sideText.spansOf(lineNumber);
    const auto &styles = m_document->styles[side];
    const QFont baseFont = p.font();
    auto drawRun = [&](int from, int to, const TextStyle *style) {
        from = std::max(from, firstColumn);
        to = std::min(to, lastColumn);
        if (to <= from)
            return;
        QFont f = baseFont;
        if (style && (style->bold || style->italic)) {
            f.setBold(style->bold);
            f.setItalic(style->italic);
        }
        p.setFont(f);
        p.setPen(style && style->foreground.isValid() ? style->foreground : colors.text);
        for (int c = from; c < to;) {
            const int chunkEnd = m_wrap ? std::min(to, (c / columns + 1) * columns) : to;
            const QPointF at = position(c);
            p.drawText(QRectF(at.x(), at.y(), (chunkEnd - c + 1) * m_charWidth, m_lineHeight),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, text.mid(c, chunkEnd - c).toString());
            c = chunkEnd;
        }
    };
    int column = 0;
    for (const StyledSpan &span : spans) {
        if (span.start > column)
            drawRun(column, span.start, nullptr);
        const int start = std::max(column, span.start);
        drawRun(start, span.start + span.length, span.style < styles.size() ? &styles[span.style] : nullptr);
        column = std::max(column, span.start + span.length);
    }
    drawRun(column, static_cast<int>(text.size()), nullptr);
    p.setFont(baseFont);

    if (sideText.missingFinalNewline && lineNumber == sideText.lineCount()) {
        const QPointF at = position(static_cast<int>(text.size()));
        p.setPen(colors.gutterText);
        p.drawText(QRectF(at.x() + m_charWidth, at.y(), 20 * m_charWidth, m_lineHeight), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("⊘ no newline at end"));
    }
    p.restore();
}

} // namespace rd
