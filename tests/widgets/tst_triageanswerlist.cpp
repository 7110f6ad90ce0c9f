// Judge ▸ Answer Triage… (issue 35, "triage of gaps in the ground truth"):
// the annotator answers the triage queue blind — only the comments assigned
// to them (or to anyone), nothing of the other annotators' answers — with
// Y / N / U, Shift to answer and go on, Ctrl+Z to undo, each answer stored
// at once; reopening shows their own answers and starts at the first
// unanswered comment; the Judge menu opens it for the session's annotator and
// the workspace's closing closes it. Pictures for the manual, light and dark
// (docs/images/triage-answers-{light,dark}.png).

#include <ArenaFixture.h>
#include <MainWindow.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>
#include <TriageAnswerList.h>
#include <WindowParts.h>

#include <QAction>
#include <QLabel>
#include <QPointer>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>

#include <memory>

using namespace rd;

class TriageAnswerListTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void listsOnlyTheAnnotatorsCommentsAndNothingOfTheOthersAnswers();
    void theKeysAnswerGoOnAndUndoTakesTheAnswersBack();
    void reopeningShowsTheOwnAnswersAndStartsAtTheFirstUnanswered();
    void anEmptyQueueSaysThereIsNothingToAnswer();
    void theJudgeMenuOpensItForTheSessionsAnnotator();
    void screenshots_data();
    void screenshots();
    void cleanupTestCase();

private:
    void showList(const QString &annotator);
    std::optional<TriageAnswer> storedAnswer(const QString &annotator, qint64 comment) const;
    QString allText() const; // every cell, the progress and the comment pane

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<WorkspaceStore> m_store;
    test::ArenaWorkspace m_arena;
    QList<qint64> m_queued; // ann+bob's, anyone's, carl+dan's, ann+bob's
    TriageAnswerList *m_list = nullptr;
};

void TriageAnswerListTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void TriageAnswerListTest::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    m_store = std::move(*store);
    m_arena = test::makeArenaWorkspace(*m_store, 2, false);
    QCOMPARE(int(m_arena.mergeRequests.size()), 2);
    // The kept style comment of a configuration's run on a merge request.
    const auto styleComment = [this](int mr, int configuration) -> qint64 {
        CommentQuery q;
        q.mergeRequest = m_arena.mergeRequests[mr].id;
        const qint64 run = m_arena.mergeRequests[mr].runOf.value(m_arena.configurations[configuration]);
        const auto comments = m_store->comments(q);
        if (!comments)
            return 0;
        for (const StoredComment &c : *comments)
            if (c.run == run && c.comment.issue.startsWith(QLatin1String("Rename")))
                return c.id;
        return 0;
    };
    const QStringList annBob{QStringLiteral("ann"), QStringLiteral("bob")};
    const QList<std::pair<std::pair<int, int>, QStringList>> plan{
        {{0, 0}, annBob}, {{0, 1}, {}}, {{0, 2}, {QStringLiteral("carl"), QStringLiteral("dan")}}, {{1, 0}, annBob}};
    m_queued.clear();
    QList<TriageItem> items;
    for (const auto &[where, annotators] : plan) {
        const qint64 comment = styleComment(where.first, where.second);
        QVERIFY(comment > 0);
        m_queued << comment;
        TriageItem item;
        item.comment = comment;
        item.mergeRequest = m_arena.mergeRequests[where.first].id;
        item.run = m_arena.mergeRequests[where.first].runOf.value(m_arena.configurations[where.second]);
        item.reviewer = m_arena.configurations[where.second];
        item.annotators = annotators;
        items << item;
    }
    QCOMPARE(*m_store->enqueueTriage(items), 4);
    // bob answered the first before ann opens the list.
    QVERIFY(m_store->answerTriage({m_queued[0], QStringLiteral("bob"), TriageAnswer::Yes, {}}));
}

void TriageAnswerListTest::cleanup()
{
    delete m_list;
    m_list = nullptr;
}

void TriageAnswerListTest::cleanupTestCase()
{
    applyTheme(Theme::System);
}

void TriageAnswerListTest::showList(const QString &annotator)
{
    delete m_list;
    m_list = nullptr;
    auto answering = TriageAnswering::open(*m_store, annotator);
    QVERIFY2(answering, answering ? "" : qPrintable(answering.error().message));
    m_list = new TriageAnswerList(std::move(*answering));
    m_list->show();
    QVERIFY(QTest::qWaitForWindowActive(m_list));
    m_list->list()->setFocus();
}

std::optional<TriageAnswer> TriageAnswerListTest::storedAnswer(const QString &annotator, qint64 comment) const
{
    const auto answers = m_store->triageAnswers();
    if (!answers)
        return std::nullopt;
    for (const TriageResponse &r : *answers)
        if (r.annotator == annotator && r.comment == comment)
            return r.answer;
    return std::nullopt;
}

QString TriageAnswerListTest::allText() const
{
    QStringList texts{m_list->findChild<QLabel *>(QStringLiteral("triageProgress"))->text()};
    for (const QTextBrowser *pane : m_list->findChildren<QTextBrowser *>())
        texts << pane->toPlainText();
    const QTableWidget *table = m_list->list();
    for (int r = 0; r < table->rowCount(); ++r)
        for (int c = 0; c < table->columnCount(); ++c)
            texts << table->item(r, c)->text();
    return texts.join(QLatin1Char('\n'));
}

void TriageAnswerListTest::listsOnlyTheAnnotatorsCommentsAndNothingOfTheOthersAnswers()
{
    showList(QStringLiteral("ann"));
    const TriageAnswering &answering = m_list->answering();
    QList<qint64> shown;
    for (const TriageAnswering::Item &item : answering.items())
        shown << item.comment;
    QCOMPARE(shown, (QList<qint64>{m_queued[0], m_queued[1], m_queued[3]})); // not carl and dan's
    QCOMPARE(m_list->list()->rowCount(), 3);
    QCOMPARE(answering.current(), 0);
    QCOMPARE(answering.answered(), 0);
    QCOMPARE(answering.items().first().place(), QStringLiteral("src/pool.cpp:10"));
    // bob's yes on the first is nowhere: not as an answer, not as a status.
    const QString text = allText();
    QVERIFY2(!text.contains(QLatin1String("Yes: a real issue")), qPrintable(text));
    QVERIFY(!text.contains(QLatin1String("bob")));
    QVERIFY(!text.contains(QLatin1String("agreed")));
    QVERIFY2(text.contains(QStringLiteral("Comment 1 of 3 · 0 answered by ann")), qPrintable(text));
    QVERIFY(text.contains(QLatin1String("Rename the local variable for readability (1.1)")));
}

void TriageAnswerListTest::theKeysAnswerGoOnAndUndoTakesTheAnswersBack()
{
    showList(QStringLiteral("ann"));
    const TriageAnswering &answering = m_list->answering();
    QTableWidget *table = m_list->list();
    const int answerColumn = table->columnCount() - 1;
    // Shift+Y: yes, then the next unanswered comment.
    QTest::keyClick(table, Qt::Key_Y, Qt::ShiftModifier);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[0]), std::optional<TriageAnswer>(TriageAnswer::Yes));
    QCOMPARE(table->item(0, answerColumn)->text(), TriageAnswerList::tr("Yes: a real issue"));
    QCOMPARE(answering.current(), 1);
    QCOMPARE(table->currentRow(), 1);
    // N: no; the comment stays. U on it: unsure replaces no.
    QTest::keyClick(table, Qt::Key_N);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[1]), std::optional<TriageAnswer>(TriageAnswer::No));
    QCOMPARE(answering.current(), 1);
    QTest::keyClick(table, Qt::Key_U);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[1]), std::optional<TriageAnswer>(TriageAnswer::Unsure));
    QCOMPARE(answering.answered(), 2);
    // Ctrl+Z: no comes back; again: the answer is gone; again: the first's too.
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[1]), std::optional<TriageAnswer>(TriageAnswer::No));
    QCOMPARE(table->item(1, answerColumn)->text(), TriageAnswerList::tr("No"));
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[1]), std::nullopt);
    QTest::keyClick(table, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(storedAnswer(QStringLiteral("ann"), m_queued[0]), std::nullopt);
    QCOMPARE(answering.current(), 0);
    QCOMPARE(answering.answered(), 0);
    QVERIFY(!answering.canUndo());
    QCOMPARE(table->item(0, answerColumn)->text(), TriageAnswerList::tr("—"));
    // bob's answer was never touched.
    QCOMPARE(storedAnswer(QStringLiteral("bob"), m_queued[0]), std::optional<TriageAnswer>(TriageAnswer::Yes));
    QVERIFY(m_list->lastError().isEmpty());
}

void TriageAnswerListTest::reopeningShowsTheOwnAnswersAndStartsAtTheFirstUnanswered()
{
    QVERIFY(m_store->answerTriage({m_queued[0], QStringLiteral("ann"), TriageAnswer::No, {}}));
    showList(QStringLiteral("ann"));
    QCOMPARE(m_list->answering().current(), 1);
    QCOMPARE(m_list->answering().items().first().answer, std::optional<TriageAnswer>(TriageAnswer::No));
    QCOMPARE(m_list->list()->item(0, m_list->list()->columnCount() - 1)->text(), TriageAnswerList::tr("No"));
    // Shift+N through the rest: the last answer has nowhere to go on to.
    QTest::keyClick(m_list->list(), Qt::Key_N, Qt::ShiftModifier);
    QCOMPARE(m_list->answering().current(), 2);
    QTest::keyClick(m_list->list(), Qt::Key_N, Qt::ShiftModifier);
    QCOMPARE(m_list->answering().answered(), 3);
    QCOMPARE(m_list->answering().current(), 2);
}

void TriageAnswerListTest::anEmptyQueueSaysThereIsNothingToAnswer()
{
    const auto closed = TriageAnswering::open(*m_store, QStringLiteral("  "));
    QVERIFY(!closed);
    QVERIFY(closed.error().message.contains(QLatin1String("choose an annotator")));
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("empty.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
    showList(QStringLiteral("ann"));
    QCOMPARE(m_list->list()->rowCount(), 0);
    QCOMPARE(m_list->answering().current(), -1);
    QVERIFY(allText().contains(QLatin1String("Nothing in the triage queue for ann")));
    QTest::keyClick(m_list->list(), Qt::Key_Y);
    QVERIFY(m_list->lastError().contains(QLatin1String("there is no comment to answer")));
    QVERIFY(m_store->triageAnswers()->isEmpty());
}

void TriageAnswerListTest::theJudgeMenuOpensItForTheSessionsAnnotator()
{
    const QString path = m_dir->filePath(QStringLiteral("w.rdw"));
    m_store.reset(); // the window opens the workspace itself
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("bea"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(path, false));
    QAction *answer = test::windowAction(window, QStringLiteral("answerTriage"));
    QCOMPARE(answer->text(), QStringLiteral("Answer &Triage…"));
    answer->trigger();
    auto *list = window.findChild<TriageAnswerList *>();
    QVERIFY(list);
    QVERIFY(QTest::qWaitForWindowExposed(list));
    QCOMPARE(list->answering().annotator(), QStringLiteral("bea"));
    QCOMPARE(list->answering().total(), 1); // only the comment anyone may answer
    list->answer(TriageAnswer::Yes, false);
    QVERIFY(list->lastError().isEmpty());
    const auto answers = window.session()->store()->triageAnswers();
    QVERIFY(std::any_of(answers->cbegin(), answers->cend(), [this](const TriageResponse &r) {
        return r.annotator == QLatin1String("bea") && r.comment == m_queued[1] && r.answer == TriageAnswer::Yes;
    }));
    // The list goes with the workspace.
    QPointer<TriageAnswerList> watched(list);
    window.session()->closeWorkspace();
    QTRY_VERIFY(!watched);
}

void TriageAnswerListTest::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

// ann's list after her first answer: the manual's picture.
void TriageAnswerListTest::screenshots()
{
    QFETCH(QString, theme);
    // English as the window has it: its plural forms come from a translation too.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_en")));
    QCoreApplication::installTranslator(&english);
    applyTheme(themeFromName(theme));
    showList(QStringLiteral("ann"));
    m_list->resize(1100, 620);
    QTest::keyClick(m_list->list(), Qt::Key_Y, Qt::ShiftModifier);
    QCOMPARE(m_list->answering().current(), 1);
    QCOMPARE(isDark(m_list->palette()), theme == QLatin1String("dark"));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-triage-answers-%1.png").arg(theme);
    QVERIFY(m_list->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    QCoreApplication::removeTranslator(&english);
}

QTEST_MAIN(TriageAnswerListTest)
#include "tst_triageanswerlist.moc"
