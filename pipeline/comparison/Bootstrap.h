#pragma once

// The bootstrap the comparison uses (docs/comparing.md, "Intervals"):
// resamples of the merge requests drawn with replacement from a seeded
// std::mt19937_64, percentile intervals, and the two-sided p-value of a
// paired difference. Pure functions; the same seed gives the same
// resamples on every platform (no std::uniform_int_distribution, whose
// output the standard leaves to each library).

#include <QList>

#include <optional>
#include <random>

namespace rd::compare {

// Resample after resample of `units` merge requests: how often each was drawn.
class Resampler
{
public:
    Resampler(int units, quint64 seed);
    // The next resample: for each unit, how many times it was drawn (they sum to `units`).
    const QList<int> &next();
    // Unit i of a draw from the 64-bit word x: floor(x * units / 2^64).
    static int unitOf(quint64 x, int units);

private:
    std::mt19937_64 m_generator;
    QList<int> m_counts;
};

// The q-quantile (0..1) of sorted values, interpolated linearly between the
// two nearest ranks: numpy.percentile's default (Hyndman and Fan's type 7).
double quantileOfSorted(const QList<double> &sorted, double q);

struct Interval
{
    std::optional<double> low;
    std::optional<double> high;
};
// The equal-tailed percentile interval at `level` (0.95: the 2.5th and the
// 97.5th percentiles) of the values; empty without values.
Interval percentileInterval(QList<double> values, double level);

// Two-sided bootstrap p-value of "no difference" from a paired difference's
// resampled values: min(1, 2 * min(share <= 0, share >= 0)); empty without values.
std::optional<double> bootstrapPValue(const QList<double> &differences);

} // namespace rd::compare
