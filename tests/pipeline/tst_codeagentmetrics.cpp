// CodeAgent's own metrics (codeagent.txt §3.2, §4.1, §4.2: the hit rates
// Rate_cr and Rate_ca of vulnerability analysis, recall and F1 of
// consistency detection) against values worked out by hand: the counting
// alone, then a workspace's CodeAgent runs and labels through the
// evaluation job that `reviewdesk-cli eval` runs.

#include <CodeAgentMetrics.h>
#include <Evaluation.h>
#include <EvaluationJob.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::eval;

class TestCodeAgentMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countsMatchTheHandComputedRates();
    void labelsComeFromTheAnnotatorsFirst();
    void workspaceRunsThroughTheEvaluationJob();
};

void TestCodeAgentMetrics::countsMatchTheHandComputedRates()
{
    // 10 merge requests: 3 found and labelled, 1 found only (unjudged), 2
    // labelled only, 4 neither.
    QList<DetectionSample> samples;
    for (int i = 0; i < 3; ++i)
        samples << DetectionSample{true, true, false};
    samples << DetectionSample{true, false, true};
    for (int i = 0; i < 2; ++i)
        samples << DetectionSample{false, true, false};
    for (int i = 0; i < 4; ++i)
        samples << DetectionSample{};
    const DetectionCounts c = countDetections(samples);
    QCOMPARE(c.evaluated, 10);
    QCOMPARE(c.found, 4);
    QCOMPARE(c.confirmed, 3);
    QCOMPARE(c.labelled, 5);
    QCOMPARE(c.unverified, 1);
    QCOMPARE(*c.rateCr(), 75.0); // 3 / 4
    QCOMPARE(*c.rateCa(), 30.0); // 3 / 10
    QCOMPARE(*c.recall(), 60.0); // 3 / 5
    QVERIFY(qAbs(*c.f1() - 2 * 75.0 * 60.0 / 135.0) < 1e-9); // 66.67
    // The paper's Table 2, CodeAgent: 449 confirmed of 483 found among 3,545.
    QList<DetectionSample> table2(3545);
    for (int i = 0; i < 483; ++i)
        table2[i] = DetectionSample{true, i < 449, false};
    const DetectionCounts paper = countDetections(table2);
    QCOMPARE(QString::number(*paper.rateCr(), 'f', 2), QStringLiteral("92.96"));
    QCOMPARE(QString::number(*paper.rateCa(), 'f', 2), QStringLiteral("12.67"));
    // Nothing found: no hit rate, and no F1.
    QVERIFY(!countDetections({DetectionSample{false, true, false}}).rateCr());
    QVERIFY(!countDetections({DetectionSample{false, true, false}}).f1());
}

void TestCodeAgentMetrics::labelsComeFromTheAnnotatorsFirst()
{
    // A run's own claim is its tag.
    QCOMPARE(codeAgentTasksOf(QStringLiteral("vulnerability"), QStringLiteral("Security Vulnerability"), {}, {}, true), QStringList{QStringLiteral("vulnerability")});
    QVERIFY(codeAgentTasksOf(QStringLiteral("revision"), QStringLiteral("Code Revision"), {}, {}, true).isEmpty());
    // The workspace keeps no tag of a run's comment: its category says the task.
    QCOMPARE(codeAgentTasksOf({}, QStringLiteral("Commit Message Consistency"), QStringLiteral("Code Defect"), {}, true), QStringList{QStringLiteral("consistency")});
    // A label: by the comment's own tag or category...
    QCOMPARE(codeAgentTasksOf({}, QStringLiteral("security vulnerability"), {}, {}), QStringList{QStringLiteral("vulnerability")});
    // ...unless the annotators set a category or a tag: theirs decides.
    QCOMPARE(codeAgentTasksOf(QStringLiteral("vulnerability"), {}, QStringLiteral("Code Defect"), {}), QStringList{});
    QCOMPARE(codeAgentTasksOf({}, QStringLiteral("Code Defect"), {}, {QStringLiteral("Consistency")}), QStringList{QStringLiteral("consistency")});
}

namespace {

ReviewComment tagged(const QString &id, const QString &tag, const QString &category)
{
    ReviewComment c;
    c.id = id;
    c.pipeline = QStringLiteral("codeagent");
    c.file = QStringLiteral("src/a.cpp");
    c.lineStart = c.lineEnd = 3;
    c.issue = QStringLiteral("issue ") + id;
    c.tag = tag;
    c.category = category;
    return c;
}

} // namespace

// Five merge requests, one CodeAgent run each (tasks: consistency and
// vulnerability), and one defect run that the figures leave out.
//   MR1: VA comment accepted, CA comment accepted   -> VA confirmed, CA confirmed
//   MR2: VA comment rejected; a human comment the annotator tags "consistency", accepted
//                                                   -> VA found only, CA labelled only
//   MR3: no VA comment; a reference of category Security Vulnerability
//                                                   -> VA labelled only
//   MR4: VA comment nobody judged                   -> VA found only, unverified
//   MR5: nothing                                    -> negative
// VA: 5 evaluated, 3 found, 1 confirmed, 2 labelled: Rate_cr 33.33, Rate_ca 20,
// recall 50, F1 2·33.33·50/83.33 = 40. CA: 1 found, 1 confirmed, 2 labelled:
// Rate_cr 100, Rate_ca 20, recall 50, F1 66.67.
void TestCodeAgentMetrics::workspaceRunsThroughTheEvaluationJob()
{
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto opened = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        WorkspaceStore &store = **opened;
        const auto codeAgent = RunConfig::fromJson(R"({"pipeline": "codeagent", "roles": {"agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
                                                       "qa_checker": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
                                                       "embedding": {"endpoint": "http://127.0.0.1:1/v1", "model": "e"}},
                                                       "codeagent": {"tasks": ["consistency", "vulnerability"]}})");
        QVERIFY(codeAgent);
        const auto judge = [&store](qint64 comment, Verdict verdict, const std::optional<QString> &tag = {}) {
            Judgement j;
            j.comment = comment;
            j.annotator = QStringLiteral("ann");
            j.verdict = verdict;
            j.tag = tag;
            return bool(store.judge(j));
        };
        const auto addRun = [&](qint64 mr, const QList<ReviewComment> &comments, const RunConfig &config) {
            RunRecord record;
            record.config = config;
            StoredRun r;
            r.mergeRequest = mr;
            r.label = QStringLiteral("run");
            r.record = record.toJson();
            const qint64 run = *store.addRun(r, comments);
            CommentQuery q;
            q.run = run;
            QHash<QString, qint64> ids;
            const auto stored = store.comments(q);
            if (!stored)
                return ids;
            const QList<StoredComment> all = *stored;
            for (const StoredComment &s : all)
                ids.insert(s.comment.id, s.id);
            return ids;
        };
        QList<qint64> mrs;
        for (int i = 1; i <= 5; ++i) {
            MergeRequestEntry e;
            e.repository = QStringLiteral("/repo");
            e.base = QStringLiteral("a");
            e.head = QStringLiteral("b%1").arg(i);
            e.title = QStringLiteral("MR%1").arg(i);
            mrs << *store.addMergeRequest(e);
        }
        const ReviewComment va = tagged(QStringLiteral("ca-vulnerability-1"), QStringLiteral("vulnerability"), QStringLiteral("Security Vulnerability"));
        const ReviewComment ca = tagged(QStringLiteral("ca-consistency-verdict"), QStringLiteral("consistency"), QStringLiteral("Commit Message Consistency"));
        const auto one = addRun(mrs[0], {va, ca}, *codeAgent);
        QVERIFY(judge(one.value(va.id), Verdict::Accept));
        QVERIFY(judge(one.value(ca.id), Verdict::Accept));
        const auto two = addRun(mrs[1], {va}, *codeAgent);
        QVERIFY(judge(two.value(va.id), Verdict::Reject));
        ReviewComment human = tagged(QStringLiteral("h"), {}, {});
        human.pipeline.clear();
        const qint64 humanId = *store.addHumanComment(mrs[1], QStringLiteral("ann"), human);
        QVERIFY(judge(humanId, Verdict::Accept, QStringLiteral("consistency")));
        addRun(mrs[2], {}, *codeAgent);
        ReviewComment ref = tagged(QStringLiteral("r"), {}, QStringLiteral("Security Vulnerability"));
        ref.pipeline.clear();
        const qint64 refId = *store.importComment(mrs[2], ref, QStringLiteral("aacr"));
        QVERIFY(store.setReference(refId, true));
        addRun(mrs[3], {va}, *codeAgent);
        addRun(mrs[4], {}, *codeAgent);
        // The ablation without the QA-Checker is a configuration of its own
        // (Table 2's CodeAgent w/o), named by what differs (issue 33, item 5).
        RunConfig ablation = *codeAgent;
        ablation.roles.erase(QStringLiteral("qa_checker"));
        ablation.roles.erase(QStringLiteral("embedding"));
        addRun(mrs[0], {va}, ablation);
        // A defect run's vulnerability-tagged comment is no CodeAgent sample.
        RunConfig defect;
        defect.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        defect.reviewer.model = QStringLiteral("m");
        addRun(mrs[4], {va}, defect);
    }

    EvaluationRequest request;
    request.workspace = file;
    EvaluationJob job;
    QVERIFY(job.prepare(request));
    const EvaluationOutcome &outcome = job.run();
    QVERIFY2(!outcome.error, outcome.error ? qPrintable(outcome.error->message) : "");
    QCOMPARE(outcome.evaluation->codeAgent.size(), 2);
    const CodeAgentMetrics &m = outcome.evaluation->codeAgent.first();
    const CodeAgentMetrics &without = outcome.evaluation->codeAgent.last();
    QCOMPARE(without.group, QStringLiteral("CodeAgent (QA-Checker off)"));
    QCOMPARE(without.runs.size(), 1);
    QCOMPARE(without.tasks[1].counts.found, 1);
    QCOMPARE(without.tasks[1].counts.confirmed, 1); // MR1 is labelled vulnerable by the accepted comment of the other run
    QCOMPARE(m.group, QStringLiteral("CodeAgent (QA-Checker on, τ 4.5)"));
    QCOMPARE(m.runs.size(), 5);
    QCOMPARE(m.tasks.size(), 2);
    QCOMPARE(m.tasks[0].task, QStringLiteral("consistency"));
    QCOMPARE(m.tasks[1].task, QStringLiteral("vulnerability"));
    const DetectionCounts &vaCounts = m.tasks[1].counts;
    QCOMPARE(vaCounts.evaluated, 5);
    QCOMPARE(vaCounts.found, 3);
    QCOMPARE(vaCounts.confirmed, 1);
    QCOMPARE(vaCounts.labelled, 2);
    QCOMPARE(vaCounts.unverified, 1);

    // As `eval` writes it: the JSON report and the table.
    const QJsonObject report = QJsonDocument::fromJson(*outcome.report()).object();
    const QJsonArray figures = report.value(QStringLiteral("codeagent")).toArray();
    QCOMPARE(figures.size(), 2);
    const QJsonObject vaJson = figures[0].toObject().value(QStringLiteral("tasks")).toObject().value(QStringLiteral("vulnerability")).toObject();
    QCOMPARE(vaJson.value(QStringLiteral("rate_cr")).toDouble(), 33.33);
    QCOMPARE(vaJson.value(QStringLiteral("rate_ca")).toDouble(), 20.0);
    QCOMPARE(vaJson.value(QStringLiteral("recall")).toDouble(), 50.0);
    QCOMPARE(vaJson.value(QStringLiteral("f1")).toDouble(), 40.0);
    const QJsonObject caJson = figures[0].toObject().value(QStringLiteral("tasks")).toObject().value(QStringLiteral("consistency")).toObject();
    QCOMPARE(caJson.value(QStringLiteral("found")).toInt(), 1);
    QCOMPARE(caJson.value(QStringLiteral("labelled")).toInt(), 2);
    QCOMPARE(caJson.value(QStringLiteral("rate_cr")).toDouble(), 100.0);
    QCOMPARE(caJson.value(QStringLiteral("recall")).toDouble(), 50.0);
    QCOMPARE(caJson.value(QStringLiteral("f1")).toDouble(), 66.67);
    const auto table = outcome.report(TableFormat::Markdown, QStringLiteral("codeagent"));
    QVERIFY2(table, table ? "" : qPrintable(table.error().message));
    QVERIFY2(table->contains("| CodeAgent (QA-Checker on, τ 4.5) | vulnerability | 5 | 3 | 1 | 33.33 | 20.00 | 50.00 | 40.00 | 1 |"), table->constData());
}

QTEST_GUILESS_MAIN(TestCodeAgentMetrics)
#include "tst_codeagentmetrics.moc"
