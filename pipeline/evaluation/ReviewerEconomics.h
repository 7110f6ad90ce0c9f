#pragma once

// What a reviewer (a run configuration: a set of runs, one or more per merge
// request) cost, what share of the change its models saw, and what share of
// its comments the authors addressed — headless, for `compare`, `eval` and
// the window. Each figure is also given per merge request, so a caller can
// bootstrap it by resampling merge requests (a ratio is Σ numerators over Σ
// denominators of the resampled merge requests). Definitions and sources:
// docs/comparing.md, "Cost", "Coverage", "What authors addressed".

#include "RunUsage.h"

#include <Agreement.h>
#include <Result.h>
#include <Workspace.h>

#include <QHash>
#include <QMap>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

class WorkspaceStore;
namespace eval {
struct Evidence;
}

// --- What authors addressed ------------------------------------------------

// Why a comment counts as addressed or not.
enum class AddressedBy {
    People,            // people answered "addressed?" (the majority of those who did)
    AppliedSuggestion, // a later revision holds its suggested code verbatim: sure
    ChangedLines,      // a later revision changed its lines (it is outdated): a guess
    Unchanged,         // a later revision came and left its lines alone: a guess
};
QString addressedByKey(AddressedBy by); // people, applied_suggestion, changed_lines, unchanged

struct AddressedDecision
{
    bool addressed = false;
    AddressedBy by = AddressedBy::Unchanged;
    std::optional<bool> people;   // people's answer; empty when nobody answered or they are split evenly
    std::optional<bool> detector; // the detector's guess; empty for a comment without lines that no revision outdated
    int answers = 0;              // how many people answered
};

// Whether `comment` was addressed, when it can be asked: its merge request
// was followed to a revision after the one it was made on (it was outdated;
// or its run reviewed an earlier revision than the newest, `madeOnRevision`;
// or, not made by a run, it was created before the newest revision was
// recorded). People's answer decides; without one the detector's: applied
// suggestion (sure), changed lines (outdated), or unchanged. Empty when it
// cannot be asked, or when neither people nor the detector can say.
std::optional<AddressedDecision> addressedDecision(const StoredComment &comment, const QList<MergeRequestRevision> &revisions,
                                                   const QList<AddressedAnswer> &answers, std::optional<bool> suggestionApplied,
                                                   std::optional<int> madeOnRevision = {});

// The detector against people, where both said something: the 2×2 counts
// (detector first), Cohen's kappa, and the detector's precision and recall
// for "addressed".
struct DetectorAgreement
{
    int items = 0;
    int bothAddressed = 0;    // true positives
    int onlyDetector = 0;     // false positives
    int onlyPeople = 0;       // false negatives
    int neither = 0;          // true negatives
    LabelAgreement kappa;     // kappa, observed and expected agreement, degeneracy
    std::optional<double> precision() const;
    std::optional<double> recall() const;
    void add(bool detector, bool people);
    void finish(); // computes `kappa` from the counts
};

// --- What one reviewer did, per merge request ---------------------------------

struct MergeRequestEconomics
{
    qint64 mergeRequest = 0;
    int runs = 0;
    // Cost
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 recordedPromptTokens = 0;
    qint64 recordedCompletionTokens = 0;
    std::optional<double> costUsd; // empty when a run on it used a role without a price
    int keptComments = 0;
    int accepted = 0; // kept comments whose decided verdict is Accept
    // Coverage (runs that recorded it)
    int runsWithCoverage = 0;
    int changedLines = 0;
    int reviewedLines = 0;
    // Addressed (kept comments that can be asked)
    int addressable = 0;
    int addressed = 0;
};

struct ReviewerCost
{
    int runs = 0;
    int runsFromRecordedExchanges = 0; // runs with answers from the cache, a replay or a journal
    qint64 promptTokens = 0;
    qint64 completionTokens = 0;
    qint64 recordedPromptTokens = 0;
    qint64 recordedCompletionTokens = 0;
    std::optional<double> costUsd;         // empty without a price for every role that used tokens
    std::optional<double> recordedCostUsd; // the part recorded exchanges account for
    QStringList unpricedRoles;
    int accepted = 0;
    std::optional<double> costPerAccepted; // empty without a cost or without an accepted comment
};

struct ReviewerCoverage
{
    int runs = 0;
    int runsWithCoverage = 0; // runs recorded before coverage was are left out
    int changedLines = 0;     // Σ over runs: a line two runs changed counts twice
    int reviewedLines = 0;
    std::optional<double> ratio() const { return changedLines > 0 ? std::optional<double>(double(reviewedLines) / changedLines) : std::nullopt; }
    // Each run's coverage, by run id: which lines it never saw (RunCoverage::unreviewed).
    QHash<qint64, RunCoverage> byRun;
};

struct ReviewerAddressed
{
    int comments = 0;  // kept comments that can be asked
    int addressed = 0;
    QMap<AddressedBy, int> byReason; // how each comment was decided
    std::optional<double> rate() const { return comments > 0 ? std::optional<double>(double(addressed) / comments) : std::nullopt; }
    DetectorAgreement detector; // over the reviewer's comments people answered
};

struct ReviewerEconomics
{
    ReviewerCost cost;
    ReviewerCoverage coverage;
    ReviewerAddressed addressed;
    QList<MergeRequestEconomics> perMergeRequest; // ascending ids
    QStringList problems; // records that could not be read (named by run id)
};

// What the figures read of the workspace besides the runs, for every
// reviewer at once: the comments of the runs, decided verdicts (the team's
// final label, else the only annotator's: Evaluation's decidedVerdict), the
// merge requests' revisions, "addressed?" answers and suggestion outcomes.
struct EconomicsEvidence
{
    QHash<qint64, QList<StoredComment>> commentsOfRun;
    QHash<qint64, std::optional<Verdict>> verdicts;
    QHash<qint64, QList<MergeRequestRevision>> revisions;
    QHash<qint64, QList<AddressedAnswer>> answers; // by comment
    QHash<qint64, bool> suggestionApplied;         // by comment
    QHash<qint64, int> reviewedRevision;           // by run: the revision it reviewed (what its comments were made on)
};
Result<EconomicsEvidence> readEconomicsEvidence(const WorkspaceStore &store, const QList<qint64> &mergeRequests);
// The same, taking the comments and decided verdicts from what an evaluation
// already read (eval::Options::keepEvidence) and the revision each run
// reviewed from `runs`: what `compare` does, so that the workspace's
// comments are read once. Merge requests `read` lacks are read here.
Result<EconomicsEvidence> readEconomicsEvidence(const WorkspaceStore &store, const QList<qint64> &mergeRequests, const eval::Evidence &read,
                                                const QList<StoredRun> &runs);

// One reviewer's figures over `runs` (as RunStore::run() returns them, with
// their records).
ReviewerEconomics reviewerEconomics(const QList<StoredRun> &runs, const EconomicsEvidence &evidence);

// The detector's agreement with people over every comment of the evidence
// that both judged (not only one reviewer's): its own error, for the manual's
// "the automatic figure comes with its own error".
DetectorAgreement detectorAgreement(const EconomicsEvidence &evidence, const QList<StoredComment> &comments);

} // namespace rd
