// Dataset exchange: AACR-Bench round trips of the real files, hostile
// imports leaving the workspace unchanged, CQS Algorithm 1 by hand, SARIF
// against its schema, repository maps, runs, and exports that keep the
// user's secrets and paths at home.

#include "FixtureRepo.h"
#include "SessionFixture.h"

#include <DatasetExchange.h>
#include <DatasetExport.h>
#include <AacrGenerated.h>
#include <AacrLines.h>
#include <DatasetParsers.h>
#include <SqlWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace rd;
using namespace rd::test;

namespace {

const QString dataDir = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
}

// Same values, same fields in the same order, same array order: the JSON
// re-printed by an order-keeping parser.
QByteArray normalized(const QByteArray &json)
{
    return QByteArray::fromStdString(nlohmann::ordered_json::parse(json.constBegin(), json.constEnd()).dump(1));
}

QByteArray commentsDump(const QString &workspace)
{
    const GitOutput out = runCli({QStringLiteral("comments"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("json")});
    if (out.exitCode != 0)
        qFatal("comments failed: %s", out.err.constData());
    return out.out;
}

// (no raw string literal: moc does not read them)
const char *smallAacr =
    "[\n"
    "  {\n"
    "    \"change_line_count\": 3,\n"
    "    \"project_main_language\": \"C\",\n"
    "    \"source_commit\": \"aaaa\",\n"
    "    \"target_commit\": \"bbbb\",\n"
    "    \"githubPrUrl\": \"https://github.com/example/one/pull/1\",\n"
    "    \"comments\": [\n"
    "      {\"is_ai_comment\": true, \"note\": \"Leak of buf.\", \"path\": \"src/a.c\", \"side\": \"right\", \"source_model\": \"M\", \"from_line\": 3, \"to_line\": 4,\n"
    "       \"category\": \"Code Defect\", \"context\": \"Diff Level\"}\n"
    "    ],\n"
    "    \"category\": \"Bug Fix\"\n"
    "  }\n"
    "]";

} // namespace

class TestExchange : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void aacrRoundTrip_data();
    void aacrRoundTrip();
    void unknownFieldsAreKeptForExport();
    void parserNamesJsonPosition();
    void everyTruncationIsAnErrorWithAPosition();
    void numberTooLargeForADoubleIsAnErrorWithAPosition();
    void hostileImportLeavesWorkspaceUnchanged_data();
    void hostileImportLeavesWorkspaceUnchanged();
    void importIsAllOrNothing();
    void dpoPairsFromPeoplesJudgementsByHand();
    void dpoPairsFollowAlgorithm1OnJudgeScores();
    void sarifValidatesAgainstSchema();
    void repoMapLinksCodeAndSaysWhenMissing();
    void runImportStoresCandidates();
    void csvHasOneRowPerCommentAndAnnotator();
    void unlocatedCommentIsExportedWithoutLines();
    void translatedCommentIsExportedWithBothTexts();
    void exportsKeepSecretsAndPathsAtHome();

private:
    QTemporaryDir m_dir;
};

void TestExchange::aacrRoundTrip_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QStringList>("files");
    QTest::newRow("labelled, both files") << QStringLiteral("labelled") << QStringList{QStringLiteral("positive"), QStringLiteral("negative")};
    QTest::newRow("negative first") << QStringLiteral("labelled") << QStringList{QStringLiteral("negative"), QStringLiteral("positive")};
    QTest::newRow("ground truth") << QStringLiteral("ground-truth") << QStringList{QStringLiteral("positive")};
}

void TestExchange::aacrRoundTrip()
{
    QFETCH(QString, kind);
    QFETCH(QStringList, files);
    const QString workspace = m_dir.filePath(QStringLiteral("roundtrip-%1.rdw").arg(QString::fromLatin1(QTest::currentDataTag())).replace(QLatin1Char(' '), QLatin1Char('_')).remove(QLatin1Char(',')));
    for (const QString &set : files) {
        const GitOutput in = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"),
                                     dataDir + QStringLiteral("/aacr-bench/%1_samples.json").arg(set), QStringLiteral("--as"), kind});
        QVERIFY2(in.exitCode == 0, in.err.constData());
    }
    for (const QString &set : files) {
        const QString out = m_dir.filePath(QStringLiteral("%1-%2.json").arg(set, kind));
        const GitOutput ex = runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"),
                                     QStringLiteral("aacr-") + set, QStringLiteral("--out"), out});
        QVERIFY2(ex.exitCode == 0, ex.err.constData());
        const QByteArray original = readAll(dataDir + QStringLiteral("/aacr-bench/%1_samples.json").arg(set));
        const QByteArray exported = readAll(out);
        QCOMPARE(normalized(exported), normalized(original));
        // Written as the dataset is (Python's json.dumps, indent 2): byte for byte.
        QCOMPARE(exported, original);
    }
}

void TestExchange::unknownFieldsAreKeptForExport()
{
    QByteArray file = smallAacr;
    file.replace("\"category\": \"Bug Fix\"", "\"category\": \"Bug Fix\", \"reviewers\": [\"x\", 2], \"meta\": {\"k\": 1.5}");
    file.replace("\"context\": \"Diff Level\"}", "\"context\": \"Diff Level\", \"thread\": 17}");
    const QString in = m_dir.filePath(QStringLiteral("unknown-positive.json"));
    writeFile(in, file);
    const QString workspace = m_dir.filePath(QStringLiteral("unknown.rdw"));
    const GitOutput imported = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), in, QStringLiteral("--as"),
                                       QStringLiteral("ground-truth")});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const QString out = m_dir.filePath(QStringLiteral("unknown-out.json"));
    const GitOutput exported = runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"),
                                       QStringLiteral("aacr-positive"), QStringLiteral("--out"), out});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    QCOMPARE(normalized(readAll(out)), normalized(file));
}

void TestExchange::parserNamesJsonPosition()
{
    const auto truncated = parseAacrSamples(QByteArray("[\n  {\n    \"githubPrUrl\": \"x"));
    QVERIFY(!truncated);
    QVERIFY2(truncated.error().message.contains(QLatin1String("line 3, column")), qPrintable(truncated.error().message));
    QVERIFY2(truncated.error().message.contains(QLatin1String("truncated")), qPrintable(truncated.error().message));
    const auto garbage = parseAacrSamples(QByteArray("[\n  {,}\n]"));
    QVERIFY(!garbage);
    QVERIFY2(garbage.error().message.startsWith(QLatin1String("line 2, column 4")), qPrintable(garbage.error().message));
    QByteArray wrongType = smallAacr;
    wrongType.replace("\"from_line\": 3", "\"from_line\": \"3\"");
    const auto typed = parseAacrSamples(wrongType);
    QVERIFY(!typed);
    QCOMPARE(typed.error().message, QStringLiteral("[0].comments[0].from_line: expected a whole number, found a string"));
    const auto fine = parseAacrSamples(smallAacr);
    QVERIFY2(fine, fine ? "" : qPrintable(fine.error().message));
    QCOMPARE(fine->size(), 1);
    QCOMPARE(fine->first().comments.first().path, QStringLiteral("src/a.c"));
}

void TestExchange::everyTruncationIsAnErrorWithAPosition()
{
    // What a fuzz target does, deterministically: each prefix of a valid file
    // (and of a run) is refused with a message, none is taken as a whole file.
    const QByteArray aacr = smallAacr;
    for (qsizetype n = 0; n < aacr.trimmed().size(); ++n) {
        const auto parsed = parseAacrSamples(aacr.left(n));
        QVERIFY2(!parsed, qPrintable(QStringLiteral("prefix of %1 bytes accepted").arg(n)));
        QVERIFY(parsed.error().message.contains(QLatin1String("line ")));
    }
    const QByteArray run = "{\"run\": {\"base\": \"a\"}, \"comments\": [{\"file\": \"x.c\", \"line_start\": 1}]}";
    QVERIFY(parseRunFile(run));
    for (qsizetype n = 0; n < run.size(); ++n)
        QVERIFY(!parseRunFile(run.left(n)));
    QVERIFY(!parseRepoMap("{\"https://github.com/a/b\": 3}"));
    QCOMPARE(parseRepoMap("{\"https://github.com/a/b.git/\": \"clone\"}")->first().first, QStringLiteral("https://github.com/a/b"));
}

void TestExchange::numberTooLargeForADoubleIsAnErrorWithAPosition()
{
    // Found by the aacr_samples fuzz target: the JSON reader reports 1e400 as
    // out of range, not as a syntax error, and it escaped the parsers.
    QByteArray aacr = smallAacr;
    aacr.replace("\"from_line\": 3", "\"from_line\": 1e400");
    const auto samples = parseAacrSamples(aacr);
    QVERIFY(!samples);
    QVERIFY2(samples.error().message.startsWith(QLatin1String("line 9, column")), qPrintable(samples.error().message));
    QVERIFY2(samples.error().message.contains(QLatin1String("1e400")), qPrintable(samples.error().message));
    const auto run = parseRunFile("{\"run\": {\"base\": \"a\"}, \"comments\": [{\"file\": \"x.c\", \"line_start\": -1e400}]}");
    QVERIFY(!run);
    QVERIFY2(run.error().message.contains(QLatin1String("-1e400")), qPrintable(run.error().message));
    const auto map = parseRepoMap("{\"https://github.com/a/b\": 2e999}");
    QVERIFY(!map);
    QVERIFY2(map.error().message.startsWith(QLatin1String("line 1, column")), qPrintable(map.error().message));
}

void TestExchange::hostileImportLeavesWorkspaceUnchanged_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");
    QByteArray text = smallAacr;
    QTest::newRow("truncated JSON") << text.left(text.size() / 2) << QStringLiteral("the JSON ends too early");
    QByteArray wrong = smallAacr;
    wrong.replace("\"comments\": [", "\"comments\": {\"x\": [");
    wrong.replace("\n    ],", "\n    ]},");
    QTest::newRow("wrong type") << wrong << QStringLiteral("[0].comments: expected an array, found an object");
    QByteArray huge = smallAacr;
    huge.replace("Leak of buf.", QByteArray(100 * 1024 * 1024, 'x'));
    QTest::newRow("100 MB string") << huge << QStringLiteral("[0].comments[0].note is 104857600 bytes long");
    QByteArray dotdot = smallAacr;
    dotdot.replace("src/a.c", "src/../../etc/passwd");
    QTest::newRow("path with ..") << dotdot << QStringLiteral("leaves the repository");
    QByteArray absolute = smallAacr;
    absolute.replace("src/a.c", "/etc/passwd");
    QTest::newRow("absolute path") << absolute << QStringLiteral("is an absolute path");
    QByteArray twice = smallAacr;
    const QByteArray entry = twice.mid(1, twice.lastIndexOf(']') - 1).trimmed();
    twice = "[\n" + entry + ",\n" + entry + "\n]";
    QTest::newRow("duplicate PR URLs") << twice << QStringLiteral("appears twice in the file");
}

void TestExchange::hostileImportLeavesWorkspaceUnchanged()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const QString workspace = m_dir.filePath(QStringLiteral("hostile.rdw"));
    if (!QFile::exists(workspace)) {
        const QString seed = m_dir.filePath(QStringLiteral("seed-positive.json"));
        QByteArray seeded = smallAacr;
        seeded.replace("example/one", "example/seed");
        writeFile(seed, seeded);
        const GitOutput in = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), seed,
                                     QStringLiteral("--as"), QStringLiteral("labelled")});
        QVERIFY2(in.exitCode == 0, in.err.constData());
    }
    const QByteArray before = commentsDump(workspace);
    QVERIFY(before.contains("Leak of buf."));
    const QString file = m_dir.filePath(QStringLiteral("hostile-positive.json"));
    writeFile(file, content);
    content.clear();
    const GitOutput in = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), file,
                                 QStringLiteral("--as"), QStringLiteral("candidates")});
    QCOMPARE(in.exitCode, 2);
    const QString message = QString::fromUtf8(in.err);
    QVERIFY2(message.contains(file) && message.contains(expected), qPrintable(message.left(500)));
    QCOMPARE(message.count(QLatin1Char('\n')), 1); // one line, not the 100 MB back
    QCOMPARE(commentsDump(workspace), before);
}

void TestExchange::importIsAllOrNothing()
{
    // The second pull request was imported before: the first, new one must not stay behind.
    const QString workspace = m_dir.filePath(QStringLiteral("atomic.rdw"));
    const QString first = m_dir.filePath(QStringLiteral("atomic-positive.json"));
    writeFile(first, smallAacr);
    QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), first, QStringLiteral("--as"),
                     QStringLiteral("ground-truth")})
                 .exitCode,
             0);
    const QByteArray before = commentsDump(workspace);
    QByteArray other = smallAacr;
    other.replace("example/one", "example/two");
    const QByteArray both = "[\n" + other.mid(1, other.lastIndexOf(']') - 1).trimmed() + ",\n"
                            + QByteArray(smallAacr).mid(1, QByteArray(smallAacr).lastIndexOf(']') - 1).trimmed() + "\n]";
    const QString second = m_dir.filePath(QStringLiteral("atomic2-positive.json"));
    writeFile(second, both);
    const GitOutput again = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), second,
                                    QStringLiteral("--as"), QStringLiteral("ground-truth")});
    QCOMPARE(again.exitCode, 2);
    QVERIFY2(again.err.contains("https://github.com/example/one/pull/1 is already in this workspace from atomic-positive.json"), again.err.constData());
    QCOMPARE(commentsDump(workspace), before);
    QVERIFY(!commentsDump(workspace).contains("example/two"));
}

namespace {

ReviewComment reviewComment(const char *id, const char *file, int from, int to)
{
    ReviewComment c;
    c.id = QString::fromLatin1(id);
    c.file = QString::fromLatin1(file);
    c.lineStart = from;
    c.lineEnd = to;
    c.issue = QStringLiteral("issue %1").arg(c.id);
    c.q1Nitpick = c.q2Fake = c.q3Severity = 4;
    return c;
}

} // namespace

void TestExchange::dpoPairsFromPeoplesJudgementsByHand()
{
    auto store = SqlWorkspaceStore::open(m_dir.filePath(QStringLiteral("dpo.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    MergeRequestEntry mr;
    mr.repository = QStringLiteral("https://github.com/example/dpo");
    mr.base = QStringLiteral("b");
    mr.head = QStringLiteral("h");
    mr.codeLinked = false;
    auto mrId = (*store)->addMergeRequest(mr);
    QVERIFY(mrId);
    // Two reviews (runs) of one change. Comments by location, so only a3/b3 share lines.
    StoredRun runA{0, *mrId, QStringLiteral("A"), QStringLiteral("model-a"), {}, {}, {}, "{}"};
    StoredRun runB{0, *mrId, QStringLiteral("B"), QStringLiteral("model-b"), {}, {}, {}, "{}"};
    QVERIFY((*store)->addRun(runA, {reviewComment("a1", "a.c", 1, 1), reviewComment("a2", "a.c", 20, 20), reviewComment("a3", "x.c", 10, 12)}));
    QVERIFY((*store)->addRun(runB, {reviewComment("b1", "b.c", 1, 1), reviewComment("b2", "b.c", 20, 20), reviewComment("b3", "x.c", 11, 11),
                                    reviewComment("b4", "b.c", 40, 40)}));
    QHash<QString, qint64> id;
    const auto stored = (*store)->comments();
    QVERIFY(stored);
    for (const StoredComment &c : *stored)
        id.insert(c.comment.id, c.id);
    const auto judge = [&](const char *name, Verdict v, std::optional<QString> tag, int q1, int q2, int q3) {
        Judgement j;
        j.comment = id.value(QString::fromLatin1(name));
        j.annotator = QStringLiteral("ann");
        j.verdict = v;
        j.tag = tag;
        j.q1Nitpick = q1;
        j.q2Fake = q2;
        j.q3Severity = q3;
        QVERIFY((*store)->judge(j));
    };
    // Scores (Q1 + Q2 + Q3 - 3) * 10 / 18, a rejection 0:
    judge("a1", Verdict::Accept, QStringLiteral("ResourceLeak"), 7, 7, 7); // 10
    judge("a2", Verdict::Accept, QStringLiteral("UseConstant"), 4, 4, 4);  // 5.0
    judge("a3", Verdict::Accept, std::nullopt, 4, 4, 4);                    // 5.0, no tag
    judge("b1", Verdict::Reject, QStringLiteral("ResourceLeak"), 4, 4, 4); // 0
    judge("b2", Verdict::Accept, QStringLiteral("UseConstant"), 5, 5, 4);  // 6.11
    judge("b3", Verdict::Reject, std::nullopt, 4, 4, 4);                    // 0, no tag
    judge("b4", Verdict::Accept, QStringLiteral("ResourceLeak"), 6, 6, 6); // 8.33
    auto data = loadExportData(**store);
    QVERIFY(data);
    const auto pairsFor = [&](double delta) {
        QStringList out;
        QHash<qint64, QString> name;
        for (auto it = id.begin(); it != id.end(); ++it)
            name.insert(it.value(), it.key());
        for (const PreferencePair &p : preferencePairs(*data, delta, DpoPairs::Auto)) // no judge scores: people's rules
            out << QStringLiteral("%1>%2 %3").arg(name.value(p.chosen), name.value(p.rejected), p.rule);
        return out;
    };
    // δ = 2: ResourceLeak a1 (10) over b1 (0); a1-b4 gap 1.67 and a2-b2 gap 1.11 are too small;
    // b1-b4 (gap 8.33) are of the same review, which Algorithm 1 does not compare;
    // a3 accepted over b3 rejected on overlapping lines of x.c (no tag needed).
    QCOMPARE(pairsFor(2.0), (QStringList{QStringLiteral("a1>b1 human-score-gap"), QStringLiteral("a3>b3 same-lines")}));
    // δ = 1: a1 over b4 (1.67), b2 over a2 (1.11) join; the higher score is chosen.
    QCOMPARE(pairsFor(1.0), (QStringList{QStringLiteral("a1>b1 human-score-gap"), QStringLiteral("a1>b4 human-score-gap"), QStringLiteral("b2>a2 human-score-gap"),
                                         QStringLiteral("a3>b3 same-lines")}));
    // The file: one line per pair, in TRL's prompt / chosen / rejected shape.
    auto written = exportToFile(**store, QStringLiteral("trl-dpo"), m_dir.filePath(QStringLiteral("dpo.jsonl")), {}, {}, 2.0);
    QVERIFY2(written, written ? "" : qPrintable(written.error().message));
    const QList<QByteArray> lines = readAll(*written).trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const auto first = nlohmann::json::parse(lines.first().toStdString());
    QCOMPARE(first.size(), std::size_t(6)); // prompt, chosen, rejected, rule and the two scores
    QCOMPARE(first["rule"].get<std::string>(), std::string("human-score-gap"));
    QCOMPARE(first["chosen_score"].get<double>(), 10.0);
    QCOMPARE(first["rejected_score"].get<double>(), 0.0);
    QVERIFY(QString::fromStdString(first["chosen"].get<std::string>()).contains(QLatin1String("issue a1")));
    QVERIFY(QString::fromStdString(first["rejected"].get<std::string>()).contains(QLatin1String("issue b1")));
    QVERIFY(QString::fromStdString(first["prompt"].get<std::string>()).contains(QLatin1String("example/dpo")));
    // KTO: one line per comment with a final verdict, SFT one per judgement.
    auto kto = exportToFile(**store, QStringLiteral("trl-kto"), m_dir.filePath(QStringLiteral("kto.jsonl")), {}, {}, 2.0);
    QVERIFY(kto);
    QCOMPARE(readAll(*kto).count('\n'), 7);
    QCOMPARE(readAll(*kto).count("\"label\":false"), 2);
    auto sft = exportToFile(**store, QStringLiteral("trl-sft"), m_dir.filePath(QStringLiteral("sft.jsonl")), {}, {}, 2.0);
    QVERIFY(sft);
    QCOMPARE(readAll(*sft).count("\"messages\""), 7);
    QCOMPARE(readAll(*sft).count("Verdict: reject"), 2);
}

namespace {

ReviewComment cqsIssue(const char *id, const char *tag, int score, int line)
{
    ReviewComment c;
    c.id = QString::fromLatin1(id);
    c.pipeline = QStringLiteral("cqs");
    c.file = QStringLiteral("x.c");
    c.lineStart = c.lineEnd = line;
    c.issue = QStringLiteral("issue %1").arg(c.id);
    c.tag = QString::fromLatin1(tag);
    c.function = QStringLiteral("f");
    c.judgeScore = score;
    c.judgeReason = QStringLiteral("because");
    return c;
}

} // namespace

// CQS Algorithm 1 on the judge's scores: three generated reviews (runs) of
// one change; pairs of the same tag from different runs whose scores differ
// by at least δ = 3 (a gap of exactly 3 is in, 2 is out), the higher chosen;
// people override: c1 (9) was rejected, so it is never chosen: against b1,
// which people accepted, the pair turns round; against a3, which nobody
// judged, it is left out.
void TestExchange::dpoPairsFollowAlgorithm1OnJudgeScores()
{
    const QString path = m_dir.filePath(QStringLiteral("judge-dpo.rdw"));
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    MergeRequestEntry mr;
    mr.repository = QStringLiteral("https://github.com/example/judge-dpo");
    mr.base = QStringLiteral("b");
    mr.head = QStringLiteral("h");
    mr.codeLinked = false;
    auto mrId = (*store)->addMergeRequest(mr);
    QVERIFY(mrId);
    ReviewComment c2 = cqsIssue("c2", "Documentation", 0, 30);
    c2.drop(QStringLiteral("threshold")); // Algorithm 1 reads every judged issue, dropped or not
    const auto addRun = [&](const char *label, const QList<ReviewComment> &comments) {
        StoredRun run{0, *mrId, QString::fromLatin1(label), QStringLiteral("collector"), {}, {}, {}, "{}"};
        QVERIFY((*store)->addRun(run, comments));
    };
    addRun("A", {cqsIssue("a1", "UseConstant", 8, 1), cqsIssue("a2", "Documentation", 6, 2), cqsIssue("a3", "UseConstant", 3, 3)});
    addRun("B", {cqsIssue("b1", "UseConstant", 5, 10), cqsIssue("b2", "Documentation", 4, 20)});
    addRun("C", {cqsIssue("c1", "UseConstant", 9, 10), c2, cqsIssue("c3", "UseConstant", -1, 40)});
    QHash<QString, qint64> id;
    QHash<qint64, QString> name;
    const auto stored = (*store)->comments();
    QVERIFY(stored);
    for (const StoredComment &c : *stored) {
        id.insert(c.comment.id, c.id);
        name.insert(c.id, c.comment.id);
    }
    // The workspace keeps the tag and the judge's score (schema 9).
    const auto a1 = std::find_if(stored->begin(), stored->end(), [](const StoredComment &c) { return c.comment.id == QLatin1String("a1"); });
    QCOMPARE(a1->comment.tag, QStringLiteral("UseConstant"));
    QCOMPARE(a1->comment.judgeScore, 8);
    QCOMPARE(a1->comment.pipeline, QStringLiteral("cqs"));
    const auto verdict = [&](const char *comment, Verdict v) {
        QVERIFY((*store)->judge(test::verdictOf(id.value(QString::fromLatin1(comment)), QStringLiteral("ann"), v)));
    };
    verdict("c1", Verdict::Reject);
    verdict("b1", Verdict::Accept);
    auto data = loadExportData(**store);
    QVERIFY(data);
    const auto pairsFor = [&](double delta, DpoPairs rules) {
        QStringList out;
        for (const PreferencePair &p : preferencePairs(*data, delta, rules))
            out << QStringLiteral("%1>%2 %3 %4/%5").arg(name.value(p.chosen), name.value(p.rejected), p.rule)
                       .arg(p.chosenScore ? QString::number(*p.chosenScore) : QStringLiteral("-"))
                       .arg(p.rejectedScore ? QString::number(*p.rejectedScore) : QStringLiteral("-"));
        return out;
    };
    // a1-b1 gap 3 = δ: in. a2-b2 and a3-b1 gap 2: out. a1-a3 (gap 5) are one run's. c3 has no score.
    const QStringList judged{QStringLiteral("a1>b1 judge-score-gap 8/5"), QStringLiteral("a2>c2 judge-score-gap 6/0"),
                             QStringLiteral("b1>c1 judge-score-gap-flipped 5/9"), QStringLiteral("b2>c2 judge-score-gap 4/0")};
    QCOMPARE(pairsFor(3.0, DpoPairs::Judge), judged);
    QCOMPARE(pairsFor(3.0, DpoPairs::Auto), judged); // this change has judge scores
    QCOMPARE(pairsFor(3.0, DpoPairs::Both), judged); // b1/c1 are paired once, by the judge's rule
    // δ = 2 lets the gaps of 2 in; a3 over b1 is not one (b1 scores higher).
    QCOMPARE(pairsFor(2.0, DpoPairs::Judge), (QStringList{QStringLiteral("a1>b1 judge-score-gap 8/5"), QStringLiteral("a2>b2 judge-score-gap 6/4"),
                                                          QStringLiteral("a2>c2 judge-score-gap 6/0"), QStringLiteral("b1>a3 judge-score-gap 5/3"),
                                                          QStringLiteral("b1>c1 judge-score-gap-flipped 5/9"), QStringLiteral("b2>c2 judge-score-gap 4/0")}));
    // People's rules alone: only the accepted b1 over the rejected c1 on the same line.
    QCOMPARE(pairsFor(3.0, DpoPairs::Human), (QStringList{QStringLiteral("b1>c1 same-lines -/-")}));

    // The file says which rule made each pair, with its scores; the command line picks the rules.
    const QString file = m_dir.filePath(QStringLiteral("judge-dpo.jsonl"));
    const GitOutput ex = runCli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("trl-dpo"),
                                 QStringLiteral("--out"), file, QStringLiteral("--delta"), QStringLiteral("3"), QStringLiteral("--pairs"), QStringLiteral("judge")});
    QVERIFY2(ex.exitCode == 0, ex.err.constData());
    const QList<QByteArray> lines = readAll(file).trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    const auto first = nlohmann::json::parse(lines.first().toStdString());
    QCOMPARE(first["rule"].get<std::string>(), std::string("judge-score-gap"));
    QCOMPARE(first["chosen_score"].get<double>(), 8.0);
    QCOMPARE(first["rejected_score"].get<double>(), 5.0);
    QVERIFY(QString::fromStdString(first["chosen"].get<std::string>()).contains(QLatin1String("(tag: UseConstant):\nissue a1")));
    QCOMPARE(nlohmann::json::parse(lines[2].toStdString())["rule"].get<std::string>(), std::string("judge-score-gap-flipped"));
    const GitOutput wrong = runCli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("trl-dpo"),
                                    QStringLiteral("--out"), file, QStringLiteral("--pairs"), QStringLiteral("judges")});
    QCOMPARE(wrong.exitCode, 2);
    QVERIFY2(wrong.err.contains("--pairs must be auto, judge, human or both, not 'judges'"), wrong.err.constData());
}

void TestExchange::sarifValidatesAgainstSchema()
{
    const QString workspace = m_dir.filePath(QStringLiteral("sarif.rdw"));
    const GitOutput in = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"),
                                 dataDir + QStringLiteral("/aacr-bench/negative_samples.json"), QStringLiteral("--as"), QStringLiteral("candidates")});
    QVERIFY2(in.exitCode == 0, in.err.constData());
    // Reject two comments: they leave the SARIF.
    QProcess judge;
    judge.start(cliExecutable(), {QStringLiteral("judge"), QStringLiteral("--workspace"), workspace, QStringLiteral("--annotator"), QStringLiteral("ann")});
    judge.write("{\"comment\": 1, \"verdict\": \"reject\"}\n{\"comment\": 2, \"verdict\": \"reject\"}\n{\"comment\": 3, \"verdict\": \"accept\"}\n");
    judge.closeWriteChannel();
    QVERIFY(waitForExit(judge, QDeadlineTimer(60000)));
    QCOMPARE(judge.exitCode(), 0);
    const QString out = m_dir.filePath(QStringLiteral("out.sarif"));
    const GitOutput ex = runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("sarif"),
                                 QStringLiteral("--out"), out});
    QVERIFY2(ex.exitCode == 0, ex.err.constData());
    const auto sarif = nlohmann::json::parse(readAll(out).toStdString());
    std::size_t results = 0;
    for (const auto &run : sarif["runs"])
        results += run["results"].size();
    QCOMPARE(results, std::size_t(640 - 2));
    QCOMPARE(sarif["runs"].size(), std::size_t(155));
    QProcess validate;
    validate.start(QStringLiteral("python3"),
                   {QStringLiteral("-c"),
                    QStringLiteral("import json, sys, jsonschema\n"
                                   "schema = json.load(open(sys.argv[1]))\n"
                                   "schema['$ref'] = '#/definitions/Root'  # the file keeps the log's schema there\n"
                                   "jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker()).validate(json.load(open(sys.argv[2])))\n"
                                   "print('valid')"),
                    dataDir + QStringLiteral("/sarif/sarif-schema-2.1.0.json"), out});
    QVERIFY(waitForExit(validate, QDeadlineTimer(120000)));
    QVERIFY2(validate.exitCode() == 0, QByteArray(validate.readAllStandardError() + "\n(python3-jsonschema is installed by scripts/common.sh)").constData());
    QCOMPARE(validate.readAllStandardOutput().trimmed(), QByteArray("valid"));
    // A broken file must fail the same check, or the check proves nothing.
    QByteArray broken = readAll(out);
    broken.replace("\"startLine\": ", "\"startLine\": -");
    writeFile(out + QStringLiteral(".broken"), broken);
    QProcess invalid;
    invalid.start(QStringLiteral("python3"), {QStringLiteral("-c"),
                                               QStringLiteral("import json, sys, jsonschema\n"
                                                              "schema = json.load(open(sys.argv[1]))\n"
                                                              "schema['$ref'] = '#/definitions/Root'\n"
                                                              "jsonschema.Draft7Validator(schema).validate(json.load(open(sys.argv[2])))"),
                                               dataDir + QStringLiteral("/sarif/sarif-schema-2.1.0.json"), out + QStringLiteral(".broken")});
    QVERIFY(waitForExit(invalid, QDeadlineTimer(120000)));
    QVERIFY(invalid.exitCode() != 0);
    // rdjson: the same comments, one diagnostic each.
    const QString rd = m_dir.filePath(QStringLiteral("out.rdjson"));
    QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("rdjson"),
                     QStringLiteral("--out"), rd})
                 .exitCode,
             0);
    QCOMPARE(nlohmann::json::parse(readAll(rd).toStdString())["diagnostics"].size(), std::size_t(640 - 2));
}

void TestExchange::repoMapLinksCodeAndSaysWhenMissing()
{
    FixtureRepo repo(m_dir.filePath(QStringLiteral("clone")));
    const QByteArray base = repo.commit("main", {{"src/a.c", file("int a;\nint b;\nint c;\n")}}, "base");
    const QByteArray head = repo.commit("main", {{"src/a.c", file("int a;\nint b2;\nint c;\nint d;\n")}}, "head");
    QByteArray aacr = smallAacr;
    aacr.replace("aaaa", base).replace("bbbb", head).replace("\"from_line\": 3", "\"from_line\": 2").replace("\"to_line\": 4", "\"to_line\": 2");
    QByteArray missing = smallAacr;
    missing.replace("pull/1", "pull/2").replace("aaaa", base).replace("bbbb", QByteArray(40, 'e'));
    const QByteArray both = "[\n" + aacr.mid(1, aacr.lastIndexOf(']') - 1).trimmed() + ",\n" + missing.mid(1, missing.lastIndexOf(']') - 1).trimmed() + "\n]";
    const QString in = m_dir.filePath(QStringLiteral("mapped-positive.json"));
    writeFile(in, both);
    const QString map = m_dir.filePath(QStringLiteral("repos.json"));
    writeFile(map, "{\"https://github.com/example/one\": \"clone\"}"); // relative to the map
    const QString workspace = m_dir.filePath(QStringLiteral("mapped.rdw"));
    const GitOutput imported = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), in, QStringLiteral("--as"),
                                       QStringLiteral("labelled"), QStringLiteral("--repo-map"), map, QStringLiteral("--annotator"), QStringLiteral("ann")});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    QVERIFY2(imported.err.contains("https://github.com/example/one/pull/2: imported without code: commit eeeeeeeeeeee is not in"), imported.err.constData());
    auto store = SqlWorkspaceStore::open(workspace);
    QVERIFY(store);
    const auto mrs = (*store)->mergeRequests();
    QVERIFY(mrs);
    QCOMPARE(mrs->size(), 2);
    QVERIFY(mrs->at(0).codeLinked);
    QCOMPARE(mrs->at(0).repository, QDir::cleanPath(repo.path()));
    QCOMPARE(mrs->at(0).language, QStringLiteral("C"));
    QCOMPARE(mrs->at(0).prCategory, QStringLiteral("Bug Fix"));
    QVERIFY(!mrs->at(1).codeLinked);
    QCOMPARE(mrs->at(1).repository, QStringLiteral("https://github.com/example/one"));
    // The judge's training data shows the diff of the linked pull request, and says it lacks the other's.
    const auto judgements = (*store)->judgements();
    QCOMPARE(judgements->size(), 2);
    QCOMPARE(judgements->first().annotator, QStringLiteral("ann"));
    auto sft = exportToFile(**store, QStringLiteral("trl-sft"), m_dir.filePath(QStringLiteral("mapped.jsonl")), {}, {}, 2.0);
    QVERIFY(sft);
    const QByteArray text = readAll(*sft);
    QVERIFY2(text.contains("-int b;\\n+int b2;"), text.constData());
    QVERIFY(text.contains("The diff is not available"));
    QVERIFY(!text.contains(m_dir.path().toUtf8()));
}

void TestExchange::runImportStoresCandidates()
{
    FixtureRepo repo(m_dir.filePath(QStringLiteral("runrepo")));
    const QByteArray base = repo.commit("main", {{"a.c", file("x\n")}}, "base");
    const QByteArray head = repo.commit("main", {{"a.c", file("y\n")}}, "head");
    const QByteArray run = "{\"run\": {\"config\": {\"roles\": {\"reviewer\": {\"model\": \"m1\"}}}, \"base\": \"" + base + "\", \"head\": \"" + head
                           + "\", \"future_field\": 1},\n \"comments\": [{\"id\": \"c1\", \"file\": \"a.c\", \"side\": \"new\", \"line_start\": 1, "
                             "\"line_end\": 1, \"issue\": \"y est faux\", \"q1_nitpick\": 6, \"q2_fake\": 6, \"q3_severity\": 5, \"kept\": true, "
                             "\"dropped_at\": null, \"issue_original\": \"y is wrong\", \"root_cause_original\": \"\", \"fix_original\": \"\", "
                             "\"translation_language\": \"French\"}]}";
    const QString file = m_dir.filePath(QStringLiteral("run.json"));
    writeFile(file, run);
    const QString workspace = m_dir.filePath(QStringLiteral("run.rdw"));
    const GitOutput in = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--run"), file,
                                 QStringLiteral("--repository"), repo.path()});
    QVERIFY2(in.exitCode == 0, in.err.constData());
    auto store = SqlWorkspaceStore::open(workspace);
    const auto comments = (*store)->comments();
    QCOMPARE(comments->size(), 1);
    QCOMPARE(comments->first().origin, CommentOrigin::Generated);
    QCOMPARE(comments->first().author, QStringLiteral("m1"));
    QCOMPARE(comments->first().comment.q3Severity, 5);
    QCOMPARE(comments->first().comment.issue, QStringLiteral("y est faux")); // a translated run keeps both texts
    QCOMPARE(comments->first().comment.issueOriginal, QStringLiteral("y is wrong"));
    QCOMPARE(comments->first().comment.translationLanguage, QStringLiteral("French"));
    const auto runs = (*store)->runs(comments->first().mergeRequest);
    QCOMPARE(runs->size(), 1);
    QVERIFY((*store)->run(runs->first().id)->record.contains("future_field")); // kept as read
    store->reset();
    // A comment that leaves the repository refuses the whole run.
    QByteArray bad = run;
    bad.replace("\"file\": \"a.c\"", "\"file\": \"../a.c\"");
    writeFile(file, bad);
    const QByteArray before = commentsDump(workspace);
    const GitOutput refused = runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--run"), file,
                                      QStringLiteral("--repository"), repo.path()});
    QCOMPARE(refused.exitCode, 2);
    QVERIFY2(refused.err.contains("comments[0].file: \"../a.c\" leaves the repository"), refused.err.constData());
    QCOMPARE(commentsDump(workspace), before);
}

void TestExchange::csvHasOneRowPerCommentAndAnnotator()
{
    const QString workspace = m_dir.filePath(QStringLiteral("csv.rdw"));
    const QString in = m_dir.filePath(QStringLiteral("csv-positive.json"));
    QByteArray two = smallAacr;
    two.replace("\"comments\": [\n", "\"comments\": [\n      {\"note\": \"Second, with \\\"quotes\\\",\\nand a line\", \"path\": \"b.c\", \"side\": \"left\", "
                                      "\"from_line\": 1, \"to_line\": 1},\n");
    writeFile(in, two);
    QCOMPARE(runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), in, QStringLiteral("--as"),
                     QStringLiteral("labelled"), QStringLiteral("--annotator"), QStringLiteral("first")})
                 .exitCode,
             0);
    QProcess judge;
    judge.start(cliExecutable(), {QStringLiteral("judge"), QStringLiteral("--workspace"), workspace, QStringLiteral("--annotator"), QStringLiteral("second")});
    judge.write("{\"comment\": 1, \"verdict\": \"reject\", \"critique\": \"not a leak\"}\n");
    judge.closeWriteChannel();
    QVERIFY(waitForExit(judge, QDeadlineTimer(60000)));
    const QString out = m_dir.filePath(QStringLiteral("out.csv"));
    QCOMPARE(runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("csv"),
                     QStringLiteral("--out"), out})
                 .exitCode,
             0);
    const QByteArray csv = readAll(out);
    // Header + comment 1 × (first, second) + comment 2 × first; the quoted newline is inside a field.
    QCOMPARE(csv.count("\r\n"), 4);
    QVERIFY(csv.contains("\"Second, with \"\"quotes\"\",\nand a line\""));
    QVERIFY(csv.contains(",second,reject,"));
    QVERIFY(csv.contains("not a leak"));
}

// A comment whose lines could not be placed (line_valid false; an older
// workspace still holds the hunk's range it was given then) is exported with
// no lines in every format (in AACR-Bench's at kAacrUnlocatedLine, which the
// released evaluator matches to nothing), and a placed one with its lines.
void TestExchange::unlocatedCommentIsExportedWithoutLines()
{
    auto opened = SqlWorkspaceStore::open(m_dir.filePath(QStringLiteral("unlocated.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    auto &store = **opened;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.url = QStringLiteral("https://github.com/example/one/pull/7");
    e.base = QStringLiteral("aaaa");
    e.head = QStringLiteral("bbbb");
    const qint64 mr = *store.addMergeRequest(e);
    QList<ReviewComment> comments;
    for (const auto &[id, side, valid] : {std::tuple{"placed", "new", true}, std::tuple{"unplaced-new", "new", false}, std::tuple{"unplaced-old", "old", false}}) {
        ReviewComment c;
        c.id = QString::fromLatin1(id);
        c.file = QStringLiteral("src/a.c");
        c.side = QString::fromLatin1(side);
        c.lineStart = 10;
        c.lineEnd = 13;
        c.lineValid = valid;
        c.issue = QStringLiteral("finding %1").arg(c.id);
        comments << c;
    }
    StoredRun r;
    r.mergeRequest = mr;
    r.label = QStringLiteral("run");
    r.record = "{\"run\":{}}";
    const auto run = store.addRun(r, comments);
    QVERIFY2(run, qPrintable(run ? QString() : run.error().message));
    CommentQuery q;
    q.run = *run;
    const auto stored = store.comments(q);
    QVERIFY(stored);
    QCOMPARE(stored->size(), 3);
    for (const StoredComment &c : *stored) {
        Judgement accept;
        accept.comment = c.id;
        accept.annotator = QStringLiteral("ann");
        accept.verdict = Verdict::Accept;
        QVERIFY(store.judge(accept));
    }
    const auto exported = [&](const QString &format) {
        const auto file = exportToFile(store, format, m_dir.filePath(QStringLiteral("unlocated.") + format), {}, {}, 2);
        if (!file)
            qFatal("export %s: %s", qPrintable(format), qPrintable(file.error().message));
        return readAll(*file);
    };
    // SARIF: a region only for the placed comment.
    const auto sarif = nlohmann::json::parse(exported(QStringLiteral("sarif")).toStdString());
    QCOMPARE(sarif["runs"][0]["results"].size(), std::size_t(3));
    for (const auto &result : sarif["runs"][0]["results"]) {
        const bool placed = result["message"]["text"].get<std::string>().find("finding placed") != std::string::npos;
        QCOMPARE(result["locations"][0]["physicalLocation"].contains("region"), placed);
    }
    // rdjson: a range only for the placed comment, and no "lines 10-13" in any text.
    const auto rdjson = nlohmann::json::parse(exported(QStringLiteral("rdjson")).toStdString());
    QCOMPARE(rdjson["diagnostics"].size(), std::size_t(3));
    for (const auto &d : rdjson["diagnostics"]) {
        const std::string text = d["message"].get<std::string>();
        QCOMPARE(d["location"].contains("range"), text.find("finding placed") != std::string::npos);
        QVERIFY2(text.find("lines 10-13") == std::string::npos, text.c_str());
    }
    // CSV: empty line_start and line_end.
    const QByteArray csv = exported(QStringLiteral("csv"));
    QVERIFY2(csv.contains(",src/a.c,new,10,13,"), csv.constData());
    QCOMPARE(csv.count(",src/a.c,new,,,"), qsizetype(1));
    QCOMPARE(csv.count(",src/a.c,old,,,"), qsizetype(1));
    // AACR-Bench file: lines kAacrUnlocatedLine (0-0 would be "lines not
    // checked" to the released evaluator), read back as no lines.
    const QByteArray aacrBytes = exported(QStringLiteral("aacr-positive"));
    const auto aacr = nlohmann::json::parse(aacrBytes.toStdString());
    QCOMPARE(aacr[0]["comments"].size(), std::size_t(3));
    for (const auto &c : aacr[0]["comments"]) {
        const bool placed = c["note"].get<std::string>().find("finding placed") != std::string::npos;
        QCOMPARE(c["from_line"].get<int>(), placed ? 10 : kAacrUnlocatedLine);
        QCOMPARE(c["to_line"].get<int>(), placed ? 13 : kAacrUnlocatedLine);
    }
    const auto reread = parseAacrSamples(aacrBytes);
    QVERIFY2(reread, qPrintable(reread ? QString() : reread.error().message));
    for (const AacrComment &c : reread->first().comments)
        QCOMPARE(c.fromLine, c.note.contains(QStringLiteral("finding placed")) ? 10 : 0);
    // aacr-generated: <from> and <to> at kAacrUnlocatedLine.
    const auto generated = exportAacrGenerated(store, *run, m_dir.filePath(QStringLiteral("unlocated-generated")));
    QVERIFY2(generated, qPrintable(generated ? QString() : generated.error().message));
    const QString text = QString::fromUtf8(readAll(*generated));
    QCOMPARE(text.count(QStringLiteral("<from>10</from>")), 1);
    QCOMPARE(text.count(QStringLiteral("<from>%1</from>\n<to>%1</to>").arg(kAacrUnlocatedLine)), 2);
    QCOMPARE(text.count(QStringLiteral("<from></from>")), 0);
}

// Issue 21, item 3: a translated comment's exports carry the translation as
// the note and the reviewer's own text beside it, named *_original; the
// aacr-generated file (read by AACR-Bench's semantic matching) the original.
void TestExchange::translatedCommentIsExportedWithBothTexts()
{
    auto opened = SqlWorkspaceStore::open(m_dir.filePath(QStringLiteral("translated.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(opened, qPrintable(opened ? QString() : opened.error().message));
    auto &store = **opened;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.url = QStringLiteral("https://github.com/example/one/pull/8");
    e.base = QStringLiteral("aaaa");
    e.head = QStringLiteral("bbbb");
    const qint64 mr = *store.addMergeRequest(e);
    ReviewComment c;
    c.id = QStringLiteral("t1");
    c.file = QStringLiteral("src/a.c");
    c.lineStart = c.lineEnd = 4;
    c.issue = QStringLiteral("le total peut déborder");
    c.issueOriginal = QStringLiteral("total can overflow");
    c.translationLanguage = QStringLiteral("French");
    StoredRun r;
    r.mergeRequest = mr;
    r.label = QStringLiteral("run");
    r.record = "{\"run\":{}}";
    const auto run = store.addRun(r, {c});
    QVERIFY(run);
    Judgement accept;
    accept.comment = store.comments()->first().id;
    accept.annotator = QStringLiteral("ann");
    accept.verdict = Verdict::Accept;
    QVERIFY(store.judge(accept));
    const auto exported = [&](const QString &format) {
        const auto file = exportToFile(store, format, m_dir.filePath(QStringLiteral("translated.") + format), {}, {}, 2);
        if (!file)
            qFatal("export %s: %s", qPrintable(format), qPrintable(file.error().message));
        return readAll(*file);
    };
    const auto aacr = nlohmann::json::parse(exported(QStringLiteral("aacr-positive")).toStdString());
    QCOMPARE(aacr[0]["comments"][0]["note"].get<std::string>(), std::string("le total peut déborder"));
    QCOMPARE(aacr[0]["comments"][0].value("note_original", std::string()), std::string("total can overflow"));
    QCOMPARE(aacr[0]["comments"][0].value("translation_language", std::string()), std::string("French"));
    const auto sarif = nlohmann::json::parse(exported(QStringLiteral("sarif")).toStdString());
    const auto &result = sarif["runs"][0]["results"][0];
    QCOMPARE(result["message"]["text"].get<std::string>(), std::string("le total peut déborder"));
    QCOMPARE(result["properties"].value("reviewdesk/originalText", std::string()), std::string("total can overflow"));
    const QByteArray csv = exported(QStringLiteral("csv"));
    QVERIFY2(csv.startsWith("comment,") && csv.left(csv.indexOf("\r\n")).contains(",note,note_original,translation_language,"), csv.constData());
    QVERIFY2(csv.contains(",le total peut déborder,total can overflow,French,"), csv.constData());
    const auto generated = exportAacrGenerated(store, *run, m_dir.filePath(QStringLiteral("translated-generated")));
    QVERIFY(generated);
    const QString text = QString::fromUtf8(readAll(*generated));
    QVERIFY2(text.contains(QStringLiteral("<note>total can overflow</note>")), qPrintable(text));
}

void TestExchange::exportsKeepSecretsAndPathsAtHome()
{
    const QByteArray secret = "sk-test-0123456789abcdef";
    qputenv("REVIEWDESK_TEST_API_KEY", secret);
    FixtureRepo repo(m_dir.filePath(QStringLiteral("secretrepo")));
    const QByteArray base = repo.commit("main", {{"a.c", file("x\n")}}, "base");
    const QByteArray head = repo.commit("main", {{"a.c", file("y\n")}}, "head");
    const QString workspace = m_dir.filePath(QStringLiteral("secret.rdw"));
    {
        auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
        MergeRequestEntry mr;
        mr.repository = repo.path();
        mr.base = QString::fromLatin1(base);
        mr.head = QString::fromLatin1(head);
        mr.title = QStringLiteral("Change in %1").arg(repo.path());
        auto id = (*store)->addMergeRequest(mr);
        QVERIFY(id);
        // A model that echoed its key and the clone's path.
        ReviewComment c = reviewComment("c1", "a.c", 1, 1);
        c.issue = QStringLiteral("key %1 in %2/a.c").arg(QString::fromLatin1(secret), repo.path());
        ReviewComment other = reviewComment("c2", "a.c", 1, 1); // rejected on the same line: a DPO pair
        StoredRun run{0, *id, QStringLiteral("r"), QStringLiteral("m"), {}, {}, {}, "{}"};
        QVERIFY((*store)->addRun(run, {c, other}));
        const auto stored = (*store)->comments();
        Judgement rejected;
        rejected.comment = stored->at(1).id;
        rejected.annotator = QStringLiteral("ann");
        rejected.verdict = Verdict::Reject;
        QVERIFY((*store)->judge(rejected));
        Judgement j;
        j.comment = stored->at(0).id;
        j.annotator = QStringLiteral("ann");
        j.verdict = Verdict::Accept;
        j.critique = QStringLiteral("see %1").arg(QDir::homePath() + QStringLiteral("/notes"));
        QVERIFY((*store)->judge(j));
        // A second run and a pairwise vote between the two, for the votes export.
        StoredRun second{0, *id, QStringLiteral("r2"), QStringLiteral("m"), {}, {}, {}, "{}"};
        const auto secondId = (*store)->addRun(second, {reviewComment("c3", "a.c", 2, 2)});
        QVERIFY(secondId);
        QVERIFY((*store)->addVote({0, *id, stored->at(0).run.value_or(0), *secondId, PairWinner::A, QStringLiteral("ann"), {}, {}, {}}));
        // The second run's comment as a reference, and an audit decision on
        // the first comment against it, for the audit-decisions export.
        const auto all = (*store)->comments();
        QVERIFY(all && all->size() == 3);
        QVERIFY((*store)->setReference(all->at(2).id, true));
        QVERIFY((*store)->addAuditDecision({0, stored->at(0).id, all->at(2).id, AuditDecision::Same, QStringLiteral("ann"), {}}));
        // The first comment triaged as a gap in the ground truth, for the errata export.
        QVERIFY((*store)->enqueueTriage({TriageItem{stored->at(0).id, *id, stored->at(0).run, QStringLiteral("r1"), {}, {}, {}}}));
        for (const char *who : {"ann", "bob"})
            QVERIFY((*store)->answerTriage({stored->at(0).id, QLatin1String(who), TriageAnswer::Yes, {}}));
    }
    const QString out = m_dir.filePath(QStringLiteral("secret-out"));
    QVERIFY(QDir().mkpath(out));
    for (const ExportFormat &format : exportFormats()) {
        QProcess p;
        p.start(cliExecutable(), {QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), format.name,
                                  QStringLiteral("--out"), out});
        QVERIFY(waitForExit(p, QDeadlineTimer(60000)));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        const QByteArray bytes = readAll(QDir(out).filePath(format.name + QLatin1Char('.') + format.extension));
        QVERIFY2(!bytes.isEmpty(), qPrintable(format.name));
        QVERIFY2(!bytes.contains(secret), qPrintable(format.name));
        QVERIFY2(!bytes.contains(m_dir.path().toUtf8()), qPrintable(format.name));
        QVERIFY2(!bytes.contains(QByteArray(QDir::homePath().toUtf8() + '/')), qPrintable(format.name));
        if (format.name == QLatin1String("votes"))
            QVERIFY2(bytes.contains("\"winner\":\"a\""), bytes.constData()); // votes name runs, not comments
        else if (format.name == QLatin1String("audit-decisions"))
            QVERIFY2(bytes.contains("\"decision\":\"same\""), bytes.constData()); // decisions name comments, hold no text
        else if (format.name != QLatin1String("aacr-negative"))
            QVERIFY2(bytes.contains("[redacted]"), qPrintable(format.name)); // the comment is there, cleaned
        else
            QVERIFY2(bytes.contains("issue c2"), bytes.constData());
    }
    qunsetenv("REVIEWDESK_TEST_API_KEY");
}

QTEST_GUILESS_MAIN(TestExchange)
#include "tst_exchange.moc"
