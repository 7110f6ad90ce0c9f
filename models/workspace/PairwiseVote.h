#pragma once

// Whole reviews compared two at a time (issue 35, "Pairwise votes"): an
// annotator shown two runs' reviews of one merge request, labelled only "A"
// and "B", says which one they would rather receive, or that neither is
// better. Plain values and pure functions; VoteStore keeps them.

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

enum class PairWinner { A, B, Tie };
QString pairWinnerName(PairWinner winner);                       // "a", "b", "tie"
std::optional<PairWinner> pairWinnerFromName(const QString &name); // the same, exactly

struct PairwiseVote
{
    qint64 id = 0; // 0 until stored
    qint64 mergeRequest = 0;
    qint64 runA = 0; // the review shown first, labelled "A"
    qint64 runB = 0; // shown second, "B"
    PairWinner winner = PairWinner::Tie;
    QString annotator;
    // The seed of the draw that put runA first (the pairwise view draws the
    // order at random: PairDrawing.h); empty when the caller chose the order
    // (`reviewdesk-cli prefer` without "seed").
    std::optional<qint64> orderSeed;
    std::optional<qint64> timeSpentMs;
    QDateTime updated;

    // The run that won; empty for a tie.
    std::optional<qint64> winningRun() const;
    // The same two runs, in either order.
    bool samePair(qint64 run1, qint64 run2) const { return (runA == run1 && runB == run2) || (runA == run2 && runB == run1); }
};

// What storing a vote did: the vote's id, and the same annotator's earlier
// vote on the same runs in the same order, which it replaced.
struct StoredVote
{
    qint64 id = 0;
    std::optional<PairwiseVote> replaced;
};

// Blind mode (TeamAnnotation.h's blindModeFor) for votes: of `all` (any
// pairs), the ones `viewer` may see. Their own always; in blind mode another
// annotator's vote on two runs only once the viewer has voted on the same two
// runs (in either order). An empty viewer (an export, the arena) sees all.
QList<PairwiseVote> visibleVotes(const QList<PairwiseVote> &all, const QString &viewer, bool blind);

} // namespace rd
