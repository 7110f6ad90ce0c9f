// The audit list (issue 34, "People audit the judge") as a person uses it:
// two judges of Code Review Bench, the pairs side by side, A / R / U to
// decide, Shift+A / Shift+R to decide and go on, Ctrl+Z to undo, each
// decision stored at once; and its pictures for the manual, light and dark
// (docs/images/judge-audit.png, judge-audit-dark.png).

#include <JudgeAuditFixture.h>
#include <JudgeAuditList.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>

#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <memory>

using namespace rd;

class JudgeAuditListTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void theKeysDecideGoOnAndUndo();
    void everyJudgesReasoningIsShownBesideThePair();
    void screenshot_data();
    void screenshot();
    void cleanupTestCase();

private:
    void showList(); // a new list on the workspace, shown and active
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SqlWorkspaceStore> m_store;
    JudgeAuditList *m_list = nullptr;
};

void JudgeAuditListTest::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), true);
    const QString problem = test::importAuditBenchmark(*m_store, bench.folder);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
}

void JudgeAuditListTest::init()
{
    // Every test starts without decisions.
    const auto decided = m_store->auditDecisions();
    QVERIFY(decided);
    for (const JudgeAuditDecision &d : *decided)
        QVERIFY(m_store->removeAuditDecision(d.annotator, d.comment, d.reference));
    showList();
}

void JudgeAuditListTest::showList()
{
    delete m_list;
    auto audit = JudgeAudit::open(*m_store, {QStringLiteral("ann"), {6, 1}});
    QVERIFY2(audit, audit ? "" : qPrintable(audit.error().message));
    m_list = new JudgeAuditList(std::move(*audit));
    m_list->resize(1400, 760);
    m_list->show();
    QVERIFY(QTest::qWaitForWindowActive(m_list));
    m_list->list()->setFocus();
}

void JudgeAuditListTest::cleanup()
{
    delete m_list;
    m_list = nullptr;
}

void JudgeAuditListTest::cleanupTestCase()
{
    applyTheme(Theme::System);
}

void JudgeAuditListTest::theKeysDecideGoOnAndUndo()
{
    QSignalSpy changed(m_list, &JudgeAuditList::decisionsChanged);
    JudgeAudit &audit = m_list->audit();
    QCOMPARE(audit.current(), 0);
    QTableWidget *table = m_list->list();
    const int decisionColumn = table->columnCount() - 1;
    // A: the same issue; the pair stays.
    QTest::keyClick(table, Qt::Key_A);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(audit.current(), 0);
    QCOMPARE(audit.decisionAt(0), std::optional<AuditDecision>(AuditDecision::Same));
    QCOMPARE(table->item(0, decisionColumn)->text(), JudgeAuditList::tr("Same issue"));
    // Shift+R: different, then the next pair.
    QTest::keyClick(table, Qt::Key_R, Qt::ShiftModifier);
    QCOMPARE(audit.decisionAt(0), std::optional<AuditDecision>(AuditDecision::Different));
    QCOMPARE(audit.current(), 1);
    QCOMPARE(table->currentRow(), 1);
    // U: unsure; Shift+A on it: same, and on.
    QTest::keyClick(table, Qt::Key_U);
    QCOMPARE(audit.decisionAt(1), std::optional<AuditDecision>(AuditDecision::Unsure));
    QTest::keyClick(table, Qt::Key_A, Qt::ShiftModifier);
    QCOMPARE(audit.current(), 2);
    QCOMPARE(m_store->auditDecisions()->size(), 2);
    // Ctrl+Z: the last decision is taken back and its pair shown.
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(audit.current(), 1);
    QCOMPARE(audit.decisionAt(1), std::optional<AuditDecision>(AuditDecision::Unsure));
    QCOMPARE(table->item(1, decisionColumn)->text(), JudgeAuditList::tr("Unsure"));
    QCOMPARE(changed.count(), 5);
    // Down chooses the next pair without deciding.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(audit.current(), 2);
    QVERIFY(m_list->lastError().isEmpty());
}

void JudgeAuditListTest::everyJudgesReasoningIsShownBesideThePair()
{
    const compare::AuditItem *item = m_list->audit().currentItem();
    QVERIFY(item);
    QCOMPARE(item->kind, compare::AuditItemKind::Disagreement);
    const QList<QTextBrowser *> panes = m_list->findChildren<QTextBrowser *>();
    QCOMPARE(panes.size(), 4); // golden comment, candidate, two judges
    QStringList texts;
    for (QTextBrowser *pane : panes)
        texts << pane->toPlainText();
    const QString all = texts.join(QLatin1Char('\n'));
    QVERIFY(all.contains(item->referenceText.left(40)));
    QVERIFY(all.contains(item->candidateText.left(40)));
    QVERIFY(all.contains(item->judges[0].reasoning.left(40)));
    QVERIFY(all.contains(QStringLiteral("second")));
}

void JudgeAuditListTest::screenshot_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

void JudgeAuditListTest::screenshot()
{
    QFETCH(QString, theme);
    applyTheme(themeFromName(theme));
    showList(); // made under the theme
    // A few decided, as a person half-way through sees it.
    QTest::keyClick(m_list->list(), Qt::Key_A, Qt::ShiftModifier);
    QTest::keyClick(m_list->list(), Qt::Key_R, Qt::ShiftModifier);
    QCOMPARE(isDark(m_list->palette()), theme == QLatin1String("dark"));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-judge-audit-%1.png").arg(theme);
    QVERIFY(m_list->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(JudgeAuditListTest)
#include "tst_judgeauditlist.moc"
