// The diff view as a person uses it: scrolling keeps both sides together,
// gaps unfold on click, wrapping and the unified view, find and go to line.

#include <DiffView.h>
#include <FixtureRepo.h>
#include <MergeRequest.h>
#include <Scenarios.h>

#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class DiffViewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void bothSidesScrollTogether();
    void clickingAGapUnfoldsIt();
    void wrappingTradesWidthForHeight();
    void unifiedViewKeepsThePlace();
    void changeNavigationStepsThroughEachChangeAndStopsAtTheEnds();
    void findUnfoldsAndSelects();
    void goToLineFindsANumberedLineOnEitherSideAndRefusesOnePastTheEnd();
    void oneSidedFileShowsOnlyItsSideAcrossTheWholeWidth_data();
    void oneSidedFileShowsOnlyItsSideAcrossTheWholeWidth();
    void unifiedAddedFileKeepsItsOneColumn();

private:
    std::shared_ptr<const DiffDocument> document(const QByteArray &scenario, const QByteArray &path);
    QTemporaryDir m_root;
    DiffView *m_view = nullptr;
};

void DiffViewTest::initTestCase()
{
    buildScenarios(m_root.path(), {"modified", "many-files", "added-deleted"});
}

void DiffViewTest::init()
{
    delete m_view;
    m_view = new DiffView;
    m_view->resize(520, 360);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
}

std::shared_ptr<const DiffDocument> DiffViewTest::document(const QByteArray &scenario, const QByteArray &path)
{
    auto mr = MergeRequest::open(m_root.filePath(QString::fromLatin1(scenario)), QStringLiteral("main"), QStringLiteral("feature"));
    for (const FileDiff &file : mr->files)
        if (file.displayPath() == path)
            return std::make_shared<DiffDocument>(*buildDiffDocument(file, *mr->content(file, Side::Old), *mr->content(file, Side::New), {}));
    qFatal("no such file");
}

// Both columns hang off one pair of scroll bars; after any scroll, an
// unchanged row must look pixel-identical on the two sides.
void DiffViewTest::bothSidesScrollTogether()
{
    m_view->setDocument(document("modified", "src/compute.cpp"));
    const auto &lines = m_view->layout().lines();
    // Unfold everything so there are long unchanged lines to compare.
    for (int i = static_cast<int>(lines.size()) - 1; i >= 0; --i)
        if (lines[i].kind == VisualLine::Kind::Gap)
            m_view->revealGap(i, DiffLayout::Reveal::All);
    QVERIFY(m_view->horizontalScrollBar()->maximum() > 0); // lines overflow the narrow columns

    for (const auto &[vertical, horizontal] : {std::pair{0, 0}, std::pair{7, 37}, std::pair{20, 90}}) {
        m_view->verticalScrollBar()->setValue(vertical);
        m_view->horizontalScrollBar()->setValue(horizontal);
        QCOMPARE(m_view->topLine(), vertical);
        const QImage image = m_view->viewport()->grab().toImage();
        int compared = 0;
        for (int line = m_view->topLine(); line < lines.size(); ++line) {
            const QRect left = m_view->textRect(Side::Old, line), right = m_view->textRect(Side::New, line);
            if (left.isEmpty() || left.bottom() >= image.height())
                break;
            const DiffRow &row = m_view->document()->rows[lines[line].row];
            if (lines[line].kind != VisualLine::Kind::Row || row.changed)
                continue;
            QCOMPARE(left.size(), right.size());
            QVERIFY2(image.copy(left) == image.copy(right), qPrintable(QStringLiteral("row %1 differs at scroll %2,%3").arg(line).arg(vertical).arg(horizontal)));
            ++compared;
        }
        QVERIFY(compared >= 5);
    }
}

void DiffViewTest::clickingAGapUnfoldsIt()
{
    m_view->setDocument(document("modified", "src/compute.cpp"));
    const auto &lines = m_view->layout().lines();
    QCOMPARE(lines.first().kind, VisualLine::Kind::Gap);
    const int hidden = lines.first().count;
    const int before = static_cast<int>(lines.size());
    // Middle third: show all.
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(m_view->viewport()->width() / 2, m_view->lineHeight() / 2));
    QCOMPARE(lines.size(), before + hidden - 1);
    QCOMPARE(lines.first().kind, VisualLine::Kind::Row);
    QCOMPARE(m_view->document()->rows[lines.first().row].line[Side::Old], 1);

    // Left third: 20 more below the previous change, the gap stays.
    const int gap = static_cast<int>(std::find_if(lines.begin(), lines.end(), [](const VisualLine &l) { return l.kind == VisualLine::Kind::Gap; }) - lines.begin());
    QVERIFY(gap < lines.size());
    const int gapHidden = lines[gap].count;
    m_view->verticalScrollBar()->setValue(gap);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(10, m_view->textRect(Side::Old, gap).center().y()));
    const int shown = std::min(gapHidden, DiffLayout::RevealStep);
    QCOMPARE(lines[gap].kind, VisualLine::Kind::Row);
    if (gapHidden > shown)
        QCOMPARE(lines[gap + shown].count, gapHidden - shown);
}

void DiffViewTest::wrappingTradesWidthForHeight()
{
    m_view->setDocument(document("modified", "src/compute.cpp"));
    m_view->revealGap(0, DiffLayout::Reveal::All);
    const int unwrappedRange = m_view->verticalScrollBar()->maximum();
    QVERIFY(m_view->horizontalScrollBar()->maximum() > 0);
    m_view->setWrap(true);
    QVERIFY(m_view->wraps());
    QCOMPARE(m_view->horizontalScrollBar()->maximum(), 0);
    QVERIFY(m_view->verticalScrollBar()->maximum() > unwrappedRange);
    // A wrapped line is taller than one text line.
    int tallest = 0;
    for (int i = m_view->topLine(); i < m_view->topLine() + 10; ++i)
        tallest = std::max(tallest, m_view->textRect(Side::New, i).height());
    QVERIFY(tallest > m_view->lineHeight());
    m_view->setWrap(false);
    QCOMPARE(m_view->verticalScrollBar()->maximum(), unwrappedRange);
}

void DiffViewTest::unifiedViewKeepsThePlace()
{
    m_view->setDocument(document("many-files", "pkg0/mod0.cpp"));
    QVERIFY(m_view->nextChange());
    const int topRow = m_view->layout().lines()[m_view->topLine()].row;
    m_view->setUnified(true);
    QVERIFY(m_view->isUnified());
    QCOMPARE(m_view->layout().lines()[m_view->topLine()].row, topRow);
    m_view->setUnified(false);
    QVERIFY(!m_view->isUnified());
}

void DiffViewTest::changeNavigationStepsThroughEachChangeAndStopsAtTheEnds()
{
    auto doc = document("modified", "src/compute.cpp");
    m_view->setDocument(doc);
    QCOMPARE(m_view->currentChange(), -1);
    QVERIFY(m_view->nextChange());
    QCOMPARE(m_view->currentChange(), 0);
    const int firstLine = m_view->currentLine();
    QCOMPARE(m_view->layout().lines()[firstLine].row, doc->changeStarts[0]);
    QVERIFY(m_view->nextChange());
    QCOMPARE(m_view->currentChange(), 1);
    QVERIFY(!m_view->nextChange()); // two changes only
    QVERIFY(m_view->previousChange());
    QCOMPARE(m_view->currentLine(), firstLine);
    QVERIFY(!m_view->previousChange());
}

void DiffViewTest::findUnfoldsAndSelects()
{
    auto doc = document("modified", "src/compute.cpp");
    m_view->setDocument(doc);
    // compute10 is far from both changes: folded away at first.
    QVERIFY(m_view->find(QStringLiteral("COMPUTE10")));
    const int line = m_view->currentLine();
    QVERIFY(line >= 0);
    const DiffRow &row = doc->rows[m_view->layout().lines()[line].row];
    QVERIFY(doc->side[Side::Old].line(row.line[Side::Old]).contains(QStringLiteral("compute10")));
    // Next match: the same line's new side, then no more.
    QVERIFY(m_view->find(QStringLiteral("compute10")));
    QCOMPARE(m_view->currentLine(), line);
    QVERIFY(!m_view->find(QStringLiteral("compute10")));
    QVERIFY(m_view->find(QStringLiteral("compute10"), true));
    QVERIFY(!m_view->find(QStringLiteral("no such text")));
}

void DiffViewTest::goToLineFindsANumberedLineOnEitherSideAndRefusesOnePastTheEnd()
{
    auto doc = document("modified", "src/compute.cpp");
    m_view->setDocument(doc);
    QVERIFY(m_view->goToLine(Side::New, 1));
    QCOMPARE(doc->rows[m_view->layout().lines()[m_view->currentLine()].row].line[Side::New], 1);
    QVERIFY(m_view->goToLine(Side::Old, 60));
    QCOMPARE(doc->rows[m_view->layout().lines()[m_view->currentLine()].row].line[Side::Old], 60);
    QVERIFY(!m_view->goToLine(Side::New, 100000));
}

// An added file has nothing on the old side (a deleted file nothing on the
// new): the view spends no width on an empty hatched column but shows the
// one side alone, as code hosts do; its gutter, now at the left edge, still
// numbers and selects that side's lines, and find and go to line reach them.
void DiffViewTest::oneSidedFileShowsOnlyItsSideAcrossTheWholeWidth_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<int>("shown");
    QTest::addColumn<QString>("lastLine");
    QTest::newRow("added") << QByteArray("new.txt") << int(Side::New) << QStringLiteral("new 5");
    QTest::newRow("deleted") << QByteArray("gone.txt") << int(Side::Old) << QStringLiteral("line 20");
}

void DiffViewTest::oneSidedFileShowsOnlyItsSideAcrossTheWholeWidth()
{
    QFETCH(QByteArray, path);
    QFETCH(int, shown);
    QFETCH(QString, lastLine);
    const Side side = Side(shown);
    const Side other = side == Side::New ? Side::Old : Side::New;
    m_view->setDocument(document("added-deleted", path));
    QVERIFY(m_view->onlySide() == side);
    const int width = m_view->viewport()->width();
    QCOMPARE(m_view->textRect(other, 0), QRect());
    const QRect text = m_view->textRect(side, 0);
    QVERIFY2(text.left() < width / 4, qPrintable(QStringLiteral("the side starts at %1 of %2").arg(text.left()).arg(width)));
    QVERIFY2(text.right() >= width - 2, qPrintable(QStringLiteral("the side ends at %1 of %2").arg(text.right()).arg(width)));
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(text.left() / 2, m_view->textRect(side, 2).center().y()));
    QCOMPARE(m_view->selectedRange().side, side);
    QCOMPARE(m_view->selectedRange().from, 3);
    const auto lineOfCurrent = [&] { return m_view->document()->rows[m_view->layout().lines()[m_view->currentLine()].row].line[side]; };
    QVERIFY(m_view->find(lastLine));
    QCOMPARE(lineOfCurrent(), m_view->document()->side[side].lineCount());
    QVERIFY(m_view->goToLine(side, 2));
    QCOMPARE(lineOfCurrent(), 2);
}

// The unified view was one column already; an added file must not change it.
void DiffViewTest::unifiedAddedFileKeepsItsOneColumn()
{
    m_view->setDocument(document("added-deleted", "new.txt"));
    m_view->setUnified(true);
    QVERIFY(!m_view->onlySide());
    const QRect text = m_view->textRect(Side::New, 0);
    QVERIFY(!text.isEmpty());
    QVERIFY(text.right() >= m_view->viewport()->width() - 2 * text.left());
    for (const VisualLine &line : m_view->layout().lines())
        QCOMPARE(line.sides, quint8(VisualLine::NewSide));
}

QTEST_MAIN(DiffViewTest)
#include "tst_diffview.moc"
