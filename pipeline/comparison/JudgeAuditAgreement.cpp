// An imported judge against people's audit decisions on matching
// (docs/comparing.md, "People audit the judge"): accuracy and Cohen's
// (1960) kappa on the 2x2 table of the judge's matched / not matched and
// people's same / different, each with a percentile bootstrap interval
// over the audited merge requests (the toolkit, Resampling.h).

#include "ComparisonEvidence.h"

#include <Agreement.h>
#include <Resampling.h>

namespace rd::compare {

namespace {

LabelAgreement auditKappaOf(const std::array<qint64, 4> &cells)
{
    // Rows: the judge (matched, not); columns: people (same, different).
    return kappaFromConfusion(TeamLabel::KeyBug, {QStringLiteral("same"), QStringLiteral("different")},
                              {{int(cells[0]), int(cells[1])}, {int(cells[2]), int(cells[3])}});
}

std::optional<double> auditAccuracyOf(const std::array<qint64, 4> &cells)
{
    const qint64 items = cells[0] + cells[1] + cells[2] + cells[3];
    if (items == 0)
        return std::nullopt;
    return 100.0 * double(cells[0] + cells[3]) / double(items);
}

} // namespace

JudgeAuditStanding auditStandingOf(const AuditEvidence &audit, const Settings &settings)
{
    JudgeAuditStanding out;
    out.judge = audit.judge;
    out.mergeRequests = int(audit.perMergeRequest.size());
    std::array<qint64, 4> total{0, 0, 0, 0};
    for (const auto &cells : audit.perMergeRequest)
        for (int c = 0; c < 4; ++c)
            total[c] += cells[c];
    out.matchedSame = int(total[0]);
    out.matchedDifferent = int(total[1]);
    out.unmatchedSame = int(total[2]);
    out.unmatchedDifferent = int(total[3]);
    out.items = int(total[0] + total[1] + total[2] + total[3]);
    if (out.items == 0)
        return out;
    out.accuracy.value = auditAccuracyOf(total);
    out.kappa = auditKappaOf(total).kappa;

    QList<double> accuracies, kappas;
    accuracies.reserve(settings.resamples);
    kappas.reserve(settings.resamples);
    stats::Resampler resampler(out.mergeRequests, settings.seed);
    for (int b = 0; b < settings.resamples; ++b) {
        const QList<int> &counts = resampler.next();
        std::array<qint64, 4> cells{0, 0, 0, 0};
        for (int i = 0; i < counts.size(); ++i)
            for (int c = 0; c < 4; ++c)
                cells[c] += qint64(counts[i]) * audit.perMergeRequest[i][c];
        if (const auto a = auditAccuracyOf(cells))
            accuracies << *a;
        if (const auto k = auditKappaOf(cells).kappa)
            kappas << *k;
    }
    out.accuracy.resamples = int(accuracies.size());
    const stats::Estimate accuracy = stats::estimate(out.accuracy.value, accuracies, settings.level);
    out.accuracy.low = accuracy.low;
    out.accuracy.high = accuracy.high;
    out.kappaResamples = int(kappas.size());
    if (out.kappa) {
        const stats::Estimate kappa = stats::estimate(out.kappa, kappas, settings.level);
        out.kappaLow = kappa.low;
        out.kappaHigh = kappa.high;
    }
    return out;
}

} // namespace rd::compare
