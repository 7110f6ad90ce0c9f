#pragma once

// Comparing reviewers (issue 34): for each judge (people's final verdicts,
// each imported benchmark judge) and each reviewer (an imported tool, or a
// run configuration of ours), precision, recall and F-beta as Code Review
// Bench defines them (sums over merge requests, then the ratios), each with a
// seeded percentile bootstrap interval over merge requests; every pair of
// reviewers' paired-bootstrap difference with a p-value; Cohen's kappa
// between judges. Headless: `reviewdesk-cli compare` and the window's
// Compare view read the same Comparison, computed on a worker thread.
// Definitions and sources: docs/comparing.md.

#include <EvalMetrics.h>
#include <Result.h>
#include <Resampling.h>
#include <ReviewerEconomics.h>

#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace rd {

class WorkspaceStore;

namespace compare {

// One --mr-filter: a merge request passes when it has label `name` with one
// of `values` (several filters: all of them), as the upstream dashboard's
// filters select pull requests.
struct LabelFilter
{
    QString name;
    QStringList values;
};
// "language=Java,Go" -> {language, [Java, Go]}; an error names what is wrong.
Result<LabelFilter> labelFilterFromText(const QString &text);

struct Settings
{
    int resamples = stats::DefaultResamples; // bootstrap resamples of the merge requests
    quint64 seed = stats::DefaultSeed;       // of the resamples (std::mt19937_64)
    double beta = 1;             // F-beta; 1: F1
    double level = 0.95;         // of the percentile intervals
};

struct ComparisonRequest
{
    Settings settings;
    std::optional<QString> judge; // only this judge ("people" or an imported judge's name)
    bool audit = true;            // people's audit of the imported judges (judge_audit and the audited boards)
    QList<LabelFilter> filters;
    // For the window's worker (ComparisonJob): asked between resamples, true
    // ends the comparison early (with an error); told the resamples done of
    // all the judges' (judges x resamples), now and then, on the comparing thread.
    std::function<bool()> cancelled;
    std::function<void(qint64 done, qint64 total)> progressed;
};

// A figure in percent with its percentile bootstrap interval; an empty
// value where the figure is not defined (precision without a comment, KBI
// without key issues), shown "—" and null; `resamples` of `drawn` where it
// was defined (the toolkit's Estimate, Resampling.h).
using Estimate = stats::Estimate;

enum class ReviewerKind { Tool, Configuration };
// Audited: an imported judge's matches with people's audit decisions in
// place of its own where people decided (docs/comparing.md).
enum class JudgeKind { People, Imported, Audited };
QString reviewerKindName(ReviewerKind kind); // tool, configuration
QString judgeKindName(JudgeKind kind);       // people, imported, audited

// The metrics a pair is compared on.
enum class Metric { Precision, Recall, FBeta, Kbi, Far1, Cpi1 };
QString metricKey(Metric metric, double beta); // precision, recall, f1 (f_beta when beta is not 1), kbi, far1, cpi1

struct ReviewerStanding
{
    QString reviewer;
    ReviewerKind kind = ReviewerKind::Tool;
    int mergeRequests = 0; // those it has an entry on, as the leaderboard counts them
    int tp = 0;            // references found
    int fp = 0;            // comments that found none (the judge's false positives)
    int fn = 0;            // references missed
    Estimate precision, recall, fBeta;
    // The tier letters (a compact letter display): reviewers that share a
    // letter are not told apart by any Holm-adjusted pair on F-beta at
    // 1 - level (docs/comparing.md, "Tiers").
    QString tier;
    // Run configurations judged by people: the defect-focused paper's
    // figures pooled over the configuration's runs (App. M), as `eval`'s
    // stage table at the last stage; empty for tools.
    std::optional<Estimate> kbi, far1, cpi1;
    int runs = 0;
    // Comments with a final accept by people; empty when people judged none of them.
    std::optional<int> accepted;
    // Cost (docs/comparing.md, "Cost"): empty unless every role that used
    // tokens had a price; cost per accepted comment with its bootstrap
    // interval (in US dollars, not percent).
    std::optional<double> costUsd;
    std::optional<double> costPerAccepted;
    Estimate costPerAcceptedInterval;
    // A run configuration's tokens, cost, coverage and addressed comments
    // (ReviewerEconomics.h; each run's per-line coverage left out); empty for tools.
    std::optional<ReviewerEconomics> economics;
    // Percent of the changed lines a model saw, and of the comments that
    // can be asked that authors addressed, with their bootstrap intervals.
    std::optional<Estimate> coverage;
    std::optional<Estimate> addressedRate;
};

// A pair on fewer common merge requests than this says it is too few.
inline constexpr int MinimumPairMergeRequests = 5;

struct PairDifference
{
    QString a;
    QString b;
    Metric metric = Metric::FBeta;
    double difference = 0;          // a - b, percentage points, on the merge requests both reviewed
    std::optional<double> low, high; // paired percentile bootstrap interval
    std::optional<double> p;        // two-sided bootstrap p-value (docs/comparing.md), never below 2/(B + 1)
    // Holm's step-down adjustment over the pairs of one board and one metric (Holm 1979).
    std::optional<double> pAdjusted;
    int resamples = 0;      // resamples where both figures were defined
    int mergeRequests = 0;  // both reviewed: the pair is computed on these only
    // Fewer than MinimumPairMergeRequests in common: no interval, no p-value
    // (and the reports print no difference).
    bool tooFew() const { return mergeRequests < MinimumPairMergeRequests; }
};


struct JudgeBoard
{
    QString judge;
    JudgeKind kind = JudgeKind::Imported;
    int mergeRequests = 0; // resampled: those with an entry of any reviewer
    int references = 0;
    QList<ReviewerStanding> reviewers; // by F-beta, best first
    QList<PairDifference> pairs;       // every pair, in the reviewers' order, every metric both have
    // People's board: the addressed detector against people's answers over
    // every run comment both judged (its own error); empty for imported judges.
    std::optional<DetectorAgreement> addressedDetector;
};

struct JudgeAgreement
{
    QString a;
    QString b;
    int items = 0;         // (merge request, reviewer, reference) both judged
    int mergeRequests = 0; // that they come from (resampled for the interval)
    std::optional<double> kappa, low, high;
    std::optional<double> agreement; // percent of items with the same decision
};

// An imported judge against people's audit decisions on matching (issue
// 34, "People audit the judge"): on the audited (candidate, reference)
// pairs the judge judged and people decided (same or different), how often
// the judge's matched / not matched is people's same / different, and
// Cohen's kappa, each with a bootstrap interval over their merge requests.
// The audit is a stratified sample (every disagreement, a sample of the
// agreements and of the near misses, what people decided besides), so the
// figures are weighted by each stratum's inverse inclusion probability and
// estimate the judge on every pair of the strata; the unweighted ones are
// "on the audit sample" (docs/comparing.md, "The judge on all its decisions").
struct JudgeAuditStanding
{
    QString judge;
    int items = 0;         // audited pairs the judge judged and people decided
    int mergeRequests = 0; // they come from (resampled)
    // The 2x2 table: the judge matched and people said same, the judge
    // matched and people said different, it did not and people said same,
    // neither.
    struct Table
    {
        double matchedSame = 0, matchedDifferent = 0, unmatchedSame = 0, unmatchedDifferent = 0;
    };
    Table table;          // weighted: the pairs of the strata it estimates
    Table tableOnSample;  // the audited items (whole numbers)
    Estimate accuracy;          // weighted: percent of the strata's pairs where the judge decides as people
    Estimate kappa;             // weighted
    Estimate accuracyOnSample;  // on the audit sample
    Estimate kappaOnSample;     // on the audit sample
    // Per stratum (disagreement, agreement, near miss, decided: AuditItemKind's
    // order): the pairs the judge judged in it, and the items (people decided) of them.
    QList<int> strataPairs, strataItems;
};

struct Comparison
{
    Settings settings;
    QList<LabelFilter> filters;
    QList<JudgeBoard> judges;
    QList<JudgeAgreement> agreement;
    QList<JudgeAuditStanding> judgeAudit; // per imported judge with audited pairs
    QStringList notes; // what a reader should know (judges without reviewers, ...)
};

// Reads the workspace and compares (on the calling thread; a store belongs
// to one thread, so a worker opens its own).
Result<Comparison> compareReviewers(const WorkspaceStore &store, const ComparisonRequest &request);
// The same, opening the workspace at `location` on this thread: what the
// window's worker runs.
Result<Comparison> compareWorkspace(const QString &location, const ComparisonRequest &request);

} // namespace compare
} // namespace rd
