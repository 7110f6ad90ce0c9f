#pragma once

// The Bradley–Terry model (Bradley & Terry 1952) fitted by maximum
// likelihood, as Chatbot Arena ranks models from pairwise votes (Chiang et
// al. 2024, §5): player i beats player j with probability
//   P(i > j) = σ(θ_i − θ_j) = 1 / (1 + e^(θ_j − θ_i)).
// A tie counts as half a win for each side (Chatbot Arena's own treatment;
// not Davidson's 1970 tie model, which adds a tie parameter): the likelihood
// is Π σ(θ_i − θ_j)^w_ij with w_ij the wins of i over j, halves included.
// Strengths are on the log scale, centred on their mean; the Elo scale is
// 1000 + 400 · θ / ln 10 (Chatbot Arena's scale 400, base 10, mean 1000).
// Plain values and pure functions; docs/arena.md states each definition.

#include <QtGlobal>

#include <optional>
#include <vector>

namespace rd {

// One pair's results: how often `a` beat `b` and `b` beat `a` (a tie adds
// half to each).
struct PairOutcome
{
    int a = 0;
    int b = 0;
    double aWins = 0;
    double bWins = 0;
};

// Every pair's results among `players()`, dense: wins(i, j) is how often i beat j.
class PairwiseTally
{
public:
    explicit PairwiseTally(int players = 0);
    // From the dense wins matrix (row-major, players × players).
    PairwiseTally(int players, std::vector<double> wins);
    int players() const { return m_players; }
    void add(const PairOutcome &outcome, double times = 1);
    void addWin(int winner, int loser) { add({winner, loser, 1, 0}); }
    void addTie(int a, int b) { add({a, b, 0.5, 0.5}); }
    double wins(int i, int j) const { return m_wins[std::size_t(i) * std::size_t(m_players) + std::size_t(j)]; }
    double games(int i, int j) const { return wins(i, j) + wins(j, i); }
    bool played(int i) const;

private:
    int m_players = 0;
    std::vector<double> m_wins;
};

struct BradleyTerryFit
{
    // Why the maximum-likelihood strengths are not all finite (Ford 1957:
    // they are exactly when the players cannot be split in two groups with
    // one never beating the other).
    enum class NotFinite {
        None,
        NoGames,      // nobody played
        Disconnected, // `group` met none of the other players
        Unbeaten,     // `group` never lost (nor tied) against the other players
    };
    NotFinite notFinite = NotFinite::NoGames;
    std::vector<int> group; // the players the reason is about
    // θ per player, centred on the mean over the players who played; empty
    // for one who never played, and for all when the fit is not finite.
    std::vector<std::optional<double>> strength;
    int iterations = 0;
    double logLikelihood = 0;

    bool finite() const { return notFinite == NotFinite::None; }
};

// Newton's method on the log-likelihood (concave), with step halving, from
// θ = 0 until no strength moves the gradient by more than 1e-10 per game.
BradleyTerryFit fitBradleyTerry(const PairwiseTally &tally);

// σ(θ_a − θ_b): the model's probability that a beats b.
double winProbability(double strengthA, double strengthB);
// 1000 + 400 · θ / ln 10.
double eloFromStrength(double strength);

// A bootstrap of the fit: `units` (the results of each merge request) drawn
// with replacement, as many as there are, `resamples` times, seeded; each
// resample fitted. A resample counts when its fit is finite and every player
// of the whole tally played in it.
struct BradleyTerryBootstrap
{
    int resamples = 0;
    std::vector<std::vector<double>> strengths; // one per counted resample, per player (centred as the fit)
};
BradleyTerryBootstrap bootstrapBradleyTerry(int players, const std::vector<std::vector<PairOutcome>> &units, int resamples, quint32 seed);

// The q-quantile (0..1) of `values` by linear interpolation between order
// statistics (Hyndman & Fan's type 7, numpy's default percentile); `values`
// must not be empty.
double quantile(std::vector<double> values, double q);

// A number below `n` from the generator, the same on every platform (the
// standard distributions are not): rejection of the biased top of 2^32.
template <typename Generator>
quint32 uniformBelow(Generator &random, quint32 n)
{
    const quint64 range = quint64(1) << 32;
    const quint64 limit = range - range % n;
    quint64 x = 0;
    do
        x = random();
    while (x >= limit);
    return quint32(x % n);
}

} // namespace rd
