#pragma once

// Krippendorff's alpha for any number of coders and missing values, from the
// coincidence matrix as Krippendorff defines it ("Computing Krippendorff's
// Alpha-Reliability", 2011, §A–C and §E): alpha = 1 − D_o / D_e, with
//   o_ck = Σ_u (number of c–k pairs of values in unit u) / (m_u − 1),
//   n_c  = Σ_k o_ck,  n = Σ_c n_c,
//   D_o  = Σ_c Σ_k o_ck δ²_ck / n,
//   D_e  = Σ_c Σ_k n_c n_k δ²_ck / (n (n − 1)),
// over the pairable units only (those with m_u ≥ 2 values).

#include <QList>
#include <QString>

#include <optional>

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

// A percentile bootstrap interval: the pairable units are resampled with
// replacement (the unit that was sampled; Zapf et al. 2016, BMC Medical
// Research Methodology 16:93) and alpha recomputed each time.
struct AlphaBootstrap
{
    int resamples = 1000; // 0: no interval
    quint64 seed = 1; // the commands take 0 .. 2^63 − 1, so it prints as a JSON number
    double level = 0.95;
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
};

AlphaResult krippendorffAlpha(const QList<AlphaUnit> &units, AlphaMetric metric, const AlphaBootstrap &bootstrap = {0, 1, 0.95});

} // namespace rd
