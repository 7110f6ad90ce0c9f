#include "EvalMetrics.h"

#include <algorithm>

namespace rd::eval {

double cpi(double kbi, double far)
{
    const double precision = 100.0 - far;
    if (kbi + precision <= 0.0)
        return 0.0;
    return 2.0 * kbi * precision / (kbi + precision);
}

DefectMetrics defectMetrics(const QList<MrOutcome> &mergeRequests)
{
    DefectMetrics m;
    m.mergeRequests = static_cast<int>(mergeRequests.size());
    double farSum = 0, far2Sum = 0, lsrSum = 0;
    for (const MrOutcome &mr : mergeRequests) {
        m.keyIssues += mr.keyIssues;
        m.keyIssuesFound += mr.keyIssuesFound;
        m.comments += mr.comments;
        m.falseAlarms += mr.falseAlarms;
        if (mr.comments == 0) {
            ++m.withoutComments;
            continue; // adds 0 to FAR1's sum and 0 to LSR's: no false alarm, no located line
        }
        const double far = 100.0 * mr.falseAlarms / mr.comments;
        farSum += far;
        lsrSum += 100.0 * mr.validLines / mr.comments;
        if (mr.keyIssuesFound > 0) {
            far2Sum += far;
            ++m.recalled;
        }
    }
    if (m.keyIssues > 0)
        m.kbi = 100.0 * m.keyIssuesFound / m.keyIssues;
    if (m.mergeRequests > 0)
        m.far1 = farSum / m.mergeRequests;
    if (m.recalled > 0)
        m.far2 = far2Sum / m.recalled;
    if (m.mergeRequests > 0)
        m.lsr = lsrSum / m.mergeRequests; // Eq. 6 divides by N, as Eq. 2 does
    if (m.kbi && m.far1)
        m.cpi1 = cpi(*m.kbi, *m.far1);
    if (m.kbi && m.far2)
        m.cpi2 = cpi(*m.kbi, *m.far2);
    return m;
}

Spread spreadOf(const QList<std::optional<double>> &values)
{
    Spread out;
    double sum = 0;
    for (const std::optional<double> &v : values) {
        if (!v)
            continue;
        sum += *v;
        ++out.runs;
        out.min = out.min ? std::min(*out.min, *v) : *v;
        out.max = out.max ? std::max(*out.max, *v) : *v;
    }
    if (out.runs > 0)
        out.mean = sum / out.runs;
    return out;
}

RepeatedRuns repeatedRuns(const QList<DefectMetrics> &runs)
{
    RepeatedRuns out;
    out.runs = runs;
    const auto figures = [&](std::optional<double> DefectMetrics::*which) {
        QList<std::optional<double>> values;
        for (const DefectMetrics &m : runs)
            values << m.*which;
        return spreadOf(values);
    };
    out.kbi = figures(&DefectMetrics::kbi);
    out.far1 = figures(&DefectMetrics::far1);
    out.cpi1 = figures(&DefectMetrics::cpi1);
    out.far2 = figures(&DefectMetrics::far2);
    out.cpi2 = figures(&DefectMetrics::cpi2);
    out.lsr = figures(&DefectMetrics::lsr);
    return out;
}

DefectMetrics RepeatedRuns::mean() const
{
    DefectMetrics m;
    m.kbi = kbi.mean;
    m.far1 = far1.mean;
    m.cpi1 = cpi1.mean;
    m.far2 = far2.mean;
    m.cpi2 = cpi2.mean;
    m.lsr = lsr.mean;
    return m;
}

std::optional<double> Ratio::percent() const
{
    if (whole <= 0)
        return std::nullopt;
    return 100.0 * part / whole;
}

std::optional<double> PrecisionRecall::f1() const
{
    const auto p = precision.percent();
    const auto r = recall.percent();
    if (!p || !r)
        return std::nullopt;
    if (*p + *r <= 0)
        return 0.0;
    return 2.0 * *p * *r / (*p + *r);
}

AacrMetrics aacrMetrics(const QList<PrEvaluation> &prs)
{
    AacrMetrics m;
    bool anySemantic = false;
    PrecisionRecall semantic;
    for (const PrEvaluation &pr : prs) {
        ++m.pullRequests;
        const int n = static_cast<int>(pr.generated.size());
        const int refs = static_cast<int>(pr.references.size());
        m.generated += n;
        m.references += refs;
        if (pr.patches)
            m.patches += *pr.patches;
        else
            ++m.prsWithoutPatches;
        const QList<bool> byLine = pr.match.referencesFoundByLine(refs);
        const QList<bool> byMeaning = pr.match.referencesFoundSemantically(refs);
        const int lineMatched = pr.match.lineMatchedComments();
        const int meaningMatched = pr.match.semanticMatchedComments();
        m.line.precision.part += lineMatched;
        m.line.precision.whole += n;
        m.line.recall.part += static_cast<int>(byLine.count(true));
        m.line.recall.whole += refs;
        semantic.precision.part += meaningMatched;
        semantic.precision.whole += n;
        semantic.recall.part += static_cast<int>(byMeaning.count(true));
        semantic.recall.whole += refs;
        anySemantic = anySemantic || pr.semantic;
        const QList<bool> &found = pr.semantic ? byMeaning : byLine;
        for (int r = 0; r < refs; ++r) {
            const Item &ref = pr.references[r];
            Ratio &category = m.recallByCategory[ref.category.isEmpty() ? QStringLiteral("-") : ref.category];
            Ratio &context = m.recallByContext[ref.context.isEmpty() ? QStringLiteral("-") : ref.context];
            ++category.whole;
            ++context.whole;
            if (found[r]) {
                ++category.part;
                ++context.part;
            }
        }
        m.noise.part += n - (pr.semantic ? meaningMatched : lineMatched);
        m.noise.whole += n;
    }
    if (anySemantic)
        m.semantic = semantic;
    m.commentsPerPr = m.pullRequests > 0 ? double(m.generated) / m.pullRequests : 0.0;
    if (m.prsWithoutPatches == 0 && m.patches > 0)
        m.commentsPerPatch = double(m.generated) / m.patches;
    return m;
}

namespace {

template <typename KeyOf>
QMap<QString, AacrMetrics> grouped(const QList<PrEvaluation> &prs, KeyOf keyOf)
{
    QMap<QString, QList<PrEvaluation>> groups;
    for (const PrEvaluation &pr : prs) {
        const QString key = keyOf(pr);
        groups[key.isEmpty() ? QStringLiteral("-") : key].append(pr);
    }
    QMap<QString, AacrMetrics> out;
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        out.insert(it.key(), aacrMetrics(it.value()));
    return out;
}

} // namespace

QMap<QString, AacrMetrics> aacrMetricsByLanguage(const QList<PrEvaluation> &prs)
{
    return grouped(prs, [](const PrEvaluation &pr) { return pr.language; });
}

QMap<QString, AacrMetrics> aacrMetricsByPrCategory(const QList<PrEvaluation> &prs)
{
    return grouped(prs, [](const PrEvaluation &pr) { return pr.prCategory; });
}

} // namespace rd::eval
