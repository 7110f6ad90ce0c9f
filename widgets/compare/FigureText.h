#pragma once

// How the Compare view writes its figures, in every table, tooltip and
// chart alike (docs/comparing.md, "In the window"): percent with one
// decimal; "—" where a figure is not defined (no items: never 0); an
// interval open on a side (too many resamples infinite on it, Resampling.h)
// with "—" and a parenthesis on that side, "42.0 [30.1, —)", as the CLI's
// Markdown writes "—" for what is not defined.

#include <Comparison.h>

#include <QString>

class QTableWidgetItem;

#include <optional>

namespace rd {

// "37.3" in the locale's digits.
QString percentText(double value);
// "37.3 [32.1, 42.9]", "37.3 [32.1, —)", "37.3 (—, 42.9]", "37.3" without
// an interval, "—" when not defined.
QString estimateText(const compare::Estimate &e);
// "[32.1, 42.9]" or with its open sides as above; empty without an interval.
QString intervalText(std::optional<double> low, std::optional<double> high, bool lowOpen, bool highOpen, int decimals = 1);
// A p-value with three significant digits; "—" when there is none; a p of
// 0 (no resample crossed zero, from a pipeline older than the toolkit's
// (1 + #)/(B + 1), which is never 0) as "< 1/B" of its B resamples.
QString pValueText(std::optional<double> p, int resamples);
// A pair tells its reviewers apart when its Holm-adjusted p-value is below
// 1 - level (5 % at the 95 % level); a value at the edge does not.
bool toldApart(std::optional<double> pAdjusted, double level);

// A read-only table cell of the view's tables: numbers right-aligned.
QTableWidgetItem *figureCell(const QString &text, Qt::Alignment alignment = Qt::AlignRight | Qt::AlignVCenter);

} // namespace rd
