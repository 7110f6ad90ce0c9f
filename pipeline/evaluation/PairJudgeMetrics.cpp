// The figures of a judge of pairs (PairJudge.h), each defined in docs/arena.md.

#include "PairJudge.h"

#include <Agreement.h>

#include <QHash>
#include <QMap>

#include <algorithm>
#include <numeric>

namespace rd {

PairJudgeMetrics pairJudgeMetrics(const QList<JudgedPair> &pairs, const QList<PairwiseVote> &people)
{
    PairJudgeMetrics m;
    m.pairs = int(pairs.size());
    double stability = 0;
    int consistent = 0;
    for (const JudgedPair &pair : pairs) {
        for (const bool swappedOrder : {false, true}) {
            const QList<PairJudgeAnswer> &answers = swappedOrder ? pair.swapped : pair.forward;
            QMap<int, int> counts; // by winner as shown
            for (const PairJudgeAnswer &answer : answers) {
                ++m.asks;
                if (!answer.answered)
                    ++m.failed;
                else if (!answer.winner)
                    ++m.unreadable;
                else
                    ++counts[int(*answer.winner)];
            }
            m.readable += std::accumulate(counts.cbegin(), counts.cend(), 0);
            // Shi et al.'s repetition stability: the most frequent answer's
            // share of every repetition (one without a winner included); an
            // order without a readable answer is left out, and one repetition
            // says nothing.
            if (answers.size() >= 2 && !counts.isEmpty()) {
                ++m.stabilityItems;
                stability += double(*std::max_element(counts.cbegin(), counts.cend())) / double(answers.size());
            }
        }
        // Position consistency and preference, repeat by repeat, the answers
        // as shown (original order, swapped order), as Shi et al.'s
        // consistency_preference_calculation.py pairs them: (A, B), (B, A)
        // and (tie, tie) name the same run; (A, A), (A, tie), (tie, A) prefer
        // the first position; (B, B), (B, tie), (tie, B) the second. A pair
        // with an answer without a winner counts among the pairs only.
        for (qsizetype k = 0; k < std::min(pair.forward.size(), pair.swapped.size()); ++k) {
            const PairJudgeAnswer &f = pair.forward[k];
            const PairJudgeAnswer &s = pair.swapped[k];
            if (f.answered && s.answered)
                ++m.preferencePairs;
            if (!f.winner || !s.winner)
                continue;
            ++m.consistencyItems;
            const auto first = [](PairWinner w) { return w == PairWinner::A ? 1 : w == PairWinner::B ? -1 : 0; }; // +1 first position, −1 second
            const int leaning = first(*f.winner) + first(*s.winner);
            if (leaning > 0)
                ++m.primacyPreferred;
            else if (leaning < 0)
                ++m.recencyPreferred;
            else
                ++consistent;
        }
    }
    if (m.consistencyItems > 0)
        m.positionConsistency = double(consistent) / m.consistencyItems;
    if (m.preferencePairs > 0) {
        // recency × recency share − primacy × primacy share (shares of the
        // two), over the pairs: −1 when every pair prefers the first position.
        const double p = m.primacyPreferred;
        const double r = m.recencyPreferred;
        const double raw = p + r > 0 ? r * (r / (p + r)) - p * (p / (p + r)) : 0.0;
        m.positionalPreferenceScore = raw / m.preferencePairs;
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
