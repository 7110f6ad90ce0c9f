// Times the evaluation of a generated workspace of 200 merge requests and
// 10,000 generated comments (one run per merge request, comments spread over
// the five pipeline stages, 5 references each), line match only: every
// metric at every stage, and every table. The reference in the same run is
// reading the same comments from the store in one query (what any
// evaluation must do at least), so the ratio says what the rest of the
// reading, the matching, the metrics and the tables add. Goal (issue 12):
// < 1 s.
//
//   bench_eval [--mrs N] [--comments-per-mr N] [--repeat N]

#include <Evaluation.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>

using namespace rd;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption mrs(QStringLiteral("mrs"), QStringLiteral("Merge requests."), QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption perMr(QStringLiteral("comments-per-mr"), QStringLiteral("Generated comments per merge request."), QStringLiteral("N"), QStringLiteral("50"));
    const QCommandLineOption repeat(QStringLiteral("repeat"), QStringLiteral("Timed rounds (the median is shown)."), QStringLiteral("N"), QStringLiteral("5"));
    parser.addHelpOption();
    parser.addOptions({mrs, perMr, repeat});
    parser.process(app);
    const int mrCount = std::max(1, parser.value(mrs).toInt());
    const int commentsPerMr = std::max(1, parser.value(perMr).toInt());
    const int rounds = std::max(1, parser.value(repeat).toInt());

    QTemporaryDir dir;
    auto opened = SqlWorkspaceStore::open(dir.filePath(QStringLiteral("bench.rdw")), SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!opened) {
        std::fprintf(stderr, "bench_eval: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    SqlWorkspaceStore &store = **opened;
    QRandomGenerator random(7);
    RunRecord record;
    record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
    record.config.reviewer.model = QStringLiteral("bench");
    const QByteArray recordJson = record.toJson();
    const QStringList stages{QString(), QStringLiteral("coarse"), QStringLiteral("top_k"), QStringLiteral("meta"), QStringLiteral("validator")};
    for (int m = 0; m < mrCount; ++m) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/bench");
        e.base = QStringLiteral("base%1").arg(m);
        e.head = QStringLiteral("head%1").arg(m);
        const qint64 mr = *store.addMergeRequest(e);
        for (int r = 0; r < 5; ++r) {
            ReviewComment ref;
            ref.file = QStringLiteral("src/f%1.cpp").arg(random.bounded(8));
            ref.lineStart = int(random.bounded(1, 400));
            ref.lineEnd = ref.lineStart + int(random.bounded(4));
            ref.issue = QStringLiteral("reference %1").arg(r);
            const qint64 id = *store.importComment(mr, ref, QStringLiteral("bench"));
            store.setReference(id, true);
        }
        QList<ReviewComment> comments;
        for (int c = 0; c < commentsPerMr; ++c) {
            ReviewComment g;
            g.id = QStringLiteral("c%1").arg(c);
            g.file = QStringLiteral("src/f%1.cpp").arg(random.bounded(8));
            g.lineStart = int(random.bounded(1, 400));
            g.lineEnd = g.lineStart + int(random.bounded(6));
            g.issue = QStringLiteral("generated %1").arg(c);
            g.reviewers = {int(random.bounded(1, 4))};
            g.history = {{QStringLiteral("reviewer"), 5, 5, 5}};
            const QString stage = stages[int(random.bounded(int(stages.size())))];
            if (!stage.isEmpty())
                g.drop(stage);
            comments << g;
        }
        StoredRun run;
        run.mergeRequest = mr;
        run.record = recordJson;
        if (!store.addRun(run, comments)) {
            std::fprintf(stderr, "bench_eval: cannot store the run\n");
            return 1;
        }
    }

    QList<double> evalMs, readMs, evalCpuMs, readCpuMs;
    const auto cpuMs = [] { return 1000.0 * double(std::clock()) / CLOCKS_PER_SEC; };
    int comments = 0;
    std::optional<double> kbi;
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer t;
        t.start();
        double cpu = cpuMs();
        // Reference: the comments every evaluation has to read, in the
        // cheapest way the store offers (one query for the workspace).
        const auto listed = store.comments(CommentQuery{});
        const int read = listed ? int(listed->size()) : 0;
        readMs << t.nsecsElapsed() / 1e6;
        readCpuMs << cpuMs() - cpu;
        comments = read;
        t.start();
        cpu = cpuMs();
        auto e = eval::evaluateWorkspace(store, {});
        const auto tables = e->tables();
        evalMs << t.nsecsElapsed() / 1e6;
        evalCpuMs << cpuMs() - cpu;
        kbi = e->defect(e->groups.value(0), eval::Stage::All).kbi;
        if (tables.isEmpty())
            return 1;
    }
    for (auto *list : {&evalMs, &readMs, &evalCpuMs, &readCpuMs})
        std::sort(list->begin(), list->end());
    const double ours = evalMs[evalMs.size() / 2];
    const double reference = readMs[readMs.size() / 2];
    std::printf("workspace: %d merge requests, %d generated comments, %d references; %d comment rows read per round\n", mrCount,
                mrCount * commentsPerMr, mrCount * 5, comments);
    std::printf("%-40s %10s %10s\n", "", "median ms", "CPU ms");
    std::printf("%-40s %10.1f %10.1f\n", "evaluate (every metric, every stage)", ours, evalCpuMs[evalCpuMs.size() / 2]);
    std::printf("%-40s %10.1f %10.1f\n", "reference: read the comments only", reference, readCpuMs[readCpuMs.size() / 2]);
    std::printf("ratio %.2fx; KBI at 'all' %.2f; goal < 1000 ms: %s\n", reference > 0 ? ours / reference : 0.0, kbi.value_or(-1), ours < 1000 ? "met" : "MISSED");
    return 0;
}
