// Gold-gap triage (issue 35) as a user runs it: `eval --triage` lists the
// false positives against imported ground truth, `triage enqueue` queues
// them for two annotators, `triage answer` stores answers (every bad line
// named, exit 2, nothing stored), `eval --references original|triaged`
// names the set and shows precision rise only against 'triaged', and
// `export --format errata` writes the addition with its provenance.

#include <RunProcess.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

test::GitOutput triageCli(const QStringList &arguments, const QByteArray &input = {})
{
    test::ProcessRun run;
    run.input = input;
    return test::runCli(arguments, run);
}

ReviewComment cliCommentAt(const char *id, const char *file, int line, const char *issue)
{
    ReviewComment c;
    c.id = QLatin1String(id);
    c.file = QLatin1String(file);
    c.lineStart = c.lineEnd = line;
    c.issue = QLatin1String(issue);
    c.reviewers = {1};
    return c;
}

// The first "matched_comments" of `eval`'s JSON: the run's line-matched comments (every stage holds both).
int matchedComments(const QByteArray &json)
{
    const auto m = QRegularExpression(QStringLiteral("\"matched_comments\": (\\d+)")).match(QString::fromUtf8(json));
    return m.hasMatch() ? m.captured(1).toInt() : -1;
}

} // namespace

class TriageCliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void evalTriageListsTheFalsePositivesAsJsonAndMarkdown();
    void enqueueAnswerThenTriagedSetRaisesPrecisionOnly();
    void badAnswerLinesAreNamedAndNothingIsStored_data();
    void badAnswerLinesAreNamedAndNothingIsStored();
    void repeatedAnswerReplacesTheEarlierAndSaysSo();
    void listIsBlindForAnAnnotator();
    void badOptionsAreUsageErrors_data();
    void badOptionsAreUsageErrors();
    void codeReviewBenchQueueIsItsJudgesFalsePositives();

private:
    QString m_workspace;
    qint64 m_run = 0, m_fp = 0, m_found = 0;
    std::unique_ptr<QTemporaryDir> m_dir;
};

// An imported ground-truth reference at a.cpp:20 and a run with one
// comment on it and one at b.cpp:5 (the false positive).
void TriageCliTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    QVERIFY(store);
    MergeRequestEntry e;
    e.repository = QStringLiteral("/r");
    e.base = QStringLiteral("a");
    e.head = QStringLiteral("b");
    e.title = QStringLiteral("Cache eviction");
    const auto mr = (*store)->addMergeRequest(e);
    QVERIFY(mr);
    const auto gold = (*store)->importComment(*mr, cliCommentAt("g", "a.cpp", 20, "buffer overrun when len == cap"), QStringLiteral("aacr-bench"));
    QVERIFY(gold);
    QVERIFY((*store)->setReference(*gold, true));
    RunRecord record;
    record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    record.config.reviewer.model = QStringLiteral("m");
    record.config.reviewers = 1;
    record.config.minAgreement = 1;
    StoredRun run;
    run.mergeRequest = *mr;
    run.record = record.toJson();
    const auto id = (*store)->addRun(run, {cliCommentAt("c1", "a.cpp", 20, "writes past the end of buf"), cliCommentAt("c2", "b.cpp", 5, "the lock is never released on error")});
    QVERIFY(id);
    m_run = *id;
    CommentQuery q;
    q.run = m_run;
    const auto comments = (*store)->comments(q);
    QVERIFY(comments);
    for (const StoredComment &c : *comments)
        (c.comment.id == QLatin1String("c1") ? m_found : m_fp) = c.id;
    QVERIFY(m_fp > 0 && m_found > 0);
}

void TriageCliTest::evalTriageListsTheFalsePositivesAsJsonAndMarkdown()
{
    const auto json = triageCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--triage")});
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject report = QJsonDocument::fromJson(json.out).object();
    const QJsonArray queue = report.value(QStringLiteral("triage_queue")).toArray();
    QCOMPARE(queue.size(), 1);
    const QJsonObject fp = queue.first().toObject();
    QCOMPARE(fp.value(QStringLiteral("comment")).toInteger(), m_fp);
    QCOMPARE(fp.value(QStringLiteral("run")).toInteger(), m_run);
    QCOMPARE(fp.value(QStringLiteral("file")).toString(), QStringLiteral("b.cpp"));
    QCOMPARE(fp.value(QStringLiteral("line_start")).toInt(), 5);
    QCOMPARE(fp.value(QStringLiteral("text")).toString(), QStringLiteral("the lock is never released on error"));
    QCOMPARE(fp.value(QStringLiteral("queued")).toBool(), false);
    QCOMPARE(report.value(QStringLiteral("references")).toString(), QStringLiteral("original"));
    const auto md = triageCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--triage"), QStringLiteral("--format"), QStringLiteral("md")});
    QVERIFY2(md.exitCode == 0, md.err.constData());
    QVERIFY2(md.out.contains(QStringLiteral("| %1 | ").arg(m_fp).toUtf8()), md.out.constData());
    QVERIFY(md.out.contains("b.cpp:5"));
    QVERIFY(md.out.contains(QStringLiteral("run %1").arg(m_run).toUtf8()));
}

void TriageCliTest::enqueueAnswerThenTriagedSetRaisesPrecisionOnly()
{
    const auto enqueued = triageCli({QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--all"),
                                     QStringLiteral("--annotators"), QStringLiteral("ann,bob")});
    QVERIFY2(enqueued.exitCode == 0, enqueued.err.constData());
    QCOMPARE(enqueued.out, QStringLiteral("queued %1\n").arg(m_fp).toUtf8());
    const QByteArray yes = QStringLiteral(R"({"comment": %1, "answer": "yes"})").arg(m_fp).toUtf8() + '\n';
    for (const char *who : {"ann", "bob"}) {
        const auto answered = triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"),
                                         QLatin1String(who)},
                                        yes);
        QVERIFY2(answered.exitCode == 0, answered.err.constData());
        QCOMPARE(answered.out, QStringLiteral("stored %1\n").arg(m_fp).toUtf8());
    }
    const auto original = triageCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--references"), QStringLiteral("original")});
    QVERIFY2(original.exitCode == 0, original.err.constData());
    QVERIFY2(original.err.contains("the live set 'original'; references: 1"), original.err.constData());
    QCOMPARE(matchedComments(original.out), 1); // of 2: precision 50
    const auto triaged = triageCli({QStringLiteral("eval"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--references"), QStringLiteral("triaged")});
    QVERIFY2(triaged.exitCode == 0, triaged.err.constData());
    QVERIFY2(triaged.err.contains("the live set 'triaged'; references: 2"), triaged.err.constData());
    QCOMPARE(matchedComments(triaged.out), 2); // of 2: precision 100
    QVERIFY(triaged.out.contains("\"reference_set\": \"triaged\""));

    const auto list = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace});
    QVERIFY2(list.exitCode == 0, list.err.constData());
    const QJsonObject item = QJsonDocument::fromJson(list.out).object().value(QStringLiteral("triage_queue")).toArray().first().toObject();
    QCOMPARE(item.value(QStringLiteral("status")).toString(), QStringLiteral("agreed-yes"));
    QCOMPARE(item.value(QStringLiteral("reference")).toObject().value(QStringLiteral("method")).toString(), QStringLiteral("triage"));

    const auto errata = triageCli({QStringLiteral("export"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--format"), QStringLiteral("errata")});
    QVERIFY2(errata.exitCode == 0, errata.err.constData());
    const QJsonObject written = QJsonDocument::fromJson(errata.out).object();
    QCOMPARE(written.value(QStringLiteral("references_added")).toInt(), 1);
    // Not an AACR-Bench or Code Review Bench import: ReviewDesk's own (AACR-Bench-shaped) section.
    const QJsonObject added = written.value(QStringLiteral("imported")).toArray().first().toObject().value(QStringLiteral("comments")).toArray().first().toObject();
    QCOMPARE(added.value(QStringLiteral("path")).toString(), QStringLiteral("b.cpp"));
    QCOMPARE(added.value(QStringLiteral("triage")).toObject().value(QStringLiteral("annotators")).toArray(), (QJsonArray{QStringLiteral("ann"), QStringLiteral("bob")}));
    QCOMPARE(added.value(QStringLiteral("triage")).toObject().value(QStringLiteral("run")).toInteger(), m_run);
}

void TriageCliTest::badAnswerLinesAreNamedAndNothingIsStored_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown comment") << QByteArray(R"({"comment": 9999, "answer": "yes"})") << "line 2: no comment 9999 in this workspace";
    QTest::newRow("comment not in the queue") << QByteArray(R"({"comment": FOUND, "answer": "yes"})") << "line 2: comment FOUND is not in the triage queue";
    QTest::newRow("answer not yes/no/unsure") << QByteArray(R"({"comment": FP, "answer": "maybe"})") << "line 2: \"answer\" must be \"yes\", \"no\" or \"unsure\", not \"maybe\"";
    QTest::newRow("answer missing") << QByteArray(R"({"comment": FP})") << "line 2: \"answer\" is missing";
    QTest::newRow("unknown field") << QByteArray(R"({"comment": FP, "answer": "yes", "verdict": "accept"})") << "line 2: unknown field \"verdict\"";
    QTest::newRow("not JSON") << QByteArray("yes please") << "line 2: not JSON";
    QTest::newRow("comment not an id") << QByteArray(R"({"comment": "FP", "answer": "yes"})") << "line 2: \"comment\" must be a comment id";
}

void TriageCliTest::badAnswerLinesAreNamedAndNothingIsStored()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, message);
    line.replace("FOUND", QByteArray::number(m_found)).replace("FP", QByteArray::number(m_fp));
    message.replace(QStringLiteral("FOUND"), QString::number(m_found));
    QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--run"), QString::number(m_run)}).exitCode, 0);
    // A good line before the bad one: it is not stored either.
    const QByteArray input = QStringLiteral(R"({"comment": %1, "answer": "no"})").arg(m_fp).toUtf8() + '\n' + line + '\n';
    const auto answered = triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")}, input);
    QCOMPARE(answered.exitCode, 2);
    QVERIFY2(answered.err.contains(message.toUtf8()), answered.err.constData());
    QVERIFY2(answered.err.contains("nothing was stored"), answered.err.constData());
    QVERIFY(answered.out.isEmpty());
    const auto list = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace});
    const QJsonObject item = QJsonDocument::fromJson(list.out).object().value(QStringLiteral("triage_queue")).toArray().first().toObject();
    QVERIFY(item.value(QStringLiteral("answers")).toArray().isEmpty());
}

void TriageCliTest::repeatedAnswerReplacesTheEarlierAndSaysSo()
{
    QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--all")}).exitCode, 0);
    const QByteArray input = QStringLiteral("{\"comment\": %1, \"answer\": \"no\"}\n{\"comment\": %1, \"answer\": \"yes\"}\n").arg(m_fp).toUtf8();
    const auto answered = triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")}, input);
    QVERIFY2(answered.exitCode == 0, answered.err.constData());
    QCOMPARE(answered.out, QStringLiteral("stored %1\nstored %1\n").arg(m_fp).toUtf8());
    QVERIFY2(answered.err.contains(QStringLiteral("line 2: replaces ann's earlier answer to comment %1, which was \"no\"").arg(m_fp).toUtf8()), answered.err.constData());
    const auto list = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace});
    const QJsonArray answers = QJsonDocument::fromJson(list.out).object().value(QStringLiteral("triage_queue")).toArray().first().toObject().value(QStringLiteral("answers")).toArray();
    QCOMPARE(answers.size(), 1);
    QCOMPARE(answers.first().toObject().value(QStringLiteral("answer")).toString(), QStringLiteral("yes"));
    // An adjudicator's answer, with its reason, decides.
    const auto adjudicated = triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--adjudicator"), QStringLiteral("core")},
                                       QStringLiteral(R"({"comment": %1, "answer": "yes", "reason": "a real leak"})").arg(m_fp).toUtf8() + '\n');
    QVERIFY2(adjudicated.exitCode == 0, adjudicated.err.constData());
    const auto after = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace});
    QCOMPARE(QJsonDocument::fromJson(after.out).object().value(QStringLiteral("references_added")).toInt(), 1);
}

void TriageCliTest::listIsBlindForAnAnnotator()
{
    QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--all"), QStringLiteral("--annotators"),
                        QStringLiteral("ann,bob")})
                 .exitCode,
             0);
    QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("bob")},
                       QStringLiteral(R"({"comment": %1, "answer": "no"})").arg(m_fp).toUtf8())
                 .exitCode,
             0);
    const auto ann = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("ann")});
    QVERIFY2(ann.exitCode == 0, ann.err.constData());
    const QJsonObject item = QJsonDocument::fromJson(ann.out).object().value(QStringLiteral("triage_queue")).toArray().first().toObject();
    QVERIFY(item.value(QStringLiteral("your_answer")).isNull());
    QVERIFY(!item.contains(QStringLiteral("answers")));
    QVERIFY(!item.contains(QStringLiteral("status")));
    QVERIFY(!ann.out.contains("\"no\""));
    // Someone not assigned sees none of it.
    const auto carol = triageCli({QStringLiteral("triage"), QStringLiteral("list"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--annotator"), QStringLiteral("carol")});
    QCOMPARE(QJsonDocument::fromJson(carol.out).object().value(QStringLiteral("comments")).toInt(), 0);
}

void TriageCliTest::badOptionsAreUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("answer without annotator") << QStringList{QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), QStringLiteral("W")}
                                              << "give --annotator NAME or --adjudicator NAME";
    QTest::newRow("answer without workspace") << QStringList{QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--annotator"), QStringLiteral("ann")}
                                              << "triage answer: --workspace is required";
    QTest::newRow("enqueue without run or all") << QStringList{QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), QStringLiteral("W")}
                                                << "give --run ID (repeatable) or --all";
    QTest::newRow("one annotator") << QStringList{QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--all"),
                                                  QStringLiteral("--annotators"), QStringLiteral("ann")}
                                   << "names two or more annotators";
    QTest::newRow("unknown subcommand") << QStringList{QStringLiteral("triage"), QStringLiteral("vote")} << "unknown subcommand 'vote'";
    QTest::newRow("eval triage with a judge") << QStringList{QStringLiteral("eval"), QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--triage"),
                                                             QStringLiteral("--semantic"), QStringLiteral("llm")}
                                              << "leave out --semantic";
    QTest::newRow("unknown reference set") << QStringList{QStringLiteral("eval"), QStringLiteral("--workspace"), QStringLiteral("W"), QStringLiteral("--references"), QStringLiteral("gold")}
                                           << "no reference snapshot 'gold'";
}

void TriageCliTest::badOptionsAreUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    arguments.replaceInStrings(QRegularExpression(QStringLiteral("^W$")), m_workspace);
    const auto run = triageCli(arguments);
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.contains(message.toUtf8()), run.err.constData());
}

// On the real Code Review Bench data (tests/data/code-review-bench): the
// queue is exactly the judge's false positives, as evaluations.json counts
// them (the upstream dashboard's fp summed over every pull request and tool
// not skipped: 1403 for openai_gpt-5.2), counted here from the file itself;
// the errata of one triaged candidate are in the golden-comment shape.
void TriageCliTest::codeReviewBenchQueueIsItsJudgesFalsePositives()
{
    const QString benchmark = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");
    QFile evaluations(benchmark + QStringLiteral("/results/openai_gpt-5.2/evaluations.json"));
    QVERIFY(evaluations.open(QIODevice::ReadOnly));
    int fp = 0;
    const QJsonObject byPullRequest = QJsonDocument::fromJson(evaluations.readAll()).object();
    for (const QJsonValue &tools : byPullRequest)
        for (const QJsonValue &review : tools.toObject())
            if (!review.toObject().value(QStringLiteral("skipped")).toBool())
                fp += review.toObject().value(QStringLiteral("fp")).toInt();
    QCOMPARE(fp, 1403);
    const QString w = m_dir->filePath(QStringLiteral("crb.rdw"));
    const auto imported = triageCli({QStringLiteral("import"), QStringLiteral("--workspace"), w, QStringLiteral("--code-review-bench"), benchmark});
    QVERIFY2(imported.exitCode == 0, imported.err.constData());
    const auto listed = triageCli({QStringLiteral("eval"), QStringLiteral("--workspace"), w, QStringLiteral("--triage")});
    QVERIFY2(listed.exitCode == 0, listed.err.constData());
    const QJsonArray queue = QJsonDocument::fromJson(listed.out).object().value(QStringLiteral("triage_queue")).toArray();
    QCOMPARE(queue.size(), fp);
    const QJsonObject first = queue.first().toObject();
    QCOMPARE(first.value(QStringLiteral("source")).toString(), QStringLiteral("judge"));
    QCOMPARE(first.value(QStringLiteral("judges")).toArray(), QJsonArray{QStringLiteral("openai_gpt-5.2")});
    // One candidate queued and agreed yes: the errata hold it as a golden comment of its pull request.
    const qint64 comment = first.value(QStringLiteral("comment")).toInteger();
    QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("enqueue"), QStringLiteral("--workspace"), w, QStringLiteral("--all")}).exitCode, 0);
    const QByteArray yes = QStringLiteral(R"({"comment": %1, "answer": "yes"})").arg(comment).toUtf8();
    for (const char *who : {"ann", "bob"})
        QCOMPARE(triageCli({QStringLiteral("triage"), QStringLiteral("answer"), QStringLiteral("--workspace"), w, QStringLiteral("--annotator"), QLatin1String(who)}, yes).exitCode, 0);
    const QString out = m_dir->filePath(QStringLiteral("errata.json"));
    const auto errata = triageCli({QStringLiteral("export"), QStringLiteral("--workspace"), w, QStringLiteral("--format"), QStringLiteral("errata"), QStringLiteral("--out"), out});
    QVERIFY2(errata.exitCode == 0, errata.err.constData());
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
    QVERIFY(written.value(QStringLiteral("aacr_bench")).toArray().isEmpty());
    const QJsonObject pr = written.value(QStringLiteral("code_review_bench")).toArray().first().toObject();
    QCOMPARE(pr.value(QStringLiteral("url")).toString(), first.value(QStringLiteral("merge_request_url")).toString());
    QVERIFY(pr.contains(QStringLiteral("pr_title")));
    const QJsonArray comments = pr.value(QStringLiteral("comments")).toArray();
    QCOMPARE(comments.size(), 1);
    QCOMPARE(comments.first().toObject().value(QStringLiteral("comment")).toString(), first.value(QStringLiteral("text")).toString());
    QCOMPARE(comments.first().toObject().value(QStringLiteral("severity")).toString(), QString());
    QCOMPARE(comments.first().toObject().value(QStringLiteral("triage")).toObject().value(QStringLiteral("reviewer")).toString(),
             first.value(QStringLiteral("reviewer")).toString());
}

QTEST_GUILESS_MAIN(TriageCliTest)
#include "tst_triagecli.moc"
