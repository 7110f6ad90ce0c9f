// The status bar's progress: its figures (two counts over the workspace's
// comments, the median decision time) are read once per burst of the
// session's signals, not once per signal; on a 200,000-comment workspace each
// reading is a scan (bench_window found three to seven per switch).

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
    QTRY_VERIFY2(status.text().startsWith(JudgingStatus::tr("Judged %1/%2 · workspace %3/%4").arg(0).arg(2).arg(0).arg(2)), qPrintable(status.text()));
}

QTEST_MAIN(JudgingStatusTest)
#include "tst_judgingstatus.moc"
