#include "KrippendorffAlpha.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace rd {

QString alphaMetricName(AlphaMetric metric)
{
    switch (metric) {
    case AlphaMetric::Nominal: return QStringLiteral("nominal");
    case AlphaMetric::Ordinal: return QStringLiteral("ordinal");
    case AlphaMetric::Interval: return QStringLiteral("interval");
    }
    return {};
}

namespace {

// One cell of a unit's share of the coincidence matrix: its place c·v + k
// in the row-major matrix and the c–k pairs of the unit divided by m_u − 1.
struct AlphaCoincidence
{
    size_t cell = 0;
    double weight = 0;
};

struct AlphaDisagreements
{
    double observed = 0;
    double expected = 0;
    std::optional<double> alpha;
};

// D_o, D_e and alpha from a coincidence matrix (row-major, v × v) over the
// ascending distinct values; alpha is empty when fewer than two values occur.
AlphaDisagreements alphaOfCoincidences(const std::vector<double> &o, const QList<double> &values, AlphaMetric metric)
{
    const qsizetype v = values.size();
    std::vector<double> marginal(static_cast<size_t>(v), 0.0); // n_c
    double n = 0;
    int occurring = 0;
    for (qsizetype c = 0; c < v; ++c) {
        for (qsizetype k = 0; k < v; ++k)
            marginal[static_cast<size_t>(c)] += o[static_cast<size_t>(c * v + k)];
        n += marginal[static_cast<size_t>(c)];
        if (marginal[static_cast<size_t>(c)] > 0)
            ++occurring;
    }
    AlphaDisagreements d;
    if (occurring < 2 || n < 2)
        return d;
    // Ordinal ranks: the cumulative counts up to each value (2011, §E).
    std::vector<double> below(static_cast<size_t>(v) + 1, 0.0);
    for (qsizetype g = 0; g < v; ++g)
        below[static_cast<size_t>(g) + 1] = below[static_cast<size_t>(g)] + marginal[static_cast<size_t>(g)];
    const auto delta2 = [&](qsizetype c, qsizetype k) {
        switch (metric) {
        case AlphaMetric::Nominal: return c == k ? 0.0 : 1.0;
        case AlphaMetric::Interval: return (values[c] - values[k]) * (values[c] - values[k]);
        case AlphaMetric::Ordinal: {
            const qsizetype lo = std::min(c, k), hi = std::max(c, k);
            const double span = below[static_cast<size_t>(hi) + 1] - below[static_cast<size_t>(lo)]
                                - (marginal[static_cast<size_t>(lo)] + marginal[static_cast<size_t>(hi)]) / 2.0;
            return span * span;
        }
        }
        return 0.0;
    };
    double observed = 0, expected = 0;
    for (qsizetype c = 0; c < v; ++c)
        for (qsizetype k = 0; k < v; ++k) {
            if (c == k)
                continue; // δ²_cc is 0 for every metric
            const double d2 = delta2(c, k);
            observed += o[static_cast<size_t>(c * v + k)] * d2;
            expected += marginal[static_cast<size_t>(c)] * marginal[static_cast<size_t>(k)] * d2;
        }
    d.observed = observed / n;
    d.expected = expected / (n * (n - 1));
    if (d.expected > 0)
        d.alpha = 1.0 - d.observed / d.expected;
    return d;
}

} // namespace

AlphaResult krippendorffAlpha(const QList<AlphaUnit> &units, AlphaMetric metric, const AlphaBootstrap &bootstrap)
{
    AlphaResult r;
    r.metric = metric;
    QList<const AlphaUnit *> pairable;
    QList<qsizetype> pairableIndex; // its place among the units given
    for (qsizetype i = 0; i < units.size(); ++i)
        if (const AlphaUnit &u = units[i]; u.size() >= 2) {
            pairable << &u;
            pairableIndex << i;
            r.values += static_cast<int>(u.size());
            for (double x : u)
                r.valueSet << x;
        }
    r.units = static_cast<int>(pairable.size());
    std::sort(r.valueSet.begin(), r.valueSet.end());
    r.valueSet.erase(std::unique(r.valueSet.begin(), r.valueSet.end()), r.valueSet.end());
    const qsizetype v = r.valueSet.size();
    const auto indexOf = [&r](double x) { return std::lower_bound(r.valueSet.cbegin(), r.valueSet.cend(), x) - r.valueSet.cbegin(); };

    // Each unit's share of o_ck: with n_uc values c among its m_u, the
    // ordered pairs c–k of different coders number n_uc (n_uk − [c = k]).
    std::vector<AlphaCoincidence> cells;
    std::vector<size_t> unitStart; // unit i's cells are [unitStart[i], unitStart[i + 1])
    for (const AlphaUnit *u : std::as_const(pairable)) {
        unitStart.push_back(cells.size());
        std::vector<std::pair<qsizetype, int>> counts; // value index, n_uc
        for (double x : *u) {
            const qsizetype i = indexOf(x);
            auto it = std::find_if(counts.begin(), counts.end(), [i](const auto &e) { return e.first == i; });
            if (it == counts.end())
                counts.emplace_back(i, 1);
            else
                ++it->second;
        }
        const double pairsPerValue = static_cast<double>(u->size() - 1);
        for (const auto &[c, nc] : counts)
            for (const auto &[k, nk] : counts) {
                const double pairs = static_cast<double>(nc) * (c == k ? nk - 1 : nk);
                if (pairs > 0)
                    cells.push_back({static_cast<size_t>(c * v + k), pairs / pairsPerValue});
            }
    }
    unitStart.push_back(cells.size());

    std::vector<double> o(static_cast<size_t>(v * v), 0.0);
    for (const AlphaCoincidence &cell : cells)
        o[cell.cell] += cell.weight;
    r.coincidences = QList<QList<double>>(v, QList<double>(v, 0.0));
    r.valueCounts = QList<int>(v, 0);
    for (qsizetype c = 0; c < v; ++c)
        for (qsizetype k = 0; k < v; ++k)
            r.coincidences[c][k] = o[static_cast<size_t>(c * v + k)];
    // n_c counted from the values themselves: exact, where Σ_k o_ck adds fractions.
    for (const AlphaUnit *u : std::as_const(pairable))
        for (double x : *u)
            ++r.valueCounts[indexOf(x)];

    if (r.units == 0) {
        r.degeneracy = AlphaResult::Degeneracy::NoPairableUnit;
        return r;
    }
    const AlphaDisagreements d = alphaOfCoincidences(o, r.valueSet, metric);
    r.observedDisagreement = d.observed;
    r.expectedDisagreement = d.expected;
    r.alpha = d.alpha;
    if (!r.alpha) {
        r.degeneracy = AlphaResult::Degeneracy::OneValue;
        return r;
    }

    if (bootstrap.resamples <= 0)
        return r;
    // The merge requests holding pairable units, ascending, each with its
    // units; a resample draws merge requests (stats::Resampler) and adds the
    // coincidences of every unit of each as often as it was drawn.
    std::map<qint64, std::vector<size_t>> unitsOfMergeRequest;
    for (qsizetype i = 0; i < pairable.size(); ++i) {
        const qsizetype given = pairableIndex[i];
        const qint64 mergeRequest = bootstrap.mergeRequestOfUnit.isEmpty() ? qint64(given) : bootstrap.mergeRequestOfUnit.value(given);
        unitsOfMergeRequest[mergeRequest].push_back(static_cast<size_t>(i));
    }
    std::vector<std::vector<size_t>> groups;
    for (auto &[mergeRequest, members] : unitsOfMergeRequest)
        groups.push_back(std::move(members));
    r.mergeRequests = static_cast<int>(groups.size());
    stats::Resampler resampler(r.mergeRequests, bootstrap.seed);
    QList<double> alphas;
    alphas.reserve(bootstrap.resamples);
    std::vector<double> resampled(o.size());
    for (int b = 0; b < bootstrap.resamples; ++b) {
        std::fill(resampled.begin(), resampled.end(), 0.0);
        const QList<int> &drawn = resampler.next();
        for (size_t g = 0; g < groups.size(); ++g) {
            const int times = drawn[static_cast<qsizetype>(g)];
            if (times == 0)
                continue;
            for (size_t u : groups[g])
                for (size_t e = unitStart[u]; e < unitStart[u + 1]; ++e)
                    resampled[cells[e].cell] += times * cells[e].weight;
        }
        // Undefined (one value drawn): NaN, which the toolkit leaves out and counts.
        alphas << alphaOfCoincidences(resampled, r.valueSet, metric).alpha.value_or(std::nan(""));
    }
    const stats::Estimate interval = stats::estimate(r.alpha, alphas, bootstrap.level);
    r.low = interval.low;
    r.high = interval.high;
    r.resamples = interval.resamples;
    return r;
}

} // namespace rd
