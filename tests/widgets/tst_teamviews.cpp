// Ground truth by a team in the window (issue 11): blind mode hides exactly
// the other annotators' judgements until the annotator has judged (cards,
// the Comments panel's team filter), group judging, the queue, the
// Agreement and Adjudication views and the status bar count; screenshots
// of both views.

#include <AdjudicationView.h>
#include <AgreementDialog.h>
#include <CommentsPanel.h>
#include <DemoMergeRequest.h>
#include <DiffPane.h>
#include <DiffView.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <JudgingService.h>
#include <TeamService.h>
#include <ReviewSession.h>
#include <TeamWorkbench.h>
#include <Theme.h>
#include <WorkspaceActions.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QHeaderView>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>

using namespace rd;

class TeamViewsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();
    void blindModeHidesOthersJudgementsUntilYouJudge();
    void adjudicationNeedsAReasonAndSettlesTheItem();
    void agreementViewShowsKappaAndDegenerateLabels();
    void agreementViewShowsAlphaAndEveryPairsKappa();
    void nextUnjudgedFollowsTheQueue();
    void screenshots_data();
    void screenshots();

private:
    void openDemo();
    qint64 importComment(int from, int to, const QString &issue, const QString &source);
    Judgement judgement(qint64 comment, const QString &annotator, Verdict verdict, int severity, const QString &category, ContextLevel context);
    QString cardHtml(qint64 comment) const;
    QList<qint64> shownWithTeamFilter(CommentFilter::Team team) const;

    QTemporaryDir m_root;
    MergeRequestRequest m_demo;
    MainWindow *m_window = nullptr;
    ReviewSession *m_session = nullptr;
    qint64 m_mr = 0;
};

void TeamViewsTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    auto demo = ensureDemoMergeRequest(m_root.filePath(QStringLiteral("demo-inventory")));
    QVERIFY2(demo, demo ? "" : qPrintable(demo.error().message));
    m_demo = *demo;
}

void TeamViewsTest::init()
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    m_window = new MainWindow;
    m_window->resize(1400, 860);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    const QString workspace = m_root.filePath(QStringLiteral("ws-%1.rdw").arg(QString::fromLatin1(QTest::currentTestFunction())));
    QFile::remove(workspace);
    QVERIFY(m_window->openWorkspace(workspace, true));
    m_session = m_window->session();
    openDemo();
}

void TeamViewsTest::cleanup()
{
    delete m_window;
    m_window = nullptr;
}

void TeamViewsTest::openDemo()
{
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    m_window->openMergeRequest(m_demo);
    QVERIFY(opened.wait(20000));
    m_mr = m_session->currentMergeRequestId();
    QVERIFY(m_mr > 0);
    QVERIFY(m_window->selectFile(QByteArrayLiteral("src/stock.cpp")));
    QTRY_VERIFY(!m_window->isBuildingDiff() && test::diffPane(*m_window)->view()->document());
}

qint64 TeamViewsTest::importComment(int from, int to, const QString &issue, const QString &source)
{
    ReviewComment c;
    c.file = QStringLiteral("src/stock.cpp");
    c.lineStart = from;
    c.lineEnd = to;
    c.issue = issue;
    c.category = QStringLiteral("Code Defect");
    c.q1Nitpick = 6;
    c.q2Fake = 6;
    c.q3Severity = 5;
    const auto id = m_session->store()->importComment(m_mr, c, source);
    return id ? *id : 0;
}

Judgement TeamViewsTest::judgement(qint64 comment, const QString &annotator, Verdict verdict, int severity, const QString &category, ContextLevel context)
{
    Judgement j;
    j.comment = comment;
    j.annotator = annotator;
    j.verdict = verdict;
    j.q3Severity = severity;
    j.category = category;
    j.context = context;
    return j;
}

QString TeamViewsTest::cardHtml(qint64 comment) const
{
    for (const DiffCard &card : test::diffPane(*m_window)->view()->cards())
        if (card.id == comment)
            return card.html;
    return {};
}

QList<qint64> TeamViewsTest::shownWithTeamFilter(CommentFilter::Team team) const
{
    CommentsPanel *panel = test::judging(*m_window)->commentsPanel();
    auto *box = panel->findChild<QComboBox *>(QStringLiteral("team"));
    box->setCurrentIndex(box->findData(static_cast<int>(team)));
    QList<qint64> shown = panel->filterModel()->shownComments();
    std::sort(shown.begin(), shown.end());
    box->setCurrentIndex(box->findData(static_cast<int>(CommentFilter::Team::Any))); // the filter hides cards too
    return shown;
}

void TeamViewsTest::blindModeHidesOthersJudgementsUntilYouJudge()
{
    const QString underflow = QStringLiteral("available() - count is unsigned, so it is never below zero and reserve() over-reserves");
    const qint64 c1 = importComment(39, 39, underflow, QStringLiteral("model-a.json"));
    const qint64 c2 = importComment(39, 40, underflow + QStringLiteral(" the stock"), QStringLiteral("model-b.json"));
    const qint64 c3 = importComment(47, 49, QStringLiteral("release() changes reserved without taking m_lock"), QStringLiteral("model-a.json"));
    QVERIFY(m_session->store()->assign(m_mr, {QStringLiteral("ada"), QStringLiteral("bob")}));
    QVERIFY(m_session->store()->judgeGroup(judgement(c1, QStringLiteral("bob"), Verdict::Reject, 2, QStringLiteral("Code Defect"), ContextLevel::File), {c1, c2}));
    QVERIFY(m_session->store()->judge(judgement(c3, QStringLiteral("bob"), Verdict::Accept, 6, QStringLiteral("Code Defect"), ContextLevel::File)));
    QVERIFY(m_session->openMergeRequest(m_mr)); // reload what was stored behind the session's back
    QVERIFY(m_session->setAnnotator(QStringLiteral("ada")));
    QVERIFY(m_session->team()->isBlind());
    QTRY_COMPARE(test::diffPane(*m_window)->view()->cards().size(), 3);

    // Before ada judges: bob's name and verdicts are nowhere; the cards say something is hidden.
    for (qint64 c : {c1, c2, c3}) {
        QVERIFY2(!cardHtml(c).contains(QLatin1String("bob")), qPrintable(cardHtml(c)));
        QVERIFY(cardHtml(c).contains(QLatin1String("Blind mode: 1 other judgement")));
    }
    QVERIFY(cardHtml(c1).contains(QLatin1String("model-b.json"))); // the group's members and their provenance
    QVERIFY(shownWithTeamFilter(CommentFilter::Team::OthersShown).isEmpty());
    QVERIFY(shownWithTeamFilter(CommentFilter::Team::Disagreed).isEmpty());
    QCOMPARE(shownWithTeamFilter(CommentFilter::Team::WaitingForYou), (QList<qint64>{c1, c2, c3}));
    QVERIFY(test::team(*m_window)->status()->isHidden()); // ada cannot learn of a disagreement either: there is none yet

    // ada accepts c1 with one key: the group (c1, c2) gets her verdict and bob's shows for both, not for c3.
    m_session->setCurrentComment(c1);
    test::diffPane(*m_window)->view()->setFocus();
    QTest::keyClick(m_window, Qt::Key_A);
    QCOMPARE(m_session->judgement(c2)->verdict, Verdict::Accept);
    QTRY_VERIFY2(cardHtml(c1).contains(QLatin1String("<b>bob</b>: Rejected")), qPrintable(cardHtml(c1)));
    QVERIFY(cardHtml(c2).contains(QLatin1String("<b>bob</b>: Rejected")));
    QVERIFY(cardHtml(c1).contains(QLatin1String("annotators disagree on verdict")));
    QVERIFY(!cardHtml(c3).contains(QLatin1String("bob")));
    QVERIFY(cardHtml(c3).contains(QLatin1String("hidden")));
    QCOMPARE(shownWithTeamFilter(CommentFilter::Team::OthersShown), (QList<qint64>{c1, c2}));
    QCOMPARE(shownWithTeamFilter(CommentFilter::Team::Disagreed), (QList<qint64>{c1, c2}));
    QCOMPARE(shownWithTeamFilter(CommentFilter::Team::WaitingForYou), QList<qint64>{c3});
    QTRY_VERIFY(test::team(*m_window)->status()->text().startsWith(QLatin1String("2 disagreement")));

    // Undo takes the group's verdict back as one step, and blindness returns.
    QTest::keyClick(m_window, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!m_session->judgement(c1) && !m_session->judgement(c2));
    QTRY_VERIFY(!cardHtml(c1).contains(QLatin1String("bob")));

    // Blind mode off (Team Settings): everything shows at once.
    QVERIFY(m_session->team()->setBlindMode(false));
    QTRY_VERIFY(cardHtml(c3).contains(QLatin1String("<b>bob</b>: Accepted")));
}

void TeamViewsTest::adjudicationNeedsAReasonAndSettlesTheItem()
{
    const qint64 c1 = importComment(39, 39, QStringLiteral("unsigned underflow in reserve()"), QStringLiteral("model-a.json"));
    const qint64 c2 = importComment(47, 49, QStringLiteral("release() races with reserve()"), QStringLiteral("model-a.json"));
    QVERIFY(m_session->store()->judge(judgement(c1, QStringLiteral("bob"), Verdict::Reject, 2, QStringLiteral("Code Defect"), ContextLevel::File)));
    QVERIFY(m_session->store()->judge(judgement(c1, QStringLiteral("ada"), Verdict::Accept, 6, QStringLiteral("Code Defect"), ContextLevel::File)));
    QVERIFY(m_session->store()->judge(judgement(c2, QStringLiteral("bob"), Verdict::Accept, 5, QStringLiteral("Code Defect"), ContextLevel::Repo)));
    QVERIFY(m_session->store()->judge(judgement(c2, QStringLiteral("ada"), Verdict::Accept, 6, QStringLiteral("Performance"), ContextLevel::Repo)));
    QVERIFY(m_session->openMergeRequest(m_mr));
    QVERIFY(m_session->setAnnotator(QStringLiteral("core")));

    AdjudicationView *view = test::team(*m_window)->showAdjudication();
    QCOMPARE(view->items(), (QList<qint64>{c1, c2}));
    QVERIFY(view->selectItem(c1));
    QCOMPARE(view->comparison()->columnCount(), 2);
    QCOMPARE(view->comparison()->horizontalHeaderItem(0)->text(), QStringLiteral("ada"));
    QCOMPARE(view->comparison()->item(0, 0)->text(), QStringLiteral("Accepted"));
    QCOMPARE(view->comparison()->item(0, 1)->text(), QStringLiteral("Rejected"));
    // Disputed rows (verdict, severity 6 vs 2) are marked; agreed ones (category) are not.
    QVERIFY(view->comparison()->item(0, 0)->background().style() != Qt::NoBrush);
    QVERIFY(view->comparison()->item(4, 0)->background().style() != Qt::NoBrush);
    QCOMPARE(view->comparison()->item(1, 0)->background().style(), Qt::NoBrush);
    // The code beside it, with the comment's card.
    QTRY_VERIFY(view->diffPane()->view()->document() && view->diffPane()->view()->cards().size() == 1);
    QCOMPARE(view->diffPane()->view()->cards().constFirst().id, c1);

    view->reasonEdit()->clear();
    QVERIFY(!view->saveFinalLabel());
    QVERIFY(!view->findChild<QLabel *>(QStringLiteral("adjudicationProblem"))->text().isEmpty());
    QCOMPARE(m_session->team()->pendingDisagreements().size(), 2);
    view->verdictBox()->setCurrentIndex(view->verdictBox()->findData(static_cast<int>(Verdict::Accept)));
    view->reasonEdit()->setText(QStringLiteral("count > available wraps around; the check never fails"));
    QTest::mouseClick(view->saveButton(), Qt::LeftButton);
    QCOMPARE(m_session->team()->pendingDisagreements(), QList<qint64>{c2});
    QCOMPARE(view->items(), QList<qint64>{c2});
    const FinalLabel f = m_session->team()->finalLabelOf(c1);
    QCOMPARE(f.status, FinalLabel::Status::Adjudicated);
    QCOMPARE(f.verdict, Verdict::Accept);
    QCOMPARE(f.adjudicator, QStringLiteral("core"));
    QCOMPARE(f.reason, QStringLiteral("count > available wraps around; the check never fails"));
    QTRY_VERIFY(test::team(*m_window)->status()->text().startsWith(QLatin1String("1 disagreement")));
    view->setShowAdjudicated(true);
    QCOMPARE(view->items(), (QList<qint64>{c1, c2}));
}

void TeamViewsTest::agreementViewShowsKappaAndDegenerateLabels()
{
    const qint64 c1 = importComment(39, 39, QStringLiteral("underflow"), QStringLiteral("a.json"));
    const qint64 c2 = importComment(47, 49, QStringLiteral("race"), QStringLiteral("a.json"));
    // ada accepts both, bob rejects both: p_o = p_e = 0, kappa 0; nobody marks a key bug: undefined.
    for (qint64 c : {c1, c2}) {
        QVERIFY(m_session->store()->judge(judgement(c, QStringLiteral("ada"), Verdict::Accept, 5, QStringLiteral("Code Defect"), ContextLevel::File)));
        QVERIFY(m_session->store()->judge(judgement(c, QStringLiteral("bob"), Verdict::Reject, 5, QStringLiteral("Code Defect"), ContextLevel::File)));
    }
    AgreementDialog *dialog = test::team(*m_window)->showAgreement();
    dialog->setAnnotators(QStringLiteral("ada"), QStringLiteral("bob"));
    QTableWidget *labels = dialog->labelsTable();
    QCOMPARE(labels->rowCount(), 5);
    QCOMPARE(labels->item(0, 1)->text(), QStringLiteral("2"));
    QCOMPARE(labels->item(0, 2)->text(), QStringLiteral("0.0 %"));
    QCOMPARE(labels->item(0, 3)->text(), QStringLiteral("0.000"));
    QCOMPARE(labels->item(3, 3)->text(), QStringLiteral("undefined"));
    QVERIFY(labels->item(3, 4)->text().contains(QLatin1String("chance agreement is 1")));
    dialog->selectLabel(TeamLabel::Verdict);
    QCOMPARE(dialog->matrixTable()->item(0, 1)->text(), QStringLiteral("2")); // ada accept, bob reject
    QCOMPARE(dialog->matrixTable()->item(0, 0)->text(), QStringLiteral("0"));
    // A judgement made in the window updates the open dialog.
    const qint64 c3 = importComment(25, 25, QStringLiteral("check"), QStringLiteral("a.json"));
    QVERIFY(m_session->store()->judge(judgement(c3, QStringLiteral("bob"), Verdict::Accept, 5, QStringLiteral("Code Defect"), ContextLevel::File)));
    QVERIFY(m_session->openMergeRequest(m_mr));
    QVERIFY(m_session->setAnnotator(QStringLiteral("ada")));
    QVERIFY(m_session->judging()->setVerdict(c3, Verdict::Accept));
    QTRY_COMPARE(labels->item(0, 1)->text(), QStringLiteral("3"));
}

void TeamViewsTest::agreementViewShowsAlphaAndEveryPairsKappa()
{
    const qint64 c1 = importComment(39, 39, QStringLiteral("underflow"), QStringLiteral("a.json"));
    const qint64 c2 = importComment(47, 49, QStringLiteral("race"), QStringLiteral("a.json"));
    // ada accepts both, bob rejects both, cy accepts c1 only (c2 is missing for cy).
    for (qint64 c : {c1, c2}) {
        QVERIFY(m_session->store()->judge(judgement(c, QStringLiteral("ada"), Verdict::Accept, 5, QStringLiteral("Code Defect"), ContextLevel::File)));
        QVERIFY(m_session->store()->judge(judgement(c, QStringLiteral("bob"), Verdict::Reject, 5, QStringLiteral("Code Defect"), ContextLevel::File)));
    }
    QVERIFY(m_session->store()->judge(judgement(c1, QStringLiteral("cy"), Verdict::Accept, 6, QStringLiteral("Code Defect"), ContextLevel::File)));
    AgreementDialog *dialog = test::team(*m_window)->showAgreement();
    QCOMPARE(dialog->tabs()->currentIndex(), 0);
    QTableWidget *alpha = dialog->alphaTable();
    QCOMPARE(alpha->rowCount(), 7);
    // Verdict: o_AA = 1, o_AR = o_RA = 2 over n = 5 values in 2 units: D_o = 0.8, D_e = 12/20, alpha = 1 − 0.8/0.6.
    QCOMPARE(alpha->item(0, 2)->text(), QStringLiteral("-0.333"));
    QCOMPARE(alpha->item(0, 4)->text(), QStringLiteral("2"));
    QCOMPARE(alpha->item(0, 5)->text(), QStringLiteral("5"));
    QCOMPARE(alpha->item(0, 1)->text(), QStringLiteral("nominal"));
    QCOMPARE(alpha->item(2, 1)->text(), QStringLiteral("ordinal")); // context level: diff < file < repository
    QCOMPARE(alpha->item(4, 1)->text(), QStringLiteral("ordinal")); // severity
    // Category: everyone said Code Defect; Q1: nobody scored it.
    QCOMPARE(alpha->item(1, 2)->text(), QStringLiteral("undefined"));
    QVERIFY(alpha->item(1, 6)->text().contains(QLatin1String("Code Defect")));
    QVERIFY(alpha->item(5, 6)->text().contains(QLatin1String("two or more annotators")));
    // The bootstrap interval comes from a worker thread.
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->intervalsPending(), 30000);
    QVERIFY2(alpha->item(0, 3)->text().contains(QStringLiteral(" – ")), qPrintable(alpha->item(0, 3)->text()));
    QCOMPARE(alpha->item(1, 3)->text(), QStringLiteral("—")); // undefined alpha, no interval

    QTableWidget *pairs = dialog->pairsTable();
    QCOMPARE(pairs->rowCount(), 3);
    QCOMPARE(pairs->horizontalHeaderItem(2)->text(), QStringLiteral("cy"));
    QCOMPARE(pairs->item(0, 1)->text(), QStringLiteral("0.000 (2)")); // ada and bob: always opposite
    QCOMPARE(pairs->item(1, 0)->text(), QStringLiteral("0.000 (2)"));
    QCOMPARE(pairs->item(0, 2)->text(), QStringLiteral("— (1)"));    // ada and cy: both accepted c1, one value only
    QVERIFY(pairs->item(0, 2)->toolTip().contains(QLatin1String("chance agreement is 1")));
    QCOMPARE(pairs->item(1, 1)->text(), QString());
    // The matrix follows the label chosen above; Q1 has no kappa, so it stays.
    dialog->selectAlphaLabel(AlphaLabel::Severity);
    QCOMPARE(pairs->item(0, 1)->text(), QStringLiteral("— (2)")); // ada and bob both gave 5: chance agreement 1
    dialog->selectAlphaLabel(AlphaLabel::Nitpick);
    QCOMPARE(pairs->item(0, 1)->text(), QStringLiteral("— (2)"));
    dialog->selectAlphaLabel(AlphaLabel::Verdict);
    QCOMPARE(pairs->item(0, 1)->text(), QStringLiteral("0.000 (2)"));
    // A double-click opens the pair with its confusion matrix.
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    const QPoint adaAndCy = pairs->visualItemRect(pairs->item(0, 2)).center();
    QTest::mouseClick(pairs->viewport(), Qt::LeftButton, {}, adaAndCy); // a widget's double-click event alone comes without its first press
    QTest::mouseDClick(pairs->viewport(), Qt::LeftButton, {}, adaAndCy);
    QCOMPARE(dialog->tabs()->currentIndex(), 1);
    QCOMPARE(dialog->report().first, QStringLiteral("ada"));
    QCOMPARE(dialog->report().second, QStringLiteral("cy"));
    QCOMPARE(dialog->matrixTable()->item(0, 0)->text(), QStringLiteral("1"));
    // One merge request's scope: its alpha, no interval.
    dialog->setMergeRequest(m_mr);
    QCOMPARE(alpha->item(0, 2)->text(), QStringLiteral("-0.333"));
    QCOMPARE(alpha->item(0, 3)->text(), QStringLiteral("—"));
}

void TeamViewsTest::nextUnjudgedFollowsTheQueue()
{
    const qint64 c1 = importComment(39, 39, QStringLiteral("underflow"), QStringLiteral("a.json"));
    const qint64 c2 = importComment(47, 49, QStringLiteral("race"), QStringLiteral("a.json"));
    QVERIFY(m_session->openMergeRequest(m_mr));
    QVERIFY(m_session->setAnnotator(QStringLiteral("ada")));
    QVERIFY(m_session->judging()->setVerdict(c1, Verdict::Accept));
    m_session->setCurrentComment(c1);
    QAction *next = test::team(*m_window)->nextUnjudgedAction();
    QCOMPARE(next->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_J));
    next->trigger();
    QCOMPARE(m_session->currentComment(), c2);
    QVERIFY(m_session->judging()->setVerdict(c2, Verdict::Reject));
    QVERIFY(!test::team(*m_window)->goToNextUnjudged());
    QCOMPARE(m_session->currentComment(), c2);

    // The queue goes on in another merge request assigned to ada, which the window opens.
    MergeRequestEntry other;
    other.repository = m_session->currentMergeRequest()->repository;
    other.base = m_demo.base;
    other.head = m_demo.head;
    other.twoDot = true; // another merge request of the same repository
    const qint64 mr2 = *m_session->store()->addMergeRequest(other);
    ReviewComment r;
    r.file = QStringLiteral("src/stock.cpp");
    r.lineStart = r.lineEnd = 39;
    r.issue = QStringLiteral("underflow, seen two-dot");
    const qint64 c3 = *m_session->store()->importComment(mr2, r, QStringLiteral("b.json"));
    QVERIFY(m_session->store()->assign(mr2, {QStringLiteral("ada"), QStringLiteral("bob")}));
    QSignalSpy opened(m_window, &MainWindow::mergeRequestOpened);
    QVERIFY(test::team(*m_window)->goToNextUnjudged());
    QVERIFY(opened.wait(20000));
    QCOMPARE(m_session->currentMergeRequestId(), mr2);
    QCOMPARE(m_session->currentComment(), c3);
}

void TeamViewsTest::screenshots_data()
{
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QString>("language");
    QTest::newRow("light-en") << QStringLiteral("light") << QStringLiteral("en");
    QTest::newRow("dark-en") << QStringLiteral("dark") << QStringLiteral("en");
    QTest::newRow("light-zh_CN") << QStringLiteral("light") << QStringLiteral("zh_CN");
}

// The agreement and adjudication views on the demo merge request with two
// annotators' judgements of eight candidate comments.
void TeamViewsTest::screenshots()
{
    QFETCH(QString, theme);
    QFETCH(QString, language);
    QTranslator translator;
    if (language != QLatin1String("en")) {
        QVERIFY(translator.load(QStringLiteral(REVIEWDESK_QM_DIR "/reviewdesk_") + language));
        QCoreApplication::installTranslator(&translator);
    }
    delete m_window; // made again after the translator and theme
    m_window = nullptr;
    applyTheme(themeFromName(theme));
    init();

    struct Candidate
    {
        int from, to;
        const char *issue;
        Verdict ada, bob, cy;
        int adaSeverity, bobSeverity, cySeverity; // cy: 0 where cy did not judge the comment
        const char *adaCategory, *bobCategory;
        ContextLevel adaContext, bobContext;
        int adaNitpick, bobNitpick, cyNitpick; // Q1
    };
    using V = Verdict;
    using C = ContextLevel;
    const Candidate candidates[] = {
        {39, 39, "available() - count is unsigned: the check never fails and reserve() over-reserves", V::Accept, V::Reject, V::Accept, 6, 3, 6, "Code Defect", "Code Defect", C::File, C::File, 7, 5, 7},
        {47, 49, "release() changes reserved without taking m_lock", V::Accept, V::Accept, V::Accept, 6, 5, 6, "Code Defect", "Code Defect", C::File, C::File, 7, 6, 6},
        {49, 49, "reserved -= count can wrap below zero when count > reserved", V::Accept, V::Accept, V::Accept, 5, 5, 4, "Code Defect", "Code Defect", C::Diff, C::Diff, 6, 6, 6},
        {7, 7, "lock_guard could be scoped_lock", V::Reject, V::Reject, V::Reject, 2, 1, 1, "Maintainability and Readability", "Maintainability and Readability", C::Diff, C::Diff, 1, 2, 1},
        {25, 25, "available() is computed twice", V::Reject, V::Unsure, V::Reject, 2, 2, 0, "Performance", "Performance", C::Diff, C::Diff, 2, 3, 0},
        {28, 29, "remove() silently keeps reserved stock", V::Accept, V::Accept, V::Unsure, 4, 5, 3, "Code Defect", "Code Defect", C::File, C::Repo, 5, 6, 4},
        {33, 33, "reserve() needs a doc comment", V::Reject, V::Reject, V::Reject, 1, 1, 0, "Maintainability and Readability", "Maintainability and Readability", C::Diff, C::Diff, 1, 1, 0},
        {41, 41, "reserved += count may overflow", V::Unsure, V::Reject, V::Reject, 3, 2, 2, "Code Defect", "Code Defect", C::Diff, C::Diff, 3, 2, 2},
    };
    qint64 first = 0;
    for (const Candidate &c : candidates) {
        const qint64 id = importComment(c.from, c.to, QString::fromUtf8(c.issue), QStringLiteral("qwen-run.json"));
        first = first ? first : id;
        Judgement ada = judgement(id, QStringLiteral("ada"), c.ada, c.adaSeverity, QString::fromLatin1(c.adaCategory), c.adaContext);
        Judgement bob = judgement(id, QStringLiteral("bob"), c.bob, c.bobSeverity, QString::fromLatin1(c.bobCategory), c.bobContext);
        ada.q1Nitpick = c.adaNitpick;
        bob.q1Nitpick = c.bobNitpick;
        QVERIFY(m_session->store()->judge(ada));
        QVERIFY(m_session->store()->judge(bob));
        if (c.cySeverity) { // cy judged six of the eight: the other two are missing values
            Judgement cy = judgement(id, QStringLiteral("cy"), c.cy, c.cySeverity, QString::fromLatin1(c.adaCategory), c.adaContext);
            cy.q1Nitpick = c.cyNitpick;
            QVERIFY(m_session->store()->judge(cy));
        }
    }
    QVERIFY(m_session->store()->assign(m_mr, {QStringLiteral("ada"), QStringLiteral("bob"), QStringLiteral("cy")}));
    QVERIFY(m_session->openMergeRequest(m_mr));
    QVERIFY(m_session->setAnnotator(QStringLiteral("core")));

    // All annotators: alpha per label and every pair's kappa; then one pair.
    AgreementDialog *agreement = test::team(*m_window)->showAgreement();
    agreement->setAnnotators(QStringLiteral("ada"), QStringLiteral("bob"));
    agreement->selectLabel(TeamLabel::Verdict);
    agreement->selectAlphaLabel(AlphaLabel::Verdict);
    QVERIFY(QTest::qWaitForWindowExposed(agreement));
    QCOMPARE(agreement->teamReport().annotators.size(), 3);
    QTRY_VERIFY_WITH_TIMEOUT(!agreement->intervalsPending(), 30000);
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-agreement-%1-%2.png").arg(theme, language);
    QVERIFY(agreement->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    agreement->tabs()->setCurrentIndex(1);
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-agreement-pair-%1-%2.png").arg(theme, language);
    QVERIFY(agreement->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    agreement->close();

    AdjudicationView *adjudication = test::team(*m_window)->showAdjudication();
    QVERIFY(QTest::qWaitForWindowExposed(adjudication));
    QVERIFY(adjudication->selectItem(first));
    QTRY_VERIFY(adjudication->diffPane()->view()->document() && !adjudication->diffPane()->view()->cardRect(first).isEmpty());
    adjudication->reasonEdit()->setText(language == QLatin1String("en") ? QStringLiteral("count > available wraps around; the check never fails")
                                                                        : QStringLiteral("count 大于 available 时回绕，检查永远不会失败"));
    QApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-adjudication-%1-%2.png").arg(theme, language);
    QVERIFY(adjudication->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
    QCOMPARE(isDark(adjudication->palette()), theme == QLatin1String("dark"));
    if (language != QLatin1String("en"))
        QVERIFY(adjudication->windowTitle() != QLatin1String("Adjudication"));

    delete m_window;
    m_window = nullptr;
    QCoreApplication::removeTranslator(&translator);
    applyTheme(Theme::System);
}

QTEST_MAIN(TeamViewsTest)
#include "tst_teamviews.moc"
