// The Run Review dialog's pipeline presets (CQS per-tag rules, CodeAgent τ
// and turn limit) and the exchange log of a QA-Checker conversation, with
// screenshots of each.

#include <FakeLlmServer.h>
#include <Scenarios.h>
#include <WaitFor.h>

#include <DemoMergeRequest.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <PipelinePanel.h>
#include <RunService.h>
#include <ReviewSession.h>
#include <WorkspaceActions.h>
#include <ReviewPipeline.h>
#include <RetrievalPanel.h>
#include <RunDialog.h>
#include <RunsPanel.h>

#include <LlmClient.h>

#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QListWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

using namespace rd;
using namespace rd::test;

class PipelineDialogTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eachPresetShowsItsPipelinesSettings_data();
    void eachPresetShowsItsPipelinesSettings();
    void editedTagRulesReachTheConfiguration();
    void exchangeLogShowsTheQaCheckerTurns();
    void windowReplaysEachDemoPipeline_data();
    void windowReplaysEachDemoPipeline();
    void twoRunsAtOnceEachWithItsProgress();

private:
    void select(RunDialog &dialog, RunDialog::Preset preset);
    LlmClient m_client;
};

void PipelineDialogTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void PipelineDialogTest::select(RunDialog &dialog, RunDialog::Preset preset)
{
    auto *combo = dialog.findChild<QComboBox *>(QStringLiteral("preset"));
    QVERIFY(combo);
    const int row = combo->findData(static_cast<int>(preset));
    QVERIFY2(row != -1, "the preset is not in the list");
    combo->setCurrentIndex(row);
}

void PipelineDialogTest::eachPresetShowsItsPipelinesSettings_data()
{
    QTest::addColumn<int>("preset");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("pipeline");
    QTest::addColumn<bool>("replay");
    QTest::newRow("paper's best") << static_cast<int>(RunDialog::Preset::PaperBest) << "defect" << "defect" << false;
    QTest::newRow("cqs") << static_cast<int>(RunDialog::Preset::Cqs) << "cqs" << "cqs" << false;
    QTest::newRow("codeagent") << static_cast<int>(RunDialog::Preset::CodeAgent) << "codeagent" << "codeagent" << false;
    QTest::newRow("demo cqs") << static_cast<int>(RunDialog::Preset::DemoCqs) << "demo-cqs" << "cqs" << true;
    QTest::newRow("demo codeagent") << static_cast<int>(RunDialog::Preset::DemoCodeAgent) << "demo-codeagent" << "codeagent" << true;
    using P = RunDialog::Preset;
    for (const auto &[preset, name] : {std::pair{P::AacrNone, "aacr-none"}, std::pair{P::AacrBm25, "aacr-bm25"}, std::pair{P::AacrEmbedding, "aacr-embedding"},
                                       std::pair{P::AacrAgent, "aacr-agent"}, std::pair{P::DemoAacrNone, "demo-aacr-none"}, std::pair{P::DemoAacrBm25, "demo-aacr-bm25"},
                                       std::pair{P::DemoAacrEmbedding, "demo-aacr-embedding"}, std::pair{P::DemoAacrAgent, "demo-aacr-agent"}})
        QTest::newRow(name) << static_cast<int>(preset) << name << "aacr" << QByteArray(name).startsWith("demo");
}

void PipelineDialogTest::eachPresetShowsItsPipelinesSettings()
{
    QFETCH(int, preset);
    QFETCH(QString, name);
    QFETCH(QString, pipeline);
    QFETCH(bool, replay);
    RunDialog dialog(m_client, true);
    select(dialog, static_cast<RunDialog::Preset>(preset));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const RunConfig config = dialog.config();
    QCOMPARE(pipelineName(config.pipeline), pipeline);
    QCOMPARE(dialog.isReplay(), replay);
    auto *cqs = dialog.findChild<QGroupBox *>(QStringLiteral("cqsOptions"));
    auto *agent = dialog.findChild<QGroupBox *>(QStringLiteral("codeAgentOptions"));
    auto *reviewers = dialog.findChild<QSpinBox *>(QStringLiteral("tokenBudget"));
    QVERIFY(cqs && agent && reviewers);
    QCOMPARE(cqs->isVisible(), pipeline == QLatin1String("cqs"));
    QCOMPARE(agent->isVisible(), pipeline == QLatin1String("codeagent"));
    QCOMPARE(reviewers->isVisible(), pipeline == QLatin1String("defect"));
    auto *aacr = dialog.findChild<QGroupBox *>(QStringLiteral("aacrOptions"));
    QVERIFY(aacr);
    QCOMPARE(aacr->isVisible(), pipeline == QLatin1String("aacr"));
    if (pipeline == QLatin1String("aacr")) {
        // The preset's context, the roles it needs, and options the pipeline accepts.
        QVERIFY2(name.endsWith(QLatin1Char('-') + config.context), qPrintable(config.context));
        QCOMPARE(dialog.findChild<QComboBox *>(QStringLiteral("aacrContext"))->currentData().toString(), config.context);
        QVERIFY(config.role(QStringLiteral("reviewer")));
        QCOMPARE(config.role(QStringLiteral("embedding")) != nullptr, config.context == QLatin1String("embedding"));
        // With a model named, the pipeline accepts what the dialog made.
        RunConfig named = config;
        for (auto &[role, profile] : named.roles)
            if (profile.model.isEmpty())
                profile.model = QStringLiteral("m");
        const auto checked = RunConfig::fromJson(named.toJson());
        QVERIFY2(checked, checked ? "" : qPrintable(checked.error().message));
    }
    if (pipeline == QLatin1String("cqs")) {
        auto *rules = dialog.findChild<QTableWidget *>(QStringLiteral("cqsRules"));
        QVERIFY(rules);
        QCOMPARE(rules->rowCount(), config.cqs.rules.size());
        QVERIFY(rules->rowCount() >= 2);
        QCOMPARE(rules->item(0, 0)->text(), config.cqs.rules[0].tag);
        QVERIFY(config.role(QStringLiteral("collector")) && config.role(QStringLiteral("judge")));
    }
    if (pipeline == QLatin1String("codeagent")) {
        QCOMPARE(dialog.findChild<QDoubleSpinBox *>(QStringLiteral("tau"))->value(), config.codeAgent.threshold);
        QCOMPARE(dialog.findChild<QSpinBox *>(QStringLiteral("maxTurns"))->value(), 10);
        QVERIFY(config.role(QStringLiteral("qa_checker")));
        QVERIFY(config.role(QStringLiteral("embedding"))); // the QA-Checker's relevance
        QCOMPARE(config.codeAgent.tasks.size(), 4);
    }
    if (replay)
        for (const auto &[role, profile] : config.profiles())
            QVERIFY2(profile->isReplay(), qPrintable(role));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-run-dialog-%1.png").arg(name);
    QVERIFY(dialog.grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void PipelineDialogTest::editedTagRulesReachTheConfiguration()
{
    RunDialog dialog(m_client, false);
    select(dialog, RunDialog::Preset::Cqs);
    auto *rules = dialog.findChild<QTableWidget *>(QStringLiteral("cqsRules"));
    auto *threshold = dialog.findChild<QSpinBox *>(QStringLiteral("cqsThreshold"));
    QVERIFY(rules && threshold);
    threshold->setValue(6);
    rules->item(0, 1)->setText(QStringLiteral("Python"));
    rules->item(0, 2)->setCheckState(Qt::Unchecked);
    rules->item(1, 3)->setText(QStringLiteral("not a number"));
    RunConfig config = dialog.config();
    for (const auto &[role, profile] : config.profiles())
        profile->model = QStringLiteral("m"); // no model is set in a fresh profile
    QCOMPARE(config.cqs.threshold, 6);
    QCOMPARE(config.cqs.rules.size(), 2);
    QCOMPARE(config.cqs.rules[0].language, QStringLiteral("python"));
    QVERIFY(!config.cqs.rules[0].enabled);
    QVERIFY(!config.cqs.rules[1].minScore); // unreadable: the threshold applies
    // What the dialog makes is a valid configuration file.
    const auto again = RunConfig::fromJson(config.toJson());
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again->cqs.rules[0].language, QStringLiteral("python"));

    // CodeAgent: τ, the turn limit and the tasks.
    select(dialog, RunDialog::Preset::CodeAgent);
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("tau"))->setValue(8.5);
    dialog.findChild<QSpinBox *>(QStringLiteral("maxTurns"))->setValue(4);
    dialog.findChild<QLineEdit *>(QStringLiteral("codeAgentEmbeddingModel"))->setText(QStringLiteral("mxbai-embed-large"));
    const RunConfig agent = dialog.config();
    QCOMPARE(agent.codeAgent.threshold, 8.5);
    QCOMPARE(agent.codeAgent.maxTurns, 4);
    QCOMPARE(agent.role(QStringLiteral("embedding"))->model, QStringLiteral("mxbai-embed-large"));
}

void PipelineDialogTest::exchangeLogShowsTheQaCheckerTurns()
{
    QTemporaryDir dir;
    const auto repos = buildScenarios(dir.path(), {"modified"});
    auto mr = MergeRequest::open(repos.at("modified"), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    FakeLlmServer server;
    // The QA-Checker accepts the vulnerability analysis at its third answer:
    // the first two are prose (relevance 0, no report), the third the report.
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (request.path.endsWith("/embeddings")) {
            const QStringList inputs = FakeLlmServer::embeddingInputs(request);
            return FakeLlmServer::embeddings({{1, 0}, inputs.value(1).contains(QLatin1String("\"findings\"")) ? QList<double>{1, 0} : QList<double>{0, 1}});
        }
        const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
        const QString system = messages.first().toObject().value(QStringLiteral("content")).toString();
        const QString user = messages.last().toObject().value(QStringLiteral("content")).toString();
        if (system.contains(QLatin1String("You supervise one conversation"))) {
            const int turn = static_cast<int>(user.count(QLatin1String("Additional instruction from the QA-Checker"))) + 1;
            return FakeLlmServer::completion(QStringLiteral("{\"coreference\":8,\"reason\":\"r\",\"instruction\":\"Name the file and line of each vulnerability (after turn %1).\"}")
                                                 .arg(turn));
        }
        if (system.contains(QLatin1String("you are the instructor")))
            return FakeLlmServer::completion(user.contains(QLatin1String(" answered:")) && !user.contains(QLatin1String("The QA-Checker scored"))
                                                 ? QStringLiteral("<TASK_DONE>")
                                                 : QStringLiteral("Do the task."));
        if (system.contains(QLatin1String("Task VA")) && system.count(QLatin1String("Additional instruction from the QA-Checker")) < 2)
            return FakeLlmServer::completion(QStringLiteral("The change looks fine to me."));
        return FakeLlmServer::completion(QStringLiteral("{\"verdict\":\"consistent\",\"summary\":\"s\",\"findings\":[]}"));
    });
    const auto config = RunConfig::fromJson(QStringLiteral("{\"pipeline\":\"codeagent\",\"roles\":{\"agent\":{\"endpoint\":\"%1\",\"model\":\"agent\"},"
                                                           "\"qa_checker\":{\"endpoint\":\"%1\",\"model\":\"checker\"},"
                                                           "\"embedding\":{\"endpoint\":\"%1\",\"model\":\"embedder\"}},\"codeagent\":{\"threshold\":5}}")
                                                .arg(server.endpoint())
                                                .toUtf8());
    QVERIFY(config);
    LlmClient client;
    const RunConfig c = *config;
    const MergeRequest &request = *mr;
    auto record = std::make_shared<const RunRecord>(waitFor(QtConcurrent::run([&client, &request, c] { return runPipeline(client, request, {}, c); })));
    QVERIFY2(record->errors.isEmpty(), qPrintable(record->errors.join(QLatin1Char('\n'))));

    PipelinePanel panel;
    panel.resize(1200, 700);
    panel.started(c, false, 0);
    panel.finished(record);
    QCOMPARE(panel.exchangeCount(), record->exchanges.size());
    // The Reviewer's second answer of the vulnerability conversation: below τ, asked again.
    const Conversation *va = nullptr;
    for (const Conversation &c : record->conversations)
        if (c.task == QLatin1String("vulnerability"))
            va = &c;
    QVERIFY(va && va->turns.size() == 3);
    const int second = va->turns[1].exchange;
    QCOMPARE(record->exchanges[second].request.label, QStringLiteral("codeagent vulnerability, turn 2: Reviewer answers Coder"));
    const QString text = panel.exchangeText(second);
    QVERIFY2(text.contains(QStringLiteral("Conversation: vulnerability (code_review), Coder instructs Reviewer · turn 2 of at most 10 · the Reviewer's answer")),
             qPrintable(text));
    const QString score = QString::number(va->turns[1].score, 'f', 2);
    QVERIFY2(text.contains(QStringLiteral("QA-Checker: relevance 0.00 (embeddings)")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("QA-Checker score: %1 (τ 5) — asked again").arg(score)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Additional instruction for turn 3: Name the file and line of each vulnerability (after turn 2).")), qPrintable(text));
    // The instructor's turn is told apart from the answer.
    QVERIFY(panel.exchangeText(va->turns[1].instructorExchange).contains(QStringLiteral("turn 2 of at most 10 · the Coder's instruction")));
    auto *list = panel.findChild<QListWidget *>();
    QVERIFY(list);
    QVERIFY2(list->item(second)->text().contains(QStringLiteral("QA-Checker %1 < τ 5").arg(score)), qPrintable(list->item(second)->text()));
    list->setCurrentRow(second);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-qa-checker-exchange-log.png");
    QVERIFY(panel.grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void PipelineDialogTest::windowReplaysEachDemoPipeline_data()
{
    QTest::addColumn<int>("pipeline");
    QTest::addColumn<QString>("context");
    QTest::addColumn<int>("kept");
    QTest::newRow("cqs") << static_cast<int>(PipelineKind::Cqs) << QString() << 3;
    QTest::newRow("codeagent") << static_cast<int>(PipelineKind::CodeAgent) << QString() << 5;
    // The AACR demo: the three planted issues in added lines, whatever the context.
    for (const char *context : {"none", "bm25", "embedding", "agent"})
        QTest::newRow(QByteArray(QByteArray("aacr ") + context).constData()) << static_cast<int>(PipelineKind::Aacr) << QString::fromLatin1(context) << 3;
}

// The demo presets in the window: the recording the dialog names answers
// every request, the comments land in the workspace, the panel shows the run.
void PipelineDialogTest::windowReplaysEachDemoPipeline()
{
    QFETCH(int, pipeline);
    QFETCH(QString, context);
    QFETCH(int, kept);
    const auto kind = static_cast<PipelineKind>(pipeline);
    QSettings().clear();
    QTemporaryDir root;
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(root.filePath(QStringLiteral("demo.rdw")), true));
    auto demo = ensureDemoMergeRequest(root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    QSignalSpy sliced(&window, &MainWindow::slicingFinished);
    window.openMergeRequest(*demo);
    QVERIFY(sliced.wait(120000));
    QFile configFile(RunDialog::demoConfigFile(kind, context));
    QVERIFY(configFile.open(QIODevice::ReadOnly));
    auto config = RunConfig::fromJson(configFile.readAll());
    QVERIFY(config);
    QTemporaryDir aacrCache; // the BM25 index and vectors of this test only
    if (kind == PipelineKind::Aacr) { // the demo's options replaced by the cache folder alone, as its JSON was
        config->aacr = AacrOptions();
        config->aacr.cacheDir = aacrCache.path();
    }
    QSignalSpy reviewed(&window, &MainWindow::reviewFinished);
    QVERIFY(window.startReview(*config, true));
    QVERIFY(reviewed.wait(120000));
    const auto record = window.session()->reviewing()->lastRun();
    QVERIFY(record);
    QCOMPARE(record->config.pipeline, kind);
    QVERIFY2(record->errors.isEmpty(), qPrintable(record->errors.join(QLatin1Char('\n'))));
    QCOMPARE(window.session()->comments().size(), record->comments.size());
    auto *panel = window.findChild<PipelinePanel *>();
    QVERIFY(panel);
    QCOMPARE(panel->listedComments().size(), kept);
    QCOMPARE(panel->exchangeCount(), record->exchanges.size());
    QString name = pipelineName(kind);
    if (kind == PipelineKind::Aacr) {
        // What each hunk was given, in the window's Retrieved Context view.
        name += QLatin1Char('-') + context;
        auto *retrieval = test::retrievalPanel(window);
        QVERIFY(retrieval);
        QVERIFY(!record->retrieval.isEmpty());
        QCOMPARE(retrieval->hunkCount(), record->retrieval.size());
        int rows = 0;
        for (int h = 0; h < retrieval->hunkCount(); ++h)
            rows += retrieval->rowCount(h);
        QCOMPARE(rows > 0, context != QLatin1String("none"));
        auto *dock = window.findChild<QDockWidget *>(QStringLiteral("retrievalDock"));
        QVERIFY(dock);
        dock->show();
        dock->raise();
        for (int h = 0; h < retrieval->hunkCount(); ++h)
            if (retrieval->rowCount(h) > 0) {
                retrieval->selectRow(h, 0);
                QVERIFY(!retrieval->shownText().isEmpty());
                break;
            }
    }
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-window-demo-%1.png").arg(name);
    QVERIFY(window.grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

// Two pipelines over the same merge request at once, each on its own
// endpoint: both run, the Runs view lists each with its progress, one is
// cancelled alone, the other finishes, both are stored.
void PipelineDialogTest::twoRunsAtOnceEachWithItsProgress()
{
    QSettings().clear();
    QTemporaryDir root;
    FakeLlmServer first;
    FakeLlmServer second;
    // Answers are held until a run is let go: both runs are under way together.
    first.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::held(FakeLlmServer::completion(QStringLiteral("<end />"))); });
    bool secondOpen = false;
    second.setResponder([&secondOpen](const FakeLlmServer::Request &) {
        const auto reply = FakeLlmServer::completion(QStringLiteral("{\"issues\": []}"));
        return secondOpen ? reply : FakeLlmServer::held(reply);
    });
    MainWindow window;
    window.resize(1500, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(root.filePath(QStringLiteral("two.rdw")), true));
    auto demo = ensureDemoMergeRequest(root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    QSignalSpy sliced(&window, &MainWindow::slicingFinished);
    window.openMergeRequest(*demo);
    QVERIFY(sliced.wait(120000));

    EndpointProfile one{first.endpoint(), QStringLiteral("reviewer-model"), {}, 0.0, {}, 2048, {}, false, {}};
    EndpointProfile two{second.endpoint(), QStringLiteral("collector-model"), {}, 0.0, {}, 2048, {}, false, {}};
    RunConfig aacr;
    aacr.pipeline = PipelineKind::Aacr;
    aacr.context = QStringLiteral("none");
    aacr.retries = 0;
    aacr.roles[QStringLiteral("reviewer")] = one;
    RunConfig cqs;
    cqs.pipeline = PipelineKind::Cqs;
    cqs.retries = 0;
    cqs.roles[QStringLiteral("collector")] = two;
    cqs.roles[QStringLiteral("judge")] = two;
    QSignalSpy reviewed(&window, &MainWindow::reviewFinished);
    QVERIFY(window.startReview(aacr, false));
    QVERIFY(window.startReview(cqs, false)); // beside the first
    ReviewSession *session = window.session();
    QCOMPARE(session->reviewing()->activeReviews().size(), 2);
    QTRY_VERIFY_WITH_TIMEOUT(first.heldCount() > 0 && second.heldCount() > 0, 60000); // each asks its own endpoint
    RunsPanel *runs = test::runsPanel(window);
    QVERIFY(runs);
    QCOMPARE(runs->rowCount(), 2);
    QVERIFY2(runs->rowText(0).contains(QStringLiteral("aacr (none)")) && runs->rowText(0).contains(first.endpoint()), qPrintable(runs->rowText(0)));
    QVERIFY2(runs->rowText(1).startsWith(QStringLiteral("cqs")) && runs->rowText(1).contains(second.endpoint()), qPrintable(runs->rowText(1)));
    auto *dock = window.findChild<QDockWidget *>(QStringLiteral("runsDock"));
    QVERIFY(dock && dock->isVisible());
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-window-two-runs.png");
    QVERIFY(window.grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));

    runs->cancelRow(0); // the AACR run alone
    QTRY_COMPARE_WITH_TIMEOUT(reviewed.count(), 1, 60000);
    QVERIFY(session->reviewing()->lastRun()->cancelled);
    QCOMPARE(session->reviewing()->lastRun()->config.pipeline, PipelineKind::Aacr);
    QCOMPARE(session->reviewing()->activeReviews().size(), 1);
    QCOMPARE(runs->rowCount(), 1);
    QVERIFY(window.isReviewing());
    secondOpen = true;
    second.release();
    QTRY_COMPARE_WITH_TIMEOUT(reviewed.count(), 2, 60000);
    QCOMPARE(session->reviewing()->lastRun()->config.pipeline, PipelineKind::Cqs);
    QVERIFY(!session->reviewing()->lastRun()->cancelled);
    QVERIFY2(session->reviewing()->lastRun()->errors.isEmpty(), qPrintable(session->reviewing()->lastRun()->errors.join(QLatin1Char('\n'))));
    QCOMPARE(runs->rowCount(), 0);
    QVERIFY(!window.isReviewing());
    QCOMPARE(session->runs().size(), 2);
}

QTEST_MAIN(PipelineDialogTest)
#include "tst_pipelinedialog.moc"
