// Evaluation: matching generated comments to references, the defect-focused
// metrics (KBI, FAR1/2, CPI1/2, LSR), AACR-Bench's precision/recall/F1, the
// generated-comment format, per-stage figures from a workspace, threshold
// tuning. Every expected figure below is computed by hand in the comment
// beside it.

#include <AacrEvaluation.h>
#include <AacrGenerated.h>
#include <AacrPositiveSamples.h>
#include <EvalMatching.h>
#include <EvalMetrics.h>
#include <EvalTable.h>
#include <Evaluation.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>
#include <TagEvaluation.h>
#include <EvaluationReport.h>
#include <ThresholdTuning.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <tuple>

using namespace rd;
using namespace rd::eval;

namespace {

Location at(const QString &path, const QString &side, int from, int to)
{
    return Location{path, side, from, to};
}

Item item(qint64 id, const Location &where, const QString &text = QStringLiteral("x"), const QString &category = {}, const QString &context = {})
{
    Item i;
    i.id = id;
    i.where = where;
    i.text = text;
    i.category = category;
    i.context = context;
    i.key = QStringLiteral("None");
    return i;
}

ReviewComment comment(const QString &id, const QString &file, int from, int to, int q1 = 6, int q2 = 6, int q3 = 5)
{
    ReviewComment c;
    c.id = id;
    c.file = file;
    c.lineStart = from;
    c.lineEnd = to;
    c.issue = QStringLiteral("issue ") + id;
    c.q1Nitpick = q1;
    c.q2Fake = q2;
    c.q3Severity = q3;
    c.reviewers = {1};
    c.history = {{QStringLiteral("reviewer"), q1, q2, q3}};
    return c;
}

QByteArray recordJson(int topK = 5)
{
    RunRecord r;
    r.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    r.config.reviewer.model = QStringLiteral("m");
    r.config.topK = topK;
    return r.toJson();
}

} // namespace

class TestEvaluation : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void lineGapCountsLinesBetweenRanges_data();
    void lineGapCountsLinesBetweenRanges();
    void locationMatchNeedsPathSideAndDistance();
    void oneToOneTakesEachReferenceOnce();
    void linksOutrankLineMatches();
    void semanticMatchAsksOnlyLocationMatches();
    void upstreamLocationRuleIsTheReleasedEvaluators_data();
    void upstreamLocationRuleIsTheReleasedEvaluators();
    void upstreamCountingWithIdsGiven();
    void upstreamCountingWithReleasedData();
    void defectMetricsByHand();
    void emptyMergeRequestsAndNoKeyBug();
    void lsrAveragesOverAllMergeRequests();
    void table2CpiFromKbiAndFar_data();
    void table2CpiFromKbiAndFar();
    void aacrMetricsByHand();
    void unifiedDiffHunksCountsHunkHeaders();
    void generatedFormatParsesLikeTheEvaluator();
    void generatedLinesReadAsPythonIntReadsThem_data();
    void generatedLinesReadAsPythonIntReadsThem();
    void generatedFormatSurvivesAnyBytes();
    void generatedFormatRoundTripsEscapedNotes();
    void positiveSamplesReaderNamesTheBadPlace();
    void aacrDirectoryPerPrAndTotal();
    void tablesWriteCsvMarkdownLatex();
    void workspaceStagesFromOneRun();
    void aCommentDroppedForAnOffScaleScoreCountsAtAllOnly();
    void workspaceReferenceSetsAndLinks();
    void keyBugCommentsOfSeveralRunsAreOneIssue_data();
    void keyBugCommentsOfSeveralRunsAreOneIssue();
    void adjudicatorLabelsDecideKeyBugCategoryAndContext();
    void secondCommentOnAFoundKeyIssueIsNoFalseAlarm();
    void perRunCpiMeanReproducesTable3LeftFlowAll();
    void singleReviewerStagesOfAThreeReviewerRunAreRunsOfTheirOwn();
    void annotatorPrecisionPerStage();
    void agreementShownBesideAnnotatorPrecision();
    void adjudicationDecidesADisputedVerdict();
    void exportAacrGeneratedWritesTheRun();
    void ablationTablesGroupRunsByConfigurationField();
    void manyMergeRequestsReadAtOnceGiveTheSameFigures();
    void tuningFindsTheBestSetting();
    void tunedSettingWrittenIntoRunConfig();
    void tuningTopKCutsPerSliceAsThePipelineDoes();
    void tuningCountsAnnotatorLinksAsFindings();
    void tuningCountsNoSecondCommentOnAFoundIssueAsFalseAlarm();
    void tuningMatchesOnlyLocatedCommentsByLine();
    void tuningAveragesOverRunsAsTheStageRunsTable_data();
    void tuningAveragesOverRunsAsTheStageRunsTable();
    void unlocatedCommentNeverLineMatches();
    void unlocatedCommentCanStillMatchSemantically();
    void otherPipelinesRunsAreConfigurationsOfTheirOwn();
    void semanticMatchReadsTheOriginalOfATranslatedComment();
    void cqsPerTagCountsByHand();
    void cqsPerTagFiguresFromAWorkspace();
    void cqsPerTagGivesTheJudgeScoreMeanAndDeviation();
};

void TestEvaluation::lineGapCountsLinesBetweenRanges_data()
{
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<int>("gap");
    // Reference at 10-12.
    QTest::newRow("overlapping: distance 0") << 12 << 14 << 0;
    QTest::newRow("inside: distance 0") << 11 << 11 << 0;
    QTest::newRow("adjacent after: distance 1") << 13 << 15 << 1;
    QTest::newRow("adjacent before: distance 1") << 7 << 9 << 1;
    QTest::newRow("one line between: distance 2") << 14 << 14 << 2;
}

void TestEvaluation::lineGapCountsLinesBetweenRanges()
{
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(int, gap);
    const Location ref = at(QStringLiteral("a.cpp"), QStringLiteral("right"), 10, 12);
    const Location gen = at(QStringLiteral("a.cpp"), QStringLiteral("right"), from, to);
    QCOMPARE(lineGap(gen, ref).value_or(-1), gap);
    QCOMPARE(locationMatches(gen, ref, 1), gap <= 1);
    QCOMPARE(locationMatches(gen, ref, 0), gap == 0);
    QCOMPARE(locationMatches(gen, ref, 2), true);
}

void TestEvaluation::locationMatchNeedsPathSideAndDistance()
{
    const Location ref = at(QStringLiteral("a.cpp"), QStringLiteral("left"), 5, 5);
    // Old side: "old" and "left" are the same side; "new" is not.
    QVERIFY(locationMatches(at(QStringLiteral("a.cpp"), QStringLiteral("old"), 5, 6), ref, 1));
    QVERIFY(!locationMatches(at(QStringLiteral("a.cpp"), QStringLiteral("new"), 5, 6), ref, 1));
    // A side that is not given matches either.
    QVERIFY(locationMatches(at(QStringLiteral("a.cpp"), QString(), 4, 4), ref, 1));
    QVERIFY(!locationMatches(at(QStringLiteral("b.cpp"), QStringLiteral("left"), 5, 5), ref, 1));
    // Only one end given: a one-line range; no lines: never a line match.
    QVERIFY(locationMatches(Location{QStringLiteral("a.cpp"), QStringLiteral("left"), std::nullopt, 6}, ref, 1));
    QVERIFY(!locationMatches(Location{QStringLiteral("a.cpp"), QStringLiteral("left"), std::nullopt, std::nullopt}, ref, 1));
    // Reversed ranges are ranges all the same.
    QVERIFY(locationMatches(at(QStringLiteral("a.cpp"), QStringLiteral("left"), 9, 6), ref, 1));
}

void TestEvaluation::oneToOneTakesEachReferenceOnce()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    // References R0 at 10, R1 at 11, R2 at 40. Comments G0 at 10-11 (matches
    // R0 and R1), G1 at 11 (R0 taken: takes R1), G2 at 12 (R1 at distance 1,
    // but both taken), G3 at 42 (R2 at distance 2: no).
    const QList<Item> refs{item(100, at(f, r, 10, 10)), item(101, at(f, r, 11, 11)), item(102, at(f, r, 40, 40))};
    const QList<Item> gens{item(1, at(f, r, 10, 11)), item(2, at(f, r, 11, 11)), item(3, at(f, r, 12, 12)), item(4, at(f, r, 42, 42))};
    const MatchResult m = matchOneToOne(gens, refs, {});
    QCOMPARE(m.lineReference, (QList<int>{0, 1, -1, -1}));
    QCOMPARE(m.distance, (QList<int>{0, 0, -1, -1}));
    QCOMPARE(m.lineMatchedComments(), 2);
    QCOMPARE(m.referencesFoundByLine(3), (QList<bool>{true, true, false}));
    MatchOptions wide;
    wide.maxDistance = 2;
    QCOMPARE(matchOneToOne(gens, refs, wide).lineReference, (QList<int>{0, 1, -1, 2}));
}

void TestEvaluation::linksOutrankLineMatches()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    const QList<Item> refs{item(100, at(f, r, 10, 10)), item(101, at(f, r, 90, 90))};
    const QList<Item> gens{item(1, at(f, r, 10, 10)), item(2, at(f, r, 10, 10))};
    MatchOptions o;
    o.links = {{1, 0}}; // an annotator said G1 finds R0
    const MatchResult m = matchOneToOne(gens, refs, o);
    QCOMPARE(m.kind[1], MatchKind::Link);
    QCOMPARE(m.lineReference, (QList<int>{-1, 0}));
    QCOMPARE(m.semanticReference, (QList<int>{-1, 0}));
}

void TestEvaluation::semanticMatchAsksOnlyLocationMatches()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    const QList<Item> refs{item(100, at(f, r, 10, 10), QStringLiteral("null deref")), item(101, at(f, r, 10, 10), QStringLiteral("leak")),
                           item(102, at(f, r, 80, 80), QStringLiteral("leak"))};
    const QList<Item> gens{item(1, at(f, r, 10, 10), QStringLiteral("leak")), item(2, at(f, r, 50, 50), QStringLiteral("leak"))};
    QList<std::pair<int, int>> asked;
    MatchOptions o;
    o.semantic = [&](int g, int ref) {
        asked << std::pair{g, ref};
        return gens[g].text == refs[ref].text;
    };
    const MatchResult m = matchOneToOne(gens, refs, o);
    // G0 asks R0 (no) and R1 (yes); G1 is near no reference and asks nothing.
    QCOMPARE(asked, (QList<std::pair<int, int>>{{0, 0}, {0, 1}}));
    QCOMPARE(m.semanticReference, (QList<int>{1, -1}));
    QCOMPARE(m.lineReference, (QList<int>{0, -1})); // the line match takes the first reference
    QCOMPARE(m.semanticQuestions, 2);
}

void TestEvaluation::upstreamLocationRuleIsTheReleasedEvaluators_data()
{
    QTest::addColumn<Location>("generated");
    QTest::addColumn<Location>("reference");
    QTest::addColumn<bool>("matches");
    const QString a = QStringLiteral("src/a.cpp"), right = QStringLiteral("right");
    const Location ref = at(a, right, 10, 10);
    // match_location(): the path only when both have one; "\" read as "/".
    QTest::newRow("generated path empty") << at(QString(), right, 10, 10) << ref << true;
    QTest::newRow("reference path empty") << at(a, right, 10, 10) << at(QString(), right, 10, 10) << true;
    QTest::newRow("backslashes") << at(QStringLiteral("src\\a.cpp"), right, 10, 10) << ref << true;
    QTest::newRow("other path") << at(QStringLiteral("src/b.cpp"), right, 10, 10) << ref << false;
    // The side compared as written, case and all; a generated comment's side
    // is "" when missing (never None), so it misses a reference's side.
    QTest::newRow("side upper case") << at(a, QStringLiteral("Right"), 10, 10) << ref << false;
    QTest::newRow("side new for right") << at(a, QStringLiteral("new"), 10, 10) << ref << false;
    QTest::newRow("generated side missing") << at(a, QString(), 10, 10) << ref << false;
    QTest::newRow("side other") << at(a, QStringLiteral("left"), 10, 10) << ref << false;
    Location noSide = ref;
    noSide.sideAbsent = true;
    QTest::newRow("reference without side key") << at(a, QStringLiteral("left"), 10, 10) << noSide << true;
    // Lines only when from and to are both there (0 is none: `from_line or ...`).
    QTest::newRow("from missing") << Location{a, right, std::nullopt, 50} << ref << true;
    QTest::newRow("to missing") << Location{a, right, 50, std::nullopt} << ref << true;
    QTest::newRow("no lines") << Location{a, right, std::nullopt, std::nullopt} << ref << true;
    QTest::newRow("from zero") << at(a, right, 0, 50) << at(a, right, 100, 100) << true;
    QTest::newRow("reference lines missing") << at(a, right, 90, 90) << Location{a, right, 10, std::nullopt} << true;
    // is_line_range_overlapping() on the ends as given: a reversed range is
    // no range; the distance is min(|s1 - e2|, |e1 - s2|).
    QTest::newRow("reference reversed") << at(a, right, 1150, 1150) << at(a, right, 1153, 1144) << false;
    QTest::newRow("generated reversed") << at(a, right, 12, 8) << ref << false;
    QTest::newRow("adjacent") << at(a, right, 11, 12) << ref << true;
    QTest::newRow("two apart") << at(a, right, 12, 13) << ref << false;
}

void TestEvaluation::upstreamLocationRuleIsTheReleasedEvaluators()
{
    QFETCH(Location, generated);
    QFETCH(Location, reference);
    QFETCH(bool, matches);
    const QList<Item> refs{item(0, reference)};
    const QList<Item> gens{item(1, generated)};
    QCOMPARE(matchUpstream(gens, refs, 1).positiveLineMatch, matches ? 1 : 0);
    // ReviewDesk's one-to-one counting of AACR-Bench data uses the same rule.
    MatchOptions o;
    o.rule = LocationRule::AacrBench;
    QCOMPARE(matchOneToOne(gens, refs, o).lineMatchedComments(), matches ? 1 : 0);
}

void TestEvaluation::upstreamCountingWithIdsGiven()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    QList<Item> refs{item(0, at(f, r, 10, 10)), item(1, at(f, r, 11, 11)), item(2, at(f, r, 30, 30))};
    for (int i = 0; i < refs.size(); ++i)
        refs[i].key = QString::number(i);
    // G0 at 10-11 takes R0 and R1 (counted once); G1 at 11 finds both taken;
    // G2 at 30 takes R2. Upstream: 2 line matches, while 3 references were found.
    const QList<Item> gens{item(1, at(f, r, 10, 11)), item(2, at(f, r, 11, 11)), item(3, at(f, r, 30, 30))};
    const UpstreamCounts c = matchUpstream(gens, refs, 1);
    QCOMPARE(c.positiveLineMatch, 2);
    QCOMPARE(c.positiveExpected, 3);
    QCOMPARE(c.totalGenerated, 3);
    QCOMPARE(c.unmatched, 0); // counted only with semantic matching
    // One-to-one: G1 takes R1, so 3 comments match.
    QCOMPARE(matchOneToOne(gens, refs, {}).lineMatchedComments(), 3);
}

void TestEvaluation::upstreamCountingWithReleasedData()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    // No ids: every key is "None", so after G0's match every reference is taken.
    const QList<Item> refs{item(0, at(f, r, 10, 10)), item(1, at(f, r, 30, 30))};
    const QList<Item> gens{item(1, at(f, r, 10, 10)), item(2, at(f, r, 30, 30)), item(3, at(f, r, 60, 60))};
    int asked = 0;
    const UpstreamCounts c = matchUpstream(gens, refs, 1, [&](int, int) {
        ++asked;
        return true;
    });
    QCOMPARE(c.positiveLineMatch, 1);
    QCOMPARE(c.positiveMatch, 1);
    QCOMPARE(asked, 1);       // G1's location match is never asked: "None" is taken
    QCOMPARE(c.unmatched, 2); // G1 and G2
    // No generated comments: every reference is expected, even one without a note.
    QList<Item> withEmpty = refs;
    withEmpty << item(9, at(f, r, 1, 1), QString());
    QCOMPARE(matchUpstream({}, withEmpty, 1).positiveExpected, 3);
    QCOMPARE(matchUpstream(gens, withEmpty, 1).positiveExpected, 2);
}

void TestEvaluation::defectMetricsByHand()
{
    // MR A: 4 comments, 1 finds 1 of 1 key issues (3 false alarms), 3 valid lines.
    // MR B: 2 comments, none finds its 1 key issue (2 false alarms), 2 valid lines.
    // MR C: 5 comments, 2 find 2 of 3 key issues (3 false alarms), 5 valid lines.
    const QList<MrOutcome> mrs{{4, 3, 1, 1, 3}, {2, 2, 1, 0, 2}, {5, 3, 3, 2, 5}};
    const DefectMetrics m = defectMetrics(mrs);
    // KBI = (1 + 0 + 2) / (1 + 1 + 3) = 60
    QCOMPARE(*m.kbi, 60.0);
    // FAR1 = (75 + 100 + 60) / 3 = 78.333..
    QVERIFY(qAbs(*m.far1 - 235.0 / 3) < 1e-9);
    // FAR2 over A and C = (75 + 60) / 2 = 67.5
    QCOMPARE(*m.far2, 67.5);
    // CPI1 = 2 * 60 * 21.667 / 81.667 = 31.837
    QVERIFY(qAbs(*m.cpi1 - 2 * 60 * (100 - 235.0 / 3) / (60 + 100 - 235.0 / 3)) < 1e-9);
    QVERIFY(qAbs(*m.cpi1 - 31.8367) < 1e-3);
    // CPI2 = 2 * 60 * 32.5 / 92.5 = 42.162
    QVERIFY(qAbs(*m.cpi2 - 42.1622) < 1e-3);
    // LSR = (75 + 100 + 100) / 3 = 91.667
    QVERIFY(qAbs(*m.lsr - 275.0 / 3) < 1e-9);
    QCOMPARE(m.recalled, 2);
}

void TestEvaluation::emptyMergeRequestsAndNoKeyBug()
{
    // MR A: no comments, 1 key issue -> FAR 0 counted in FAR1's N; LSR 0 in Eq. 6's N.
    // MR B: 2 comments, no key issue -> both false alarms: FAR 100.
    const DefectMetrics m = defectMetrics({{0, 0, 1, 0, 0}, {2, 2, 0, 0, 1}});
    QCOMPARE(*m.kbi, 0.0);
    QCOMPARE(*m.far1, 50.0); // (0 + 100) / 2
    QVERIFY(!m.far2);        // no MR recalled a key issue: "—" as in Table 2
    QVERIFY(!m.cpi2);
    QCOMPARE(*m.cpi1, 0.0);
    QCOMPARE(*m.lsr, 25.0); // (0 + 50) / 2: Eq. 6 averages over all N
    QCOMPARE(m.withoutComments, 1);
    // No key issue anywhere: KBI is not defined.
    QVERIFY(!defectMetrics({{3, 3, 0, 0, 3}}).kbi);
    // Nothing at all.
    const DefectMetrics none = defectMetrics({});
    QVERIFY(!none.kbi && !none.far1 && !none.lsr);
    QCOMPARE(percentText(none.far1), QString(QChar(0x2014)));
}

void TestEvaluation::table2CpiFromKbiAndFar_data()
{
    QTest::addColumn<double>("kbi");
    QTest::addColumn<double>("far1");
    QTest::addColumn<double>("cpi1");
    QTest::addColumn<double>("far2"); // < 0: "—"
    QTest::addColumn<double>("cpi2");
    // Table 2 of defect-focused-acr-icml2025, every row.
    struct Row { const char *name; double kbi, far1, cpi1, far2, cpi2; };
    const Row rows[] = {
        {"CodeReviewer", 0.00, 97.78, 0.00, -1, -1},
        {"CCT5", 2.22, 97.58, 2.32, 90.91, 3.57},
        {"LLaMA-Reviewer", 2.22, 97.62, 2.30, 92.86, 3.39},
        {"DISCOREV", 0.00, 97.78, 0.00, -1, -1},
        {"LF LLaMA3.1-70B w/o", 20.00, 84.42, 17.52, 66.54, 25.03},
        {"LF LLaMA3.1-70B w", 2.22, 37.04, 4.29, 66.67, 4.17},
        {"LF Qwen2-72B w/o", 40.00, 91.21, 14.42, 83.57, 23.29},
        {"LF Qwen2-72B w", 26.67, 90.63, 13.87, 81.52, 21.83},
        {"LF Command R+ w/o", 20.00, 92.99, 10.38, 76.08, 21.78},
        {"LF Command R+ w", 4.44, 85.00, 6.86, 62.50, 7.95},
        {"LF Mistral-2407 w/o", 26.67, 91.07, 13.38, 74.85, 25.89},
        {"LF Mistral-2407 w", 26.67, 87.07, 17.41, 68.18, 29.01},
        {"LF LLaMA3.1-405B w/o", 31.11, 87.81, 17.51, 67.98, 31.56},
        {"LF LLaMA3.1-405B w", 20.00, 75.37, 22.07, 43.52, 29.54},
        {"FF LLaMA3.1-70B w/o", 13.33, 88.22, 12.51, 61.67, 19.78},
        {"FF LLaMA3.1-70B w", 0.00, 46.67, 0.00, -1, -1},
        {"FF Qwen2-72B w/o", 42.22, 90.99, 14.86, 83.91, 23.30},
        {"FF Qwen2-72B w", 28.89, 91.73, 12.86, 79.06, 24.28},
        {"FF Command R+ w/o", 15.56, 94.22, 8.43, 77.14, 18.51},
        {"FF Command R+ w", 8.89, 76.30, 12.93, 58.33, 14.65},
        {"FF Mistral-2407 w/o", 28.89, 90.68, 14.09, 75.44, 26.55},
        {"FF Mistral-2407 w", 28.89, 86.11, 18.76, 67.30, 30.68},
        {"FF LLaMA3.1-405B w/o", 31.11, 89.41, 15.80, 73.10, 28.86},
        {"FF LLaMA3.1-405B w", 20.00, 77.96, 20.97, 67.59, 24.73},
    };
    for (const Row &r : rows)
        QTest::newRow(r.name) << r.kbi << r.far1 << r.cpi1 << r.far2 << r.cpi2;
}

void TestEvaluation::table2CpiFromKbiAndFar()
{
    QFETCH(double, kbi);
    QFETCH(double, far1);
    QFETCH(double, cpi1);
    QFETCH(double, far2);
    QFETCH(double, cpi2);
    QVERIFY2(qAbs(cpi(kbi, far1) - cpi1) <= 0.02, qPrintable(QString::number(cpi(kbi, far1))));
    if (far2 >= 0)
        QVERIFY2(qAbs(cpi(kbi, far2) - cpi2) <= 0.02, qPrintable(QString::number(cpi(kbi, far2))));
}

void TestEvaluation::aacrMetricsByHand()
{
    const QString f = QStringLiteral("a.cpp"), r = QStringLiteral("right");
    // PR 1 (C++): 3 comments; references: R0 Code Defect/Diff (found), R1 Performance/File (not).
    PrEvaluation p1;
    p1.language = QStringLiteral("C++");
    p1.prCategory = QStringLiteral("Bug Fix");
    p1.references = {item(10, at(f, r, 5, 5), {}, QStringLiteral("Code Defect"), QStringLiteral("Diff Level")),
                     item(11, at(f, r, 50, 50), {}, QStringLiteral("Performance"), QStringLiteral("File Level"))};
    p1.generated = {item(1, at(f, r, 5, 6)), item(2, at(f, r, 20, 20)), item(3, at(f, r, 30, 30))};
    p1.match = matchOneToOne(p1.generated, p1.references, {});
    // PR 2 (Go): 1 comment finding its one reference (Code Defect/Repo); PR 3 (Go): no comment, no reference.
    PrEvaluation p2;
    p2.language = QStringLiteral("Go");
    p2.references = {item(20, at(f, r, 7, 7), {}, QStringLiteral("Code Defect"), QStringLiteral("Repo Level"))};
    p2.generated = {item(4, at(f, r, 8, 8))};
    p2.match = matchOneToOne(p2.generated, p2.references, {});
    PrEvaluation p3;
    p3.language = QStringLiteral("Go");
    const AacrMetrics m = aacrMetrics({p1, p2, p3});
    // Precision 2/4 = 50, recall 2/3 = 66.67, F1 = 2*50*66.67/116.67 = 57.14
    QCOMPARE(*m.line.precision.percent(), 50.0);
    QVERIFY(qAbs(*m.line.recall.percent() - 200.0 / 3) < 1e-9);
    QVERIFY(qAbs(*m.line.f1() - 400.0 / 7) < 1e-9);
    QVERIFY(!m.semantic);
    QCOMPARE(m.recallByCategory.value(QStringLiteral("Code Defect")).part, 2);
    QCOMPARE(m.recallByCategory.value(QStringLiteral("Code Defect")).whole, 2);
    QCOMPARE(*m.recallByCategory.value(QStringLiteral("Performance")).percent(), 0.0);
    QCOMPARE(*m.recallByContext.value(QStringLiteral("Repo Level")).percent(), 100.0);
    QCOMPARE(m.noise.part, 2); // comments 2 and 3
    QCOMPARE(m.commentsPerPr, 4.0 / 3);
    const auto byLanguage = aacrMetricsByLanguage({p1, p2, p3});
    QCOMPARE(byLanguage.value(QStringLiteral("Go")).pullRequests, 2);
    QCOMPARE(*byLanguage.value(QStringLiteral("Go")).line.precision.percent(), 100.0);
    QCOMPARE(*byLanguage.value(QStringLiteral("C++")).line.recall.percent(), 50.0);
    QCOMPARE(aacrMetricsByPrCategory({p1, p2, p3}).value(QStringLiteral("-")).pullRequests, 2);
    // Per patch (Table 9) needs every PR's hunks: none known, no figure.
    QVERIFY(!m.commentsPerPatch);
    QCOMPARE(m.prsWithoutPatches, 3);
    // Hunks 2, 3 and 0: 4 comments / 5 hunks pooled (not the mean of 1.5, 0.33, -).
    p1.patches = 2;
    p2.patches = 3;
    p3.patches = 0;
    const AacrMetrics withHunks = aacrMetrics({p1, p2, p3});
    QCOMPARE(withHunks.patches, 5);
    QCOMPARE(withHunks.commentsPerPatch.value_or(-1), 0.8);
    QCOMPARE(withHunks.commentsPerPr, 4.0 / 3); // the per-PR figure stays beside it
    p3.patches.reset();
    QVERIFY(!aacrMetrics({p1, p2, p3}).commentsPerPatch);
    QCOMPARE(aacrMetricsByLanguage({p1, p2, p3}).value(QStringLiteral("C++")).commentsPerPatch.value_or(-1), 1.5);
}

void TestEvaluation::unifiedDiffHunksCountsHunkHeaders()
{
    const QString name = QStringLiteral("x.diff");
    const auto hunks = [&](const QByteArray &diff) {
        const auto n = unifiedDiffHunks(diff, name);
        return n ? *n : -1;
    };
    QCOMPARE(hunks("diff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1,2 +1,2 @@\n-x\n+@@ y\n @@z\n@@ -9 +9,0 @@ f()\n-q\n"), 2);
    QCOMPARE(hunks(""), 0);
    QCOMPARE(hunks("diff --git a/b b/b\nBinary files a/b and b/b differ\n"), 0);
    const auto notDiff = unifiedDiffHunks("hello\n", name);
    QVERIFY(!notDiff);
    QVERIFY(notDiff.error().message.contains(QStringLiteral("x.diff: not a unified diff")));
    const auto badHeader = unifiedDiffHunks("--- a/a\n+++ b/a\n@@ -x +1 @@\n", name);
    QVERIFY(!badHeader);
    QVERIFY(badHeader.error().message.contains(QStringLiteral("line 3")));
}

void TestEvaluation::generatedFormatParsesLikeTheEvaluator()
{
    const QString text = QStringLiteral(
        "<path>src/a.cpp</path>\n<side>right</side>\n<from>10</from>\n<to> 12 </to>\n<note>\n  first\n</note>\n"
        "<notesplit />\n"
        "<path>src/b.cpp</path><side>left</side><from>x</from><to>7</to><note>second</note>"
        "<NoteSplit/>"
        "<path>c</path><note>   </note>"
        "</notesplit>"
        "<note>no path</note>");
    const AacrGeneratedFile f = parseAacrGenerated(text);
    QCOMPARE(f.comments.size(), 3);
    QCOMPARE(f.comments[0].path, QStringLiteral("src/a.cpp"));
    QCOMPARE(f.comments[0].fromLine.value_or(-1), 10);
    QCOMPARE(f.comments[0].toLine.value_or(-1), 12);
    QCOMPARE(f.comments[0].note, QStringLiteral("first"));
    QCOMPARE(f.comments[1].side, QStringLiteral("left"));
    QVERIFY(!f.comments[1].fromLine); // "x" is no number: no line, and said so
    QCOMPARE(f.comments[1].toLine.value_or(-1), 7);
    QCOMPARE(f.comments[2].path, QString());
    QCOMPARE(f.problems.size(), 2);
    QVERIFY(f.problems[0].contains(QStringLiteral("block 2")));
    QVERIFY(f.problems[1].contains(QStringLiteral("block 3")));
    QVERIFY(parseAacrGenerated(QString()).comments.isEmpty());
}

void TestEvaluation::generatedLinesReadAsPythonIntReadsThem_data()
{
    // What the evaluator's int(m.group(1).strip()) gives (checked in python3);
    // -1: a ValueError, read as no line.
    QTest::addColumn<QString>("written");
    QTest::addColumn<int>("line");
    QTest::newRow("plain") << QStringLiteral("12") << 12;
    QTest::newRow("spaces and tab") << QStringLiteral(" 12\t") << 12;
    QTest::newRow("plus sign") << QStringLiteral("+12") << 12;
    QTest::newRow("minus sign") << QStringLiteral("-3") << -3;
    QTest::newRow("leading zero") << QStringLiteral("012") << 12;
    QTest::newRow("one underscore") << QStringLiteral("1_2") << 12;
    QTest::newRow("two underscores") << QStringLiteral("1__2") << -1;
    QTest::newRow("leading underscore") << QStringLiteral("_12") << -1;
    QTest::newRow("trailing underscore") << QStringLiteral("12_") << -1;
    QTest::newRow("arabic-indic digits") << QStringLiteral("\u0661\u0662") << 12;
    QTest::newRow("information separators strip") << QStringLiteral("\u001c12\u001f") << 12;
    QTest::newRow("decimal point") << QStringLiteral("12.0") << -1;
    QTest::newRow("inner space") << QStringLiteral("1 2") << -1;
    QTest::newRow("hex") << QStringLiteral("0x10") << -1;
    QTest::newRow("empty") << QString() << -1;
    QTest::newRow("beyond int") << QStringLiteral("99999999999") << std::numeric_limits<int>::max();
    QTest::newRow("beyond CPython's 4300 digits") << QString(4301, QLatin1Char('1')) << -1;
}

void TestEvaluation::generatedLinesReadAsPythonIntReadsThem()
{
    QFETCH(QString, written);
    QFETCH(int, line);
    const AacrGeneratedFile f = parseAacrGenerated(QStringLiteral("<path>a.c</path><side>right</side><from>%1</from><note>n</note>").arg(written));
    QCOMPARE(f.comments.size(), 1);
    QCOMPARE(f.comments[0].fromLine.value_or(-1), line);
    // Anything not read as written is said, naming the block; an empty tag
    // is how the writer marks a comment without lines, read as none, unsaid.
    const bool unread = (line == -1 && !written.trimmed().isEmpty()) || line == std::numeric_limits<int>::max();
    QCOMPARE(f.problems.size(), unread ? 1 : 0);
}

void TestEvaluation::generatedFormatSurvivesAnyBytes()
{
    // Random bytes and random mixes of the format's own tags: a result, never a crash.
    QRandomGenerator random(12);
    const QStringList pieces{QStringLiteral("<note>"), QStringLiteral("</note>"), QStringLiteral("<notesplit />"), QStringLiteral("<from>"),
                             QStringLiteral("</from>"), QStringLiteral("99999999999999"), QStringLiteral("<"), QStringLiteral("<path>"),
                             QStringLiteral("</path>"), QStringLiteral("x"), QStringLiteral("\n"), QStringLiteral("</notesplit")};
    int comments = 0;
    for (int round = 0; round < 300; ++round) {
        QString text;
        const int n = int(random.bounded(60));
        for (int i = 0; i < n; ++i)
            text += random.bounded(4) == 0 ? QString(QChar(char16_t(random.bounded(1, 0xD7FF)))) : pieces[int(random.bounded(int(pieces.size())))];
        const AacrGeneratedFile f = parseAacrGenerated(text);
        comments += int(f.comments.size());
        for (const auto &c : f.comments)
            QVERIFY(!c.note.isEmpty());
    }
    QVERIFY(comments > 0); // the mixes did make comments, so the checks above ran
}

void TestEvaluation::generatedFormatRoundTripsEscapedNotes()
{
    const QList<AacrGeneratedComment> written{
        {QStringLiteral("a.cpp"), QStringLiteral("right"), 3, 4, QStringLiteral("close </note> early and <notesplit /> here")},
        {QStringLiteral("b.cpp"), QStringLiteral("left"), std::nullopt, 9, QStringLiteral("second")}};
    const AacrGeneratedFile read = parseAacrGenerated(writeAacrGenerated(written));
    QCOMPARE(read.comments.size(), 2);
    QCOMPARE(read.comments[0].note, QStringLiteral("close &lt;/note> early and &lt;notesplit /> here"));
    QCOMPARE(read.comments[1].path, QStringLiteral("b.cpp"));
    QVERIFY(!read.comments[1].fromLine);
    QCOMPARE(read.comments[1].toLine.value_or(-1), 9);
    QCOMPARE(aacrGeneratedFileName(QStringLiteral("FreeCAD"), QStringLiteral("42")), QStringLiteral("comments_FreeCAD_42.txt"));
    QCOMPARE(aacrGeneratedNameParts(QStringLiteral("comments_my_repo_42.txt"))->first, QStringLiteral("my_repo"));
    QVERIFY(!aacrGeneratedNameParts(QStringLiteral("notes.txt")));
}

void TestEvaluation::positiveSamplesReaderNamesTheBadPlace()
{
    const QByteArray good = R"([{"githubPrUrl":"https://github.com/o/r/pull/7","project_main_language":"Go","category":"Bug Fix",
        "comments":[{"note":"n","path":"a.go","side":"right","from_line":3,"to_line":4,"category":"Code Defect","context":"Diff Level","extra":1}]}])";
    auto prs = readAacrPositiveSamples(good, QStringLiteral("gt.json"));
    QVERIFY(prs);
    QCOMPARE(prs->size(), 1);
    QCOMPARE(prs->at(0).repo, QStringLiteral("r"));
    QCOMPARE(prs->at(0).number, QStringLiteral("7"));
    QCOMPARE(prs->at(0).references.at(0).where.to.value_or(-1), 4);
    QCOMPARE(prs->at(0).references.at(0).key, QStringLiteral("None"));
    const auto bad = readAacrPositiveSamples(R"([{"githubPrUrl":"https://github.com/o/r/pull/7","comments":[{"note":"n"},{"from_line":"x"}]}])",
                                             QStringLiteral("gt.json"));
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.contains(QStringLiteral("PR 1, comment 2")), qPrintable(bad.error().message));
    QVERIFY(!readAacrPositiveSamples("{", QStringLiteral("gt.json")));
    QVERIFY(!readAacrPositiveSamples("{}", QStringLiteral("gt.json")));
    QVERIFY(!readAacrPositiveSamples(R"([{"githubPrUrl":"nope","comments":[]}])", QStringLiteral("gt.json")));
}

void TestEvaluation::aacrDirectoryPerPrAndTotal()
{
    QTemporaryDir dir;
    const QByteArray gt = R"([
      {"githubPrUrl":"https://github.com/o/r/pull/1","project_main_language":"Go","category":"Bug Fix","comments":[
        {"note":"a","path":"x.go","side":"right","from_line":10,"to_line":10,"category":"Code Defect","context":"Diff Level"},
        {"note":"b","path":"x.go","side":"right","from_line":11,"to_line":11,"category":"Performance","context":"File Level"}]},
      {"githubPrUrl":"https://github.com/o/s/pull/2","project_main_language":"C","category":"Feature","comments":[
        {"note":"c","path":"y.c","side":"left","from_line":5,"to_line":5,"category":"Code Defect","context":"Repo Level"}]}])";
    auto prs = readAacrPositiveSamples(gt, QStringLiteral("gt.json"));
    QVERIFY(prs);
    QFile f1(dir.filePath(QStringLiteral("comments_r_1.txt")));
    QVERIFY(f1.open(QIODevice::WriteOnly));
    // One comment over both references; one elsewhere.
    f1.write("<path>x.go</path><side>right</side><from>10</from><to>11</to><note>g1</note><notesplit />"
             "<path>x.go</path><side>right</side><from>90</from><to>90</to><note>g2</note>");
    f1.close();
    QFile stray(dir.filePath(QStringLiteral("comments_zzz_9.txt")));
    QVERIFY(stray.open(QIODevice::WriteOnly));
    stray.close();
    AacrDirectoryOptions o;
    auto one = evaluateAacrDirectory(*prs, dir.path(), o);
    QVERIFY(one);
    const QJsonObject total = one->json.value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("positive_expected_nums")).toInt(), 3);
    QCOMPARE(total.value(QStringLiteral("total_generated_nums")).toInt(), 2);
    QCOMPARE(total.value(QStringLiteral("positive_line_match_nums")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("positive_line_match_rate")).toDouble(), 0.5);
    QCOMPARE(total.value(QStringLiteral("positive_line_recall_rate")).toDouble(), 0.333);
    QCOMPARE(total.value(QStringLiteral("line")).toObject().value(QStringLiteral("precision")).toDouble(), 50.0);
    QCOMPARE(total.value(QStringLiteral("line")).toObject().value(QStringLiteral("f1")).toDouble(), 40.0);
    QCOMPARE(one->json.value(QStringLiteral("prs")).toArray().size(), 2);
    // PR 2 has no file, and one file belongs to no PR: both said.
    QCOMPARE(one->problems.size(), 2);
    // Upstream counting with ids given: the same here (g1 counts once either way).
    o.upstreamCompat = true;
    auto upstream = evaluateAacrDirectory(*prs, dir.path(), o);
    QCOMPARE(upstream->json.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_line_matches")).toInt(), 1);
    QVERIFY(!evaluateAacrDirectory(*prs, dir.filePath(QStringLiteral("missing")), o));
}

void TestEvaluation::tablesWriteCsvMarkdownLatex()
{
    const Table t{QStringLiteral("x"), QStringLiteral("X"), {QStringLiteral("Name"), QStringLiteral("KBI")},
                  {{Cell{QStringLiteral("a, \"b\""), {}}, Cell{QStringLiteral("20.00"), {1}}}, {Cell{QStringLiteral("50% & more_x"), {}}, Cell{QString(QChar(0x2014)), {}}}}};
    QCOMPARE(formatTable(t, TableFormat::Csv), QStringLiteral("Name,KBI\n\"a, \"\"b\"\"\",20.00\n50% & more_x,\u2014\n"));
    QCOMPARE(formatTable(t, TableFormat::Markdown), QStringLiteral("| Name | KBI |\n| --- | --- |\n| a, \"b\" | 20.00 |\n| 50% & more_x | \u2014 |\n"));
    QCOMPARE(formatTable(t, TableFormat::Latex),
             QStringLiteral("\\begin{tabular}{lr}\n\\hline\nName & KBI \\\\\n\\hline\na, \"b\" & 20.00 \\\\\n50\\% \\& more\\_x & --- \\\\\n\\hline\n\\end{tabular}\n"));
}

namespace {

// A workspace with one merge request, two references (R1 at a.cpp:10
// imported and marked, R2 at a.cpp:40 a human comment flagged as key bug)
// and one run whose comments stopped at every stage.
struct Fixture
{
    QTemporaryDir dir;
    std::unique_ptr<SqlWorkspaceStore> store;
    qint64 mr = 0, run = 0, r1 = 0, r2 = 0;
    QHash<QString, qint64> ids; // run comment id -> workspace id

    bool make()
    {
        auto s = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!s)
            return false;
        store = std::move(*s);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        e.title = QStringLiteral("MR");
        e.language = QStringLiteral("C++");
        e.prCategory = QStringLiteral("Bug Fix");
        mr = *store->addMergeRequest(e);
        ReviewComment ref1 = comment(QStringLiteral("ref1"), QStringLiteral("a.cpp"), 10, 10);
        ref1.category = QStringLiteral("Code Defect");
        r1 = *store->importComment(mr, ref1, QStringLiteral("aacr"));
        store->setReference(r1, true);
        r2 = *store->addHumanComment(mr, QStringLiteral("ann"), comment(QStringLiteral("ref2"), QStringLiteral("a.cpp"), 40, 40));
        Judgement key;
        key.comment = r2;
        key.annotator = QStringLiteral("ann");
        key.keyBug = true;
        store->judge(key);

        // c1 finds R1 and survives everything; c2 is near R2 but dropped by the
        // coarse filter; c3 (elsewhere) dropped at top-k; c4 at 11 (R1 again) dropped
        // by the validator; c5 elsewhere, kept; c6 merged at meta into m1 (at 41, finds R2 from the meta stage on).
        QList<ReviewComment> cs;
        cs << comment(QStringLiteral("c1"), QStringLiteral("a.cpp"), 10, 10);
        ReviewComment c2 = comment(QStringLiteral("c2"), QStringLiteral("a.cpp"), 41, 41);
        c2.drop(QStringLiteral("coarse"));
        ReviewComment c3 = comment(QStringLiteral("c3"), QStringLiteral("b.cpp"), 1, 1);
        c3.drop(QStringLiteral("top_k"));
        ReviewComment c4 = comment(QStringLiteral("c4"), QStringLiteral("a.cpp"), 11, 11);
        c4.drop(QStringLiteral("validator"));
        ReviewComment c5 = comment(QStringLiteral("c5"), QStringLiteral("c.cpp"), 5, 5);
        c5.lineValid = false;
        ReviewComment c6 = comment(QStringLiteral("c6"), QStringLiteral("d.cpp"), 3, 3);
        c6.drop(QStringLiteral("merged"));
        ReviewComment m1 = comment(QStringLiteral("m1"), QStringLiteral("a.cpp"), 41, 41);
        m1.history = {{QStringLiteral("meta"), 6, 6, 5}};
        cs << c2 << c3 << c4 << c5 << c6 << m1;
        StoredRun r;
        r.mergeRequest = mr;
        r.label = QStringLiteral("run");
        r.record = recordJson();
        run = *store->addRun(r, cs);
        CommentQuery q;
        q.run = run;
        const auto stored = store->comments(q);
        if (!stored)
            return false;
        for (const StoredComment &c : *stored)
            ids.insert(c.comment.id, c.id);
        return true;
    }
};

} // namespace

void TestEvaluation::workspaceStagesFromOneRun()
{
    Fixture f;
    QVERIFY(f.make());
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY2(e, e ? "" : qPrintable(e.error().message));
    QCOMPARE(e->runs.size(), 1);
    QCOMPARE(e->groups.size(), 1);
    const RunEvaluation &re = e->runs.first();
    QCOMPARE(re.references.size(), 2);
    // Comments per stage: all {c1..c6} = 6; coarse drops c2 -> 5; top-k drops c3 -> 4;
    // meta replaces c6 by m1 -> 4; validator drops c4 -> 3 (c1, c5, m1).
    const int expected[] = {6, 5, 4, 4, 3};
    for (int s = 0; s < StageCount; ++s)
        QCOMPARE(re.stages[s].outcome.comments, expected[s]);
    // All: c1 finds R1, c2 finds R2 -> KBI 100; c4 (at 11) is a second
    // comment on R1, no false alarm (App. M.2) -> false alarms c3 c5 c6 = 3/6.
    const DefectMetrics all = e->defect(re.group, Stage::All);
    QCOMPARE(*all.kbi, 100.0);
    QCOMPARE(*all.far1, 50.0);
    // Coarse: c2 gone, R2 missed -> KBI 50; false alarms c3 c5 c6 = 3/5.
    const DefectMetrics coarse = e->defect(re.group, Stage::Coarse);
    QCOMPARE(*coarse.kbi, 50.0);
    QCOMPARE(*coarse.far1, 60.0);
    // Meta: c1, c4, c5, m1 -> R1 and R2 found (KBI 100), false alarm c5 = 25.
    QCOMPARE(*e->defect(re.group, Stage::Meta).far1, 25.0);
    QCOMPARE(*e->defect(re.group, Stage::Meta).kbi, 100.0);
    // Validator: c1, c5, m1 -> false alarm c5 only = 33.33; LSR: c5's line is invalid = 66.67.
    const DefectMetrics last = e->defect(re.group, Stage::Validator);
    QVERIFY(qAbs(*last.far1 - 100.0 / 3) < 1e-9);
    QVERIFY(qAbs(*last.lsr - 200.0 / 3) < 1e-9);
    QCOMPARE(re.stages[int(Stage::Validator)].falseAlarms, (QList<qint64>{f.ids.value(QStringLiteral("c5"))}));
    // The stage table has a row per stage and the comments behind FAR1.
    const Table t = e->stageTable();
    QCOMPARE(t.rows.size(), StageCount);
    QCOMPARE(t.rows[4][4].text, QStringLiteral("33.33"));
    QCOMPARE(t.rows[4][4].comments, (QList<qint64>{f.ids.value(QStringLiteral("c5"))}));
    const Table aacr = e->aacrTable();
    QCOMPARE(aacr.columns[1], QStringLiteral("Comments per patch"));
    QCOMPARE(aacr.rows[0][1].text, QString(QChar(0x2014))); // no hunk counter given: not guessed
    QCOMPARE(aacr.rows[0][3].text, QStringLiteral("66.67")); // line precision 2/3
    QCOMPARE(aacr.rows[0][4].text, QStringLiteral("100.00"));
}

void TestEvaluation::workspaceReferenceSetsAndLinks()
{
    Fixture f;
    QVERIFY(f.make());
    Options aacrOnly;
    aacrOnly.references = ReferenceSet::Aacr;
    auto a = evaluateWorkspace(*f.store, aacrOnly);
    QCOMPARE(a->runs.first().references.size(), 1);
    QCOMPARE(a->runs.first().references.first().id, f.r1);
    Options keyBugs;
    keyBugs.references = ReferenceSet::KeyBugs;
    auto k = evaluateWorkspace(*f.store, keyBugs);
    QCOMPARE(k->runs.first().references.size(), 1);
    QCOMPARE(k->runs.first().references.first().id, f.r2);
    // An annotator links c5 (c.cpp, nowhere near) to R1: at the validator c5
    // takes R1 and c1's one-to-one match is gone, but c1 is on R1 too: no
    // false alarm (App. M.2), and m1 finds R2.
    QVERIFY(f.store->linkToReference(f.ids.value(QStringLiteral("c5")), f.r1, QStringLiteral("ann")));
    QVERIFY(!f.store->linkToReference(f.r1, f.r1, QStringLiteral("ann")));
    QCOMPARE(f.store->referenceLinks(f.mr)->size(), 1);
    auto linked = evaluateWorkspace(*f.store, {});
    const StageResult &last = linked->runs.first().stages[int(Stage::Validator)];
    QVERIFY(last.falseAlarms.isEmpty());
    const int c1 = static_cast<int>(last.comments.indexOf(f.ids.value(QStringLiteral("c1"))));
    QCOMPARE(last.pr.match.lineReference.value(c1, -2), -1);
    QVERIFY(*f.store->unlinkFromReference(f.ids.value(QStringLiteral("c5")), f.r1));
    // Semantic judge: says yes only for text "issue c1" against R1's "issue ref1".
    Options semantic;
    int asked = 0;
    semantic.semantic = [&](const QString &g, const QString &r) {
        ++asked;
        return g == QStringLiteral("issue c1") && r == QStringLiteral("issue ref1");
    };
    auto s = evaluateWorkspace(*f.store, semantic);
    QVERIFY(s->semantic);
    // At the last stage: c1 finds R1 by meaning, m1 is near R2 but the judge says no.
    QCOMPARE(*s->defect(s->groups.first(), Stage::Validator).kbi, 50.0);
    const int askedOnce = asked;
    QVERIFY(askedOnce > 0);
    // Each pair is asked once across the five stages: c1-R1, c2-R2 (all), m1-R2 (meta),
    // and c4-R1: c4 at 11 is near R1 only, which c1 has taken, and is asked
    // whether it is on that key issue all the same (a false alarm or not).
    QCOMPARE(askedOnce, 4);
}

namespace {

// A workspace with one merge request and no reference yet, for runs added by the test.
struct Bare
{
    QTemporaryDir dir;
    std::unique_ptr<SqlWorkspaceStore> store;
    qint64 mr = 0;

    bool make()
    {
        auto s = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!s)
            return false;
        store = std::move(*s);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        e.title = QStringLiteral("MR");
        mr = *store->addMergeRequest(e);
        return true;
    }
    // A run of `reviewers` reviewers with these comments; the workspace ids of its comments, in order.
    QList<qint64> addRun(const QList<ReviewComment> &comments, int reviewers = 1, PipelineKind pipeline = PipelineKind::Defect)
    {
        RunRecord record;
        if (pipeline == PipelineKind::Aacr) // as a run.json gives it: the defect pipeline's fields keep their defaults
            record.config = *RunConfig::fromJson(R"({"pipeline": "aacr", "context": "none",
                                                     "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})");
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        if (pipeline == PipelineKind::Defect) {
            record.config.reviewers = reviewers;
            record.config.minAgreement = std::min(reviewers, 2);
        }
        StoredRun r;
        r.mergeRequest = mr;
        r.label = QStringLiteral("run");
        r.record = record.toJson();
        const qint64 run = *store->addRun(r, comments);
        CommentQuery q;
        q.run = run;
        const auto stored = store->comments(q);
        QList<qint64> out;
        if (!stored)
            return out;
        const QList<StoredComment> all = *stored;
        for (const ReviewComment &c : comments)
            for (const StoredComment &s : all)
                if (s.comment.id == c.id)
                    out << s.id;
        return out;
    }
    bool judge(qint64 comment, const QString &annotator, std::optional<bool> keyBug, const std::optional<QString> &category = {},
               std::optional<ContextLevel> context = {})
    {
        Judgement j;
        j.comment = comment;
        j.annotator = annotator;
        j.verdict = Verdict::Accept;
        j.keyBug = keyBug;
        j.category = category;
        j.context = context;
        return bool(store->judge(j));
    }
};

} // namespace

// App. M.4, Eq. 6: LSR = (1/N) Σ 100 · correct-line comments / comments of
// MR i over all N merge requests, as FAR1 (Eq. 2) averages over N; a merge
// request without comments located no line (0). N' (those with comments)
// is reported beside it.
void TestEvaluation::lsrAveragesOverAllMergeRequests()
{
    // A: 4 comments, 3 at valid lines (75); B: none; C: 2 of 2 (100); D: none.
    const DefectMetrics m = defectMetrics({{4, 0, 0, 0, 3}, {0, 0, 0, 0, 0}, {2, 0, 0, 0, 2}, {0, 0, 0, 0, 0}});
    QCOMPARE(*m.lsr, (75.0 + 100.0) / 4);
    QCOMPARE(m.mergeRequests, 4);
    QCOMPARE(m.withComments(), 2);
    // No comment anywhere: every merge request located nothing.
    QCOMPARE(defectMetrics({{0, 0, 1, 0, 0}}).lsr, std::optional<double>(0.0));
    // From a workspace: a run with one located comment, a run on another
    // merge request with none. The report gives N' beside N.
    Bare f;
    QVERIFY(f.make());
    QCOMPARE(f.addRun({comment(QStringLiteral("c1"), QStringLiteral("a.cpp"), 10, 10)}).size(), 1);
    MergeRequestEntry other;
    other.repository = QStringLiteral("/repo");
    other.base = QStringLiteral("c");
    other.head = QStringLiteral("d");
    f.mr = *f.store->addMergeRequest(other);
    f.addRun({});
    const auto e = evaluateWorkspace(*f.store, {});
    QVERIFY(e);
    QCOMPARE(e->defect(e->groups.first(), Stage::All).lsr, std::optional<double>(50.0));
    const QJsonObject all = QJsonDocument::fromJson(reportJson(*e)).object()[QStringLiteral("configurations")].toArray().first().toObject()
                                [QStringLiteral("stages")].toObject()[QStringLiteral("all")].toObject();
    QCOMPARE(all[QStringLiteral("lsr")].toDouble(), 50.0);
    QCOMPARE(all[QStringLiteral("merge_requests")].toInt(), 2);
    QCOMPARE(all[QStringLiteral("merge_requests_with_comments")].toInt(), 1);
}

// A reviewer comment with a score off the 1..7 scale is dropped at
// "score" (SliceReview): it was generated, so it is one of "All" (every
// reviewer comment), and it never reaches the coarse filter.
void TestEvaluation::aCommentDroppedForAnOffScaleScoreCountsAtAllOnly()
{
    Bare f;
    QVERIFY(f.make());
    const qint64 ref = *f.store->importComment(f.mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10), QStringLiteral("gt"));
    QVERIFY(f.store->setReference(ref, true));
    ReviewComment offScale = comment(QStringLiteral("s0-r1-2"), QStringLiteral("z.cpp"), 5, 5, 6, 6, 9);
    offScale.errors << QStringLiteral("reviewer: q3_severity 9 is outside 1..7");
    offScale.drop(QStringLiteral("score"));
    const QList<qint64> ids = f.addRun({comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10), offScale});
    QCOMPARE(ids.size(), 2);
    const auto e = evaluateWorkspace(*f.store, {});
    QVERIFY(e);
    const RunEvaluation &re = e->runs.first();
    QCOMPARE(re.stages[int(Stage::All)].comments, ids);
    QCOMPARE(re.stages[int(Stage::Coarse)].comments, QList<qint64>{ids[0]});
    // All: the off-scale comment is the one false alarm of two.
    QCOMPARE(*e->defect(re.group, Stage::All).far1, 50.0);
    QCOMPARE(*e->defect(re.group, Stage::Coarse).far1, 0.0);
}

void TestEvaluation::keyBugCommentsOfSeveralRunsAreOneIssue_data()
{
    QTest::addColumn<bool>("byLink");
    QTest::newRow("near-duplicates") << false;
    QTest::newRow("annotator's links") << true;
}

void TestEvaluation::keyBugCommentsOfSeveralRunsAreOneIssue()
{
    QFETCH(bool, byLink);
    Bare f;
    QVERIFY(f.make());
    // Three runs each flag their own comment on one bug. As near-duplicates:
    // same place, same words. By link: three places and texts, the annotator
    // links the second to the first and the third to the second.
    QList<qint64> keyComments;
    for (int run = 0; run < 3; ++run) {
        ReviewComment c = comment(QStringLiteral("k"), QStringLiteral("a.cpp"), 20, 20);
        c.issue = QStringLiteral("null pointer dereference when the buffer is empty");
        if (byLink) {
            c.lineStart = c.lineEnd = 20 + 40 * run;
            c.issue = QStringLiteral("wording %1").arg(run);
        }
        ReviewComment noise = comment(QStringLiteral("n"), QStringLiteral("z.cpp"), 5, 5);
        const QList<qint64> ids = f.addRun({c, noise});
        QCOMPARE(ids.size(), 2);
        keyComments << ids.first();
        QVERIFY(f.judge(ids.first(), QStringLiteral("ann"), true));
    }
    if (byLink) {
        QVERIFY(f.store->linkToReference(keyComments[1], keyComments[0], QStringLiteral("ann")));
        QVERIFY(f.store->linkToReference(keyComments[2], keyComments[1], QStringLiteral("ann")));
        // A fourth run's comment, not flagged, linked to the third key-bug
        // comment: it finds the group's issue.
        const QList<qint64> plain = f.addRun({comment(QStringLiteral("p"), QStringLiteral("q.cpp"), 1, 1)});
        QCOMPARE(plain.size(), 1);
        QVERIFY(f.store->linkToReference(plain.first(), keyComments[2], QStringLiteral("ann")));
    }
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY2(e, e ? "" : qPrintable(e.error().message));
    QCOMPARE(e->runs.size(), byLink ? 4 : 3);
    if (byLink) {
        const MrOutcome &linked = e->runs.last().stages[int(Stage::All)].outcome;
        QCOMPARE(linked.keyIssues, 1);
        QCOMPARE(linked.keyIssuesFound, 1);
        QCOMPARE(linked.falseAlarms, 0);
    }
    for (const RunEvaluation &re : e->runs.mid(0, 3)) {
        // One reference, the same for every run: the group's first comment.
        QCOMPARE(re.references.size(), 1);
        QCOMPARE(re.references.first().id, keyComments.first());
        const MrOutcome &all = re.stages[int(Stage::All)].outcome;
        QCOMPARE(all.keyIssues, 1);
        QCOMPARE(all.keyIssuesFound, 1);
        // The run's own key-bug comment finds the issue; its noise comment is the false alarm.
        QCOMPARE(all.falseAlarms, 1);
    }
    // Pooled over the runs: each found the one issue, KBI 100.
    QCOMPARE(*e->defect(e->groups.first(), Stage::All).kbi, 100.0);
}

void TestEvaluation::adjudicatorLabelsDecideKeyBugCategoryAndContext()
{
    Bare f;
    QVERIFY(f.make());
    const QList<qint64> ids = f.addRun({comment(QStringLiteral("k1"), QStringLiteral("a.cpp"), 10, 10), comment(QStringLiteral("k2"), QStringLiteral("b.cpp"), 10, 10)});
    QCOMPARE(ids.size(), 2);
    // k1: one annotator calls it a key bug, the other not; the adjudicator says no.
    QVERIFY(f.judge(ids[0], QStringLiteral("a"), true));
    QVERIFY(f.judge(ids[0], QStringLiteral("b"), false));
    Adjudication no;
    no.comment = ids[0];
    no.adjudicator = QStringLiteral("core");
    no.verdict = Verdict::Accept;
    no.keyBug = false;
    no.reason = QStringLiteral("real but harmless");
    QVERIFY(f.store->adjudicate(no));
    // k2: both call it a key bug, a Code Defect at diff level; the adjudicator
    // files it as a Security Vulnerability seen only with the repository.
    QVERIFY(f.judge(ids[1], QStringLiteral("a"), true, QStringLiteral("Code Defect"), ContextLevel::Diff));
    QVERIFY(f.judge(ids[1], QStringLiteral("b"), true, QStringLiteral("Code Defect"), ContextLevel::Diff));
    Adjudication relabel;
    relabel.comment = ids[1];
    relabel.adjudicator = QStringLiteral("core");
    relabel.verdict = Verdict::Accept;
    relabel.keyBug = true;
    relabel.category = QStringLiteral("Security Vulnerability");
    relabel.context = ContextLevel::Repo;
    relabel.reason = QStringLiteral("reachable from input");
    QVERIFY(f.store->adjudicate(relabel));
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY2(e, e ? "" : qPrintable(e.error().message));
    const RunEvaluation &re = e->runs.first();
    QCOMPARE(re.references.size(), 1);
    QCOMPARE(re.references.first().id, ids[1]);
    QCOMPARE(re.references.first().category, QStringLiteral("Security Vulnerability"));
    QCOMPARE(re.references.first().context, QStringLiteral("Repo Level"));
}

void TestEvaluation::secondCommentOnAFoundKeyIssueIsNoFalseAlarm()
{
    Fixture f;
    QVERIFY(f.make());
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY(e);
    const StageResult &coarse = e->runs.first().stages[int(Stage::Coarse)];
    // Coarse: c1, c3, c4, c5, c6. c1 finds R1 (a.cpp:10); c4 at a.cpp:11 is a
    // second comment on R1: no false alarm (App. M.2). False alarms c3 c5 c6 = 3/5.
    QList<qint64> expected{f.ids.value(QStringLiteral("c3")), f.ids.value(QStringLiteral("c5")), f.ids.value(QStringLiteral("c6"))};
    QList<qint64> falseAlarms = coarse.falseAlarms;
    std::sort(expected.begin(), expected.end());
    std::sort(falseAlarms.begin(), falseAlarms.end());
    QCOMPARE(falseAlarms, expected);
    QCOMPARE(*e->defect(e->groups.first(), Stage::Coarse).far1, 60.0);
    // AACR-Bench precision keeps one-to-one: only c1 matched, 1 of 5.
    QCOMPARE(e->aacr(e->groups.first(), Stage::Coarse).line.precision.part, 1);
    QCOMPARE(e->aacr(e->groups.first(), Stage::Coarse).line.precision.whole, 5);
}

void TestEvaluation::perRunCpiMeanReproducesTable3LeftFlowAll()
{
    // Table 3, Left Flow, All: KBI 37.04, CPI1 9.77 (Table 5: FAR1 94.36),
    // the mean of three single-reviewer runs over 45 merge requests with one
    // key issue each; App. R Table 12 gives the runs' range: KBI (33.33,
    // 40.00), FAR1 (94.04, 94.73), CPI1 (9.31, 10.11). Three runs that fit:
    // 15/45 found at FAR1 94.04 (CPI1 10.11), 18/45 at 94.73 (9.31), 17/45
    // at 94.31 (9.89): mean KBI 50/135 = 37.04, mean FAR1 94.36, mean CPI1
    // 9.77; CPI1 of the means, cpi(37.04, 94.36), is 9.79.
    struct PaperRun { int found; int falseAlarmsPer10000; };
    const PaperRun paperRuns[] = {{15, 9404}, {18, 9473}, {17, 9431}};
    QList<DefectMetrics> perRun;
    QList<MrOutcome> pooled;
    for (const PaperRun &p : paperRuns) {
        QList<MrOutcome> mrs;
        for (int i = 0; i < 45; ++i) {
            MrOutcome o;
            o.comments = 10000; // FAR of each merge request: false alarms / 100 exactly
            o.falseAlarms = p.falseAlarmsPer10000;
            o.keyIssues = 1;
            o.keyIssuesFound = i < p.found ? 1 : 0;
            o.validLines = 10000;
            mrs << o;
        }
        perRun << defectMetrics(mrs);
        pooled << mrs;
    }
    const RepeatedRuns runs = repeatedRuns(perRun);
    QCOMPARE(runs.runs.size(), 3);
    QCOMPARE(runs.cpi1.runs, 3);
    QVERIFY2(qAbs(*runs.kbi.mean - 37.04) < 0.005, qPrintable(QString::number(*runs.kbi.mean)));
    QVERIFY2(qAbs(*runs.far1.mean - 94.36) < 0.005, qPrintable(QString::number(*runs.far1.mean)));
    QVERIFY2(qAbs(*runs.cpi1.mean - 9.77) < 0.005, qPrintable(QString::number(*runs.cpi1.mean)));
    QVERIFY2(qAbs(*runs.cpi1.min - 9.31) < 0.005, qPrintable(QString::number(*runs.cpi1.min)));
    QVERIFY2(qAbs(*runs.cpi1.max - 10.11) < 0.005, qPrintable(QString::number(*runs.cpi1.max)));
    QVERIFY2(qAbs(*runs.kbi.min - 33.33) < 0.005 && qAbs(*runs.kbi.max - 40.0) < 0.005, "KBI range (33.33, 40.00)");
    // Pooled (the runs' merge requests in one mean): KBI and FAR1 are the same means, CPI1 is not.
    const DefectMetrics all = defectMetrics(pooled);
    QVERIFY2(qAbs(*all.kbi - 37.04) < 0.005, qPrintable(QString::number(*all.kbi)));
    QVERIFY2(qAbs(*all.cpi1 - 9.79) < 0.005, qPrintable(QString::number(*all.cpi1)));
}

void TestEvaluation::singleReviewerStagesOfAThreeReviewerRunAreRunsOfTheirOwn()
{
    Bare f;
    QVERIFY(f.make());
    ReviewComment ref = comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10);
    const qint64 refId = *f.store->importComment(f.mr, ref, QStringLiteral("aacr"));
    QVERIFY(f.store->setReference(refId, true));
    // Reviewer 1: c1 on the key issue; reviewer 2: c2 elsewhere; reviewer 3:
    // c3 on the key issue and c4 elsewhere. All four reach every stage.
    ReviewComment c1 = comment(QStringLiteral("c1"), QStringLiteral("a.cpp"), 10, 10);
    ReviewComment c2 = comment(QStringLiteral("c2"), QStringLiteral("b.cpp"), 1, 1);
    c2.reviewers = {2};
    ReviewComment c3 = comment(QStringLiteral("c3"), QStringLiteral("a.cpp"), 10, 10);
    c3.reviewers = {3};
    ReviewComment c4 = comment(QStringLiteral("c4"), QStringLiteral("c.cpp"), 1, 1);
    c4.reviewers = {3};
    QCOMPARE(f.addRun({c1, c2, c3, c4}, 3).size(), 4);
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY2(e, e ? "" : qPrintable(e.error().message));
    const QString g = e->groups.first();
    // Pooled at All: KBI 100, false alarms c2 c4 of 4 = 50 -> CPI1 66.67.
    QVERIFY(qAbs(*e->defect(g, Stage::All).cpi1 - 200.0 / 3) < 1e-9);
    // Per reviewer: r1 KBI 100 FAR1 0 CPI1 100; r2 KBI 0 FAR1 100 CPI1 0;
    // r3 KBI 100 FAR1 50 CPI1 66.67. Mean KBI 66.67, FAR1 50, CPI1 55.56.
    const QList<RunPass> passes = e->passes(g, Stage::All);
    QCOMPARE(passes.size(), 3);
    QCOMPARE(passes[1].reviewer, 2);
    const RepeatedRuns all = e->perRun(g, Stage::All);
    QCOMPARE(all.runs.size(), 3);
    QCOMPARE(*all.runs[0].cpi1, 100.0);
    QCOMPARE(*all.runs[1].cpi1, 0.0);
    QVERIFY(qAbs(*all.kbi.mean - 200.0 / 3) < 1e-9);
    QVERIFY(qAbs(*all.far1.mean - 50.0) < 1e-9);
    QVERIFY(qAbs(*all.cpi1.mean - (100.0 + 0.0 + 200.0 / 3) / 3) < 1e-9);
    // The meta-reviewer's stage is the run as a whole: one pass, equal to the pooled figures.
    const QList<RunPass> meta = e->passes(g, Stage::Meta);
    QCOMPARE(meta.size(), 1);
    QCOMPARE(meta.first().reviewer, 0);
    QVERIFY(qAbs(*e->perRun(g, Stage::Meta).cpi1.mean - 200.0 / 3) < 1e-9);
    // A run of three reviewers whose comments name no reviewer stays whole.
    ReviewComment anonymous = comment(QStringLiteral("x1"), QStringLiteral("a.cpp"), 10, 10);
    anonymous.reviewers.clear();
    Bare other;
    QVERIFY(other.make());
    QCOMPARE(other.addRun({anonymous}, 3).size(), 1);
    auto whole = evaluateWorkspace(*other.store, {});
    QVERIFY(whole);
    const QList<RunPass> wholePasses = whole->passes(whole->groups.first(), Stage::All);
    QCOMPARE(wholePasses.size(), 1);
    QCOMPARE(wholePasses.first().reviewer, 0);
    // Only the defect pipeline has several reviewers: an AACR run, whose
    // configuration keeps the defect pipeline's default of three, is one
    // reviewer's run at every stage, never three with two empty.
    Bare aacr;
    QVERIFY(aacr.make());
    const qint64 aacrRef = *aacr.store->importComment(aacr.mr, ref, QStringLiteral("aacr"));
    QVERIFY(aacr.store->setReference(aacrRef, true));
    QCOMPARE(aacr.addRun({c1}, 1, PipelineKind::Aacr).size(), 1);
    auto hunkReview = evaluateWorkspace(*aacr.store, {});
    QVERIFY(hunkReview);
    QCOMPARE(hunkReview->groups.first(), QStringLiteral("AACR-Bench hunk review, none context")); // its configuration was read
    QCOMPARE(hunkReview->passes(hunkReview->groups.first(), Stage::All).size(), 1);
    QCOMPARE(*hunkReview->perRun(hunkReview->groups.first(), Stage::All).kbi.mean, 100.0);
    // The table of the paper's protocol shows mean (min-max) over the passes.
    const Table t = e->stageRunsTable();
    QCOMPARE(t.rows.first()[2].text, QStringLiteral("3"));
    QCOMPARE(t.rows.first()[5].text, QStringLiteral("55.56 (0.00-100.00)"));
}

void TestEvaluation::annotatorPrecisionPerStage()
{
    Fixture f;
    QVERIFY(f.make());
    // Two annotators: c1 accepted by both, c3 rejected by one, c5: one accept, one reject (a tie: undecided).
    const auto judge = [&](const QString &id, const QString &who, Verdict v) {
        Judgement j;
        j.comment = f.ids.value(id);
        j.annotator = who;
        j.verdict = v;
        QVERIFY(f.store->judge(j));
    };
    judge(QStringLiteral("c1"), QStringLiteral("a"), Verdict::Accept);
    judge(QStringLiteral("c1"), QStringLiteral("b"), Verdict::Accept);
    judge(QStringLiteral("c3"), QStringLiteral("a"), Verdict::Reject);
    judge(QStringLiteral("c5"), QStringLiteral("a"), Verdict::Accept);
    judge(QStringLiteral("c5"), QStringLiteral("b"), Verdict::Reject);
    auto e = evaluateWorkspace(*f.store, {});
    const RunEvaluation &re = e->runs.first();
    // All: judged c1, c3 -> 1 of 2; validator: judged c1 -> 1 of 1.
    QCOMPARE(re.stages[0].judged, 2);
    QCOMPARE(re.stages[0].accepted, 1);
    QCOMPARE(re.stages[int(Stage::Validator)].judged, 1);
    const Table t = e->annotatorTable();
    QCOMPARE(t.rows.first()[5].text, QStringLiteral("50.00"));
}

namespace {

void judgeTwoAnnotators(Fixture &f)
{
    // c1 accepted by both, c3 rejected by a only, c5: a accepts, b rejects.
    const auto judge = [&](const QString &id, const QString &who, Verdict v) {
        Judgement j;
        j.comment = f.ids.value(id);
        j.annotator = who;
        j.verdict = v;
        QVERIFY(f.store->judge(j));
    };
    judge(QStringLiteral("c1"), QStringLiteral("a"), Verdict::Accept);
    judge(QStringLiteral("c1"), QStringLiteral("b"), Verdict::Accept);
    judge(QStringLiteral("c3"), QStringLiteral("a"), Verdict::Reject);
    judge(QStringLiteral("c5"), QStringLiteral("a"), Verdict::Accept);
    judge(QStringLiteral("c5"), QStringLiteral("b"), Verdict::Reject);
}

} // namespace

void TestEvaluation::agreementShownBesideAnnotatorPrecision()
{
    Fixture f;
    QVERIFY(f.make());
    judgeTwoAnnotators(f);
    auto e = evaluateWorkspace(*f.store, {});
    QVERIFY(e);
    const Table t = e->agreementTable();
    QVERIFY(!t.rows.isEmpty());
    // Verdicts both gave: c1 (accept, accept), c5 (accept, reject). p_o = 1/2;
    // a's marginal accept 1, b's 1/2 -> p_e = 1/2; kappa = (1/2 - 1/2) / (1 - 1/2) = 0.
    const QList<Cell> &verdict = t.rows.first();
    QCOMPARE(verdict[0].text, QStringLiteral("a / b"));
    QCOMPARE(verdict[1].text, QStringLiteral("verdict"));
    QCOMPARE(verdict[2].text, QStringLiteral("2"));
    QCOMPARE(verdict[3].text, QStringLiteral("50.00"));
    QCOMPARE(verdict[4].text, QStringLiteral("0.000"));
    bool listed = false;
    for (const Table &table : e->tables())
        listed = listed || table.id == t.id;
    QVERIFY(listed);
}

void TestEvaluation::adjudicationDecidesADisputedVerdict()
{
    Fixture f;
    QVERIFY(f.make());
    judgeTwoAnnotators(f);
    auto before = evaluateWorkspace(*f.store, {});
    QVERIFY(before);
    QCOMPARE(before->runs.first().stages[0].judged, 2); // c5 disputed: undecided
    Adjudication a;
    a.comment = f.ids.value(QStringLiteral("c5"));
    a.adjudicator = QStringLiteral("core");
    a.verdict = Verdict::Accept;
    a.reason = QStringLiteral("the overflow is real");
    QVERIFY(f.store->adjudicate(a));
    auto after = evaluateWorkspace(*f.store, {});
    QVERIFY(after);
    QCOMPARE(after->runs.first().stages[0].judged, 3);
    QCOMPARE(after->runs.first().stages[0].accepted, 2);
}

void TestEvaluation::exportAacrGeneratedWritesTheRun()
{
    Fixture f;
    QVERIFY(f.make());
    QTemporaryDir out;
    auto path = exportAacrGenerated(*f.store, f.run, out.path());
    QVERIFY2(path, path ? "" : qPrintable(path.error().message));
    QCOMPARE(QFileInfo(*path).fileName(), QStringLiteral("comments_repo_%1.txt").arg(f.mr));
    QFile file(*path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const AacrGeneratedFile read = parseAacrGenerated(QString::fromUtf8(file.readAll()));
    // The kept comments: c1, c5, m1 — in the store's order (file, side, line).
    QCOMPARE(read.comments.size(), 3);
    QCOMPARE(read.comments[0].path, QStringLiteral("a.cpp"));
    QCOMPARE(read.comments[0].side, QStringLiteral("right"));
    QCOMPARE(read.comments[0].fromLine.value_or(-1), 10);
    QCOMPARE(read.comments[0].note, QStringLiteral("issue c1"));
    QVERIFY(read.problems.isEmpty());
    QVERIFY(!exportAacrGenerated(*f.store, 999, out.path()));
}

void TestEvaluation::ablationTablesGroupRunsByConfigurationField()
{
    QTemporaryDir dir;
    auto s = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(s);
    SqlWorkspaceStore &store = **s;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.base = QStringLiteral("a");
    e.head = QStringLiteral("b");
    const qint64 mr = *store.addMergeRequest(e);
    const qint64 ref = *store.importComment(mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10), QStringLiteral("aacr"));
    QVERIFY(store.setReference(ref, true));
    // A: Left Flow, 1 reviewer, CoT, inline: finds R and one false alarm (KBI 100, FAR1 50).
    // B: Left Flow, 3 reviewers, no CoT, no line numbers: a false alarm only (KBI 0, FAR1 100).
    // C: Full Flow, 3 reviewers, CoT, inline: finds R (KBI 100, FAR1 0).
    // D: no readable configuration: left out of every ablation.
    struct RunSpec
    {
        SliceAlgorithm slicing;
        int reviewers;
        bool cot;
        LineFormat lines;
        bool finds, alarm, record;
    };
    const QList<RunSpec> specs{{SliceAlgorithm::LeftFlow, 1, true, LineFormat::Inline, true, true, true},
                               {SliceAlgorithm::LeftFlow, 3, false, LineFormat::None, false, true, true},
                               {SliceAlgorithm::FullFlow, 3, true, LineFormat::Inline, true, false, true},
                               {SliceAlgorithm::LeftFlow, 1, true, LineFormat::Inline, true, false, false}};
    for (const RunSpec &spec : specs) {
        QList<ReviewComment> cs;
        if (spec.finds)
            cs << comment(QStringLiteral("hit"), QStringLiteral("a.cpp"), 10, 10);
        if (spec.alarm)
            cs << comment(QStringLiteral("alarm"), QStringLiteral("z.cpp"), 50, 50);
        // In the 3-reviewer runs every reviewer raised each comment, so each
        // of their single-reviewer runs (All/Coarse/Top-k) is the run itself.
        for (ReviewComment &c : cs)
            for (int r = 2; r <= spec.reviewers; ++r)
                c.reviewers << r;
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.slicing = spec.slicing;
        record.config.reviewers = spec.reviewers;
        record.config.minAgreement = 1;
        record.config.cot = spec.cot;
        record.config.lineFormat = spec.lines;
        StoredRun run;
        run.mergeRequest = mr;
        run.record = spec.record ? record.toJson() : QByteArray();
        QVERIFY(store.addRun(run, cs));
    }
    auto ev = evaluateWorkspace(store, {});
    QVERIFY2(ev, ev ? "" : qPrintable(ev.error().message));
    QCOMPARE(ev->runs.size(), 4);

    // Slicing x stage (Table 3), the mean over runs: at All, Left Flow is A
    // (KBI 100, FAR1 50, CPI1 66.67) and B's three single-reviewer runs (KBI
    // 0, FAR1 100, CPI1 0 each): KBI 100/4 = 25, CPI1 66.67/4 = 16.67 (pooled
    // it was KBI 1/2 = 50, CPI1 33.33); Full Flow is C's three runs (KBI 100, CPI1 100).
    const Table slicing = ev->slicingTable();
    QCOMPARE(slicing.id, QStringLiteral("slicing"));
    QCOMPARE(slicing.columns.size(), 1 + 2 * StageCount + 1);
    QCOMPARE(slicing.rows.size(), 2);
    QCOMPARE(slicing.rows[0][0].text, QStringLiteral("Left Flow"));
    QCOMPARE(slicing.rows[0][1].text, QStringLiteral("25.00"));
    QCOMPARE(slicing.rows[0][2].text, QStringLiteral("16.67"));
    // At +Meta the runs are whole: A and B, KBI (100 + 0) / 2 = 50, CPI1 66.67 / 2 = 33.33.
    QCOMPARE(slicing.rows[0][1 + 2 * int(Stage::Meta)].text, QStringLiteral("50.00"));
    QCOMPARE(slicing.rows[0][2 + 2 * int(Stage::Meta)].text, QStringLiteral("33.33"));
    QCOMPARE(slicing.rows[0].last().text, QStringLiteral("2"));
    QCOMPARE(slicing.rows[0][1].comments, (QList<qint64>{ref})); // found once, by A
    QCOMPARE(slicing.rows[0][2].comments.size(), 3);             // every comment of A and B
    QCOMPARE(slicing.rows[1][0].text, QStringLiteral("Full Flow"));
    QCOMPARE(slicing.rows[1][1].text, QStringLiteral("100.00"));
    QCOMPARE(slicing.rows[1][2].text, QStringLiteral("100.00"));

    // Reviewers (Table 4): slicing x {meta, validator} x reviewers, where runs exist.
    const Table reviewers = ev->reviewersTable();
    QCOMPARE(reviewers.rows.size(), 2 * 2 + 2);
    // Left Flow, +Meta, 1 reviewer = A: KBI 100, FAR1 50, CPI1 = 2*100*50/150 = 66.67, FAR2 50.
    QCOMPARE(reviewers.rows[0][2].text, QStringLiteral("1"));
    QCOMPARE(reviewers.rows[0][3].text, QStringLiteral("100.00"));
    QCOMPARE(reviewers.rows[0][4].text, QStringLiteral("50.00"));
    QCOMPARE(reviewers.rows[0][5].text, QStringLiteral("66.67"));
    QCOMPARE(reviewers.rows[0][6].text, QStringLiteral("50.00"));
    // Left Flow, +Meta, 3 reviewers = B: KBI 0, FAR1 100, FAR2 undefined (nothing recalled).
    QCOMPARE(reviewers.rows[1][2].text, QStringLiteral("3"));
    QCOMPARE(reviewers.rows[1][3].text, QStringLiteral("0.00"));
    QCOMPARE(reviewers.rows[1][6].text, percentText({}));

    // CoT (Table 6): Left Flow has both, at 4 stages; Full Flow CoT only.
    const Table cot = ev->cotTable();
    QCOMPARE(cot.rows.size(), 4 * 2 + 4);
    QCOMPARE(cot.rows[0][1].text, stageName(Stage::All));
    QCOMPARE(cot.rows[0][3].text, QStringLiteral("0.00"));   // w/o CoT = B: KBI 0
    QCOMPARE(cot.rows[0][4].text, QStringLiteral("100.00")); // FAR1 100
    QCOMPARE(cot.rows[1][3].text, QStringLiteral("100.00")); // w/ CoT = A

    // Line numbers (Table 8): {all, meta} x {no, inline}. Inline at All: A and
    // C's three single-reviewer runs: KBI 100, FAR1 (50 + 0 + 0 + 0) / 4 = 12.5,
    // CPI1 (66.67 + 3 * 100) / 4 = 91.67 (pooled: 85.71); LSR 100.
    const Table lines = ev->lineFormatTable();
    QCOMPARE(lines.rows.size(), 2 * 2);
    QCOMPARE(lines.rows[1][2].text, QStringLiteral("100.00"));
    QCOMPARE(lines.rows[1][3].text, QStringLiteral("12.50"));
    QCOMPARE(lines.rows[1][4].text, QStringLiteral("91.67"));
    QCOMPARE(lines.rows[1][7].text, QStringLiteral("100.00"));
    QCOMPARE(lines.rows[0][2].text, QStringLiteral("0.00")); // No = B

    // Each is written in every format, and listed among the tables.
    QStringList ids;
    for (const Table &t : ev->tables())
        ids << t.id;
    for (const QString &id : {QStringLiteral("slicing"), QStringLiteral("reviewers"), QStringLiteral("cot"), QStringLiteral("line-format")})
        QVERIFY2(ids.contains(id), qPrintable(id));
    QVERIFY(formatTable(lines, TableFormat::Latex).contains(QStringLiteral("91.67")));
    QVERIFY(formatTable(slicing, TableFormat::Markdown).contains(QStringLiteral("| Left Flow |")));
}

void TestEvaluation::manyMergeRequestsReadAtOnceGiveTheSameFigures()
{
    // Twelve merge requests (more than the evaluation reads one by one):
    // each with a reference, a run whose comments hit it, miss it and are
    // linked to it by hand, two annotators who disagree on one comment
    // (adjudicated on every other merge request), and a removed human comment.
    QTemporaryDir dir;
    auto opened = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(opened);
    SqlWorkspaceStore &store = **opened;
    QList<qint64> runIds;
    for (int m = 0; m < 12; ++m) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("a%1").arg(m);
        e.head = QStringLiteral("b%1").arg(m);
        const qint64 mr = *store.addMergeRequest(e);
        const qint64 ref = *store.importComment(mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10 + m, 10 + m), QStringLiteral("aacr"));
        QVERIFY(store.setReference(ref, true));
        QList<ReviewComment> cs{comment(QStringLiteral("hit"), QStringLiteral("a.cpp"), 10 + m + m % 3, 10 + m + m % 3),
                                comment(QStringLiteral("far"), QStringLiteral("a.cpp"), 300, 300),
                                comment(QStringLiteral("alarm"), QStringLiteral("b.cpp"), 5, 5)};
        cs[2].drop(QStringLiteral("validator"));
        StoredRun run;
        run.mergeRequest = mr;
        run.record = recordJson();
        const qint64 runId = *store.addRun(run, cs);
        runIds << runId;
        CommentQuery q;
        q.run = runId;
        const auto stored = store.comments(q);
        QVERIFY(stored && stored->size() == 3);
        for (const StoredComment &c : *stored) {
            if (c.comment.id == QLatin1String("far") && m % 2 == 0)
                QVERIFY(store.linkToReference(c.id, ref, QStringLiteral("ann")));
            for (const QString &annotator : {QStringLiteral("ann"), QStringLiteral("bob")}) {
                Judgement j;
                j.comment = c.id;
                j.annotator = annotator;
                j.verdict = c.comment.id == QLatin1String("alarm") && annotator == QLatin1String("bob") ? Verdict::Accept : Verdict::Reject;
                QVERIFY(store.judge(j));
            }
            if (c.comment.id == QLatin1String("alarm") && m % 2 == 1) {
                Adjudication a;
                a.comment = c.id;
                a.adjudicator = QStringLiteral("core");
                a.verdict = Verdict::Accept;
                a.reason = QStringLiteral("the alarm is real");
                QVERIFY(store.adjudicate(a));
            }
        }
        const qint64 human = *store.addHumanComment(mr, QStringLiteral("ann"), comment(QStringLiteral("h"), QStringLiteral("a.cpp"), 10 + m, 10 + m));
        QVERIFY(store.removeHumanComment(human, QStringLiteral("ann")));
    }
    auto together = evaluateWorkspace(store, {});
    QVERIFY2(together, together ? "" : qPrintable(together.error().message));
    QCOMPARE(together->runs.size(), 12);
    int adjudicated = 0, linked = 0;
    for (int i = 0; i < runIds.size(); ++i) {
        Options one;
        one.runs = {runIds[i]};
        auto alone = evaluateWorkspace(store, one);
        QVERIFY(alone);
        const RunEvaluation &a = alone->runs.first();
        const RunEvaluation &t = together->runs[i];
        QCOMPARE(t.run.id, a.run.id);
        QCOMPARE(t.references.size(), 1); // the removed human comment is no reference
        for (int st = 0; st < StageCount; ++st) {
            QCOMPARE(t.stages[st].comments, a.stages[st].comments);
            QCOMPARE(t.stages[st].falseAlarms, a.stages[st].falseAlarms);
            QCOMPARE(t.stages[st].found, a.stages[st].found);
            QCOMPARE(t.stages[st].judged, a.stages[st].judged);
            QCOMPARE(t.stages[st].accepted, a.stages[st].accepted);
        }
        adjudicated += t.stages[0].judged == 3 ? 1 : 0;
        linked += t.stages[0].pr.match.kind.contains(MatchKind::Link) ? 1 : 0;
    }
    // The disputed comment is decided only where it was adjudicated; the link counts where it was made.
    QCOMPARE(adjudicated, 6);
    QCOMPARE(linked, 6);
    QCOMPARE(together->agreements.size(), 1);
}

void TestEvaluation::tuningFindsTheBestSetting()
{
    // One run: two accepted comments with high Q1, one rejected nitpick (q1 3).
    TuningRun run;
    run.candidates = {comment(QStringLiteral("a"), QStringLiteral("a.cpp"), 10, 10, 6, 6, 7), comment(QStringLiteral("b"), QStringLiteral("a.cpp"), 20, 20, 3, 6, 6),
                      comment(QStringLiteral("c"), QStringLiteral("a.cpp"), 30, 30, 6, 5, 2)};
    run.ids = {1, 2, 3};
    run.verdicts = {Verdict::Accept, Verdict::Reject, Verdict::Accept};
    run.references = {item(10, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 10)), item(11, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 30, 30))};
    const TuningResult f1 = tuneThresholds({run}, TuningGoal::F1, {1, 2, 3});
    QCOMPARE(f1.points.size(), 8 * 8 * 3);
    QVERIFY2(f1.best != -1, "no setting was chosen");
    const TuningPoint &best = f1.points[f1.best];
    // Dropping b (q1 3 <= t1 for t1 in 3..5) and keeping a and c (q2 5 > t2 needs t2 <= 4)
    // with k >= 2 gives precision 100 and recall 100.
    QCOMPARE(*best.f1, 100.0);
    QVERIFY(best.nitpickThreshold >= 3 && best.nitpickThreshold <= 5);
    QVERIFY(best.fakeThreshold <= 4);
    QVERIFY(best.topK >= 2);
    // CPI1 too: both references found, no false alarm -> CPI1 100.
    const TuningResult cpi1 = tuneThresholds({run}, TuningGoal::Cpi1, {1, 2, 3});
    QCOMPARE(*cpi1.points[cpi1.best].defect.cpi1, 100.0);
    // A setting that keeps only the most severe: k = 1 at t1 = t2 = 0 keeps a: precision 100, recall 50.
    const auto it = std::find_if(f1.points.begin(), f1.points.end(), [](const TuningPoint &p) { return p.nitpickThreshold == 0 && p.fakeThreshold == 0 && p.topK == 1; });
    QCOMPARE(*it->precision.percent(), 100.0);
    QCOMPARE(*it->recall.percent(), 50.0);
}

void TestEvaluation::tuningTopKCutsPerSliceAsThePipelineDoes()
{
    // One reviewer, two slices, one accepted comment in each. The pipeline cuts
    // top-k per slice (SliceReview::run), so top_k = 1 keeps both; a cut over
    // the whole run would keep only the more severe a.
    TuningRun run;
    ReviewComment a = comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10, 6, 6, 7);
    a.slice = 0;
    ReviewComment b = comment(QStringLiteral("s1-r1-1"), QStringLiteral("a.cpp"), 30, 30, 6, 6, 5);
    b.slice = 1;
    run.candidates = {a, b};
    run.ids = {1, 2};
    run.verdicts = {Verdict::Accept, Verdict::Accept};
    run.links = {-1, -1};
    run.references = {item(10, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 10)), item(11, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 30, 30))};
    const TuningResult r = tuneThresholds({run}, TuningGoal::F1, {1});
    const auto it = std::find_if(r.points.begin(), r.points.end(), [](const TuningPoint &p) { return p.nitpickThreshold == 0 && p.fakeThreshold == 0 && p.topK == 1; });
    QVERIFY(it != r.points.end());
    QCOMPARE(it->kept, 2);
    QCOMPARE(*it->recall.percent(), 100.0);
    QCOMPARE(*it->defect.kbi, 100.0);
    TuningPoint p;
    p.topK = 1;
    QCOMPARE(keptComments({run}, p), (QList<qint64>{1, 2}));
    // Two comments of one slice: top_k = 1 keeps the more severe only.
    run.candidates[1].slice = 0;
    QCOMPARE(keptComments({run}, p), (QList<qint64>{1}));
}

void TestEvaluation::tuningCountsAnnotatorLinksAsFindings()
{
    // A reference at a.cpp:10 and one run comment far from it (z.cpp:99),
    // which an annotator linked to the reference: the evaluation counts the
    // link as a finding, and so must tuning. One reviewer: at Top-k a run of
    // three would be three single-reviewer runs, two of them silent (KBI 0),
    // in the table and in tuning alike.
    QTemporaryDir dir;
    auto opened = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(opened);
    std::unique_ptr<SqlWorkspaceStore> store = std::move(*opened);
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.base = QStringLiteral("a");
    e.head = QStringLiteral("b");
    const qint64 mr = *store->addMergeRequest(e);
    const qint64 ref = *store->importComment(mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10), QStringLiteral("aacr"));
    QVERIFY(store->setReference(ref, true));
    StoredRun sr;
    sr.mergeRequest = mr;
    sr.label = QStringLiteral("run");
    RunRecord record = *RunRecord::fromJson(recordJson());
    record.config.reviewers = 1;
    record.config.minAgreement = 1;
    sr.record = record.toJson();
    const qint64 runId = *store->addRun(sr, {comment(QStringLiteral("c"), QStringLiteral("z.cpp"), 99, 99)});
    CommentQuery q;
    q.run = runId;
    const qint64 c = store->comments(q)->first().id;
    const auto kbiAtKeepAll = [&]() -> std::optional<double> {
        auto ev = evaluateWorkspace(*store, {});
        if (!ev)
            return std::nullopt;
        auto runs = tuningRuns(*store, *ev);
        if (!runs)
            return std::nullopt;
        const TuningResult r = tuneThresholds(*runs, TuningGoal::Cpi1, {1});
        for (const TuningPoint &p : r.points)
            if (p.nitpickThreshold == 0 && p.fakeThreshold == 0)
                return p.defect.kbi;
        return std::nullopt;
    };
    QCOMPARE(kbiAtKeepAll(), std::optional<double>(0.0));
    QVERIFY(store->linkToReference(c, ref, QStringLiteral("ann")));
    QCOMPARE(kbiAtKeepAll(), std::optional<double>(100.0));
}

void TestEvaluation::tuningCountsNoSecondCommentOnAFoundIssueAsFalseAlarm()
{
    // Two comments on the one reference (a.cpp:10 and :11) and one elsewhere.
    // The one-to-one match gives the reference to the first; App. M.2 counts
    // only the comment unrelated to any key issue (z.cpp) as a false alarm,
    // as evaluateWorkspace() does: FAR1 = 1/3, not 2/3.
    TuningRun run;
    run.candidates = {comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10, 6, 6, 7),
                      comment(QStringLiteral("s0-r1-2"), QStringLiteral("a.cpp"), 11, 11, 6, 6, 6),
                      comment(QStringLiteral("s0-r1-3"), QStringLiteral("z.cpp"), 99, 99, 6, 6, 5)};
    run.ids = {1, 2, 3};
    run.verdicts = {Verdict::Accept, Verdict::Accept, Verdict::Reject};
    run.links = {-1, -1, -1};
    run.references = {item(10, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 10))};
    const TuningResult r = tuneThresholds({run}, TuningGoal::Cpi1, {10});
    const auto it = std::find_if(r.points.begin(), r.points.end(), [](const TuningPoint &p) { return p.nitpickThreshold == 0 && p.fakeThreshold == 0; });
    QVERIFY(it != r.points.end());
    QCOMPARE(it->kept, 3);
    QCOMPARE(*it->defect.kbi, 100.0);
    QVERIFY2(qAbs(*it->defect.far1 - 100.0 / 3) < 1e-9, qPrintable(QString::number(*it->defect.far1)));
}

// Tuning matches lines as the evaluation does: a comment whose snippet was
// not found in the file (line_valid false) has no lines even when it keeps
// its line numbers, so it never line-matches (EvalMatching's located()).
void TestEvaluation::tuningMatchesOnlyLocatedCommentsByLine()
{
    TuningRun run;
    ReviewComment unlocated = comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10);
    unlocated.lineValid = false;
    run.candidates = {unlocated};
    run.ids = {1};
    run.verdicts = {std::nullopt};
    run.links = {-1};
    run.references = {item(10, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 10))};
    const TuningResult r = tuneThresholds({run}, TuningGoal::Cpi1, {10});
    const auto it = std::find_if(r.points.begin(), r.points.end(), [](const TuningPoint &p) { return p.nitpickThreshold == 0 && p.fakeThreshold == 0; });
    QVERIFY(it != r.points.end());
    QCOMPARE(it->kept, 1);
    QCOMPARE(it->defect.kbi, std::optional<double>(0.0));
    QCOMPARE(it->defect.far1, std::optional<double>(100.0));
}

void TestEvaluation::tuningAveragesOverRunsAsTheStageRunsTable_data()
{
    QTest::addColumn<int>("reviewers");
    QTest::newRow("one reviewer") << 1;
    QTest::newRow("three reviewers, one run each at top-k") << 3;
}

// Two merge requests, each with a reference at a.cpp:10, reviewed twice by
// one configuration. Pass 1: both comments find their reference (KBI 100,
// FAR1 0, CPI1 100). Pass 2: a false alarm on the first, nothing on the
// second (KBI 0, FAR1 50, CPI1 0). The stage-runs table (the paper's
// protocol) gives the mean over passes, CPI1 50; pooled over runs it would be
// CPI1 of KBI 50 and FAR1 25, 60. Tuning at the runs' own setting gives
// exactly the table's Top-k figures (with three reviewers, each reviewer's
// comments are a run of their own there, and in tuning too).
void TestEvaluation::tuningAveragesOverRunsAsTheStageRunsTable()
{
    QFETCH(int, reviewers);
    Bare f;
    QVERIFY(f.make());
    const qint64 first = f.mr;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.base = QStringLiteral("c");
    e.head = QStringLiteral("d");
    e.title = QStringLiteral("MR 2");
    const qint64 second = *f.store->addMergeRequest(e);
    for (qint64 mr : {first, second}) {
        f.mr = mr;
        const qint64 ref = *f.store->importComment(mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10), QStringLiteral("gt"));
        QVERIFY(f.store->setReference(ref, true));
    }
    f.mr = first;
    QCOMPARE(f.addRun({comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10)}, reviewers).size(), 1);
    QCOMPARE(f.addRun({comment(QStringLiteral("s0-r1-1"), QStringLiteral("z.cpp"), 99, 99)}, reviewers).size(), 1);
    f.mr = second;
    QCOMPARE(f.addRun({comment(QStringLiteral("s0-r1-1"), QStringLiteral("a.cpp"), 10, 10)}, reviewers).size(), 1);
    f.addRun({}, reviewers);
    const auto ev = evaluateWorkspace(*f.store, {});
    QVERIFY2(ev, ev ? "" : qPrintable(ev.error().message));
    QCOMPARE(ev->groups.size(), 1);
    const RepeatedRuns table = ev->perRun(ev->groups.first(), Stage::TopK);
    if (reviewers == 1)
        QCOMPARE(table.cpi1.mean, std::optional<double>(50.0));
    const auto runs = tuningRuns(*f.store, *ev);
    QVERIFY(runs);
    const RunConfig defaults;
    const TuningResult r = tuneThresholds(*runs, TuningGoal::Cpi1, {defaults.topK});
    const auto it = std::find_if(r.points.begin(), r.points.end(), [&](const TuningPoint &p) {
        return p.nitpickThreshold == defaults.nitpickThreshold && p.fakeThreshold == defaults.fakeThreshold;
    });
    QVERIFY(it != r.points.end());
    QCOMPARE(it->kept, 3);
    QVERIFY(table.kbi.mean && table.far1.mean && table.cpi1.mean);
    QVERIFY2(it->defect.kbi && qAbs(*it->defect.kbi - *table.kbi.mean) < 1e-9, qPrintable(QString::number(it->defect.kbi.value_or(-1))));
    QVERIFY2(it->defect.far1 && qAbs(*it->defect.far1 - *table.far1.mean) < 1e-9, qPrintable(QString::number(it->defect.far1.value_or(-1))));
    QVERIFY2(it->defect.cpi1 && qAbs(*it->defect.cpi1 - *table.cpi1.mean) < 1e-9, qPrintable(QString::number(it->defect.cpi1.value_or(-1))));
}

void TestEvaluation::tunedSettingWrittenIntoRunConfig()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("run.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"reviewers": 1, "roles": {"reviewer": {"endpoint": "http://127.0.0.1:9/v1", "model": "m"}}})");
    file.close();
    TuningPoint p;
    p.nitpickThreshold = 3;
    p.fakeThreshold = 2;
    p.topK = 7;
    QVERIFY(writeTunedConfig(path, p));
    QVERIFY(file.open(QIODevice::ReadOnly));
    auto config = RunConfig::fromJson(file.readAll());
    file.close();
    QVERIFY(config);
    QCOMPARE(config->nitpickThreshold, 3);
    QCOMPARE(config->fakeThreshold, 2);
    QCOMPARE(config->topK, 7);
    QCOMPARE(config->reviewers, 1); // the rest kept
    // A configuration that is not one is left as it was.
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"roles": {}})");
    file.close();
    QVERIFY(!writeTunedConfig(path, p));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray(R"({"roles": {}})"));
    file.close();
    // An unknown key is an error, named, and the file is left as it was.
    const QByteArray misspelt = R"({"topk": 3, "roles": {"reviewer": {"endpoint": "http://127.0.0.1:9/v1", "model": "m"}}})";
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(misspelt);
    file.close();
    const auto refused = writeTunedConfig(path, p);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("topk")), qPrintable(refused.error().message));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), misspelt);
    file.close();
    // "All comments" (top-k 100, the largest the tuning tries) is a valid setting.
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"roles": {"reviewer": {"endpoint": "http://127.0.0.1:9/v1", "model": "m"}}})");
    file.close();
    p.topK = 100;
    QVERIFY(writeTunedConfig(path, p));
    QVERIFY(!writeTunedConfig(dir.filePath(QStringLiteral("missing.json")), p));
}

// A comment whose lines could not be placed (line_valid false) does not
// line-match a reference, even when an older workspace still holds the hunk's
// range it was given then (issue 21, item 2); the same comment placed does.
void TestEvaluation::unlocatedCommentNeverLineMatches()
{
    for (const bool valid : {true, false}) {
        Bare f;
        QVERIFY(f.make());
        const qint64 reference = *f.store->importComment(f.mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 11, 11), QStringLiteral("aacr"));
        QVERIFY(f.store->setReference(reference, true));
        ReviewComment c = comment(QStringLiteral("c"), QStringLiteral("a.cpp"), 10, 13);
        c.lineValid = valid;
        QCOMPARE(f.addRun({c}).size(), 1);
        const auto evaluated = evaluateWorkspace(*f.store, {});
        QVERIFY2(evaluated, evaluated ? "" : qPrintable(evaluated.error().message));
        const auto &all = evaluated->runs.first().stages[int(Stage::All)].outcome;
        QCOMPARE(all.keyIssuesFound, valid ? 1 : 0);
    }
}

// Issue 21, item 2: a comment whose lines could not be placed never matches
// by line, but the judge is still asked whether it says what a reference of
// its file and side says (never one of another file); one it says yes to is
// found semantically and is no false alarm.
void TestEvaluation::unlocatedCommentCanStillMatchSemantically()
{
    Location nowhere;
    nowhere.path = QStringLiteral("a.cpp");
    nowhere.side = QStringLiteral("new");
    const QList<Item> generated{item(1, nowhere, QStringLiteral("total overflows"))};
    const QList<Item> references{item(10, at(QStringLiteral("b.cpp"), QStringLiteral("new"), 5, 5), QStringLiteral("total overflows")),
                                 item(11, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 40, 40), QStringLiteral("total overflows"))};
    QList<std::pair<int, int>> asked;
    MatchOptions o;
    o.semantic = [&asked](int g, int r) {
        asked << std::pair{g, r};
        return true;
    };
    const MatchResult m = matchOneToOne(generated, references, o);
    QCOMPARE(m.lineReference, (QList<int>{-1}));
    QCOMPARE(m.semanticReference, (QList<int>{1}));
    QCOMPARE(asked, (QList<std::pair<int, int>>{{0, 1}}));
    QCOMPARE(unrelatedToAnyKeyIssue(generated, references, o, m, true), (QList<bool>{false}));
    // Without a judge it finds nothing and is a false alarm.
    const MatchResult lineOnly = matchOneToOne(generated, references, {});
    QCOMPARE(unrelatedToAnyKeyIssue(generated, references, {}, lineOnly, false), (QList<bool>{true}));
}

// Issue 21, item 6: the mean over runs is over runs of one configuration; a
// CQS or AACR run has none of the defect pipeline's settings, so it is never
// averaged with a defect run that happens to share the defaults.
void TestEvaluation::otherPipelinesRunsAreConfigurationsOfTheirOwn()
{
    RunConfig defect;
    RunConfig cqs;
    cqs.pipeline = PipelineKind::Cqs;
    RunConfig aacr;
    aacr.pipeline = PipelineKind::Aacr;
    aacr.context = QStringLiteral("bm25");
    RunConfig codeAgent;
    codeAgent.pipeline = PipelineKind::CodeAgent;
    const QStringList names{configurationName(defect, {}), configurationName(cqs, {}), configurationName(aacr, {}), configurationName(codeAgent, {})};
    QCOMPARE(names[0], QStringLiteral("Left Flow, 3 reviewers, top-5, CoT, inline line numbers"));
    QCOMPARE(names[1], QStringLiteral("CQS issue collector and judge"));
    QCOMPARE(names[2], QStringLiteral("AACR-Bench hunk review, bm25 context"));
    QCOMPARE(names[3], QStringLiteral("CodeAgent"));
}

// Issue 21, item 3: the semantic judge is given a translated comment's
// original text (the reference's language), the translation only when
// Options::matchTranslation asks for it.
void TestEvaluation::semanticMatchReadsTheOriginalOfATranslatedComment()
{
    for (const bool matchTranslation : {false, true}) {
        Bare f;
        QVERIFY(f.make());
        const qint64 reference = *f.store->importComment(f.mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10, 10), QStringLiteral("aacr"));
        QVERIFY(f.store->setReference(reference, true));
        ReviewComment c = comment(QStringLiteral("c"), QStringLiteral("a.cpp"), 10, 10);
        c.issueOriginal = c.issue;
        c.rootCauseOriginal.clear();
        c.fixOriginal.clear();
        c.issue = QStringLiteral("le total peut déborder");
        c.translationLanguage = QStringLiteral("French");
        QCOMPARE(f.addRun({c}).size(), 1);
        QStringList judged;
        Options o;
        o.matchTranslation = matchTranslation;
        o.semantic = [&judged](const QString &generated, const QString &) {
            judged << generated;
            return true;
        };
        QVERIFY(evaluateWorkspace(*f.store, o));
        QVERIFY(!judged.isEmpty());
        for (const QString &text : std::as_const(judged))
            QCOMPARE(text.contains(QStringLiteral("déborder")), matchTranslation);
    }
}

// CQS §4 per tag: located by lines, then an exact tag match, then the
// rationale, asked of the judge only for tag matches.
void TestEvaluation::cqsPerTagCountsByHand()
{
    const QList<Item> references{item(100, at(QStringLiteral("a.cpp"), {}, 10, 10)), item(101, at(QStringLiteral("a.cpp"), {}, 20, 20)),
                                 item(102, at(QStringLiteral("a.cpp"), {}, 30, 30)), item(103, at(QStringLiteral("b.cpp"), {}, 5, 5)),
                                 item(104, at(QStringLiteral("b.cpp"), {}, 50, 50))};
    const QStringList referenceTags{QStringLiteral("UseConstant"), QStringLiteral("UseConstant"), QStringLiteral("Documentation"),
                                    QStringLiteral("Documentation"), QString()}; // 104 has no tag: not counted
    const QList<Item> generated{item(1, at(QStringLiteral("a.cpp"), {}, 10, 10)),  // r100, same tag, same rationale
                                item(2, at(QStringLiteral("a.cpp"), {}, 20, 20)),  // r101, another tag
                                item(3, at(QStringLiteral("a.cpp"), {}, 30, 30)),  // r102, same tag, another rationale
                                item(4, at(QStringLiteral("b.cpp"), {}, 5, 5)),    // r103, the tag in other case: no exact match
                                item(5, at(QStringLiteral("c.cpp"), {}, 1, 1))};   // nowhere
    const QStringList generatedTags{QStringLiteral("UseConstant"), QStringLiteral("DedupeLogic"), QStringLiteral("Documentation"),
                                    QStringLiteral("documentation"), QStringLiteral("UseConstant")};
    QList<std::pair<int, int>> asked;
    const SemanticJudge judge = [&asked](int g, int r) {
        asked << std::pair{g, r};
        return g == 0 && r == 0;
    };
    const QMap<QString, TagOutcome> tags = tagOutcomes(generated, generatedTags, references, referenceTags, 1, judge);
    QCOMPARE(tags.keys(), (QStringList{QStringLiteral("DedupeLogic"), QStringLiteral("Documentation"), QStringLiteral("UseConstant"), QStringLiteral("documentation")}));
    const TagOutcome &useConstant = tags[QStringLiteral("UseConstant")];
    QCOMPARE(useConstant.references, 2);
    QCOMPARE(useConstant.located, 2);
    QCOMPARE(useConstant.tagMatched, 1);
    QCOMPARE(useConstant.rationaleMatched, 1);
    QCOMPARE(useConstant.generated, 2);
    QCOMPARE(useConstant.generatedMatched, 1);
    QCOMPARE(useConstant.tagMatchRate().percent(), std::optional<double>(50.0));
    QCOMPARE(useConstant.rationaleMatchRate().percent(), std::optional<double>(100.0));
    const TagOutcome &documentation = tags[QStringLiteral("Documentation")];
    QCOMPARE(documentation.references, 2);
    QCOMPARE(documentation.located, 2);
    QCOMPARE(documentation.tagMatched, 1);
    QCOMPARE(documentation.rationaleMatched, 0);
    QCOMPARE(documentation.generated, 1);
    QCOMPARE(tags[QStringLiteral("DedupeLogic")].references, 0);
    QCOMPARE(tags[QStringLiteral("DedupeLogic")].generated, 1);
    QCOMPARE(asked, (QList<std::pair<int, int>>{{0, 0}, {2, 2}})); // only where the tags match
    // Without a judge, no rationale is compared.
    const QMap<QString, TagOutcome> noJudge = tagOutcomes(generated, generatedTags, references, referenceTags, 1);
    QCOMPARE(noJudge[QStringLiteral("UseConstant")].tagMatched, 1);
    QCOMPARE(noJudge[QStringLiteral("UseConstant")].rationaleMatched, 0);
}

// The same through the workspace: a reference's own tag, or the one its
// annotator set; the run's tags are the comments' (schema 9); the JSON and
// the "tags" table carry the figures.
void TestEvaluation::cqsPerTagFiguresFromAWorkspace()
{
    Bare f;
    QVERIFY(f.make());
    ReviewComment tagged = comment(QStringLiteral("ref1"), QStringLiteral("a.cpp"), 10, 10);
    tagged.tag = QStringLiteral("UseConstant");
    const qint64 ref1 = *f.store->importComment(f.mr, tagged, QStringLiteral("gt"));
    const qint64 ref2 = *f.store->importComment(f.mr, comment(QStringLiteral("ref2"), QStringLiteral("a.cpp"), 30, 30), QStringLiteral("gt"));
    QVERIFY(f.store->setReference(ref1, true));
    QVERIFY(f.store->setReference(ref2, true));
    Judgement j;
    j.comment = ref2;
    j.annotator = QStringLiteral("ann");
    j.verdict = Verdict::Accept;
    j.tag = QStringLiteral("Documentation");
    QVERIFY(f.store->judge(j));
    QList<ReviewComment> run;
    for (const auto &[id, line, tag] : {std::tuple{"c1", 10, "UseConstant"}, std::tuple{"c2", 30, "Documentation"}, std::tuple{"c3", 50, "UseConstant"}}) {
        ReviewComment c = comment(QString::fromLatin1(id), QStringLiteral("a.cpp"), line, line);
        c.tag = QString::fromLatin1(tag);
        run << c;
    }
    QCOMPARE(f.addRun(run).size(), 3);
    Options o;
    o.semantic = [](const QString &generated, const QString &) { return generated == QLatin1String("issue c1"); };
    const auto e = evaluateWorkspace(*f.store, o);
    QVERIFY(e);
    QCOMPARE(e->groups.size(), 1);
    const QMap<QString, TagOutcome> tags = e->tagOutcomes(e->groups.first());
    QCOMPARE(tags.keys(), (QStringList{QStringLiteral("Documentation"), QStringLiteral("UseConstant")}));
    QCOMPARE(tags[QStringLiteral("UseConstant")].references, 1);
    QCOMPARE(tags[QStringLiteral("UseConstant")].rationaleMatched, 1);
    QCOMPARE(tags[QStringLiteral("UseConstant")].generated, 2);
    QCOMPARE(tags[QStringLiteral("Documentation")].tagMatched, 1);
    QCOMPARE(tags[QStringLiteral("Documentation")].rationaleMatched, 0);
    const QJsonObject perTag = QJsonDocument::fromJson(reportJson(*e)).object()[QStringLiteral("configurations")].toArray().first().toObject()
                                   [QStringLiteral("cqs_tags")].toObject()[QStringLiteral("per_tag")].toObject();
    QCOMPARE(perTag[QStringLiteral("UseConstant")].toObject()[QStringLiteral("exact_tag_match_rate")].toDouble(), 100.0);
    QCOMPARE(perTag[QStringLiteral("UseConstant")].toObject()[QStringLiteral("rationale_match_rate")].toDouble(), 100.0);
    QCOMPARE(perTag[QStringLiteral("Documentation")].toObject()[QStringLiteral("rationale_match_rate")].toDouble(), 0.0);
    const Table t = e->tagTable();
    QCOMPARE(t.rows.size(), 2);
    QCOMPARE(t.rows[0][1].text, QStringLiteral("Documentation"));
    QCOMPARE(t.rows[0][4].text, QStringLiteral("100.00 (1/1)"));
    QCOMPARE(t.rows[0][5].text, QStringLiteral("0.00 (0/1)"));
    QCOMPARE(t.rows[1][7].text, QStringLiteral("1"));
}

// CQS App. C, Table 3 reports the judge's scores per tag as "Avg" and
// "Std". Per tag: every issue of the runs the judge scored, kept or dropped
// by post-processing (the threshold cuts on this very score), its mean and
// population standard deviation; an issue the judge did not score (-1 in
// the workspace: an error, a cancelled run) is not counted.
void TestEvaluation::cqsPerTagGivesTheJudgeScoreMeanAndDeviation()
{
    Bare f;
    QVERIFY(f.make());
    QList<ReviewComment> run;
    for (const auto &[id, line, tag, score] : {std::tuple{"c1", 10, "UseConstant", 8}, std::tuple{"c2", 20, "UseConstant", 2}, std::tuple{"c3", 30, "UseConstant", 5},
                                               std::tuple{"c4", 40, "Documentation", 6}, std::tuple{"c5", 50, "UseConstant", -1}}) {
        ReviewComment c = comment(QString::fromLatin1(id), QStringLiteral("a.cpp"), line, line);
        c.pipeline = QStringLiteral("cqs");
        c.tag = QString::fromLatin1(tag);
        c.judgeScore = score;
        if (score >= 0 && score < 5)
            c.drop(QStringLiteral("threshold"));
        if (score < 0)
            c.drop(QStringLiteral("judge"));
        run << c;
    }
    QCOMPARE(f.addRun(run).size(), 5);
    const auto e = evaluateWorkspace(*f.store, {});
    QVERIFY(e);
    const QMap<QString, TagOutcome> tags = e->tagOutcomes(e->groups.first());
    // UseConstant: 8, 2, 5 -> mean 5, std sqrt((9 + 9 + 0) / 3) = sqrt(6).
    const TagOutcome &constant = tags[QStringLiteral("UseConstant")];
    QCOMPARE(constant.judged(), 3);
    QCOMPARE(constant.judgeScoreMean(), std::optional<double>(5.0));
    QVERIFY(constant.judgeScoreStd() && qAbs(*constant.judgeScoreStd() - std::sqrt(6.0)) < 1e-12);
    QCOMPARE(tags[QStringLiteral("Documentation")].judgeScoreStd(), std::optional<double>(0.0));
    const QJsonObject perTag = QJsonDocument::fromJson(reportJson(*e)).object()[QStringLiteral("configurations")].toArray().first().toObject()
                                   [QStringLiteral("cqs_tags")].toObject()[QStringLiteral("per_tag")].toObject();
    QCOMPARE(perTag[QStringLiteral("UseConstant")].toObject()[QStringLiteral("judged")].toInt(), 3);
    QCOMPARE(perTag[QStringLiteral("UseConstant")].toObject()[QStringLiteral("judge_score_mean")].toDouble(), 5.0);
    QCOMPARE(perTag[QStringLiteral("UseConstant")].toObject()[QStringLiteral("judge_score_std")].toDouble(), 2.45);
    const Table t = e->tagTable();
    const int mean = static_cast<int>(t.columns.indexOf(QStringLiteral("Judge score mean")));
    QVERIFY(mean > 0);
    QCOMPARE(t.columns.value(mean + 1), QStringLiteral("Judge score std"));
    QCOMPARE(t.rows[1][1].text, QStringLiteral("UseConstant"));
    QCOMPARE(t.rows[1][mean].text, QStringLiteral("5.00"));
    QCOMPARE(t.rows[1][mean + 1].text, QStringLiteral("2.45"));
    QCOMPARE(t.rows[1][mean].comments.size(), 3);
}

QTEST_GUILESS_MAIN(TestEvaluation)
#include "tst_evaluation.moc"
