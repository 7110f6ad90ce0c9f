// Runs `reviewdesk-cli diff --format patch` and `git diff -M base...head` on a
// generated merge request of 2,000+ changed files and 200,000+ changed lines,
// alternating the two, and prints for each the median wall time, CPU time
// (user + system, from wait4) and peak resident memory (ru_maxrss of the
// child), and the ratios ours / git.
//
//   bench_diff [--runs N] [--files N] [--threads N] [--keep DIR] [--cli PATH]
//
// --cli measures another build of reviewdesk-cli (an older one, say).

#include <FixtureRepo.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <ctime>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace rd::test;

namespace {

QByteArray sourceFile(int file, int lines, QRandomGenerator &random)
{
    QByteArray out = "// generated module " + QByteArray::number(file) + "\n#include \"common.h\"\n\n";
    for (int i = 0; i < lines; ++i) {
        if (i % 30 == 0)
            out += "int function_" + QByteArray::number(file) + "_" + QByteArray::number(i) + "(int input)\n{\n";
        out += "    int value_" + QByteArray::number(i) + " = mix(input, " + QByteArray::number(random.bounded(100000)) + ");\n";
        if (i % 30 == 29)
            out += "    return input;\n}\n\n";
    }
    return out;
}

// Edits a file the way a large refactoring does: every 6th line changed and
// a block inserted in the middle.
QByteArray edited(const QByteArray &source, QRandomGenerator &random)
{
    QByteArrayList lines = source.split('\n');
    for (qsizetype i = 3; i < lines.size(); i += 6)
        if (lines[i].startsWith("    int value_"))
            lines[i] = "    long value_" + QByteArray::number(i) + " = remix(input, " + QByteArray::number(random.bounded(100000)) + ");";
    QByteArrayList block;
    for (int i = 0; i < 12; ++i)
        block << "    trace(\"inserted " + QByteArray::number(i) + "\");";
    for (qsizetype i = 0; i < block.size(); ++i)
        lines.insert(lines.size() / 2 + i, block[i]);
    return lines.join('\n');
}

struct Measure
{
    double wallMs = 0;
    double cpuMs = 0; // user + system
    double peakMiB = 0;
};

// The measuring process: runs `argv` in `dir` with its output thrown away
// and prints "wall-ms cpu-ms peak-KiB" as wait4() reports them. It is a fresh
// small process (the benchmark re-executes itself) because a child forked
// from the benchmark, which holds the generated repository in memory, would
// inherit its resident size in ru_maxrss.
int runMeasured(const char *dir, char **argv)
{
    timespec start{}, end{};
    clock_gettime(CLOCK_MONOTONIC, &start);
    const pid_t pid = fork();
    if (pid == 0) {
        const int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, STDOUT_FILENO) < 0 || chdir(dir) != 0)
            _exit(127);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "%s failed (status %d)\n", argv[0], status);
        return 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    auto ms = [](const timeval &t) { return t.tv_sec * 1e3 + t.tv_usec / 1e3; };
    std::printf("%.3f %.3f %ld\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6,
                ms(usage.ru_utime) + ms(usage.ru_stime), usage.ru_maxrss);
    return 0;
}

Measure measure(const QString &program, const QStringList &arguments, const QString &workDir,
                const QProcessEnvironment &environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QCoreApplication::applicationFilePath(),
                  QStringList{QStringLiteral("--measure"), workDir, QStringLiteral("--"), program} + arguments);
    const bool finished = process.waitForFinished(600000);
    const QList<QByteArray> fields = process.readAllStandardOutput().simplified().split(' ');
    if (!finished || process.exitCode() != 0 || fields.size() != 3) {
        std::fprintf(stderr, "bench_diff: %s failed: %s\n", qPrintable(program), process.readAllStandardError().constData());
        std::exit(1);
    }
    return {fields[0].toDouble(), fields[1].toDouble(), fields[2].toDouble() / 1024.0};
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

struct Medians
{
    double wallMs, cpuMs, peakMiB;
};

Medians medians(const std::vector<Measure> &runs)
{
    std::vector<double> wall, cpu, peak;
    for (const Measure &m : runs) {
        wall.push_back(m.wallMs);
        cpu.push_back(m.cpuMs);
        peak.push_back(m.peakMiB);
    }
    return {median(wall), median(cpu), median(peak)};
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc >= 5 && std::strcmp(argv[1], "--measure") == 0 && std::strcmp(argv[3], "--") == 0)
        return runMeasured(argv[2], argv + 4);
    QCoreApplication app(argc, argv);
    int runs = 7, files = 2400;
    QString keep, threads, cli = QStringLiteral(REVIEWDESK_CLI_PATH);
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--runs"))
            runs = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--files"))
            files = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[i + 1];
        else if (args[i] == QLatin1String("--threads"))
            threads = args[i + 1];
        else if (args[i] == QLatin1String("--cli"))
            cli = args[i + 1];
    }
    if (runs < 1 || files < 10) {
        std::fprintf(stderr, "usage: bench_diff [--runs N>=1] [--files N>=10] [--threads N] [--keep DIR] [--cli PATH]\n");
        return 2;
    }

    QTemporaryDir temp;
    const QString dir = keep.isEmpty() ? temp.filePath(QStringLiteral("repo")) : keep;
    QDir(dir).removeRecursively();

    QElapsedTimer setup;
    setup.start();
    QRandomGenerator random(20261122);
    FixtureRepo repo(dir);
    FixtureRepo::Tree base, head;
    base["common.h"] = file("int mix(int, int);\n");
    for (int i = 0; i < files; ++i) {
        const QByteArray path = "src/dir" + QByteArray::number(i % 40) + "/module" + QByteArray::number(i) + ".cpp";
        base[path] = file(sourceFile(i, 300, random));
    }
    head = base;
    int renamed = 0, added = 0, deleted = 0;
    for (int i = 0; i < files; ++i) {
        const QByteArray path = "src/dir" + QByteArray::number(i % 40) + "/module" + QByteArray::number(i) + ".cpp";
        if (i % 50 == 1) { // renamed with edits
            head.erase(path);
            QByteArray content = base[path].content;
            content.replace("mix(", "blend(");
            head["src/moved/module" + QByteArray::number(i) + ".cpp"] = file(content.left(content.size() * 9 / 10));
            ++renamed;
        } else if (i % 50 == 2) {
            head.erase(path);
            ++deleted;
        } else {
            head[path] = file(edited(base[path].content, random));
        }
    }
    for (int i = 0; i < files / 25; ++i, ++added)
        head["src/new/added" + QByteArray::number(i) + ".cpp"] = file(sourceFile(files + i, 120, random));
    const QByteArray root = repo.commit("main", base, "Base\n");
    repo.commit("feature", head, "Large refactoring\n", {root});
    FixtureRepo::Tree movedOn = base;
    movedOn["common.h"] = file("int mix(int, int);\nint remix(int, int);\n");
    repo.commit("main", movedOn, "Main moves on\n");

    QStringList ours{QStringLiteral("diff"), QStringLiteral("--repo"), dir, QStringLiteral("--base"), QStringLiteral("main"),
                     QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--format"), QStringLiteral("patch")};
    if (!threads.isEmpty())
        ours << QStringLiteral("--threads") << threads;
    const QStringList theirs{QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")};
    // git with default settings only, as the parity tests run it.
    const QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    QProcessEnvironment gitEnvironment = environment;
    for (const QString &name : environment.keys())
        if (name.startsWith(QLatin1String("GIT_")))
            gitEnvironment.remove(name);
    gitEnvironment.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    gitEnvironment.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));

    // Sanity: same patch, and the size of the merge request.
    const GitOutput gitPatch = runGit(dir, theirs);
    QProcess ourRun;
    ourRun.start(cli, ours);
    ourRun.waitForFinished(600000);
    const GitOutput ourPatch{ourRun.exitCode(), ourRun.readAllStandardOutput(), ourRun.readAllStandardError()};
    if (normalizeIndexLines(gitPatch.out) != normalizeIndexLines(ourPatch.out)) {
        std::fprintf(stderr, "bench_diff: reviewdesk-cli and git disagree on the patch\n");
        return 1;
    }
    const GitOutput numstat = runGit(dir, {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("--shortstat"), QStringLiteral("main...feature")});
    std::printf("merge request: %s", numstat.out.constData());
    std::printf("  (%d renamed with edits, %d added, %d deleted; patch %.1f MiB; set-up %.1f s)\n", renamed, added, deleted,
                gitPatch.out.size() / 1048576.0, setup.elapsed() / 1000.0);

    // Warm the page cache, then alternate.
    measure(QStringLiteral("git"), theirs, dir, gitEnvironment);
    measure(cli, ours, dir, environment);
    std::vector<Measure> gitRuns, ourRuns;
    for (int r = 0; r < runs; ++r) {
        gitRuns.push_back(measure(QStringLiteral("git"), theirs, dir, gitEnvironment));
        ourRuns.push_back(measure(cli, ours, dir, environment));
    }
    const Medians git = medians(gitRuns), rd = medians(ourRuns);
    std::printf("medians over %d runs            wall ms    CPU ms   peak MiB\n", runs);
    std::printf("git diff -M main...feature   %9.1f %9.1f %10.1f\n", git.wallMs, git.cpuMs, git.peakMiB);
    std::printf("reviewdesk-cli diff          %9.1f %9.1f %10.1f\n", rd.wallMs, rd.cpuMs, rd.peakMiB);
    std::printf("ratio (reviewdesk / git)     %9.2f %9.2f %10.2f\n", rd.wallMs / git.wallMs, rd.cpuMs / git.cpuMs,
                rd.peakMiB / git.peakMiB);
    std::printf("goal                         %9s %9s %10s\n", "<= 0.80", "<= 1.00", "<= 2.00");
    return 0;
}
