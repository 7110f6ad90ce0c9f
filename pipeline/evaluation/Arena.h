#pragma once

// The arena (issue 35): run configurations ranked by people's blind pairwise
// votes on whole reviews, with the Bradley–Terry model (BradleyTerry.h) and
// a bootstrap over merge requests; `reviewdesk-cli arena` prints it, and
// LLM judges of pairs (PairJudge.h) are ranked the same way beside people.
// docs/arena.md defines every figure.

#include <BradleyTerry.h>
#include <PairwiseVote.h>
#include <Resampling.h>
#include <Result.h>
#include <Workspace.h>

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

class WorkspaceStore;

// A run as the arena sees it: the run (without its record) and the
// configuration it belongs to (ArenaConfigurations.h).
struct ArenaRun
{
    StoredRun run;
    QString configuration;
};

// What the arena reads of a workspace.
struct ArenaData
{
    QList<MergeRequestEntry> mergeRequests;
    QHash<qint64, ArenaRun> runs; // every run of the workspace, by id
    QList<PairwiseVote> votes;    // by id

    const MergeRequestEntry *mergeRequest(qint64 id) const;
    // The runs of one merge request, by id.
    QList<qint64> runsOf(qint64 mergeRequest) const;
};
Result<ArenaData> loadArenaData(const WorkspaceStore &store);

// One comparison of two runs: a person's vote, or one answer of a judge.
struct ArenaComparison
{
    qint64 mergeRequest = 0;
    qint64 runA = 0; // shown first
    qint64 runB = 0;
    PairWinner winner = PairWinner::Tie;
};
QList<ArenaComparison> comparisonsOf(const QList<PairwiseVote> &votes);

struct ArenaSettings
{
    int bootstrap = stats::DefaultResamples; // resamples; 0: no intervals
    quint64 seed = stats::DefaultSeed;
    double level = stats::DefaultLevel;      // of the intervals
};

// A run configuration with its strength. `votes` counts the comparisons it
// took part in (those between two of its own runs are set aside), `wins`
// those it won outright; the fit counts a tie as half a win each.
struct ArenaReviewer
{
    QString label;
    QList<qint64> runs; // every run of the configuration in the workspace
    std::optional<double> strength; // θ, log scale, centred on the configurations' mean
    std::optional<double> low;      // the bootstrap interval of θ; empty: open on that side (resamples > 0) or none
    std::optional<double> high;
    int resamples = 0;              // resamples in which θ is defined (finite or infinite)
    int votes = 0;
    int wins = 0;
    int ties = 0;
    int losses = 0;
};

// P(a's review is preferred to b's) = σ(θ_a − θ_b), with the bootstrap
// interval of the same quantity (paired: one fit per resample).
struct ArenaWinProbability
{
    QString a;
    QString b;
    std::optional<double> p;
    std::optional<double> low;
    std::optional<double> high;
    int resamples = 0; // resamples in which the probability is defined
};

struct ArenaRanking
{
    ArenaSettings settings;
    QList<ArenaReviewer> reviewers; // strongest first; those without a strength last, by name
    QList<ArenaWinProbability> winProbability; // every pair of ranked configurations, the stronger as a
    int votes = 0;                 // comparisons fitted
    int mergeRequests = 0;         // that they came from (the bootstrap's unit)
    int sameConfiguration = 0;     // comparisons of two runs of one configuration, set aside
    bool finite = false;
    QString notFinite;             // why there are no strengths (English)
    int iterations = 0;
    double logLikelihood = 0;
    int countedResamples = 0;      // resamples with a finite strength for every configuration
    QString noInterval;            // why there are no intervals (English); empty when there are
};

// Fits `comparisons` of the runs in `runs`, grouped by configuration.
ArenaRanking rankConfigurations(const QList<ArenaComparison> &comparisons, const QHash<qint64, ArenaRun> &runs, const ArenaSettings &settings);

// The 1000 + 400 θ / ln 10 of a strength (BradleyTerry.h), for reports.
std::optional<double> eloOf(const std::optional<double> &strength);

} // namespace rd
