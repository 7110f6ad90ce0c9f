#include "Arena.h"

#include "ArenaConfigurations.h"

#include <Resampling.h>
#include <WorkspaceStore.h>

#include <QMap>

#include <algorithm>
#include <cmath>
#include <tuple>
#include <vector>

namespace rd {

const MergeRequestEntry *ArenaData::mergeRequest(qint64 id) const
{
    for (const MergeRequestEntry &mr : mergeRequests)
        if (mr.id == id)
            return &mr;
    return nullptr;
}

QList<qint64> ArenaData::runsOf(qint64 mergeRequest) const
{
    QList<qint64> out;
    for (auto it = runs.cbegin(); it != runs.cend(); ++it)
        if (it->run.mergeRequest == mergeRequest)
            out << it.key();
    std::sort(out.begin(), out.end());
    return out;
}

Result<ArenaData> loadArenaData(const WorkspaceStore &store)
{
    ArenaData data;
    auto mrs = store.mergeRequests();
    if (!mrs)
        return mrs.error();
    data.mergeRequests = *mrs;
    QList<StoredRun> runs;
    for (const MergeRequestEntry &mr : std::as_const(data.mergeRequests)) {
        auto of = store.runs(mr.id);
        if (!of)
            return of.error();
        runs += *of;
    }
    auto configurations = arenaConfigurations(store, runs);
    if (!configurations)
        return configurations.error();
    for (const StoredRun &run : std::as_const(runs))
        data.runs.insert(run.id, ArenaRun{run, configurations->value(run.id)});
    auto votes = store.votes();
    if (!votes)
        return votes.error();
    data.votes = *votes;
    return data;
}

QList<ArenaComparison> comparisonsOf(const QList<PairwiseVote> &votes)
{
    QList<ArenaComparison> out;
    out.reserve(votes.size());
    for (const PairwiseVote &v : votes)
        out << ArenaComparison{v.mergeRequest, v.runA, v.runB, v.winner};
    return out;
}

std::optional<double> eloOf(const std::optional<double> &strength)
{
    return strength ? std::optional<double>(eloFromStrength(*strength)) : std::nullopt;
}

namespace {

QString arenaListedNames(const std::vector<int> &group, const QStringList &labels)
{
    QStringList names;
    for (int i : group)
        names << labels[i];
    return names.join(QStringLiteral(", "));
}

} // namespace

ArenaRanking rankConfigurations(const QList<ArenaComparison> &comparisons, const QHash<qint64, ArenaRun> &runs, const ArenaSettings &settings)
{
    ArenaRanking out;
    out.settings = settings;
    // Every configuration with a run, in name order (stable indices), and
    // each run's configuration as an index, once: the comparisons are many.
    QHash<QString, QList<qint64>> runsOf;
    for (auto it = runs.cbegin(); it != runs.cend(); ++it)
        runsOf[it->configuration] << it.key();
    QStringList labels = runsOf.keys();
    labels.sort();
    const int players = int(labels.size());
    QList<ArenaReviewer> reviewers(players);
    QHash<qint64, int> playerOf;
    playerOf.reserve(runs.size());
    for (int i = 0; i < players; ++i) {
        reviewers[i].label = labels[i];
        reviewers[i].runs = runsOf.value(labels[i]);
        std::sort(reviewers[i].runs.begin(), reviewers[i].runs.end());
        for (qint64 run : std::as_const(reviewers[i].runs))
            playerOf.insert(run, i);
    }
    // One unit of the bootstrap per merge request: its comparisons summed per
    // pair of configurations (sorted, then merged).
    struct Counted
    {
        qint64 mergeRequest;
        PairOutcome outcome; // a < b
    };
    std::vector<Counted> counted;
    counted.reserve(std::size_t(comparisons.size()));
    PairwiseTally tally(players);
    for (const ArenaComparison &c : comparisons) {
        const auto a = playerOf.constFind(c.runA);
        const auto b = playerOf.constFind(c.runB);
        if (a == playerOf.cend() || b == playerOf.cend())
            continue; // runs are never deleted; a comparison of runs from elsewhere (a judge's) is not this workspace's
        const int i = *a;
        const int j = *b;
        if (i == j) {
            ++out.sameConfiguration;
            continue;
        }
        ++out.votes;
        ArenaReviewer &ri = reviewers[i];
        ArenaReviewer &rj = reviewers[j];
        ++ri.votes;
        ++rj.votes;
        const double iWins = c.winner == PairWinner::A ? 1.0 : c.winner == PairWinner::B ? 0.0 : 0.5; // i's run was shown first
        switch (c.winner) {
        case PairWinner::A:
            ++ri.wins;
            ++rj.losses;
            break;
        case PairWinner::B:
            ++rj.wins;
            ++ri.losses;
            break;
        case PairWinner::Tie:
            ++ri.ties;
            ++rj.ties;
            break;
        }
        const PairOutcome o = i < j ? PairOutcome{i, j, iWins, 1.0 - iWins} : PairOutcome{j, i, 1.0 - iWins, iWins};
        tally.add(o);
        counted.push_back({c.mergeRequest, o});
    }
    std::sort(counted.begin(), counted.end(), [](const Counted &x, const Counted &y) {
        return std::tie(x.mergeRequest, x.outcome.a, x.outcome.b) < std::tie(y.mergeRequest, y.outcome.a, y.outcome.b);
    });
    std::vector<std::vector<PairOutcome>> units;
    for (std::size_t k = 0; k < counted.size(); ++k) {
        if (k == 0 || counted[k].mergeRequest != counted[k - 1].mergeRequest)
            units.emplace_back();
        std::vector<PairOutcome> &unit = units.back();
        const PairOutcome &o = counted[k].outcome;
        if (!unit.empty() && unit.back().a == o.a && unit.back().b == o.b) {
            unit.back().aWins += o.aWins;
            unit.back().bWins += o.bWins;
        } else {
            unit.push_back(o);
        }
    }
    out.mergeRequests = int(units.size());

    const BradleyTerryFit fit = fitBradleyTerry(tally);
    out.finite = fit.finite();
    out.iterations = fit.iterations;
    out.logLikelihood = fit.logLikelihood;
    switch (fit.notFinite) {
    case BradleyTerryFit::NotFinite::None: break;
    case BradleyTerryFit::NotFinite::NoGames:
        out.notFinite = out.votes == 0 ? QStringLiteral("no vote compares two configurations") : QStringLiteral("fewer than two configurations have votes");
        break;
    case BradleyTerryFit::NotFinite::Disconnected:
        out.notFinite = QStringLiteral("no vote compares %1 with the other configurations: their strengths are on no common scale").arg(arenaListedNames(fit.group, labels));
        break;
    case BradleyTerryFit::NotFinite::Unbeaten:
        out.notFinite = QStringLiteral("%1 never lost or tied a vote against the other configurations: the maximum-likelihood strengths are infinite "
                                       "(more votes, or a tie, make them finite)")
                            .arg(arenaListedNames(fit.group, labels));
        break;
    }
    for (int i = 0; i < players; ++i)
        reviewers[i].strength = fit.strength[std::size_t(i)];

    // The bootstrap: merge requests drawn with replacement, each fit paired
    // across the configurations (and their win probabilities). A resample
    // whose fit diverges (a configuration that won every vote in it) puts
    // the strengths it sends to infinity at ±inf, where they open the
    // interval on their side once more than its tail are; strengths the
    // resample leaves undefined (a configuration without a vote in it) are
    // left out and counted (BradleyTerry.h, fitToTheLimit).
    BradleyTerryBootstrap boot;
    if (out.finite && settings.bootstrap > 0) {
        boot = bootstrapBradleyTerry(players, units, settings.bootstrap, settings.seed);
        out.countedResamples = boot.finite;
    } else if (settings.bootstrap <= 0) {
        out.noInterval = QStringLiteral("no bootstrap was asked for");
    } else {
        out.noInterval = QStringLiteral("the strengths themselves are not finite");
    }
    const auto interval = [&](std::optional<double> value, const auto &resampled) {
        QList<double> values;
        values.reserve(qsizetype(boot.fits.size()));
        for (const BradleyTerryResample &fit : boot.fits)
            values << resampled(fit);
        return stats::estimate(value, values, settings.level);
    };
    for (int i = 0; i < players; ++i)
        if (reviewers[i].strength && !boot.fits.empty()) {
            const stats::Estimate e = interval(reviewers[i].strength, [i](const BradleyTerryResample &fit) { return fit.strength[std::size_t(i)]; });
            reviewers[i].low = e.low;
            reviewers[i].high = e.high;
            reviewers[i].resamples = e.resamples;
        }

    // Strongest first; a configuration without a strength after, by name.
    QList<int> order;
    for (int i = 0; i < players; ++i)
        order << i;
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        const auto &sx = reviewers[x].strength;
        const auto &sy = reviewers[y].strength;
        if (sx && sy)
            return *sx > *sy;
        return sx.has_value() && !sy.has_value();
    });
    for (int i : std::as_const(order))
        out.reviewers << reviewers[i];
    for (qsizetype x = 0; x < order.size(); ++x)
        for (qsizetype y = x + 1; y < order.size(); ++y) {
            const int i = order[x];
            const int j = order[y];
            if (!reviewers[i].strength || !reviewers[j].strength)
                continue;
            ArenaWinProbability w;
            w.a = labels[i];
            w.b = labels[j];
            w.p = winProbability(*reviewers[i].strength, *reviewers[j].strength);
            if (!boot.fits.empty()) {
                // A diverging difference is a probability of 1 or 0: a bound, never open.
                const stats::Estimate e = interval(w.p, [i, j](const BradleyTerryResample &fit) { return winProbability(fit.difference(i, j), 0); });
                w.low = e.low;
                w.high = e.high;
                w.resamples = e.resamples;
            }
            out.winProbability << w;
        }
    return out;
}

} // namespace rd
