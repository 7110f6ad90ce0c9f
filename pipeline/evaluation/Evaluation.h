#pragma once

// Evaluation of workspace runs against reference issues: the defect-focused
// paper's KBI/FAR/CPI/LSR and AACR-Bench's precision/recall/F1, per pipeline
// stage from one run (filtered comments are kept with the stage that dropped
// them), per configuration, and annotators' precision. Headless: the CLI and
// the Evaluation window both show what this computes.

#include "CodeAgentMetrics.h"
#include "ConfigurationIdentity.h"
#include "RunConfig.h"
#include "RunCoverage.h"
#include "TagEvaluation.h"

#include <Agreement.h>
#include <EvalMetrics.h>
#include <EvalTable.h>
#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>

#include <array>
#include <functional>
#include <optional>

namespace rd {

class WorkspaceStore;

namespace eval {

struct Evidence; // EvaluationEvidence.h

// The pipeline's stages in order; a comment reached a stage unless an
// earlier one (or the stage itself) dropped it.
enum class Stage { All, Coarse, TopK, Meta, Validator };
constexpr int StageCount = 5;
QString stageName(Stage stage); // for people (translated)
QString stageKey(Stage stage);  // all, coarse, top_k, meta, validator
bool reachedStage(const ReviewComment &comment, Stage stage);

enum class ReferenceSet {
    All,     // every reference below
    Aacr,    // comments marked as reference (imported ground truth, or marked by hand)
    KeyBugs, // comments an annotator flagged as key bug, and human comments marked as reference
    // Gold-gap triage (issue 35, GoldTriage.h): the imported ground truth
    // alone (comments imported and marked as reference: AACR-Bench positive
    // samples, Code Review Bench golden comments), and the same with the
    // comments triage decided are real issues it misses.
    Original,
    Triaged,
};
std::optional<ReferenceSet> referenceSetFromName(const QString &name);
QString referenceSetName(ReferenceSet set); // all, aacr, key-bugs, original, triaged

// The set an evaluation used, as its outputs name it.
struct ReferenceSetUsed
{
    QString snapshot;          // its name; empty: the live set
    ReferenceSet set = ReferenceSet::All;
    QString author;            // who froze the snapshot, and when
    QDateTime created;
    int references = 0;        // of the merge requests evaluated
    int mergeRequests = 0;
    // Key-bug flags disputed between annotators and not adjudicated on
    // those merge requests (when the snapshot was frozen, for a snapshot):
    // they are no reference until an adjudicator decides them.
    int pendingKeyBugs = 0;
    QString fingerprint;       // referenceFingerprint() of the references used
    // For a snapshot: the live set of the same merge requests now, so a
    // reader sees whether it has moved since.
    int liveReferences = 0;
    QString liveFingerprint;

    bool isLive() const { return snapshot.isEmpty(); }
    // One line for people: "References: the live set 'all'; references: 4,
    // merge requests: 2, fingerprint: 1a2b3c4d5e6f" and what is pending.
    QString describe() const;
};

// One comment's decided verdict: the team's final label (TeamAnnotation.h:
// the adjudicator's, else the annotators' when they agree), or the only
// annotator's verdict; empty while annotators disagree and nobody has
// adjudicated, or nobody has judged.
std::optional<Verdict> decidedVerdict(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication = {});
// decidedVerdict() of every judged or adjudicated comment of a merge request.
Result<QHash<qint64, std::optional<Verdict>>> decidedVerdicts(const WorkspaceStore &store, qint64 mergeRequest);
// The same from judgements and adjudications already read.
QHash<qint64, std::optional<Verdict>> decidedVerdicts(const QList<Judgement> &judgements, const QList<Adjudication> &adjudications);

struct Options
{
    QList<qint64> runs; // empty: every run in the workspace
    ReferenceSet references = ReferenceSet::All;
    // A reference snapshot's name (ReferenceSnapshots.h): its references
    // instead of the live ones (`references` is then the snapshot's own).
    QString snapshot;
    int maxDistance = 1;
    // Semantic judge (generated text, reference text); empty: line match only.
    std::function<bool(const QString &, const QString &)> semantic;
    // The diff hunks of a merge request, for AACR-Bench's comments per patch
    // (Table 9); countDiffHunks() in the CLI and the window. Empty, or
    // nothing for a merge request: that figure is unavailable, said so.
    std::function<std::optional<int>(const MergeRequestEntry &)> patchesOf;
    // The judge reads a translated comment's original text (the language the
    // reviewer wrote, as the references are); true: its translation instead.
    bool matchTranslation = false;
    // Only the last stage (what each run shows), the other stages' results
    // left empty: what comparing reviewers reads (pipeline/comparison).
    bool lastStageOnly = false;
    // Where to leave what the evaluation read of the workspace (every
    // comment, decided verdict, ...), so that a caller that needs it too
    // (comparing reviewers: cost per accepted comment, addressed comments)
    // does not read it again; nothing is kept when empty.
    Evidence *keepEvidence = nullptr;
};

struct StageResult
{
    MrOutcome outcome;
    PrEvaluation pr;           // the generated comments at this stage and the match
    QList<qint64> comments;    // ids, file order
    QList<qint64> falseAlarms;
    QList<qint64> found;       // references found
    // The references not found, told apart (docs/comparing.md, "Coverage"):
    // in lines no model of the run saw (unreviewed), or seen and missed.
    QList<qint64> missed;
    QList<qint64> unreviewed;
    QList<qint64> invalidLines;
    int judged = 0;
    int accepted = 0;
    QList<qint64> acceptedComments;
    QMap<QString, Ratio> acceptedByCategory; // by the comment's category
    QMap<QString, QList<qint64>> acceptedCommentsByCategory;
    // A run of several reviewers at All, Coarse and Top-k: each reviewer's
    // comments alone, as a single-reviewer run (reviewer 1 first); empty
    // otherwise.
    QList<MrOutcome> perReviewer;
};

// One pass of a configuration over its merge requests, as the paper counts
// a run: the i-th run of the configuration on each merge request, and at
// All/Coarse/Top-k of a several-reviewer configuration one reviewer of it.
struct RunPass
{
    int repetition = 0;     // 0-based: the i-th run on each merge request
    int reviewer = 0;       // 1-based; 0: the run's comments of every reviewer
    QList<qint64> runs;     // the stored runs (one per merge request)
    QList<MrOutcome> outcomes;
};

struct RunEvaluation
{
    StoredRun run;
    MergeRequestEntry mergeRequest;
    std::optional<RunConfig> config; // from the run's record
    // What was run (ConfigurationIdentity.h): runs are one configuration
    // exactly when their identities are equal; a run without a readable
    // configuration is known by its label.
    ConfigurationIdentity configuration;
    // The configuration's label among the evaluation's (configurationLabels()):
    // one per identity, so grouping by it is grouping by the identity.
    QString group;
    QStringList groupNames; // the settings that label names after the base name (ConfigurationLabel::named)
    RunCoverage coverage; // from the run's record: which changed lines reached a model
    QList<Item> references;
    // Comment id -> the id of the reference it finds by an annotator's link,
    // or as a key-bug comment of that group (threshold tuning counts
    // them as evaluateWorkspace() does).
    QHash<qint64, qint64> linkedReference;
    std::array<StageResult, StageCount> stages;
    // CQS §4 per tag at the last stage (TagEvaluation.h); empty when no
    // comment or reference has a tag.
    QMap<QString, TagOutcome> tags;
};

struct Evaluation
{
    QList<RunEvaluation> runs;
    ReferenceSetUsed referenceSet; // which references, named in every output
    bool semantic = false;
    QString semanticPrompt; // the judge's prompt, by semanticPromptName(), when semantic
    QStringList groups; // configurations' labels in first-seen order
    QList<ConfigurationIdentity> configurations; // the same configurations, same order
    QList<AgreementReport> agreements; // every pair of annotators with items both judged
    QList<CodeAgentMetrics> codeAgent; // CodeAgent runs' detection figures (codeagent.txt §4, CodeAgentMetrics.h)

    // Runs of one configuration at one stage, pooled: every run's merge
    // requests in one mean (and several reviewers' comments together).
    DefectMetrics defect(const QString &group, Stage stage) const;
    // The paper's protocol (Tables 3, 5, 7: "conducted three times to compute
    // the average"; App. R: min and max): the figures of each pass and their
    // mean, min and max, CPI averaged per pass.
    QList<RunPass> passes(const QString &group, Stage stage) const;
    RepeatedRuns perRun(const QString &group, Stage stage) const;
    // The same for passes already listed (their figures, in their order).
    static RepeatedRuns perRun(const QList<RunPass> &passes);
    AacrMetrics aacr(const QString &group, Stage stage) const;
    // The references found at a stage, by their category (or context level); "-" for none.
    QMap<QString, QList<qint64>> foundReferencesBy(const QString &group, Stage stage, bool byContext) const;
    QList<PrEvaluation> prs(const QString &group, Stage stage) const;
    QMap<QString, TagOutcome> tagOutcomes(const QString &group) const; // the runs' per-tag counts, summed

    // The papers' tables. Each cell lists the comments behind it.
    Table stageTable() const;      // configuration x stage: KBI, FAR1, CPI1, FAR2, CPI2, LSR, pooled over runs
    Table stageRunsTable() const;  // the same as mean (min-max) over passes (Tables 3, 5, 7; App. R)
    Table configurationTable() const; // one row per configuration at the last stage: slicing, reviewers, CoT, line format (Tables 2, 4, 6, 8)
    // Ablations (EvaluationAblations.cpp): runs grouped by one field of their
    // run configuration, taken together over the others (figures: mean over runs, as perRun()); runs without a readable
    // configuration are left out.
    Table slicingTable() const;    // slicing algorithm x stage: KBI, CPI1 (Table 3)
    Table reviewersTable() const;  // slicing x {meta, validator} x reviewers (Table 4)
    Table cotTable() const;        // slicing x stage x CoT on/off (Table 6)
    Table lineFormatTable() const; // {all, meta} x line-number format, with LSR (Table 8)
    Table aacrTable() const;       // avg comments, P/R/F1 line and semantic, noise (AACR-Bench Table 3)
    Table categoryTable() const;   // recall per category
    Table contextTable() const;    // recall per context level
    Table languageTable() const;   // P/R/F1 per language
    Table prCategoryTable() const; // P/R/F1 per PR category
    Table annotatorTable() const;  // accepted / judged per stage and category
    Table agreementTable() const;  // Cohen's kappa per pair of annotators and label (beside their precision)
    Table codeAgentTable() const;  // CodeAgent's hit rates, recall and F1 per task (CodeAgentMetrics.cpp)
    Table tagTable() const;        // CQS §4 per tag: located, exact tag match, rationale match (TagEvaluation.cpp)
    Table coverageTable() const;   // per configuration: changed lines reviewed, references found, missed, unreviewed (EvaluationCoverage.cpp)
    QList<Table> tables() const;
};

// A configuration's base name: "Left Flow, 3 reviewers, top-5, CoT, inline
// line numbers", "CodeAgent"; `fallback` (a run's label) without a
// configuration. Runs are grouped by ConfigurationIdentity, not by this name.
QString configurationName(const std::optional<RunConfig> &config, const QString &fallback);

Result<Evaluation> evaluateWorkspace(const WorkspaceStore &store, const Options &options);

} // namespace eval
} // namespace rd
