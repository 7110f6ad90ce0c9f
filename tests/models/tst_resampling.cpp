// The resampling toolkit (models/metrics/Resampling.h): the unbiased index
// draw, the percentile with infinite and undefined resamples, the p-value's
// floor, Holm's adjustment on a worked case, and the tiers' letters.

#include <Resampling.h>

#include <QTest>

#include <cmath>
#include <limits>

using namespace rd::stats;

class TestResampling : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void indexBelowIsTheMultiplyShiftDrawForSmallRanges()
    {
        // Rejection happens with probability n / 2^64: for a small range the
        // draws are the high word of x * n, as compare drew before the
        // toolkit, so its published intervals stay what they were.
        std::mt19937_64 a(7), b(7);
        for (int i = 0; i < 1000; ++i) {
            const quint64 x = b();
            const quint64 expected = ((x >> 32) * 50 + (((x & 0xffffffffULL) * 50) >> 32)) >> 32;
            QCOMPARE(indexBelow(a, 50), expected);
        }
    }

    void indexBelowRejectsTheBiasedProductsOfALargeRange()
    {
        // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so half the words are
        // rejected; every accepted draw lies below n and both halves occur.
        const quint64 n = (quint64(1) << 63) + 1;
        std::mt19937_64 g(3);
        int upperHalf = 0;
        for (int i = 0; i < 200; ++i) {
            const quint64 x = indexBelow(g, n);
            QVERIFY(x < n);
            upperHalf += x >= (quint64(1) << 62) ? 1 : 0;
        }
        QVERIFY2(upperHalf > 50 && upperHalf < 200, qPrintable(QString::number(upperHalf)));
    }

    void indexBelowDrawsEveryIndexEquallyOften()
    {
        std::mt19937_64 g(11);
        QList<int> counts(3, 0);
        for (int i = 0; i < 30000; ++i)
            ++counts[int(indexBelow(g, 3))];
        for (int c : counts)
            QVERIFY2(std::abs(c - 10000) < 400, qPrintable(QString::number(c)));
    }

    void aStratifiedResampleDrawsEachStratumWithinItself()
    {
        Resampler r(QList<int>{5, 5, 9, 9, 9, 2}, 4);
        for (int b = 0; b < 50; ++b) {
            const QList<int> &c = r.next();
            QCOMPARE(c[0] + c[1], 2);
            QCOMPARE(c[2] + c[3] + c[4], 3);
            QCOMPARE(c[5], 1);
        }
    }

    void thePercentileIsNumpysTypeSeven()
    {
        QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 0.25), 1.75);
        QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 0.5), 2.5);
        QCOMPARE(quantileOfSorted({1, 2, 3, 4}, 1.0), 4.0);
        QVERIFY(std::isnan(quantileOfSorted({}, 0.5)));
    }

    void undefinedResamplesAreLeftOutAndCounted()
    {
        QList<double> values;
        for (int i = 0; i < 90; ++i)
            values << double(i % 10);
        for (int i = 0; i < 10; ++i)
            values << std::nan("");
        const Estimate e = estimate(4.5, values, 0.95);
        QCOMPARE(e.resamples, 90);
        QCOMPARE(e.drawn, 100);
        QCOMPARE(*e.low, 0.0);
        QCOMPARE(*e.high, 9.0);
    }

    void anInfiniteTailOpensItsSide()
    {
        // 97 finite fits and 3 at +inf of 100: the 97.5th percentile lies
        // among the infinite ones, so the interval is open above.
        QList<double> values;
        for (int i = 1; i <= 97; ++i)
            values << double(i);
        const double inf = std::numeric_limits<double>::infinity();
        values << inf << inf << inf;
        const Estimate open = estimate(50.0, values, 0.95);
        QVERIFY(open.low);
        QVERIFY(!open.high);
        QVERIFY(open.highOpen());
        QCOMPARE(open.resamples, 100);
        // Two of 100 at +inf: the percentile is still among the finite ones.
        values.removeLast();
        values.prepend(0.0);
        const Estimate closed = estimate(50.0, values, 0.95);
        QVERIFY(closed.high);
        QVERIFY(std::isfinite(*closed.high));
        // -inf opens the lower side the same way.
        QList<double> negative{-inf, -inf, -inf};
        for (int i = 1; i <= 97; ++i)
            negative << double(i);
        QVERIFY(!estimate(50.0, negative, 0.95).low);
    }

    void anUndefinedFigureHasNoInterval()
    {
        const Estimate e = estimate(std::nullopt, {1, 2, 3}, 0.95);
        QVERIFY(!e.value);
        QVERIFY(!e.low);
        QVERIFY(!e.high);
        QVERIFY(!e.lowOpen());
    }

    void thePValueIsNeverBelowItsFloor()
    {
        // No resample crosses 0: (1 + 0)/(B + 1) per tail, doubled.
        QCOMPARE(*pValue({0.5, 2, 3}), 0.5);
        QList<double> positive(2000, 1.0);
        QCOMPARE(*pValue(positive), 2.0 / 2001.0);
        QCOMPARE(pValueFloor(2000), 2.0 / 2001.0);
        // Two at or below 0 of four: (1 + 2)/5, doubled and capped at 1.
        QCOMPARE(*pValue({-1, -2, 0, 4}), 1.0);
        QCOMPARE(*pValue({1, 2, 3, -1}), 0.8);
        QVERIFY(!pValue({}));
    }

    void aPairedDifferenceLeavesOutResamplesWhereEitherIsUndefined()
    {
        const double nan = std::nan("");
        const PairedDifference d = pairedDifference(60.0, 50.0, {60, nan, 70, 65}, {50, 40, nan, 55}, 0.95);
        QCOMPARE(*d.difference, 10.0);
        QCOMPARE(d.resamples, 2);
        QCOMPARE(*d.p, 2.0 / 3.0);
        QVERIFY(!pairedDifference(std::nullopt, 50.0, {1}, {1}, 0.95).difference);
    }

    void holmAdjustsStepDown()
    {
        // Sorted 0.01, 0.03, 0.04 of m = 3: 3 x 0.01, max(0.03, 2 x 0.03), max(0.06, 1 x 0.04).
        const auto adjusted = holmAdjusted({0.01, 0.04, 0.03, std::nullopt});
        QCOMPARE(*adjusted[0], 0.03);
        QCOMPARE(*adjusted[1], 0.06);
        QCOMPARE(*adjusted[2], 0.06);
        QVERIFY(!adjusted[3]);
        QCOMPARE(*holmAdjusted({0.5, 0.6})[1], 1.0);
    }

    void tiersGroupWhatNoTestSeparates()
    {
        // Four in rank order; the fourth is told apart from the first two.
        const auto separated = [](int i, int j) { return j == 3 && i < 2; };
        QCOMPARE(compactLetters(4, separated), (QStringList{QStringLiteral("a"), QStringLiteral("a"), QStringLiteral("ab"), QStringLiteral("b")}));
        // Nothing separated: one tier.
        QCOMPARE(compactLetters(3, [](int, int) { return false; }), (QStringList{QStringLiteral("a"), QStringLiteral("a"), QStringLiteral("a")}));
        // Everything separated: a tier each.
        QCOMPARE(compactLetters(3, [](int, int) { return true; }), (QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")}));
    }

    void tiersNeverPutTwoSeparatedItemsUnderOneLetter()
    {
        // A chain: neighbours alike, two apart different.
        const auto separated = [](int i, int j) { return j - i >= 2; };
        const QStringList letters = compactLetters(5, separated);
        for (int i = 0; i < 5; ++i)
            for (int j = i + 1; j < 5; ++j) {
                bool share = false;
                for (QChar c : letters[i])
                    share = share || letters[j].contains(c);
                QCOMPARE(share, !separated(i, j));
            }
    }
    void ratioOfSumsCarriesTheDeltaMethodError()
    {
        // y = 1, 2, 0 over x = 2, 2, 1: t = 3/5; residuals y − t x = −0.2,
        // 0.8, −0.6; se = √1.04 / 5. Unit 0 twice, unit 1 not at all: t = 2/5,
        // residuals 0.2 (twice) and −0.4; se = √0.24 / 5.
        const RatioOfSums r{{1, 2, 0}, {2, 2, 1}};
        const ValueWithError once = ratioOfSums(r, nullptr, 100);
        QCOMPARE(once.value, 60.0);
        QVERIFY(std::abs(once.error - 100 * std::sqrt(1.04) / 5) < 1e-12);
        const QList<int> counts{2, 0, 1};
        const ValueWithError drawn = ratioOfSums(r, &counts, 1);
        QVERIFY(std::abs(drawn.value - 0.4) < 1e-15);
        QVERIFY(std::abs(drawn.error - std::sqrt(0.24) / 5) < 1e-15);
        const ValueWithError none = ratioOfSums(RatioOfSums{{0, 0}, {0, 0}}, nullptr, 100);
        QVERIFY(std::isnan(none.value) && std::isnan(none.error));
    }

    void ratioDifferencePairsTheUnits()
    {
        // b = 2, 0, 1 over 2, 1, 2: the same 3/5, so the difference is 0; the
        // influence values a: −0.04, 0.16, −0.12, b: 0.16, −0.12, −0.04 pull
        // apart unit by unit: √(0.2² + 0.28² + 0.08²) = √0.1248, wider than
        // √(0.0416 + 0.0416) of two independent ratios.
        const RatioOfSums a{{1, 2, 0}, {2, 2, 1}}, b{{2, 0, 1}, {2, 1, 2}};
        const ValueWithError d = ratioDifference(a, b, nullptr, 100);
        QVERIFY(std::abs(d.value) < 1e-12);
        QVERIFY(std::abs(d.error - 100 * std::sqrt(0.1248)) < 1e-9);
        const ValueWithError undefined = ratioDifference(a, RatioOfSums{{0, 0, 0}, {0, 0, 0}}, nullptr, 100);
        QVERIFY(std::isnan(undefined.value));
    }

    void studentizedIntervalTurnsTheQuantilesOfT()
    {
        // t* = −4, −1, 0, 1, 2 (se* = 1); at 80 % the type-7 quantiles are
        // t*(0.9) = 1.6 and t*(0.1) = −2.8, so [10 − 2·1.6, 10 + 2·2.8]: a long
        // lower tail of t* lengthens the interval's upper side. The range caps it.
        const QList<double> values{6, 9, 10, 11, 12}, errors{1, 1, 1, 1, 1};
        const Estimate e = studentizedEstimate(10.0, 2, values, errors, 0.8, 0, 100);
        QVERIFY(e.low && std::abs(*e.low - 6.8) < 1e-12);
        QVERIFY(e.high && std::abs(*e.high - 15.6) < 1e-12);
        QCOMPARE(e.resamples, 5);
        const Estimate capped = studentizedEstimate(10.0, 2, values, errors, 0.8, 0, 15);
        QCOMPARE(*capped.high, 15.0);
    }

    void studentizedResampleWithoutSpreadIsZeroOrInfinite()
    {
        // se* = 0: t* = 0 where θ* = θ̂, else ±inf. One infinite t* of 20 lies
        // beyond the 90th percentile and changes nothing: t*(0.9) = 8.1,
        // t*(0.1) = −7.1 of −9 … 9 and +inf.
        QList<double> values, errors;
        for (int t = -9; t <= 9; ++t) {
            values << 10 + t;
            errors << 1;
        }
        values << 50;
        errors << 0;
        const Estimate few = studentizedEstimate(10.0, 2, values, errors, 0.8, -100, 100);
        QVERIFY(few.low && std::abs(*few.low - (10 - 2 * 8.1)) < 1e-9);
        QVERIFY(few.high && std::abs(*few.high - (10 + 2 * 7.1)) < 1e-9);
        // One of five reaches the 90th percentile: t* cannot bound that side,
        // and the interval is the percentile one of 6, 9, 10, 11, 30 —
        // [7.2, 22.4]. NaN (undefined) is left out and counted.
        const QList<double> spreadless{6, 9, 10, 11, 30, std::nan("")}, spreadlessErrors{1, 1, 0, 1, 0, 1};
        const Estimate e = studentizedEstimate(10.0, 2, spreadless, spreadlessErrors, 0.8, 0, 100);
        QCOMPARE(e.resamples, 5);
        QCOMPARE(e.drawn, 6);
        QVERIFY(e.low && std::abs(*e.low - 7.2) < 1e-12);
        QVERIFY(e.high && std::abs(*e.high - 22.4) < 1e-12);
        // Every resample the same and se = 0: the point.
        const Estimate flat = studentizedEstimate(40.0, 0, {40, 40, 40}, {0, 0, 0}, 0.95, 0, 100);
        QCOMPARE(*flat.low, 40.0);
        QCOMPARE(*flat.high, 40.0);
        QVERIFY(!studentizedEstimate(std::nullopt, 2, values, errors, 0.8, 0, 100).low);
        // A difference falls back with its p-value: 2 · (1 + 1)/6 of the
        // percentile test (one of the five resamples at or below 0).
        const PairedDifference d = studentizedDifference(10.0, 2, {-1, 9, 10, 11, 30}, {1, 1, 0, 1, 0}, 0.8, -100, 100);
        QCOMPARE(*d.p, 2.0 * 2 / 6);
    }

    void studentizedPValueIsTheTestTheIntervalInverts()
    {
        // θ̂ = 3, se = 1: t0 = 3 against t* = −2 … 4 (B = 7): 2 of them at or
        // above it, so p = 2 · (1 + 2)/8.
        const QList<double> values{1, 2, 3, 4, 5, 6, 7}, errors(7, 1.0);
        const PairedDifference d = studentizedDifference(3.0, 1, values, errors, 0.95, -100, 100);
        QCOMPARE(*d.p, 0.75);
        QCOMPARE(d.resamples, 7);
        // Two reviewers alike on every merge request: no difference in any
        // resample, p = 1 and the interval is the point.
        const PairedDifference same = studentizedDifference(0.0, 0, {0, 0, 0}, {0, 0, 0}, 0.95, -100, 100);
        QCOMPARE(*same.p, 1.0);
        QCOMPARE(*same.low, 0.0);
        QCOMPARE(*same.high, 0.0);
        // One always ahead by the same amount: the floor, 2/(B + 1).
        const PairedDifference ahead = studentizedDifference(5.0, 0, {5, 5, 5}, {0, 0, 0}, 0.95, -100, 100);
        QCOMPARE(*ahead.p, pValueFloor(3));
    }
};

QTEST_GUILESS_MAIN(TestResampling)
#include "tst_resampling.moc"
