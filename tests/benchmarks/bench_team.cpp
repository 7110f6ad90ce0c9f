// Team scale (issue 14), two measurements, each beside its reference in the
// same run:
//  1. a batch review of 40 merge requests against the fake LLM server
//     answering after 200 ms, by 4 `review --all-mrs --claim` workers
//     against 1 worker (goal: at least 3.5 times the throughput);
//  2. a judgement's commit on the PostgreSQL server against the same on an
//     SQLite file (goal: p99 below 20 ms on the local server).
// The workspace is on PostgreSQL when REVIEWDESK_TEST_PG names a server
// (scripts/bench-team.sh starts a throwaway one), else on SQLite.
//
//   bench_team [--mrs N] [--workers N] [--latency MS] [--commits N]

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

using namespace rd;
using namespace rd::test;

namespace {

QString freshWorkspace(const QTemporaryDir &dir, const QString &name)
{
    if (!testpg::server().isEmpty())
        return testpg::freshDatabase();
    return dir.filePath(name);
}

QByteArray cSource(int version)
{
    return "#include <stdio.h>\n\nint total(int a, int b)\n{\n    int t = a + b;\n    t += " + QByteArray::number(version) + ";\n    return t;\n}\n";
}

// Fills `workspace` with one merge request per commit of a chain in `repo`.
bool fill(const QString &workspace, const QString &repoPath, const QList<QByteArray> &commits)
{
    auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store) {
        std::fprintf(stderr, "bench_team: %s\n", qPrintable(store.error().message));
        return false;
    }
    for (qsizetype i = 0; i + 1 < commits.size(); ++i) {
        MergeRequestEntry e;
        e.repository = repoPath;
        e.base = QString::fromLatin1(commits[i]);
        e.head = QString::fromLatin1(commits[i + 1]);
        if (!(*store)->addMergeRequest(e))
            return false;
    }
    return true;
}

// Seconds until `workers` claim workers have reviewed every merge request.
double batch(const QString &workspace, const QString &config, int workers)
{
    QElapsedTimer clock;
    clock.start();
    QList<QProcess *> processes;
    for (int i = 0; i < workers; ++i) {
        auto *p = new QProcess;
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->setStandardOutputFile(QProcess::nullDevice());
        p->start(QStringLiteral(REVIEWDESK_CLI), {QStringLiteral("review"), QStringLiteral("--workspace"), workspace, QStringLiteral("--all-mrs"),
                                                  QStringLiteral("--config"), config, QStringLiteral("--no-cache"), QStringLiteral("--claim"),
                                                  QStringLiteral("--worker"), QStringLiteral("w%1").arg(i)});
        processes << p;
    }
    // The fake server lives on this thread: serve it while the workers run.
    // An event loop left when the last worker ends, not a loop around
    // processEvents(flags, ms), which drops WaitForMoreEvents and so would
    // spin a whole core beside the workers.
    QEventLoop loop;
    int running = workers;
    const auto ended = [&running, &loop] {
        if (--running == 0)
            loop.quit();
    };
    for (QProcess *p : std::as_const(processes)) {
        if (p->state() == QProcess::NotRunning) { // never started
            --running;
            continue;
        }
        QObject::connect(p, &QProcess::finished, &loop, ended);
        // A worker that cannot start never says finished.
        QObject::connect(p, &QProcess::errorOccurred, &loop, [ended](QProcess::ProcessError error) {
            if (error == QProcess::FailedToStart)
                ended();
        });
    }
    if (running > 0)
        loop.exec();
    const double seconds = clock.elapsed() / 1000.0;
    for (QProcess *p : std::as_const(processes))
        if (p->exitStatus() != QProcess::NormalExit || p->exitCode() != 0)
            std::fprintf(stderr, "bench_team: a worker failed (exit %d)\n", p->exitCode());
    qDeleteAll(processes);
    return seconds;
}

struct Stats
{
    double p50 = 0, p99 = 0;
};

Stats stats(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    if (ms.isEmpty())
        return {};
    const auto at = [&ms](double q) { return ms[std::min<qsizetype>(ms.size() - 1, static_cast<qsizetype>(q * ms.size()))]; };
    return {at(0.5), at(0.99)};
}

// Milliseconds per judgement commit, `commits` of them.
QList<double> commitLatencies(const QString &workspace, int commits)
{
    auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return {};
    MergeRequestEntry e{0, QStringLiteral("/repo"), QStringLiteral("main"), QStringLiteral("topic"), false, {}, {}, {}};
    const qint64 mr = *(*store)->addMergeRequest(e);
    QList<ReviewComment> comments;
    for (int i = 0; i < 50; ++i) {
        ReviewComment c;
        c.id = QString::number(i);
        c.file = QStringLiteral("a.c");
        c.lineStart = c.lineEnd = i + 1;
        c.issue = QStringLiteral("issue %1").arg(i);
        comments << c;
    }
    (*store)->addRun(StoredRun{0, mr, {}, QStringLiteral("m"), {}, {}, {}, "{}"}, comments);
    const auto stored = *(*store)->comments();
    QList<double> ms;
    QElapsedTimer clock;
    for (int i = 0; i < commits; ++i) {
        Judgement j;
        j.comment = stored[i % stored.size()].id;
        j.annotator = QStringLiteral("bench");
        j.verdict = i % 2 ? Verdict::Accept : Verdict::Reject;
        j.critique = QStringLiteral("critique %1").arg(i);
        clock.start();
        if (!(*store)->judge(j))
            return {};
        ms << clock.nsecsElapsed() / 1e6;
    }
    return ms;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addHelpOption();
    const QCommandLineOption mrsOption(QStringLiteral("mrs"), QStringLiteral("Merge requests in the batch (default 40)."), QStringLiteral("N"), QStringLiteral("40"));
    const QCommandLineOption workersOption(QStringLiteral("workers"), QStringLiteral("Workers against one (default 4)."), QStringLiteral("N"), QStringLiteral("4"));
    const QCommandLineOption latencyOption(QStringLiteral("latency"), QStringLiteral("The fake server's answer time (default 200 ms)."), QStringLiteral("MS"), QStringLiteral("200"));
    const QCommandLineOption commitsOption(QStringLiteral("commits"), QStringLiteral("Judgement commits timed (default 1000)."), QStringLiteral("N"), QStringLiteral("1000"));
    parser.addOptions({mrsOption, workersOption, latencyOption, commitsOption});
    parser.process(app);
    const int mrs = parser.value(mrsOption).toInt();
    const int workers = parser.value(workersOption).toInt();
    const int latency = parser.value(latencyOption).toInt();
    const int commits = parser.value(commitsOption).toInt();
    const bool server = !testpg::server().isEmpty();

    QTemporaryDir dir;
    FixtureRepo repo(dir.filePath(QStringLiteral("repo")));
    QList<QByteArray> chain;
    for (int i = 0; i <= mrs; ++i)
        chain << repo.commit("main", {{"src/calc.c", file(cSource(i))}}, "step " + QByteArray::number(i));
    FakeLlmServer llm;
    llm.setResponder([latency](const FakeLlmServer::Request &) {
        return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/calc.c\",\"line_start\":6,\"issue\":\"t can overflow\","
                                                        "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}"),
                                         10, 5, latency);
    });
    const QString config = dir.filePath(QStringLiteral("run.json"));
    {
        QFile f(config);
        if (!f.open(QIODevice::WriteOnly))
            return 1;
        f.write("{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + llm.endpoint().toUtf8() + "\",\"model\":\"m\"}}}");
    }

    std::printf("Batch review: %d merge requests, fake server answering after %d ms, workspace on %s\n", mrs, latency, server ? "PostgreSQL" : "SQLite");
    const QString one = freshWorkspace(dir, QStringLiteral("one.rdw"));
    const QString many = freshWorkspace(dir, QStringLiteral("many.rdw"));
    if (one.isEmpty() || many.isEmpty() || !fill(one, repo.path(), chain) || !fill(many, repo.path(), chain))
        return 1;
    const double t1 = batch(one, config, 1);
    const double tn = batch(many, config, workers);
    std::printf("  1 worker:  %6.2f s  (%5.2f merge requests/s)\n", t1, mrs / t1);
    std::printf("  %d workers: %6.2f s  (%5.2f merge requests/s)\n", workers, tn, mrs / tn);
    std::printf("  throughput ratio: %.2fx (goal >= 3.5x)\n", t1 / tn);

    std::printf("Judgement commit latency, %d commits\n", commits);
    const Stats sqlite = stats(commitLatencies(dir.filePath(QStringLiteral("latency.rdw")), commits));
    std::printf("  SQLite file (reference): p50 %6.2f ms  p99 %6.2f ms\n", sqlite.p50, sqlite.p99);
    if (server) {
        const Stats pg = stats(commitLatencies(testpg::freshDatabase(), commits));
        std::printf("  PostgreSQL (local):      p50 %6.2f ms  p99 %6.2f ms (goal p99 < 20 ms; %.2fx SQLite's p99)\n", pg.p50, pg.p99, pg.p99 / sqlite.p99);
    } else {
        std::printf("  PostgreSQL: no server (REVIEWDESK_TEST_PG is not set; scripts/bench-team.sh starts one)\n");
    }
    return 0;
}
