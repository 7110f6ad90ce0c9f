// Ground truth by a team (issue 11): grouping of near-duplicates, Cohen's
// kappa against hand-computed values, final labels, the store's
// assignments, adjudications and group steps, and the session's blind mode,
// group judging, queue and pending disagreements.

#include "SessionFixture.h"

#include <Agreement.h>
#include <FixtureRepo.h>
#include <JudgingService.h>
#include <TeamService.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <TeamAnnotation.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

ReviewComment at(const QString &file, const QString &side, int from, int to, const QString &issue)
{
    ReviewComment c;
    c.file = file;
    c.side = side;
    c.lineStart = from;
    c.lineEnd = to;
    c.issue = issue;
    return c;
}

StoredComment stored(qint64 id, qint64 mr, const ReviewComment &c)
{
    StoredComment s;
    s.id = id;
    s.mergeRequest = mr;
    s.comment = c;
    return s;
}

QList<std::pair<Judgement, Judgement>> verdictPairs(const QList<std::pair<Verdict, Verdict>> &labels)
{
    QList<std::pair<Judgement, Judgement>> out;
    qint64 id = 1;
    for (const auto &[a, b] : labels) {
        out.append({test::verdictOf(id, QStringLiteral("a"), a), test::verdictOf(id, QStringLiteral("b"), b)});
        ++id;
    }
    return out;
}

} // namespace

class TestGroundTruth : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    std::unique_ptr<SqlWorkspaceStore> newStore()
    {
        auto store = SqlWorkspaceStore::open(m_dir.filePath(QStringLiteral("w%1.rdw").arg(++m_files)), SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store)
            qFatal("%s", qPrintable(store.error().message));
        return std::move(store).value();
    }

    static qint64 addMr(WorkspaceStore &store, const QString &head)
    {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/src/app");
        e.base = QStringLiteral("main");
        e.head = head;
        return *store.addMergeRequest(e);
    }

private Q_SLOTS:
    // --- grouping --------------------------------------------------------
    void tokensIgnoreCaseAndPunctuationAndSplitChinese()
    {
        QCOMPARE(issueTokens(QStringLiteral("Null-pointer: NULL buf_len!")), (QSet<QString>{QStringLiteral("null"), QStringLiteral("pointer"), QStringLiteral("buf_len")}));
        QCOMPARE(issueTokens(QStringLiteral("空指针")), (QSet<QString>{QStringLiteral("空"), QStringLiteral("指"), QStringLiteral("针")}));
        QCOMPARE(tokenSimilarity({QStringLiteral("a"), QStringLiteral("b")}, {QStringLiteral("b"), QStringLiteral("c")}), 1.0 / 3.0);
    }

    void nearDuplicatesGroupBySideLinesAndText()
    {
        const QString text = QStringLiteral("Null pointer dereference of buf when size is zero");
        const QList<StoredComment> comments = {
            stored(1, 1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 12, text)),
            stored(2, 1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 13, 13, QStringLiteral("buf: null pointer dereference when size is zero"))), // adjacent line
            stored(3, 1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 14, 15, text)),  // touches 2 only: joins through it
            stored(4, 1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 17, 18, text)),  // a line apart from 3: alone
            stored(5, 1, at(QStringLiteral("a.cpp"), QStringLiteral("old"), 10, 12, text)),  // other side
            stored(6, 1, at(QStringLiteral("b.cpp"), QStringLiteral("new"), 10, 12, text)),  // other file
            stored(7, 1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 11, 11, QStringLiteral("Typo in the comment above"))), // other text
            stored(8, 2, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 10, 12, text)),  // other merge request
        };
        const QList<CandidateGroup> groups = groupCandidates(comments, 0.5);
        QList<QList<qint64>> members;
        for (const CandidateGroup &g : groups)
            members << g.members;
        QCOMPARE(members, (QList<QList<qint64>>{{1, 2, 3}, {4}, {5}, {6}, {7}, {8}}));
        QCOMPARE(groups.constFirst().id, 1);
    }

    void thresholdDecidesTextSimilarity()
    {
        // 4 shared tokens of 6: similarity 0.667.
        const ReviewComment a = at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("leak of the handle"));
        const ReviewComment b = at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("leak of the file handle here"));
        QVERIFY(areNearDuplicates(a, b, 0.66));
        QVERIFY(!areNearDuplicates(a, b, 0.67));
    }

    // --- kappa ------------------------------------------------------------
    void verdictKappaMatchesHandComputation()
    {
        // Rows a, columns b: accept (4, 1, 0), reject (1, 3, 0), unsure (0, 1, 0).
        // p_o = 7/10; marginals a .5 .4 .1, b .5 .5 0: p_e = .25 + .20 = .45;
        // kappa = (.7 - .45) / (1 - .45) = 0.4545...
        using V = Verdict;
        const auto pairs = verdictPairs({{V::Accept, V::Accept}, {V::Accept, V::Accept}, {V::Accept, V::Accept}, {V::Accept, V::Accept},
                                         {V::Accept, V::Reject}, {V::Reject, V::Accept}, {V::Reject, V::Reject}, {V::Reject, V::Reject},
                                         {V::Reject, V::Reject}, {V::Unsure, V::Reject}});
        const LabelAgreement a = labelAgreement(TeamLabel::Verdict, pairs);
        QCOMPARE(a.items, 10);
        QCOMPARE(a.confusion, (QList<QList<int>>{{4, 1, 0}, {1, 3, 0}, {0, 1, 0}}));
        QCOMPARE(a.observed, 0.7);
        QVERIFY(qFuzzyCompare(a.expected, 0.45));
        QVERIFY(a.kappa);
        QVERIFY(qFuzzyCompare(*a.kappa, 0.25 / 0.55));
        QVERIFY(qFuzzyCompare(*a.percent(), 70.0));
        QVERIFY(a.degenerate.isEmpty());
    }

    void severityKappaCountsWithinOneAsAgreement()
    {
        // (3,4) (5,5) (2,6) (7,1): two within ±1, p_o = .5. Each value has
        // marginal 1/4; pairs within ±1 of a's {3,5,2,7} and b's {4,5,6,1}:
        // 3-4, 5-4, 5-5, 5-6, 2-1, 7-6 = 6 of 16, p_e = .375; kappa = .125 / .625 = .2.
        QList<std::pair<Judgement, Judgement>> pairs;
        const int values[][2] = {{3, 4}, {5, 5}, {2, 6}, {7, 1}};
        qint64 id = 1;
        for (const auto &v : values) {
            Judgement a = test::verdictOf(id, QStringLiteral("a"), Verdict::Accept), b = test::verdictOf(id, QStringLiteral("b"), Verdict::Accept);
            a.q3Severity = v[0];
            b.q3Severity = v[1];
            pairs.append({a, b});
            ++id;
        }
        const LabelAgreement s = labelAgreement(TeamLabel::Severity, pairs);
        QCOMPARE(s.items, 4);
        QCOMPARE(s.observed, 0.5);
        QVERIFY(qFuzzyCompare(s.expected, 0.375));
        QVERIFY(s.kappa);
        QVERIFY(qFuzzyCompare(*s.kappa, 0.2));
    }

    void oneValueOnlyIsDegenerateNotDividedByZero()
    {
        // Both say "no key bug" to all three: p_o = p_e = 1, kappa undefined.
        using V = Verdict;
        const auto pairs = verdictPairs({{V::Accept, V::Accept}, {V::Reject, V::Accept}, {V::Accept, V::Reject}});
        const LabelAgreement k = labelAgreement(TeamLabel::KeyBug, pairs);
        QCOMPARE(k.items, 3);
        QCOMPARE(k.observed, 1.0);
        QVERIFY(!k.kappa);
        QCOMPARE(k.degeneracy, LabelAgreement::Degeneracy::OneValue);
        QCOMPARE(k.usedValues, QStringList{QStringLiteral("no")});
        QVERIFY(k.degenerate.contains(QLatin1String("undefined")));
    }

    void noSharedItemsIsDegenerate()
    {
        QList<Judgement> judgements = {test::verdictOf(1, QStringLiteral("a"), Verdict::Accept), test::verdictOf(2, QStringLiteral("b"), Verdict::Reject)};
        const AgreementReport r = computeAgreement(judgements, {{1, 7}, {2, 7}}, QStringLiteral("a"), QStringLiteral("b"));
        QCOMPARE(r.overall.size(), teamLabels().size());
        for (const LabelAgreement &l : r.overall) {
            QCOMPARE(l.items, 0);
            QVERIFY(!l.kappa);
            QVERIFY(!l.percent());
            QCOMPARE(l.degeneracy, LabelAgreement::Degeneracy::NoItems);
        }
        QCOMPARE(r.mergeRequests.size(), 1);
        QCOMPARE(r.mergeRequests.constFirst().mergeRequest, 7);
    }

    void oppositeSingleValuesGiveKappaZero()
    {
        // a always accepts, b always rejects: p_o = 0, p_e = 0, kappa 0 (defined).
        using V = Verdict;
        const LabelAgreement a = labelAgreement(TeamLabel::Verdict, verdictPairs({{V::Accept, V::Reject}, {V::Accept, V::Reject}}));
        QVERIFY(a.kappa);
        QCOMPARE(*a.kappa, 0.0);
    }

    void reportSplitsByMergeRequestAndPrintsJsonAndMarkdown()
    {
        QList<Judgement> js = {test::verdictOf(1, QStringLiteral("a"), Verdict::Accept), test::verdictOf(1, QStringLiteral("b"), Verdict::Accept),
                               test::verdictOf(2, QStringLiteral("a"), Verdict::Accept), test::verdictOf(2, QStringLiteral("b"), Verdict::Reject),
                               test::verdictOf(3, QStringLiteral("a"), Verdict::Reject), test::verdictOf(3, QStringLiteral("c"), Verdict::Reject)};
        const AgreementReport r = computeAgreement(js, {{1, 1}, {2, 2}, {3, 2}}, QStringLiteral("a"), QStringLiteral("b"));
        QCOMPARE(r.overall.constFirst().items, 2);
        QCOMPARE(r.mergeRequests.size(), 2);
        QCOMPARE(r.mergeRequests[0].labels.constFirst().observed, 1.0);
        QCOMPARE(r.mergeRequests[1].labels.constFirst().observed, 0.0);
        const QJsonObject o = QJsonDocument::fromJson(agreementToJson(r)).object();
        QCOMPARE(o.value(QStringLiteral("overall")).toObject().value(QStringLiteral("verdict")).toObject().value(QStringLiteral("items")).toInt(), 2);
        QCOMPARE(o.value(QStringLiteral("merge_requests")).toArray().size(), 2);
        const QString md = agreementToMarkdown(r);
        QVERIFY2(md.contains(QLatin1String("| verdict | 2 | 50.0 % | 0.000 |")), qPrintable(md));
    }

    // --- final labels -------------------------------------------------------
    void finalLabelIsTheAgreedLabelOrTheAdjudicators()
    {
        Judgement a = test::verdictOf(1, QStringLiteral("a"), Verdict::Accept), b = test::verdictOf(1, QStringLiteral("b"), Verdict::Accept);
        a.q3Severity = 5;
        b.q3Severity = 4;
        a.category = QStringLiteral("Code Defect");
        FinalLabel f = finalLabel({a, b});
        QCOMPARE(f.status, FinalLabel::Status::Agreed);
        QCOMPARE(f.verdict, Verdict::Accept);
        QCOMPARE(f.q3Severity, 4);
        QCOMPARE(f.category, QStringLiteral("Code Defect"));
        QCOMPARE(f.annotators, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));

        QCOMPARE(finalLabel({a}).status, FinalLabel::Status::Single);
        QCOMPARE(finalLabel({}).status, FinalLabel::Status::Unjudged);

        b.q3Severity = 2;
        b.context = ContextLevel::File;
        f = finalLabel({a, b});
        QCOMPARE(f.status, FinalLabel::Status::Disagreement);
        QCOMPARE(f.disputed, QList<TeamLabel>{TeamLabel::Severity});
        QVERIFY(!f.verdict);

        Adjudication adj;
        adj.comment = 1;
        adj.adjudicator = QStringLiteral("core");
        adj.verdict = Verdict::Reject;
        adj.reason = QStringLiteral("the check is two lines above");
        f = finalLabel({a, b}, adj);
        QCOMPARE(f.status, FinalLabel::Status::Adjudicated);
        QCOMPARE(f.verdict, Verdict::Reject);
        QCOMPARE(f.disputed, QList<TeamLabel>{TeamLabel::Severity});
        QCOMPARE(f.reason, adj.reason);
    }

    void blindModeHidesOthersUntilTheViewerJudged()
    {
        Judgement mine;
        mine.comment = 1;
        mine.annotator = QStringLiteral("a");
        mine.critique = QStringLiteral("draft");
        const Judgement theirs = test::verdictOf(1, QStringLiteral("b"), Verdict::Reject);
        QCOMPARE(visibleJudgements({mine, theirs}, QStringLiteral("a"), true).size(), 1);
        QCOMPARE(hiddenJudgementCount({mine, theirs}, QStringLiteral("a"), true), 1);
        QCOMPARE(visibleJudgements({mine, theirs}, QStringLiteral("a"), false).size(), 2);
        QCOMPARE(visibleJudgements({mine, theirs}, QString(), true).size(), 2);
        mine.verdict = Verdict::Accept;
        QCOMPARE(visibleJudgements({mine, theirs}, QStringLiteral("a"), true).size(), 2);
        QVERIFY(blindModeFor(std::nullopt, 2));
        QVERIFY(!blindModeFor(std::nullopt, 1));
        QVERIFY(!blindModeFor(false, 3));
    }

    // --- store --------------------------------------------------------------
    void storeMigratesVersionTwoToThree()
    {
        const QString file = m_dir.filePath(QStringLiteral("old.rdw"));
        QVERIFY(SqlWorkspaceStore::createAtVersion(file, 2));
        auto store = SqlWorkspaceStore::open(file);
        QVERIFY2(store, store ? "" : qPrintable(store.error().message));
        QCOMPARE((*store)->openedAtVersion(), 2);
        const qint64 mr = addMr(**store, QStringLiteral("t"));
        QVERIFY((*store)->assign(mr, {QStringLiteral("a"), QStringLiteral("b")}));
        QCOMPARE((*store)->assignments(mr)->size(), 2);
    }

    void assignmentsAddAndKeepExisting()
    {
        auto store = newStore();
        const qint64 mr = addMr(*store, QStringLiteral("t"));
        QVERIFY(store->assign(mr, {QStringLiteral("bob"), QStringLiteral("alice")}));
        QVERIFY(store->assign(mr, {QStringLiteral("alice"), QStringLiteral("carol")}));
        const auto assignments = store->assignments(mr);
        QVERIFY(assignments);
        QStringList names;
        for (const Assignment &a : *assignments)
            names << a.annotator;
        QCOMPARE(names, (QStringList{QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}));
        QVERIFY(store->unassign(mr, QStringLiteral("bob")));
        QCOMPARE(store->assignments(mr)->size(), 2);
        const auto missing = store->assign(mr + 100, {QStringLiteral("alice")});
        QVERIFY(!missing);
        QCOMPARE(missing.error().kind, Error::Kind::Usage);
    }

    void adjudicationNeedsAReasonAndReplacesTheEarlierOne()
    {
        auto store = newStore();
        const qint64 mr = addMr(*store, QStringLiteral("t"));
        const qint64 c = *store->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("x")), QStringLiteral("file.json"));
        Adjudication a;
        a.comment = c;
        a.adjudicator = QStringLiteral("core");
        a.verdict = Verdict::Accept;
        QVERIFY(!store->adjudicate(a)); // no reason
        a.reason = QStringLiteral("real overflow");
        a.q3Severity = 9;
        QVERIFY(!store->adjudicate(a)); // severity out of range
        a.q3Severity = 6;
        a.category = QStringLiteral("code defect");
        QVERIFY(store->adjudicate(a));
        a.verdict = Verdict::Reject;
        a.reason = QStringLiteral("on second thought, guarded");
        QVERIFY(store->adjudicate(a));
        const auto all = store->adjudications(mr);
        QCOMPARE(all->size(), 1);
        QCOMPARE(all->constFirst().verdict, Verdict::Reject);
        QCOMPARE(all->constFirst().category, QStringLiteral("Code Defect"));
        QCOMPARE(all->constFirst().reason, QStringLiteral("on second thought, guarded"));
    }

    void groupJudgementIsStoredPerMemberAndUndoneAsOne()
    {
        auto store = newStore();
        const qint64 mr = addMr(*store, QStringLiteral("t"));
        const qint64 c1 = *store->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("x")), QStringLiteral("f"));
        const qint64 c2 = *store->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("x")), QStringLiteral("g"));
        const qint64 c3 = *store->importComment(mr, at(QStringLiteral("b.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("y")), QStringLiteral("g"));
        QVERIFY(store->judge(test::verdictOf(c3, QStringLiteral("a"), Verdict::Unsure)));
        Judgement timed = test::verdictOf(c1, QStringLiteral("a"), Verdict::Accept);
        timed.timeSpentMs = 5000;
        QCOMPARE(store->judgeGroup(timed, {c1, c2})->size(), 2);
        QCOMPARE((*store->judgement(c2, QStringLiteral("a")))->verdict, Verdict::Accept);
        QCOMPARE((*store->judgement(c1, QStringLiteral("a")))->timeSpentMs, 5000);
        QVERIFY(!(*store->judgement(c2, QStringLiteral("a")))->timeSpentMs); // one decision, one duration
        const auto undone = store->undoSteps(QStringLiteral("a"));
        QCOMPARE(undone->size(), 2);
        QVERIFY(!*store->judgement(c1, QStringLiteral("a")));
        QVERIFY(!*store->judgement(c2, QStringLiteral("a")));
        QVERIFY(*store->judgement(c3, QStringLiteral("a"))); // the step before stays
        QCOMPARE(store->redoSteps(QStringLiteral("a"))->size(), 2);
        QCOMPARE((*store->judgement(c1, QStringLiteral("a")))->verdict, Verdict::Accept);
        QCOMPARE(store->undoSteps(QStringLiteral("a"))->size(), 2);
        QCOMPARE(store->undoSteps(QStringLiteral("a"))->size(), 1); // the single step of c3
        // A new step after undo drops the redo steps and their group rows.
        QVERIFY(store->judge(test::verdictOf(c3, QStringLiteral("a"), Verdict::Reject)));
        QVERIFY(store->redoSteps(QStringLiteral("a"))->isEmpty());
    }

    void teamSettingsAreStored()
    {
        auto store = newStore();
        QVERIFY(!*store->teamSetting(QStringLiteral("blind_mode")));
        QVERIFY(store->setTeamSetting(QStringLiteral("blind_mode"), QStringLiteral("off")));
        QVERIFY(store->setTeamSetting(QStringLiteral("blind_mode"), QStringLiteral("on")));
        QCOMPARE(**store->teamSetting(QStringLiteral("blind_mode")), QStringLiteral("on"));
    }

    // --- session ------------------------------------------------------------
    void sessionJudgesGroupsBlindQueuesAndCountsDisagreements()
    {
        ReviewSession session;
        auto owned = newStore();
        WorkspaceStore *store = owned.get();
        const qint64 mr1 = addMr(*store, QStringLiteral("one"));
        const qint64 mr2 = addMr(*store, QStringLiteral("two"));
        const QString text = QStringLiteral("the loop reads past the end of items");
        const qint64 c1 = *store->importComment(mr1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 5, 6, text), QStringLiteral("run-a.json"));
        const qint64 c2 = *store->importComment(mr1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 6, 6, text + QStringLiteral(" here")), QStringLiteral("run-b.json"));
        const qint64 c3 = *store->importComment(mr1, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 30, 30, QStringLiteral("unused include")), QStringLiteral("run-a.json"));
        const qint64 c4 = *store->importComment(mr2, at(QStringLiteral("b.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("leak")), QStringLiteral("run-a.json"));
        QVERIFY(store->assign(mr1, {QStringLiteral("alice"), QStringLiteral("bob")}));
        QVERIFY(store->assign(mr2, {QStringLiteral("alice"), QStringLiteral("bob")}));
        session.setStore(std::move(owned));
        QVERIFY(session.team()->isBlind()); // two annotators, no setting
        QVERIFY(session.setAnnotator(QStringLiteral("bob")));
        QVERIFY(session.openMergeRequest(mr1));
        QCOMPARE(session.team()->groupOf(c1), (QList<qint64>{c1, c2}));
        QCOMPARE(session.team()->groupOf(c3), QList<qint64>{c3});

        // bob judges the group once: both members get it; one undo takes both back.
        QVERIFY(session.judging()->setVerdict(c1, Verdict::Reject));
        QCOMPARE(session.judgement(c2)->verdict, Verdict::Reject);
        QVERIFY(session.judging()->undo());
        QVERIFY(!session.judgement(c1));
        QVERIFY(!session.judgement(c2));
        QVERIFY(session.judging()->redo());
        QCOMPARE(session.judgement(c2)->verdict, Verdict::Reject);

        // alice does not see bob's verdict until she has judged.
        QVERIFY(session.setAnnotator(QStringLiteral("alice")));
        QCOMPARE(session.team()->visibleJudgementsOf(c1).size(), 0);
        QCOMPARE(session.team()->hiddenJudgementsOf(c1), 1);
        const auto next = session.team()->nextUnjudged();
        QVERIFY(next);
        QCOMPARE(next->comment, c1);
        QVERIFY(session.judging()->setVerdict(c1, Verdict::Accept));
        QCOMPARE(session.team()->visibleJudgementsOf(c1).size(), 2);
        QCOMPARE(session.team()->hiddenJudgementsOf(c1), 0);
        QCOMPARE(session.team()->pendingDisagreements(), (QList<qint64>{c1, c2}));
        QCOMPARE(session.team()->finalLabelOf(c1).status, FinalLabel::Status::Disagreement);

        // Her queue goes on at c3, then to the other merge request.
        session.setCurrentComment(c2);
        QCOMPARE(session.team()->nextUnjudged()->comment, c3);
        QVERIFY(session.judging()->setVerdict(c3, Verdict::Accept));
        session.setCurrentComment(c3);
        QCOMPARE(session.team()->nextUnjudged()->mergeRequest, mr2);
        QCOMPARE(session.team()->nextUnjudged()->comment, c4);

        // A third annotator assigned to the merge request who has not judged
        // learns of no disagreement; the adjudicator (not assigned) of both.
        QVERIFY(session.team()->assign(mr1, {QStringLiteral("cy")}));
        QVERIFY(session.setAnnotator(QStringLiteral("cy")));
        QVERIFY(session.team()->pendingDisagreements().isEmpty());
        QVERIFY(session.setAnnotator(QStringLiteral("core")));
        QCOMPARE(session.team()->pendingDisagreements(), (QList<qint64>{c1, c2}));

        // The adjudicator settles c1; c2 is still pending.
        Adjudication a;
        a.comment = c1;
        a.adjudicator = QStringLiteral("core");
        a.verdict = Verdict::Accept;
        a.reason = QStringLiteral("items.size() is not checked");
        QVERIFY(session.team()->adjudicate(a));
        QCOMPARE(session.team()->pendingDisagreements(), QList<qint64>{c2});
        QCOMPARE(session.team()->finalLabelOf(c1).status, FinalLabel::Status::Adjudicated);
        QCOMPARE(session.team()->finalLabelOf(c1).verdict, Verdict::Accept);

        // Blind mode off: bob's judgement of c3 (none) and alice's are visible to anyone.
        QVERIFY(session.team()->setBlindMode(false));
        QVERIFY(!session.team()->isBlind());
        QVERIFY(session.setAnnotator(QStringLiteral("bob")));
        QCOMPARE(session.team()->visibleJudgementsOf(c3).size(), 1);
    }

    // --- command line -------------------------------------------------------
    void cliAssignsAndRefusesBadUsage()
    {
        const QString file = m_dir.filePath(QStringLiteral("cli-assign.rdw"));
        qint64 mr1 = 0, mr2 = 0;
        {
            auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
            QVERIFY(store);
            mr1 = addMr(**store, QStringLiteral("one"));
            mr2 = addMr(**store, QStringLiteral("two"));
        }
        auto out = test::runCli({QStringLiteral("assign"), QStringLiteral("--workspace"), file, QStringLiteral("--annotators"), QStringLiteral("ada,bob"),
                                 QStringLiteral("--mr"), QString::number(mr1)});
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(out.out, QByteArray("merge request 1: ada, bob\n"));
        out = test::runCli({QStringLiteral("assign"), QStringLiteral("--workspace"), file, QStringLiteral("--annotators"), QStringLiteral("cy, ada"),
                            QStringLiteral("--all"), QStringLiteral("--blind"), QStringLiteral("off")});
        QCOMPARE(out.exitCode, 0);
        QCOMPARE(out.out, QByteArray("merge request 1: ada, bob, cy\nmerge request 2: ada, cy\n"));
        // One annotator, both or neither of --mr/--all, a repeated name, an unknown merge request.
        const QList<QStringList> bad = {
            {QStringLiteral("--annotators"), QStringLiteral("ada"), QStringLiteral("--all")},
            {QStringLiteral("--annotators"), QStringLiteral("ada,bob")},
            {QStringLiteral("--annotators"), QStringLiteral("ada,bob"), QStringLiteral("--all"), QStringLiteral("--mr"), QStringLiteral("1")},
            {QStringLiteral("--annotators"), QStringLiteral("ada,ada"), QStringLiteral("--all")},
            {QStringLiteral("--annotators"), QStringLiteral("ada,bob"), QStringLiteral("--all"), QStringLiteral("--blind"), QStringLiteral("maybe")},
            {QStringLiteral("--annotators"), QStringLiteral("ada,bob"), QStringLiteral("--mr"), QStringLiteral("99")},
        };
        for (const QStringList &args : bad) {
            out = test::runCli(QStringList{QStringLiteral("assign"), QStringLiteral("--workspace"), file} + args);
            QVERIFY2(out.exitCode == 2, qPrintable(args.join(QLatin1Char(' ')) + QStringLiteral(": ") + QString::fromUtf8(out.err)));
            QVERIFY(out.err.startsWith("reviewdesk-cli: assign: "));
        }
        auto store = SqlWorkspaceStore::open(file);
        QCOMPARE((*store)->assignments(mr2)->size(), 2);
        QCOMPARE(**(*store)->teamSetting(QStringLiteral("blind_mode")), QStringLiteral("off"));
        out = test::runCli({QStringLiteral("assign"), QStringLiteral("--workspace"), m_dir.filePath(QStringLiteral("none.rdw")), QStringLiteral("--annotators"),
                            QStringLiteral("a,b"), QStringLiteral("--all")});
        QCOMPARE(out.exitCode, 3);
    }

    void cliAgreementAndBlindComments()
    {
        const QString file = m_dir.filePath(QStringLiteral("cli-agreement.rdw"));
        qint64 c1 = 0, c2 = 0;
        {
            auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
            const qint64 mr = addMr(**store, QStringLiteral("one"));
            c1 = *(*store)->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("leak")), QStringLiteral("f.json"));
            c2 = *(*store)->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 9, 9, QStringLiteral("race")), QStringLiteral("f.json"));
            QVERIFY((*store)->judge(test::verdictOf(c1, QStringLiteral("ada"), Verdict::Accept)));
            QVERIFY((*store)->judge(test::verdictOf(c1, QStringLiteral("bob"), Verdict::Accept)));
            QVERIFY((*store)->judge(test::verdictOf(c2, QStringLiteral("bob"), Verdict::Reject)));
        }
        auto out = test::runCli({QStringLiteral("agreement"), QStringLiteral("--workspace"), file, QStringLiteral("--annotators"), QStringLiteral("ada,bob")});
        QCOMPARE(out.exitCode, 0);
        const QJsonObject report = QJsonDocument::fromJson(out.out).object();
        QCOMPARE(report.value(QStringLiteral("pairs")).toArray().size(), 1); // two annotators: one pair beside alpha
        const QJsonObject verdict = report.value(QStringLiteral("pairs")).toArray()[0].toObject().value(QStringLiteral("overall")).toObject().value(QStringLiteral("verdict")).toObject();
        QCOMPARE(verdict.value(QStringLiteral("items")).toInt(), 1);
        QCOMPARE(verdict.value(QStringLiteral("percent_agreement")).toDouble(), 100.0);
        QVERIFY(verdict.value(QStringLiteral("kappa")).isNull()); // both said accept: one value only
        QVERIFY(verdict.value(QStringLiteral("degenerate")).toString().contains(QLatin1String("accept")));
        // Alpha over the one comment both judged: both accepted, one value only.
        const QJsonObject alpha = report.value(QStringLiteral("alpha")).toObject().value(QStringLiteral("overall")).toObject().value(QStringLiteral("verdict")).toObject();
        QCOMPARE(alpha.value(QStringLiteral("units")).toInt(), 1);
        QVERIFY(alpha.value(QStringLiteral("alpha")).isNull());
        out = test::runCli({QStringLiteral("agreement"), QStringLiteral("--workspace"), file, QStringLiteral("--annotators"), QStringLiteral("ada,bob"),
                            QStringLiteral("--format"), QStringLiteral("md")});
        QCOMPARE(out.exitCode, 0);
        QVERIFY(out.out.startsWith("# Agreement: ada and bob"));
        for (const QStringList &args : QList<QStringList>{{QStringLiteral("--annotators"), QStringLiteral("ada")},
                                                           {QStringLiteral("--annotators"), QStringLiteral("ada,zed")},
                                                           {QStringLiteral("--annotators"), QStringLiteral("ada,bob"), QStringLiteral("--format"), QStringLiteral("xml")}}) {
            out = test::runCli(QStringList{QStringLiteral("agreement"), QStringLiteral("--workspace"), file} + args);
            QCOMPARE(out.exitCode, 2);
        }

        // Blind (two annotators, no setting): ada sees bob's judgement of c1 (she judged it), not of c2.
        out = test::runCli({QStringLiteral("comments"), QStringLiteral("--workspace"), file, QStringLiteral("--annotator"), QStringLiteral("ada")});
        QCOMPARE(out.exitCode, 0);
        const QJsonArray comments = QJsonDocument::fromJson(out.out).object().value(QStringLiteral("comments")).toArray();
        QCOMPARE(comments.size(), 2);
        QCOMPARE(comments[0].toObject().value(QStringLiteral("judgements")).toArray().size(), 2);
        QCOMPARE(comments[1].toObject().value(QStringLiteral("judgements")).toArray().size(), 0);
        // Without --annotator (an export), everything.
        out = test::runCli({QStringLiteral("comments"), QStringLiteral("--workspace"), file});
        QCOMPARE(QJsonDocument::fromJson(out.out).object().value(QStringLiteral("comments")).toArray()[1].toObject().value(QStringLiteral("judgements")).toArray().size(), 1);
    }

    void cliGroupsTakeTheThreshold()
    {
        const QString file = m_dir.filePath(QStringLiteral("cli-groups.rdw"));
        {
            auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
            const qint64 mr = addMr(**store, QStringLiteral("one"));
            (*store)->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 1, 1, QStringLiteral("leak of the handle")), QStringLiteral("one.json"));
            (*store)->importComment(mr, at(QStringLiteral("a.cpp"), QStringLiteral("new"), 2, 2, QStringLiteral("leak of the file handle here")), QStringLiteral("two.json"));
        }
        const auto groupsAt = [&file](const QString &threshold) {
            const auto out = test::runCli({QStringLiteral("groups"), QStringLiteral("--workspace"), file, QStringLiteral("--threshold"), threshold});
            return QJsonDocument::fromJson(out.out).object().value(QStringLiteral("groups")).toArray();
        };
        QCOMPARE(groupsAt(QStringLiteral("0.6")).size(), 1);
        QCOMPARE(groupsAt(QStringLiteral("0.6"))[0].toObject().value(QStringLiteral("members")).toArray()[1].toObject().value(QStringLiteral("author")).toString(),
                 QStringLiteral("two.json"));
        QCOMPARE(groupsAt(QStringLiteral("0.7")).size(), 2);
        QCOMPARE(test::runCli({QStringLiteral("groups"), QStringLiteral("--workspace"), file, QStringLiteral("--threshold"), QStringLiteral("1.5")}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestGroundTruth)
#include "tst_groundtruth.moc"
