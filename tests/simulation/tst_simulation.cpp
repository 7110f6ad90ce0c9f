// Benchmarks with known truth (issue 40, tests/simulation): the truths on
// populations small enough to compute by hand, large draws whose figures
// (through the product's own estimators) come near the truths, the draws
// themselves, a seed that gives the same benchmark twice, and a few seeded
// benchmarks whose intervals cover as they should (bench_coverage runs
// thousands).

#include <BenchmarkSimulation.h>
#include <CoverageStudy.h>

#include <QTest>

#include <cmath>

using namespace rd;
using namespace rd::simulation;

namespace {

const compare::ReviewerStanding &standing(const compare::JudgeBoard &board, const QString &reviewer)
{
    for (const compare::ReviewerStanding &s : board.reviewers)
        if (s.reviewer == reviewer)
            return s;
    qFatal("no reviewer %s", qPrintable(reviewer));
}

compare::JudgeBoard pointBoard(const QList<SimulatedReviewer> &reviewers, const ReviewerOutcomes &outcomes)
{
    compare::Evidence evidence;
    evidence.judges << judgeEvidenceOf(QStringLiteral("simulated"), reviewers, outcomes);
    compare::ComparisonRequest request;
    request.settings.resamples = 1;
    return compare::compareEvidence(evidence, request).judges.first();
}

} // namespace

class TestSimulation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    // Two kinds of merge request, equally common: 2 references at difficulty
    // 0.5, 4 at 0. Detection 0.6: E[tp] = 2·0.3 + 4·0.6 = 3 of 6 references;
    // E[fp] = 0.25 · 6 = 1.5. Recall 3/6, precision 3/4.5, F1 4/7 — the
    // ratio of sums, not the mean of per-merge-request recalls (45 %).
    void truthIsTheRatioOfExpectedSums()
    {
        const QList<MergeRequestKind> kinds{{1, 2, 0.5, 0, 0.5}, {1, 4, 0, 0, 0.5}};
        const ReviewerTruth t = reviewerTruth(kinds, {QStringLiteral("r"), 0.6, 0.25});
        QVERIFY2(std::abs(t.recall - 50.0) < 1e-9, qPrintable(QString::number(t.recall)));
        QVERIFY2(std::abs(t.precision - 200.0 / 3) < 1e-9, qPrintable(QString::number(t.precision)));
        QVERIFY2(std::abs(t.f1 - 400.0 / 7) < 1e-9, qPrintable(QString::number(t.f1)));
    }

    // Annotators right with 0.9 and 0.8 on comments valid half the time:
    // they disagree with chance 0.9·0.2 + 0.8·0.1 = 0.26 whatever the comment,
    // a label is 1 half the time (D_e = 0.5): alpha = 1 − 0.26/0.5 = 0.48.
    void populationAlphaByHand()
    {
        const QList<MergeRequestKind> easy{{1, 1, 0, 4, 0.5}};
        QVERIFY(std::abs(populationAlpha(easy, {{0.9, 0.8}}) - 0.48) < 1e-12);
        QVERIFY(std::abs(populationAlpha(easy, {{1.0, 1.0, 1.0}}) - 1.0) < 1e-12);
        QVERIFY(std::abs(populationAlpha(easy, {{0.5, 0.5}})) < 1e-12);
        // Difficulty 0.5 pulls 0.9 to 0.7: disagreement 2·0.7·0.3 = 0.42, alpha 0.16.
        const QList<MergeRequestKind> hard{{1, 1, 0.5, 4, 0.5}};
        QVERIFY(std::abs(populationAlpha(hard, {{0.9, 0.9}}) - 0.16) < 1e-12);
        QVERIFY(std::isnan(populationAlpha(easy, {{0.9}})));
    }

    // 20,000 merge requests of the default design through compareEvidence:
    // every reviewer's figures within 1 percentage point of the truth (their
    // standard errors there are about 0.3).
    void largeDrawComesNearTheTruth()
    {
        const CoverageDesign design = defaultCoverageDesign();
        Draws draws(11);
        const QList<int> kindOf = drawKinds(design.kinds, 20000, draws);
        const compare::JudgeBoard board = pointBoard(design.reviewers, simulateReviews(design.kinds, kindOf, design.reviewers, draws));
        for (const SimulatedReviewer &r : design.reviewers) {
            const ReviewerTruth t = reviewerTruth(design.kinds, r);
            const compare::ReviewerStanding &s = standing(board, r.name);
            QVERIFY2(std::abs(*s.precision.value - t.precision) < 1, qPrintable(QStringLiteral("%1 precision %2, truth %3").arg(r.name).arg(*s.precision.value).arg(t.precision)));
            QVERIFY2(std::abs(*s.recall.value - t.recall) < 1, qPrintable(QStringLiteral("%1 recall %2, truth %3").arg(r.name).arg(*s.recall.value).arg(t.recall)));
            QVERIFY2(std::abs(*s.fBeta.value - t.f1) < 1, qPrintable(QStringLiteral("%1 F1 %2, truth %3").arg(r.name).arg(*s.fBeta.value).arg(t.f1)));
        }
    }

    // Krippendorff's alpha of the annotations of 20,000 merge requests
    // (about 200,000 comments) within 0.01 of the population's.
    void largeDrawAlphaComesNearThePopulationAlpha()
    {
        const CoverageDesign design = defaultCoverageDesign();
        Draws draws(12);
        const QList<int> kindOf = drawKinds(design.kinds, 20000, draws);
        const SimulatedAnnotations a = simulateAnnotations(design.kinds, kindOf, design.annotation, draws);
        QCOMPARE(a.units.size(), a.mergeRequestOf.size());
        const AlphaResult alpha = krippendorffAlpha(a.units, AlphaMetric::Nominal);
        const double truth = populationAlpha(design.kinds, design.annotation);
        QVERIFY2(std::abs(*alpha.alpha - truth) < 0.01, qPrintable(QStringLiteral("alpha %1, population %2").arg(*alpha.alpha).arg(truth)));
    }

    // 30,000 votes (5,000 merge requests × 6): the arena's strengths within
    // 0.05 of the centred truth.
    void largeArenaDrawComesNearTheStrengths()
    {
        const CoverageDesign design = defaultCoverageDesign();
        Draws draws(13);
        const SimulatedArena arena = simulateArena(design.arena, 5000, draws);
        QCOMPARE(int(arena.comparisons.size()), 30000);
        const ArenaRanking ranking = rankConfigurations(arena.comparisons, arena.runs, {0, 0, 0.95});
        QVERIFY(ranking.finite);
        const QList<double> truth = centredStrengths(design.arena.strengths);
        for (const ArenaReviewer &r : ranking.reviewers) {
            const int player = r.label.mid(1).toInt();
            QVERIFY2(std::abs(*r.strength - truth[player]) < 0.05, qPrintable(QStringLiteral("%1: %2, truth %3").arg(r.label).arg(*r.strength).arg(truth[player])));
        }
    }

    // The evidence counts what was drawn: tp + fn the merge request's
    // references, the found ones among them; a merge request a reviewer
    // skipped (noisy reviews 80 %) has no entry.
    void evidenceCountsTheOutcomes()
    {
        const CoverageDesign design = defaultCoverageDesign();
        Draws draws(5);
        const QList<int> kindOf = drawKinds(design.kinds, 30, draws);
        const ReviewerOutcomes outcomes = simulateReviews(design.kinds, kindOf, design.reviewers, draws);
        const compare::JudgeEvidence judge = judgeEvidenceOf(QStringLiteral("j"), design.reviewers, outcomes);
        QCOMPARE(int(judge.mergeRequests.size()), 30);
        QCOMPARE(judge.reviewers.size(), design.reviewers.size());
        int skipped = 0;
        for (int i = 0; i < 30; ++i) {
            QCOMPARE(int(judge.references[i].size()), design.kinds[kindOf[i]].references);
            for (int v = 0; v < design.reviewers.size(); ++v) {
                QCOMPARE(judge.reviewers[v].reviews[i].has_value(), outcomes[i][v].reviewed);
                if (!outcomes[i][v].reviewed) {
                    QCOMPARE(design.reviewers[v].name, QStringLiteral("noisy"));
                    ++skipped;
                    continue;
                }
                const compare::ReviewOnMergeRequest &r = *judge.reviewers[v].reviews[i];
                QCOMPARE(r.tp + r.fn, design.kinds[kindOf[i]].references);
                QCOMPARE(r.fp, outcomes[i][v].falsePositives);
                QCOMPARE(int(r.found.size()), r.tp);
                for (qint64 ref : r.found)
                    QVERIFY(judge.references[i].contains(ref));
            }
        }
        QVERIFY2(skipped > 0 && skipped < 15, qPrintable(QString::number(skipped)));
    }

    // The draws: uniform in [0, 1), Poisson's mean and variance, categorical shares.
    void drawsHaveTheirDistributions()
    {
        Draws draws(3);
        const int n = 200000;
        double sum = 0, squares = 0, least = 1, most = 0;
        for (int i = 0; i < n; ++i) {
            const double u = draws.uniform();
            least = std::min(least, u);
            most = std::max(most, u);
            const int k = draws.poisson(3.5);
            sum += k;
            squares += double(k) * k;
        }
        QVERIFY(least >= 0 && least < 1e-3);
        QVERIFY(most < 1 && most > 1 - 1e-3);
        const double mean = sum / n, variance = squares / n - mean * mean;
        QVERIFY2(std::abs(mean - 3.5) < 0.02, qPrintable(QString::number(mean)));
        QVERIFY2(std::abs(variance - 3.5) < 0.06, qPrintable(QString::number(variance)));
        QList<int> counts(3, 0);
        for (int i = 0; i < n; ++i)
            ++counts[draws.categorical({0.2, 0, 0.8})];
        QCOMPARE(counts[1], 0);
        QVERIFY2(std::abs(double(counts[0]) / n - 0.2) < 0.005, qPrintable(QString::number(counts[0])));
        QCOMPARE(draws.poisson(0), 0);
    }

    // A seed is a benchmark: the same seed, the same checks to the bit; another seed, others.
    void sameSeedSameBenchmark()
    {
        CoverageDesign design = defaultCoverageDesign();
        design.mergeRequests = 20;
        design.resamples = 50;
        const BenchmarkOutcome a = runBenchmark(design, 7);
        const BenchmarkOutcome b = runBenchmark(design, 7);
        const BenchmarkOutcome c = runBenchmark(design, 8);
        QCOMPARE(a.checks.size(), b.checks.size());
        bool different = false;
        for (qsizetype i = 0; i < a.checks.size(); ++i) {
            QCOMPARE(a.checks[i].value, b.checks[i].value);
            QCOMPARE(a.checks[i].low, b.checks[i].low);
            QCOMPARE(a.checks[i].high, b.checks[i].high);
            different = different || a.checks[i].value != c.checks[i].value;
        }
        QVERIFY(different);
        QVERIFY(streamSeed(1, 0) != streamSeed(1, 1));
        QVERIFY(streamSeed(1, 0) != streamSeed(2, 0));
    }

    // The Wilson interval of 95 of 100 at 95 %: [0.8882, 0.9785] (Wilson 1927).
    void wilsonIntervalOfASmallShare()
    {
        const ShareInterval w = wilsonInterval(95, 100);
        QVERIFY(std::abs(w.low - 0.888249530768) < 1e-9);
        QVERIFY(std::abs(w.high - 0.978456320846) < 1e-9);
        QCOMPARE(wilsonInterval(0, 10).low, 0.0);
    }

    // An open side covers on its side; no interval never covers; the
    // estimates' bias and spread.
    void tallyCountsOpenSidesAndMissingIntervals()
    {
        IntervalCoverage t;
        t.add(5, 1, 4);
        t.add(5, std::nullopt, 6);
        t.add(5, 6, std::nullopt);
        t.add(5, 4, 6);
        t.add(5, std::nullopt, std::nullopt, false);
        QCOMPARE(t.checked, 5);
        QCOMPARE(t.covered, 2);
        QCOMPARE(t.withoutInterval, 1);
        QCOMPARE(t.meanWidth(), 2.5);
        // Errors 1, −1, 3 and none: bias 1, spread √((1 + 1 + 9 − 3·1)/2) = 2.
        t.addEstimate(5, 6);
        t.addEstimate(5, 4);
        t.addEstimate(5, 8);
        t.addEstimate(5, std::nullopt);
        QCOMPARE(t.estimates, 3);
        QCOMPARE(t.bias(), 1.0);
        QVERIFY(std::abs(t.spread() - 2.0) < 1e-12);
    }

    // 40 seeded benchmarks of 30 merge requests, 200 resamples: the reviewers'
    // 95 % intervals (precision, recall, F1: 480 of them) cover the truth
    // between 85 and 99 % of the time, the F1 differences too; alpha's
    // and the strengths' intervals exist in every benchmark.
    void seededBenchmarksCoverTheTruth()
    {
        CoverageDesign design = defaultCoverageDesign();
        design.mergeRequests = 30;
        design.resamples = 200;
        IntervalCoverage figures, differences, strengths, alpha;
        for (int b = 0; b < 40; ++b)
            for (const IntervalCheck &c : runBenchmark(design, streamSeed(99, quint64(b))).checks) {
                IntervalCoverage &t = c.kind == IntervalKind::F1Difference ? differences
                                 : c.kind == IntervalKind::Strength   ? strengths
                                 : c.kind == IntervalKind::Alpha      ? alpha
                                                                      : figures;
                t.add(c.truth, c.low, c.high, c.hasInterval);
            }
        QCOMPARE(figures.checked, 480);
        QVERIFY2(figures.share() > 0.85 && figures.share() < 0.99, qPrintable(QString::number(figures.share())));
        QCOMPARE(differences.checked, 240);
        QVERIFY2(differences.share() > 0.85 && differences.share() < 0.99, qPrintable(QString::number(differences.share())));
        QCOMPARE(strengths.withoutInterval, 0);
        QCOMPARE(alpha.withoutInterval, 0);
        QVERIFY(figures.meanWidth() > 0);
    }
};

QTEST_GUILESS_MAIN(TestSimulation)
#include "tst_simulation.moc"
