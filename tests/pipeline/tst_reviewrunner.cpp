// One way to run a review (ReviewRunner.h): the window's run (RunService)
// and `reviewdesk-cli review` of the same merge request, with the same
// configuration and the same recording, store the same run — every field of
// the stored run and of its record but the clock's (start, end, latencies).

#include <DemoMergeRequest.h>
#include <RunProcess.h>

#include <ReviewSession.h>
#include <RunConfig.h>
#include <RunService.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

const QString Config = QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review-config.json");
const QString Replay = QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review.json");

// What the clock decides, taken out of a stored run's record: when it
// started and ended, and how long each answer (and each endpoint) took.
QJsonObject withoutTimes(const QByteArray &record)
{
    QJsonObject root = QJsonDocument::fromJson(record).object();
    QJsonObject run = root.value(QStringLiteral("run")).toObject();
    for (const char *key : {"started", "finished", "elapsed_ms"})
        run.remove(QLatin1String(key));
    QJsonArray exchanges;
    for (const QJsonValue &e : run.value(QStringLiteral("exchanges")).toArray()) {
        QJsonObject exchange = e.toObject();
        exchange.remove(QStringLiteral("latency_ms"));
        exchanges.append(exchange);
    }
    run.insert(QStringLiteral("exchanges"), exchanges);
    QJsonArray endpoints;
    for (const QJsonValue &e : run.value(QStringLiteral("endpoints")).toArray()) {
        QJsonObject endpoint = e.toObject();
        endpoint.remove(QStringLiteral("mean_latency_ms"));
        endpoints.append(endpoint);
    }
    run.insert(QStringLiteral("endpoints"), endpoints);
    root.insert(QStringLiteral("run"), run);
    return root;
}

} // namespace

class ReviewRunnerTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_root;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_root.isValid());
    }

    void theWindowAndTheCliStoreTheSameRunOfOneRecording();
};

void ReviewRunnerTest::theWindowAndTheCliStoreTheSameRunOfOneRecording()
{
    const auto demo = ensureDemoMergeRequest(m_root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    const QString workspace = m_root.filePath(QStringLiteral("runs.rdw"));

    // The window: the demo merge request opened and sliced, the recorded
    // review run on it, stored in its workspace.
    qint64 mergeRequest = 0;
    {
        ReviewSession session;
        session.reviewing()->setRunJournalFolder(m_root.filePath(QStringLiteral("journals")));
        QVERIFY(session.openWorkspace(workspace, true));
        QSignalSpy sliced(&session, &ReviewSession::slicingFinished);
        QVERIFY(session.loadMergeRequest(*demo, {}));
        QVERIFY(sliced.wait(120000));
        QVERIFY(session.slices());
        QFile file(Config);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const auto config = RunConfig::fromJson(file.readAll());
        QVERIFY2(config, config ? "" : qPrintable(config.error().message));
        QSignalSpy finished(session.reviewing(), &RunService::reviewFinished);
        const auto started = session.reviewing()->startReview(*config, Replay);
        QVERIFY2(started, started ? "" : qPrintable(started.error().message));
        QVERIFY(finished.wait(120000));
        QVERIFY2(session.reviewing()->lastRunStoreError().isEmpty(), qPrintable(session.reviewing()->lastRunStoreError()));
        QCOMPARE(session.runs().size(), 1);
        mergeRequest = session.runs().constFirst().mergeRequest;
    }

    // The command line: the same merge request of the same workspace, the
    // same configuration and recording.
    ProcessRun cli;
    cli.environment.insert(QStringLiteral("XDG_DATA_HOME"), m_root.filePath(QStringLiteral("data"))); // its run journal
    const GitOutput review = runCli({QStringLiteral("review"), QStringLiteral("--mr"), QString::number(mergeRequest), QStringLiteral("--workspace"), workspace,
                                     QStringLiteral("--config"), Config, QStringLiteral("--replay"), Replay},
                                    cli);
    QVERIFY2(review.exitCode == 0, review.err.constData());

    auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    const auto runs = (*store)->runs(mergeRequest);
    QVERIFY(runs);
    QCOMPARE(runs->size(), 2);
    // Each with its record (the list leaves records out).
    const auto first = (*store)->run(std::min(runs->at(0).id, runs->at(1).id));
    const auto second = (*store)->run(std::max(runs->at(0).id, runs->at(1).id));
    QVERIFY(first && second);
    const StoredRun &window = *first;
    const StoredRun &command = *second;

    QCOMPARE(command.mergeRequest, window.mergeRequest);
    QCOMPARE(command.label, window.label);
    QCOMPARE(command.model, window.model);
    QCOMPARE(command.configHash, window.configHash);
    QCOMPARE(command.revisionFrom, window.revisionFrom);
    QCOMPARE(command.revisionTo, window.revisionTo);
    QVERIFY(window.revisionTo > 0); // the merge request's current revision, both times
    QVERIFY(window.started.isValid() && window.finished.isValid());
    QVERIFY(command.started.isValid() && command.finished.isValid());

    // The record, part by part, so a difference names its part.
    const QJsonObject windowRecord = withoutTimes(window.record);
    const QJsonObject commandRecord = withoutTimes(command.record);
    const QJsonObject windowRun = windowRecord.value(QStringLiteral("run")).toObject();
    const QJsonObject commandRun = commandRecord.value(QStringLiteral("run")).toObject();
    QVERIFY(windowRun.contains(QStringLiteral("config")) && windowRun.contains(QStringLiteral("exchanges")));
    QCOMPARE(commandRun.keys(), windowRun.keys());
    for (const QString &key : windowRun.keys())
        QVERIFY2(commandRun.value(key) == windowRun.value(key), qPrintable(QStringLiteral("run.%1 differs").arg(key)));
    const QJsonArray comments = windowRecord.value(QStringLiteral("comments")).toArray();
    QVERIFY(comments.size() >= 5); // the demo's review finds something to compare
    QCOMPARE(commandRecord.value(QStringLiteral("comments")).toArray(), comments);
    QCOMPARE(commandRecord.keys(), windowRecord.keys());
    QCOMPARE(commandRecord, windowRecord);
    QVERIFY(windowRun.value(QStringLiteral("requests")).toInt() > 20);
    QCOMPARE(windowRun.value(QStringLiteral("failed_requests")).toInt(), 0);

    // And the comments the workspace stored of each, one by one.
    CommentQuery ofWindow, ofCommand;
    ofWindow.run = window.id;
    ofCommand.run = command.id;
    const auto windowComments = (*store)->comments(ofWindow);
    const auto commandComments = (*store)->comments(ofCommand);
    QVERIFY(windowComments && commandComments);
    QCOMPARE(windowComments->size(), comments.size());
    QCOMPARE(commandComments->size(), windowComments->size());
    for (qsizetype i = 0; i < windowComments->size(); ++i) {
        const ReviewComment &w = windowComments->at(i).comment;
        const ReviewComment &c = commandComments->at(i).comment;
        QCOMPARE(c.id, w.id);
        QCOMPARE(c.file, w.file);
        QCOMPARE(c.side, w.side);
        QCOMPARE(c.lineStart, w.lineStart);
        QCOMPARE(c.lineEnd, w.lineEnd);
        QCOMPARE(c.lineValid, w.lineValid);
        QCOMPARE(c.issue, w.issue);
        QCOMPARE(c.kept, w.kept);
        QCOMPARE(commandComments->at(i).author, windowComments->at(i).author);
    }
}

QTEST_GUILESS_MAIN(ReviewRunnerTest)
#include "tst_reviewrunner.moc"
