// Review ▸ Evaluate Judge…: the window runs the judge evaluation against a
// scripted fake judge, shows its figures and disagreements, keeps it in the
// workspace, and opens a disagreement's comment; screenshots.

#include <FakeLlmServer.h>
#include <JudgeEvaluationWindow.h>
#include <ScriptedJudge.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>

#include <QComboBox>
#include <QJsonArray>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

using namespace rd;

class JudgeEvalWindowTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void evaluatingShowsTheFiguresAndKeepsTheEvaluation();
    void aDisagreementOpensItsCommentInTheDiff();
    void anEarlierEvaluationIsShownFromTheWorkspace();
    void aJudgeThatDoesNotAnswerShowsNoFigures();
    void screenshot_data();
    void screenshot();

private:
    void evaluate(JudgeEvaluationWindow &window);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<WorkspaceStore> m_store;
    std::unique_ptr<test::FakeLlmServer> m_server;
    QHash<QString, qint64> m_ids;
};

void JudgeEvalWindowTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    // The window keeps the judge's answers in the user's response cache. A
    // cache of each test's own: an earlier test's answers, keyed by an
    // endpoint whose port the system may give this test's server again,
    // would answer a judge scripted to refuse (and not in the user's cache).
    qputenv("XDG_CACHE_HOME", m_dir->filePath(QStringLiteral("cache")).toUtf8());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
    m_ids = test::addScriptedComments(*m_store);
    QCOMPARE(m_ids.size(), 8);
    m_server = std::make_unique<test::FakeLlmServer>();
    m_server->setResponder([](const test::FakeLlmServer::Request &r) { return test::scriptedJudge(r, 1); });
    QVERIFY(test::writeJudgeConfig(m_dir->filePath(QStringLiteral("judge.json")), m_server->endpoint()));
}

void JudgeEvalWindowTest::evaluate(JudgeEvaluationWindow &window)
{
    window.setConfigPath(m_dir->filePath(QStringLiteral("judge.json")));
    window.setLabels(QStringLiteral("ann"));
    window.setRepeats(2);
    QSignalSpy evaluated(&window, &JudgeEvaluationWindow::evaluated);
    QSignalSpy failed(&window, &JudgeEvaluationWindow::failed);
    window.evaluate();
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().first().toString()));
    QVERIFY(evaluated.wait(60000));
}

void JudgeEvalWindowTest::evaluatingShowsTheFiguresAndKeepsTheEvaluation()
{
    JudgeEvaluationWindow window(*m_store);
    evaluate(window);
    // Seeds 0 and 1: "issue one" turns invalid on 1; repeats 4/6 and 3/6.
    QCOMPARE(window.report().value(QStringLiteral("accuracy")).toDouble(), 0.5833);
    const QString summary = window.findChild<QLabel *>(QStringLiteral("judgeSummary"))->text();
    QVERIFY2(summary.contains(QStringLiteral("58.3 %")) && summary.contains(QStringLiteral("16.7 %")), qPrintable(summary));
    // Balanced accuracy beside it: recalls 2/3 and 2/3 on seed 0, 1/3 and 2/3 on seed 1.
    QCOMPARE(window.report().value(QStringLiteral("balanced_accuracy")).toDouble(), 0.5833);
    QVERIFY2(summary.contains(QStringLiteral("balanced accuracy <b>58.3 %</b>")), qPrintable(summary));
    auto *tree = window.findChild<QTreeWidget *>(QStringLiteral("judgeDisagreements"));
    QCOMPARE(tree->topLevelItemCount(), 2);
    QCOMPARE(tree->topLevelItem(0)->childCount(), 1); // four: valid, people rejected
    QCOMPARE(tree->topLevelItem(0)->child(0)->data(0, Qt::UserRole).toLongLong(), m_ids.value(QStringLiteral("issue four")));
    QCOMPARE(tree->topLevelItem(1)->childCount(), 1); // three: invalid, people accepted
    const auto stored = m_store->judgeEvaluations();
    QVERIFY(stored);
    QCOMPARE(stored->size(), 1);
    QCOMPARE(window.findChild<QComboBox *>(QStringLiteral("storedJudgeEvaluations"))->count(), 2);
}

void JudgeEvalWindowTest::aDisagreementOpensItsCommentInTheDiff()
{
    JudgeEvaluationWindow window(*m_store);
    evaluate(window);
    auto *tree = window.findChild<QTreeWidget *>(QStringLiteral("judgeDisagreements"));
    QSignalSpy chosen(&window, &JudgeEvaluationWindow::commentChosen);
    Q_EMIT tree->itemActivated(tree->topLevelItem(1)->child(0), 0);
    QCOMPARE(chosen.size(), 1);
    const auto three = m_store->comment(m_ids.value(QStringLiteral("issue three")));
    QVERIFY(three);
    QCOMPARE(chosen.first().at(0).toLongLong(), three->mergeRequest);
    QCOMPARE(chosen.first().at(1).toLongLong(), three->id);
    // A group heading opens nothing.
    Q_EMIT tree->itemActivated(tree->topLevelItem(0), 0);
    QCOMPARE(chosen.size(), 1);
}

void JudgeEvalWindowTest::anEarlierEvaluationIsShownFromTheWorkspace()
{
    {
        JudgeEvaluationWindow window(*m_store);
        evaluate(window);
    }
    const int asked = static_cast<int>(m_server->requests().size());
    JudgeEvaluationWindow later(*m_store);
    QVERIFY(later.report().isEmpty());
    auto *stored = later.findChild<QComboBox *>(QStringLiteral("storedJudgeEvaluations"));
    QCOMPARE(stored->count(), 2);
    later.showStored(stored->itemData(1).toLongLong());
    QCOMPARE(later.report().value(QStringLiteral("accuracy")).toDouble(), 0.5833);
    QCOMPARE(later.report().value(QStringLiteral("items")).toArray().size(), 6);
    QCOMPARE(m_server->requests().size(), asked);
}

void JudgeEvalWindowTest::aJudgeThatDoesNotAnswerShowsNoFigures()
{
    m_server->setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(401, "{\"error\":\"bad key\"}"); });
    JudgeEvaluationWindow window(*m_store);
    window.setConfigPath(m_dir->filePath(QStringLiteral("judge.json")));
    window.setLabels(QStringLiteral("ann"));
    QSignalSpy failed(&window, &JudgeEvaluationWindow::failed);
    window.evaluate();
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.first().first().toString().startsWith(QStringLiteral("6 of 6 requests to the judge got no answer")), qPrintable(failed.first().first().toString()));
    QVERIFY(window.report().isEmpty());
    const auto stored = m_store->judgeEvaluations();
    QVERIFY(stored && stored->isEmpty());
}

void JudgeEvalWindowTest::screenshot_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

void JudgeEvalWindowTest::screenshot()
{
    QFETCH(QString, theme);
    applyTheme(themeFromName(theme));
    JudgeEvaluationWindow window(*m_store);
    evaluate(window);
    window.resize(1000, 560);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-judge-evaluation-%1.png").arg(theme);
    QVERIFY(window.grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(JudgeEvalWindowTest)
#include "tst_judgeevalwindow.moc"
