// Judging in the window: comment cards in the diff (both views, both
// sides, lines outside the file), the comments panel's model and filters,
// every judging decision by keyboard only with undo and redo, the shortcut
// sheet and settings, restoring the place after a restart, bad workspaces,
// and screenshots of the demo merge request with judged cards.

#include <CommentCardText.h>
#include <CommentCards.h>
#include <CommentEditor.h>
#include <CommentsPanel.h>
#include <DemoMergeRequest.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <FixtureRepo.h>
#include <JudgingBar.h>
#include <JudgingController.h>
#include <JudgingStatus.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <JudgingService.h>
#include <ReviewSession.h>
#include <Scenarios.h>
#include <ShortcutSettings.h>
#include <ServerPassword.h>
#include <ServerWorkspaceDialog.h>
#include <ShortcutSheet.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>
#include <WorkspaceActions.h>

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QCheckBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QMessageBox>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <QTreeView>

using namespace rd;
using namespace rd::test;

class JudgingTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void aRunIsNamedByItsLabelOrItsNumber();
    void cardsHangUnderTheirRowsInBothViews();
    void commentsOutsideTheFileGoToTheNearestLineWithANote();
    void cardsAppearInTheDiffAndFollowTheCurrentComment();
    void commentsModelAndFilters();
    void commentsPanelOpensOnKeptCommentsWithFilteredOneKeyAway();
    void judgingByKeyboardOnly();
    void undoAndRedoEveryJudgingAction();
    void escapeCancelsADecisionWaitingForItsSecondKey();
    void filteredOutCommentsAreJudgedTheSameWay();
    void aHumanCommentOnDraggedLinesIsJudgedLikeAnyOther();
    void editingACommentKeepsTheOriginal();
    void anEditCrossingAnothersIsAskedAboutNeverSavedOverIt();
    void aVerdictCrossingTheCliShowsTheNewerOneAndAsksToApplyOnTop();
    void serverWorkspaceDialogMakesTheAddressWithoutAPassword();
    void shortcutSheetListsTheJudgingKeys();
    void shortcutSettingsRefuseACollision();
    void noTwoCommandsShareAKey();
    void closingAndReopeningRestoresTheMergeRequestFileAndComment();
    void aDamagedWorkspaceIsNamedInADialog();
    void screenshots_data();
    void screenshots();

private:
    void openWindow();
    void openScenario();
    void waitForDocument();
    // A run on the "modified" scenario: a kept comment on an added line, a
    // filtered one, one on a deleted line of the old side, one past the end.
    void storeRun();
    qint64 commentWithIssue(const QString &issue) const;
    void openEditorOn(const QString &issue, qint64 &id, CommentEditor *&editor);

    QTemporaryDir m_root;
    QString m_workspace;
    MainWindow *m_window = nullptr;
};

void JudgingTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    buildScenarios(m_root.path(), {"modified"});
}

void JudgingTest::init()
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    m_workspace = m_root.filePath(QStringLiteral("ws-%1.rdw").arg(QString::fromLatin1(QTest::currentTestFunction())));
    QFile::remove(m_workspace);
    openWindow();
}

void JudgingTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void JudgingTest::openWindow()
{
    m_window = new MainWindow;
    m_window->resize(1500, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(m_window->openWorkspace(m_workspace, true));
}

void JudgingTest::waitForDocument()
{
    QTRY_VERIFY(!m_window->isBuildingDiff() && test::diffPane(*m_window)->view()->document() && m_window->currentFile() >= 0
                && test::diffPane(*m_window)->view()->document()->file.displayPath() == m_window->mergeRequest()->files[m_window->currentFile()].displayPath());
}

void JudgingTest::openScenario()
{
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({m_root.filePath(QStringLiteral("modified")), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
}

void JudgingTest::storeRun()
{
    const DiffDocument *doc = test::diffPane(*m_window)->view()->document();
    QVERIFY(doc);
    int deletedLine = 0;
    for (const DiffRow &row : doc->rows)
        if (row.changed && row.line[Side::Old] && !deletedLine)
            deletedLine = row.line[Side::Old];
    QVERIFY(deletedLine > 0);
    RunRecord record;
    record.config.reviewer.model = QStringLiteral("fake-model");
    record.started = QDateTime::currentDateTimeUtc();
    record.finished = record.started;
    auto comment = [](const QString &id, const QString &side, int line, const QString &issue, int q3, bool kept) {
        ReviewComment c;
        c.id = id;
        c.file = QStringLiteral("src/compute.cpp");
        c.side = side;
        c.lineStart = c.lineEnd = line;
        c.issue = issue;
        c.rootCause = QStringLiteral("The clamp runs after the sum has overflowed.");
        c.fix = QStringLiteral("Check before adding.");
        c.example = QStringLiteral("if (v > INT_MAX - total)\n    return INT_MAX;");
        c.category = QStringLiteral("Code Defect");
        c.q1Nitpick = 6;
        c.q2Fake = 6;
        c.q3Severity = q3;
        c.reviewers = {1};
        c.history = {{QStringLiteral("reviewer"), 6, 6, q3}, {QStringLiteral("validator"), 6, 6, q3}};
        if (!kept)
            c.drop(QStringLiteral("coarse"));
        return c;
    };
    record.comments = {comment(QStringLiteral("c1"), QStringLiteral("new"), 44, QStringLiteral("clamping hides an overflow"), 6, true),
                       comment(QStringLiteral("c2"), QStringLiteral("new"), 44, QStringLiteral("style of the if"), 1, false),
                       comment(QStringLiteral("c3"), QStringLiteral("old"), deletedLine, QStringLiteral("the old factor was right"), 4, true),
                       comment(QStringLiteral("c4"), QStringLiteral("new"), 9999, QStringLiteral("past the end"), 3, true)};
    QSignalSpy changed(m_window->session()->document(), &MergeRequestDocument::commentsChanged);
    QSignalSpy problems(test::judging(*m_window), &JudgingWorkbench::message);
    test::judging(*m_window)->storeRun(record);
    QVERIFY2(problems.isEmpty(), problems.isEmpty() ? "" : qPrintable(problems.first().first().toString()));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(m_window->session()->comments().size(), 4);
}

qint64 JudgingTest::commentWithIssue(const QString &issue) const
{
    for (const StoredComment &c : m_window->session()->comments())
        if (c.comment.issue == issue)
            return c.id;
    return 0;
}

// The demo merge request with its stored run, the comment saying ISSUE
// current and the comment editor (Shift+E) open on it.
void JudgingTest::openEditorOn(const QString &issue, qint64 &id, CommentEditor *&editor)
{
    openScenario();
    storeRun();
    id = commentWithIssue(issue);
    m_window->session()->setCurrentComment(id);
    QTest::keyClick(m_window, Qt::Key_E, Qt::ShiftModifier);
    QTRY_VERIFY((editor = m_window->findChild<CommentEditor *>()) != nullptr);
}

void JudgingTest::aRunIsNamedByItsLabelOrItsNumber()
{
    StoredRun labelled;
    labelled.id = 1;
    labelled.label = QStringLiteral("left");
    StoredRun unlabelled;
    unlabelled.id = 2;
    StoredComment comment;
    comment.run = 2;
    QCOMPARE(CommentCardText::runLabel({labelled, unlabelled}, comment), QStringLiteral("2"));
    const QString source = CommentCardText::source(comment, CommentCardText::runLabel({labelled, unlabelled}, comment));
    QVERIFY2(source.startsWith(QLatin1String("run 2")) && !source.contains(QLatin1String("run run")), qPrintable(source));
    comment.run = 1;
    QCOMPARE(CommentCardText::runLabel({labelled, unlabelled}, comment), QStringLiteral("left"));
    comment.run.reset();
    QVERIFY(CommentCardText::runLabel({labelled, unlabelled}, comment).isEmpty());
}

void JudgingTest::cardsHangUnderTheirRowsInBothViews()
{
    // Rows 0..39, one change at row 20 (old 21 deleted, new 21 added); the rest folds.
    DiffDocument doc;
    for (int i = 0; i < 40; ++i) {
        DiffRow row;
        row.line[Side::Old] = i + 1;
        row.line[Side::New] = i + 1;
        row.changed = i == 20;
        doc.rows.append(row);
    }
    DiffLayout layout;
    layout.setDocument(&doc);
    QCOMPARE(layout.lineOfRow(5), -1); // folded
    layout.setCards({{5, Side::New}, {20, Side::Old}, {20, Side::New}});
    // The row of a card is unfolded, and the card is the line after it.
    const int row5 = layout.lineOfRow(5);
    QVERIFY2(row5 != -1, "the row of a card is no longer folded");
    QCOMPARE(layout.lineOfCard(0), row5 + 1);
    QCOMPARE(layout.lines()[row5 + 1].kind, VisualLine::Kind::Card);
    // Side by side: both cards of the changed row follow it, old first, each in its column.
    const int changed = layout.lineOfRow(20);
    QCOMPARE(layout.lineOfCard(1), changed + 1);
    QCOMPARE(layout.lineOfCard(2), changed + 2);
    QCOMPARE(layout.lines()[changed + 1].sides, quint8(VisualLine::OldSide));
    QCOMPARE(layout.lines()[changed + 2].sides, quint8(VisualLine::NewSide));
    // Unified: the old-side card follows the deleted line, the new-side one the added line.
    layout.setUnified(true);
    const int deleted = layout.lineOfCard(1) - 1;
    QCOMPARE(layout.lines()[deleted].kind, VisualLine::Kind::Row);
    QCOMPARE(layout.lines()[deleted].sides, quint8(VisualLine::OldSide));
    const int added = layout.lineOfCard(2) - 1;
    QCOMPARE(layout.lines()[added].sides, quint8(VisualLine::NewSide));
    QVERIFY(added > layout.lineOfCard(1));
}

void JudgingTest::commentsOutsideTheFileGoToTheNearestLineWithANote()
{
    DiffDocument doc;
    doc.file.path[Side::Old] = doc.file.path[Side::New] = "a.cpp";
    for (int i = 0; i < 10; ++i) {
        DiffRow row;
        row.line[Side::Old] = row.line[Side::New] = i + 1;
        doc.rows.append(row);
        doc.side[Side::Old].lineStart.append(i + 1);
        doc.side[Side::New].lineStart.append(i + 1);
    }
    ReviewComment c;
    c.file = QStringLiteral("a.cpp");
    c.lineStart = c.lineEnd = 4;
    auto placed = CommentCards::place(c, doc);
    QCOMPARE(placed.row, 3);
    QVERIFY(placed.note.isEmpty());
    c.lineStart = c.lineEnd = 50;
    placed = CommentCards::place(c, doc);
    QCOMPARE(placed.row, 9);
    QVERIFY2(placed.note.contains(QLatin1String("50")), qPrintable(placed.note));
    c.side = QStringLiteral("old");
    c.lineStart = c.lineEnd = 2;
    placed = CommentCards::place(c, doc);
    QCOMPARE(placed.side, Side::Old);
    QCOMPARE(placed.row, 1);
    c.file = QStringLiteral("b.cpp");
    QCOMPARE(CommentCards::place(c, doc).row, -1);
}

void JudgingTest::cardsAppearInTheDiffAndFollowTheCurrentComment()
{
    openScenario();
    storeRun();
    DiffView *view = test::diffPane(*m_window)->view();
    QTRY_COMPARE(view->cards().size(), 3); // the kept ones
    test::judging(*m_window)->controller()->action(QStringLiteral("showFiltered"))->trigger();
    QTRY_COMPARE(view->cards().size(), 4);
    const qint64 old = commentWithIssue(QStringLiteral("the old factor was right"));
    const qint64 past = commentWithIssue(QStringLiteral("past the end"));
    // The old-side card is in the old column, the others in the new one.
    m_window->session()->setCurrentComment(old);
    QTRY_VERIFY(!view->cardRect(old).isEmpty());
    QVERIFY(view->cardRect(old).right() < view->viewport()->width() / 2);
    m_window->session()->setCurrentComment(past);
    QTRY_VERIFY(!view->cardRect(past).isEmpty());
    QVERIFY(view->cardRect(past).left() > view->viewport()->width() / 2);
    const auto card = std::find_if(view->cards().begin(), view->cards().end(), [past](const DiffCard &c) { return c.id == past; });
    QVERIFY(card->html.contains(QLatin1String("past the end of the file")));
    QCOMPARE(view->currentCard(), past);
    // Collapsing leaves one line; the filter of the panel hides cards.
    const int tall = view->cardRect(past).height();
    test::judging(*m_window)->controller()->action(QStringLiteral("toggleCard"))->trigger();
    QTRY_VERIFY(view->cardRect(past).height() < tall);
    test::judging(*m_window)->commentsPanel()->combo(QStringLiteral("kept"))->setCurrentIndex(1); // kept only
    QTRY_COMPARE(view->cards().size(), 3);
    // Unified view keeps the cards.
    test::windowAction(*m_window, QStringLiteral("unified"))->trigger();
    QVERIFY(view->lineOfCard(old) >= 0);
    test::windowAction(*m_window, QStringLiteral("unified"))->trigger();
}

// The first card an annotator meets is one the pipeline kept; the filtered
// ones are one key (F) away and back.
void JudgingTest::commentsPanelOpensOnKeptCommentsWithFilteredOneKeyAway()
{
    openScenario();
    storeRun();
    CommentsPanel *panel = test::judging(*m_window)->commentsPanel();
    QList<qint64> kept, all;
    for (const StoredComment &c : m_window->session()->comments()) {
        all << c.id;
        if (c.comment.kept)
            kept << c.id;
    }
    QVERIFY(!kept.isEmpty());
    QVERIFY(kept.size() < all.size());
    auto sorted = [](QList<qint64> ids) {
        std::sort(ids.begin(), ids.end());
        return ids;
    };
    QCOMPARE(panel->combo(QStringLiteral("kept"))->currentData().toString(), QStringLiteral("kept"));
    QCOMPARE(sorted(panel->filterModel()->shownComments()), sorted(kept));
    DiffView *view = test::diffPane(*m_window)->view();
    QTRY_VERIFY(!view->cards().isEmpty());
    for (const DiffCard &card : view->cards())
        QVERIFY2(kept.contains(card.id), qPrintable(QString::number(card.id)));
    QAction *showFiltered = test::judging(*m_window)->controller()->action(QStringLiteral("showFiltered"));
    QVERIFY(showFiltered);
    QCOMPARE(showFiltered->shortcut(), QKeySequence(Qt::Key_F));
    showFiltered->trigger();
    QCOMPARE(sorted(panel->filterModel()->shownComments()), sorted(all));
    showFiltered->trigger();
    QCOMPARE(sorted(panel->filterModel()->shownComments()), sorted(kept));
}

void JudgingTest::commentsModelAndFilters()
{
    openScenario();
    storeRun();
    CommentsPanel *panel = test::judging(*m_window)->commentsPanel();
    QAbstractItemModelTester sourceTester(panel->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(panel->filterModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    panel->toggleFilteredComments(); // from the kept ones to all
    QCOMPARE(panel->filterModel()->rowCount(), 4);
    QVERIFY2(panel->countsText().contains(QLatin1String("4 of 4")), qPrintable(panel->countsText()));
    // Kept / filtered with the stage.
    QComboBox *kept = panel->combo(QStringLiteral("kept"));
    kept->setCurrentIndex(kept->findData(QStringLiteral("coarse")));
    QCOMPARE(panel->filterModel()->shownComments(), QList<qint64>{commentWithIssue(QStringLiteral("style of the if"))});
    kept->setCurrentIndex(0);
    // Text search.
    panel->textFilter()->setText(QStringLiteral("OLD FACTOR"));
    QCOMPARE(panel->filterModel()->rowCount(), 1);
    panel->textFilter()->clear();
    // Judged / unjudged follow the judgements.
    const qint64 first = commentWithIssue(QStringLiteral("clamping hides an overflow"));
    QVERIFY(m_window->session()->setAnnotator(QStringLiteral("ada")));
    QVERIFY(m_window->session()->judging()->setVerdict(first, Verdict::Accept));
    QComboBox *judged = panel->combo(QStringLiteral("judged"));
    judged->setCurrentIndex(1);
    QCOMPARE(panel->filterModel()->shownComments(), QList<qint64>{first});
    judged->setCurrentIndex(2);
    QCOMPARE(panel->filterModel()->rowCount(), 3);
    judged->setCurrentIndex(0);
    // Sorting by severity puts the 6 first and the 1 last.
    QComboBox *order = panel->combo(QStringLiteral("order"));
    order->setCurrentIndex(order->findData(static_cast<int>(CommentFilterModel::Order::Severity)));
    const QList<qint64> bySeverity = panel->filterModel()->shownComments();
    QCOMPARE(bySeverity.first(), first);
    QCOMPARE(bySeverity.last(), commentWithIssue(QStringLiteral("style of the if")));
    // Selecting a row makes it current, and the diff scrolls to its card.
    const QModelIndex row = panel->filterModel()->index(1, 0);
    panel->view()->setCurrentIndex(row);
    const qint64 selected = row.data(CommentsModel::CommentIdRole).toLongLong();
    QCOMPARE(m_window->session()->currentComment(), selected);
    QTRY_VERIFY(!test::diffPane(*m_window)->view()->cardRect(selected).isEmpty());
}

void JudgingTest::judgingByKeyboardOnly()
{
    openScenario();
    storeRun();
    test::diffPane(*m_window)->view()->setFocus();
    ReviewSession *session = m_window->session();
    QTest::keyClick(m_window, Qt::Key_J);
    const qint64 first = session->currentComment();
    QVERIFY(first != 0);
    QCOMPARE(session->annotator(), QStringLiteral("ada")); // remembered, not asked again
    // Verdict: one key.
    QTest::keyClick(m_window, Qt::Key_R);
    QCOMPARE(session->judgement(first)->verdict, Verdict::Reject);
    // Scores, category, context level, tag: two keys each.
    QTest::keyClick(m_window, Qt::Key_3);
    QVERIFY(test::judging(*m_window)->bar()->promptText().contains(QLatin1String("Q3")));
    QTest::keyClick(m_window, Qt::Key_2);
    QCOMPARE(session->judgement(first)->q3Severity, 2);
    QVERIFY(test::judging(*m_window)->bar()->promptText().isEmpty());
    QTest::keyClick(m_window, Qt::Key_1);
    QTest::keyClick(m_window, Qt::Key_7);
    QCOMPARE(session->judgement(first)->q1Nitpick, 7);
    QTest::keyClick(m_window, Qt::Key_2);
    QTest::keyClick(m_window, Qt::Key_3);
    QCOMPARE(session->judgement(first)->q2Fake, 3);
    QTest::keyClick(m_window, Qt::Key_C);
    QTest::keyClick(m_window, Qt::Key_4);
    QCOMPARE(session->judgement(first)->category, aacrCategories()[3]);
    QTest::keyClick(m_window, Qt::Key_L);
    QTest::keyClick(m_window, Qt::Key_F);
    QCOMPARE(session->judgement(first)->context, ContextLevel::File);
    QTest::keyClick(m_window, Qt::Key_T);
    QTest::keyClick(m_window, Qt::Key_2);
    QCOMPARE(session->judgement(first)->tag, cqsTags()[1]);
    QTest::keyClick(m_window, Qt::Key_B);
    QCOMPARE(session->judgement(first)->keyBug, true);
    QTest::keyClick(m_window, Qt::Key_N);
    QCOMPARE(session->judgement(first)->thumbs, Thumbs::Down);
    // The card shows the judgement as chips.
    DiffView *view = test::diffPane(*m_window)->view();
    const auto card = std::find_if(view->cards().begin(), view->cards().end(), [first](const DiffCard &c) { return c.id == first; });
    QVERIFY(card != view->cards().end());
    QVERIFY(card->html.contains(QLatin1String("Rejected")));
    QVERIFY(card->html.contains(QLatin1String("Key bug")));
    // Accept and next: the verdict changes and the next comment is current.
    QTest::keyClick(m_window, Qt::Key_A, Qt::ShiftModifier);
    QCOMPARE(session->judgement(first)->verdict, Verdict::Accept);
    const qint64 second = session->currentComment();
    QVERIFY(second != first);
    QTest::keyClick(m_window, Qt::Key_U);
    QCOMPARE(session->judgement(second)->verdict, Verdict::Unsure);
    QTest::keyClick(m_window, Qt::Key_K);
    QCOMPARE(session->currentComment(), first);
    // Progress in the status bar.
    QTRY_VERIFY2(test::judging(*m_window)->status()->text().contains(QLatin1String("(2/4 comments, with their near-duplicates)")), qPrintable(test::judging(*m_window)->status()->text()));
}

void JudgingTest::undoAndRedoEveryJudgingAction()
{
    openScenario();
    storeRun();
    ReviewSession *session = m_window->session();
    QTest::keyClick(m_window, Qt::Key_J);
    const qint64 first = session->currentComment();
    QTest::keyClick(m_window, Qt::Key_A);
    QTest::keyClick(m_window, Qt::Key_3);
    QTest::keyClick(m_window, Qt::Key_5);
    QCOMPARE(session->judgement(first)->q3Severity, 5);
    QVERIFY(test::judging(*m_window)->controller()->action(QStringLiteral("undoJudging"))->isEnabled());
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!session->judgement(first)->q3Severity.has_value());
    QCOMPARE(session->judgement(first)->verdict, Verdict::Accept);
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!session->judgement(first) || !session->judgement(first)->verdict);
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(session->judgement(first)->verdict, Verdict::Accept);
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(session->judgement(first)->q3Severity, 5);
    QVERIFY(!test::judging(*m_window)->controller()->action(QStringLiteral("redoJudging"))->isEnabled());
}

void JudgingTest::escapeCancelsADecisionWaitingForItsSecondKey()
{
    openScenario();
    storeRun();
    ReviewSession *session = m_window->session();
    QTest::keyClick(m_window, Qt::Key_J);
    const qint64 first = session->currentComment();
    const int barHeight = test::judging(*m_window)->bar()->height();
    QTest::keyClick(m_window, Qt::Key_1);
    QCOMPARE(test::judging(*m_window)->controller()->pending(), JudgingController::Pending::Q1);
    QVERIFY(test::judging(*m_window)->bar()->positionText().contains(QLatin1String("Q1")));
    QTest::keyClick(m_window, Qt::Key_Escape);
    QCOMPARE(test::judging(*m_window)->controller()->pending(), JudgingController::Pending::None);
    // The prompt came and went without moving the diff.
    QTRY_COMPARE(test::judging(*m_window)->bar()->height(), barHeight);
    // The next digit is a new decision's first key, not a score.
    QTest::keyClick(m_window, Qt::Key_3);
    QCOMPARE(test::judging(*m_window)->controller()->pending(), JudgingController::Pending::Q3);
    QTest::keyClick(m_window, Qt::Key_9); // out of range: nothing stored
    QVERIFY(!session->judgement(first) || !session->judgement(first)->q3Severity);
    QVERIFY(!session->judgement(first) || !session->judgement(first)->q1Nitpick);
}

void JudgingTest::filteredOutCommentsAreJudgedTheSameWay()
{
    openScenario();
    storeRun();
    const qint64 filtered = commentWithIssue(QStringLiteral("style of the if"));
    m_window->session()->setCurrentComment(filtered);
    QTest::keyClick(m_window, Qt::Key_A);
    QTest::keyClick(m_window, Qt::Key_L);
    QTest::keyClick(m_window, Qt::Key_1);
    QCOMPARE(m_window->session()->judgement(filtered)->verdict, Verdict::Accept);
    QCOMPARE(m_window->session()->judgement(filtered)->context, ContextLevel::Diff);
}

void JudgingTest::aHumanCommentOnDraggedLinesIsJudgedLikeAnyOther()
{
    openScenario();
    DiffView *view = test::diffPane(*m_window)->view();
    QVERIFY(view->goToLine(Side::New, 44));
    // Drag over the new side's line numbers from line 44 to line 45.
    const int first = view->lineAt(view->textRect(Side::New, view->currentLine()).center());
    const QRect text44 = view->textRect(Side::New, first);
    QVERIFY(!text44.isEmpty());
    const QPoint gutter44(text44.left() - 10, text44.center().y());
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, gutter44);
    QTest::mouseMove(view->viewport(), gutter44 + QPoint(0, view->lineHeight()));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, {}, gutter44 + QPoint(0, view->lineHeight()));
    QCOMPARE(view->selectedRange().side, Side::New);
    QCOMPARE(view->selectedRange().from, 44);
    QCOMPARE(view->selectedRange().to, 45);
    QTest::keyClick(m_window, Qt::Key_C, Qt::ShiftModifier);
    CommentEditor *editor = nullptr;
    QTRY_VERIFY((editor = m_window->findChild<CommentEditor *>()) != nullptr);
    QVERIFY(!editor->isValid()); // no text yet
    editor->field(QStringLiteral("issue"))->setPlainText(QStringLiteral("the clamp hides an overflow (my own)"));
    editor->accept();
    const qint64 id = commentWithIssue(QStringLiteral("the clamp hides an overflow (my own)"));
    QVERIFY(id != 0);
    const StoredComment *c = m_window->session()->comment(id);
    QCOMPARE(c->origin, CommentOrigin::Human);
    QCOMPARE(c->author, QStringLiteral("ada"));
    QCOMPARE(c->comment.lineStart, 44);
    QCOMPARE(c->comment.lineEnd, 45);
    QCOMPARE(m_window->session()->currentComment(), id);
    QTRY_VERIFY(!view->cardRect(id).isEmpty());
    QTest::keyClick(m_window, Qt::Key_A);
    QCOMPARE(m_window->session()->judgement(id)->verdict, Verdict::Accept);
    // Undo the verdict, then the comment itself.
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(commentWithIssue(QStringLiteral("the clamp hides an overflow (my own)")), 0);
}

void JudgingTest::editingACommentKeepsTheOriginal()
{
    qint64 id = 0;
    CommentEditor *editor = nullptr;
    openEditorOn(QStringLiteral("clamping hides an overflow"), id, editor);
    QVERIFY(editor);
    editor->field(QStringLiteral("issue"))->setPlainText(QStringLiteral("the sum overflows before the clamp"));
    editor->accept();
    const StoredComment *c = m_window->session()->comment(id);
    QCOMPARE(c->comment.issue, QStringLiteral("the sum overflows before the clamp"));
    QVERIFY(c->original.has_value());
    QCOMPARE(c->original->issue, QStringLiteral("clamping hides an overflow"));
    const auto card = std::find_if(test::diffPane(*m_window)->view()->cards().begin(), test::diffPane(*m_window)->view()->cards().end(),
                                   [id](const DiffCard &d) { return d.id == id; });
    QVERIFY(card->html.contains(QLatin1String("clamping hides an overflow"))); // the original, shown
}

// Team scale: someone else saves the same comment while the editor is open.
void JudgingTest::anEditCrossingAnothersIsAskedAboutNeverSavedOverIt()
{
    qint64 id = 0;
    CommentEditor *editor = nullptr;
    openEditorOn(QStringLiteral("clamping hides an overflow"), id, editor);
    QVERIFY(editor);
    editor->field(QStringLiteral("issue"))->setPlainText(QStringLiteral("mine: the sum overflows"));
    {
        // Another annotator's program, on the same workspace.
        auto other = SqlWorkspaceStore::open(m_workspace);
        QVERIFY(other);
        CommentEdit theirs;
        theirs.issue = QStringLiteral("theirs: an overflow when both are large");
        QVERIFY((*other)->editComment(id, QStringLiteral("bob"), theirs));
    }
    editor->accept();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("editConflict"))) != nullptr);
    QVERIFY(box->informativeText().contains(QLatin1String("theirs: an overflow")));
    QVERIFY(box->informativeText().contains(QLatin1String("mine: the sum overflows")));
    // Not saved over theirs while the question is open.
    QCOMPARE(m_window->session()->comment(id)->comment.issue, QStringLiteral("theirs: an overflow when both are large"));
    box->grab().save(m_root.filePath(QStringLiteral("edit-conflict.png")));
    QFile::copy(m_root.filePath(QStringLiteral("edit-conflict.png")), QStringLiteral("edit-conflict.png"));
    QPushButton *saveMine = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (b->text() == QLatin1String("Save Mine"))
            saveMine = qobject_cast<QPushButton *>(b);
    QVERIFY(saveMine);
    saveMine->click();
    QTRY_COMPARE(m_window->session()->comment(id)->comment.issue, QStringLiteral("mine: the sum overflows"));
}

// Issue 25: the same annotator's `reviewdesk-cli judge` stores a judgement
// of the comment after the window showed it and before the window's next
// look at the workspace.
void JudgingTest::aVerdictCrossingTheCliShowsTheNewerOneAndAsksToApplyOnTop()
{
    openScenario();
    storeRun();
    const qint64 id = commentWithIssue(QStringLiteral("clamping hides an overflow"));
    m_window->session()->setCurrentComment(id);
    {
        auto cli = SqlWorkspaceStore::open(m_workspace);
        QVERIFY(cli);
        Judgement theirs;
        theirs.comment = id;
        theirs.annotator = QStringLiteral("ada");
        theirs.verdict = Verdict::Reject;
        QVERIFY((*cli)->judge(theirs));
    }
    test::judging(*m_window)->controller()->action(QStringLiteral("accept"))->trigger();
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>(QStringLiteral("judgementConflict"))) != nullptr);
    QVERIFY2(box->informativeText().contains(QLatin1String("changed elsewhere")), qPrintable(box->informativeText()));
    // The newer judgement is shown, the person's own not stored over it while asked.
    QCOMPARE(m_window->session()->judgement(id)->verdict, std::optional<Verdict>(Verdict::Reject));
    box->grab().save(m_root.filePath(QStringLiteral("judgement-conflict.png")));
    QFile::copy(m_root.filePath(QStringLiteral("judgement-conflict.png")), QStringLiteral("judgement-conflict.png"));
    QPushButton *applyMine = nullptr;
    for (QAbstractButton *b : box->buttons())
        if (b->text() == QLatin1String("Apply Mine on Top"))
            applyMine = qobject_cast<QPushButton *>(b);
    QVERIFY(applyMine);
    applyMine->click();
    QTRY_COMPARE(m_window->session()->judgement(id)->verdict, std::optional<Verdict>(Verdict::Accept));
    // Undo takes back her change and shows the CLI's again.
    test::judging(*m_window)->controller()->action(QStringLiteral("undoJudging"))->trigger();
    QCOMPARE(m_window->session()->judgement(id)->verdict, std::optional<Verdict>(Verdict::Reject));
}

void JudgingTest::serverWorkspaceDialogMakesTheAddressWithoutAPassword()
{
    QAction *action = m_window->findChild<QAction *>(QStringLiteral("openServerWorkspace"));
    QVERIFY(action);
    action->trigger();
    ServerWorkspaceDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<ServerWorkspaceDialog *>()) != nullptr);
    dialog->findChild<QLineEdit *>(QStringLiteral("serverHost"))->setText(QStringLiteral("db.example.org"));
    dialog->findChild<QLineEdit *>(QStringLiteral("serverDatabase"))->setText(QStringLiteral("review"));
    dialog->findChild<QLineEdit *>(QStringLiteral("serverUser"))->setText(QStringLiteral("alice"));
    QCOMPARE(dialog->location(), QStringLiteral("postgresql://alice@db.example.org:5432/review"));
    QVERIFY(SqlWorkspaceStore::isServerLocation(dialog->location()));
    dialog->findChild<QLineEdit *>(QStringLiteral("serverPassword"))->setText(QStringLiteral("s3cr3t"));
    QVERIFY(!dialog->location().contains(QLatin1String("s3cr3t")));
    QCOMPARE(dialog->findChild<QLineEdit *>(QStringLiteral("serverPassword"))->echoMode(), QLineEdit::Password);
    dialog->grab().save(QStringLiteral("server-workspace-dialog.png"));
    dialog->reject();

    // "Remember in keyring" hands the typed password to the keyring under
    // USER@HOST:PORT/DATABASE (a dialog of its own: the window's would open
    // the workspace on that server).
    struct FakeKeyring final : Keyring
    {
        std::optional<QString> read(const QString &, const QString &key) override { return entries.value(key); }
        Result<bool> write(const QString &service, const QString &key, const QString &password) override
        {
            entries.insert(service + QLatin1Char(' ') + key, password);
            return true;
        }
        QHash<QString, QString> entries;
    };
    auto owned = std::make_unique<FakeKeyring>();
    FakeKeyring *keyring = owned.get();
    server_password::setKeyring(std::move(owned));
    ServerWorkspaceDialog remembering;
    remembering.setLocation(QStringLiteral("postgresql://alice@db.example.org:5433/review"));
    remembering.findChild<QLineEdit *>(QStringLiteral("serverPassword"))->setText(QStringLiteral("s3cr3t"));
    remembering.findChild<QCheckBox *>(QStringLiteral("serverRemember"))->setChecked(true);
    remembering.accept();
    QCOMPARE(keyring->entries.value(QStringLiteral("reviewdesk alice@db.example.org:5433/review")), QStringLiteral("s3cr3t"));
    QVERIFY(remembering.findChild<QLineEdit *>(QStringLiteral("serverPassword"))->text().isEmpty());
    server_password::setKeyring(nullptr);
}

void JudgingTest::shortcutSheetListsTheJudgingKeys()
{
    QTest::keyClick(m_window, Qt::Key_F1);
    ShortcutSheet *sheet = nullptr;
    QTRY_VERIFY((sheet = m_window->findChild<ShortcutSheet *>()) != nullptr);
    const QString text = sheet->text();
    for (const QString &name : {QStringLiteral("accept"), QStringLiteral("acceptAndNext"), QStringLiteral("undoJudging")}) {
        QAction *a = test::judging(*m_window)->controller()->action(name);
        QVERIFY2(text.contains(a->text().remove(QLatin1Char('&'))), qPrintable(name));
        QVERIFY2(text.contains(a->shortcut().toString(QKeySequence::NativeText)), qPrintable(name));
    }
    QVERIFY(text.contains(aacrCategories()[0]) || text.contains(QLatin1String("Security")));
    sheet->close();
}

void JudgingTest::shortcutSettingsRefuseACollision()
{
    ShortcutSettings settings(m_window);
    QVERIFY(!settings.setShortcut(QStringLiteral("accept"), QKeySequence(Qt::Key_R)));
    QVERIFY2(settings.problem().contains(QLatin1String("Reject")), qPrintable(settings.problem()));
    // Against the window's own commands too.
    QVERIFY(!settings.setShortcut(QStringLiteral("accept"), QKeySequence(Qt::CTRL | Qt::Key_G)));
    QVERIFY(settings.problem().contains(QLatin1String("Go to Line")));
    QVERIFY(settings.setShortcut(QStringLiteral("accept"), QKeySequence(Qt::Key_G)));
    settings.apply();
    QCOMPARE(test::judging(*m_window)->controller()->action(QStringLiteral("accept"))->shortcut(), QKeySequence(Qt::Key_G));
    // Remembered: a new window starts with it.
    delete m_window;
    m_window = nullptr;
    openWindow();
    QCOMPARE(test::judging(*m_window)->controller()->action(QStringLiteral("accept"))->shortcut(), QKeySequence(Qt::Key_G));
}

void JudgingTest::noTwoCommandsShareAKey()
{
    const auto collisions = ShortcutSettings::collisions(m_window);
    QStringList names;
    for (const auto &[a, b] : collisions)
        names << a + QStringLiteral(" = ") + b;
    QVERIFY2(collisions.isEmpty(), qPrintable(names.join(QStringLiteral(", "))));
}

void JudgingTest::closingAndReopeningRestoresTheMergeRequestFileAndComment()
{
    openScenario();
    storeRun();
    const qint64 old = commentWithIssue(QStringLiteral("the old factor was right"));
    m_window->session()->setCurrentComment(old);
    QTest::keyClick(m_window, Qt::Key_A);
    m_window->close();
    delete m_window;
    m_window = nullptr;

    openWindow();
    ReviewSession *session = m_window->session();
    const auto last = session->lastMergeRequest();
    QVERIFY(last.has_value());
    const auto entries = session->mergeRequests();
    const auto entry = std::find_if(entries.begin(), entries.end(), [&](const MergeRequestEntry &e) { return e.id == *last; });
    QVERIFY(entry != entries.end());
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest({entry->repository, entry->base, entry->head, entry->twoDot, {}, {}});
    QVERIFY(opened.wait(10000));
    waitForDocument();
    QCOMPARE(session->currentComment(), old);
    QCOMPARE(session->currentFile(), QStringLiteral("src/compute.cpp"));
    QCOMPARE(session->judgement(old)->verdict, Verdict::Accept);
    QTRY_COMPARE(test::diffPane(*m_window)->view()->currentCard(), old);
}

void JudgingTest::aDamagedWorkspaceIsNamedInADialog()
{
    const QString bad = m_root.filePath(QStringLiteral("damaged.rdw"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray(4096, 'x'));
    file.close();
    const QString before = m_window->session()->workspacePath();
    QVERIFY(!m_window->openWorkspace(bad, false));
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox *>()) != nullptr);
    QVERIFY(box->text().contains(QLatin1String("damaged.rdw")));
    QVERIFY(!box->informativeText().isEmpty());
    QCOMPARE(m_window->session()->workspacePath(), before);
    box->close();
}

void JudgingTest::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QString>("language");
    QTest::newRow("light-en") << QStringLiteral("light") << QStringLiteral("en");
    QTest::newRow("dark-en") << QStringLiteral("dark") << QStringLiteral("en");
    QTest::newRow("light-zh_CN") << QStringLiteral("light") << QStringLiteral("zh_CN");
    QTest::newRow("dark-zh_CN") << QStringLiteral("dark") << QStringLiteral("zh_CN");
}

// The demo merge request after its recorded review, with cards judged in
// several ways; a PNG per theme and language in the build directory.
void JudgingTest::screenshots()
{
    QFETCH(QString, theme);
    QFETCH(QString, language);
    QTranslator translator;
    if (language != QLatin1String("en")) {
        QVERIFY(translator.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_") + language));
        QCoreApplication::installTranslator(&translator);
    }
    // A window made after the translator, so every string is translated.
    delete m_window;
    m_window = nullptr;
    applyTheme(themeFromName(theme));
    openWindow();
    auto demo = ensureDemoMergeRequest(m_root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    QSignalSpy sliced(m_window, &MainWindow::slicingFinished);
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest(*demo);
    QVERIFY(opened.wait(10000));
    QVERIFY(sliced.wait(120000));
    QFile configFile(QStringLiteral(":/replays/demo-review-config.json"));
    QVERIFY(configFile.open(QIODevice::ReadOnly));
    const auto config = RunConfig::fromJson(configFile.readAll());
    QVERIFY(config);
    QSignalSpy reviewed(m_window, &MainWindow::reviewFinished);
    QVERIFY(m_window->startReview(*config, true));
    QVERIFY(reviewed.wait(120000));
    ReviewSession *session = m_window->session();
    // The kept comments, which the window opens on.
    QList<StoredComment> kept;
    for (const StoredComment &c : session->comments())
        if (c.comment.kept)
            kept << c;
    QVERIFY(kept.size() >= 3);
    // Judge the first comments of one file in different ways, by keys.
    const QString file = kept.first().comment.file;
    QVERIFY(m_window->selectFile(file.toUtf8()));
    waitForDocument();
    test::diffPane(*m_window)->view()->setFocus();
    const QList<QList<int>> decisions = {{Qt::Key_A, Qt::Key_C, Qt::Key_2, Qt::Key_L, Qt::Key_2, Qt::Key_B, Qt::Key_Y},
                                         {Qt::Key_R, Qt::Key_3, Qt::Key_2, Qt::Key_T, Qt::Key_5, Qt::Key_N},
                                         {Qt::Key_U}};
    session->setCurrentComment(kept.first().id);
    for (const QList<int> &keys : decisions) {
        for (int key : keys)
            QTest::keyClick(m_window, static_cast<Qt::Key>(key));
        QTest::keyClick(m_window, Qt::Key_J);
    }
    // One left collapsed, one current.
    test::judging(*m_window)->cards()->setCollapsed(kept[1].id, true);
    session->setCurrentComment(kept.first().id);
    waitForDocument();
    QTRY_VERIFY(!test::diffPane(*m_window)->view()->cardRect(kept.first().id).isEmpty());
    // Lay out what the last judgements changed (a person's event loop does this between frames).
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QImage image = m_window->grab().toImage();
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-judging-%1-%2.png").arg(theme, language);
    QVERIFY(image.save(path));
    qInfo("screenshot: %s", qPrintable(path));
    // The current card's border is drawn in the highlight colour.
    const QRect card = test::diffPane(*m_window)->view()->cardRect(kept.first().id);
    const QPoint corner = test::diffPane(*m_window)->view()->viewport()->mapTo(m_window, card.topLeft() + QPoint(card.width() / 2, 0));
    const QColor highlight = m_window->palette().color(QPalette::Highlight);
    bool found = false;
    for (int dy = -1; dy <= 2 && !found; ++dy)
        found = QColor(image.pixel(corner + QPoint(0, dy))).rgb() == highlight.rgb();
    QVERIFY2(found, "no highlighted card border");
    QCOMPARE(isDark(m_window->palette()), theme == QLatin1String("dark"));
    if (language != QLatin1String("en"))
        QVERIFY(test::judging(*m_window)->status()->text().contains(QStringLiteral("已")));
    delete m_window;
    m_window = nullptr;
    QCoreApplication::removeTranslator(&translator);
    applyTheme(Theme::System);
}

QTEST_MAIN(JudgingTest)
#include "tst_judging.moc"
