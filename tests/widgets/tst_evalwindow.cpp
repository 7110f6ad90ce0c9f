// The Evaluation window: evaluates the checked runs off the GUI thread,
// shows the papers' tables and the charts, lists the comments behind a
// clicked figure, exports tables, writes the tuned setting; screenshots in
// light and dark.

#include <EvaluationWindow.h>
#include <FakeLlmServer.h>
#include <GoldTriageQueue.h>
#include <ReferenceSnapshots.h>
#include <ResponseStore.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScatterSeries>
#include <QFile>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace rd;

namespace {

ReviewComment comment(const QString &id, const QString &file, int line, int q1, int q2, int q3, const QString &category, const QString &dropped = {})
{
    ReviewComment c;
    c.id = id;
    c.file = file;
    c.lineStart = c.lineEnd = line;
    c.issue = QStringLiteral("Issue %1 in %2").arg(id, file);
    c.category = category;
    c.q1Nitpick = q1;
    c.q2Fake = q2;
    c.q3Severity = q3;
    c.reviewers = {1};
    c.history = {{QStringLiteral("reviewer"), q1, q2, q3}};
    if (!dropped.isEmpty())
        c.drop(dropped);
    return c;
}

} // namespace

class TestEvalWindow : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void evaluatesAndShowsTables();
    void clickingAFigureListsItsComments();
    void exportsAndWritesTheBestSetting();
    void referencesAndLinksFromTheWindowCount();
    void theWindowNamesTheReferenceSetAndEvaluatesASnapshot();
    void everyTableListsTheCommentsBehindItsFigures();
    void clickingAChartListsItsComments();
    void semanticMatchThroughTheFakeServerKeepsTheWindowResponsive();
    void judgeFailuresAndBadConfigurationsShowADialog();
    void closingWhileTheJudgeIsAskedDoesNotHang();
    void queueForTriageQueuesTheChosenRowsForTheNamedAnnotators();
    void theTriageQueueListsFalsePositivesAgainstImportedGold();
    void screenshots_data();
    void screenshots();
    void cleanup();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<SqlWorkspaceStore> m_store;
    std::unique_ptr<EvaluationWindow> m_window;
};

namespace {

QChart *chartTitled(QWidget *window, const QString &prefix)
{
    for (QChartView *view : window->findChildren<QChartView *>())
        if (view->chart()->title().startsWith(prefix))
            return view->chart();
    return nullptr;
}

QString judgeConfig(const QString &dir, const QString &name, const QString &endpoint, int timeoutSeconds = 120)
{
    const QString path = dir + QLatin1Char('/') + name;
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QStringLiteral(R"({"retries": 0, "timeout_s": %2, "roles": {"reviewer": {"endpoint": "%1", "model": "judge"}}})").arg(endpoint).arg(timeoutSeconds).toUtf8());
    return path;
}

QMessageBox *errorDialog(QWidget *window)
{
    for (auto *box : window->findChildren<QMessageBox *>(QStringLiteral("evaluationError")))
        if (box->isVisible())
            return box;
    return nullptr;
}

} // namespace

void TestEvalWindow::initTestCase()
{
    m_path = m_dir.filePath(QStringLiteral("eval.rdw"));
    auto s = SqlWorkspaceStore::open(m_path, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(s);
    m_store = std::move(*s);
    const QStringList categories{QStringLiteral("Code Defect"), QStringLiteral("Performance"), QStringLiteral("Security Vulnerability"),
                                 QStringLiteral("Maintainability and Readability")};
    const QList<ContextLevel> contexts{ContextLevel::Diff, ContextLevel::File, ContextLevel::Repo};
    // Three merge requests, each with three references, and two configurations
    // (Left Flow and Full Flow) run on each.
    for (int m = 0; m < 3; ++m) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("base%1").arg(m);
        e.head = QStringLiteral("head%1").arg(m);
        e.title = QStringLiteral("MR %1").arg(m + 1);
        e.language = m == 2 ? QStringLiteral("Go") : QStringLiteral("C++");
        const qint64 mr = *m_store->addMergeRequest(e);
        for (int r = 0; r < 3; ++r) {
            ReviewComment ref = comment(QStringLiteral("ref%1").arg(r), QStringLiteral("src/f%1.cpp").arg(r), 10 * (r + 1), 7, 7, 7, categories[(m + r) % 4]);
            const qint64 id = *m_store->importComment(mr, ref, QStringLiteral("aacr"));
            QVERIFY(m_store->setReference(id, true));
            Judgement j;
            j.comment = id;
            j.annotator = QStringLiteral("expert");
            j.context = contexts[(m + r) % 3];
            QVERIFY(m_store->judge(j));
        }
        for (int config = 0; config < 2; ++config) {
            QList<ReviewComment> cs;
            const QStringList drops{QString(), QStringLiteral("coarse"), QStringLiteral("top_k"), QStringLiteral("validator"), QString()};
            for (int c = 0; c < 10; ++c) {
                const bool near = c % (3 - config) == 0; // Full Flow comes nearer more often
                const int file = c % 3;
                cs << comment(QStringLiteral("c%1").arg(c), QStringLiteral("src/f%1.cpp").arg(file), near ? 10 * (file + 1) + config : 200 + c, 3 + c % 5,
                              3 + (c + config) % 5, 1 + c % 7, categories[c % 4], drops[(c + config + m) % 5]);
            }
            RunRecord record;
            record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
            record.config.reviewer.model = QStringLiteral("model");
            record.config.slicing = config == 0 ? SliceAlgorithm::LeftFlow : SliceAlgorithm::FullFlow;
            StoredRun run;
            run.mergeRequest = mr;
            run.label = config == 0 ? QStringLiteral("Left Flow") : QStringLiteral("Full Flow");
            run.record = record.toJson();
            const qint64 runId = *m_store->addRun(run, cs);
            CommentQuery q;
            q.run = runId;
            const auto stored = m_store->comments(q);
            QVERIFY(stored);
            for (const StoredComment &c : *stored) {
                Judgement j;
                j.comment = c.id;
                j.annotator = QStringLiteral("expert");
                j.verdict = c.comment.q2Fake >= 5 ? Verdict::Accept : Verdict::Reject;
                QVERIFY(m_store->judge(j));
            }
        }
    }
    m_window = std::make_unique<EvaluationWindow>(*m_store, m_path);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestEvalWindow::evaluatesAndShowsTables()
{
    QCOMPARE(m_window->findChild<QListWidget *>(QStringLiteral("evaluationRuns"))->count(), 6);
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QVERIFY(m_window->evaluation());
    QCOMPARE(m_window->evaluation()->groups.size(), 2);
    QTableWidget *stages = m_window->table(QStringLiteral("stages"));
    QVERIFY(stages);
    QCOMPARE(stages->rowCount(), 2 * 5);
    // The table shows what the evaluation computed.
    const auto m = m_window->evaluation()->defect(m_window->evaluation()->groups.first(), eval::Stage::All);
    QCOMPARE(stages->item(0, 3)->text(), eval::percentText(m.kbi));
    QCOMPARE(stages->item(0, 4)->text(), eval::percentText(m.far1));
    QVERIFY(m_window->table(QStringLiteral("categories"))->rowCount() >= 3);
    QCOMPARE(m_window->table(QStringLiteral("contexts"))->rowCount(), 3);
    QVERIFY(m_window->tuning().best >= 0);
    QCOMPARE(m_window->findChildren<QChartView *>().size(), 4);
}

void TestEvalWindow::clickingAFigureListsItsComments()
{
    QTRY_VERIFY(m_window->evaluation());
    QTableWidget *stages = m_window->table(QStringLiteral("stages"));
    // FAR1 of the first configuration at "All": its false alarms.
    const auto &first = m_window->evaluation()->runs;
    int falseAlarms = 0;
    for (const auto &r : first)
        if (r.group == m_window->evaluation()->groups.first())
            falseAlarms += int(r.stages[0].falseAlarms.size());
    QVERIFY(falseAlarms > 0);
    QTest::mouseClick(stages->viewport(), Qt::LeftButton, {}, stages->visualRect(stages->model()->index(0, 4)).center());
    QCOMPARE(m_window->behindList()->count(), falseAlarms);
    QVERIFY(m_window->behindList()->item(0)->text().startsWith(QLatin1Char('#')));
}

void TestEvalWindow::exportsAndWritesTheBestSetting()
{
    QTRY_VERIFY(m_window->evaluation());
    const QString csv = m_dir.filePath(QStringLiteral("stages.csv"));
    QVERIFY(m_window->exportTable(QStringLiteral("stages"), eval::TableFormat::Csv, csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), eval::formatTable(m_window->evaluation()->stageTable(), eval::TableFormat::Csv));
    file.close();
    QVERIFY(!m_window->exportTable(QStringLiteral("nope"), eval::TableFormat::Csv, csv));
    const QString config = m_dir.filePath(QStringLiteral("run.json"));
    QFile out(config);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"roles": {"reviewer": {"endpoint": "http://127.0.0.1:9/v1", "model": "m"}}})");
    out.close();
    QVERIFY(m_window->writeBestSetting(config));
    QVERIFY(out.open(QIODevice::ReadOnly));
    auto parsed = RunConfig::fromJson(out.readAll());
    QVERIFY(parsed);
    const eval::TuningPoint &best = m_window->tuning().points[m_window->tuning().best];
    QCOMPARE(parsed->topK, best.topK);
    QCOMPARE(parsed->nitpickThreshold, best.nitpickThreshold);
    QCOMPARE(parsed->fakeThreshold, best.fakeThreshold);
}

void TestEvalWindow::referencesAndLinksFromTheWindowCount()
{
    QTRY_VERIFY(m_window->evaluation());
    const eval::RunEvaluation &run = m_window->evaluation()->runs.first();
    const int before = int(run.references.size());
    // A false alarm at the last stage becomes a reference by hand: the MR now has one more.
    const qint64 alarm = run.stages[eval::StageCount - 1].falseAlarms.value(0);
    QVERIFY(alarm > 0);
    QVERIFY(m_window->markReference(alarm, true));
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QCOMPARE(int(m_window->evaluation()->runs.first().references.size()), before + 1);
    QVERIFY(m_window->markReference(alarm, false));
    // A link from a far-away comment to a reference: that comment is no false alarm any more.
    const eval::RunEvaluation &again = m_window->evaluation()->runs.first();
    const eval::StageResult &all = again.stages[0];
    qint64 far = 0;
    for (int g = 0; g < all.pr.generated.size(); ++g)
        if (all.pr.generated[g].where.from.value_or(0) >= 200)
            far = all.pr.generated[g].id;
    QVERIFY(far > 0);
    QVERIFY(all.falseAlarms.contains(far));
    QVERIFY(m_window->linkToReference(far, again.references.last().id));
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QVERIFY(!m_window->evaluation()->runs.first().stages[0].falseAlarms.contains(far));
    QVERIFY(m_store->unlinkFromReference(far, m_window->evaluation()->runs.first().references.last().id));
}

// Above the tables, the set the figures were measured against: the live
// set with its size and fingerprint, or a snapshot chosen in the list.
void TestEvalWindow::theWindowNamesTheReferenceSetAndEvaluatesASnapshot()
{
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    auto *used = m_window->findChild<QLabel *>(QStringLiteral("evaluationReferences"));
    QVERIFY(used);
    const eval::ReferenceSetUsed live = m_window->evaluation()->referenceSet;
    QVERIFY(live.isLive());
    QCOMPARE(live.references, 9);
    QCOMPARE(used->text(), QStringLiteral("References: the live set 'all'; references: 9, merge requests: 3, fingerprint: %1").arg(live.fingerprint));
    QVERIFY(!m_window->setReferenceSet(QStringLiteral("paper-v1")));
    const auto frozen = eval::freezeReferences(*m_store, eval::FreezeRequest{QStringLiteral("paper-v1"), eval::ReferenceSet::All, QStringLiteral("expert")});
    QVERIFY2(frozen, frozen ? "" : qPrintable(frozen.error().message));
    m_window->reloadReferenceSets();
    QVERIFY(m_window->setReferenceSet(QStringLiteral("paper-v1")));
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QCOMPARE(m_window->evaluation()->referenceSet.snapshot, QStringLiteral("paper-v1"));
    QCOMPARE(m_window->evaluation()->referenceSet.fingerprint, live.fingerprint);
    QVERIFY2(used->text().startsWith(QStringLiteral("References: snapshot 'paper-v1' (set 'all', frozen by expert on ")), qPrintable(used->text()));
    // The manual's picture of it (docs/images/evaluation-snapshot.png).
    applyTheme(Theme::Light);
    m_window->tabs()->setCurrentIndex(0);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest); // the label's second line laid out
    QVERIFY(used->height() >= used->heightForWidth(used->width()));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-evaluation-snapshot.png");
    QVERIFY(m_window->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    QVERIFY(m_window->setReferenceSet(QStringLiteral("all")));
}

void TestEvalWindow::everyTableListsTheCommentsBehindItsFigures()
{
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    // Every table but the agreement one (one annotator here) has figures
    // with comments behind them; clicking one lists exactly those.
    for (const eval::Table &t : m_window->evaluation()->tables()) {
        if (t.id == QLatin1String("agreement"))
            continue;
        QTableWidget *widget = m_window->table(t.id);
        QVERIFY2(widget, qPrintable(t.id));
        int clicked = 0;
        for (int r = 0; r < t.rows.size() && clicked == 0; ++r)
            for (int c = 0; c < t.rows[r].size() && clicked == 0; ++c) {
                if (t.rows[r][c].comments.isEmpty())
                    continue;
                m_window->tabs()->setCurrentWidget(widget->parentWidget());
                widget->scrollToItem(widget->item(r, c));
                QTest::mouseClick(widget->viewport(), Qt::LeftButton, {}, widget->visualRect(widget->model()->index(r, c)).center());
                QCOMPARE(m_window->behindList()->count(), int(t.rows[r][c].comments.size()));
                QCOMPARE(m_window->behindList()->item(0)->data(Qt::UserRole).toLongLong(), t.rows[r][c].comments.first());
                ++clicked;
            }
        QVERIFY2(clicked == 1, qPrintable(QStringLiteral("table %1 has no figure with comments behind it").arg(t.id)));
    }
    // The ablation tables are in the window.
    for (const QString &id : {QStringLiteral("slicing"), QStringLiteral("reviewers"), QStringLiteral("cot"), QStringLiteral("line-format")})
        QVERIFY2(m_window->table(id) && m_window->table(id)->rowCount() > 0, qPrintable(id));
    // Two slicing algorithms, one row each.
    QCOMPARE(m_window->table(QStringLiteral("slicing"))->rowCount(), 2);
}

void TestEvalWindow::clickingAChartListsItsComments()
{
    QTRY_VERIFY(m_window->evaluation());
    const eval::Evaluation &e = *m_window->evaluation();
    // The funnel: a bar is one configuration at one stage.
    QChart *funnel = chartTitled(m_window.get(), QStringLiteral("Filter funnel"));
    QVERIFY(funnel);
    auto *bars = qobject_cast<QBarSeries *>(funnel->series().value(0));
    QVERIFY(bars);
    int atCoarse = 0;
    for (const eval::RunEvaluation &r : e.runs)
        if (r.group == e.groups[1])
            atCoarse += int(r.stages[int(eval::Stage::Coarse)].comments.size());
    QVERIFY(atCoarse > 0);
    Q_EMIT bars->clicked(int(eval::Stage::Coarse), bars->barSets().value(1));
    QCOMPARE(m_window->behindList()->count(), atCoarse);

    // The precision-recall chart: a point is a setting; behind it, the comments it keeps.
    QChart *pr = chartTitled(m_window.get(), QStringLiteral("Precision and recall"));
    QVERIFY(pr);
    QScatterSeries *best = nullptr;
    for (QAbstractSeries *series : pr->series())
        if (series->name() == QLatin1String("best"))
            best = qobject_cast<QScatterSeries *>(series);
    QVERIFY(best && best->count() == 1);
    Q_EMIT best->clicked(best->at(0));
    const int kept = m_window->tuning().points[m_window->tuning().best].kept;
    QVERIFY(kept > 0);
    QCOMPARE(m_window->behindList()->count(), kept);

    // Recall per category: a bar is one configuration and category; behind it, the references found.
    QChart *categories = chartTitled(m_window.get(), QStringLiteral("Recall per category"));
    QVERIFY(categories);
    auto *categoryBars = qobject_cast<QBarSeries *>(categories->series().value(0));
    auto *axis = qobject_cast<QBarCategoryAxis *>(categories->axes(Qt::Horizontal).value(0));
    QVERIFY(categoryBars && axis);
    const auto found = e.foundReferencesBy(e.groups[0], eval::Stage::Validator, false);
    int listed = 0;
    for (int i = 0; i < axis->count(); ++i) {
        Q_EMIT categoryBars->clicked(i, categoryBars->barSets().value(0));
        const int expected = int(found.value(axis->at(i)).size());
        if (expected == 0)
            continue;
        QCOMPARE(m_window->behindList()->count(), expected);
        QVERIFY(m_window->behindList()->item(0)->text().startsWith(QStringLiteral("reference")));
        ++listed;
    }
    QVERIFY(listed > 0);
    QChart *contexts = chartTitled(m_window.get(), QStringLiteral("Recall per context level"));
    QVERIFY(contexts);
    auto *contextBars = qobject_cast<QBarSeries *>(contexts->series().value(0));
    QVERIFY(contextBars);
    m_window->behindList()->clear();
    Q_EMIT contextBars->clicked(0, contextBars->barSets().value(0));
    QVERIFY(m_window->behindList()->count() > 0);
}

void TestEvalWindow::semanticMatchThroughTheFakeServerKeepsTheWindowResponsive()
{
    test::FakeLlmServer server;
    // The first question is held until the test releases it: the window must stay usable meanwhile.
    bool hold = true;
    server.setResponder([&hold](const test::FakeLlmServer::Request &r) {
        const bool same = r.body.contains("express the same concern") && r.body.contains("Issue c0 ");
        auto reply = test::FakeLlmServer::completion(same ? QStringLiteral("Yes.") : QStringLiteral("No, they differ."));
        return hold ? test::FakeLlmServer::held(reply) : reply;
    });
    const QString config = judgeConfig(m_dir.path(), QStringLiteral("judge.json"), server.endpoint());
    QVERIFY(!config.isEmpty());
    m_window->setSemanticJudge(config, 1);
    m_window->setJudgeCacheDirectory(m_dir.filePath(QStringLiteral("judge-cache")));
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(m_window->isEvaluating());
    QTRY_COMPARE(server.heldCount(), 1);
    // While the judge thinks, the tables of the last evaluation still answer clicks.
    QTableWidget *stages = m_window->table(QStringLiteral("stages"));
    m_window->tabs()->setCurrentWidget(stages->parentWidget());
    QTest::mouseClick(stages->viewport(), Qt::LeftButton, {}, stages->visualRect(stages->model()->index(0, 2)).center());
    QVERIFY(m_window->behindList()->count() > 0);
    QVERIFY(m_window->isEvaluating());
    hold = false;
    server.release();
    QVERIFY(done.wait(60000));
    const eval::Evaluation &e = *m_window->evaluation();
    QVERIFY(e.semantic);
    const int asked = int(server.requests().size());
    QVERIFY(asked > 0);
    // Pairs with the same texts (the same comment text in several runs) are asked once; the rest come from the cache.
    const auto &exchanges = m_window->judgeExchanges();
    QCOMPARE(int(std::count_if(exchanges.begin(), exchanges.end(), [](const Exchange &x) { return !x.fromCache; })), asked);
    // Every question is the Fig. 9 prompt, and the answers count: some comment matched by meaning.
    for (const auto &r : server.requests())
        QVERIFY(r.body.contains("express the same concern"));
    int semanticMatched = 0;
    for (const eval::RunEvaluation &r : e.runs)
        semanticMatched += r.stages[0].pr.match.semanticMatchedComments();
    QVERIFY(semanticMatched > 0);
    QVERIFY(m_window->findChild<QLabel *>(QStringLiteral("evaluationStatus"))->text().contains(QStringLiteral("semantic")));
    // The semantic columns of the AACR-Bench table are filled.
    QTableWidget *aacr = m_window->table(QStringLiteral("aacr"));
    QVERIFY(aacr->item(0, 5)->text() != eval::percentText({}));

    // The answers are cached: the same evaluation again asks nothing.
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QCOMPARE(int(server.requests().size()), asked);
    // ...and recorded: the recording answers the same questions on replay.
    const QString recording = m_dir.filePath(QStringLiteral("judge-recording.json"));
    QVERIFY(m_window->saveJudgeRecording(recording));
    auto replay = ResponseStore::replayFrom(recording);
    QVERIFY(replay);
    m_window->setSemanticJudge({});
}

void TestEvalWindow::judgeFailuresAndBadConfigurationsShowADialog()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(500, R"({"error": "down"})"); });
    m_window->setSemanticJudge(judgeConfig(m_dir.path(), QStringLiteral("down.json"), server.endpoint()), 1);
    m_window->setJudgeCacheDirectory(m_dir.filePath(QStringLiteral("empty-cache")));
    QSignalSpy failed(m_window.get(), &EvaluationWindow::failed);
    m_window->evaluate();
    QVERIFY(failed.wait(60000));
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("semantic judge failed")));
    QTRY_VERIFY(errorDialog(m_window.get()));
    QVERIFY(errorDialog(m_window.get())->text().contains(QStringLiteral("no figures shown")));
    errorDialog(m_window.get())->close();
    QTRY_VERIFY(!errorDialog(m_window.get()));

    // A configuration that is not one: a dialog at once, nothing evaluated.
    const QString bad = m_dir.filePath(QStringLiteral("bad.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"roles": {"reviewer": {"endpoint": "http://127.0.0.1:9/v1", "model": "m"}}, "top-k": 5})");
    f.close();
    m_window->setSemanticJudge(bad, 1);
    m_window->evaluate();
    QVERIFY(!m_window->isEvaluating());
    QVERIFY(errorDialog(m_window.get()));
    QVERIFY(errorDialog(m_window.get())->text().contains(QStringLiteral("top-k")));
    errorDialog(m_window.get())->close();
    m_window->setSemanticJudge({});
}

void TestEvalWindow::closingWhileTheJudgeIsAskedDoesNotHang()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::held(test::FakeLlmServer::completion(QStringLiteral("yes"))); });
    auto window = std::make_unique<EvaluationWindow>(*m_store, m_path);
    // An hour's timeout: a further vote asked after the window went would hang the test past its limit.
    window->setSemanticJudge(judgeConfig(m_dir.path(), QStringLiteral("held.json"), server.endpoint(), 3600), 3);
    window->setJudgeCacheDirectory(m_dir.filePath(QStringLiteral("held-cache")));
    window->evaluate();
    QVERIFY(window->isEvaluating());
    QTRY_COMPARE(server.heldCount(), 1);
    // The question in flight is cancelled and no other is put: the window goes at once.
    window.reset();
    QCOMPARE(server.heldCount(), 1);
    QCOMPARE(int(server.requests().size()), 1);
}

// The Triage queue tab's "Queue for Triage…": the rows chosen go to the
// queue for the annotators named, their Queue cells say so; queueing again
// adds nothing; one annotator alone or a comment not shown is refused.
void TestEvalWindow::queueForTriageQueuesTheChosenRowsForTheNamedAnnotators()
{
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->setReferenceSet(QStringLiteral("all"));
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("triageQueue"));
    QVERIFY(table);
    QVERIFY2(table->rowCount() >= 3, "the fixture has three false positives or more against the imported references");
    const int last = table->rowCount() - 1;
    const qint64 comment = table->item(last, 0)->data(Qt::UserRole).toLongLong();
    QCOMPARE(table->item(last, 1)->text(), QStringLiteral("not queued"));
    auto *button = m_window->findChild<QPushButton *>(QStringLiteral("queueForTriage"));
    QVERIFY(button);
    QVERIFY(button->isEnabled());

    const auto names = eval::triageAnnotators(QStringLiteral(" ann, bob ,ann"));
    QVERIFY(names);
    QCOMPARE(*names, (QStringList{QStringLiteral("ann"), QStringLiteral("bob")}));
    const auto alone = eval::triageAnnotators(QStringLiteral("ann"));
    QVERIFY(!alone);
    QVERIFY(alone.error().message.contains(QLatin1String("two or more")));

    const auto added = m_window->queueForTriage({comment}, *names);
    QVERIFY2(added, added ? "" : qPrintable(added.error().message));
    QCOMPARE(*added, 1);
    QCOMPARE(table->item(last, 1)->text(), QStringLiteral("open"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("not queued")); // only the row chosen
    const auto queue = m_store->triageQueue();
    QVERIFY(queue);
    QCOMPARE(int(queue->size()), 1);
    QCOMPARE(queue->first().comment, comment);
    QCOMPARE(queue->first().annotators, *names);
    auto *queued = m_window->findChild<QLabel *>(QStringLiteral("triageQueued"));
    QVERIFY(queued);
    QVERIFY2(queued->text().contains(QLatin1String("0 in the queue already; assigned to ann, bob")), qPrintable(queued->text()));

    const auto again = m_window->queueForTriage({comment}, *names);
    QVERIFY(again);
    QCOMPARE(*again, 0);
    QVERIFY2(queued->text().contains(QLatin1String("1 in the queue already")), qPrintable(queued->text()));
    QCOMPARE(int(m_store->triageQueue()->size()), 1);

    const auto stranger = m_window->queueForTriage({comment + 100000}, *names);
    QVERIFY(!stranger);
    QVERIFY(stranger.error().message.contains(QLatin1String("not one of the triage candidates")));
    // Evaluated again, the queue's state comes from the store.
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    table = m_window->findChild<QTableWidget *>(QStringLiteral("triageQueue"));
    QCOMPARE(table->item(last, 1)->text(), QStringLiteral("open"));
}

// The Triage queue tab: the runs' comments judged false positives against
// the imported references, as `eval --triage` lists them, with where each
// stands once queued; the manual's picture (docs/images/triage-queue.png).
void TestEvalWindow::theTriageQueueListsFalsePositivesAgainstImportedGold()
{
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->setReferenceSet(QStringLiteral("all"));
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    const auto expected = eval::falsePositivesAgainstGold(*m_store, {});
    QVERIFY(expected);
    QVERIFY(expected->size() >= 2);
    auto *table = m_window->findChild<QTableWidget *>(QStringLiteral("triageQueue"));
    QVERIFY(table);
    QCOMPARE(table->rowCount(), int(expected->size()));
    QCOMPARE(table->item(0, 0)->text().toLongLong(), expected->first().comment);
    QCOMPARE(table->item(0, 2)->text(), eval::triagePlace(expected->first()));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("not queued"));
    // Two queued for ann and bob: the first agreed yes, the second disputed.
    QList<TriageItem> items;
    for (int i = 0; i < 2; ++i)
        items << eval::triageItemOf(expected->at(i), {QStringLiteral("ann"), QStringLiteral("bob")});
    QVERIFY(m_store->enqueueTriage(items));
    QVERIFY(m_store->answerTriage({items[0].comment, QStringLiteral("ann"), TriageAnswer::Yes, {}}));
    QVERIFY(m_store->answerTriage({items[0].comment, QStringLiteral("bob"), TriageAnswer::Yes, {}}));
    QVERIFY(m_store->answerTriage({items[1].comment, QStringLiteral("ann"), TriageAnswer::Yes, {}}));
    QVERIFY(m_store->answerTriage({items[1].comment, QStringLiteral("bob"), TriageAnswer::No, {}}));
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    table = m_window->findChild<QTableWidget *>(QStringLiteral("triageQueue"));
    QCOMPARE(table->item(0, 1)->text(), QStringLiteral("agreed: yes (a reference)"));
    QCOMPARE(table->item(1, 1)->text(), QStringLiteral("disagreement: to adjudicate"));
    // A click lists the comment below.
    m_window->tabs()->setCurrentWidget(table->parentWidget());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(1, 3)).center());
    QCOMPARE(m_window->behindList()->count(), 1);
    QCOMPARE(m_window->behindList()->item(0)->data(Qt::UserRole).toLongLong(), items[1].comment);
    // English as the window has it: "13 comments", its plural forms, come from a translation too.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_en")));
    QCoreApplication::installTranslator(&english);
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        // Evaluated again under the theme, as the other screenshots are; the tab stays.
        m_window->evaluate();
        QVERIFY(done.wait(60000));
        // The page shown: the pages of the evaluation before are deleted later.
        QCOMPARE(m_window->tabs()->tabText(m_window->tabs()->currentIndex()), QStringLiteral("Triage queue"));
        QWidget *page = m_window->tabs()->currentWidget();
        table = page->findChild<QTableWidget *>(QStringLiteral("triageQueue"));
        QVERIFY(table);
        QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(table->model()->index(1, 3)).center());
        QCOMPARE(m_window->behindList()->count(), 1);
        QCOMPARE(isDark(m_window->palette()), theme == Theme::Dark);
        const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-triage-queue-%1.png").arg(theme == Theme::Light ? QStringLiteral("light") : QStringLiteral("dark"));
        QVERIFY(m_window->grab().toImage().save(path));
        qInfo("screenshot: %s", qPrintable(path));
        const QString about = page->findChild<QLabel *>(QStringLiteral("triageAbout"))->text();
        QVERIFY2(about.startsWith(QStringLiteral("%1 comments judged false positives").arg(table->rowCount())), qPrintable(about));
    }
    QCoreApplication::removeTranslator(&english);
    applyTheme(Theme::Light);
}

void TestEvalWindow::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<int>("tab");
    QTest::newRow("light-tables") << QStringLiteral("light") << 0;
    QTest::newRow("light-charts") << QStringLiteral("light") << -1;
    QTest::newRow("dark-tables") << QStringLiteral("dark") << 2;
    QTest::newRow("dark-charts") << QStringLiteral("dark") << -1;
}

void TestEvalWindow::screenshots()
{
    QFETCH(QString, theme);
    QFETCH(int, tab);
    applyTheme(themeFromName(theme));
    // Charts take the palette when they are made: evaluate again under this theme.
    QSignalSpy done(m_window.get(), &EvaluationWindow::evaluated);
    m_window->evaluate();
    QVERIFY(done.wait(60000));
    QTabWidget *tabs = m_window->tabs();
    int index = tab;
    if (index < 0)
        for (int i = 0; i < tabs->count(); ++i)
            if (tabs->widget(i)->findChild<QChartView *>())
                index = i;
    tabs->setCurrentIndex(index);
    QTableWidget *stages = m_window->table(QStringLiteral("stages"));
    if (tab == 0)
        QTest::mouseClick(stages->viewport(), Qt::LeftButton, {}, stages->visualRect(stages->model()->index(4, 4)).center());
    QCOMPARE(isDark(m_window->palette()), theme == QLatin1String("dark"));
    const QImage image = m_window->grab().toImage();
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-evaluation-%1-%2.png").arg(theme, QString::fromLatin1(QTest::currentDataTag()).section(QLatin1Char('-'), 1));
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

// A test that stopped half-way leaves no judge or dialog to the next.
void TestEvalWindow::cleanup()
{
    if (!m_window)
        return;
    m_window->setSemanticJudge({});
    while (QMessageBox *box = errorDialog(m_window.get()))
        box->close();
}

void TestEvalWindow::cleanupTestCase()
{
    m_window.reset();
    applyTheme(Theme::System);
}

QTEST_MAIN(TestEvalWindow)
#include "tst_evalwindow.moc"
