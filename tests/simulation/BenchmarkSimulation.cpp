// Benchmarks with known truth (BenchmarkSimulation.h): the draws, the
// models and their truths, summed exactly over the population's kinds.

#include "BenchmarkSimulation.h"

#include <Resampling.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace rd::simulation {

quint64 streamSeed(quint64 seed, quint64 stream)
{
    quint64 z = seed + (stream + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

Draws::Draws(quint64 seed)
    : m_generator(seed)
{
}

double Draws::uniform()
{
    return double(m_generator() >> 11) * 0x1.0p-53;
}

bool Draws::bernoulli(double p)
{
    return uniform() < p;
}

int Draws::poisson(double mean)
{
    const double u = uniform();
    int k = 0;
    double p = std::exp(-mean);
    double cumulative = p;
    // p reaches 0 only far in the tail, where rounding left the cumulative
    // sum a hair below 1: the draw stops there.
    while (u >= cumulative && p > 0) {
        ++k;
        p *= mean / k;
        cumulative += p;
    }
    return k;
}

int Draws::categorical(const QList<double> &weights)
{
    const double total = std::accumulate(weights.cbegin(), weights.cend(), 0.0);
    const double u = uniform() * total;
    double cumulative = 0;
    int last = 0;
    for (int i = 0; i < weights.size(); ++i) {
        if (weights[i] <= 0)
            continue;
        cumulative += weights[i];
        last = i;
        if (u < cumulative)
            return i;
    }
    return last;
}

quint64 Draws::below(quint64 n)
{
    return stats::indexBelow(m_generator, n);
}

double findProbability(const SimulatedReviewer &reviewer, const MergeRequestKind &kind)
{
    return reviewer.detection * (1 - kind.difficulty);
}

ReviewerTruth reviewerTruth(const QList<MergeRequestKind> &kinds, const SimulatedReviewer &reviewer)
{
    // Per unit of weight: E[tp] = Σ w n q, E[tp + fn] = Σ w n, E[fp] = Σ w λ n.
    double tp = 0, references = 0, fp = 0;
    for (const MergeRequestKind &k : kinds) {
        tp += k.weight * k.references * findProbability(reviewer, k);
        references += k.weight * k.references;
        fp += k.weight * reviewer.falseAlarmsPerReference * k.references;
    }
    ReviewerTruth t;
    const double precision = tp + fp > 0 ? tp / (tp + fp) : 0;
    const double recall = references > 0 ? tp / references : 0;
    t.precision = 100 * precision;
    t.recall = 100 * recall;
    t.f1 = precision + recall > 0 ? 100 * 2 * precision * recall / (precision + recall) : 0;
    return t;
}

QList<int> drawKinds(const QList<MergeRequestKind> &kinds, int mergeRequests, Draws &draws)
{
    QList<double> weights;
    for (const MergeRequestKind &k : kinds)
        weights << k.weight;
    QList<int> kindOf;
    kindOf.reserve(mergeRequests);
    for (int i = 0; i < mergeRequests; ++i)
        kindOf << draws.categorical(weights);
    return kindOf;
}

ReviewerOutcomes simulateReviews(const QList<MergeRequestKind> &kinds, const QList<int> &kindOf, const QList<SimulatedReviewer> &reviewers,
                                 Draws &draws)
{
    ReviewerOutcomes out;
    out.reserve(kindOf.size());
    for (int kindIndex : kindOf) {
        const MergeRequestKind &kind = kinds[kindIndex];
        QList<ReviewerOutcome> perReviewer;
        for (const SimulatedReviewer &reviewer : reviewers) {
            ReviewerOutcome o;
            // Drawn only when a reviewer may skip, so that designs without skips keep their draws.
            if (reviewer.reviewedShare < 1)
                o.reviewed = draws.bernoulli(reviewer.reviewedShare);
            const double q = findProbability(reviewer, kind);
            for (int r = 0; r < kind.references; ++r)
                o.found << draws.bernoulli(q);
            o.falsePositives = draws.poisson(reviewer.falseAlarmsPerReference * kind.references);
            perReviewer << o;
        }
        out << perReviewer;
    }
    return out;
}

compare::JudgeEvidence judgeEvidenceOf(const QString &judge, const QList<SimulatedReviewer> &reviewers, const ReviewerOutcomes &outcomes)
{
    compare::JudgeEvidence j;
    j.name = judge;
    j.kind = compare::JudgeKind::Imported;
    for (const SimulatedReviewer &r : reviewers) {
        compare::ReviewerEvidence e;
        e.name = r.name;
        e.kind = compare::ReviewerKind::Tool;
        j.reviewers << e;
    }
    qint64 nextReference = 1;
    for (int i = 0; i < outcomes.size(); ++i) {
        j.mergeRequests << i + 1;
        const qint64 firstReference = nextReference;
        const qsizetype references = outcomes[i].isEmpty() ? 0 : outcomes[i].first().found.size();
        QList<qint64> ids;
        for (qsizetype r = 0; r < references; ++r)
            ids << nextReference++;
        j.references << ids;
        for (int v = 0; v < reviewers.size(); ++v) {
            const ReviewerOutcome &o = outcomes[i][v];
            if (!o.reviewed) {
                j.reviewers[v].reviews << std::nullopt;
                continue;
            }
            compare::ReviewOnMergeRequest review;
            for (qsizetype r = 0; r < o.found.size(); ++r)
                if (o.found[r])
                    review.found << firstReference + r;
            review.tp = int(review.found.size());
            review.fn = int(o.found.size()) - review.tp;
            review.fp = o.falsePositives;
            j.reviewers[v].reviews << review;
        }
    }
    return j;
}

QList<double> centredStrengths(const QList<double> &strengths)
{
    const double mean = strengths.isEmpty() ? 0 : std::accumulate(strengths.cbegin(), strengths.cend(), 0.0) / double(strengths.size());
    QList<double> out;
    for (double s : strengths)
        out << s - mean;
    return out;
}

QString configurationName(int player)
{
    return QStringLiteral("c%1").arg(player, 3, 10, QLatin1Char('0'));
}

SimulatedArena simulateArena(const ArenaDesign &design, int mergeRequests, Draws &draws)
{
    SimulatedArena out;
    const int players = int(design.strengths.size());
    for (int p = 0; p < players; ++p) {
        ArenaRun run;
        run.run.id = p + 1;
        run.configuration = configurationName(p);
        out.runs.insert(run.run.id, run);
    }
    if (players < 2)
        return out;
    for (int i = 0; i < mergeRequests; ++i)
        for (int v = 0; v < design.votesPerMergeRequest; ++v) {
            const int a = int(draws.below(quint64(players)));
            int b = int(draws.below(quint64(players - 1)));
            if (b >= a)
                ++b;
            const bool aWins = draws.bernoulli(winProbability(design.strengths[a], design.strengths[b]));
            out.comparisons << ArenaComparison{i + 1, a + 1, b + 1, aWins ? PairWinner::A : PairWinner::B};
        }
    return out;
}

double effectiveAccuracy(double accuracy, const MergeRequestKind &kind)
{
    return 0.5 + (accuracy - 0.5) * (1 - kind.difficulty);
}

SimulatedAnnotations simulateAnnotations(const QList<MergeRequestKind> &kinds, const QList<int> &kindOf, const AnnotationDesign &design, Draws &draws)
{
    SimulatedAnnotations out;
    for (int i = 0; i < kindOf.size(); ++i) {
        const MergeRequestKind &kind = kinds[kindOf[i]];
        for (int c = 0; c < kind.comments; ++c) {
            const bool valid = draws.bernoulli(kind.validShare);
            AlphaUnit unit;
            for (double accuracy : design.accuracy) {
                const bool right = draws.bernoulli(effectiveAccuracy(accuracy, kind));
                unit << ((valid == right) ? 1.0 : 0.0);
            }
            out.units << unit;
            out.mergeRequestOf << i;
        }
    }
    return out;
}

double populationAlpha(const QList<MergeRequestKind> &kinds, const AnnotationDesign &design)
{
    const qsizetype m = design.accuracy.size();
    if (m < 2)
        return std::nan(""); // no pair of annotators: alpha is undefined
    double weights = 0, labelledOne = 0, disagreement = 0;
    for (const MergeRequestKind &k : kinds) {
        const double w = k.weight * k.comments;
        for (const bool valid : {true, false}) {
            const double share = w * (valid ? k.validShare : 1 - k.validShare);
            // s[a]: the chance that annotator a labels this comment 1.
            QList<double> s;
            for (double accuracy : design.accuracy) {
                const double right = effectiveAccuracy(accuracy, k);
                s << (valid ? right : 1 - right);
            }
            double ones = 0, pairs = 0;
            for (qsizetype a = 0; a < m; ++a) {
                ones += s[a];
                for (qsizetype b = 0; b < m; ++b)
                    if (a != b)
                        pairs += s[a] * (1 - s[b]) + s[b] * (1 - s[a]);
            }
            labelledOne += share * ones / double(m);
            disagreement += share * pairs / double(m * (m - 1));
        }
        weights += w;
    }
    if (!(weights > 0))
        return std::nan("");
    const double p = labelledOne / weights;
    if (!(p > 0 && p < 1))
        return std::nan(""); // one value only: D_e = 0
    const double observed = disagreement / weights;
    return 1 - observed / (2 * p * (1 - p));
}

void IntervalCoverage::add(double truth, std::optional<double> low, std::optional<double> high, bool hasInterval)
{
    ++checked;
    if (!hasInterval) {
        ++withoutInterval;
        return;
    }
    if ((!low || *low <= truth) && (!high || truth <= *high))
        ++covered;
    if (low && high) {
        widthSum += *high - *low;
        ++widths;
    }
}

void IntervalCoverage::addEstimate(double truth, std::optional<double> value)
{
    if (!value)
        return;
    ++estimates;
    errorSum += *value - truth;
    errorSquares += (*value - truth) * (*value - truth);
}

double IntervalCoverage::spread() const
{
    if (estimates < 2)
        return 0;
    const double mean = errorSum / estimates;
    return std::sqrt(std::max(0.0, (errorSquares - estimates * mean * mean) / (estimates - 1)));
}

ShareInterval wilsonInterval(int successes, int n, double z)
{
    if (n <= 0)
        return {};
    const double nn = n;
    const double x = successes;
    const double z2 = z * z;
    const double centre = (x + z2 / 2) / (nn + z2);
    const double half = z / (nn + z2) * std::sqrt(x * (nn - x) / nn + z2 / 4);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

} // namespace rd::simulation
