// Help ▸ Manual: the docs/ chapters compiled into the window, their links
// followed inside the viewer, and no link in the manual leading nowhere.
#include <MainWindow.h>
#include <ManualWindow.h>

#include <QDir>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTextBlock>
#include <QTextBrowser>

using namespace rd;

class ManualTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void helpMenuManualShowsTheIndexAndFollowsChapterLinks();
    void everyDocsChapterIsInTheResource();
    void everyRelativeLinkOfEveryChapterResolves();
    void linkCheckerNamesMissingChaptersAndHeadings();
    void headingAnchorsAreGitHubs_data();
    void headingAnchorsAreGitHubs();
    void theContentsShowNoEscapesAndEachChapterOnce();
    void theChapterListShowsWholeTitles();
};

void ManualTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void ManualTest::helpMenuManualShowsTheIndexAndFollowsChapterLinks()
{
    MainWindow window;
    window.show();
    QMenu *help = nullptr;
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QLatin1String("&Help"))
            help = menu->menu();
    QVERIFY(help);
    QAction *manualAction = nullptr;
    for (QAction *a : help->actions())
        if (a->objectName() == QLatin1String("manual"))
            manualAction = a;
    QVERIFY2(manualAction, "Help has no Manual action");
    QCOMPARE(manualAction->text(), QStringLiteral("&Manual"));

    manualAction->trigger();
    auto *manual = window.findChild<ManualWindow *>();
    QVERIFY(manual);
    QVERIFY(manual->isVisible());
    QCOMPARE(manual->currentChapter(), ManualWindow::indexChapter());
    QVERIFY2(manual->browser()->toPlainText().startsWith(QLatin1String("ReviewDesk manual")), qPrintable(manual->browser()->toPlainText().left(80)));

    // A click on a relative link stays in the viewer and opens that chapter.
    Q_EMIT manual->browser()->anchorClicked(QUrl(QStringLiteral("evaluation.md")));
    QCOMPARE(manual->currentChapter(), QStringLiteral("evaluation.md"));
    QVERIFY(manual->browser()->toPlainText().contains(QLatin1String("KBI")));
    manual->resize(1100, 760);
    manual->grab().save(QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-manual-evaluation.png"));
    // The chapter list follows.
    QCOMPARE(manual->findChild<QListWidget *>(QStringLiteral("manualChapters"))->currentItem()->data(Qt::UserRole).toString(),
             QStringLiteral("evaluation.md"));

    // A link to a heading of another chapter puts that heading at the cursor.
    Q_EMIT manual->browser()->anchorClicked(QUrl(QStringLiteral("evaluation.md#references-and-matching")));
    QCOMPARE(manual->browser()->textCursor().block().text(), QStringLiteral("References and matching"));

    // Triggering it again raises the same window, not a second one.
    manualAction->trigger();
    QCOMPARE(window.findChildren<ManualWindow *>().size(), 1);
}

void ManualTest::everyDocsChapterIsInTheResource()
{
    QStringList onDisk = QDir(QStringLiteral(REVIEWDESK_SOURCE_DIR "/docs")).entryList({QStringLiteral("*.md")}, QDir::Files);
    QVERIFY(onDisk.contains(QStringLiteral("README.md")));
    QVERIFY(onDisk.contains(QStringLiteral("evaluation.md")));
    QStringList inResource = ManualWindow::chapters().keys();
    onDisk.sort();
    inResource.sort();
    QCOMPARE(inResource, onDisk);
}

void ManualTest::everyRelativeLinkOfEveryChapterResolves()
{
    const QStringList broken = ManualWindow::brokenLinks(ManualWindow::chapters());
    QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QLatin1Char('\n'))));
}

void ManualTest::linkCheckerNamesMissingChaptersAndHeadings()
{
    const QMap<QString, QString> chapters{
        {QStringLiteral("README.md"),
         QStringLiteral("# Index\n\n[good](a.md) [good heading](a.md#the-first-part) [web](https://example.org/x.md)\n"
                        "[missing](nope.md) [no heading](a.md#nowhere)\n```\n[in code](ignored.md)\n```\n")},
        {QStringLiteral("a.md"), QStringLiteral("# A\n\n## The first part\n\n[own heading](#a) [own missing](#b)\n")},
    };
    QCOMPARE(ManualWindow::brokenLinks(chapters),
             (QStringList{QStringLiteral("README.md: nope.md (no such chapter)"), QStringLiteral("README.md: a.md#nowhere (no such heading)"),
                          QStringLiteral("a.md: #b (no such heading)")}));
}

void ManualTest::headingAnchorsAreGitHubs_data()
{
    QTest::addColumn<QString>("heading");
    QTest::addColumn<QString>("anchor");
    QTest::newRow("words") << QStringLiteral("References and matching") << QStringLiteral("references-and-matching");
    QTest::newRow("punctuation dropped, spaces kept")
        << QStringLiteral("The Evaluation window (Review ▸ Evaluate)") << QStringLiteral("the-evaluation-window-review--evaluate");
    QTest::newRow("code and colon") << QStringLiteral("AACR-Bench hunk review (`\"pipeline\": \"aacr\"`)")
                                    << QStringLiteral("aacr-bench-hunk-review-pipeline-aacr");
}

void ManualTest::headingAnchorsAreGitHubs()
{
    QFETCH(QString, heading);
    QFETCH(QString, anchor);
    QCOMPARE(ManualWindow::headingAnchor(heading), anchor);
}

void ManualTest::theContentsShowNoEscapesAndEachChapterOnce()
{
    ManualWindow manual;
    manual.show();
    QCOMPARE(manual.currentChapter(), ManualWindow::indexChapter());
    // "--references original\|triaged": GitHub's escape of a table's pipe, shown as written here.
    const QString shown = manual.browser()->toPlainText();
    QVERIFY2(!shown.contains(QLatin1String("\\|")), qPrintable(shown.mid(std::max<qsizetype>(0, shown.indexOf(QLatin1String("\\|")) - 40), 80)));
    // The contents table lists each chapter once ("Arena and agreement" was there twice).
    static const QRegularExpression row(QStringLiteral("^\\| \\[[^]]+\\]\\(([^)#]+)\\)"));
    QMap<QString, int> rows;
    for (const QString &line : ManualWindow::chapters().value(ManualWindow::indexChapter()).split(QLatin1Char('\n')))
        if (const auto m = row.match(line); m.hasMatch())
            ++rows[m.captured(1)];
    QVERIFY(rows.size() > 10);
    QStringList twice;
    for (auto it = rows.cbegin(); it != rows.cend(); ++it)
        if (it.value() > 1)
            twice << it.key();
    QVERIFY2(twice.isEmpty(), qPrintable(twice.join(QStringLiteral(", "))));
}

void ManualTest::theChapterListShowsWholeTitles()
{
    ManualWindow manual; // at the size it opens at
    manual.show();
    QVERIFY(QTest::qWaitForWindowExposed(&manual));
    auto *list = manual.findChild<QListWidget *>(QStringLiteral("manualChapters"));
    QVERIFY(list);
    QVERIFY(list->count() > 10);
    QStringList cut;
    for (int row = 0; row < list->count(); ++row) {
        const QRect shown = list->visualItemRect(list->item(row));
        const int needed = list->sizeHintForIndex(list->model()->index(row, 0)).width();
        if (shown.left() + needed > list->viewport()->width())
            cut << QStringLiteral("\"%1\" (%2 px of %3)").arg(list->item(row)->text()).arg(needed).arg(list->viewport()->width() - shown.left());
    }
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
}

QTEST_MAIN(ManualTest)
#include "tst_manual.moc"
