#include "Resampling.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

namespace rd::stats {

quint64 indexBelow(std::mt19937_64 &generator, quint64 n)
{
    // The high 64 bits of the 128-bit product x * n are uniform over [0, n)
    // once the products whose low 64 bits fall below 2^64 mod n are rejected
    // (Lemire 2019). In 32-bit halves, as ISO C++ has no 128-bit type.
    const auto multiply = [n](quint64 x, quint64 &low) {
        const quint64 xh = x >> 32, xl = x & 0xffffffffULL;
        const quint64 nh = n >> 32, nl = n & 0xffffffffULL;
        const quint64 ll = xl * nl, lh = xl * nh, hl = xh * nl, hh = xh * nh;
        const quint64 middle = (ll >> 32) + (lh & 0xffffffffULL) + (hl & 0xffffffffULL);
        low = (middle << 32) | (ll & 0xffffffffULL);
        return hh + (lh >> 32) + (hl >> 32) + (middle >> 32);
    };
    quint64 low = 0;
    quint64 high = multiply(generator(), low);
    if (low < n) {
        const quint64 threshold = (0 - n) % n; // 2^64 mod n
        while (low < threshold)
            high = multiply(generator(), low);
    }
    return high;
}

Resampler::Resampler(int units, quint64 seed) : m_generator(seed), m_counts(std::max(0, units), 0)
{
    QList<int> all(m_counts.size());
    for (int i = 0; i < all.size(); ++i)
        all[i] = i;
    m_strata << all;
}

Resampler::Resampler(const QList<int> &strataOfUnit, quint64 seed) : m_generator(seed), m_counts(strataOfUnit.size(), 0)
{
    std::map<int, QList<int>> byStratum; // ordered: the same draws for the same strata every time
    for (int i = 0; i < strataOfUnit.size(); ++i)
        byStratum[strataOfUnit[i]] << i;
    for (auto &[stratum, units] : byStratum)
        m_strata << units;
}

const QList<int> &Resampler::next()
{
    std::fill(m_counts.begin(), m_counts.end(), 0);
    for (const QList<int> &stratum : std::as_const(m_strata)) {
        const auto n = quint64(stratum.size());
        for (qsizetype i = 0; i < stratum.size(); ++i)
            ++m_counts[stratum[qsizetype(indexBelow(m_generator, n))]];
    }
    return m_counts;
}

double quantileOfSorted(const QList<double> &sorted, double q)
{
    if (sorted.isEmpty())
        return std::nan("");
    const double h = (static_cast<double>(sorted.size()) - 1) * std::clamp(q, 0.0, 1.0);
    const auto lower = static_cast<qsizetype>(std::floor(h));
    const qsizetype upper = std::min<qsizetype>(lower + 1, sorted.size() - 1);
    const double fraction = h - static_cast<double>(lower);
    // An infinite neighbour makes the quantile infinite (inf - inf is NaN).
    if (fraction == 0 || sorted[lower] == sorted[upper])
        return sorted[lower];
    if (std::isinf(sorted[lower]) || std::isinf(sorted[upper]))
        return std::isinf(sorted[upper]) && sorted[upper] > 0 ? sorted[upper] : sorted[lower];
    return sorted[lower] + fraction * (sorted[upper] - sorted[lower]);
}

Estimate estimate(std::optional<double> value, const QList<double> &resampled, double level)
{
    Estimate e;
    e.value = value;
    e.drawn = int(resampled.size());
    QList<double> defined;
    defined.reserve(resampled.size());
    for (double v : resampled)
        if (!std::isnan(v))
            defined << v;
    e.resamples = int(defined.size());
    if (!value || defined.isEmpty())
        return e;
    std::sort(defined.begin(), defined.end());
    const double tail = (1 - level) / 2;
    const double low = quantileOfSorted(defined, tail);
    const double high = quantileOfSorted(defined, 1 - tail);
    if (std::isfinite(low))
        e.low = low;
    if (std::isfinite(high))
        e.high = high;
    return e;
}

PairedDifference pairedDifference(std::optional<double> a, std::optional<double> b, const QList<double> &resampledA, const QList<double> &resampledB, double level)
{
    PairedDifference out;
    if (!a || !b)
        return out;
    out.difference = *a - *b;
    QList<double> differences;
    differences.reserve(std::min(resampledA.size(), resampledB.size()));
    for (qsizetype k = 0; k < resampledA.size() && k < resampledB.size(); ++k)
        if (!std::isnan(resampledA[k]) && !std::isnan(resampledB[k]))
            differences << resampledA[k] - resampledB[k];
    const Estimate e = estimate(out.difference, differences, level);
    out.low = e.low;
    out.high = e.high;
    out.resamples = e.resamples;
    out.p = pValue(differences);
    return out;
}

namespace {

// `away` in standard errors: 0 where there is no spread and `away` is 0
// up to rounding (a ratio recomputed from other sums), else ±inf.
double inErrors(double away, double error, double value)
{
    if (error > 0)
        return away / error;
    if (std::abs(away) <= 1e-9 * std::max(1.0, std::abs(value)))
        return 0.0;
    return std::copysign(std::numeric_limits<double>::infinity(), away);
}

// The resamples' t* = (θ* − θ̂)/se*, NaN where θ* or se* is undefined.
QList<double> studentizedResamples(double value, const QList<double> &resampled, const QList<double> &errors)
{
    QList<double> t;
    t.reserve(resampled.size());
    for (qsizetype b = 0; b < resampled.size() && b < errors.size(); ++b)
        if (!std::isnan(resampled[b]) && !std::isnan(errors[b]))
            t << inErrors(resampled[b] - value, errors[b], value);
    return t;
}

// Whether t* bounds both sides: more than (1 − level)/2 of the resamples
// without spread away from θ̂ (t* infinite) on a side leave it unbounded.
bool studentizable(const QList<double> &sortedT, double level)
{
    const double tail = (1 - level) / 2;
    return !sortedT.isEmpty() && std::isfinite(quantileOfSorted(sortedT, 1 - tail)) && std::isfinite(quantileOfSorted(sortedT, tail));
}

// [θ̂ − se·t*(1 − a/2), θ̂ − se·t*(a/2)] within [lowest, highest].
void studentizedInterval(double value, double se, const QList<double> &sortedT, double level, double lowest, double highest, std::optional<double> &low,
                         std::optional<double> &high)
{
    if (se <= 0) {
        low = high = std::clamp(value, lowest, highest);
        return;
    }
    const double tail = (1 - level) / 2;
    low = std::clamp(value - se * quantileOfSorted(sortedT, 1 - tail), lowest, highest);
    high = std::clamp(value - se * quantileOfSorted(sortedT, tail), lowest, highest);
}

} // namespace

Estimate studentizedEstimate(std::optional<double> value, double se, const QList<double> &resampled, const QList<double> &resampledErrors, double level,
                             double lowest, double highest)
{
    Estimate e;
    e.value = value;
    e.drawn = int(resampled.size());
    if (!value || std::isnan(se)) {
        e.resamples = int(std::count_if(resampled.cbegin(), resampled.cend(), [](double v) { return !std::isnan(v); }));
        return e;
    }
    QList<double> t = studentizedResamples(*value, resampled, resampledErrors);
    std::sort(t.begin(), t.end());
    if (se > 0 && !studentizable(t, level))
        return estimate(value, resampled, level);
    e.resamples = int(t.size());
    if (t.isEmpty())
        return e;
    studentizedInterval(*value, se, t, level, lowest, highest, e.low, e.high);
    return e;
}

PairedDifference studentizedDifference(std::optional<double> difference, double se, const QList<double> &resampled, const QList<double> &resampledErrors,
                                       double level, double lowest, double highest)
{
    PairedDifference out;
    out.difference = difference;
    if (!difference || std::isnan(se))
        return out;
    QList<double> t = studentizedResamples(*difference, resampled, resampledErrors);
    std::sort(t.begin(), t.end());
    if (se > 0 && !studentizable(t, level)) {
        QList<double> defined;
        for (double d : resampled)
            if (!std::isnan(d))
                defined << d;
        const Estimate e = estimate(difference, defined, level);
        out.low = e.low;
        out.high = e.high;
        out.resamples = e.resamples;
        out.p = pValue(defined);
        return out;
    }
    out.resamples = int(t.size());
    if (t.isEmpty())
        return out;
    studentizedInterval(*difference, se, t, level, lowest, highest, out.low, out.high);
    // t0 = θ̂/se; with se = 0 every resample equals θ̂ (t* = 0), and θ̂ = 0 is no evidence.
    const double t0 = inErrors(*difference, se, *difference);
    const auto atMost = std::upper_bound(t.cbegin(), t.cend(), t0) - t.cbegin();
    const auto atLeast = t.cend() - std::lower_bound(t.cbegin(), t.cend(), t0);
    const double b = static_cast<double>(t.size());
    out.p = std::min(1.0, 2.0 * (1.0 + static_cast<double>(std::min(atMost, atLeast))) / (b + 1.0));
    return out;
}

ValueWithError ratioOfSums(const RatioOfSums &ratio, const QList<int> *counts, double scale)
{
    double y = 0, x = 0;
    const qsizetype units = std::min(ratio.numerators.size(), ratio.denominators.size());
    for (qsizetype i = 0; i < units; ++i) {
        const double c = counts ? (*counts)[i] : 1;
        y += c * ratio.numerators[i];
        x += c * ratio.denominators[i];
    }
    if (x == 0)
        return {std::nan(""), std::nan("")};
    const double t = y / x;
    double squares = 0;
    for (qsizetype i = 0; i < units; ++i) {
        const double c = counts ? (*counts)[i] : 1;
        const double residual = ratio.numerators[i] - t * ratio.denominators[i];
        squares += c * residual * residual;
    }
    return {scale * t, scale * std::sqrt(squares) / x};
}

ValueWithError ratioDifference(const RatioOfSums &a, const RatioOfSums &b, const QList<int> *counts, double scale)
{
    const ValueWithError ra = ratioOfSums(a, counts, 1), rb = ratioOfSums(b, counts, 1);
    if (std::isnan(ra.value) || std::isnan(rb.value))
        return {std::nan(""), std::nan("")};
    double xa = 0, xb = 0;
    const qsizetype units = std::min({a.denominators.size(), b.denominators.size(), a.numerators.size(), b.numerators.size()});
    for (qsizetype i = 0; i < units; ++i) {
        const double c = counts ? (*counts)[i] : 1;
        xa += c * a.denominators[i];
        xb += c * b.denominators[i];
    }
    double squares = 0;
    for (qsizetype i = 0; i < units; ++i) {
        const double c = counts ? (*counts)[i] : 1;
        const double l = (a.numerators[i] - ra.value * a.denominators[i]) / xa - (b.numerators[i] - rb.value * b.denominators[i]) / xb;
        squares += c * l * l;
    }
    return {scale * (ra.value - rb.value), scale * std::sqrt(squares)};
}

std::optional<double> pValue(const QList<double> &differences)
{
    if (differences.isEmpty())
        return std::nullopt;
    const auto atMost = std::count_if(differences.cbegin(), differences.cend(), [](double d) { return d <= 0; });
    const auto atLeast = std::count_if(differences.cbegin(), differences.cend(), [](double d) { return d >= 0; });
    const double b = static_cast<double>(differences.size());
    const double tail = (1.0 + static_cast<double>(std::min(atMost, atLeast))) / (b + 1.0);
    return std::min(1.0, 2.0 * tail);
}

double pValueFloor(int resamples)
{
    return std::min(1.0, 2.0 / (static_cast<double>(resamples) + 1.0));
}

QList<std::optional<double>> holmAdjusted(const QList<std::optional<double>> &p)
{
    QList<qsizetype> order;
    for (qsizetype i = 0; i < p.size(); ++i)
        if (p[i])
            order << i;
    std::stable_sort(order.begin(), order.end(), [&p](qsizetype x, qsizetype y) { return *p[x] < *p[y]; });
    QList<std::optional<double>> adjusted(p.size());
    const auto m = static_cast<double>(order.size());
    double running = 0;
    for (qsizetype rank = 0; rank < order.size(); ++rank) {
        running = std::max(running, std::min(1.0, (m - static_cast<double>(rank)) * *p[order[rank]]));
        adjusted[order[rank]] = running;
    }
    return adjusted;
}

namespace {

QString letterName(qsizetype index)
{
    static const QString alphabet = QStringLiteral("abcdefghijklmnopqrstuvwxyz");
    QString name;
    do {
        name.prepend(alphabet[index % 26]);
        index = index / 26 - 1;
    } while (index >= 0);
    return name;
}

} // namespace

QStringList compactLetters(int items, const std::function<bool(int, int)> &separated)
{
    using Group = std::set<int>;
    std::vector<Group> groups;
    if (items <= 0)
        return {};
    Group all;
    for (int i = 0; i < items; ++i)
        all.insert(i);
    groups.push_back(all);
    // Insert: every group holding both members of a separated pair splits
    // into the group without one and the group without the other; absorb:
    // a group inside another goes.
    for (int i = 0; i < items; ++i)
        for (int j = i + 1; j < items; ++j) {
            if (!separated(i, j))
                continue;
            std::vector<Group> next;
            for (const Group &g : groups) {
                if (g.count(i) && g.count(j)) {
                    Group withoutI = g, withoutJ = g;
                    withoutI.erase(i);
                    withoutJ.erase(j);
                    next.push_back(withoutI);
                    next.push_back(withoutJ);
                } else {
                    next.push_back(g);
                }
            }
            std::vector<Group> kept;
            for (std::size_t x = 0; x < next.size(); ++x) {
                bool absorbed = false;
                for (std::size_t y = 0; y < next.size() && !absorbed; ++y) {
                    if (x == y)
                        continue;
                    const bool inside = std::includes(next[y].begin(), next[y].end(), next[x].begin(), next[x].end());
                    // Of two equal groups, the later one goes.
                    absorbed = inside && (next[x].size() < next[y].size() || y < x);
                }
                if (!absorbed)
                    kept.push_back(next[x]);
            }
            groups = std::move(kept);
        }
    // Sweep (Piepho 2004): a member's letter is redundant when each of the
    // group's other members shares another letter with it.
    for (std::size_t g = 0; g < groups.size(); ++g) {
        for (auto it = groups[g].begin(); it != groups[g].end();) {
            const int member = *it;
            bool redundant = groups[g].size() > 1;
            for (int other : groups[g]) {
                if (other == member || !redundant)
                    continue;
                bool elsewhere = false;
                for (std::size_t h = 0; h < groups.size() && !elsewhere; ++h)
                    elsewhere = h != g && groups[h].count(member) && groups[h].count(other);
                redundant = elsewhere;
            }
            // Never leave a member without any letter.
            bool hasOther = false;
            for (std::size_t h = 0; h < groups.size() && !hasOther; ++h)
                hasOther = h != g && groups[h].count(member);
            it = redundant && hasOther ? groups[g].erase(it) : std::next(it);
        }
    }
    groups.erase(std::remove_if(groups.begin(), groups.end(), [](const Group &g) { return g.empty(); }), groups.end());
    // Letters in rank order: the group whose best member ranks first is "a".
    std::sort(groups.begin(), groups.end(), [](const Group &x, const Group &y) {
        return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end());
    });
    QStringList letters(items);
    for (std::size_t g = 0; g < groups.size(); ++g)
        for (int member : groups[g])
            letters[member] += letterName(qsizetype(g));
    return letters;
}

} // namespace rd::stats
