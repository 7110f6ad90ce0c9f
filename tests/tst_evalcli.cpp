// reviewdesk-cli eval: AACR-Bench generated-comment folders against
// positive_samples.json (one-to-one and the upstream evaluator's counting,
// compared with the rule re-implemented here), the semantic judge against
// the fake OpenAI-compatible server, and workspace tables.

#include <FakeLlmServer.h>
#include <ReviewRun.h>
#include <SqliteWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRandomGenerator>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

struct CliRun
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

// Runs the CLI while this thread's event loop keeps serving the fake server.
CliRun cli(const QStringList &arguments)
{
    QProcess p;
    QSignalSpy finished(&p, &QProcess::finished);
    p.start(QStringLiteral(REVIEWDESK_CLI), arguments);
    if (!p.waitForStarted() || !finished.wait(120000))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(), p.readAllStandardError()};
}

struct Ref
{
    QString path;
    QString side;
    int from, to;
    QString note;
};

struct Gen
{
    QString path;
    QString side;
    int from, to;
    QString note;
};

bool nearEnough(const QString &gp, const QString &gs, int gf, int gt, const Ref &r, int maxDistance)
{
    if (gp != r.path)
        return false;
    if (!gs.isEmpty() && !r.side.isEmpty() && gs != r.side)
        return false;
    const int lo = std::max(std::min(gf, gt), std::min(r.from, r.to));
    const int hi = std::min(std::max(gf, gt), std::max(r.from, r.to));
    return lo - hi <= maxDistance;
}

// The released evaluator's loop as its documentation and code describe it:
// references keyed by `id` (the same for all when there is none); a generated
// comment line-takes every free location match and counts once.
int upstreamLineMatches(const QList<Gen> &gens, const QList<Ref> &refs, const QStringList &keys, int maxDistance)
{
    QSet<QString> taken;
    int count = 0;
    for (const Gen &g : gens) {
        bool counted = false;
        for (int r = 0; r < refs.size(); ++r) {
            if (!nearEnough(g.path, g.side, g.from, g.to, refs[r], maxDistance))
                continue;
            if (taken.contains(keys[r]))
                continue;
            taken.insert(keys[r]);
            if (!counted) {
                ++count;
                counted = true;
            }
        }
    }
    return count;
}

// ReviewDesk's one-to-one rule: each comment the first free location match.
int oneToOneLineMatches(const QList<Gen> &gens, const QList<Ref> &refs, int maxDistance)
{
    QList<bool> taken(refs.size(), false);
    int count = 0;
    for (const Gen &g : gens)
        for (int r = 0; r < refs.size(); ++r)
            if (!taken[r] && nearEnough(g.path, g.side, g.from, g.to, refs[r], maxDistance)) {
                taken[r] = true;
                ++count;
                break;
            }
    return count;
}

QString block(const Gen &g)
{
    return QStringLiteral("<path>%1</path>\n<side>%2</side>\n<from>%3</from>\n<to>%4</to>\n<note>%5</note>\n").arg(g.path, g.side).arg(g.from).arg(g.to).arg(g.note);
}

QByteArray runConfig(const QString &endpoint)
{
    return QStringLiteral(R"({"reviewers": 1, "roles": {"reviewer": {"endpoint": "%1", "model": "judge"}}})").arg(endpoint).toUtf8();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestEvalCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void upstreamCompatParity();
    void semanticMatchThroughTheFakeServer();
    void semanticJudgeDownFailsWithoutFigures();
    void workspaceTablesInEveryFormat();
    void readmeWorkedExampleTwoRunsOfOneMergeRequest();
    void workspaceSemanticMatchThroughTheFakeServer();
    void exportCommandWritesAacrGeneratedFiles();
    void badUsageIsRefused_data();
    void badUsageIsRefused();
};

void TestEvalCli::upstreamCompatParity()
{
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    QRandomGenerator random(2025);
    QJsonArray gt;
    int expectedUpstream = 0, expectedReleased = 0, expectedOneToOne = 0, generatedTotal = 0, referenceTotal = 0;
    QList<int> perPrUpstream;
    const QStringList paths{QStringLiteral("a.cpp"), QStringLiteral("b.cpp")};
    const QStringList sides{QStringLiteral("right"), QStringLiteral("left")};
    for (int pr = 1; pr <= 60; ++pr) {
        QList<Ref> refs;
        QJsonArray comments;
        const int nRefs = int(random.bounded(7));
        for (int i = 0; i < nRefs; ++i) {
            const int from = int(random.bounded(1, 14));
            Ref r{paths[int(random.bounded(2))], sides[random.bounded(8) == 0 ? 1 : 0], from, from + int(random.bounded(3)), QStringLiteral("ref %1").arg(i)};
            refs << r;
            comments << QJsonObject{{QStringLiteral("note"), r.note}, {QStringLiteral("path"), r.path}, {QStringLiteral("side"), r.side},
                                    {QStringLiteral("from_line"), r.from}, {QStringLiteral("to_line"), r.to},
                                    {QStringLiteral("category"), QStringLiteral("Code Defect")}, {QStringLiteral("context"), QStringLiteral("Diff Level")}};
        }
        gt << QJsonObject{{QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/o/repo/pull/%1").arg(pr)},
                          {QStringLiteral("project_main_language"), QStringLiteral("C++")},
                          {QStringLiteral("category"), QStringLiteral("Bug Fix")},
                          {QStringLiteral("comments"), comments}};
        QList<Gen> gens;
        QStringList blocks;
        const int nGens = int(random.bounded(8));
        for (int i = 0; i < nGens; ++i) {
            const int from = int(random.bounded(1, 15));
            Gen g{paths[int(random.bounded(2))], sides[random.bounded(8) == 0 ? 1 : 0], from, from + int(random.bounded(6)), QStringLiteral("gen %1").arg(i)};
            gens << g;
            blocks << block(g);
        }
        QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_repo_%1.txt").arg(pr)), blocks.join(QStringLiteral("<notesplit />\n")).toUtf8()));
        QStringList ownKeys, noneKeys;
        for (int r = 0; r < refs.size(); ++r) {
            ownKeys << QString::number(r);
            noneKeys << QStringLiteral("None");
        }
        const int up = upstreamLineMatches(gens, refs, ownKeys, 1);
        perPrUpstream << up;
        expectedUpstream += up;
        expectedReleased += upstreamLineMatches(gens, refs, noneKeys, 1);
        expectedOneToOne += oneToOneLineMatches(gens, refs, 1);
        generatedTotal += int(gens.size());
        referenceTotal += int(refs.size());
    }
    // The data must tell the three countings apart, or the comparison proves nothing.
    QVERIFY2(expectedUpstream != expectedOneToOne, qPrintable(QStringLiteral("%1 %2 %3").arg(expectedUpstream).arg(expectedOneToOne).arg(expectedReleased)));
    QVERIFY(expectedReleased < expectedUpstream);
    const QString gtPath = dir.filePath(QStringLiteral("positive_samples.json"));
    QVERIFY(writeFile(gtPath, QJsonDocument(gt).toJson()));

    const auto total = [&](const QStringList &extra) {
        const CliRun r = cli(QStringList{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), gtPath, QStringLiteral("--generated"), dir.filePath(QStringLiteral("gen")),
                                         QStringLiteral("--format"), QStringLiteral("json")}
                             + extra);
        if (r.exitCode != 0)
            qWarning("%s", r.err.constData());
        return QJsonDocument::fromJson(r.out).object();
    };
    const QJsonObject upstream = total({QStringLiteral("--upstream-compat")});
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("positive_line_match_nums")).toInt(), expectedUpstream);
    const QJsonArray prs = upstream.value(QStringLiteral("prs")).toArray();
    QCOMPARE(prs.size(), perPrUpstream.size());
    for (int i = 0; i < prs.size(); ++i)
        QCOMPARE(prs[i].toObject().value(QStringLiteral("positive_line_match_nums")).toInt(), perPrUpstream[i]);
    QCOMPARE(upstream.value(QStringLiteral("total")).toObject().value(QStringLiteral("total_generated_nums")).toInt(), generatedTotal);
    const QJsonObject released = total({QStringLiteral("--upstream-compat"), QStringLiteral("--upstream-ids"), QStringLiteral("released")});
    QCOMPARE(released.value(QStringLiteral("total")).toObject().value(QStringLiteral("positive_line_match_nums")).toInt(), expectedReleased);
    const QJsonObject oneToOne = total({});
    const QJsonObject t = oneToOne.value(QStringLiteral("total")).toObject();
    QCOMPARE(t.value(QStringLiteral("positive_line_match_nums")).toInt(), expectedOneToOne);
    QCOMPARE(t.value(QStringLiteral("positive_expected_nums")).toInt(), referenceTotal);
    QCOMPARE(oneToOne.value(QStringLiteral("config")).toObject().value(QStringLiteral("counting")).toString(), QStringLiteral("one-to-one"));
}

void TestEvalCli::semanticMatchThroughTheFakeServer()
{
    test::FakeLlmServer server;
    // Same concern when both comments speak of a leak.
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        const QString body = QString::fromUtf8(r.body);
        const bool fig9 = body.contains(QStringLiteral("express the same concern or suggestion"));
        const int leaks = int(body.count(QStringLiteral("leak")));
        return test::FakeLlmServer::completion(fig9 && leaks >= 2 ? QStringLiteral("Yes.") : QStringLiteral("No, they differ."));
    });
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    const QByteArray gt = R"([{"githubPrUrl":"https://github.com/o/r/pull/5","project_main_language":"C","category":"Bug Fix","comments":[
        {"note":"memory leak of buf","path":"a.c","side":"right","from_line":10,"to_line":10,"category":"Code Defect","context":"Diff Level"},
        {"note":"off by one","path":"a.c","side":"right","from_line":20,"to_line":20,"category":"Code Defect","context":"File Level"}]}])";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gt.json")), gt));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_r_5.txt")),
                      "<path>a.c</path><side>right</side><from>10</from><to>10</to><note>buf may leak</note><notesplit />"
                      "<path>a.c</path><side>right</side><from>21</from><to>21</to><note>style nit</note>"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const QStringList args{QStringLiteral("eval"), QStringLiteral("--aacr-gt"), dir.filePath(QStringLiteral("gt.json")), QStringLiteral("--generated"),
                           dir.filePath(QStringLiteral("gen")), QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                           dir.filePath(QStringLiteral("run.json")), QStringLiteral("--cache"), dir.filePath(QStringLiteral("cache")),
                           QStringLiteral("--votes"), QStringLiteral("3"), QStringLiteral("--format"), QStringLiteral("json")};
    const CliRun r = cli(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject total = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("total")).toObject();
    QCOMPARE(total.value(QStringLiteral("positive_line_match_nums")).toInt(), 2);
    QCOMPARE(total.value(QStringLiteral("positive_match_nums")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("unmatched_nums")).toInt(), 1);
    QCOMPARE(total.value(QStringLiteral("semantic")).toObject().value(QStringLiteral("precision")).toDouble(), 50.0);
    // Two location-matching pairs, three votes each.
    QCOMPARE(server.requests().size(), 6);
    QVERIFY(server.requests().first().body.contains("Review Comment 1:"));
    // The answers are cached: the same evaluation again asks nothing.
    const CliRun again = cli(args);
    QCOMPARE(again.exitCode, 0);
    QCOMPARE(server.requests().size(), 6);
    QCOMPARE(QJsonDocument::fromJson(again.out).object().value(QStringLiteral("total")).toObject().value(QStringLiteral("positive_match_nums")).toInt(), 1);
}

void TestEvalCli::semanticJudgeDownFailsWithoutFigures()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &) { return test::FakeLlmServer::status(400, "{\"error\":\"bad\"}"); });
    QTemporaryDir dir;
    QVERIFY(QDir().mkpath(dir.filePath(QStringLiteral("gen"))));
    const QByteArray gt = R"([{"githubPrUrl":"https://github.com/o/r/pull/5","comments":[{"note":"n","path":"a.c","side":"right","from_line":1,"to_line":1}]}])";
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gt.json")), gt));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("gen/comments_r_5.txt")), "<path>a.c</path><side>right</side><from>1</from><to>1</to><note>g</note>"));
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const CliRun r = cli({QStringLiteral("eval"), QStringLiteral("--aacr-gt"), dir.filePath(QStringLiteral("gt.json")), QStringLiteral("--generated"),
                          dir.filePath(QStringLiteral("gen")), QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                          dir.filePath(QStringLiteral("run.json")), QStringLiteral("--no-cache")});
    QCOMPARE(r.exitCode, 4);
    QVERIFY(r.out.isEmpty());
    QVERIFY(r.err.contains("judge requests failed"));
}

void TestEvalCli::workspaceTablesInEveryFormat()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqliteWorkspaceStore::open(path, SqliteWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        ReviewComment ref;
        ref.file = QStringLiteral("a.cpp");
        ref.lineStart = ref.lineEnd = 5;
        ref.issue = QStringLiteral("key bug");
        const qint64 refId = *(*store)->importComment(mr, ref, QStringLiteral("aacr"));
        QVERIFY((*store)->setReference(refId, true));
        ReviewComment found = ref;
        found.id = QStringLiteral("c1");
        found.lineStart = found.lineEnd = 6;
        ReviewComment noise = ref;
        noise.id = QStringLiteral("c2");
        noise.file = QStringLiteral("b.cpp");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {found, noise}));
    }
    const CliRun json = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--references"), QStringLiteral("aacr")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(json.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    // 1 of 1 key issue found; 1 of 2 comments a false alarm: FAR1 50, CPI1 = 2*100*50/150 = 66.67.
    QCOMPARE(validator.value(QStringLiteral("kbi")).toDouble(), 100.0);
    QCOMPARE(validator.value(QStringLiteral("far1")).toDouble(), 50.0);
    QCOMPARE(validator.value(QStringLiteral("cpi1")).toDouble(), 66.67);
    const CliRun md = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                           QStringLiteral("stages")});
    QCOMPARE(md.exitCode, 0);
    QVERIFY(md.out.contains("| +Validator | 2 | 100.00 | 50.00 | 66.67 | 50.00 | 66.67 | 100.00 |"));
    const CliRun csv = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--table"),
                            QStringLiteral("configurations")});
    QVERIFY(csv.out.startsWith("Slicing,Reviewers,Top-k,CoT,Line numbers,Runs,KBI,FAR1,CPI1,FAR2,CPI2,LSR\nLeft Flow,3,5,on,inline,1,100.00,50.00,66.67"));
    const CliRun latex = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("latex"), QStringLiteral("--table"),
                              QStringLiteral("aacr")});
    QVERIFY(latex.out.contains("\\begin{tabular}"));
    QVERIFY(latex.out.contains("& 50.00 & 100.00 & 66.67 &"));
    // The ablations (Tables 3, 4, 8 in shape): the one run is Left Flow, 3 reviewers, inline line numbers.
    const CliRun slicing = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("latex"), QStringLiteral("--table"),
                                QStringLiteral("slicing")});
    QVERIFY2(slicing.exitCode == 0, slicing.err.constData());
    QVERIFY(slicing.out.contains("Left Flow & 100.00 & 66.67 & 100.00 & 66.67"));
    const CliRun reviewers = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("csv"), QStringLiteral("--table"),
                                  QStringLiteral("reviewers")});
    QVERIFY(reviewers.out.contains("Left Flow,+Validator,3,100.00,50.00,66.67,50.00,66.67,1\n"));
    const CliRun lines = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                              QStringLiteral("line-format")});
    QVERIFY(lines.out.contains("| All | Inline | 100.00 | 50.00 | 66.67 | 50.00 | 66.67 | 100.00 | 1 |"));
    const CliRun cot = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                            QStringLiteral("cot")});
    QVERIFY(cot.out.contains("| Left Flow | Top-k | w/ CoT | 100.00 | 50.00 | 66.67 | 1 |"));
}

// README "## Evaluation", worked example: one merge request with an imported
// reference R (a.cpp:20) and two runs of one configuration. Run 1: c1 on R,
// c2 a line below it (a second comment on R), c3 elsewhere. Run 2: d1 at
// c.cpp:40, which an annotator flags as key bug (so the merge request has two
// key issues for both runs), d2 elsewhere.
void TestEvalCli::readmeWorkedExampleTwoRunsOfOneMergeRequest()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqliteWorkspaceStore::open(path, SqliteWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        const auto at = [](const char *id, const char *file, int line, const char *issue) {
            ReviewComment c;
            c.id = QLatin1String(id);
            c.file = QLatin1String(file);
            c.lineStart = c.lineEnd = line;
            c.issue = QLatin1String(issue);
            c.reviewers = {1};
            return c;
        };
        const qint64 ref = *(*store)->importComment(mr, at("R", "a.cpp", 20, "buffer overrun when len == cap"), QStringLiteral("ground truth"));
        QVERIFY((*store)->setReference(ref, true));
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        record.config.reviewers = 1;
        record.config.minAgreement = 1;
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {at("c1", "a.cpp", 20, "writes past the end of buf"), at("c2", "a.cpp", 21, "len may equal cap here"),
                                       at("c3", "b.cpp", 5, "rename this variable")}));
        const qint64 run2 = *(*store)->addRun(run, {at("d1", "c.cpp", 40, "session used after it is freed"), at("d2", "b.cpp", 9, "missing const")});
        CommentQuery q;
        q.run = run2;
        const auto stored = (*store)->comments(q);
        QVERIFY(stored);
        const QList<StoredComment> comments = *stored;
        qint64 d1 = 0;
        for (const StoredComment &c : comments)
            if (c.comment.id == QLatin1String("d1"))
                d1 = c.id;
        Judgement key;
        key.comment = d1;
        key.annotator = QStringLiteral("ann");
        key.verdict = Verdict::Accept;
        key.keyBug = true;
        QVERIFY((*store)->judge(key));
    }
    const CliRun json = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(json.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    const QJsonObject perRun = validator.value(QStringLiteral("per_run")).toObject();
    const QJsonArray runs = perRun.value(QStringLiteral("runs")).toArray();
    QCOMPARE(runs.size(), 2);
    // Run 1: R found, the key bug d1 not: KBI 1/2 = 50; c2 is on R (no false
    // alarm), c3 is one: FAR1 1/3 = 33.33; CPI1 = 2*50*66.67/116.67 = 57.14.
    const QJsonObject first = runs[0].toObject();
    QCOMPARE(first.value(QStringLiteral("kbi")).toDouble(), 50.0);
    QCOMPARE(first.value(QStringLiteral("far1")).toDouble(), 33.33);
    QCOMPARE(first.value(QStringLiteral("cpi1")).toDouble(), 57.14);
    QCOMPARE(first.value(QStringLiteral("key_issues")).toInt(), 2);
    // Run 2: d1 finds its own issue: KBI 50; d2 a false alarm: FAR1 50; CPI1 50.
    const QJsonObject second = runs[1].toObject();
    QCOMPARE(second.value(QStringLiteral("kbi")).toDouble(), 50.0);
    QCOMPARE(second.value(QStringLiteral("far1")).toDouble(), 50.0);
    QCOMPARE(second.value(QStringLiteral("cpi1")).toDouble(), 50.0);
    // Mean over the runs: KBI 50, FAR1 41.67, CPI1 (57.14 + 50) / 2 = 53.57; range (50, 57.14).
    QCOMPARE(perRun.value(QStringLiteral("mean")).toObject().value(QStringLiteral("far1")).toDouble(), 41.67);
    QCOMPARE(perRun.value(QStringLiteral("mean")).toObject().value(QStringLiteral("cpi1")).toDouble(), 53.57);
    QCOMPARE(perRun.value(QStringLiteral("min")).toObject().value(QStringLiteral("cpi1")).toDouble(), 50.0);
    QCOMPARE(perRun.value(QStringLiteral("max")).toObject().value(QStringLiteral("cpi1")).toDouble(), 57.14);
    // Pooled (labelled so): CPI1 of KBI 50 and FAR1 41.67 = 53.85.
    QCOMPARE(validator.value(QStringLiteral("aggregation")).toString(), QStringLiteral("pooled"));
    QCOMPARE(validator.value(QStringLiteral("cpi1")).toDouble(), 53.85);
    QCOMPARE(validator.value(QStringLiteral("key_issues")).toInt(), 4);
    const CliRun md = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("md"), QStringLiteral("--table"),
                           QStringLiteral("stage-runs")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.contains("| Left Flow, 1 reviewers, top-5, CoT, inline line numbers | +Validator | 2 | 50.00 | 41.67 (33.33-50.00) | 53.57 (50.00-57.14) | 41.67 (33.33-50.00) | 53.57 (50.00-57.14) | 100.00 |"), md.out.constData());
}

void TestEvalCli::workspaceSemanticMatchThroughTheFakeServer()
{
    test::FakeLlmServer server;
    server.setResponder([](const test::FakeLlmServer::Request &r) {
        return test::FakeLlmServer::completion(r.body.contains("use after free") && r.body.contains("freed pointer") ? QStringLiteral("yes")
                                                                                                                : QStringLiteral("no"));
    });
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    {
        auto store = SqliteWorkspaceStore::open(path, SqliteWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        const qint64 mr = *(*store)->addMergeRequest(e);
        ReviewComment ref;
        ref.file = QStringLiteral("a.cpp");
        ref.lineStart = ref.lineEnd = 5;
        ref.issue = QStringLiteral("use after free of p");
        QVERIFY((*store)->setReference(*(*store)->importComment(mr, ref, QStringLiteral("aacr")), true));
        ReviewComment same = ref;
        same.id = QStringLiteral("c1");
        same.issue = QStringLiteral("p is a freed pointer here");
        ReviewComment other = ref;
        other.id = QStringLiteral("c2");
        other.issue = QStringLiteral("naming");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {other, same}));
    }
    QVERIFY(writeFile(dir.filePath(QStringLiteral("run.json")), runConfig(server.endpoint())));
    const CliRun r = cli({QStringLiteral("eval"), QStringLiteral("--workspace"), path, QStringLiteral("--semantic"), QStringLiteral("llm"), QStringLiteral("--config"),
                          dir.filePath(QStringLiteral("run.json")), QStringLiteral("--no-cache")});
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QJsonObject validator = QJsonDocument::fromJson(r.out)
                                      .object()
                                      .value(QStringLiteral("configurations"))
                                      .toArray()
                                      .first()
                                      .toObject()
                                      .value(QStringLiteral("stages"))
                                      .toObject()
                                      .value(QStringLiteral("validator"))
                                      .toObject();
    // Both comments sit on the reference's line; only c1 says the same (the judge is asked
    // about c2 first, in file order, and says no). Semantic: 1 of 2 comments, the reference found.
    const QJsonObject semantic = validator.value(QStringLiteral("semantic")).toObject();
    QCOMPARE(semantic.value(QStringLiteral("precision")).toDouble(), 50.0);
    QCOMPARE(semantic.value(QStringLiteral("recall")).toDouble(), 100.0);
    QCOMPARE(validator.value(QStringLiteral("kbi")).toDouble(), 100.0);
    // Line match alone gives the reference to c2, the first in file order.
    QCOMPARE(validator.value(QStringLiteral("line")).toObject().value(QStringLiteral("matched_comments")).toInt(), 1);
    // Two pairs asked once each, whatever the five stages.
    QCOMPARE(server.requests().size(), 2);
}

void TestEvalCli::badUsageIsRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{} << QStringLiteral("give either --workspace or --aacr-gt");
    QTest::newRow("both inputs") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--aacr-gt"), QStringLiteral("g")}
                                 << QStringLiteral("give either");
    QTest::newRow("no folder") << QStringList{QStringLiteral("--aacr-gt"), QStringLiteral("g")} << QStringLiteral("needs --generated");
    QTest::newRow("bad format") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--format"), QStringLiteral("xml")}
                                << QStringLiteral("--format must be");
    QTest::newRow("llm without config") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--semantic"), QStringLiteral("llm")}
                                        << QStringLiteral("needs --config");
    QTest::newRow("negative distance") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--line-distance"), QStringLiteral("-1")}
                                       << QStringLiteral("--line-distance");
    QTest::newRow("bad references") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--references"), QStringLiteral("x")}
                                    << QStringLiteral("--references must be");
    QTest::newRow("bad run") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w"), QStringLiteral("--run"), QStringLiteral("x")}
                             << QStringLiteral("is not a run id");
}

void TestEvalCli::badUsageIsRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const CliRun r = cli(QStringList{QStringLiteral("eval")} + arguments);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(message.toUtf8()), r.err.constData());
}

QTEST_GUILESS_MAIN(TestEvalCli)
void TestEvalCli::exportCommandWritesAacrGeneratedFiles()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("w.rdw"));
    qint64 mr = 0;
    {
        auto store = SqliteWorkspaceStore::open(path, SqliteWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(store);
        MergeRequestEntry e;
        e.repository = QStringLiteral("/r");
        e.base = QStringLiteral("a");
        e.head = QStringLiteral("b");
        mr = *(*store)->addMergeRequest(e);
        ReviewComment c;
        c.id = QStringLiteral("c1");
        c.file = QStringLiteral("src/a.cpp");
        c.lineStart = 6;
        c.lineEnd = 8;
        c.issue = QStringLiteral("off by one");
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("m");
        StoredRun run;
        run.mergeRequest = mr;
        run.record = record.toJson();
        QVERIFY((*store)->addRun(run, {c}));
    }
    const QString out = dir.filePath(QStringLiteral("generated"));
    const CliRun written = cli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("aacr-generated"),
                                QStringLiteral("--out"), out});
    QVERIFY2(written.exitCode == 0, written.err.constData());
    QFile file(QDir(out).filePath(QStringLiteral("comments_r_%1.txt").arg(mr)));
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(QDir(out).entryList().join(QLatin1Char(' '))));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<path>src/a.cpp</path>"));
    QVERIFY(text.contains("<from>6</from>"));
    QVERIFY(text.contains("off by one"));
    const CliRun byMr = cli({QStringLiteral("export"), QStringLiteral("--workspace"), path, QStringLiteral("--format"), QStringLiteral("aacr-generated"),
                             QStringLiteral("--out"), out, QStringLiteral("--mr"), QString::number(mr)});
    QCOMPARE(byMr.exitCode, 2);
}

#include "tst_evalcli.moc"
