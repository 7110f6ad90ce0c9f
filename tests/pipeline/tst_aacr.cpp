// The AACR-Bench hunk review (README, "AACR-Bench hunk review"): its strict
// configuration, the tolerant reading of model replies, BM25 ranking against
// hand-computed FTS5 scores, embedding neighbours, the agent's tools (answered
// from the head commit, paths leaving the repository refused, budgets), and
// each context mode end to end against the fake OpenAI-compatible server.

#include <AacrHunkReview.h>
#include <AacrPrAgent.h>
#include <AacrOutput.h>
#include <Bm25Index.h>
#include <EmbeddingIndex.h>
#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <LlmClient.h>
#include <RepositoryTools.h>
#include <SqlWorkspaceStore.h>
#include <ReviewJob.h>
#include <ReviewRunner.h>
#include <RunJournal.h>
#include <WaitFor.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

#include <cmath>

using namespace rd;
using namespace rd::test;

namespace {

const QByteArray StoreBefore = "#include \"util.h\"\n"
                               "\n"
                               "int sum_values(const int *values, int count)\n"
                               "{\n"
                               "    int total = 0;\n"
                               "    for (int i = 0; i < count; ++i)\n"
                               "        total += values[i];\n"
                               "    return total;\n"
                               "}\n";
const QByteArray StoreAfter = "#include \"util.h\"\n"
                              "\n"
                              "int sum_values(const int *values, int count)\n"
                              "{\n"
                              "    int total = 0;\n"
                              "    for (int i = 0; i < count; ++i)\n"
                              "        total += values[i] * scale_factor(i);\n"
                              "    return total;\n"
                              "}\n";
const QByteArray Util = "#pragma once\n"
                        "\n"
                        "inline int scale_factor(int index)\n"
                        "{\n"
                        "    return index * 1000000;\n"
                        "}\n";
const QByteArray Report = "import json\n"
                          "\n"
                          "def summarize(values):\n"
                          "    return {'total': sum(values)}\n";

// The review every non-agent request gets: one finding on the changed line.
const QString Finding = QStringLiteral("Here is my review.\n```\n<diff>\n+        total += values[i] * scale_factor(i);\n</diff>\n<side>right</side>\n"
                                       "<note>\ntotal can overflow: scale_factor grows by a million per index\n</note>\n<notesplit />\n<end />\n```\n");

QByteArray config(const QString &endpoint, const QString &context, const QString &cacheDir, const QByteArray &aacrExtra = {})
{
    return QStringLiteral("{\"pipeline\":\"aacr\",\"context\":\"%1\",\"retries\":0,\"concurrency\":2,"
                          "\"roles\":{\"reviewer\":{\"endpoint\":\"%2\",\"model\":\"m\"},\"embedding\":{\"endpoint\":\"%2\",\"model\":\"e\"}},"
                          "\"aacr\":{\"cache_dir\":\"%3\"%4}}")
        .arg(context, endpoint, cacheDir, QString::fromUtf8(aacrExtra))
        .toUtf8();
}

AacrHunkPlace placeOf(const QList<std::pair<LineKind, QByteArray>> &lines, int oldStart, int newStart, int newLineCount = 100)
{
    AacrHunkPlace p;
    p.path = "src/a.cpp";
    p.hunk.oldStart = oldStart;
    p.hunk.newStart = newStart;
    int o = oldStart;
    int n = newStart;
    for (const auto &[kind, text] : lines) {
        DiffLine l;
        l.kind = kind;
        l.text = text;
        l.oldLine = kind == LineKind::Added ? 0 : o++;
        l.newLine = kind == LineKind::Deleted ? 0 : n++;
        p.hunk.lines.append(l);
    }
    p.hunk.oldLines = o - oldStart;
    p.hunk.newLines = n - newStart;
    p.oldLineCount = newLineCount;
    p.newLineCount = newLineCount;
    return p;
}

using ChangedFiles = QList<std::pair<QByteArray, int>>; // path, added+deleted lines

} // namespace

Q_DECLARE_METATYPE(ChangedFiles)

class AacrTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void configurationIsStrict_data();
    void configurationIsStrict();
    void configurationRoundTrips();
    void replyIsReadTolerantly_data();
    void replyIsReadTolerantly();
    void replyParserKeepsItsPromisesOnMutatedReplies();
    void snippetIsLocatedByItsWholeTextNearestToThePointedLine_data();
    void snippetIsLocatedByItsWholeTextNearestToThePointedLine();
    void oldSideOfANewFileHasNoLineToPointAt();
    void chunksFollowTheDocumentedRule();
    void bm25RanksAsHandComputedFts5();
    void bm25IndexIsCachedPerTree();
    void embeddingNeighboursOnFixedVectors();
    void hnswFindsTheExactNeighboursOfASmallSet();
    void pathsLeavingTheRepositoryAreRefused_data();
    void pathsLeavingTheRepositoryAreRefused();
    void readFileRangeAnswersEveryRequest_data();
    void readFileRangeAnswersEveryRequest();
    void noContextEndToEnd();
    void bm25ContextEndToEnd();
    void embeddingContextEndToEnd();
    void agentCallsEachToolOnTheHeadCommit();
    void agentToolCallLeavingTheRepositoryIsRefusedAndRecorded();
    void agentThatNeverStopsCallingToolsIsEndedByTheTurnBudget();
    void agentIsEndedByTheTokenBudget();
    void prReplyFindingsArePlacedInTheirFilesHunks();
    void verdictIsReadTolerantly_data();
    void verdictIsReadTolerantly();
    void agentPrConfigurationRoundTrips();
    void agentPrExploresThenSubAgentsConfirmOneFindingAndDropAnother();
    void agentPrMalformedFindingListIsKeptRawAndNothingIsValidated();
    void agentPrFindingsNoSubAgentJudgedAreDroppedWithTheirErrors();
    void agentPrRunReplaysFromItsRecording();
    void agentPrCancelledDuringValidationDropsUnjudgedFindingsAsCancelled();
    void agentPrRunResumedAfterItsExplorationAsksOnlyTheSubAgents();
    void unparsableReplyIsKeptRaw();
    void runnerReportsProgressAndCancels();
    void cliRunsAacrAndReplaysTheRecording();
    void mainLanguageIsTheOneWithMostChangedLines_data();
    void mainLanguageIsTheOneWithMostChangedLines();
    void aacrFileOfARunImportsBackAsTheSameMergeRequest();

private:
    RunRecord run(FakeLlmServer &server, const QString &context, const QByteArray &aacrExtra = {});
    // `reviewdesk-cli review` of the fixture with `configFile`, uncached: its exit code and stderr.
    std::pair<int, QByteArray> reviewCli(const QString &configFile, const QStringList &extra, const QString &out) const;

    QTemporaryDir m_dir;
    QString m_repo;
    std::shared_ptr<MergeRequest> m_mr;
};

void AacrTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_repo = m_dir.filePath(QStringLiteral("repo"));
    FixtureRepo repo(m_repo);
    FixtureRepo::Tree base{{"src/store.cpp", file(StoreBefore)},
                           {"src/util.h", file(Util)},
                           {"tools/report.py", file(Report)},
                           {"docs/notes.md", file("# Notes\nThe store sums values.\n")},
                           {"src/net.cpp", file("int open_socket(int port)\n{\n    return port;\n}\n")}};
    const QByteArray root = repo.commit("main", base, "Initial\n");
    FixtureRepo::Tree head = base;
    head["src/store.cpp"] = file(StoreAfter);
    repo.commit("feature", head, "Scale the values\n\nEach value is scaled by its factor before summing.\n", {root});
    // The work tree holds something else: the tools must not read it.
    QDir().mkpath(m_repo + QStringLiteral("/src"));
    QFile worktree(m_repo + QStringLiteral("/src/util.h"));
    QVERIFY(worktree.open(QIODevice::WriteOnly));
    worktree.write("WORKTREE COPY, NOT COMMITTED\n");
    worktree.close();
    auto mr = MergeRequest::open(m_repo, QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY2(mr, qPrintable(mr ? QString() : mr.error().message));
    m_mr = std::make_shared<MergeRequest>(std::move(mr).value());
    QCOMPARE(m_mr->files.size(), 1);
    QCOMPARE(m_mr->files[0].hunks.size(), 1);
}

RunRecord AacrTest::run(FakeLlmServer &server, const QString &context, const QByteArray &aacrExtra)
{
    auto parsed = AacrRunConfig::fromJson(config(server.endpoint(), context, m_dir.filePath(QStringLiteral("cache")), aacrExtra));
    if (!parsed)
        qFatal("%s", qPrintable(parsed.error().message));
    LlmClient client;
    const AacrRunConfig c = *parsed;
    auto mr = m_mr;
    return waitFor(QtConcurrent::run([&client, mr, c] { return runAacrReview(client, *mr, c); }));
}

std::pair<int, QByteArray> AacrTest::reviewCli(const QString &configFile, const QStringList &extra, const QString &out) const
{
    const GitOutput result = runCli(QStringList{QStringLiteral("review"), QStringLiteral("--repo"), m_repo, QStringLiteral("--base"), QStringLiteral("main"),
                                                QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), configFile,
                                                QStringLiteral("--no-cache"), QStringLiteral("--out"), out}
                                    + extra);
    return std::pair{result.exitCode, result.err};
}

void AacrTest::configurationIsStrict_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray roles = "\"roles\":{\"reviewer\":{\"endpoint\":\"http://127.0.0.1:1/v1\",\"model\":\"m\"}}";
    QTest::newRow("unknown top-level key") << "{\"pipeline\":\"aacr\",\"contxt\":\"bm25\"," + roles + "}" << QStringLiteral("did you mean \"context\"");
    QTest::newRow("unknown aacr key") << "{\"pipeline\":\"aacr\"," + roles + ",\"aacr\":{\"topk\":3}}" << QStringLiteral("did you mean \"aacr.top_k\"");
    QTest::newRow("unknown role") << QByteArray("{\"pipeline\":\"aacr\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"},\"embeding\":{}}}")
                                  << QStringLiteral("did you mean \"roles.embedding\"");
    QTest::newRow("unknown context") << "{\"pipeline\":\"aacr\",\"context\":\"rag\"," + roles + "}" << QStringLiteral("none, bm25, embedding, agent or agent-pr");
    QTest::newRow("embedding without its endpoint") << "{\"pipeline\":\"aacr\",\"context\":\"embedding\"," + roles + "}" << QStringLiteral("needs roles.embedding");
    QTest::newRow("overlap not below lines") << "{\"pipeline\":\"aacr\"," + roles + ",\"aacr\":{\"chunk_lines\":10,\"chunk_overlap\":10}}"
                                             << QStringLiteral("chunk_overlap must be smaller");
    QTest::newRow("top_k out of range") << "{\"pipeline\":\"aacr\"," + roles + ",\"aacr\":{\"top_k\":0}}" << QStringLiteral("\"aacr.top_k\" must be a whole number");
    QTest::newRow("no reviewer") << QByteArray("{\"pipeline\":\"aacr\",\"roles\":{}}") << QStringLiteral("roles.reviewer is missing");
    QTest::newRow("another pipeline") << "{\"pipeline\":\"cqs\"," + roles + "}" << QStringLiteral("must be \"aacr\"");
    QTest::newRow("unknown agent-pr key") << "{\"pipeline\":\"aacr\",\"context\":\"agent-pr\"," + roles + ",\"aacr\":{\"validator_turns\":3}}"
                                          << QStringLiteral("did you mean \"aacr.validator_max_turns\"");
    QTest::newRow("max_findings zero") << "{\"pipeline\":\"aacr\",\"context\":\"agent-pr\"," + roles + ",\"aacr\":{\"max_findings\":0}}"
                                       << QStringLiteral("\"aacr.max_findings\" must be a whole number");
    QTest::newRow("pr_max_turns as text") << "{\"pipeline\":\"aacr\",\"context\":\"agent-pr\"," + roles + ",\"aacr\":{\"pr_max_turns\":\"many\"}}"
                                          << QStringLiteral("\"aacr.pr_max_turns\" must be a whole number");
    QTest::newRow("validator budget too small") << "{\"pipeline\":\"aacr\",\"context\":\"agent-pr\"," + roles + ",\"aacr\":{\"validator_token_budget\":5}}"
                                                << QStringLiteral("\"aacr.validator_token_budget\" must be a whole number");
    QTest::newRow("context spelled agent_pr") << "{\"pipeline\":\"aacr\",\"context\":\"agent_pr\"," + roles + "}"
                                              << QStringLiteral("none, bm25, embedding, agent or agent-pr");
}

void AacrTest::configurationIsStrict()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const auto parsed = AacrRunConfig::fromJson(json);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().message.contains(message), qPrintable(parsed.error().message));
}

void AacrTest::configurationRoundTrips()
{
    const auto parsed = AacrRunConfig::fromJson(config(QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("embedding"), QStringLiteral("/tmp/c"),
                                                       ",\"top_k\":5,\"max_turns\":7,\"chunk_lines\":30,\"chunk_overlap\":5"));
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(parsed->context, AacrContext::Embedding);
    QCOMPARE(parsed->options.topK, 5);
    QCOMPARE(parsed->options.maxTurns, 7);
    QCOMPARE(parsed->options.chunkLines, 30);
    QCOMPARE(parsed->embedding->model, QStringLiteral("e"));
    const auto again = AacrRunConfig::fromJson(parsed->toJson());
    QVERIFY2(again, qPrintable(again ? QString() : again.error().message));
    QCOMPARE(again->toJson(), parsed->toJson());
    // The same settings as a run configuration of the common schema.
    const auto common = RunConfig::fromJson(parsed->toJson());
    QVERIFY2(common, common ? "" : qPrintable(common.error().message));
    QCOMPARE(common->pipeline, PipelineKind::Aacr);
    const auto back = AacrRunConfig::fromRunConfig(*common);
    QVERIFY(back);
    QCOMPARE(back->toJson(), parsed->toJson());
}

void AacrTest::replyIsReadTolerantly_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("count");      // -1: unparsable
    QTest::addColumn<int>("lineStart");
    QTest::addColumn<int>("lineEnd");
    QTest::addColumn<QString>("side");
    QTest::addColumn<bool>("lineValid");
    const QString tagged = QStringLiteral("<diff>\n+    b = a * 2;\n</diff>\n<side>right</side>\n<note>\nb may overflow\n</note>\n<notesplit />\n<end />");
    QTest::newRow("plain") << tagged << 1 << 11 << 11 << QStringLiteral("new") << true;
    QTest::newRow("fenced, prose around") << QStringLiteral("Sure! Here you go:\n```xml\n%1\n```\nLet me know.").arg(tagged) << 1 << 11 << 11 << QStringLiteral("new") << true;
    QTest::newRow("no closing tags, no side")
        << QStringLiteral("<diff>\n+    b = a * 2;\n+    c = b;\n<note>two lines at once") << 1 << 11 << 12 << QStringLiteral("new") << true;
    QTest::newRow("left side") << QStringLiteral("<diff>- b = a;</diff><side>left</side><note>removed</note>") << 1 << 11 << 11 << QStringLiteral("old") << true;
    // Placed nowhere: no line range at all (not the hunk's, not clamped into it).
    QTest::newRow("snippet not in hunk") << QStringLiteral("<diff>+ nothing like this</diff><note>odd</note>") << 1 << 0 << 0 << QStringLiteral("new") << false;
    QTest::newRow("lines outside the file") << QStringLiteral("<path>src/a.cpp</path><side>right</side><from>900</from><to>990</to><note>far away</note>")
                                            << 1 << 0 << 0 << QStringLiteral("new") << false;
    QTest::newRow("agent lines inside") << QStringLiteral("<path>src/a.cpp</path><side>right</side><from>12</from><to>12</to><note>c</note>")
                                        << 1 << 12 << 12 << QStringLiteral("new") << true;
    QTest::newRow("two comments") << tagged + QStringLiteral("\n<diff>+    c = b;</diff><note>c unused</note><notesplit />") << 2 << 11 << 11 << QStringLiteral("new") << true;
    QTest::newRow("json instead") << QStringLiteral("```json\n{\"comments\":[{\"line_start\":12,\"issue\":\"c unused\"}]}\n```") << 1 << 12 << 12 << QStringLiteral("new") << true;
    QTest::newRow("no issues") << QStringLiteral("<end />") << 0 << 0 << 0 << QString() << true;
    QTest::newRow("empty") << QString() << 0 << 0 << 0 << QString() << true;
    QTest::newRow("prose only") << QStringLiteral("I think the change is risky but cannot say why.") << -1 << 0 << 0 << QString() << true;
    QTest::newRow("note tag empty") << QStringLiteral("<diff>+ x</diff><note></note>") << -1 << 0 << 0 << QString() << true;
    QTest::newRow("binary junk") << QString::fromLatin1("\x01\x02<note\xff>>>") << -1 << 0 << 0 << QString() << true;
}

void AacrTest::replyIsReadTolerantly()
{
    QFETCH(QString, reply);
    QFETCH(int, count);
    QFETCH(int, lineStart);
    QFETCH(int, lineEnd);
    QFETCH(QString, side);
    QFETCH(bool, lineValid);
    const AacrHunkPlace place = placeOf({{LineKind::Context, "    a = 1;"},
                                         {LineKind::Deleted, "    b = a;"},
                                         {LineKind::Added, "    b = a * 2;"},
                                         {LineKind::Added, "    c = b;"},
                                         {LineKind::Context, "    return b;"}},
                                        10, 10, 100);
    const AacrParsed parsed = parseAacrReview(reply, place);
    if (count < 0) {
        QVERIFY(!parsed.error.isEmpty());
        QVERIFY(parsed.comments.isEmpty());
        return;
    }
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.comments.size(), count);
    QCOMPARE(parsed.noIssues, count == 0);
    if (count == 0)
        return;
    const ReviewComment &c = parsed.comments.first();
    QCOMPARE(c.lineStart, lineStart);
    QCOMPARE(c.lineEnd, lineEnd);
    QCOMPARE(c.side, side);
    QCOMPARE(c.lineValid, lineValid);
    QCOMPARE(c.file, QStringLiteral("src/a.cpp"));
    QVERIFY(!c.issue.isEmpty());
}

void AacrTest::replyParserKeepsItsPromisesOnMutatedReplies()
{
    // What a fuzzer would do, deterministically: cut, repeat and splice
    // well-formed replies and tags, then check what the parser promises.
    const AacrHunkPlace place = placeOf({{LineKind::Context, "    a = 1;"},
                                         {LineKind::Deleted, "    b = a;"},
                                         {LineKind::Added, "    b = a * 2;"},
                                         {LineKind::Added, "    c = b;"},
                                         {LineKind::Context, "    return b;"}},
                                        10, 10, 12);
    const QStringList seeds = {QStringLiteral("<diff>\n+    b = a * 2;\n</diff>\n<side>right</side>\n<note>\nb may overflow\n</note>\n<notesplit />\n<end />"),
                               QStringLiteral("<path>src/a.cpp</path><side>left</side><from>11</from><to>99999999999</to><note>x</note><notesplit />"),
                               QStringLiteral("```json\n{\"comments\":[{\"line_start\":-5,\"line_end\":\"7\",\"issue\":\"c\",\"side\":\"old\"}]}\n```")};
    const QStringList pieces = {QStringLiteral("<note>"), QStringLiteral("</note>"), QStringLiteral("<diff>"), QStringLiteral("</diff>"), QStringLiteral("<notesplit />"),
                                QStringLiteral("<side>left</side>"), QStringLiteral("<from>-3</from>"), QStringLiteral("<to>2147483647</to>"), QStringLiteral("{\"comments\":["),
                                QStringLiteral("+    c = b;\n"), QString(QChar(0)), QStringLiteral("\u00e9\u4e2d")};
    QRandomGenerator random(1313);
    for (int round = 0; round < 3000; ++round) {
        QString text = seeds[round % seeds.size()];
        for (int m = 0, n = 1 + static_cast<int>(random.bounded(4)); m < n; ++m) {
            const int at = static_cast<int>(random.bounded(static_cast<int>(text.size()) + 1));
            switch (random.bounded(3)) {
            case 0: text.remove(at, static_cast<int>(random.bounded(12))); break;
            case 1: text.insert(at, pieces[random.bounded(static_cast<int>(pieces.size()))]); break;
            default: text.insert(at, text.mid(static_cast<int>(random.bounded(static_cast<int>(text.size()) + 1)), 20)); break;
            }
        }
        const AacrParsed parsed = parseAacrReview(text, place);
        QVERIFY2(parsed.error.isEmpty() != parsed.comments.isEmpty() || parsed.noIssues, qPrintable(text));
        for (const ReviewComment &c : parsed.comments) {
            const bool right = c.side == QLatin1String("new");
            if (c.lineValid)
                QVERIFY2(c.lineStart >= 10 && c.lineEnd >= c.lineStart && c.lineEnd <= (right ? 13 : 12), qPrintable(text));
            else
                QVERIFY2(c.lineStart == 0 && c.lineEnd == 0, qPrintable(text)); // unlocated: no range that could match a reference
            QVERIFY(!c.issue.isEmpty());
        }
    }
}

void AacrTest::snippetIsLocatedByItsWholeTextNearestToThePointedLine_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("lineStart"); // 0: unlocated
    QTest::addColumn<int>("lineEnd");
    QTest::addColumn<bool>("lineValid");
    const auto diff = [](const QString &snippet, const QString &extra = {}) {
        return QStringLiteral("<diff>\n%1\n</diff>\n<side>right</side>%2\n<note>a finding</note>\n<end />").arg(snippet, extra);
    };
    QTest::newRow("a lone } is the first } of the hunk, not a span") << diff(QStringLiteral(" }")) << 22 << 22 << true;
    QTest::newRow("a lone } nearest to the pointed line") << diff(QStringLiteral("+}"), QStringLiteral("<from>25</from><to>25</to>")) << 25 << 25 << true;
    QTest::newRow("repeated line, pointed at the second") << diff(QStringLiteral("+    x = 1;"), QStringLiteral("<from>24</from>")) << 24 << 24 << true;
    QTest::newRow("repeated line, pointed at the first") << diff(QStringLiteral("+    x = 1;"), QStringLiteral("<from>20</from>")) << 21 << 21 << true;
    QTest::newRow("repeated line, pointed nowhere: the first") << diff(QStringLiteral("+    x = 1;")) << 21 << 21 << true;
    QTest::newRow("two lines found whole") << diff(QStringLiteral("+if (b) {\n+    x = 1;")) << 23 << 24 << true;
    QTest::newRow("whitespace inside lines does not count") << diff(QStringLiteral("+if (b)   {\n+        x =  1;")) << 23 << 24 << true;
    QTest::newRow("only some lines in the hunk: not found") << diff(QStringLiteral("+}\n+    y = 2;")) << 0 << 0 << false;
    QTest::newRow("lines out of order: not found") << diff(QStringLiteral("+}\n+if (b) {\n+}")) << 0 << 0 << false;
    QTest::newRow("snippet not found, lines given: unlocated") << diff(QStringLiteral("+    z = 3;"), QStringLiteral("<from>21</from><to>21</to>")) << 0 << 0 << false;
    QTest::newRow("no snippet, lines inside") << QStringLiteral("<side>right</side><from>21</from><to>22</to><note>n</note>") << 21 << 22 << true;
    QTest::newRow("no snippet, lines past the hunk: not clamped")
        << QStringLiteral("<side>right</side><from>25</from><to>30</to><note>n</note>") << 0 << 0 << false;
    QTest::newRow("no snippet, lines before the hunk: not clamped") << QStringLiteral("<side>right</side><from>3</from><to>4</to><note>n</note>") << 0 << 0 << false;
    QTest::newRow("another file named") << QStringLiteral("<path>src/b.cpp</path><side>right</side><from>21</from><to>21</to><note>n</note>") << 0 << 0 << false;
}

void AacrTest::snippetIsLocatedByItsWholeTextNearestToThePointedLine()
{
    QFETCH(QString, reply);
    QFETCH(int, lineStart);
    QFETCH(int, lineEnd);
    QFETCH(bool, lineValid);
    const AacrHunkPlace place = placeOf({{LineKind::Context, "if (a) {"},
                                         {LineKind::Added, "    x = 1;"},
                                         {LineKind::Context, "}"},
                                         {LineKind::Added, "if (b) {"},
                                         {LineKind::Added, "    x = 1;"},
                                         {LineKind::Added, "}"},
                                         {LineKind::Context, "return x;"}},
                                        20, 20, 100);
    const AacrParsed parsed = parseAacrReview(reply, place);
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.comments.size(), 1);
    const ReviewComment &c = parsed.comments.first();
    QCOMPARE(c.lineStart, lineStart);
    QCOMPARE(c.lineEnd, lineEnd);
    QCOMPARE(c.lineValid, lineValid);
    if (!lineValid)
        QVERIFY2(!c.history.last().note.isEmpty(), "an unlocated comment says why");
}

void AacrTest::oldSideOfANewFileHasNoLineToPointAt()
{
    // A new file's hunk: @@ -0,0 +1,2 @@, nothing on the left.
    const AacrHunkPlace place = placeOf({{LineKind::Added, "int a;"}, {LineKind::Added, "int b;"}}, 0, 1, 2);
    const AacrParsed left = parseAacrReview(QStringLiteral("<side>left</side><from>1</from><to>1</to><note>n</note>"), place);
    QCOMPARE(left.comments.size(), 1);
    QVERIFY(!left.comments[0].lineValid);
    QCOMPARE(left.comments[0].lineStart, 0);
    const AacrParsed right = parseAacrReview(QStringLiteral("<side>right</side><from>2</from><to>2</to><note>n</note>"), place);
    QCOMPARE(right.comments.size(), 1);
    QVERIFY(right.comments[0].lineValid);
    QCOMPARE(right.comments[0].lineStart, 2);
}

void AacrTest::chunksFollowTheDocumentedRule()
{
    QByteArray content;
    for (int i = 1; i <= 100; ++i)
        content += "line " + QByteArray::number(i) + '\n';
    const QList<CodeChunk> chunks = chunkFile("f.txt", ObjectId(), content, {40, 10, 1 << 20});
    QCOMPARE(chunks.size(), 3);
    QCOMPARE(chunks[0].lineStart, 1);
    QCOMPARE(chunks[0].lineEnd, 40);
    QCOMPARE(chunks[1].lineStart, 31);
    QCOMPARE(chunks[1].lineEnd, 70);
    QCOMPARE(chunks[2].lineStart, 61);
    QCOMPARE(chunks[2].lineEnd, 100);
    QVERIFY(chunks[1].text.startsWith(QStringLiteral("line 31\n")));
    QVERIFY(chunks[2].text.endsWith(QStringLiteral("line 100\n")));
    QVERIFY(!isTextContent(QByteArray("ab\0cd", 5)));
}

void AacrTest::bm25RanksAsHandComputedFts5()
{
    // Six documents; the query "token buffer". FTS5's bm25 (k1 1.2, b 0.75):
    // N = 6, lengths 4 3 6 3 4 1 (parse_token is one token), avgdl 21/6 = 3.5.
    // "token" is in d1, d3 and "buffer" in d2, d3: idf = ln((6-2+0.5)/(2+0.5)) = ln 1.8 = 0.587787.
    //   d1: token f=2, D=4: 0.587787*2*2.2 / (2 + 1.2*(0.25+0.75*4/3.5))          = 0.776991
    //   d2: buffer f=1, D=3: 0.587787*2.2 / (1 + 1.2*(0.25+0.75*3/3.5))           = 0.624269
    //   d3: token f=1, buffer f=3, D=6, K = 1.2*(0.25+0.75*6/3.5) = 1.842857:
    //       0.587787*2.2/(1+K) + 0.587787*3*2.2/(3+K) = 0.454867 + 0.801055     = 1.255922
    // So d3, d1, d2; d4-d6 do not match.
    const QStringList texts = {QStringLiteral("parse token token stream"), QStringLiteral("parse_token stream buffer"),
                               QStringLiteral("token buffer buffer buffer overflow check"), QStringLiteral("render widget paint"),
                               QStringLiteral("network socket read write"), QStringLiteral("stream")};
    QList<CodeChunk> chunks;
    for (int i = 0; i < texts.size(); ++i)
        chunks.append({"d" + QByteArray::number(i + 1), ObjectId(), 0, 1, 1, texts[i]});
    auto index = Bm25Index::build(chunks, m_dir.filePath(QStringLiteral("hand.sqlite")));
    QVERIFY2(index, qPrintable(index ? QString() : index.error().message));
    QCOMPARE(index->chunkCount(), 6);
    const QList<RetrievedChunk> found = index->query(QStringLiteral("Token BUFFER"), 10);
    QCOMPARE(found.size(), 3);
    QCOMPARE(found[0].path, QByteArray("d3"));
    QCOMPARE(found[1].path, QByteArray("d1"));
    QCOMPARE(found[2].path, QByteArray("d2"));
    QVERIFY2(std::abs(found[0].score - 1.255922) < 1e-4, qPrintable(QString::number(found[0].score, 'f', 6)));
    QVERIFY2(std::abs(found[1].score - 0.776991) < 1e-4, qPrintable(QString::number(found[1].score, 'f', 6)));
    QVERIFY2(std::abs(found[2].score - 0.624269) < 1e-4, qPrintable(QString::number(found[2].score, 'f', 6)));
    // FTS5 itself (MATCH ... ORDER BY rank) gives the same order and scores.
    const QList<RetrievedChunk> byFts5 = index->queryRankedByFts5(QStringLiteral("Token BUFFER"), 10);
    QCOMPARE(byFts5.size(), found.size());
    for (qsizetype i = 0; i < found.size(); ++i) {
        QCOMPARE(byFts5[i].path, found[i].path);
        QVERIFY2(std::abs(byFts5[i].score - found[i].score) < 1e-9, qPrintable(QStringLiteral("%1 %2").arg(byFts5[i].score).arg(found[i].score)));
    }
    // top-k and the exclusion of a hunk's own chunk.
    QCOMPARE(index->query(QStringLiteral("token buffer"), 1).size(), 1);
    const QList<RetrievedChunk> withoutD3 = index->query(QStringLiteral("token buffer"), 10, {"d3", 1, 1});
    QCOMPARE(withoutD3.size(), 2);
    QCOMPARE(withoutD3[0].path, QByteArray("d1"));
    QCOMPARE(Bm25Index::matchExpression(QStringLiteral("a->parse_token(x, y)")), QStringLiteral("\"parse_token\""));
    // "stream" is in three of six chunks: FTS5's idf floor, left out of the query.
    QCOMPARE(index->selectiveTerms(QStringLiteral("token stream buffer")), (QStringList{QStringLiteral("token"), QStringLiteral("buffer")}));
    QCOMPARE(index->selectiveTerms(QStringLiteral("stream")), QStringList{QStringLiteral("stream")}); // only common words: the rarest
}

void AacrTest::bm25IndexIsCachedPerTree()
{
    const QString cache = m_dir.filePath(QStringLiteral("tree-cache"));
    bool built = false;
    auto first = Bm25Index::openOrBuild(m_mr->repository, m_mr->head, {}, cache, &built);
    QVERIFY2(first, qPrintable(first ? QString() : first.error().message));
    QVERIFY(built);
    QCOMPARE(first->chunkCount(), 5); // five small files, one chunk each
    auto second = Bm25Index::openOrBuild(m_mr->repository, m_mr->head, {}, cache, &built);
    QVERIFY(second);
    QVERIFY(!built);
    QCOMPARE(second->file(), first->file());
    QVERIFY(second->file().contains(QString::fromLatin1(m_mr->repository.treeId(m_mr->head)->toHex())));
    // Another tree (the base) is another index.
    auto base = Bm25Index::openOrBuild(m_mr->repository, m_mr->base, {}, cache, &built);
    QVERIFY(base);
    QVERIFY(built);
    QVERIFY(base->file() != first->file());
}

void AacrTest::embeddingNeighboursOnFixedVectors()
{
    // Cosine similarity to (1, 0, 0): v0 1, v3 0.8, v1 0.6 (3-4-5), v2 0, v4 -1.
    const std::vector<std::vector<float>> vectors = {{2, 0, 0}, {3, 4, 0}, {0, 0, 5}, {4, 3, 0}, {-1, 0, 0}};
    auto nn = NearestNeighbours::build(vectors, 100);
    QVERIFY(nn);
    QVERIFY(!nn->isApproximate());
    const auto hits = nn->search({1, 0, 0}, 3);
    QCOMPARE(hits.size(), 3);
    QCOMPARE(hits[0].index, 0);
    QCOMPARE(hits[1].index, 3);
    QCOMPARE(hits[2].index, 1);
    QVERIFY(std::abs(hits[0].score - 1.0f) < 1e-6f);
    QVERIFY(std::abs(hits[1].score - 0.8f) < 1e-6f);
    QVERIFY(std::abs(hits[2].score - 0.6f) < 1e-6f);
    QVERIFY(nn->search({1, 0}, 3).isEmpty()); // another length: nothing, no crash
    QVERIFY(!NearestNeighbours::build({{1, 0}, {1, 0, 0}}, 100));
}

void AacrTest::hnswFindsTheExactNeighboursOfASmallSet()
{
    std::vector<std::vector<float>> vectors;
    for (int i = 0; i < 200; ++i)
        vectors.push_back({std::cos(i * 0.031f), std::sin(i * 0.031f), 0.01f * (i % 7)});
    auto graph = NearestNeighbours::build(vectors, 10); // above the limit: HNSW
    QVERIFY(graph);
    QVERIFY(graph->isApproximate());
    const std::vector<float> query{std::cos(1.0f), std::sin(1.0f), 0.0f};
    const auto approximate = graph->search(query, 5);
    const auto exact = graph->searchExact(query, 5);
    QCOMPARE(approximate.size(), 5);
    for (int i = 0; i < 5; ++i)
        QCOMPARE(approximate[i].index, exact[i].index);
}

void AacrTest::pathsLeavingTheRepositoryAreRefused_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("refused");
    QTest::newRow("parent") << QStringLiteral("../outside.txt") << true;
    QTest::newRow("absolute") << QStringLiteral("/etc/passwd") << true;
    QTest::newRow("inner parent") << QStringLiteral("src/../../x") << true;
    QTest::newRow("home") << QStringLiteral("~/.ssh/id_rsa") << true;
    QTest::newRow("drive") << QStringLiteral("C:\\Windows") << true;
    QTest::newRow("backslash parent") << QStringLiteral("src\\..\\..\\x") << true;
    QTest::newRow("plain") << QStringLiteral("src/util.h") << false;
    QTest::newRow("dot") << QStringLiteral("./src//util.h") << false;
}

void AacrTest::pathsLeavingTheRepositoryAreRefused()
{
    QFETCH(QString, path);
    QFETCH(bool, refused);
    QCOMPARE(!RepositoryTools::repositoryPath(path).has_value(), refused);
    RepositoryTools tools(m_mr->repository, m_mr->head, Bm25Index(), 4000);
    QVERIFY(tools.load());
    const auto outcome = tools.call(QStringLiteral("read_file"), QStringLiteral("{\"path\":%1}").arg(QString::fromUtf8(QJsonDocument(QJsonArray{path}).toJson(QJsonDocument::Compact).mid(1).chopped(1))));
    QCOMPARE(outcome.refused, refused);
    if (!refused)
        QVERIFY(outcome.result.contains(QStringLiteral("scale_factor")));
}

// Whatever range a model asks read_file for, it gets lines or an error saying
// what is wrong, never an empty answer (found by the tool_call fuzz target: a
// reversed range answered nothing).
void AacrTest::readFileRangeAnswersEveryRequest_data()
{
    QTest::addColumn<QString>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("lines 3-5") << QStringLiteral("\"from\":3,\"to\":5") << QStringLiteral("    3 inline int scale_factor(int index)");
    QTest::newRow("to past the end") << QStringLiteral("\"from\":3,\"to\":100000") << QStringLiteral("    5     return index * 1000000;");
    QTest::newRow("negative from") << QStringLiteral("\"from\":-7,\"to\":3") << QStringLiteral("    3 inline int scale_factor(int index)");
    QTest::newRow("bounds as strings") << QStringLiteral("\"from\":\"3\",\"to\":\"3\"") << QStringLiteral("    3 inline int scale_factor(int index)");
    QTest::newRow("reversed") << QStringLiteral("\"from\":5,\"to\":4")
                              << QStringLiteral("error: the range 5-4 of src/util.h is empty (\"to\" is before \"from\")");
    QTest::newRow("from past the end") << QStringLiteral("\"from\":100000") << QStringLiteral("error: src/util.h has ");
}

void AacrTest::readFileRangeAnswersEveryRequest()
{
    QFETCH(QString, arguments);
    QFETCH(QString, expected);
    RepositoryTools tools(m_mr->repository, m_mr->head, Bm25Index(), 4000);
    QVERIFY(tools.load());
    const auto outcome = tools.call(QStringLiteral("read_file"), QStringLiteral("{\"path\":\"src/util.h\",%1}").arg(arguments));
    QVERIFY(!outcome.refused);
    QVERIFY2(outcome.result.contains(expected), qPrintable(outcome.result));
}

void AacrTest::noContextEndToEnd()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(Finding); });
    const RunRecord r = run(server, QStringLiteral("none"));
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(server.requests().size(), 1);
    const QByteArray body = server.requests()[0].body;
    QVERIFY(body.contains("Scale the values"));
    QVERIFY(body.contains("Each value is scaled by its factor"));
    QVERIFY(!body.contains("Relevant Code Context"));
    QCOMPARE(r.comments.size(), 1);
    const ReviewComment &c = r.comments[0];
    QCOMPARE(c.file, QStringLiteral("src/store.cpp"));
    QCOMPARE(c.lineStart, 7);
    QCOMPARE(c.side, QStringLiteral("new"));
    QVERIFY(c.lineValid);
    QVERIFY(c.kept);
    QVERIFY(c.issue.contains(QStringLiteral("overflow")));
    QCOMPARE(r.retrieval.size(), 1);
    QVERIFY(r.retrieval[0].chunks.isEmpty());
    const QJsonObject doc = QJsonDocument::fromJson(r.toJson()).object();
    QCOMPARE(doc.value(QStringLiteral("run")).toObject().value(QStringLiteral("config")).toObject().value(QStringLiteral("pipeline")).toString(), QStringLiteral("aacr"));
    QCOMPARE(doc.value(QStringLiteral("comments")).toArray().size(), 1);
}

void AacrTest::bm25ContextEndToEnd()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(Finding); });
    const RunRecord r = run(server, QStringLiteral("bm25"));
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(r.retrieval.size(), 1);
    const QList<RetrievedChunk> &chunks = r.retrieval[0].chunks;
    QVERIFY(!chunks.isEmpty());
    // util.h shares "scale_factor", report.py "total" (each in two of the
    // five chunks); net.cpp and notes.md share only words in three or more
    // ("int", "values"), which the query leaves out.
    QCOMPARE(chunks.size(), 2);
    QList<QByteArray> paths;
    for (const RetrievedChunk &c : chunks)
        paths << c.path;
    QVERIFY(paths.contains("src/util.h"));
    QVERIFY(paths.contains("tools/report.py"));
    for (qsizetype i = 1; i < chunks.size(); ++i)
        QVERIFY(chunks[i - 1].score >= chunks[i].score);
    for (const RetrievedChunk &c : chunks)
        QVERIFY(c.path != "src/store.cpp"); // the hunk's own lines are no context
    const QByteArray body = server.requests().constLast().body;
    QVERIFY(body.contains("Relevant Code Context"));
    QVERIFY(body.contains("src/util.h (lines 1-6)"));
    QVERIFY(body.contains("index * 1000000"));
    QCOMPARE(r.comments.size(), 1);
    QCOMPARE(r.comments[0].lineStart, 7);
    const QJsonArray retrieval = QJsonDocument::fromJson(r.toJson()).object().value(QStringLiteral("retrieval")).toArray();
    QCOMPARE(retrieval.size(), 1);
    QCOMPARE(retrieval[0].toObject().value(QStringLiteral("chunks")).toArray().size(), chunks.size());
}

void AacrTest::embeddingContextEndToEnd()
{
    FakeLlmServer server;
    int embeddingRequests = 0;
    server.setResponder([&embeddingRequests](const FakeLlmServer::Request &request) {
        if (request.path.endsWith("/embeddings")) {
            ++embeddingRequests;
            return FakeLlmServer::hashedEmbeddings(request);
        }
        return FakeLlmServer::completion(Finding);
    });
    const RunRecord r = run(server, QStringLiteral("embedding"), ",\"embedding_batch\":2");
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    // Five chunks in batches of two, then the one hunk.
    QCOMPARE(embeddingRequests, 4);
    const QList<RetrievedChunk> &chunks = r.retrieval[0].chunks;
    QCOMPARE(chunks.size(), 3);
    for (qsizetype i = 1; i < chunks.size(); ++i)
        QVERIFY(chunks[i - 1].score >= chunks[i].score);
    for (const RetrievedChunk &c : chunks)
        QVERIFY(c.path != "src/store.cpp");
    QVERIFY(server.requests().constLast().body.contains("Relevant Code Context"));
    QCOMPARE(r.comments.size(), 1);
    // Vectors are cached by blob: a second run embeds only the hunk.
    embeddingRequests = 0;
    const RunRecord again = run(server, QStringLiteral("embedding"), ",\"embedding_batch\":2");
    QVERIFY2(again.errors.isEmpty(), qPrintable(again.errors.join(QLatin1Char('\n'))));
    QCOMPARE(embeddingRequests, 1);
    QCOMPARE(again.retrieval[0].chunks.size(), 3);
    QCOMPARE(again.retrieval[0].chunks[0].path, chunks[0].path);
}

void AacrTest::agentCallsEachToolOnTheHeadCommit()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (FakeLlmServer::toolResults(request).isEmpty())
            return FakeLlmServer::toolCalls({{QStringLiteral("c1"), QStringLiteral("read_file"), QStringLiteral("{\"path\":\"src/util.h\",\"from\":3,\"to\":5}")},
                                             {QStringLiteral("c2"), QStringLiteral("search"), QStringLiteral("{\"text\":\"scale_factor\"}")},
                                             {QStringLiteral("c3"), QStringLiteral("list_dir"), QStringLiteral("{\"path\":\"src\"}")},
                                             {QStringLiteral("c4"), QStringLiteral("find_definition"), QStringLiteral("{\"symbol\":\"scale_factor\"}")},
                                             {QStringLiteral("c5"), QStringLiteral("find_definition"), QStringLiteral("{\"symbol\":\"summarize\"}")}});
        return FakeLlmServer::completion(QStringLiteral("<path>src/store.cpp</path>\n<side>right</side>\n<from>7</from>\n<to>7</to>\n"
                                                        "<note>scale_factor(i) returns i * 1000000: total overflows int</note>\n<notesplit />"));
    });
    const RunRecord r = run(server, QStringLiteral("agent"));
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    QCOMPARE(server.requests().size(), 2);
    QCOMPARE(FakeLlmServer::toolNames(server.requests()[0]),
             (QStringList{QStringLiteral("read_file"), QStringLiteral("search"), QStringLiteral("list_dir"), QStringLiteral("find_definition")}));
    const HunkRetrieval &h = r.retrieval[0];
    QCOMPARE(h.toolCalls.size(), 5);
    QCOMPARE(h.stopReason, QStringLiteral("answered"));
    QCOMPARE(h.turns, 2);
    for (const AgentToolCall &call : h.toolCalls)
        QVERIFY2(!call.refused, qPrintable(call.result));
    // read_file: lines 3-5 of the committed file, not the work tree's copy.
    QVERIFY(h.toolCalls[0].result.contains(QStringLiteral("3 inline int scale_factor(int index)")));
    QVERIFY(h.toolCalls[0].result.contains(QStringLiteral("5     return index * 1000000;")));
    QVERIFY(!h.toolCalls[0].result.contains(QStringLiteral("WORKTREE")));
    QVERIFY(!h.toolCalls[0].result.contains(QStringLiteral("#pragma once")));
    QVERIFY(h.toolCalls[1].result.contains(QStringLiteral("src/util.h:3:")));
    QVERIFY(h.toolCalls[1].result.contains(QStringLiteral("src/store.cpp:7:")));
    QCOMPARE(h.toolCalls[2].result, QStringLiteral("net.cpp\nstore.cpp\nutil.h\n"));
    QVERIFY2(h.toolCalls[3].result.contains(QStringLiteral("src/util.h:3-6 (FunctionDecl)")), qPrintable(h.toolCalls[3].result));
    QVERIFY2(h.toolCalls[4].result.contains(QStringLiteral("tools/report.py:3-")), qPrintable(h.toolCalls[4].result));
    // The second request carries every answer, in order.
    const QStringList results = FakeLlmServer::toolResults(server.requests()[1]);
    QCOMPARE(results.size(), 5);
    QCOMPARE(results[2], h.toolCalls[2].result);
    QCOMPARE(r.comments.size(), 1);
    QCOMPARE(r.comments[0].lineStart, 7);
    QVERIFY(r.comments[0].lineValid);
    // Recorded in the run: the tool calls and the exchanges' tool messages.
    const QJsonObject doc = QJsonDocument::fromJson(r.toJson()).object();
    const QJsonArray calls = doc.value(QStringLiteral("retrieval")).toArray()[0].toObject().value(QStringLiteral("tool_calls")).toArray();
    QCOMPARE(calls.size(), 5);
    QCOMPARE(calls[3].toObject().value(QStringLiteral("name")).toString(), QStringLiteral("find_definition"));
    const QJsonArray exchanges = doc.value(QStringLiteral("run")).toObject().value(QStringLiteral("exchanges")).toArray();
    QCOMPARE(exchanges.size(), 2);
    QCOMPARE(exchanges[0].toObject().value(QStringLiteral("tool_calls")).toArray().size(), 5);
}

void AacrTest::agentToolCallLeavingTheRepositoryIsRefusedAndRecorded()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (FakeLlmServer::toolResults(request).isEmpty())
            return FakeLlmServer::toolCalls({{QStringLiteral("x1"), QStringLiteral("read_file"), QStringLiteral("{\"path\":\"../../../etc/passwd\"}")},
                                             {QStringLiteral("x2"), QStringLiteral("list_dir"), QStringLiteral("{\"path\":\"/\"}")},
                                             {QStringLiteral("x3"), QStringLiteral("run_shell"), QStringLiteral("{\"cmd\":\"ls\"}")}});
        return FakeLlmServer::completion(QStringLiteral("<end />"));
    });
    const RunRecord r = run(server, QStringLiteral("agent"));
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    const HunkRetrieval &h = r.retrieval[0];
    QCOMPARE(h.toolCalls.size(), 3);
    for (const AgentToolCall &call : h.toolCalls) {
        QVERIFY2(call.refused, qPrintable(call.name));
        QVERIFY(call.result.startsWith(QStringLiteral("refused")));
        QVERIFY(!call.result.contains(QStringLiteral("root:")));
    }
    QVERIFY(r.comments.isEmpty());
    QVERIFY(QJsonDocument::fromJson(r.toJson()).object().value(QStringLiteral("retrieval")).toArray()[0].toObject().value(QStringLiteral("tool_calls"))
                .toArray()[0]
                .toObject()
                .value(QStringLiteral("refused"))
                .toBool());
}

void AacrTest::agentThatNeverStopsCallingToolsIsEndedByTheTurnBudget()
{
    FakeLlmServer server;
    // Tool calls for every request, even the last one that offers no tools.
    server.setResponder([](const FakeLlmServer::Request &request) {
        return FakeLlmServer::toolCalls({{QStringLiteral("t%1").arg(FakeLlmServer::toolResults(request).size()), QStringLiteral("list_dir"),
                                          QStringLiteral("{\"path\":\"\"}")}});
    });
    const RunRecord r = run(server, QStringLiteral("agent"), ",\"max_turns\":3");
    const HunkRetrieval &h = r.retrieval[0];
    QCOMPARE(h.stopReason, QStringLiteral("max_turns"));
    QCOMPARE(h.toolCalls.size(), 3);
    QCOMPARE(h.turns, 4); // three with tools, one asking for the answer
    QCOMPARE(server.requests().size(), 4);
    QVERIFY(FakeLlmServer::toolNames(server.requests().constLast()).isEmpty());
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors[0].contains(QStringLiteral("kept calling tools")), qPrintable(r.errors[0]));
    QVERIFY(r.comments.isEmpty());
}

void AacrTest::agentIsEndedByTheTokenBudget()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (FakeLlmServer::toolNames(request).isEmpty())
            return FakeLlmServer::completion(QStringLiteral("<end />"));
        return FakeLlmServer::toolCalls({{QStringLiteral("s"), QStringLiteral("search"), QStringLiteral("{\"text\":\"total\"}")}}, {}, 4000, 10);
    });
    const RunRecord r = run(server, QStringLiteral("agent"), ",\"max_turns\":50,\"token_budget\":10000");
    const HunkRetrieval &h = r.retrieval[0];
    QCOMPARE(h.stopReason, QStringLiteral("token_budget"));
    QCOMPARE(h.toolCalls.size(), 3); // 4010, 8020, 12030 tokens: the third passes 10000
    QCOMPARE(h.turns, 4);
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
}

void AacrTest::prReplyFindingsArePlacedInTheirFilesHunks()
{
    AacrHunkPlace a = placeOf({{LineKind::Context, "int a;"}, {LineKind::Added, "int b;"}}, 10, 10);
    AacrHunkPlace b = placeOf({{LineKind::Added, "int c;"}}, 40, 40);
    AacrHunkPlace other = placeOf({{LineKind::Added, "x = 1"}}, 1, 1);
    other.path = "tools/b.py";
    const QString reply = QStringLiteral("<path>src/a.cpp</path><side>right</side><from>40</from><to>40</to><note>second hunk</note><notesplit />"
                                         "<path>tools/b.py</path><side>right</side><from>1</from><to>1</to><note>python</note><notesplit />"
                                         "<path>src/a.cpp</path><side>right</side><from>25</from><to>26</to><note>between hunks</note><notesplit />"
                                         "<path>src/unchanged.cpp</path><side>right</side><from>3</from><to>3</to><note>elsewhere</note><notesplit />");
    const AacrParsed parsed = parseAacrPrReview(reply, {a, b, other});
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.comments.size(), 4);
    QCOMPARE(parsed.comments[0].file, QStringLiteral("src/a.cpp"));
    QCOMPARE(parsed.comments[0].lineStart, 40);
    QVERIFY(parsed.comments[0].located());
    QCOMPARE(parsed.comments[1].file, QStringLiteral("tools/b.py"));
    QCOMPARE(parsed.comments[1].lineStart, 1);
    QVERIFY(!parsed.comments[2].located());
    QCOMPARE(parsed.comments[2].lineStart, 0);
    QVERIFY2(parsed.comments[2].history.last().note.contains(QStringLiteral("outside the changed hunks of src/a.cpp")),
             qPrintable(parsed.comments[2].history.last().note));
    QVERIFY(!parsed.comments[3].located());
    QCOMPARE(parsed.comments[3].file, QStringLiteral("src/unchanged.cpp"));
    QVERIFY(parsed.comments[3].history.last().note.contains(QStringLiteral("not a file the pull request changes")));
    QVERIFY(parseAacrPrReview(QStringLiteral("<end />"), {a}).noIssues);
    QVERIFY(!parseAacrPrReview(QStringLiteral("Several problems, see above {"), {a}).error.isEmpty());
}

void AacrTest::verdictIsReadTolerantly_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<bool>("answered");
    QTest::addColumn<bool>("confirmed");
    QTest::addColumn<QString>("reason"); // answered: the reason; else: part of the error
    QTest::newRow("tags") << QStringLiteral("<verdict>confirm</verdict>\n<reason>it overflows</reason>") << true << true << QStringLiteral("it overflows");
    QTest::newRow("upper case, fenced, drop") << QStringLiteral("```\n<VERDICT> DROP </VERDICT><reason>checked above</reason>\n```") << true << false
                                              << QStringLiteral("checked above");
    QTest::newRow("confirmed, no reason tag") << QStringLiteral("<verdict>confirmed</verdict> it is real") << true << true
                                              << QStringLiteral("<verdict>confirmed</verdict> it is real");
    QTest::newRow("json") << QStringLiteral("{\"verdict\": \"Drop\", \"reason\": \"pre-existing\"}") << true << false << QStringLiteral("pre-existing");
    QTest::newRow("no verdict") << QStringLiteral("I believe this is probably an issue.") << false << false << QStringLiteral("no verdict");
    QTest::newRow("neither word") << QStringLiteral("<verdict>maybe</verdict>") << false << false << QStringLiteral("\"maybe\" is neither confirm nor drop");
    QTest::newRow("empty") << QString() << false << false << QStringLiteral("no verdict");
}

void AacrTest::verdictIsReadTolerantly()
{
    QFETCH(QString, reply);
    QFETCH(bool, answered);
    QFETCH(bool, confirmed);
    QFETCH(QString, reason);
    const AacrVerdict v = parseAacrVerdict(reply);
    QCOMPARE(v.answered, answered);
    QCOMPARE(v.confirmed, confirmed);
    if (answered) {
        QVERIFY(v.error.isEmpty());
        QCOMPARE(v.reason, reason);
    } else {
        QVERIFY2(v.error.contains(reason), qPrintable(v.error));
    }
}

void AacrTest::agentPrConfigurationRoundTrips()
{
    const auto parsed = AacrRunConfig::fromJson(config(QStringLiteral("http://127.0.0.1:9/v1"), QStringLiteral("agent-pr"), QStringLiteral("/tmp/c"),
                                                       ",\"pr_max_turns\":12,\"pr_token_budget\":90000,\"max_findings\":4,"
                                                       "\"validator_max_turns\":3,\"validator_token_budget\":20000"));
    QVERIFY2(parsed, qPrintable(parsed ? QString() : parsed.error().message));
    QCOMPARE(parsed->context, AacrContext::AgentPr);
    QCOMPARE(parsed->options.prMaxTurns, 12);
    QCOMPARE(parsed->options.prTokenBudget, 90000);
    QCOMPARE(parsed->options.maxFindings, 4);
    QCOMPARE(parsed->options.validatorMaxTurns, 3);
    QCOMPARE(parsed->options.validatorTokenBudget, 20000);
    const auto common = RunConfig::fromJson(parsed->toJson());
    QVERIFY2(common, common ? "" : qPrintable(common.error().message));
    QCOMPARE(common->context, QStringLiteral("agent-pr"));
    const auto back = AacrRunConfig::fromRunConfig(*common);
    QVERIFY(back);
    QCOMPARE(back->options, parsed->options);
    QCOMPARE(back->toJson(), parsed->toJson());
}

namespace {

// The whole-PR agent's two findings in the fixture's one hunk (lines 4-9 of src/store.cpp).
const QString TwoFindings = QStringLiteral("<path>src/store.cpp</path>\n<side>right</side>\n<from>7</from>\n<to>7</to>\n"
                                           "<note>scale_factor(i) returns i * 1000000: total overflows int</note>\n<notesplit />\n"
                                           "<path>src/store.cpp</path>\n<side>right</side>\n<from>5</from>\n<to>5</to>\n"
                                           "<note>total is never initialised</note>\n<notesplit />\n");

bool isValidator(const FakeLlmServer::Request &request)
{
    return request.body.contains("You are a validation agent");
}

} // namespace

void AacrTest::agentPrExploresThenSubAgentsConfirmOneFindingAndDropAnother()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        const bool explored = !FakeLlmServer::toolResults(request).isEmpty();
        if (!isValidator(request)) {
            if (!explored)
                return FakeLlmServer::toolCalls({{QStringLiteral("e1"), QStringLiteral("read_file"), QStringLiteral("{\"path\":\"src/util.h\",\"from\":3,\"to\":5}")},
                                                 {QStringLiteral("e2"), QStringLiteral("search"), QStringLiteral("{\"text\":\"sum_values\"}")}});
            return FakeLlmServer::completion(TwoFindings);
        }
        if (request.body.contains("overflows int")) {
            if (!explored)
                return FakeLlmServer::toolCalls({{QStringLiteral("v1"), QStringLiteral("find_definition"), QStringLiteral("{\"symbol\":\"scale_factor\"}")}});
            return FakeLlmServer::completion(QStringLiteral("<verdict>confirm</verdict>\n<reason>scale_factor returns index * 1000000</reason>"));
        }
        if (!explored)
            return FakeLlmServer::toolCalls({{QStringLiteral("v2"), QStringLiteral("read_file"), QStringLiteral("{\"path\":\"src/store.cpp\",\"from\":5,\"to\":5}")}});
        return FakeLlmServer::completion(QStringLiteral("<verdict>drop</verdict>\n<reason>line 5 sets total to 0</reason>"));
    });
    const RunRecord r = run(server, QStringLiteral("agent-pr"));
    QVERIFY2(r.errors.isEmpty(), qPrintable(r.errors.join(QLatin1Char('\n'))));
    // Two explorer turns, then two turns per sub-agent.
    QCOMPARE(server.requests().size(), 6);
    const FakeLlmServer::Request &first = server.requests()[0];
    QVERIFY(!isValidator(first));
    QCOMPARE(FakeLlmServer::toolNames(first),
             (QStringList{QStringLiteral("read_file"), QStringLiteral("search"), QStringLiteral("list_dir"), QStringLiteral("find_definition")}));
    QVERIFY(first.body.contains("Scale the values"));
    QVERIFY(first.body.contains("Each value is scaled by its factor"));
    QVERIFY(first.body.contains("+++ b/src/store.cpp"));
    QVERIFY(first.body.contains("+        total += values[i] * scale_factor(i);"));

    // The exploration, as the run keeps it.
    const AgentTrace &explore = r.prAgent.explore;
    QCOMPARE(explore.toolCalls.size(), 2);
    QCOMPARE(explore.turns, 2);
    QCOMPARE(explore.stopReason, QStringLiteral("answered"));
    QVERIFY(explore.toolCalls[0].result.contains(QStringLiteral("3 inline int scale_factor(int index)")));
    QVERIFY(explore.toolCalls[1].result.contains(QStringLiteral("src/store.cpp:3:")));

    // Each finding reached its own sub-agent, which saw only its finding.
    QCOMPARE(r.prAgent.verdicts.size(), 2);
    int validatorRequests = 0;
    for (const FakeLlmServer::Request &request : server.requests()) {
        if (!isValidator(request))
            continue;
        ++validatorRequests;
        QVERIFY(request.body.contains("Scale the values"));
        QVERIFY(request.body.contains("overflows int") != request.body.contains("never initialised"));
        QCOMPARE(FakeLlmServer::toolNames(request).size(), 4);
    }
    QCOMPARE(validatorRequests, 4);
    const FindingVerdict &confirmed = r.prAgent.verdicts[0];
    QCOMPARE(confirmed.commentId, QStringLiteral("pr-c1"));
    QCOMPARE(confirmed.verdict, QStringLiteral("confirm"));
    QCOMPARE(confirmed.reason, QStringLiteral("scale_factor returns index * 1000000"));
    QCOMPARE(confirmed.trace.toolCalls.size(), 1);
    QCOMPARE(confirmed.trace.toolCalls[0].name, QStringLiteral("find_definition"));
    QVERIFY(confirmed.trace.toolCalls[0].result.contains(QStringLiteral("src/util.h:3-6")));
    const FindingVerdict &dropped = r.prAgent.verdicts[1];
    QCOMPARE(dropped.commentId, QStringLiteral("pr-c2"));
    QCOMPARE(dropped.verdict, QStringLiteral("drop"));
    QCOMPARE(dropped.reason, QStringLiteral("line 5 sets total to 0"));
    QCOMPARE(dropped.trace.toolCalls.size(), 1);
    QVERIFY(dropped.trace.toolCalls[0].result.contains(QStringLiteral("5     int total = 0;")));

    // The confirmed finding is kept; the dropped one stays, with the stage and why.
    QCOMPARE(r.comments.size(), 2);
    const ReviewComment &kept = r.comments[0];
    QCOMPARE(kept.id, QStringLiteral("pr-c1"));
    QVERIFY(kept.kept);
    QCOMPARE(kept.file, QStringLiteral("src/store.cpp"));
    QCOMPARE(kept.lineStart, 7);
    QVERIFY(kept.located());
    QCOMPARE(kept.pipeline, QStringLiteral("aacr"));
    QCOMPARE(kept.history.last().stage, QStringLiteral("aacr_validator"));
    QCOMPARE(kept.history.last().note, QStringLiteral("confirm: scale_factor returns index * 1000000"));
    const ReviewComment &gone = r.comments[1];
    QCOMPARE(gone.id, QStringLiteral("pr-c2"));
    QVERIFY(!gone.kept);
    QCOMPARE(gone.droppedAt, QStringLiteral("validator"));
    QCOMPARE(gone.lineStart, 5);
    QCOMPARE(gone.history.last().note, QStringLiteral("drop: line 5 sets total to 0"));

    // The run's JSON keeps every tool call and verdict.
    const QJsonObject doc = QJsonDocument::fromJson(r.toJson()).object();
    const QJsonObject agentPr = doc.value(QStringLiteral("agent_pr")).toObject();
    QCOMPARE(agentPr.value(QStringLiteral("explore")).toObject().value(QStringLiteral("tool_calls")).toArray().size(), 2);
    const QJsonArray validations = agentPr.value(QStringLiteral("validations")).toArray();
    QCOMPARE(validations.size(), 2);
    QCOMPARE(validations[0].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("confirm"));
    QCOMPARE(validations[1].toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("drop"));
    QCOMPARE(validations[1].toObject().value(QStringLiteral("comment")).toString(), QStringLiteral("pr-c2"));
    QCOMPARE(validations[1].toObject().value(QStringLiteral("tool_calls")).toArray()[0].toObject().value(QStringLiteral("name")).toString(),
             QStringLiteral("read_file"));
    QCOMPARE(doc.value(QStringLiteral("comments")).toArray()[1].toObject().value(QStringLiteral("dropped_at")).toString(), QStringLiteral("validator"));
    QCOMPARE(doc.value(QStringLiteral("run")).toObject().value(QStringLiteral("requests")).toInt(), 6);
}

void AacrTest::agentPrMalformedFindingListIsKeptRawAndNothingIsValidated()
{
    const QString garbled = QStringLiteral("I looked at it. Findings: [{\"path\": \"src/store.cpp\", \"from\": 7,");
    FakeLlmServer server;
    server.setResponder([&garbled](const FakeLlmServer::Request &) { return FakeLlmServer::completion(garbled); });
    const RunRecord r = run(server, QStringLiteral("agent-pr"));
    QCOMPARE(server.requests().size(), 1); // no sub-agent for findings that could not be read
    QVERIFY(r.prAgent.verdicts.isEmpty());
    QCOMPARE(r.prAgent.explore.stopReason, QStringLiteral("answered"));
    QCOMPARE(r.comments.size(), 1);
    const ReviewComment &c = r.comments[0];
    QCOMPARE(c.id, QStringLiteral("pr-unparsed"));
    QVERIFY(!c.kept);
    QCOMPARE(c.droppedAt, QStringLiteral("unparsed"));
    QCOMPARE(c.raw, garbled);
    QVERIFY(!c.located());
    QCOMPARE(r.errors.size(), 1);
    QVERIFY2(r.errors[0].contains(QStringLiteral("no review comment")) && r.errors[0].contains(QStringLiteral("pr-unparsed")), qPrintable(r.errors[0]));
}

void AacrTest::agentPrFindingsNoSubAgentJudgedAreDroppedWithTheirErrors()
{
    const QString threeFindings = TwoFindings + QStringLiteral("<path>src/store.cpp</path><side>right</side><from>8</from><to>8</to><note>third</note><notesplit />");
    FakeLlmServer server;
    server.setResponder([&threeFindings](const FakeLlmServer::Request &request) {
        if (!isValidator(request))
            return FakeLlmServer::completion(threeFindings);
        if (request.body.contains("overflows int")) // answers, but gives no verdict
            return FakeLlmServer::completion(QStringLiteral("Hard to say; it might overflow."));
        // never stops calling tools, even when asked to answer
        return FakeLlmServer::toolCalls({{QStringLiteral("t%1").arg(FakeLlmServer::toolResults(request).size()), QStringLiteral("list_dir"),
                                          QStringLiteral("{\"path\":\"src\"}")}});
    });
    const RunRecord r = run(server, QStringLiteral("agent-pr"), ",\"max_findings\":2,\"validator_max_turns\":2");
    QCOMPARE(r.comments.size(), 3);
    for (const ReviewComment &c : r.comments) {
        QVERIFY2(!c.kept, qPrintable(c.id));
        QCOMPARE(c.droppedAt, QStringLiteral("validator"));
    }
    QCOMPARE(r.prAgent.verdicts.size(), 2); // the third finding is past max_findings
    const FindingVerdict &silent = r.prAgent.verdicts[0];
    QVERIFY(silent.verdict.isEmpty());
    QVERIFY2(silent.error.contains(QStringLiteral("no verdict")), qPrintable(silent.error));
    QCOMPARE(silent.reason, QStringLiteral("Hard to say; it might overflow."));
    QVERIFY(r.comments[0].errors.join(QString()).contains(QStringLiteral("no verdict")));
    const FindingVerdict &looping = r.prAgent.verdicts[1];
    QVERIFY(looping.verdict.isEmpty());
    QCOMPARE(looping.trace.stopReason, QStringLiteral("max_turns"));
    QCOMPARE(looping.trace.toolCalls.size(), 2);
    QCOMPARE(looping.trace.turns, 3); // two with tools, one asking for the verdict
    QVERIFY2(looping.error.contains(QStringLiteral("kept calling tools")), qPrintable(looping.error));
    QCOMPARE(r.comments[2].id, QStringLiteral("pr-c3"));
    QVERIFY(r.comments[2].history.last().note.contains(QStringLiteral("max_findings")));
    // Each is said in the run's errors: two unjudged findings, one over the limit.
    QCOMPARE(r.errors.size(), 3);
    QCOMPARE(r.errors.filter(QStringLiteral("dropped unvalidated")).size(), 3);
    QVERIFY(r.errors.filter(QStringLiteral("pr-c1")).size() == 1 && r.errors.filter(QStringLiteral("pr-c2")).size() == 1);
}

namespace {

// An exploration of two turns (one tool call), then a sub-agent per finding:
// the first finding confirmed, the second dropped. Four requests.
FakeLlmServer::Reply exploreThenJudge(const FakeLlmServer::Request &request)
{
    const bool explored = !FakeLlmServer::toolResults(request).isEmpty();
    if (!isValidator(request))
        return explored ? FakeLlmServer::completion(TwoFindings)
                        : FakeLlmServer::toolCalls({{QStringLiteral("e1"), QStringLiteral("list_dir"), QStringLiteral("{\"path\":\"src\"}")}});
    return FakeLlmServer::completion(request.body.contains("overflows int") ? QStringLiteral("<verdict>confirm</verdict><reason>real</reason>")
                                                                            : QStringLiteral("<verdict>drop</verdict><reason>initialised</reason>"));
}

QJsonObject jsonFile(const QString &file)
{
    QFile in(file);
    in.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(in.readAll()).object();
}

} // namespace

void AacrTest::agentPrRunReplaysFromItsRecording()
{
    FakeLlmServer server;
    server.setResponder(exploreThenJudge);
    const QString configFile = m_dir.filePath(QStringLiteral("agent-pr-config.json"));
    QFile f(configFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(config(server.endpoint(), QStringLiteral("agent-pr"), m_dir.filePath(QStringLiteral("agent-pr-cache"))));
    f.close();
    auto cli = [&](const QStringList &extra, const QString &out) { return reviewCli(configFile, extra, out); };
    const QString first = m_dir.filePath(QStringLiteral("agent-pr-run.json"));
    const QString recording = m_dir.filePath(QStringLiteral("agent-pr-recording.json"));
    const auto [code, err] = cli({QStringLiteral("--record"), recording}, first);
    QVERIFY2(code == 0, err.constData());
    QVERIFY2(err.contains("agent-pr: 1 tool calls exploring, 2 findings validated (1 confirmed, 1 dropped)"), err.constData());
    QCOMPARE(server.requests().size(), 4);
    const QString second = m_dir.filePath(QStringLiteral("agent-pr-replay.json"));
    const auto [replayCode, replayErr] = cli({QStringLiteral("--replay"), recording}, second);
    QVERIFY2(replayCode == 0, replayErr.constData());
    QCOMPARE(server.requests().size(), 4); // nothing asked again
    const QJsonObject a = jsonFile(first);
    const QJsonObject b = jsonFile(second);
    QCOMPARE(a.value(QStringLiteral("comments")).toArray().size(), 2);
    QCOMPARE(b.value(QStringLiteral("comments")), a.value(QStringLiteral("comments")));
    QCOMPARE(b.value(QStringLiteral("agent_pr")), a.value(QStringLiteral("agent_pr")));
}

void AacrTest::agentPrCancelledDuringValidationDropsUnjudgedFindingsAsCancelled()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (!isValidator(request))
            return FakeLlmServer::completion(TwoFindings);
        return FakeLlmServer::held(FakeLlmServer::completion(QStringLiteral("<verdict>confirm</verdict><reason>never sent</reason>")));
    });
    auto parsed = RunConfig::fromJson(config(server.endpoint(), QStringLiteral("agent-pr"), m_dir.filePath(QStringLiteral("cache"))));
    QVERIFY(parsed);
    ReviewJob review;
    QSignalSpy finished(&review, &ReviewJob::finished);
    QSignalSpy received(&server, &FakeLlmServer::requestReceived);
    auto runner = ReviewRunner::prepare(*parsed, {});
    QVERIFY(runner);
    QVERIFY(review.start(m_mr, {}, std::move(*runner)));
    while (received.count() < 3) // the exploration, then both sub-agents (concurrency 2) waiting
        QVERIFY(received.wait());
    review.cancel();
    QVERIFY(finished.wait());
    const auto record = review.record();
    QVERIFY(record);
    QVERIFY(record->cancelled);
    QCOMPARE(record->prAgent.verdicts.size(), 2);
    QCOMPARE(record->comments.size(), 2);
    for (qsizetype i = 0; i < 2; ++i) {
        QVERIFY(record->prAgent.verdicts[i].verdict.isEmpty());
        QCOMPARE(record->prAgent.verdicts[i].error, QStringLiteral("cancelled before a verdict"));
        QVERIFY(!record->comments[i].kept);
        QCOMPARE(record->comments[i].droppedAt, QStringLiteral("cancelled"));
    }
    QVERIFY2(record->errors.filter(QStringLiteral("dropped unvalidated")).isEmpty(), qPrintable(record->errors.join(QLatin1Char('\n'))));
}

// A run whose journal holds the exploration's answers but none of the
// sub-agents' (killed between the two): resumed, it asks only the sub-agents
// and ends as the whole run did.
void AacrTest::agentPrRunResumedAfterItsExplorationAsksOnlyTheSubAgents()
{
    FakeLlmServer server;
    server.setResponder(exploreThenJudge);
    const QString configFile = m_dir.filePath(QStringLiteral("agent-pr-resume-config.json"));
    QFile f(configFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(config(server.endpoint(), QStringLiteral("agent-pr"), m_dir.filePath(QStringLiteral("agent-pr-cache"))));
    f.close();
    const QString out = m_dir.filePath(QStringLiteral("agent-pr-resumed.json"));
    const QString journal = m_dir.filePath(QStringLiteral("agent-pr-run.jsonl"));
    const auto [code, err] = reviewCli(configFile, {QStringLiteral("--journal"), journal}, out);
    QVERIFY2(code == 0, err.constData());
    QCOMPARE(server.requests().size(), 4);
    const QJsonObject whole = jsonFile(out);
    QVERIFY(QFile::remove(out));

    // The header and the exploration's two answers; the sub-agents' and the end are lost.
    QFile j(journal);
    QVERIFY(j.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = j.readAll().split('\n');
    j.close();
    QVERIFY2(lines.size() >= 6, qPrintable(QString::number(lines.size())));
    QVERIFY(j.open(QIODevice::WriteOnly | QIODevice::Truncate));
    j.write(lines.mid(0, 3).join('\n') + '\n');
    j.close();
    QCOMPARE(RunJournal::inspect(journal)->answers, 2);

    const GitOutput resumed = runCli({QStringLiteral("review"), QStringLiteral("--resume"), journal});
    QVERIFY2(resumed.exitCode == 0, resumed.err.constData());
    QCOMPARE(server.requests().size(), 6); // the two sub-agents, asked again
    for (qsizetype i = 4; i < 6; ++i)
        QVERIFY(isValidator(server.requests()[i]));
    const QJsonObject again = jsonFile(out);
    QCOMPARE(again.value(QStringLiteral("comments")), whole.value(QStringLiteral("comments")));
    QCOMPARE(again.value(QStringLiteral("agent_pr")), whole.value(QStringLiteral("agent_pr")));
}

void AacrTest::unparsableReplyIsKeptRaw()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("Hmm, interesting change. {not json")); });
    const RunRecord r = run(server, QStringLiteral("none"));
    QCOMPARE(r.comments.size(), 1);
    const ReviewComment &c = r.comments[0];
    QVERIFY(!c.kept);
    QCOMPARE(c.droppedAt, QStringLiteral("unparsed"));
    QCOMPARE(c.raw, QStringLiteral("Hmm, interesting change. {not json"));
    QCOMPARE(r.errors.size(), 1);
}

void AacrTest::runnerReportsProgressAndCancels()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::held(FakeLlmServer::completion(Finding)); });
    auto parsed = RunConfig::fromJson(config(server.endpoint(), QStringLiteral("none"), m_dir.filePath(QStringLiteral("cache"))));
    QVERIFY(parsed);
    ReviewJob review; // the window's job runs the aacr pipeline like any other
    QSignalSpy progressed(&review, &ReviewJob::progressed);
    QSignalSpy finished(&review, &ReviewJob::finished);
    QSignalSpy received(&server, &FakeLlmServer::requestReceived);
    auto runner = ReviewRunner::prepare(*parsed, {});
    auto second = ReviewRunner::prepare(*parsed, {});
    QVERIFY(runner && second);
    QVERIFY(review.start(m_mr, {}, std::move(*runner)));
    QVERIFY(review.isRunning());
    QVERIFY(!review.start(m_mr, {}, std::move(*second))); // one run at a time
    QVERIFY(received.wait());
    QTRY_VERIFY(!progressed.isEmpty()); // "preparing the none context"
    review.cancel();
    QVERIFY(finished.wait());
    QVERIFY(review.record());
    QVERIFY(review.record()->cancelled);
    QCOMPARE(review.record()->exchanges.size(), 1);
    QVERIFY(!review.record()->exchanges[0].ok());
    QVERIFY(review.record()->comments.isEmpty());
}

void AacrTest::cliRunsAacrAndReplaysTheRecording()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(Finding); });
    const QString configFile = m_dir.filePath(QStringLiteral("aacr-config.json"));
    QFile f(configFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(config(server.endpoint(), QStringLiteral("bm25"), m_dir.filePath(QStringLiteral("cli-cache"))));
    f.close();
    auto cli = [&](const QStringList &extra, const QString &out) { return reviewCli(configFile, extra, out); };
    const QString first = m_dir.filePath(QStringLiteral("aacr-run.json"));
    const QString recording = m_dir.filePath(QStringLiteral("aacr-recording.json"));
    const auto [code, err] = cli({QStringLiteral("--record"), recording}, first);
    QVERIFY2(code == 0, err.constData());
    QVERIFY(err.contains("aacr (bm25 context): 1 hunks"));
    QCOMPARE(server.requests().size(), 1);
    const QString second = m_dir.filePath(QStringLiteral("aacr-replay.json"));
    const auto [replayCode, replayErr] = cli({QStringLiteral("--replay"), recording}, second);
    QVERIFY2(replayCode == 0, replayErr.constData());
    QCOMPARE(server.requests().size(), 1); // nothing asked again
    auto comments = [](const QString &file) {
        QFile in(file);
        in.open(QIODevice::ReadOnly);
        return QJsonDocument::fromJson(in.readAll()).object().value(QStringLiteral("comments")).toArray();
    };
    QCOMPARE(comments(first).size(), 1);
    QCOMPARE(comments(second), comments(first));
    // The output runs again as a configuration (here from the recording).
    const QString third = m_dir.filePath(QStringLiteral("aacr-again.json"));
    QFile::remove(configFile);
    QVERIFY(QFile::copy(first, configFile));
    const auto [againCode, againErr] = cli({QStringLiteral("--replay"), recording}, third);
    QVERIFY2(againCode == 0, againErr.constData());
    QCOMPARE(comments(third), comments(first));
    // A configuration error names the key.
    QFile bad(configFile);
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{\"pipeline\":\"aacr\",\"context\":\"bm25\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://127.0.0.1:1/v1\",\"model\":\"m\"}},\"aacr\":{\"top-k\":3}}");
    bad.close();
    const auto [badCode, badErr] = cli({}, m_dir.filePath(QStringLiteral("never.json")));
    QCOMPARE(badCode, 2);
    QVERIFY2(badErr.contains("aacr.top_k"), badErr.constData());
}

void AacrTest::mainLanguageIsTheOneWithMostChangedLines_data()
{
    // Paths and added+deleted lines per file.
    QTest::addColumn<ChangedFiles>("files");
    QTest::addColumn<QString>("language");
    using Files = ChangedFiles;
    QTest::newRow("C sources and a header") << Files{{"src/list.c", 6}, {"src/list.h", 2}, {"tools/gen.py", 4}} << QStringLiteral("C");
    QTest::newRow("C++ outweighs its C headers") << Files{{"a.cpp", 9}, {"a.h", 4}} << QStringLiteral("C++");
    QTest::newRow("each AACR-Bench language") << Files{{"x.cs", 1}, {"x.go", 2}, {"X.java", 3}, {"x.mjs", 4}, {"x.php", 5}, {"x.rs", 6}, {"x.tsx", 7}}
                                               << QStringLiteral("TypeScript");
    QTest::newRow("tie: the first name in AACR-Bench's order") << Files{{"b.py", 3}, {"a.go", 3}} << QStringLiteral("Go");
    QTest::newRow("only files of no AACR-Bench language") << Files{{"README.md", 40}, {"Makefile", 3}} << QString();
    QTest::newRow("nothing changed") << Files{} << QString();
}

void AacrTest::mainLanguageIsTheOneWithMostChangedLines()
{
    QFETCH(ChangedFiles, files);
    QFETCH(QString, language);
    QList<FileDiff> diffs;
    for (const auto &[path, lines] : files) {
        FileDiff f;
        f.path[Side::Old] = path;
        f.path[Side::New] = path;
        f.mode[Side::Old] = FileMode::Regular;
        f.mode[Side::New] = FileMode::Regular;
        f.additions = lines - lines / 2;
        f.deletions = lines / 2;
        diffs.append(f);
    }
    QCOMPARE(aacrMainLanguage(diffs), language);
}

// `review --format aacr` writes what `import --aacr` reads: source_commit is
// the base, target_commit the reviewed head (as AACR-Bench's files and the
// workspace exporter have them), and the language is the change's.
void AacrTest::aacrFileOfARunImportsBackAsTheSameMergeRequest()
{
    const QString path = m_dir.filePath(QStringLiteral("c-repo"));
    FixtureRepo repo(path);
    const QByteArray listBefore = "#include \"list.h\"\n\nint list_len(const struct node *n)\n{\n    int len = 0;\n    while (n) {\n        ++len;\n"
                                  "        n = n->next;\n    }\n    return len;\n}\n";
    QByteArray listAfter = listBefore;
    listAfter.replace("int len = 0;", "unsigned len = 0;").replace("return len;", "return (int)len;");
    FixtureRepo::Tree base{{"src/list.c", file(listBefore)},
                           {"src/list.h", file("struct node { struct node *next; };\nint list_len(const struct node *n);\n")},
                           {"tools/gen.py", file("def gen():\n    return 1\n\ndef other():\n    return 2\n")}};
    const QByteArray root = repo.commit("main", base, "Initial\n");
    FixtureRepo::Tree head = base;
    head["src/list.c"] = file(listAfter);                                                                                  // C: 2 added, 2 deleted
    head["src/list.h"] = file("struct node { struct node *next; };\nint list_len(const struct node *list);\n");             // C: 1 + 1
    head["tools/gen.py"] = file("def gen():\n    return 10\n\ndef other():\n    return 20\n");                             // Python: 2 + 2
    repo.commit("feature", head, "Count in unsigned\n", {root});

    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        if (!r.body.contains("src/list.c"))
            return FakeLlmServer::completion(QStringLiteral("<end />"));
        return FakeLlmServer::completion(QStringLiteral("<diff>\n+    unsigned len = 0;\n</diff>\n<side>right</side>\n<note>len can wrap</note>\n<end />"));
    });
    const QString configFile = m_dir.filePath(QStringLiteral("c-config.json"));
    QFile f(configFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(config(server.endpoint(), QStringLiteral("none"), m_dir.filePath(QStringLiteral("c-cache"))));
    f.close();
    const auto cli = [](const QStringList &arguments) {
        const GitOutput run = runCli(arguments);
        return std::pair{run.exitCode, run.err};
    };
    const QString out = m_dir.filePath(QStringLiteral("c-run-aacr.json"));
    const auto [code, err] = cli({QStringLiteral("review"), QStringLiteral("--repo"), path, QStringLiteral("--base"), QStringLiteral("main"), QStringLiteral("--head"),
                                  QStringLiteral("feature"), QStringLiteral("--config"), configFile, QStringLiteral("--no-cache"), QStringLiteral("--format"),
                                  QStringLiteral("aacr"), QStringLiteral("--out"), out});
    QVERIFY2(code == 0, err.constData());
    QFile written(out);
    QVERIFY(written.open(QIODevice::ReadOnly));
    const QJsonObject entry = QJsonDocument::fromJson(written.readAll()).array().at(0).toObject();
    auto git = GitRepository::open(path);
    QVERIFY(git);
    const QString baseId = QString::fromLatin1(git->resolveCommit(QStringLiteral("main"))->toHex());
    const QString headId = QString::fromLatin1(git->resolveCommit(QStringLiteral("feature"))->toHex());
    QCOMPARE(entry.value(QStringLiteral("source_commit")).toString(), baseId);
    QCOMPARE(entry.value(QStringLiteral("target_commit")).toString(), headId);
    QCOMPARE(entry.value(QStringLiteral("project_main_language")).toString(), QStringLiteral("C"));
    QCOMPARE(entry.value(QStringLiteral("change_line_count")).toInt(), 10);
    QCOMPARE(entry.value(QStringLiteral("comments")).toArray().size(), 1);

    // Imported with a map from the file's repository to the clone: the code links.
    const QString url = entry.value(QStringLiteral("githubPrUrl")).toString();
    QVERIFY2(!url.isEmpty(), "the importer refuses an empty githubPrUrl");
    const QString map = m_dir.filePath(QStringLiteral("c-map.json"));
    QFile m(map);
    QVERIFY(m.open(QIODevice::WriteOnly));
    const qsizetype pull = url.indexOf(QLatin1String("/pull/"));
    m.write(QJsonDocument(QJsonObject{{pull > 0 ? url.left(pull) : url, path}}).toJson());
    m.close();
    const QString workspace = m_dir.filePath(QStringLiteral("c-workspace.rdw"));
    const auto [importCode, importErr] = cli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--aacr"), out,
                                              QStringLiteral("--as"), QStringLiteral("candidates"), QStringLiteral("--samples"), QStringLiteral("positive"),
                                              QStringLiteral("--repo-map"), map});
    QVERIFY2(importCode == 0, importErr.constData());
    QVERIFY2(!importErr.contains("imported without code"), importErr.constData());
    auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
    const auto mrs = (*store)->mergeRequests();
    QVERIFY(mrs);
    QCOMPARE(mrs->size(), 1);
    QCOMPARE(mrs->at(0).base, baseId);
    QCOMPARE(mrs->at(0).head, headId);
    QCOMPARE(mrs->at(0).language, QStringLiteral("C"));
    QVERIFY(mrs->at(0).codeLinked);
}

QTEST_MAIN(AacrTest)
#include "tst_aacr.moc"
