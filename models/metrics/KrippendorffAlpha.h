#pragma once

// Krippendorff's alpha for any number of coders and missing values, from the
// coincidence matrix as Krippendorff defines it ("Computing Krippendorff's
// Alpha-Reliability", 2011, §A–C and §E): alpha = 1 − D_o / D_e, with
//   o_ck = Σ_u (number of c–k pairs of values in unit u) / (m_u − 1),
//   n_c  = Σ_k o_ck,  n = Σ_c n_c,
//   D_o  = Σ_c Σ_k o_ck δ²_ck / n,
//   D_e  = Σ_c Σ_k n_c n_k δ²_ck / (n (n − 1)),
// over the pairable units only (those with m_u ≥ 2 values).

#include <Resampling.h>

#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace rd {

// The difference function δ²_ck of the level of measurement (2011, §E):
// nominal 0 for equal values and 1 otherwise; ordinal (Σ_{g=c..k} n_g −
// (n_c + n_k)/2)² over the ranks of the values given; interval (c − k)².
enum class AlphaMetric { Nominal, Ordinal, Interval };
QString alphaMetricName(AlphaMetric metric); // "nominal", "ordinal", "interval"

// The values the coders gave one unit, one per coder who coded it; a coder
// who did not is simply absent. Nominal values are codes: any number per
// category.
using AlphaUnit = QList<double>;

// A percentile bootstrap interval: the merge requests holding pairable
// units are resampled with replacement, each drawn merge request with all its
// units (comments of one merge request are not independent: resampling them
// one by one makes the interval too narrow), and alpha recomputed each time
// (resample the unit that was sampled: Zapf et al. 2016, BMC Medical Research
// Methodology 16:93; the toolkit's Resampler and percentile, Resampling.h).
struct AlphaBootstrap
{
    // A constructor, not an aggregate: {resamples, seed} leaves the rest to
    // their defaults without a missing-initializer warning.
    AlphaBootstrap(int resamples = stats::DefaultResamples, quint64 seed = stats::DefaultSeed, double level = stats::DefaultLevel,
                   QList<qint64> mergeRequestOfUnit = {})
        : resamples(resamples), seed(seed), level(level), mergeRequestOfUnit(std::move(mergeRequestOfUnit))
    {
    }
    int resamples; // 0: no interval
    quint64 seed;
    double level;
    // The merge request of each unit, in the order of the units given (any
    // ids); empty: every unit is a merge request of its own.
    QList<qint64> mergeRequestOfUnit;
};

struct AlphaResult
{
    AlphaMetric metric = AlphaMetric::Nominal;
    int units = 0;  // pairable units: two or more values
    int values = 0; // n: the values in pairable units
    QList<double> valueSet;            // the distinct values in pairable units, ascending
    QList<int> valueCounts;            // n_c, in valueSet's order
    QList<QList<double>> coincidences; // o_ck, [c][k] in valueSet's order
    double observedDisagreement = 0;   // D_o
    double expectedDisagreement = 0;   // D_e
    std::optional<double> alpha;       // empty when undefined (degeneracy says why)
    // Alpha is undefined without a pairable unit, and when every value in
    // pairable units is the same one (D_e = 0: no variation to be reliable about).
    enum class Degeneracy { None, NoPairableUnit, OneValue };
    Degeneracy degeneracy = Degeneracy::None;
    // The bootstrap interval, when asked and alpha is defined; `resamples`
    // counts the resamples in which alpha was defined (the others drew one
    // value only) and the interval's percentiles are of those.
    std::optional<double> low;
    std::optional<double> high;
    int resamples = 0;
    int mergeRequests = 0; // the merge requests resampled: those holding a pairable unit
};

AlphaResult krippendorffAlpha(const QList<AlphaUnit> &units, AlphaMetric metric, const AlphaBootstrap &bootstrap = AlphaBootstrap(0));

} // namespace rd
