#include "DiffView.h"

#include <QFontDatabase>
#include <QGuiApplication>
#include <QtMath>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QAbstractTextDocumentLayout>
#include <QTextDocument>
#include <QToolTip>

#include <algorithm>

namespace rd {

namespace {
constexpr int TextPadding = 6;
constexpr int MarkerWidth = 3; // the current-line bar in the gutter
constexpr int BandWidth = 4;   // one slice algorithm's stripe
constexpr int CardMargin = 4;  // around a card, inside its line
constexpr int CardPadding = 6; // inside a card, around its text
constexpr int CardStripe = 4;  // the severity stripe
} // namespace

struct DiffView::Geometry
{
    int gutter = 0;   // width of one line-number gutter
    int column = 0;   // width of one text column (side by side) or the text (unified)
    int columns = 1;  // characters that fit in a text column (for wrapping)
    int newLeft = 0;  // side by side: where the new side starts
};

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

DiffView::Geometry DiffView::geometry() const
{
    Geometry g;
    int maxLine = 1;
    if (m_document)
        maxLine = std::max({1, m_document->side[Side::Old].lineCount(), m_document->side[Side::New].lineCount()});
    g.gutter = qCeil(QString::number(maxLine).size() * m_charWidth) + 2 * TextPadding + MarkerWidth + 4 * BandWidth;
    const int charWidth = qCeil(m_charWidth);
    const int width = viewport()->width();
    if (m_layout.isUnified()) {
        g.column = std::max(charWidth, width - 2 * g.gutter - charWidth * 2);
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
    return QRect((side == Side::Old ? 0 : g.newLeft) + g.gutter, y, g.column, height);
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
    } else if (point.x() < g.gutter) {
        side = Side::Old;
    } else if (point.x() >= g.newLeft && point.x() < g.newLeft + g.gutter) {
        side = Side::New;
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

QRect DiffView::cardBox(const VisualLine &line, int y, int height, const Geometry &g) const
{
    int left = 0, width = 0;
    if (m_layout.isUnified()) {
        left = 2 * g.gutter + qCeil(2 * m_charWidth);
        width = viewport()->width() - left;
    } else {
        left = (line.sides == VisualLine::OldSide ? 0 : g.newLeft) + g.gutter;
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
        p.fillRect(QRect(0, y, g.gutter, height), colors.gutter);
        p.fillRect(QRect(g.newLeft, y, g.gutter, height), colors.gutter);
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
        if (const QStringList reasons = sliceReasonsAt(line); !reasons.isEmpty()) {
            QToolTip::showText(help->globalPos(), reasons.join(QLatin1Char('\n')), viewport());
            return true;
        }
        QToolTip::hideText();
    }
    return QAbstractScrollArea::viewportEvent(event);
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
    if (!m_layout.isUnified()) {
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
        if (number) {
            p.setPen(colors.gutterText);
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
            const int left = side == Side::Old ? 0 : g.newLeft;
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
            int gutterRight = side == Side::Old ? g.gutter : g.newLeft + g.gutter;
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
