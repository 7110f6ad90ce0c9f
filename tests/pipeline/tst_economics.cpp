// What a reviewer cost, what it saw and what authors addressed (issue 34):
// roles' prices in the run configuration, cost from the fake endpoint's
// reported usage (and from the cache, counted apart), cost per accepted
// comment; coverage of each pipeline's unit of review with a fake endpoint
// that fails one unit after its retries, and a reference there counted
// unreviewed, not missed; the "addressed" detector on a revision that applies
// one suggestion, edits another commented line and leaves a third alone,
// against people's answers.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <SessionFixture.h>
#include <WaitFor.h>

#include <AnswerSource.h>
#include <ConfigJson.h>
#include <Comparison.h>
#include <ComparisonReport.h>
#include <Evaluation.h>
#include <EvaluationReport.h>
#include <LlmClient.h>
#include <MergeRequestRevisions.h>
#include <ReviewPipeline.h>
#include <ReviewRunner.h>
#include <ReviewerEconomics.h>
#include <RunCoverage.h>
#include <RunForWorkspace.h>
#include <RunUsage.h>
#include <SqlWorkspaceStore.h>
#include <SuggestionCheck.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

#include <cmath>

using namespace rd;
using namespace rd::test;

namespace {

// The last user message of a chat request, and its system message.
std::pair<QString, QString> systemAndUser(const FakeLlmServer::Request &request)
{
    const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    return {messages.at(0).toObject().value(QStringLiteral("content")).toString(),
            messages.at(messages.size() - 1).toObject().value(QStringLiteral("content")).toString()};
}

QByteArray lines(const char *prefix, int count)
{
    QByteArray out;
    for (int i = 1; i <= count; ++i)
        out += prefix + QByteArray::number(i) + " = step(" + QByteArray::number(i) + ")\n";
    return out;
}

QByteArray replaced(QByteArray text, int line, const QByteArray &with)
{
    QList<QByteArray> all = text.split('\n');
    all[line - 1] = with;
    return all.join('\n');
}

// Two changed text files (no C/C++: each is sliced as its hunks), main..feature:
// app.py line 5 and docs.md line 3 changed.
struct TwoFiles
{
    QString path;
    bool make(const QString &where)
    {
        path = where;
        FixtureRepo repo(where);
        const QByteArray app = lines("a", 12), docs = lines("d", 8);
        const QByteArray root = repo.commit("main", {{"app.py", file(app)}, {"docs.md", file(docs)}}, "base\n");
        repo.commit("feature", {{"app.py", file(replaced(app, 5, "a5 = step(50)"))}, {"docs.md", file(replaced(docs, 3, "d3 = step(30)"))}}, "change\n",
                    {root});
        return true;
    }
};

QByteArray cqsConfig(const QString &endpoint, const QByteArray &collectorPrice, const QByteArray &judgePrice)
{
    QByteArray json = QStringLiteral("{\"pipeline\":\"cqs\",\"retries\":0,\"roles\":{\"collector\":{\"endpoint\":\"%1\",\"model\":\"collector-model\"%2},"
                                     "\"judge\":{\"endpoint\":\"%1\",\"model\":\"judge-model\"%3}}}")
                          .arg(endpoint, collectorPrice.isEmpty() ? QString() : QStringLiteral(",\"price\":") + QString::fromUtf8(collectorPrice),
                               judgePrice.isEmpty() ? QString() : QStringLiteral(",\"price\":") + QString::fromUtf8(judgePrice))
                          .toUtf8();
    return json;
}

// The collector finds two issues in app.py (at its changed line 5), none
// elsewhere; the judge scores every issue 8. Each answer reports its usage.
FakeLlmServer::Reply cqsAnswer(const FakeLlmServer::Request &request)
{
    const auto [system, user] = systemAndUser(request);
    if (system.contains(QLatin1String("issue collector"))) {
        if (!user.contains(QLatin1String("app.py")))
            return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"), 1000, 200);
        return FakeLlmServer::completion(QStringLiteral("{\"issues\":[{\"function\":\"f\",\"rationale\":\"Why 50?\",\"file\":\"app.py\",\"line\":5,\"tag\":\"UseConstant\"},"
                                                        "{\"function\":\"f\",\"rationale\":\"Is step checked?\",\"file\":\"app.py\",\"line\":5,\"tag\":\"ErrorHandling\"}]}"),
                                         1000, 200);
    }
    return FakeLlmServer::completion(QStringLiteral("{\"motivation\":\"m\",\"status\":\"valid\",\"score\":8,\"reason\":\"r\"}"), 300, 50);
}

std::unique_ptr<SqlWorkspaceStore> openStore(const QString &location)
{
    auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qWarning("%s", qPrintable(store.error().message));
    return store ? std::move(store).value() : nullptr;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class EconomicsTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    TwoFiles m_repo;
    std::optional<MergeRequest> m_mr;

private Q_SLOTS:
    void initTestCase();
    // Cost
    void aPriceIsReadWrittenAndLeftOutOfTheConfigurationsIdentity();
    void badPricesAreErrorsNamingTheKey_data();
    void badPricesAreErrorsNamingTheKey();
    void costIsTheEndpointsReportedTokensTimesEachRolesPrice();
    void aCachedRunCostsWhatItsRecordedExchangesCostFlaggedAsSuch();
    void withoutAPriceTokensAreCountedAndTheCostIsUnknown();
    void costPerAcceptedCountsPeoplesDecidedAcceptsAlsoInCompare();
    // Coverage
    void lineRangesRoundTripAndBadTextIsRefused();
    void aPlaceIsUnreviewedOnlyWhereNoModelSawItsChangedLines();
    void aSliceWhoseRequestsFailAfterRetriesLeavesItsLinesUnreviewed();
    void aReferenceInUnreviewedLinesIsUnreviewedNotMissed();
    void cqsAacrAndCodeAgentRecordTheirUnitsOfReview();
    // What authors addressed
    void aSuggestionCountsAsAppliedOnlyVerbatimInPlaceOfItsLines();
    void theDetectorAndPeopleDecideWhatWasAddressed();

private:
    RunRecord runCqs(const QByteArray &config, const AnswerSource &answers = {});
};

void EconomicsTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(m_repo.make(m_dir.filePath(QStringLiteral("repo"))));
    auto mr = MergeRequest::open(m_repo.path, QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    m_mr = std::move(mr).value();
    QCOMPARE(m_mr->files.size(), 2);
}

RunRecord EconomicsTest::runCqs(const QByteArray &configJson, const AnswerSource &answers)
{
    const auto config = RunConfig::fromJson(configJson);
    if (!config)
        qFatal("bad test configuration: %s", qPrintable(config.error().message));
    LlmClientOptions options;
    options.timeoutMs = 5000;
    options.retries = 0;
    const std::unique_ptr<LlmClient> client = makeLlmClient(options, answers);
    const MergeRequest &mr = *m_mr;
    const RunConfig c = *config;
    LlmClient *raw = client.get();
    return waitFor(QtConcurrent::run([raw, &mr, c] { return runPipeline(*raw, mr, {}, c); }));
}

// --- Cost --------------------------------------------------------------------

void EconomicsTest::aPriceIsReadWrittenAndLeftOutOfTheConfigurationsIdentity()
{
    const QByteArray priced = cqsConfig(QStringLiteral("http://x/v1"), "{\"input_per_mtok\": 3, \"output_per_mtok\": 15.5}", "{\"input_per_mtok\":0,\"output_per_mtok\":0}");
    const auto config = RunConfig::fromJson(priced);
    QVERIFY2(config, config ? "" : qPrintable(config.error().message));
    const EndpointProfile *collector = config->role(QStringLiteral("collector"));
    QVERIFY(collector && collector->price);
    QCOMPARE(collector->price->inputPerMTok, 3.0);
    QCOMPARE(collector->price->outputPerMTok, 15.5);
    QCOMPARE(config->role(QStringLiteral("judge"))->price, std::optional<TokenPrice>(TokenPrice{0, 0}));
    // Written with the role, and read back the same.
    const auto again = RunConfig::fromJson(config->toJson());
    QVERIFY(again);
    QCOMPARE(again->role(QStringLiteral("collector"))->price, collector->price);
    // A price changes the cost, never the comments: one configuration.
    const auto unpriced = RunConfig::fromJson(cqsConfig(QStringLiteral("http://x/v1"), {}, {}));
    QVERIFY(unpriced);
    QVERIFY(!unpriced->role(QStringLiteral("collector"))->price);
    QCOMPARE(configHashOf(*config), configHashOf(*unpriced));
    QVERIFY(config->toJson() != unpriced->toJson());
    // An embeddings endpoint answers no completion tokens: its output price may be left out.
    const auto embedding = RunConfig::fromJson("{\"pipeline\":\"aacr\",\"context\":\"embedding\",\"roles\":{\"reviewer\":{\"endpoint\":\"http://x/v1\",\"model\":\"m\"},"
                                               "\"embedding\":{\"endpoint\":\"http://x/v1\",\"model\":\"e\",\"price\":{\"input_per_mtok\":0.02}}}}");
    QVERIFY2(embedding, embedding ? "" : qPrintable(embedding.error().message));
    QCOMPARE(embedding->role(QStringLiteral("embedding"))->price, std::optional<TokenPrice>(TokenPrice{0.02, 0}));
}

void EconomicsTest::badPricesAreErrorsNamingTheKey_data()
{
    QTest::addColumn<QByteArray>("price");
    QTest::addColumn<QString>("message");
    QTest::newRow("negative") << QByteArray("{\"input_per_mtok\":-1,\"output_per_mtok\":15}")
                              << QStringLiteral("roles.collector.price.input_per_mtok must be a number of US dollars per million tokens, 0 or more");
    QTest::newRow("a string") << QByteArray("{\"input_per_mtok\":3,\"output_per_mtok\":\"15\"}")
                              << QStringLiteral("roles.collector.price.output_per_mtok must be a number");
    QTest::newRow("a boolean") << QByteArray("{\"input_per_mtok\":true,\"output_per_mtok\":15}") << QStringLiteral("roles.collector.price.input_per_mtok must be a number");
    QTest::newRow("unknown key") << QByteArray("{\"input_per_mtok\":3,\"output_per_mtok\":15,\"cached_per_mtok\":1}")
                                 << QStringLiteral("unknown key \"roles.collector.price.cached_per_mtok\"");
    QTest::newRow("misspelt key") << QByteArray("{\"input_per_mtoks\":3,\"output_per_mtok\":15}")
                                  << QStringLiteral("did you mean \"roles.collector.price.input_per_mtok\"");
    QTest::newRow("output missing") << QByteArray("{\"input_per_mtok\":3}") << QStringLiteral("roles.collector.price.output_per_mtok is missing");
    QTest::newRow("not an object") << QByteArray("3") << QStringLiteral("roles.collector.price must be an object");
}

void EconomicsTest::badPricesAreErrorsNamingTheKey()
{
    QFETCH(QByteArray, price);
    QFETCH(QString, message);
    const auto config = RunConfig::fromJson(cqsConfig(QStringLiteral("http://x/v1"), price, {}));
    QVERIFY(!config);
    QCOMPARE(config.error().kind, Error::Kind::Usage); // exit code 2 in the CLI
    QVERIFY2(config.error().message.contains(message), qPrintable(config.error().message));
}

void EconomicsTest::costIsTheEndpointsReportedTokensTimesEachRolesPrice()
{
    FakeLlmServer server;
    server.setResponder(cqsAnswer);
    const RunRecord record = runCqs(cqsConfig(server.endpoint(), "{\"input_per_mtok\":3,\"output_per_mtok\":15}", "{\"input_per_mtok\":1,\"output_per_mtok\":2}"));
    QVERIFY2(record.errors.isEmpty(), qPrintable(record.errors.join(QLatin1Char('\n'))));
    // One collector request per changed file, one judge request per issue.
    QCOMPARE(record.exchanges.size(), 2 + 2);
    const RunUsage usage = usageOf(record.config, record.exchanges);
    QCOMPARE(usage.roles.size(), 2);
    const RoleUsage &collector = usage.roles[0];
    const RoleUsage &judge = usage.roles[1];
    QCOMPARE(collector.role, QStringLiteral("collector"));
    QCOMPARE(collector.requests, 2);
    QCOMPARE(collector.promptTokens, 2000);
    QCOMPARE(collector.completionTokens, 400);
    QCOMPARE(judge.role, QStringLiteral("judge"));
    QCOMPARE(judge.promptTokens, 600);
    QCOMPARE(judge.completionTokens, 100);
    // Σ tokens × price, per million: 2000·3 + 400·15 and 600·1 + 100·2.
    const double expected = (2000 * 3.0 + 400 * 15.0 + 600 * 1.0 + 100 * 2.0) / 1e6;
    QVERIFY(usage.costUsd());
    QVERIFY2(near(*usage.costUsd(), expected), qPrintable(QString::number(*usage.costUsd(), 'g', 17)));
    QCOMPARE(usage.recordedRequests(), 0);
    QVERIFY(!usage.fromRecordedExchanges());
    // The record says the same, and a stored run's record reads back to it.
    const auto fromRecord = usageOfRecord(record.toJson());
    QVERIFY(fromRecord);
    QVERIFY(near(*fromRecord->costUsd(), expected));
    QCOMPARE(fromRecord->roles[0].promptTokens, 2000);
    const QJsonObject run = QJsonDocument::fromJson(record.toJson()).object().value(QStringLiteral("run")).toObject();
    const QJsonObject written = run.value(QStringLiteral("usage")).toObject();
    QVERIFY(near(written.value(QStringLiteral("cost_usd")).toDouble(), expected));
    QCOMPARE(run.value(QStringLiteral("exchanges")).toArray().first().toObject().value(QStringLiteral("role")).toString(), QStringLiteral("collector"));
}

void EconomicsTest::aCachedRunCostsWhatItsRecordedExchangesCostFlaggedAsSuch()
{
    FakeLlmServer server;
    server.setResponder(cqsAnswer);
    const QString cache = m_dir.filePath(QStringLiteral("cache-cost"));
    const QByteArray config = cqsConfig(server.endpoint(), "{\"input_per_mtok\":3,\"output_per_mtok\":15}", "{\"input_per_mtok\":1,\"output_per_mtok\":2}");
    auto answers = AnswerSource::from({}, cache);
    QVERIFY(answers);
    const RunRecord first = runCqs(config, *answers);
    const qsizetype asked = server.requests().size();
    QCOMPARE(asked, 4);
    const RunRecord second = runCqs(config, *answers);
    QCOMPARE(server.requests().size(), asked); // nothing asked again
    const RunUsage paid = usageOf(first.config, first.exchanges);
    const RunUsage recorded = usageOf(second.config, second.exchanges);
    QCOMPARE(recorded.requests(), 4);
    QCOMPARE(recorded.recordedRequests(), 4);
    QVERIFY(recorded.fromRecordedExchanges());
    // The same tokens as the exchanges it was recorded from, at the same price...
    QCOMPARE(recorded.promptTokens(), paid.promptTokens());
    QCOMPARE(recorded.recordedPromptTokens(), paid.promptTokens());
    QCOMPARE(recorded.recordedCompletionTokens(), paid.completionTokens());
    QVERIFY(near(*recorded.costUsd(), *paid.costUsd()));
    // ... all of it from recorded exchanges, and said so.
    QVERIFY(near(*recorded.recordedCostUsd(), *paid.costUsd()));
    QCOMPARE(*paid.recordedCostUsd(), 0.0);
    const QJsonObject written = QJsonDocument::fromJson(second.toJson()).object().value(QStringLiteral("run")).toObject().value(QStringLiteral("usage")).toObject();
    QCOMPARE(written.value(QStringLiteral("recorded_requests")).toInt(), 4);
    QVERIFY(near(written.value(QStringLiteral("recorded_cost_usd")).toDouble(), *paid.costUsd()));
}

void EconomicsTest::withoutAPriceTokensAreCountedAndTheCostIsUnknown()
{
    FakeLlmServer server;
    server.setResponder(cqsAnswer);
    // The judge has a price, the collector none: a part of the cost is not the cost.
    const RunRecord record = runCqs(cqsConfig(server.endpoint(), {}, "{\"input_per_mtok\":1,\"output_per_mtok\":2}"));
    const RunUsage usage = usageOf(record.config, record.exchanges);
    QCOMPARE(usage.promptTokens(), 2000 + 600);
    QCOMPARE(usage.completionTokens(), 400 + 100);
    QVERIFY(!usage.costUsd());
    QCOMPARE(usage.unpricedRoles(), QStringList{QStringLiteral("collector")});
    const QJsonObject written = QJsonDocument::fromJson(record.toJson()).object().value(QStringLiteral("run")).toObject().value(QStringLiteral("usage")).toObject();
    QVERIFY(written.value(QStringLiteral("cost_usd")).isNull());
    QCOMPARE(written.value(QStringLiteral("prompt_tokens")).toInt(), 2600);
}

void EconomicsTest::costPerAcceptedCountsPeoplesDecidedAcceptsAlsoInCompare()
{
    FakeLlmServer server;
    server.setResponder(cqsAnswer);
    const QByteArray config = cqsConfig(server.endpoint(), "{\"input_per_mtok\":3,\"output_per_mtok\":15}", "{\"input_per_mtok\":1,\"output_per_mtok\":2}");
    auto answers = AnswerSource::from({}, m_dir.filePath(QStringLiteral("cache-accepted")));
    QVERIFY(answers);
    const RunRecord paid = runCqs(config, *answers);
    const RunRecord cached = runCqs(config, *answers);
    const double cost = *usageOf(paid.config, paid.exchanges).costUsd();

    auto store = openStore(m_dir.filePath(QStringLiteral("accepted.rdw")));
    QVERIFY(store);
    const auto mr = store->addMergeRequest(mergeRequestEntryFor(*m_mr, m_repo.path));
    QVERIFY(mr);
    const auto first = store->addRun(storedRunFor(*mr, paid), paid.comments);
    const auto second = store->addRun(storedRunFor(*mr, cached), cached.comments);
    QVERIFY(first && second);
    const auto idsOf = [&](qint64 run) {
        CommentQuery q;
        q.run = run;
        QList<qint64> ids;
        const auto comments = store->comments(q);
        for (const StoredComment &c : comments.value())
            if (c.comment.kept)
                ids << c.id;
        return ids;
    };
    const QList<qint64> a = idsOf(*first), b = idsOf(*second);
    QCOMPARE(a.size(), 2);
    QCOMPARE(b.size(), 2);
    // Run 1: one accepted, one rejected. Run 2: one disputed (no decided
    // verdict: not counted), one accepted.
    QVERIFY(store->judge(verdictOf(a[0], QStringLiteral("ann"), Verdict::Accept)));
    QVERIFY(store->judge(verdictOf(a[1], QStringLiteral("ann"), Verdict::Reject)));
    QVERIFY(store->judge(verdictOf(b[0], QStringLiteral("ann"), Verdict::Accept)));
    QVERIFY(store->judge(verdictOf(b[0], QStringLiteral("bob"), Verdict::Reject)));
    QVERIFY(store->judge(verdictOf(b[1], QStringLiteral("bob"), Verdict::Accept)));

    const auto evidence = readEconomicsEvidence(*store, {*mr});
    QVERIFY2(evidence, evidence ? "" : qPrintable(evidence.error().message));
    const ReviewerEconomics e = reviewerEconomics({*store->run(*first), *store->run(*second)}, *evidence);
    QVERIFY(e.problems.isEmpty());
    QCOMPARE(e.cost.runs, 2);
    QCOMPARE(e.cost.runsFromRecordedExchanges, 1);
    QCOMPARE(e.cost.accepted, 2);
    QVERIFY(e.cost.costUsd && near(*e.cost.costUsd, 2 * cost));
    QVERIFY(e.cost.recordedCostUsd && near(*e.cost.recordedCostUsd, cost));
    QVERIFY(e.cost.costPerAccepted && near(*e.cost.costPerAccepted, cost));
    QCOMPARE(e.cost.promptTokens, 2 * 2600);
    QCOMPARE(e.cost.recordedPromptTokens, 2600);
    // Per merge request, for the bootstrap: one here, with both runs.
    QCOMPARE(e.perMergeRequest.size(), 1);
    QCOMPARE(e.perMergeRequest.first().mergeRequest, *mr);
    QCOMPARE(e.perMergeRequest.first().runs, 2);
    QCOMPARE(e.perMergeRequest.first().accepted, 2);
    QCOMPARE(e.perMergeRequest.first().keptComments, 4);
    QVERIFY(near(*e.perMergeRequest.first().costUsd, 2 * cost));

    // `compare` under people (who judge once there is a reference): the
    // configuration's cost, accepted comments and cost per accepted, with
    // the recorded run flagged; coverage of both runs (every changed line seen).
    const auto truth = store->importComment(*mr, commentAt(QStringLiteral("app.py"), 5, QStringLiteral("a5 is wrong")), QStringLiteral("truth"));
    QVERIFY(truth && store->setReference(*truth, true));
    compare::ComparisonRequest request;
    request.settings.resamples = 200;
    const auto compared = compare::compareReviewers(*store, request);
    QVERIFY2(compared, compared ? "" : qPrintable(compared.error().message));
    QCOMPARE(compared->judges.size(), 1);
    QCOMPARE(compared->judges.first().reviewers.size(), 1);
    const compare::ReviewerStanding &s = compared->judges.first().reviewers.first();
    QCOMPARE(s.accepted, std::optional<int>(2));
    QVERIFY(s.costUsd && near(*s.costUsd, 2 * cost));
    QVERIFY(s.costPerAccepted && near(*s.costPerAccepted, cost));
    QVERIFY(s.economics);
    QCOMPARE(s.economics->cost.accepted, *s.accepted); // the two definitions of "accepted" agree
    QCOMPARE(s.coverage->value, std::optional<double>(100.0));
    const QJsonObject json = QJsonDocument::fromJson(compare::comparisonReport(*compared, compare::ReportFormat::Json))
                                 .object()
                                 .value(QStringLiteral("judges"))
                                 .toArray()
                                 .first()
                                 .toObject()
                                 .value(QStringLiteral("reviewers"))
                                 .toArray()
                                 .first()
                                 .toObject();
    QCOMPARE(json.value(QStringLiteral("prompt_tokens")).toInteger(), 2 * 2600);
    QCOMPARE(json.value(QStringLiteral("recorded_prompt_tokens")).toInteger(), 2600);
    QCOMPARE(json.value(QStringLiteral("runs_from_recorded_exchanges")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("accepted")).toInt(), 2);
    QVERIFY(std::abs(json.value(QStringLiteral("cost_per_accepted")).toDouble() - cost) < 1e-6);
    QCOMPARE(json.value(QStringLiteral("coverage")).toObject().value(QStringLiteral("changed_lines")).toInt(), 8);
    const QByteArray markdown = compare::comparisonReport(*compared, compare::ReportFormat::Markdown);
    QVERIFY2(markdown.contains("1 of 2 runs answered from recorded exchanges"), markdown.constData());
}

// --- Coverage ----------------------------------------------------------------

void EconomicsTest::lineRangesRoundTripAndBadTextIsRefused()
{
    QCOMPARE(lineRangesText({3, 4, 5, 9, 11, 12}), QStringLiteral("3-5,9,11-12"));
    QCOMPARE(lineRangesText({}), QString());
    QCOMPARE(parseLineRanges(QStringLiteral("3-5,9,11-12")), std::optional<QList<int>>(QList<int>{3, 4, 5, 9, 11, 12}));
    QCOMPARE(parseLineRanges(QString()), std::optional<QList<int>>(QList<int>{}));
    for (const char *bad : {"5-3", "0", "a", "3,2", "1-2-3", "4,4"})
        QVERIFY2(!parseLineRanges(QLatin1String(bad)), bad);
}

void EconomicsTest::aPlaceIsUnreviewedOnlyWhereNoModelSawItsChangedLines()
{
    CoverageTally tally(*m_mr);
    // app.py's unit answered, docs.md's failed.
    tally.add(QStringLiteral("hunk"), QStringLiteral("app.py hunk 1"), QStringLiteral("app.py"), {3, 4, 5, 6, 7}, {5}, true);
    tally.add(QStringLiteral("hunk"), QStringLiteral("docs.md hunk 1"), QStringLiteral("docs.md"), {1, 2, 3, 4}, {3}, false, QStringLiteral("HTTP 500"));
    const RunCoverage c = tally.result();
    QVERIFY(c.recorded);
    QCOMPARE(c.changedLines(), 4); // one added and one deleted line per file
    QCOMPARE(c.reviewedLines(), 2);
    QCOMPARE(*c.ratio(), 0.5);
    // The unit holds only the changed lines of what it showed.
    QCOMPARE(c.units[1].newLines, QList<int>{3});
    QVERIFY(c.unreviewed(QStringLiteral("docs.md"), QStringLiteral("new"), 3, 3));
    QVERIFY(c.unreviewed(QStringLiteral("docs.md"), QStringLiteral("left"), 3, 3)); // AACR-Bench's name for the old side
    QVERIFY(c.unreviewed(QStringLiteral("docs.md"), QStringLiteral("new"), 7, 8)); // unchanged lines of a file no model saw
    QVERIFY(c.unreviewed(QStringLiteral("docs.md"), QStringLiteral("new"), 0, 0)); // no lines, same file
    QVERIFY(!c.unreviewed(QStringLiteral("app.py"), QStringLiteral("new"), 5, 5));
    QVERIFY(!c.unreviewed(QStringLiteral("app.py"), QStringLiteral("new"), 9, 9));
    QVERIFY(!c.unreviewed(QStringLiteral("other.py"), QStringLiteral("new"), 1, 1)); // not part of the change
    QVERIFY(!c.unreviewed(QString(), QStringLiteral("new"), 0, 0));                 // some line was reviewed
    QVERIFY(!RunCoverage().unreviewed(QStringLiteral("docs.md"), QStringLiteral("new"), 3, 3)); // not recorded: nothing known
    // Why, per line, for the window's tool tip; and through JSON unchanged.
    QCOMPARE(c.unreviewedReasons(QStringLiteral("docs.md"))[0].value(3), QStringLiteral("docs.md hunk 1: HTTP 500"));
    const RunCoverage back = RunCoverage::fromJson(c.toJson());
    QVERIFY(back.recorded);
    QCOMPARE(back.files.size(), 2);
    QCOMPARE(back.files[1].unreviewed[0], QList<int>{3});
    QCOMPARE(back.units[1].reason, QStringLiteral("HTTP 500"));
    QCOMPARE(back.reviewedLines(), 2);
}

void EconomicsTest::aSliceWhoseRequestsFailAfterRetriesLeavesItsLinesUnreviewed()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        const auto [system, user] = systemAndUser(request);
        if (user.contains(QLatin1String("docs.md")))
            return FakeLlmServer::status(500);
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}"));
    });
    const auto config = RunConfig::fromJson(QStringLiteral("{\"reviewers\":1,\"min_agreement\":1,\"retries\":1,\"roles\":{\"reviewer\":{\"endpoint\":\"%1\",\"model\":\"m\"}}}")
                                                .arg(server.endpoint())
                                                .toUtf8());
    QVERIFY2(config, config ? "" : qPrintable(config.error().message));
    auto runner = ReviewRunner::prepare(*config);
    QVERIFY(runner);
    ReviewRunner *r = runner->get();
    const QString repo = m_repo.path;
    const auto record = waitFor(QtConcurrent::run([r, repo] { return r->review(repo, QStringLiteral("main"), QStringLiteral("feature"), DiffOptions{}, QString()); }),
                                120000);
    QVERIFY2(record, record ? "" : qPrintable(record.error().message));
    // docs.md's request was tried again, then given up.
    int docsAttempts = 0;
    for (const Exchange &e : record->exchanges)
        if (e.request.label.contains(QLatin1String("docs.md"))) {
            QVERIFY(!e.ok());
            docsAttempts = e.attempts;
        }
    QCOMPARE(docsAttempts, 2);
    const RunCoverage &c = record->coverage;
    QVERIFY(c.recorded);
    QCOMPARE(c.changedLines(), 4);
    QCOMPARE(c.reviewedLines(), 2);
    QCOMPARE(c.file(QStringLiteral("docs.md"))->unreviewed[0], QList<int>{3});
    QCOMPARE(c.file(QStringLiteral("docs.md"))->unreviewed[1], QList<int>{3});
    QCOMPARE(c.file(QStringLiteral("app.py"))->unreviewedLines(), 0);
    bool failedSlice = false;
    for (const CoverageUnit &u : c.units)
        if (u.file == QLatin1String("docs.md")) {
            QCOMPARE(u.kind, QStringLiteral("slice"));
            QVERIFY(!u.reviewed);
            QVERIFY2(u.reason.contains(QLatin1String("500")), qPrintable(u.reason));
            failedSlice = true;
        }
    QVERIFY(failedSlice);
    // The record and the stored run carry it.
    QCOMPARE(RunCoverage::fromRecord(record->toJson()).unreviewedLines(), 2);
    QCOMPARE(RunCoverage::fromJson(storedRunFor(1, *record).coverage).unreviewedLines(), 2);
}

void EconomicsTest::aReferenceInUnreviewedLinesIsUnreviewedNotMissed()
{
    // The CQS collector answers for app.py and fails for docs.md.
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        const auto [system, user] = systemAndUser(request);
        if (system.contains(QLatin1String("issue collector")) && user.contains(QLatin1String("docs.md")))
            return FakeLlmServer::status(503);
        return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"));
    });
    const RunRecord record = runCqs(cqsConfig(server.endpoint(), {}, {}));
    QCOMPARE(record.coverage.unreviewedLines(), 2);

    auto store = openStore(m_dir.filePath(QStringLiteral("unreviewed.rdw")));
    QVERIFY(store);
    const auto mr = store->addMergeRequest(mergeRequestEntryFor(*m_mr, m_repo.path));
    QVERIFY(mr);
    QVERIFY(store->addRun(storedRunFor(*mr, record), record.comments));
    // Two references nobody found: one in docs.md's changed line (no model saw it), one in app.py's (seen).
    const auto unseen = store->importComment(*mr, commentAt(QStringLiteral("docs.md"), 3, QStringLiteral("d3 is wrong")), QStringLiteral("truth"));
    const auto seen = store->importComment(*mr, commentAt(QStringLiteral("app.py"), 5, QStringLiteral("a5 is wrong")), QStringLiteral("truth"));
    QVERIFY(unseen && seen);
    QVERIFY(store->setReference(*unseen, true));
    QVERIFY(store->setReference(*seen, true));

    const auto evaluation = eval::evaluateWorkspace(*store, {});
    QVERIFY2(evaluation, evaluation ? "" : qPrintable(evaluation.error().message));
    QCOMPARE(evaluation->runs.size(), 1);
    const eval::StageResult &last = evaluation->runs.first().stages[eval::StageCount - 1];
    QCOMPARE(last.found, QList<qint64>{});
    QCOMPARE(last.unreviewed, QList<qint64>{*unseen});
    QCOMPARE(last.missed, QList<qint64>{*seen});
    // The report tells them apart, and gives the coverage with its definition.
    const QJsonObject group = QJsonDocument::fromJson(eval::reportJson(*evaluation)).object().value(QStringLiteral("configurations")).toArray().first().toObject();
    const QJsonObject stage = group.value(QStringLiteral("stages")).toObject().value(QStringLiteral("validator")).toObject();
    QCOMPARE(stage.value(QStringLiteral("key_issues_unreviewed")).toInt(), 1);
    QCOMPARE(stage.value(QStringLiteral("key_issues_missed")).toInt(), 1);
    const QJsonObject coverage = group.value(QStringLiteral("coverage")).toObject();
    QCOMPARE(coverage.value(QStringLiteral("changed_lines")).toInt(), 4);
    QCOMPARE(coverage.value(QStringLiteral("reviewed_lines")).toInt(), 2);
    QCOMPARE(coverage.value(QStringLiteral("coverage")).toDouble(), 50.0);
    QCOMPARE(coverage.value(QStringLiteral("unreviewed_units")).toArray().size(), 1);
    QVERIFY(!coverage.value(QStringLiteral("definition")).toString().isEmpty());
    const eval::Table table = evaluation->coverageTable();
    QCOMPARE(table.rows.size(), 1);
    QCOMPARE(table.rows[0][5].text, QStringLiteral("50.00"));
    QCOMPARE(table.rows[0][8].comments, QList<qint64>{*seen});
    QCOMPARE(table.rows[0][9].comments, QList<qint64>{*unseen});
    // The per-reviewer figures read the same.
    const auto evidence = readEconomicsEvidence(*store, {*mr});
    QVERIFY(evidence);
    const ReviewerEconomics e = reviewerEconomics({evaluation->runs.first().run}, *evidence);
    QCOMPARE(e.coverage.runsWithCoverage, 1);
    QCOMPARE(*e.coverage.ratio(), 0.5);
    QCOMPARE(e.perMergeRequest.first().changedLines, 4);
    QCOMPARE(e.perMergeRequest.first().reviewedLines, 2);
}

void EconomicsTest::cqsAacrAndCodeAgentRecordTheirUnitsOfReview()
{
    FakeLlmServer server;
    // Everything about docs.md fails; the rest answers that it found nothing.
    server.setResponder([](const FakeLlmServer::Request &request) {
        const auto [system, user] = systemAndUser(request);
        if (user.contains(QLatin1String("docs.md")) && !user.contains(QLatin1String("app.py")))
            return FakeLlmServer::status(500);
        if (system.contains(QLatin1String("issue collector")))
            return FakeLlmServer::completion(QStringLiteral("{\"issues\":[]}"));
        return FakeLlmServer::completion(QStringLiteral("No issues found."));
    });
    const auto unitsOf = [](const RunRecord &r) {
        QStringList out;
        for (const CoverageUnit &u : r.coverage.units)
            out << QStringLiteral("%1 %2 %3").arg(u.kind, u.file, u.reviewed ? QStringLiteral("reviewed") : QStringLiteral("unreviewed"));
        return out;
    };
    // CQS: one unit per file.
    const RunRecord cqs = runCqs(cqsConfig(server.endpoint(), {}, {}));
    QCOMPARE(unitsOf(cqs), (QStringList{QStringLiteral("file app.py reviewed"), QStringLiteral("file docs.md unreviewed")}));
    QCOMPARE(cqs.coverage.unreviewedLines(), 2);
    // AACR-Bench hunk review: one unit per hunk.
    const RunRecord aacr = runCqs(QStringLiteral("{\"pipeline\":\"aacr\",\"context\":\"none\",\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"%1\",\"model\":\"m\"}}}")
                                      .arg(server.endpoint())
                                      .toUtf8());
    QCOMPARE(unitsOf(aacr), (QStringList{QStringLiteral("hunk app.py reviewed"), QStringLiteral("hunk docs.md unreviewed")}));
    QCOMPARE(aacr.coverage.unreviewedLines(), 2);
    // CodeAgent shows every task the whole diff: a task whose conversation
    // fails leaves nothing reviewed unless another task's report was read.
    FakeLlmServer down;
    down.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::status(500); });
    const RunRecord agent = runCqs(QStringLiteral("{\"pipeline\":\"codeagent\",\"retries\":0,\"roles\":{\"agent\":{\"endpoint\":\"%1\",\"model\":\"m\"}},"
                                                  "\"codeagent\":{\"tasks\":[\"consistency\",\"format\"]}}")
                                       .arg(down.endpoint())
                                       .toUtf8());
    QCOMPARE(unitsOf(agent), (QStringList{QStringLiteral("task  unreviewed"), QStringLiteral("task  unreviewed")}));
    QCOMPARE(agent.coverage.changedLines(), 4);
    QCOMPARE(agent.coverage.reviewedLines(), 0);
    // A run that shows the model nothing (a missing role) reviewed nothing, said so.
    RunConfig broken = *RunConfig::fromJson(cqsConfig(server.endpoint(), {}, {}));
    broken.roles.erase(QStringLiteral("judge"));
    LlmClient client;
    const MergeRequest &mr = *m_mr;
    const RunRecord none = waitFor(QtConcurrent::run([&client, &mr, broken] { return runPipeline(client, mr, {}, broken); }));
    QVERIFY(none.coverage.recorded);
    QCOMPARE(none.coverage.reviewedLines(), 0);
    QCOMPARE(none.coverage.changedLines(), 4);
}

// --- What authors addressed ----------------------------------------------------

void EconomicsTest::aSuggestionCountsAsAppliedOnlyVerbatimInPlaceOfItsLines()
{
    ReviewComment c = commentAt(QStringLiteral("a.py"), 3, QStringLiteral("use the checked step"));
    c.fix = QStringLiteral("Call the checked one:\n```suggestion\nx3 = checked_step(3)\n```");
    const auto s = suggestionOf(c);
    QVERIFY(s);
    QCOMPARE(s->lines, QStringList{QStringLiteral("x3 = checked_step(3)")});
    QCOMPARE(s->first, 3);
    QCOMPARE(s->last, 3);
    // GitLab's block counts lines above the comment's last line.
    ReviewComment gitlab = commentAt(QStringLiteral("a.py"), 5, QStringLiteral("x"));
    gitlab.issue = QStringLiteral("```suggestion:-2+0\na\nb\nc\n```");
    QCOMPARE(suggestionOf(gitlab)->first, 3);
    QCOMPARE(suggestionOf(gitlab)->last, 5);
    // Without a block, the example code (its fence taken off) is the suggestion; without either, none.
    ReviewComment example = commentAt(QStringLiteral("a.py"), 2, QStringLiteral("x"));
    example.example = QStringLiteral("```python\nx2 = 0\n```");
    QCOMPARE(suggestionOf(example)->lines, QStringList{QStringLiteral("x2 = 0")});
    QVERIFY(!suggestionOf(commentAt(QStringLiteral("a.py"), 2, QStringLiteral("plain"))));

    // Older: five lines. Newer: line 3 replaced by the suggestion, and line 1 edited too.
    const QList<QByteArray> older = linesOfText("x1\nx2\nx3 = step(3)\nx4\nx5\n");
    const QList<QByteArray> newer = linesOfText("x1 edited\nx2\nx3 = checked_step(3)   \nx4\nx5\n");
    FixtureRepo repo(m_dir.filePath(QStringLiteral("suggestion-repo")));
    const QByteArray one = repo.commit("main", {{"a.py", file("x1\nx2\nx3 = step(3)\nx4\nx5\n")}}, "one\n");
    const QByteArray two = repo.commit("main", {{"a.py", file("x1 edited\nx2\nx3 = checked_step(3)   \nx4\nx5\n")}}, "two\n");
    DiffOptions options;
    options.twoDot = true;
    auto diff = MergeRequest::open(repo.path(), QString::fromLatin1(one), QString::fromLatin1(two), options);
    QVERIFY(diff);
    const LineMap map(diff->files);
    QVERIFY(suggestionApplied(*s, map, QStringLiteral("a.py"), older, newer)); // trailing white space is not compared
    Suggestion other = *s;
    other.lines = {QStringLiteral("x3 = checked_step(4)")};
    QVERIFY(!suggestionApplied(other, map, QStringLiteral("a.py"), older, newer));
    // The same code one line off is not in place of the commented line.
    Suggestion shifted = *s;
    shifted.first = shifted.last = 4;
    QVERIFY(!suggestionApplied(shifted, map, QStringLiteral("a.py"), older, newer));
}

void EconomicsTest::theDetectorAndPeopleDecideWhatWasAddressed()
{
    FixtureRepo repo(m_dir.filePath(QStringLiteral("addressed-repo")));
    const QByteArray base = lines("x", 12);
    const QByteArray root = repo.commit("main", {{"a.py", file(base)}}, "base\n");
    // The merge request changes lines 3, 5, 8 and 10.
    QByteArray head1 = base;
    for (int line : {3, 5, 8, 10})
        head1 = replaced(head1, line, "x" + QByteArray::number(line) + " = step(" + QByteArray::number(line) + " * 2)");
    repo.commit("feature", {{"a.py", file(head1)}}, "first\n", {root});
    auto opened = MergeRequest::open(repo.path(), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(opened);

    auto store = openStore(m_dir.filePath(QStringLiteral("addressed.rdw")));
    QVERIFY(store);
    const auto mr = store->addMergeRequest(mergeRequestEntryFor(*opened, repo.path()));
    QVERIFY(mr);
    // A run's four comments: a suggestion at line 3 (to be applied), a plain
    // comment at 5 (its line edited otherwise), one at 8 (left alone), and a
    // suggestion at 10 that the author does not take (edits the line otherwise).
    RunRecord record = RunRecord::startingNow(*RunConfig::fromJson(cqsConfig(QStringLiteral("http://x/v1"), {}, {})), *opened);
    ReviewComment applied = commentAt(QStringLiteral("a.py"), 3, QStringLiteral("step can fail"));
    applied.fix = QStringLiteral("```suggestion\nx3 = checked_step(3 * 2)\n```");
    ReviewComment edited = commentAt(QStringLiteral("a.py"), 5, QStringLiteral("why twice?"));
    ReviewComment alone = commentAt(QStringLiteral("a.py"), 8, QStringLiteral("name the constant"));
    ReviewComment declined = commentAt(QStringLiteral("a.py"), 10, QStringLiteral("step can fail here too"));
    declined.fix = QStringLiteral("```suggestion\nx10 = checked_step(10 * 2)\n```");
    record.comments = {applied, edited, alone, declined};
    for (int i = 0; i < record.comments.size(); ++i)
        record.comments[i].id = QStringLiteral("c%1").arg(i + 1);
    record.finished = QDateTime::currentDateTimeUtc();
    const auto run = store->addRun(storedRunFor(*mr, record), record.comments);
    QVERIFY(run);
    CommentQuery q;
    q.run = *run;
    const auto stored = store->comments(q);
    QVERIFY(stored && stored->size() == 4);
    QHash<int, qint64> idAt; // line -> comment id
    for (const StoredComment &c : *stored)
        idAt.insert(c.comment.lineStart, c.id);

    QVERIFY(followedRevisions(*store, *mr));
    // Revision 2: the suggestion at 3 applied verbatim, line 5 and line 10 edited otherwise, 8 left alone.
    QByteArray head2 = replaced(head1, 3, "x3 = checked_step(3 * 2)");
    head2 = replaced(head2, 5, "x5 = step(5) + step(5)");
    head2 = replaced(head2, 10, "x10 = step(20)");
    repo.commit("feature", {{"a.py", file(head2)}}, "second\n");
    const auto update = updateMergeRequest(*store, *mr);
    QVERIFY2(update && update->recorded, update ? "" : qPrintable(update.error().message));
    QCOMPARE(update->reanchoring.outdated.size(), 3);

    // What the revision did with each suggestion is stored with it.
    const auto outcomes = store->suggestionOutcomes(*mr);
    QVERIFY(outcomes);
    QCOMPARE(outcomes->size(), 2);
    QHash<qint64, bool> appliedOf;
    for (const SuggestionOutcome &o : *outcomes) {
        QCOMPARE(o.revision, 2);
        appliedOf.insert(o.comment, o.applied);
    }
    QCOMPARE(appliedOf.value(idAt[3], false), true);
    QCOMPARE(appliedOf.value(idAt[10], true), false);

    // The detector alone.
    auto evidence = readEconomicsEvidence(*store, {*mr});
    QVERIFY(evidence);
    const auto decide = [&](int line) {
        const auto c = store->comment(idAt[line]);
        return addressedDecision(*c, evidence->revisions.value(*mr), evidence->answers.value(c->id),
                                 evidence->suggestionApplied.contains(c->id) ? std::optional<bool>(evidence->suggestionApplied.value(c->id)) : std::nullopt,
                                 evidence->reviewedRevision.value(*run));
    };
    QCOMPARE(decide(3)->by, AddressedBy::AppliedSuggestion);
    QCOMPARE(decide(5)->by, AddressedBy::ChangedLines);
    QCOMPARE(decide(8)->by, AddressedBy::Unchanged);
    QCOMPARE(decide(10)->by, AddressedBy::ChangedLines);
    QVERIFY(decide(3)->addressed && decide(5)->addressed && !decide(8)->addressed && decide(10)->addressed);
    ReviewerEconomics before = reviewerEconomics({*store->run(*run)}, *evidence);
    QCOMPARE(before.addressed.comments, 4);
    QCOMPARE(before.addressed.addressed, 3);
    QCOMPARE(before.addressed.byReason.value(AddressedBy::AppliedSuggestion), 1);
    QCOMPARE(before.addressed.detector.items, 0); // nobody answered yet
    QCOMPARE(before.perMergeRequest.first().addressable, 4);

    // People answer: 3 yes (as the detector, sure), 5 no (the detector said
    // yes), 8 yes (the author fixed it elsewhere; the detector said no), 10 yes.
    QVERIFY(store->setAddressed(idAt[3], QStringLiteral("ann"), true));
    QVERIFY(store->setAddressed(idAt[5], QStringLiteral("ann"), false));
    QVERIFY(store->setAddressed(idAt[8], QStringLiteral("ann"), true));
    QVERIFY(store->setAddressed(idAt[10], QStringLiteral("ann"), true));
    // Two people split evenly: no answer, the detector decides.
    QVERIFY(store->setAddressed(idAt[10], QStringLiteral("bob"), false));
    evidence = readEconomicsEvidence(*store, {*mr});
    QVERIFY(evidence);
    QCOMPARE(decide(8)->by, AddressedBy::People);
    QVERIFY(decide(8)->addressed);
    QVERIFY(!decide(5)->addressed);
    QCOMPARE(decide(10)->by, AddressedBy::ChangedLines);
    QCOMPARE(decide(10)->answers, 2);
    const ReviewerEconomics after = reviewerEconomics({*store->run(*run)}, *evidence);
    QCOMPARE(after.addressed.comments, 4);
    QCOMPARE(after.addressed.addressed, 3); // 3, 8, 10
    QCOMPARE(*after.addressed.rate(), 0.75);
    QCOMPARE(after.addressed.byReason.value(AddressedBy::People), 3);
    // The detector against people where both said: 3 (yes, yes), 5 (yes, no), 8 (no, yes).
    const DetectorAgreement &d = after.addressed.detector;
    QCOMPARE(d.items, 3);
    QCOMPARE(d.bothAddressed, 1);
    QCOMPARE(d.onlyDetector, 1);
    QCOMPARE(d.onlyPeople, 1);
    QCOMPARE(d.neither, 0);
    QCOMPARE(*d.precision(), 0.5);
    QCOMPARE(*d.recall(), 0.5);
    // Cohen's kappa: p_o = 1/3, p_e = (2/3)(2/3) + (1/3)(1/3) = 5/9, kappa = (1/3 - 5/9) / (4/9) = -1/2.
    QVERIFY(d.kappa.kappa);
    QVERIFY2(std::abs(*d.kappa.kappa + 0.5) < 1e-12, qPrintable(QString::number(*d.kappa.kappa)));
    QCOMPARE(detectorAgreement(*evidence, *stored).items, 3);
}

QTEST_GUILESS_MAIN(EconomicsTest)
#include "tst_economics.moc"
