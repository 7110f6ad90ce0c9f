// Hostile input through the CLI and the workspace store: broken and strange
// repositories, files no reviewer should have to read whole, configurations
// and model answers that are wrong in every way, workspaces that cannot be
// used. Each case must end with a clear message (and a non-zero exit when
// the action cannot be done), never a crash or a hang; a failed action
// leaves the workspace as it was. Every process is bounded by a generous
// hang guard (runCli: 300 s), not by a timing assertion.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <HostileRepo.h>
#include <Scenarios.h>

#include <SqlWorkspaceStore.h>

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>
#include <cstring>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace rd;
using namespace rd::test;

namespace {

QStringList diffArgs(const QString &repo, const QString &base = QStringLiteral("main"), const QString &head = QStringLiteral("feature"))
{
    return {QStringLiteral("diff"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), base, QStringLiteral("--head"), head};
}

QStringList sliceArgs(const QString &repo)
{
    return {QStringLiteral("slice"), QStringLiteral("--repo"), repo, QStringLiteral("--base"), QStringLiteral("main"),
            QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--algorithm"), QStringLiteral("all"),
            QStringLiteral("--format"), QStringLiteral("json")};
}

// The bytes of a workspace and of its journal files: what a failed action must not change.
QByteArray workspaceState(const QString &path)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    for (const QString &suffix : {QString(), QStringLiteral("-wal"), QStringLiteral("-journal")}) {
        QFile f(path + suffix);
        hash.addData(QByteArray(suffix.toUtf8() + (f.exists() ? QByteArray("exists") : QByteArray("absent"))));
        if (f.open(QIODevice::ReadOnly))
            hash.addData(f.readAll());
    }
    return hash.result();
}

// `tst_hostile --peak-rss-of PROGRAM ARGS...`: runs the program and prints
// its largest resident set (KiB) as the last line of stderr.
int peakRssOf(char **command)
{
    const pid_t pid = fork();
    if (pid == 0) {
        execv(command[0], command);
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (pid < 0 || wait4(pid, &status, 0, &usage) != pid)
        return 126;
    std::fprintf(stderr, "\npeak-rss-kib: %ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 125;
}

// reviewdesk-cli with `arguments`, and its largest resident set in KiB.
std::pair<GitOutput, long> runCliMeasured(const QStringList &arguments)
{
    // This test binary measures the CLI as its child (--peak-rss-of).
    const GitOutput out = runProcess(QCoreApplication::applicationFilePath(), QStringList{QStringLiteral("--peak-rss-of"), cliExecutable()} + arguments);
    if (out.killedAtDeadline)
        return {out, -1};
    const qsizetype at = out.err.lastIndexOf("peak-rss-kib: ");
    return {out, at < 0 ? -1 : out.err.mid(at + 14).trimmed().toLong()};
}

} // namespace

class HostileTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    // Repositories
    void brokenRepositoryIsRefused_data();
    void brokenRepositoryIsRefused();
    void strangeRepositoryDiffsLikeGit_data();
    void strangeRepositoryDiffsLikeGit();
    void twoGigabyteFileIsNotReadWhole();
    void binaryFileNamedCIsNotParsed();
    void pathsLeavingTheRepositoryAreNotWritten();
    void symlinkOutsideIsNotFollowed();
    void hostileSourcesSlice_data();
    void hostileSourcesSlice();
    void invalidUtf8InPathContentAndMessagesDiffsLikeGitAndKeepsTheExactBytes();
    void compilationDatabaseOfWrongTypes_data();
    void compilationDatabaseOfWrongTypes();
    void recordingOfWrongTypes();
    // Run configurations
    void runConfigurationIsRefused_data();
    void runConfigurationIsRefused();
    // Model answers
    void hostileModelAnswerIsNamedAndTheRunEndsWithValidJson_data();
    void hostileModelAnswerIsNamedAndTheRunEndsWithValidJson();
    // Workspaces
    void unusableWorkspaceIsLeftAlone_data();
    void unusableWorkspaceIsLeftAlone();
    void hostileJudgementLinesLeaveTheWorkspaceAlone_data();
    void hostileJudgementLinesLeaveTheWorkspaceAlone();

private:
    QString repo(const char *name) const { return m_root.filePath(QString::fromLatin1(name)); }
    QString makeWorkspace(const QString &name);
    // `reviewdesk-cli review` on the "modified" scenario with this thread's
    // event loop running (the fake server lives on it).
    GitOutput review(const QByteArray &config, const QStringList &extra = {});
    QByteArray serverConfig(const QString &endpoint) const;

    QTemporaryDir m_root;
    QString m_modified;
};

void HostileTest::initTestCase()
{
    QVERIFY(m_root.isValid());
    m_modified = repo("modified");
    {
        FixtureRepo r(m_modified);
        scenario("modified").build(r);
    }
    { // A blob of the change damaged; a commit damaged.
        FixtureRepo r(repo("broken-blob"));
        scenario("modified").build(r);
        const GitOutput id = runGit(r.path(), {QStringLiteral("rev-parse"), QStringLiteral("feature:src/compute.cpp")});
        damageObject(r.gitDir(), id.out.trimmed());
        FixtureRepo c(repo("broken-commit"));
        scenario("modified").build(c);
        damageObject(c.gitDir(), c.tip("feature"));
    }
    { // A shallow clone: main and feature are grafted roots, their fork point is gone.
        FixtureRepo r(repo("shallow"));
        const QByteArray root = r.commit("main", {{"a.c", file("int a;\n")}}, "root\n", {});
        const QByteArray main = r.commit("main", {{"a.c", file("int a = 1;\n")}}, "main\n", {root});
        const QByteArray feature = r.commit("feature", {{"a.c", file("int a = 2;\n")}}, "feature\n", {root});
        QFile shallow(r.gitDir() + QStringLiteral("/shallow"));
        QVERIFY(shallow.open(QIODevice::WriteOnly));
        shallow.write(main + '\n' + feature + '\n');
        shallow.close();
        const QString object = r.gitDir() + QStringLiteral("/objects/") + QString::fromLatin1(root.left(2)) + QLatin1Char('/') + QString::fromLatin1(root.mid(2));
        QVERIFY(QFile::remove(object));
    }
    { // Unrelated histories.
        FixtureRepo r(repo("unrelated"));
        r.commit("main", {{"a.c", file("int a;\n")}}, "one\n", {});
        r.commit("feature", {{"b.c", file("int b;\n")}}, "other\n", {});
    }
    { // A reference that names no commit; a tree as head.
        FixtureRepo r(repo("bad-ref"));
        scenario("modified").build(r);
        QFile ref(r.gitDir() + QStringLiteral("/refs/heads/feature"));
        QVERIFY(ref.open(QIODevice::WriteOnly | QIODevice::Truncate));
        ref.write("not an object id\n");
    }
    QVERIFY(QDir().mkpath(repo("not-a-repo")));
    QFile plain(repo("plain-file"));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.write("just a file\n");
    plain.close();

    { // Paths with a newline, a leading dash, a submodule, a merge commit as head.
        FixtureRepo r(repo("strange-paths"));
        const FixtureRepo::Tree base{{"-rf.c", file("int x;\n")}, {"--output=pwned.c", file("int y;\n")}, {"dir/line\nbreak.c", file("int z;\n")},
                                     {"vendor/lib", submodule("1111111111111111111111111111111111111111")}};
        FixtureRepo::Tree head = base;
        head["-rf.c"] = file("int x = 1;\n");
        head["--output=pwned.c"] = file("int y = 2;\n");
        head["dir/line\nbreak.c"] = file("int z = 3;\n");
        head["vendor/lib"] = submodule("2222222222222222222222222222222222222222");
        const QByteArray root = r.commit("main", base, "base\n", {});
        const QByteArray side = r.commit("side", head, "side\n", {root});
        FixtureRepo::Tree merged = head;
        merged["merged.c"] = file("int m;\n");
        r.commit("feature", merged, "Merge side\n", {root, side}); // a merge commit as head
    }
    { // 10,000 files changed, and one file of 200,000 lines with one line changed.
        FixtureRepo r(repo("many-files"));
        FixtureRepo::Tree base, head;
        for (int i = 0; i < 10000; ++i) {
            const QByteArray path = "d" + QByteArray::number(i / 100) + "/f" + QByteArray::number(i) + ".txt";
            base[path] = file("old " + QByteArray::number(i) + '\n');
            head[path] = file("new " + QByteArray::number(i) + '\n');
        }
        r.commit("feature", head, "change every file\n", {r.commit("main", base, "base\n", {})});
        FixtureRepo l(repo("long-file"));
        QByteArray text;
        for (int i = 0; i < 200000; ++i)
            text += "int v" + QByteArray::number(i) + " = " + QByteArray::number(i) + ";\n";
        l.commit("feature", {{"long.c", file(QByteArray(text).replace("int v100000 = 100000;", "int v100000 = -1;"))}}, "one line\n",
                 {l.commit("main", {{"long.c", file(text)}}, "base\n", {})});
    }
}

// ---------------------------------------------------------------- repositories

void HostileTest::brokenRepositoryIsRefused_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("not a repository") << diffArgs(repo("not-a-repo")) << QByteArray("not a git repository");
    QTest::newRow("no such path") << diffArgs(repo("does-not-exist")) << QByteArray("does-not-exist");
    QTest::newRow("a file, not a folder") << diffArgs(repo("plain-file")) << QByteArray("plain-file");
    QTest::newRow("broken blob object") << diffArgs(repo("broken-blob")) << QByteArray("src/compute.cpp");
    QTest::newRow("broken commit object") << diffArgs(repo("broken-commit")) << QByteArray("feature");
    QTest::newRow("shallow clone without the merge base") << diffArgs(repo("shallow")) << QByteArray("shallow clone and the merge base");
    QTest::newRow("unrelated histories") << diffArgs(repo("unrelated")) << QByteArray("no common ancestor");
    QTest::newRow("reference naming no object") << diffArgs(repo("bad-ref")) << QByteArray("feature");
    QTest::newRow("revision that looks like an option") << diffArgs(m_modified, QStringLiteral("main"), QStringLiteral("--output=/tmp/x"))
                                                        << QByteArray("--output=/tmp/x");
    QTest::newRow("revision naming a tree") << diffArgs(m_modified, QStringLiteral("main"), QStringLiteral("feature^{tree}")) << QByteArray("feature^{tree}");
    QTest::newRow("slice of a broken blob") << sliceArgs(repo("broken-blob")) << QByteArray("src/compute.cpp");
}

void HostileTest::brokenRepositoryIsRefused()
{
    QFETCH(QStringList, arguments);
    QFETCH(QByteArray, message);
    const GitOutput out = runCli(arguments);
    QCOMPARE(out.exitCode, 3);
    QVERIFY2(out.err.startsWith("reviewdesk-cli: "), out.err.constData());
    QVERIFY2(out.err.contains(message), out.err.constData());
    if (arguments.constFirst() == QLatin1String("diff"))
        QVERIFY(out.out.isEmpty());
}

void HostileTest::strangeRepositoryDiffsLikeGit_data()
{
    QTest::addColumn<QString>("repository");
    QTest::addColumn<int>("files");
    // Paths with a newline or a leading dash, a submodule, a merge commit as head.
    QTest::newRow("strange paths, submodule, merge head") << repo("strange-paths") << 5;
    QTest::newRow("10,000 files changed") << repo("many-files") << 10000;
    QTest::newRow("200,000-line file") << repo("long-file") << 1;
}

void HostileTest::strangeRepositoryDiffsLikeGit()
{
    QFETCH(QString, repository);
    QFETCH(int, files);
    const GitOutput ours = runCli(diffArgs(repository));
    QVERIFY2(ours.exitCode == 0, ours.err.constData());
    const GitOutput git = runGit(repository, {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")});
    QCOMPARE(git.exitCode, 0);
    QCOMPARE(normalizeIndexLines(ours.out), normalizeIndexLines(git.out));
    QCOMPARE(static_cast<int>(ours.out.count("\ndiff --git ") + (ours.out.startsWith("diff --git ") ? 1 : 0)), files);
    // The JSON says the same with every path intact.
    const GitOutput json = runCli(diffArgs(repository) << QStringLiteral("--format") << QStringLiteral("json"));
    QVERIFY2(json.exitCode == 0, json.err.constData());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json.out, &error);
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    QCOMPARE(doc.object().value(QStringLiteral("files")).toArray().size(), files);
    // The slicer takes them too.
    const GitOutput slices = runCli(sliceArgs(repository));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    QVERIFY(QJsonDocument::fromJson(slices.out).isObject());
}

void HostileTest::twoGigabyteFileIsNotReadWhole()
{
    const QString path = repo("huge");
    FixtureRepo r(path);
    const QByteArray root = r.commit("main", {{"big.c", file("int small;\n")}, {"other.c", file("int a;\n")}}, "base\n", {});
    const QByteArray huge = writeZeroBlob(path, qint64(2048) << 20);
    const QByteArray small = r.blobId("int a = 1;\n");
    const QByteArray tree = writeRawTree(path, {{"100644", "big.c", huge}, {"100644", "other.c", small}});
    r.setReference("refs/heads/feature", writeRawCommit(path, tree, {root}, "two gigabytes\n"));

    long largest = 0;
    const auto measured = [&largest](const QStringList &arguments) {
        const auto [out, kib] = runCliMeasured(arguments);
        largest = std::max(largest, kib);
        return out;
    };
    const GitOutput diff = measured(diffArgs(path));
    QVERIFY2(diff.exitCode == 0, diff.err.constData());
    QVERIFY2(diff.out.contains("Binary files a/big.c and b/big.c differ"), diff.out.left(2000).constData());
    QVERIFY(diff.out.contains("+int a = 1;"));
    const GitOutput json = measured(diffArgs(path) << QStringLiteral("--format") << QStringLiteral("json"));
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const GitOutput slices = measured(sliceArgs(path));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    QVERIFY2(slices.out.contains("other.c"), slices.out.left(2000).constData());
    // Nothing read the 2 GiB: none of these processes grew past 512 MiB.
    QVERIFY(largest > 0);
    QVERIFY2(largest < 512 * 1024, qPrintable(QStringLiteral("a process reached %1 MiB").arg(largest / 1024)));
}

void HostileTest::binaryFileNamedCIsNotParsed()
{
    const QString path = repo("binary-c");
    FixtureRepo r(path);
    QByteArray binary("\x7f" "ELF\x02\x01\x01\0\0\0\0\0\0\0\0\0", 16);
    binary += QByteArray(4096, '\0') + "int main(void) { return 0; }\n";
    r.commit("feature", {{"prog.c", file(binary + "\x01\x02\x03")}}, "binary change\n", {r.commit("main", {{"prog.c", file(binary)}}, "base\n", {})});
    const GitOutput diff = runCli(diffArgs(path));
    QVERIFY2(diff.exitCode == 0, diff.err.constData());
    QVERIFY2(diff.out.contains("Binary files a/prog.c and b/prog.c differ"), diff.out.constData());
    const GitOutput slices = runCli(sliceArgs(path));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    QCOMPARE(QJsonDocument::fromJson(slices.out).object().value(QStringLiteral("slices")).toArray().size(), 0);
}

void HostileTest::pathsLeavingTheRepositoryAreNotWritten()
{
    // Trees git would never write: entries named ".." lead out of any
    // folder the files are checked out into.
    const QString path = repo("dotdot");
    FixtureRepo r(path);
    const QByteArray root = r.commit("main", {{"a.c", file("int a;\n")}}, "base\n", {});
    const QByteArray evil = r.blobId("int pwned(void) { return 1; }\n");
    QByteArray tree = writeRawTree(path, {{"100644", "dotdot-pwned.c", evil}});
    for (int i = 0; i < 6; ++i)
        tree = writeRawTree(path, {{"40000", "..", tree}});
    const QByteArray top = writeRawTree(path, {{"40000", "..", tree}, {"100644", "a.c", r.blobId("int a = 1;\n")}});
    r.setReference("refs/heads/feature", writeRawCommit(path, top, {root}, "escape\n"));

    // The snapshot folder is made under TMPDIR, seven levels down.
    const QString tmp = m_root.filePath(QStringLiteral("tmp/1/2/3/4/5/6/7"));
    QVERIFY(QDir().mkpath(tmp));
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TMPDIR"), tmp);
    process.setProcessEnvironment(environment);
    process.start(cliExecutable(), sliceArgs(path));
    QVERIFY(waitForExit(process, QDeadlineTimer(300000))); // hang guard
    const QByteArray err = process.readAllStandardError();
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 3, err.constData());
    QVERIFY2(err.contains(".."), err.constData());
    for (QString dir = tmp; dir.size() > m_root.path().size(); dir = QFileInfo(dir).path())
        QVERIFY2(!QFile::exists(dir + QStringLiteral("/dotdot-pwned.c")), qPrintable(dir));
    QVERIFY(!QFile::exists(QDir::rootPath() + QStringLiteral("dotdot-pwned.c")));
}

void HostileTest::symlinkOutsideIsNotFollowed()
{
    const QString secret = m_root.filePath(QStringLiteral("outside-secret.h"));
    QFile s(secret);
    QVERIFY(s.open(QIODevice::WriteOnly));
    s.write("#define OUTSIDE_SECRET_MARKER 42\n");
    s.close();
    const QString path = repo("symlink-out");
    FixtureRepo r(path);
    const QByteArray root = r.commit("main", {{"a.c", file("#include \"link.h\"\nint a;\n")}, {"link.h", symlink("/etc/hostname")}}, "base\n", {});
    r.commit("feature", {{"a.c", file("#include \"link.h\"\nint a = OUTSIDE_SECRET_MARKER;\n")}, {"link.h", symlink(secret.toUtf8())}},
             "point outside\n", {root});
    const GitOutput diff = runCli(diffArgs(path));
    QVERIFY2(diff.exitCode == 0, diff.err.constData());
    const GitOutput git = runGit(path, {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")});
    QCOMPARE(normalizeIndexLines(diff.out), normalizeIndexLines(git.out));
    const GitOutput slices = runCli(sliceArgs(path));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    QVERIFY2(!slices.out.contains("#define OUTSIDE_SECRET_MARKER"), slices.out.constData());
}

void HostileTest::hostileSourcesSlice_data()
{
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("base");
    QTest::addColumn<QByteArray>("head");
    QByteArray nested = "int f(int x) {\n";
    for (int i = 0; i < 10000; ++i)
        nested += '{';
    nested += "\nx = x + 1;\n";
    for (int i = 0; i < 10000; ++i)
        nested += '}';
    nested += "\nreturn x;\n}\n";
    QTest::newRow("10,000 nested braces") << QByteArray("deep.c") << QByteArray(nested).replace("x + 1", "x + 2") << nested;
    const QByteArray self = "#pragma once\n#include \"self.h\"\n#include \"self.h\"\nint self(int a) {\n  int b = a;\n  return b;\n}\n";
    QTest::newRow("header including itself") << QByteArray("self.h") << self << QByteArray(self).replace("int b = a;", "int b = a * 2;");
    QByteArray macro = "#define A(x) A(x) + A(x)\nint g(int y) {\n  y = A(y);\n  return y;\n}\n";
    QTest::newRow("recursive macro") << QByteArray("macro.c") << macro << QByteArray(macro).replace("y = A(y);", "y = A(A(y));");
    QTest::newRow("not C at all") << QByteArray("noise.cpp") << QByteArray("\x01\x02 }}}} {{ ((( \"unterminated\n")
                                  << QByteArray("\x01\x02 }}}} {{ ((( \"unterminated\n#if\n#else\n#else\n@@@\n");
}

void HostileTest::hostileSourcesSlice()
{
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, base);
    QFETCH(QByteArray, head);
    const QString dir = m_root.filePath(QStringLiteral("slice-") + QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('-')));
    FixtureRepo r(dir);
    r.commit("feature", {{path, file(head)}}, "change\n", {r.commit("main", {{path, file(base)}}, "base\n", {})});
    const GitOutput slices = runCli(sliceArgs(dir));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    const QJsonObject doc = QJsonDocument::fromJson(slices.out).object();
    QVERIFY2(!doc.value(QStringLiteral("slices")).toArray().isEmpty(), slices.out.left(2000).constData());
}

void HostileTest::invalidUtf8InPathContentAndMessagesDiffsLikeGitAndKeepsTheExactBytes()
{
    const QString path = repo("bad-utf8");
    FixtureRepo r(path);
    const QByteArray name = "src/na\xff\xfeme.c";
    const QByteArray root = r.commit("main", {{name, file("int a; /* \xc3\x28 */\n")}}, "base \xe2\x82\n", {});
    r.commit("feature", {{name, file("int a = 1; /* \xf0\x28\x8c\x28 \xed\xa0\x80 */\n")}}, "subject \xff\n\nbody \xc0\xaf\n", {root});
    const GitOutput patch = runCli(diffArgs(path));
    QVERIFY2(patch.exitCode == 0, patch.err.constData());
    const GitOutput git = runGit(path, {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")});
    QCOMPARE(normalizeIndexLines(patch.out), normalizeIndexLines(git.out));
    const GitOutput json = runCli(diffArgs(path) << QStringLiteral("--format") << QStringLiteral("json"));
    QVERIFY2(json.exitCode == 0, json.err.constData());
    const QJsonObject file = QJsonDocument::fromJson(json.out).object().value(QStringLiteral("files")).toArray().at(0).toObject();
    QVERIFY2(!file.isEmpty(), json.out.constData());
    // The exact bytes are there, in base64, beside the readable text.
    const QString exact = file.value(QStringLiteral("new_path_base64")).toString();
    QCOMPARE(QByteArray::fromBase64(exact.toLatin1()), name);
    const GitOutput slices = runCli(sliceArgs(path));
    QVERIFY2(slices.exitCode == 0, slices.err.constData());
    QVERIFY(QJsonDocument::fromJson(slices.out).isObject());
}

void HostileTest::compilationDatabaseOfWrongTypes_data()
{
    QTest::addColumn<QByteArray>("database");
    QTest::newRow("directory a number") << QByteArray("[{\"directory\": 5, \"file\": \"src/compute.cpp\", \"command\": \"c++ -c x\"}]");
    QTest::newRow("file a list") << QByteArray("[{\"directory\": \"/\", \"file\": [1], \"command\": \"c++\"}]");
    QTest::newRow("arguments of numbers") << "[{\"directory\": \"" + m_modified.toUtf8() + "\", \"file\": \"src/compute.cpp\", \"arguments\": [1, 2]}]";
}

void HostileTest::compilationDatabaseOfWrongTypes()
{
    QFETCH(QByteArray, database);
    const QString path = m_root.filePath(QStringLiteral("compile_commands.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(database);
    f.close();
    const GitOutput out = runCli(sliceArgs(m_modified) << QStringLiteral("--compile-commands") << path);
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("compile_commands.json: entry 1"), out.err.constData());
}

void HostileTest::recordingOfWrongTypes()
{
    const QString recording = m_root.filePath(QStringLiteral("recording.json"));
    QFile f(recording);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("{\"exchanges\":[{\"key\":\"k\",\"response\":\"r\",\"prompt_tokens\":\"ten\",\"completion_tokens\":[1]}]}");
    f.close();
    const GitOutput out = review(serverConfig(QStringLiteral("http://127.0.0.1:9/v1")), {QStringLiteral("--replay"), recording});
    // Token counts of the wrong type count as unknown; the recording answers nothing asked.
    QCOMPARE(out.exitCode, 4);
    QVERIFY2(out.err.contains("the recording has no answer for this exact request"), out.err.constData());
}

// ---------------------------------------------------------------- run configurations

QByteArray HostileTest::serverConfig(const QString &endpoint) const
{
    return "{\"reviewers\":1,\"min_agreement\":1,\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"" + endpoint.toUtf8() + "\",\"model\":\"m\"}}}";
}

GitOutput HostileTest::review(const QByteArray &config, const QStringList &extra)
{
    const QString configFile = m_root.filePath(QStringLiteral("review-config.json"));
    QFile f(configFile);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the review configuration");
    f.write(config);
    f.close();
    QFile::remove(m_root.filePath(QStringLiteral("review.json")));
    // runCli keeps this thread's event loop going: the fake server answers on it.
    return runCli(QStringList{QStringLiteral("review"), QStringLiteral("--repo"), m_modified, QStringLiteral("--base"), QStringLiteral("main"),
                              QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), configFile, QStringLiteral("--no-cache"),
                              QStringLiteral("--journal"),
                              m_root.filePath(QStringLiteral("journal-%1.jsonl").arg(QDateTime::currentMSecsSinceEpoch())),
                              QStringLiteral("--out"), m_root.filePath(QStringLiteral("review.json"))}
                  + extra);
}

void HostileTest::runConfigurationIsRefused_data()
{
    QTest::addColumn<QByteArray>("config");
    QTest::addColumn<QByteArray>("message");
    const QByteArray role = "\"roles\":{\"reviewer\":{\"endpoint\":\"http://127.0.0.1:9/v1\",\"model\":\"m\"}}";
    QTest::newRow("not JSON") << QByteArray("reviewers = 3") << QByteArray("JSON");
    QTest::newRow("empty file") << QByteArray() << QByteArray("JSON");
    QTest::newRow("an array") << QByteArray("[1,2,3]") << QByteArray("object");
    QTest::newRow("wrong type: reviewers a string") << "{\"reviewers\":\"three\"," + role + "}" << QByteArray("reviewers");
    QTest::newRow("wrong type: cot a number") << "{\"cot\":1," + role + "}" << QByteArray("cot");
    QTest::newRow("wrong type: roles a list") << QByteArray("{\"roles\":[1]}") << QByteArray("roles");
    QTest::newRow("negative reviewers") << "{\"reviewers\":-3," + role + "}" << QByteArray("reviewers");
    QTest::newRow("negative top_k") << "{\"top_k\":-1," + role + "}" << QByteArray("top_k");
    QTest::newRow("negative timeout") << "{\"timeout_s\":-5," + role + "}" << QByteArray("timeout_s");
    QTest::newRow("huge reviewers") << "{\"reviewers\":99999999999999999999," + role + "}" << QByteArray("reviewers");
    QTest::newRow("huge concurrency") << "{\"concurrency\":1e300," + role + "}" << QByteArray("concurrency");
    QTest::newRow("huge max_tokens") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"http://127.0.0.1:9/v1\",\"model\":\"m\",\"max_tokens\":1e15}}}")
                                     << QByteArray("max_tokens");
    QTest::newRow("endpoint not a URL") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"not a url at all\",\"model\":\"m\"}}}") << QByteArray("endpoint");
    QTest::newRow("file:// endpoint") << QByteArray("{\"roles\":{\"reviewer\":{\"endpoint\":\"file:///etc/passwd\",\"model\":\"m\"}}}")
                                      << QByteArray("endpoint");
    QTest::newRow("invalid UTF-8") << "{\"language\":\"\xff\xfe\"," + role + "}" << QByteArray("JSON");
    QTest::newRow("NUL byte") << QByteArray("{\"reviewers\":1\0,", 16) + role + "}" << QByteArray("JSON");
}

void HostileTest::runConfigurationIsRefused()
{
    QFETCH(QByteArray, config);
    QFETCH(QByteArray, message);
    static int made = 0;
    const QString workspace = makeWorkspace(QStringLiteral("config-%1.rdw").arg(++made));
    const QByteArray before = workspaceState(workspace);
    const GitOutput out = review(config, {QStringLiteral("--workspace"), workspace});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains(message), out.err.constData());
    QVERIFY(!QFile::exists(m_root.filePath(QStringLiteral("review.json"))));
    QCOMPARE(workspaceState(workspace), before);
}

// ---------------------------------------------------------------- model answers

void HostileTest::hostileModelAnswerIsNamedAndTheRunEndsWithValidJson_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("message");
    const auto completion = [](const QByteArray &content) {
        return FakeLlmServer::completion(QString::fromUtf8(content)).body;
    };
    // Past the endpoint's answer cap (max_answer_bytes, 8 MiB) the body is not even read;
    // between the parser's 4 MiB and the cap the parser refuses it.
    QTest::newRow("50 MB of open brackets") << completion(QByteArray(50 << 20, '[')) << QByteArray("is larger than the 8388608-byte limit (max_answer_bytes)");
    QTest::newRow("50 MB of prose") << completion(QByteArray("word ").repeated(10 << 20)) << QByteArray("is larger than the 8388608-byte limit (max_answer_bytes)");
    QTest::newRow("6 MB of open brackets") << completion(QByteArray(6 << 20, '[')) << QByteArray("more than the 4 MiB a reply may have");
    QByteArray deep = "{\"comments\":[{\"issue\":";
    deep += QByteArray(100000, '[') + QByteArray(100000, ']') + ",\"line_start\":3,\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":7}]}";
    QTest::newRow("deeply nested JSON in a field") << completion(deep) << QByteArray("review:");
    QTest::newRow("deeply nested JSON") << completion(QByteArray(200000, '[') + QByteArray(200000, ']')) << QByteArray("deeper than 256 levels");
    QTest::newRow("NUL bytes") << completion(QByteArray("{\"comments\":[{\"issue\":\"a\0b\",\"line_start\":3,\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":7}]}\0\0", 90))
                               << QByteArray("review:");
    QTest::newRow("NUL escapes") << completion("{\"comments\":[{\"issue\":\"a\\u0000b\",\"line_start\":3,\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":7}]}")
                                 << QByteArray("review:");
    QTest::newRow("body is not JSON") << QByteArray("<html>502 bad gateway</html>") << QByteArray("reviewer 1");
    QTest::newRow("body with invalid UTF-8") << QByteArray("{\"choices\":[{\"message\":{\"content\":\"\xff\xfe\"}}]}") << QByteArray("reviewer 1");
}

void HostileTest::hostileModelAnswerIsNamedAndTheRunEndsWithValidJson()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, message);
    FakeLlmServer server;
    server.setResponder([&body](const FakeLlmServer::Request &) {
        FakeLlmServer::Reply reply;
        reply.body = body;
        reply.headers = {{"Content-Type", "application/json"}};
        return reply;
    });
    const GitOutput out = review(serverConfig(server.endpoint()));
    // The answer was unusable or odd; the run says so and ends normally,
    // with its output written as valid JSON.
    QVERIFY2(out.exitCode == 0 || out.exitCode == 4, out.err.right(3000).constData());
    QVERIFY2(out.err.contains(message), out.err.right(3000).constData());
    QFile f(m_root.filePath(QStringLiteral("review.json")));
    if (out.exitCode == 0) {
        QVERIFY(f.open(QIODevice::ReadOnly));
        QJsonParseError error;
        QJsonDocument::fromJson(f.readAll(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    }
    QVERIFY(!server.requests().isEmpty());
}

// ---------------------------------------------------------------- workspaces

QString HostileTest::makeWorkspace(const QString &name)
{
    const QString path = m_root.filePath(name);
    QFile::remove(path);
    auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qFatal("cannot make a workspace: %s", qPrintable(store.error().message));
    MergeRequestEntry mr;
    mr.repository = m_modified;
    mr.base = QStringLiteral("main");
    mr.head = QStringLiteral("feature");
    const qint64 id = *(*store)->addMergeRequest(mr);
    ReviewComment c;
    c.id = QStringLiteral("c1");
    c.file = QStringLiteral("src/compute.cpp");
    c.lineStart = c.lineEnd = 3;
    c.issue = QStringLiteral("an issue");
    StoredRun run;
    run.mergeRequest = id;
    run.model = QStringLiteral("m");
    run.record = "{}";
    (*store)->addRun(run, {c});
    return path;
}

void HostileTest::unusableWorkspaceIsLeftAlone_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("not SQLite") << QStringLiteral("text") << QByteArray("not an SQLite database");
    QTest::newRow("SQLite, not a workspace") << QStringLiteral("foreign") << QByteArray("not a ReviewDesk workspace");
    QTest::newRow("read-only") << QStringLiteral("readonly") << QByteArray("read-only");
    QTest::newRow("newer version") << QStringLiteral("newer") << QByteArray("newer ReviewDesk");
    QTest::newRow("a folder") << QStringLiteral("folder") << QByteArray("folder");
}

void HostileTest::unusableWorkspaceIsLeftAlone()
{
    QFETCH(QString, kind);
    QFETCH(QByteArray, message);
    QString path = m_root.filePath(QStringLiteral("unusable-%1.rdw").arg(kind));
    if (kind == QLatin1String("text")) {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("id,verdict\n1,accept\n");
    } else if (kind == QLatin1String("foreign")) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), kind);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("CREATE TABLE photos (id INTEGER PRIMARY KEY, data BLOB)")));
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(kind);
    } else if (kind == QLatin1String("readonly")) {
        path = makeWorkspace(QStringLiteral("unusable-readonly.rdw"));
        QVERIFY(QFile::setPermissions(path, QFileDevice::ReadOwner));
    } else if (kind == QLatin1String("newer")) {
        path = makeWorkspace(QStringLiteral("unusable-newer.rdw"));
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), kind);
        db.setDatabaseName(path);
        QVERIFY(db.open());
        QVERIFY(QSqlQuery(db).exec(QStringLiteral("PRAGMA user_version = 999")));
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(kind);
    } else if (kind == QLatin1String("folder")) {
        QVERIFY(QDir().mkpath(path));
    }
    const QByteArray before = workspaceState(path);
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("{\"comments\":[]}")); });
    const QList<QStringList> commands{
        {QStringLiteral("judge"), QStringLiteral("--annotator"), QStringLiteral("a"), QStringLiteral("--workspace"), path},
        {QStringLiteral("comments"), QStringLiteral("--workspace"), path},
    };
    for (const QStringList &command : commands) {
        QProcess p;
        p.start(cliExecutable(), command);
        QVERIFY(p.waitForStarted());
        p.write("{\"comment\": 1, \"verdict\": \"accept\"}\n");
        p.closeWriteChannel();
        QVERIFY(waitForExit(p, QDeadlineTimer(300000))); // hang guard
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 3, err.constData());
        QVERIFY2(err.contains(message), err.constData());
        QCOMPARE(workspaceState(path), before);
    }
    const GitOutput out = review(serverConfig(server.endpoint()), {QStringLiteral("--workspace"), path});
    QCOMPARE(out.exitCode, 3);
    QVERIFY2(out.err.contains(message), out.err.constData());
    QCOMPARE(server.requests().size(), 0); // refused before anything was asked
    QCOMPARE(workspaceState(path), before);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void HostileTest::hostileJudgementLinesLeaveTheWorkspaceAlone_data()
{
    QTest::addColumn<QByteArray>("input");
    QTest::addColumn<QByteArray>("message");
    QTest::newRow("invalid UTF-8") << QByteArray("{\"comment\": 1, \"critique\": \"\xff\xfe\"}\n") << QByteArray("line 1");
    QTest::newRow("NUL bytes") << QByteArray("{\"comment\": 1,\0 \"verdict\": \"accept\"}\n", 38) << QByteArray("line 1");
    QTest::newRow("huge number") << QByteArray("{\"comment\": 1e400, \"verdict\": \"accept\"}\n") << QByteArray("line 1");
    QTest::newRow("negative id") << QByteArray("{\"comment\": -1, \"verdict\": \"accept\"}\n") << QByteArray("line 1");
    QTest::newRow("wrong type") << QByteArray("{\"comment\": 1, \"verdict\": [\"accept\"]}\n") << QByteArray("verdict");
    QTest::newRow("deeply nested") << "{\"comment\": 1, \"critique\": " + QByteArray(100000, '[') + QByteArray(100000, ']') + "}\n" << QByteArray("line 1");
    QTest::newRow("a 20 MB line") << "{\"comment\": 1, \"critique\": \"" + QByteArray(20 << 20, 'x') + "\", \"verdict\": \"maybe\"}\n" << QByteArray("line 1");
}

void HostileTest::hostileJudgementLinesLeaveTheWorkspaceAlone()
{
    QFETCH(QByteArray, input);
    QFETCH(QByteArray, message);
    const QString path = makeWorkspace(QStringLiteral("judge-hostile.rdw"));
    const QByteArray before = workspaceState(path);
    QProcess p;
    p.start(cliExecutable(), {QStringLiteral("judge"), QStringLiteral("--annotator"), QStringLiteral("a"), QStringLiteral("--workspace"), path});
    QVERIFY(p.waitForStarted());
    p.write(input);
    p.closeWriteChannel();
    QVERIFY(waitForExit(p, QDeadlineTimer(300000))); // hang guard
    const QByteArray err = p.readAllStandardError();
    QCOMPARE(p.exitStatus(), QProcess::NormalExit);
    QVERIFY2(p.exitCode() != 0, err.constData());
    QVERIFY2(err.contains(message), err.left(2000).constData());
    QVERIFY(p.readAllStandardOutput().isEmpty()); // nothing stored
    QCOMPARE(workspaceState(path), before);
}

int main(int argc, char *argv[])
{
    if (argc > 2 && std::strcmp(argv[1], "--peak-rss-of") == 0)
        return peakRssOf(argv + 2);
    QCoreApplication app(argc, argv);
    HostileTest test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_hostile.moc"
