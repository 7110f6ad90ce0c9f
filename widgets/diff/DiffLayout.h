#pragma once

#include "DiffDocument.h"

#include <QHash>
#include <QList>

namespace rd {

// What the diff view shows, line by line: rows of the document, minus the
// unchanged stretches folded into gap lines, side by side or unified, with
// comment cards under the rows they point at.
struct VisualLine
{
    enum class Kind : quint8 { Row, Gap, Card };
    enum Sides : quint8 { OldSide = 1, NewSide = 2, BothSides = 3 };
    Kind kind = Kind::Row;
    quint8 sides = BothSides; // unified view: which side's line this is
    int row = 0;              // Row, Card: the document row; Gap: first hidden row
    int count = 0;            // Gap: rows hidden; Card: index of the card
};

// A card's place: under a document row, in the column of one side.
struct CardAnchor
{
    int row = 0;
    Side side = Side::New;
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
    // Cards follow their rows (old-side cards after the old line in the
    // unified view); the rows they hang under are never folded away.
    void setCards(const QList<CardAnchor> &cards);
    const QList<CardAnchor> &cards() const { return m_cards; }
    int lineOfCard(int card) const { return card >= 0 && card < m_lineOfCard.size() ? m_lineOfCard[card] : -1; }

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
    QList<CardAnchor> m_cards;
    QMultiHash<int, int> m_cardsOfRow; // row -> card indices
    QList<int> m_lineOfCard;
};

} // namespace rd
