// The figures of a judge of pairs (PairJudge.h), each defined in docs/arena.md.

#include "PairJudge.h"

#include <Agreement.h>

#include <QHash>
#include <QMap>

#include <algorithm>

namespace rd {

PairJudgeMetrics pairJudgeMetrics(const QList<JudgedPair> &pairs, const QList<PairwiseVote> &people)
{
    PairJudgeMetrics m;
    m.pairs = int(pairs.size());
    int a = 0, b = 0, tie = 0;
    double stability = 0;
    int consistent = 0;
    for (const JudgedPair &pair : pairs) {
        for (const bool swappedOrder : {false, true}) {
            const QList<PairJudgeAnswer> &answers = swappedOrder ? pair.swapped : pair.forward;
            QMap<int, int> counts; // by winner as shown
            int readable = 0;
            for (const PairJudgeAnswer &answer : answers) {
                ++m.asks;
                if (!answer.answered) {
                    ++m.failed;
                    continue;
                }
                if (!answer.winner) {
                    ++m.unreadable;
                    continue;
                }
                ++m.readable;
                ++readable;
                ++counts[int(*answer.winner)];
                switch (*answer.winner) {
                case PairWinner::A: ++a; break;
                case PairWinner::B: ++b; break;
                case PairWinner::Tie: ++tie; break;
                }
            }
            if (readable >= 2) {
                ++m.stabilityItems;
                stability += double(*std::max_element(counts.cbegin(), counts.cend())) / readable;
            }
        }
        // Position consistency, repeat by repeat: the same run (or a tie)
        // chosen with the order swapped.
        for (qsizetype k = 0; k < std::min(pair.forward.size(), pair.swapped.size()); ++k) {
            const PairJudgeAnswer &f = pair.forward[k];
            const PairJudgeAnswer &s = pair.swapped[k];
            if (!f.winner || !s.winner)
                continue;
            ++m.consistencyItems;
            if (pair.winningRun(f, false) == pair.winningRun(s, true)) {
                ++consistent;
            } else if (*f.winner == PairWinner::A && *s.winner == PairWinner::A) {
                ++m.primacyPreferred;
            } else if (*f.winner == PairWinner::B && *s.winner == PairWinner::B) {
                ++m.recencyPreferred;
            }
        }
    }
    if (m.consistencyItems > 0)
        m.positionConsistency = double(consistent) / m.consistencyItems;
    if (m.readable > 0) {
        m.shareA = double(a) / m.readable;
        m.shareB = double(b) / m.readable;
        m.shareTie = double(tie) / m.readable;
    }
    if (m.stabilityItems > 0)
        m.repetitionStability = stability / m.stabilityItems;

    // Against people: each vote on an asked pair, in the vote's own order.
    QHash<std::pair<qint64, qint64>, const JudgedPair *> asked;
    for (const JudgedPair &pair : pairs)
        asked.insert({std::min(pair.first, pair.second), std::max(pair.first, pair.second)}, &pair);
    const auto position = [](const PairwiseVote &v, const std::optional<qint64> &run) { return !run ? 2 : *run == v.runA ? 0 : 1; }; // A, B, tie
    QList<QList<int>> confusion(3, QList<int>(3, 0)); // [people][judge]
    int right = 0;
    for (const PairwiseVote &v : people) {
        const JudgedPair *pair = asked.value({std::min(v.runA, v.runB), std::max(v.runA, v.runB)});
        if (!pair)
            continue;
        const auto verdict = pair->verdict();
        if (!verdict)
            continue;
        ++m.agreementItems;
        const int human = position(v, v.winningRun());
        const int judge = position(v, *verdict);
        ++confusion[human][judge];
        if (human == judge)
            ++right;
    }
    if (m.agreementItems > 0) {
        m.accuracy = double(right) / m.agreementItems;
        const LabelAgreement k = kappaFromConfusion(TeamLabel::Verdict, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("tie")}, confusion);
        m.kappa = k.kappa;
        if (!m.kappa)
            m.kappaUndefined = QStringLiteral("the judge and people gave every vote the same answer (%1): chance agreement is 1").arg(k.usedValues.join(QStringLiteral(", ")));
    } else {
        m.kappaUndefined = people.isEmpty() ? QStringLiteral("nobody has voted on a pair") : QStringLiteral("no pair people voted on has a readable answer of the judge");
    }
    return m;
}

QList<ArenaComparison> judgeComparisons(const QList<JudgedPair> &pairs)
{
    QList<ArenaComparison> out;
    for (const JudgedPair &pair : pairs)
        for (const bool swappedOrder : {false, true})
            for (const PairJudgeAnswer &a : swappedOrder ? pair.swapped : pair.forward)
                if (a.winner)
                    out << ArenaComparison{pair.mergeRequest, swappedOrder ? pair.second : pair.first, swappedOrder ? pair.first : pair.second, *a.winner};
    return out;
}

} // namespace rd
