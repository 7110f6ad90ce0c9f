// A board's pairs, their Holm adjustment and the tiers (docs/comparing.md,
// "Pairs" and "Tiers"). A pair is paired only over the merge requests both
// reviewers reviewed: resampling merge requests one of them never saw would
// compare a reviewer's easy merge requests with the other's hard ones.

#include "BoardFigures.h"

#include <QHash>

#include <cmath>

namespace rd::compare {

namespace {

// The merge requests (indices of the judge's) both reviewers have an entry on.
QList<int> commonMergeRequests(const ReviewerEvidence &a, const ReviewerEvidence &b)
{
    QList<int> common;
    for (int i = 0; i < a.reviews.size() && i < b.reviews.size(); ++i)
        if (a.reviews[i] && b.reviews[i])
            common << i;
    return common;
}

struct PendingPair
{
    qsizetype a = 0, b = 0;
    QList<int> common;
};

// A pair's ratio metrics (precision, recall, F-beta) in each resample of
// the merge requests both reviewed: the difference (NaN where either
// figure is undefined, as on the board) and its standard error.
struct RatioResamples
{
    std::array<QList<double>, RatioMetricCount> differences;
    std::array<QList<double>, RatioMetricCount> errors;
};

// Empty when cancelled. The draws are the board's for the same merge
// requests. Each resample sums both reviewers' terms over the common merge
// requests drawn, then their influence values (rd::stats::ratioDifference
// in one pass for the three metrics: this loop is most of compare's time).
std::optional<RatioResamples> ratioResamples(const JudgeEvidence &judge, const PendingPair &p, const QList<RatioTerms> &terms, const Settings &settings,
                                             const std::function<bool()> &cancelled)
{
    RatioResamples out;
    for (int m = 0; m < RatioMetricCount; ++m) {
        out.differences[m].reserve(settings.resamples);
        out.errors[m].reserve(settings.resamples);
    }
    MergeRequestResampler resampler(p.common, judge.mergeRequests.size(), settings.seed);
    const RatioTerms &ta = terms[p.a], &tb = terms[p.b];
    for (int r = 0; r < settings.resamples; ++r) {
        if (cancelled && r % 16 == 15 && cancelled())
            return std::nullopt;
        const QList<int> &counts = resampler.next();
        std::array<double, RatioMetricCount> ya{}, xa{}, yb{}, xb{}, squares{};
        for (int i : p.common) {
            const double c = counts[i];
            if (c == 0)
                continue;
            for (int m = 0; m < RatioMetricCount; ++m) {
                ya[m] += c * ta[m].numerators[i];
                xa[m] += c * ta[m].denominators[i];
                yb[m] += c * tb[m].numerators[i];
                xb[m] += c * tb[m].denominators[i];
            }
        }
        std::array<double, RatioMetricCount> ra{}, rb{};
        for (int m = 0; m < RatioMetricCount; ++m) {
            ra[m] = xa[m] > 0 ? ya[m] / xa[m] : std::nan("");
            rb[m] = xb[m] > 0 ? yb[m] / xb[m] : std::nan("");
        }
        for (int i : p.common) {
            const double c = counts[i];
            if (c == 0)
                continue;
            for (int m = 0; m < RatioMetricCount; ++m) {
                const double l = (ta[m].numerators[i] - ra[m] * ta[m].denominators[i]) / xa[m] - (tb[m].numerators[i] - rb[m] * tb[m].denominators[i]) / xb[m];
                squares[m] += c * l * l;
            }
        }
        // The figures as the board computes them (F-beta from P and R, upstream's digits).
        const double fa = fBetaOfFractions(ra[0], ra[1], settings.beta), fb = fBetaOfFractions(rb[0], rb[1], settings.beta);
        const std::array<double, RatioMetricCount> a{ra[0] * 100, ra[1] * 100, fa * 100}, b{rb[0] * 100, rb[1] * 100, fb * 100};
        for (int m = 0; m < RatioMetricCount; ++m) {
            const bool defined = !std::isnan(ra[m]) && !std::isnan(rb[m]);
            out.differences[m] << a[m] - b[m];
            out.errors[m] << (defined ? 100 * std::sqrt(squares[m]) : std::nan(""));
        }
    }
    return out;
}

// Each adjusted over the pairs of its metric that have a p-value (Holm 1979).
void adjustPerMetric(QList<PairDifference> &pairs)
{
    for (Metric metric : allMetrics) {
        QList<qsizetype> members;
        QList<std::optional<double>> p;
        for (qsizetype i = 0; i < pairs.size(); ++i)
            if (pairs[i].metric == metric) {
                members << i;
                p << pairs[i].p;
            }
        const QList<std::optional<double>> adjusted = stats::holmAdjusted(p);
        for (qsizetype k = 0; k < members.size(); ++k)
            pairs[members[k]].pAdjusted = adjusted[k];
    }
}

} // namespace

QList<PairDifference> pairsOf(const JudgeEvidence &judge, const QList<qsizetype> &order, const QList<Figures> &points, const QList<FigureSamples> &samples,
                              const Settings &settings, const std::function<bool()> &cancelled)
{
    const int all = int(judge.mergeRequests.size());
    QList<PendingPair> pending;
    // The merge requests of pairs not on all of the board's, and the
    // reviewers each set is resampled for: one resampling per set.
    QHash<QList<int>, QList<qsizetype>> ownSets;
    for (qsizetype i = 0; i < order.size(); ++i)
        for (qsizetype j = i + 1; j < order.size(); ++j) {
            PendingPair p{order[i], order[j], commonMergeRequests(judge.reviewers[order[i]], judge.reviewers[order[j]])};
            if (p.common.size() < all && p.common.size() >= MinimumPairMergeRequests) {
                QList<qsizetype> &reviewers = ownSets[p.common];
                for (qsizetype r : {p.a, p.b})
                    if (!reviewers.contains(r))
                        reviewers << r;
            }
            pending << p;
        }
    QHash<QList<int>, QHash<qsizetype, FigureSamples>> ownSamples;
    for (auto it = ownSets.cbegin(); it != ownSets.cend(); ++it) {
        int done = 0;
        const QList<FigureSamples> resampled = resampledFigures(judge, it.key(), it.value(), settings, [&](const QList<int> &) {
            return !(cancelled && ++done % 16 == 0 && cancelled());
        });
        if (resampled.isEmpty())
            return {};
        for (qsizetype k = 0; k < it.value().size(); ++k)
            ownSamples[it.key()].insert(it.value()[k], resampled[k]);
    }

    QList<RatioTerms> terms;
    for (const ReviewerEvidence &reviewer : judge.reviewers)
        terms << ratioTermsOf(reviewer, settings.beta);

    QList<PairDifference> pairs;
    QList<eval::MrOutcome> scratch;
    for (const PendingPair &p : std::as_const(pending)) {
        const std::optional<RatioResamples> ratios = p.common.size() >= MinimumPairMergeRequests
            ? ratioResamples(judge, p, terms, settings, cancelled)
            : std::optional<RatioResamples>(RatioResamples{});
        if (!ratios)
            return {}; // cancelled
        const bool onAll = p.common.size() == all;
        // The point values on the common merge requests (the board's where both reviewed all).
        // The common merge requests, each once.
        QList<int> once(all, 0);
        for (int i : p.common)
            once[i] = 1;
        Figures pointA = points[p.a], pointB = points[p.b];
        if (!onAll) {
            pointA = figuresOf(judge.reviewers[p.a], &once, settings.beta, scratch);
            pointB = figuresOf(judge.reviewers[p.b], &once, settings.beta, scratch);
        }
        const bool tooFew = p.common.size() < MinimumPairMergeRequests;
        for (int m = 0; m < MetricCount; ++m) {
            if (std::isnan(points[p.a][m]) || std::isnan(points[p.b][m]))
                continue; // a figure one of them does not have on the board
            PairDifference pair;
            pair.a = judge.reviewers[p.a].name;
            pair.b = judge.reviewers[p.b].name;
            pair.metric = allMetrics[m];
            pair.mergeRequests = int(p.common.size());
            if (tooFew) {
                // Listed, so that the reader sees why there is no figure; the
                // difference of so few merge requests is not reported.
                pair.difference = std::isnan(pointA[m]) || std::isnan(pointB[m]) ? 0 : pointA[m] - pointB[m];
                pairs << pair;
                continue;
            }
            if (std::isnan(pointA[m]) || std::isnan(pointB[m]))
                continue; // undefined on the merge requests both reviewed
            stats::PairedDifference d;
            if (m < RatioMetricCount) {
                const double se = stats::ratioDifference(terms[p.a][m], terms[p.b][m], &once, 100).error;
                d = stats::studentizedDifference(pointA[m] - pointB[m], se, ratios->differences[m], ratios->errors[m], settings.level, -100, 100);
            } else {
                const FigureSamples &sa = onAll ? samples[p.a] : ownSamples[p.common][p.a];
                const FigureSamples &sb = onAll ? samples[p.b] : ownSamples[p.common][p.b];
                d = stats::pairedDifference(pointA[m], pointB[m], sa.values[m], sb.values[m], settings.level);
            }
            pair.difference = *d.difference;
            pair.low = d.low;
            pair.high = d.high;
            pair.p = d.p;
            pair.resamples = d.resamples;
            pairs << pair;
        }
    }
    adjustPerMetric(pairs);
    return pairs;
}

void setTiers(JudgeBoard &board, double level)
{
    QList<qsizetype> ranked; // the reviewers with an F-beta, in leaderboard order
    for (qsizetype r = 0; r < board.reviewers.size(); ++r)
        if (board.reviewers[r].fBeta.value)
            ranked << r;
    QHash<QPair<QString, QString>, const PairDifference *> fBetaPairs;
    for (const PairDifference &p : std::as_const(board.pairs))
        if (p.metric == Metric::FBeta)
            fBetaPairs.insert({p.a, p.b}, &p);
    const double alpha = 1 - level;
    const auto separated = [&](int i, int j) {
        const QString &x = board.reviewers[ranked[i]].reviewer, &y = board.reviewers[ranked[j]].reviewer;
        const PairDifference *p = fBetaPairs.value({x, y}, fBetaPairs.value({y, x}));
        // Too few merge requests in common, or no p-value: nothing separates them.
        return p && !p->tooFew() && p->pAdjusted && *p->pAdjusted <= alpha;
    };
    const QStringList letters = stats::compactLetters(int(ranked.size()), separated);
    for (qsizetype k = 0; k < ranked.size(); ++k)
        board.reviewers[ranked[k]].tier = letters[k];
}

} // namespace rd::compare
