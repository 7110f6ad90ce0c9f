#pragma once

// Ground truth made by a team (AACR-Bench §3.2, App. B.1): candidate
// comments of several runs and imports pooled per merge request and
// near-duplicates grouped; each merge request assigned to two or more
// annotators who judge blind; disagreements adjudicated. Plain values and
// pure functions: the store keeps them, the session and the CLI use them.

#include "Workspace.h"

#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// --- Candidate groups -------------------------------------------------------

// The grouping rule: two comments of one merge request are near-duplicates
// when they are on the same file and side, their line ranges overlap or
// touch (at most one line apart), and the token sets of their issue texts
// have a Jaccard similarity of at least `threshold` (0..1). Groups are the
// connected components of that relation (single linkage).
constexpr double DefaultGroupThreshold = 0.5;

// Lower-cased words and numbers of a text (letters, digits, '_'); a CJK
// character is a token of its own, so Chinese text groups too.
QSet<QString> issueTokens(const QString &text);
// |a ∩ b| / |a ∪ b|; 1 for two empty sets.
double tokenSimilarity(const QSet<QString> &a, const QSet<QString> &b);
bool areNearDuplicates(const ReviewComment &a, const ReviewComment &b, double threshold);

struct CandidateGroup
{
    qint64 id = 0;          // the smallest member id: stable while members stay
    QList<qint64> members;  // comment ids, ascending
};

// Groups `comments` (any merge requests; only comments of the same merge
// request group). Every comment is in exactly one group; groups are ordered
// by id.
QList<CandidateGroup> groupCandidates(const QList<StoredComment> &comments, double threshold);

// --- Assignment, blind mode -------------------------------------------------

struct Assignment
{
    qint64 mergeRequest = 0;
    QString annotator;
    QDateTime created;
};

// Every annotator needs a second one beside them.
constexpr int MinimumAnnotatorsPerItem = 2;

// Whether blind mode is on: the workspace's setting, else on as soon as the
// workspace has several annotators (assigned or judging).
bool blindModeFor(std::optional<bool> setting, int annotatorCount);

// The judgements of one comment that `viewer` may see. Their own always;
// in blind mode another annotator's only once the viewer has given the
// comment a verdict (so both have judged). An empty viewer (an export, an
// adjudicator's view) sees everything.
QList<Judgement> visibleJudgements(const QList<Judgement> &all, const QString &viewer, bool blind);
// How many judgements of other annotators blind mode hides from `viewer`.
int hiddenJudgementCount(const QList<Judgement> &all, const QString &viewer, bool blind);

// --- Final labels and adjudication -------------------------------------------

// The adjudicator's decision on a comment the annotators disagreed on; it
// is the comment's final label. `reason` is required.
struct Adjudication
{
    qint64 comment = 0;
    QString adjudicator;
    std::optional<Verdict> verdict;
    std::optional<int> q3Severity;
    std::optional<QString> category;
    std::optional<ContextLevel> context;
    std::optional<bool> keyBug;
    QString reason;
    QDateTime updated;
};

// The labels the annotators must agree on, each compared where both set it:
// verdict, category, context level, key bug, severity within ±1.
enum class TeamLabel { Verdict, Category, Context, KeyBug, Severity };
QList<TeamLabel> teamLabels();
QString teamLabelName(TeamLabel label); // "verdict", "category", "context", "key_bug", "severity"

// The labels on which two judgements differ (both set, different; severity:
// more than one apart).
QList<TeamLabel> disagreements(const Judgement &a, const Judgement &b);

struct FinalLabel
{
    enum class Status {
        Unjudged,     // nobody gave a verdict
        Single,       // one annotator's verdict; waits for a second
        Agreed,       // two or more verdicts, no disagreement: their label
        Disagreement, // waits for an adjudicator
        Adjudicated,  // the adjudicator's label
    };
    Status status = Status::Unjudged;
    std::optional<Verdict> verdict;
    std::optional<int> q3Severity;
    std::optional<QString> category;
    std::optional<ContextLevel> context;
    std::optional<bool> keyBug;
    QStringList annotators;      // who judged it (with a verdict)
    QList<TeamLabel> disputed;   // for Disagreement and Adjudicated: what differed
    QString adjudicator;
    QString reason;

    bool isFinal() const { return status == Status::Agreed || status == Status::Adjudicated; }
};

// The final label of one comment from its judgements (any annotators; those
// without a verdict are ignored) and its adjudication, if any. An
// adjudication always wins. Agreed labels take each field from the
// annotators: the common value; a field only some set, from them when they
// agree; severity within ±1 the lower (more cautious) of the two.
FinalLabel finalLabel(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication = {});

QString finalStatusName(FinalLabel::Status status); // "unjudged", "single", "agreed", "disagreement", "adjudicated"

// --- Labels decided one by one (what the evaluation reads) -----------------

// One label of a comment as the team has decided it, in this order: the
// adjudicator's value when they set one; else the value every annotator
// who set it gave (one annotator alone decides it); else pending, while
// annotators set it differently and nobody adjudicated it. Unlike
// finalLabel(), each label stands on its own: a dispute over the category
// leaves the key-bug flag the annotators agree on decided.
template <typename T>
struct DecidedLabel
{
    std::optional<T> value; // empty: nobody set it, or pending
    bool pending = false;
};

struct DecidedLabels
{
    DecidedLabel<Verdict> verdict;
    DecidedLabel<QString> category;
    DecidedLabel<ContextLevel> context;
    // A key bug only when the decided verdict is not Reject: an adjudicator's
    // (or the agreed) Reject removes the flag whoever set it. Pending while
    // the flag itself is disputed, or while it is set and the verdict is.
    DecidedLabel<bool> keyBug;

    bool isKeyBug() const { return keyBug.value.value_or(false); }
};

// Every judgement counts for the labels it sets (with a verdict or not).
DecidedLabels decidedLabels(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication = {});

} // namespace rd
