// Krippendorff's alpha (models/metrics/KrippendorffAlpha.h) against
// published worked examples: Krippendorff's own reliability data with
// missing values ("Computing Krippendorff's Alpha-Reliability", 2011, §C:
// 4 coders, 12 units; nominal 0.743, ordinal 0.815, interval 0.849), recomputed
// here from the coincidence matrix the paper prints, and Wikipedia's
// computational example (3 coders, 15 units; nominal 0.691, interval 0.811);
// then the cases where alpha is undefined and the bootstrap interval, which
// resamples merge requests (all the units of a drawn one together), not units.

#include <KrippendorffAlpha.h>
#include <Resampling.h>

#include <QTest>

#include <cmath>

using namespace rd;

namespace {

constexpr double Missing = -1;

// Reliability data as coders × units (Missing: not coded) into units of values.
QList<AlphaUnit> unitsOf(const QList<QList<double>> &coders)
{
    QList<AlphaUnit> units(coders.constFirst().size());
    for (const QList<double> &coder : coders)
        for (qsizetype u = 0; u < coder.size(); ++u)
            if (coder[u] != Missing)
                units[u] << coder[u];
    return units;
}

// The paper's §C data: coders A–D over units 1–12.
QList<AlphaUnit> krippendorff2011()
{
    const double m = Missing;
    return unitsOf({{1, 2, 3, 3, 2, 1, 4, 1, 2, m, m, m},
                    {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, m, 3},
                    {m, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, m},
                    {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, m}});
}

// The coincidence matrix the paper prints for those data (values 1–5).
const double PublishedCoincidences[5][5] = {
    {7, 4.0 / 3, 1.0 / 3, 1.0 / 3, 0},
    {4.0 / 3, 10, 4.0 / 3, 1.0 / 3, 0},
    {1.0 / 3, 4.0 / 3, 8, 1.0 / 3, 0},
    {1.0 / 3, 1.0 / 3, 1.0 / 3, 4, 0},
    {0, 0, 0, 0, 3},
};

// Alpha from a printed coincidence matrix and a difference function, by the
// paper's formula alpha = 1 − (n − 1) Σ o_ck δ²_ck / Σ n_c n_k δ²_ck, written
// out here independently of the code under test.
template<typename Delta>
double alphaFromPublishedMatrix(Delta delta2)
{
    double n[5] = {}, total = 0;
    for (int c = 0; c < 5; ++c) {
        for (int k = 0; k < 5; ++k)
            n[c] += PublishedCoincidences[c][k];
        total += n[c];
    }
    double observed = 0, expected = 0;
    for (int c = 0; c < 5; ++c)
        for (int k = 0; k < 5; ++k) {
            observed += PublishedCoincidences[c][k] * delta2(c + 1, k + 1);
            expected += n[c] * n[k] * delta2(c + 1, k + 1);
        }
    return 1 - (total - 1) * observed / expected;
}

double rounded3(double x)
{
    return std::round(x * 1000) / 1000;
}

} // namespace

class KrippendorffAlphaTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void coincidenceMatrixIsThePapersWithMissingValues()
    {
        const AlphaResult r = krippendorffAlpha(krippendorff2011(), AlphaMetric::Nominal);
        QCOMPARE(r.units, 11); // unit 12 has one value only: not pairable
        QCOMPARE(r.values, 40);
        QCOMPARE(r.valueSet, (QList<double>{1, 2, 3, 4, 5}));
        QCOMPARE(r.valueCounts, (QList<int>{9, 13, 10, 5, 3}));
        for (int c = 0; c < 5; ++c)
            for (int k = 0; k < 5; ++k)
                QVERIFY2(std::abs(r.coincidences[c][k] - PublishedCoincidences[c][k]) < 1e-12, qPrintable(QStringLiteral("o[%1][%2]").arg(c + 1).arg(k + 1)));
    }

    void nominalAlphaOfThePapersExampleIs0743()
    {
        const AlphaResult r = krippendorffAlpha(krippendorff2011(), AlphaMetric::Nominal);
        QVERIFY(r.alpha);
        QCOMPARE(rounded3(*r.alpha), 0.743);
        const double independent = alphaFromPublishedMatrix([](int c, int k) { return c == k ? 0.0 : 1.0; });
        QCOMPARE(rounded3(independent), 0.743);
        QVERIFY(std::abs(*r.alpha - independent) < 1e-12);
        QVERIFY(std::abs(*r.alpha - 113.0 / 152.0) < 1e-12); // the exact value: (39·32 − 344) / (1560 − 344)
        QCOMPARE(r.degeneracy, AlphaResult::Degeneracy::None);
    }

    void intervalAlphaOfThePapersExampleIs0849()
    {
        const AlphaResult r = krippendorffAlpha(krippendorff2011(), AlphaMetric::Interval);
        QVERIFY(r.alpha);
        QCOMPARE(rounded3(*r.alpha), 0.849);
        const double independent = alphaFromPublishedMatrix([](int c, int k) { return double((c - k) * (c - k)); });
        QCOMPARE(rounded3(independent), 0.849);
        QVERIFY(std::abs(*r.alpha - independent) < 1e-12);
    }

    void ordinalAlphaOfThePapersExampleIs0815()
    {
        const AlphaResult r = krippendorffAlpha(krippendorff2011(), AlphaMetric::Ordinal);
        QVERIFY(r.alpha);
        QCOMPARE(rounded3(*r.alpha), 0.815);
    }

    void wikipediasComputationalExample()
    {
        // https://en.wikipedia.org/wiki/Krippendorff%27s_alpha, "A computational example":
        // 3 coders, 15 units, many missing; nominal 0.691, interval 0.811.
        const double m = Missing;
        const QList<AlphaUnit> units = unitsOf({{m, m, m, m, m, 3, 4, 1, 2, 1, 1, 3, 3, m, 3},
                                                 {1, m, 2, 1, 3, 3, 4, 3, m, m, m, m, m, m, m},
                                                 {m, m, 2, 1, 3, 4, 4, m, 2, 1, 1, 3, 3, m, 4}});
        const AlphaResult nominal = krippendorffAlpha(units, AlphaMetric::Nominal);
        QCOMPARE(nominal.units, 12);
        QCOMPARE(nominal.values, 26);
        QVERIFY(nominal.alpha);
        QCOMPARE(std::round(*nominal.alpha * 1e6) / 1e6, 0.691358);
        const AlphaResult interval = krippendorffAlpha(units, AlphaMetric::Interval);
        QVERIFY(interval.alpha);
        QCOMPARE(std::round(*interval.alpha * 1e6) / 1e6, 0.810845);
    }

    void perfectAgreementIsOneAndSystematicDisagreementBelowZero()
    {
        const AlphaResult perfect = krippendorffAlpha(unitsOf({{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, Missing}}), AlphaMetric::Interval);
        QVERIFY(perfect.alpha);
        QCOMPARE(*perfect.alpha, 1.0);
        // Two coders who always differ: D_o above D_e, alpha negative.
        const AlphaResult opposed = krippendorffAlpha(unitsOf({{1, 2, 1, 2}, {2, 1, 2, 1}}), AlphaMetric::Nominal);
        QVERIFY(opposed.alpha);
        QVERIFY2(*opposed.alpha < 0, qPrintable(QString::number(*opposed.alpha)));
        QCOMPARE(*opposed.alpha, 1 - 7.0 / 4.0); // D_o = 1, D_e = (4·4·2) / (8·7)
    }

    void noPairableUnitIsUndefined()
    {
        const AlphaResult r = krippendorffAlpha(unitsOf({{1, Missing}, {Missing, 2}}), AlphaMetric::Nominal);
        QCOMPARE(r.units, 0);
        QCOMPARE(r.values, 0);
        QVERIFY(!r.alpha);
        QCOMPARE(r.degeneracy, AlphaResult::Degeneracy::NoPairableUnit);
        QVERIFY(!krippendorffAlpha({}, AlphaMetric::Interval).alpha);
    }

    void oneValueOnlyIsUndefinedNotDividedByZero()
    {
        // Everyone gave 3 (a lone 5 in a unit of its own is not pairable).
        const AlphaResult r = krippendorffAlpha(unitsOf({{3, 3, 5}, {3, 3, Missing}}), AlphaMetric::Interval, {1000, 7});
        QCOMPARE(r.units, 2);
        QCOMPARE(r.values, 4);
        QCOMPARE(r.valueSet, QList<double>{3});
        QVERIFY(!r.alpha);
        QCOMPARE(r.degeneracy, AlphaResult::Degeneracy::OneValue);
        QVERIFY(!r.low && !r.high);
    }

    void bootstrapIntervalIsSeededAndBracketsAlpha()
    {
        const AlphaBootstrap resampling{2000, 42};
        const AlphaResult a = krippendorffAlpha(krippendorff2011(), AlphaMetric::Nominal, resampling);
        const AlphaResult b = krippendorffAlpha(krippendorff2011(), AlphaMetric::Nominal, resampling);
        QVERIFY(a.low && a.high);
        QCOMPARE(*a.low, *b.low); // the same seed, the same interval
        QCOMPARE(*a.high, *b.high);
        QVERIFY2(*a.low < *a.alpha && *a.alpha < *a.high, qPrintable(QStringLiteral("%1 [%2, %3]").arg(*a.alpha).arg(*a.low).arg(*a.high)));
        QVERIFY(*a.high <= 1.0);
        // A resample whose units all hold one and the same value would not
        // count (alpha undefined); with these data none does.
        QCOMPARE(a.resamples, 2000);
        // Without resamples, no interval.
        QVERIFY(!krippendorffAlpha(krippendorff2011(), AlphaMetric::Nominal).low);
    }

    void bootstrapOfIdenticalUnitsIsAPoint()
    {
        // Every unit is the same pair (1, 2): every resample is the data again.
        const QList<AlphaUnit> units(6, AlphaUnit{1, 2});
        const AlphaResult r = krippendorffAlpha(units, AlphaMetric::Nominal, {500, 3});
        QVERIFY(r.alpha);
        QCOMPARE(r.resamples, 500);
        QVERIFY(std::abs(*r.low - *r.alpha) < 1e-12);
        QVERIFY(std::abs(*r.high - *r.alpha) < 1e-12);
        QVERIFY(std::abs(*r.alpha - (1 - 11.0 / 6.0)) < 1e-12); // D_o = 1, D_e = 2·6·6 / (12·11)
    }
    void bootstrapOfUnitsClusteredInMergeRequestsIsWiderThanOfUnits()
    {
        // Ten merge requests of five identical units each: the units of one
        // merge request are one observation five times over, so resampling
        // them one by one (50 "independent" units) understates the spread
        // that resampling the 10 merge requests shows (about sqrt(5) wider).
        const QList<AlphaUnit> kinds = {{1, 1}, {2, 2}, {1, 2}, {3, 3}, {2, 3}};
        QList<AlphaUnit> units;
        QList<qint64> mergeRequestOf;
        for (qint64 mr = 0; mr < 10; ++mr)
            for (int copy = 0; copy < 5; ++copy) {
                units << kinds[mr % kinds.size()];
                mergeRequestOf << 100 + mr;
            }
        const AlphaResult byUnit = krippendorffAlpha(units, AlphaMetric::Nominal, {2000, 1});
        const AlphaResult byMergeRequest = krippendorffAlpha(units, AlphaMetric::Nominal, {2000, 1, stats::DefaultLevel, mergeRequestOf});
        QCOMPARE(byUnit.mergeRequests, 50);
        QCOMPARE(byMergeRequest.mergeRequests, 10);
        QVERIFY(byUnit.low && byMergeRequest.low && byMergeRequest.high);
        QCOMPARE(*byMergeRequest.alpha, *byUnit.alpha); // the point value does not depend on the grouping
        const double unitWidth = *byUnit.high - *byUnit.low, mergeRequestWidth = *byMergeRequest.high - *byMergeRequest.low;
        QVERIFY2(mergeRequestWidth > 1.5 * unitWidth, qPrintable(QStringLiteral("merge requests %1, units %2").arg(mergeRequestWidth).arg(unitWidth)));
    }

    void bootstrapDrawsMergeRequestsWithTheToolkitsResampler()
    {
        // One resample, seeded: its alpha (the interval's both ends) is the
        // alpha of the units of the merge requests stats::Resampler draws with
        // that seed, in ascending merge request order, each as often as drawn.
        // The units are given out of order; merge request 50 holds no
        // pairable unit and is not resampled.
        const QList<AlphaUnit> units = {{1, 1, 2}, {1, 1}, {3, 3}, {1, 2}, {2, 2}, {5}, {2, 2}, {2, 3}, {1, 2}};
        const QList<qint64> mergeRequestOf = {30, 10, 40, 10, 20, 50, 20, 40, 20};
        const quint64 seed = 0x9e3779b97f4a7c15ULL; // 64-bit seeds are taken whole
        const AlphaResult r = krippendorffAlpha(units, AlphaMetric::Ordinal, {1, seed, stats::DefaultLevel, mergeRequestOf});
        QCOMPARE(r.mergeRequests, 4);
        const QList<QList<AlphaUnit>> byMergeRequest = {{{1, 1}, {1, 2}}, {{2, 2}, {2, 2}, {1, 2}}, {{1, 1, 2}}, {{3, 3}, {2, 3}}}; // 10, 20, 30, 40
        stats::Resampler resampler(4, seed);
        const QList<int> &drawn = resampler.next();
        QList<AlphaUnit> resampled;
        for (int m = 0; m < 4; ++m)
            for (int k = 0; k < drawn[m]; ++k)
                resampled << byMergeRequest[m];
        const AlphaResult expected = krippendorffAlpha(resampled, AlphaMetric::Ordinal);
        QVERIFY(expected.alpha && r.low && r.high);
        QCOMPARE(r.resamples, 1);
        QVERIFY2(std::abs(*r.low - *expected.alpha) < 1e-12 && std::abs(*r.high - *expected.alpha) < 1e-12,
                 qPrintable(QStringLiteral("%1 – %2, expected %3").arg(*r.low).arg(*r.high).arg(*expected.alpha)));
    }
};

QTEST_GUILESS_MAIN(KrippendorffAlphaTest)
#include "tst_krippendorffalpha.moc"
