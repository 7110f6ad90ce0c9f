// The Bradley–Terry fit (BradleyTerry.h) against computations it shares no
// code with: the closed form for two players, Hunter's (2004) minorization-
// maximization algorithm on a hand-made table, the likelihood equations
// themselves, and strengths recovered from votes simulated from the model.

#include <BradleyTerry.h>
#include <Resampling.h>

#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace rd;

namespace {

// Hunter (2004), eq. (3): p_i <- W_i / Σ_j n_ij / (p_i + p_j), renormalised,
// until no p moves by more than 1e-13 relative; the strengths are log p,
// centred. W_i counts a tie as half a win, n_ij the games of i and j.
std::vector<double> minorizationMaximization(const std::vector<std::vector<double>> &wins)
{
    const std::size_t n = wins.size();
    std::vector<double> p(n, 1.0);
    for (int iteration = 0; iteration < 100000; ++iteration) {
        std::vector<double> next(n);
        double largestChange = 0;
        for (std::size_t i = 0; i < n; ++i) {
            double w = 0, denominator = 0;
            for (std::size_t j = 0; j < n; ++j) {
                if (i == j)
                    continue;
                w += wins[i][j];
                const double games = wins[i][j] + wins[j][i];
                if (games > 0)
                    denominator += games / (p[i] + p[j]);
            }
            next[i] = w / denominator;
        }
        double geometric = 0;
        for (double v : next)
            geometric += std::log(v);
        geometric = std::exp(geometric / double(n));
        for (std::size_t i = 0; i < n; ++i) {
            next[i] /= geometric;
            largestChange = std::max(largestChange, std::abs(next[i] - p[i]) / p[i]);
        }
        p = next;
        if (largestChange < 1e-13)
            break;
    }
    std::vector<double> theta(n);
    for (std::size_t i = 0; i < n; ++i)
        theta[i] = std::log(p[i]);
    return theta;
}

PairwiseTally tallyOf(const std::vector<std::vector<double>> &wins)
{
    PairwiseTally t(int(wins.size()));
    for (std::size_t i = 0; i < wins.size(); ++i)
        for (std::size_t j = i + 1; j < wins.size(); ++j)
            t.add({int(i), int(j), wins[i][j], wins[j][i]});
    return t;
}

// Five players, every pair met, some ties (as halves): the numbers are made
// up, not drawn from any model.
const std::vector<std::vector<double>> handMade = {
    {0, 7, 4.5, 9, 3},
    {3, 0, 5, 6.5, 2},
    {2.5, 4, 0, 5, 1.5},
    {1, 2.5, 4, 0, 2},
    {2, 3, 3.5, 5, 0},
};

} // namespace

class BradleyTerryTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void twoPlayersEqualTheClosedFormLogOfTheWinRatio();
    void fitEqualsHuntersMinorizationMaximizationOnAHandMadeTable();
    void fitSolvesTheLikelihoodEquations();
    void aTieCountsAsHalfAWinForEachSide();
    void recoversKnownStrengthsFromSimulatedVotes();
    void aPlayerThatNeverLostHasNoFiniteStrengthAndIsNamed();
    void playersNoVoteComparesAreNamedAsDisconnected();
    void aPlayerWhoNeverPlayedHasNoStrengthAndDoesNotMoveTheOthers();
    void bootstrapIsTheSameForOneSeedAndBracketsTheFit();
    void bootstrapPutsADivergingFitAtInfinity();
    void aDivergingFitSendsOnlyTheDeterminedStrengthsToInfinity();
    void eloScaleIsFourHundredPerFactorTen();
};

void BradleyTerryTest::twoPlayersEqualTheClosedFormLogOfTheWinRatio()
{
    // With two players the likelihood w1 log σ(d) + w2 log σ(−d) is maximal
    // at d = log(w1 / w2).
    PairwiseTally t(2);
    for (int k = 0; k < 7; ++k)
        t.addWin(0, 1);
    for (int k = 0; k < 3; ++k)
        t.addWin(1, 0);
    const BradleyTerryFit fit = fitBradleyTerry(t);
    QVERIFY(fit.finite());
    QVERIFY(std::abs((*fit.strength[0] - *fit.strength[1]) - std::log(7.0 / 3.0)) < 1e-9);
    QVERIFY(std::abs(*fit.strength[0] + *fit.strength[1]) < 1e-12); // centred
    QVERIFY(std::abs(winProbability(*fit.strength[0], *fit.strength[1]) - 0.7) < 1e-9);
}

void BradleyTerryTest::fitEqualsHuntersMinorizationMaximizationOnAHandMadeTable()
{
    const BradleyTerryFit fit = fitBradleyTerry(tallyOf(handMade));
    QVERIFY(fit.finite());
    const std::vector<double> mm = minorizationMaximization(handMade);
    for (std::size_t i = 0; i < handMade.size(); ++i)
        QVERIFY2(std::abs(*fit.strength[i] - mm[i]) < 1e-3, qPrintable(QStringLiteral("player %1: %2 against %3").arg(i).arg(*fit.strength[i]).arg(mm[i])));
    // Not a table of equals: the strengths spread.
    QVERIFY(*fit.strength[0] - *fit.strength[3] > 0.5);
}

void BradleyTerryTest::fitSolvesTheLikelihoodEquations()
{
    // At the maximum every player's expected wins equal its wins:
    // Σ_j n_ij σ(θ_i − θ_j) = W_i (Zermelo 1929).
    const BradleyTerryFit fit = fitBradleyTerry(tallyOf(handMade));
    for (std::size_t i = 0; i < handMade.size(); ++i) {
        double expected = 0, wins = 0;
        for (std::size_t j = 0; j < handMade.size(); ++j) {
            if (i == j)
                continue;
            wins += handMade[i][j];
            expected += (handMade[i][j] + handMade[j][i]) * winProbability(*fit.strength[i], *fit.strength[j]);
        }
        QVERIFY2(std::abs(expected - wins) < 1e-6, qPrintable(QStringLiteral("player %1: expected %2, won %3").arg(i).arg(expected).arg(wins)));
    }
}

void BradleyTerryTest::aTieCountsAsHalfAWinForEachSide()
{
    // 3 wins, 1 loss, 2 ties: 4 against 2, so θ_0 − θ_1 = log 2.
    PairwiseTally t(2);
    for (int k = 0; k < 3; ++k)
        t.addWin(0, 1);
    t.addWin(1, 0);
    t.addTie(0, 1);
    t.addTie(1, 0);
    const BradleyTerryFit fit = fitBradleyTerry(t);
    QVERIFY(std::abs((*fit.strength[0] - *fit.strength[1]) - std::log(2.0)) < 1e-9);
    // Two ties weigh exactly as one win each way.
    PairwiseTally ties(3), wins(3);
    for (PairwiseTally *x : {&ties, &wins}) {
        x->addWin(0, 1);
        x->addWin(1, 2);
        x->addWin(2, 0);
        x->addWin(0, 2);
    }
    ties.addTie(1, 2);
    ties.addTie(2, 1);
    wins.addWin(1, 2);
    wins.addWin(2, 1);
    const BradleyTerryFit a = fitBradleyTerry(ties);
    const BradleyTerryFit b = fitBradleyTerry(wins);
    for (int i = 0; i < 3; ++i)
        QVERIFY(std::abs(*a.strength[std::size_t(i)] - *b.strength[std::size_t(i)]) < 1e-9);
    // A tie alone between two otherwise equal records changes nothing.
    PairwiseTally even(2);
    even.addWin(0, 1);
    even.addWin(1, 0);
    even.addTie(0, 1);
    QVERIFY(std::abs(*fitBradleyTerry(even).strength[0]) < 1e-12);
}

void BradleyTerryTest::recoversKnownStrengthsFromSimulatedVotes()
{
    // 50,000 votes between random pairs of five players, each won with
    // probability σ(θ_i − θ_j) (fixed seed). Each of the ten pairs meets
    // about 5,000 times; the standard error of a centred strength is then
    // about 1 / sqrt(4 · 5000 · 0.2) ≈ 0.016, so 0.06 (almost 4 standard
    // errors) fails only when the fit is wrong, not by chance.
    const std::vector<double> truth = {-1.0, -0.4, 0.0, 0.5, 0.9};
    std::mt19937_64 random(20240601);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    PairwiseTally t(5);
    for (int k = 0; k < 50000; ++k) {
        const int i = int(stats::indexBelow(random, 5));
        int j = int(stats::indexBelow(random, 4));
        if (j >= i)
            ++j;
        if (coin(random) < winProbability(truth[std::size_t(i)], truth[std::size_t(j)]))
            t.addWin(i, j);
        else
            t.addWin(j, i);
    }
    const BradleyTerryFit fit = fitBradleyTerry(t);
    QVERIFY(fit.finite());
    for (std::size_t i = 0; i < truth.size(); ++i)
        QVERIFY2(std::abs(*fit.strength[i] - truth[i]) < 0.06, qPrintable(QStringLiteral("player %1: %2, truth %3").arg(i).arg(*fit.strength[i]).arg(truth[i])));
}

void BradleyTerryTest::aPlayerThatNeverLostHasNoFiniteStrengthAndIsNamed()
{
    PairwiseTally t(3);
    t.addWin(0, 1);
    t.addWin(0, 2);
    t.addWin(0, 1);
    t.addWin(1, 2);
    t.addWin(2, 1);
    const BradleyTerryFit fit = fitBradleyTerry(t);
    QVERIFY(!fit.finite());
    QCOMPARE(fit.notFinite, BradleyTerryFit::NotFinite::Unbeaten);
    QCOMPARE(fit.group, std::vector<int>{0});
    QVERIFY(!fit.strength[0] && !fit.strength[1]);
    // One tie against it is enough.
    t.addTie(0, 2);
    QVERIFY(fitBradleyTerry(t).finite());
}

void BradleyTerryTest::playersNoVoteComparesAreNamedAsDisconnected()
{
    PairwiseTally t(4);
    t.addWin(0, 1);
    t.addWin(1, 0);
    t.addWin(2, 3);
    t.addWin(3, 2);
    const BradleyTerryFit fit = fitBradleyTerry(t);
    QCOMPARE(fit.notFinite, BradleyTerryFit::NotFinite::Disconnected);
    QCOMPARE(fit.group, (std::vector<int>{0, 1}));
    QCOMPARE(fitBradleyTerry(PairwiseTally(3)).notFinite, BradleyTerryFit::NotFinite::NoGames);
}

void BradleyTerryTest::aPlayerWhoNeverPlayedHasNoStrengthAndDoesNotMoveTheOthers()
{
    PairwiseTally three(3), two(2);
    for (PairwiseTally *t : {&three, &two}) {
        t->add({0, 1, 5, 2});
    }
    const BradleyTerryFit a = fitBradleyTerry(three);
    const BradleyTerryFit b = fitBradleyTerry(two);
    QVERIFY(a.finite());
    QVERIFY(!a.strength[2]);
    QVERIFY(std::abs(*a.strength[0] - *b.strength[0]) < 1e-12);
}

void BradleyTerryTest::bootstrapIsTheSameForOneSeedAndBracketsTheFit()
{
    // Twenty "merge requests", each a few votes among three players.
    std::vector<std::vector<PairOutcome>> units;
    std::mt19937_64 random(7);
    for (int u = 0; u < 20; ++u) {
        std::vector<PairOutcome> unit;
        for (int k = 0; k < 6; ++k) {
            const int i = int(stats::indexBelow(random, 3));
            const int j = (i + 1 + int(stats::indexBelow(random, 2))) % 3;
            const bool iWins = stats::indexBelow(random, 10) < quint64(4 + 2 * (2 - i)); // player 0 strongest
            unit.push_back({i, j, iWins ? 1.0 : 0.0, iWins ? 0.0 : 1.0});
        }
        units.push_back(unit);
    }
    const BradleyTerryBootstrap first = bootstrapBradleyTerry(3, units, 300, 11);
    const BradleyTerryBootstrap again = bootstrapBradleyTerry(3, units, 300, 11);
    const BradleyTerryBootstrap other = bootstrapBradleyTerry(3, units, 300, 12);
    const auto strengthsOf = [](const BradleyTerryBootstrap &b, int i) {
        QList<double> values;
        for (const BradleyTerryResample &r : b.fits)
            values << r.strength[std::size_t(i)];
        return values;
    };
    QCOMPARE(first.fits.size(), std::size_t(300));
    QCOMPARE(strengthsOf(first, 0), strengthsOf(again, 0));
    QVERIFY(strengthsOf(first, 0) != strengthsOf(other, 0));
    QVERIFY(first.finite >= 285); // a finite fit nearly always, with twenty units
    PairwiseTally whole(3);
    for (const auto &unit : units)
        for (const PairOutcome &o : unit)
            whole.add(o);
    const BradleyTerryFit fit = fitBradleyTerry(whole);
    for (int i = 0; i < 3; ++i) {
        const stats::Estimate e = stats::estimate(fit.strength[std::size_t(i)], strengthsOf(first, i), 0.95);
        QVERIFY2(e.low && e.high && *e.low < *e.value && *e.value < *e.high,
                 qPrintable(QStringLiteral("player %1: %2 outside %3..%4").arg(i).arg(*e.value).arg(e.low.value_or(-1e9)).arg(e.high.value_or(1e9))));
        QVERIFY(*e.high - *e.low > 0.05); // resampling moves the fit
    }
}

void BradleyTerryTest::bootstrapPutsADivergingFitAtInfinity()
{
    // Two units: in one player 0 wins, in the other player 1. A resample that
    // draws one unit twice has an unbeaten player, at +inf, the other at
    // −inf: about half of them; one of each is 0 and 0.
    const std::vector<std::vector<PairOutcome>> units = {{{0, 1, 1, 0}}, {{0, 1, 0, 1}}};
    const BradleyTerryBootstrap boot = bootstrapBradleyTerry(2, units, 400, 3);
    QCOMPARE(boot.resamples, 400);
    QCOMPARE(boot.fits.size(), std::size_t(400));
    int up = 0, down = 0;
    for (const BradleyTerryResample &r : boot.fits) {
        const double s = r.strength[0];
        QVERIFY2(std::abs(s) < 1e-9 || std::isinf(s), qPrintable(QString::number(s)));
        QCOMPARE(r.strength[1], -s);
        QCOMPARE(r.difference(0, 1), std::isinf(s) ? s : 0.0);
        up += s > 1 ? 1 : 0;
        down += s < -1 ? 1 : 0;
    }
    QCOMPARE(boot.finite, 400 - up - down);
    QVERIFY2(up > 60 && up < 140 && down > 60 && down < 140, qPrintable(QStringLiteral("%1 up, %2 down").arg(up).arg(down)));
}

void BradleyTerryTest::aDivergingFitSendsOnlyTheDeterminedStrengthsToInfinity()
{
    const double inf = std::numeric_limits<double>::infinity();
    // 0 never lost; 1 and 2 beat each other (2 : 1): 0 at +inf, and with the
    // mean dragged up, 1 and 2 at −inf; their difference is their own fit,
    // log 2.
    PairwiseTally unbeaten(3);
    unbeaten.addWin(0, 1);
    unbeaten.addWin(0, 2);
    unbeaten.add({1, 2, 2, 1});
    const BradleyTerryResample u = fitToTheLimit(unbeaten, {1, 1, 1});
    QCOMPARE(u.components, 2);
    QCOMPARE(u.strength, (std::vector<double>{inf, -inf, -inf}));
    QVERIFY(std::abs(u.difference(1, 2) - std::log(2.0)) < 1e-9);
    QCOMPARE(u.difference(0, 2), inf);
    QCOMPARE(u.difference(2, 0), -inf);
    // A chain 0 > 1 > 2, every vote one way: 1 is pulled both ways, undefined.
    PairwiseTally chain(3);
    chain.addWin(0, 1);
    chain.addWin(1, 2);
    const BradleyTerryResample c = fitToTheLimit(chain, {1, 1, 1});
    QCOMPARE(c.components, 3);
    QCOMPARE(c.strength[0], inf);
    QVERIFY(std::isnan(c.strength[1]));
    QCOMPARE(c.strength[2], -inf);
    QCOMPARE(c.difference(0, 2), inf); // through 1
    // 0 and 1 each beat 2 and never met: 2 is below both (−inf); 0 and 1
    // are neither above nor below each other: undefined, and so is their
    // difference.
    PairwiseTally twoTops(3);
    twoTops.addWin(0, 2);
    twoTops.addWin(1, 2);
    const BradleyTerryResample t = fitToTheLimit(twoTops, {1, 1, 1});
    QVERIFY(std::isnan(t.strength[0]) && std::isnan(t.strength[1]));
    QCOMPARE(t.strength[2], -inf);
    QVERIFY(std::isnan(t.difference(0, 1)));
    // Two groups that never met: nothing centred, differences within each.
    PairwiseTally apart(4);
    apart.add({0, 1, 3, 1});
    apart.add({2, 3, 1, 1});
    const BradleyTerryResample a = fitToTheLimit(apart, {1, 1, 1, 1});
    for (double s : a.strength)
        QVERIFY(std::isnan(s));
    QVERIFY(std::abs(a.difference(0, 1) - std::log(3.0)) < 1e-9);
    QVERIFY(std::isnan(a.difference(0, 2)));
    // A finite fit is the fit; one with an expected player missing centres
    // nothing (the mean is over every player) but keeps its differences.
    PairwiseTally finite(3);
    finite.add({0, 1, 3, 1});
    const BradleyTerryFit fit = fitBradleyTerry(finite);
    const BradleyTerryResample whole = fitToTheLimit(finite, {1, 1, 0});
    QCOMPARE(whole.components, 1);
    QCOMPARE(whole.strength[0], *fit.strength[0]);
    QVERIFY(std::isnan(whole.strength[2]));
    const BradleyTerryResample missing = fitToTheLimit(finite, {1, 1, 1});
    QVERIFY(std::isnan(missing.strength[0]) && std::isnan(missing.strength[1]));
    QVERIFY(std::abs(missing.difference(0, 1) - std::log(3.0)) < 1e-9);
    QVERIFY(std::isnan(missing.difference(0, 2)));
}

void BradleyTerryTest::eloScaleIsFourHundredPerFactorTen()
{
    QCOMPARE(eloFromStrength(0), 1000.0);
    // Odds of 10 to 1 are 400 Elo points.
    QVERIFY(std::abs(eloFromStrength(std::log(10.0)) - 1400.0) < 1e-9);
    QVERIFY(std::abs(winProbability(std::log(10.0), 0) - 10.0 / 11.0) < 1e-12);
}

QTEST_GUILESS_MAIN(BradleyTerryTest)
#include "tst_bradleyterry.moc"
