#pragma once

// Matching generated review comments to reference issues (ground truth), as
// AACR-Bench defines it (App. C.1 and its released evaluator) and as
// ReviewDesk counts it by default (one-to-one). Pure functions: no store, no
// network; the semantic judge is passed in.

#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace rd::eval {

// Where a comment sits. Lines are 1-based and inclusive. ReviewDesk's rule
// reads a missing `from` as `to` and the other way round, and no lines at all
// never line-match; AACR-Bench's rule skips the line check instead.
struct Location
{
    QString path;
    QString side; // "left"/"old", "right"/"new", or empty when unknown
    std::optional<int> from;
    std::optional<int> to;
    // The record has no side at all (the released evaluator's None), which
    // is not the same as an empty side: only AACR-Bench's rule tells them apart.
    bool sideAbsent = false;
};

// One comment taking part in a match: a generated one or a reference.
struct Item
{
    qint64 id = 0;  // the workspace's comment id, or the position in a file
    Location where;
    QString text;     // what the semantic judge reads
    QString category; // references: AACR category
    QString context;  // references: Diff Level / File Level / Repo Level
    QString key;      // upstream-compatible counting: the reference's `id` as the evaluator reads it
};

// Lines between two ranges: 0 when they overlap, 1 when adjacent (3-4 and
// 5-6 are 1 apart), empty when either has no line.
std::optional<int> lineGap(const Location &a, const Location &b);
// The sides name the same side of the diff, or one is not given.
bool sameSide(const QString &a, const QString &b);
// ReviewDesk's location rule for workspace comments: same path, same side
// when both have one ("old" = "left", "new" = "right", any case), and the
// ranges (ends in either order) overlap or lie at most `maxDistance` lines apart.
bool locationMatches(const Location &generated, const Location &reference, int maxDistance);
// AACR-Bench's location rule, exactly as the released evaluator's
// match_location() and is_line_range_overlapping() apply it: paths compared
// only when both are non-empty (after normalize_path(): "\" is "/"); sides
// compared as written (case-sensitive; "" is a side, only sideAbsent is
// none); lines compared only when both comments have from and to (0 counts
// as missing, as `from_line or ...` reads it) and then on the ends as given,
// so a reversed range overlaps nothing and lies min(|s1 - e2|, |e1 - s2|) away.
bool aacrLocationMatches(const Location &generated, const Location &reference, int maxDistance);

enum class LocationRule {
    Workspace, // locationMatches()
    AacrBench, // aacrLocationMatches()
};

enum class MatchKind { None, Link, Line, Semantic };

// Does generated comment `g` say the same as reference `r` (indices)?
using SemanticJudge = std::function<bool(int g, int r)>;

struct MatchOptions
{
    int maxDistance = 1;
    // (generated index, reference index) pairs an annotator linked by hand.
    QList<std::pair<int, int>> links;
    SemanticJudge semantic; // empty: no semantic matching
    LocationRule rule = LocationRule::Workspace;
};

// Per generated comment (same order as the input): the reference it took by
// line (or link) and by meaning, -1 when none.
struct MatchResult
{
    QList<int> lineReference;
    QList<int> semanticReference;
    QList<MatchKind> kind;      // the strongest kind that matched the comment
    QList<int> distance;        // lines between it and its line reference, -1 when none
    int semanticQuestions = 0;  // how often the judge was asked

    int lineMatchedComments() const;
    int semanticMatchedComments() const;
    // Which references were found, by line (or link) and by meaning.
    QList<bool> referencesFoundByLine(int referenceCount) const;
    QList<bool> referencesFoundSemantically(int referenceCount) const;
};

// ReviewDesk's counting: links first; then the generated comments in the
// order given (file order), each taking the first still-unmatched reference
// whose location matches (by options.rule); then, if a judge is given, the same for meaning
// among location-matching references (and, under ReviewDesk's rule, for a
// comment without lines, the references of its file and side). Each reference and each comment
// counts at most once per kind.
MatchResult matchOneToOne(const QList<Item> &generated, const QList<Item> &references, const MatchOptions &options);

// The defect-focused paper's false alarms (App. M.2: "all comments unrelated
// to key issues"), per generated comment: true when it took no reference in
// `match` (by meaning when `bySemantic`, else by line or link), no annotator
// linked it to one, and it meets no reference's location rule (and, with a
// judge in `options`, the judge does not say they are the same concern). A
// second comment on an issue another comment already took is therefore no
// false alarm, though the one-to-one match (AACR-Bench precision) leaves it unmatched.
QList<bool> unrelatedToAnyKeyIssue(const QList<Item> &generated, const QList<Item> &references, const MatchOptions &options,
                                   const MatchResult &match, bool bySemantic);

// The released AACR-Bench evaluator's counts for one PR, under its field names.
struct UpstreamCounts
{
    int positiveExpected = 0;   // positive_expected_nums
    int totalGenerated = 0;     // total_generated_nums
    int positiveLineMatch = 0;  // positive_line_match_nums
    int positiveMatch = 0;      // positive_match_nums
    int unmatched = 0;          // unmatched_nums (only counted with semantic matching)
};

// The released evaluator's loop (_match_all_comments()), reproduced, with its
// location rule (aacrLocationMatches()): references are told apart by
// Item::key only (the released dataset has no `id`, so every key is the
// same and after the first match in a PR every reference counts as taken);
// a generated comment takes every location-matching reference whose key is
// still free but counts once; the semantic judge is asked for each location
// match whose key is not yet semantically taken, and the first "yes" ends
// the comment's loop. Comments and references with empty text are skipped.
UpstreamCounts matchUpstream(const QList<Item> &generated, const QList<Item> &references, int maxDistance,
                             const SemanticJudge &semantic = {});

} // namespace rd::eval
