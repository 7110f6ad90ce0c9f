// Comparing reviewers (issue 34): the leaderboard's sums and ratios, its
// intervals' properties on evidence whose answer is known, Cohen's kappa
// between judges on a hand-made table, and people judging our own runs as
// the evaluation matches them. Issue 40: figures without items undefined
// (their resamples left out and counted), pairs only over the merge requests
// both reviewed, p-values never 0, Holm-adjusted p-values and tiers — on
// hand-made evidence and on Code Review Bench. The toolkit's own functions
// (draws, percentile, p-value, Holm, letters): tst_resampling.

#include <CodeReviewBenchFixture.h>
#include <ComparisonEvidence.h>
#include <ComparisonReport.h>
#include <Evaluation.h>
#include <PythonRound.h>
#include <RunProcess.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

using namespace rd;
using namespace rd::compare;

namespace {

ReviewOnMergeRequest review(int tp, int fp, int fn)
{
    ReviewOnMergeRequest r;
    r.tp = tp;
    r.fp = fp;
    r.fn = fn;
    return r;
}

// A judge of `mergeRequests` merge requests whose reviewers are given per merge request.
JudgeEvidence judgeOf(const QString &name, const QList<std::pair<QString, QList<std::optional<ReviewOnMergeRequest>>>> &reviewers)
{
    JudgeEvidence j;
    j.name = name;
    const qsizetype n = reviewers.isEmpty() ? 0 : reviewers.first().second.size();
    for (qsizetype i = 0; i < n; ++i) {
        j.mergeRequests << 100 + i;
        j.references << QList<qint64>();
    }
    for (const auto &[reviewer, reviews] : reviewers) {
        ReviewerEvidence r;
        r.name = reviewer;
        r.reviews = reviews;
        j.reviewers << r;
    }
    return j;
}

// 50 merge requests of a reviewer who finds about half of 3 references and
// raises about 2 false alarms each; deterministic.
QList<std::optional<ReviewOnMergeRequest>> typicalReviews(int mergeRequests, int shift = 0)
{
    QList<std::optional<ReviewOnMergeRequest>> out;
    for (int i = 0; i < mergeRequests; ++i) {
        const int tp = (i * 7 + shift) % 4;
        out << review(tp, (i * 3 + shift) % 5, 3 - std::min(tp, 3));
    }
    return out;
}

ComparisonRequest requestWith(int resamples, quint64 seed = 1)
{
    ComparisonRequest r;
    r.settings.resamples = resamples;
    r.settings.seed = seed;
    return r;
}

// A copy: gcc 14 warns of a reference bound to a call with a temporary argument.
ReviewerStanding standing(const JudgeBoard &board, const QString &reviewer)
{
    for (const ReviewerStanding &s : board.reviewers)
        if (s.reviewer == reviewer)
            return s;
    qFatal("no reviewer %s", qPrintable(reviewer));
}

const PairDifference *pairOf(const JudgeBoard &board, Metric metric)
{
    for (const PairDifference &p : board.pairs)
        if (p.metric == metric)
            return &p;
    return nullptr;
}

// Each pair's pAdjusted against Holm's step-down done here by hand over the
// board's pairs of `metric` that have a p-value; false (with a warning) on
// the first that differs, or when there are none.
bool holmByHandMatches(const JudgeBoard &board, Metric metric)
{
    QList<const PairDifference *> pairs;
    for (const PairDifference &p : board.pairs)
        if (p.metric == metric && p.p)
            pairs << &p;
    std::sort(pairs.begin(), pairs.end(), [](const PairDifference *x, const PairDifference *y) { return *x->p < *y->p; });
    const auto m = double(pairs.size());
    double running = 0;
    for (qsizetype i = 0; i < pairs.size(); ++i) {
        running = std::max(running, std::min(1.0, (m - double(i)) * *pairs[i]->p));
        if (!pairs[i]->pAdjusted || std::abs(*pairs[i]->pAdjusted - running) > 1e-12) {
            qWarning("%s - %s: adjusted %g, by hand %g", qPrintable(pairs[i]->a), qPrintable(pairs[i]->b), pairs[i]->pAdjusted.value_or(-1), running);
            return false;
        }
    }
    return !pairs.isEmpty();
}

double width(const Estimate &e)
{
    return *e.high - *e.low;
}

} // namespace

class ComparisonTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void leaderboardSumsCountsThenTakesRatios();
    void figureWithoutItemsIsUndefinedNotZero();
    void resamplesWhereAFigureIsUndefinedAreLeftOutAndCounted();
    void fBetaWeighsRecallBetaTimesAsMuch();
    void everyIntervalContainsItsPoint();
    void reviewerComparedWithItselfDiffersByExactlyZero();
    void reviewerThatAlwaysFindsMoreDiffersSignificantly();
    void pairIsComputedOnTheMergeRequestsBothReviewed();
    void pairOnTooFewCommonMergeRequestsHasNoIntervalNorPValue();
    void pairsCarryHolmAdjustedPValuesPerMetric();
    void tiersGroupReviewersNoAdjustedPairSeparates();
    void intervalNarrowsAsMergeRequestsGrow();
    void endpointsVaryLessAcrossSeedsWithMoreResamples();
    void kappaOfTwoJudgesIsCohensOnTheirDecisions();
    void configurationsCarryThePapersFiguresPooledOverRuns();
    void peopleJudgeOurRunsAsTheEvaluationMatchesThem();
    void graphiteWithoutCommentsOnDiscourseHasNoPrecision();
    void sentryResamplesWithoutCommentsAreLeftOut();
    void intervalsAndPValuesAreStudentizedAsRecomputedIndependently();
    void codeReviewBenchPairsCarryHolmAndTheLeaderboardTiers();

private:
    QString benchWorkspace();
    QTemporaryDir m_bench;
    bool m_benchImported = false;
};

void ComparisonTest::leaderboardSumsCountsThenTakesRatios()
{
    // tp 1+0+3 = 4, fp 1+2+0 = 3, fn 0+1+0 = 1; no entry on the fourth merge request.
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), {review(1, 1, 0), review(0, 2, 1), review(3, 0, 0), std::nullopt}}});
    const Comparison c = compareEvidence(e, requestWith(200));
    const ReviewerStanding &a = c.judges.first().reviewers.first();
    QCOMPARE(a.mergeRequests, 3);
    QCOMPARE(c.judges.first().mergeRequests, 4);
    QCOMPARE(a.tp, 4);
    QCOMPARE(a.fp, 3);
    QCOMPARE(a.fn, 1);
    QCOMPARE(*a.precision.value, 4.0 / 7.0 * 100);
    QCOMPARE(*a.recall.value, 4.0 / 5.0 * 100);
    const double p = 4.0 / 7.0, r = 0.8;
    QCOMPARE(*a.fBeta.value, 2 * p * r / (p + r) * 100);
}

// Nothing raised: precision is 0/0, undefined (upstream shows 0), and so is
// F1; recall, 0 of 2, is 0. Found nothing but raised something: all defined.
void ComparisonTest::figureWithoutItemsIsUndefinedNotZero()
{
    Evidence none;
    none.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("silent"), {review(0, 0, 2), review(0, 0, 1)}},
                                                 {QStringLiteral("noisy"), {review(0, 3, 2), review(0, 1, 1)}}});
    const JudgeBoard board = compareEvidence(none, requestWith(10)).judges.first();
    const ReviewerStanding silent = standing(board, QStringLiteral("silent"));
    QVERIFY(!silent.precision.value);
    QVERIFY(!silent.precision.low && !silent.precision.high);
    QVERIFY(!silent.fBeta.value);
    QCOMPARE(*silent.recall.value, 0.0);
    const ReviewerStanding noisy = standing(board, QStringLiteral("noisy"));
    QCOMPARE(*noisy.precision.value, 0.0);
    QCOMPARE(*noisy.fBeta.value, 0.0);
    // The undefined figure is last on the leaderboard, and in no pair.
    QCOMPARE(board.reviewers.last().reviewer, QStringLiteral("silent"));
    QVERIFY(!pairOf(board, Metric::Precision));
    QVERIFY(!pairOf(board, Metric::FBeta));
    QVERIFY(pairOf(board, Metric::Recall));
}

// A reviewer that commented on 3 of 30 merge requests: a resample that
// draws none of the 3 has no precision. It is left out and counted, not
// scored 0: every resample's precision is 50 (1 of 2 comments found).
void ComparisonTest::resamplesWhereAFigureIsUndefinedAreLeftOutAndCounted()
{
    QList<std::optional<ReviewOnMergeRequest>> reviews;
    for (int i = 0; i < 30; ++i)
        reviews << (i % 10 == 0 ? review(1, 1, 1) : review(0, 0, 1));
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("rare"), reviews}});
    const ReviewerStanding s = compareEvidence(e, requestWith(2000)).judges.first().reviewers.first();
    QCOMPARE(*s.precision.value, 50.0);
    QCOMPARE(*s.precision.low, 50.0);
    QCOMPARE(*s.precision.high, 50.0);
    QCOMPARE(s.precision.drawn, 2000);
    // P(none of the 3 drawn) = (27/30)^30, about 4.2 %: some 85 of 2000.
    QVERIFY2(s.precision.resamples < 2000 - 40 && s.precision.resamples > 2000 - 140, qPrintable(QString::number(s.precision.resamples)));
    QCOMPARE(s.recall.resamples, 2000);
}

void ComparisonTest::fBetaWeighsRecallBetaTimesAsMuch()
{
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), {review(2, 6, 2)}}}); // P = 0.25, R = 0.5
    ComparisonRequest request = requestWith(10);
    request.settings.beta = 2;
    const ReviewerStanding a = compareEvidence(e, request).judges.first().reviewers.first();
    // (1 + 4) * 0.25 * 0.5 / (4 * 0.25 + 0.5) = 0.41666...
    QVERIFY(std::abs(*a.fBeta.value - 5 * 0.25 * 0.5 / (4 * 0.25 + 0.5) * 100) < 1e-12);
    QCOMPARE(metricKey(Metric::FBeta, 2), QStringLiteral("f_beta"));
    QCOMPARE(metricKey(Metric::FBeta, 1), QStringLiteral("f1"));
}

void ComparisonTest::everyIntervalContainsItsPoint()
{
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), typicalReviews(50)}, {QStringLiteral("b"), typicalReviews(50, 3)}});
    const Comparison c = compareEvidence(e, requestWith(2000));
    for (const ReviewerStanding &s : c.judges.first().reviewers)
        for (const Estimate *est : {&s.precision, &s.recall, &s.fBeta}) {
            QVERIFY(est->low && est->high);
            QVERIFY2(*est->low <= *est->value && *est->value <= *est->high,
                     qPrintable(QStringLiteral("%1: %2 outside [%3, %4]").arg(s.reviewer).arg(*est->value).arg(*est->low).arg(*est->high)));
            QVERIFY(*est->high > *est->low); // real spread over 50 merge requests
            QCOMPARE(est->resamples, 2000);
        }
    for (const PairDifference &p : c.judges.first().pairs)
        QVERIFY(*p.low <= p.difference && p.difference <= *p.high);
}

void ComparisonTest::reviewerComparedWithItselfDiffersByExactlyZero()
{
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), typicalReviews(50)}, {QStringLiteral("a again"), typicalReviews(50)}});
    const Comparison c = compareEvidence(e, requestWith(2000));
    const JudgeBoard &board = c.judges.first();
    QCOMPARE(board.pairs.size(), 3); // precision, recall, F1
    for (const PairDifference &p : board.pairs) {
        QCOMPARE(p.difference, 0.0);
        QCOMPARE(*p.low, 0.0);
        QCOMPARE(*p.high, 0.0);
        QCOMPARE(*p.p, 1.0);
    }
    // ...while each on its own has an interval of real width: the pairing is what cancels.
    QVERIFY(width(board.reviewers.first().recall) > 5);
}

void ComparisonTest::reviewerThatAlwaysFindsMoreDiffersSignificantly()
{
    QList<std::optional<ReviewOnMergeRequest>> better, worse;
    for (int i = 0; i < 40; ++i) {
        better << review(2 + i % 2, 1, 1 - i % 2);
        worse << review(i % 2, 1, 3 - i % 2);
    }
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("worse"), worse}, {QStringLiteral("better"), better}});
    const JudgeBoard board = compareEvidence(e, requestWith(2000)).judges.first();
    QCOMPARE(board.reviewers.first().reviewer, QStringLiteral("better")); // best F1 first
    const PairDifference *recall = pairOf(board, Metric::Recall);
    QVERIFY(recall);
    QCOMPARE(recall->a, QStringLiteral("better"));
    QVERIFY(recall->difference > 40);
    QVERIFY(*recall->low > 0);
    // No resample crossed 0: the smallest p-value 2,000 resamples can give, 2/2001, not 0.
    QCOMPARE(recall->resamples, 2000);
    QCOMPARE(*recall->p, stats::pValueFloor(2000));
    QCOMPARE(*recall->p, 2.0 / 2001.0);
}

// Two reviewers alike on the 40 merge requests both reviewed (each finds
// its one reference); the second also reviewed 10 hard ones (4 references
// each, none found). On the leaderboard their recalls are 100 and 50; the
// pair, on the 40 in common, differs by nothing.
void ComparisonTest::pairIsComputedOnTheMergeRequestsBothReviewed()
{
    QList<std::optional<ReviewOnMergeRequest>> alike, alsoHard;
    for (int i = 0; i < 40; ++i) {
        alike << review(1, i % 3, 0);
        alsoHard << review(1, i % 3, 0);
    }
    for (int i = 0; i < 10; ++i) {
        alike << std::nullopt;
        alsoHard << review(0, 1, 4);
    }
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("easy only"), alike}, {QStringLiteral("also hard"), alsoHard}});
    const JudgeBoard board = compareEvidence(e, requestWith(2000)).judges.first();
    QCOMPARE(*standing(board, QStringLiteral("easy only")).recall.value, 100.0);
    QCOMPARE(*standing(board, QStringLiteral("also hard")).recall.value, 50.0);
    QCOMPARE(board.pairs.size(), 3);
    QStringList pairs;
    for (const PairDifference &p : board.pairs)
        pairs << QStringLiteral("%1: %2 MRs, %3 [%4, %5], p %6")
                     .arg(metricKey(p.metric, 1))
                     .arg(p.mergeRequests)
                     .arg(p.difference)
                     .arg(p.low.value_or(-1))
                     .arg(p.high.value_or(-1))
                     .arg(p.p.value_or(-1));
    for (const PairDifference &p : board.pairs) {
        QVERIFY2(p.mergeRequests == 40 && p.difference == 0 && p.p == 1.0, qPrintable(pairs.join(QStringLiteral("; "))));
        QVERIFY(!p.tooFew());
        QCOMPARE(p.difference, 0.0);
        QCOMPARE(*p.low, 0.0);
        QCOMPARE(*p.high, 0.0);
        QCOMPARE(*p.p, 1.0);
        QCOMPARE(p.resamples, 2000);
    }
}

// Four merge requests in common: too few for an interval or a p-value.
void ComparisonTest::pairOnTooFewCommonMergeRequestsHasNoIntervalNorPValue()
{
    QList<std::optional<ReviewOnMergeRequest>> few = typicalReviews(30), many = typicalReviews(30, 1);
    for (int i = 4; i < 30; ++i)
        few[i].reset();
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("few"), few}, {QStringLiteral("many"), many}});
    const Comparison c = compareEvidence(e, requestWith(500));
    const JudgeBoard &board = c.judges.first();
    QVERIFY(!board.pairs.isEmpty());
    for (const PairDifference &p : board.pairs) {
        QCOMPARE(p.mergeRequests, 4);
        QVERIFY(p.tooFew());
        QVERIFY(!p.low && !p.high);
        QVERIFY(!p.p);
        QVERIFY(!p.pAdjusted);
    }
    // The reports say so: JSON too_few with nulls, Markdown "too few", CSV too_few true.
    const QByteArray json = comparisonToJson(c);
    QVERIFY2(json.contains(R"("merge_requests": 4,
          "too_few": true,
          "difference": null,
          "low": null,
          "high": null,
          "p": null,
          "p_adjusted": null,)"),
             json.constData());
    QVERIFY2(comparisonToMarkdown(c).contains("| recall | 4 | too few (4 MRs) | — | — |"), comparisonToMarkdown(c).constData());
    QVERIFY2(comparisonToCsv(c).contains(",4,,,,,,,,,0,true\n"), comparisonToCsv(c).constData()); // merge_requests .. resamples, too_few
}

// Holm's step-down over the pairs of one metric, by hand: sorted raw p's
// times m, m - 1, ..., never below the one before, at most 1.
void ComparisonTest::pairsCarryHolmAdjustedPValuesPerMetric()
{
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), typicalReviews(50)},
                                              {QStringLiteral("b"), typicalReviews(50, 1)},
                                              {QStringLiteral("c"), typicalReviews(50, 2)},
                                              {QStringLiteral("d"), typicalReviews(50, 3)}});
    const JudgeBoard board = compareEvidence(e, requestWith(1000)).judges.first();
    for (Metric metric : {Metric::Precision, Metric::Recall, Metric::FBeta})
        QVERIFY(holmByHandMatches(board, metric));
}

// Two reviewers alike and one far worse: the worse one is separated from
// both (its own letter), the two alike share one.
void ComparisonTest::tiersGroupReviewersNoAdjustedPairSeparates()
{
    QList<std::optional<ReviewOnMergeRequest>> worse;
    for (int i = 0; i < 50; ++i)
        worse << review(i % 5 == 0 ? 1 : 0, 3, 3);
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("good"), typicalReviews(50)},
                                              {QStringLiteral("good too"), typicalReviews(50)},
                                              {QStringLiteral("worse"), worse}});
    const JudgeBoard board = compareEvidence(e, requestWith(2000)).judges.first();
    QCOMPARE(standing(board, QStringLiteral("good")).tier, QStringLiteral("a"));
    QCOMPARE(standing(board, QStringLiteral("good too")).tier, QStringLiteral("a"));
    QCOMPARE(standing(board, QStringLiteral("worse")).tier, QStringLiteral("b"));
}

// The same merge requests four times over: a quarter of the variance, so
// about half the interval's width (the bootstrap's √n).
void ComparisonTest::intervalNarrowsAsMergeRequestsGrow()
{
    const QList<std::optional<ReviewOnMergeRequest>> once = typicalReviews(25);
    QList<std::optional<ReviewOnMergeRequest>> four;
    for (int k = 0; k < 4; ++k)
        four += once;
    Evidence small, large;
    small.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), once}});
    large.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), four}});
    const ReviewerStanding s = compareEvidence(small, requestWith(4000)).judges.first().reviewers.first();
    const ReviewerStanding l = compareEvidence(large, requestWith(4000)).judges.first().reviewers.first();
    QCOMPARE(*s.recall.value, *l.recall.value);
    for (const auto &[narrow, wide] : {std::pair{&l.precision, &s.precision}, std::pair{&l.recall, &s.recall}, std::pair{&l.fBeta, &s.fBeta}}) {
        QVERIFY2(width(*narrow) < 0.65 * width(*wide), qPrintable(QStringLiteral("%1 vs %2").arg(width(*narrow)).arg(width(*wide))));
        QVERIFY(width(*narrow) > 0.35 * width(*wide));
    }
}

// The interval's endpoints are Monte Carlo estimates: over twenty seeds they
// scatter several times less at 5,000 resamples than at 200 (√25 = 5).
void ComparisonTest::endpointsVaryLessAcrossSeedsWithMoreResamples()
{
    Evidence e;
    e.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("a"), typicalReviews(50)}});
    const auto spreadOfLow = [&](int resamples) {
        double lowest = 1e9, highest = -1e9;
        for (quint64 seed = 1; seed <= 20; ++seed) {
            const double low = *compareEvidence(e, requestWith(resamples, seed)).judges.first().reviewers.first().recall.low;
            lowest = std::min(lowest, low);
            highest = std::max(highest, low);
        }
        return highest - lowest;
    };
    const double few = spreadOfLow(200), many = spreadOfLow(5000);
    QVERIFY2(many < few / 2, qPrintable(QStringLiteral("200 resamples: %1, 5000: %2").arg(few).arg(many)));
}

// Two judges on one reviewer and 50 references: found by both 20 times,
// only by the first 5, only by the second 10, by neither 15. p_o = 0.7,
// p_e = 0.5 * 0.6 + 0.5 * 0.4 = 0.5, kappa = 0.4.
void ComparisonTest::kappaOfTwoJudgesIsCohensOnTheirDecisions()
{
    JudgeEvidence x, y;
    x.name = QStringLiteral("x");
    y.name = QStringLiteral("y");
    ReviewerEvidence rx, ry;
    rx.name = ry.name = QStringLiteral("tool");
    qint64 ref = 1;
    for (int m = 0; m < 10; ++m) {
        x.mergeRequests << m;
        y.mergeRequests << m;
        QList<qint64> refs;
        ReviewOnMergeRequest a, b;
        for (int k = 0; k < 5; ++k, ++ref) {
            refs << ref;
            const int cell = int((ref - 1) % 50);
            if (cell < 20 || (cell >= 20 && cell < 25))
                a.found << ref;
            if (cell < 20 || (cell >= 25 && cell < 35))
                b.found << ref;
        }
        x.references << refs;
        y.references << refs;
        rx.reviews << a;
        ry.reviews << b;
    }
    x.reviewers << rx;
    y.reviewers << ry;
    Evidence e;
    e.judges << x << y;
    const Comparison c = compareEvidence(e, requestWith(1000));
    QCOMPARE(c.agreement.size(), 1);
    const JudgeAgreement &k = c.agreement.first();
    QCOMPARE(k.items, 50);
    QCOMPARE(k.mergeRequests, 10);
    QVERIFY(std::abs(*k.kappa - 0.4) < 1e-12);
    QVERIFY(std::abs(*k.agreement - 70.0) < 1e-9);
    QVERIFY(*k.low <= *k.kappa && *k.kappa <= *k.high);
    // A skipped review is no item.
    e.judges[1].reviewers[0].reviews[0]->skipped = true;
    QCOMPARE(compareEvidence(e, requestWith(10)).agreement.first().items, 45);
}

void ComparisonTest::configurationsCarryThePapersFiguresPooledOverRuns()
{
    JudgeEvidence j;
    j.name = QStringLiteral("people");
    j.kind = JudgeKind::People;
    ReviewerEvidence config;
    config.name = QStringLiteral("Left Flow");
    config.kind = ReviewerKind::Configuration;
    QList<eval::MrOutcome> all;
    for (int m = 0; m < 30; ++m) {
        j.mergeRequests << m;
        j.references << QList<qint64>{};
        ReviewOnMergeRequest r;
        // Two runs on each merge request (a repeated configuration).
        for (int run = 0; run < 2; ++run) {
            eval::MrOutcome o{5 + (m + run) % 3, (m * 3 + run) % 5, 2, (m + run) % 3 == 0 ? 2 : (m % 2), 4};
            r.runs << o;
            r.tp += o.keyIssuesFound;
            r.fp += o.falseAlarms;
            r.fn += o.keyIssues - o.keyIssuesFound;
            all << o;
        }
        config.reviews << r;
    }
    config.runs = 60;
    j.reviewers << config;
    Evidence e;
    e.judges << j;
    const ReviewerStanding s = compareEvidence(e, requestWith(1000)).judges.first().reviewers.first();
    const eval::DefectMetrics expected = eval::defectMetrics(all);
    QVERIFY(s.kbi && s.far1 && s.cpi1);
    QCOMPARE(s.kbi->value, expected.kbi);
    QCOMPARE(s.far1->value, expected.far1);
    QCOMPARE(s.cpi1->value, expected.cpi1);
    // KBI is the pooled recall: the same number by both definitions.
    QVERIFY(std::abs(*s.kbi->value - *s.recall.value) < 1e-9);
    for (const Estimate *est : {&*s.kbi, &*s.far1, &*s.cpi1})
        QVERIFY(*est->low <= *est->value && *est->value <= *est->high);
}

// People as the judge of our runs: tp, fp and fn are the evaluation's
// (line match against the references at the run's last stage), per
// configuration; accepted counts people's final accepts.
void ComparisonTest::peopleJudgeOurRunsAsTheEvaluationMatchesThem()
{
    QTemporaryDir dir;
    auto opened = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(opened);
    SqlWorkspaceStore &store = **opened;
    const auto comment = [](const QString &id, const QString &file, int line) {
        ReviewComment c;
        c.id = id;
        c.file = file;
        c.lineStart = c.lineEnd = line;
        c.issue = QStringLiteral("issue ") + id;
        return c;
    };
    const auto addRun = [&](qint64 mr, int reviewers, const QList<ReviewComment> &comments) {
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.reviewers = reviewers;
        record.config.minAgreement = 1;
        StoredRun r;
        r.mergeRequest = mr;
        r.record = record.toJson();
        return *store.addRun(r, comments);
    };
    QList<qint64> mrs;
    for (int m = 0; m < 2; ++m) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b%1").arg(m);
        e.language = m == 0 ? QStringLiteral("Go") : QStringLiteral("C++");
        mrs << *store.addMergeRequest(e);
        for (int r = 0; r < 2; ++r) {
            const qint64 ref = *store.importComment(mrs.last(), comment(QStringLiteral("ref%1").arg(r), QStringLiteral("a.cpp"), 10 + 20 * r), QStringLiteral("gt"));
            QVERIFY(store.setReference(ref, true));
        }
        // One reviewer finds the first reference and raises one false alarm;
        // three reviewers find both and raise none.
        addRun(mrs.last(), 1, {comment(QStringLiteral("hit"), QStringLiteral("a.cpp"), 10), comment(QStringLiteral("noise"), QStringLiteral("z.cpp"), 5)});
        addRun(mrs.last(), 3, {comment(QStringLiteral("h1"), QStringLiteral("a.cpp"), 10), comment(QStringLiteral("h2"), QStringLiteral("a.cpp"), 30)});
    }
    // People accept the single reviewer's hit on the first merge request and reject its noise.
    CommentQuery q;
    q.mergeRequest = mrs.first();
    const auto firstComments = store.comments(q);
    for (const StoredComment &c : *firstComments) {
        if (c.comment.id == QLatin1String("hit") || c.comment.id == QLatin1String("noise")) {
            Judgement j;
            j.comment = c.id;
            j.annotator = QStringLiteral("ann");
            j.verdict = c.comment.id == QLatin1String("hit") ? Verdict::Accept : Verdict::Reject;
            QVERIFY(store.judge(j));
        }
    }
    ComparisonRequest request = requestWith(500);
    auto compared = compareReviewers(store, request);
    QVERIFY2(compared, compared ? "" : qPrintable(compared.error().message));
    QCOMPARE(compared->judges.size(), 1);
    const JudgeBoard &board = compared->judges.first();
    QCOMPARE(board.judge, QStringLiteral("people"));
    QCOMPARE(board.mergeRequests, 2);
    QCOMPARE(board.references, 4);
    QCOMPARE(board.reviewers.size(), 2);
    auto evaluation = eval::evaluateWorkspace(store, {});
    QVERIFY(evaluation);
    for (const ReviewerStanding &s : board.reviewers) {
        QCOMPARE(s.kind, ReviewerKind::Configuration);
        QVERIFY(evaluation->groups.contains(s.reviewer));
        const bool single = s.reviewer.contains(QLatin1String(", 1 reviewers"));
        QCOMPARE(s.tp, single ? 2 : 4);
        QCOMPARE(s.fp, single ? 2 : 0);
        QCOMPARE(s.fn, single ? 2 : 0);
        QCOMPARE(s.runs, 2);
        QCOMPARE(s.kbi->value, evaluation->defect(s.reviewer, eval::Stage::Validator).kbi);
        QCOMPARE(s.far1->value, evaluation->defect(s.reviewer, eval::Stage::Validator).far1);
        QCOMPARE(s.accepted, single ? std::optional<int>(1) : std::nullopt);
    }
    QCOMPARE(board.reviewers.first().tp, 4); // the better configuration first
    // Filtered to the Go merge request: one of each.
    request.filters = {LabelFilter{QStringLiteral("language"), {QStringLiteral("Go")}}};
    auto filtered = compareReviewers(store, request);
    QVERIFY(filtered);
    QCOMPARE(filtered->judges.first().mergeRequests, 1);
    QCOMPARE(standing(filtered->judges.first(), board.reviewers.first().reviewer).tp, 2);
    // A label no merge request has, a value none carries: errors that name what there is.
    request.filters = {LabelFilter{QStringLiteral("size"), {QStringLiteral("large")}}};
    auto unknown = compareReviewers(store, request);
    QVERIFY(!unknown);
    QVERIFY(unknown.error().message.contains(QLatin1String("language")));
    request.filters = {LabelFilter{QStringLiteral("language"), {QStringLiteral("Rust")}}};
    auto none = compareReviewers(store, request);
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(QLatin1String("C++, Go")));
    request.filters.clear();
    request.judge = QStringLiteral("somebody");
    auto noJudge = compareReviewers(store, request);
    QVERIFY(!noJudge);
    QCOMPARE(noJudge.error().kind, Error::Kind::Usage);
    QVERIFY(noJudge.error().message.contains(QLatin1String("people")));
    request.judge.reset();
    request.settings.resamples = 0;
    QVERIFY(!compareReviewers(store, request));
}

QString ComparisonTest::benchWorkspace()
{
    const QString workspace = m_bench.filePath(QStringLiteral("bench.rdw"));
    if (!m_benchImported) {
        auto imported = test::importCodeReviewBench(workspace, m_bench.path(), false);
        if (!imported)
            qWarning("%s", qPrintable(imported.error().message));
        m_benchImported = bool(imported);
    }
    return workspace;
}

// Code Review Bench, --mr-filter project=discourse: graphite raised no
// comment on its 10 pull requests (tp 0, fp 0, fn 28). Its precision, and
// so its F1, is undefined (upstream's dashboard shows 0.0), and it is in no
// precision or F1 pair; its recall is 0.
void ComparisonTest::graphiteWithoutCommentsOnDiscourseHasNoPrecision()
{
    auto store = SqlWorkspaceStore::open(benchWorkspace(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    ComparisonRequest request = requestWith(2000);
    request.filters = {LabelFilter{QStringLiteral("project"), {QStringLiteral("discourse")}}};
    auto compared = compareReviewers(**store, request);
    QVERIFY2(compared, compared ? "" : qPrintable(compared.error().message));
    const JudgeBoard &board = compared->judges.first();
    QCOMPARE(board.mergeRequests, 10);
    const ReviewerStanding graphite = standing(board, QStringLiteral("graphite"));
    QCOMPARE(graphite.tp + graphite.fp, 0);
    QVERIFY(!graphite.precision.value);
    QVERIFY(!graphite.precision.low && !graphite.precision.high);
    QVERIFY(!graphite.fBeta.value);
    QCOMPARE(*graphite.recall.value, 0.0);
    QCOMPARE(graphite.tier, QString());
    for (const PairDifference &p : board.pairs)
        if (p.a == QLatin1String("graphite") || p.b == QLatin1String("graphite"))
            QVERIFY2(p.metric == Metric::Recall, qPrintable(p.a + QStringLiteral(" - ") + p.b + QLatin1Char(' ') + metricKey(p.metric, 1)));
}

// --mr-filter project=sentry: graphite's 3 comments (2 found) are on 2 of
// the 10 pull requests; resamples that draw neither have no precision and
// are left out and counted (214 of 2,000 with seed 1), not scored 0.
void ComparisonTest::sentryResamplesWithoutCommentsAreLeftOut()
{
    auto store = SqlWorkspaceStore::open(benchWorkspace(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    ComparisonRequest request = requestWith(2000, 1);
    request.filters = {LabelFilter{QStringLiteral("project"), {QStringLiteral("sentry")}}};
    auto compared = compareReviewers(**store, request);
    QVERIFY(compared);
    const ReviewerStanding graphite = standing(compared->judges.first(), QStringLiteral("graphite"));
    QVERIFY2(graphite.precision.resamples == 2000 - 214,
             qPrintable(QStringLiteral("precision %1 [%2, %3] in %4 resamples")
                            .arg(*graphite.precision.value)
                            .arg(graphite.precision.low.value_or(-1))
                            .arg(graphite.precision.high.value_or(-1))
                            .arg(graphite.precision.resamples)));
    QCOMPARE(eval::pythonRound(*graphite.precision.value, 1), 66.7);
    QCOMPARE(graphite.precision.drawn, 2000);
    // Its three comments sit on two merge requests (1 of 1 and 1 of 2 valid):
    // most resamples draw one of them alone, without spread (se* = 0, t*
    // infinite on both sides), so t* bounds neither side and the interval is
    // the percentile one of the defined resamples.
    QCOMPARE(eval::pythonRound(*graphite.precision.low, 1), 50.0);
    QCOMPARE(eval::pythonRound(*graphite.precision.high, 1), 100.0);
}

// The studentized bootstrap (docs/comparing.md, "Intervals") recomputed by
// tests/scripts/compare_oracle.py, which draws as rd::stats does and
// studentizes with the ratio's delta-method error: every standing's and
// every pair's interval, p-value and resample count agree. One reviewer
// skipped two merge requests, so its pairs resample the common ones.
void ComparisonTest::intervalsAndPValuesAreStudentizedAsRecomputedIndependently()
{
    QList<std::optional<ReviewOnMergeRequest>> patchy = typicalReviews(14, 3);
    patchy[4].reset();
    patchy[9].reset();
    QList<std::optional<ReviewOnMergeRequest>> lucky;
    for (int i = 0; i < 14; ++i)
        lucky << review(i % 3 == 0 ? 2 : 1, i % 4, i % 5 == 0 ? 2 : 0);
    Evidence evidence;
    evidence.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("typical"), typicalReviews(14)},
                                                     {QStringLiteral("patchy"), patchy},
                                                     {QStringLiteral("lucky"), lucky}});
    const int resamples = 300;
    const quint64 seed = 7;
    const JudgeBoard board = compareEvidence(evidence, requestWith(resamples, seed)).judges.first();

    QJsonObject reviewers;
    for (const ReviewerEvidence &r : evidence.judges.first().reviewers) {
        QJsonArray reviews;
        for (const auto &review : r.reviews)
            reviews << (review ? QJsonValue(QJsonArray{review->tp, review->fp, review->fn}) : QJsonValue());
        reviewers.insert(r.name, reviews);
    }
    test::ProcessRun run;
    run.input = QJsonDocument(QJsonObject{{QStringLiteral("seed"), qint64(seed)},
                                          {QStringLiteral("resamples"), resamples},
                                          {QStringLiteral("level"), 0.95},
                                          {QStringLiteral("reviewers"), reviewers}})
                    .toJson();
    const test::GitOutput oracle = test::runProcess(QStringLiteral("python3"), {QStringLiteral(QT_TESTCASE_SOURCEDIR "/../scripts/compare_oracle.py")}, run);
    QVERIFY2(oracle.exitCode == 0, oracle.err.constData());
    const QJsonObject expected = QJsonDocument::fromJson(oracle.out).object();

    const auto close = [](const std::optional<double> &actual, const QJsonValue &wanted) {
        return actual && std::abs(*actual - wanted.toDouble()) < 1e-9;
    };
    const QStringList metricNames{QStringLiteral("precision"), QStringLiteral("recall"), QStringLiteral("f1")};
    int checked = 0;
    for (const ReviewerStanding &s : board.reviewers) {
        const QJsonObject want = expected.value(QLatin1String("standings")).toObject().value(s.reviewer).toObject();
        const std::array<const stats::Estimate *, 3> figures{&s.precision, &s.recall, &s.fBeta};
        for (int m = 0; m < 3; ++m) {
            const QJsonArray w = want.value(metricNames[m]).toArray();
            const stats::Estimate &e = *figures[m];
            QVERIFY2(close(e.value, w[0]) && close(e.low, w[1]) && close(e.high, w[2]) && e.resamples == w[3].toInt(),
                     qPrintable(QStringLiteral("%1 %2: %3 [%4, %5] in %6, oracle %7")
                                    .arg(s.reviewer, metricNames[m])
                                    .arg(e.value.value_or(-1))
                                    .arg(e.low.value_or(-1))
                                    .arg(e.high.value_or(-1))
                                    .arg(e.resamples)
                                    .arg(QString::fromUtf8(QJsonDocument(w).toJson(QJsonDocument::Compact)))));
            ++checked;
        }
    }
    for (const PairDifference &p : board.pairs) {
        const int m = int(metricNames.indexOf(metricKey(p.metric, 1)));
        if (m < 0)
            continue;
        const QJsonObject pairs = expected.value(QLatin1String("pairs")).toObject();
        const bool turned = !pairs.contains(p.a + QLatin1Char('|') + p.b);
        const QJsonArray w = pairs.value(turned ? p.b + QLatin1Char('|') + p.a : p.a + QLatin1Char('|') + p.b).toObject().value(metricNames[m]).toArray();
        QVERIFY2(w.size() == 5, qPrintable(p.a + QLatin1Char('|') + p.b));
        const double sign = turned ? -1 : 1;
        const std::optional<double> low = p.low ? std::optional<double>(sign * *p.low) : std::nullopt;
        const std::optional<double> high = p.high ? std::optional<double>(sign * *p.high) : std::nullopt;
        QVERIFY2(std::abs(sign * p.difference - w[0].toDouble()) < 1e-9 && close(turned ? high : low, w[1]) && close(turned ? low : high, w[2])
                     && close(p.p, w[3]) && p.resamples == w[4].toInt(),
                 qPrintable(QStringLiteral("%1 − %2 %3: %4 [%5, %6] p %7 in %8, oracle %9")
                                .arg(p.a, p.b, metricNames[m])
                                .arg(p.difference)
                                .arg(p.low.value_or(-1))
                                .arg(p.high.value_or(-1))
                                .arg(p.p.value_or(-1))
                                .arg(p.resamples)
                                .arg(QString::fromUtf8(QJsonDocument(w).toJson(QJsonDocument::Compact)))));
        ++checked;
    }
    QCOMPARE(checked, 3 * 3 + 3 * 3);
}

// The whole data, seed 1: every pair's adjusted p is Holm's over its
// metric's 66 pairs. At 2,000 resamples the smallest adjusted p is
// 66 · 2/2001 = 0.066: no pair can separate at 0.05, every tier is "a",
// and a note says so. At 10,000 the tiers follow the adjusted F1 pairs:
// augment and bugbot are not told apart (augment − bugbot p 0.1196 raw),
// augment and graphite are (adjusted 66 · 2/10001 = 0.0132).
void ComparisonTest::codeReviewBenchPairsCarryHolmAndTheLeaderboardTiers()
{
    auto store = SqlWorkspaceStore::open(benchWorkspace(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    auto compared = compareReviewers(**store, requestWith(2000, 1));
    QVERIFY(compared);
    const JudgeBoard &board = compared->judges.first();
    QCOMPARE(board.reviewers.size(), 12);
    for (Metric metric : {Metric::Precision, Metric::Recall, Metric::FBeta})
        QVERIFY(holmByHandMatches(board, metric));
    for (const PairDifference &p : board.pairs) {
        QCOMPARE(p.mergeRequests, 50);
        QVERIFY(*p.p >= stats::pValueFloor(2000));
    }
    for (const ReviewerStanding &s : board.reviewers)
        QCOMPARE(s.tier, QStringLiteral("a"));
    QVERIFY2(compared->notes.size() == 1 && compared->notes.first().contains(QLatin1String("with 66 f1 pairs and 2000 resamples"))
                 && compared->notes.first().contains(QLatin1String("--bootstrap 2640")),
             qPrintable(compared->notes.join(QLatin1Char('\n'))));

    auto more = compareReviewers(**store, requestWith(10000, 1));
    QVERIFY(more);
    const JudgeBoard &tiered = more->judges.first();
    QVERIFY(more->notes.isEmpty());
    QVERIFY(holmByHandMatches(tiered, Metric::FBeta));
    const PairDifference *augmentGraphite = nullptr;
    for (const PairDifference &p : tiered.pairs)
        if (p.a == QLatin1String("augment") && p.b == QLatin1String("graphite") && p.metric == Metric::FBeta)
            augmentGraphite = &p;
    QVERIFY(augmentGraphite);
    QCOMPARE(*augmentGraphite->p, stats::pValueFloor(10000));
    QVERIFY(std::abs(*augmentGraphite->pAdjusted - 66 * 2.0 / 10001.0) < 1e-12);
    QStringList tiers;
    for (const ReviewerStanding &s : tiered.reviewers)
        tiers << s.reviewer + QLatin1Char(' ') + s.tier;
    QCOMPARE(tiers.join(QStringLiteral(", ")), QStringLiteral("augment a, bugbot ab, propel ab, greptile ac, claude ac, copilot bc, baz ac, qodo bc, "
                                                             "gemini bc, coderabbit bc, kg bc, graphite c"));
}

QTEST_GUILESS_MAIN(ComparisonTest)
#include "tst_comparison.moc"
