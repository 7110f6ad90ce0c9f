// EvaluationJob: the one evaluation behind the Evaluate window and
// `reviewdesk-cli eval`. The same request gives the CLI's bytes; a request
// the job cannot do says why; in the background it reports the judge's
// progress and its end, and a cancel stops the judge.

#include <EvaluationJob.h>
#include <FakeLlmServer.h>
#include <ReviewRun.h>
#include <RunProcess.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

// One merge request with one reference (a.cpp:5, "use after free of p") and
// one run of two comments on its line: "naming" first in file order, then
// "p is a freed pointer here", which says the same as the reference.
bool makeWorkspace(const QString &path)
{
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return false;
    MergeRequestEntry e;
    e.repository = QStringLiteral("/r");
    e.base = QStringLiteral("a");
    e.head = QStringLiteral("b");
    const auto mr = (*store)->addMergeRequest(e);
    if (!mr)
        return false;
    ReviewComment ref;
    ref.file = QStringLiteral("a.cpp");
    ref.lineStart = ref.lineEnd = 5;
    ref.issue = QStringLiteral("use after free of p");
    const auto refId = (*store)->importComment(*mr, ref, QStringLiteral("aacr"));
    if (!refId || !(*store)->setReference(*refId, true))
        return false;
    ReviewComment other = ref;
    other.id = QStringLiteral("c1");
    other.issue = QStringLiteral("naming");
    ReviewComment same = ref;
    same.id = QStringLiteral("c2");
    same.issue = QStringLiteral("p is a freed pointer here");
    RunRecord record;
    record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    record.config.reviewer.model = QStringLiteral("m");
    StoredRun run;
    run.mergeRequest = *mr;
    run.record = record.toJson();
    return bool((*store)->addRun(run, {other, same}));
}

bool writeJudgeConfig(const QString &path, const QString &endpoint)
{
    QFile f(path);
    const QByteArray text = QStringLiteral(R"({"reviewers": 1, "roles": {"reviewer": {"endpoint": "%1", "model": "judge"}}})").arg(endpoint).toUtf8();
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

} // namespace

class TestEvaluationJob : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void sameRequestGivesTheCliJsonAndTables();
    void unknownRunGivesAnErrorNamingIt();
    void missingWorkspaceGivesAnErrorNamingIt();
    void unreadableJudgeConfigurationIsRefusedBeforeAnyWork();
    void backgroundRunSignalsFinishedWithFiguresAndTuning();
    void judgeProgressArrivesPerPairAndItsExchangesAreKept();
    void judgeFailuresComeApartFromTheFiguresAndStopTheTuning();
    void cancelEndsTheQuestionInFlightAndAsksNoMore();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_workspace;
};

void TestEvaluationJob::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    QVERIFY(makeWorkspace(m_workspace));
}

void TestEvaluationJob::sameRequestGivesTheCliJsonAndTables()
{
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.references = eval::ReferenceSet::Aacr;
    EvaluationJob job;
    QVERIFY(job.prepare(request));
    const EvaluationOutcome &outcome = job.run();
    QVERIFY(!outcome.error);
    const auto json = outcome.report();
    QVERIFY(json);
    const test::GitOutput cliJson = test::runCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--references"), QStringLiteral("aacr")});
    QCOMPARE(cliJson.exitCode, 0);
    QCOMPARE(*json, cliJson.out);
    QVERIFY(json->contains("\"configurations\""));

    const auto markdown = outcome.report(eval::TableFormat::Markdown, QStringLiteral("stages"));
    QVERIFY(markdown);
    const test::GitOutput cliMarkdown = test::runCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--references"),
                                                      QStringLiteral("aacr"), QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                                                      QStringLiteral("stages")});
    QCOMPARE(cliMarkdown.exitCode, 0);
    QCOMPARE(*markdown, cliMarkdown.out);
    // The set measured against first, then the table.
    QVERIFY2(markdown->startsWith("References: the live set 'aacr'; references: "), markdown->constData());
    QVERIFY(markdown->contains("\n\n### "));

    const auto noSuchTable = outcome.report(eval::TableFormat::Csv, QStringLiteral("nope"));
    QVERIFY(!noSuchTable);
    QCOMPARE(noSuchTable.error().message, QStringLiteral("no table nope"));
}

void TestEvaluationJob::unknownRunGivesAnErrorNamingIt()
{
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.runs = {99};
    EvaluationJob job;
    QVERIFY(job.prepare(request));
    const EvaluationOutcome &outcome = job.run();
    QVERIFY(outcome.error);
    QCOMPARE(outcome.error->message, QStringLiteral("no run 99 in this workspace"));
    QVERIFY(!outcome.evaluation);
    QVERIFY(!outcome.report());
}

void TestEvaluationJob::missingWorkspaceGivesAnErrorNamingIt()
{
    EvaluationRequest request;
    request.workspace = m_dir->filePath(QStringLiteral("missing.rdw"));
    EvaluationJob job;
    QVERIFY(job.prepare(request));
    const EvaluationOutcome &outcome = job.run();
    QVERIFY(outcome.error);
    QVERIFY2(outcome.error->message.contains(QStringLiteral("no workspace at")), qPrintable(outcome.error->message));
    // Evaluating never makes a workspace.
    QVERIFY(!QFile::exists(request.workspace));
}

void TestEvaluationJob::unreadableJudgeConfigurationIsRefusedBeforeAnyWork()
{
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.judgeConfig = m_dir->filePath(QStringLiteral("no-such-run.json"));
    EvaluationJob job;
    QSignalSpy finished(&job, &EvaluationJob::finished);
    const auto ready = job.prepare(request);
    QVERIFY(!ready);
    QVERIFY2(ready.error().message.contains(QStringLiteral("cannot read the judge's run configuration")), qPrintable(ready.error().message));
    QVERIFY(!job.isRunning());
    QCOMPARE(finished.count(), 0);
}

void TestEvaluationJob::backgroundRunSignalsFinishedWithFiguresAndTuning()
{
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.tuneFor = eval::TuningGoal::Cpi1;
    EvaluationJob job;
    QSignalSpy finished(&job, &EvaluationJob::finished);
    QVERIFY(job.prepare(request));
    job.start();
    QVERIFY(job.isRunning());
    QVERIFY(finished.wait());
    QCOMPARE(finished.count(), 1);
    QVERIFY(!job.isRunning());
    const EvaluationOutcome &outcome = job.outcome();
    QVERIFY(!outcome.error);
    QVERIFY(outcome.evaluation);
    QCOMPARE(outcome.evaluation->runs.size(), 1);
    QVERIFY(!outcome.evaluation->semantic);
    // Line match: the reference is found, by the first comment on its line.
    QCOMPARE(outcome.evaluation->defect(outcome.evaluation->groups.first(), eval::Stage::Validator).keyIssuesFound, 1);
    QVERIFY(!outcome.tuning.points.isEmpty());
    QCOMPARE(outcome.tuningRuns.size(), 1);
}

void TestEvaluationJob::judgeProgressArrivesPerPairAndItsExchangesAreKept()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        return test::FakeLlmServer::completion(r.body.contains("use after free") && r.body.contains("freed pointer") ? QStringLiteral("yes")
                                                                                                                : QStringLiteral("no"));
    });
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.judgeConfig = m_dir->filePath(QStringLiteral("judge.json"));
    QVERIFY(writeJudgeConfig(request.judgeConfig, server.endpoint()));
    request.votes = 3;
    EvaluationJob job;
    QSignalSpy progressed(&job, &EvaluationJob::progressed);
    QSignalSpy finished(&job, &EvaluationJob::finished);
    QVERIFY(job.prepare(request));
    job.start();
    QVERIFY(finished.wait());
    // Two pairs on the reference's line, three votes each, in file order.
    QCOMPARE(progressed.count(), 2);
    QCOMPARE(progressed.at(0).at(0).toInt(), 3);
    QCOMPARE(progressed.at(1).at(0).toInt(), 6);
    const EvaluationOutcome &outcome = job.outcome();
    QCOMPARE(outcome.judgeExchanges.size(), 6);
    QVERIFY(outcome.judgeErrors.isEmpty());
    QCOMPARE(server.requests().size(), 6);
    QVERIFY(outcome.evaluation);
    QVERIFY(outcome.evaluation->semantic);
    const eval::AacrMetrics aacr = outcome.evaluation->aacr(outcome.evaluation->groups.first(), eval::Stage::Validator);
    QVERIFY(aacr.semantic);
    QCOMPARE(aacr.semantic->precision.part, 1);
}

void TestEvaluationJob::judgeFailuresComeApartFromTheFiguresAndStopTheTuning()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(400, "{\"error\":\"bad\"}"); });
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.tuneFor = eval::TuningGoal::F1;
    request.judgeConfig = m_dir->filePath(QStringLiteral("judge.json"));
    QVERIFY(writeJudgeConfig(request.judgeConfig, server.endpoint()));
    EvaluationJob job;
    QSignalSpy finished(&job, &EvaluationJob::finished);
    QVERIFY(job.prepare(request));
    job.start();
    QVERIFY(finished.wait());
    const EvaluationOutcome &outcome = job.outcome();
    QVERIFY(!outcome.error);
    QCOMPARE(outcome.judgeErrors.size(), 2);
    QCOMPARE(outcome.judgeExchanges.size(), 2);
    QVERIFY(outcome.tuning.points.isEmpty());
}

void TestEvaluationJob::cancelEndsTheQuestionInFlightAndAsksNoMore()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::held(test::FakeLlmServer::completion(QStringLiteral("yes"))); });
    EvaluationRequest request;
    request.workspace = m_workspace;
    request.judgeConfig = m_dir->filePath(QStringLiteral("judge.json"));
    QVERIFY(writeJudgeConfig(request.judgeConfig, server.endpoint()));
    EvaluationJob job;
    QSignalSpy received(&server, &test::FakeLlmServer::requestReceived);
    QSignalSpy finished(&job, &EvaluationJob::finished);
    QVERIFY(job.prepare(request));
    job.start();
    QVERIFY(received.wait());
    job.cancel(); // returns when the worker has ended
    QVERIFY(finished.wait());
    const EvaluationOutcome &outcome = job.outcome();
    // The first pair's question ended as cancelled; the second pair was never asked.
    QCOMPARE(server.requests().size(), 1);
    QCOMPARE(outcome.judgeExchanges.size(), 1);
    QCOMPARE(outcome.judgeErrors.size(), 1);
}

QTEST_MAIN(TestEvaluationJob)
#include "tst_evaluationjob.moc"
