// The status bar's progress: its figures (two counts over the workspace's
// comments, the median decision time) are read once per burst of the
// session's signals, not once per signal; on a 200,000-comment workspace each
// reading is a scan (bench_window found three to seven per switch).

#include <JudgingService.h>
#include <JudgingStatus.h>
#include <ReviewSession.h>
#include <SessionFixture.h>

#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class JudgingStatusTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void switchingMergeRequestReadsTheFiguresOnce();
    void figuresShowTheOpenedMergeRequestAfterTheBurst();
    void switchingMergeRequestKeepsTheWorkspaceFiguresAndAJudgementRereadsThem();

private:
    QTemporaryDir m_dir;
};

void JudgingStatusTest::switchingMergeRequestReadsTheFiguresOnce()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("once.rdw")), true));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    const qint64 mr = addReviewedMergeRequest(*session.store(), QStringLiteral("topic"), {commentAt(QStringLiteral("a.c"), 1, QStringLiteral("leak"))});
    QVERIFY(mr);
    JudgingStatus status(&session);
    QTRY_COMPARE(status.figuresRead(), 1);
    QVERIFY(session.openMergeRequest(mr)); // mergeRequestChanged, commentsChanged, progressChanged, ...
    QTRY_COMPARE(status.figuresRead(), 2);
    // Nothing else is queued: the burst was read once.
    QCoreApplication::processEvents();
    QCOMPARE(status.figuresRead(), 2);
}

void JudgingStatusTest::figuresShowTheOpenedMergeRequestAfterTheBurst()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("text.rdw")), true));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    const qint64 mr = addReviewedMergeRequest(*session.store(), QStringLiteral("topic"),
                                              {commentAt(QStringLiteral("a.c"), 1, QStringLiteral("leak")), commentAt(QStringLiteral("a.c"), 2, QStringLiteral("race"))});
    JudgingStatus status(&session);
    QVERIFY(session.openMergeRequest(mr));
    QTRY_VERIFY2(status.text().startsWith(JudgingStatus::tr("%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4", nullptr, 0).arg(0).arg(2).arg(0).arg(2)), qPrintable(status.text()));
}

// The workspace's figures (a count over all its comments) do not change
// when another merge request is shown: a switch reads only that merge
// request's; a verdict reads both again.
void JudgingStatusTest::switchingMergeRequestKeepsTheWorkspaceFiguresAndAJudgementRereadsThem()
{
    ReviewSession session;
    QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("kept.rdw")), true));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    const qint64 first = addReviewedMergeRequest(*session.store(), QStringLiteral("one"), {commentAt(QStringLiteral("a.c"), 1, QStringLiteral("leak"))});
    const qint64 second = addReviewedMergeRequest(*session.store(), QStringLiteral("two"),
                                                  {commentAt(QStringLiteral("b.c"), 1, QStringLiteral("race")), commentAt(QStringLiteral("b.c"), 2, QStringLiteral("overflow"))});
    QVERIFY(first && second);
    JudgingStatus status(&session);
    QVERIFY(session.openMergeRequest(first));
    QTRY_COMPARE(status.figuresRead(), 2);
    const int workspaceRead = status.workspaceFiguresRead();
    QVERIFY(session.openMergeRequest(second));
    QTRY_COMPARE(status.figuresRead(), 3);
    QCOMPARE(status.workspaceFiguresRead(), workspaceRead);
    QVERIFY2(status.text().startsWith(JudgingStatus::tr("%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4", nullptr, 0).arg(0).arg(2).arg(0).arg(3)), qPrintable(status.text()));
    QVERIFY(session.judging()->judge(test::verdictOf(session.comments().constFirst().id, QStringLiteral("alice"), Verdict::Accept)));
    QTRY_COMPARE(status.workspaceFiguresRead(), workspaceRead + 1);
    QVERIFY2(status.text().startsWith(JudgingStatus::tr("%n decision(s) (%1/%2 comments, with their near-duplicates) · workspace %3/%4", nullptr, 1).arg(1).arg(2).arg(1).arg(3)), qPrintable(status.text()));
}

QTEST_MAIN(JudgingStatusTest)
#include "tst_judgingstatus.moc"
