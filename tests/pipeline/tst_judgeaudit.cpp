// People audit the benchmark judges (issue 34) below the command line:
// decisions in the store (replacement, removal, bad input, migration, copy
// between backends, export), the pairs selected for audit (two judges'
// disagreements, the seeded sample, a single judge's matches and near
// misses), the JudgeAudit model's decide / go on / undo, and the judge's
// accuracy and Cohen's kappa against people in the comparison.

#include <Comparison.h>
#include <ComparisonEvidence.h>
#include <ComparisonReport.h>
#include <DatasetExchange.h>
#include <JudgeAudit.h>
#include <JudgeAuditFixture.h>
#include <JudgeAuditItems.h>
#include <JudgeAuditJson.h>
#include <RawDb.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace rd;

namespace {

bool near(const std::optional<double> &v, double expected, double tolerance = 1e-9)
{
    return v && std::abs(*v - expected) < tolerance;
}

// Audit evidence of one judge: per merge request, the 2x2 table
// {matched & same, matched & different, unmatched & same, unmatched &
// different} of each stratum {disagreement, agreement, near miss, decided}.
compare::AuditEvidence auditEvidenceOf(const QList<QList<compare::AuditEvidence::Cells>> &perMergeRequest, const std::array<int, 4> &strataPairs)
{
    compare::AuditEvidence evidence;
    evidence.judge = QStringLiteral("j");
    for (const QList<compare::AuditEvidence::Cells> &strata : perMergeRequest) {
        compare::AuditEvidence::StrataCells cells{};
        for (qsizetype s = 0; s < strata.size(); ++s)
            cells[size_t(s)] = strata[s];
        evidence.perMergeRequest << cells;
    }
    evidence.strataPairs = strataPairs;
    return evidence;
}

// One merge request with a run of three comments; the third is made a
// reference. Returns {candidate, other candidate, reference}.
struct SmallAudit
{
    qint64 mergeRequest = 0;
    qint64 candidate = 0, other = 0, reference = 0;
    qint64 otherMergeRequestReference = 0;
};

SmallAudit makeSmallAudit(WorkspaceStore &store)
{
    SmallAudit s;
    const auto addOne = [&](const QString &title, int comments) {
        MergeRequestEntry mr;
        mr.repository = QStringLiteral("/repo");
        mr.base = QStringLiteral("main");
        mr.head = title;
        mr.title = title;
        auto id = store.addMergeRequest(mr);
        if (!id)
            qFatal("%s", qPrintable(id.error().message));
        QList<ReviewComment> list;
        for (int i = 0; i < comments; ++i) {
            ReviewComment c;
            c.id = QStringLiteral("c%1").arg(i);
            c.file = QStringLiteral("a.c");
            c.lineStart = c.lineEnd = i + 1;
            c.issue = QStringLiteral("issue %1 of %2").arg(i).arg(title);
            list << c;
        }
        StoredRun run{0, *id, QStringLiteral("r"), QStringLiteral("m"), {}, {}, {}, "{}"};
        if (!store.addRun(run, list))
            qFatal("no run");
        CommentQuery q;
        q.mergeRequest = *id;
        auto stored = store.comments(q);
        std::sort(stored->begin(), stored->end(), [](const StoredComment &a, const StoredComment &b) { return a.id < b.id; });
        if (!store.setReference(stored->last().id, true))
            qFatal("no reference");
        return std::pair{*id, *stored};
    };
    const auto [mr, comments] = addOne(QStringLiteral("first"), 3);
    s.mergeRequest = mr;
    s.candidate = comments[0].id;
    s.other = comments[1].id;
    s.reference = comments[2].id;
    const auto [mr2, comments2] = addOne(QStringLiteral("second"), 2);
    s.otherMergeRequestReference = comments2[1].id;
    return s;
}

JudgeAuditDecision decisionOf(qint64 comment, qint64 reference, AuditDecision d, const QString &annotator = QStringLiteral("ann"))
{
    JudgeAuditDecision out;
    out.comment = comment;
    out.reference = reference;
    out.decision = d;
    out.annotator = annotator;
    return out;
}

const compare::AuditItem *firstOfKind(const compare::AuditItems &items, compare::AuditItemKind kind, int skip = 0)
{
    for (const compare::AuditItem &item : items.items)
        if (item.kind == kind && skip-- == 0)
            return &item;
    return nullptr;
}

} // namespace

class JudgeAuditTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void aDecisionIsStoredReplacedAndTakenBack();
    void badDecisionsAreRefusedNamingTheProblem_data();
    void badDecisionsAreRefusedNamingTheProblem();
    void auditLinesNameTheirBadField_data();
    void auditLinesNameTheirBadField();
    void aWorkspaceOfVersionFifteenTakesDecisionsAfterItsUpgrade();
    void decisionsAreCopiedAndExportedAndReadBack();
    void decisionsWorkOnPostgresqlAndCopyBothWays();
    void twoJudgesDisagreeExactlyOnThePairsOneTurnedDown();
    void theSampleIsSeededReproducibleAndSplitBetweenMatchesAndNearMisses();
    void aSingleJudgeIsAuditedOnItsMatchesAndNearMisses();
    void decidedPairsStayListedWhateverTheSample();
    void theModelDecidesGoesOnAndUndoes();
    void accuracyAndKappaOfAHandComputedTable();
    void accuracyAndKappaAreWeightedByTheStrataInclusionProbabilities();
    void compareReportsTheJudgeAgainstPeopleAndTheAuditedBoard();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<SqlWorkspaceStore> m_store;
};

void JudgeAuditTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    m_store = std::move(*store);
}

void JudgeAuditTest::aDecisionIsStoredReplacedAndTakenBack()
{
    const SmallAudit s = makeSmallAudit(*m_store);
    const auto first = m_store->addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Same));
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    QVERIFY(!first->replaced);
    QVERIFY(m_store->addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Unsure, QStringLiteral("bob"))));
    auto all = m_store->auditDecisions();
    QCOMPARE(all->size(), 2);
    QCOMPARE(all->at(0).annotator, QStringLiteral("ann"));
    QCOMPARE(all->at(0).mergeRequest, s.mergeRequest); // the store's, from the comments
    QCOMPARE(all->at(0).decision, AuditDecision::Same);
    QVERIFY(all->at(0).updated.isValid());
    QCOMPARE(all->at(1).decision, AuditDecision::Unsure);
    // The same annotator on the same pair: replaced, and said so.
    const auto again = m_store->addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Different));
    QVERIFY(again && again->replaced);
    QCOMPARE(again->replaced->decision, AuditDecision::Same);
    all = m_store->auditDecisions();
    QCOMPARE(all->size(), 2);
    QCOMPARE(all->at(0).decision, AuditDecision::Different);
    // Taken back: ann's only.
    QCOMPARE(*m_store->removeAuditDecision(QStringLiteral("ann"), s.candidate, s.reference), true);
    QCOMPARE(*m_store->removeAuditDecision(QStringLiteral("ann"), s.candidate, s.reference), false);
    QCOMPARE(*m_store->removeAuditDecision(QStringLiteral("nobody"), s.candidate, s.reference), false);
    all = m_store->auditDecisions();
    QCOMPARE(all->size(), 1);
    QCOMPARE(all->at(0).annotator, QStringLiteral("bob"));
}

void JudgeAuditTest::badDecisionsAreRefusedNamingTheProblem_data()
{
    QTest::addColumn<int>("which");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty annotator") << 0 << QStringLiteral("annotator's name is empty");
    QTest::newRow("unknown comment") << 1 << QStringLiteral("no comment 9999");
    QTest::newRow("reference that is none") << 2 << QStringLiteral("is not a reference");
    QTest::newRow("reference as candidate") << 3 << QStringLiteral("is a reference, not a reviewer's comment");
    QTest::newRow("other merge request") << 4 << QStringLiteral("belongs to merge request");
    QTest::newRow("wrong merge request given") << 5 << QStringLiteral("not 9999");
    QTest::newRow("same comment twice") << 6 << QStringLiteral("both the candidate and the reference");
}

void JudgeAuditTest::badDecisionsAreRefusedNamingTheProblem()
{
    QFETCH(int, which);
    QFETCH(QString, message);
    const SmallAudit s = makeSmallAudit(*m_store);
    JudgeAuditDecision d = decisionOf(s.candidate, s.reference, AuditDecision::Same);
    switch (which) {
    case 0: d.annotator = QStringLiteral("  "); break;
    case 1: d.comment = 9999; break;
    case 2: d.reference = s.other; break;
    case 3: break; // below: needs a second reference
    case 4: d.reference = s.otherMergeRequestReference; break;
    case 5: d.mergeRequest = 9999; break;
    case 6: d.reference = s.candidate; break;
    }
    if (which == 3) { // a reference named as the candidate, against another reference of its merge request
        QVERIFY(m_store->setReference(s.other, true));
        d.comment = s.reference;
        d.reference = s.other;
    }
    const auto stored = m_store->addAuditDecision(d);
    QVERIFY(!stored);
    QCOMPARE(stored.error().kind, Error::Kind::Usage);
    QVERIFY2(stored.error().message.contains(message), qPrintable(stored.error().message));
    QCOMPARE(m_store->auditDecisions()->size(), 0);
}

void JudgeAuditTest::auditLinesNameTheirBadField_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("not json") << QByteArray("{comment: 1") << QStringLiteral("not JSON");
    QTest::newRow("array") << QByteArray("[1, 2]") << QStringLiteral("not a JSON object");
    QTest::newRow("unknown field") << QByteArray(R"({"comment": 1, "reference": 2, "decision": "same", "verdict": "x"})") << QStringLiteral("unknown field \"verdict\"");
    QTest::newRow("no comment") << QByteArray(R"({"reference": 2, "decision": "same"})") << QStringLiteral("\"comment\" is missing");
    QTest::newRow("text id") << QByteArray(R"({"comment": "1", "reference": 2, "decision": "same"})") << QStringLiteral("\"comment\" must be a comment id");
    QTest::newRow("zero reference") << QByteArray(R"({"comment": 1, "reference": 0, "decision": "same"})") << QStringLiteral("\"reference\" must be a comment id");
    QTest::newRow("no decision") << QByteArray(R"({"comment": 1, "reference": 2})") << QStringLiteral("\"decision\" is missing");
    QTest::newRow("bad decision") << QByteArray(R"({"comment": 1, "reference": 2, "decision": "yes"})") << QStringLiteral("\"decision\" must be \"same\"");
    QTest::newRow("same ids") << QByteArray(R"({"comment": 3, "reference": 3, "decision": "same"})") << QStringLiteral("both comment 3");
    QTest::newRow("bad time") << QByteArray(R"({"comment": 1, "reference": 2, "decision": "same", "updated": "yesterday"})") << QStringLiteral("\"updated\" must be a time");
    QTest::newRow("empty annotator") << QByteArray(R"({"comment": 1, "reference": 2, "decision": "same", "annotator": ""})") << QStringLiteral("\"annotator\" must be a name");
}

void JudgeAuditTest::auditLinesNameTheirBadField()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, message);
    const auto parsed = parseAuditLine(line);
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().message.contains(message), qPrintable(parsed.error().message));
    // And a good one, with null to take a decision back.
    const auto good = parseAuditLine(R"({"comment": 1, "reference": 2, "decision": null, "merge_request": 4})");
    QVERIFY(good && good->remove && good->decision.mergeRequest == 4);
}

void JudgeAuditTest::aWorkspaceOfVersionFifteenTakesDecisionsAfterItsUpgrade()
{
    const QString path = m_dir->filePath(QStringLiteral("old.rdw"));
    QVERIFY(SqlWorkspaceStore::createAtVersion(path, 15));
    QVERIFY(!test::RawDb(path).hasTable(QStringLiteral("judge_audit_decisions")));
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    QCOMPARE((*store)->openedAtVersion(), 15);
    QVERIFY(test::RawDb(path).hasTable(QStringLiteral("judge_audit_decisions")));
    const SmallAudit s = makeSmallAudit(**store);
    QVERIFY((*store)->addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Same)));
    QCOMPARE((*store)->auditDecisions()->size(), 1);
}

void JudgeAuditTest::decisionsAreCopiedAndExportedAndReadBack()
{
    const SmallAudit s = makeSmallAudit(*m_store);
    QVERIFY(m_store->addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Same)));
    QVERIFY(m_store->addAuditDecision(decisionOf(s.other, s.reference, AuditDecision::Different, QStringLiteral("bob"))));
    const QString to = m_dir->filePath(QStringLiteral("copy.rdw"));
    const auto copied = SqlWorkspaceStore::copyWorkspace(m_store->location(), to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto copy = SqlWorkspaceStore::open(to);
    QVERIFY(copy);
    const auto original = m_store->auditDecisions();
    const auto again = (*copy)->auditDecisions();
    QCOMPARE(again->size(), 2);
    for (qsizetype i = 0; i < original->size(); ++i)
        QCOMPARE(auditDecisionToJson(again->at(i)), auditDecisionToJson(original->at(i)));

    // Exported as JSON Lines; each line read back (as `audit` does) into a
    // copy without decisions gives the same decisions, times included.
    const auto written = exportToFile(*m_store, QStringLiteral("audit-decisions"), m_dir->filePath(QStringLiteral("audit.jsonl")), std::nullopt, std::nullopt, 2);
    QVERIFY2(written, written ? "" : qPrintable(written.error().message));
    QFile f(*written);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 2);
    const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
    QCOMPARE(first.value(QStringLiteral("comment")).toInteger(), s.candidate);
    QCOMPARE(first.value(QStringLiteral("reference")).toInteger(), s.reference);
    QCOMPARE(first.value(QStringLiteral("decision")).toString(), QStringLiteral("same"));
    QCOMPARE(first.value(QStringLiteral("annotator")).toString(), QStringLiteral("ann"));
    for (const QByteArray &line : lines)
        QVERIFY((*copy)->removeAuditDecision(QJsonDocument::fromJson(line).object().value(QStringLiteral("annotator")).toString(),
                                             QJsonDocument::fromJson(line).object().value(QStringLiteral("comment")).toInteger(),
                                             QJsonDocument::fromJson(line).object().value(QStringLiteral("reference")).toInteger()));
    QCOMPARE((*copy)->auditDecisions()->size(), 0);
    for (const QByteArray &line : lines) {
        const auto parsed = parseAuditLine(line);
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
        QVERIFY((*copy)->addAuditDecision(parsed->decision));
    }
    const auto readBack = (*copy)->auditDecisions();
    for (qsizetype i = 0; i < original->size(); ++i)
        QCOMPARE(auditDecisionToJson(readBack->at(i)), auditDecisionToJson(original->at(i)));
}

void JudgeAuditTest::decisionsWorkOnPostgresqlAndCopyBothWays()
{
    QString server;
    RD_REQUIRE_POSTGRES(server);
    auto opened = SqlWorkspaceStore::open(server, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    SqlWorkspaceStore &pg = **opened;
    const SmallAudit s = makeSmallAudit(pg);
    QVERIFY(pg.addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Same)));
    const auto replaced = pg.addAuditDecision(decisionOf(s.candidate, s.reference, AuditDecision::Unsure));
    QVERIFY(replaced && replaced->replaced && replaced->replaced->decision == AuditDecision::Same);
    QVERIFY(!pg.addAuditDecision(decisionOf(s.candidate, s.otherMergeRequestReference, AuditDecision::Same)));
    QVERIFY(pg.addAuditDecision(decisionOf(s.other, s.reference, AuditDecision::Different, QStringLiteral("bob"))));
    QVERIFY(*pg.removeAuditDecision(QStringLiteral("bob"), s.other, s.reference));
    QVERIFY(pg.addAuditDecision(decisionOf(s.other, s.reference, AuditDecision::Different, QStringLiteral("bob"))));
    QCOMPARE(pg.auditDecisions()->size(), 2);
    const QString file = m_dir->filePath(QStringLiteral("from-server.rdw"));
    QVERIFY(SqlWorkspaceStore::copyWorkspace(server, file));
    QString back;
    RD_REQUIRE_POSTGRES(back);
    QVERIFY(SqlWorkspaceStore::copyWorkspace(file, back));
    auto returned = SqlWorkspaceStore::open(back);
    QVERIFY(returned);
    const auto before = pg.auditDecisions();
    const auto after = (*returned)->auditDecisions();
    QCOMPARE(after->size(), before->size());
    for (qsizetype i = 0; i < before->size(); ++i)
        QCOMPARE(auditDecisionToJson(after->at(i)), auditDecisionToJson(before->at(i)));
}

void JudgeAuditTest::twoJudgesDisagreeExactlyOnThePairsOneTurnedDown()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), true);
    QVERIFY(bench.disagreements > 10); // augment matched something on the pull requests turned down
    const QString problem = test::importAuditBenchmark(*m_store, bench.folder);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const auto items = compare::auditItems(*m_store, {0, 1});
    QVERIFY2(items, items ? "" : qPrintable(items.error().message));
    QCOMPARE(items->judges, (QStringList{QStringLiteral("openai_gpt-5.2"), QStringLiteral("second")}));
    QCOMPARE(items->disagreements, bench.disagreements);
    QCOMPARE(items->items.size(), bench.disagreements); // sample 0: the disagreements only
    QCOMPARE(items->sampled, 0);
    for (const compare::AuditItem &item : items->items) {
        QCOMPARE(item.kind, compare::AuditItemKind::Disagreement);
        QCOMPARE(item.reviewer, QStringLiteral("augment"));
        QCOMPARE(item.judges.size(), 2);
        QCOMPARE(item.judges[0].judge, QStringLiteral("openai_gpt-5.2"));
        QVERIFY(item.judges[0].matched);
        QVERIFY(!item.judges[0].reasoning.isEmpty()); // the judge's own words
        QVERIFY(item.judges[0].confidence.has_value());
        QVERIFY(!item.judges[1].matched);
        QCOMPARE(item.judges[1].verdict, QStringLiteral("unmatched"));
        QVERIFY(!item.candidateText.isEmpty());
        QVERIFY(!item.referenceText.isEmpty());
        QVERIFY(!item.severity.isEmpty());
        QVERIFY(item.mergeRequestUrl.startsWith(QStringLiteral("https://github.com/")));
    }
    // Agreements: every other pair either judge matched.
    int matchedByFirst = 0;
    const auto firstReviews = m_store->judgedReviews(QStringLiteral("openai_gpt-5.2"));
    QVERIFY(firstReviews);
    for (const JudgedReview &r : *firstReviews)
        if (!r.skipped)
            matchedByFirst += int(r.matches.size());
    QCOMPARE(items->agreements, matchedByFirst - bench.disagreements);
}

void JudgeAuditTest::theSampleIsSeededReproducibleAndSplitBetweenMatchesAndNearMisses()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), true);
    QVERIFY(test::importAuditBenchmark(*m_store, bench.folder).isEmpty());
    const auto keys = [](const compare::AuditItems &items) {
        QList<std::pair<qint64, qint64>> out;
        for (const compare::AuditItem &item : items.items)
            if (item.kind != compare::AuditItemKind::Disagreement)
                out.append({item.comment, item.reference});
        return out;
    };
    const auto a = compare::auditItems(*m_store, {11, 7});
    const auto b = compare::auditItems(*m_store, {11, 7});
    const auto c = compare::auditItems(*m_store, {11, 8});
    QVERIFY(a && b && c);
    QCOMPARE(a->sampled, 11);
    QCOMPARE(a->items.size(), bench.disagreements + 11);
    QCOMPARE(keys(*a), keys(*b));
    QVERIFY(keys(*a) != keys(*c));
    int agreements = 0, nearMisses = 0;
    for (const compare::AuditItem &item : a->items) {
        if (item.kind == compare::AuditItemKind::Agreement) {
            ++agreements;
            for (const compare::JudgeOnPair &j : item.judges)
                QVERIFY(j.matched);
        } else if (item.kind == compare::AuditItemKind::NearMiss) {
            ++nearMisses;
            for (const compare::JudgeOnPair &j : item.judges)
                QVERIFY(!j.matched);
            QVERIFY(compare::wordOverlap(item.candidateText, item.referenceText) > 0);
        }
    }
    QCOMPARE(agreements, 6); // half of 11, rounded up
    QCOMPARE(nearMisses, 5);
    // The draw: k distinct indices below n, ascending, the same for one seed.
    const QList<int> drawn = compare::seededDraw(100, 10, 3);
    QCOMPARE(drawn.size(), 10);
    QVERIFY(std::is_sorted(drawn.cbegin(), drawn.cend()));
    QCOMPARE(QSet<int>(drawn.cbegin(), drawn.cend()).size(), 10);
    QVERIFY(drawn.constLast() < 100);
    QCOMPARE(compare::seededDraw(100, 10, 3), drawn);
    QCOMPARE(compare::seededDraw(5, 10, 3), (QList<int>{0, 1, 2, 3, 4}));
    // A negative sample is refused.
    const auto negative = compare::auditItems(*m_store, {-1, 1});
    QVERIFY(!negative);
    QVERIFY2(negative.error().message.contains(QStringLiteral("-1")), qPrintable(negative.error().message));
}

void JudgeAuditTest::aSingleJudgeIsAuditedOnItsMatchesAndNearMisses()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), false);
    QVERIFY(test::importAuditBenchmark(*m_store, bench.folder).isEmpty());
    const auto items = compare::auditItems(*m_store, {8, 1});
    QVERIFY(items);
    QCOMPARE(items->disagreements, 0);
    QCOMPARE(items->items.size(), 8);
    QVERIFY(items->nearMisses > 100);
    int matches = 0;
    for (const compare::AuditItem &item : items->items) {
        QCOMPARE(item.judges.size(), 1);
        if (item.kind == compare::AuditItemKind::Agreement) {
            ++matches;
            QVERIFY(item.judges[0].matched);
            QVERIFY(!item.judges[0].reasoning.isEmpty());
        } else {
            QCOMPARE(item.kind, compare::AuditItemKind::NearMiss);
            QCOMPARE(item.judges[0].verdict, QStringLiteral("unmatched"));
            QVERIFY(item.judges[0].reasoning.isEmpty());
        }
    }
    QCOMPARE(matches, 4);
    // Word overlap is a Jaccard index of words of three letters or more.
    QCOMPARE(compare::wordOverlap(QStringLiteral("The null check is missing"), QStringLiteral("missing NULL check; the crash")), 4.0 / 5.0);
    QCOMPARE(compare::wordOverlap(QStringLiteral("a b c"), QStringLiteral("a b c")), 0.0);
}

void JudgeAuditTest::decidedPairsStayListedWhateverTheSample()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), false);
    QVERIFY(test::importAuditBenchmark(*m_store, bench.folder).isEmpty());
    const auto sampled = compare::auditItems(*m_store, {6, 5});
    QVERIFY(sampled);
    const compare::AuditItem picked = sampled->items.at(2);
    QVERIFY(m_store->addAuditDecision(decisionOf(picked.comment, picked.reference, AuditDecision::Different)));
    const auto none = compare::auditItems(*m_store, {0, 5});
    QVERIFY(none);
    QCOMPARE(none->items.size(), 1);
    QCOMPARE(none->items[0].comment, picked.comment);
    QCOMPARE(none->items[0].kind, picked.kind); // still what it is for the judge
    QCOMPARE(none->items[0].decisionOf(QStringLiteral("ann")), std::optional<AuditDecision>(AuditDecision::Different));
    QVERIFY(!none->items[0].decisionOf(QStringLiteral("bob")));
}

void JudgeAuditTest::theModelDecidesGoesOnAndUndoes()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), true);
    QVERIFY(test::importAuditBenchmark(*m_store, bench.folder).isEmpty());
    QVERIFY(!JudgeAudit::open(*m_store, {QStringLiteral(" "), {4, 1}})); // an annotator is needed
    auto opened = JudgeAudit::open(*m_store, {QStringLiteral("ann"), {4, 1}});
    QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
    JudgeAudit &audit = **opened;
    QCOMPARE(audit.total(), bench.disagreements + 4);
    QCOMPARE(audit.current(), 0);
    QCOMPARE(audit.decided(), 0);
    QVERIFY(!audit.previous());
    const compare::AuditItem first = *audit.currentItem();
    // A: decided, the item stays.
    QVERIFY(audit.decide(AuditDecision::Same));
    QCOMPARE(audit.current(), 0);
    QCOMPARE(audit.decisionAt(0), std::optional<AuditDecision>(AuditDecision::Same));
    QCOMPARE(audit.decided(), 1);
    // Shift+R: decided, then the next undecided.
    QVERIFY(audit.decide(AuditDecision::Different, true));
    QCOMPARE(audit.current(), 1);
    QCOMPARE(audit.decisionAt(0), std::optional<AuditDecision>(AuditDecision::Different));
    QCOMPARE(audit.decided(), 1);
    QVERIFY(audit.decide(AuditDecision::Unsure, true));
    QCOMPARE(audit.current(), 2);
    QCOMPARE(audit.decided(), 2);
    auto stored = m_store->auditDecisions();
    QCOMPARE(stored->size(), 2);
    // Undo: the last decision goes, its item is shown again.
    QVERIFY(*audit.undo());
    QCOMPARE(audit.current(), 1);
    QVERIFY(!audit.decisionAt(1));
    QCOMPARE(m_store->auditDecisions()->size(), 1);
    // Undo of a replacing decision brings the replaced one back.
    QVERIFY(*audit.undo());
    QCOMPARE(audit.current(), 0);
    QCOMPARE(audit.decisionAt(0), std::optional<AuditDecision>(AuditDecision::Same));
    stored = m_store->auditDecisions();
    QCOMPARE(stored->size(), 1);
    QCOMPARE(stored->at(0).comment, first.comment);
    QCOMPARE(stored->at(0).decision, AuditDecision::Same);
    QVERIFY(*audit.undo());
    QCOMPARE(m_store->auditDecisions()->size(), 0);
    QVERIFY(!audit.canUndo());
    QCOMPARE(*audit.undo(), false);
    // Moving about.
    QVERIFY(audit.setCurrent(audit.total() - 1));
    QVERIFY(!audit.next());
    QVERIFY(audit.previous());
    QCOMPARE(audit.current(), audit.total() - 2);
    QVERIFY(!audit.setCurrent(audit.total()));
    // Reopened: the first undecided item is shown.
    QVERIFY(audit.setCurrent(0));
    QVERIFY(audit.decide(AuditDecision::Same, true));
    auto reopened = JudgeAudit::open(*m_store, {QStringLiteral("ann"), {4, 1}});
    QVERIFY(reopened);
    QCOMPARE((*reopened)->current(), 1);
    QCOMPARE((*reopened)->decided(), 1);
}

void JudgeAuditTest::accuracyAndKappaOfAHandComputedTable()
{
    // Two merge requests: {matched & same, matched & different, unmatched &
    // same, unmatched & different} = {3,1,0,0} and {2,0,1,3}: 10 items, 8
    // agreeing (accuracy 80 %); both raters say yes 6 times in 10, so
    // p_e = 0.6 * 0.6 + 0.4 * 0.4 = 0.52 and kappa = (0.8 - 0.52) / 0.48 = 7/12.
    // All of them disagreements, every one decided: weight 1, the weighted
    // figures are the sample's.
    compare::AuditEvidence evidence = auditEvidenceOf({{{3, 1, 0, 0}}, {{2, 0, 1, 3}}}, {10, 0, 0, 0});
    compare::Settings settings;
    settings.resamples = 500;
    const compare::JudgeAuditStanding s = compare::auditStandingOf(evidence, settings);
    QCOMPARE(s.items, 10);
    QCOMPARE(s.mergeRequests, 2);
    QCOMPARE(s.tableOnSample.matchedSame, 5);
    QCOMPARE(s.tableOnSample.matchedDifferent, 1);
    QCOMPARE(s.tableOnSample.unmatchedSame, 1);
    QCOMPARE(s.tableOnSample.unmatchedDifferent, 3);
    QVERIFY(near(s.accuracy.value, 80.0));
    QVERIFY(near(s.kappa.value, 7.0 / 12.0));
    QVERIFY(near(s.accuracyOnSample.value, 80.0));
    QVERIFY(near(s.kappaOnSample.value, 7.0 / 12.0));
    // The intervals hold the point and are not a point (75 % on one merge request, 83 % on the other).
    QVERIFY(s.accuracy.low && s.accuracy.high && *s.accuracy.low <= 80.0 && 80.0 <= *s.accuracy.high && *s.accuracy.low < *s.accuracy.high);
    QVERIFY(s.kappa.low && s.kappa.high && *s.kappa.low <= 7.0 / 12.0 && 7.0 / 12.0 <= *s.kappa.high && *s.kappa.low < *s.kappa.high);
    // A judge people always agree with: 100 % and kappa 1.
    evidence = auditEvidenceOf({{{2, 0, 0, 3}}, {{1, 0, 0, 1}}}, {7, 0, 0, 0});
    const compare::JudgeAuditStanding perfect = compare::auditStandingOf(evidence, settings);
    QVERIFY(near(perfect.accuracy.value, 100.0));
    QVERIFY(near(perfect.kappa.value, 1.0));
    // Every item "matched & same": chance agreement 1, kappa undefined.
    evidence = auditEvidenceOf({{{4, 0, 0, 0}}}, {4, 0, 0, 0});
    const compare::JudgeAuditStanding oneValue = compare::auditStandingOf(evidence, settings);
    QVERIFY(near(oneValue.accuracy.value, 100.0));
    QVERIFY(!oneValue.kappa.value);
}

void JudgeAuditTest::accuracyAndKappaAreWeightedByTheStrataInclusionProbabilities()
{
    // The audit sample: all 4 disagreements (the judge right on 2), 4 of 40
    // agreements (right on all 4) and 4 of 60 near misses (right on 3), over
    // two merge requests, and 1 pair decided outside the strata (right).
    //   on the sample: 13 items, 10 right: accuracy 10/13 = 76.92 %;
    //     table {ms, md, us, ud} = {1+4, 1, 1+1, 1+3+1} = {5, 1, 2, 5}:
    //     p_o = 10/13, matched 6/13, same 7/13,
    //     p_e = (6·7 + 7·6)/169 = 84/169, kappa = (130 − 84)/(169 − 84) = 46/85.
    //   weighted (disagreements 4/4 = 1, agreements 40/4 = 10, near misses
    //     60/4 = 15, decided 1): table {1 + 40, 1, 1 + 15, 1 + 45 + 1}
    //     = {41, 1, 16, 47} over 105 pairs: accuracy 88/105 = 83.81 %;
    //     matched 42/105, same 57/105, p_e = (42·57 + 63·48)/105² = 5418/11025,
    //     kappa = (88·105 − 5418)/(11025 − 5418) = 3822/5607.
    const compare::AuditEvidence evidence = auditEvidenceOf({{{1, 1, 0, 0}, {2, 0, 0, 0}, {0, 0, 0, 2}, {0, 0, 0, 1}},  // merge request 1
                                                             {{0, 0, 1, 1}, {2, 0, 0, 0}, {0, 0, 1, 1}, {0, 0, 0, 0}}}, // merge request 2
                                                            {4, 40, 60, 1});
    compare::Settings settings;
    settings.resamples = 500;
    const compare::JudgeAuditStanding s = compare::auditStandingOf(evidence, settings);
    QCOMPARE(s.items, 13);
    QCOMPARE(s.strataItems, (QList<int>{4, 4, 4, 1}));
    QCOMPARE(s.strataPairs, (QList<int>{4, 40, 60, 1}));
    QVERIFY2(near(s.accuracyOnSample.value, 1000.0 / 13.0), qPrintable(QString::number(s.accuracyOnSample.value.value_or(-1))));
    QVERIFY(near(s.kappaOnSample.value, 46.0 / 85.0));
    QVERIFY2(near(s.accuracy.value, 8800.0 / 105.0), qPrintable(QString::number(s.accuracy.value.value_or(-1))));
    QVERIFY2(near(s.kappa.value, 3822.0 / 5607.0), qPrintable(QString::number(s.kappa.value.value_or(-1))));
    QVERIFY(near(s.table.matchedSame, 41) && near(s.table.matchedDifferent, 1) && near(s.table.unmatchedSame, 16) && near(s.table.unmatchedDifferent, 47));
    QVERIFY(near(s.tableOnSample.matchedSame, 5) && near(s.tableOnSample.unmatchedDifferent, 5));
    QVERIFY(s.accuracy.low && s.accuracy.high && *s.accuracy.low <= *s.accuracy.value && *s.accuracy.value <= *s.accuracy.high);
    QCOMPARE(s.accuracy.drawn, 500);

    // The report names both: weighted under the figure's name, the sample's "on_sample".
    compare::Comparison c;
    c.judgeAudit << s;
    const QJsonObject audit = QJsonDocument::fromJson(compare::comparisonReport(c, compare::ReportFormat::Json)).object().value(QStringLiteral("judge_audit")).toArray().first().toObject();
    QCOMPARE(audit.value(QStringLiteral("accuracy")).toObject().value(QStringLiteral("value")).toDouble(), 83.8);
    QCOMPARE(audit.value(QStringLiteral("accuracy_on_sample")).toObject().value(QStringLiteral("value")).toDouble(), 76.9);
    QCOMPARE(audit.value(QStringLiteral("kappa")).toObject().value(QStringLiteral("value")).toDouble(), 0.682);
    QCOMPARE(audit.value(QStringLiteral("kappa_on_sample")).toObject().value(QStringLiteral("value")).toDouble(), 0.541);
    QCOMPARE(audit.value(QStringLiteral("unmatched_same")).toDouble(), 16.0);
    QCOMPARE(audit.value(QStringLiteral("unmatched_same_on_sample")).toInt(), 2);
    const QJsonObject agreements = audit.value(QStringLiteral("strata")).toArray().at(1).toObject();
    QCOMPARE(agreements.value(QStringLiteral("stratum")).toString(), QStringLiteral("agreement"));
    QCOMPARE(agreements.value(QStringLiteral("weight")).toDouble(), 10.0);
    const QString md = QString::fromUtf8(compare::comparisonReport(c, compare::ReportFormat::Markdown));
    QVERIFY2(md.contains(QLatin1String("| j | 13 | 2 | 41.0 (5) | 1.0 (1) | 16.0 (2) | 47.0 (5) |")), qPrintable(md));
    QVERIFY2(md.contains(QLatin1String("j: disagreement 4 of 4, agreement 4 of 40, near-miss 4 of 60, decided 1 of 1.")), qPrintable(md));
}

void JudgeAuditTest::compareReportsTheJudgeAgainstPeopleAndTheAuditedBoard()
{
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), false);
    QVERIFY(test::importAuditBenchmark(*m_store, bench.folder).isEmpty());
    const QString judge = QStringLiteral("openai_gpt-5.2");
    compare::ComparisonRequest request;
    request.settings.resamples = 200;
    request.judge = judge;
    const auto before = compare::compareReviewers(*m_store, request);
    QVERIFY2(before, before ? "" : qPrintable(before.error().message));
    QCOMPARE(before->judges.size(), 1);
    QVERIFY(before->judgeAudit.isEmpty()); // nothing audited yet

    // Matches the judge made: people say same for two, different for one
    // whose candidate matched only that reference, and that reference only
    // by it; a near miss people call the same issue; an unsure one that counts nothing.
    const auto items = compare::auditItems(*m_store, {400, 2});
    QVERIFY(items);
    const auto reviews = m_store->judgedReviews(judge);
    const auto matchCount = [&](qint64 comment, qint64 reference) {
        int byComment = 0, byReference = 0;
        for (const JudgedReview &r : *reviews)
            for (const JudgeMatch &m : r.matches) {
                byComment += m.comment == comment;
                byReference += m.reference == reference;
            }
        return std::pair{byComment, byReference};
    };
    const compare::AuditItem *different = nullptr;
    for (const compare::AuditItem &item : items->items)
        if (item.kind == compare::AuditItemKind::Agreement && matchCount(item.comment, item.reference) == std::pair{1, 1}) {
            different = &item;
            break;
        }
    QVERIFY(different);
    QList<const compare::AuditItem *> same;
    for (const compare::AuditItem &item : items->items)
        if (item.kind == compare::AuditItemKind::Agreement && &item != different && same.size() < 2)
            same << &item;
    const compare::AuditItem *nearMiss = firstOfKind(*items, compare::AuditItemKind::NearMiss);
    const compare::AuditItem *unsure = firstOfKind(*items, compare::AuditItemKind::NearMiss, 1);
    QVERIFY(same.size() == 2 && nearMiss && unsure && nearMiss->comment != unsure->comment);
    for (const compare::AuditItem *item : same)
        QVERIFY(m_store->addAuditDecision(decisionOf(item->comment, item->reference, AuditDecision::Same)));
    QVERIFY(m_store->addAuditDecision(decisionOf(different->comment, different->reference, AuditDecision::Different)));
    QVERIFY(m_store->addAuditDecision(decisionOf(nearMiss->comment, nearMiss->reference, AuditDecision::Same)));
    QVERIFY(m_store->addAuditDecision(decisionOf(unsure->comment, unsure->reference, AuditDecision::Unsure)));
    // Two annotators at odds on one pair: no decision of people's there.
    QVERIFY(m_store->addAuditDecision(decisionOf(unsure->comment, unsure->reference, AuditDecision::Same, QStringLiteral("bob"))));
    QVERIFY(m_store->addAuditDecision(decisionOf(unsure->comment, unsure->reference, AuditDecision::Different, QStringLiteral("carol"))));

    const auto after = compare::compareReviewers(*m_store, request);
    QVERIFY2(after, after ? "" : qPrintable(after.error().message));
    // 4 items: the judge matched 3 (people: same, same, different) and not 1
    // (people: same). Accuracy 2/4; p_o = 0.5, p_e = 0.75 * 0.75 + 0.25 * 0.25
    // = 0.625, kappa = (0.5 - 0.625) / 0.375 = -1/3.
    QCOMPARE(after->judgeAudit.size(), 1);
    const compare::JudgeAuditStanding &a = after->judgeAudit[0];
    QCOMPARE(a.judge, judge);
    QCOMPARE(a.items, 4);
    QCOMPARE(a.tableOnSample.matchedSame, 2);
    QCOMPARE(a.tableOnSample.matchedDifferent, 1);
    QCOMPARE(a.tableOnSample.unmatchedSame, 1);
    QCOMPARE(a.tableOnSample.unmatchedDifferent, 0);
    QVERIFY(near(a.accuracyOnSample.value, 50.0));
    QVERIFY(near(a.kappaOnSample.value, -1.0 / 3.0));
    // Weighted by the strata: the 3 agreements stand for the judge's N_a
    // agreements, the near miss for its N_n near misses; right on 2 of the 3
    // agreements and none of the near misses: accuracy (2/3 N_a) / (N_a + N_n).
    QCOMPARE(a.strataItems, (QList<int>{0, 3, 1, 0}));
    const double agreements = a.strataPairs[1], nearMisses = a.strataPairs[2];
    QVERIFY2(agreements > 3 && nearMisses > 1, qPrintable(QStringLiteral("%1 %2").arg(agreements).arg(nearMisses)));
    QVERIFY(near(a.accuracy.value, 100.0 * (2.0 / 3.0 * agreements) / (agreements + nearMisses)));
    QVERIFY(near(a.table.unmatchedSame, nearMisses));

    // The audited board: the judge's, changed where people decided.
    QCOMPARE(after->judges.size(), 2);
    QCOMPARE(after->judges[1].judge, QStringLiteral("people (audit of openai_gpt-5.2)"));
    QCOMPARE(after->judges[1].kind, compare::JudgeKind::Audited);
    QVERIFY(after->agreement.isEmpty()); // an audited board is no judge of its own to agree with
    const auto standingOf = [](const compare::JudgeBoard &board, const QString &reviewer) {
        for (const compare::ReviewerStanding &s : board.reviewers)
            if (s.reviewer == reviewer)
                return s;
        qFatal("no reviewer %s", qPrintable(reviewer));
    };
    QHash<QString, std::pair<int, int>> change; // reviewer: tp, fp
    change[different->reviewer].first -= 1;
    change[different->reviewer].second += 1;
    change[nearMiss->reviewer].first += 1;
    change[nearMiss->reviewer].second -= 1;
    for (const compare::ReviewerStanding &s : after->judges[0].reviewers) {
        const compare::ReviewerStanding audited = standingOf(after->judges[1], s.reviewer);
        QCOMPARE(audited.tp, s.tp + change.value(s.reviewer).first);
        QCOMPARE(audited.fp, s.fp + change.value(s.reviewer).second);
        QCOMPARE(audited.tp + audited.fn, s.tp + s.fn); // the same references
    }
    // --judge people, or the audit turned off: no audit figures.
    request.audit = false;
    const auto off = compare::compareReviewers(*m_store, request);
    QVERIFY(off && off->judgeAudit.isEmpty() && off->judges.size() == 1);
}

QTEST_GUILESS_MAIN(JudgeAuditTest)
#include "tst_judgeaudit.moc"
