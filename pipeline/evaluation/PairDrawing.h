#pragma once

// Which two reviews an annotator compares next (issue 35, "Pairwise votes"):
// pairs are drawn so that every pair of run configurations gets votes, spread
// over merge requests, and the order the two are shown in is random and
// recorded. Pure: the pairwise view (PairwiseVoting) and the judge's sample
// (`arena --judge-config --sample`) draw with it.
//
// The rule, one draw: of the pairs of runs of one merge request whose
// configurations differ and that the annotator has not voted on (in either
// order) nor skipped, take those whose pair of configurations has the fewest
// votes in the workspace; of those, the ones whose merge request has the
// fewest votes on that pair of configurations; of those, the ones with the
// fewest votes on the two runs; then one at random (stats::indexBelow from
// std::mt19937_64 seeded with the draw's seed). The run with the lower id is
// shown first unless the first number of a Mersenne Twister (mt19937, seeded
// through std::seed_seq with the draw's seed) is odd: that seed is recorded
// with the vote.

#include "Arena.h"

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace rd {

struct DrawnPair
{
    qint64 mergeRequest = 0;
    qint64 runA = 0; // shown first
    qint64 runB = 0;
    qint64 orderSeed = 0;
};

struct PairDrawingOptions
{
    QString annotator;
    std::optional<int> cap;                 // at most this many votes by the annotator in the workspace
    std::optional<qint64> mergeRequest;     // only this merge request
    QSet<std::pair<qint64, qint64>> skipped; // run pairs (lower id first) not to draw again
};

// Why nothing is drawn.
enum class NoPairReason { None, CapReached, AllVoted, TooFewConfigurations };

struct PairDraw
{
    std::optional<DrawnPair> pair;
    NoPairReason none = NoPairReason::None;
    int candidates = 0; // pairs the annotator could still be shown
};

// One draw from `runs` (ArenaData::runs) given the `votes` so far; `seed`
// decides between equals and the order shown, and is the pair's orderSeed.
PairDraw drawPair(const QHash<qint64, ArenaRun> &runs, const QList<PairwiseVote> &votes, const PairDrawingOptions &options, qint64 seed);

// `count` pairs drawn one after another as if each had been voted on (by
// nobody in particular), balanced the same way: an LLM judge's sample.
QList<DrawnPair> drawPairs(const QHash<qint64, ArenaRun> &runs, const QList<PairwiseVote> &votes, int count, quint64 seed);

// Why nothing is drawn, in words.
QString noPairText(NoPairReason reason);

} // namespace rd
