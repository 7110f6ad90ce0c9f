// Comparing reviewers (issue 34): the leaderboard's sums and ratios, the
// bootstrap (seeded draws, numpy's percentile, the paired p-value), its
// intervals' properties on evidence whose answer is known, Cohen's kappa
// between judges on a hand-made table, and people judging our own runs as
// the evaluation matches them.

#include <Bootstrap.h>
#include <ComparisonEvidence.h>
#include <Evaluation.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

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

const ReviewerStanding &standing(const JudgeBoard &board, const QString &reviewer)
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

double width(const Estimate &e)
{
    return *e.high - *e.low;
}

} // namespace

class ComparisonTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void quantileInterpolatesLikeNumpysDefault();
    void drawTakesTheHigh64BitsOfTheProduct();
    void resamplesDependOnlyOnTheSeed();
    void pValueCountsTheSmallerTailTwice();
    void leaderboardSumsCountsThenTakesRatios();
    void fBetaWeighsRecallBetaTimesAsMuch();
    void everyIntervalContainsItsPoint();
    void reviewerComparedWithItselfDiffersByExactlyZero();
    void reviewerThatAlwaysFindsMoreDiffersSignificantly();
    void intervalNarrowsAsMergeRequestsGrow();
    void endpointsVaryLessAcrossSeedsWithMoreResamples();
    void kappaOfTwoJudgesIsCohensOnTheirDecisions();
    void configurationsCarryThePapersFiguresPooledOverRuns();
    void peopleJudgeOurRunsAsTheEvaluationMatchesThem();
};

void ComparisonTest::quantileInterpolatesLikeNumpysDefault()
{
    // numpy.percentile([1, 2, 3, 4], [25, 50, 100]) = [1.75, 2.5, 4.0]
    QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 0.25), 1.75);
    QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 0.5), 2.5);
    QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 1.0), 4.0);
    // numpy.percentile(range(10), [2.5, 97.5]) = [0.225, 8.775]
    const Interval i = percentileInterval({9, 3, 0, 5, 1, 8, 2, 7, 4, 6}, 0.95);
    QVERIFY(std::abs(*i.low - 0.225) < 1e-12);
    QVERIFY(std::abs(*i.high - 8.775) < 1e-12);
    QVERIFY(!percentileInterval({}, 0.95).low);
}

void ComparisonTest::drawTakesTheHigh64BitsOfTheProduct()
{
    // floor(x * n / 2^64), checked in Python with exact integers.
    QCOMPARE(Resampler::unitOf(0, 5), 0);
    QCOMPARE(Resampler::unitOf(quint64(1) << 63, 10), 5);
    QCOMPARE(Resampler::unitOf(std::numeric_limits<quint64>::max(), 7), 6);
    // std::mt19937_64's first output for its default seed 5489 (the standard's
    // own test value for the 10000th is checked below).
    std::mt19937_64 g(5489);
    const quint64 first = g();
    QCOMPARE(first, Q_UINT64_C(14514284786278117030));
    QCOMPARE(Resampler::unitOf(first, 50), 39);
    g.discard(9998);
    QCOMPARE(quint64(g()), Q_UINT64_C(9981545732273789042));
}

void ComparisonTest::resamplesDependOnlyOnTheSeed()
{
    Resampler a(50, 7), b(50, 7), c(50, 8);
    bool differs = false;
    for (int i = 0; i < 20; ++i) {
        const QList<int> x = a.next();
        QCOMPARE(b.next(), x);
        QCOMPARE(std::accumulate(x.cbegin(), x.cend(), 0), 50);
        differs = differs || c.next() != x;
    }
    QVERIFY(differs);
}

void ComparisonTest::pValueCountsTheSmallerTailTwice()
{
    QCOMPARE(*bootstrapPValue({1, 2, 3, -1}), 0.5);
    QCOMPARE(*bootstrapPValue({0, 0, 0}), 1.0);
    QCOMPARE(*bootstrapPValue({0.5, 2, 3}), 0.0);
    QCOMPARE(*bootstrapPValue({-1, -2, 0, 4}), 1.0); // two at or below 0 of four, doubled
    QVERIFY(!bootstrapPValue({}));
}

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
    // Nothing found, nothing raised: 0 as the upstream leaderboard shows it, not undefined.
    Evidence none;
    none.judges << judgeOf(QStringLiteral("j"), {{QStringLiteral("silent"), {review(0, 0, 2)}}});
    const ReviewerStanding silent = compareEvidence(none, requestWith(10)).judges.first().reviewers.first();
    QCOMPARE(*silent.precision.value, 0.0);
    QCOMPARE(*silent.fBeta.value, 0.0);
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
    QCOMPARE(*recall->p, 0.0);
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

QTEST_GUILESS_MAIN(ComparisonTest)
#include "tst_comparison.moc"
