// TeamService: team ground truth over the session's workspace — groups of
// near-duplicates and group judging, blind mode, assignments and the
// annotator's queue, disagreements and adjudication, agreement — and
// teamChanged after each change is committed.

#include <JudgingService.h>
#include <ReviewSession.h>
#include <TeamService.h>

#include "SessionFixture.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

ReviewComment at(int line, const QString &issue)
{
    return test::commentAt(QStringLiteral("a.cpp"), line, issue);
}

} // namespace

class TeamServiceTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    static qint64 addMergeRequest(ReviewSession &session, const QString &head, const QList<ReviewComment> &comments)
    {
        return test::addReviewedMergeRequest(*session.store(), head, comments);
    }

    std::unique_ptr<ReviewSession> newSession()
    {
        auto session = std::make_unique<ReviewSession>();
        if (!session->openWorkspace(m_dir.filePath(QStringLiteral("t%1.rdw").arg(++m_files)), true))
            return nullptr;
        return session;
    }

private Q_SLOTS:
    void nearDuplicatesAreJudgedAsOneGroupUnlessGroupJudgingIsOff()
    {
        auto session = newSession();
        QVERIFY(session);
        const qint64 mr = addMergeRequest(*session, QStringLiteral("feature"),
                                          {at(10, QStringLiteral("Null pointer dereference of buf")), at(11, QStringLiteral("Null pointer dereference of buf")),
                                           at(60, QStringLiteral("Unrelated typo"))});
        QVERIFY(session->setAnnotator(QStringLiteral("alice")));
        QVERIFY(session->openMergeRequest(mr));
        TeamService *team = session->team();
        const QList<StoredComment> comments = session->comments();
        QCOMPARE(team->groupOf(comments[0].id), (QList<qint64>{comments[0].id, comments[1].id}));
        QCOMPARE(team->groupOf(comments[2].id), QList<qint64>{comments[2].id});
        QCOMPARE(team->groups().size(), 2);

        QVERIFY(session->judging()->setVerdict(comments[0].id, Verdict::Accept));
        QCOMPARE(session->judgement(comments[1].id)->verdict, std::optional<Verdict>(Verdict::Accept)); // its group too

        QSignalSpy changed(team, &TeamService::teamChanged);
        team->setGroupJudging(false);
        QCOMPARE(changed.count(), 1);
        team->setGroupJudging(false); // no change, no signal
        QCOMPARE(changed.count(), 1);
        QVERIFY(session->judging()->setVerdict(comments[0].id, Verdict::Reject));
        QCOMPARE(session->judgement(comments[1].id)->verdict, std::optional<Verdict>(Verdict::Accept));
    }

    void aStricterThresholdRegroupsAndSaysSo()
    {
        auto session = newSession();
        QVERIFY(session);
        const qint64 mr = addMergeRequest(*session, QStringLiteral("feature"),
                                          {at(10, QStringLiteral("Null pointer dereference of buf when size is zero")),
                                           at(11, QStringLiteral("buf: null pointer dereference"))});
        QVERIFY(session->openMergeRequest(mr));
        TeamService *team = session->team();
        team->setGroupThreshold(0.3);
        QCOMPARE(team->groups().size(), 1);
        QSignalSpy changed(team, &TeamService::teamChanged);
        QSignalSpy grouped(team, &TeamService::groupsChanged);
        team->setGroupThreshold(1.0);
        QCOMPARE(team->groupThreshold(), 1.0);
        QCOMPARE(team->groups().size(), 2);
        QCOMPARE(changed.count(), 1);
        QCOMPARE(grouped.count(), 1); // cards name their group
        team->setGroupThreshold(7.0); // clamped to 1: no change
        QCOMPARE(changed.count(), 1);
    }

    void blindModeHidesAnothersJudgementUntilTheAnnotatorHasJudged()
    {
        auto session = newSession();
        QVERIFY(session);
        const qint64 mr = addMergeRequest(*session, QStringLiteral("feature"), {at(10, QStringLiteral("Leaked handle"))});
        QVERIFY(session->setAnnotator(QStringLiteral("alice")));
        QVERIFY(!session->team()->isBlind()); // alone
        QVERIFY(session->openMergeRequest(mr));
        const qint64 comment = session->comments().at(0).id;
        QVERIFY(session->judging()->setVerdict(comment, Verdict::Accept));

        QVERIFY(session->setAnnotator(QStringLiteral("bob")));
        TeamService *team = session->team();
        QVERIFY(team->isBlind()); // two annotators
        QVERIFY(team->visibleJudgementsOf(comment).isEmpty());
        QCOMPARE(team->hiddenJudgementsOf(comment), 1);
        QCOMPARE(session->judgementsOf(comment).size(), 1); // the session holds it all the same
        QVERIFY(session->judging()->setVerdict(comment, Verdict::Reject));
        QCOMPARE(team->visibleJudgementsOf(comment).size(), 2);
        QCOMPARE(team->hiddenJudgementsOf(comment), 0);

        QSignalSpy changed(team, &TeamService::teamChanged);
        QVERIFY(team->setBlindMode(false));
        QCOMPARE(changed.count(), 1);
        QVERIFY(!team->isBlind());
        QCOMPARE(*session->store()->teamSetting(QStringLiteral("blind_mode")), std::optional<QString>(QStringLiteral("off")));
    }

    void theQueueLeadsToTheAssignedMergeRequest()
    {
        auto session = newSession();
        QVERIFY(session);
        const qint64 first = addMergeRequest(*session, QStringLiteral("one"), {at(10, QStringLiteral("Leaked handle"))});
        const qint64 second = addMergeRequest(*session, QStringLiteral("two"), {at(20, QStringLiteral("Off by one"))});
        QVERIFY(session->setAnnotator(QStringLiteral("alice")));
        TeamService *team = session->team();
        QCOMPARE(team->nextUnjudged()->mergeRequest, first); // nothing assigned: every merge request, by id
        QSignalSpy changed(team, &TeamService::teamChanged);
        QVERIFY(team->assign(second, {QStringLiteral("alice")}));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(team->assignedAnnotators(second), QStringList{QStringLiteral("alice")});
        QVERIFY(team->assignedAnnotators(first).isEmpty());
        QCOMPARE(team->nextUnjudged()->mergeRequest, second);
    }

    void anAdjudicationSettlesADisagreement()
    {
        auto session = newSession();
        QVERIFY(session);
        const qint64 mr = addMergeRequest(*session, QStringLiteral("feature"), {at(10, QStringLiteral("Leaked handle"))});
        const qint64 comment = session->store()->comments()->constFirst().id;
        QVERIFY(session->store()->judge(test::verdictOf(comment, QStringLiteral("alice"), Verdict::Accept)));
        QVERIFY(session->store()->judge(test::verdictOf(comment, QStringLiteral("bob"), Verdict::Reject)));
        QVERIFY(session->setAnnotator(QStringLiteral("carol")));
        QVERIFY(session->openMergeRequest(mr));
        TeamService *team = session->team();
        QCOMPARE(team->pendingDisagreements(), QList<qint64>{comment});
        QCOMPARE(team->finalLabelOf(comment).status, FinalLabel::Status::Disagreement);
        QCOMPARE(team->annotatorNames(), (QStringList{QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}));
        QCOMPARE(team->agreement(QStringLiteral("alice"), QStringLiteral("bob")).overall.constFirst().items, 1);

        QSignalSpy changed(team, &TeamService::teamChanged);
        QSignalSpy adjudicated(team, &TeamService::adjudicated);
        Adjudication a;
        a.comment = comment;
        a.verdict = Verdict::Accept;
        a.reason = QStringLiteral("The handle leaks on the error path");
        QVERIFY(team->adjudicate(a));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(adjudicated.count(), 1);
        QCOMPARE(adjudicated.first().first().toLongLong(), comment);
        QCOMPARE(team->adjudicationOf(comment)->adjudicator, QStringLiteral("carol"));
        QVERIFY(team->pendingDisagreements().isEmpty());
        QCOMPARE(team->disagreements(), QList<qint64>{comment});
        QCOMPARE(team->finalLabelOf(comment).status, FinalLabel::Status::Adjudicated);
        QCOMPARE(team->judgementsForAdjudication(comment).size(), 2);
    }

    void withoutAWorkspaceChangesAreRefused()
    {
        ReviewSession session;
        QSignalSpy changed(session.team(), &TeamService::teamChanged);
        QVERIFY(!session.team()->setBlindMode(true));
        QVERIFY(!session.team()->assign(1, {QStringLiteral("alice")}));
        QVERIFY(!session.team()->adjudicate(Adjudication{}));
        QVERIFY(changed.isEmpty());
        QVERIFY(!session.team()->nextUnjudged());
        QVERIFY(session.team()->annotatorNames().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TeamServiceTest)
#include "tst_teamservice.moc"
