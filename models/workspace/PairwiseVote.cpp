#include "PairwiseVote.h"

#include <algorithm>

namespace rd {

QString pairWinnerName(PairWinner winner)
{
    switch (winner) {
    case PairWinner::A: return QStringLiteral("a");
    case PairWinner::B: return QStringLiteral("b");
    case PairWinner::Tie: break;
    }
    return QStringLiteral("tie");
}

std::optional<PairWinner> pairWinnerFromName(const QString &name)
{
    if (name == QLatin1String("a"))
        return PairWinner::A;
    if (name == QLatin1String("b"))
        return PairWinner::B;
    if (name == QLatin1String("tie"))
        return PairWinner::Tie;
    return std::nullopt;
}

std::optional<qint64> PairwiseVote::winningRun() const
{
    switch (winner) {
    case PairWinner::A: return runA;
    case PairWinner::B: return runB;
    case PairWinner::Tie: break;
    }
    return std::nullopt;
}

QList<PairwiseVote> visibleVotes(const QList<PairwiseVote> &all, const QString &viewer, bool blind)
{
    if (!blind || viewer.isEmpty())
        return all;
    QList<PairwiseVote> out;
    for (const PairwiseVote &v : all) {
        if (v.annotator == viewer) {
            out.append(v);
            continue;
        }
        const bool votedToo = std::any_of(all.cbegin(), all.cend(), [&](const PairwiseVote &mine) { return mine.annotator == viewer && mine.samePair(v.runA, v.runB); });
        if (votedToo)
            out.append(v);
    }
    return out;
}

} // namespace rd
