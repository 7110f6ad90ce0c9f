// Reference sets that do not move, and adjudication that counts (issue 33,
// item 4): a named snapshot keeps an earlier run's references (and so its
// KBI) while judging a later run moves the live set; an adjudicator's
// Reject removes a key bug the annotators flagged; a key-bug flag disputed
// between annotators and not adjudicated is pending, not a reference;
// category and context are decided in the same order. The snapshots go
// through the upgrade from version 11, `workspace copy` and the AACR-Bench
// export. Every store test runs on SQLite and on PostgreSQL.

#include "RawDb.h"

#include <AacrPositiveSamples.h>
#include <DatasetExchange.h>
#include <DatasetExport.h>
#include <Evaluation.h>
#include <EvaluationReport.h>
#include <ReferenceSnapshots.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>
#include <TeamAnnotation.h>
#include <TestPostgres.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::eval;

namespace {

ReviewComment at(const char *id, const char *file, int line, const char *issue)
{
    ReviewComment c;
    c.id = QLatin1String(id);
    c.file = QLatin1String(file);
    c.lineStart = c.lineEnd = line;
    c.issue = QLatin1String(issue);
    c.reviewers = {1};
    return c;
}

Judgement judgement(qint64 comment, const char *annotator, std::optional<Verdict> verdict, std::optional<bool> keyBug,
                    std::optional<QString> category = {}, std::optional<ContextLevel> context = {})
{
    Judgement j;
    j.comment = comment;
    j.annotator = QLatin1String(annotator);
    j.verdict = verdict;
    j.keyBug = keyBug;
    j.category = category;
    j.context = context;
    return j;
}

Adjudication adjudication(qint64 comment, Verdict verdict, std::optional<bool> keyBug = {}, std::optional<QString> category = {})
{
    Adjudication a;
    a.comment = comment;
    a.adjudicator = QStringLiteral("core");
    a.verdict = verdict;
    a.keyBug = keyBug;
    a.category = category;
    a.reason = QStringLiteral("decided in the weekly meeting");
    return a;
}

std::unique_ptr<SqlWorkspaceStore> openStore(const QString &location)
{
    auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qWarning("%s", qPrintable(store.error().message));
    return store ? std::move(store).value() : nullptr;
}

// The README's worked example (docs/evaluation.md): one merge request with
// an imported reference R at a.cpp:20; run 1 of one reviewer comments on R
// (c1) and elsewhere (c3).
struct Workspace
{
    std::unique_ptr<SqlWorkspaceStore> store;
    qint64 mr = 0, reference = 0;

    bool make(const QString &location)
    {
        store = openStore(location);
        if (!store)
            return false;
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        e.title = QStringLiteral("MR");
        e.url = QStringLiteral("https://github.com/owner/app/pull/1");
        mr = *store->addMergeRequest(e);
        reference = *store->importComment(mr, at("R", "a.cpp", 20, "buffer overrun when len == cap"), QStringLiteral("ground truth"));
        return bool(store->setReference(reference, true));
    }
    // A run of one reviewer; its comments' workspace ids in the order given.
    QList<qint64> addRun(const QList<ReviewComment> &comments)
    {
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.reviewers = 1;
        record.config.minAgreement = 1;
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        const auto id = store->addRun(run, comments);
        QList<qint64> out;
        if (!id)
            return out;
        CommentQuery q;
        q.run = *id;
        const auto stored = store->comments(q);
        for (const ReviewComment &c : comments)
            for (const StoredComment &s : *stored)
                if (s.comment.id == c.id)
                    out << s.id;
        return out;
    }
    // The evaluation of the runs, live or against a snapshot.
    Result<Evaluation> evaluate(const QString &snapshot = {}, const QList<qint64> &runs = {}) const
    {
        Options o;
        o.snapshot = snapshot;
        o.runs = runs;
        return evaluateWorkspace(*store, o);
    }
    Result<ReferenceSnapshot> freeze(const QString &name, ReferenceSet set = ReferenceSet::All)
    {
        return freezeReferences(*store, FreezeRequest{name, set, QStringLiteral("ann")});
    }
};

QList<qint64> referenceIds(const RunEvaluation &run)
{
    QList<qint64> out;
    for (const Item &i : run.references)
        out << i.id;
    return out;
}

} // namespace

class ReferenceSnapshotsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void decidedLabelsTakeTheAdjudicatorsElseTheAgreedElsePending();
    void frozenSnapshotKeepsAnEarlierRunsKbiWhileTheLiveSetMoves();
    void adjudicatedRejectRemovesAKeyBugAnnotatorsFlagged();
    void disputedKeyBugFlagIsPendingUntilAdjudicated();
    void categoryAndContextFollowTheSameOrder();
    void snapshotNamesAreNeverTakenTwiceOrReserved();
    void unknownSnapshotIsAnErrorNamingTheKnownOnes();
    void mergeRequestAddedAfterTheFreezeIsRefused();
    void snapshotKeepsTheTextAndLinesItWasFrozenWith();
    void version11WorkspaceUpgradesAndFreezes();
    void copyKeepsSnapshots();
    void exportWritesTheFrozenReferencesAsPositiveSamples();
    void releasedGroundTruthFrozenAndExportedIsTheSameFile();

private:
    QString workspace(const QString &name = QStringLiteral("w.rdw")) const { return m_server.isEmpty() ? m_dir->filePath(name) : m_server; }
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_server;
};

void ReferenceSnapshotsTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void ReferenceSnapshotsTest::init()
{
    RD_INIT_BACKEND(m_dir, m_server);
}

void ReferenceSnapshotsTest::decidedLabelsTakeTheAdjudicatorsElseTheAgreedElsePending()
{
    const QString defect = QStringLiteral("Code Defect");
    const QString security = QStringLiteral("Security Vulnerability");
    // Agreed: both flag it and file it alike; one annotator alone decides too.
    DecidedLabels agreed = decidedLabels({judgement(1, "a", Verdict::Accept, true, defect), judgement(1, "b", Verdict::Accept, true, defect)});
    QVERIFY(agreed.isKeyBug());
    QCOMPARE(agreed.category.value, std::optional<QString>(defect));
    QVERIFY(decidedLabels({judgement(1, "a", Verdict::Accept, true)}).isKeyBug());
    // A label only one of them set is theirs (the other said nothing of it).
    QVERIFY(decidedLabels({judgement(1, "a", Verdict::Accept, true), judgement(1, "b", Verdict::Accept, std::nullopt)}).isKeyBug());
    // Disputed: the flag is pending, and so is the category; the context they agree on stays decided.
    DecidedLabels disputed = decidedLabels({judgement(1, "a", Verdict::Accept, true, defect, ContextLevel::Diff),
                                            judgement(1, "b", Verdict::Accept, false, security, ContextLevel::Diff)});
    QVERIFY(!disputed.isKeyBug());
    QVERIFY(disputed.keyBug.pending);
    QVERIFY(disputed.category.pending);
    QVERIFY(!disputed.category.value);
    QCOMPARE(disputed.context.value, std::optional<ContextLevel>(ContextLevel::Diff));
    // Flagged by one, rejected by the other: whether it stands is disputed, so is the flag.
    DecidedLabels verdictDisputed = decidedLabels({judgement(1, "a", Verdict::Accept, true), judgement(1, "b", Verdict::Reject, std::nullopt)});
    QVERIFY(verdictDisputed.keyBug.pending);
    QVERIFY(!verdictDisputed.isKeyBug());
    // Adjudicated: the adjudicator's value where they set one...
    DecidedLabels settled = decidedLabels({judgement(1, "a", Verdict::Accept, true, defect), judgement(1, "b", Verdict::Accept, false, security)},
                                          adjudication(1, Verdict::Accept, true, security));
    QVERIFY(settled.isKeyBug());
    QVERIFY(!settled.keyBug.pending);
    QCOMPARE(settled.category.value, std::optional<QString>(security));
    // ...and a Reject removes the flag both annotators set.
    DecidedLabels rejected = decidedLabels({judgement(1, "a", Verdict::Accept, true), judgement(1, "b", Verdict::Accept, true)}, adjudication(1, Verdict::Reject));
    QVERIFY(!rejected.isKeyBug());
    QVERIFY(!rejected.keyBug.pending);
    // An agreed Reject too, whoever flagged it.
    QVERIFY(!decidedLabels({judgement(1, "a", Verdict::Reject, true)}).isKeyBug());
}

// The README's worked example, frozen before run 2: run 2's d1 is later
// judged a key bug. Live, the merge request now has two key issues, so run
// 1's KBI falls from 100 to 50; the snapshot still has one, and run 1 keeps
// KBI 100, as published.
void ReferenceSnapshotsTest::frozenSnapshotKeepsAnEarlierRunsKbiWhileTheLiveSetMoves()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    const QList<qint64> run1 = w.addRun({at("c1", "a.cpp", 20, "writes past the end of buf"), at("c3", "b.cpp", 5, "rename this variable")});
    QCOMPARE(run1.size(), 2);
    const auto before = w.evaluate();
    QVERIFY2(before, before ? "" : qPrintable(before.error().message));
    QCOMPARE(before->runs.first().stages[int(Stage::All)].outcome.keyIssues, 1);
    QCOMPARE(*before->defect(before->groups.first(), Stage::All).kbi, 100.0);
    QVERIFY(before->referenceSet.isLive());
    const auto frozen = w.freeze(QStringLiteral("paper-v1"));
    QVERIFY2(frozen, frozen ? "" : qPrintable(frozen.error().message));
    QCOMPARE(frozen->referenceCount, 1);
    QCOMPARE(frozen->author, QStringLiteral("ann"));
    // Freezing the live set gives the fingerprint the live evaluation printed.
    QCOMPARE(frozen->fingerprint, before->referenceSet.fingerprint);
    QCOMPARE(frozen->fingerprint.size(), 12);

    // Run 2; an annotator flags d1 as a key bug: a new key issue K.
    const QList<qint64> run2 = w.addRun({at("d1", "c.cpp", 40, "session used after it is freed"), at("d2", "b.cpp", 9, "missing const")});
    QCOMPARE(run2.size(), 2);
    QVERIFY(w.store->judge(judgement(run2[0], "ann", Verdict::Accept, true)));

    const auto live = w.evaluate();
    QVERIFY(live);
    const RunEvaluation &liveRun1 = live->runs.first();
    QCOMPARE(referenceIds(liveRun1), (QList<qint64>{w.reference, run2[0]}));
    QCOMPARE(liveRun1.stages[int(Stage::All)].outcome.keyIssues, 2);
    QCOMPARE(liveRun1.stages[int(Stage::All)].outcome.keyIssuesFound, 1);
    QVERIFY(live->referenceSet.fingerprint != frozen->fingerprint);

    const auto pinned = w.evaluate(QStringLiteral("paper-v1"));
    QVERIFY2(pinned, pinned ? "" : qPrintable(pinned.error().message));
    const RunEvaluation &pinnedRun1 = pinned->runs.first();
    QCOMPARE(referenceIds(pinnedRun1), QList<qint64>{w.reference});
    QCOMPARE(pinnedRun1.stages[int(Stage::All)].outcome.keyIssues, 1);
    QCOMPARE(pinnedRun1.stages[int(Stage::All)].outcome.keyIssuesFound, 1);
    // Run 2 against the snapshot: d1 is no reference there, so it finds nothing.
    const RunEvaluation &pinnedRun2 = pinned->runs.last();
    QCOMPARE(pinnedRun2.stages[int(Stage::All)].outcome.keyIssues, 1);
    QCOMPARE(pinnedRun2.stages[int(Stage::All)].outcome.keyIssuesFound, 0);
    // The output names the set: the snapshot, who and when, its fingerprint, and that the live set has moved.
    const ReferenceSetUsed &used = pinned->referenceSet;
    QCOMPARE(used.snapshot, QStringLiteral("paper-v1"));
    QCOMPARE(used.fingerprint, frozen->fingerprint);
    QCOMPARE(used.liveFingerprint, live->referenceSet.fingerprint);
    QCOMPARE(used.liveReferences, 2);
    QVERIFY2(used.describe().contains(QLatin1String("snapshot 'paper-v1'")), qPrintable(used.describe()));
    QVERIFY2(used.describe().contains(QLatin1String("moved")), qPrintable(used.describe()));
    const QJsonObject references = QJsonDocument::fromJson(reportJson(*pinned)).object().value(QStringLiteral("references")).toObject();
    QCOMPARE(references.value(QStringLiteral("set")).toString(), QStringLiteral("snapshot"));
    QCOMPARE(references.value(QStringLiteral("name")).toString(), QStringLiteral("paper-v1"));
    QCOMPARE(references.value(QStringLiteral("author")).toString(), QStringLiteral("ann"));
    QCOMPARE(references.value(QStringLiteral("references")).toInt(), 1);
    QCOMPARE(references.value(QStringLiteral("fingerprint")).toString(), frozen->fingerprint);
    const QJsonObject liveJson = QJsonDocument::fromJson(reportJson(*live)).object().value(QStringLiteral("references")).toObject();
    QCOMPARE(liveJson.value(QStringLiteral("set")).toString(), QStringLiteral("live"));
    QCOMPARE(liveJson.value(QStringLiteral("references")).toInt(), 2);
    // The tables say it first.
    const auto md = tablesReport(*pinned, TableFormat::Markdown, QStringLiteral("stages"));
    QVERIFY(md);
    QVERIFY2(md->startsWith("References: snapshot 'paper-v1' (set 'all', frozen by ann on "), md->constData());
}

// Both annotators accept a comment and flag it a key bug; the adjudicator
// rejects it (the key-bug field left unset). It is no reference: before the
// adjudication it was one.
void ReferenceSnapshotsTest::adjudicatedRejectRemovesAKeyBugAnnotatorsFlagged()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    const QList<qint64> run = w.addRun({at("k", "k.cpp", 7, "races with the writer thread"), at("n", "z.cpp", 1, "style")});
    QCOMPARE(run.size(), 2);
    QVERIFY(w.store->judge(judgement(run[0], "a", Verdict::Accept, true)));
    QVERIFY(w.store->judge(judgement(run[0], "b", Verdict::Accept, true)));
    const auto flagged = w.evaluate();
    QVERIFY(flagged);
    QCOMPARE(referenceIds(flagged->runs.first()), (QList<qint64>{w.reference, run[0]}));
    QVERIFY(w.store->adjudicate(adjudication(run[0], Verdict::Reject)));
    const auto rejected = w.evaluate();
    QVERIFY(rejected);
    QCOMPARE(referenceIds(rejected->runs.first()), QList<qint64>{w.reference});
    QCOMPARE(rejected->referenceSet.pendingKeyBugs, 0);
    // k is now unrelated to any key issue, and no comment is on R: nothing
    // of 1 key issue found, both comments false alarms.
    const MrOutcome &all = rejected->runs.first().stages[int(Stage::All)].outcome;
    QCOMPARE(all.keyIssues, 1);
    QCOMPARE(all.keyIssuesFound, 0);
    QCOMPARE(all.falseAlarms, 2);
}

// One annotator flags the comment a key bug, the other says it is none:
// until an adjudicator decides, it is no reference and eval says one flag
// is pending; the adjudicator's "key bug" makes it one.
void ReferenceSnapshotsTest::disputedKeyBugFlagIsPendingUntilAdjudicated()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    const QList<qint64> run = w.addRun({at("k", "k.cpp", 7, "races with the writer thread"), at("v", "v.cpp", 3, "leaks the handle")});
    QCOMPARE(run.size(), 2);
    QVERIFY(w.store->judge(judgement(run[0], "a", Verdict::Accept, true)));
    QVERIFY(w.store->judge(judgement(run[0], "b", Verdict::Accept, false)));
    // v: flagged by one, rejected by the other.
    QVERIFY(w.store->judge(judgement(run[1], "a", Verdict::Accept, true)));
    QVERIFY(w.store->judge(judgement(run[1], "b", Verdict::Reject, std::nullopt)));
    const auto disputed = w.evaluate();
    QVERIFY(disputed);
    QCOMPARE(referenceIds(disputed->runs.first()), QList<qint64>{w.reference});
    QCOMPARE(disputed->referenceSet.pendingKeyBugs, 2);
    QVERIFY2(disputed->referenceSet.describe().contains(QLatin1String("key-bug flags disputed and not adjudicated (no reference until decided): 2")), qPrintable(disputed->referenceSet.describe()));
    QCOMPARE(QJsonDocument::fromJson(reportJson(*disputed)).object()[QStringLiteral("references")].toObject()[QStringLiteral("pending_key_bugs")].toInt(), 2);
    // A snapshot frozen now keeps the count beside its references.
    const auto frozen = w.freeze(QStringLiteral("with-pending"));
    QVERIFY(frozen);
    QCOMPARE(frozen->pendingKeyBugs(), 2);
    QVERIFY(w.store->adjudicate(adjudication(run[0], Verdict::Accept, true)));
    const auto settled = w.evaluate();
    QVERIFY(settled);
    QCOMPARE(referenceIds(settled->runs.first()), (QList<qint64>{w.reference, run[0]}));
    QCOMPARE(settled->referenceSet.pendingKeyBugs, 1);
    // The snapshot does not move with the adjudication.
    const auto pinned = w.evaluate(QStringLiteral("with-pending"));
    QVERIFY(pinned);
    QCOMPARE(referenceIds(pinned->runs.first()), QList<qint64>{w.reference});
    QCOMPARE(pinned->referenceSet.pendingKeyBugs, 2);
}

// A key-bug reference's category: annotators who disagree leave it pending
// (no category: recall per category counts it under "-"); the adjudicator's
// decides; agreed annotators' is taken.
void ReferenceSnapshotsTest::categoryAndContextFollowTheSameOrder()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    const QList<qint64> run = w.addRun({at("k1", "k.cpp", 7, "races with the writer thread"), at("k2", "m.cpp", 9, "overflows the counter")});
    QCOMPARE(run.size(), 2);
    const QString defect = QStringLiteral("Code Defect");
    const QString security = QStringLiteral("Security Vulnerability");
    QVERIFY(w.store->judge(judgement(run[0], "a", Verdict::Accept, true, defect, ContextLevel::Diff)));
    QVERIFY(w.store->judge(judgement(run[0], "b", Verdict::Accept, true, security, ContextLevel::File)));
    QVERIFY(w.store->judge(judgement(run[1], "a", Verdict::Accept, true, defect, ContextLevel::Repo)));
    QVERIFY(w.store->judge(judgement(run[1], "b", Verdict::Accept, true, defect, ContextLevel::Repo)));
    const auto disputed = w.evaluate();
    QVERIFY(disputed);
    const auto referenceOf = [](const Evaluation &e, qint64 id) {
        for (const Item &i : e.runs.first().references)
            if (i.id == id)
                return i;
        return Item{};
    };
    QCOMPARE(referenceOf(*disputed, run[0]).id, run[0]);
    QCOMPARE(referenceOf(*disputed, run[0]).category, QString());
    QCOMPARE(referenceOf(*disputed, run[0]).context, QString());
    QCOMPARE(referenceOf(*disputed, run[1]).category, defect);
    QCOMPARE(referenceOf(*disputed, run[1]).context, QStringLiteral("Repo Level"));
    QVERIFY(w.store->adjudicate(adjudication(run[0], Verdict::Accept, true, security)));
    const auto settled = w.evaluate();
    QVERIFY(settled);
    QCOMPARE(referenceOf(*settled, run[0]).category, security);
    // The adjudicator left the context unset: the annotators still disagree on it.
    QCOMPARE(referenceOf(*settled, run[0]).context, QString());
}

void ReferenceSnapshotsTest::snapshotNamesAreNeverTakenTwiceOrReserved()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.freeze(QStringLiteral("v1")));
    const auto again = w.freeze(QStringLiteral("v1"));
    QVERIFY(!again);
    QCOMPARE(again.error().kind, Error::Kind::Usage);
    QVERIFY2(again.error().message.contains(QLatin1String("exists already")), qPrintable(again.error().message));
    // The store refuses it too, for any caller.
    ReferenceSnapshot copy;
    copy.name = QStringLiteral("v1");
    copy.referenceSet = QStringLiteral("all");
    copy.author = QStringLiteral("x");
    QCOMPARE(w.store->addReferenceSnapshot(copy).error().kind, Error::Kind::Usage);
    for (const char *reserved : {"all", "aacr", "key-bugs", "live", " "}) {
        const auto refused = w.freeze(QLatin1String(reserved));
        QVERIFY2(!refused, reserved);
        QCOMPARE(refused.error().kind, Error::Kind::Usage);
    }
    QVERIFY(!freezeReferences(*w.store, FreezeRequest{QStringLiteral("v2"), ReferenceSet::All, QStringLiteral("  ")}));
    const auto listed = w.store->referenceSnapshots();
    QVERIFY(listed);
    QCOMPARE(listed->size(), 1);
    QCOMPARE(listed->first().name, QStringLiteral("v1"));
    QCOMPARE(listed->first().referenceCount, 1);
    QCOMPARE(listed->first().mergeRequests.size(), 1);
}

void ReferenceSnapshotsTest::unknownSnapshotIsAnErrorNamingTheKnownOnes()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    QCOMPARE(w.addRun({at("c1", "a.cpp", 20, "x")}).size(), 1);
    auto none = w.evaluate(QStringLiteral("v9"));
    QVERIFY(!none);
    QCOMPARE(none.error().kind, Error::Kind::Usage);
    QVERIFY2(none.error().message.contains(QLatin1String("has none")), qPrintable(none.error().message));
    QVERIFY(w.freeze(QStringLiteral("v1")));
    QVERIFY(w.freeze(QStringLiteral("v2"), ReferenceSet::Aacr));
    auto unknown = w.evaluate(QStringLiteral("v9"));
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().kind, Error::Kind::Usage);
    QVERIFY2(unknown.error().message.contains(QLatin1String("no reference snapshot 'v9' in this workspace (it has: v1, v2)")), qPrintable(unknown.error().message));
}

void ReferenceSnapshotsTest::mergeRequestAddedAfterTheFreezeIsRefused()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    QCOMPARE(w.addRun({at("c1", "a.cpp", 20, "x")}).size(), 1);
    QVERIFY(w.freeze(QStringLiteral("v1")));
    MergeRequestEntry later;
    later.repository = QStringLiteral("/r");
    later.base = QStringLiteral("c");
    later.head = QStringLiteral("d");
    later.title = QStringLiteral("Later MR");
    const qint64 first = w.mr;
    w.mr = *w.store->addMergeRequest(later);
    QCOMPARE(w.addRun({at("e1", "e.cpp", 1, "y")}).size(), 1);
    const auto refused = w.evaluate(QStringLiteral("v1"));
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Usage);
    QVERIFY2(refused.error().message.contains(QLatin1String("Later MR")), qPrintable(refused.error().message));
    // The runs it covers still evaluate against it.
    const auto runs = w.store->runs(first);
    QVERIFY(runs);
    QVERIFY(w.evaluate(QStringLiteral("v1"), {runs->first().id}));
}

// A reference edited after the freeze (text and lines): the snapshot keeps
// what it froze, so a comment on the old line still finds it.
void ReferenceSnapshotsTest::snapshotKeepsTheTextAndLinesItWasFrozenWith()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    QCOMPARE(w.addRun({at("c1", "a.cpp", 20, "writes past the end")}).size(), 1);
    QVERIFY(w.freeze(QStringLiteral("v1")));
    CommentEdit edit;
    edit.issue = QStringLiteral("moved and reworded");
    edit.lineStart = 90;
    edit.lineEnd = 90;
    QVERIFY(w.store->editComment(w.reference, QStringLiteral("ann"), edit));
    const auto live = w.evaluate();
    QVERIFY(live);
    QCOMPARE(live->runs.first().stages[int(Stage::All)].outcome.keyIssuesFound, 0);
    const auto pinned = w.evaluate(QStringLiteral("v1"));
    QVERIFY(pinned);
    QCOMPARE(pinned->runs.first().references.first().text, QStringLiteral("buffer overrun when len == cap"));
    QCOMPARE(pinned->runs.first().references.first().where.from, std::optional<int>(20));
    QCOMPARE(pinned->runs.first().stages[int(Stage::All)].outcome.keyIssuesFound, 1);
}

// A workspace of version 11 opens at 12 with no snapshot, and can freeze one.
void ReferenceSnapshotsTest::version11WorkspaceUpgradesAndFreezes()
{
    QVERIFY(SqlWorkspaceStore::createAtVersion(workspace(), 11));
    {
        test::RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), 11);
        QVERIFY(!raw.hasTable(QStringLiteral("reference_snapshots")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO merge_requests (id, repository, base, head, two_dot, title, description, created)"
                                        " VALUES (1, '/repo', 'main', 'topic', 0, 'Old MR', '', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO comments (id, merge_request, origin, author, file, line_start, line_end, issue, created, is_reference)"
                                        " VALUES (7, 1, 'imported', 'dataset', 'x.c', 3, 3, 'old issue', 0, 1)")));
    }
    auto store = openStore(workspace());
    QVERIFY(store);
    QCOMPARE(store->openedAtVersion(), 11);
    {
        test::RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), SqlWorkspaceStore::SchemaVersion);
        for (const char *table : {"reference_snapshots", "reference_snapshot_merge_requests", "reference_snapshot_items", "reference_snapshot_members"})
            QVERIFY2(raw.hasTable(QLatin1String(table)), table);
    }
    QVERIFY(store->referenceSnapshots()->isEmpty());
    const auto frozen = freezeReferences(*store, FreezeRequest{QStringLiteral("old"), ReferenceSet::All, QStringLiteral("ann")});
    QVERIFY2(frozen, frozen ? "" : qPrintable(frozen.error().message));
    const auto read = store->referenceSnapshot(QStringLiteral("old"));
    QVERIFY(read && *read);
    QCOMPARE((*read)->references.size(), 1);
    QCOMPARE((*read)->references.first().comment, 7);
    QCOMPARE((*read)->references.first().text, QStringLiteral("old issue"));
    QCOMPARE((*read)->fingerprint, frozen->fingerprint);
    QCOMPARE(referenceFingerprint((*read)->references), frozen->fingerprint);
}

// `workspace copy` takes every table: a snapshot (and its key-bug groups)
// reads the same from the copy, from a file to a file or to the server.
void ReferenceSnapshotsTest::copyKeepsSnapshots()
{
    const QString from = m_dir->filePath(QStringLiteral("from.rdw"));
    QString fingerprint;
    {
        Workspace w;
        QVERIFY(w.make(from));
        const QList<qint64> run = w.addRun({at("k1", "k.cpp", 7, "races with the writer thread"), at("k2", "k.cpp", 7, "races with the writer thread")});
        QCOMPARE(run.size(), 2);
        QVERIFY(w.store->judge(judgement(run[0], "a", Verdict::Accept, true)));
        QVERIFY(w.store->judge(judgement(run[1], "a", Verdict::Accept, true)));
        const auto frozen = w.freeze(QStringLiteral("v1"));
        QVERIFY(frozen);
        QCOMPARE(frozen->referenceCount, 2); // R, and one issue for the two near-duplicates
        fingerprint = frozen->fingerprint;
    }
    const QString to = workspace(QStringLiteral("to.rdw"));
    const auto copied = SqlWorkspaceStore::copyWorkspace(from, to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto store = openStore(to);
    QVERIFY(store);
    const auto read = store->referenceSnapshot(QStringLiteral("v1"));
    QVERIFY(read && *read);
    QCOMPARE((*read)->fingerprint, fingerprint);
    QCOMPARE(referenceFingerprint((*read)->references), fingerprint);
    QCOMPARE((*read)->author, QStringLiteral("ann"));
    QCOMPARE((*read)->references.size(), 2);
    QCOMPARE((*read)->references.last().members.size(), 2);
    Options o;
    o.snapshot = QStringLiteral("v1");
    const auto e = evaluateWorkspace(*store, o);
    QVERIFY2(e, e ? "" : qPrintable(e.error().message));
    QCOMPARE(e->referenceSet.fingerprint, fingerprint);
}

// `references export`: the frozen references as AACR-Bench positive
// samples, read back by the importer's reader with the frozen lines even
// after the live comment moved.
void ReferenceSnapshotsTest::exportWritesTheFrozenReferencesAsPositiveSamples()
{
    Workspace w;
    QVERIFY(w.make(workspace()));
    const QList<qint64> run = w.addRun({at("k", "k.cpp", 7, "races with the writer thread")});
    QCOMPARE(run.size(), 1);
    QVERIFY(w.store->judge(judgement(run[0], "a", Verdict::Accept, true, QStringLiteral("Code Defect"), ContextLevel::File)));
    QVERIFY(w.freeze(QStringLiteral("v1")));
    CommentEdit edit;
    edit.lineStart = 99;
    edit.lineEnd = 99;
    QVERIFY(w.store->editComment(w.reference, QStringLiteral("ann"), edit));
    const auto snapshot = w.store->referenceSnapshot(QStringLiteral("v1"));
    QVERIFY(snapshot && *snapshot);
    const auto data = loadExportData(*w.store);
    QVERIFY(data);
    const auto bytes = exportAacrReferences(*data, (*snapshot)->references);
    QVERIFY2(bytes, bytes ? "" : qPrintable(bytes.error().message));
    const auto prs = readAacrPositiveSamples(*bytes, QStringLiteral("v1.json"));
    QVERIFY2(prs, prs ? "" : qPrintable(prs.error().message));
    QCOMPARE(prs->size(), 1);
    QCOMPARE(prs->first().references.size(), 2);
    QList<int> lines;
    QStringList categories;
    for (const Item &r : prs->first().references) {
        lines << r.where.from.value_or(-1);
        categories << r.category;
    }
    std::sort(lines.begin(), lines.end());
    QCOMPARE(lines, (QList<int>{7, 20}));
    QVERIFY(categories.contains(QStringLiteral("Code Defect")));
}

// AACR-Bench's 196 pull requests imported as ground truth, frozen and
// exported again: byte for byte the released positive_samples.json (each
// pull request and comment written back from the record it was read from).
void ReferenceSnapshotsTest::releasedGroundTruthFrozenAndExportedIsTheSameFile()
{
    const QString file = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/aacr-bench/positive_samples.json");
    QFile released(file);
    QVERIFY(released.open(QIODevice::ReadOnly));
    auto store = openStore(workspace());
    QVERIFY(store);
    AacrImportOptions options;
    options.kind = QStringLiteral("ground-truth");
    const auto imported = importAacrFile(*store, file, options);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
    const auto frozen = freezeReferences(*store, FreezeRequest{QStringLiteral("aacr-v1.0"), ReferenceSet::All, QStringLiteral("ann")});
    QVERIFY2(frozen, frozen ? "" : qPrintable(frozen.error().message));
    QCOMPARE(frozen->mergeRequests.size(), 196);
    QCOMPARE(frozen->referenceCount, 1505);
    const auto snapshot = store->referenceSnapshot(QStringLiteral("aacr-v1.0"));
    QVERIFY(snapshot && *snapshot);
    const auto data = loadExportData(*store);
    QVERIFY(data);
    const auto bytes = exportAacrReferences(*data, (*snapshot)->references);
    QVERIFY(bytes);
    QVERIFY(*bytes == released.readAll());
}

QTEST_GUILESS_MAIN(ReferenceSnapshotsTest)
#include "tst_referencesnapshots.moc"
