// The main window end to end: opening merge requests (and failing to),
// keyboard navigation across changes and files, find, toggles, persistence,
// the open dialog, and screenshots in both palettes.

#include <DiffPane.h>
#include <DiffView.h>
#include <FileTreeModel.h>
#include <FindBar.h>
#include <FixtureRepo.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <FakeLlmServer.h>
#include <OpenMergeRequestDialog.h>
#include <PaintCounter.h>
#include <PipelinePanel.h>
#include <ReviewSession.h>
#include <RunDialog.h>
#include <SlicePanel.h>
#include <Scenarios.h>
#include <Theme.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace rd;
using namespace rd::test;

class WorkbenchTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void opensAndSelectsTheFirstFile();
    void badInputShowsADialogAndKeepsTheWindow();
    void keyboardWalksChangesAcrossFiles();
    void ctrlPageDownAndUpStepThroughFilesAndTheTreeFollows();
    void findBarSearchesTheDiff();
    void unifiedAndWrapTogglesApplyAndComeBackInANewWindow();
    void ignoringWhitespaceReopensTheDiff();
    void markingViewedFromTheKeyboard();
    void openDialogValidatesAsYouType();
    void slicesAreDrawnOverTheDiff();
    void runDialogShowsSlicesAndTokensBeforeStarting();
    void anotherTokenBudgetSlicesAgainBeforeTheReview();
    void reviewRunsInTheBackgroundAndShowsComments();
    void screenshots_data();
    void screenshots();
    void unreadableFileIsMarkedWhileTheRestOpens();
    void anotherMergeRequestShowsItsOwnFileAtTheSameIndex();
    void mergeRequestWithCodeAfterOneWithoutShowsItsDiff();

private:
    void open(const QByteArray &scenarioName);
    void waitForDocument();
    QTemporaryDir m_root;
    MainWindow *m_window = nullptr;
};

void WorkbenchTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    buildScenarios(m_root.path(), {"modified", "many-files", "renames"});
    // A change of indentation next to a real change, for the whitespace toggle.
    FixtureRepo ws(m_root.filePath(QStringLiteral("whitespace")));
    const QByteArray root = ws.commit("main", {{"f.c", file("int f()\n{\n  return 1;\n}\n")}}, "Base\n");
    ws.commit("feature", {{"f.c", file("int f()\n{\n    return 2;\n}\n")}}, "Reindent and change\n", {root});
    ws.commit("feature", {{"f.c", file("int f()\n{\n    return 1;\n}\n")}}, "Only reindent\n");
}

void WorkbenchTest::init()
{
    QSettings().clear();
    m_window = new MainWindow;
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
}

void WorkbenchTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

// Until the view shows the document of the file selected now.
void WorkbenchTest::waitForDocument()
{
    auto shown = [this] {
        const DiffDocument *doc = test::diffPane(*m_window)->view()->document();
        const int file = m_window->currentFile();
        return !m_window->isBuildingDiff() && doc && file >= 0
            && doc->file.displayPath() == m_window->mergeRequest()->files[file].displayPath();
    };
    QTRY_VERIFY(shown());
}

void WorkbenchTest::open(const QByteArray &scenarioName)
{
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({m_root.filePath(QString::fromLatin1(scenarioName)), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
}

void WorkbenchTest::opensAndSelectsTheFirstFile()
{
    open("many-files");
    const auto mr = m_window->mergeRequest();
    QCOMPARE(mr->files.size(), 20);
    QCOMPARE(m_window->currentFile(), m_window->visibleFileOrder().first());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Change things")));
    QCOMPARE(test::diffPane(*m_window)->view()->document()->file.displayPath(), mr->files[m_window->currentFile()].displayPath());
    // Recent repositories remember it.
    QCOMPARE(QSettings().value(QStringLiteral("recent/repositories")).toStringList().first(), m_root.filePath(QStringLiteral("many-files")));
}

void WorkbenchTest::badInputShowsADialogAndKeepsTheWindow()
{
    open("modified");
    const auto before = m_window->mergeRequest();
    for (const auto &[repo, base, head, expected] :
         {std::tuple{m_root.filePath(QStringLiteral("missing")), QStringLiteral("main"), QStringLiteral("feature"), QStringLiteral("no such file or directory")},
          std::tuple{m_root.path(), QStringLiteral("main"), QStringLiteral("feature"), QStringLiteral("not a git repository")},
          std::tuple{m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("nope"), QStringLiteral("unknown revision 'nope'")}}) {
        QSignalSpy failed(m_window, &MainWindow::openFailed);
        m_window->openMergeRequest({repo, base, head, false, {}, {}});
        QVERIFY(failed.wait(10000));
        QVERIFY2(failed.first().first().toString().contains(expected), qPrintable(failed.first().first().toString()));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = m_window->findChild<QMessageBox *>()) != nullptr);
        QVERIFY(box->informativeText().contains(expected));
        box->close();
        QTRY_VERIFY(!m_window->findChild<QMessageBox *>());
        QCOMPARE(m_window->mergeRequest(), before);
    }
}

void WorkbenchTest::keyboardWalksChangesAcrossFiles()
{
    open("many-files");
    const QList<int> order = m_window->visibleFileOrder();
    DiffView *view = test::diffPane(*m_window)->view();
    const int changes = static_cast<int>(view->document()->changeStarts.size());
    QVERIFY(changes >= 1);
    for (int i = 0; i < changes; ++i) {
        QTest::keyClick(m_window, Qt::Key_Down, Qt::AltModifier);
        QCOMPARE(view->currentChange(), i);
    }
    // One more: the next file, at its first change.
    QTest::keyClick(m_window, Qt::Key_Down, Qt::AltModifier);
    QTRY_COMPARE(m_window->currentFile(), order[1]);
    waitForDocument();
    QTRY_COMPARE(view->currentChange(), 0);
    // And back: the previous file, at its last change.
    QTest::keyClick(m_window, Qt::Key_Up, Qt::AltModifier);
    QTRY_COMPARE(m_window->currentFile(), order[0]);
    waitForDocument();
    QTRY_COMPARE(view->currentChange(), changes - 1);
}

void WorkbenchTest::ctrlPageDownAndUpStepThroughFilesAndTheTreeFollows()
{
    open("many-files");
    const QList<int> order = m_window->visibleFileOrder();
    QTest::keyClick(m_window, Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(m_window->currentFile(), order[1]);
    QTest::keyClick(m_window, Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(m_window->currentFile(), order[2]);
    QTest::keyClick(m_window, Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(m_window->currentFile(), order[1]);
    // The tree follows.
    QCOMPARE(test::fileTree(*m_window)->currentIndex().data(FileTreeModel::FileIndexRole).toInt(), order[1]);
    waitForDocument();
    QCOMPARE(test::diffPane(*m_window)->view()->document()->file.displayPath(), m_window->mergeRequest()->files[order[1]].displayPath());
}

void WorkbenchTest::findBarSearchesTheDiff()
{
    open("modified");
    QTest::keyClick(m_window, Qt::Key_F, Qt::ControlModifier);
    auto *edit = QApplication::focusWidget() ? qobject_cast<QLineEdit *>(QApplication::focusWidget()) : nullptr;
    QVERIFY(edit);
    QTest::keyClicks(edit, QStringLiteral("compute7"));
    QTest::keyClick(edit, Qt::Key_Return);
    DiffView *view = test::diffPane(*m_window)->view();
    const int first = view->currentLine();
    QVERIFY(first >= 0);
    QTest::keyClick(m_window, Qt::Key_F3);
    QCOMPARE(view->currentLine(), first); // same line, new side
    QTest::keyClick(m_window, Qt::Key_F3);
    const auto labels = m_window->findChildren<QLabel *>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](QLabel *l) { return l->text() == FindBar::tr("No more matches"); }));
    QTest::keyClick(edit, Qt::Key_Escape);
    QVERIFY(!edit->isVisible());
}

void WorkbenchTest::unifiedAndWrapTogglesApplyAndComeBackInANewWindow()
{
    open("modified");
    DiffView *view = test::diffPane(*m_window)->view();
    test::windowAction(*m_window, QStringLiteral("unified"))->trigger();
    QVERIFY(view->isUnified());
    QTest::keyClick(m_window, Qt::Key_Z, Qt::AltModifier);
    QVERIFY(view->wraps());
    m_window->close();
    QSettings settings;
    QVERIFY(settings.value(QStringLiteral("view/unified")).toBool());
    QVERIFY(settings.value(QStringLiteral("view/wrap")).toBool());
    QVERIFY(settings.contains(QStringLiteral("window/geometry")));

    MainWindow again;
    QVERIFY(test::windowAction(again, QStringLiteral("unified"))->isChecked());
    QVERIFY(test::diffPane(again)->view()->isUnified());
    QVERIFY(test::diffPane(again)->view()->wraps());
}

void WorkbenchTest::ignoringWhitespaceReopensTheDiff()
{
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({m_root.filePath(QStringLiteral("whitespace")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
    QCOMPARE(m_window->mergeRequest()->files.size(), 1);
    QCOMPARE(m_window->mergeRequest()->files[0].additions, 1);
    test::windowAction(*m_window, QStringLiteral("ignoreWhitespace"))->trigger();
    QVERIFY(opened.wait(10000));
    QVERIFY(m_window->mergeRequest()->options.ignoreWhitespace);
    // Only indentation changed: no line is added or deleted any more.
    QCOMPARE(m_window->mergeRequest()->files.value(0).additions, 0);
}

void WorkbenchTest::markingViewedFromTheKeyboard()
{
    open("renames");
    const int file = m_window->currentFile();
    QVERIFY(!test::fileModel(*m_window)->isViewed(file));
    QTest::keyClick(m_window, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(test::fileModel(*m_window)->isViewed(file));
    QCOMPARE(test::windowAction(*m_window, QStringLiteral("toggleViewed"))->text(), MainWindow::tr("Mark File as Not &Viewed"));
    // Filtering to unviewed files hides it.
    auto *filter = m_window->findChild<QLineEdit *>(QStringLiteral("fileFilter"));
    QVERIFY(filter);
    filter->setText(QStringLiteral("is:unviewed"));
    QVERIFY(!m_window->visibleFileOrder().contains(file));
}

void WorkbenchTest::openDialogValidatesAsYouType()
{
    OpenMergeRequestDialog dialog({});
    QPushButton *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!dialog.isInputValid());
    QVERIFY(!ok->isEnabled());
    dialog.setRequest({m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("nope"), false, {}, {}});
    QVERIFY(!dialog.isInputValid());
    QVERIFY2(dialog.problem().contains(QStringLiteral("unknown revision 'nope'")), qPrintable(dialog.problem()));
    QVERIFY(!ok->isEnabled());

    auto *head = dialog.findChildren<QComboBox *>().at(2);
    head->setEditText(QStringLiteral("feature"));
    QVERIFY2(dialog.isInputValid(), qPrintable(dialog.problem()));
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.request().title, QStringLiteral("Clamp compute3 at zero"));
    QCOMPARE(dialog.request().description, QStringLiteral("Negative totals broke the report.\nSee issue 12."));
    // Branches and recent commits are offered; picking a commit gives its id.
    QVERIFY(head->findText(QStringLiteral("main")) >= 0);
    int commitItem = -1;
    for (int i = 0; i < head->count(); ++i)
        if (head->itemData(i).isValid())
            commitItem = i;
    QVERIFY(commitItem >= 0);
    head->setCurrentIndex(commitItem);
    QCOMPARE(dialog.request().head.size(), 40);

    dialog.setRequest({m_root.filePath(QStringLiteral("nowhere")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(!dialog.isInputValid());
    QVERIFY(dialog.problem().contains(QStringLiteral("no such file or directory")));
}

void WorkbenchTest::slicesAreDrawnOverTheDiff()
{
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    open("modified");
    QVERIFY(sliced.wait(60000));
    waitForDocument();
    DiffView *view = test::diffPane(*m_window)->view();
    SlicePanel *panel = test::slicePanel(*m_window);
    // Left Flow is shown by default: one band, on the changed lines and their context.
    QTRY_COMPARE(view->sliceOverlays().size(), 1);
    QCOMPARE(view->sliceOverlays().first().name, SlicePanel::titleOf(SliceAlgorithm::LeftFlow));
    QVERIFY(panel->sliceCount() >= 1);
    QVERIFY(view->nextChange());
    const QStringList reasons = view->sliceReasonsAt(view->currentLine());
    QVERIFY2(!reasons.isEmpty(), "the first change is in no slice");
    QVERIFY(panel->renderedText().contains(QLatin1String("// src/compute.cpp")));
    QVERIFY(panel->renderedText().contains(QLatin1Char('+')));
    // Several algorithms at once, each its own band.
    panel->setShownAlgorithms({SliceAlgorithm::ParentFunction, SliceAlgorithm::FullFlow});
    QCOMPARE(view->sliceOverlays().size(), 2);
    QVERIFY(view->sliceOverlays()[0].color != view->sliceOverlays()[1].color);
    QCOMPARE(QSettings().value(QStringLiteral("slices/shown")).toStringList(), (QStringList{QStringLiteral("parent"), QStringLiteral("full")}));
    // Parent Function covers the whole function around the change.
    const auto &parent = view->sliceOverlays()[0].reasons[Side::New];
    QVERIFY(std::any_of(parent.begin(), parent.end(), [](const QString &r) { return r.startsWith(QLatin1String("in compute3")); }));
    // A snippet's click-through lands on its line.
    Q_EMIT panel->openLocation("src/compute.cpp", 60);
    QTRY_COMPARE(view->document()->rows[view->layout().lines()[view->currentLine()].row].line[Side::New], 60);
}

void WorkbenchTest::runDialogShowsSlicesAndTokensBeforeStarting()
{
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    open("modified");
    QVERIFY(sliced.wait(60000));
    test::windowAction(*m_window, QStringLiteral("runReview"))->trigger();
    RunDialog *dialog = m_window->findChild<RunDialog *>();
    QVERIFY(dialog);
    auto *estimate = dialog->findChild<QLabel *>(QStringLiteral("sliceEstimate"));
    QVERIFY(estimate);
    // Left Flow is the default: its slices, and a token count above zero.
    SliceOptions options;
    options.algorithms = {SliceAlgorithm::LeftFlow};
    const auto slices = sliceMergeRequest(*m_window->mergeRequest(), options);
    QVERIFY(slices);
    const int left = static_cast<int>(slices->slices.size());
    QVERIFY(left >= 1);
    QVERIFY2(estimate->text().startsWith(QStringLiteral("%1 slice").arg(left)), qPrintable(estimate->text()));
    QVERIFY2(!estimate->text().contains(QStringLiteral("about 0 tokens")), qPrintable(estimate->text()));
    dialog->reject();
}

void WorkbenchTest::anotherTokenBudgetSlicesAgainBeforeTheReview()
{
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    open("modified");
    QVERIFY(sliced.wait(60000));
    test::windowAction(*m_window, QStringLiteral("runReview"))->trigger();
    RunDialog *dialog = m_window->findChild<RunDialog *>();
    QVERIFY(dialog);
    auto *budget = dialog->findChild<QSpinBox *>(QStringLiteral("tokenBudget"));
    QVERIFY(budget);
    QCOMPARE(budget->value(), DefaultSliceTokenBudget);
    budget->setValue(600);
    RunConfig config = dialog->config();
    QCOMPARE(config.tokenBudget, 600);
    dialog->reject();

    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}")); });
    config.reviewers = 1;
    config.reviewer.endpoint = server.endpoint();
    config.reviewer.apiKeyEnv.clear();
    config.metaReviewer.reset();
    config.validator.reset();
    config.translator.reset();
    QSignalSpy finished(m_window, &MainWindow::reviewFinished);
    sliced.clear();
    QVERIFY(m_window->startReview(config, false));
    QVERIFY(!m_window->session()->slices()); // being made again
    QVERIFY(finished.wait(60000));
    QCOMPARE(sliced.count(), 1);
    QCOMPARE(m_window->session()->sliceTokenBudget(), 600);
    QCOMPARE(test::pipelinePanel(*m_window)->record()->config.tokenBudget, 600);
}

void WorkbenchTest::reviewRunsInTheBackgroundAndShowsComments()
{
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    open("modified");
    QVERIFY(sliced.wait(60000));
    FakeLlmServer server;
    const int line = 44; // compute3's added "if (total < 0)" line
    server.setResponder([line](const FakeLlmServer::Request &) {
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/compute.cpp\",\"line_start\":%1,\"issue\":\"clamping hides an overflow\","
                                                        "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6},"
                                                        "{\"file\":\"src/compute.cpp\",\"line_start\":%1,\"issue\":\"style\",\"q1_nitpick\":1,\"q2_fake\":7,\"q3_severity\":1}]}")
                                             .arg(line), 50, 20, 100);
    });
    RunConfig config;
    config.reviewers = 1;
    config.reviewer.endpoint = server.endpoint();
    config.reviewer.model = QStringLiteral("fake");
    QSignalSpy finished(m_window, &MainWindow::reviewFinished);
    QVERIFY(m_window->startReview(config, false));
    QVERIFY(m_window->isReviewing()); // the window did not wait
    QVERIFY(finished.wait(60000));
    PipelinePanel *panel = test::pipelinePanel(*m_window);
    QVERIFY(panel->record());
    QCOMPARE(panel->record()->failedRequests(), 0);
    QVERIFY(panel->exchangeCount() >= 1);
    QVERIFY(panel->exchangeText(0).contains(QLatin1String("===== user =====")));
    // Kept comments are listed; the nitpick only behind the toggle.
    const QList<const ReviewComment *> listed = panel->listedComments();
    const int kept = static_cast<int>(listed.size());
    QVERIFY(kept >= 1);
    QVERIFY(std::all_of(listed.begin(), listed.end(), [](const ReviewComment *c) { return c->kept; }));
    panel->setShowsFiltered(true);
    QVERIFY(panel->listedComments().size() > kept);
    // The comments are drawn at their lines, with the text on hover.
    DiffView *view = test::diffPane(*m_window)->view();
    const QList<SliceOverlay> overlays = view->sliceOverlays();
    const auto review = std::find_if(overlays.begin(), overlays.end(), [](const SliceOverlay &o) { return o.name == PipelinePanel::tr("Review"); });
    QVERIFY(review != overlays.end());
    QVERIFY(review->reasons[Side::New].value(line).contains(QLatin1String("clamping hides an overflow")));
    QVERIFY(review->reasons[Side::New].value(line).contains(QLatin1String("filtered at coarse")));
    QVERIFY(panel->errorsText().isEmpty());

    // A reply that is no review is an error the run summary shows.
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("Sorry, I cannot help with that.")); });
    config.cot = false; // another request, not the cached answer
    QVERIFY(m_window->startReview(config, false));
    QVERIFY(finished.wait(60000));
    QVERIFY2(panel->errorsText().contains(QLatin1String("reviewer 1, src/compute.cpp")), qPrintable(panel->errorsText()));
    QVERIFY(panel->errorsText().contains(QLatin1String("no JSON with comments")));
}

void WorkbenchTest::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

// Renders the window on a fixture merge request and writes a PNG into the
// build directory for a person to look at; checks it shows the diff colours.
void WorkbenchTest::screenshots()
{
    QFETCH(QString, theme);
    applyTheme(themeFromName(theme));
    open("modified");
    // The picture is taken once the diff has painted the change moved to.
    const PaintCounter painted(test::diffPane(*m_window)->view()->viewport());
    test::windowAction(*m_window, QStringLiteral("nextChange"))->trigger();
    QTRY_VERIFY(painted.count() > 0);
    const QImage image = m_window->grab().toImage();
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-workbench-%1.png").arg(theme);
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));
    const DiffColors colors = diffColors(m_window->palette());
    int added = 0, deleted = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            const QRgb c = image.pixel(x, y);
            added += c == colors.added.rgb();
            deleted += c == colors.deleted.rgb() || c == colors.deletedChange.rgb();
        }
    QVERIFY2(added > 500, qPrintable(QStringLiteral("only %1 added-line pixels").arg(added)));
    QVERIFY(deleted > 100);
    QCOMPARE(isDark(m_window->palette()), theme == QLatin1String("dark"));
    applyTheme(Theme::System);
}

// A file whose object is missing (a partial clone, a damaged mirror) is
// marked in the tree and explained in the diff area; the others open.
void WorkbenchTest::unreadableFileIsMarkedWhileTheRestOpens()
{
    FixtureRepo repo(m_root.filePath(QStringLiteral("unreadable")));
    FixtureRepo::Tree base, head;
    for (const char *name : {"a", "b", "c"}) {
        const QByteArray path = QByteArray("src/") + name + ".cpp";
        base[path] = file(cppSource(4) + "// " + name + "\n");
        head[path] = file(cppSource(4, "compute1", QByteArray("    total -= 1; // ") + name + "\n") + "// " + name + "\n");
    }
    const QByteArray root = repo.commit("main", base, "Base\n");
    repo.commit("feature", head, "Change three files\n", {root});
    const QByteArray hex = repo.removeObject("feature", "src/b.cpp");

    open("unreadable");
    const auto mr = m_window->mergeRequest();
    QCOMPARE(mr->files.size(), 3);
    QCOMPARE(mr->files[0].displayPath(), QByteArray("src/a.cpp"));
    QVERIFY(test::diffPane(*m_window)->message().isEmpty());

    const QModelIndex b = test::fileModel(*m_window)->indexOfFile(1);
    QCOMPARE(b.siblingAtColumn(FileTreeModel::ChangesColumn).data().toString(), QStringLiteral("unreadable"));
    QVERIFY(b.data(Qt::ToolTipRole).toString().contains(QString::fromLatin1(hex)));
    QCOMPARE(test::fileModel(*m_window)->indexOfFile(2).siblingAtColumn(FileTreeModel::ChangesColumn).data().toString(), QStringLiteral("+1 −0"));

    QVERIFY(m_window->selectFile(1));
    QTRY_VERIFY(test::diffPane(*m_window)->message().contains(QStringLiteral("cannot read %1 of src/b.cpp").arg(QString::fromLatin1(hex))));
    const QImage image = m_window->grab().toImage();
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-workbench-unreadable.png");
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));

    QVERIFY(m_window->selectFile(2));
    waitForDocument();
    QVERIFY(test::diffPane(*m_window)->message().isEmpty());
}

// bench_window found it: the first file of the next merge request has the
// same index as the one shown, and the pane kept the previous document.
void WorkbenchTest::anotherMergeRequestShowsItsOwnFileAtTheSameIndex()
{
    const QString repository = m_root.filePath(QStringLiteral("whitespace"));
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({repository, QStringLiteral("main"), QStringLiteral("feature~1"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
    const ObjectId first = test::diffPane(*m_window)->view()->document()->file.blob[Side::New];
    m_window->openMergeRequest({repository, QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
    const ObjectId second = m_window->mergeRequest()->files[0].blob[Side::New];
    QVERIFY(second != first);
    QCOMPARE(test::diffPane(*m_window)->view()->document()->file.blob[Side::New], second);
}

// A merge request without code leaves a note in the pane; the next one with
// code must replace it by its diff, even when its first file is index 0 too.
void WorkbenchTest::mergeRequestWithCodeAfterOneWithoutShowsItsDiff()
{
    QTemporaryDir workspace;
    QVERIFY(m_window->session()->openWorkspace(workspace.filePath(QStringLiteral("w.rdw")), true));
    open("modified");
    MergeRequestEntry imported;
    imported.repository = QStringLiteral("https://example.com/go");
    imported.base = QStringLiteral("main");
    imported.head = QStringLiteral("pull/7/head");
    imported.url = QStringLiteral("https://example.com/go/pull/7");
    imported.codeLinked = false;
    const auto withoutCode = m_window->session()->addMergeRequest(imported);
    QVERIFY(withoutCode);
    QVERIFY(m_window->session()->openMergeRequest(*withoutCode));
    QVERIFY(!test::diffPane(*m_window)->message().isEmpty());
    open("modified");
    QCOMPARE(test::diffPane(*m_window)->message(), QString());
}

QTEST_MAIN(WorkbenchTest)
#include "tst_workbench.moc"
