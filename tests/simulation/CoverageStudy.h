#pragma once

// One simulated benchmark run through the product's own statistics, with
// each interval set beside its truth (issue 40): precision, recall and F1
// of each reviewer, the paired F1 difference of each pair (compare's board),
// each configuration's Bradley–Terry strength (the arena), Krippendorff's
// alpha; and, on a board of reviewers whose truths are all equal, whether
// any pair's p-value falls below 1 − level, unadjusted and after Holm.
// bench_coverage tallies thousands of them; tst_simulation a few.

#include "BenchmarkSimulation.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd::simulation {

struct CoverageDesign
{
    QList<MergeRequestKind> kinds;
    QList<SimulatedReviewer> reviewers;      // the board whose intervals are checked
    QList<SimulatedReviewer> equalReviewers; // the null board: every truth the same
    ArenaDesign arena;
    AnnotationDesign annotation;
    int mergeRequests = 50;
    int resamples = 1000;
    double level = 0.95;
};
// The design docs/comparing.md's table is measured on ("Coverage by simulation").
CoverageDesign defaultCoverageDesign();

enum class IntervalKind { Precision, Recall, F1, F1Difference, Strength, Alpha };
inline constexpr int IntervalKindCount = 6;
QString intervalKindName(IntervalKind kind);
// How many subjects a kind has in a design: reviewers, pairs of them, configurations, 1.
int subjectsOf(const CoverageDesign &design, IntervalKind kind);
// "thorough", "thorough − balanced", "c001", "alpha".
QString subjectName(const CoverageDesign &design, IntervalKind kind, int subject);

// The population values the intervals should cover, in the product's units
// (percent for compare's figures and differences, θ for strengths).
double truthOf(const CoverageDesign &design, IntervalKind kind, int subject);

struct IntervalCheck
{
    IntervalKind kind = IntervalKind::Precision;
    int subject = 0;
    double truth = 0;
    std::optional<double> value;
    std::optional<double> low, high; // empty: open on that side
    bool hasInterval = false;        // the product gave one
};

struct BenchmarkOutcome
{
    QList<IntervalCheck> checks;
    int nullPairs = 0;           // pairs of the null board with a p-value
    QList<std::optional<double>> nullP; // their p-values, unadjusted, in the board's order
    bool anyRejected = false;    // some unadjusted p < 1 − level
    bool anyHolmRejected = false; // some Holm-adjusted p < 1 − level
};

// The benchmark of `seed`: its merge requests, reviews, votes and labels
// drawn (streamSeed(seed, 0)), its bootstraps seeded from the same seed's
// other streams.
BenchmarkOutcome runBenchmark(const CoverageDesign &design, quint64 seed);

} // namespace rd::simulation
