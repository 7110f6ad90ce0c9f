// Coverage in the window (issue 34): changed lines no model saw in the open
// merge request's runs are hatched in the diff's gutter, the tool tip names
// the run and why; the Comments panel's Run filter picks whose; and the
// screenshots of it for the manual, light and dark.

#include "FixtureRepo.h"
#include "SessionFixture.h"

#include <CommentsPanel.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <MergeRequestBrowser.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>
#include <RunCoverage.h>
#include <RunForWorkspace.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>
#include <WindowParts.h>

#include <QApplication>
#include <QComboBox>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>
#include <QDockWidget>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

QByteArray source(int count, const QList<int> &edited = {})
{
    QByteArray out = "#include <vector>\n\n";
    for (int i = 1; i <= count; ++i)
        out += QByteArray("int limit" + QByteArray::number(i) + " = ")
               + (edited.contains(i) ? QByteArray("checked(" + QByteArray::number(i * 10) + ")") : QByteArray::number(i * 10)) + ";\n";
    return out;
}

} // namespace

class UnreviewedMarksTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void unreviewedLinesAreHatchedWithWhy_data();
    void unreviewedLinesAreHatchedWithWhy();

private:
    QTemporaryDir m_root;
};

void UnreviewedMarksTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void UnreviewedMarksTest::cleanupTestCase()
{
    applyTheme(Theme::System);
}

void UnreviewedMarksTest::unreviewedLinesAreHatchedWithWhy_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

void UnreviewedMarksTest::unreviewedLinesAreHatchedWithWhy()
{
    QFETCH(QString, theme);
    applyTheme(themeFromName(theme));
    // Limits 3-4 and 11-12 changed: two slices, the second of which failed.
    const QString where = m_root.filePath(QStringLiteral("repo-") + theme);
    FixtureRepo repo(where);
    const QByteArray root = repo.commit("main", {{"src/limits.cpp", file(source(14))}}, "Limits\n");
    repo.commit("topic", {{"src/limits.cpp", file(source(14, {3, 4, 11, 12}))}}, "Check the limits\n", {root});
    auto mr = MergeRequest::open(where, QStringLiteral("main"), QStringLiteral("topic"));
    QVERIFY(mr);
    const QString workspace = m_root.filePath(QStringLiteral("w-%1.rdw").arg(theme));
    qint64 failing = 0, whole = 0;
    {
        auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        const qint64 id = *(*store)->addMergeRequest(mergeRequestEntryFor(*mr, where));
        // A run whose second slice got no answer after its retries.
        RunRecord failed = RunRecord::startingNow(*RunConfig::fromJson("{\"reviewers\":3,\"roles\":{\"reviewer\":{\"endpoint\":\"http://llm:8000/v1\",\"model\":\"qwen2.5-coder\"}}}"), *mr);
        CoverageTally coverage(*mr);
        coverage.add(QStringLiteral("slice"), QStringLiteral("src/limits.cpp slice 0"), QStringLiteral("src/limits.cpp"), {3, 4, 5, 6}, {5, 6}, true);
        coverage.add(QStringLiteral("slice"), QStringLiteral("src/limits.cpp slice 1"), QStringLiteral("src/limits.cpp"), {12, 13, 14, 15}, {12, 13, 14, 15}, false,
                     QStringLiteral("reviewer 1, src/limits.cpp slice 1: HTTP 503 (Service Unavailable) after 4 attempts"));
        failed.coverage = coverage.result();
        failed.finished = failed.started;
        failing = *(*store)->addRun(storedRunFor(id, failed), {commentAt(QStringLiteral("src/limits.cpp"), 5, QStringLiteral("limit3 is checked but limit2 is not"))});
        // Another run that saw everything.
        RunRecord seen = failed;
        CoverageTally all(*mr);
        all.add(QStringLiteral("slice"), QStringLiteral("src/limits.cpp slice 0"), QStringLiteral("src/limits.cpp"), {3, 4, 5, 6, 12, 13, 14, 15}, {5, 6, 13, 14}, true);
        seen.coverage = all.result();
        whole = *(*store)->addRun(storedRunFor(id, seen), {});
    }
    auto *window = new MainWindow;
    const std::unique_ptr<MainWindow> owner(window);
    window->resize(1280, 760);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window));
    QSignalSpy refreshed(test::browser(*window)->model(), &MergeRequestListModel::summariesRefreshed);
    QVERIFY(window->openWorkspace(workspace, false));
    QVERIFY(refreshed.wait());
    QVERIFY(window->session()->setAnnotator(QStringLiteral("alice")));
    QSignalSpy opened(window, &MainWindow::mergeRequestOpened);
    QSignalSpy shown(test::diffPane(*window), &DiffPane::documentShown);
    window->openMergeRequest({where, QStringLiteral("main"), QStringLiteral("topic"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    QVERIFY(!shown.isEmpty() || shown.wait(10000));
    DiffView *view = test::diffPane(*window)->view();

    // The failed slice's changed lines on both sides (new 13-14, old 13-14), not the first slice's.
    QTRY_COMPARE(QList<int>(view->unreviewedLines()[Side::New].keyBegin(), view->unreviewedLines()[Side::New].keyEnd()).size(), 2);
    QVERIFY(view->unreviewedLines()[Side::New].contains(13));
    QVERIFY(view->unreviewedLines()[Side::New].contains(14));
    QVERIFY(view->unreviewedLines()[Side::Old].contains(13));
    QVERIFY(!view->unreviewedLines()[Side::New].contains(5));
    const QString why = view->unreviewedLines()[Side::New].value(13);
    QVERIFY2(why.contains(QStringLiteral("Run %1").arg(failing)) && why.contains(QStringLiteral("HTTP 503")), qPrintable(why));
    QVERIFY2(!why.contains(QStringLiteral("Run %1").arg(whole)), qPrintable(why));
    // The tool tip of that row says it.
    int row = -1;
    for (int i = 0; i < view->layout().lines().size() && row < 0; ++i)
        if (!view->unreviewedReasonsAt(i).isEmpty())
            row = i;
    QVERIFY2(row != -1, "no line of the diff is marked unreviewed");
    QVERIFY2(view->unreviewedReasonsAt(row).join(QLatin1Char('\n')).contains(QStringLiteral("Unreviewed: no model saw")), qPrintable(view->unreviewedReasonsAt(row).join(QLatin1Char('\n'))));

    // The Run filter: the run that saw everything leaves nothing marked; the failed one its lines.
    CommentsPanel *comments = test::judging(*window)->commentsPanel();
    QComboBox *runs = comments->combo(QStringLiteral("run"));
    QVERIFY(runs);
    runs->setCurrentIndex(runs->findData(whole));
    QTRY_VERIFY(view->unreviewedLines()[Side::New].isEmpty() && view->unreviewedLines()[Side::Old].isEmpty());
    runs->setCurrentIndex(runs->findData(failing));
    QTRY_VERIFY(view->unreviewedLines()[Side::New].contains(13));

    // The picture: the Comments panel (its Run filter) below the diff, the failed slice's lines in view.
    QDockWidget *commentsDock = test::judging(*window)->commentsDock();
    commentsDock->raise();
    window->resizeDocks({commentsDock}, {230}, Qt::Vertical);
    QVERIFY(view->goToLine(Side::New, 13));
    QTRY_VERIFY(commentsDock->isVisible() && view->height() > 300);
    // The tool tip over line 13's gutter, as a person hovering it sees it (a
    // tool tip is a window of its own: painted into the picture where it shows).
    int line13 = -1;
    for (int i = 0; i < view->layout().lines().size() && line13 < 0; ++i)
        if (view->layout().lines()[i].kind == VisualLine::Kind::Row && view->document()->rows[view->layout().lines()[i].row].line[Side::New] == 13)
            line13 = i;
    QVERIFY2(line13 != -1, "the new side's line 13 is not laid out");
    const QRect text = view->textRect(Side::New, line13);
    QVERIFY(!text.isEmpty());
    const QPoint at(text.left() - 12, text.center().y());
    QHelpEvent hover(QEvent::ToolTip, at, view->viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(view->viewport(), &hover);
    QWidget *tip = nullptr;
    QTRY_VERIFY((tip = [] {
        for (QWidget *w : QApplication::topLevelWidgets())
            if (w->inherits("QTipLabel") && w->isVisible())
                return w;
        return static_cast<QWidget *>(nullptr);
    }()));
    QVERIFY2(tip->property("text").toString().contains(QStringLiteral("HTTP 503")), qPrintable(tip->property("text").toString()));
    QImage picture = window->grab().toImage();
    QVERIFY(!picture.isNull());
    {
        QPainter painter(&picture); // in the picture's logical pixels, as the window's
        painter.drawImage(QPointF(window->mapFromGlobal(tip->pos())), tip->grab().toImage());
    }
    QToolTip::hideText();
    QVERIFY(picture.save(QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-unreviewed-%1.png").arg(theme)));
}

QTEST_MAIN(UnreviewedMarksTest)
#include "tst_unreviewedmarks.moc"
