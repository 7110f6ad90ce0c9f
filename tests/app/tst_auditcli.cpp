// reviewdesk-cli audit (issue 34, "People audit the judge") as a person runs
// it: --list the pairs of two judges of Code Review Bench to audit (their
// disagreements and a seeded sample), decisions read from stdin with
// 'stored' after each, bad lines and options named, and compare's
// judge_audit and audited board afterwards.

#include <JudgeAuditFixture.h>
#include <RunProcess.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace rd;

namespace {

test::GitOutput cli(const QStringList &arguments, const QByteArray &input = {})
{
    test::ProcessRun run;
    run.input = input;
    return test::runCli(arguments, run);
}

QByteArray line(qint64 comment, qint64 reference, const char *decision)
{
    return QStringLiteral(R"({"comment": %1, "reference": %2, "decision": "%3"})").arg(comment).arg(reference).arg(QLatin1String(decision)).toUtf8() + '\n';
}

} // namespace

class AuditCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void listNamesEveryDisagreementAndASeededSample();
    void markdownListsTheSamePairs();
    void decisionsAreStoredLineByLineAndComparedWithTheJudges();
    void badLinesAreNamedAndTheGoodOnesStored();
    void badOptionsExitWithUsage_data();
    void badOptionsExitWithUsage();

private:
    QJsonObject list(const QStringList &extra = {});
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_workspace;
    int m_disagreements = 0;
};

void AuditCliTest::initTestCase()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    const test::TwoJudgeBenchmark bench = test::writeAuditBenchmark(m_dir->filePath(QStringLiteral("bench")), true);
    m_disagreements = bench.disagreements;
    m_workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    const test::GitOutput run = cli({QStringLiteral("import"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--code-review-bench"), bench.folder});
    QVERIFY2(run.exitCode == 0, run.err.constData());
}

QJsonObject AuditCliTest::list(const QStringList &extra)
{
    const test::GitOutput run = cli(QStringList{QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--list")} + extra);
    if (run.exitCode != 0)
        qWarning("audit --list: %s", run.err.constData());
    return QJsonDocument::fromJson(run.out).object();
}

void AuditCliTest::listNamesEveryDisagreementAndASeededSample()
{
    const QJsonObject o = list({QStringLiteral("--sample"), QStringLiteral("6"), QStringLiteral("--seed"), QStringLiteral("3")});
    QCOMPARE(o.value(QLatin1String("judges")).toArray(), (QJsonArray{QStringLiteral("openai_gpt-5.2"), QStringLiteral("second")}));
    QCOMPARE(o.value(QLatin1String("disagreements")).toInt(), m_disagreements);
    QCOMPARE(o.value(QLatin1String("sampled")).toInt(), 6);
    const QJsonArray items = o.value(QLatin1String("items")).toArray();
    QCOMPARE(items.size(), m_disagreements + 6);
    QHash<QString, int> kinds;
    for (const QJsonValue &v : items) {
        const QJsonObject item = v.toObject();
        kinds[item.value(QLatin1String("kind")).toString()]++;
        for (const char *key : {"merge_request", "title", "url", "reviewer", "comment", "candidate", "reference", "golden_comment", "severity", "judges", "decisions"})
            QVERIFY2(item.contains(QLatin1String(key)), key);
        const QJsonArray judges = item.value(QLatin1String("judges")).toArray();
        QCOMPARE(judges.size(), 2);
        if (item.value(QLatin1String("kind")).toString() == QLatin1String("disagreement")) {
            QVERIFY(judges[0].toObject().value(QLatin1String("matched")).toBool());
            QVERIFY(!judges[0].toObject().value(QLatin1String("reasoning")).toString().isEmpty());
            QVERIFY(!judges[1].toObject().value(QLatin1String("matched")).toBool());
        }
    }
    QCOMPARE(kinds.value(QStringLiteral("disagreement")), m_disagreements);
    QCOMPARE(kinds.value(QStringLiteral("agreement")), 3);
    QCOMPARE(kinds.value(QStringLiteral("near-miss")), 3);
    // The same seed lists the same pairs; another seed others.
    QCOMPARE(list({QStringLiteral("--sample"), QStringLiteral("6"), QStringLiteral("--seed"), QStringLiteral("3")}), o);
    QVERIFY(list({QStringLiteral("--sample"), QStringLiteral("6"), QStringLiteral("--seed"), QStringLiteral("4")}) != o);
}

void AuditCliTest::markdownListsTheSamePairs()
{
    const test::GitOutput run = cli({QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--list"), QStringLiteral("--sample"),
                                     QStringLiteral("2"), QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QVERIFY(run.out.startsWith("# Audit of the judges"));
    QCOMPARE(run.out.count("\n| disagreement |"), m_disagreements);
    QCOMPARE(run.out.count("\n| agreement |") + run.out.count("\n| near-miss |"), 2);
}

void AuditCliTest::decisionsAreStoredLineByLineAndComparedWithTheJudges()
{
    const QJsonArray items = list({QStringLiteral("--sample"), QStringLiteral("0")}).value(QLatin1String("items")).toArray();
    QVERIFY(items.size() >= 3);
    // People side with the first judge on two disagreements and with the
    // second on one: the first is right twice in three, the second once.
    QByteArray input;
    const char *decisions[] = {"same", "same", "different"};
    for (int i = 0; i < 3; ++i)
        input += line(items[i].toObject().value(QLatin1String("comment")).toInteger(), items[i].toObject().value(QLatin1String("reference")).toInteger(), decisions[i]);
    const test::GitOutput run = cli({QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")}, input);
    QVERIFY2(run.exitCode == 0, run.err.constData());
    QCOMPARE(run.out, QByteArray("stored\nstored\nstored\n"));
    // The list now carries them.
    const QJsonArray again = list({QStringLiteral("--sample"), QStringLiteral("0")}).value(QLatin1String("items")).toArray();
    QCOMPARE(again[2].toObject().value(QLatin1String("decisions")).toArray()[0].toObject().value(QLatin1String("decision")).toString(), QStringLiteral("different"));
    // Replacing says so on stderr.
    const QByteArray replace = line(items[2].toObject().value(QLatin1String("comment")).toInteger(), items[2].toObject().value(QLatin1String("reference")).toInteger(), "different");
    const test::GitOutput replaced = cli({QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")}, replace);
    QCOMPARE(replaced.exitCode, 0);
    QVERIFY2(replaced.err.contains("replaces ann's earlier decision"), replaced.err.constData());

    const test::GitOutput compared = cli({QStringLiteral("compare"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--bootstrap"), QStringLiteral("200")});
    QVERIFY2(compared.exitCode == 0, compared.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(compared.out).object();
    const QJsonArray audit = report.value(QLatin1String("judge_audit")).toArray();
    QCOMPARE(audit.size(), 2);
    const QJsonObject first = audit[0].toObject(), second = audit[1].toObject();
    QCOMPARE(first.value(QLatin1String("judge")).toString(), QStringLiteral("openai_gpt-5.2"));
    QCOMPARE(first.value(QLatin1String("items")).toInt(), 3);
    QCOMPARE(first.value(QLatin1String("accuracy")).toObject().value(QLatin1String("value")).toDouble(), 66.7);
    QCOMPARE(second.value(QLatin1String("accuracy")).toObject().value(QLatin1String("value")).toDouble(), 33.3);
    QVERIFY(first.value(QLatin1String("kappa")).toObject().contains(QLatin1String("low")));
    QStringList boards;
    for (const QJsonValue &j : report.value(QLatin1String("judges")).toArray())
        boards << j.toObject().value(QLatin1String("judge")).toString();
    QVERIFY2(boards.contains(QStringLiteral("people (audit of openai_gpt-5.2)")), qPrintable(boards.join(QLatin1Char(','))));
    QVERIFY(boards.contains(QStringLiteral("people (audit of second)")));
    const test::GitOutput md = cli({QStringLiteral("compare"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--bootstrap"), QStringLiteral("200"),
                                    QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY(md.out.contains("## People audit the judges"));
    QVERIFY(md.out.contains("| openai_gpt-5.2 | 3 |"));
    const test::GitOutput csv = cli({QStringLiteral("compare"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--bootstrap"), QStringLiteral("200"),
                                     QStringLiteral("--format"), QStringLiteral("csv")});
    QVERIFY(csv.out.contains("audit,openai_gpt-5.2,,,,accuracy,66.7,"));

    // null takes the decisions back: compare has no audit any more.
    QByteArray undo;
    for (int i = 0; i < 3; ++i)
        undo += QStringLiteral(R"({"comment": %1, "reference": %2, "decision": null})")
                    .arg(items[i].toObject().value(QLatin1String("comment")).toInteger())
                    .arg(items[i].toObject().value(QLatin1String("reference")).toInteger())
                    .toUtf8()
                + '\n';
    const test::GitOutput undone = cli({QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")}, undo);
    QCOMPARE(undone.exitCode, 0);
    QCOMPARE(undone.out, QByteArray("stored\nstored\nstored\n"));
    const test::GitOutput clean = cli({QStringLiteral("compare"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--bootstrap"), QStringLiteral("50")});
    QCOMPARE(QJsonDocument::fromJson(clean.out).object().value(QLatin1String("judge_audit")).toArray().size(), 0);
}

void AuditCliTest::badLinesAreNamedAndTheGoodOnesStored()
{
    const QJsonArray items = list({QStringLiteral("--sample"), QStringLiteral("0")}).value(QLatin1String("items")).toArray();
    const qint64 comment = items[3].toObject().value(QLatin1String("comment")).toInteger();
    const qint64 reference = items[3].toObject().value(QLatin1String("reference")).toInteger();
    QByteArray input;
    input += "not json\n";                                                      // line 1
    input += line(comment, reference, "maybe");                                 // line 2
    input += line(comment, 999999, "same");                                     // line 3: no such reference
    input += line(reference, comment, "same");                                  // line 4: the wrong way round
    input += QStringLiteral(R"({"comment": %1, "reference": %2, "decision": "same", "annotator": "bob"})").arg(comment).arg(reference).toUtf8() + '\n'; // line 5
    input += line(comment, reference, "unsure");                                // line 6: good
    const test::GitOutput run = cli({QStringLiteral("audit"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("dan")}, input);
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QByteArray("stored\n"));
    QVERIFY2(run.err.contains("audit: line 1: not JSON"), run.err.constData());
    QVERIFY2(run.err.contains("audit: line 2: \"decision\" must be"), run.err.constData());
    QVERIFY2(run.err.contains("audit: line 3: no reference 999999"), run.err.constData());
    QVERIFY2(run.err.contains("audit: line 4: comment"), run.err.constData());
    QVERIFY2(run.err.contains("audit: line 5: the decision is bob's, not dan's"), run.err.constData());
    const QJsonArray again = list({QStringLiteral("--sample"), QStringLiteral("0")}).value(QLatin1String("items")).toArray();
    const QJsonArray decisions = again[3].toObject().value(QLatin1String("decisions")).toArray();
    QCOMPARE(decisions.size(), 1);
    QCOMPARE(decisions[0].toObject().value(QLatin1String("annotator")).toString(), QStringLiteral("dan"));
    QCOMPARE(decisions[0].toObject().value(QLatin1String("decision")).toString(), QStringLiteral("unsure"));
}

void AuditCliTest::badOptionsExitWithUsage_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("no workspace") << QStringList{QStringLiteral("--list")} << 2 << QStringLiteral("audit: --workspace is required");
    QTest::newRow("neither") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W")} << 2 << QStringLiteral("give --list");
    QTest::newRow("both") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--list"), QStringLiteral("--annotator"), QStringLiteral("a")} << 2
                          << QStringLiteral("one of them");
    QTest::newRow("negative sample") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--list"), QStringLiteral("--sample"), QStringLiteral("-1")}
                                     << 2 << QStringLiteral("--sample is a number of pairs");
    QTest::newRow("bad seed") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--list"), QStringLiteral("--seed"), QStringLiteral("x")} << 2
                              << QStringLiteral("--seed is a whole number");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--list"), QStringLiteral("--format"), QStringLiteral("csv")}
                                << 2 << QStringLiteral("--format is json or md");
    QTest::newRow("sample without list") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--annotator"), QStringLiteral("a"),
                                                        QStringLiteral("--sample"), QStringLiteral("3")}
                                         << 2 << QStringLiteral("--sample is for --list");
    QTest::newRow("empty annotator") << QStringList{QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--annotator"), QStringLiteral(" ")} << 2
                                     << QStringLiteral("--annotator is empty");
    QTest::newRow("no such workspace") << QStringList{QStringLiteral("--workspace"), QStringLiteral("MISSING"), QStringLiteral("--list")} << 3
                                       << QStringLiteral("no such workspace");
}

void AuditCliTest::badOptionsExitWithUsage()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    for (QString &a : arguments) {
        if (a == QLatin1String("W"))
            a = m_workspace;
        else if (a == QLatin1String("MISSING"))
            a = m_dir->filePath(QStringLiteral("missing.rdw"));
    }
    const test::GitOutput run = cli(QStringList{QStringLiteral("audit")} + arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(run.err).contains(message), run.err.constData());
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(AuditCliTest)
#include "tst_auditcli.moc"
