// The review pipeline against the fake OpenAI-compatible server on
// 127.0.0.1: orchestration overhead with an instant server, then throughput
// with 200 ms of model latency at concurrency 1, 2, 4, 8 and 16, as a
// fraction of linear scaling.
//
//   bench_pipeline [--slices N] [--latency MS]

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <ReviewRun.h>
#include <Scenarios.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QElapsedTimer>
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
    if (record.failedRequests() > 0) {
        std::fprintf(stderr, "bench_pipeline: %d requests failed: %s\n", record.failedRequests(), qPrintable(record.errors.value(0)));
        std::exit(1);
    }
    return clock.nsecsElapsed() / 1e6;
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
    return 0;
}
