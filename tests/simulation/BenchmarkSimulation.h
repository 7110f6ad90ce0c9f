#pragma once

// Benchmarks whose answer is known (issue 40, "proof by simulation"): merge
// requests drawn from a population of kinds (how many references, how hard,
// how many comments to annotate), reviewers whose chance of finding a
// reference and rate of false alarms are given, annotators of known
// accuracy, and pairwise votes from known Bradley–Terry strengths. Each
// model states its truth — the population value the product's estimator
// targets — computed analytically from the model (a finite mixture of
// kinds, so every expectation is a finite sum), never from a draw.
//
// The product computes the intervals: compare::compareEvidence on the
// Evidence built here (precision, recall, F1, paired differences, p-values),
// rankConfigurations for the Bradley–Terry strengths, krippendorffAlpha for
// alpha. bench_coverage counts how often they cover the truth; tst_simulation
// checks the truths and the draws. Definitions: docs/comparing.md, "Coverage
// by simulation".
//
// Every draw comes from one std::mt19937_64 through Draws below: uniform
// doubles from the top 53 bits of a 64-bit word, Bernoulli by comparison,
// Poisson and categorical by inversion, indices by rd::stats::indexBelow —
// no std distribution, whose output differs between standard libraries, so
// a seed gives the same benchmarks everywhere.

#include <Arena.h>
#include <ComparisonEvidence.h>
#include <KrippendorffAlpha.h>

#include <QHash>
#include <QList>
#include <QString>

#include <optional>
#include <random>

namespace rd::simulation {

// SplitMix64 (Steele, Lea & Flood 2014) of seed + (stream + 1) · 0x9E3779B97F4A7C15:
// independent-looking seeds for the benchmarks and streams of one run.
quint64 streamSeed(quint64 seed, quint64 stream);

class Draws
{
public:
    explicit Draws(quint64 seed);
    // In [0, 1): the top 53 bits of one 64-bit word times 2^-53.
    double uniform();
    // uniform() < p: true with probability p (p outside [0, 1] is clamped by the comparison).
    bool bernoulli(double p);
    // By inversion of the cumulative distribution from k = 0 (Devroye 1986,
    // §X.3.3); for the small means of a merge request's false alarms.
    int poisson(double mean);
    // Index i with probability weights[i] / Σ weights, by inversion.
    int categorical(const QList<double> &weights);
    // Uniform in [0, n): rd::stats::indexBelow.
    quint64 below(quint64 n);

private:
    std::mt19937_64 m_generator;
};

// A kind of merge request in the population: its share of merge requests,
// its references (true issues), its difficulty (the share of a reviewer's
// chance of finding a reference it loses, and how far it pulls annotators
// towards a coin flip), the comments annotators label on it and the share
// of those that are truly valid.
struct MergeRequestKind
{
    double weight = 1;
    int references = 1;
    double difficulty = 0; // 0 .. 1
    int comments = 0;
    double validShare = 0.5;
};

// A reviewer: on a merge request of difficulty d it finds each reference
// independently with probability detection · (1 − d), and raises
// Poisson(falseAlarmsPerReference · references) comments that find none.
// It reviews each merge request with probability reviewedShare, whatever
// its kind (missing completely at random: the truths stay those of all
// merge requests, and a pair is compared on the ones both reviewed).
struct SimulatedReviewer
{
    QString name;
    double detection = 0.5;
    double falseAlarmsPerReference = 0.5;
    double reviewedShare = 1;
};
double findProbability(const SimulatedReviewer &reviewer, const MergeRequestKind &kind);

// Code Review Bench's figures (ratios of sums over merge requests) in the
// population, in percent as compare reports them: precision = E[tp] / E[tp
// + fp], recall = E[tp] / E[tp + fn], F1 = 2PR / (P + R) of those — the
// limits of the estimator as merge requests grow (ratios of expectations),
// computed exactly as sums over the kinds.
struct ReviewerTruth
{
    double precision = 0;
    double recall = 0;
    double f1 = 0;
};
ReviewerTruth reviewerTruth(const QList<MergeRequestKind> &kinds, const SimulatedReviewer &reviewer);

// Merge request i is of kind kindOf[i], drawn independently by weight.
QList<int> drawKinds(const QList<MergeRequestKind> &kinds, int mergeRequests, Draws &draws);

// What one reviewer did on one merge request: per reference, found or not;
// its false alarms; whether it reviewed the merge request at all (when not,
// the rest is drawn all the same and not shown to the judge).
struct ReviewerOutcome
{
    bool reviewed = true;
    QList<bool> found;
    int falsePositives = 0;
};

// Per merge request (in kindOf's order), per reviewer (in `reviewers`' order).
using ReviewerOutcomes = QList<QList<ReviewerOutcome>>;
ReviewerOutcomes simulateReviews(const QList<MergeRequestKind> &kinds, const QList<int> &kindOf, const QList<SimulatedReviewer> &reviewers,
                                 Draws &draws);

// A judge that sees the outcomes as they are (tp, fp, fn counted from
// them): the evidence compareEvidence reads, every reviewer on the merge
// requests it reviewed (ids 1..n, references numbered within the benchmark).
// A judge that errs sees other outcomes: give it the drawn ones changed as it
// would (a found reference it does not match, a false alarm it matches),
// while the truth stays reviewerTruth's.
compare::JudgeEvidence judgeEvidenceOf(const QString &judge, const QList<SimulatedReviewer> &reviewers, const ReviewerOutcomes &outcomes);

// Pairwise votes on whole reviews from Bradley–Terry strengths θ: on each
// merge request `votesPerMergeRequest` votes, each between a pair of
// distinct configurations drawn uniformly, a beating b with probability
// σ(θ_a − θ_b); no ties (a tie would count half a win, and the fit's limit
// would no longer be θ). The truth is θ centred on its mean, the arena's
// scale: the maximum-likelihood fit converges to it.
struct ArenaDesign
{
    QList<double> strengths;
    int votesPerMergeRequest = 6;
};
QList<double> centredStrengths(const QList<double> &strengths);
// The configuration names, in the player order of `strengths` (they sort as
// the arena sorts them).
QString configurationName(int player);

struct SimulatedArena
{
    QList<ArenaComparison> comparisons;
    QHash<qint64, ArenaRun> runs; // one per configuration
};
SimulatedArena simulateArena(const ArenaDesign &design, int mergeRequests, Draws &draws);

// Annotators labelling each comment of a merge request valid (1) or not
// (0): each comment is valid with the kind's validShare; annotator a is
// right with probability 1/2 + (accuracy_a − 1/2)(1 − difficulty), the
// annotators independent given the comment. Every annotator labels every
// comment: one alpha unit per comment.
struct AnnotationDesign
{
    QList<double> accuracy;
};
double effectiveAccuracy(double accuracy, const MergeRequestKind &kind);

struct SimulatedAnnotations
{
    QList<AlphaUnit> units;
    QList<qint64> mergeRequestOf; // per unit: its merge request's index (the bootstrap's unit)
};
SimulatedAnnotations simulateAnnotations(const QList<MergeRequestKind> &kinds, const QList<int> &kindOf, const AnnotationDesign &design, Draws &draws);

// Krippendorff's nominal alpha of the population, 1 − D_o / D_e with
// D_o = the chance that two different annotators of one comment disagree
// (averaged over ordered pairs of annotators and over comments) and D_e =
// 2p(1 − p), p the chance that a label is 1: the limits of the coincidence
// matrix's D_o and D_e as comments grow, summed exactly over the kinds
// (each kind weighted by its comments). NaN where alpha is undefined (fewer
// than two annotators, or every label the same).
double populationAlpha(const QList<MergeRequestKind> &kinds, const AnnotationDesign &design);

// How often intervals covered their truth.
struct IntervalCoverage
{
    int checked = 0;
    int covered = 0;
    int withoutInterval = 0; // no interval at all: counted as not covering
    double widthSum = 0;     // of the finite intervals
    int widths = 0;
    // The point estimates' errors (estimate − truth), for their bias and spread.
    int estimates = 0;
    double errorSum = 0, errorSquares = 0;

    // An empty bound is an open side (it covers on that side); no value at all: no interval.
    void add(double truth, std::optional<double> low, std::optional<double> high, bool hasInterval = true);
    void addEstimate(double truth, std::optional<double> value);
    double share() const { return checked > 0 ? double(covered) / checked : 0; }
    double meanWidth() const { return widths > 0 ? widthSum / widths : 0; }
    // Mean of estimate − truth; the estimates' standard deviation over the
    // benchmarks (n − 1): what a 95 % interval's width should be about 3.92 times.
    double bias() const { return estimates > 0 ? errorSum / estimates : 0; }
    double spread() const;
};

// The Wilson score interval (Wilson 1927) of a binomial share: successes of
// n at the normal quantile z (1.959964 for 95 %).
struct ShareInterval
{
    double low = 0;
    double high = 1;
};
ShareInterval wilsonInterval(int successes, int n, double z = 1.959963984540054);

} // namespace rd::simulation
