// Gold-gap triage (issue 35): a comment judged a false positive against
// imported ground truth, answered "yes" by two annotators, becomes a
// reference of the set 'triaged' — precision against it rises while against
// 'original' it stays; a disagreement adds nothing until an adjudicator
// decides; an imported judge's unmatched candidate is queued too; the errata
// export writes each addition in its benchmark's shape. The store keeps the
// queue through `workspace copy` and the upgrade from version 15. Every
// store test runs on SQLite and on PostgreSQL.

#include "RawDb.h"

#include <DatasetExport.h>
#include <Evaluation.h>
#include <GoldTriageQueue.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>

#include <QTemporaryDir>
#include <QTimeZone>
#include <QTest>

#include <nlohmann/json.hpp>

using namespace rd;
using namespace rd::eval;

namespace {

ReviewComment commentAt(const char *id, const char *file, int line, const char *issue)
{
    ReviewComment c;
    c.id = QLatin1String(id);
    c.file = QLatin1String(file);
    c.lineStart = c.lineEnd = line;
    c.issue = QLatin1String(issue);
    c.reviewers = {1};
    return c;
}

std::unique_ptr<SqlWorkspaceStore> openTriageStore(const QString &location)
{
    auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qWarning("%s", qPrintable(store.error().message));
    return store ? std::move(store).value() : nullptr;
}

// One AACR-Bench pull request imported as ground truth (gold at a.cpp:20),
// and a run of one reviewer with a comment on the gold issue (found) and one
// at b.cpp:5 that no gold issue covers (the false positive): precision 1 of 2.
struct TriageWorkspace
{
    std::unique_ptr<SqlWorkspaceStore> store;
    qint64 mr = 0, gold = 0, run = 0, found = 0, falsePositive = 0;

    bool make(const QString &location)
    {
        store = openTriageStore(location);
        if (!store)
            return false;
        DatasetImport import;
        import.format = QStringLiteral("aacr");
        import.source = QStringLiteral("positive_samples.json");
        import.kind = QStringLiteral("ground-truth");
        ImportedMergeRequest pr;
        pr.entry.repository = QStringLiteral("/r");
        pr.entry.base = QStringLiteral("a");
        pr.entry.head = QStringLiteral("b");
        pr.entry.title = QStringLiteral("Cache eviction");
        pr.entry.url = QStringLiteral("https://github.com/owner/app/pull/7");
        pr.dataset = QStringLiteral("aacr-positive");
        pr.record = R"({"change_line_count": 40, "project_main_language": "C++", "source_commit": "a", "target_commit": "b", "githubPrUrl": "https://github.com/owner/app/pull/7", "comments": [], "category": "Bug Fix"})";
        ImportedComment g;
        g.comment = commentAt("g", "a.cpp", 20, "buffer overrun when len == cap");
        g.comment.category = QStringLiteral("Code Defect");
        g.author = QStringLiteral("human");
        g.reference = true;
        g.exchange = R"({"is_ai_comment": false, "note": "buffer overrun when len == cap", "path": "a.cpp", "side": "right", "source_model": "", "from_line": 20, "to_line": 20, "category": "Code Defect", "context": "File Level"})";
        pr.comments << g;
        import.mergeRequests << pr;
        if (!store->importDataset(import))
            return false;
        const auto mrs = store->mergeRequests();
        const auto imported = store->comments();
        if (!mrs || !imported || mrs->isEmpty() || imported->isEmpty())
            return false;
        mr = mrs->first().id;
        gold = imported->first().id;
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.reviewers = 1;
        record.config.minAgreement = 1;
        StoredRun stored;
        stored.mergeRequest = mr;
        stored.record = record.toJson();
        stored.label = QStringLiteral("m");
        const auto id = store->addRun(stored, {commentAt("c1", "a.cpp", 20, "writes past the end of buf"), commentAt("c2", "b.cpp", 5, "the lock is never released on error")});
        if (!id)
            return false;
        run = *id;
        CommentQuery q;
        q.run = run;
        const auto comments = store->comments(q);
        if (!comments)
            return false;
        for (const StoredComment &c : *comments)
            (c.comment.id == QLatin1String("c1") ? found : falsePositive) = c.id;
        return found > 0 && falsePositive > 0;
    }
    Result<Evaluation> evaluate(ReferenceSet set) const
    {
        Options o;
        o.references = set;
        return evaluateWorkspace(*store, o);
    }
    // AACR-Bench line precision of the run at its last stage, as matched / generated.
    std::pair<int, int> precision(ReferenceSet set) const
    {
        const auto e = evaluate(set);
        if (!e)
            return {-1, -1};
        const AacrMetrics m = e->aacr(e->runs.first().group, Stage::Validator);
        return {m.line.precision.part, m.line.precision.whole};
    }
    bool enqueue(const QStringList &annotators)
    {
        TriageQueueOptions o;
        const auto candidates = falsePositivesAgainstGold(*store, o);
        if (!candidates)
            return false;
        QList<TriageItem> items;
        for (const TriageCandidate &c : *candidates)
            items << TriageItem{c.comment, c.mergeRequest, c.run, c.reviewer, c.judges.join(QStringLiteral(", ")), annotators, {}};
        return bool(store->enqueueTriage(items));
    }
    bool answer(const char *annotator, TriageAnswer a) { return bool(store->answerTriage(TriageResponse{falsePositive, QLatin1String(annotator), a, {}})); }
};

TriageItem itemFor(qint64 comment, const QStringList &annotators = {})
{
    TriageItem i;
    i.comment = comment;
    i.annotators = annotators;
    return i;
}

TriageResponse response(qint64 comment, const char *annotator, TriageAnswer a, qint64 ms = 0)
{
    return TriageResponse{comment, QLatin1String(annotator), a, QDateTime::fromMSecsSinceEpoch(ms, QTimeZone::utc())};
}

} // namespace

class GoldTriageTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void agreementNeedsTwoEqualAnswersAndEveryAssignedOne();
    void falsePositiveTriagedYesByTwoBecomesAReference();
    void precisionRisesAgainstTriagedAndStaysAgainstOriginal();
    void disagreementWithoutAdjudicationAddsNothing();
    void answersNameUnknownUnqueuedAndUnassignedComments();
    void laterAnswerReplacesTheEarlierAndSaysWhat();
    void anAnswerTakenBackIsGoneAndTheOthersStay();
    void importedJudgesUnmatchedCandidateIsQueued();
    void errataWriteEachAdditionInItsBenchmarksShape();
    void copyKeepsTheQueueAndItsAnswers();
    void version15WorkspaceUpgradesToTheTriageQueue();

private:
    QString workspace(const QString &name = QStringLiteral("w.rdw")) const { return m_server.isEmpty() ? m_dir->filePath(name) : m_server; }
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_server;
};

void GoldTriageTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void GoldTriageTest::init()
{
    RD_INIT_BACKEND(m_dir, m_server);
}

void GoldTriageTest::agreementNeedsTwoEqualAnswersAndEveryAssignedOne()
{
    const TriageItem open = itemFor(1);
    QCOMPARE(triageStatus(open, {}, {}), TriageStatus::Open);
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Yes)}, {}), TriageStatus::Open);
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Yes), response(1, "b", TriageAnswer::Yes)}, {}), TriageStatus::AgreedYes);
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::No), response(1, "b", TriageAnswer::No)}, {}), TriageStatus::AgreedNo);
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Yes), response(1, "b", TriageAnswer::No)}, {}), TriageStatus::Disagreement);
    // "unsure" never agrees, not even with itself.
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Unsure), response(1, "b", TriageAnswer::Unsure)}, {}), TriageStatus::Disagreement);
    // Another comment's answers do not count.
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Yes), response(2, "b", TriageAnswer::Yes)}, {}), TriageStatus::Open);
    // Three assigned: two yes wait for the third.
    const TriageItem three = itemFor(1, {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
    QCOMPARE(triageStatus(three, {response(1, "a", TriageAnswer::Yes), response(1, "b", TriageAnswer::Yes)}, {}), TriageStatus::Open);
    QCOMPARE(triageStatus(three, {response(1, "a", TriageAnswer::Yes), response(1, "b", TriageAnswer::Yes), response(1, "c", TriageAnswer::Yes)}, {}),
             TriageStatus::AgreedYes);
    // An adjudicator decides, whatever the answers.
    const TriageAdjudication no{1, QStringLiteral("core"), TriageAnswer::No, {}, {}};
    QCOMPARE(triageStatus(open, {response(1, "a", TriageAnswer::Yes), response(1, "b", TriageAnswer::Yes)}, no), TriageStatus::AdjudicatedNo);
    // The reference's provenance: who said yes, and when the later of them did.
    const auto added = triagedReferences({itemFor(1)}, {response(1, "b", TriageAnswer::Yes, 2000), response(1, "a", TriageAnswer::Yes, 5000)}, {});
    QCOMPARE(added.size(), 1);
    QCOMPARE(added.first().annotators, (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    QCOMPARE(added.first().decided.toMSecsSinceEpoch(), 5000);
    QCOMPARE(added.first().method(), QStringLiteral("triage"));
}

void GoldTriageTest::falsePositiveTriagedYesByTwoBecomesAReference()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    const auto candidates = falsePositivesAgainstGold(*w.store, {});
    QVERIFY2(candidates, candidates ? "" : qPrintable(candidates.error().message));
    QCOMPARE(candidates->size(), 1);
    const TriageCandidate &fp = candidates->first();
    QCOMPARE(fp.comment, w.falsePositive);
    QCOMPARE(fp.run, std::optional<qint64>(w.run));
    QCOMPARE(fp.benchmark, QStringLiteral("aacr-bench"));
    QCOMPARE(triagePlace(fp), QStringLiteral("b.cpp:5"));
    QVERIFY(!fp.queued);

    QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
    QVERIFY(w.answer("ann", TriageAnswer::Yes));
    QVERIFY(triagedReferencesOf(*w.store)->isEmpty()); // one answer is no agreement
    QVERIFY(w.answer("bob", TriageAnswer::Yes));
    const auto added = triagedReferencesOf(*w.store);
    QVERIFY(added);
    QCOMPARE(added->size(), 1);
    QCOMPARE(added->first().item.comment, w.falsePositive);
    QCOMPARE(added->first().item.run, std::optional<qint64>(w.run));
    QCOMPARE(added->first().annotators, (QStringList{QStringLiteral("ann"), QStringLiteral("bob")}));
    QVERIFY(added->first().decided.isValid());
    // The set 'triaged' has it as a reference; 'original' has the gold alone.
    const auto triaged = w.evaluate(ReferenceSet::Triaged);
    QVERIFY2(triaged, triaged ? "" : qPrintable(triaged.error().message));
    QList<qint64> ids;
    for (const Item &r : triaged->runs.first().references)
        ids << r.id;
    QCOMPARE(ids, (QList<qint64>{w.gold, w.falsePositive}));
    QCOMPARE(triaged->referenceSet.references, 2);
    QCOMPARE(referenceSetName(triaged->referenceSet.set), QStringLiteral("triaged"));
    QVERIFY(triaged->referenceSet.describe().contains(QStringLiteral("'triaged'")));
    const auto original = w.evaluate(ReferenceSet::Original);
    QVERIFY(original);
    QCOMPARE(original->referenceSet.references, 1);
    QVERIFY(original->referenceSet.describe().contains(QStringLiteral("'original'")));
    // The gold itself is unchanged: the comment is no marked reference.
    QVERIFY(!w.store->comment(w.falsePositive)->reference);
    // Now queued and decided: the queue says so.
    const auto again = falsePositivesAgainstGold(*w.store, {});
    QVERIFY(again->first().queued);
    QCOMPARE(again->first().status, std::optional<TriageStatus>(TriageStatus::AgreedYes));
}

void GoldTriageTest::precisionRisesAgainstTriagedAndStaysAgainstOriginal()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QCOMPARE(w.precision(ReferenceSet::Original), (std::pair{1, 2}));
    QCOMPARE(w.precision(ReferenceSet::Triaged), (std::pair{1, 2})); // nothing triaged yet
    QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
    QVERIFY(w.answer("ann", TriageAnswer::Yes));
    QVERIFY(w.answer("bob", TriageAnswer::Yes));
    QCOMPARE(w.precision(ReferenceSet::Original), (std::pair{1, 2}));
    QCOMPARE(w.precision(ReferenceSet::Triaged), (std::pair{2, 2}));
}

void GoldTriageTest::disagreementWithoutAdjudicationAddsNothing()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
    QVERIFY(w.answer("ann", TriageAnswer::Yes));
    QVERIFY(w.answer("bob", TriageAnswer::No));
    QVERIFY(triagedReferencesOf(*w.store)->isEmpty());
    QCOMPARE(w.precision(ReferenceSet::Triaged), (std::pair{1, 2}));
    QCOMPARE(falsePositivesAgainstGold(*w.store, {})->first().status, std::optional<TriageStatus>(TriageStatus::Disagreement));
    // An adjudicator's yes decides it, with the adjudicator last in the provenance.
    const auto replaced = w.store->adjudicateTriage(TriageAdjudication{w.falsePositive, QStringLiteral("core"), TriageAnswer::Yes, QStringLiteral("a leak on the error path"), {}});
    QVERIFY(replaced);
    QVERIFY(!*replaced);
    const auto added = triagedReferencesOf(*w.store);
    QCOMPARE(added->size(), 1);
    QCOMPARE(added->first().status, TriageStatus::AdjudicatedYes);
    QCOMPARE(added->first().annotators, (QStringList{QStringLiteral("ann"), QStringLiteral("core")}));
    QCOMPARE(w.precision(ReferenceSet::Triaged), (std::pair{2, 2}));
    QCOMPARE(w.precision(ReferenceSet::Original), (std::pair{1, 2}));
}

void GoldTriageTest::answersNameUnknownUnqueuedAndUnassignedComments()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
    const auto unknown = w.store->answerTriage(TriageResponse{9999, QStringLiteral("ann"), TriageAnswer::Yes, {}});
    QVERIFY(!unknown);
    QCOMPARE(unknown.error().kind, Error::Kind::Usage);
    QVERIFY2(unknown.error().message.contains(QStringLiteral("no comment 9999")), qPrintable(unknown.error().message));
    const auto unqueued = w.store->answerTriage(TriageResponse{w.found, QStringLiteral("ann"), TriageAnswer::Yes, {}});
    QVERIFY(!unqueued);
    QVERIFY2(unqueued.error().message.contains(QStringLiteral("is not in the triage queue")), qPrintable(unqueued.error().message));
    const auto unassigned = w.store->answerTriage(TriageResponse{w.falsePositive, QStringLiteral("carol"), TriageAnswer::Yes, {}});
    QVERIFY(!unassigned);
    QVERIFY2(unassigned.error().message.contains(QStringLiteral("assigned for triage to ann, bob, not to carol")), qPrintable(unassigned.error().message));
    QVERIFY(w.store->triageAnswers()->isEmpty()); // nothing of the refused answers was stored
    // Queuing a comment of another merge request's id is refused whole.
    const auto wrong = w.store->enqueueTriage({TriageItem{w.found, w.mr + 1, {}, {}, {}, {}, {}}});
    QVERIFY(!wrong);
    QCOMPARE(w.store->triageQueue()->size(), 1);
}

void GoldTriageTest::laterAnswerReplacesTheEarlierAndSaysWhat()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.enqueue({}));
    const auto first = w.store->answerTriage(TriageResponse{w.falsePositive, QStringLiteral("ann"), TriageAnswer::No, {}});
    QVERIFY(first);
    QVERIFY(!first->replaced);
    const auto second = w.store->answerTriage(TriageResponse{w.falsePositive, QStringLiteral("ann"), TriageAnswer::Yes, {}});
    QVERIFY(second);
    QVERIFY(second->replaced);
    QCOMPARE(second->replaced->answer, TriageAnswer::No);
    const auto answers = w.store->triageAnswers();
    QCOMPARE(answers->size(), 1);
    QCOMPARE(answers->first().answer, TriageAnswer::Yes);
    // Queuing again keeps the answers, and adds nothing new.
    QVERIFY(w.enqueue({}));
    QCOMPARE(w.store->triageAnswers()->size(), 1);
    QCOMPARE(w.store->triageQueue()->size(), 1);
}

// Undo in Judge ▸ Answer Triage…: the annotator's answer goes, the others' stay.
void GoldTriageTest::anAnswerTakenBackIsGoneAndTheOthersStay()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.enqueue({}));
    QVERIFY(w.store->answerTriage(TriageResponse{w.falsePositive, QStringLiteral("ann"), TriageAnswer::Yes, {}}));
    QVERIFY(w.store->answerTriage(TriageResponse{w.falsePositive, QStringLiteral("bob"), TriageAnswer::No, {}}));
    QCOMPARE(*w.store->removeTriageAnswer(QStringLiteral("ann"), w.falsePositive), true);
    const auto answers = w.store->triageAnswers();
    QVERIFY(answers);
    QCOMPARE(answers->size(), 1);
    QCOMPARE(answers->first().annotator, QStringLiteral("bob"));
    QCOMPARE(*w.store->removeTriageAnswer(QStringLiteral("ann"), w.falsePositive), false);
    QCOMPARE(*w.store->removeTriageAnswer(QStringLiteral("nobody"), w.falsePositive), false);
    QCOMPARE(w.store->triageAnswers()->size(), 1);
}

void GoldTriageTest::importedJudgesUnmatchedCandidateIsQueued()
{
    auto store = openTriageStore(workspace());
    QVERIFY(store);
    BenchmarkImport import;
    import.format = QStringLiteral("code-review-bench");
    import.source = QStringLiteral("offline");
    import.judges = {QStringLiteral("openai_gpt-5.2")};
    BenchmarkPullRequest pr;
    pr.entry.url = QStringLiteral("https://github.com/getsentry/sentry/pull/93824");
    pr.entry.repository = QStringLiteral("https://github.com/getsentry/sentry");
    pr.entry.base = QStringLiteral("pull/93824/base");
    pr.entry.head = QStringLiteral("pull/93824/head");
    pr.entry.title = QStringLiteral("Span buffer flush");
    pr.entry.codeLinked = false;
    pr.record = R"({"pr_title": "Span buffer flush", "url": "https://github.com/getsentry/sentry/pull/93824", "comments": [{"comment": "Race on the flush flag", "severity": "High"}]})";
    pr.references << BenchmarkReference{QStringLiteral("Race on the flush flag"), QStringLiteral("High"), R"({"comment": "Race on the flush flag", "severity": "High"})"};
    BenchmarkReview review;
    review.judge = QStringLiteral("openai_gpt-5.2");
    review.reviewer = QStringLiteral("coderabbit");
    review.record = R"({"tp": 1, "fp": 1, "fn": 0})";
    review.candidates << BenchmarkCandidate{QStringLiteral("The flush flag is read without the lock"), {}, 0, CandidateVerdict::Matched, 0, {}};
    review.candidates << BenchmarkCandidate{QStringLiteral("Retries are unbounded when Redis is down"), {}, 0, CandidateVerdict::Unmatched, 1, {}};
    review.matches << BenchmarkMatch{QStringLiteral("The flush flag is read without the lock"), QStringLiteral("Race on the flush flag"), 0.9, QStringLiteral("same race")};
    pr.reviews << review;
    import.pullRequests << pr;
    const auto imported = store->importBenchmark(import);
    QVERIFY2(imported, imported ? "" : qPrintable(imported.error().message));
    const auto candidates = falsePositivesAgainstGold(*store, {});
    QVERIFY2(candidates, candidates ? "" : qPrintable(candidates.error().message));
    QCOMPARE(candidates->size(), 1);
    QCOMPARE(candidates->first().text, QStringLiteral("Retries are unbounded when Redis is down"));
    QCOMPARE(candidates->first().reviewer, QStringLiteral("coderabbit"));
    QCOMPARE(candidates->first().judges, QStringList{QStringLiteral("openai_gpt-5.2")});
    QCOMPARE(candidates->first().benchmark, QStringLiteral("code-review-bench"));
    QVERIFY(!candidates->first().run);
    // Naming runs leaves the imported tools out.
    TriageQueueOptions onlyRuns;
    onlyRuns.runs = {12345};
    QVERIFY(!falsePositivesAgainstGold(*store, onlyRuns)); // no run 12345: an error, not an empty queue
}

void GoldTriageTest::errataWriteEachAdditionInItsBenchmarksShape()
{
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
    QVERIFY(w.answer("ann", TriageAnswer::Yes));
    QVERIFY(w.answer("bob", TriageAnswer::Yes));
    const auto data = loadExportData(*w.store);
    QVERIFY(data);
    QCOMPARE(data->triaged.size(), 1);
    const auto bytes = exportErrata(*data, {});
    QVERIFY(bytes);
    const auto json = nlohmann::ordered_json::parse(bytes->toStdString());
    QCOMPARE(json["references_added"].get<int>(), 1);
    QVERIFY(json["code_review_bench"].empty());
    const auto &prs = json["aacr_bench"];
    QCOMPARE(prs.size(), std::size_t(1));
    // The pull request as positive_samples.json had it, with the addition alone.
    QCOMPARE(prs[0]["githubPrUrl"].get<std::string>(), std::string("https://github.com/owner/app/pull/7"));
    QCOMPARE(prs[0]["change_line_count"].get<int>(), 40);
    QCOMPARE(prs[0]["comments"].size(), std::size_t(1));
    const auto &c = prs[0]["comments"][0];
    for (const char *key : {"is_ai_comment", "note", "path", "side", "source_model", "from_line", "to_line", "category", "context", "triage"})
        QVERIFY2(c.contains(key), key);
    QCOMPARE(c["path"].get<std::string>(), std::string("b.cpp"));
    QCOMPARE(c["from_line"].get<int>(), 5);
    QCOMPARE(c["side"].get<std::string>(), std::string("right"));
    QVERIFY(c["is_ai_comment"].get<bool>());
    QCOMPARE(c["note"].get<std::string>(), std::string("the lock is never released on error"));
    const auto &p = c["triage"];
    QCOMPARE(p["method"].get<std::string>(), std::string("triage"));
    QCOMPARE(p["run"].get<qint64>(), w.run);
    QCOMPARE(p["comment"].get<qint64>(), w.falsePositive);
    QVERIFY(p["annotators"] == nlohmann::ordered_json::array({"ann", "bob"}));
    QCOMPARE(p["decision"].get<std::string>(), std::string("agreed"));
    QVERIFY(!p["decided"].get<std::string>().empty());
}

void GoldTriageTest::copyKeepsTheQueueAndItsAnswers()
{
    const QString from = m_dir->filePath(QStringLiteral("from.rdw"));
    {
        TriageWorkspace w;
        QVERIFY(w.make(from));
        QVERIFY(w.enqueue({QStringLiteral("ann"), QStringLiteral("bob")}));
        QVERIFY(w.answer("ann", TriageAnswer::Yes));
        QVERIFY(w.answer("bob", TriageAnswer::Unsure));
        QVERIFY(w.store->adjudicateTriage(TriageAdjudication{w.falsePositive, QStringLiteral("core"), TriageAnswer::Yes, QStringLiteral("real"), {}}));
    }
    const QString to = workspace(QStringLiteral("to.rdw")); // a file, or the server
    const auto copied = SqlWorkspaceStore::copyWorkspace(from, to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto store = openTriageStore(to);
    QVERIFY(store);
    const auto queue = store->triageQueue();
    QCOMPARE(queue->size(), 1);
    QCOMPARE(queue->first().annotators, (QStringList{QStringLiteral("ann"), QStringLiteral("bob")}));
    QCOMPARE(store->triageAnswers()->size(), 2);
    QCOMPARE(store->triageAdjudications()->first().reason, QStringLiteral("real"));
    QCOMPARE(triagedReferencesOf(*store)->size(), 1);
}

void GoldTriageTest::version15WorkspaceUpgradesToTheTriageQueue()
{
    QVERIFY(SqlWorkspaceStore::createAtVersion(workspace(), 15));
    {
        test::RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), 15);
        QVERIFY(!raw.hasTable(QStringLiteral("triage_items")));
    }
    TriageWorkspace w;
    QVERIFY(w.make(workspace()));
    QCOMPARE(w.store->openedAtVersion(), 15);
    {
        test::RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), SqlWorkspaceStore::SchemaVersion);
        for (const char *table : {"triage_items", "triage_assignments", "triage_answers", "triage_adjudications"})
            QVERIFY2(raw.hasTable(QLatin1String(table)), table);
    }
    QVERIFY(w.enqueue({}));
    QCOMPARE(w.store->triageQueue()->size(), 1);
}

QTEST_GUILESS_MAIN(GoldTriageTest)
#include "tst_goldtriage.moc"
