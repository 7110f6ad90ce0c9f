#include "Bootstrap.h"

#include <algorithm>
#include <cmath>

namespace rd::compare {

Resampler::Resampler(int units, quint64 seed) : m_generator(seed), m_counts(std::max(0, units), 0)
{
}

int Resampler::unitOf(quint64 x, int units)
{
    // The high 64 bits of the 128-bit product x * units: uniform over
    // [0, units) up to a bias below units / 2^64 (Lemire's multiply-shift,
    // without rejection). In 32-bit halves, as ISO C++ has no 128-bit type:
    // x * u = (high * u) * 2^32 + low * u, each product below 2^63.
    const quint64 u = static_cast<quint64>(units);
    const quint64 high = x >> 32;
    const quint64 low = x & 0xffffffffULL;
    return static_cast<int>((high * u + ((low * u) >> 32)) >> 32);
}

const QList<int> &Resampler::next()
{
    const int units = static_cast<int>(m_counts.size());
    std::fill(m_counts.begin(), m_counts.end(), 0);
    for (int i = 0; i < units; ++i)
        ++m_counts[unitOf(m_generator(), units)];
    return m_counts;
}

double quantileOfSorted(const QList<double> &sorted, double q)
{
    if (sorted.isEmpty())
        return std::nan("");
    const double h = (static_cast<double>(sorted.size()) - 1) * q;
    const auto lower = static_cast<qsizetype>(std::floor(h));
    const qsizetype upper = std::min<qsizetype>(lower + 1, sorted.size() - 1);
    return sorted[lower] + (h - static_cast<double>(lower)) * (sorted[upper] - sorted[lower]);
}

Interval percentileInterval(QList<double> values, double level)
{
    if (values.isEmpty())
        return {};
    std::sort(values.begin(), values.end());
    const double tail = (1 - level) / 2;
    return {quantileOfSorted(values, tail), quantileOfSorted(values, 1 - tail)};
}

std::optional<double> bootstrapPValue(const QList<double> &differences)
{
    if (differences.isEmpty())
        return std::nullopt;
    const auto atMost = std::count_if(differences.cbegin(), differences.cend(), [](double d) { return d <= 0; });
    const auto atLeast = std::count_if(differences.cbegin(), differences.cend(), [](double d) { return d >= 0; });
    return std::min(1.0, 2.0 * static_cast<double>(std::min(atMost, atLeast)) / static_cast<double>(differences.size()));
}

} // namespace rd::compare
