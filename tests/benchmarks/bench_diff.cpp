// Times `reviewdesk-cli diff --format patch` against `git diff -M base...head`
// on a generated merge request of 2,000+ changed files and 200,000+ changed
// lines, alternating the two, and prints the median ratio (ours / git).
//
//   bench_diff [--runs N] [--files N] [--keep DIR]

#include <FixtureRepo.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>

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

qint64 timeCommand(const QString &program, const QStringList &arguments, const QString &workDir)
{
    QProcess process;
    process.setWorkingDirectory(workDir);
    process.setStandardOutputFile(QProcess::nullDevice());
    QElapsedTimer timer;
    timer.start();
    process.start(program, arguments);
    if (!process.waitForFinished(600000) || process.exitCode() != 0) {
        std::fprintf(stderr, "bench_diff: %s failed: %s\n", qPrintable(program), process.readAllStandardError().constData());
        std::exit(1);
    }
    return timer.nsecsElapsed();
}

double median(std::vector<qint64> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    int runs = 7, files = 2400;
    QString keep;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--runs"))
            runs = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--files"))
            files = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--keep"))
            keep = args[i + 1];
    }
    if (runs < 1 || files < 10) {
        std::fprintf(stderr, "usage: bench_diff [--runs N>=1] [--files N>=10] [--keep DIR]\n");
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

    const QString cli = QStringLiteral(REVIEWDESK_CLI_PATH);
    const QStringList ours{QStringLiteral("diff"), QStringLiteral("--repo"), dir, QStringLiteral("--base"), QStringLiteral("main"),
                           QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--format"), QStringLiteral("patch")};
    const QStringList theirs{QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")};

    // Sanity: same patch, and the size of the merge request.
    const GitOutput gitPatch = runGit(dir, theirs);
    const GitOutput ourPatch = runCli(ours);
    if (normalizeIndexLines(gitPatch.out) != normalizeIndexLines(ourPatch.out)) {
        std::fprintf(stderr, "bench_diff: reviewdesk-cli and git disagree on the patch\n");
        return 1;
    }
    const GitOutput numstat = runGit(dir, {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("--shortstat"), QStringLiteral("main...feature")});
    std::printf("merge request: %s", numstat.out.constData());
    std::printf("  (%d renamed with edits, %d added, %d deleted; patch %.1f MiB; set-up %.1f s)\n", renamed, added, deleted,
                gitPatch.out.size() / 1048576.0, setup.elapsed() / 1000.0);

    // Warm the page cache, then alternate.
    timeCommand(QStringLiteral("git"), theirs, dir);
    timeCommand(cli, ours, dir);
    std::vector<qint64> gitTimes, ourTimes;
    for (int r = 0; r < runs; ++r) {
        gitTimes.push_back(timeCommand(QStringLiteral("git"), theirs, dir));
        ourTimes.push_back(timeCommand(cli, ours, dir));
    }
    const double gitMedian = median(gitTimes) / 1e6, ourMedian = median(ourTimes) / 1e6;
    std::printf("git diff -M main...feature        median %8.1f ms over %d runs\n", gitMedian, runs);
    std::printf("reviewdesk-cli diff --format patch median %8.1f ms over %d runs\n", ourMedian, runs);
    std::printf("ratio (reviewdesk / git): %.2f  (goal <= 1.00)\n", ourMedian / gitMedian);
    return 0;
}
