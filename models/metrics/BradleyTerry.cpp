#include "BradleyTerry.h"

#include <Resampling.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace rd {

PairwiseTally::PairwiseTally(int players) : m_players(std::max(0, players)), m_wins(std::size_t(m_players) * std::size_t(m_players), 0.0) {}

PairwiseTally::PairwiseTally(int players, std::vector<double> wins) : m_players(std::max(0, players)), m_wins(std::move(wins))
{
    m_wins.resize(std::size_t(m_players) * std::size_t(m_players), 0.0);
}

void PairwiseTally::add(const PairOutcome &o, double times)
{
    if (o.a == o.b || o.a < 0 || o.b < 0 || o.a >= m_players || o.b >= m_players)
        return;
    m_wins[std::size_t(o.a) * std::size_t(m_players) + std::size_t(o.b)] += o.aWins * times;
    m_wins[std::size_t(o.b) * std::size_t(m_players) + std::size_t(o.a)] += o.bWins * times;
}

bool PairwiseTally::played(int i) const
{
    for (int j = 0; j < m_players; ++j)
        if (games(i, j) > 0)
            return true;
    return false;
}

double winProbability(double strengthA, double strengthB)
{
    return 1.0 / (1.0 + std::exp(strengthB - strengthA));
}

double eloFromStrength(double strength)
{
    return 1000.0 + 400.0 * strength / std::log(10.0);
}

namespace {

// The players reachable from `from` along edges i -> j where `edge(i, j)`.
template <typename Edge>
std::vector<char> btReachable(int from, int m, Edge edge)
{
    std::vector<char> seen(std::size_t(m), 0);
    std::vector<int> stack{from};
    seen[std::size_t(from)] = 1;
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        for (int j = 0; j < m; ++j)
            if (!seen[std::size_t(j)] && edge(i, j)) {
                seen[std::size_t(j)] = 1;
                stack.push_back(j);
            }
    }
    return seen;
}

// A group of players that no outsider ever beat: a source component of the
// "beat" graph (i -> j when i beat j at least half a time). Only called when
// that graph is not strongly connected, so the group is a proper subset.
// Player i is in a source component exactly when everyone who transitively
// beat i was transitively beaten by i too; the group is then those players.
std::vector<int> btUnbeatenGroup(int m, const std::vector<double> &w)
{
    const auto beatenBy = [&](int i, int j) { return w[std::size_t(j) * std::size_t(m) + std::size_t(i)] > 0; }; // edge i -> j: j beat i
    std::vector<std::vector<char>> above(static_cast<std::size_t>(m));
    for (int i = 0; i < m; ++i)
        above[std::size_t(i)] = btReachable(i, m, beatenBy);
    for (int i = 0; i < m; ++i) {
        bool source = true;
        for (int j = 0; j < m && source; ++j)
            if (above[std::size_t(i)][std::size_t(j)] && !above[std::size_t(j)][std::size_t(i)])
                source = false;
        if (source) {
            std::vector<int> group;
            for (int j = 0; j < m; ++j)
                if (above[std::size_t(i)][std::size_t(j)])
                    group.push_back(j);
            return group;
        }
    }
    return {};
}

double btLogLikelihood(int m, const std::vector<double> &w, const std::vector<double> &theta)
{
    // Per pair: w_ij log σ(d) + w_ji log σ(−d), d = θ_i − θ_j, with one exp
    // and one log1p: log σ(|d|) = −log1p(e^−|d|), log σ(−|d|) = −|d| + log σ(|d|).
    double ll = 0;
    for (int i = 0; i < m; ++i)
        for (int j = i + 1; j < m; ++j) {
            const double wij = w[std::size_t(i) * std::size_t(m) + std::size_t(j)];
            const double wji = w[std::size_t(j) * std::size_t(m) + std::size_t(i)];
            if (wij + wji <= 0)
                continue;
            const double d = theta[std::size_t(i)] - theta[std::size_t(j)];
            const double sameSide = -std::log1p(std::exp(-std::abs(d))); // log σ(|d|)
            const double otherSide = sameSide - std::abs(d);             // log σ(−|d|)
            ll += d >= 0 ? wij * sameSide + wji * otherSide : wij * otherSide + wji * sameSide;
        }
    return ll;
}

// Solves a * x = b (n × n, row-major) by Gaussian elimination with partial
// pivoting; false when singular.
bool btSolve(int n, std::vector<double> a, std::vector<double> &b)
{
    for (int col = 0; col < n; ++col) {
        int pivot = col;
        for (int r = col + 1; r < n; ++r)
            if (std::abs(a[std::size_t(r * n + col)]) > std::abs(a[std::size_t(pivot * n + col)]))
                pivot = r;
        if (std::abs(a[std::size_t(pivot * n + col)]) < 1e-300)
            return false;
        if (pivot != col) {
            for (int c = 0; c < n; ++c)
                std::swap(a[std::size_t(col * n + c)], a[std::size_t(pivot * n + c)]);
            std::swap(b[std::size_t(col)], b[std::size_t(pivot)]);
        }
        for (int r = col + 1; r < n; ++r) {
            const double f = a[std::size_t(r * n + col)] / a[std::size_t(col * n + col)];
            if (f == 0)
                continue;
            for (int c = col; c < n; ++c)
                a[std::size_t(r * n + c)] -= f * a[std::size_t(col * n + c)];
            b[std::size_t(r)] -= f * b[std::size_t(col)];
        }
    }
    for (int r = n - 1; r >= 0; --r) {
        double s = b[std::size_t(r)];
        for (int c = r + 1; c < n; ++c)
            s -= a[std::size_t(r * n + c)] * b[std::size_t(c)];
        b[std::size_t(r)] = s / a[std::size_t(r * n + r)];
    }
    return true;
}

} // namespace

BradleyTerryFit fitBradleyTerry(const PairwiseTally &tally)
{
    BradleyTerryFit fit;
    const int players = tally.players();
    fit.strength.assign(std::size_t(players), std::nullopt);
    std::vector<int> who; // the players who played, in order
    for (int i = 0; i < players; ++i)
        if (tally.played(i))
            who.push_back(i);
    const int m = int(who.size());
    if (m < 2)
        return fit; // NoGames
    std::vector<double> w(std::size_t(m) * std::size_t(m), 0.0);
    double total = 0;
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < m; ++j) {
            w[std::size_t(i * m + j)] = i == j ? 0.0 : tally.wins(who[std::size_t(i)], who[std::size_t(j)]);
            total += w[std::size_t(i * m + j)];
        }
    const auto named = [&](const std::vector<int> &local) {
        std::vector<int> out;
        for (int i : local)
            out.push_back(who[std::size_t(i)]);
        return out;
    };
    const auto met = [&](int i, int j) { return w[std::size_t(i * m + j)] + w[std::size_t(j * m + i)] > 0; };
    const std::vector<char> component = btReachable(0, m, met);
    if (std::count(component.cbegin(), component.cend(), 1) < m) {
        std::vector<int> group;
        for (int i = 0; i < m; ++i)
            if (component[std::size_t(i)])
                group.push_back(i);
        fit.notFinite = BradleyTerryFit::NotFinite::Disconnected;
        fit.group = named(group);
        return fit;
    }
    const auto beat = [&](int i, int j) { return w[std::size_t(i * m + j)] > 0; };
    const std::vector<char> down = btReachable(0, m, beat);
    const std::vector<char> up = btReachable(0, m, [&](int i, int j) { return beat(j, i); });
    if (std::count(down.cbegin(), down.cend(), 1) < m || std::count(up.cbegin(), up.cend(), 1) < m) {
        fit.notFinite = BradleyTerryFit::NotFinite::Unbeaten;
        fit.group = named(btUnbeatenGroup(m, w));
        return fit;
    }

    // Newton's method on θ with θ_0 held at 0 (the likelihood depends on
    // differences only), centred afterwards.
    std::vector<double> theta(std::size_t(m), 0.0);
    double ll = btLogLikelihood(m, w, theta);
    const double tolerance = 1e-10 * std::max(1.0, total);
    const int n = m - 1;
    for (fit.iterations = 0; fit.iterations < 200; ++fit.iterations) {
        std::vector<double> gradient(std::size_t(m), 0.0);
        std::vector<double> information(std::size_t(m) * std::size_t(m), 0.0); // −Hessian
        for (int i = 0; i < m; ++i)
            for (int j = i + 1; j < m; ++j) {
                const double games = w[std::size_t(i * m + j)] + w[std::size_t(j * m + i)];
                if (games <= 0)
                    continue;
                const double p = winProbability(theta[std::size_t(i)], theta[std::size_t(j)]);
                const double g = w[std::size_t(i * m + j)] - games * p; // ∂/∂θ_i of this pair's terms
                gradient[std::size_t(i)] += g;
                gradient[std::size_t(j)] -= g;
                const double h = games * p * (1 - p);
                information[std::size_t(i * m + i)] += h;
                information[std::size_t(j * m + j)] += h;
                information[std::size_t(i * m + j)] -= h;
                information[std::size_t(j * m + i)] -= h;
            }
        double largest = 0;
        for (double g : gradient)
            largest = std::max(largest, std::abs(g));
        if (largest < tolerance)
            break;
        std::vector<double> reduced(std::size_t(n) * std::size_t(n));
        std::vector<double> step(static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) {
            step[std::size_t(r)] = gradient[std::size_t(r + 1)];
            for (int c = 0; c < n; ++c)
                reduced[std::size_t(r * n + c)] = information[std::size_t((r + 1) * m + (c + 1))];
        }
        if (!btSolve(n, reduced, step))
            break;
        // Step halving keeps every step uphill.
        double scale = 1;
        std::vector<double> next(theta);
        for (int halvings = 0; halvings < 60; ++halvings, scale /= 2) {
            for (int r = 0; r < n; ++r)
                next[std::size_t(r + 1)] = theta[std::size_t(r + 1)] + scale * step[std::size_t(r)];
            const double candidate = btLogLikelihood(m, w, next);
            if (candidate >= ll - 1e-12 * std::abs(ll)) {
                ll = candidate;
                break;
            }
        }
        theta = next;
    }
    const double mean = std::accumulate(theta.cbegin(), theta.cend(), 0.0) / m;
    for (int i = 0; i < m; ++i)
        fit.strength[std::size_t(who[std::size_t(i)])] = theta[std::size_t(i)] - mean;
    fit.logLikelihood = ll;
    fit.notFinite = BradleyTerryFit::NotFinite::None;
    return fit;
}

double BradleyTerryResample::difference(int i, int j) const
{
    const int a = component[std::size_t(i)];
    const int b = component[std::size_t(j)];
    if (a < 0 || b < 0)
        return std::numeric_limits<double>::quiet_NaN();
    if (a == b)
        return within[std::size_t(i)] - within[std::size_t(j)];
    if (reaches[std::size_t(a * components + b)])
        return std::numeric_limits<double>::infinity();
    if (reaches[std::size_t(b * components + a)])
        return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
}

BradleyTerryResample fitToTheLimit(const PairwiseTally &tally, const std::vector<char> &expected)
{
    const int players = tally.players();
    const double undefined = std::numeric_limits<double>::quiet_NaN();
    const double infinite = std::numeric_limits<double>::infinity();
    BradleyTerryResample out;
    out.strength.assign(std::size_t(players), undefined);
    out.within.assign(std::size_t(players), undefined);
    out.component.assign(std::size_t(players), -1);
    std::vector<int> who; // the players who played, in order
    bool everyone = true;
    for (int i = 0; i < players; ++i) {
        if (tally.played(i))
            who.push_back(i);
        else if (i < int(expected.size()) && expected[std::size_t(i)])
            everyone = false;
    }
    const int m = int(who.size());
    if (m == 0)
        return out;
    // The "beat" graph's reach and its strongly connected components.
    const auto beat = [&](int x, int y) { return tally.wins(who[std::size_t(x)], who[std::size_t(y)]) > 0; };
    std::vector<std::vector<char>> reach(static_cast<std::size_t>(m));
    for (int a = 0; a < m; ++a)
        reach[std::size_t(a)] = btReachable(a, m, beat);
    std::vector<int> local(std::size_t(m), -1);
    for (int a = 0; a < m; ++a) {
        if (local[std::size_t(a)] >= 0)
            continue;
        local[std::size_t(a)] = out.components;
        for (int b = a + 1; b < m; ++b)
            if (reach[std::size_t(a)][std::size_t(b)] && reach[std::size_t(b)][std::size_t(a)])
                local[std::size_t(b)] = out.components;
        ++out.components;
    }
    const int c = out.components;
    out.reaches.assign(std::size_t(c) * std::size_t(c), 0);
    for (int a = 0; a < m; ++a) {
        out.component[std::size_t(who[std::size_t(a)])] = local[std::size_t(a)];
        for (int b = 0; b < m; ++b)
            if (reach[std::size_t(a)][std::size_t(b)])
                out.reaches[std::size_t(local[std::size_t(a)] * c + local[std::size_t(b)])] = 1;
    }
    // Each component at its own fit (finite: it is strongly connected).
    for (int k = 0; k < c; ++k) {
        std::vector<int> members;
        for (int a = 0; a < m; ++a)
            if (local[std::size_t(a)] == k)
                members.push_back(who[std::size_t(a)]);
        if (members.size() == 1) {
            out.within[std::size_t(members.front())] = 0;
            continue;
        }
        PairwiseTally own(c == 1 ? 0 : players); // one component: the tally itself
        if (c > 1)
            for (int i : members)
                for (int j : members)
                    if (i != j)
                        own.add({i, j, tally.wins(i, j), 0});
        const BradleyTerryFit fit = fitBradleyTerry(c == 1 ? tally : own);
        for (int i : members)
            out.within[std::size_t(i)] = fit.strength[std::size_t(i)].value_or(undefined);
    }
    // Centred strengths need every player of the whole tally (the mean is theirs).
    if (!everyone)
        return out;
    if (c == 1) {
        out.strength = out.within;
        return out;
    }
    for (int a = 0; a < m; ++a) {
        bool above = false, below = false, neither = false;
        for (int b = 0; b < m; ++b) {
            const bool down = reach[std::size_t(a)][std::size_t(b)];
            const bool up = reach[std::size_t(b)][std::size_t(a)];
            above = above || (up && !down);
            below = below || (down && !up);
            neither = neither || (!up && !down);
        }
        const int i = who[std::size_t(a)];
        if (below && !above && !neither)
            out.strength[std::size_t(i)] = infinite;
        else if (above && !below && !neither)
            out.strength[std::size_t(i)] = -infinite;
    }
    return out;
}

BradleyTerryBootstrap bootstrapBradleyTerry(int players, const std::vector<std::vector<PairOutcome>> &units, int resamples, quint64 seed)
{
    BradleyTerryBootstrap out;
    out.resamples = std::max(0, resamples);
    if (units.empty() || players < 2)
        return out;
    // Each unit as offsets into the dense matrix, so a resample is a run of
    // additions (100,000 votes resampled 1,000 times stay well under a second).
    struct Entry
    {
        std::size_t ab;
        std::size_t ba;
        double aWins;
        double bWins;
    };
    // All units in one array (unit u is entries[begin[u]] to entries[begin[u + 1]]).
    std::vector<Entry> entries;
    std::vector<std::size_t> begin{0};
    begin.reserve(units.size() + 1);
    std::vector<double> whole(std::size_t(players) * std::size_t(players), 0.0);
    for (const auto &unit : units) {
        for (const PairOutcome &o : unit) {
            if (o.a == o.b || o.a < 0 || o.b < 0 || o.a >= players || o.b >= players)
                continue;
            const Entry e{std::size_t(o.a) * std::size_t(players) + std::size_t(o.b), std::size_t(o.b) * std::size_t(players) + std::size_t(o.a), o.aWins, o.bWins};
            whole[e.ab] += e.aWins;
            whole[e.ba] += e.bWins;
            entries.push_back(e);
        }
        begin.push_back(entries.size());
    }
    const PairwiseTally all(players, whole);
    std::vector<char> present(static_cast<std::size_t>(players));
    for (int i = 0; i < players; ++i)
        present[std::size_t(i)] = all.played(i);
    stats::Resampler draws(int(units.size()), seed);
    std::vector<double> wins;
    out.fits.reserve(std::size_t(out.resamples));
    for (int r = 0; r < out.resamples; ++r) {
        // How often each unit is drawn, then each drawn unit added that many
        // times: a third of the units are not drawn at all.
        const QList<int> &drawn = draws.next();
        wins.assign(whole.size(), 0.0);
        for (std::size_t u = 0; u < units.size(); ++u) {
            const double times = drawn[qsizetype(u)];
            if (times == 0)
                continue;
            for (std::size_t x = begin[u]; x < begin[u + 1]; ++x) {
                wins[entries[x].ab] += times * entries[x].aWins;
                wins[entries[x].ba] += times * entries[x].bWins;
            }
        }
        BradleyTerryResample fit = fitToTheLimit(PairwiseTally(players, wins), present);
        bool finite = true;
        for (int i = 0; i < players && finite; ++i)
            finite = !present[std::size_t(i)] || std::isfinite(fit.strength[std::size_t(i)]);
        out.finite += finite ? 1 : 0;
        out.fits.push_back(std::move(fit));
    }
    return out;
}

} // namespace rd
