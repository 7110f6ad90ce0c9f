// Pipeline selection and the other reviewers of the papers: the run
// configuration per pipeline, CQS (collector, judge, threshold and per-tag
// rules) and CodeAgent (phases, QA-Checker loop) end to end against the fake
// OpenAI-compatible server, and the tolerant readers of their replies.

#include <FakeLlmServer.h>
#include <Scenarios.h>
#include <WaitFor.h>

#include <AacrRunConfig.h>
#include <CodeAgentPipeline.h>
#include <CqsPipeline.h>
#include <DatasetExport.h>
#include <DiffText.h>
#include <PipelineOutput.h>
#include <QaChecker.h>
#include <SqlWorkspaceStore.h>
#include <ReviewJob.h>
#include <ReviewPipeline.h>
#include <ReviewRunner.h>
#include <ReviewSession.h>
#include <RunForWorkspace.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

using namespace rd;
using namespace rd::test;

namespace {

// The system and the last user message of a chat request.
std::pair<QString, QString> messagesOf(const FakeLlmServer::Request &request)
{
    const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    return {messages.at(0).toObject().value(QStringLiteral("content")).toString(),
            messages.at(messages.size() - 1).toObject().value(QStringLiteral("content")).toString()};
}

QByteArray cqsConfig(const QString &endpoint, const QByteArray &options = "{}")
{
    return QStringLiteral("{\"pipeline\":\"cqs\",\"concurrency\":4,\"roles\":{\"collector\":{\"endpoint\":\"%1\",\"model\":\"collector-model\"},"
                          "\"judge\":{\"endpoint\":\"%1\",\"model\":\"judge-model\"}},\"cqs\":%2}")
        .arg(endpoint, QString::fromUtf8(options))
        .toUtf8();
}

QByteArray codeAgentConfig(const QString &endpoint, const QByteArray &options, bool checker = true)
{
    return QStringLiteral("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":{\"endpoint\":\"%1\",\"model\":\"agent-model\"}%3},\"codeagent\":%2}")
        .arg(endpoint, QString::fromUtf8(options),
             checker ? QStringLiteral(",\"qa_checker\":{\"endpoint\":\"%1\",\"model\":\"checker-model\"},"
                                      "\"embedding\":{\"endpoint\":\"%1\",\"model\":\"embedding-model\"}").arg(endpoint)
                     : QString())
        .toUtf8();
}

// A CQS server whose collector finds one issue ("Could 90 be a named
// constant?" at `line` of src/compute.cpp) and whose judge answers `judge`.
std::function<FakeLlmServer::Reply(const FakeLlmServer::Request &)> oneIssueJudgedAs(int line, const QString &judge)
{
    return [line, judge](const FakeLlmServer::Request &request) {
        const auto [system, user] = messagesOf(request);
        if (system.contains(QLatin1String("issue collector"))) {
            if (!user.contains(QLatin1String("src/compute.cpp")))
                return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"));
            return FakeLlmServer::completion(
                QStringLiteral("{\"issues\":[{\"function\":\"compute3\",\"rationale\":\"Could 90 be a named constant?\",\"file\":\"src/compute.cpp\",\"line\":%1,\"tag\":\"UseConstant\"}]}")
                    .arg(line));
        }
        return FakeLlmServer::completion(judge);
    };
}

ReviewComment judged(const QString &file, const QString &tag, int score)
{
    ReviewComment c;
    c.file = file;
    c.tag = tag;
    c.judgeScore = score;
    return c;
}

} // namespace

class PipelinesTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void configurationIsCheckedPerPipeline_data();
    void configurationIsCheckedPerPipeline();
    void configurationsRoundTrip();
    void collectorRepliesAreReadTolerantly_data();
    void collectorRepliesAreReadTolerantly();
    void judgeAndCheckerRepliesAreReadTolerantly();
    void scoresBeyondADoubleAreNoScores();
    void mutatedRepliesNeverCrashTheReaders();
    void snippetDiffNumbersEveryLine();
    void perTagRulesDropWithTheRuleThatDecided();
    void cqsCollectsJudgesAndFilters();
    void cqsKeepsUnreadableRepliesRaw();
    void judgeScoreOutsideZeroToTenIsAnErrorOnTheComment();
    void aJudgesMinusOneIsItsInvalidAnswer();
    void cqsTakesAJudgesMinusOneAsInvalidInThePipelineAndThePairs();
    void judgesLineMatchingAnswerIsRead();
    void cqsDropsAnIssueWhoseLineTheJudgeSaysDoesNotMatch();
    void qaCheckerAcceptsAtTurnThree();
    void codeAgentDialogueAsTheServerSeesIt();
    void qaCheckerScoreMatchesTheHandComputedValue();
    void qaCheckerStopsAtTheTurnLimit();
    void withoutQaCheckerTheInstructorEndsEachConversation();
    void anInstructorEndingAtOnceLeavesNoAnswer();
    void aacrRunsBehindTheCommonInterface();
    void aacrOptionsRoundTripThroughTheTypedStruct();
    void aacrRecordOfDefaultOptionsHasNoAacrObject();
    void reviewJobRunsTheConfiguredPipeline();

private:
    RunRecord run(const QByteArray &configJson);
    QTemporaryDir m_dir;
    std::optional<MergeRequest> m_mr;
    int m_addedLine = 0;
};

void PipelinesTest::initTestCase()
{
    const auto repos = buildScenarios(m_dir.path(), {"modified"});
    auto mr = MergeRequest::open(repos.at("modified"), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    m_mr = std::move(mr).value();
    for (const FileDiff &f : m_mr->files)
        for (const Hunk &h : f.hunks)
            for (const DiffLine &l : h.lines)
                if (l.kind == LineKind::Added && m_addedLine == 0)
                    m_addedLine = l.newLine;
    QVERIFY(m_addedLine > 0);
}

RunRecord PipelinesTest::run(const QByteArray &configJson)
{
    const auto config = RunConfig::fromJson(configJson);
    if (!config)
        qFatal("bad test configuration: %s", qPrintable(config.error().message));
    LlmClientOptions options;
    options.timeoutMs = 5000;
    options.retries = 0;
    LlmClient client(options);
    const MergeRequest &mr = *m_mr;
    const RunConfig c = *config;
    return waitFor(QtConcurrent::run([&client, &mr, c] { return runPipeline(client, mr, {}, c); }));
}

void PipelinesTest::configurationIsCheckedPerPipeline_data()
{
    QTest::addColumn<QByteArray>("json");
    QTest::addColumn<QString>("message");
    const QByteArray p = "{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}";
    QTest::newRow("unknown pipeline") << QByteArray("{\"pipeline\":\"magic\",\"roles\":{}}") << QStringLiteral("\"pipeline\" must be defect, cqs, aacr or codeagent");
    QTest::newRow("defect role in cqs") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p + ",\"reviewer\":" + p + "}}")
                                        << QStringLiteral("the cqs pipeline has no role \"reviewer\"");
    QTest::newRow("cqs role in defect") << QByteArray("{\"roles\":{\"reviewer\":" + p + ",\"judge\":" + p + "}}") << QStringLiteral("unknown role \"judge\"");
    QTest::newRow("judge missing") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + "}}")
                                   << QStringLiteral("roles.judge is missing (the cqs pipeline needs it)");
    QTest::newRow("context outside aacr") << QByteArray("{\"pipeline\":\"cqs\",\"context\":\"bm25\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p + "}}")
                                          << QStringLiteral("\"context\" belongs to the aacr pipeline, not to cqs");
    QTest::newRow("context in defect") << QByteArray("{\"context\":\"none\",\"roles\":{\"reviewer\":" + p + "}}")
                                       << QStringLiteral("\"context\" belongs to the aacr pipeline, not to defect");
    QTest::newRow("defect key in codeagent") << QByteArray("{\"pipeline\":\"codeagent\",\"top_k\":3,\"roles\":{\"agent\":" + p + "}}")
                                             << QStringLiteral("\"top_k\" belongs to the defect pipeline, not to codeagent");
    QTest::newRow("cqs options in defect") << QByteArray("{\"cqs\":{},\"roles\":{\"reviewer\":" + p + "}}")
                                           << QStringLiteral("\"cqs\" belongs to the cqs pipeline, not to defect");
    QTest::newRow("cot in cqs") << QByteArray("{\"pipeline\":\"cqs\",\"cot\":false,\"roles\":{\"collector\":" + p + ",\"judge\":" + p + "}}")
                                << QStringLiteral("\"cot\" has no meaning for the cqs pipeline");
    QTest::newRow("cqs typo") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p + "},\"cqs\":{\"treshold\":3}}")
                              << QStringLiteral("unknown key \"cqs.treshold\" (did you mean \"cqs.threshold\"?)");
    QTest::newRow("rule score range") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p
                                                    + "},\"cqs\":{\"rules\":[{\"tag\":\"Typo\",\"min_score\":11}]}}")
                                      << QStringLiteral("cqs.rules[0].min_score must be a whole number from 0 to 10");
    QTest::newRow("rule without tag") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p + "},\"cqs\":{\"rules\":[{\"enabled\":false}]}}")
                                      << QStringLiteral("cqs.rules[0].tag is missing");
    QTest::newRow("rule repeated") << QByteArray("{\"pipeline\":\"cqs\",\"roles\":{\"collector\":" + p + ",\"judge\":" + p
                                                 + "},\"cqs\":{\"rules\":[{\"tag\":\"Typo\"},{\"tag\":\"Typo\",\"enabled\":false}]}}")
                                   << QStringLiteral("cqs.rules[1] repeats the rule for tag \"Typo\"");
    QTest::newRow("unknown task") << QByteArray("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":" + p + "},\"codeagent\":{\"tasks\":[\"poetry\"]}}")
                                  << QStringLiteral("\"codeagent.tasks\" has \"poetry\"");
    QTest::newRow("max turns") << QByteArray("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":" + p + "},\"codeagent\":{\"max_turns\":0}}")
                               << QStringLiteral("\"max_turns\" must be a whole number from 1 to 50");
    QTest::newRow("tau range") << QByteArray("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":" + p + "},\"codeagent\":{\"threshold\":12}}")
                               << QStringLiteral("\"codeagent.threshold\" must be a number from 0 to 10");
    QTest::newRow("checker without embedding") << QByteArray("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":" + p + ",\"qa_checker\":" + p + "}}")
                                               << QStringLiteral("roles.qa_checker needs roles.embedding");
    QTest::newRow("embedding without checker") << QByteArray("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":" + p + ",\"embedding\":" + p + "}}")
                                               << QStringLiteral("without roles.qa_checker nothing uses it");
    QTest::newRow("aacr context") << QByteArray("{\"pipeline\":\"aacr\",\"context\":\"psychic\",\"roles\":{\"reviewer\":" + p + "}}")
                                  << QStringLiteral("\"context\" must be none, bm25, embedding, agent or agent-pr");
    QTest::newRow("aacr options not object") << QByteArray("{\"pipeline\":\"aacr\",\"aacr\":3,\"roles\":{\"reviewer\":" + p + "}}")
                                             << QStringLiteral("\"aacr\" must be an object");
}

void PipelinesTest::configurationIsCheckedPerPipeline()
{
    QFETCH(QByteArray, json);
    QFETCH(QString, message);
    const auto c = RunConfig::fromJson(json);
    QVERIFY(!c);
    QVERIFY2(c.error().message.contains(message), qPrintable(c.error().message));
}

void PipelinesTest::configurationsRoundTrip()
{
    const auto cqs = RunConfig::fromJson(cqsConfig(QStringLiteral("http://h/v1"), "{\"threshold\":6,\"tags\":[\"NullCheck\"],\"rules\":["
                                                                                  "{\"tag\":\"Documentation\",\"enabled\":false},"
                                                                                  "{\"tag\":\"DivisionByZero\",\"language\":\"Python\",\"min_score\":8}]}"));
    QVERIFY2(cqs, cqs ? "" : qPrintable(cqs.error().message));
    QCOMPARE(cqs->pipeline, PipelineKind::Cqs);
    QCOMPARE(cqs->cqs.threshold, 6);
    QCOMPARE(cqs->cqs.rules.size(), 2);
    QCOMPARE(cqs->cqs.rules[1].language, QStringLiteral("python"));
    const auto again = RunConfig::fromJson(cqs->toJson());
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again->toJson(), cqs->toJson());
    QCOMPARE(again->role(QStringLiteral("judge"))->model, QStringLiteral("judge-model"));
    QCOMPARE(again->cqs.extraTags, QStringList{QStringLiteral("NullCheck")});

    const auto agent = RunConfig::fromJson(codeAgentConfig(QStringLiteral("http://h/v1"), "{\"threshold\":6.5,\"max_turns\":4,\"tasks\":[\"vulnerability\"]}"));
    QVERIFY2(agent, agent ? "" : qPrintable(agent.error().message));
    const auto agentAgain = RunConfig::fromJson(agent->toJson());
    QVERIFY(agentAgain);
    QCOMPARE(agentAgain->codeAgent.threshold, 6.5);
    QCOMPARE(agentAgain->codeAgent.maxTurns, 4);
    QCOMPARE(agentAgain->codeAgent.tasks, QStringList{QStringLiteral("vulnerability")});

    // The defect configuration's JSON is as it was: no pipeline key.
    const auto defect = RunConfig::fromJson("{\"roles\":{\"reviewer\":{\"endpoint\":\"http://h/v1\",\"model\":\"m\"}}}");
    QVERIFY(defect);
    QVERIFY(!defect->toJson().contains("\"pipeline\""));
    QCOMPARE(defect->profiles().size(), 1);
}

void PipelinesTest::collectorRepliesAreReadTolerantly_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("firstTag");
    QTest::addColumn<int>("firstLine");
    const QString one = QStringLiteral("{\"issues\":[{\"function\":\"f\",\"rationale\":\"r\",\"file\":\"a.cpp\",\"line\":12,\"tag\":\"Typo\"}]}");
    QTest::newRow("plain") << one << 1 << "Typo" << 12;
    QTest::newRow("fenced with prose") << QStringLiteral("Sure! Here it is:\n```json\n%1\n```\nLet me know.").arg(one) << 1 << "Typo" << 12;
    QTest::newRow("paper's spellings") << QStringLiteral("[{\"Function\":\"f\",\"Rationale\":\"r\",\"relevant_file\":\"a.cpp\",\"Line\":\"7\",\"Tag\":\"UseConstant\"}]") << 1
                                       << "UseConstant" << 7;
    QTest::newRow("objects one after another") << QStringLiteral("{\"rationale\":\"a\",\"tag\":\"Typo\",\"line\":3}\n{\"rationale\":\"b\",\"tag\":\"ExtractMethod\"}") << 2
                                               << "Typo" << 3;
    QTest::newRow("key value lines") << QStringLiteral("File: src/a.cpp\nLine: 267\nFunction: handle\nRationale: duplicated\nlogic in two files.\nTag: DedupeLogic\n\n"
                                                       "File: src/b.cpp\nLine: 9\nRationale: x\nTag: Typo")
                                     << 2 << "DedupeLogic" << 267;
    QTest::newRow("missing fields") << QStringLiteral("{\"issues\":[{\"rationale\":\"only this\"}]}") << 1 << "" << 0;
    QTest::newRow("negative line") << QStringLiteral("{\"issues\":[{\"rationale\":\"r\",\"line\":-4,\"tag\":\"Typo\"}]}") << 1 << "Typo" << 0;
    QTest::newRow("empty list") << QStringLiteral("{\"issues\":[]}") << 0 << "" << 0;
    QTest::newRow("no issues in words") << QStringLiteral("I found no issues in this change.") << 0 << "" << 0;
    QTest::newRow("prose only") << QStringLiteral("The change looks like it refactors the handler.") << -1 << "" << 0;
    QTest::newRow("truncated") << QStringLiteral("{\"issues\":[{\"rationale\":\"cut") << -1 << "" << 0;
    QTest::newRow("binary noise") << QString::fromLatin1("\x01{[\"\\\x7f]}}}{{{") << -1 << "" << 0;
}

void PipelinesTest::collectorRepliesAreReadTolerantly()
{
    QFETCH(QString, reply);
    QFETCH(int, count);
    QFETCH(QString, firstTag);
    QFETCH(int, firstLine);
    const ParsedIssues parsed = parseCqsIssues(reply);
    if (count < 0) {
        QVERIFY(!parsed.error.isEmpty());
        QVERIFY(parsed.issues.isEmpty());
        return;
    }
    QVERIFY2(parsed.error.isEmpty(), qPrintable(parsed.error));
    QCOMPARE(parsed.issues.size(), count);
    if (count > 0) {
        QCOMPARE(parsed.issues.first().tag, firstTag);
        QCOMPARE(parsed.issues.first().line, firstLine);
    }
}

void PipelinesTest::scoresBeyondADoubleAreNoScores()
{
    // A number written as a string of 400 digits reads as infinity (once
    // the QA-Checker's mean of +inf and -inf was NaN, which passed the 0..10 check).
    const QString huge = QString(400, QLatin1Char('9'));
    const CheckerVerdict checker = parseCheckerVerdict(QStringLiteral("{\"coreference\":\"-%1\"}").arg(huge));
    QVERIFY2(!checker.error.isEmpty(), qPrintable(QStringLiteral("rating %1 read without an error").arg(checker.coreference)));
    QVERIFY(!parseJudgeVerdict(QStringLiteral("{\"score\":\"%1\"}").arg(huge)).error.isEmpty());
    const AgentReport report = parseAgentReport(QStringLiteral("{\"verdict\":\"vulnerable\",\"findings\":[{\"line\":\"%1\",\"severity\":\"%1\"}]}").arg(huge));
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings[0].lineStart, 0);
    QCOMPARE(report.findings[0].severity, 0);
}

void PipelinesTest::judgeAndCheckerRepliesAreReadTolerantly()
{
    QCOMPARE(parseJudgeVerdict(QStringLiteral("```json\n{\"motivation\":\"m\",\"status\":\"valid\",\"score\":7,\"reason\":\"ok\"}\n```")).score, 7);
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"Suggested score\":\"8\",\"Score reason\":\"why\"}")).reason, QStringLiteral("why"));
    QCOMPARE(parseJudgeVerdict(QStringLiteral("Status: invalid\nSuggested score: 2\nScore reason: wrong line")).valid, false);
    QCOMPARE(parseJudgeVerdict(QStringLiteral("Status: invalid\nSuggested score: 2\nScore reason: wrong line")).score, 2);
    QVERIFY(!parseJudgeVerdict(QStringLiteral("{\"score\":15}")).error.isEmpty());
    QVERIFY(!parseJudgeVerdict(QStringLiteral("looks fine to me")).error.isEmpty());
    QCOMPARE(parseCheckerVerdict(QStringLiteral("{\"Coreference consistency\":\"7/10\"}")).coreference, 7.0);
    QCOMPARE(parseCheckerVerdict(QStringLiteral("ok {\"coreference\":\"4.5\",\"instruction\":\"name the line\"}")).instruction, QStringLiteral("name the line"));
    QVERIFY(!parseCheckerVerdict(QStringLiteral("{\"coreference\":-1}")).error.isEmpty());
    QVERIFY(!parseCheckerVerdict(QStringLiteral("{\"score\":8}")).error.isEmpty()); // a score of its own is not the paper's 𝒬
    QVERIFY(!parseCheckerVerdict(QStringLiteral("fine")).error.isEmpty());
    const AgentReport report = parseAgentReport(QStringLiteral("Report:\n{\"verdict\":\"Not Vulnerable\",\"findings\":[{\"file\":\"a.c\",\"line\":\"4\",\"issue\":\"x\",\"severity\":99}]}"));
    QCOMPARE(report.verdict, QStringLiteral("not_vulnerable"));
    QCOMPARE(report.findings.size(), 1);
    QCOMPARE(report.findings[0].lineStart, 4);
    QCOMPARE(report.findings[0].lineEnd, 4);
    QCOMPARE(report.findings[0].severity, 0); // out of 1..7: not a severity
    QVERIFY(!parseAgentReport(QStringLiteral("I think it is fine.")).error.isEmpty());
}

// A fuzz target's loop, seeded: replies cut, spliced and sprinkled with
// JSON punctuation go through every reader; each answers or names an error.
void PipelinesTest::mutatedRepliesNeverCrashTheReaders()
{
    const QStringList seeds = {
        QStringLiteral("{\"issues\":[{\"function\":\"f\",\"rationale\":\"r\",\"file\":\"a.cpp\",\"line\":12,\"tag\":\"Typo\"}]}"),
        QStringLiteral("File: a.cpp\nLine: 3\nRationale: x\nTag: Typo"),
        QStringLiteral("{\"motivation\":\"m\",\"status\":\"valid\",\"score\":7,\"reason\":\"ok\"}"),
        QStringLiteral("{\"coreference\":9,\"reason\":\"r\",\"instruction\":\"i\"}"),
        QStringLiteral("{\"verdict\":\"vulnerable\",\"findings\":[{\"file\":\"a.c\",\"line_start\":1e308,\"severity\":\"NaN\"}]}")};
    const QString noise = QStringLiteral("{}[]\":,\\ 0-9e.\n`");
    QRandomGenerator random(13);
    int read = 0;
    for (int round = 0; round < 3000; ++round) {
        QString text = seeds[random.bounded(static_cast<int>(seeds.size()))];
        for (int edits = random.bounded(1, 6); edits > 0; --edits) {
            const int at = random.bounded(static_cast<int>(text.size()) + 1);
            switch (random.bounded(3)) {
            case 0: text.insert(at, noise[random.bounded(static_cast<int>(noise.size()))]); break;
            case 1: text.remove(at, random.bounded(1, 8)); break;
            default: text.insert(at, seeds[random.bounded(static_cast<int>(seeds.size()))].left(random.bounded(1, 30))); break;
            }
        }
        const ParsedIssues issues = parseCqsIssues(text);
        QVERIFY(issues.error.isEmpty() || issues.issues.isEmpty());
        // (A negative line becomes 0: the "negative line" row of collectorRepliesAreReadTolerantly.)
        const JudgeVerdict verdict = parseJudgeVerdict(text);
        QVERIFY(!verdict.error.isEmpty() || (verdict.score >= 0 && verdict.score <= 10));
        const CheckerVerdict check = parseCheckerVerdict(text);
        QVERIFY(!check.error.isEmpty() || (check.coreference >= 0 && check.coreference <= 10));
        const AgentReport report = parseAgentReport(text);
        for (const AgentFinding &f : report.findings)
            QVERIFY(f.lineStart >= 0 && f.lineEnd >= f.lineStart && f.severity >= 0 && f.severity <= 7);
        read += issues.error.isEmpty() + verdict.error.isEmpty() + check.error.isEmpty() + report.error.isEmpty();
    }
    QVERIFY(read > 1000); // the mutations leave much readable, so the readers were exercised
}

void PipelinesTest::snippetDiffNumbersEveryLine()
{
    const FileDiff *file = nullptr;
    for (const FileDiff &f : m_mr->files)
        if (f.displayPath() == "src/compute.cpp")
            file = &f;
    QVERIFY(file);
    const QString text = snippetDiff(*file, 1);
    QVERIFY(text.startsWith(QStringLiteral("src/compute.cpp\n... @@ -")));
    QVERIFY2(text.contains(QStringLiteral("\n%1 +  ").arg(m_addedLine)), qPrintable(text));
    // One unchanged line around each change, the rest left out.
    const QList<int> shown = shownNewLines(*file, 1);
    QVERIFY(shown.contains(m_addedLine));
    QVERIFY(shown.contains(m_addedLine - 1));
    QVERIFY(text.contains(QStringLiteral("\n...\n")));
    QVERIFY(shown.size() < snippetDiff(*file, 3).count(QLatin1Char('\n')));
    QCOMPARE(languageOfPath(QStringLiteral("a/b.PY")), QStringLiteral("python"));
    QCOMPARE(languageOfPath(QStringLiteral("x.h")), QStringLiteral("cpp"));
}

void PipelinesTest::perTagRulesDropWithTheRuleThatDecided()
{
    CqsOptions options;
    options.threshold = 5;
    options.rules = {{QStringLiteral("Documentation"), {}, false, {}},
                     {QStringLiteral("DivisionByZero"), {}, true, 6},
                     {QStringLiteral("DivisionByZero"), QStringLiteral("python"), true, 9},
                     {QStringLiteral("Typo"), QStringLiteral("cpp"), false, {}}};
    QList<ReviewComment> list{judged(QStringLiteral("a.cpp"), QStringLiteral("Documentation"), 10), // off everywhere
                              judged(QStringLiteral("a.cpp"), QStringLiteral("DivisionByZero"), 7),  // 7 >= 6
                              judged(QStringLiteral("a.py"), QStringLiteral("DivisionByZero"), 7),   // python needs 9
                              judged(QStringLiteral("a.cpp"), QStringLiteral("Typo"), 9),            // off in C++
                              judged(QStringLiteral("a.py"), QStringLiteral("Typo"), 9),             // on in Python
                              judged(QStringLiteral("a.py"), QStringLiteral("UseConstant"), 4),      // threshold
                              judged(QStringLiteral("a.py"), QStringLiteral("divisionbyzero"), 5),   // tags match without case
                              judged(QStringLiteral("a.go"), QStringLiteral("NewTag"), 5)};          // exactly the threshold
    list[7].judgeScore = 5;
    ReviewComment unjudged = judged(QStringLiteral("a.cpp"), QStringLiteral("Typo"), -1);
    unjudged.drop(QStringLiteral("judge"));
    list.append(unjudged);
    applyCqsRules(list, options);
    QCOMPARE(list[0].droppedAt, QStringLiteral("rule:Documentation"));
    QVERIFY(list[1].kept);
    QCOMPARE(list[2].droppedAt, QStringLiteral("rule:DivisionByZero/python"));
    QCOMPARE(list[3].droppedAt, QStringLiteral("rule:Typo/cpp"));
    QVERIFY(list[4].kept);
    QCOMPARE(list[5].droppedAt, QStringLiteral("threshold"));
    QCOMPARE(list[6].droppedAt, QStringLiteral("rule:DivisionByZero/python"));
    QVERIFY(list[7].kept);
    QCOMPARE(list[8].droppedAt, QStringLiteral("judge")); // not judged: left as it was
    QVERIFY(list[2].history.last().note.contains(QStringLiteral("below 9")));
}

void PipelinesTest::cqsCollectsJudgesAndFilters()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &request) {
        const auto [system, user] = messagesOf(request);
        if (system.contains(QLatin1String("issue collector"))) {
            if (!user.contains(QLatin1String("src/compute.cpp")))
                return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"));
            return FakeLlmServer::completion(QStringLiteral("```json\n{\"issues\":["
                                                            "{\"function\":\"compute3\",\"rationale\":\"Could 90 be a named constant?\",\"file\":\"src/compute.cpp\",\"line\":%1,\"tag\":\"UseConstant\"},"
                                                            "{\"function\":\"compute3\",\"rationale\":\"Is the clamp documented?\",\"file\":\"src/compute.cpp\",\"line\":%1,\"tag\":\"Documentation\"},"
                                                            "{\"function\":\"compute3\",\"rationale\":\"Negative totals hide a bug?\",\"file\":\"src/compute.cpp\",\"line\":9999,\"tag\":\"SilentClamp\"}]}\n```")
                                                 .arg(line));
        }
        if (system.contains(QLatin1String("score each of them")) || system.contains(QLatin1String("score it"))) {
            const int score = user.contains(QLatin1String("named constant")) ? 8 : user.contains(QLatin1String("documented")) ? 9 : 3;
            return FakeLlmServer::completion(QStringLiteral("{\"motivation\":\"m\",\"status\":\"valid\",\"score\":%1,\"reason\":\"because %1\"}").arg(score));
        }
        return FakeLlmServer::status(500);
    });
    const RunRecord record = run(cqsConfig(server.endpoint(), "{\"threshold\":5,\"rules\":[{\"tag\":\"Documentation\",\"enabled\":false}]}"));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    // One collector request per changed text file (one here), one judge request per issue.
    QCOMPARE(record.exchanges.size(), 1 + 3);
    QCOMPARE(record.comments.size(), 3);
    const ReviewComment &constant = record.comments[0];
    QCOMPARE(constant.pipeline, QStringLiteral("cqs"));
    QCOMPARE(constant.tag, QStringLiteral("UseConstant"));
    QCOMPARE(constant.function, QStringLiteral("compute3"));
    QCOMPARE(constant.issue, QStringLiteral("Could 90 be a named constant?"));
    QCOMPARE(constant.judgeScore, 8);
    QCOMPARE(constant.judgeReason, QStringLiteral("because 8"));
    QVERIFY(constant.kept);
    QVERIFY(constant.lineValid);
    QCOMPARE(record.comments[1].droppedAt, QStringLiteral("rule:Documentation"));
    QCOMPARE(record.comments[1].judgeScore, 9);
    QCOMPARE(record.comments[2].tag, QStringLiteral("SilentClamp")); // a tag of the model's own
    QVERIFY(!record.comments[2].lineValid);                          // line 9999 is not in the diff
    QCOMPARE(record.comments[2].droppedAt, QStringLiteral("threshold"));
    // The collector read the Snippet 1 format, the judge the issue as the paper lists it.
    const auto [system, collectorUser] = messagesOf(server.requests().first());
    QVERIFY(system.contains(QLatin1String("DictionaryKeyExistenceCheck")));
    QVERIFY(collectorUser.contains(QLatin1String("Title: Clamp compute3 at zero")));
    QVERIFY(record.toJson().contains("\"judge_score\": 8"));
    QVERIFY(record.toJson().contains("\"dropped_at\": \"rule:Documentation\""));
}

// The CQS judge scores 0..10 (CQS paper, the judge prompt), or -1 for
// invalid (App. C); 15 is no score:
// the issue is dropped at the judge with the error on the comment itself.
void PipelinesTest::judgeScoreOutsideZeroToTenIsAnErrorOnTheComment()
{
    FakeLlmServer server;
    server.setResponder(oneIssueJudgedAs(m_addedLine, QStringLiteral("{\"motivation\":\"m\",\"status\":\"valid\",\"score\":15,\"reason\":\"very\"}")));
    const RunRecord record = run(cqsConfig(server.endpoint()));
    QCOMPARE(record.comments.size(), 1);
    const ReviewComment &c = record.comments[0];
    QCOMPARE(c.droppedAt, QStringLiteral("judge"));
    QCOMPARE(c.judgeScore, -1);
    QCOMPARE(c.errors, QStringList{QStringLiteral("judge: the judge's score 15 is outside -1 to 10")});
    QVERIFY(record.toJson().contains("\"errors\": ["));
}

// CQS App. C: the trained judge answers −1 for an issue it finds invalid.
// That is an answer, not an error: valid = false with the score −1, whatever
// the status says; any other score outside −1..10 stays an error.
void PipelinesTest::aJudgesMinusOneIsItsInvalidAnswer()
{
    const JudgeVerdict json = parseJudgeVerdict(QStringLiteral("{\"score\":-1,\"reason\":\"the docstring is there\"}"));
    QVERIFY2(json.error.isEmpty(), qPrintable(json.error));
    QCOMPARE(json.score, -1);
    QCOMPARE(json.valid, false);
    QCOMPARE(json.reason, QStringLiteral("the docstring is there"));
    const JudgeVerdict lines = parseJudgeVerdict(QStringLiteral("Status: valid\nSuggested score: -1\nScore reason: no division there"));
    QVERIFY2(lines.error.isEmpty(), qPrintable(lines.error));
    QCOMPARE(lines.score, -1);
    QCOMPARE(lines.valid, false);
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"Suggested score\":\"-1\"}")).valid, false);
    for (const char *outside : {"{\"score\":-2}", "{\"score\":-1.5}", "{\"score\":-0.5}", "{\"score\":11}", "Suggested score: -3"})
        QVERIFY2(!parseJudgeVerdict(QString::fromLatin1(outside)).error.isEmpty(), outside);
}

// The issue judge answers −1 (CQS App. C): the issue is judged invalid —
// kept in the record with the score an invalid verdict has in the
// workspace (0) and dropped by the threshold — not dropped at "judge" as an
// error. Algorithm 1's pairs then take it as the lower issue of its tag
// against another generated review's issue the judge scored 6.
void PipelinesTest::cqsTakesAJudgesMinusOneAsInvalidInThePipelineAndThePairs()
{
    FakeLlmServer server;
    server.setResponder(oneIssueJudgedAs(m_addedLine, QStringLiteral("{\"score\":-1,\"reason\":\"90 is the documented bound\"}")));
    const RunRecord record = run(cqsConfig(server.endpoint()));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    QCOMPARE(record.comments.size(), 1);
    const ReviewComment &c = record.comments[0];
    QVERIFY2(c.errors.isEmpty(), qPrintable(c.errors.join(QLatin1Char('\n'))));
    QCOMPARE(c.judgeScore, 0);
    QCOMPARE(c.judgeReason, QStringLiteral("90 is the documented bound"));
    QCOMPARE(c.droppedAt, QStringLiteral("threshold"));
    const auto judged = std::find_if(c.history.cbegin(), c.history.cend(), [](const ScoreRecord &h) { return h.stage == QLatin1String("judge"); });
    QVERIFY(judged != c.history.cend());
    QCOMPARE(judged->note, QStringLiteral("invalid (the judge's score -1 counts as 0)"));

    QTemporaryDir dir;
    auto store = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("pairs.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    MergeRequestEntry mr;
    mr.repository = QStringLiteral("https://github.com/example/cqs-pairs");
    mr.base = QStringLiteral("b");
    mr.head = QStringLiteral("h");
    mr.codeLinked = false;
    const auto mrId = (*store)->addMergeRequest(mr);
    QVERIFY(mrId);
    StoredRun minusOne{0, *mrId, QStringLiteral("judged -1"), QStringLiteral("collector"), {}, {}, {}, "{}"};
    QVERIFY((*store)->addRun(minusOne, record.comments));
    ReviewComment six = c;
    six.id = QStringLiteral("cqs-f1-1-other");
    six.judgeScore = 6;
    six.kept = true;
    six.droppedAt.clear();
    StoredRun other{0, *mrId, QStringLiteral("judged 6"), QStringLiteral("collector"), {}, {}, {}, "{}"};
    QVERIFY((*store)->addRun(other, {six}));
    const auto data = loadExportData(**store);
    QVERIFY(data);
    const QList<PreferencePair> pairs = preferencePairs(*data, 3.0, DpoPairs::Judge);
    QCOMPARE(pairs.size(), 1);
    QCOMPARE(pairs[0].rule, QStringLiteral("judge-score-gap"));
    QCOMPARE(pairs[0].chosenScore, std::optional<double>(6.0));
    QCOMPARE(pairs[0].rejectedScore, std::optional<double>(0.0));
}

// App. A.4's "Line_matching" in JSON and in the paper's "Key: value" lines;
// anything but yes/no (or true/false) is no answer.
void PipelinesTest::judgesLineMatchingAnswerIsRead()
{
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"status\":\"valid\",\"line_matching\":\"no\",\"score\":7}")).lineMatches, std::optional<bool>(false));
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"Line_matching\":\"Yes\",\"Suggested score\":7}")).lineMatches, std::optional<bool>(true));
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"line_matching\":false,\"score\":7}")).lineMatches, std::optional<bool>(false));
    QCOMPARE(parseJudgeVerdict(QStringLiteral("Status: valid\nLine_matching: no\nSuggested score: 6")).lineMatches, std::optional<bool>(false));
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"line_matching\":\"maybe\",\"score\":7}")).lineMatches, std::optional<bool>());
    QCOMPARE(parseJudgeVerdict(QStringLiteral("{\"score\":7}")).lineMatches, std::optional<bool>());
}

// The judge says "line_matching": "no" for one of two issues: that one is
// dropped at the stage "line_matching" with its score kept and a history
// line; the other, "yes", goes on to the threshold.
void PipelinesTest::cqsDropsAnIssueWhoseLineTheJudgeSaysDoesNotMatch()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &request) {
        const auto [system, user] = messagesOf(request);
        if (system.contains(QLatin1String("issue collector"))) {
            if (!user.contains(QLatin1String("src/compute.cpp")))
                return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"));
            return FakeLlmServer::completion(QStringLiteral("{\"issues\":["
                                                            "{\"function\":\"compute3\",\"rationale\":\"Could 90 be a named constant?\",\"file\":\"src/compute.cpp\",\"line\":%1,\"tag\":\"UseConstant\"},"
                                                            "{\"function\":\"compute3\",\"rationale\":\"Is the clamp documented?\",\"file\":\"src/compute.cpp\",\"line\":%1,\"tag\":\"Documentation\"}]}")
                                                 .arg(line));
        }
        const bool matches = user.contains(QLatin1String("named constant"));
        return FakeLlmServer::completion(QStringLiteral("{\"motivation\":\"m\",\"status\":\"valid\",\"line_matching\":\"%1\",\"score\":8,\"reason\":\"r\"}")
                                             .arg(matches ? QStringLiteral("yes") : QStringLiteral("no")));
    });
    const RunRecord record = run(cqsConfig(server.endpoint(), "{\"threshold\":5}"));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    QCOMPARE(record.comments.size(), 2);
    QVERIFY(record.comments[0].kept);
    const ReviewComment &dropped = record.comments[1];
    QVERIFY(!dropped.kept);
    QCOMPARE(dropped.droppedAt, QStringLiteral("line_matching"));
    QCOMPARE(dropped.judgeScore, 8);
    QCOMPARE(dropped.history.last().stage, QStringLiteral("judge"));
    QCOMPARE(dropped.history.last().note, QStringLiteral("the judge says line %1 does not match the diff's line numbers").arg(line));
    QVERIFY(record.toJson().contains("\"dropped_at\": \"line_matching\""));
}

void PipelinesTest::cqsKeepsUnreadableRepliesRaw()
{
    FakeLlmServer prose;
    prose.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("The change clamps totals at zero.")); });
    const RunRecord unparsed = run(cqsConfig(prose.endpoint()));
    QCOMPARE(unparsed.comments.size(), 1);
    QCOMPARE(unparsed.comments[0].droppedAt, QStringLiteral("unparsed"));
    QCOMPARE(unparsed.comments[0].raw, QStringLiteral("The change clamps totals at zero."));
    QCOMPARE(unparsed.exchanges.size(), 1); // nothing to judge
    QCOMPARE(unparsed.errors.size(), 1);

    FakeLlmServer vagueJudge;
    vagueJudge.setResponder([](const FakeLlmServer::Request &request) {
        if (messagesOf(request).first.contains(QLatin1String("issue collector")))
            return FakeLlmServer::completion(QStringLiteral("{\"issues\":[{\"rationale\":\"r\",\"tag\":\"Typo\",\"line\":\"two\"}]}"));
        return FakeLlmServer::completion(QStringLiteral("I would rate this quite highly."));
    });
    const RunRecord unjudged = run(cqsConfig(vagueJudge.endpoint()));
    QCOMPARE(unjudged.comments.size(), 1);
    const ReviewComment &c = unjudged.comments[0];
    QCOMPARE(c.droppedAt, QStringLiteral("judge"));
    QCOMPARE(c.raw, QStringLiteral("I would rate this quite highly."));
    QCOMPARE(c.judgeScore, -1);
    QCOMPARE(c.lineStart, 0); // "two" is not a line
    QVERIFY(!c.lineValid);
    QCOMPARE(unjudged.errors.size(), 1);
}

// Who a CodeAgent request is for: "instructor CEO", "assistant CTO",
// "checker" (the QA-Checker's reply) or "embeddings".
QString codeAgentSpeaker(const FakeLlmServer::Request &request)
{
    if (request.path.endsWith("/embeddings"))
        return QStringLiteral("embeddings");
    const QString system = messagesOf(request).first;
    if (system.contains(QLatin1String("You supervise one conversation")))
        return QStringLiteral("checker");
    static const QRegularExpression role(QStringLiteral("^You are the (\\w+) of CodeAgent"));
    const QString name = role.match(system).captured(1);
    return (system.contains(QLatin1String("you are the instructor")) ? QStringLiteral("instructor ") : QStringLiteral("assistant ")) + name;
}

// A CodeAgent team on the fake server. The instructor asks once and says
// the task is done when an answer came back without the QA-Checker's
// objection; the Reviewer's vulnerability analysis drifts into prose for
// `drift` turns (the turn is the count of instructions in the question plus
// one), then answers the JSON report; the embeddings put a report's vector on
// the question's (relevance 1) and prose at right angles (relevance 0); the
// QA-Checker rates coreference 9 for a report and 5 for prose.
static FakeLlmServer::Reply codeAgentTeam(const FakeLlmServer::Request &request, int drift, int line)
{
    const QString speaker = codeAgentSpeaker(request);
    if (speaker == QLatin1String("embeddings")) {
        const QStringList inputs = FakeLlmServer::embeddingInputs(request);
        QList<QList<double>> vectors{{1, 0, 0}};
        for (const QString &answer : inputs.mid(1))
            vectors.append(answer.contains(QLatin1String("\"findings\"")) ? QList<double>{1, 0, 0} : QList<double>{0, 1, 0});
        return FakeLlmServer::embeddings(vectors);
    }
    const auto [system, user] = messagesOf(request);
    if (speaker == QLatin1String("checker")) {
        const int turn = static_cast<int>(user.count(QLatin1String("Additional instruction from the QA-Checker"))) + 1;
        const bool report = user.section(QStringLiteral("=== Answer BEGIN ==="), 1).contains(QLatin1String("\"findings\""));
        return FakeLlmServer::completion(QStringLiteral("{\"coreference\":%1,\"reason\":\"r\",\"instruction\":\"Name the line of the overflow (turn %2).\"}")
                                             .arg(report ? 9 : 5)
                                             .arg(turn));
    }
    if (speaker.startsWith(QLatin1String("instructor"))) {
        if (user.contains(QLatin1String(" answered:")) && !user.contains(QLatin1String("The QA-Checker scored")))
            return FakeLlmServer::completion(QStringLiteral("<TASK_DONE>"));
        const int asked = static_cast<int>(QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray().size() - 2) / 2;
        return FakeLlmServer::completion(QStringLiteral("Do the task as it is written (instruction %1).").arg(asked + 1));
    }
    if (system.contains(QLatin1String("Task VA"))) {
        if (system.count(QLatin1String("Additional instruction from the QA-Checker")) < drift)
            return FakeLlmServer::completion(QStringLiteral("The change adds a factor. Factors are useful, so the code is fine."));
        return FakeLlmServer::completion(QStringLiteral("{\"verdict\":\"vulnerable\",\"summary\":\"s\",\"findings\":[{\"file\":\"src/compute.cpp\",\"line_start\":%1,"
                                                        "\"issue\":\"total * 90 can overflow\",\"fix\":\"check\",\"severity\":6}]}").arg(line));
    }
    if (system.contains(QLatin1String("Task CA")))
        return FakeLlmServer::completion(QStringLiteral("{\"verdict\":\"inconsistent\",\"summary\":\"The message omits the factor change from 9 to 90.\",\"findings\":[]}"));
    if (system.contains(QLatin1String("Task FA")))
        return FakeLlmServer::completion(QStringLiteral("{\"verdict\":\"consistent\",\"summary\":\"aligned\",\"findings\":[]}"));
    if (system.contains(QLatin1String("Task CR")))
        return FakeLlmServer::completion(QStringLiteral("{\"verdict\":\"revised\",\"findings\":[{\"file\":\"src/compute.cpp\",\"line_start\":%1,\"line_end\":%1,"
                                                        "\"issue\":\"overflow\",\"fix\":\"widen\",\"code\":\"long long total = 0;\"}]}").arg(line));
    if (system.contains(QLatin1String("Summarize the whole code review")))
        return FakeLlmServer::completion(QStringLiteral("Summary: one vulnerability, the message misses a change."));
    if (system.contains(QLatin1String("Summarize the findings")))
        return FakeLlmServer::completion(QStringLiteral("Findings: an overflow at line %1.").arg(line));
    if (system.contains(QLatin1String("Summarize the code changes")))
        return FakeLlmServer::completion(QStringLiteral("Changes: widen total to long long."));
    if (system.contains(QLatin1String("Name the programming language")))
        return FakeLlmServer::completion(QStringLiteral("src/compute.cpp: C++; the change multiplies by 90."));
    return FakeLlmServer::completion(QStringLiteral("src/compute.cpp: code, C++\nMain language: C++"));
}

void PipelinesTest::qaCheckerAcceptsAtTurnThree()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return codeAgentTeam(r, 2, line); });
    const RunRecord record = run(codeAgentConfig(server.endpoint(), "{\"threshold\":5}"));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    // Phases in order: modality and language, the three analyses, revision, findings, revisions, document.
    QStringList phases, tasks;
    for (const Conversation &c : record.conversations) {
        phases << c.phase;
        tasks << c.task;
    }
    QCOMPARE(tasks, (QStringList{QStringLiteral("modality"), QStringLiteral("language"), QStringLiteral("consistency"), QStringLiteral("vulnerability"),
                                 QStringLiteral("format"), QStringLiteral("revision"), QStringLiteral("findings"), QStringLiteral("revisions"),
                                 QStringLiteral("summary")}));
    QCOMPARE(phases.count(QStringLiteral("basic_info_sync")), 2);
    QCOMPARE(phases.count(QStringLiteral("document")), 3);
    QVERIFY(!record.conversations[0].supervised);
    QCOMPARE(record.conversations[5].phase, QStringLiteral("code_alignment"));
    const Conversation &va = record.conversations[3];
    QCOMPARE(va.instructor, QStringLiteral("Coder"));
    QCOMPARE(va.assistant, QStringLiteral("Reviewer"));
    QCOMPARE(va.turns.size(), 3);
    QVERIFY(va.accepted);
    // Turns 1 and 2: prose, relevance 0 and no report; turn 3: the report on the question's vector.
    for (int i : {0, 1}) {
        QVERIFY(va.turns[i].terms);
        QCOMPARE(va.turns[i].terms->relevance, 0.0);
        QCOMPARE(va.turns[i].terms->pattern, 0.0);
        QCOMPARE(va.turns[i].terms->coreference, 0.5);
        QVERIFY(va.turns[i].score < 5);
    }
    QCOMPARE(va.turns[2].terms->relevance, 1.0);
    QCOMPARE(va.turns[2].terms->pattern, 1.0);
    QVERIFY(va.turns[2].score >= 5);
    QCOMPARE(va.turns[2].score, 10 * va.turns[2].terms->quality());
    QCOMPARE(va.turns[0].instruction, QStringLiteral("Name the line of the overflow (turn 1)."));
    QVERIFY(va.turns[2].instruction.isEmpty());
    // Q_2 = Q_0 + aai_0 + aai_1: the third turn's task carries both instructions,
    // for the instructor and the assistant, and so do the embeddings of Q_2.
    for (int index : {va.turns[2].instructorExchange, va.turns[2].exchange}) {
        const QString task = record.exchanges[index].request.messages.first().content;
        QVERIFY(task.contains(QLatin1String("(turn 1)")) && task.contains(QLatin1String("(turn 2)")));
    }
    QVERIFY(record.exchanges[va.turns[2].embeddingExchange].request.embeddingInput.first().contains(QLatin1String("(turn 2)")));
    QVERIFY(record.exchanges[va.turns[2].checkerExchange].request.label.startsWith(QLatin1String("qa-checker vulnerability, turn 3")));
    // Every other supervised conversation passed at once; the others ended
    // when the instructor said the task is done, at its second turn.
    for (const Conversation &c : record.conversations) {
        if (&c == &va)
            continue;
        QCOMPARE(c.turns.size(), c.supervised ? 1 : 2);
        QVERIFY(c.accepted);
    }
    // 5 unsupervised conversations of 3 requests, 4 supervised ones of 4
    // (instructor, assistant, embeddings, checker), and 2 more VA turns of 4.
    QCOMPARE(record.exchanges.size(), 5 * 3 + 4 * 4 + 2 * 4);
    QCOMPARE(record.summary, QStringLiteral("Summary: one vulnerability, the message misses a change."));
    // The reports as comments.
    QStringList tags;
    for (const ReviewComment &c : record.comments) {
        tags << c.tag;
        QCOMPARE(c.pipeline, QStringLiteral("codeagent"));
    }
    QCOMPARE(tags, (QStringList{QStringLiteral("consistency"), QStringLiteral("vulnerability"), QStringLiteral("revision")}));
    QCOMPARE(record.comments[1].lineStart, line);
    QVERIFY(record.comments[1].lineValid);
    QCOMPARE(record.comments[1].category, QStringLiteral("Security Vulnerability"));
    QVERIFY(record.comments[1].history.last().note.contains(QLatin1String("after 3 turn(s)")));
    QCOMPARE(record.comments[2].example, QStringLiteral("long long total = 0;"));
    // The record keeps every turn of both agents and the QA-Checker's terms.
    const QJsonArray stored = QJsonDocument::fromJson(record.toJson()).object().value(QStringLiteral("run")).toObject().value(QStringLiteral("conversations")).toArray();
    QCOMPARE(stored.size(), 9);
    const QJsonObject third = stored[3].toObject().value(QStringLiteral("turns")).toArray()[2].toObject();
    QCOMPARE(third.value(QStringLiteral("instructor_exchange")).toInt(), va.turns[2].instructorExchange);
    QCOMPARE(third.value(QStringLiteral("embedding_exchange")).toInt(), va.turns[2].embeddingExchange);
    QCOMPARE(third.value(QStringLiteral("terms")).toObject().value(QStringLiteral("relevance")).toDouble(), 1.0);
}

// The issue's evidence: the requests the server sees, in order. Each
// conversation alternates instructor and assistant; the Coder speaks in
// Basic Info Sync and in Document; the QA-Checker's embeddings come before
// its reply on each supervised turn.
void PipelinesTest::codeAgentDialogueAsTheServerSeesIt()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return codeAgentTeam(r, 1, line); });
    const RunRecord record = run(codeAgentConfig(server.endpoint(), "{\"threshold\":5,\"tasks\":[\"vulnerability\"]}"));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    QStringList seen;
    for (const FakeLlmServer::Request &r : server.requests())
        seen << codeAgentSpeaker(r);
    const QStringList expected = {
        // Basic Info Sync: CEO and CTO, then CTO and Coder.
        QStringLiteral("instructor CEO"), QStringLiteral("assistant CTO"), QStringLiteral("instructor CEO"),
        QStringLiteral("instructor CTO"), QStringLiteral("assistant Coder"), QStringLiteral("instructor CTO"),
        // Code Review: the Coder instructs the Reviewer; the first answer falls below τ.
        QStringLiteral("instructor Coder"), QStringLiteral("assistant Reviewer"), QStringLiteral("embeddings"), QStringLiteral("checker"),
        QStringLiteral("instructor Coder"), QStringLiteral("assistant Reviewer"), QStringLiteral("embeddings"), QStringLiteral("checker"),
        // Document: the CPO with the Reviewer, the CPO with the Coder, the CEO with the CPO.
        QStringLiteral("instructor CPO"), QStringLiteral("assistant Reviewer"), QStringLiteral("instructor CPO"),
        QStringLiteral("instructor CPO"), QStringLiteral("assistant Coder"), QStringLiteral("instructor CPO"),
        QStringLiteral("instructor CEO"), QStringLiteral("assistant CPO"), QStringLiteral("instructor CEO")};
    QCOMPARE(seen, expected);
    // The second VA turn: the instructor saw the answer and the QA-Checker's
    // objection; the assistant sees the dialogue so far, then the new instruction.
    const QJsonArray toInstructor = QJsonDocument::fromJson(server.requests()[10].body).object().value(QStringLiteral("messages")).toArray();
    QCOMPARE(toInstructor.size(), 4); // system, first request, its instruction, the answer relayed
    QCOMPARE(toInstructor[2].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
    QVERIFY(toInstructor[3].toObject().value(QStringLiteral("content")).toString().contains(QLatin1String("The QA-Checker scored this answer")));
    const QJsonArray toAssistant = QJsonDocument::fromJson(server.requests()[11].body).object().value(QStringLiteral("messages")).toArray();
    QStringList roles;
    for (const QJsonValue &m : toAssistant)
        roles << m.toObject().value(QStringLiteral("role")).toString();
    QCOMPARE(roles, (QStringList{QStringLiteral("system"), QStringLiteral("user"), QStringLiteral("assistant"), QStringLiteral("user")}));
    QCOMPARE(toAssistant[3].toObject().value(QStringLiteral("content")).toString(), QStringLiteral("Do the task as it is written (instruction 2)."));
    // The embeddings request holds Q_i and A_i.
    const QStringList embedded = FakeLlmServer::embeddingInputs(server.requests()[12]);
    QCOMPARE(embedded.size(), 2);
    QVERIFY(embedded[0].contains(QLatin1String("Task VA")) && embedded[0].contains(QLatin1String("Additional instruction from the QA-Checker")));
    QVERIFY(embedded[1].contains(QLatin1String("\"findings\"")));
    QCOMPARE(QJsonDocument::fromJson(server.requests()[12].body).object().value(QStringLiteral("model")).toString(), QStringLiteral("embedding-model"));
    // The record's turns point at those requests, in the record's order.
    const Conversation &va = record.conversations[2];
    QCOMPARE(va.turns.size(), 2);
    QCOMPARE(record.exchanges[va.turns[1].instructorExchange].request.label, QStringLiteral("codeagent vulnerability, turn 2: Coder instructs Reviewer"));
    QCOMPARE(record.exchanges[va.turns[1].exchange].request.label, QStringLiteral("codeagent vulnerability, turn 2: Reviewer answers Coder"));
    QVERIFY(record.exchanges[va.turns[1].embeddingExchange].request.isEmbedding());
}

// App. A's 𝒬 and Algorithm 1's refinement on one answer, against the value
// worked out by hand.
void PipelinesTest::qaCheckerScoreMatchesTheHandComputedValue()
{
    // Words (12): The loop reads past the buffer because i size Use i size
    // ("<=" and "<" have no letter or digit). Content words, distinct and not
    // function words (6): loop reads past buffer size use. Technical (3):
    // loop, buffer (vocabulary), size (a word of the code under review).
    const QString answer = QStringLiteral("The loop reads past the buffer because i <= size. Use i < size.");
    const QSet<QString> code = codeIdentifiers(QStringLiteral("for (int i = 0; i <= size; ++i) sum += buffer[i];"));
    QCOMPARE(code, (QSet<QString>{QStringLiteral("int"), QStringLiteral("size"), QStringLiteral("sum"), QStringLiteral("buffer")}));
    QCOMPARE(qaWords(answer).size(), 12);
    QCOMPARE(qaSpecificity(answer, code), 3.0 / 12.0);
    // One connective ("because") in two sentences.
    QCOMPARE(qaDiscourseConnectives(answer), 0.5);
    QCOMPARE(qaAnswerPatternAdherence(answer), 0.0); // prose, not the JSON report asked for
    // Relevance: cos([1,0,0], [0.6,0.8,0]) = 0.6.
    const QaTerms terms = qaTerms(answer, {1, 0, 0}, {0.6f, 0.8f, 0}, 9, code);
    QVERIFY(qAbs(terms.relevance - 0.6) < 1e-6);
    QCOMPARE(terms.coreference, 0.9);
    // Coherence = (0.5 + 0.9 + 0) / 3 = 0.46667; 𝒬 = (0.6 + 0.25 + 0.46667) / 3 = 0.43889.
    QVERIFY(qAbs(terms.coherence() - 1.4 / 3) < 1e-6);
    QVERIFY(qAbs(terms.quality() - 0.438888889) < 1e-6);
    QVERIFY(qAbs(qaScore(terms) - 4.38888889) < 1e-5);
    // Below τ 5: Q_1 = Q_0 + aai_0. At τ 4 the answer stands.
    const QaStep below = qaRefine(QStringLiteral("Q0"), qaScore(terms), 5, QStringLiteral("Name the line."));
    QVERIFY(!below.accepted);
    QCOMPARE(below.nextQuestion, QStringLiteral("Q0\n\nAdditional instruction from the QA-Checker: Name the line."));
    QVERIFY(qaRefine(QStringLiteral("Q0"), qaScore(terms), 4, QStringLiteral("Name the line.")).accepted);
    // The report asked for: pattern 1; a report without a verdict: 0.5.
    QCOMPARE(qaAnswerPatternAdherence(QStringLiteral("{\"verdict\":\"vulnerable\",\"findings\":[]}")), 1.0);
    QCOMPARE(qaAnswerPatternAdherence(QStringLiteral("{\"findings\":[]}")), 0.5);
    // Opposed vectors are no relevance; vectors of different lengths neither.
    QCOMPARE(qaRelevance({1, 0}, {-1, 0}), 0.0);
    QCOMPARE(cosineSimilarity({1, 0}, {1, 0, 0}), 0.0);
}

void PipelinesTest::qaCheckerStopsAtTheTurnLimit()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return codeAgentTeam(r, 100, line); });
    const RunRecord record = run(codeAgentConfig(server.endpoint(), "{\"threshold\":5,\"max_turns\":4,\"tasks\":[\"vulnerability\"]}"));
    QCOMPARE(record.conversations.size(), 6); // modality, language, VA, findings, revisions, document
    const Conversation &va = record.conversations[2];
    QCOMPARE(va.task, QStringLiteral("vulnerability"));
    QCOMPARE(va.turns.size(), 4);
    QVERIFY(!va.accepted);
    QVERIFY(va.turns.last().instruction.isEmpty()); // nothing is asked after the last turn
    QVERIFY(va.turns.last().note.contains(QLatin1String("turn limit")));
    // The turn limit, and the last answer (prose) kept raw as an unparsed comment.
    QCOMPARE(record.errors.size(), 2);
    QVERIFY2(record.errors.first().contains(QLatin1String("never scored an answer 5 or more in 4 turns")), qPrintable(record.errors.first()));
    QCOMPARE(record.comments.size(), 1);
    QCOMPARE(record.comments[0].droppedAt, QStringLiteral("unparsed"));
    QVERIFY(record.comments[0].history.last().note.contains(QLatin1String("no answer reached")));
}

void PipelinesTest::withoutQaCheckerTheInstructorEndsEachConversation()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return codeAgentTeam(r, 0, line); });
    const RunRecord record = run(codeAgentConfig(server.endpoint(), "{}", false));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    QCOMPARE(record.conversations.size(), 9);
    for (const Conversation &c : record.conversations) {
        QVERIFY(!c.supervised);
        QVERIFY(c.accepted);
        QCOMPARE(c.turns.size(), 2); // an instruction and its answer; then the instructor's <TASK_DONE>
        QCOMPARE(c.turns[1].exchange, -1);
        QVERIFY(c.turns[1].note.contains(QLatin1String("said the task is done")));
    }
    QCOMPARE(record.exchanges.size(), 9 * 3);
    for (const FakeLlmServer::Request &r : server.requests()) {
        QVERIFY(!r.path.endsWith("/embeddings"));
        QVERIFY(!messagesOf(r).first.contains(QLatin1String("QA-Checker")));
    }
}

// An instructor that ends the conversation before any instruction: no
// answer is invented, each conversation says so in the record and the errors.
void PipelinesTest::anInstructorEndingAtOnceLeavesNoAnswer()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) {
        return codeAgentSpeaker(r).startsWith(QLatin1String("instructor")) ? FakeLlmServer::completion(QStringLiteral("<TASK_DONE>")) : codeAgentTeam(r, 0, line);
    });
    const RunRecord record = run(codeAgentConfig(server.endpoint(), "{\"tasks\":[\"vulnerability\"]}"));
    QCOMPARE(record.conversations.size(), 6);
    QCOMPARE(record.exchanges.size(), 6); // one instructor request each, nothing else
    QCOMPARE(record.errors.size(), 6);
    for (const Conversation &c : record.conversations) {
        QCOMPARE(c.turns.size(), 1);
        QVERIFY(!c.accepted);
        QCOMPARE(c.turns[0].exchange, -1);
        QVERIFY(c.turns[0].note.contains(QLatin1String("before any answer")));
    }
    QVERIFY(record.comments.isEmpty());
    QVERIFY(record.summary.isEmpty());
}

void PipelinesTest::aacrRunsBehindTheCommonInterface()
{
    const auto c = RunConfig::fromJson("{\"pipeline\":\"aacr\",\"context\":\"bm25\",\"aacr\":{\"top_k\":4},\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}");
    QVERIFY2(c, c ? "" : qPrintable(c.error().message));
    QCOMPARE(c->context, QStringLiteral("bm25"));
    AacrOptions expected; // the "aacr" object read into the typed options, the rest left at their defaults
    expected.topK = 4;
    QVERIFY(c->aacr == expected);
    RunConfig withEmbedding = *c;
    withEmbedding.roles[QStringLiteral("embedding")] = {QStringLiteral("http://x/v1"), QStringLiteral("embedder"), {}, 0.0, {}, 2048, {}, false, {}};
    QCOMPARE(withEmbedding.profiles().first().first, QStringLiteral("reviewer")); // the main role first, not by name
    const auto pipeline = makePipeline(PipelineKind::Aacr);
    QVERIFY(pipeline);
    QCOMPARE(pipeline->kind(), PipelineKind::Aacr);
    // Its options are checked with the configuration, not when the run starts.
    const auto misspelt = RunConfig::fromJson("{\"pipeline\":\"aacr\",\"aacr\":{\"top-k\":3},\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}");
    QVERIFY(!misspelt);
    QVERIFY2(misspelt.error().message.contains(QLatin1String("aacr.top_k")), qPrintable(misspelt.error().message));
}

// Parse -> serialise -> parse gives the same typed options, and the AACR
// pipeline's settings are those options, not a JSON copy of them.
void PipelinesTest::aacrOptionsRoundTripThroughTheTypedStruct()
{
    const auto c = RunConfig::fromJson("{\"pipeline\":\"aacr\",\"context\":\"agent\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}},"
                                       "\"aacr\":{\"top_k\":7,\"chunk_lines\":30,\"chunk_overlap\":5,\"max_file_bytes\":2048,\"embedding_batch\":8,"
                                       "\"exact_search_limit\":100,\"max_turns\":4,\"token_budget\":5000,\"tool_result_chars\":300,\"cache_dir\":\"/tmp/aacr\"}}");
    QVERIFY2(c, c ? "" : qPrintable(c.error().message));
    AacrOptions expected;
    expected.topK = 7;
    expected.chunkLines = 30;
    expected.chunkOverlap = 5;
    expected.maxFileBytes = 2048;
    expected.embeddingBatch = 8;
    expected.exactSearchLimit = 100;
    expected.maxTurns = 4;
    expected.tokenBudget = 5000;
    expected.toolResultChars = 300;
    expected.cacheDir = QStringLiteral("/tmp/aacr");
    QVERIFY(c->aacr == expected);
    const auto again = RunConfig::fromJson(c->toJson());
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QVERIFY(again->aacr == expected);
    QCOMPARE(again->toJson(), c->toJson());
    const auto aacr = AacrRunConfig::fromRunConfig(*again);
    QVERIFY2(aacr, aacr ? "" : qPrintable(aacr.error().message));
    QCOMPARE(aacr->context, AacrContext::Agent);
    QVERIFY(aacr->options == expected);
    // And back as the record's configuration, unchanged.
    QCOMPARE(aacr->toRunConfig().toJson(), c->toJson());
}

// A record's configuration lists the AACR options that differ from the
// defaults only, so a run with the defaults writes no "aacr" object.
void PipelinesTest::aacrRecordOfDefaultOptionsHasNoAacrObject()
{
    const auto c = RunConfig::fromJson("{\"pipeline\":\"aacr\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"}}}");
    QVERIFY2(c, c ? "" : qPrintable(c.error().message));
    const QJsonObject json = QJsonDocument::fromJson(c->toJson()).object();
    QCOMPARE(json.value(QStringLiteral("context")).toString(), QStringLiteral("none"));
    QVERIFY(!json.contains(QStringLiteral("aacr")));
    RunConfig changed = *c;
    changed.aacr.maxTurns = 6;
    const QJsonObject written = QJsonDocument::fromJson(changed.toJson()).object().value(QStringLiteral("aacr")).toObject();
    QCOMPARE(written.keys(), QStringList{QStringLiteral("max_turns")});
    QCOMPARE(written.value(QStringLiteral("max_turns")).toInt(), 6);
}

// The window's background job dispatches by "pipeline" too, with progress.
void PipelinesTest::reviewJobRunsTheConfiguredPipeline()
{
    FakeLlmServer server;
    const int line = m_addedLine;
    server.setResponder([line](const FakeLlmServer::Request &r) { return codeAgentTeam(r, 0, line); });
    const auto config = RunConfig::fromJson(codeAgentConfig(server.endpoint(), "{\"tasks\":[\"vulnerability\",\"revision\"]}"));
    QVERIFY(config);
    ReviewJob job;
    QSignalSpy progressed(&job, &ReviewJob::progressed);
    QSignalSpy finished(&job, &ReviewJob::finished);
    auto runner = ReviewRunner::prepare(*config, {});
    QVERIFY(runner);
    QVERIFY(job.start(std::make_shared<const MergeRequest>(*m_mr), {}, std::move(*runner)));
    QVERIFY(finished.wait(30000));
    QVERIFY(job.record());
    QCOMPARE(job.record()->config.pipeline, PipelineKind::CodeAgent);
    QCOMPARE(job.record()->conversations.size(), 7); // modality, language, VA, CR, findings, revisions, document
    QVERIFY(!progressed.isEmpty());
    const RunProgress last = progressed.last().first().value<RunProgress>();
    QCOMPARE(last.slicesDone, 7);
    QCOMPARE(last.slicesTotal, 7);
    // The workspace names the run by its pipeline and model, not by the
    // defect pipeline's slicing and reviewer count.
    const StoredRun stored = storedRunFor(1, *job.record());
    QCOMPARE(stored.label, QStringLiteral("codeagent · agent-model"));
    QCOMPARE(stored.model, QStringLiteral("agent-model"));
}

QTEST_GUILESS_MAIN(PipelinesTest)
#include "tst_pipelines.moc"
