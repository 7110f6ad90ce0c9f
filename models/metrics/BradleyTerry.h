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

// A tally's fit carried to its limit, for a bootstrap resample, where a fit
// that diverges is an outcome like any other. The maximum-likelihood
// strengths are finite exactly when the "beat" graph of the players who
// played (i -> j when i won at least half a vote against j; a tie goes both
// ways) is strongly connected (Ford 1957). When it is not, the likelihood's
// supremum is approached by pulling its strongly connected components apart
// without bound (θ_i − θ_j -> +∞ whenever i's component reaches j's and not
// back), each component at its own finite fit. So:
//   - a difference θ_i − θ_j is the component's own fit within a component,
//     +∞ or −∞ between components one of which reaches the other, and
//     undefined (NaN) between components neither reaches;
//   - a centred strength θ_i − mean θ is +∞ when every other player is
//     below i's component or in it, −∞ when every other is above or in it,
//     the fit itself when there is one component, and undefined otherwise
//     (infinities both ways, or a player neither above nor below);
//   - a player who did not play is undefined, and so is every centred
//     strength when a player of `expected` (those of the whole tally) did
//     not play: the mean is over all of them.
struct BradleyTerryResample
{
    std::vector<double> strength; // centred θ per player: finite, ±inf or NaN (undefined)
    std::vector<int> component;   // per player: its strongly connected component; -1 when it did not play
    std::vector<double> within;   // θ per player within its component, from the component's own votes
    std::vector<char> reaches;    // components × components, row-major: a's players beat b's, transitively
    int components = 0;

    // θ_i − θ_j: finite, ±inf or NaN, as above.
    double difference(int i, int j) const;
};
BradleyTerryResample fitToTheLimit(const PairwiseTally &tally, const std::vector<char> &expected);

// A bootstrap of the fit: `units` (the results of each merge request) drawn
// with replacement, as many as there are, `resamples` times, by the
// toolkit's resampler (Resampling.h: std::mt19937_64 seeded with `seed`);
// each resample fitted to the limit (fitToTheLimit, expecting every player
// of the whole tally). `finite` counts the resamples in which every such
// player has a finite strength.
struct BradleyTerryBootstrap
{
    int resamples = 0;
    int finite = 0;
    std::vector<BradleyTerryResample> fits; // one per resample
};
BradleyTerryBootstrap bootstrapBradleyTerry(int players, const std::vector<std::vector<PairOutcome>> &units, int resamples, quint64 seed);

} // namespace rd
