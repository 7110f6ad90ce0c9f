// Proof by simulation (issue 40): how often the product's 95 % intervals
// cover the truth, on benchmarks whose truth is known
// (tests/simulation: BenchmarkSimulation.h, CoverageStudy.h).
//
// Each benchmark draws 50 merge requests (--mrs) from a population of four
// kinds (1 to 12 references, difficulty 0.1 to 0.6), four reviewers of known
// detection and false-alarm rates, six more reviewers all alike (the null),
// 6 pairwise votes per merge request among four configurations of known
// Bradley–Terry strength, and three annotators of known accuracy labelling
// 3 to 30 comments per merge request; then runs compare::compareEvidence,
// rankConfigurations and krippendorffAlpha with --resamples resamples, as
// the product does, and checks each interval against its truth.
//
// Per interval kind, one subject per benchmark (benchmark b checks subject
// b mod subjects: reviewer, pair or configuration), so the benchmarks of a
// row are independent and the Wilson interval of its coverage is honest;
// --by-subject adds every subject's own row over all benchmarks, with its
// truth, the estimates' bias and spread, and the width the spread calls for. Then the null board: the share
// of benchmarks where any of its 15 pairs' F1 p-values is below 0.05, raw
// and Holm-adjusted (the family-wise error rate).
//
//   bench_coverage [--benchmarks N] [--resamples N] [--seed S] [--mrs N] [--by-subject]

#include <CoverageStudy.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>

#include <array>
#include <cstdio>

using namespace rd;
using namespace rd::simulation;

namespace {

constexpr std::array<IntervalKind, IntervalKindCount> allKinds{IntervalKind::Precision,    IntervalKind::Recall,   IntervalKind::F1,
                                                               IntervalKind::F1Difference, IntervalKind::Strength, IntervalKind::Alpha};

QString percent(double share)
{
    return QString::number(100 * share, 'f', 1);
}

QString shareCell(int successes, int n)
{
    const ShareInterval w = wilsonInterval(successes, n);
    return QStringLiteral("%1 % [%2, %3]").arg(percent(n > 0 ? double(successes) / n : 0), percent(w.low), percent(w.high));
}

QString unitOf(IntervalKind kind)
{
    switch (kind) {
    case IntervalKind::Precision:
    case IntervalKind::Recall:
    case IntervalKind::F1:
    case IntervalKind::F1Difference: return QStringLiteral(" pp");
    case IntervalKind::Strength: return QStringLiteral(" θ");
    case IntervalKind::Alpha: return QString();
    }
    return {};
}

void coverageRow(const QString &what, double level, const IntervalCoverage &t, IntervalKind kind)
{
    std::printf("| %s | %s %% | %d | %d | %s | %s%s | %d |\n", qPrintable(what), qPrintable(percent(level)), t.checked, t.covered,
                qPrintable(shareCell(t.covered, t.checked)), qPrintable(QString::number(t.meanWidth(), 'f', kind == IntervalKind::Alpha ? 3 : 2)),
                qPrintable(unitOf(kind)), t.withoutInterval);
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Coverage of the product's intervals on simulated benchmarks with known truth (issue 40)."));
    parser.addHelpOption();
    const QCommandLineOption benchmarksOption(QStringLiteral("benchmarks"), QStringLiteral("Simulated benchmarks (default 1000)."), QStringLiteral("N"),
                                              QStringLiteral("1000"));
    const QCommandLineOption resamplesOption(QStringLiteral("resamples"), QStringLiteral("Bootstrap resamples per interval (default 1000)."),
                                             QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption seedOption(QStringLiteral("seed"), QStringLiteral("Seed of the whole run (default 1)."), QStringLiteral("S"),
                                        QStringLiteral("1"));
    const QCommandLineOption mrsOption(QStringLiteral("mrs"), QStringLiteral("Merge requests per benchmark (default 50)."), QStringLiteral("N"),
                                       QStringLiteral("50"));
    const QCommandLineOption bySubjectOption(QStringLiteral("by-subject"), QStringLiteral("Also each reviewer's, pair's and configuration's own row."));
    parser.addOptions({benchmarksOption, resamplesOption, seedOption, mrsOption, bySubjectOption});
    parser.process(app);

    bool ok = true;
    const int benchmarks = parser.value(benchmarksOption).toInt(&ok);
    bool okResamples = true, okSeed = true, okMrs = true;
    const int resamples = parser.value(resamplesOption).toInt(&okResamples);
    const quint64 seed = parser.value(seedOption).toULongLong(&okSeed);
    const int mrs = parser.value(mrsOption).toInt(&okMrs);
    if (!ok || benchmarks < 1 || !okResamples || resamples < 1 || !okSeed || !okMrs || mrs < 2) {
        std::fprintf(stderr, "bench_coverage: --benchmarks and --resamples take a number from 1, --mrs from 2, --seed a number from 0\n");
        return 2;
    }

    CoverageDesign design = defaultCoverageDesign();
    design.resamples = resamples;
    design.mergeRequests = mrs;

    // [kind]: one subject per benchmark; [kind][subject]: every subject.
    std::array<IntervalCoverage, IntervalKindCount> rotating;
    std::array<QList<IntervalCoverage>, IntervalKindCount> bySubject;
    for (IntervalKind kind : allKinds)
        bySubject[int(kind)] = QList<IntervalCoverage>(subjectsOf(design, kind));
    int anyRejected = 0, anyHolmRejected = 0, nullPairs = 0;
    int onePairTested = 0, onePairRejected = 0; // the null pair b mod pairs of benchmark b

    QElapsedTimer timer;
    timer.start();
    for (int b = 0; b < benchmarks; ++b) {
        const BenchmarkOutcome outcome = runBenchmark(design, streamSeed(seed, quint64(b)));
        for (const IntervalCheck &c : outcome.checks) {
            bySubject[int(c.kind)][c.subject].add(c.truth, c.low, c.high, c.hasInterval);
            bySubject[int(c.kind)][c.subject].addEstimate(c.truth, c.value);
            if (c.subject == b % subjectsOf(design, c.kind))
                rotating[int(c.kind)].add(c.truth, c.low, c.high, c.hasInterval);
        }
        anyRejected += outcome.anyRejected ? 1 : 0;
        anyHolmRejected += outcome.anyHolmRejected ? 1 : 0;
        nullPairs = std::max(nullPairs, outcome.nullPairs);
        if (!outcome.nullP.isEmpty())
            if (const std::optional<double> p = outcome.nullP[b % outcome.nullP.size()]) {
                ++onePairTested;
                onePairRejected += *p < 1 - design.level ? 1 : 0;
            }
        if ((b + 1) % 100 == 0)
            std::fprintf(stderr, "bench_coverage: %d of %d benchmarks, %.0f s\n", b + 1, benchmarks, timer.elapsed() / 1000.0);
    }

    std::printf("%d benchmarks of %d merge requests, %d resamples, seed %llu (%.0f s)\n\n", benchmarks, mrs, resamples, static_cast<unsigned long long>(seed),
                timer.elapsed() / 1000.0);
    std::printf("| interval | nominal | benchmarks | covered | coverage [Wilson 95 %%] | mean width | no interval |\n");
    std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
    for (IntervalKind kind : allKinds)
        coverageRow(intervalKindName(kind), design.level, rotating[int(kind)], kind);
    if (parser.isSet(bySubjectOption)) {
        // Every subject over every benchmark: is the estimate centred on the
        // truth, and is the interval as wide as the estimates' spread says
        // it should be (width ÷ 3.92 sd about 1 for a 95 % interval)?
        std::printf("\n| subject (truth) | benchmarks | coverage [Wilson 95 %%] | mean width | bias of the estimate | sd of the estimate | width ÷ (3.92 sd) |\n");
        std::printf("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (IntervalKind kind : allKinds)
            for (int s = 0; s < bySubject[int(kind)].size(); ++s) {
                const IntervalCoverage &t = bySubject[int(kind)][s];
                const int digits = kind == IntervalKind::Alpha ? 3 : 2;
                std::printf("| %s, %s (%s) | %d | %s | %s%s | %s | %s | %s |\n", qPrintable(intervalKindName(kind)), qPrintable(subjectName(design, kind, s)),
                            qPrintable(QString::number(truthOf(design, kind, s), 'f', digits + 1)), t.checked, qPrintable(shareCell(t.covered, t.checked)),
                            qPrintable(QString::number(t.meanWidth(), 'f', digits)), qPrintable(unitOf(kind)), qPrintable(QString::number(t.bias(), 'f', digits + 1)),
                            qPrintable(QString::number(t.spread(), 'f', digits)),
                            qPrintable(t.spread() > 0 ? QString::number(t.meanWidth() / (2 * 1.959963984540054 * t.spread()), 'f', 3) : QStringLiteral("—")));
            }
    }

    std::printf("\n| null board: %d reviewers alike, %d pairs on F1 | nominal | benchmarks | with p < %.2f | share [Wilson 95 %%] |\n",
                int(design.equalReviewers.size()), nullPairs, 1 - design.level);
    std::printf("| --- | --- | --- | --- | --- |\n");
    std::printf("| one pair per benchmark, unadjusted p (the test's size) | %s %% | %d | %d | %s |\n", qPrintable(percent(1 - design.level)), onePairTested,
                onePairRejected, qPrintable(shareCell(onePairRejected, onePairTested)));
    std::printf("| any pair, unadjusted p | none | %d | %d | %s |\n", benchmarks, anyRejected,
                qPrintable(shareCell(anyRejected, benchmarks)));
    std::printf("| any pair, Holm-adjusted p | ≤ %s %% | %d | %d | %s |\n", qPrintable(percent(1 - design.level)), benchmarks, anyHolmRejected,
                qPrintable(shareCell(anyHolmRejected, benchmarks)));
    return 0;
}
