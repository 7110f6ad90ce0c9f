// FindBar, the Find in Diff bar, on a diff view of its own: an empty search
// opens it, Return steps through the matches until it says there are no
// more, editing the text clears that, and Esc hands the focus back to the diff.

#include <DiffView.h>
#include <FindBar.h>
#include <MergeRequest.h>
#include <Scenarios.h>

#include <QLineEdit>
#include <QTemporaryDir>
#include <QTest>
#include <QVBoxLayout>

using namespace rd;
using namespace rd::test;

class FindBarTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void findingNothingOpensTheBarWithTheFocusInItsEdit();
    void returnStepsThroughTheMatchesThenSaysThereAreNoMore();
    void editingTheTextClearsNoMoreMatches();
    void escapeHidesTheBarAndGivesTheDiffTheFocus();

private:
    QTemporaryDir m_root;
    std::shared_ptr<const DiffDocument> m_document;
    QWidget *m_window = nullptr;
    DiffView *m_view = nullptr;
    FindBar *m_bar = nullptr;
};

void FindBarTest::initTestCase()
{
    buildScenarios(m_root.path(), {"modified"});
    auto mr = MergeRequest::open(m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    for (const FileDiff &file : mr->files)
        if (file.displayPath() == "src/compute.cpp")
            m_document = std::make_shared<DiffDocument>(*buildDiffDocument(file, *mr->content(file, Side::Old), *mr->content(file, Side::New), {}));
    QVERIFY(m_document);
}

void FindBarTest::init()
{
    m_window = new QWidget;
    auto *layout = new QVBoxLayout(m_window);
    m_view = new DiffView(m_window);
    m_view->setDocument(m_document);
    m_bar = new FindBar(m_view, m_window);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_bar);
    m_window->resize(520, 360);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window));
    QVERIFY(!m_bar->isVisible()); // hidden until asked for
}

void FindBarTest::cleanup()
{
    delete m_window;
}

void FindBarTest::findingNothingOpensTheBarWithTheFocusInItsEdit()
{
    m_bar->find(false);
    QVERIFY(m_bar->isVisible());
    QTRY_VERIFY(m_bar->edit()->hasFocus());
    QCOMPARE(m_view->currentLine(), -1); // nothing was searched
}

void FindBarTest::returnStepsThroughTheMatchesThenSaysThereAreNoMore()
{
    m_bar->open();
    QTest::keyClicks(m_bar->edit(), QStringLiteral("compute10"));
    QTest::keyClick(m_bar->edit(), Qt::Key_Return);
    const int line = m_view->currentLine();
    QVERIFY(line != -1);
    const DiffRow &row = m_document->rows[m_view->layout().lines()[line].row];
    QVERIFY(m_document->side[Side::Old].line(row.line[Side::Old]).contains(QStringLiteral("compute10")));
    QCOMPARE(m_bar->status(), QString());
    QTest::keyClick(m_bar->edit(), Qt::Key_Return); // the same line's new side
    QCOMPARE(m_view->currentLine(), line);
    QCOMPARE(m_bar->status(), QString());
    QTest::keyClick(m_bar->edit(), Qt::Key_Return);
    QCOMPARE(m_bar->status(), FindBar::tr("No more matches"));
    m_bar->find(true); // backwards finds it again
    QCOMPARE(m_bar->status(), QString());
}

void FindBarTest::editingTheTextClearsNoMoreMatches()
{
    m_bar->open();
    QTest::keyClicks(m_bar->edit(), QStringLiteral("no such text"));
    m_bar->find(false);
    QCOMPARE(m_bar->status(), FindBar::tr("No more matches"));
    QTest::keyClick(m_bar->edit(), Qt::Key_Backspace);
    QCOMPARE(m_bar->status(), QString());
}

void FindBarTest::escapeHidesTheBarAndGivesTheDiffTheFocus()
{
    m_bar->open();
    QTRY_VERIFY(m_bar->edit()->hasFocus());
    QTest::keyClick(m_bar->edit(), Qt::Key_Escape);
    QVERIFY(!m_bar->isVisible());
    QVERIFY(m_view->hasFocus());
}

QTEST_MAIN(FindBarTest)
#include "tst_findbar.moc"
