// reviewdesk-cli import --code-review-bench and compare (issue 34) on the
// real Code Review Bench data (tests/data/code-review-bench): the leaderboard
// equals the upstream dashboard's figures for that judge, recomputed here by
// a few lines of Python that do what analysis/benchmark_dashboard.py does
// (sums of tp, fp, fn over the pull requests a tool has an entry for, then
// the ratios, round(x * 100, 1)); the formats; bad input exits 2 or 3 and
// writes nothing.

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>

#include <algorithm>
#include <memory>

using namespace rd;

namespace {

const QString benchmarkDir = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");

// The upstream dashboard's calculate_aggregate_metrics (and its filter,
// calculate_filtered_metrics: a pull request passes when its label is one
// of the values), over evaluations.json and pr_labels.json.
const char *const dashboardPython = R"(import json, sys
evaluations = json.load(open(sys.argv[1]))
labels = json.load(open(sys.argv[2]))
dimension, wanted = (sys.argv[3].split('=') + [''])[:2] if len(sys.argv) > 3 else ('', '')
def label(pr, dim):
    l = labels.get(pr, {})
    return l.get('derived', {}).get('language', 'Unknown') if dim == 'language' else l.get('llm_pr_labels', {}).get({'pr_size': 'pr_size_category'}.get(dim, dim), 'unknown')
prs = [pr for pr in evaluations if not dimension or label(pr, dimension) in wanted.split(',')]
out = {}
for tool in sorted({t for pr in prs for t in evaluations[pr]}):
    tp = sum(evaluations[pr][tool].get('tp', 0) for pr in prs if tool in evaluations[pr])
    fp = sum(evaluations[pr][tool].get('fp', 0) for pr in prs if tool in evaluations[pr])
    fn = sum(evaluations[pr][tool].get('fn', 0) for pr in prs if tool in evaluations[pr])
    p = tp / (tp + fp) if (tp + fp) > 0 else 0
    r = tp / (tp + fn) if (tp + fn) > 0 else 0
    f = 2 * p * r / (p + r) if (p + r) > 0 else 0
    out[tool] = {'precision': round(p * 100, 1), 'recall': round(r * 100, 1), 'f1': round(f * 100, 1), 'tp': tp, 'fp': fp, 'fn': fn,
                 'num_prs': len([pr for pr in prs if tool in evaluations[pr]])}
print(json.dumps(out))
)";

QJsonObject dashboard(const QString &filter = {})
{
    QStringList arguments{QStringLiteral("-c"), QString::fromLatin1(dashboardPython), benchmarkDir + QStringLiteral("/results/openai_gpt-5.2/evaluations.json"),
                          benchmarkDir + QStringLiteral("/results/pr_labels.json")};
    if (!filter.isEmpty())
        arguments << filter;
    const test::GitOutput python = test::runProcess(QStringLiteral("python3"), arguments);
    if (python.exitCode != 0)
        qWarning("python3: %s", python.err.constData());
    return QJsonDocument::fromJson(python.out).object();
}

QJsonObject boardOf(const QJsonObject &report, const QString &judge)
{
    for (const QJsonValue &j : report.value(QLatin1String("judges")).toArray())
        if (j.toObject().value(QLatin1String("judge")).toString() == judge)
            return j.toObject();
    return {};
}

} // namespace

class CompareCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void leaderboardEqualsTheUpstreamDashboardToTheDigit();
    void labelFilterSelectsAsTheDashboardDoes();
    void pairsAndIntervalsComeWithTheLeaderboard();
    void importingAgainGivesTheSameComparison();
    void markdownAndCsvCarryTheSameFigures();
    void pValueAtTheFloorIsPrintedAsBelowIt();
    void figureWithoutItemsIsNullInJsonDashInMarkdownEmptyInCsv();
    void exportedBenchmarkImportsToTheSameComparison();
    void badInputExitsWithoutWriting_data();
    void badInputExitsWithoutWriting();
    void malformedBenchmarkLeavesNoWorkspace();

private:
    QString imported();
    std::unique_ptr<QTemporaryDir> m_dir;
};

void CompareCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString CompareCliTest::imported()
{
    const QString workspace = m_dir->filePath(QStringLiteral("bench.rdw"));
    const test::GitOutput run = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--code-review-bench"), benchmarkDir});
    if (run.exitCode != 0)
        qWarning("import: %s", run.err.constData());
    return workspace;
}

void CompareCliTest::leaderboardEqualsTheUpstreamDashboardToTheDigit()
{
    const QString workspace = imported();
    const test::GitOutput run = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--bootstrap"), QStringLiteral("500")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject upstream = dashboard();
    QCOMPARE(upstream.size(), 12);
    const QJsonObject board = boardOf(QJsonDocument::fromJson(run.out).object(), QStringLiteral("openai_gpt-5.2"));
    QCOMPARE(board.value(QLatin1String("merge_requests")).toInt(), 50);
    const QJsonArray reviewers = board.value(QLatin1String("reviewers")).toArray();
    QCOMPARE(reviewers.size(), 12);
    for (const QJsonValue &v : reviewers) {
        const QJsonObject r = v.toObject();
        const QString tool = r.value(QLatin1String("reviewer")).toString();
        const QJsonObject expected = upstream.value(tool).toObject();
        QVERIFY2(!expected.isEmpty(), qPrintable(tool));
        for (const char *count : {"tp", "fp", "fn"})
            QVERIFY2(r.value(QLatin1String(count)).toInt() == expected.value(QLatin1String(count)).toInt(), qPrintable(tool + QLatin1Char(' ') + QLatin1String(count)));
        QCOMPARE(r.value(QLatin1String("merge_requests")).toInt(), expected.value(QLatin1String("num_prs")).toInt());
        for (const char *figure : {"precision", "recall", "f1"})
            QVERIFY2(r.value(QLatin1String(figure)).toObject().value(QLatin1String("value")).toDouble() == expected.value(QLatin1String(figure)).toDouble(),
                     qPrintable(QStringLiteral("%1 %2: %3, upstream %4")
                                    .arg(tool, QLatin1String(figure))
                                    .arg(r.value(QLatin1String(figure)).toObject().value(QLatin1String("value")).toDouble())
                                    .arg(expected.value(QLatin1String(figure)).toDouble())));
        QVERIFY(r.value(QLatin1String("cost_usd")).isNull());
        QVERIFY(r.value(QLatin1String("cost_per_accepted")).isNull());
        QVERIFY(r.value(QLatin1String("accepted")).isNull()); // nobody judged the tools' comments
        QCOMPARE(r.value(QLatin1String("kind")).toString(), QStringLiteral("tool"));
    }
    // The published figure the issue quotes: augment's precision.
    QCOMPARE(reviewers.first().toObject().value(QLatin1String("reviewer")).toString(), QStringLiteral("augment"));
    QCOMPARE(reviewers.first().toObject().value(QLatin1String("precision")).toObject().value(QLatin1String("value")).toDouble(), 37.3);
}

void CompareCliTest::labelFilterSelectsAsTheDashboardDoes()
{
    const QString workspace = imported();
    for (const QString &filter : {QStringLiteral("language=Go"), QStringLiteral("pr_size=large,small")}) {
        const test::GitOutput run = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--bootstrap"), QStringLiteral("200"),
                                                 QStringLiteral("--mr-filter"), filter});
        QVERIFY2(run.exitCode == 0, run.err.constData());
        const QJsonObject upstream = dashboard(filter);
        const QJsonObject board = boardOf(QJsonDocument::fromJson(run.out).object(), QStringLiteral("openai_gpt-5.2"));
        int prs = 0;
        for (const QJsonValue &v : board.value(QLatin1String("reviewers")).toArray()) {
            const QJsonObject r = v.toObject();
            const QJsonObject expected = upstream.value(r.value(QLatin1String("reviewer")).toString()).toObject();
            // Upstream's 0 for 0/0 is null here (docs/comparing.md); every other figure is upstream's.
            const int tp = expected.value(QLatin1String("tp")).toInt(), fp = expected.value(QLatin1String("fp")).toInt(), fn = expected.value(QLatin1String("fn")).toInt();
            const bool noPrecision = tp + fp == 0, noRecall = tp + fn == 0;
            for (const auto &[figure, undefined] : {std::pair{"precision", noPrecision}, std::pair{"recall", noRecall}, std::pair{"f1", noPrecision || noRecall}}) {
                const QJsonValue value = r.value(QLatin1String(figure)).toObject().value(QLatin1String("value"));
                QCOMPARE(value.isNull(), undefined);
                if (!undefined)
                    QCOMPARE(value.toDouble(), expected.value(QLatin1String(figure)).toDouble());
            }
            QCOMPARE(r.value(QLatin1String("tp")).toInt(), tp);
            prs = std::max(prs, expected.value(QLatin1String("num_prs")).toInt());
        }
        QVERIFY(prs > 0 && prs < 50);
        QCOMPARE(board.value(QLatin1String("merge_requests")).toInt(), prs);
    }
}

void CompareCliTest::pairsAndIntervalsComeWithTheLeaderboard()
{
    const QString workspace = imported();
    const test::GitOutput run = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--judge"),
                                             QStringLiteral("openai_gpt-5.2"), QStringLiteral("--seed"), QStringLiteral("42")});
    QVERIFY2(run.exitCode == 0, run.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(report.value(QLatin1String("resamples")).toInt(), 2000); // the default
    QCOMPARE(report.value(QLatin1String("seed")).toString(), QStringLiteral("42"));
    QCOMPARE(report.value(QLatin1String("judges")).toArray().size(), 1);
    const QJsonObject board = report.value(QLatin1String("judges")).toArray().first().toObject();
    for (const QJsonValue &v : board.value(QLatin1String("reviewers")).toArray())
        for (const char *figure : {"precision", "recall", "f1"}) {
            const QJsonObject e = v.toObject().value(QLatin1String(figure)).toObject();
            // Every tool commented on every pull request it reviewed: each resample defines each figure.
            QCOMPARE(e.value(QLatin1String("resamples")).toInt(), 2000);
            QVERIFY(!v.toObject().value(QLatin1String("tier")).toString().isEmpty());
            QVERIFY(e.value(QLatin1String("low")).toDouble() <= e.value(QLatin1String("value")).toDouble());
            QVERIFY(e.value(QLatin1String("value")).toDouble() <= e.value(QLatin1String("high")).toDouble());
            QVERIFY(e.value(QLatin1String("high")).toDouble() - e.value(QLatin1String("low")).toDouble() > 1);
        }
    // 12 tools: 66 pairs, each on precision, recall and F1.
    QCOMPARE(board.value(QLatin1String("pairs")).toArray().size(), 66 * 3);
    const QJsonObject first = board.value(QLatin1String("pairs")).toArray().first().toObject();
    for (const char *key : {"a", "b", "metric", "merge_requests", "difference", "low", "high", "p", "p_adjusted", "resamples", "too_few"})
        QVERIFY2(first.contains(QLatin1String(key)), key);
    for (const QJsonValue &v : board.value(QLatin1String("pairs")).toArray()) {
        const QJsonObject pair = v.toObject();
        QCOMPARE(pair.value(QLatin1String("merge_requests")).toInt(), 50);
        QCOMPARE(pair.value(QLatin1String("too_few")).toBool(), false);
        // Never 0; the adjusted p never below the raw one.
        QVERIFY(pair.value(QLatin1String("p")).toDouble() > 0);
        QVERIFY(pair.value(QLatin1String("p_adjusted")).toDouble() >= pair.value(QLatin1String("p")).toDouble());
    }
    // One judge: no agreement to report.
    QVERIFY(report.value(QLatin1String("judge_agreement")).toArray().isEmpty());
    // The same seed, the same figures; another seed, other intervals.
    const test::GitOutput again = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--judge"),
                                               QStringLiteral("openai_gpt-5.2"), QStringLiteral("--seed"), QStringLiteral("42")});
    QCOMPARE(again.out, run.out);
    const test::GitOutput other = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--judge"),
                                               QStringLiteral("openai_gpt-5.2"), QStringLiteral("--seed"), QStringLiteral("43")});
    QVERIFY(other.out != run.out);
}

void CompareCliTest::importingAgainGivesTheSameComparison()
{
    const QString workspace = imported();
    const QStringList compare{QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--bootstrap"), QStringLiteral("300")};
    const test::GitOutput before = test::runCli(compare);
    QCOMPARE(before.exitCode, 0);
    const test::GitOutput again = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--code-review-bench"), benchmarkDir});
    QCOMPARE(again.exitCode, 0);
    QVERIFY2(again.err.contains("(0 new, without code)") && again.err.contains("references (0 new)"), again.err.constData());
    QCOMPARE(test::runCli(compare).out, before.out);
}

void CompareCliTest::markdownAndCsvCarryTheSameFigures()
{
    const QString workspace = imported();
    const test::GitOutput md = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("md"),
                                            QStringLiteral("--bootstrap"), QStringLiteral("300")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY(md.out.startsWith("# Comparing reviewers"));
    QVERIFY(md.out.contains("## Judge: openai_gpt-5.2 (imported)"));
    // augment, tier a: tp 81, fp 136, fn 56; precision 37.3 with its interval.
    QVERIFY2(md.out.contains("| augment | a | 50 | 81 | 136 | 56 | 37.3 ["), md.out.left(2000).constData());
    QVERIFY2(md.out.contains("| a | b | Metric | MRs | a − b [95%] | p | p (Holm) |"), md.out.constData());
    const QString out = m_dir->filePath(QStringLiteral("compare.csv"));
    const test::GitOutput csv = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("csv"),
                                             QStringLiteral("--bootstrap"), QStringLiteral("300"), QStringLiteral("--out"), out});
    QCOMPARE(csv.exitCode, 0);
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
    QVERIFY(lines.first().startsWith("section,judge,a,b,kind,metric,value,low,high,p,p_adjusted,merge_requests,"));
    QVERIFY2(lines.first().endsWith(",tier,resamples,too_few"), lines.first().constData());
    // 12 tools x 3 figures, 66 pairs x 3.
    QCOMPARE(lines.size(), 1 + 36 + 198);
    QVERIFY(std::any_of(lines.cbegin(), lines.cend(), [](const QByteArray &l) { return l.startsWith("reviewer,openai_gpt-5.2,graphite,,tool,precision,66.7,"); }));
}

// augment - bugbot on recall: no resample's t* of 2,000 reaches the
// observed t0, so p is 2/2001 (JSON) and Markdown says "< 0.001"; on F1
// (p = 0.125) the value.
void CompareCliTest::pValueAtTheFloorIsPrintedAsBelowIt()
{
    const QString workspace = imported();
    const test::GitOutput json = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonArray pairs = boardOf(QJsonDocument::fromJson(json.out).object(), QStringLiteral("openai_gpt-5.2")).value(QLatin1String("pairs")).toArray();
    const auto pairOf = [&pairs](const char *metric) {
        for (const QJsonValue &v : pairs)
            if (v.toObject().value(QLatin1String("a")).toString() == QLatin1String("augment") && v.toObject().value(QLatin1String("b")).toString() == QLatin1String("bugbot")
                && v.toObject().value(QLatin1String("metric")).toString() == QLatin1String(metric))
                return v.toObject();
        return QJsonObject();
    };
    QCOMPARE(pairOf("recall").value(QLatin1String("p")).toDouble(), 0.0009995);
    QCOMPARE(pairOf("f1").value(QLatin1String("p")).toDouble(), 0.1249); // 2 · (1 + 124) / 2001
    const test::GitOutput md = test::runCli({QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.contains("| augment | bugbot | recall | 50 | 16.1 [8.8, 26.3] | < 0.001 |"), md.out.constData());
    QVERIFY2(md.out.contains("| augment | bugbot | f1 | 50 | 5.2 [-1.4, 12.7] | 0.1249 |"), md.out.constData());
}

// project=discourse: graphite raised nothing, so its precision and F1 are
// undefined: null in JSON, "—" in Markdown, empty in CSV (upstream: 0.0).
void CompareCliTest::figureWithoutItemsIsNullInJsonDashInMarkdownEmptyInCsv()
{
    const QString workspace = imported();
    const QStringList compare{QStringLiteral("compare"), QStringLiteral("--workspace"), workspace, QStringLiteral("--mr-filter"), QStringLiteral("project=discourse"),
                              QStringLiteral("--bootstrap"), QStringLiteral("300"), QStringLiteral("--format")};
    const test::GitOutput json = test::runCli(compare + QStringList{QStringLiteral("json")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    QJsonObject graphite;
    for (const QJsonValue &v : boardOf(QJsonDocument::fromJson(json.out).object(), QStringLiteral("openai_gpt-5.2")).value(QLatin1String("reviewers")).toArray())
        if (v.toObject().value(QLatin1String("reviewer")).toString() == QLatin1String("graphite"))
            graphite = v.toObject();
    QCOMPARE(graphite.value(QLatin1String("fp")).toInt(), 0);
    for (const char *figure : {"precision", "f1"}) {
        const QJsonObject e = graphite.value(QLatin1String(figure)).toObject();
        QVERIFY2(e.value(QLatin1String("value")).isNull(), figure);
        QVERIFY(e.value(QLatin1String("low")).isNull() && e.value(QLatin1String("high")).isNull());
        QCOMPARE(e.value(QLatin1String("resamples")).toInt(), 0);
    }
    QCOMPARE(graphite.value(QLatin1String("recall")).toObject().value(QLatin1String("value")).toDouble(), 0.0);
    const test::GitOutput md = test::runCli(compare + QStringList{QStringLiteral("md")});
    QVERIFY2(md.out.contains("| graphite | — | 10 | 0 | 0 | 28 | — | 0.0 [0.0, 0.0] | — |"), md.out.constData());
    const test::GitOutput csv = test::runCli(compare + QStringList{QStringLiteral("csv")});
    QVERIFY2(csv.out.contains("\nreviewer,openai_gpt-5.2,graphite,,tool,precision,,,,"), csv.out.constData());
}

// export --format code-review-bench writes the offline layout back from the
// records kept at import; a fresh workspace importing it compares the same.
void CompareCliTest::exportedBenchmarkImportsToTheSameComparison()
{
    const QString workspace = imported();
    const QString folder = m_dir->filePath(QStringLiteral("exported"));
    const test::GitOutput exported = test::runCli({QStringLiteral("export"), QStringLiteral("--workspace"), workspace, QStringLiteral("--format"),
                                                  QStringLiteral("code-review-bench"), QStringLiteral("--out"), folder});
    QVERIFY2(exported.exitCode == 0, exported.err.constData());
    for (const char *file : {"golden_comments/sentry.json", "golden_comments/cal_dot_com.json", "results/pr_labels.json", "results/openai_gpt-5.2/candidates.json",
                             "results/openai_gpt-5.2/evaluations.json"})
        QVERIFY2(QFileInfo::exists(folder + QLatin1Char('/') + QLatin1String(file)), file);
    // The evaluations as the file had them, entry for entry.
    QFile original(benchmarkDir + QStringLiteral("/results/openai_gpt-5.2/evaluations.json")), written(folder + QStringLiteral("/results/openai_gpt-5.2/evaluations.json"));
    QVERIFY(original.open(QIODevice::ReadOnly) && written.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(written.readAll()).object(), QJsonDocument::fromJson(original.readAll()).object());
    const QString copy = m_dir->filePath(QStringLiteral("copy.rdw"));
    const test::GitOutput again = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), copy, QStringLiteral("--code-review-bench"), folder});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    const QStringList compare{QStringLiteral("--bootstrap"), QStringLiteral("300"), QStringLiteral("--format"), QStringLiteral("csv")};
    const test::GitOutput before = test::runCli(QStringList{QStringLiteral("compare"), QStringLiteral("--workspace"), workspace} + compare);
    const test::GitOutput after = test::runCli(QStringList{QStringLiteral("compare"), QStringLiteral("--workspace"), copy} + compare);
    QCOMPARE(after.exitCode, 0);
    QCOMPARE(after.out, before.out);
}

void CompareCliTest::badInputExitsWithoutWriting_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("said");
    QTest::newRow("no resamples") << QStringList{QStringLiteral("--bootstrap"), QStringLiteral("0")} << 2 << QStringLiteral("--bootstrap");
    QTest::newRow("resamples not a number") << QStringList{QStringLiteral("--bootstrap"), QStringLiteral("many")} << 2 << QStringLiteral("many");
    QTest::newRow("beta zero") << QStringList{QStringLiteral("--beta"), QStringLiteral("0")} << 2 << QStringLiteral("--beta");
    QTest::newRow("seed above 2^64 - 1") << QStringList{QStringLiteral("--seed"), QStringLiteral("18446744073709551616")} << 2 << QStringLiteral("18446744073709551615");
    QTest::newRow("seed negative") << QStringList{QStringLiteral("--seed"), QStringLiteral("-1")} << 2 << QStringLiteral("--seed");
    QTest::newRow("unknown format") << QStringList{QStringLiteral("--format"), QStringLiteral("xml")} << 2 << QStringLiteral("xml");
    QTest::newRow("unknown judge") << QStringList{QStringLiteral("--judge"), QStringLiteral("gpt-2")} << 2 << QStringLiteral("openai_gpt-5.2");
    QTest::newRow("filter without value") << QStringList{QStringLiteral("--mr-filter"), QStringLiteral("language")} << 2 << QStringLiteral("LABEL=VALUE");
    QTest::newRow("unknown label") << QStringList{QStringLiteral("--mr-filter"), QStringLiteral("size=large")} << 2 << QStringLiteral("pr_size");
    QTest::newRow("value nobody has") << QStringList{QStringLiteral("--mr-filter"), QStringLiteral("language=Cobol")} << 2 << QStringLiteral("TypeScript");
    QTest::newRow("missing workspace") << QStringList{QStringLiteral("--workspace"), QStringLiteral("/nonexistent/w.rdw")} << 3 << QStringLiteral("no such workspace");
}

void CompareCliTest::badInputExitsWithoutWriting()
{
    QFETCH(QStringList, options);
    QFETCH(int, exitCode);
    QFETCH(QString, said);
    const QString workspace = imported();
    const QString out = m_dir->filePath(QStringLiteral("out.json"));
    QStringList arguments{QStringLiteral("compare")};
    if (!options.contains(QStringLiteral("--workspace")))
        arguments << QStringLiteral("--workspace") << workspace;
    arguments << options << QStringLiteral("--out") << out;
    const test::GitOutput run = test::runCli(arguments);
    QCOMPARE(run.exitCode, exitCode);
    QVERIFY2(QString::fromUtf8(run.err).contains(said), run.err.constData());
    QVERIFY(!QFileInfo::exists(out));
    QVERIFY(!QFileInfo::exists(QStringLiteral("/nonexistent/w.rdw")));
}

void CompareCliTest::malformedBenchmarkLeavesNoWorkspace()
{
    // A judge folder with evaluations but no candidates.
    const QString folder = m_dir->filePath(QStringLiteral("bench"));
    QDir().mkpath(folder + QStringLiteral("/golden_comments"));
    QDir().mkpath(folder + QStringLiteral("/results/judge"));
    QVERIFY(QFile::copy(benchmarkDir + QStringLiteral("/golden_comments/sentry.json"), folder + QStringLiteral("/golden_comments/sentry.json")));
    QVERIFY(QFile::copy(benchmarkDir + QStringLiteral("/results/openai_gpt-5.2/evaluations.json"), folder + QStringLiteral("/results/judge/evaluations.json")));
    const QString workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    const test::GitOutput run = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), workspace, QStringLiteral("--code-review-bench"), folder});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains("results/judge has evaluations.json but no candidates.json"), run.err.constData());
    QVERIFY(!QFileInfo::exists(workspace));
}

QTEST_GUILESS_MAIN(CompareCliTest)
#include "tst_comparecli.moc"
