// Review runs that survive a crash: `reviewdesk-cli review` killed with
// SIGKILL after N answers were journaled, at every N a run has, then
// `review --resume` finishes it asking only the missing answers, and the
// comments are those of a run that was never interrupted.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ResumeFixture.h>
#include <Scenarios.h>

#include <RunJournal.h>
#include <RunResume.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class ResumeTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void killedRunResumesToTheUninterruptedResult();
    void resumeByRunIdFromTheDataFolder();
    void resumeTakesNoOtherOptions();
    void unknownRunIsNamed();
    void journalLineCutShortIsAskedAgain();
    void damagedJournalIsAnError();
    void openJournalIsNotResumedTwice();
    void listingLeavesOutFinishedRuns();

private:
    static int journalAnswers(const QString &journal);
    QStringList reviewArguments(const QString &out, const QString &journal) const;
    // Runs the CLI with this thread's event loop going (the fake server is on it).
    GitOutput runToEnd(QProcess &process, const QStringList &arguments);

    QTemporaryDir m_root;
    QString m_work;
    QString m_config;
    FakeLlmServer m_server;
};

void ResumeTest::initTestCase()
{
    QVERIFY(m_root.isValid());
    m_work = m_root.filePath(QStringLiteral("work"));
    buildScaledFactors(m_work);
    m_server.setResponder(deterministicModels);
    m_config = m_root.filePath(QStringLiteral("config.json"));
    QFile config(m_config);
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(deterministicConfig(m_server.endpoint()));
}

QStringList ResumeTest::reviewArguments(const QString &out, const QString &journal) const
{
    QStringList arguments{QStringLiteral("review"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                          QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), m_config,
                          QStringLiteral("--no-cache"), QStringLiteral("--out"), out};
    if (!journal.isEmpty())
        arguments << QStringLiteral("--journal") << journal;
    return arguments;
}

GitOutput ResumeTest::runToEnd(QProcess &process, const QStringList &arguments)
{
    process.start(cliExecutable(), arguments);
    // A hang guard, not a timing assertion: a resumed run takes about a second.
    waitForExit(process, QDeadlineTimer(120000));
    GitOutput out;
    out.exitCode = process.exitStatus() == QProcess::NormalExit && process.state() == QProcess::NotRunning ? process.exitCode() : -1;
    out.out = process.readAllStandardOutput();
    out.err = process.readAllStandardError();
    return out;
}

int ResumeTest::journalAnswers(const QString &journal)
{
    // Read, not opened for writing: the run may be writing it now.
    const auto contents = RunJournal::inspect(journal);
    return contents ? contents->answers : 0;
}

void ResumeTest::killedRunResumesToTheUninterruptedResult()
{
    const QString referenceOut = m_root.filePath(QStringLiteral("reference.json"));
    QProcess reference;
    const GitOutput whole = runToEnd(reference, reviewArguments(referenceOut, m_root.filePath(QStringLiteral("reference.jsonl"))));
    QVERIFY2(whole.exitCode == 0, whole.err.constData());
    const int total = static_cast<int>(m_server.requests().size());
    QVERIFY2(total >= 12, qPrintable(QString::number(total))); // 4 slices x (3 reviewers, meta, validator)
    QCOMPARE(journalAnswers(m_root.filePath(QStringLiteral("reference.jsonl"))), total);
    QVERIFY(RunJournal::inspect(m_root.filePath(QStringLiteral("reference.jsonl")))->finished);
    const QJsonArray expected = commentsIn(referenceOut);
    QVERIFY(!expected.isEmpty());

    int killed = 0;
    for (int stored = 1; stored < total; ++stored) {
        const QString out = m_root.filePath(QStringLiteral("killed-%1.json").arg(stored));
        const QString journal = m_root.filePath(QStringLiteral("killed-%1.jsonl").arg(stored));
        QProcess run;
        run.start(cliExecutable(), reviewArguments(out, journal));
        QTRY_VERIFY_WITH_TIMEOUT(journalAnswers(journal) >= stored || run.state() == QProcess::NotRunning, 120000);
        if (run.state() != QProcess::NotRunning) {
            run.kill(); // SIGKILL: no handler, no flush
            QVERIFY(waitForExit(run, QDeadlineTimer(60000)));
            // It may have finished on its own between the look and the kill
            // (the last answers come quickly); only a killed run counts.
            if (run.exitStatus() == QProcess::CrashExit)
                ++killed;
        }
        // The result is written in one step (QSaveFile): a kill leaves it
        // absent or whole, never cut. A kill can land after the write, while
        // the process is still exiting (slow under the sanitizers).
        if (QFile::exists(out))
            QCOMPARE(commentsIn(out), expected);
        // What the killed run had sent reaches the server before the count
        // is taken: every connection of it has been read and closed.
        int passes = 0;
        QTRY_VERIFY_WITH_TIMEOUT(++passes > 2 && m_server.openConnections() == 0, 60000);
        const int kept = journalAnswers(journal);
        QVERIFY(kept >= stored);

        const int before = static_cast<int>(m_server.requests().size());
        QProcess resumed;
        const GitOutput finished = runToEnd(resumed, {QStringLiteral("review"), QStringLiteral("--resume"), journal});
        QVERIFY2(finished.exitCode == 0, finished.err.constData());
        // Only what the journal lacked was asked.
        QCOMPARE(static_cast<int>(m_server.requests().size()) - before, total - kept);
        QCOMPARE(journalAnswers(journal), total);
        QVERIFY(RunJournal::inspect(journal)->finished);
        QCOMPARE(commentsIn(out), expected);
    }
    // The kills came before the last answer in (nearly) every round.
    QVERIFY2(killed >= total / 2, qPrintable(QStringLiteral("%1 of %2").arg(killed).arg(total - 1)));
}

void ResumeTest::resumeByRunIdFromTheDataFolder()
{
    const QString data = m_root.filePath(QStringLiteral("data"));
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_DATA_HOME"), data);
    const QString out = m_root.filePath(QStringLiteral("by-id.json"));
    QProcess run;
    run.setProcessEnvironment(environment);
    run.start(cliExecutable(), reviewArguments(out, {}));
    QByteArray said;
    const QRegularExpression resumeHint(QStringLiteral("--resume (\\S+)\\)"));
    QTRY_VERIFY_WITH_TIMEOUT((said += run.readAllStandardError(), resumeHint.match(QString::fromUtf8(said)).hasMatch())
                                 || run.state() == QProcess::NotRunning,
                             60000);
    const QString id = resumeHint.match(QString::fromUtf8(said)).captured(1);
    QVERIFY(!id.isEmpty());
    QVERIFY2(!id.contains(QLatin1Char('/')), qPrintable(id));
    const QString journal = data + QStringLiteral("/reviewdesk/runs/") + id + QStringLiteral(".jsonl");
    QTRY_VERIFY_WITH_TIMEOUT(journalAnswers(journal) >= 3 || run.state() == QProcess::NotRunning, 120000);
    run.kill();
    QVERIFY(waitForExit(run, QDeadlineTimer(60000)));

    QProcess resumed;
    resumed.setProcessEnvironment(environment);
    const GitOutput finished = runToEnd(resumed, {QStringLiteral("review"), QStringLiteral("--resume"), id});
    QVERIFY2(finished.exitCode == 0, finished.err.constData());
    QVERIFY2(finished.err.contains("resuming"), finished.err.constData());
    QVERIFY(!commentsIn(out).isEmpty());
}

void ResumeTest::resumeTakesNoOtherOptions()
{
    const GitOutput out = runCli({QStringLiteral("review"), QStringLiteral("--resume"), m_root.filePath(QStringLiteral("reference.jsonl")),
                                  QStringLiteral("--out"), m_root.filePath(QStringLiteral("elsewhere.json"))});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("--out cannot be given with it"), out.err.constData());
    QVERIFY(!QFile::exists(m_root.filePath(QStringLiteral("elsewhere.json"))));
}

void ResumeTest::unknownRunIsNamed()
{
    const GitOutput out = runCli({QStringLiteral("review"), QStringLiteral("--resume"), QStringLiteral("no-such-run")});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("no run journal 'no-such-run'"), out.err.constData());
}

void ResumeTest::journalLineCutShortIsAskedAgain()
{
    const QString file = m_root.filePath(QStringLiteral("torn.jsonl"));
    {
        auto journal = RunJournal::create(file, "{\"what\":\"test\"}");
        QVERIFY2(journal, journal ? "" : qPrintable(journal.error().message));
        QVERIFY((*journal)->append("k1", {QStringLiteral("first"), 1, 2}));
        QVERIFY((*journal)->append("k2", {QStringLiteral("second"), 3, 4}));
    }
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadWrite));
    const QByteArray whole = f.readAll();
    QVERIFY(f.resize(whole.size() - 10)); // power lost while the second answer was written
    f.close();
    auto resumed = RunJournal::resume(file);
    QVERIFY2(resumed, resumed ? "" : qPrintable(resumed.error().message));
    QCOMPARE((*resumed)->header(), QByteArray("{\"what\":\"test\"}"));
    QCOMPARE((*resumed)->answers(), 1);
    QCOMPARE((*resumed)->find("k1")->response, QStringLiteral("first"));
    QVERIFY(!(*resumed)->find("k2"));
    // New answers start on a clean line.
    QVERIFY((*resumed)->append("k2", {QStringLiteral("second again"), 3, 4}));
    resumed->reset();
    auto again = RunJournal::resume(file);
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE((*again)->answers(), 2);
    QCOMPARE((*again)->find("k2")->response, QStringLiteral("second again"));
}

void ResumeTest::damagedJournalIsAnError()
{
    const QString file = m_root.filePath(QStringLiteral("damaged.jsonl"));
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"what\":\"test\"}\nnot json\n{\"key\":\"k\",\"response\":\"r\"}\n");
    f.close();
    const auto journal = RunJournal::resume(file);
    QVERIFY(!journal);
    QVERIFY2(journal.error().message.contains(QStringLiteral("damaged.jsonl:2")), qPrintable(journal.error().message));
    const GitOutput out = runCli({QStringLiteral("review"), QStringLiteral("--resume"), file});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("damaged.jsonl:2"), out.err.constData());
}

void ResumeTest::openJournalIsNotResumedTwice()
{
    // Two programs appending to one journal would interleave their lines.
    const QString file = m_root.filePath(QStringLiteral("open.jsonl"));
    auto journal = RunJournal::create(file, "{\"what\":\"test\"}");
    QVERIFY2(journal, journal ? "" : qPrintable(journal.error().message));
    QCOMPARE(RunJournal::inspect(file)->inUseBy, QCoreApplication::applicationPid());
    const GitOutput out = runCli({QStringLiteral("review"), QStringLiteral("--resume"), file});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains(QStringLiteral("in use by another run (process %1)").arg(QCoreApplication::applicationPid()).toUtf8()), out.err.constData());
    journal->reset();
    QCOMPARE(RunJournal::inspect(file)->inUseBy, 0);
    QVERIFY(RunJournal::resume(file));
}

void ResumeTest::listingLeavesOutFinishedRuns()
{
    const QString folder = m_root.filePath(QStringLiteral("listing"));
    ReviewInvocation header;
    header.repo = m_work;
    header.base = QStringLiteral("main");
    header.head = QStringLiteral("feature");
    header.configText = deterministicConfig(m_server.endpoint());
    header.configFile = m_root.filePath(QStringLiteral("my-config.json"));
    auto finished = newJournal(folder, header);
    auto unfinished = newJournal(folder, header);
    QVERIFY(finished && unfinished);
    QVERIFY((*finished)->path() != (*unfinished)->path()); // the same millisecond, two names
    QVERIFY((*finished)->append("k", {QStringLiteral("r"), 1, 1}));
    QVERIFY((*finished)->finish());
    QVERIFY((*unfinished)->append("k", {QStringLiteral("r"), 1, 1}));
    QVERIFY((*unfinished)->append("l", {QStringLiteral("s"), 1, 1}));
    const QString unfinishedPath = (*unfinished)->path();
    finished->reset();
    unfinished->reset();
    QFile damaged(folder + QStringLiteral("/damaged.jsonl"));
    QVERIFY(damaged.open(QIODevice::WriteOnly));
    damaged.write(header.toJson() + "\n[1]\n");
    damaged.close();

    const QList<JournalEntry> open = listJournals(folder);
    QCOMPARE(open.size(), 2);
    const auto entry = std::find_if(open.begin(), open.end(), [&](const JournalEntry &e) { return e.path == unfinishedPath; });
    QVERIFY(entry != open.end());
    QCOMPARE(entry->answers, 2);
    QVERIFY(!entry->finished);
    QVERIFY(entry->problem.isEmpty());
    QCOMPARE(entry->id, journalId(unfinishedPath));
    QCOMPARE(entry->invocation.head, QStringLiteral("feature"));
    QCOMPARE(entry->pipeline, QStringLiteral("defect (my-config.json)"));
    const auto broken = std::find_if(open.begin(), open.end(), [](const JournalEntry &e) { return e.id == QLatin1String("damaged"); });
    QVERIFY(broken != open.end());
    QVERIFY2(broken->problem.contains(QStringLiteral("damaged.jsonl:2")), qPrintable(broken->problem));
    QCOMPARE(listJournals(folder, true).size(), 3);
}

QTEST_GUILESS_MAIN(ResumeTest)
#include "tst_resume.moc"
