// The review pipeline against the fake OpenAI-compatible server on
// 127.0.0.1: orchestration overhead with an instant server, then throughput
// with 200 ms of model latency at concurrency 1, 2, 4, 8 and 16, as a
// fraction of linear scaling; then the same for the whole paper pipeline
// (three reviewers, the meta-reviewer and the validator on every slice),
// against the ideal of its critical path.
//
//   bench_pipeline [--slices N] [--latency MS]

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ReviewRun.h>
#include <Scenarios.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtConcurrent>

#include <cstdio>

using namespace rd;

namespace {

double timeRun(LlmClient &client, const MergeRequest &mr, const QList<Slice> &slices, const RunConfig &config, int *requests)
{
    QElapsedTimer clock;
    clock.start();
    auto future = QtConcurrent::run([&] { return runReview(client, mr, slices, config); });
    while (!future.isFinished())
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    const RunRecord record = future.result();
    *requests = static_cast<int>(record.exchanges.size());
    // A failed request or a fallback would time another pipeline than the one asked for.
    if (record.failedRequests() > 0 || !record.errors.isEmpty()) {
        std::fprintf(stderr, "bench_pipeline: %d requests failed, %lld errors: %s\n", record.failedRequests(),
                     static_cast<long long>(record.errors.size()), qPrintable(record.errors.value(0)));
        std::exit(1);
    }
    return clock.nsecsElapsed() / 1e6;
}

// What each role answers: reviewers a finding, the meta-reviewer one merged
// comment naming every comment it was given, the validator a confirmation.
test::FakeLlmServer::Reply paperRoles(const test::FakeLlmServer::Request &request, int delay)
{
    static const QRegularExpression id(QStringLiteral("\"id\": \"(s\\d+-r\\d+-\\d+|s\\d+-[mg]\\d+)\""));
    const QJsonArray messages = QJsonDocument::fromJson(request.body).object().value(QStringLiteral("messages")).toArray();
    const QString system = messages.at(0).toObject().value(QStringLiteral("content")).toString();
    const QString user = messages.at(messages.size() - 1).toObject().value(QStringLiteral("content")).toString();
    QStringList ids;
    for (auto it = id.globalMatch(user); it.hasNext();)
        ids << QStringLiteral("\"%1\"").arg(it.next().captured(1));
    const QString finding = QStringLiteral("\"file\":\"src/unit0.cpp\",\"line_start\":7,\"issue\":\"x\",\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":5");
    QString content;
    if (system.contains(QLatin1String("meta-reviewer")))
        content = QStringLiteral("{\"comments\":[{%1,\"sources\":[%2]}]}").arg(finding, ids.join(QLatin1Char(',')));
    else if (system.contains(QLatin1String("validat")))
        content = QStringLiteral("{\"comments\":[{%1,\"id\":%2}]}").arg(finding, ids.value(0));
    else
        content = QStringLiteral("{\"comments\":[{%1}]}").arg(finding);
    return test::FakeLlmServer::completion(content, 900, 60, delay);
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int wanted = 64, latency = 200;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--slices"))
            wanted = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--latency"))
            latency = args[i + 1].toInt();
    }

    // A merge request with one change in each of many functions: a slice each.
    QTemporaryDir dir;
    test::FixtureRepo::Tree base, head;
    const int files = (wanted + 3) / 4;
    for (int f = 0; f < files; ++f) {
        const QByteArray path = "src/unit" + QByteArray::number(f) + ".cpp";
        base[path] = test::file(test::cppSource(8));
        QByteArray changed = test::cppSource(8);
        for (int fn = 0; fn < 8; fn += 2)
            changed.replace(QByteArray("total += v * " + QByteArray::number(fn + 1) + ";"), QByteArray("total += v * " + QByteArray::number(fn + 1) + " + 1;"));
        head[path] = test::file(changed);
    }
    test::FixtureRepo repo(dir.filePath(QStringLiteral("repo")));
    const QByteArray root = repo.commit("main", base, "Base\n");
    repo.commit("feature", head, "Change\n", {root});
    auto mr = MergeRequest::open(dir.filePath(QStringLiteral("repo")), QStringLiteral("main"), QStringLiteral("feature"));
    SliceOptions sliceOptions;
    sliceOptions.algorithms = {SliceAlgorithm::LeftFlow};
    auto sliced = sliceMergeRequest(*mr, sliceOptions);
    if (!mr || !sliced) {
        std::fprintf(stderr, "bench_pipeline: could not prepare the merge request\n");
        return 1;
    }
    QList<Slice> slices = sliced->slices.mid(0, wanted);

    test::FakeLlmServer server;
    int delay = 0;
    server.setResponder([&delay](const test::FakeLlmServer::Request &) {
        return test::FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/unit0.cpp\",\"line_start\":7,\"issue\":\"x\","
                                                              "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":5}]}"),
                                               900, 60, delay);
    });
    RunConfig config;
    config.reviewers = 1;
    config.reviewer.endpoint = server.endpoint();
    config.reviewer.model = QStringLiteral("fake");

    std::printf("merge request: %lld slices (Left Flow), one reviewer, no meta-reviewer or validator: one request a slice\n",
                static_cast<long long>(slices.size()));
    int requests = 0;
    {
        config.concurrency = 8;
        LlmClientOptions options;
        options.concurrency = 8;
        LlmClient client(options);
        timeRun(client, *mr, slices, config, &requests); // warm up
        const double ms = timeRun(client, *mr, slices, config, &requests);
        std::printf("instant server:  %d requests in %.1f ms = %.2f ms a request of orchestration, HTTP and parsing\n", requests, ms, ms / requests);
    }
    delay = latency;
    std::printf("with %d ms model latency:\n", latency);
    for (int c : {1, 2, 4, 8, 16}) {
        config.concurrency = c;
        LlmClientOptions options;
        options.concurrency = c;
        LlmClient client(options);
        const double ms = timeRun(client, *mr, slices, config, &requests);
        const double ideal = std::max(1.0, std::ceil(double(requests) / c)) * latency;
        std::printf("  concurrency %2d: %8.1f ms, %6.1f requests/s, %5.1f%% of linear scaling (ideal %.0f ms)\n", c, ms, requests * 1000.0 / ms,
                    100.0 * ideal / ms, ideal);
    }

    // The paper's pipeline: per slice three reviewers at once, then the
    // meta-reviewer, then the validator — five requests, three in a row.
    server.setResponder([&delay](const test::FakeLlmServer::Request &r) { return paperRoles(r, delay); });
    RunConfig paper = config;
    paper.reviewers = 3;
    paper.metaReviewer = paper.reviewer;
    paper.validator = paper.reviewer;
    std::printf("the paper's pipeline on the same slices: 3 reviewers, meta-reviewer, validator (5 requests a slice, 3 in a row)\n");
    delay = 0;
    {
        paper.concurrency = 8;
        LlmClientOptions options;
        options.concurrency = 8;
        LlmClient client(options);
        timeRun(client, *mr, slices, paper, &requests); // warm up
        const double ms = timeRun(client, *mr, slices, paper, &requests);
        std::printf("instant server:  %d requests in %.1f ms = %.2f ms a request of orchestration, HTTP, parsing, merging and filters\n", requests, ms,
                    ms / requests);
    }
    delay = latency;
    std::printf("with %d ms model latency:\n", latency);
    for (int c : {4, 8, 16}) {
        paper.concurrency = c;
        LlmClientOptions options;
        options.concurrency = c;
        LlmClient client(options);
        const double ms = timeRun(client, *mr, slices, paper, &requests);
        // Requests of one slice wait for each other: the ideal is the larger
        // of the request volume and one slice's chain.
        const double ideal = std::max(std::ceil(double(requests) / c), 3.0) * latency;
        std::printf("  concurrency %2d: %8.1f ms, %6.1f requests/s, %5.1f%% of the ideal (%.0f ms)\n", c, ms, requests * 1000.0 / ms, 100.0 * ideal / ms,
                    ideal);
    }
    return 0;
}
