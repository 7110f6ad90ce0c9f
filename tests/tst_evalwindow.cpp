// The Evaluation window: evaluates the checked runs off the GUI thread,
// shows the papers' tables and the charts, lists the comments behind a
// clicked figure, exports tables, writes the tuned setting; screenshots in
// light and dark.

#include <EvaluationWindow.h>
#include <ReviewRun.h>
#include <SqliteWorkspaceStore.h>
#include <Theme.h>

#include <QApplication>
#include <QChartView>
#include <QFile>
#include <QListWidget>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

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
    void screenshots_data();
    void screenshots();
    void cleanupTestCase();

private:
    QTemporaryDir m_dir;
    QString m_path;
    std::unique_ptr<SqliteWorkspaceStore> m_store;
    std::unique_ptr<EvaluationWindow> m_window;
};

void TestEvalWindow::initTestCase()
{
    m_path = m_dir.filePath(QStringLiteral("eval.rdw"));
    auto s = SqliteWorkspaceStore::open(m_path, SqliteWorkspaceStore::Mode::CreateIfMissing);
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

void TestEvalWindow::cleanupTestCase()
{
    m_window.reset();
    applyTheme(Theme::System);
}

QTEST_MAIN(TestEvalWindow)
#include "tst_evalwindow.moc"
