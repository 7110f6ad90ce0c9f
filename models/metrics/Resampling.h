#pragma once

// The one resampling toolkit every interval and p-value of ReviewDesk uses
// (compare, arena, agreement, the judge audit, the economics; DESIGN.md,
// "Statistics that hold at the edges"; docs/comparing.md, "Intervals"):
//   - one unbiased index draw from one generator (std::mt19937_64, 64-bit
//     seeds, one default), the same on every platform;
//   - one percentile (Hyndman & Fan's type 7, numpy's default);
//   - one bootstrap of independent units (plain or stratified), one
//     summary of a figure's resamples that leaves undefined resamples out
//     and counts them, and lets infinite ones (a fit that diverged) open the
//     interval on their side;
//   - the bootstrap p-value (1 + #)/(B + 1) per tail, never 0 (Davison &
//     Hinkley 1997 §4.4; Phipson & Smyth 2010);
//   - Holm's step-down adjustment of a family of p-values (Holm 1979) and
//     the tiers (a compact letter display, Piepho 2004) of what they leave
//     unseparated.
// Pure functions and small value types; no Qt but its containers.

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <random>

namespace rd::stats {

// The seed and the resamples every command and window starts from.
inline constexpr quint64 DefaultSeed = 1;
inline constexpr int DefaultResamples = 2000;
inline constexpr double DefaultLevel = 0.95;

// A number in [0, n) from one 64-bit word of the generator, uniform:
// Lemire's multiply-shift ("Fast random integer generation in an interval",
// 2019) with its rejection of the biased low products; n >= 1. The same
// sequence on every platform (std::uniform_int_distribution is not).
quint64 indexBelow(std::mt19937_64 &generator, quint64 n);

// Resample after resample of `units` independent units drawn with
// replacement: how often each unit was drawn (they sum to `units`).
// Stratified: each stratum's units are drawn from that stratum only, as many
// as it has (the design of a stratified sample kept in every resample).
class Resampler
{
public:
    Resampler(int units, quint64 seed);
    // strataOfUnit[i]: the stratum (any int) of unit i.
    Resampler(const QList<int> &strataOfUnit, quint64 seed);
    const QList<int> &next();
    int units() const { return int(m_counts.size()); }

private:
    std::mt19937_64 m_generator;
    QList<int> m_counts;
    QList<QList<int>> m_strata; // unit indices per stratum; one stratum when not stratified
};

// The q-quantile (0..1) of sorted values, linear between the two nearest
// ranks (type 7); infinities are ordered values (a quantile between +inf
// and a finite value is +inf). NaN without values.
double quantileOfSorted(const QList<double> &sorted, double q);

// A figure with its interval: the point value (empty where the figure is
// undefined: no items), the bounds (empty: open on that side, or no
// interval), and the resamples in which the figure was defined out of those drawn.
struct Estimate
{
    std::optional<double> value;
    std::optional<double> low;
    std::optional<double> high;
    int resamples = 0; // resamples where the figure was defined (finite or infinite)
    int drawn = 0;     // resamples drawn
    bool lowOpen() const { return value && resamples > 0 && !low; }
    bool highOpen() const { return value && resamples > 0 && !high; }
};

// The equal-tailed percentile interval at `level` of a figure's resampled
// values: NaN values (the figure undefined in that resample) are left out
// and counted; +inf and -inf are ordered values. A side whose percentile is
// infinite is open (empty), which is so exactly when fewer than
// (1 + level)/2 of the defined resamples are finite on that side. No
// interval without a point value or without a defined resample.
Estimate estimate(std::optional<double> value, const QList<double> &resampled, double level);

// A paired difference a - b over the same resamples: its interval and the
// two-sided bootstrap p-value of "no difference" (pValue below); resamples
// where either figure is undefined are left out and counted.
struct PairedDifference
{
    std::optional<double> difference;
    std::optional<double> low, high;
    std::optional<double> p;
    int resamples = 0;
};
PairedDifference pairedDifference(std::optional<double> a, std::optional<double> b, const QList<double> &resampledA, const QList<double> &resampledB, double level);

// The studentized bootstrap (bootstrap-t; Efron & Tibshirani 1993 §12.5,
// Davison & Hinkley 1997 §5.2.1) of a figure with a standard error: each
// resample's t* = (θ* − θ̂)/se*, and the interval [θ̂ − se·t*(1 − a/2),
// θ̂ − se·t*(a/2)] from the type-7 quantiles of t* (a = 1 − level), within
// [lowest, highest] (the figure's range). Unlike the percentile interval it
// widens where the figure's spread is uncertain (few merge requests), as a
// t interval does: on generated benchmarks of 50 merge requests it covers
// 95 %, the percentile interval 92 % (docs/comparing.md, "Coverage by
// simulation"). A resample whose se* is 0 (every unit drawn has the same
// ratio) has t* = 0 when θ* = θ̂ and ±inf otherwise; where more than
// (1 − level)/2 of them are infinite on a side, t* cannot bound it and the
// interval is the percentile one (estimate() above) — a figure resting on
// a few units, or at 0 or 100 in many resamples. NaN values (undefined)
// are left out and counted. se = 0 (every resample the same) gives [θ̂, θ̂].
Estimate studentizedEstimate(std::optional<double> value, double se, const QList<double> &resampled, const QList<double> &resampledErrors, double level,
                             double lowest, double highest);
// The same for a paired difference, with the studentized p-value of "the
// difference is 0": t0 = θ̂/se against the resamples' t*, each tail
// (1 + #{t* <= t0})/(B + 1) and (1 + #{t* >= t0})/(B + 1), the smaller doubled
// and capped at 1 (the test the interval inverts; never below 2/(B + 1)).
// Where the interval falls back to the percentile one, so does the p-value
// (pValue below).
PairedDifference studentizedDifference(std::optional<double> difference, double se, const QList<double> &resampled, const QList<double> &resampledErrors,
                                       double level, double lowest, double highest);

// A figure that is a ratio of sums over independent units, t = Σ c_i y_i /
// Σ c_i x_i with unit i drawn c_i times (precision, recall and F-beta of
// summed counts), and its standard error by the nonparametric delta method
// (Davison & Hinkley 1997, §2.7.2, applied to a ratio as in their §2.7): the
// empirical influence values l_i = (y_i − t x_i)/x̄ and
// se² = Σ c_i l_i² / n², written here as Σ c_i (y_i − t x_i)² / (Σ c_i x_i)².
struct RatioOfSums
{
    QList<double> numerators;   // y_i
    QList<double> denominators; // x_i
};
struct ValueWithError
{
    double value = 0; // NaN where Σ c_i x_i = 0 (undefined)
    double error = 0; // its standard error; NaN where the value is
};
// `counts`: how often each unit was drawn (nullptr: each once); `scale`
// multiplies value and error (100 for percent).
ValueWithError ratioOfSums(const RatioOfSums &ratio, const QList<int> *counts, double scale);
// a − b of two ratios over the same units, with the standard error of the
// difference (influence values l_ai − l_bi: the units pair them).
ValueWithError ratioDifference(const RatioOfSums &a, const RatioOfSums &b, const QList<int> *counts, double scale);

// The two-sided bootstrap p-value of "the difference is 0" from B resampled
// differences: each tail (1 + #{d <= 0})/(B + 1) and (1 + #{d >= 0})/(B + 1),
// the smaller doubled and capped at 1 (Davison & Hinkley 1997 §4.4; Phipson &
// Smyth 2010). Never below 2/(B + 1); empty without differences.
std::optional<double> pValue(const QList<double> &differences);
// The smallest p-value B resamples can give: 2/(B + 1).
double pValueFloor(int resamples);

// Holm's step-down adjustment (Holm 1979) of one family of p-values, in
// their order: sorted ascending p(1) <= ... <= p(m), adjusted p(i) =
// max_{j <= i} min(1, (m - j + 1) p(j)). Empty entries stay empty and are
// not counted in m.
QList<std::optional<double>> holmAdjusted(const QList<std::optional<double>> &p);

// Tiers: a compact letter display (Piepho 2004, insert-and-absorb) of
// `items` items in rank order, where `separated(i, j)` says a test told i
// and j apart. Items share a letter when no test separates any two of
// them; an item may carry several letters. Letters follow the rank order
// ("a" holds the first item). Returns one string of letters per item.
QStringList compactLetters(int items, const std::function<bool(int, int)> &separated);

} // namespace rd::stats
