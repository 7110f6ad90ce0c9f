// Configurations are what was run (issue 33, item 5): runs are pooled only
// when every setting that can change their comments is the same
// (ConfigurationIdentity), and each configuration is named by what differs
// between it and the others beside it (configurationLabels()).

#include <ConfigurationIdentity.h>
#include <Evaluation.h>
#include <EvaluationReport.h>
#include <RunForWorkspace.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>
#include <ThresholdTuning.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace rd;
using namespace rd::eval;

// Declared before the configurations below: moc reads no further than it must.
class TestConfigIdentity : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void codeAgentWithAndWithoutTheQaCheckerAreTwoConfigurations();
    void cqsThresholdsAreTwoConfigurations();
    void aacrReviewerModelsAreTwoConfigurations();
    void runsDifferingOnlyInConcurrencyAndTimeoutArePooled();
    void defectThresholdsAreTwoConfigurationsInTuningToo();
    void runsWithoutAConfigurationAreGroupedByTheirLabel();
    void reportAndConfigurationTableNameWhatIdentifiesAConfiguration();
    void resultNeutralSettingsLeaveTheIdentity_data();
    void resultNeutralSettingsLeaveTheIdentity();
    void minAgreementAboveTheReviewersIsAllOfThem();
    void settingsThatChangeCommentsChangeTheIdentity_data();
    void settingsThatChangeCommentsChangeTheIdentity();
    void aConfigurationAloneKeepsItsBaseName();
    void aRoleAnotherConfigurationLacksIsNamedByItsPresenceOnly();
    void labelsThatWouldCoincideCarryTheFingerprint();
};

namespace {

RunConfig configOf(const char *json)
{
    auto c = RunConfig::fromJson(QByteArray(json));
    if (!c)
        qFatal("test configuration does not read: %s", qPrintable(c.error().message));
    return *c;
}

const char *const codeAgentWithChecker = R"({"pipeline": "codeagent", "roles": {
    "agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
    "qa_checker": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
    "embedding": {"endpoint": "http://127.0.0.1:1/v1", "model": "e"}}})";
const char *const codeAgentWithoutChecker = R"({"pipeline": "codeagent", "roles": {
    "agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})";

// One merge request with one reference at a.cpp:10; each run either finds it
// (a comment there) or raises a false alarm elsewhere.
struct Workspace
{
    QTemporaryDir dir;
    std::unique_ptr<SqlWorkspaceStore> store;
    qint64 mr = 0;

    bool make()
    {
        auto s = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!s)
            return false;
        store = std::move(*s);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        e.title = QStringLiteral("MR");
        mr = *store->addMergeRequest(e);
        const auto reference = store->importComment(mr, comment(QStringLiteral("ref"), QStringLiteral("a.cpp"), 10), QStringLiteral("aacr"));
        return reference && store->setReference(*reference, true);
    }

    static ReviewComment comment(const QString &id, const QString &file, int line)
    {
        ReviewComment c;
        c.id = id;
        c.file = file;
        c.lineStart = line;
        c.lineEnd = line;
        c.issue = QStringLiteral("issue ") + id;
        c.q1Nitpick = 6;
        c.q2Fake = 6;
        c.q3Severity = 5;
        c.reviewers = {1};
        return c;
    }

    // A run of `config` as every pipeline stores one (storedRunFor: its
    // label and configuration hash).
    bool addRun(const RunConfig &config, bool findsTheReference)
    {
        RunRecord record;
        record.config = config;
        const QList<ReviewComment> comments{findsTheReference ? comment(QStringLiteral("hit"), QStringLiteral("a.cpp"), 10)
                                                              : comment(QStringLiteral("alarm"), QStringLiteral("z.cpp"), 50)};
        return bool(store->addRun(storedRunFor(mr, record), comments));
    }

    // A run whose record holds no configuration (an old or damaged one).
    bool addRunWithoutConfiguration(const QString &label)
    {
        StoredRun run;
        run.mergeRequest = mr;
        run.label = label;
        return bool(store->addRun(run, {comment(QStringLiteral("hit"), QStringLiteral("a.cpp"), 10)}));
    }

    Evaluation evaluate() const
    {
        auto e = evaluateWorkspace(*store, {});
        if (!e)
            qFatal("evaluation failed: %s", qPrintable(e.error().message));
        return *e;
    }
};

double kbiOf(const Evaluation &e, const QString &group)
{
    return e.defect(group, Stage::Validator).kbi.value_or(-1);
}

QString labelOf(const QList<ConfigurationIdentity> &ids, int i)
{
    return configurationLabels(ids).value(i).text;
}

} // namespace


void TestConfigIdentity::codeAgentWithAndWithoutTheQaCheckerAreTwoConfigurations()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRun(configOf(codeAgentWithChecker), true));
    QVERIFY(w.addRun(configOf(codeAgentWithoutChecker), false));
    const Evaluation e = w.evaluate();
    // Before: one configuration "CodeAgent", KBI (100 + 0) / 2 = 50.
    QCOMPARE(e.groups, (QStringList{QStringLiteral("CodeAgent (QA-Checker on, τ 4.5)"), QStringLiteral("CodeAgent (QA-Checker off)")}));
    QCOMPARE(kbiOf(e, e.groups[0]), 100.0);
    QCOMPARE(kbiOf(e, e.groups[1]), 0.0);
    // CodeAgent's own table takes the same names: the label already says the QA-Checker is off.
    QCOMPARE(e.codeAgent.size(), 2);
    QCOMPARE(e.codeAgent[0].group, e.groups[0]);
    QCOMPARE(e.codeAgent[1].group, e.groups[1]);
}

void TestConfigIdentity::cqsThresholdsAreTwoConfigurations()
{
    Workspace w;
    QVERIFY(w.make());
    const char *cqs = R"({"pipeline": "cqs", "roles": {"collector": {"endpoint": "http://127.0.0.1:1/v1", "model": "c"},
                          "judge": {"endpoint": "http://127.0.0.1:1/v1", "model": "j"}}, "cqs": {"threshold": %1}})";
    QVERIFY(w.addRun(configOf(QString::fromLatin1(cqs).arg(5).toLatin1().constData()), true));
    QVERIFY(w.addRun(configOf(QString::fromLatin1(cqs).arg(7).toLatin1().constData()), false));
    QVERIFY(w.addRun(configOf(QString::fromLatin1(cqs).arg(5).toLatin1().constData()), false));
    const Evaluation e = w.evaluate();
    QCOMPARE(e.groups, (QStringList{QStringLiteral("CQS issue collector and judge (threshold 5)"), QStringLiteral("CQS issue collector and judge (threshold 7)")}));
    // Threshold 5: two runs, one finds the reference (pooled KBI 1/2); threshold 7: none.
    QCOMPARE(kbiOf(e, e.groups[0]), 50.0);
    QCOMPARE(kbiOf(e, e.groups[1]), 0.0);
    QCOMPARE(e.passes(e.groups[0], Stage::Validator).size(), 2);
    QCOMPARE(e.passes(e.groups[1], Stage::Validator).size(), 1);
}

void TestConfigIdentity::aacrReviewerModelsAreTwoConfigurations()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRun(configOf(R"({"pipeline": "aacr", "context": "bm25", "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "gpt-4o"}}})"), true));
    QVERIFY(w.addRun(configOf(R"({"pipeline": "aacr", "context": "bm25", "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "qwen"}}})"), false));
    const Evaluation e = w.evaluate();
    QCOMPARE(e.groups, (QStringList{QStringLiteral("AACR-Bench hunk review, bm25 context (reviewer gpt-4o)"),
                                    QStringLiteral("AACR-Bench hunk review, bm25 context (reviewer qwen)")}));
    QCOMPARE(e.aacr(e.groups[0], Stage::Validator).line.recall.percent(), std::optional<double>(100.0));
    QCOMPARE(e.aacr(e.groups[1], Stage::Validator).line.recall.percent(), std::optional<double>(0.0));
}

void TestConfigIdentity::runsDifferingOnlyInConcurrencyAndTimeoutArePooled()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRun(configOf(R"({"reviewers": 1, "concurrency": 2, "timeout_s": 60,
                                  "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})"), true));
    // Another server of the same model, another key variable, another sample
    // (seed), more patience: the same configuration, run again.
    QVERIFY(w.addRun(configOf(R"({"reviewers": 1, "concurrency": 16, "timeout_s": 600, "retries": 0, "max_answer_bytes": 4096,
                                  "roles": {"reviewer": {"endpoint": "http://127.0.0.2:8080/v1", "model": "m", "api_key_env": "OTHER_KEY", "seed": 7}}})"),
                     false));
    const Evaluation e = w.evaluate();
    QCOMPARE(e.groups, (QStringList{QStringLiteral("Left Flow, 1 reviewers, top-5, CoT, inline line numbers")}));
    QCOMPARE(e.configurations.size(), 1);
    // Two passes of one configuration: KBI 100 and 0, mean 50.
    const RepeatedRuns runs = e.perRun(e.groups[0], Stage::Validator);
    QCOMPARE(runs.runs.size(), 2);
    QCOMPARE(runs.kbi.mean, std::optional<double>(50.0));
}

void TestConfigIdentity::defectThresholdsAreTwoConfigurationsInTuningToo()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRun(configOf(R"({"reviewers": 1, "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})"), true));
    QVERIFY(w.addRun(configOf(R"({"reviewers": 1, "thresholds": {"nitpick": 2, "fake": 4},
                                  "roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})"),
                     false));
    const Evaluation e = w.evaluate();
    const QString base = QStringLiteral("Left Flow, 1 reviewers, top-5, CoT, inline line numbers");
    QCOMPARE(e.groups, (QStringList{base + QStringLiteral(" (nitpick threshold 4)"), base + QStringLiteral(" (nitpick threshold 2)")}));
    // Threshold tuning replays one configuration's runs, as the table it tunes for groups them.
    const auto tuning = tuningRuns(*w.store, e, e.groups[1]);
    QVERIFY2(tuning, tuning ? "" : qPrintable(tuning.error().message));
    QCOMPARE(tuning->size(), 1);
    QCOMPARE(tuning->first().group, e.groups[1]);
    QCOMPARE(tuning->first().candidates.first().file, QStringLiteral("z.cpp"));
}

void TestConfigIdentity::runsWithoutAConfigurationAreGroupedByTheirLabel()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRunWithoutConfiguration(QStringLiteral("old run")));
    QVERIFY(w.addRunWithoutConfiguration(QStringLiteral("other run")));
    QVERIFY(w.addRunWithoutConfiguration(QStringLiteral("old run")));
    QVERIFY(w.addRun(configOf(codeAgentWithoutChecker), false));
    const Evaluation e = w.evaluate();
    QCOMPARE(e.groups, (QStringList{QStringLiteral("old run"), QStringLiteral("other run"), QStringLiteral("CodeAgent")}));
    QCOMPARE(e.passes(QStringLiteral("old run"), Stage::Validator).size(), 2);
    QVERIFY(!e.configurations[0].readable);
    QVERIFY(e.configurations[2].readable);
}

void TestConfigIdentity::reportAndConfigurationTableNameWhatIdentifiesAConfiguration()
{
    Workspace w;
    QVERIFY(w.make());
    QVERIFY(w.addRun(configOf(codeAgentWithChecker), true));
    QVERIFY(w.addRun(configOf(codeAgentWithoutChecker), false));
    QVERIFY(w.addRunWithoutConfiguration(QStringLiteral("old run")));
    const Evaluation e = w.evaluate();
    const QJsonArray configurations = QJsonDocument::fromJson(reportJson(e)).object().value(QStringLiteral("configurations")).toArray();
    QCOMPARE(configurations.size(), 3);
    const QJsonObject off = configurations[1].toObject();
    QCOMPARE(off.value(QStringLiteral("configuration")).toString(), QStringLiteral("CodeAgent (QA-Checker off)"));
    QCOMPARE(off.value(QStringLiteral("settings")).toObject().value(QStringLiteral("codeagent.qa_checker")).toString(), QStringLiteral("off"));
    QVERIFY(!off.value(QStringLiteral("settings")).toObject().contains(QStringLiteral("codeagent.threshold"))); // τ decides nothing without the checker
    QCOMPARE(configurations[0].toObject().value(QStringLiteral("settings")).toObject().value(QStringLiteral("codeagent.threshold")).toString(), QStringLiteral("4.5"));
    QCOMPARE(off.value(QStringLiteral("configuration_id")).toString(), e.configurations[1].fingerprint());
    QVERIFY(off.value(QStringLiteral("configuration_id")).toString() != configurations[0].toObject().value(QStringLiteral("configuration_id")).toString());
    QVERIFY(configurations[2].toObject().value(QStringLiteral("settings")).isNull());
    // The configuration table (Table 2) tells the rows apart by the label.
    const Table table = e.configurationTable();
    QCOMPARE(table.columns.first(), QStringLiteral("Configuration"));
    QCOMPARE(table.rows.size(), 3);
    QCOMPARE(table.rows[0][0].text, e.groups[0]);
    QCOMPARE(table.rows[1][0].text, e.groups[1]);
    QCOMPARE(table.rows[1][1].text, QStringLiteral("-")); // no slicing: not a defect run
}

void TestConfigIdentity::resultNeutralSettingsLeaveTheIdentity_data()
{
    QTest::addColumn<QByteArray>("first");
    QTest::addColumn<QByteArray>("second");
    const QByteArray reviewer = R"("roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}})";
    QTest::newRow("client settings") << QByteArray("{" + reviewer + "}")
                                     << QByteArray(R"({"concurrency": 3, "timeout_s": 9, "retries": 0, "max_answer_bytes": 2048, )" + reviewer + "}");
    QTest::newRow("endpoint, key variable, seed")
        << QByteArray("{" + reviewer + "}")
        << QByteArray(R"({"roles": {"reviewer": {"endpoints": ["http://a:1/v1", "http://b:1/v1"], "model": "m", "api_key_env": "K", "seed": 3}}})");
    QTest::newRow("codeagent tau without the QA-Checker")
        << QByteArray(codeAgentWithoutChecker)
        << QByteArray(R"({"pipeline": "codeagent", "codeagent": {"threshold": 8}, "roles": {"agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})");
    QTest::newRow("codeagent tasks in another order")
        << QByteArray(R"({"pipeline": "codeagent", "codeagent": {"tasks": ["format", "consistency"]}, "roles": {"agent": {"endpoint": "http://x/v1", "model": "m"}}})")
        << QByteArray(R"({"pipeline": "codeagent", "codeagent": {"tasks": ["consistency", "format"]}, "roles": {"agent": {"endpoint": "http://x/v1", "model": "m"}}})");
    QTest::newRow("aacr agent budgets with bm25 context")
        << QByteArray(R"({"pipeline": "aacr", "context": "bm25", "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}}})")
        << QByteArray(R"({"pipeline": "aacr", "context": "bm25", "cot": false, "aacr": {"max_turns": 3, "embedding_batch": 4, "cache_dir": "/tmp/c"},
                          "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}}})");
    QTest::newRow("cqs rules in another order")
        << QByteArray(R"({"pipeline": "cqs", "cqs": {"rules": [{"tag": "A", "enabled": false}, {"tag": "B", "min_score": 7}]},
                          "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})")
        << QByteArray(R"({"pipeline": "cqs", "cqs": {"rules": [{"tag": "B", "min_score": 7}, {"tag": "A", "enabled": false}]},
                          "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})");
}

void TestConfigIdentity::resultNeutralSettingsLeaveTheIdentity()
{
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, second);
    const ConfigurationIdentity a = configurationIdentity(configOf(first.constData()));
    const ConfigurationIdentity b = configurationIdentity(configOf(second.constData()));
    QCOMPARE(a.key(), b.key());
    QCOMPARE(a.fingerprint(), b.fingerprint());
}

// A configuration made in code (the run dialog) may ask for more agreeing
// reviewers than it has; the pipeline asks for all of them, as it does with
// min_agreement equal to reviewers.
void TestConfigIdentity::minAgreementAboveTheReviewersIsAllOfThem()
{
    RunConfig asked = configOf(R"({"reviewers": 2, "min_agreement": 2, "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}}})");
    RunConfig above = asked;
    above.minAgreement = 5;
    QCOMPARE(configurationIdentity(above).key(), configurationIdentity(asked).key());
    above.reviewers = 5;
    QVERIFY(configurationIdentity(above).key() != configurationIdentity(asked).key());
}

void TestConfigIdentity::settingsThatChangeCommentsChangeTheIdentity_data()
{
    QTest::addColumn<QByteArray>("first");
    QTest::addColumn<QByteArray>("second");
    QTest::addColumn<QString>("firstLabel");
    QTest::addColumn<QString>("secondLabel");
    const QByteArray reviewer = R"("roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}})";
    const QString defect = QStringLiteral("Left Flow, 3 reviewers, top-5, CoT, inline line numbers");
    QTest::newRow("min agreement") << QByteArray("{" + reviewer + "}") << QByteArray(R"({"min_agreement": 3, )" + reviewer + "}")
                                   << defect + QStringLiteral(" (agreement of 2)") << defect + QStringLiteral(" (agreement of 3)");
    QTest::newRow("fake threshold") << QByteArray("{" + reviewer + "}") << QByteArray(R"({"thresholds": {"nitpick": 4, "fake": 5}, )" + reviewer + "}")
                                    << defect + QStringLiteral(" (fake threshold 4)") << defect + QStringLiteral(" (fake threshold 5)");
    QTest::newRow("token budget") << QByteArray("{" + reviewer + "}") << QByteArray(R"({"token_budget": 1000, )" + reviewer + "}")
                                  << defect + QStringLiteral(" (slices of %1 tokens)").arg(DefaultSliceTokenBudget) << defect + QStringLiteral(" (slices of 1000 tokens)");
    QTest::newRow("reviewer temperature")
        << QByteArray("{" + reviewer + "}")
        << QByteArray(R"({"roles": {"reviewer": {"endpoint": "http://127.0.0.1:1/v1", "model": "m", "temperature": 0.7}}})")
        << defect + QStringLiteral(" (reviewer temperature 0)") << defect + QStringLiteral(" (reviewer temperature 0.7)");
    QTest::newRow("validator") << QByteArray("{" + reviewer + "}")
                               << QByteArray(R"({"roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}, "validator": {"endpoint": "http://x/v1", "model": "v"}}})")
                               << defect + QStringLiteral(" (no validator)") << defect + QStringLiteral(" (validator v)");
    QTest::newRow("translation")
        << QByteArray("{" + reviewer + "}")
        << QByteArray(R"({"language": "Chinese", "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}, "translator": {"endpoint": "http://x/v1", "model": "t"}}})")
        << defect + QStringLiteral(" (untranslated)") << defect + QStringLiteral(" (translated to Chinese)");
    QTest::newRow("codeagent tau") << QByteArray(codeAgentWithChecker)
                                   << QByteArray(R"({"pipeline": "codeagent", "codeagent": {"threshold": 6}, "roles": {
                                         "agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
                                         "qa_checker": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"},
                                         "embedding": {"endpoint": "http://127.0.0.1:1/v1", "model": "e"}}})")
                                   << QStringLiteral("CodeAgent (τ 4.5)") << QStringLiteral("CodeAgent (τ 6)");
    QTest::newRow("codeagent max turns") << QByteArray(codeAgentWithoutChecker)
                                         << QByteArray(R"({"pipeline": "codeagent", "codeagent": {"max_turns": 4}, "roles": {"agent": {"endpoint": "http://127.0.0.1:1/v1", "model": "m"}}})")
                                         << QStringLiteral("CodeAgent (10 turns)") << QStringLiteral("CodeAgent (4 turns)");
    QTest::newRow("cqs rule") << QByteArray(R"({"pipeline": "cqs", "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})")
                              << QByteArray(R"({"pipeline": "cqs", "cqs": {"rules": [{"tag": "Naming", "language": "cpp", "min_score": 8}]},
                                                "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})")
                              << QStringLiteral("CQS issue collector and judge") << QStringLiteral("CQS issue collector and judge (Naming/cpp from score 8)");
    QTest::newRow("cqs judge model") << QByteArray(R"({"pipeline": "cqs", "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})")
                                     << QByteArray(R"({"pipeline": "cqs", "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "k"}}})")
                                     << QStringLiteral("CQS issue collector and judge (judge j)") << QStringLiteral("CQS issue collector and judge (judge k)");
    QTest::newRow("aacr top-k chunks")
        << QByteArray(R"({"pipeline": "aacr", "context": "bm25", "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}}})")
        << QByteArray(R"({"pipeline": "aacr", "context": "bm25", "aacr": {"top_k": 5}, "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}}})")
        << QStringLiteral("AACR-Bench hunk review, bm25 context (top-3 chunks)") << QStringLiteral("AACR-Bench hunk review, bm25 context (top-5 chunks)");
    QTest::newRow("aacr embedding model")
        << QByteArray(R"({"pipeline": "aacr", "context": "embedding", "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}, "embedding": {"endpoint": "http://x/v1", "model": "e1"}}})")
        << QByteArray(R"({"pipeline": "aacr", "context": "embedding", "roles": {"reviewer": {"endpoint": "http://x/v1", "model": "m"}, "embedding": {"endpoint": "http://x/v1", "model": "e2"}}})")
        << QStringLiteral("AACR-Bench hunk review, embedding context (embeddings e1)") << QStringLiteral("AACR-Bench hunk review, embedding context (embeddings e2)");
}

void TestConfigIdentity::settingsThatChangeCommentsChangeTheIdentity()
{
    QFETCH(QByteArray, first);
    QFETCH(QByteArray, second);
    QFETCH(QString, firstLabel);
    QFETCH(QString, secondLabel);
    const QList<ConfigurationIdentity> ids{configurationIdentity(configOf(first.constData())), configurationIdentity(configOf(second.constData()))};
    QVERIFY(ids[0].key() != ids[1].key());
    QCOMPARE(labelOf(ids, 0), firstLabel);
    QCOMPARE(labelOf(ids, 1), secondLabel);
}

void TestConfigIdentity::aConfigurationAloneKeepsItsBaseName()
{
    const ConfigurationIdentity codeAgent = configurationIdentity(configOf(codeAgentWithChecker));
    const ConfigurationIdentity cqs = configurationIdentity(
        configOf(R"({"pipeline": "cqs", "cqs": {"threshold": 7}, "roles": {"collector": {"endpoint": "http://x/v1", "model": "c"}, "judge": {"endpoint": "http://x/v1", "model": "j"}}})"));
    // Another pipeline never shares a base name: nothing to tell apart.
    const QList<ConfigurationLabel> labels = configurationLabels({codeAgent, cqs, codeAgent});
    QCOMPARE(labels[0].text, QStringLiteral("CodeAgent"));
    QCOMPARE(labels[1].text, QStringLiteral("CQS issue collector and judge"));
    QCOMPARE(labels[2].text, labels[0].text); // the same configuration, the same label
    QVERIFY(labels[0].named.isEmpty());
}

void TestConfigIdentity::aRoleAnotherConfigurationLacksIsNamedByItsPresenceOnly()
{
    // The QA-Checker's and embeddings' models are details: against a
    // configuration without the QA-Checker the switch is named, not them;
    // between two with it, a different checker model is named.
    RunConfig otherChecker = configOf(codeAgentWithChecker);
    otherChecker.roles[QStringLiteral("qa_checker")].model = QStringLiteral("checker-2");
    const QList<ConfigurationIdentity> ids{configurationIdentity(configOf(codeAgentWithChecker)), configurationIdentity(otherChecker),
                                           configurationIdentity(configOf(codeAgentWithoutChecker))};
    const QList<ConfigurationLabel> labels = configurationLabels(ids);
    QCOMPARE(labels[0].text, QStringLiteral("CodeAgent (QA-Checker on, τ 4.5, QA-Checker m)"));
    QCOMPARE(labels[1].text, QStringLiteral("CodeAgent (QA-Checker on, τ 4.5, QA-Checker checker-2)"));
    QCOMPARE(labels[2].text, QStringLiteral("CodeAgent (QA-Checker off)"));
    QCOMPARE(labels[2].named, (QStringList{QStringLiteral("codeagent.qa_checker")}));
}

void TestConfigIdentity::labelsThatWouldCoincideCarryTheFingerprint()
{
    // A run label that reads like a configuration's name, and two τ equal to six digits.
    const ConfigurationIdentity codeAgent = configurationIdentity(configOf(codeAgentWithoutChecker));
    const ConfigurationIdentity unreadable = unreadableConfiguration(QStringLiteral("CodeAgent"));
    QList<ConfigurationLabel> labels = configurationLabels({codeAgent, unreadable});
    QCOMPARE(labels[0].text, QStringLiteral("CodeAgent [%1]").arg(codeAgent.fingerprint()));
    QCOMPARE(labels[1].text, QStringLiteral("CodeAgent [%1]").arg(unreadable.fingerprint()));
    QVERIFY(labels[0].text != labels[1].text);
    RunConfig a = configOf(codeAgentWithChecker), b = a;
    a.codeAgent.threshold = 4.5;
    b.codeAgent.threshold = 4.5000001;
    labels = configurationLabels({configurationIdentity(a), configurationIdentity(b)});
    QVERIFY(labels[0].text.startsWith(QStringLiteral("CodeAgent (τ 4.5) [")));
    QVERIFY(labels[1].text.startsWith(QStringLiteral("CodeAgent (τ 4.5) [")));
    QVERIFY(labels[0].text != labels[1].text);
}

QTEST_GUILESS_MAIN(TestConfigIdentity)
#include "tst_configidentity.moc"
