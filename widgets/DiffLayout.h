#pragma once

#include "DiffDocument.h"

#include <QHash>
#include <QList>

namespace rd {

// What the diff view shows, line by line: rows of the document, minus the
// unchanged stretches folded into gap lines, side by side or unified.
struct VisualLine
{
    enum class Kind : quint8 { Row, Gap };
    enum Sides : quint8 { OldSide = 1, NewSide = 2, BothSides = 3 };
    Kind kind = Kind::Row;
    quint8 sides = BothSides; // unified view: which side's line this is
    int row = 0;              // Row: the document row; Gap: first hidden row
    int count = 0;            // Gap: rows hidden
};

class DiffLayout
{
public:
    enum class Reveal { Top, Bottom, All };
    static constexpr int RevealStep = 20;

    void setDocument(const DiffDocument *document, int contextLines = 3);
    void setUnified(bool unified);
    bool isUnified() const { return m_unified; }

    const QList<VisualLine> &lines() const { return m_lines; }
    // The visual line of a document row (its new side in unified view when
    // both sides exist), or -1 while it is folded away.
    int lineOfRow(int row) const;
    // Unfolds whatever hides `row`.
    void revealRow(int row);
    // Shows more of the gap at visual line `line`.
    void reveal(int line, Reveal what);

private:
    struct Fold
    {
        int first = 0; // rows [first, end) may be hidden
        int end = 0;
        int shownTop = 0;
        int shownBottom = 0;
    };
    void rebuild();

    const DiffDocument *m_document = nullptr;
    bool m_unified = false;
    QList<Fold> m_folds;
    QList<VisualLine> m_lines;
    QList<int> m_lineOfRow;
};

} // namespace rd
