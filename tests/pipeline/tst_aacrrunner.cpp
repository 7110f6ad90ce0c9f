// The released AACR-Bench evaluator and runner to the digit (issue 33,
// items 1 and 2): Python's rounding on the ties, the runner's summary over
// the files it evaluates, and an unlocated comment that its location rule
// never line-matches once ReviewDesk has exported it.

#include <AacrEvaluation.h>
#include <AacrGenerated.h>
#include <AacrLines.h>
#include <AacrPositiveSamples.h>
#include <AacrRunner.h>
#include <DatasetParsers.h>
#include <EvalMatching.h>
#include <PythonRound.h>
#include <RunRecord.h>
#include <SemanticMatcher.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace rd;
using namespace rd::eval;

namespace {

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// Exactly the same double, not qFuzzyCompare's "close".
bool sameDouble(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

QJsonObject reference(const QString &path, int from, int to)
{
    return QJsonObject{{QStringLiteral("note"), QStringLiteral("reference at %1").arg(from)},
                       {QStringLiteral("path"), path},
                       {QStringLiteral("side"), QStringLiteral("right")},
                       {QStringLiteral("from_line"), from},
                       {QStringLiteral("to_line"), to},
                       {QStringLiteral("category"), QStringLiteral("Code Defect")},
                       {QStringLiteral("context"), QStringLiteral("Diff Level")}};
}

// A PR of `references` one-line references at a.c lines 10, 20, 30, ...
QJsonObject pullRequest(const QString &repo, int number, int references)
{
    QJsonArray comments;
    for (int i = 1; i <= references; ++i)
        comments << reference(QStringLiteral("a.c"), 10 * i, 10 * i);
    return QJsonObject{{QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/o/%1/pull/%2").arg(repo).arg(number)},
                       {QStringLiteral("project_main_language"), QStringLiteral("C")},
                       {QStringLiteral("category"), QStringLiteral("Bug Fix")},
                       {QStringLiteral("comments"), comments}};
}

// `hits` comments on the first references' lines, then `misses` far from any.
QByteArray generatedFile(int hits, int misses)
{
    QList<AacrGeneratedComment> comments;
    for (int i = 1; i <= hits; ++i)
        comments << AacrGeneratedComment{QStringLiteral("a.c"), QStringLiteral("right"), 10 * i, 10 * i, QStringLiteral("hit %1").arg(i)};
    for (int i = 1; i <= misses; ++i)
        comments << AacrGeneratedComment{QStringLiteral("a.c"), QStringLiteral("right"), 100000 + 10 * i, 100000 + 10 * i, QStringLiteral("miss %1").arg(i)};
    return writeAacrGenerated(comments).toUtf8();
}

QList<AacrPositivePr> groundTruth(const QJsonArray &prs)
{
    auto read = readAacrPositiveSamples(QJsonDocument(prs).toJson(), QStringLiteral("gt.json"));
    if (!read)
        qFatal("%s", qPrintable(read.error().message));
    return *read;
}

QJsonObject evaluated(const QList<AacrPositivePr> &prs, const QString &directory, AacrDirectoryOptions options)
{
    auto result = evaluateAacrDirectory(prs, directory, options);
    if (!result)
        qFatal("%s", qPrintable(result.error().message));
    return result->json;
}

QJsonObject prNamed(const QJsonObject &report, const QString &evaluationId)
{
    for (const QJsonValue &v : report.value(QStringLiteral("prs")).toArray())
        if (v.toObject().value(QStringLiteral("evaluation_id")).toString() == evaluationId)
            return v.toObject();
    return {};
}

} // namespace

class TestAacrRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pythonRoundGivesPythonsDigits_data();
    void pythonRoundGivesPythonsDigits();
    void upstreamRatesCarryPythonsDigitsOnTies();
    void runnerSummaryCountsOnlyTheFilesItEvaluates();
    void runnerSummaryHasTheSemanticFiguresOnlyWithAJudge();
    void runnerTakesAFileForThePullRequestItsNameContains();
    void runnerReadsAFileAsPythonOpensIt();
    void unlocatedCommentExportedNeverLineMatchesUnderTheReleasedRule();
    void unlocatedCommentInTheRunFileNeverLineMatchesAndImportsUnlocated();
    void upstreamCompatAsksTheReleasedPrompt();
};

// The digits CPython 3.11 prints for round(x, n) of each double.
void TestAacrRunner::pythonRoundGivesPythonsDigits_data()
{
    QTest::addColumn<double>("x");
    QTest::addColumn<int>("digits");
    QTest::addColumn<double>("expected");
    QTest::newRow("1/16 to 3: an exact tie, to the even 2") << 1.0 / 16 << 3 << 0.062;
    QTest::newRow("7/80 to 3: held just below its tie") << 7.0 / 80 << 3 << 0.087;
    QTest::newRow("1/32 to 4: an exact tie, to the even 2") << 1.0 / 32 << 4 << 0.0312;
    QTest::newRow("0.375 to 2: an exact tie, to the even 8") << 0.375 << 2 << 0.38;
    QTest::newRow("0.125 to 2: an exact tie, to the even 2") << 0.125 << 2 << 0.12;
    QTest::newRow("2.675 to 2: held just below its tie") << 2.675 << 2 << 2.67;
    QTest::newRow("0.0005 to 3: held just above its tie") << 0.0005 << 3 << 0.001;
    QTest::newRow("0.00015 to 4: held just below its tie") << 0.00015 << 4 << 0.0001;
    QTest::newRow("1/3 to 4") << 1.0 / 3 << 4 << 0.3333;
    QTest::newRow("2.5 to 0: to the even 2") << 2.5 << 0 << 2.0;
    QTest::newRow("3.5 to 0: to the even 4") << 3.5 << 0 << 4.0;
    QTest::newRow("1 stays 1") << 1.0 << 4 << 1.0;
}

void TestAacrRunner::pythonRoundGivesPythonsDigits()
{
    QFETCH(double, x);
    QFETCH(int, digits);
    QFETCH(double, expected);
    const double rounded = pythonRound(x, digits);
    QVERIFY2(sameDouble(rounded, expected), qPrintable(QStringLiteral("round(%1, %2) = %3, Python gives %4").arg(x, 0, 'g', 17).arg(digits).arg(rounded, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

// The evaluator's rates are round(a / b, 3), the runner's overall ones
// round(a / b, 4): on the ties std::round(1000 * a / b) / 1000 gave 0.063,
// 0.088 and 0.0313.
void TestAacrRunner::upstreamRatesCarryPythonsDigitsOnTies()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_sixteen_1.txt")), generatedFile(1, 0)));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_eighty_2.txt")), generatedFile(7, 73)));
    const auto prs = groundTruth({pullRequest(QStringLiteral("sixteen"), 1, 16), pullRequest(QStringLiteral("eighty"), 2, 80)});
    for (const bool upstream : {true, false}) {
        AacrDirectoryOptions o;
        o.upstreamCompat = upstream;
        const QJsonObject report = evaluated(prs, dir.path(), o);
        const QJsonObject sixteen = prNamed(report, QStringLiteral("sixteen_1"));
        const QJsonObject eighty = prNamed(report, QStringLiteral("eighty_2"));
        QVERIFY2(sameDouble(sixteen.value(QStringLiteral("positive_line_recall_rate")).toDouble(), 0.062),
                 qPrintable(QString::number(sixteen.value(QStringLiteral("positive_line_recall_rate")).toDouble())));
        QVERIFY2(sameDouble(eighty.value(QStringLiteral("positive_line_recall_rate")).toDouble(), 0.087),
                 qPrintable(QString::number(eighty.value(QStringLiteral("positive_line_recall_rate")).toDouble())));
        QVERIFY2(sameDouble(eighty.value(QStringLiteral("positive_line_match_rate")).toDouble(), 0.087), "7 of 80 comments");
    }

    // The runner's overall line recall on 1 of 32 references.
    QTemporaryDir one;
    QVERIFY(writeFile(one.filePath(QStringLiteral("comments_thirtytwo_3.txt")), generatedFile(1, 0)));
    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    const QJsonObject total = evaluated(groundTruth({pullRequest(QStringLiteral("thirtytwo"), 3, 32)}), one.path(), o).value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("total_reference_comments")).toInt(), 32);
    QVERIFY2(sameDouble(total.value(QStringLiteral("overall_line_recall")).toDouble(), 0.0312),
             qPrintable(QString::number(total.value(QStringLiteral("overall_line_recall")).toDouble(), 'g', 17)));
}

// example_test.py skips a file without a valid comment, one it cannot match
// to a PR, and never sees a PR without a file; its summary adds up only the
// files it evaluated. The default counting keeps every PR and says how it differs.
void TestAacrRunner::runnerSummaryCountsOnlyTheFilesItEvaluates()
{
    QTemporaryDir dir;
    const auto prs = groundTruth({pullRequest(QStringLiteral("found"), 1, 2), pullRequest(QStringLiteral("blank"), 2, 3),
                                  pullRequest(QStringLiteral("nofile"), 3, 4), pullRequest(QStringLiteral("empty"), 4, 1)});
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_found_1.txt")), generatedFile(1, 0)));
    // Blocks, but none with a note: no valid comment.
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_blank_2.txt")), "<path>a.c</path><from>10</from><to>10</to><note> </note><notesplit /><path>a.c</path>"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_empty_4.txt")), ""));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_stranger_9.txt")), generatedFile(1, 0))); // no such PR
    QVERIFY(writeFile(dir.filePath(QStringLiteral("readme.md")), "not a *.txt: not globbed"));

    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    const QJsonObject runner = evaluated(prs, dir.path(), o);
    const QJsonObject total = runner.value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("total_files")).toInt(), 4);
    QCOMPARE(total.value(QStringLiteral("evaluated_files")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("total_generated_comments")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("total_reference_comments")).toInt(), 2);
    QCOMPARE(total.value(QStringLiteral("total_line_matches")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("overall_line_match_rate")).toDouble(), 1.0);
    QCOMPARE(total.value(QStringLiteral("overall_line_recall")).toDouble(), 0.5);
    // Its names only: none of the evaluator's per-PR names summed.
    QVERIFY(!total.contains(QStringLiteral("positive_expected_nums")));
    QVERIFY(!total.contains(QStringLiteral("total_semantic_matches")));
    QCOMPARE(runner.value(QStringLiteral("prs")).toArray().size(), 1);
    QCOMPARE(runner.value(QStringLiteral("prs")).toArray().at(0).toObject().value(QStringLiteral("file")).toString(), QStringLiteral("comments_found_1.txt"));
    QMap<QString, QString> reasons;
    for (const QJsonValue &v : runner.value(QStringLiteral("skipped")).toArray())
        reasons.insert(v.toObject().value(QStringLiteral("file")).toString(), v.toObject().value(QStringLiteral("reason")).toString());
    QCOMPARE(reasons, (QMap<QString, QString>{{QStringLiteral("comments_blank_2.txt"), QStringLiteral("No valid comments found")},
                                               {QStringLiteral("comments_empty_4.txt"), QStringLiteral("No valid comments found")},
                                               {QStringLiteral("comments_stranger_9.txt"), QStringLiteral("Cannot match PR URL")}}));
    QVERIFY(runner.value(QStringLiteral("problems")).toVariant().toStringList().contains(QStringLiteral("comments_nofile_3.txt: no file; the released runner does not count the PR")));

    // ReviewDesk's counting: all four PRs, 10 references, 1 found.
    o.upstreamCompat = false;
    const QJsonObject every = evaluated(prs, dir.path(), o);
    const QJsonObject all = every.value(QStringLiteral("total")).toObject();
    QCOMPARE(every.value(QStringLiteral("prs")).toArray().size(), 4);
    QCOMPARE(all.value(QStringLiteral("positive_expected_nums")).toInt(), 10);
    QCOMPARE(all.value(QStringLiteral("positive_line_recall_rate")).toDouble(), 0.1);
    QCOMPARE(all.value(QStringLiteral("prs_without_valid_comment")).toInt(), 3);
    QCOMPARE(all.value(QStringLiteral("references_of_prs_without_valid_comment")).toInt(), 8);
    QVERIFY(every.value(QStringLiteral("config")).toObject().value(QStringLiteral("counting_note")).toString().contains(QStringLiteral("example_test.py")));
    QVERIFY(!every.contains(QStringLiteral("skipped")));
}

void TestAacrRunner::runnerSummaryHasTheSemanticFiguresOnlyWithAJudge()
{
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_r_1.txt")), generatedFile(2, 1)));
    const auto prs = groundTruth({pullRequest(QStringLiteral("r"), 1, 3)});
    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    // Says "same" only of the first hit and the first reference.
    o.semantic = [](const QString &generated, const QString &ref) { return generated == QLatin1String("hit 1") && ref == QLatin1String("reference at 10"); };
    o.semanticPrompt = semanticPromptName(SemanticPrompt::ReleasedEvaluator);
    const QJsonObject report = evaluated(prs, dir.path(), o);
    const QJsonObject total = report.value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("total_semantic_matches")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("overall_semantic_match_rate")).toDouble(), 0.3333);
    QCOMPARE(total.value(QStringLiteral("overall_semantic_recall")).toDouble(), 0.3333);
    QCOMPARE(total.value(QStringLiteral("overall_line_recall")).toDouble(), 0.6667);
    QCOMPARE(report.value(QStringLiteral("config")).toObject().value(QStringLiteral("semantic_prompt")).toString(), semanticPromptName(SemanticPrompt::ReleasedEvaluator));
}

// infer_pr_url_from_filename() matches by substring, in the data's order.
void TestAacrRunner::runnerTakesAFileForThePullRequestItsNameContains()
{
    const auto prs = groundTruth({pullRequest(QStringLiteral("app"), 12, 1), pullRequest(QStringLiteral("app"), 1, 1), pullRequest(QStringLiteral("lib"), 3, 1)});
    QCOMPARE(releasedRunnerPullRequestOf(QStringLiteral("comments_app_12.txt"), prs), std::optional<qsizetype>(0));
    // "/pull/1" is in ".../app/pull/12", which comes first.
    QCOMPARE(releasedRunnerPullRequestOf(QStringLiteral("comments_app_1.txt"), prs), std::optional<qsizetype>(0));
    QCOMPARE(releasedRunnerPullRequestOf(QStringLiteral("comments_LIB_3.txt"), prs), std::optional<qsizetype>(2));
    // The fallback: the URL's repository and number both in the name.
    QCOMPARE(releasedRunnerPullRequestOf(QStringLiteral("review-lib-3-v2.txt"), prs), std::optional<qsizetype>(2));
    QCOMPARE(releasedRunnerPullRequestOf(QStringLiteral("notes.txt"), prs), std::optional<qsizetype>());

    // Evaluated against that PR, and said.
    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_app_1.txt")), generatedFile(1, 0)));
    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    const QJsonObject report = evaluated(prs, dir.path(), o);
    QCOMPARE(report.value(QStringLiteral("prs")).toArray().at(0).toObject().value(QStringLiteral("evaluation_id")).toString(), QStringLiteral("app_12"));
    QVERIFY(report.value(QStringLiteral("problems")).toVariant().toStringList().contains(
        QStringLiteral("comments_app_1.txt: the released runner evaluates it against https://github.com/o/app/pull/12 (it matches names by substring)")));
}

// open(path, encoding='utf-8'): bytes that are no UTF-8 raise (the runner
// skips the file), "\r\n" reads as "\n", a byte order mark stays a character.
void TestAacrRunner::runnerReadsAFileAsPythonOpensIt()
{
    QVERIFY(!releasedRunnerText("<note>caf\xe9</note>"));
    QCOMPARE(*releasedRunnerText("a\r\nb\rc\n"), QStringLiteral("a\nb\nc\n"));
    QCOMPARE(*releasedRunnerText("\xef\xbb\xbfx"), QStringLiteral("\uFEFFx"));

    QTemporaryDir dir;
    QVERIFY(writeFile(dir.filePath(QStringLiteral("comments_r_1.txt")), "<path>a.c</path><side>right</side><from>10</from><to>10</to><note>caf\xe9</note>"));
    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    const QJsonObject report = evaluated(groundTruth({pullRequest(QStringLiteral("r"), 1, 1)}), dir.path(), o);
    QCOMPARE(report.value(QStringLiteral("total")).toObject().value(QStringLiteral("evaluated_files")).toInt(), 0);
    QCOMPARE(report.value(QStringLiteral("skipped")).toArray().at(0).toObject().value(QStringLiteral("reason")).toString(), QStringLiteral("Failed to parse file"));
}

// An unlocated comment (line_valid false) written by exportAacrGenerated()
// and read back as the evaluator reads it: counted as generated, never a
// line match, at any line distance; before, its empty <from>/<to> matched
// every reference of its file and side. A located one-line comment (no
// end) is written with its end, not a wildcard <to>.
void TestAacrRunner::unlocatedCommentExportedNeverLineMatchesUnderTheReleasedRule()
{
    QTemporaryDir dir;
    auto opened = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    auto &store = **opened;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.url = QStringLiteral("https://github.com/o/one/pull/7");
    e.base = QStringLiteral("aaaa");
    e.head = QStringLiteral("bbbb");
    const qint64 mr = *store.addMergeRequest(e);
    ReviewComment unlocated;
    unlocated.id = QStringLiteral("u");
    unlocated.file = QStringLiteral("a.c");
    unlocated.lineStart = 10; // the hunk's range it was given; its snippet is not in the file
    unlocated.lineEnd = 13;
    unlocated.lineValid = false;
    unlocated.issue = QStringLiteral("unplaced finding");
    ReviewComment oneLine;
    oneLine.id = QStringLiteral("l");
    oneLine.file = QStringLiteral("a.c");
    oneLine.lineStart = 50;
    oneLine.lineEnd = 0;
    oneLine.issue = QStringLiteral("one-line finding");
    StoredRun r;
    r.mergeRequest = mr;
    r.label = QStringLiteral("run");
    r.record = "{\"run\":{}}";
    const auto run = store.addRun(r, {unlocated, oneLine});
    QVERIFY2(run, qPrintable(run ? QString() : run.error().message));
    const auto written = exportAacrGenerated(store, *run, dir.filePath(QStringLiteral("gen")));
    QVERIFY2(written, qPrintable(written ? QString() : written.error().message));
    QFile file(*written);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    QVERIFY2(!text.contains(QStringLiteral("<from></from>")) && !text.contains(QStringLiteral("<to></to>")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("<from>50</from>\n<to>50</to>")), qPrintable(text));

    const AacrGeneratedFile parsed = parseAacrGenerated(text);
    QCOMPARE(parsed.comments.size(), 2);
    QVERIFY(parsed.problems.isEmpty());
    QList<Item> generated;
    for (const AacrGeneratedComment &c : parsed.comments)
        if (c.note == QLatin1String("unplaced finding"))
            generated << Item{1, {c.path, c.side, c.fromLine, c.toLine}, c.note, {}, {}, {}};
    QCOMPARE(generated.size(), 1);
    // References of its file and side: the lines it was given, line 1, line
    // 1000000, and the one-line comment's line 50.
    const auto gt = groundTruth({QJsonObject{{QStringLiteral("githubPrUrl"), e.url},
                                             {QStringLiteral("comments"), QJsonArray{reference(QStringLiteral("a.c"), 10, 13), reference(QStringLiteral("a.c"), 1, 1),
                                                                                     reference(QStringLiteral("a.c"), 1000000, 1000000),
                                                                                     reference(QStringLiteral("a.c"), 50, 50)}}}});
    for (const int distance : {0, 1, 1000, 100000000}) {
        for (const Item &ref : gt.first().references)
            QVERIFY2(!aacrLocationMatches(generated.first().where, ref.where, distance), qPrintable(QStringLiteral("distance %1").arg(distance)));
        const UpstreamCounts counts = matchUpstream(generated, gt.first().references, distance);
        QCOMPARE(counts.totalGenerated, 1);
        QCOMPARE(counts.positiveLineMatch, 0);
    }
    // The exported file as --upstream-compat evaluates it: both comments
    // generated, only the located one a line match.
    AacrDirectoryOptions o;
    o.upstreamCompat = true;
    const QJsonObject total = evaluated(gt, dir.filePath(QStringLiteral("gen")), o).value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("total_generated_comments")).toInt(), 2);
    QCOMPARE(total.value(QStringLiteral("total_line_matches")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("evaluated_files")).toInt(), 1);
}

// `review --format aacr` writes the same mark (from_line 0 was a wildcard),
// and ReviewDesk's importer reads it back as a comment without lines.
void TestAacrRunner::unlocatedCommentInTheRunFileNeverLineMatchesAndImportsUnlocated()
{
    RunRecord record;
    ReviewComment c;
    c.file = QStringLiteral("a.c");
    c.lineStart = 10;
    c.lineEnd = 13;
    c.lineValid = false;
    c.issue = QStringLiteral("unplaced finding");
    record.comments << c;
    const QByteArray json = record.toAacrJson(MergeRequest{});
    const QJsonObject written = QJsonDocument::fromJson(json).array().at(0).toObject().value(QStringLiteral("comments")).toArray().at(0).toObject();
    QCOMPARE(written.value(QStringLiteral("from_line")).toInt(), kAacrUnlocatedLine);
    QCOMPARE(written.value(QStringLiteral("to_line")).toInt(), kAacrUnlocatedLine);
    // extract_comment_location() of the evaluator: `from_line or ...`, so a 0 would be no line.
    Location where{written.value(QStringLiteral("path")).toString(), written.value(QStringLiteral("side")).toString(), written.value(QStringLiteral("from_line")).toInt(),
                   written.value(QStringLiteral("to_line")).toInt()};
    for (const int line : {1, 10, 13})
        QVERIFY(!aacrLocationMatches(where, Location{QStringLiteral("a.c"), QStringLiteral("right"), line, line}, 1000));

    // The importer needs a pull request URL and commits; the run's file has a local one.
    QJsonArray file = QJsonDocument::fromJson(json).array();
    QJsonObject pr = file.at(0).toObject();
    pr.insert(QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/o/one/pull/7"));
    pr.insert(QStringLiteral("source_commit"), QStringLiteral("aaaa"));
    pr.insert(QStringLiteral("target_commit"), QStringLiteral("bbbb"));
    file[0] = pr;
    const auto imported = parseAacrSamples(QJsonDocument(file).toJson());
    QVERIFY2(imported, qPrintable(imported ? QString() : imported.error().message));
    QCOMPARE(imported->first().comments.first().fromLine, 0);
    QCOMPARE(imported->first().comments.first().toLine, 0);
}

// Under --upstream-compat the judge is asked the released evaluator's own
// template (evaluator_runner/core/match_base.py), comments put in once.
void TestAacrRunner::upstreamCompatAsksTheReleasedPrompt()
{
    const QString released = SemanticMatcher::releasedPrompt(QStringLiteral("first {comment2}"), QStringLiteral("second"));
    QVERIFY(released.startsWith(QStringLiteral("\n-Role-\n\nYou are an expert code reviewer assistant")));
    QVERIFY(released.contains(QStringLiteral("Review Comment 1:\nfirst {comment2}\n\nReview Comment 2:\nsecond\n")));
    QVERIFY(released.contains(QStringLiteral("formatting\u2014focus solely")));
    QVERIFY(released.endsWith(QStringLiteral("answer \"yes\"; otherwise, answer \"no\".\n\nYour answer:\n")));
    QVERIFY(!released.contains(QStringLiteral("diff hunk")));
    // Fig. 9 without the PDF's line breaks and split words.
    const QString fig9 = SemanticMatcher::prompt(QStringLiteral("a"), QStringLiteral("b"), {});
    QVERIFY(fig9.contains(QStringLiteral("regarding the provided diff hunk")));
    QVERIFY(!fig9.contains(QStringLiteral("other wise")));
    QVERIFY(!fig9.contains(QStringLiteral("\"\nno\"")));
    QVERIFY(fig9.contains(QStringLiteral("otherwise, answer \"no\".\n\nYour answer:\n")));
}

QTEST_GUILESS_MAIN(TestAacrRunner)
#include "tst_aacrrunner.moc"
