#pragma once

// A comparison as `reviewdesk-cli compare` writes it: JSON (the issue's
// field names), Markdown (a leaderboard per judge, its pairs, the judges'
// agreement) or CSV (one row per figure). Percentages carry one decimal, as
// Code Review Bench's leaderboard prints them (Python's round(x, 1)); kappa
// three, p-values four significant digits (never 0: the smallest is 2/(B + 1)).

#include "Comparison.h"

#include <QByteArray>

namespace rd::compare {

enum class ReportFormat { Json, Markdown, Csv };
std::optional<ReportFormat> reportFormatFromName(const QString &name); // json, md, csv

QByteArray comparisonToJson(const Comparison &comparison);
QByteArray comparisonToMarkdown(const Comparison &comparison);
QByteArray comparisonToCsv(const Comparison &comparison);
QByteArray comparisonReport(const Comparison &comparison, ReportFormat format);

} // namespace rd::compare
