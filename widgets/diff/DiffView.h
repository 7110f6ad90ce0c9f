#pragma once

#include "DiffDocument.h"
#include "DiffLayout.h"
#include "Theme.h"

#include <QAbstractScrollArea>
#include <QColor>
#include <QHash>

#include <optional>

#include <memory>

class QTextDocument;

namespace rd {

// A comment drawn as a card between the diff rows, under the line it
// points at, in the column of its side. The text is prepared by the owner
// (rich text); the view lays it out for the column's width.
struct DiffCard
{
    CardAnchor anchor;
    qint64 id = 0;
    QString html;    // the whole card
    QString summary; // the one line shown while collapsed
    QColor accent;   // the stripe on the left (severity)
    bool collapsed = false;
};

// The lines of one slice algorithm drawn over the diff as a coloured band in
// the gutter, with the reason each line is in the slice.
struct SliceOverlay
{
    QString name; // "Left Flow"
    QColor color;
    PerSide<QHash<int, QString>> reasons; // line -> why, per side
};

// The side-by-side (or unified) diff of one file, painted directly: both
// columns share one vertical and one horizontal scroll bar, so they can never
// drift apart and no signal ping-pong is needed to keep them aligned.
class DiffView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit DiffView(QWidget *parent = nullptr);
    ~DiffView() override;

    void setDocument(std::shared_ptr<const DiffDocument> document);
    const DiffDocument *document() const { return m_document.get(); }
    const DiffLayout &layout() const { return m_layout; }

    void setUnified(bool unified);
    bool isUnified() const { return m_layout.isUnified(); }
    // Side by side, a file with lines on one side only (added or deleted) is
    // shown in one column of that side, as code hosts do, instead of beside
    // an empty hatched half; nullopt when both columns are shown (and in the
    // unified view, which is one column anyway).
    std::optional<Side> onlySide() const;
    void setWrap(bool wrap);
    bool wraps() const { return m_wrap; }

    // Moves to the next or previous block of changes; false when there is none.
    bool nextChange();
    bool previousChange();
    int currentChange() const { return m_currentChange; }

    // Finds `text` (case-insensitive) after or before the current match,
    // unfolding it if needed; false when there is no further match.
    bool find(const QString &text, bool backward = false);
    void setFindText(const QString &text);
    // Scrolls to a line of one side; false when the file has no such line.
    bool goToLine(Side side, int line);

    void setSliceOverlays(const QList<SliceOverlay> &overlays);
    const QList<SliceOverlay> &sliceOverlays() const { return m_overlays; }
    // "Left Flow: condition reads total" for every overlay holding the line.
    QStringList sliceReasonsAt(int visualLine) const;

    // Changed lines no model saw in the runs shown (RunCoverage.h), per
    // side, each with why: their gutter is hatched, the tool tip says why.
    void setUnreviewedLines(const PerSide<QHash<int, QString>> &lines);
    const PerSide<QHash<int, QString>> &unreviewedLines() const { return m_unreviewed; }
    // Why the line is unreviewed, for each side of it that is (empty: reviewed).
    QStringList unreviewedReasonsAt(int visualLine) const;

    // Comment cards; the rows they hang under are unfolded.
    void setCards(const QList<DiffCard> &cards);
    const QList<DiffCard> &cards() const { return m_cards; }
    // Marks a card as the current one and scrolls it into view; 0 for none.
    void setCurrentCard(qint64 id);
    qint64 currentCard() const { return m_currentCard; }
    // Where a card is painted in viewport coordinates (empty when off screen
    // or not shown).
    QRect cardRect(qint64 id) const;
    int lineOfCard(qint64 id) const;
    // The line range of one side selected by dragging over a gutter (or with
    // Shift+Up/Down from the current line); from == 0 when there is none.
    struct LineRange { Side side = Side::New; int from = 0; int to = 0; };
    LineRange selectedRange() const { return m_range; }
    void setSelectedRange(LineRange range);

    // Unfolds the gap at a visual line (as clicking it does).
    void revealGap(int visualLine, DiffLayout::Reveal what);

    // The visual line at the top of the viewport and the one under a point.
    int topLine() const;
    int lineAt(const QPoint &viewportPoint) const;
    int currentLine() const { return m_currentLine; }
    int lineHeight() const { return m_lineHeight; }
    // Where one side's text of a visual line is painted, in viewport
    // coordinates (empty when the line is scrolled out of view).
    QRect textRect(Side side, int visualLine) const;

Q_SIGNALS:
    void currentLineChanged(int visualLine);
    void cardClicked(qint64 id);
    void cardToggled(qint64 id); // its header was clicked: collapse or expand
    void selectedRangeChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    struct Geometry;
    Geometry geometry() const;
    void relayout();
    void updateScrollBars();
    void scrollToLine(int visualLine, bool centre = false);
    void setCurrentLine(int visualLine);
    int sublineOf(int visualLine) const;
    int sublinesOf(int visualLine, int columns) const;
    int sublineCount(int visualLine) const;
    QRect cardBox(const VisualLine &line, int y, int height, const Geometry &g) const;
    int cardHeight(const VisualLine &line) const;
    QTextDocument *cardDocument(const DiffCard &card, int width) const;
    // The side and line number of a gutter under a point, if it is one.
    std::optional<std::pair<Side, int>> gutterLineAt(const QPoint &point) const;
    DiffLayout::Reveal gapActionAt(int x) const;

    void paintRow(QPainter &p, const VisualLine &line, int y, int height, const Geometry &g, int visualLine);
    void paintSide(QPainter &p, Side side, int lineNumber, const DiffRow &row, QRect textRect, int columns);
    void paintGap(QPainter &p, const VisualLine &line, int y, const Geometry &g);
    void paintCard(QPainter &p, const VisualLine &line, int y, int height, const Geometry &g);

    std::shared_ptr<const DiffDocument> m_document;
    DiffLayout m_layout;
    bool m_wrap = false;
    QList<int> m_sublineStart; // wrap: first subline of each visual line, plus the total
    qreal m_charWidth = 8; // fractional: text is drawn on a grid of these
    int m_lineHeight = 16;
    int m_currentLine = -1;
    int m_currentChange = -1;
    QString m_findText;
    QList<SliceOverlay> m_overlays;
    PerSide<QHash<int, QString>> m_unreviewed;
    QList<DiffCard> m_cards;
    mutable QHash<qint64, std::shared_ptr<QTextDocument>> m_cardDocuments;
    qint64 m_currentCard = 0;
    LineRange m_range;
    std::optional<std::pair<Side, int>> m_dragStart;
    DiffColors m_colors; // taken from the palette once per paint
    struct Match { int row = -1; Side side = Side::New; int column = -1; } m_match;
};

} // namespace rd
