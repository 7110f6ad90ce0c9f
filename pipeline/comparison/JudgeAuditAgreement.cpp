// An imported judge against people's audit decisions on matching
// (docs/comparing.md, "People audit the judge"): accuracy and Cohen's
// (1960) kappa on the 2x2 table of the judge's matched / not matched and
// people's same / different, each with a percentile bootstrap interval
// over the audited merge requests (the toolkit, Resampling.h). The audit is
// a stratified sample, so the figures are weighted by each stratum's
// inverse inclusion probability ("The judge on all its decisions"); the
// unweighted ones are kept as the figures "on the audit sample".

#include "ComparisonEvidence.h"

#include <Resampling.h>

#include <cmath>

namespace rd::compare {

namespace {

using Table = JudgeAuditStanding::Table;
using Weights = std::array<double, 4>; // per stratum, AuditItemKind's order

struct AuditFigures
{
    std::optional<double> accuracy; // percent
    std::optional<double> kappa;
};

// Accuracy and Cohen's kappa of a 2x2 table of weighted counts (fractional:
// Agreement.h's kappaFromConfusion holds whole numbers only). Kappa is
// undefined when chance agreement is 1 (one decision on both sides).
AuditFigures auditFiguresOf(const Table &t)
{
    AuditFigures f;
    const double n = t.matchedSame + t.matchedDifferent + t.unmatchedSame + t.unmatchedDifferent;
    if (n <= 0)
        return f;
    const double agreeing = (t.matchedSame + t.unmatchedDifferent) / n;
    f.accuracy = 100.0 * agreeing;
    const double matched = (t.matchedSame + t.matchedDifferent) / n, same = (t.matchedSame + t.unmatchedSame) / n;
    const double chance = matched * same + (1 - matched) * (1 - same);
    if (std::abs(1 - chance) >= 1e-12)
        f.kappa = (agreeing - chance) / (1 - chance);
    return f;
}

// The table of the merge requests drawn `counts[i]` times each (all once
// when empty), each stratum's cells times its weight.
Table auditTableOf(const AuditEvidence &audit, const QList<int> &counts, const Weights &weights)
{
    std::array<double, 4> cells{0, 0, 0, 0};
    for (qsizetype i = 0; i < audit.perMergeRequest.size(); ++i) {
        const double times = counts.isEmpty() ? 1.0 : double(counts[i]);
        if (times == 0)
            continue;
        for (size_t stratum = 0; stratum < 4; ++stratum)
            for (size_t c = 0; c < 4; ++c)
                cells[c] += times * weights[stratum] * audit.perMergeRequest[i][stratum][c];
    }
    return Table{cells[0], cells[1], cells[2], cells[3]};
}

double nanIfEmpty(const std::optional<double> &v)
{
    return v.value_or(std::nan(""));
}

} // namespace

JudgeAuditStanding auditStandingOf(const AuditEvidence &audit, const Settings &settings)
{
    JudgeAuditStanding out;
    out.judge = audit.judge;
    out.mergeRequests = int(audit.perMergeRequest.size());
    // A stratum's weight is its inverse inclusion probability: its pairs
    // over the items people decided of them (docs/comparing.md). The
    // decided stratum's pairs are its items (weight 1); a stratum of which
    // people decided nothing has no items to stand for it (weight 0).
    out.strataItems = QList<int>(4, 0);
    for (const AuditEvidence::StrataCells &mergeRequest : audit.perMergeRequest)
        for (int stratum = 0; stratum < 4; ++stratum)
            for (int c : mergeRequest[size_t(stratum)])
                out.strataItems[stratum] += c;
    Weights weights{0, 0, 0, 0};
    const Weights unweighted{1, 1, 1, 1};
    for (int stratum = 0; stratum < 4; ++stratum) {
        out.strataPairs << audit.strataPairs[size_t(stratum)];
        if (out.strataItems[stratum] > 0)
            weights[size_t(stratum)] = double(audit.strataPairs[size_t(stratum)]) / double(out.strataItems[stratum]);
    }
    out.tableOnSample = auditTableOf(audit, {}, unweighted);
    out.table = auditTableOf(audit, {}, weights);
    out.items = out.strataItems[0] + out.strataItems[1] + out.strataItems[2] + out.strataItems[3];
    if (out.items == 0)
        return out;
    const AuditFigures onSample = auditFiguresOf(out.tableOnSample), weighted = auditFiguresOf(out.table);

    // The same resamples of the merge requests for every figure; the
    // weights stay those of the audit (its design), not refitted per resample.
    QList<double> accuracies, kappas, accuraciesOnSample, kappasOnSample;
    stats::Resampler resampler(out.mergeRequests, settings.seed);
    for (int b = 0; b < settings.resamples; ++b) {
        const QList<int> &counts = resampler.next();
        const AuditFigures s = auditFiguresOf(auditTableOf(audit, counts, unweighted)), w = auditFiguresOf(auditTableOf(audit, counts, weights));
        accuraciesOnSample << nanIfEmpty(s.accuracy);
        kappasOnSample << nanIfEmpty(s.kappa);
        accuracies << nanIfEmpty(w.accuracy);
        kappas << nanIfEmpty(w.kappa);
    }
    out.accuracy = stats::estimate(weighted.accuracy, accuracies, settings.level);
    out.kappa = stats::estimate(weighted.kappa, kappas, settings.level);
    out.accuracyOnSample = stats::estimate(onSample.accuracy, accuraciesOnSample, settings.level);
    out.kappaOnSample = stats::estimate(onSample.kappa, kappasOnSample, settings.level);
    return out;
}

} // namespace rd::compare
