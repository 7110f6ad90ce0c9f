// One simulated benchmark through compare, the arena and alpha, each
// interval beside its truth (CoverageStudy.h).

#include "CoverageStudy.h"

#include <cmath>

namespace rd::simulation {

namespace {

// Seeds of one benchmark's streams (streamSeed(seed, stream)).
enum Stream : quint64 { Generation = 0, CompareBoard = 1, NullBoard = 2, ArenaBootstrap = 3, AlphaResamples = 4 };

// Pairs i < j of n subjects, numbered row by row.
int pairIndex(int i, int j, int n)
{
    return i * n - i * (i + 1) / 2 + (j - i - 1);
}

std::pair<int, int> pairOf(int index, int n)
{
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
            if (pairIndex(i, j, n) == index)
                return {i, j};
    return {0, 0};
}

int reviewerIndex(const QList<SimulatedReviewer> &reviewers, const QString &name)
{
    for (int i = 0; i < reviewers.size(); ++i)
        if (reviewers[i].name == name)
            return i;
    return -1;
}

compare::ComparisonRequest requestOf(const CoverageDesign &design, quint64 seed)
{
    compare::ComparisonRequest request;
    request.settings.resamples = design.resamples;
    request.settings.seed = seed;
    request.settings.level = design.level;
    request.settings.beta = 1;
    return request;
}

compare::JudgeBoard boardOf(const CoverageDesign &design, const QList<SimulatedReviewer> &reviewers, const ReviewerOutcomes &outcomes, quint64 seed)
{
    compare::Evidence evidence;
    evidence.judges << judgeEvidenceOf(QStringLiteral("simulated"), reviewers, outcomes);
    return compare::compareEvidence(evidence, requestOf(design, seed)).judges.first();
}

IntervalCheck checkOf(const CoverageDesign &design, IntervalKind kind, int subject, const stats::Estimate &e)
{
    IntervalCheck c;
    c.kind = kind;
    c.subject = subject;
    c.truth = truthOf(design, kind, subject);
    c.value = e.value;
    c.low = e.low;
    c.high = e.high;
    c.hasInterval = e.value && e.resamples > 0;
    return c;
}

void checkBoard(const CoverageDesign &design, const compare::JudgeBoard &board, BenchmarkOutcome &out)
{
    for (const compare::ReviewerStanding &s : board.reviewers) {
        const int r = reviewerIndex(design.reviewers, s.reviewer);
        out.checks << checkOf(design, IntervalKind::Precision, r, s.precision) << checkOf(design, IntervalKind::Recall, r, s.recall)
                   << checkOf(design, IntervalKind::F1, r, s.fBeta);
    }
    const int n = int(design.reviewers.size());
    for (const compare::PairDifference &pair : board.pairs) {
        if (pair.metric != compare::Metric::FBeta)
            continue;
        const int a = reviewerIndex(design.reviewers, pair.a);
        const int b = reviewerIndex(design.reviewers, pair.b);
        // The board orders a pair by F1 as observed; the subject is the
        // design's order, so the difference and its interval turn round.
        const bool turned = a > b;
        IntervalCheck c;
        c.kind = IntervalKind::F1Difference;
        c.subject = turned ? pairIndex(b, a, n) : pairIndex(a, b, n);
        c.truth = truthOf(design, c.kind, c.subject);
        c.value = turned ? -pair.difference : pair.difference;
        c.low = turned ? (pair.high ? std::optional<double>(-*pair.high) : std::nullopt) : pair.low;
        c.high = turned ? (pair.low ? std::optional<double>(-*pair.low) : std::nullopt) : pair.high;
        c.hasInterval = pair.low || pair.high;
        out.checks << c;
    }
}

// The null board's F1 pairs: any p below 1 − level, raw and as compare
// adjusts it (Holm's step-down over the board's pairs on one metric).
void checkNullFamily(const CoverageDesign &design, const compare::JudgeBoard &board, BenchmarkOutcome &out)
{
    const double alpha = 1 - design.level;
    for (const compare::PairDifference &pair : board.pairs) {
        if (pair.metric != compare::Metric::FBeta)
            continue;
        out.nullP << pair.p;
        if (pair.p) {
            ++out.nullPairs;
            out.anyRejected = out.anyRejected || *pair.p < alpha;
        }
        out.anyHolmRejected = out.anyHolmRejected || (pair.pAdjusted && *pair.pAdjusted < alpha);
    }
}

void checkArena(const CoverageDesign &design, int mergeRequests, Draws &draws, quint64 seed, BenchmarkOutcome &out)
{
    const SimulatedArena arena = simulateArena(design.arena, mergeRequests, draws);
    ArenaSettings settings;
    settings.bootstrap = design.resamples;
    settings.seed = decltype(settings.seed)(seed);
    settings.level = design.level;
    const ArenaRanking ranking = rankConfigurations(arena.comparisons, arena.runs, settings);
    const int players = int(design.arena.strengths.size());
    for (int p = 0; p < players; ++p) {
        IntervalCheck c;
        c.kind = IntervalKind::Strength;
        c.subject = p;
        c.truth = truthOf(design, c.kind, p);
        for (const ArenaReviewer &r : ranking.reviewers)
            if (r.label == configurationName(p)) {
                c.value = r.strength;
                c.low = r.low;
                c.high = r.high;
                c.hasInterval = r.strength && r.resamples > 0; // an empty bound is an open side
            }
        out.checks << c;
    }
}

void checkAlpha(const CoverageDesign &design, const QList<int> &kindOf, Draws &draws, quint64 seed, BenchmarkOutcome &out)
{
    const SimulatedAnnotations annotations = simulateAnnotations(design.kinds, kindOf, design.annotation, draws);
    AlphaBootstrap bootstrap;
    bootstrap.resamples = design.resamples;
    bootstrap.seed = seed >> 1; // the commands' seeds stop at 2^63 − 1
    bootstrap.level = design.level;
    bootstrap.mergeRequestOfUnit = annotations.mergeRequestOf; // resample merge requests, each with all its comments
    const AlphaResult alpha = krippendorffAlpha(annotations.units, AlphaMetric::Nominal, bootstrap);
    IntervalCheck c;
    c.kind = IntervalKind::Alpha;
    c.truth = truthOf(design, c.kind, 0);
    c.value = alpha.alpha;
    c.low = alpha.low;
    c.high = alpha.high;
    c.hasInterval = alpha.alpha && alpha.resamples > 0;
    out.checks << c;
}

} // namespace

CoverageDesign defaultCoverageDesign()
{
    CoverageDesign d;
    // Merge requests from small and easy to large and hard: mean 3.8
    // references, the large ones the hardest (their references weigh most).
    d.kinds = {
        {0.35, 1, 0.1, 3, 0.8},
        {0.35, 3, 0.3, 8, 0.5},
        {0.20, 6, 0.5, 15, 0.3},
        {0.10, 12, 0.6, 30, 0.2},
    };
    d.reviewers = {
        {QStringLiteral("thorough"), 0.8, 0.8},
        {QStringLiteral("balanced"), 0.6, 0.4},
        {QStringLiteral("precise"), 0.4, 0.1},
        {QStringLiteral("noisy"), 0.7, 2.0, 0.8},
    };
    for (int i = 1; i <= 6; ++i)
        d.equalReviewers << SimulatedReviewer{QStringLiteral("equal%1").arg(i), 0.6, 0.4};
    d.arena.strengths = {-1.0, -0.3, 0.4, 0.9};
    d.arena.votesPerMergeRequest = 6;
    d.annotation.accuracy = {0.95, 0.9, 0.85};
    return d;
}

QString intervalKindName(IntervalKind kind)
{
    switch (kind) {
    case IntervalKind::Precision: return QStringLiteral("precision");
    case IntervalKind::Recall: return QStringLiteral("recall");
    case IntervalKind::F1: return QStringLiteral("F1");
    case IntervalKind::F1Difference: return QStringLiteral("F1 paired difference");
    case IntervalKind::Strength: return QStringLiteral("Bradley–Terry strength");
    case IntervalKind::Alpha: return QStringLiteral("Krippendorff's alpha");
    }
    return {};
}

int subjectsOf(const CoverageDesign &design, IntervalKind kind)
{
    const int n = int(design.reviewers.size());
    switch (kind) {
    case IntervalKind::Precision:
    case IntervalKind::Recall:
    case IntervalKind::F1: return n;
    case IntervalKind::F1Difference: return n * (n - 1) / 2;
    case IntervalKind::Strength: return int(design.arena.strengths.size());
    case IntervalKind::Alpha: return 1;
    }
    return 0;
}

QString subjectName(const CoverageDesign &design, IntervalKind kind, int subject)
{
    switch (kind) {
    case IntervalKind::Precision:
    case IntervalKind::Recall:
    case IntervalKind::F1: return design.reviewers[subject].name;
    case IntervalKind::F1Difference: {
        const auto [a, b] = pairOf(subject, int(design.reviewers.size()));
        return design.reviewers[a].name + QStringLiteral(" − ") + design.reviewers[b].name;
    }
    case IntervalKind::Strength: return configurationName(subject);
    case IntervalKind::Alpha: return QStringLiteral("alpha");
    }
    return {};
}

double truthOf(const CoverageDesign &design, IntervalKind kind, int subject)
{
    switch (kind) {
    case IntervalKind::Precision: return reviewerTruth(design.kinds, design.reviewers[subject]).precision;
    case IntervalKind::Recall: return reviewerTruth(design.kinds, design.reviewers[subject]).recall;
    case IntervalKind::F1: return reviewerTruth(design.kinds, design.reviewers[subject]).f1;
    case IntervalKind::F1Difference: {
        const auto [a, b] = pairOf(subject, int(design.reviewers.size()));
        return reviewerTruth(design.kinds, design.reviewers[a]).f1 - reviewerTruth(design.kinds, design.reviewers[b]).f1;
    }
    case IntervalKind::Strength: return centredStrengths(design.arena.strengths)[subject];
    case IntervalKind::Alpha: return populationAlpha(design.kinds, design.annotation);
    }
    return std::nan("");
}

BenchmarkOutcome runBenchmark(const CoverageDesign &design, quint64 seed)
{
    BenchmarkOutcome out;
    Draws draws(streamSeed(seed, Generation));
    const QList<int> kindOf = drawKinds(design.kinds, design.mergeRequests, draws);
    const ReviewerOutcomes reviews = simulateReviews(design.kinds, kindOf, design.reviewers, draws);
    checkBoard(design, boardOf(design, design.reviewers, reviews, streamSeed(seed, CompareBoard)), out);
    if (design.equalReviewers.size() >= 2) {
        const ReviewerOutcomes alike = simulateReviews(design.kinds, kindOf, design.equalReviewers, draws);
        checkNullFamily(design, boardOf(design, design.equalReviewers, alike, streamSeed(seed, NullBoard)), out);
    }
    if (design.arena.strengths.size() >= 2)
        checkArena(design, design.mergeRequests, draws, streamSeed(seed, ArenaBootstrap), out);
    if (design.annotation.accuracy.size() >= 2)
        checkAlpha(design, kindOf, draws, streamSeed(seed, AlphaResamples), out);
    return out;
}

} // namespace rd::simulation
