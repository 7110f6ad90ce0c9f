#pragma once

// What a judge's board and its pairs share (CompareReviewers.cpp,
// ComparePairs.cpp): a reviewer's figures on the merge requests drawn, and
// the same figures in each resample of a set of merge requests. A figure
// without items (precision without a comment, recall without a reference,
// F-beta of either, KBI without key issues) is NaN: undefined, never 0.

#include "ComparisonEvidence.h"

#include <Resampling.h>

#include <array>
#include <functional>

namespace rd::compare {

inline constexpr int MetricCount = 6;
inline constexpr std::array<Metric, MetricCount> allMetrics{Metric::Precision, Metric::Recall, Metric::FBeta, Metric::Kbi, Metric::Far1, Metric::Cpi1};

using Figures = std::array<double, MetricCount>; // per metric, NaN where undefined
// Precision, recall and F-beta (the first three metrics) are ratios of
// counts summed over merge requests: their intervals and pairs are
// studentized with the ratio's delta-method standard error
// (rd::stats::studentizedEstimate; docs/comparing.md, "Intervals"). The
// others keep the percentile interval.
inline constexpr int RatioMetricCount = 3;
using RatioTerms = std::array<stats::RatioOfSums, RatioMetricCount>;
// Per merge request of the judge: precision tp / (tp + fp), recall
// tp / (tp + fn), F-beta (1 + b²) tp / ((1 + b²) tp + fp + b² fn) — F-beta of
// the summed precision and recall, written as one ratio (0 / 0 where the
// reviewer has no entry).
RatioTerms ratioTermsOf(const ReviewerEvidence &reviewer, double beta);
// Per metric, the figure in each resample (NaN where undefined), and for the
// ratio metrics its standard error in that resample.
struct FigureSamples
{
    std::array<QList<double>, MetricCount> values;
    std::array<QList<double>, RatioMetricCount> errors;
};
// Resamples of `units` (indices of the judge's `all` merge requests,
// ascending) from one generator seeded with `seed`, as counts indexed as
// the judge's merge requests (0 for those not among the units): the same
// draws for the same units and seed, board and pairs alike.
class MergeRequestResampler
{
public:
    MergeRequestResampler(const QList<int> &units, qsizetype all, quint64 seed);
    const QList<int> &next();

private:
    QList<int> m_units;
    stats::Resampler m_resampler;
    QList<int> m_counts;
};

// A reviewer's figures on the merge requests drawn, each as often as drawn
// (`counts` indexed as the judge's merge requests; nullptr: each once).
// `scratch` is reused between calls.
Figures figuresOf(const ReviewerEvidence &reviewer, const QList<int> *counts, double beta, QList<eval::MrOutcome> &scratch);

// F-beta of a precision and a recall as fractions (NaN if either is), in
// upstream's operations and order: (1 + b²) P R / (b² P + R), 0 where P = R = 0.
double fBetaOfFractions(double precision, double recall, double beta);
std::optional<double> definedOrEmpty(double v);

// `resamples` resamples of `units` (indices of the judge's merge requests,
// ascending) drawn with replacement from one generator seeded with the
// settings' seed, and in each the figures of every reviewer listed (indices
// of judge.reviewers), in that order. `each` sees every resample's counts,
// indexed as the judge's merge requests, and returns false to stop (then
// the result is empty).
QList<FigureSamples> resampledFigures(const JudgeEvidence &judge, const QList<int> &units, const QList<qsizetype> &reviewers, const Settings &settings,
                                      const std::function<bool(const QList<int> &counts)> &each);

// Every pair of the reviewers in leaderboard order (`order`: indices of
// judge.reviewers) on every metric both have a point value for on the board
// (`points`), each over the merge requests both reviewed: the board's
// resamples (`samples`) where both reviewed all of them, its own resamples
// of the common ones otherwise; Holm-adjusted per metric
// (docs/comparing.md, "Pairs").
QList<PairDifference> pairsOf(const JudgeEvidence &judge, const QList<qsizetype> &order, const QList<Figures> &points, const QList<FigureSamples> &samples,
                              const Settings &settings, const std::function<bool()> &cancelled);

// The board's tiers: a compact letter display of its reviewers with an
// F-beta, in leaderboard order, where a pair separates two reviewers when
// its Holm-adjusted p-value is at most 1 - level (docs/comparing.md, "Tiers").
void setTiers(JudgeBoard &board, double level);

} // namespace rd::compare
