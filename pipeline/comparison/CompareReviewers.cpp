// The statistics of a comparison: each judge's leaderboard with bootstrap
// intervals, the paired differences of every two reviewers, and Cohen's
// kappa between judges. Definitions and their sources: docs/comparing.md.

#include "BoardFigures.h"

#include <Agreement.h>
#include <WorkspaceOpening.h>
#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace rd::compare {

namespace {

struct Sums
{
    qint64 tp = 0, fp = 0, fn = 0;
};

// Code Review Bench's leaderboard (analysis/benchmark_dashboard.py,
// calculate_aggregate_metrics): the ratios of the summed counts; F-beta of
// the two fractions (F1 = 2PR/(P+R) for beta 1, the same operations in the
// same order), all in percent. Where upstream's denominator is 0 it returns
// 0; here the figure is undefined (NaN: no comment, no reference) and so is
// F-beta of it. F-beta of P = R = 0 is 0, as upstream. Where defined, the
// digits are upstream's (docs/comparing.md, "Precision, recall, F1").
std::array<double, 3> leaderboardFigures(const Sums &s, double beta)
{
    const double undefined = std::nan("");
    const double precision = s.tp + s.fp > 0 ? double(s.tp) / double(s.tp + s.fp) : undefined;
    const double recall = s.tp + s.fn > 0 ? double(s.tp) / double(s.tp + s.fn) : undefined;
    return {precision * 100, recall * 100, fBetaOfFractions(precision, recall, beta) * 100};
}

// The defect-focused paper's figures (App. M) of a run configuration's runs
// on the merge requests drawn, each as often as drawn.
std::array<std::optional<double>, 3> defectFigures(const ReviewerEvidence &r, const QList<int> *counts, QList<eval::MrOutcome> &scratch)
{
    scratch.clear();
    for (int i = 0; i < r.reviews.size(); ++i) {
        const int times = counts ? (*counts)[i] : 1;
        if (times == 0 || !r.reviews[i])
            continue;
        for (int t = 0; t < times; ++t)
            scratch.append(r.reviews[i]->runs);
    }
    const eval::DefectMetrics m = eval::defectMetrics(scratch);
    return {m.kbi, m.far1, m.cpi1};
}

Sums sumsOf(const ReviewerEvidence &r, const QList<int> *counts)
{
    Sums s;
    for (int i = 0; i < r.reviews.size(); ++i) {
        const std::optional<ReviewOnMergeRequest> &review = r.reviews[i];
        if (!review)
            continue;
        const qint64 times = counts ? (*counts)[i] : 1;
        s.tp += times * review->tp;
        s.fp += times * review->fp;
        s.fn += times * review->fn;
    }
    return s;
}

// A run configuration's economics on the merge requests drawn, each as
// often as drawn (docs/comparing.md, "Cost, coverage and what authors
// addressed"): cost per accepted comment in US dollars, coverage and the
// addressed rate in percent; NaN where a figure is undefined in the resample.
std::array<double, 3> economicsFigures(const ReviewerEvidence &r, const QList<int> *counts)
{
    double cost = 0;
    bool costKnown = true;
    qint64 accepted = 0, changed = 0, reviewed = 0, addressable = 0, addressed = 0;
    for (int i = 0; i < r.economicsOf.size(); ++i) {
        const std::optional<MergeRequestEconomics> &mr = r.economicsOf[i];
        const int times = counts ? (*counts)[i] : 1;
        if (!mr || times == 0)
            continue;
        if (mr->costUsd)
            cost += times * *mr->costUsd;
        else
            costKnown = false;
        accepted += times * mr->accepted;
        changed += times * mr->changedLines;
        reviewed += times * mr->reviewedLines;
        addressable += times * mr->addressable;
        addressed += times * mr->addressed;
    }
    const double undefined = std::nan("");
    return {costKnown && accepted > 0 ? cost / double(accepted) : undefined, changed > 0 ? 100.0 * double(reviewed) / double(changed) : undefined,
            addressable > 0 ? 100.0 * double(addressed) / double(addressable) : undefined};
}

// How far the resamples of all the judges' boards are, for the request's hooks.
struct BootstrapProgress
{
    const ComparisonRequest &request;
    qint64 done = 0;
    qint64 total = 0;

    // False when the request was cancelled.
    bool step()
    {
        ++done;
        if (request.progressed && (done % 64 == 0 || done == total))
            request.progressed(done, total);
        return !(request.cancelled && done % 16 == 0 && request.cancelled());
    }
};

JudgeBoard boardOf(const JudgeEvidence &judge, const Settings &settings, BootstrapProgress &progress)
{
    JudgeBoard board;
    board.judge = judge.name;
    board.kind = judge.kind;
    board.addressedDetector = judge.addressedDetector;
    board.mergeRequests = int(judge.mergeRequests.size());
    for (const QList<qint64> &refs : judge.references)
        board.references += int(refs.size());
    const qsizetype reviewers = judge.reviewers.size();

    // The same resamples of the merge requests for every reviewer (one
    // generator, one draw per resample): a pair of reviewers that both
    // reviewed every one of them is paired on these.
    QList<int> units(board.mergeRequests);
    std::iota(units.begin(), units.end(), 0);
    QList<qsizetype> everyone(reviewers);
    std::iota(everyone.begin(), everyone.end(), 0);
    // Cost per accepted, coverage, addressed rate: not compared in pairs.
    QList<std::array<QList<double>, 3>> economicsSamples(reviewers);
    const QList<FigureSamples> samples = resampledFigures(judge, units, everyone, settings, [&](const QList<int> &counts) {
        if (!progress.step())
            return false;
        for (qsizetype r = 0; r < reviewers; ++r)
            if (judge.reviewers[r].economics) {
                const auto figures = economicsFigures(judge.reviewers[r], &counts);
                for (int m = 0; m < 3; ++m)
                    economicsSamples[r][m] << figures[m];
            }
        return true;
    });
    if (samples.size() != reviewers)
        return board; // cancelled

    QList<ReviewerStanding> standings;
    QList<Figures> points;
    QList<eval::MrOutcome> scratch;
    for (qsizetype r = 0; r < reviewers; ++r) {
        const ReviewerEvidence &reviewer = judge.reviewers[r];
        ReviewerStanding s;
        s.reviewer = reviewer.name;
        s.kind = reviewer.kind;
        s.accepted = reviewer.accepted;
        s.runs = reviewer.runs;
        const Sums sums = sumsOf(reviewer, nullptr);
        s.tp = int(sums.tp);
        s.fp = int(sums.fp);
        s.fn = int(sums.fn);
        s.mergeRequests = int(std::count_if(reviewer.reviews.cbegin(), reviewer.reviews.cend(), [](const auto &review) { return review.has_value(); }));
        const Figures point = figuresOf(reviewer, nullptr, settings.beta, scratch);
        const RatioTerms terms = ratioTermsOf(reviewer, settings.beta);
        const auto estimateOf = [&](int m) {
            if (m < RatioMetricCount)
                return stats::studentizedEstimate(definedOrEmpty(point[m]), stats::ratioOfSums(terms[m], nullptr, 100).error, samples[r].values[m],
                                                  samples[r].errors[m], settings.level, 0, 100);
            return stats::estimate(definedOrEmpty(point[m]), samples[r].values[m], settings.level);
        };
        s.precision = estimateOf(0);
        s.recall = estimateOf(1);
        s.fBeta = estimateOf(2);
        if (reviewer.kind == ReviewerKind::Configuration) {
            s.kbi = estimateOf(3);
            s.far1 = estimateOf(4);
            s.cpi1 = estimateOf(5);
        }
        if (reviewer.economics) {
            const ReviewerEconomics &e = *reviewer.economics;
            s.economics = e;
            s.costUsd = e.cost.costUsd;
            if (s.costUsd && s.accepted && *s.accepted > 0)
                s.costPerAccepted = *s.costUsd / *s.accepted;
            const auto figures = economicsFigures(reviewer, nullptr);
            s.costPerAcceptedInterval = stats::estimate(s.costPerAccepted, economicsSamples[r][0], settings.level);
            s.coverage = stats::estimate(definedOrEmpty(figures[1]), economicsSamples[r][1], settings.level);
            s.addressedRate = stats::estimate(definedOrEmpty(figures[2]), economicsSamples[r][2], settings.level);
        }
        standings << s;
        points << point;
    }

    // Best F-beta first, an undefined one last (then by name, so that ties keep one order).
    QList<qsizetype> order(reviewers);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](qsizetype x, qsizetype y) {
        const double fx = points[x][2], fy = points[y][2];
        if (std::isnan(fx) != std::isnan(fy))
            return std::isnan(fy);
        return fx != fy && !std::isnan(fx) ? fx > fy : standings[x].reviewer < standings[y].reviewer;
    });
    for (qsizetype r : order)
        board.reviewers << standings[r];
    board.pairs = pairsOf(judge, order, points, samples, settings, progress.request.cancelled);
    setTiers(board, settings.level);
    return board;
}

} // namespace

Figures figuresOf(const ReviewerEvidence &reviewer, const QList<int> *counts, double beta, QList<eval::MrOutcome> &scratch)
{
    Figures out;
    out.fill(std::nan(""));
    const auto leaderboard = leaderboardFigures(sumsOf(reviewer, counts), beta);
    std::copy(leaderboard.cbegin(), leaderboard.cend(), out.begin());
    if (reviewer.kind == ReviewerKind::Configuration) {
        const auto defect = defectFigures(reviewer, counts, scratch);
        for (int m = 0; m < 3; ++m)
            out[3 + m] = defect[m].value_or(std::nan(""));
    }
    return out;
}

double fBetaOfFractions(double precision, double recall, double beta)
{
    if (std::isnan(precision) || std::isnan(recall))
        return std::nan("");
    const double b2 = beta * beta;
    return precision + recall > 0 ? (1 + b2) * precision * recall / (b2 * precision + recall) : 0.0;
}

std::optional<double> definedOrEmpty(double v)
{
    return std::isnan(v) ? std::nullopt : std::optional<double>(v);
}

RatioTerms ratioTermsOf(const ReviewerEvidence &reviewer, double beta)
{
    RatioTerms terms;
    const double b2 = beta * beta;
    for (stats::RatioOfSums &ratio : terms) {
        ratio.numerators.fill(0, reviewer.reviews.size());
        ratio.denominators.fill(0, reviewer.reviews.size());
    }
    for (qsizetype i = 0; i < reviewer.reviews.size(); ++i) {
        const std::optional<ReviewOnMergeRequest> &review = reviewer.reviews[i];
        if (!review)
            continue;
        const double tp = double(review->tp), fp = double(review->fp), fn = double(review->fn);
        terms[0].numerators[i] = tp;
        terms[0].denominators[i] = tp + fp;
        terms[1].numerators[i] = tp;
        terms[1].denominators[i] = tp + fn;
        terms[2].numerators[i] = (1 + b2) * tp;
        terms[2].denominators[i] = (1 + b2) * tp + fp + b2 * fn;
    }
    return terms;
}

MergeRequestResampler::MergeRequestResampler(const QList<int> &units, qsizetype all, quint64 seed)
    : m_units(units), m_resampler(int(units.size()), seed), m_counts(all, 0)
{
}

const QList<int> &MergeRequestResampler::next()
{
    const QList<int> &drawn = m_resampler.next();
    // Units that are all the judge's merge requests are in its order already.
    if (m_units.size() == m_counts.size())
        return drawn;
    for (qsizetype k = 0; k < m_units.size(); ++k)
        m_counts[m_units[k]] = drawn[k];
    return m_counts;
}

QList<FigureSamples> resampledFigures(const JudgeEvidence &judge, const QList<int> &units, const QList<qsizetype> &reviewers, const Settings &settings,
                                      const std::function<bool(const QList<int> &counts)> &each)
{
    QList<FigureSamples> samples(reviewers.size());
    QList<RatioTerms> terms;
    for (qsizetype k = 0; k < reviewers.size(); ++k) {
        for (QList<double> &values : samples[k].values)
            values.reserve(settings.resamples);
        for (QList<double> &errors : samples[k].errors)
            errors.reserve(settings.resamples);
        terms << ratioTermsOf(judge.reviewers[reviewers[k]], settings.beta);
    }
    MergeRequestResampler resampler(units, judge.mergeRequests.size(), settings.seed);
    QList<eval::MrOutcome> scratch;
    for (int b = 0; b < settings.resamples; ++b) {
        const QList<int> &drawnCounts = resampler.next();
        if (each && !each(drawnCounts))
            return {};
        for (qsizetype k = 0; k < reviewers.size(); ++k) {
            const Figures figures = figuresOf(judge.reviewers[reviewers[k]], &drawnCounts, settings.beta, scratch);
            for (int m = 0; m < MetricCount; ++m)
                samples[k].values[m] << figures[m];
            for (int m = 0; m < RatioMetricCount; ++m)
                samples[k].errors[m] << stats::ratioOfSums(terms[k][m], &drawnCounts, 100).error;
        }
    }
    return samples;
}

namespace {

// The decision "reference r was found by reviewer v on merge request m" of
// two judges, counted per merge request as a 2x2 table (found by both,
// only the first, only the second, neither).
struct SharedItems
{
    QList<std::array<int, 4>> perMergeRequest;
};

SharedItems sharedItems(const JudgeEvidence &x, const JudgeEvidence &y)
{
    SharedItems out;
    QHash<qint64, int> yIndex;
    for (int i = 0; i < y.mergeRequests.size(); ++i)
        yIndex.insert(y.mergeRequests[i], i);
    QHash<QString, const ReviewerEvidence *> yReviewers;
    for (const ReviewerEvidence &r : y.reviewers)
        yReviewers.insert(r.name, &r);
    for (int i = 0; i < x.mergeRequests.size(); ++i) {
        const auto j = yIndex.constFind(x.mergeRequests[i]);
        if (j == yIndex.cend())
            continue;
        const QList<qint64> &refs = x.references[i];
        const QList<qint64> &otherRefs = y.references[*j];
        std::array<int, 4> cells{0, 0, 0, 0};
        for (const ReviewerEvidence &rx : x.reviewers) {
            const ReviewerEvidence *ry = yReviewers.value(rx.name);
            if (!ry)
                continue;
            const auto &a = rx.reviews[i];
            const auto &b = ry->reviews[*j];
            if (!a || !b || a->skipped || b->skipped)
                continue;
            for (qint64 ref : refs) {
                if (!std::binary_search(otherRefs.cbegin(), otherRefs.cend(), ref))
                    continue;
                const bool foundX = std::binary_search(a->found.cbegin(), a->found.cend(), ref);
                const bool foundY = std::binary_search(b->found.cbegin(), b->found.cend(), ref);
                ++cells[(foundX ? 0 : 2) + (foundY ? 0 : 1)];
            }
        }
        if (cells[0] + cells[1] + cells[2] + cells[3] > 0)
            out.perMergeRequest << cells;
    }
    return out;
}

LabelAgreement kappaOfCells(const std::array<qint64, 4> &cells)
{
    // Cohen's kappa of two raters on one yes/no decision (Agreement.h).
    return kappaFromConfusion(TeamLabel::KeyBug, {QStringLiteral("yes"), QStringLiteral("no")},
                              {{int(cells[0]), int(cells[1])}, {int(cells[2]), int(cells[3])}});
}

JudgeAgreement agreementOf(const JudgeEvidence &x, const JudgeEvidence &y, const Settings &settings)
{
    JudgeAgreement out;
    out.a = x.name;
    out.b = y.name;
    const SharedItems shared = sharedItems(x, y);
    out.mergeRequests = int(shared.perMergeRequest.size());
    std::array<qint64, 4> total{0, 0, 0, 0};
    for (const auto &cells : shared.perMergeRequest)
        for (int c = 0; c < 4; ++c)
            total[c] += cells[c];
    out.items = int(total[0] + total[1] + total[2] + total[3]);
    if (out.items == 0)
        return out;
    const LabelAgreement point = kappaOfCells(total);
    out.kappa = point.kappa;
    out.agreement = point.percent();
    if (!out.kappa)
        return out;
    stats::Resampler resampler(out.mergeRequests, settings.seed);
    QList<double> kappas;
    kappas.reserve(settings.resamples);
    for (int b = 0; b < settings.resamples; ++b) {
        const QList<int> &counts = resampler.next();
        std::array<qint64, 4> cells{0, 0, 0, 0};
        for (int i = 0; i < counts.size(); ++i)
            for (int c = 0; c < 4; ++c)
                cells[c] += qint64(counts[i]) * shared.perMergeRequest[i][c];
        kappas << kappaOfCells(cells).kappa.value_or(std::nan("")); // undefined: left out
    }
    const stats::Estimate interval = stats::estimate(out.kappa, kappas, settings.level);
    out.low = interval.low;
    out.high = interval.high;
    return out;
}

// Holm multiplies the smallest p-value by the number of pairs m, and B
// resamples give no p-value below 2/(B + 1): when m · 2/(B + 1) is above
// alpha, no pair can separate two reviewers and every tier is "a" whatever
// the data. Said, with the resamples that would do (docs/comparing.md, "Tiers").
std::optional<QString> tiersCannotSeparateNote(const JudgeBoard &board, const Settings &settings)
{
    const auto pairs = std::count_if(board.pairs.cbegin(), board.pairs.cend(), [](const PairDifference &p) { return p.metric == Metric::FBeta && p.p; });
    const double alpha = 1 - settings.level;
    const double smallest = std::min(1.0, double(pairs) * stats::pValueFloor(settings.resamples));
    if (pairs == 0 || smallest <= alpha)
        return std::nullopt;
    return QCoreApplication::translate("rd::pipeline", "judge %1: with %2 %3 pairs and %4 resamples no Holm-adjusted p-value can be below %5, so the tiers "
                                                       "tell no reviewers apart at %6; --bootstrap %7 or more can")
        .arg(board.judge)
        .arg(pairs)
        .arg(metricKey(Metric::FBeta, settings.beta))
        .arg(settings.resamples)
        .arg(QString::number(smallest, 'g', 4), QString::number(alpha, 'g', 4))
        .arg(qint64(std::ceil(2.0 * double(pairs) / alpha)));
}

} // namespace

QString reviewerKindName(ReviewerKind kind)
{
    return kind == ReviewerKind::Tool ? QStringLiteral("tool") : QStringLiteral("configuration");
}

QString judgeKindName(JudgeKind kind)
{
    switch (kind) {
    case JudgeKind::People: return QStringLiteral("people");
    case JudgeKind::Imported: return QStringLiteral("imported");
    case JudgeKind::Audited: return QStringLiteral("audited");
    }
    return {};
}

QString metricKey(Metric metric, double beta)
{
    switch (metric) {
    case Metric::Precision: return QStringLiteral("precision");
    case Metric::Recall: return QStringLiteral("recall");
    case Metric::FBeta: return beta == 1 ? QStringLiteral("f1") : QStringLiteral("f_beta");
    case Metric::Kbi: return QStringLiteral("kbi");
    case Metric::Far1: return QStringLiteral("far1");
    case Metric::Cpi1: return QStringLiteral("cpi1");
    }
    return {};
}

Result<LabelFilter> labelFilterFromText(const QString &text)
{
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    LabelFilter f;
    f.name = eq > 0 ? text.left(eq).trimmed() : QString();
    if (eq > 0)
        for (const QString &v : text.mid(eq + 1).split(QLatin1Char(',')))
            if (!v.trimmed().isEmpty())
                f.values << v.trimmed();
    if (f.name.isEmpty() || f.values.isEmpty())
        return Error{Error::Kind::Usage,
                     QCoreApplication::translate("rd::pipeline", "--mr-filter takes LABEL=VALUE[,VALUE...] (e.g. language=Go or pr_size=large), not '%1'").arg(text)};
    return f;
}

Comparison compareEvidence(const Evidence &evidence, const ComparisonRequest &request)
{
    Comparison out;
    out.settings = request.settings;
    out.filters = request.filters;
    out.notes = evidence.notes;
    BootstrapProgress progress{request, 0, qint64(evidence.judges.size()) * request.settings.resamples};
    for (const JudgeEvidence &judge : evidence.judges) {
        out.judges << boardOf(judge, request.settings, progress);
        if (request.cancelled && request.cancelled())
            return out;
        if (const auto note = tiersCannotSeparateNote(out.judges.last(), request.settings))
            out.notes << *note;
    }
    // An audited board is its judge's matches with people's decisions in
    // place: its agreement with people is judge_audit, not a judge pair.
    for (qsizetype i = 0; i < evidence.judges.size(); ++i)
        for (qsizetype j = i + 1; j < evidence.judges.size(); ++j)
            if (evidence.judges[i].kind != JudgeKind::Audited && evidence.judges[j].kind != JudgeKind::Audited)
                out.agreement << agreementOf(evidence.judges[i], evidence.judges[j], request.settings);
    for (const AuditEvidence &audit : evidence.audits)
        out.judgeAudit << auditStandingOf(audit, request.settings);
    return out;
}

Result<Comparison> compareReviewers(const WorkspaceStore &store, const ComparisonRequest &request)
{
    const Settings &s = request.settings;
    if (s.resamples < 1 || s.resamples > 1'000'000)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the bootstrap takes 1 to 1,000,000 resamples, not %1").arg(s.resamples)};
    if (!(s.beta > 0) || !std::isfinite(s.beta))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "beta must be a number above 0, not %1").arg(s.beta)};
    if (!(s.level > 0 && s.level < 1))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the interval's level must lie between 0 and 1, not %1").arg(s.level)};
    auto evidence = readComparisonEvidence(store, request);
    if (!evidence)
        return evidence.error();
    Comparison comparison = compareEvidence(*evidence, request);
    // A comparison cut short has boards without figures: never a result.
    if (request.cancelled && request.cancelled())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the comparison was cancelled")};
    return comparison;
}

Result<Comparison> compareWorkspace(const QString &location, const ComparisonRequest &request)
{
    auto store = openWorkspaceStore(location, WorkspaceOpenMode::OpenExisting);
    if (!store)
        return store.error();
    return compareReviewers(**store, request);
}

} // namespace rd::compare
