#pragma once

// A blind review (ArenaReviews.h) as the pairwise view shows it: each kept
// comment as a card with its place (file:line), severity, category and text,
// in file and line order. Nothing on it names the run, its configuration or
// its model: the BlindReview holds none of them.

#include <ArenaReviews.h>

#include <QCoreApplication>
#include <QPalette>
#include <QString>

namespace rd {

class BlindReviewHtml
{
    Q_DECLARE_TR_FUNCTIONS(rd::BlindReviewHtml)

public:
    // "src/pool.cpp:40–42", "src/pool.cpp (old) :7", "src/pool.cpp" or "whole merge request".
    static QString place(const BlindComment &comment);
    // Every comment as a card; a sentence when the review has no comment.
    static QString html(const BlindReview &review, const QPalette &palette);
};

} // namespace rd
