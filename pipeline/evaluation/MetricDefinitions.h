#pragma once

// What each column of the evaluation's tables means and where its
// definition comes from, in the manual's words (docs/evaluation.md,
// "Metrics"): the Evaluation window's header tooltips, so every figure names
// its definition where it is read.

#include <QString>

namespace rd::eval {

// The definition and source of the figure in a column named `column` (as
// the tables name it, translated or not); empty for a column that is no
// figure (Configuration, Stage, Runs).
QString columnDefinition(const QString &column);

} // namespace rd::eval
