#pragma once

#include "DiffDocument.h"
#include "DiffLayout.h"
#include "Theme.h"

#include <QAbstractScrollArea>
#include <QColor>
#include <QHash>

#include <memory>

namespace rd {

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

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
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
    DiffLayout::Reveal gapActionAt(int x) const;

    void paintRow(QPainter &p, const VisualLine &line, int y, int height, const Geometry &g, int visualLine);
    void paintSide(QPainter &p, Side side, int lineNumber, const DiffRow &row, QRect textRect, int columns);
    void paintGap(QPainter &p, const VisualLine &line, int y, const Geometry &g);

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
    DiffColors m_colors; // taken from the palette once per paint
    struct Match { int row = -1; Side side = Side::New; int column = -1; } m_match;
};

} // namespace rd
