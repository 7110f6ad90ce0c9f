// The window's comparison of reviewers (issue 34): ComparisonJob compares
// the workspace on a worker thread and hands back what compareWorkspace()
// gives for the same request; label filters and the judge change the
// result; a later request wins over one under way; cancelling emits
// nothing; failures are named. On the shared Code Review Bench data, with a
// second judge under which augment finds nothing.

#include <CodeReviewBenchFixture.h>
#include <ComparisonJob.h>
#include <MergeRequestLabels.h>
#include <SqlWorkspaceStore.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

using namespace rd;
using namespace rd::compare;

namespace {

const JudgeBoard *boardOf(const Comparison &c, const QString &judge)
{
    for (const JudgeBoard &b : c.judges)
        if (b.judge == judge)
            return &b;
    return nullptr;
}

const ReviewerStanding *standingOf(const JudgeBoard &board, const QString &reviewer)
{
    for (const ReviewerStanding &s : board.reviewers)
        if (s.reviewer == reviewer)
            return &s;
    return nullptr;
}

ComparisonRequest requestOf(int resamples, const QList<LabelFilter> &filters = {}, std::optional<QString> judge = {})
{
    ComparisonRequest r;
    r.settings.resamples = resamples;
    r.settings.seed = 7;
    r.filters = filters;
    r.judge = judge;
    return r;
}

} // namespace

class ComparisonJobTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void comparesOnAWorkerThreadAsCompareWorkspaceDoes();
    void labelFilterKeepsOnlyTheMergeRequestsWithTheLabel();
    void judgeSwitchGivesThatJudgesBoard();
    void laterRequestWinsOverTheOneUnderWay();
    void cancelledComparisonEmitsNothing();
    void failureNamesTheProblem();

private:
    QTemporaryDir m_dir;
    QString m_workspace;
};

void ComparisonJobTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_workspace = m_dir.filePath(QStringLiteral("bench.rdw"));
    auto imported = test::importCodeReviewBench(m_workspace, m_dir.path(), true);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
}

void ComparisonJobTest::comparesOnAWorkerThreadAsCompareWorkspaceDoes()
{
    ComparisonJob job;
    QList<QThread *> threads;
    // Direct: runs where the job emits it, on the thread that compares.
    connect(&job, &ComparisonJob::progressed, this, [&threads] { threads << QThread::currentThread(); }, Qt::DirectConnection);
    QSignalSpy compared(&job, &ComparisonJob::compared);
    QSignalSpy failed(&job, &ComparisonJob::failed);
    const ComparisonRequest request = requestOf(500);
    job.start(m_workspace, request);
    QVERIFY(job.isRunning());
    QVERIFY(compared.wait(60000));
    QCOMPARE(failed.count(), 0);
    QVERIFY(!job.isRunning());
    QVERIFY(!threads.isEmpty());
    QVERIFY(std::none_of(threads.cbegin(), threads.cend(), [](QThread *t) { return t == QThread::currentThread(); }));
    QVERIFY(job.comparison());
    // Both judges, each with the 12 tools; the figures compareWorkspace() gives.
    const Comparison &c = *job.comparison();
    QCOMPARE(c.judges.size(), 2);
    auto direct = compareWorkspace(m_workspace, request);
    QVERIFY(direct);
    for (const QString &judge : {test::codeReviewBenchJudge(), test::secondBenchJudge()}) {
        const JudgeBoard *board = boardOf(c, judge);
        const JudgeBoard *expected = boardOf(*direct, judge);
        QVERIFY(board && expected);
        QCOMPARE(board->reviewers.size(), 12);
        QCOMPARE(board->mergeRequests, 50);
        for (int i = 0; i < board->reviewers.size(); ++i) {
            QCOMPARE(board->reviewers[i].reviewer, expected->reviewers[i].reviewer);
            QCOMPARE(board->reviewers[i].fBeta.value, expected->reviewers[i].fBeta.value);
            QCOMPARE(board->reviewers[i].fBeta.low, expected->reviewers[i].fBeta.low);
            QCOMPARE(board->reviewers[i].fBeta.high, expected->reviewers[i].fBeta.high);
        }
    }
    QCOMPARE(job.request().settings.resamples, 500);
}

void ComparisonJobTest::labelFilterKeepsOnlyTheMergeRequestsWithTheLabel()
{
    std::optional<int> javaMergeRequests;
    {
        auto store = SqlWorkspaceStore::open(m_workspace);
        QVERIFY(store);
        auto labels = MergeRequestLabels::read(**store);
        QVERIFY(labels);
        javaMergeRequests = labels->valueCounts(QStringLiteral("language")).value(QStringLiteral("Java"));
    }
    QVERIFY(*javaMergeRequests > 0 && *javaMergeRequests < 50);
    ComparisonJob job;
    QSignalSpy compared(&job, &ComparisonJob::compared);
    job.start(m_workspace, requestOf(200, {LabelFilter{QStringLiteral("language"), {QStringLiteral("Java")}}}, test::codeReviewBenchJudge()));
    QVERIFY(compared.wait(60000));
    const JudgeBoard *filtered = boardOf(*job.comparison(), test::codeReviewBenchJudge());
    QVERIFY(filtered);
    QCOMPARE(filtered->mergeRequests, *javaMergeRequests);
    const int filteredTp = standingOf(*filtered, QStringLiteral("augment"))->tp;
    job.start(m_workspace, requestOf(200, {}, test::codeReviewBenchJudge()));
    QVERIFY(compared.wait(60000));
    const JudgeBoard *all = boardOf(*job.comparison(), test::codeReviewBenchJudge());
    QCOMPARE(all->mergeRequests, 50);
    // The upstream leaderboard's augment (docs/comparing.md): 81 found on all 50.
    QCOMPARE(standingOf(*all, QStringLiteral("augment"))->tp, 81);
    QVERIFY(filteredTp < 81);
}

void ComparisonJobTest::judgeSwitchGivesThatJudgesBoard()
{
    ComparisonJob job;
    QSignalSpy compared(&job, &ComparisonJob::compared);
    job.start(m_workspace, requestOf(200, {}, test::secondBenchJudge()));
    QVERIFY(compared.wait(60000));
    QCOMPARE(job.comparison()->judges.size(), 1);
    const JudgeBoard &second = job.comparison()->judges.constFirst();
    QCOMPARE(second.judge, test::secondBenchJudge());
    const ReviewerStanding *augment = standingOf(second, QStringLiteral("augment"));
    QVERIFY(augment);
    QCOMPARE(augment->tp, 0);
    QCOMPARE(*augment->recall.value, 0.0);
    // Under the first judge augment leads on F1.
    job.start(m_workspace, requestOf(200, {}, test::codeReviewBenchJudge()));
    QVERIFY(compared.wait(60000));
    QCOMPARE(job.comparison()->judges.constFirst().reviewers.constFirst().reviewer, QStringLiteral("augment"));
    QCOMPARE(job.comparison()->judges.constFirst().reviewers.constFirst().tp, 81);
}

void ComparisonJobTest::laterRequestWinsOverTheOneUnderWay()
{
    ComparisonJob job;
    QSignalSpy compared(&job, &ComparisonJob::compared);
    QSignalSpy failed(&job, &ComparisonJob::failed);
    job.start(m_workspace, requestOf(100000));
    job.start(m_workspace, requestOf(300, {LabelFilter{QStringLiteral("language"), {QStringLiteral("Go")}}}));
    QVERIFY(compared.wait(120000));
    // One answer, the later request's; nothing more under way.
    QCOMPARE(compared.count(), 1);
    QCOMPARE(failed.count(), 0);
    QVERIFY(!job.isRunning());
    QCOMPARE(job.request().settings.resamples, 300);
    QCOMPARE(job.request().filters.size(), 1);
    QVERIFY(job.comparison()->judges.constFirst().mergeRequests < 50);
}

void ComparisonJobTest::cancelledComparisonEmitsNothing()
{
    ComparisonJob job;
    QSignalSpy compared(&job, &ComparisonJob::compared);
    QSignalSpy failed(&job, &ComparisonJob::failed);
    job.start(m_workspace, requestOf(100000));
    job.cancel(); // returns once the worker has ended: 100,000 resamples per judge would take long
    QVERIFY(!job.isRunning());
    QVERIFY(!job.comparison());
    // The next request is answered, and it is the only answer.
    job.start(m_workspace, requestOf(100));
    QVERIFY(compared.wait(60000));
    QCOMPARE(compared.count(), 1);
    QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.constFirst().constFirst().toString()));
    QCOMPARE(job.request().settings.resamples, 100);
}

void ComparisonJobTest::failureNamesTheProblem()
{
    ComparisonJob job;
    QSignalSpy failed(&job, &ComparisonJob::failed);
    job.start(m_workspace, requestOf(200, {}, QStringLiteral("nobody")));
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.constFirst().constFirst().toString().contains(QStringLiteral("nobody")), qPrintable(failed.constFirst().constFirst().toString()));
    QVERIFY(!job.comparison());
    const QString missing = m_dir.filePath(QStringLiteral("missing.rdw"));
    job.start(missing, requestOf(200));
    QVERIFY(failed.wait(60000));
    QVERIFY2(failed.last().constFirst().toString().contains(QStringLiteral("missing.rdw")), qPrintable(failed.last().constFirst().toString()));
}

QTEST_GUILESS_MAIN(ComparisonJobTest)
#include "tst_comparisonjob.moc"
