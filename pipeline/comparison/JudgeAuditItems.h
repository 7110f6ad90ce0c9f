#pragma once

// What people audit of the benchmark judges (issue 34, "People audit the
// judge"): (candidate comment, reference) pairs, each with every judge's
// decision on it (matched or not, confidence, reasoning) and people's
// decisions. Selected as docs/comparing.md ("People audit the judge")
// defines: every pair the judges disagree on; a seeded sample of their
// agreements (pairs every judge matched, and near misses no judge matched);
// and every pair people have decided already. Headless: `reviewdesk-cli
// audit`, the JudgeAudit session model and `compare` read the same items.

#include <JudgeAuditStore.h>
#include <Result.h>

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace rd {

class WorkspaceStore;

namespace compare {

enum class AuditItemKind {
    Disagreement, // some judges matched the pair, others that judged the review did not
    Agreement,    // every judge that judged the review matched it (sampled)
    NearMiss,     // no judge matched it: an unmatched candidate and its nearest missed reference (sampled)
    Decided,      // none of these, but people decided it
};
QString auditItemKindName(AuditItemKind kind); // disagreement, agreement, near-miss, decided

// One judge's decision on a pair.
struct JudgeOnPair
{
    QString judge;
    bool matched = false;
    std::optional<double> confidence; // of its match; empty when it did not match
    QString reasoning;                // of its match; empty when it did not match
    QString verdict;                  // on the candidate: matched, unmatched, superseded (Benchmark.h)
};

struct AuditItem
{
    AuditItemKind kind = AuditItemKind::Disagreement;
    qint64 mergeRequest = 0;
    QString mergeRequestTitle;
    QString mergeRequestUrl;
    QString reviewer;       // the tool whose comment the candidate is
    qint64 comment = 0;     // the candidate
    QString candidateText;
    QString candidateFile;  // empty when the tool did not comment inline
    int candidateLine = 0;  // 0: no line
    qint64 reference = 0;   // the golden comment
    QString referenceText;
    QString severity;       // the golden comment's, as the benchmark wrote it
    QList<JudgeOnPair> judges;               // every judge that judged the review (not skipped), by name
    QList<JudgeAuditDecision> decisions;     // people's, by annotator

    // The annotator's decision on this pair; empty when they made none.
    std::optional<AuditDecision> decisionOf(const QString &annotator) const;
};

struct AuditSelection
{
    int sample = 20;  // agreements drawn (half from matches, half from near misses)
    quint64 seed = 1; // of the draw (std::mt19937_64, as the bootstrap)
};

struct AuditItems
{
    QStringList judges;     // every imported judge, by name
    QList<AuditItem> items; // by merge request, reviewer, candidate and reference
    int disagreements = 0;  // pairs the judges disagree on (all listed)
    int agreements = 0;     // pairs every judge matched (the pool sampled from)
    int nearMisses = 0;     // near misses (the pool sampled from)
    int sampled = 0;        // agreements and near misses drawn
};

// Reads the judges' verdicts, the comments and people's decisions and
// selects the items; an error when the workspace cannot be read, the sample
// is negative, or no judge's verdicts are stored.
Result<AuditItems> auditItems(const WorkspaceStore &store, const AuditSelection &selection);

// People's decision on a pair from every annotator's: "same" (true) when
// more of them said same than different, "different" (false) when fewer;
// empty on a tie or when they were only unsure (docs/comparing.md).
std::optional<bool> peopleSaySame(const QList<JudgeAuditDecision> &decisions);

// A Jaccard index of the two texts' words (lower case, letters and digits,
// 3 characters or more): how near misses are paired (docs/comparing.md).
double wordOverlap(const QString &a, const QString &b);

// k of the n indices 0..n-1, drawn without replacement from a
// std::mt19937_64 seeded with `seed` (a partial Fisher–Yates shuffle with
// the toolkit's unbiased stats::indexBelow, Resampling.h), ascending.
QList<int> seededDraw(int n, int k, quint64 seed);

// The stratum of every pair of the audit's three sampled strata
// (Disagreement, Agreement, NearMiss), whether drawn or not: candidate
// comment -> (reference, kind). A pair people decided that is in none of
// them is of the stratum Decided (docs/comparing.md, "The judge on all its
// decisions"). From every judge's verdicts, as auditItems classifies them.
using AuditPairKinds = QHash<qint64, QList<std::pair<qint64, AuditItemKind>>>;
Result<AuditPairKinds> auditPairKinds(const WorkspaceStore &store);

} // namespace compare
} // namespace rd
