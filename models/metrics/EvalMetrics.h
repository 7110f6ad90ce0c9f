#pragma once

// The metrics of the two papers as pure functions of counts.
//  - defect-focused-acr-icml2025 App. M: KBI, FAR1, FAR2, CPI1, CPI2, LSR,
//    computed per merge request and averaged as written there;
//  - aacr-bench App. C.1: precision, recall and F1 for line and semantic
//    match, recall per category and context level, noise rate; comments per
//    patch (diff hunk, Table 9) and per PR.

#include "EvalMatching.h"

#include <QList>
#include <QMap>
#include <QString>

#include <optional>

namespace rd::eval {

// One merge request at one pipeline stage.
struct MrOutcome
{
    int comments = 0;       // generated comments that reached the stage
    int falseAlarms = 0;    // of them, those that find no key issue
    int keyIssues = 0;      // references (key bugs) of the merge request
    int keyIssuesFound = 0; // references some comment found
    int validLines = 0;     // comments whose lines exist in the code (LSR)
};

struct DefectMetrics
{
    std::optional<double> kbi;  // empty when no merge request has a key issue
    std::optional<double> far1; // empty when there is no merge request
    std::optional<double> cpi1;
    std::optional<double> far2; // empty when no key issue was found anywhere
    std::optional<double> cpi2;
    std::optional<double> lsr;  // empty when there is no merge request
    int mergeRequests = 0;
    int withoutComments = 0; // counted in FAR1 with 0 false alarms and in LSR with 0 located lines; left out of FAR2
    int recalled = 0;        // merge requests where a key issue was found (FAR2's M)
    int keyIssues = 0;
    int keyIssuesFound = 0;
    int comments = 0;
    int falseAlarms = 0;
    int withComments() const { return mergeRequests - withoutComments; } // N′
};

// CPI = 2 * KBI * (100 - FAR) / (KBI + 100 - FAR), 0 when both are 0 (Eq. 4, 5).
double cpi(double kbi, double far);
// KBI = found / key issues * 100 (Eq. 1); FAR1 = mean over all N merge
// requests of false alarms / comments * 100, a merge request without
// comments counting 0 (Eq. 2; Table 2's baselines: 97.78 = 44/45); FAR2 =
// the same mean over the M merge requests where a key issue was found
// (Eq. 3); LSR = mean over all N merge requests of valid-line comments /
// comments * 100, a merge request without comments counting 0 (Eq. 6 divides
// by N, as Eq. 2 does; N' = withComments() is reported beside it).
DefectMetrics defectMetrics(const QList<MrOutcome> &mergeRequests);

// One figure over repeated runs: their mean, min and max (paper Table 3
// averages three runs; App. R Table 12 gives min and max); empty when no
// run has the figure (runs without it are left out).
struct Spread
{
    std::optional<double> mean, min, max;
    int runs = 0; // runs that have the figure
};
Spread spreadOf(const QList<std::optional<double>> &values);

// Repeated runs of one configuration: each run's metrics and every figure's
// spread. CPI is each run's CPI averaged, not CPI of the mean KBI and FAR
// (Table 3 Left Flow All: 9.77, where cpi(37.04, 94.36) gives 9.79).
struct RepeatedRuns
{
    QList<DefectMetrics> runs;
    Spread kbi, far1, cpi1, far2, cpi2, lsr;
    // Each figure's mean (the counts stay empty): the ablation tables show these.
    DefectMetrics mean() const;
};
RepeatedRuns repeatedRuns(const QList<DefectMetrics> &runs);

// A part of a whole, shown as a percentage.
struct Ratio
{
    int part = 0;
    int whole = 0;
    std::optional<double> percent() const;
};

struct PrecisionRecall
{
    Ratio precision; // matched generated comments / generated comments
    Ratio recall;    // found references / references
    std::optional<double> f1() const; // percent
};

// One pull request (merge request) as AACR-Bench evaluates it.
struct PrEvaluation
{
    QString name;       // repo_pr, or the merge request's title
    QString language;
    QString prCategory;
    QList<Item> generated;
    QList<Item> references;
    MatchResult match;
    bool semantic = false; // the match includes the semantic judge's answers
    // The diff hunks ("patches") of the PR, which AACR-Bench's methods review
    // one by one (App. C.1); empty when the PR's diff is not known.
    std::optional<int> patches;
};

struct AacrMetrics
{
    int pullRequests = 0;
    int generated = 0;
    int references = 0;
    PrecisionRecall line;
    std::optional<PrecisionRecall> semantic;
    // Recall by the references' category and context level, by the
    // strongest match computed (semantic when asked for, else line).
    QMap<QString, Ratio> recallByCategory;
    QMap<QString, Ratio> recallByContext;
    Ratio noise;        // generated comments that match no reference
    // Table 9's "Avg. Comments (per Patch)": generated comments / diff hunks,
    // pooled over the PRs; empty unless every PR's hunk count is known (and
    // there is at least one hunk).
    std::optional<double> commentsPerPatch;
    int patches = 0;            // hunks of the PRs whose diff is known
    int prsWithoutPatches = 0;  // PRs whose diff is not known
    double commentsPerPr = 0;   // generated comments / PRs, the second figure
};

AacrMetrics aacrMetrics(const QList<PrEvaluation> &prs);
// The same, for the PRs of each language (or PR category).
QMap<QString, AacrMetrics> aacrMetricsByLanguage(const QList<PrEvaluation> &prs);
QMap<QString, AacrMetrics> aacrMetricsByPrCategory(const QList<PrEvaluation> &prs);

} // namespace rd::eval
