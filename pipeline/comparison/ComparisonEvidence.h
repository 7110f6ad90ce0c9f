#pragma once

// What a comparison rests on, read from the workspace once: per judge, the
// merge requests it judged (after the label filters), their references, and
// per reviewer what the judge decided on each merge request. The statistics
// (CompareReviewers.cpp) are pure functions of this, so tests can hand them
// an evidence whose answer is known.

#include "Comparison.h"

#include <EvalMetrics.h>

#include <QList>
#include <QString>

#include <array>
#include <optional>

namespace rd::compare {

// One reviewer on one merge request under one judge.
struct ReviewOnMergeRequest
{
    bool skipped = false;  // the judge skipped it: counts nothing, but the merge request counts (as upstream)
    int tp = 0;            // references found (summed over a configuration's runs on it)
    int fp = 0;            // comments that found none
    int fn = 0;            // references missed
    QList<qint64> found;   // the references found (by any of its runs), ascending
    QList<eval::MrOutcome> runs; // a run configuration's runs here, at the last stage (KBI/FAR/CPI)
};

struct ReviewerEvidence
{
    QString name;
    ReviewerKind kind = ReviewerKind::Tool;
    // Per JudgeEvidence::mergeRequests index; empty where it has no entry.
    QList<std::optional<ReviewOnMergeRequest>> reviews;
    std::optional<int> accepted;
    int runs = 0;
    // A run configuration's cost, coverage and addressed comments, and the
    // same per merge request (by JudgeEvidence::mergeRequests index) for the
    // bootstrap; empty for tools.
    std::optional<ReviewerEconomics> economics;
    QList<std::optional<MergeRequestEconomics>> economicsOf;
};

struct JudgeEvidence
{
    QString name;
    JudgeKind kind = JudgeKind::Imported;
    QList<qint64> mergeRequests;
    QList<QList<qint64>> references; // per merge request, ascending
    QList<ReviewerEvidence> reviewers;
    std::optional<DetectorAgreement> addressedDetector; // people's judge only
};

// People's audit of one imported judge: per merge request with audited
// pairs, per stratum of the audit (AuditItemKind's order: disagreement,
// agreement, near miss, decided), the 2x2 table {matched & same, matched &
// different, unmatched & same, unmatched & different}
// (JudgeAuditStanding's order); and per stratum the pairs the judge judged
// in the merge requests compared, people decided them or not.
struct AuditEvidence
{
    using Cells = std::array<int, 4>;
    using StrataCells = std::array<Cells, 4>;
    QString judge;
    QList<StrataCells> perMergeRequest;
    std::array<int, 4> strataPairs{0, 0, 0, 0};
};

struct Evidence
{
    QList<JudgeEvidence> judges; // an audited judge's board follows the judge's
    QList<AuditEvidence> audits;
    QStringList notes;
};

// The judges the request asks for (an unknown --judge is an error naming the
// known ones; a filter no merge request passes is an error naming the values).
Result<Evidence> readComparisonEvidence(const WorkspaceStore &store, const ComparisonRequest &request);

// The comparison of the evidence (CompareReviewers.cpp): boards, pairs and agreement.
Comparison compareEvidence(const Evidence &evidence, const ComparisonRequest &request);

// The name people's verdicts go by, as a judge.
QString peopleJudgeName();
// The name of an imported judge's board under people's audit decisions.
QString auditedJudgeName(const QString &judge);

// An imported judge against people's audit (JudgeAuditAgreement.cpp).
JudgeAuditStanding auditStandingOf(const AuditEvidence &audit, const Settings &settings);

} // namespace rd::compare
