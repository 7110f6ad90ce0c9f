// Review ▸ Resume: runs started in the window keep a run journal the CLI can
// resume; a window run that was interrupted, and a CLI run killed with
// SIGKILL, are finished in the window asking only the missing requests; a
// damaged journal is refused naming its line.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ResumeFixture.h>

#include <MainWindow.h>
#include <WindowParts.h>
#include <ResumeRunDialog.h>
#include <RunService.h>
#include <ReviewSession.h>
#include <RunJournal.h>
#include <RunResume.h>

#include <QAction>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class ResumeWindowTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void sessionRunJournalResumesInTheCli();
    void interruptedWindowRunResumesWithOnlyTheMissingRequests();
    void killedCliRunResumesThroughTheResumeDialog();
    void damagedJournalIsRefusedNamingTheLine();
    void runWithoutAJournalIsNotStarted();
    void replayedRunResumesFromItsRecordingOnly();

private:
    RunConfig config() const;
    // Opens the fixture's merge request in `session` and waits for its slices.
    void openMergeRequest(ReviewSession &session);
    // Waits until the fake server has read and closed every connection, so
    // its request count holds everything the last run sent.
    void waitForQuietServer();
    QProcessEnvironment cliEnvironment() const;
    // An empty response cache from now on: what a resumed run is not asked
    // again must come from its journal, not from the cache.
    void forgetCachedAnswers();
    static QJsonArray commentsOf(const RunRecord &record);
    static int journalAnswers(const QString &journal);
    QString onlyJournal(bool finished) const;
    int requests() const { return static_cast<int>(m_server.requests().size()); }

    QTemporaryDir m_root;
    QString m_work;
    QString m_runs; // the journal folder: XDG_DATA_HOME/reviewdesk/runs
    FakeLlmServer m_server;
    // The uninterrupted run: its requests and comments.
    int m_total = 0;
    QJsonArray m_expected;
    int m_case = 0;
};

void ResumeWindowTest::initTestCase()
{
    QVERIFY(m_root.isValid());
    // Not QStandardPaths' test mode: the CLI started here must find the
    // same journal and cache folders, through the same variables.
    qputenv("XDG_CONFIG_HOME", m_root.filePath(QStringLiteral("config")).toUtf8());
    m_work = m_root.filePath(QStringLiteral("work"));
    buildScaledFactors(m_work);
    m_server.setResponder(deterministicModels);

    // The reference: one run through the session, never interrupted.
    qputenv("XDG_CACHE_HOME", m_root.filePath(QStringLiteral("cache-reference")).toUtf8());
    ReviewSession session;
    session.reviewing()->setRunJournalFolder(m_root.filePath(QStringLiteral("reference-runs")));
    openMergeRequest(session);
    QSignalSpy finished(session.reviewing(), &RunService::reviewFinished);
    const auto started = session.reviewing()->startReview(config());
    QVERIFY2(started, started ? "" : qPrintable(started.error().message));
    QVERIFY(finished.wait(120000));
    QCOMPARE(session.reviewing()->lastRun()->failedRequests(), 0);
    m_total = requests();
    QVERIFY2(m_total >= 12, qPrintable(QString::number(m_total))); // 4 slices x (3 reviewers, meta, validator)
    m_expected = commentsOf(*session.reviewing()->lastRun());
    QVERIFY(!m_expected.isEmpty());
}

void ResumeWindowTest::init()
{
    // Each case starts with an empty response cache (else nothing would be
    // asked at all) and its own journal folder.
    ++m_case;
    qputenv("XDG_CACHE_HOME", m_root.filePath(QStringLiteral("cache-%1").arg(m_case)).toUtf8());
    const QString data = m_root.filePath(QStringLiteral("data-%1").arg(m_case));
    qputenv("XDG_DATA_HOME", data.toUtf8());
    m_runs = data + QStringLiteral("/reviewdesk/runs");
    QCOMPARE(journalFolder(), m_runs);
    m_server.setResponder(deterministicModels);
}

RunConfig ResumeWindowTest::config() const
{
    auto parsed = RunConfig::fromJson(deterministicConfig(m_server.endpoint()));
    if (!parsed)
        qFatal("%s", qPrintable(parsed.error().message));
    return *parsed;
}

void ResumeWindowTest::openMergeRequest(ReviewSession &session)
{
    QSignalSpy sliced(&session, &ReviewSession::slicingFinished);
    MergeRequestRequest request;
    request.repository = m_work;
    request.base = QStringLiteral("main");
    request.head = QStringLiteral("feature");
    QVERIFY(session.loadMergeRequest(request, {}));
    QVERIFY(sliced.wait(60000));
    QVERIFY(session.slices());
}

void ResumeWindowTest::waitForQuietServer()
{
    int passes = 0;
    QTRY_VERIFY_WITH_TIMEOUT(++passes > 2 && m_server.openConnections() == 0, 60000);
}

QProcessEnvironment ResumeWindowTest::cliEnvironment() const
{
    return QProcessEnvironment::systemEnvironment(); // XDG_* as this case set them
}

void ResumeWindowTest::forgetCachedAnswers()
{
    static int n = 0;
    qputenv("XDG_CACHE_HOME", m_root.filePath(QStringLiteral("cache-empty-%1").arg(++n)).toUtf8());
}

QJsonArray ResumeWindowTest::commentsOf(const RunRecord &record)
{
    return QJsonDocument::fromJson(record.toJson()).object().value(QStringLiteral("comments")).toArray();
}

int ResumeWindowTest::journalAnswers(const QString &journal)
{
    const auto contents = RunJournal::inspect(journal);
    return contents ? contents->answers : -1;
}

QString ResumeWindowTest::onlyJournal(bool finished) const
{
    const QList<JournalEntry> all = listJournals(m_runs, true);
    if (all.size() != 1 || all.first().finished != finished)
        return {};
    return all.first().path;
}

void ResumeWindowTest::sessionRunJournalResumesInTheCli()
{
    ReviewSession session;
    session.reviewing()->setRunJournalFolder(m_runs);
    openMergeRequest(session);
    // Cancelled once a few answers are in: the journal keeps them.
    constexpr int answered = 5;
    QSignalSpy finished(session.reviewing(), &RunService::reviewFinished);
    QVERIFY(session.reviewing()->startReview(config()));
    QTRY_VERIFY_WITH_TIMEOUT(!listJournals(m_runs).isEmpty() && listJournals(m_runs).first().answers >= answered, 120000);
    // Another run is going: a resume is refused, saying so.
    const auto refused = session.reviewing()->resumeRun(listJournals(m_runs).first().path);
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.contains(QStringLiteral("Another review is running")), qPrintable(refused.error().message));
    session.reviewing()->cancelReview();
    QVERIFY(finished.wait(60000));
    waitForQuietServer();

    const QString journal = onlyJournal(false);
    QVERIFY2(!journal.isEmpty(), "a cancelled run's journal is not finished");
    const auto header = ReviewInvocation::fromJson(RunJournal::inspect(journal)->header);
    QVERIFY(header);
    QCOMPARE(header->repo, QDir::cleanPath(m_work));
    QCOMPARE(header->base, QStringLiteral("main"));
    QCOMPARE(header->head, QStringLiteral("feature"));
    QCOMPARE(header->origin, QStringLiteral("window"));
    QVERIFY(!header->twoDot);
    QVERIFY(RunConfig::fromJson(header->configText));
    const int kept = journalAnswers(journal);
    QVERIFY(kept >= answered && kept < m_total);

    // The CLI finishes it by id, asking only what the journal lacks, and
    // writes the comments beside the journal.
    const QString id = journalId(journal);
    forgetCachedAnswers();
    const int before = requests();
    QProcess cli;
    cli.setProcessEnvironment(cliEnvironment());
    cli.start(cliExecutable(), {QStringLiteral("review"), QStringLiteral("--resume"), id});
    // A hang guard, not a timing assertion.
    QVERIFY(waitForExit(cli, QDeadlineTimer(120000)));
    const QByteArray said = cli.readAllStandardError();
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, said.constData());
    QCOMPARE(requests() - before, m_total - kept);
    QCOMPARE(commentsIn(m_runs + QLatin1Char('/') + id + QStringLiteral(".json")), m_expected);
    QCOMPARE(journalAnswers(journal), m_total);
    QVERIFY(!onlyJournal(true).isEmpty()); // nothing left to resume
}

void ResumeWindowTest::interruptedWindowRunResumesWithOnlyTheMissingRequests()
{
    MainWindow window;
    window.session()->reviewing()->setRunJournalFolder(m_runs);
    QVERIFY(window.session()->openWorkspace(m_root.filePath(QStringLiteral("interrupted.reviewdesk")), true));
    openMergeRequest(*window.session());
    // The endpoint fails every request after the first `answered`.
    constexpr int answered = 7;
    int seen = 0;
    m_server.setResponder([&seen](const FakeLlmServer::Request &request) {
        return ++seen <= answered ? deterministicModels(request) : FakeLlmServer::status(503);
    });
    QSignalSpy finished(window.session()->reviewing(), &RunService::reviewFinished);
    QVERIFY(window.startReview(config(), false));
    QVERIFY(finished.wait(120000));
    QVERIFY(window.session()->reviewing()->lastRun()->failedRequests() > 0);
    waitForQuietServer();
    const QString journal = onlyJournal(false);
    QVERIFY2(!journal.isEmpty(), "a run with failed requests stays resumable");
    QCOMPARE(journalAnswers(journal), answered);
    QCOMPARE(window.session()->runs().size(), 1); // the failed run is stored as it was

    // The endpoint is back; the run is resumed in the window.
    m_server.setResponder(deterministicModels);
    forgetCachedAnswers();
    const int before = requests();
    finished.clear();
    QVERIFY(window.resumeRun(journal));
    QVERIFY(finished.wait(120000));
    QCOMPARE(requests() - before, m_total - answered);
    QCOMPARE(window.session()->reviewing()->lastRun()->failedRequests(), 0);
    QCOMPARE(commentsOf(*window.session()->reviewing()->lastRun()), m_expected);
    // Stored like any run, and finished: Review ▸ Resume no longer lists it.
    QCOMPARE(window.session()->runs().size(), 2);
    QVERIFY(window.session()->reviewing()->lastRunStoreError().isEmpty());
    QVERIFY(window.session()->reviewing()->resumableRuns().isEmpty());
    QVERIFY(!onlyJournal(true).isEmpty());
}

void ResumeWindowTest::killedCliRunResumesThroughTheResumeDialog()
{
    // A window run interrupted by a failing endpoint: the dialog's second entry.
    MainWindow window;
    window.resize(1100, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.session()->reviewing()->setRunJournalFolder(m_runs);
    openMergeRequest(*window.session());
    m_server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::status(503); });
    QSignalSpy finished(window.session()->reviewing(), &RunService::reviewFinished);
    QVERIFY(window.startReview(config(), false));
    QVERIFY(finished.wait(120000));
    waitForQuietServer();
    m_server.setResponder(deterministicModels);
    // Another diff is open when the CLI's run is resumed: base..head, not
    // from the merge base.
    MergeRequestRequest other;
    other.repository = m_work;
    other.base = QStringLiteral("main");
    other.head = QStringLiteral("feature");
    other.twoDot = true;
    DiffOptions twoDot;
    twoDot.twoDot = true;
    QSignalSpy sliced(window.session(), &ReviewSession::slicingFinished);
    QVERIFY(window.session()->loadMergeRequest(other, twoDot));
    QVERIFY(sliced.wait(60000));
    QVERIFY(window.session()->diff()->options.twoDot);

    // The CLI run, killed (SIGKILL) after a few answers.
    const QString config = m_root.filePath(QStringLiteral("cli-config.json"));
    {
        QFile f(config);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(deterministicConfig(m_server.endpoint()));
    }
    QProcess cli;
    cli.setProcessEnvironment(cliEnvironment());
    cli.start(cliExecutable(), {QStringLiteral("review"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                                QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), config, QStringLiteral("--out"),
                                m_root.filePath(QStringLiteral("killed.json"))});
    QByteArray said;
    const QRegularExpression resumeHint(QStringLiteral("--resume (\\S+)\\)"));
    QTRY_VERIFY_WITH_TIMEOUT((said += cli.readAllStandardError(), resumeHint.match(QString::fromUtf8(said)).hasMatch())
                                 || cli.state() == QProcess::NotRunning,
                             60000);
    const QString cliJournal = m_runs + QLatin1Char('/') + resumeHint.match(QString::fromUtf8(said)).captured(1) + QStringLiteral(".jsonl");
    QTRY_VERIFY_WITH_TIMEOUT(journalAnswers(cliJournal) >= 3 || cli.state() == QProcess::NotRunning, 120000);
    QVERIFY2(cli.state() != QProcess::NotRunning, "the run ended before it could be killed");
    cli.kill();
    QVERIFY(waitForExit(cli, QDeadlineTimer(60000)));
    QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
    waitForQuietServer();
    const int kept = journalAnswers(cliJournal);
    QVERIFY(kept >= 3 && kept < m_total);

    // Review ▸ Resume lists both; the CLI's run is chosen.
    test::windowAction(window, QStringLiteral("resumeRun"))->trigger();
    auto *dialog = window.findChild<ResumeRunDialog *>();
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QCOMPARE(dialog->table()->rowCount(), 2);
    const QStringList origins{dialog->table()->item(0, 5)->text(), dialog->table()->item(1, 5)->text()};
    QStringList sortedOrigins = origins;
    sortedOrigins.sort();
    QCOMPARE(sortedOrigins, (QStringList{ResumeRunDialog::tr("Command line"), ResumeRunDialog::tr("Window")}));
    const int cliRow = static_cast<int>(origins.indexOf(ResumeRunDialog::tr("Command line")));
    QCOMPARE(dialog->table()->item(cliRow, 4)->text(), QString::number(kept));
    QCOMPARE(dialog->table()->item(1 - cliRow, 4)->text(), QStringLiteral("0"));
    QCOMPARE(dialog->table()->item(cliRow, 2)->text(), QStringLiteral("main...feature"));
    const QString shot = QCoreApplication::applicationDirPath() + QStringLiteral("/screenshot-resume-dialog.png");
    QVERIFY(dialog->grab().save(shot));
    qInfo("screenshot: %s", qPrintable(shot));

    forgetCachedAnswers();
    const int before = requests();
    finished.clear();
    dialog->table()->selectRow(cliRow);
    QCOMPARE(dialog->selectedJournal(), cliJournal);
    dialog->resumeButton()->click();
    QVERIFY(finished.wait(120000));
    // The window opened the run's merge request, and asked only what the journal lacked.
    QVERIFY(!window.session()->diff()->options.twoDot);
    QCOMPARE(requests() - before, m_total - kept);
    QCOMPARE(commentsOf(*window.session()->reviewing()->lastRun()), m_expected);
    const QList<JournalEntry> left = window.session()->reviewing()->resumableRuns();
    QCOMPARE(left.size(), 1);
    QCOMPARE(left.first().invocation.origin, QStringLiteral("window"));
}

void ResumeWindowTest::damagedJournalIsRefusedNamingTheLine()
{
    const QString damaged = m_runs + QStringLiteral("/damaged.jsonl");
    QVERIFY(QDir().mkpath(m_runs));
    ReviewInvocation header;
    header.repo = m_work;
    header.base = QStringLiteral("main");
    header.head = QStringLiteral("feature");
    header.configText = deterministicConfig(m_server.endpoint());
    header.origin = QStringLiteral("window");
    QFile f(damaged);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(header.toJson() + "\n{\"key\":\"k\",\"response\":\"r\"}\nnot json\n");
    f.close();

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.session()->reviewing()->setRunJournalFolder(m_runs);
    test::windowAction(window, QStringLiteral("resumeRun"))->trigger();
    auto *dialog = window.findChild<ResumeRunDialog *>();
    QVERIFY(dialog);
    QCOMPARE(dialog->table()->rowCount(), 1);
    QVERIFY2(dialog->table()->item(0, 6)->text().contains(QStringLiteral("damaged.jsonl:3")), qPrintable(dialog->table()->item(0, 6)->text()));
    const int before = requests();
    dialog->resumeButton()->click();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("resumeFailure"))) != nullptr);
    QVERIFY2(box->informativeText().contains(QStringLiteral("damaged.jsonl:3: not a run journal line")), qPrintable(box->informativeText()));
    // Nothing was started.
    QVERIFY(!window.session()->reviewing()->isReviewing());
    QVERIFY(!window.session()->isLoading());
    QVERIFY(!window.session()->diff());
    QCOMPARE(requests(), before);
}

void ResumeWindowTest::runWithoutAJournalIsNotStarted()
{
    // A folder that cannot be made: a file is where it should be.
    QFile blocker(m_root.filePath(QStringLiteral("not-a-folder")));
    QVERIFY(blocker.open(QIODevice::WriteOnly));
    blocker.close();
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.session()->reviewing()->setRunJournalFolder(blocker.fileName() + QStringLiteral("/runs"));
    openMergeRequest(*window.session());
    const int before = requests();
    QVERIFY(!window.startReview(config(), false));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>()) != nullptr);
    QVERIFY2(box->informativeText().contains(QStringLiteral("cannot create the run journal")), qPrintable(box->informativeText()));
    QVERIFY(!window.session()->reviewing()->isReviewing());
    QVERIFY(window.session()->reviewing()->activeReviews().isEmpty());
    QCOMPARE(requests(), before);
}

void ResumeWindowTest::replayedRunResumesFromItsRecordingOnly()
{
    // A recording of the whole run, made by the CLI.
    const QString configFile = m_root.filePath(QStringLiteral("replay-config.json"));
    {
        QFile f(configFile);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(deterministicConfig(m_server.endpoint()));
    }
    const QString recording = m_root.filePath(QStringLiteral("recording.json"));
    QProcess cli; // with this thread's event loop going: the fake server is on it
    cli.start(cliExecutable(), {QStringLiteral("review"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                                QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), configFile, QStringLiteral("--no-cache"),
                                QStringLiteral("--out"), m_root.filePath(QStringLiteral("recorded.json")), QStringLiteral("--record"), recording,
                                QStringLiteral("--journal"), m_root.filePath(QStringLiteral("recorded.jsonl"))});
    QVERIFY(waitForExit(cli, QDeadlineTimer(120000))); // a hang guard
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, cli.readAllStandardError().constData());
    // The journal of a `review --replay` that did not finish.
    ReviewInvocation header;
    header.repo = m_work;
    header.base = QStringLiteral("main");
    header.head = QStringLiteral("feature");
    header.configText = deterministicConfig(m_server.endpoint());
    header.replay = recording;
    header.origin = QStringLiteral("cli");
    auto journal = newJournal(m_runs, header);
    QVERIFY(journal);
    const QString file = (*journal)->path();
    journal->reset();

    MainWindow window;
    window.session()->reviewing()->setRunJournalFolder(m_runs);
    QSignalSpy finished(window.session()->reviewing(), &RunService::reviewFinished);
    const int before = requests();
    QVERIFY(window.resumeRun(file));
    QVERIFY(finished.wait(120000));
    // Every answer from the recording, as the CLI replays it: none from the endpoint.
    QCOMPARE(requests(), before);
    QCOMPARE(window.session()->reviewing()->lastRun()->failedRequests(), 0);
    QCOMPARE(commentsOf(*window.session()->reviewing()->lastRun()), m_expected);
}

QTEST_MAIN(ResumeWindowTest)
#include "tst_resumewindow.moc"
