// Three measurements of the slicer, each against a reference in the same run:
//  cppcheck: slices a merge request on real C++ (the googletest sources
//            Debian's googletest package installs, with generated edits) with
//            all four algorithms, and times `cppcheck --dump` (the slicer of
//            the paper's prototype) on the same changed files: the ratio.
//  coverage: a merge request of generated edits (assignments, comments,
//            `} else {` lines, insertions and deletions) on real C (the
//            libgit2 examples Debian's libgit2-dev installs): the share of
//            changed lines each algorithm's slices hold, and their tokens.
//  scaling:  an added file of N one-line declarations (a generated table),
//            N and 10 N: the time per line of each, whose ratio is 1.0 when
//            the cost is linear.
//
//   bench_slicing [--mode all|cppcheck|coverage|scaling] [--files N] [--source DIR]
//                 [--c-source DIR] [--lines N]

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
#include <optional>

using namespace rd;

namespace {

int compareWithCppcheck(const QString &source, int files);
int coverage(const QString &source);
int scaling(int lines);
void printCoverage(const MergeRequest &mr, const SlicingResult &result);

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QString source = QStringLiteral("/usr/src/googletest");
    QString cSource = QStringLiteral("/usr/share/doc/libgit2-dev/examples");
    QString mode = QStringLiteral("all");
    int files = 12;
    int lines = 20000;
    const QStringList args = app.arguments();
    for (qsizetype i = 1; i + 1 < args.size(); i += 2) {
        if (args[i] == QLatin1String("--files"))
            files = args[i + 1].toInt();
        else if (args[i] == QLatin1String("--source"))
            source = args[i + 1];
        else if (args[i] == QLatin1String("--c-source"))
            cSource = args[i + 1];
        else if (args[i] == QLatin1String("--mode"))
            mode = args[i + 1];
        else if (args[i] == QLatin1String("--lines"))
            lines = args[i + 1].toInt();
    }
    const bool all = mode == QLatin1String("all");
    int rc = 0;
    if (all || mode == QLatin1String("cppcheck"))
        rc = std::max(rc, compareWithCppcheck(source, files));
    if (all || mode == QLatin1String("coverage"))
        rc = std::max(rc, coverage(cSource));
    if (all || mode == QLatin1String("scaling"))
        rc = std::max(rc, scaling(lines));
    return rc;
}

namespace {

std::optional<MergeRequest> openFixture(const QString &path, const test::FixtureRepo::Tree &base, const test::FixtureRepo::Tree &head)
{
    {
        test::FixtureRepo repo(path);
        const QByteArray root = repo.commit("main", base, "Base\n");
        repo.commit("feature", head, "Edits\n", {root});
    }
    auto mr = MergeRequest::open(path, QStringLiteral("main"), QStringLiteral("feature"));
    if (!mr) {
        std::fprintf(stderr, "bench_slicing: %s\n", qPrintable(mr.error().message));
        return std::nullopt;
    }
    return std::move(mr).value();
}

int compareWithCppcheck(const QString &source, int files)
{
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
    auto mr = openFixture(dir.filePath(QStringLiteral("repo")), base, head);
    if (!mr)
        return 1;
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
    printCoverage(*mr, *result);

    return 0;
}

// Per algorithm: changed lines its slices hold (as changed), of all.
void printCoverage(const MergeRequest &mr, const SlicingResult &result)
{
    QSet<QString> added, deleted;
    for (const FileDiff &f : mr.files)
        for (const Hunk &h : f.hunks)
            for (const DiffLine &d : h.lines) {
                if (d.kind == LineKind::Added)
                    added.insert(QString::fromUtf8(f.displayPath()) + QLatin1Char(':') + QString::number(d.newLine));
                if (d.kind == LineKind::Deleted)
                    deleted.insert(QString::fromUtf8(f.displayPath()) + QLatin1Char(':') + QString::number(d.oldLine));
            }
    MergeRequestSliceRenderer renderer(mr);
    for (SliceAlgorithm a : AllAlgorithms) {
        QSet<QString> coveredAdded, coveredDeleted;
        int slices = 0;
        qint64 tokens = 0;
        for (const Slice &s : result.slices) {
            if (s.algorithm != a)
                continue;
            ++slices;
            tokens += estimateTokens(renderer.render(s, LineFormat::Inline));
            const QString file = QString::fromUtf8(s.file) + QLatin1Char(':');
            for (auto it = s.newReasons.begin(); it != s.newReasons.end(); ++it)
                if (it.value().startsWith(QLatin1String("changed")))
                    coveredAdded.insert(file + QString::number(it.key()));
            for (auto it = s.oldReasons.begin(); it != s.oldReasons.end(); ++it)
                if (it.value() == QLatin1String("deleted"))
                    coveredDeleted.insert(file + QString::number(it.key()));
        }
        coveredAdded.intersect(added);
        coveredDeleted.intersect(deleted);
        // Changes left out on purpose (only blank lines or comments, alone
        // in their file) are named in the diagnostics: count them apart.
        int skipped = 0;
        for (const QString &entry : result.diagnostics.skipped)
            if (entry.contains(QStringLiteral(" (%1): ").arg(algorithmName(a)))) {
                const QString ranges = entry.section(QStringLiteral("lines "), 1).section(QLatin1Char(' '), 0, 0);
                for (const QString &range : ranges.split(QLatin1Char(','))) {
                    const QStringList ends = range.split(QLatin1Char('-'));
                    skipped += ends.size() == 2 ? ends[1].toInt() - ends[0].toInt() + 1 : 1;
                }
            }
        const double share = 100.0 * (coveredAdded.size() + coveredDeleted.size()) / std::max<qsizetype>(1, added.size() + deleted.size());
        std::printf("  %-8s %4d slices, %7lld tokens, changed lines covered: %lld of %lld added, %lld of %lld deleted (%.1f %%), %d skipped as trivial\n",
                    qPrintable(algorithmName(a)), slices, static_cast<long long>(tokens), static_cast<long long>(coveredAdded.size()),
                    static_cast<long long>(added.size()), static_cast<long long>(coveredDeleted.size()), static_cast<long long>(deleted.size()), share, skipped);
    }
}

int coverage(const QString &source)
{
    QDirIterator it(source, {QStringLiteral("*.c"), QStringLiteral("*.h")}, QDir::Files);
    QStringList paths;
    while (it.hasNext())
        paths << it.next();
    paths.sort();
    if (paths.isEmpty()) {
        std::fprintf(stderr, "bench_slicing: no C sources at %s (install Debian's libgit2-dev package)\n", qPrintable(source));
        return 2;
    }
    // Deterministic edits of the kinds reviewers meet: a rewritten
    // assignment, a comment line added, `} else {` touched, a line deleted,
    // a statement inserted, a blank line added.
    static const QRegularExpression assignment(QStringLiteral("^(\\s+)([A-Za-z_][A-Za-z0-9_]*) = (.+);$"));
    test::FixtureRepo::Tree base, head;
    for (const QString &path : paths) {
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly))
            continue;
        const QByteArray content = f.readAll();
        const QByteArray name = QFileInfo(path).fileName().toUtf8();
        base[name] = test::file(content);
        QStringList lines = QString::fromUtf8(content).split(QLatin1Char('\n'));
        bool comment = false, elseLine = false, deleted = false;
        for (qsizetype i = 0; i < lines.size(); ++i) {
            QString &l = lines[i];
            if (const auto m = assignment.match(l); m.hasMatch() && i % 3 == 0) {
                l = m.captured(1) + m.captured(2) + QStringLiteral(" = (") + m.captured(3) + QStringLiteral(");");
            } else if (!elseLine && l.trimmed() == QLatin1String("} else {")) {
                l += QStringLiteral(" /* otherwise */");
                elseLine = true;
            } else if (!comment && l.trimmed().startsWith(QLatin1String("return ")) && l.startsWith(QLatin1String("\t"))) {
                lines.insert(i, l.left(l.indexOf(QLatin1Char('r'))) + QStringLiteral("/* the result */"));
                lines.insert(i, QString());
                comment = true;
                i += 2;
            } else if (!deleted && l.trimmed().startsWith(QLatin1String("printf("))) {
                lines.removeAt(i);
                deleted = true;
                --i;
            }
        }
        head[name] = test::file(lines.join(QLatin1Char('\n')).toUtf8());
    }
    QTemporaryDir dir;
    auto mr = openFixture(dir.filePath(QStringLiteral("repo")), base, head);
    if (!mr)
        return 1;
    SliceOptions options;
    options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
    QElapsedTimer timer;
    timer.start();
    auto result = sliceMergeRequest(*mr, options);
    if (!result) {
        std::fprintf(stderr, "bench_slicing: %s\n", qPrintable(result.error().message));
        return 1;
    }
    std::printf("coverage on %s (%lld C files; %d added, %d deleted lines in %lld files), sliced in %.2f s, %d libclang errors:\n",
                qPrintable(source), static_cast<long long>(paths.size()), mr->additions(), mr->deletions(),
                static_cast<long long>(mr->files.size()), timer.nsecsElapsed() / 1e9, result->diagnostics.parseErrors);
    printCoverage(*mr, *result);
    return 0;
}

double sliceGeneratedTable(int lines)
{
    test::FixtureRepo::Tree base{{"keep.c", test::file("int keep;\n")}};
    test::FixtureRepo::Tree head = base;
    QByteArray table;
    table.reserve(lines * 32);
    for (int i = 0; i < lines; ++i)
        table += "const int entry_" + QByteArray::number(i) + " = " + QByteArray::number(i * 7 % 1000) + ";\n";
    head["table.c"] = test::file(table);
    QTemporaryDir dir;
    auto mr = openFixture(dir.filePath(QStringLiteral("repo")), base, head);
    if (!mr)
        return -1;
    SliceOptions options;
    options.algorithms = {std::begin(AllAlgorithms), std::end(AllAlgorithms)};
    QElapsedTimer timer;
    timer.start();
    auto result = sliceMergeRequest(*mr, options);
    const double seconds = timer.nsecsElapsed() / 1e9;
    if (!result)
        return -1;
    std::printf("  %7d added lines: %6.2f s, %lld slices (all four algorithms)\n", lines, seconds, static_cast<long long>(result->slices.size()));
    return seconds;
}

int scaling(int lines)
{
    std::printf("scaling: an added file of one-line declarations\n");
    const double small = sliceGeneratedTable(lines);
    const double large = sliceGeneratedTable(lines * 10);
    if (small <= 0 || large <= 0)
        return 1;
    std::printf("ratio of time per line (%d / %d lines): %.2f  (1.00 is linear)\n", lines * 10, lines, (large / (lines * 10.0)) / (small / lines));
    return 0;
}

} // namespace
