// Code Review Bench's offline layout read and stored (issue 34): the real
// data in tests/data/code-review-bench (golden comments, labels, one
// judge's results), each judge's verdicts kept apart, importing again
// changes nothing, malformed files are errors naming the file and key with
// nothing stored, and a copy of the workspace keeps the verdicts.

#include <CodeReviewBenchFixture.h>
#include <CodeReviewBench.h>
#include <SqlWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <RawDb.h>

#include <algorithm>
#include <functional>
#include <memory>

using namespace rd;

namespace {

const QString benchmarkDir = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

// A copy of the benchmark folder to break.
QString copyBenchmark(const QString &to)
{
    for (const QString &relative : {QStringLiteral("golden_comments/cal_dot_com.json"), QStringLiteral("golden_comments/discourse.json"),
                                    QStringLiteral("golden_comments/grafana.json"), QStringLiteral("golden_comments/keycloak.json"),
                                    QStringLiteral("golden_comments/sentry.json"), QStringLiteral("results/pr_labels.json"),
                                    QStringLiteral("results/openai_gpt-5.2/candidates.json"), QStringLiteral("results/openai_gpt-5.2/evaluations.json")})
        writeAll(QDir(to).filePath(relative), readAll(QDir(benchmarkDir).filePath(relative)));
    return to;
}

QJsonObject jsonObject(const QString &path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

void writeJson(const QString &path, const QJsonObject &o)
{
    writeAll(path, QJsonDocument(o).toJson(QJsonDocument::Compact));
}

int rows(const QString &workspace, const QString &table)
{
    return test::RawDb(workspace).value(QStringLiteral("SELECT COUNT(*) FROM ") + table).toInt();
}

} // namespace

class CodeReviewBenchTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void readsEveryPullRequestToolAndJudgeOfTheRealData();
    void verdictsReproduceTheFilesCountsForEveryReview();
    void labelsFollowTheDashboardsDimensions();
    void storesEachJudgeApartAndImportingAgainChangesNothing();
    void aSecondJudgeKeepsTheFirstJudgesVerdicts();
    void copyOfTheWorkspaceKeepsJudgesAndLabels();
    void malformedFolderIsAnErrorNamingFileAndKey_data();
    void malformedFolderIsAnErrorNamingFileAndKey();
    void failedStoreLeavesNothingHalfImported();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void CodeReviewBenchTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void CodeReviewBenchTest::readsEveryPullRequestToolAndJudgeOfTheRealData()
{
    auto read = codereviewbench::readFolder(benchmarkDir);
    QVERIFY2(read, read ? "" : qPrintable(read.error().message));
    const BenchmarkImport &import = read->import;
    QCOMPARE(import.format, QStringLiteral("code-review-bench"));
    QCOMPARE(import.judges, QStringList{QStringLiteral("openai_gpt-5.2")});
    QCOMPARE(import.pullRequests.size(), 50);
    int references = 0, reviews = 0;
    QSet<QString> tools;
    for (const BenchmarkPullRequest &pr : import.pullRequests) {
        references += int(pr.references.size());
        reviews += int(pr.reviews.size());
        for (const BenchmarkReview &r : pr.reviews)
            tools.insert(r.reviewer);
        QVERIFY(!pr.entry.codeLinked);
        QVERIFY(pr.entry.url.startsWith(QLatin1String("https://github.com/")));
    }
    QCOMPARE(references, 137); // 47 Medium + 41 High + 40 Low + 9 Critical
    QCOMPARE(reviews, 600);    // 50 pull requests x 12 tools
    QCOMPARE(tools.size(), 12);
    // The labels file also names a pull request no golden file has (a test entry upstream): told, not imported.
    QVERIFY(std::any_of(read->notes.cbegin(), read->notes.cend(), [](const QString &n) { return n.contains(QLatin1String("https://example/pr")); }));
}

// tp, fp and fn of every (pull request, tool) as the file counts them, from
// the verdicts alone: found references, unmatched candidates, the rest.
void CodeReviewBenchTest::verdictsReproduceTheFilesCountsForEveryReview()
{
    auto read = codereviewbench::readFolder(benchmarkDir);
    QVERIFY(read);
    const QJsonObject evaluations = jsonObject(benchmarkDir + QStringLiteral("/results/openai_gpt-5.2/evaluations.json"));
    int checked = 0, superseded = 0;
    for (const BenchmarkPullRequest &pr : read->import.pullRequests)
        for (const BenchmarkReview &r : pr.reviews) {
            const QJsonObject file = evaluations.value(pr.entry.url).toObject().value(r.reviewer).toObject();
            QSet<QString> found;
            for (const BenchmarkMatch &m : r.matches)
                found.insert(m.reference);
            const auto unmatched = std::count_if(r.candidates.cbegin(), r.candidates.cend(), [](const BenchmarkCandidate &c) { return c.verdict == CandidateVerdict::Unmatched; });
            superseded += int(std::count_if(r.candidates.cbegin(), r.candidates.cend(), [](const BenchmarkCandidate &c) { return c.verdict == CandidateVerdict::Superseded; }));
            QCOMPARE(found.size(), file.value(QLatin1String("tp")).toInt());
            QCOMPARE(int(unmatched), file.value(QLatin1String("fp")).toInt());
            QCOMPARE(int(pr.references.size() - found.size()), file.value(QLatin1String("fn")).toInt());
            ++checked;
        }
    QCOMPARE(checked, 600);
    // Candidates that matched a golden comment a more confident one took: neither tp nor fp upstream.
    QVERIFY(superseded > 0);
}

void CodeReviewBenchTest::labelsFollowTheDashboardsDimensions()
{
    auto read = codereviewbench::readFolder(benchmarkDir);
    QVERIFY(read);
    const BenchmarkPullRequest *keycloak = nullptr;
    for (const BenchmarkPullRequest &pr : read->import.pullRequests)
        if (pr.entry.url == QLatin1String("https://github.com/keycloak/keycloak/pull/37429"))
            keycloak = &pr;
    QVERIFY(keycloak);
    const QList<Label> &labels = keycloak->labels;
    for (const Label &expected : {Label{QStringLiteral("project"), QStringLiteral("keycloak")}, Label{QStringLiteral("language"), QStringLiteral("Java")},
                                  Label{QStringLiteral("pr_size"), QStringLiteral("medium")}, Label{QStringLiteral("domain"), QStringLiteral("UI")},
                                  Label{QStringLiteral("complexity"), QStringLiteral("moderate")}, Label{QStringLiteral("context"), QStringLiteral("cross_file")},
                                  Label{QStringLiteral("bug_category"), QStringLiteral("incorrect_value")},
                                  Label{QStringLiteral("bug_category"), QStringLiteral("missing_validation")}})
        QVERIFY2(labels.contains(expected), qPrintable(expected.first + QLatin1Char('=') + expected.second));
    QCOMPARE(keycloak->entry.language, QStringLiteral("Java"));
    QCOMPARE(keycloak->entry.prCategory, QStringLiteral("UI"));
}

void CodeReviewBenchTest::storesEachJudgeApartAndImportingAgainChangesNothing()
{
    const QString path = m_dir->filePath(QStringLiteral("w.rdw"));
    auto read = codereviewbench::readFolder(benchmarkDir);
    QVERIFY(read);
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        auto first = (*store)->importBenchmark(read->import);
        QVERIFY2(first, first ? "" : qPrintable(first.error().message));
        QCOMPARE(first->newMergeRequests, 50);
        QCOMPARE(first->newReferences, 137);
        QCOMPARE(first->reviews, 600);
        QVERIFY(first->newComments > 1900);
        QCOMPARE(first->comments, first->newComments);
        auto judges = (*store)->judges();
        QCOMPARE(judges->size(), 1);
        QCOMPARE(judges->first().name, QStringLiteral("openai_gpt-5.2"));
        auto reviews = (*store)->judgedReviews();
        QCOMPARE(reviews->size(), 600);
        auto severities = (*store)->commentLabels();
        QCOMPARE(severities->size(), 137);
    }
    const QStringList tables{QStringLiteral("merge_requests"), QStringLiteral("comments"), QStringLiteral("judged_reviews"), QStringLiteral("judge_verdicts"),
                             QStringLiteral("judge_matches"), QStringLiteral("mr_labels"), QStringLiteral("comment_labels"), QStringLiteral("judges")};
    QList<int> before;
    for (const QString &t : tables)
        before << rows(path, t);
    {
        auto store = SqlWorkspaceStore::open(path);
        QVERIFY(store);
        auto again = (*store)->importBenchmark(read->import);
        QVERIFY(again);
        QCOMPARE(again->newMergeRequests, 0);
        QCOMPARE(again->newReferences, 0);
        QCOMPARE(again->newComments, 0);
        QCOMPARE(again->reviews, 600);
    }
    for (int i = 0; i < tables.size(); ++i)
        QVERIFY2(rows(path, tables[i]) == before[i], qPrintable(tables[i]));
}

// A second judge of the same pull requests: its verdicts stand beside the
// first's, and re-importing one judge leaves the other's as they were.
void CodeReviewBenchTest::aSecondJudgeKeepsTheFirstJudgesVerdicts()
{
    const QString folder = copyBenchmark(m_dir->filePath(QStringLiteral("bench")));
    // The second judge: the first's files, with every match of augment's turned down.
    QDir(folder).mkpath(QStringLiteral("results/second"));
    QFile::copy(folder + QStringLiteral("/results/openai_gpt-5.2/candidates.json"), folder + QStringLiteral("/results/second/candidates.json"));
    QFile second(folder + QStringLiteral("/results/second/evaluations.json"));
    QVERIFY(second.open(QIODevice::WriteOnly));
    QVERIFY(second.write(test::augmentFindsNothing(jsonObject(folder + QStringLiteral("/results/openai_gpt-5.2/evaluations.json")))) > 0);
    second.close();
    auto read = codereviewbench::readFolder(folder);
    QVERIFY2(read, read ? "" : qPrintable(read.error().message));
    QCOMPARE(read->import.judges, (QStringList{QStringLiteral("openai_gpt-5.2"), QStringLiteral("second")}));
    auto store = SqlWorkspaceStore::open(m_dir->filePath(QStringLiteral("w.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    QVERIFY((*store)->importBenchmark(read->import));
    const auto matchesOf = [&](const QString &judge, const QString &reviewer) {
        int n = 0;
        const auto reviews = (*store)->judgedReviews(judge);
        for (const JudgedReview &r : *reviews)
            if (r.reviewer == reviewer)
                n += int(r.matches.size());
        return n;
    };
    QCOMPARE(matchesOf(QStringLiteral("second"), QStringLiteral("augment")), 0);
    QCOMPARE(matchesOf(QStringLiteral("openai_gpt-5.2"), QStringLiteral("augment")), 81); // the upstream leaderboard's tp
    QCOMPARE(matchesOf(QStringLiteral("second"), QStringLiteral("bugbot")), matchesOf(QStringLiteral("openai_gpt-5.2"), QStringLiteral("bugbot")));
    // The first judge alone again: the second's verdicts stay.
    auto first = codereviewbench::readFolder(benchmarkDir);
    QVERIFY((*store)->importBenchmark(first->import));
    QCOMPARE(matchesOf(QStringLiteral("second"), QStringLiteral("augment")), 0);
    QCOMPARE((*store)->judgedReviews(QStringLiteral("second"))->size(), 600);
}

void CodeReviewBenchTest::copyOfTheWorkspaceKeepsJudgesAndLabels()
{
    const QString from = m_dir->filePath(QStringLiteral("from.rdw"));
    {
        auto store = SqlWorkspaceStore::open(from, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        QVERIFY((*store)->importBenchmark(codereviewbench::readFolder(benchmarkDir)->import));
    }
    const QString to = m_dir->filePath(QStringLiteral("to.rdw"));
    const auto copied = SqlWorkspaceStore::copyWorkspace(from, to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto store = SqlWorkspaceStore::open(to);
    QVERIFY(store);
    QCOMPARE((*store)->judges()->size(), 1);
    const auto reviews = (*store)->judgedReviews();
    QCOMPARE(reviews->size(), 600);
    int matches = 0;
    for (const JudgedReview &r : *reviews)
        matches += int(r.matches.size());
    QCOMPARE(matches, rows(from, QStringLiteral("judge_matches")));
    QVERIFY(matches > 500);
    QCOMPARE((*store)->mergeRequestLabels()->size(), rows(from, QStringLiteral("mr_labels")));
    QCOMPARE((*store)->commentLabels()->size(), 137);
}

void CodeReviewBenchTest::malformedFolderIsAnErrorNamingFileAndKey_data()
{
    QTest::addColumn<QString>("breakage");
    QTest::addColumn<QStringList>("named"); // what the message must name
    QTest::newRow("evaluations without candidates") << QStringLiteral("no-candidates")
                                                    << QStringList{QStringLiteral("results/openai_gpt-5.2"), QStringLiteral("no candidates.json")};
    QTest::newRow("candidates without evaluations") << QStringLiteral("no-evaluations")
                                                    << QStringList{QStringLiteral("results/openai_gpt-5.2"), QStringLiteral("no evaluations.json")};
    QTest::newRow("pull request only in evaluations") << QStringLiteral("pr-only-in-evaluations")
                                                      << QStringList{QStringLiteral("https://github.com/keycloak/keycloak/pull/37429"), QStringLiteral("not in candidates.json")};
    QTest::newRow("pull request only in candidates") << QStringLiteral("pr-only-in-candidates")
                                                     << QStringList{QStringLiteral("https://github.com/keycloak/keycloak/pull/37429"), QStringLiteral("not in evaluations.json")};
    QTest::newRow("matched candidate not a candidate") << QStringLiteral("unknown-candidate")
                                                       << QStringList{QStringLiteral("evaluations.json"), QStringLiteral("matched_candidate"), QStringLiteral("not one of the tool's candidates")};
    QTest::newRow("count disagrees with its list") << QStringLiteral("wrong-tp")
                                                   << QStringList{QStringLiteral("evaluations.json"), QStringLiteral(".tp is 99")};
    QTest::newRow("golden comment of another pull request") << QStringLiteral("foreign-golden")
                                                            << QStringList{QStringLiteral("evaluations.json"), QStringLiteral("false_negatives[0].golden_comment")};
    QTest::newRow("wrong type") << QStringLiteral("wrong-type")
                                << QStringList{QStringLiteral("golden_comments/sentry.json"), QStringLiteral("[0].comments"), QStringLiteral("expected an array")};
    QTest::newRow("truncated JSON") << QStringLiteral("truncated") << QStringList{QStringLiteral("results/pr_labels.json"), QStringLiteral("truncated")};
    QTest::newRow("judge named people") << QStringLiteral("people") << QStringList{QStringLiteral("results/people")};
    QTest::newRow("no golden comments") << QStringLiteral("no-golden") << QStringList{QStringLiteral("golden_comments")};
}

void CodeReviewBenchTest::malformedFolderIsAnErrorNamingFileAndKey()
{
    QFETCH(QString, breakage);
    QFETCH(QStringList, named);
    const QString folder = copyBenchmark(m_dir->filePath(QStringLiteral("bench")));
    const QString judge = folder + QStringLiteral("/results/openai_gpt-5.2/");
    const QString pr = QStringLiteral("https://github.com/keycloak/keycloak/pull/37429");
    const auto editEvaluations = [&](const std::function<void(QJsonObject &)> &edit) {
        QJsonObject o = jsonObject(judge + QStringLiteral("evaluations.json"));
        edit(o);
        writeJson(judge + QStringLiteral("evaluations.json"), o);
    };
    if (breakage == QLatin1String("no-candidates")) {
        QFile::remove(judge + QStringLiteral("candidates.json"));
    } else if (breakage == QLatin1String("no-evaluations")) {
        QFile::remove(judge + QStringLiteral("evaluations.json"));
    } else if (breakage == QLatin1String("pr-only-in-evaluations")) {
        QJsonObject o = jsonObject(judge + QStringLiteral("candidates.json"));
        o.remove(pr);
        writeJson(judge + QStringLiteral("candidates.json"), o);
    } else if (breakage == QLatin1String("pr-only-in-candidates")) {
        editEvaluations([&](QJsonObject &o) { o.remove(pr); });
    } else if (breakage == QLatin1String("unknown-candidate")) {
        editEvaluations([&](QJsonObject &o) {
            QJsonObject tools = o.value(pr).toObject();
            QJsonObject qodo = tools.value(QLatin1String("qodo")).toObject();
            QJsonArray tps = qodo.value(QLatin1String("true_positives")).toArray();
            QJsonArray fns = qodo.value(QLatin1String("false_negatives")).toArray();
            const QJsonObject fn = fns.takeAt(0).toObject();
            tps.append(QJsonObject{{QStringLiteral("golden_comment"), fn.value(QLatin1String("golden_comment"))},
                                   {QStringLiteral("matched_candidate"), QStringLiteral("a candidate qodo never wrote")},
                                   {QStringLiteral("confidence"), 0.9},
                                   {QStringLiteral("reasoning"), QStringLiteral("made up")}});
            qodo[QStringLiteral("true_positives")] = tps;
            qodo[QStringLiteral("false_negatives")] = fns;
            qodo[QStringLiteral("tp")] = tps.size();
            qodo[QStringLiteral("fn")] = fns.size();
            tools[QStringLiteral("qodo")] = qodo;
            o[pr] = tools;
        });
    } else if (breakage == QLatin1String("wrong-tp")) {
        editEvaluations([&](QJsonObject &o) {
            QJsonObject tools = o.value(pr).toObject();
            QJsonObject t = tools.value(QLatin1String("claude")).toObject();
            t[QStringLiteral("tp")] = 99;
            tools[QStringLiteral("claude")] = t;
            o[pr] = tools;
        });
    } else if (breakage == QLatin1String("foreign-golden")) {
        editEvaluations([&](QJsonObject &o) {
            QJsonObject tools = o.value(pr).toObject();
            QJsonObject t = tools.value(QLatin1String("graphite")).toObject();
            QJsonArray fns = t.value(QLatin1String("false_negatives")).toArray();
            fns[0] = QJsonObject{{QStringLiteral("golden_comment"), QStringLiteral("Django querysets do not support negative slicing")}};
            t[QStringLiteral("false_negatives")] = fns;
            tools[QStringLiteral("graphite")] = t;
            o[pr] = tools;
        });
    } else if (breakage == QLatin1String("wrong-type")) {
        QJsonArray prs = QJsonDocument::fromJson(readAll(folder + QStringLiteral("/golden_comments/sentry.json"))).array();
        QJsonObject first = prs[0].toObject();
        first[QStringLiteral("comments")] = QStringLiteral("none");
        prs[0] = first;
        writeAll(folder + QStringLiteral("/golden_comments/sentry.json"), QJsonDocument(prs).toJson());
    } else if (breakage == QLatin1String("truncated")) {
        const QByteArray labels = readAll(folder + QStringLiteral("/results/pr_labels.json"));
        writeAll(folder + QStringLiteral("/results/pr_labels.json"), labels.left(labels.size() / 2));
    } else if (breakage == QLatin1String("people")) {
        QVERIFY(QDir(folder + QStringLiteral("/results")).rename(QStringLiteral("openai_gpt-5.2"), QStringLiteral("people")));
    } else if (breakage == QLatin1String("no-golden")) {
        QVERIFY(QDir(folder + QStringLiteral("/golden_comments")).removeRecursively());
    }
    const auto read = codereviewbench::readFolder(folder);
    QVERIFY(!read);
    QCOMPARE(read.error().kind, Error::Kind::Usage);
    for (const QString &part : named)
        QVERIFY2(read.error().message.contains(part), qPrintable(read.error().message + QStringLiteral(" (lacks: ") + part + QLatin1Char(')')));
}

// The store's part: a review that names a judge the import does not list
// fails half-way through; nothing of the import stays.
void CodeReviewBenchTest::failedStoreLeavesNothingHalfImported()
{
    auto read = codereviewbench::readFolder(benchmarkDir);
    QVERIFY(read);
    BenchmarkImport broken = read->import;
    broken.pullRequests[30].reviews[0].judge = QStringLiteral("nobody");
    const QString path = m_dir->filePath(QStringLiteral("w.rdw"));
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    const auto failed = (*store)->importBenchmark(broken);
    QVERIFY(!failed);
    QVERIFY(failed.error().message.contains(QLatin1String("nobody")));
    QCOMPARE((*store)->mergeRequests()->size(), 0);
    QCOMPARE((*store)->comments()->size(), 0);
    QCOMPARE((*store)->judges()->size(), 0);
    QCOMPARE(rows(path, QStringLiteral("judged_reviews")), 0);
}

QTEST_GUILESS_MAIN(CodeReviewBenchTest)
#include "tst_codereviewbench.moc"
