// Judge ▸ Compare Two Reviews… (issue 35): the keys A / B / T / S and Ctrl+Z
// on a merge request with three runs store the votes PairwiseVoting stores,
// in the order shown; the window names no configuration, model or run; a
// merge request with fewer than two runs says why there is nothing to
// compare; the cap; a vote the workspace refuses is shown in a dialog;
// the Judge menu opens it for the session's annotator. Screenshots, light
// and dark (docs/images/pairwise-view-{light,dark}.png).

#include <ArenaFixture.h>
#include <MainWindow.h>
#include <PairwiseView.h>
#include <PairwiseVoting.h>
#include <RawDb.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <Theme.h>
#include <WindowParts.h>

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPointer>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTranslator>

using namespace rd;

class PairwiseViewTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void keysStoreVotesInTheShownOrderAndUndoTakesTheLastBack();
    void theWindowNamesNoConfigurationModelOrRun();
    void aMergeRequestWithFewerThanTwoRunsSaysWhyThereIsNothingToCompare();
    void theCapEndsTheVotingAndRaisingItGoesOn();
    void aVoteTheWorkspaceRefusesIsNamedInADialog();
    void theJudgeMenuOpensTheViewForTheSessionsAnnotator();
    void screenshots_data();
    void screenshots();

private:
    // Which configuration's run a review shows: the fixture gives each run's
    // style comment its own "(merge request.configuration)" text.
    qint64 runShownIn(const QTextBrowser *review) const;
    QTextBrowser *review(const QString &letter) const;
    QString progress() const;
    QString allText() const;

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<WorkspaceStore> m_store;
    test::ArenaWorkspace m_arena;
    PairwiseView *m_view = nullptr;
};

void PairwiseViewTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void PairwiseViewTest::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(store, store ? "" : qPrintable(store.error().message));
    m_store = std::move(*store);
    m_arena = test::makeArenaWorkspace(*m_store, 1, false); // one merge request, three runs, no votes
    QCOMPARE(m_arena.mergeRequests.size(), 1);
    QCOMPARE(m_arena.mergeRequests.first().runOf.size(), 3);
}

void PairwiseViewTest::cleanup()
{
    delete m_view;
    m_view = nullptr;
    m_store.reset();
    m_dir.reset();
}

QTextBrowser *PairwiseViewTest::review(const QString &letter) const
{
    return test::windowPart<QTextBrowser>(*m_view, QStringLiteral("pairwiseReview") + letter);
}

QString PairwiseViewTest::progress() const
{
    return test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseProgress"))->text();
}

qint64 PairwiseViewTest::runShownIn(const QTextBrowser *shown) const
{
    const QString text = shown->toPlainText();
    const test::ArenaMergeRequest &mr = m_arena.mergeRequests.first();
    qint64 found = 0;
    for (qsizetype c = 0; c < m_arena.configurations.size(); ++c) {
        if (text.contains(QStringLiteral("(1.%1)").arg(c + 1))) {
            if (found)
                return -1; // two runs' comments in one review
            found = mr.runOf.value(m_arena.configurations[c]);
        }
    }
    return found;
}

// Everything the window shows in words: labels, reviews, buttons, the
// merge request list, tool tips, the title.
QString PairwiseViewTest::allText() const
{
    QStringList out{m_view->windowTitle()};
    for (const QLabel *l : m_view->findChildren<QLabel *>())
        out << l->text() << l->toolTip();
    for (const QTextBrowser *b : m_view->findChildren<QTextBrowser *>())
        out << b->toPlainText() << b->toHtml();
    for (const QAbstractButton *b : m_view->findChildren<QAbstractButton *>())
        out << b->text() << b->toolTip();
    for (const QAction *a : m_view->actions())
        out << a->text() << a->toolTip();
    for (const QComboBox *c : m_view->findChildren<QComboBox *>())
        for (int i = 0; i < c->count(); ++i)
            out << c->itemText(i);
    return out.join(QLatin1Char('\n'));
}

void PairwiseViewTest::keysStoreVotesInTheShownOrderAndUndoTakesTheLastBack()
{
    const qint64 mr = m_arena.mergeRequests.first().id;
    m_view = new PairwiseView(*m_store, QStringLiteral("ann"), mr);
    m_view->show();
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view));
    QCOMPARE(progress(), QStringLiteral("Pair 1 of 3"));

    // A: the run shown as A wins, stored with A first.
    const qint64 a1 = runShownIn(review(QStringLiteral("A")));
    const qint64 b1 = runShownIn(review(QStringLiteral("B")));
    QVERIFY(a1 > 0 && b1 > 0 && a1 != b1);
    QTest::keyClick(m_view, Qt::Key_A);
    auto votes = m_store->votes();
    QVERIFY(votes);
    QCOMPARE(votes->size(), 1);
    QCOMPARE(votes->at(0).runA, a1);
    QCOMPARE(votes->at(0).runB, b1);
    QCOMPARE(votes->at(0).winner, PairWinner::A);
    QCOMPARE(votes->at(0).annotator, QStringLiteral("ann"));
    QCOMPARE(votes->at(0).mergeRequest, mr);
    QVERIFY(votes->at(0).orderSeed); // the random order, recorded
    QVERIFY(votes->at(0).timeSpentMs);
    QCOMPARE(progress(), QStringLiteral("Pair 2 of 3"));

    // B on the next pair, then Ctrl+Z: gone, and the same pair in the same order again.
    const qint64 a2 = runShownIn(review(QStringLiteral("A")));
    const qint64 b2 = runShownIn(review(QStringLiteral("B")));
    QVERIFY(a2 > 0 && b2 > 0);
    QVERIFY(!((a2 == a1 && b2 == b1) || (a2 == b1 && b2 == a1)));
    QTest::keyClick(m_view, Qt::Key_B);
    QCOMPARE(m_store->votes()->size(), 2);
    QCOMPARE(m_store->votes()->at(1).winner, PairWinner::B);
    QCOMPARE(m_store->votes()->at(1).runA, a2);
    QCOMPARE(progress(), QStringLiteral("Pair 3 of 3"));
    QTest::keyClick(m_view, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(m_store->votes()->size(), 1);
    QCOMPARE(runShownIn(review(QStringLiteral("A"))), a2);
    QCOMPARE(runShownIn(review(QStringLiteral("B"))), b2);
    QCOMPARE(progress(), QStringLiteral("Pair 2 of 3"));

    // T: a tie on it instead.
    QTest::keyClick(m_view, Qt::Key_T);
    votes = m_store->votes();
    QCOMPARE(votes->size(), 2);
    QCOMPARE(votes->at(1).runA, a2);
    QCOMPARE(votes->at(1).runB, b2);
    QCOMPARE(votes->at(1).winner, PairWinner::Tie);

    // S: the last pair skipped stores nothing; none left, and the window says so.
    const qint64 a3 = runShownIn(review(QStringLiteral("A")));
    QVERIFY(a3 > 0);
    QTest::keyClick(m_view, Qt::Key_S);
    QCOMPARE(m_store->votes()->size(), 2);
    QVERIFY(!m_view->voting()->current());
    QCOMPARE(progress(), QStringLiteral("2 of 2 pairs voted"));
    QCOMPARE(test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseEmptyTitle"))->text(), QStringLiteral("No pair left"));
    QVERIFY(test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseEmptyText"))->text().startsWith(QStringLiteral("You have voted on (or skipped) every pair")));
    // The keys do nothing without a pair.
    QTest::keyClick(m_view, Qt::Key_A);
    QCOMPARE(m_store->votes()->size(), 2);
}

void PairwiseViewTest::theWindowNamesNoConfigurationModelOrRun()
{
    // Every merge request's pairs: the list of merge requests is on screen too.
    m_view = new PairwiseView(*m_store, QStringLiteral("ann"), 0);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    QStringList forbidden;
    for (const QString &configuration : m_arena.configurations)
        forbidden << configuration << configuration.section(QLatin1Char(' '), 0, 0) << QStringLiteral("model-") + configuration.section(QLatin1Char(' '), 0, 0);
    const QRegularExpression runNumber(QStringLiteral("\\brun\\s*#?\\s*\\d"), QRegularExpression::CaseInsensitiveOption);
    int pairs = 0;
    while (m_view->voting()->current()) {
        const QString text = allText();
        // The reviews are on screen (the check is of the text shown, not of an empty window).
        QVERIFY(text.contains(QStringLiteral("Rename the local variable")));
        for (const QString &name : std::as_const(forbidden))
            QVERIFY2(!text.contains(name, Qt::CaseInsensitive), qPrintable(QStringLiteral("the window shows \"%1\"").arg(name)));
        QVERIFY2(!runNumber.match(text).hasMatch(), qPrintable(runNumber.match(text).captured()));
        // The filtered comment is not part of a review.
        QVERIFY(!text.contains(QStringLiteral("filtered out")));
        ++pairs;
        m_view->vote(PairWinner::Tie);
    }
    QCOMPARE(pairs, 3);
}

void PairwiseViewTest::aMergeRequestWithFewerThanTwoRunsSaysWhyThereIsNothingToCompare()
{
    MergeRequestEntry e;
    e.repository = QStringLiteral("/src/arena");
    e.base = QStringLiteral("main");
    e.head = QStringLiteral("single");
    e.title = QStringLiteral("One run only");
    e.codeLinked = false;
    const auto single = m_store->addMergeRequest(e);
    QVERIFY(single);
    StoredRun run;
    run.mergeRequest = *single;
    run.label = QStringLiteral("alpha config");
    run.record = "{}";
    ReviewComment c;
    c.file = QStringLiteral("src/a.cpp");
    c.lineStart = c.lineEnd = 3;
    c.issue = QStringLiteral("An issue");
    QVERIFY(m_store->addRun(run, {c}));
    e.head = QStringLiteral("none");
    e.title = QStringLiteral("No run yet");
    const auto none = m_store->addMergeRequest(e);
    QVERIFY(none);

    m_view = new PairwiseView(*m_store, QStringLiteral("ann"), *single);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    auto *title = test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseEmptyTitle"));
    auto *text = test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseEmptyText"));
    QVERIFY(title->isVisible());
    QCOMPARE(title->text(), QStringLiteral("Nothing to compare"));
    QVERIFY2(text->text().startsWith(QStringLiteral("This merge request has one run")), qPrintable(text->text()));
    for (const char *name : {"preferA", "preferB", "preferTie", "skipPair"})
        QVERIFY(!test::windowAction(*m_view, QString::fromLatin1(name))->isEnabled());

    // The merge request without runs is listed (it is the one asked for) and says so.
    m_view->setMergeRequest(*none);
    QVERIFY2(text->text().startsWith(QStringLiteral("This merge request has no runs yet")), qPrintable(text->text()));
    auto *list = test::windowPart<QComboBox>(*m_view, QStringLiteral("pairwiseMergeRequest"));
    QCOMPARE(list->currentData().toLongLong(), *none);

    // Every merge request: the three-run one has pairs.
    list->setCurrentIndex(list->findData(qint64(0)));
    QVERIFY(m_view->voting()->current());
    QCOMPARE(m_view->voting()->current()->mergeRequest, m_arena.mergeRequests.first().id);
    QVERIFY(review(QStringLiteral("A"))->isVisible());
}

void PairwiseViewTest::theCapEndsTheVotingAndRaisingItGoesOn()
{
    m_view = new PairwiseView(*m_store, QStringLiteral("ann"), m_arena.mergeRequests.first().id);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    auto *cap = test::windowPart<QSpinBox>(*m_view, QStringLiteral("pairwiseCap"));
    cap->setValue(1);
    QCOMPARE(progress(), QStringLiteral("Pair 1 of 1"));
    m_view->vote(PairWinner::A);
    QCOMPARE(m_store->votes()->size(), 1);
    QVERIFY(!m_view->voting()->current());
    QVERIFY(test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseEmptyText"))->text().startsWith(QStringLiteral("You have cast as many votes as the cap allows")));
    m_view->vote(PairWinner::B); // nothing shown: nothing stored
    QCOMPARE(m_store->votes()->size(), 1);
    cap->setValue(0); // none
    QVERIFY(m_view->voting()->current());
    QCOMPARE(progress(), QStringLiteral("Pair 2 of 3"));
    // Undo still takes back the vote cast before the cap changed.
    m_view->undo();
    QVERIFY(m_store->votes()->isEmpty());
}

void PairwiseViewTest::aVoteTheWorkspaceRefusesIsNamedInADialog()
{
    m_view = new PairwiseView(*m_store, QStringLiteral("ann"), m_arena.mergeRequests.first().id);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    const qint64 a = runShownIn(review(QStringLiteral("A")));
    QVERIFY(test::RawDb(m_dir->filePath(QStringLiteral("w.rdw")))
                .exec(QStringLiteral("CREATE TRIGGER refuse_votes BEFORE INSERT ON pairwise_votes BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")));
    QSignalSpy problems(m_view, &PairwiseView::problem);
    QTest::keyClick(m_view, Qt::Key_A);
    QCOMPARE(problems.size(), 1);
    auto *box = m_view->findChild<QMessageBox *>(QStringLiteral("pairwiseProblem"));
    QVERIFY(box);
    QCOMPARE(box->windowTitle(), QStringLiteral("Cannot Store the Vote"));
    QVERIFY2(box->text().contains(QStringLiteral("the disk is full")), qPrintable(box->text()));
    box->close();
    // Nothing stored, and the same pair still on screen to vote on again.
    QVERIFY(m_store->votes()->isEmpty());
    QCOMPARE(runShownIn(review(QStringLiteral("A"))), a);
    QCOMPARE(progress(), QStringLiteral("Pair 1 of 3"));
}

void PairwiseViewTest::theJudgeMenuOpensTheViewForTheSessionsAnnotator()
{
    const QString path = m_dir->filePath(QStringLiteral("w.rdw"));
    m_store.reset(); // the window opens the workspace itself
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("bea"));
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(path, false));
    const qint64 mr = m_arena.mergeRequests.first().id;
    QVERIFY(window.session()->openMergeRequest(mr));
    QAction *compare = test::windowAction(window, QStringLiteral("compareReviews"));
    QCOMPARE(compare->text(), QStringLiteral("&Compare Two Reviews…"));
    compare->trigger();
    auto *view = window.findChild<PairwiseView *>(QStringLiteral("pairwiseView"));
    QVERIFY(view);
    QVERIFY(QTest::qWaitForWindowExposed(view));
    QCOMPARE(view->voting()->options().annotator, QStringLiteral("bea"));
    QCOMPARE(view->voting()->options().mergeRequest, std::optional<qint64>(mr));
    view->vote(PairWinner::B);
    QCOMPARE(window.session()->store()->votes()->size(), 1);
    QCOMPARE(window.session()->store()->votes()->first().annotator, QStringLiteral("bea"));
    // The view goes with the workspace.
    QPointer<PairwiseView> watched(view);
    window.session()->closeWorkspace();
    QTRY_VERIFY(!watched);
}

void PairwiseViewTest::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::newRow("light") << QStringLiteral("light");
    QTest::newRow("dark") << QStringLiteral("dark");
}

// Three reviews of a change to a stock reservation class, as the manual
// shows them: the second pair drawn, after one vote.
void PairwiseViewTest::screenshots()
{
    QFETCH(QString, theme);
    // English as the window has it: its plural forms ("3 runs") come from a translation too.
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_en")));
    QCoreApplication::installTranslator(&english);
    applyTheme(themeFromName(theme));
    MergeRequestEntry e;
    e.repository = QStringLiteral("/src/inventory");
    e.base = QStringLiteral("main");
    e.head = QStringLiteral("reserve-stock");
    e.title = QStringLiteral("Reserve stock before checkout");
    e.codeLinked = false;
    const auto mr = m_store->addMergeRequest(e);
    QVERIFY(mr);
    struct Comment
    {
        const char *file;
        int from, to, severity;
        const char *category, *issue, *cause, *fix;
    };
    const QList<QList<Comment>> reviews{
        {{"src/stock.cpp", 39, 39, 6, "Code Defect", "available() - count is computed on unsigned values: when count exceeds what is available the check never fails.",
          "Both operands are std::size_t, so the subtraction wraps around instead of going negative.", "Compare count > available() before subtracting."},
         {"src/stock.cpp", 47, 49, 6, "Code Defect", "release() changes m_reserved without taking m_lock, while reserve() holds it.",
          "Two threads releasing and reserving at once race on m_reserved.", "Take std::lock_guard<std::mutex> on m_lock in release() as reserve() does."}},
        {{"src/stock.cpp", 39, 39, 5, "Code Defect", "The availability check can pass for a count larger than the stock (unsigned arithmetic).", "", "Check count against available() first."},
         {"src/stock.cpp", 7, 7, 2, "Maintainability and Readability", "std::lock_guard could be std::scoped_lock.", "", ""},
         {"src/stock.h", 21, 21, 2, "Maintainability and Readability", "reserve() deserves a doc comment saying what it returns when stock is short.", "", ""}},
        {{"src/stock.cpp", 25, 25, 3, "Performance", "available() is computed twice in reserve().", "", "Keep it in a local."}},
    };
    const QStringList labels{QStringLiteral("Left Flow, 3 reviewers"), QStringLiteral("Full file, 1 reviewer"), QStringLiteral("Diff only")};
    for (qsizetype r = 0; r < reviews.size(); ++r) {
        StoredRun run;
        run.mergeRequest = *mr;
        run.label = labels[r];
        run.model = QStringLiteral("qwen2.5-coder");
        run.record = "{}";
        QList<ReviewComment> comments;
        for (const Comment &c : reviews[r]) {
            ReviewComment rc;
            rc.file = QString::fromLatin1(c.file);
            rc.lineStart = c.from;
            rc.lineEnd = c.to;
            rc.q3Severity = c.severity;
            rc.category = QString::fromLatin1(c.category);
            rc.issue = QString::fromUtf8(c.issue);
            rc.rootCause = QString::fromUtf8(c.cause);
            rc.fix = QString::fromUtf8(c.fix);
            comments << rc;
        }
        QVERIFY(m_store->addRun(run, comments));
    }
    m_view = new PairwiseView(*m_store, QStringLiteral("ada"), *mr);
    m_view->resize(1200, 620);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view));
    m_view->setSeed(3); // the same pairs in both pictures
    m_view->vote(PairWinner::A);
    QVERIFY(m_view->voting()->current());
    QVERIFY(test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseHeadA"))->text().contains(QStringLiteral(" comment")));
    QVERIFY(!test::windowPart<QLabel>(*m_view, QStringLiteral("pairwiseHeadA"))->text().contains(QStringLiteral("(s)")));
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QCOMPARE(isDark(m_view->palette()), theme == QLatin1String("dark"));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/pairwise-view-%1.png").arg(theme);
    QVERIFY(m_view->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    delete m_view;
    m_view = nullptr;
    QCoreApplication::removeTranslator(&english);
    applyTheme(Theme::System);
}

QTEST_MAIN(PairwiseViewTest)
#include "tst_pairwiseview.moc"
