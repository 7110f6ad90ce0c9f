#include "PairDrawing.h"

#include <QCoreApplication>
#include <QMap>

#include <Resampling.h>

#include <algorithm>
#include <random>
#include <tuple>

namespace rd {

namespace {

// The generator of the order shown, from a 64-bit seed, the same on every
// platform (seed_seq's mixing is specified by the standard). It stays the
// Mersenne Twister of issue 35: every stored vote's order is checked against
// its seed by this rule.
std::mt19937 orderGenerator(qint64 seed)
{
    const auto bits = quint64(seed);
    std::seed_seq sequence{quint32(bits & 0xffffffffu), quint32(bits >> 32)};
    return std::mt19937(sequence);
}

std::pair<QString, QString> configurationPair(const QString &x, const QString &y)
{
    return x < y ? std::pair{x, y} : std::pair{y, x};
}

std::pair<qint64, qint64> runPair(qint64 x, qint64 y)
{
    return {std::min(x, y), std::max(x, y)};
}

} // namespace

QString noPairText(NoPairReason reason)
{
    switch (reason) {
    case NoPairReason::None: break;
    case NoPairReason::CapReached: return QCoreApplication::translate("rd::pipeline", "you have cast as many votes as the cap allows");
    case NoPairReason::AllVoted: return QCoreApplication::translate("rd::pipeline", "you have voted on (or skipped) every pair of reviews");
    case NoPairReason::TooFewConfigurations:
        return QCoreApplication::translate("rd::pipeline", "no merge request has runs of two different configurations to compare");
    }
    return {};
}

PairDraw drawPair(const QHash<qint64, ArenaRun> &runs, const QList<PairwiseVote> &votes, const PairDrawingOptions &options, qint64 seed)
{
    PairDraw out;
    // What the votes so far cover: per pair of configurations, per merge
    // request and pair of configurations, per pair of runs; and the pairs
    // the annotator has voted on.
    QMap<std::pair<QString, QString>, int> perConfigurations;
    QMap<std::tuple<qint64, QString, QString>, int> perMergeRequest;
    QHash<std::pair<qint64, qint64>, int> perRuns;
    QSet<std::pair<qint64, qint64>> mine;
    int myVotes = 0;
    for (const PairwiseVote &v : votes) {
        const auto a = runs.constFind(v.runA);
        const auto b = runs.constFind(v.runB);
        if (a == runs.cend() || b == runs.cend())
            continue;
        const auto configurations = configurationPair(a->configuration, b->configuration);
        ++perConfigurations[configurations];
        ++perMergeRequest[{v.mergeRequest, configurations.first, configurations.second}];
        ++perRuns[runPair(v.runA, v.runB)];
        if (!options.annotator.isEmpty() && v.annotator == options.annotator) {
            mine.insert(runPair(v.runA, v.runB));
            ++myVotes;
        }
    }

    // Every pair of runs of one merge request with two configurations.
    QMap<qint64, QList<qint64>> byMergeRequest;
    for (auto it = runs.cbegin(); it != runs.cend(); ++it)
        if (!options.mergeRequest || it->run.mergeRequest == *options.mergeRequest)
            byMergeRequest[it->run.mergeRequest] << it.key();
    struct Candidate
    {
        qint64 mergeRequest;
        std::pair<qint64, qint64> runs;
        std::tuple<int, int, int> votes; // configurations, merge request's, runs'
    };
    QList<Candidate> candidates;
    bool anyPair = false;
    for (auto it = byMergeRequest.begin(); it != byMergeRequest.end(); ++it) {
        QList<qint64> &ids = *it;
        std::sort(ids.begin(), ids.end());
        for (qsizetype x = 0; x < ids.size(); ++x)
            for (qsizetype y = x + 1; y < ids.size(); ++y) {
                const ArenaRun &rx = runs[ids[x]];
                const ArenaRun &ry = runs[ids[y]];
                if (rx.configuration == ry.configuration)
                    continue;
                anyPair = true;
                const auto pair = runPair(ids[x], ids[y]);
                if (mine.contains(pair) || options.skipped.contains(pair))
                    continue;
                const auto configurations = configurationPair(rx.configuration, ry.configuration);
                candidates << Candidate{it.key(), pair,
                                        {perConfigurations.value(configurations), perMergeRequest.value({it.key(), configurations.first, configurations.second}),
                                         perRuns.value(pair)}};
            }
    }
    out.candidates = int(candidates.size());
    if (!anyPair) {
        out.none = NoPairReason::TooFewConfigurations;
        return out;
    }
    if (options.cap && myVotes >= *options.cap) {
        out.none = NoPairReason::CapReached;
        return out;
    }
    if (candidates.isEmpty()) {
        out.none = NoPairReason::AllVoted;
        return out;
    }
    const auto fewest = std::min_element(candidates.cbegin(), candidates.cend(), [](const Candidate &x, const Candidate &y) { return x.votes < y.votes; })->votes;
    QList<Candidate> least;
    for (const Candidate &c : std::as_const(candidates))
        if (c.votes == fewest)
            least << c;
    // One of the equals, by the toolkit's one unbiased draw.
    std::mt19937_64 choose{static_cast<quint64>(seed)};
    const Candidate &chosen = least[qsizetype(stats::indexBelow(choose, quint64(least.size())))];
    std::mt19937 order = orderGenerator(seed);
    const bool swap = order() % 2 == 1;
    out.pair = DrawnPair{chosen.mergeRequest, swap ? chosen.runs.second : chosen.runs.first, swap ? chosen.runs.first : chosen.runs.second, seed};
    return out;
}

QList<DrawnPair> drawPairs(const QHash<qint64, ArenaRun> &runs, const QList<PairwiseVote> &votes, int count, quint64 seed)
{
    QList<DrawnPair> out;
    QList<PairwiseVote> drawn = votes;
    PairDrawingOptions options;
    options.annotator = QStringLiteral("\x01sample"); // a name no person has: drawn pairs are not drawn again
    for (int k = 0; k < count; ++k) {
        // Modulo 2^64 (unsigned: no overflow), then as the signed seed a vote stores.
        const PairDraw draw = drawPair(runs, drawn, options, qint64(seed * 1000003u + quint64(k)));
        if (!draw.pair)
            break;
        out << *draw.pair;
        PairwiseVote as;
        as.mergeRequest = draw.pair->mergeRequest;
        as.runA = draw.pair->runA;
        as.runB = draw.pair->runB;
        as.annotator = options.annotator;
        drawn << as;
    }
    return out;
}

} // namespace rd
