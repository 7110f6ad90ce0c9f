// Slices a merge request on real C++ (the googletest sources Debian's
// googletest package installs, with generated edits) with all four
// algorithms, and in the same run times `cppcheck --dump` (the slicer of the
// paper's prototype) on the same changed files. Prints the ratio and the
// token count of each algorithm's slices.
//
//   bench_slicing [--files N] [--source DIR]

#include <FixtureRepo.h>
#include <MergeRequest.h>
#include <SliceJson.h>
#include <SliceRenderer.h>
#include <Slicer.h>

#include <QCoreApplication>
#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <cstdio>

using namespace rd;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QString source = QStringLiteral("/usr/src/googletest");
    int files = 12;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--files"))
            files = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--source"))
            source = args[i + 1];
    }
    if (!QDir(source).exists() || files < 1) {
        std::fprintf(stderr, "bench_slicing: no sources at %s (install Debian's googletest package)\n", qPrintable(source));
        return 2;
    }

    // Base: every C/C++ file of the sources. Head: assignments in the first
    // `files` .cc files rewritten (same meaning, different text).
    test::FixtureRepo::Tree base, head;
    QDirIterator it(source, {QStringLiteral("*.cc"), QStringLiteral("*.h")}, QDir::Files, QDirIterator::Subdirectories);
    QStringList paths;
    while (it.hasNext())
        paths << it.next();
    paths.sort();
    static const QRegularExpression assignment(QStringLiteral("^(\\s+)([A-Za-z_][A-Za-z0-9_]*) = (.+);$"), QRegularExpression::MultilineOption);
    int edited = 0, changedLines = 0;
    QStringList changedFiles;
    for (const QString &path : paths) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray relative = QDir(source).relativeFilePath(path).toUtf8();
        const QByteArray content = f.readAll();
        base[relative] = test::file(content);
        QString text = QString::fromUtf8(content);
        if (edited < files && path.endsWith(QLatin1String(".cc")) && !path.endsWith(QLatin1String("-all.cc"))) {
            int n = 0;
            QString out;
            qsizetype last = 0;
            for (const auto &m : assignment.globalMatch(text)) {
                if (n == 4)
                    break;
                out += text.mid(last, m.capturedStart() - last) + m.captured(1) + m.captured(2) + QStringLiteral(" = (") + m.captured(3) + QStringLiteral(");");
                last = m.capturedEnd();
                ++n;
            }
            if (n > 0) {
                text = out + text.mid(last);
                ++edited;
                changedLines += n;
                changedFiles << QString::fromUtf8(relative);
            }
        }
        head[relative] = test::file(text.toUtf8());
    }
    QTemporaryDir dir;
    {
        test::FixtureRepo repo(dir.filePath(QStringLiteral("repo")));
        const QByteArray root = repo.commit("main", base, "googletest\n");
        repo.commit("feature", head, "Edits\n", {root});
    }
    auto mr = MergeRequest::open(dir.filePath(QStringLiteral("repo")), QStringLiteral("main"), QStringLiteral("feature"));
    if (!mr) {
        std::fprintf(stderr, "bench_slicing: %s\n", qPrintable(mr.error().message));
        return 1;
    }
    std::printf("merge request: %d files changed (%d lines) in %lld C/C++ files of %s\n", edited, changedLines,
                static_cast<long long>(paths.size()), qPrintable(source));

    // ReviewDesk: snapshot, parse and slice with all four algorithms.
    SliceOptions options;
    options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
    QElapsedTimer timer;
    timer.start();
    auto result = sliceMergeRequest(*mr, options);
    const double ours = timer.nsecsElapsed() / 1e9;
    if (!result) {
        std::fprintf(stderr, "bench_slicing: %s\n", qPrintable(result.error().message));
        return 1;
    }

    // cppcheck --dump on the same changed files, with the same include folders.
    QTemporaryDir copy;
    QStringList cppcheckArgs{QStringLiteral("--dump"), QStringLiteral("-q")};
    for (const QString &include : {QStringLiteral("googletest/include"), QStringLiteral("googletest"), QStringLiteral("googlemock/include"), QStringLiteral("googlemock")})
        cppcheckArgs << QStringLiteral("-I") + copy.filePath(include);
    for (const auto &[path, entry] : head) {
        const QString target = copy.filePath(QString::fromUtf8(path));
        QDir().mkpath(QFileInfo(target).path());
        QFile out(target);
        if (out.open(QIODevice::WriteOnly))
            out.write(entry.content);
    }
    for (const QString &f : changedFiles)
        cppcheckArgs << copy.filePath(f);
    QProcess cppcheck;
    timer.restart();
    cppcheck.start(QStringLiteral("cppcheck"), cppcheckArgs);
    if (!cppcheck.waitForFinished(1800000) || cppcheck.exitCode() != 0) {
        std::fprintf(stderr, "bench_slicing: cppcheck failed: %s\n", cppcheck.readAllStandardError().constData());
        return 1;
    }
    const double theirs = timer.nsecsElapsed() / 1e9;

    std::printf("reviewdesk slicing, all four algorithms: %6.2f s  (%d versions parsed, %d libclang errors)\n", ours,
                result->diagnostics.parsed, result->diagnostics.parseErrors);
    std::printf("cppcheck --dump on the changed files:    %6.2f s\n", theirs);
    std::printf("ratio (reviewdesk / cppcheck): %.2f  (goal <= 1.00)\n", ours / theirs);
    for (SliceAlgorithm a : AllAlgorithms) {
        SlicingResult one;
        for (const Slice &s : result->slices)
            if (s.algorithm == a)
                one.slices.append(s);
        int tokens = 0;
        const QByteArray json = slicesToJson(one, LineFormat::Inline, *mr);
        static const QRegularExpression tokenField(QStringLiteral("\"tokens\": (\\d+)"));
        for (const auto &m : tokenField.globalMatch(QString::fromUtf8(json)))
            tokens += m.captured(1).toInt();
        std::printf("  %-8s %3lld slices, %7d tokens\n", qPrintable(algorithmName(a)), static_cast<long long>(one.slices.size()), tokens);
    }
    return 0;
}
