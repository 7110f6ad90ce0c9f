// Rows and folds of the side-by-side diff, built from real fixture merge requests.

#include <DiffDocument.h>
#include <DiffLayout.h>
#include <FixtureRepo.h>
#include <MergeRequest.h>
#include <Scenarios.h>

#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace rd;
using namespace rd::test;

class DiffDocumentTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void everyLineAppearsOnceInOrder_data();
    void everyLineAppearsOnceInOrder();
    void modifiedLinesArePairedWithChangedCharacters();
    void addedAndDeletedFilesFillTheOtherSide();
    void renameWithoutChangesIsAllUnchanged();
    void binaryFilesHaveNoRows();
    void missingNewlineIsKnown();
    void typeChangeDeletesThenAdds();
    void tabsExpandAndLatin1IsFlagged();
    void foldsHideUnchangedStretches();
    void revealingOpensFoldsStepByStep();
    void unifiedViewListsDeletionsBeforeAdditions();
    void cancellingStopsTheBuild();

private:
    DiffDocument document(const QByteArray &scenario, const QByteArray &path, const DocumentOptions &options = {});
    QTemporaryDir m_root;
    std::map<QByteArray, QString> m_repos;
};

void DiffDocumentTest::initTestCase()
{
    m_repos = buildScenarios(m_root.path());
}

DiffDocument DiffDocumentTest::document(const QByteArray &scenario, const QByteArray &path, const DocumentOptions &options)
{
    auto mr = MergeRequest::open(m_repos.at(scenario), QStringLiteral("main"), QStringLiteral("feature"));
    if (!mr)
        qFatal("%s", qPrintable(mr.error().message));
    for (const FileDiff &file : mr->files) {
        if (file.displayPath() != path)
            continue;
        auto doc = buildDiffDocument(file, *mr->content(file, Side::Old), *mr->content(file, Side::New), options);
        if (!doc)
            qFatal("no document");
        return *doc;
    }
    qFatal("no file %s in %s", path.constData(), scenario.constData());
}

void DiffDocumentTest::everyLineAppearsOnceInOrder_data()
{
    QTest::addColumn<QByteArray>("scenario");
    QTest::addColumn<QByteArray>("path");
    QTest::newRow("modified") << QByteArray("modified") << QByteArray("src/compute.cpp");
    QTest::newRow("renamed with edits") << QByteArray("renames") << QByteArray("edited/b2.txt");
    QTest::newRow("added") << QByteArray("added-deleted") << QByteArray("new.txt");
    QTest::newRow("deleted") << QByteArray("added-deleted") << QByteArray("gone.txt");
    QTest::newRow("no newline") << QByteArray("no-newline") << QByteArray("both.txt");
    QTest::newRow("crlf") << QByteArray("crlf") << QByteArray("mixed.txt");
    QTest::newRow("typechange") << QByteArray("typechange") << QByteArray("config");
    QTest::newRow("submodule") << QByteArray("submodule") << QByteArray("libs/changed");
    QTest::newRow("long lines") << QByteArray("long-lines") << QByteArray("wide.txt");
    QTest::newRow("many hunks") << QByteArray("many-files") << QByteArray("pkg0/mod0.cpp");
}

// The rows are an alignment of the two files: reading one side's numbers
// top to bottom gives 1..n exactly once.
void DiffDocumentTest::everyLineAppearsOnceInOrder()
{
    QFETCH(QByteArray, scenario);
    QFETCH(QByteArray, path);
    const DiffDocument doc = document(scenario, path);
    for (Side side : BothSides) {
        int expected = 1;
        for (const DiffRow &row : doc.rows)
            if (row.line[side])
                QCOMPARE(row.line[side], expected++);
        QCOMPARE(expected - 1, doc.side[side].lineCount());
    }
    int additions = 0, deletions = 0;
    for (const DiffRow &row : doc.rows) {
        if (!row.changed) {
            QVERIFY(row.line[Side::Old] && row.line[Side::New]);
            QCOMPARE(doc.side[Side::Old].line(row.line[Side::Old]), doc.side[Side::New].line(row.line[Side::New]));
        }
        additions += row.changed && row.line[Side::New];
        deletions += row.changed && row.line[Side::Old];
    }
    QCOMPARE(additions, doc.file.additions);
    QCOMPARE(deletions, doc.file.deletions);
}

void DiffDocumentTest::modifiedLinesArePairedWithChangedCharacters()
{
    const DiffDocument doc = document("modified", "src/compute.cpp");
    QCOMPARE(doc.changeStarts.size(), 2);
    // "total += v * 9;" became "total += v * 90;": one row, the "0" marked.
    const DiffRow *pair = nullptr;
    for (const DiffRow &row : doc.rows)
        if (row.changed && row.line[Side::Old] && row.line[Side::New])
            pair = &row;
    QVERIFY(pair);
    const QStringView newLine = doc.side[Side::New].line(pair->line[Side::New]);
    QCOMPARE(newLine.mid(pair->changeStart[Side::New], pair->changeLength[Side::New]).toString(), QStringLiteral("0"));
    QCOMPARE(pair->changeLength[Side::Old], 0);
    // The inserted "if" lines have no old side: filler there.
    int fillers = 0;
    for (const DiffRow &row : doc.rows)
        fillers += row.changed && !row.line[Side::Old];
    QCOMPARE(fillers, 2);
}

void DiffDocumentTest::addedAndDeletedFilesFillTheOtherSide()
{
    const DiffDocument added = document("added-deleted", "new.txt");
    QCOMPARE(added.rows.size(), 5);
    for (const DiffRow &row : added.rows)
        QVERIFY(row.changed && !row.line[Side::Old] && row.line[Side::New]);
    const DiffDocument deleted = document("added-deleted", "gone.txt");
    QCOMPARE(deleted.rows.size(), 20);
    QCOMPARE(deleted.side[Side::New].lineCount(), 0);
}

void DiffDocumentTest::renameWithoutChangesIsAllUnchanged()
{
    const DiffDocument doc = document("renames", "moved/a.txt");
    QCOMPARE(doc.rows.size(), 201);
    QVERIFY(doc.changeStarts.isEmpty());
    DiffLayout layout;
    layout.setDocument(&doc);
    QCOMPARE(layout.lines().size(), 1); // one fold: the whole file
    QCOMPARE(layout.lines()[0].kind, VisualLine::Kind::Gap);
    QCOMPARE(layout.lines()[0].count, 201);
}

void DiffDocumentTest::binaryFilesHaveNoRows()
{
    const DiffDocument doc = document("binary", "img/logo.png");
    QVERIFY(!doc.showsText());
    QVERIFY(doc.rows.isEmpty());
    QCOMPARE(doc.bytes[Side::Old], 3016);
}

void DiffDocumentTest::missingNewlineIsKnown()
{
    const DiffDocument doc = document("no-newline", "gains.txt");
    QVERIFY(doc.side[Side::Old].missingFinalNewline);
    QVERIFY(!doc.side[Side::New].missingFinalNewline);
    // "b" without and with a newline differ: a changed row with no changed characters.
    const DiffRow &last = doc.rows.last();
    QVERIFY(last.changed);
    QCOMPARE(last.changeLength[Side::Old], 0);
    QCOMPARE(last.changeLength[Side::New], 0);
}

void DiffDocumentTest::typeChangeDeletesThenAdds()
{
    const DiffDocument doc = document("typechange", "config");
    QCOMPARE(doc.rows.size(), 2);
    QVERIFY(doc.rows[0].line[Side::Old] && !doc.rows[0].line[Side::New]);
    QVERIFY(!doc.rows[1].line[Side::Old] && doc.rows[1].line[Side::New]);
    QCOMPARE(doc.side[Side::New].line(1).toString(), QStringLiteral("keep"));
}

void DiffDocumentTest::tabsExpandAndLatin1IsFlagged()
{
    const SideText tabs = buildSideText("a\tb\n\tc\r\n", nullptr, 4);
    QCOMPARE(tabs.lineCount(), 2);
    QCOMPARE(tabs.line(1).toString(), QStringLiteral("a   b"));
    QCOMPARE(tabs.line(2).toString(), QStringLiteral("    c")); // the CR of CRLF is not shown
    QVERIFY(!tabs.decodedAsLatin1);
    const SideText latin1 = buildSideText("caf\xe9\n", nullptr, 4);
    QVERIFY(latin1.decodedAsLatin1);
    QCOMPARE(latin1.line(1).toString(), QStringLiteral("café"));
    const DiffDocument doc = document("non-utf8", "latin1.txt");
    QVERIFY(doc.side[Side::New].decodedAsLatin1);
}

void DiffDocumentTest::foldsHideUnchangedStretches()
{
    const DiffDocument doc = document("modified", "src/compute.cpp");
    DiffLayout layout;
    layout.setDocument(&doc, 3);
    int shownRows = 0, hidden = 0;
    for (const VisualLine &line : layout.lines()) {
        if (line.kind == VisualLine::Kind::Gap)
            hidden += line.count;
        else
            ++shownRows;
    }
    QCOMPARE(shownRows + hidden, doc.rows.size());
    // Shown: each change with 3 rows of context on each side.
    for (const VisualLine &line : layout.lines()) {
        if (line.kind != VisualLine::Kind::Row)
            continue;
        int distance = INT_MAX;
        for (int r = 0; r < doc.rows.size(); ++r)
            if (doc.rows[r].changed)
                distance = std::min(distance, std::abs(r - line.row));
        QVERIFY2(distance <= 3, qPrintable(QStringLiteral("row %1 is %2 rows from a change").arg(line.row).arg(distance)));
    }
    QCOMPARE(layout.lines().first().kind, VisualLine::Kind::Gap);
    QCOMPARE(layout.lines().last().kind, VisualLine::Kind::Gap);
}

void DiffDocumentTest::revealingOpensFoldsStepByStep()
{
    const DiffDocument doc = document("many-files", "pkg0/mod0.cpp");
    DiffLayout layout;
    layout.setDocument(&doc);
    auto gapAt = [&]() {
        for (int i = 0; i < layout.lines().size(); ++i)
            if (layout.lines()[i].kind == VisualLine::Kind::Gap)
                return i;
        return -1;
    };
    const int gap = gapAt();
    QVERIFY(gap >= 0);
    const int hidden = layout.lines()[gap].count;
    const int before = static_cast<int>(layout.lines().size());
    layout.reveal(gap, DiffLayout::Reveal::Top);
    const int step = std::min(hidden, DiffLayout::RevealStep);
    QCOMPARE(layout.lines().size(), before + step - (step == hidden ? 1 : 0));
    layout.reveal(gapAt(), DiffLayout::Reveal::All);
    for (const VisualLine &line : layout.lines())
        QVERIFY(line.kind == VisualLine::Kind::Row || line.row > layout.lines()[gap].row);

    // Revealing a row by number (find, go to line) opens just enough.
    DiffLayout fresh;
    fresh.setDocument(&doc);
    QCOMPARE(fresh.lineOfRow(0), -1);
    fresh.revealRow(0);
    QVERIFY(fresh.lineOfRow(0) >= 0);
}

void DiffDocumentTest::unifiedViewListsDeletionsBeforeAdditions()
{
    const DiffDocument doc = document("renames", "edited/b2.txt");
    DiffLayout layout;
    layout.setDocument(&doc);
    layout.setUnified(true);
    int additions = 0, deletions = 0;
    bool sawAdditionInBlock = false;
    for (const VisualLine &line : layout.lines()) {
        if (line.kind == VisualLine::Kind::Gap || line.sides == VisualLine::BothSides) {
            sawAdditionInBlock = false;
            continue;
        }
        if (line.sides == VisualLine::OldSide) {
            QVERIFY2(!sawAdditionInBlock, "a deletion after an addition of the same block");
            ++deletions;
        } else {
            sawAdditionInBlock = true;
            ++additions;
        }
    }
    QCOMPARE(additions, doc.file.additions);
    QCOMPARE(deletions, doc.file.deletions);
    layout.setUnified(false);
    for (const VisualLine &line : layout.lines())
        QCOMPARE(line.sides, quint8(VisualLine::BothSides));
}

void DiffDocumentTest::cancellingStopsTheBuild()
{
    QByteArray big;
    for (int i = 0; i < 20000; ++i)
        big += "int value" + QByteArray::number(i) + " = " + QByteArray::number(i) + ";\n";
    FileDiff file;
    file.status = FileStatus::Added;
    file.mode[Side::New] = FileMode::Regular;
    file.path[Side::New] = "big.cpp";
    int calls = 0;
    const auto doc = buildDiffDocument(file, {}, big, {}, [&calls](int) { return ++calls < 3; });
    QVERIFY(!doc);
    QCOMPARE(calls, 3);
}

QTEST_GUILESS_MAIN(DiffDocumentTest)
#include "tst_diffdocument.moc"
