// The reviewdesk executable as a newcomer starts it: the demo merge request
// in English and Chinese, light and dark, and clear failures for bad input.

#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>

using namespace rd::test;

class AppTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void demoStartsAndShowsTheDiff_data();
    void demoStartsAndShowsTheDiff();
    void badArgumentsExitTwoOrThreeAndAnUnknownLanguageFallsBackToEnglish();
    void helpAndVersionPrintWithoutADisplay_data();
    void helpAndVersionPrintWithoutADisplay();
    void demoReviewReplaysOffline();
    void demoJudgeEvaluationReplaysOfflineAndIsKept();
    void demoPipelineReplaysOffline_data();
    void demoPipelineReplaysOffline();
    void severalPipelinesRunSideBySide();

private:
    struct Run
    {
        int exitCode = -1;
        QByteArray err;
    };
    Run run(const QStringList &arguments);
    QTemporaryDir m_home;
};

void AppTest::initTestCase()
{
    QVERIFY(m_home.isValid());
}

AppTest::Run AppTest::run(const QStringList &arguments)
{
    ProcessRun window;
    window.environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    window.environment.insert(QStringLiteral("XDG_CONFIG_HOME"), m_home.filePath(QStringLiteral("config")));
    window.environment.insert(QStringLiteral("XDG_DATA_HOME"), m_home.filePath(QStringLiteral("data")));
    const GitOutput out = runProcess(QStringLiteral(REVIEWDESK_GUI), arguments, window);
    return {out.exitCode, out.err};
}

void AppTest::demoStartsAndShowsTheDiff_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("theme");
    for (const char *language : {"en", "zh_CN"})
        for (const char *theme : {"light", "dark"})
            QTest::addRow("%s %s", language, theme) << QString::fromLatin1(language) << QString::fromLatin1(theme);
}

void AppTest::demoStartsAndShowsTheDiff()
{
    QFETCH(QString, language);
    QFETCH(QString, theme);
    const QString png = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-demo-%1-%2.png").arg(language, theme);
    QFile::remove(png);
    const Run result = run({QStringLiteral("--demo"), QStringLiteral("--lang"), language, QStringLiteral("--theme"), theme,
                            QStringLiteral("--file"), QStringLiteral("src/stock.cpp"), QStringLiteral("--screenshot"), png});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY(!result.err.contains("no translation"));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800);
    qInfo("screenshot: %s", qPrintable(png));
    // The demo repository was written once and is reused.
    QVERIFY(QFileInfo::exists(m_home.filePath(QStringLiteral("data/ReviewDesk/ReviewDesk/demo-inventory/.git"))));
}

void AppTest::badArgumentsExitTwoOrThreeAndAnUnknownLanguageFallsBackToEnglish()
{
    Run result = run({QStringLiteral("--repo"), QStringLiteral("/tmp")});
    QCOMPARE(result.exitCode, 2);
    QVERIFY(result.err.contains("--repo, --base and --head go together"));
    result = run({QStringLiteral("--repo"), m_home.filePath(QStringLiteral("missing")), QStringLiteral("--base"), QStringLiteral("a"),
                  QStringLiteral("--head"), QStringLiteral("b"), QStringLiteral("--screenshot"), m_home.filePath(QStringLiteral("x.png"))});
    QCOMPARE(result.exitCode, 3);
    QVERIFY2(result.err.contains("no such file or directory"), result.err.constData());
    result = run({QStringLiteral("--lang"), QStringLiteral("xx_YY"), QStringLiteral("--demo"), QStringLiteral("--screenshot"),
                  m_home.filePath(QStringLiteral("y.png"))});
    QCOMPARE(result.exitCode, 0);
    QVERIFY(result.err.contains("no translation for 'xx_YY'; using English"));
}

void AppTest::helpAndVersionPrintWithoutADisplay_data()
{
    QTest::addColumn<QString>("option");
    QTest::addColumn<QByteArray>("printed");
    QTest::newRow("--help") << QStringLiteral("--help") << QByteArray("Usage:");
    QTest::newRow("-h") << QStringLiteral("-h") << QByteArray("--screenshot <PNG>");
    QTest::newRow("--version") << QStringLiteral("--version") << QByteArray(REVIEWDESK_VERSION);
}

// A newcomer's first command, on a machine without a display (a server, an
// SSH session): it prints and exits 0 like any program, not Qt's abort for a
// missing platform plugin (exit 134).
void AppTest::helpAndVersionPrintWithoutADisplay()
{
    QFETCH(QString, option);
    QFETCH(QByteArray, printed);
    ProcessRun headless;
    for (const char *name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        headless.environment.remove(QString::fromLatin1(name));
    const GitOutput out = runProcess(QStringLiteral(REVIEWDESK_GUI), {option}, headless);
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QVERIFY2(out.out.contains(printed), out.out.constData());
}

// The recorded answers shipped for the demo still cover every request the
// pipeline makes for it (prompts and slicing are part of the keys).
void AppTest::demoReviewReplaysOffline()
{
    const QString repo = m_home.filePath(QStringLiteral("data/ReviewDesk/ReviewDesk/demo-inventory"));
    if (!QFileInfo::exists(repo)) // the window writes the demo on its first start
        QCOMPARE(AppTest::run({QStringLiteral("--demo"), QStringLiteral("--screenshot"), m_home.filePath(QStringLiteral("first.png"))}).exitCode, 0);
    QVERIFY(QFileInfo::exists(repo));
    const QString out = m_home.filePath(QStringLiteral("review.json"));
    const GitOutput cli = runCli({QStringLiteral("review"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"),
                                              QStringLiteral("--head"), QStringLiteral("feature/reservations"), QStringLiteral("--config"),
                                              QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review-config.json"),
                                              QStringLiteral("--replay"), QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review.json"),
                                              QStringLiteral("--out"), out, QStringLiteral("--workspace"), m_home.filePath(QStringLiteral("review.rdw"))});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject run = root.value(QStringLiteral("run")).toObject();
    QVERIFY(run.value(QStringLiteral("requests")).toInt() > 20);
    QCOMPARE(run.value(QStringLiteral("failed_requests")).toInt(), 0);
    QCOMPARE(run.value(QStringLiteral("errors")).toArray().size(), 0);
    int kept = 0;
    for (const QJsonValue &c : root.value(QStringLiteral("comments")).toArray())
        kept += c.toObject().value(QStringLiteral("kept")).toBool();
    QVERIFY2(kept >= 5, qPrintable(QString::number(kept)));
    // --workspace stored the same run: every comment, judgeable by id.
    const GitOutput comments = runCli({QStringLiteral("comments"), QStringLiteral("--workspace"), m_home.filePath(QStringLiteral("review.rdw"))});
    QCOMPARE(comments.exitCode, 0);
    const QJsonObject stored = QJsonDocument::fromJson(comments.out).object();
    QCOMPARE(stored.value(QStringLiteral("comments")).toArray().size(), root.value(QStringLiteral("comments")).toArray().size());
    QCOMPARE(stored.value(QStringLiteral("merge_requests")).toArray().at(0).toObject().value(QStringLiteral("head")).toString(),
             QStringLiteral("feature/reservations"));

    // Replay is exact: the same recording under another configuration (no
    // chain of thought) answers nothing, and says which step it missed.
    QFile config(QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review-config.json"));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QByteArray noCot = config.readAll();
    QVERIFY(noCot.contains("\"cot\": true"));
    noCot.replace("\"cot\": true", "\"cot\": false");
    QFile changed(m_home.filePath(QStringLiteral("nocot.json")));
    QVERIFY(changed.open(QIODevice::WriteOnly));
    changed.write(noCot);
    changed.close();
    const GitOutput stale = runCli({QStringLiteral("review"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"),
                                                QStringLiteral("--head"), QStringLiteral("feature/reservations"), QStringLiteral("--config"), changed.fileName(),
                                                QStringLiteral("--replay"), QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-review.json"),
                                                QStringLiteral("--out"), m_home.filePath(QStringLiteral("stale.json"))});
    QCOMPARE(stale.exitCode, 4);
    QVERIFY(stale.err.contains("replay: the recording has no answer for this exact request (reviewer 1, "));

    // The same replay in the window, pictured with its review panel.
    const QString png = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-demo-review.png");
    QFile::remove(png);
    const Run result = AppTest::run({QStringLiteral("--demo"), QStringLiteral("--run-demo-review"), QStringLiteral("--theme"), QStringLiteral("light"),
                            QStringLiteral("--file"), QStringLiteral("src/reporting.cpp"), QStringLiteral("--screenshot"), png});
    QVERIFY2(result.exitCode == 0, result.err.constData());
    QVERIFY(!QImage(png).isNull());
    qInfo("screenshot: %s", qPrintable(png));
}

// The tour's judge step: the recorded judge answers about the three comments
// the tour judges, the figures as docs/judge-loop.md works them out, the
// evaluation kept in the workspace and replayed from there.
void AppTest::demoJudgeEvaluationReplaysOfflineAndIsKept()
{
    const QString repo = m_home.filePath(QStringLiteral("data/ReviewDesk/ReviewDesk/demo-inventory"));
    if (!QFileInfo::exists(repo))
        QCOMPARE(AppTest::run({QStringLiteral("--demo"), QStringLiteral("--screenshot"), m_home.filePath(QStringLiteral("first.png"))}).exitCode, 0);
    const QString workspace = m_home.filePath(QStringLiteral("judge-tour.rdw"));
    const QString replays = QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/");
    const GitOutput review = runCli({QStringLiteral("review"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"), QStringLiteral("--head"),
                                     QStringLiteral("feature/reservations"), QStringLiteral("--config"), replays + QStringLiteral("demo-review-config.json"),
                                     QStringLiteral("--replay"), replays + QStringLiteral("demo-review.json"), QStringLiteral("--workspace"), workspace});
    QVERIFY2(review.exitCode == 0, review.err.constData());
    ProcessRun judgements;
    judgements.input = "{\"comment\": 5, \"verdict\": \"accept\", \"key_bug\": true}\n{\"comment\": 12, \"verdict\": \"accept\", \"key_bug\": true}\n"
                       "{\"comment\": 23, \"verdict\": \"reject\"}\n";
    const GitOutput judged = runCli({QStringLiteral("judge"), QStringLiteral("--workspace"), workspace, QStringLiteral("--annotator"), QStringLiteral("me")}, judgements);
    QVERIFY2(judged.exitCode == 0, judged.err.constData());
    const QStringList judgeEval = {QStringLiteral("judge-eval"), QStringLiteral("--workspace"), workspace, QStringLiteral("--config"),
                                   replays + QStringLiteral("demo-judge-config.json"), QStringLiteral("--annotator"), QStringLiteral("me"), QStringLiteral("--repeats"),
                                   QStringLiteral("2")};
    const GitOutput first = runCli(judgeEval + QStringList{QStringLiteral("--replay"), replays + QStringLiteral("demo-judge.json")});
    QVERIFY2(first.exitCode == 0, first.err.constData());
    QVERIFY2(first.err.contains("stored as judge evaluation 1"), first.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(first.out).object();
    QCOMPARE(report.value(QStringLiteral("items")).toArray().size(), 3);
    // Repeat 1: the data race called valid, 2 of 3; repeat 2: 3 of 3.
    QCOMPARE(report.value(QStringLiteral("accuracy")).toDouble(), 0.8333);
    QCOMPARE(report.value(QStringLiteral("flip_rate")).toDouble(), 0.3333);
    // Majority "valid" on all three (a tie counts valid): p_o = 2/3 = p_e, kappa 0.
    QCOMPARE(report.value(QStringLiteral("kappa")).toDouble(), 0.0);
    QCOMPARE(report.value(QStringLiteral("disagreements")).toObject().value(QStringLiteral("judge_valid_people_rejected")).toArray(), QJsonArray{23});

    const GitOutput list = runCli({QStringLiteral("judge-eval"), QStringLiteral("--workspace"), workspace, QStringLiteral("--list")});
    QCOMPARE(list.exitCode, 0);
    const QJsonArray stored = QJsonDocument::fromJson(list.out).array();
    QCOMPARE(stored.size(), 1);
    QCOMPARE(stored.at(0).toObject().value(QStringLiteral("judge_model")).toString(), QStringLiteral("recorded-judge"));
    const GitOutput again = runCli(judgeEval + QStringList{QStringLiteral("--replay-of"), QStringLiteral("1"), QStringLiteral("--no-store")});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QCOMPARE(QJsonDocument::fromJson(again.out).object().value(QStringLiteral("accuracy")).toDouble(), 0.8333);
    QVERIFY(!again.err.contains("stored as"));
    // Unknown ids and missing choices are refused with the reason.
    const GitOutput unknown = runCli(judgeEval + QStringList{QStringLiteral("--replay-of"), QStringLiteral("9")});
    QCOMPARE(unknown.exitCode, 2);
    QVERIFY2(unknown.err.contains("no judge evaluation 9 in this workspace"), unknown.err.constData());
    const GitOutput whose = runCli({QStringLiteral("judge-eval"), QStringLiteral("--workspace"), workspace, QStringLiteral("--config"),
                                    replays + QStringLiteral("demo-judge-config.json")});
    QCOMPARE(whose.exitCode, 2);
    QVERIFY2(whose.err.contains("give either --annotator NAME or --final"), whose.err.constData());
}

void AppTest::demoPipelineReplaysOffline_data()
{
    QTest::addColumn<QString>("pipeline");
    QTest::addColumn<int>("minimumKept");
    QTest::newRow("cqs") << QStringLiteral("cqs") << 3;
    QTest::newRow("codeagent") << QStringLiteral("codeagent") << 4;
    // The AACR-Bench hunk review, one recording per context.
    for (const char *context : {"none", "bm25", "embedding", "agent"})
        QTest::newRow(context) << QStringLiteral("aacr-%1").arg(QLatin1String(context)) << 3;
}

// The CQS and CodeAgent demo presets replay offline: their recordings still
// cover every request (scripts/record-demo-pipelines.py BUILD_DIR renews them).
void AppTest::demoPipelineReplaysOffline()
{
    QFETCH(QString, pipeline);
    QFETCH(int, minimumKept);
    const QString repo = m_home.filePath(QStringLiteral("data/ReviewDesk/ReviewDesk/demo-inventory"));
    if (!QFileInfo::exists(repo))
        QCOMPARE(AppTest::run({QStringLiteral("--demo"), QStringLiteral("--screenshot"), m_home.filePath(QStringLiteral("first.png"))}).exitCode, 0);
    const QString out = m_home.filePath(pipeline + QStringLiteral(".json"));
    const GitOutput cli = runCli({QStringLiteral("review"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"), QStringLiteral("--head"),
               QStringLiteral("feature/reservations"), QStringLiteral("--config"),
               QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-%1-config.json").arg(pipeline), QStringLiteral("--replay"),
               QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/demo-%1.json").arg(pipeline), QStringLiteral("--out"), out});
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
    const QJsonObject run = root.value(QStringLiteral("run")).toObject();
    const QString kind = pipeline.section(QLatin1Char('-'), 0, 0); // aacr-bm25: the aacr pipeline
    QCOMPARE(run.value(QStringLiteral("config")).toObject().value(QStringLiteral("pipeline")).toString(), kind);
    QCOMPARE(run.value(QStringLiteral("failed_requests")).toInt(), 0);
    QCOMPARE(run.value(QStringLiteral("errors")).toArray().size(), 0);
    int kept = 0, dropped = 0;
    for (const QJsonValue &v : root.value(QStringLiteral("comments")).toArray()) {
        const QJsonObject c = v.toObject();
        QCOMPARE(c.value(QStringLiteral("pipeline")).toString(), kind);
        kept += c.value(QStringLiteral("kept")).toBool();
        dropped += !c.value(QStringLiteral("kept")).toBool();
    }
    QVERIFY2(kept >= minimumKept, qPrintable(QString::number(kept)));
    if (pipeline == QLatin1String("cqs")) {
        QVERIFY(dropped >= 2); // the threshold and the per-tag rules drop some
    } else if (kind == QLatin1String("aacr")) {
        // What each hunk was given: chunks, tool calls, or (none) nothing.
        const QString context = pipeline.section(QLatin1Char('-'), 1);
        const QJsonArray retrieval = root.value(QStringLiteral("retrieval")).toArray();
        QVERIFY(!retrieval.isEmpty());
        int chunks = 0, calls = 0;
        for (const QJsonValue &h : retrieval) {
            chunks += static_cast<int>(h.toObject().value(QStringLiteral("chunks")).toArray().size());
            calls += static_cast<int>(h.toObject().value(QStringLiteral("tool_calls")).toArray().size());
        }
        QCOMPARE(chunks > 0, context == QLatin1String("bm25") || context == QLatin1String("embedding"));
        QCOMPARE(calls > 0, context == QLatin1String("agent"));
    } else {
        // The vulnerability analysis needed the QA-Checker's second turn:
        // its first answer scored below τ, the second reached it.
        const QJsonArray conversations = run.value(QStringLiteral("conversations")).toArray();
        QCOMPARE(conversations.size(), 9);
        for (const QJsonValue &c : conversations) {
            const QJsonObject o = c.toObject();
            if (o.value(QStringLiteral("task")).toString() != QLatin1String("vulnerability"))
                continue;
            const QJsonArray turns = o.value(QStringLiteral("turns")).toArray();
            QCOMPARE(turns.size(), 2);
            const double tau = o.value(QStringLiteral("threshold")).toDouble();
            QVERIFY(turns[0].toObject().value(QStringLiteral("score")).toDouble() < tau);
            QVERIFY(turns[1].toObject().value(QStringLiteral("score")).toDouble() >= tau);
            QVERIFY(o.value(QStringLiteral("accepted")).toBool());
        }
        QVERIFY(!run.value(QStringLiteral("summary")).toString().isEmpty());
    }
}

// Two pipelines over the same merge request in one command, each with its
// own recording, one progress line, one output file each.
void AppTest::severalPipelinesRunSideBySide()
{
    const QString repo = m_home.filePath(QStringLiteral("data/ReviewDesk/ReviewDesk/demo-inventory"));
    if (!QFileInfo::exists(repo))
        QCOMPARE(AppTest::run({QStringLiteral("--demo"), QStringLiteral("--screenshot"), m_home.filePath(QStringLiteral("first.png"))}).exitCode, 0);
    const QString replays = QStringLiteral(REVIEWDESK_SOURCE_DIR "/resources/replays/");
    QStringList arguments{QStringLiteral("review"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"), QStringLiteral("--head"),
                          QStringLiteral("feature/reservations"), QStringLiteral("--out"), m_home.filePath(QStringLiteral("side.json")),
                          QStringLiteral("--config"), replays + QStringLiteral("demo-cqs-config.json"),
                          QStringLiteral("--config"), replays + QStringLiteral("demo-codeagent-config.json"),
                          QStringLiteral("--replay"), replays + QStringLiteral("demo-cqs.json")};
    const GitOutput missing = runCli(arguments);
    QCOMPARE(missing.exitCode, 2);
    QVERIFY(missing.err.contains("give one --replay per --config (2 configurations, 1 recordings)"));

    arguments << QStringLiteral("--replay") << replays + QStringLiteral("demo-codeagent.json");
    const GitOutput both = runCli(arguments);
    const QByteArray err = both.err;
    QVERIFY2(both.exitCode == 0, err.constData());
    QVERIFY2(err.contains("cqs 13/13, codeagent 9/9 steps"), err.constData());
    for (const QString &pipeline : {QStringLiteral("cqs"), QStringLiteral("codeagent")}) {
        QFile f(m_home.filePath(QStringLiteral("side-%1.json").arg(pipeline)));
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName()));
        const QJsonObject run = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("run")).toObject();
        const QString kind = pipeline.section(QLatin1Char('-'), 0, 0); // aacr-bm25: the aacr pipeline
    QCOMPARE(run.value(QStringLiteral("config")).toObject().value(QStringLiteral("pipeline")).toString(), kind);
        QCOMPARE(run.value(QStringLiteral("failed_requests")).toInt(), 0);
    }
}

QTEST_GUILESS_MAIN(AppTest)
#include "tst_app.moc"
