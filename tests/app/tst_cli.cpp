// reviewdesk-cli diff as a user meets it: every way of naming a repository
// and a revision, and one clear line plus the documented exit code for every
// bad input.

#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <Scenarios.h>

#include <QDir>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

using namespace rd::test;

class CliTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameDiffFromEveryWayOfNamingIt_data();
    void sameDiffFromEveryWayOfNamingIt();
    void badInputFailsClearly_data();
    void badInputFailsClearly();
    void unreadableObjectIsReported();
    void missingObjectInTheDiffIsNamed_data();
    void missingObjectInTheDiffIsNamed();
    void missingObjectOutsideTheDiffDoesNotMatter();
    void unrelatedHistoriesNeedTwoDot();
    void emptyDiffPrintsNothing();
    void sliceWritesTheDocumentedJson();
    void helpListsCommandsAndOptionsAndVersionExitsZero();
    void reviewExitCodeAndMessageSayWhyItStopped_data();
    void reviewExitCodeAndMessageSayWhyItStopped();
    void reviewRecordsAndReplaysThroughTheCli();
    void reviewIntoAWorkspaceNeedsNoOutFile();
    void reviewNeverPrintsOrWritesTheKey();

private:
    GitOutput diff(const QStringList &extra) const;
    // reviewdesk-cli review on the "modified" scenario with `config` (JSON),
    // this thread's event loop running (the fake server lives on it).
    GitOutput review(const QByteArray &config, const QStringList &extra = {});
    QTemporaryDir m_root;
    QString m_work, m_bare;
    QByteArray m_reference;
};

void CliTest::initTestCase()
{
    m_work = m_root.filePath(QStringLiteral("work"));
    m_bare = m_root.filePath(QStringLiteral("bare.git"));
    for (const bool bare : {false, true}) {
        FixtureRepo repo(bare ? m_bare : m_work, bare);
        scenario("modified").build(repo);
        const QByteArray head = repo.tip("feature");
        repo.setReference("refs/pull/12/head", head);
        repo.annotatedTag("v2", head, "Tagged\n");
        repo.commit("orphan", {{"z.txt", file("z\n")}}, "Unrelated\n", {});
    }
    QDir().mkpath(m_work + QStringLiteral("/src/deep"));
    const GitOutput reference = diff({});
    QCOMPARE(reference.exitCode, 0);
    m_reference = reference.out;
    QVERIFY(m_reference.startsWith("diff --git a/src/compute.cpp b/src/compute.cpp\n"));
}

GitOutput CliTest::diff(const QStringList &extra) const
{
    QStringList args{QStringLiteral("diff"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                     QStringLiteral("--head"), QStringLiteral("feature")};
    // Later options of the same name win, so rows can override the defaults.
    return runCli(args + extra);
}

void CliTest::sameDiffFromEveryWayOfNamingIt_data()
{
    QTest::addColumn<QStringList>("extra");
    const GitOutput sha = runGit(m_work, {QStringLiteral("rev-parse"), QStringLiteral("feature")});
    const QString full = QString::fromLatin1(sha.out.trimmed());
    QTest::newRow("subdirectory") << QStringList{QStringLiteral("--repo"), m_work + QStringLiteral("/src/deep")};
    QTest::newRow(".git") << QStringList{QStringLiteral("--repo"), m_work + QStringLiteral("/.git")};
    QTest::newRow("bare") << QStringList{QStringLiteral("--repo"), m_bare};
    QTest::newRow("full sha") << QStringList{QStringLiteral("--head"), full};
    QTest::newRow("short sha") << QStringList{QStringLiteral("--head"), full.left(7)};
    QTest::newRow("pull ref") << QStringList{QStringLiteral("--head"), QStringLiteral("refs/pull/12/head")};
    QTest::newRow("annotated tag") << QStringList{QStringLiteral("--head"), QStringLiteral("v2")};
    QTest::newRow("ancestry") << QStringList{QStringLiteral("--base"), QStringLiteral("feature~1")};
    QTest::newRow("explicit patch") << QStringList{QStringLiteral("--format"), QStringLiteral("patch")};
}

void CliTest::sameDiffFromEveryWayOfNamingIt()
{
    QFETCH(QStringList, extra);
    const GitOutput out = diff(extra);
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QCOMPARE(out.out, m_reference);
}

void CliTest::badInputFailsClearly_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    const QString work = m_work;
    auto diffWith = [work](const QStringList &extra) {
        return QStringList{QStringLiteral("diff"), QStringLiteral("--repo"), work, QStringLiteral("--base"), QStringLiteral("main"),
                           QStringLiteral("--head"), QStringLiteral("feature")} + extra;
    };
    QTest::newRow("no command") << QStringList{} << 2 << QStringLiteral("no command given");
    QTest::newRow("unknown command") << QStringList{QStringLiteral("difff")} << 2 << QStringLiteral("unknown command 'difff'");
    QTest::newRow("missing repo") << QStringList{QStringLiteral("diff"), QStringLiteral("--base"), QStringLiteral("a"), QStringLiteral("--head"), QStringLiteral("b")}
                                  << 2 << QStringLiteral("--repo is required");
    QTest::newRow("missing head") << QStringList{QStringLiteral("diff"), QStringLiteral("--repo"), work, QStringLiteral("--base"), QStringLiteral("a")}
                                  << 2 << QStringLiteral("--head is required");
    QTest::newRow("unknown option") << diffWith({QStringLiteral("--colour")}) << 2 << QStringLiteral("Unknown option 'colour'");
    QTest::newRow("bad format") << diffWith({QStringLiteral("--format"), QStringLiteral("xml")}) << 2 << QStringLiteral("--format is patch or json, not 'xml'");
    QTest::newRow("negative context") << diffWith({QStringLiteral("--context"), QStringLiteral("-1")}) << 2 << QStringLiteral("--context takes");
    QTest::newRow("word context") << diffWith({QStringLiteral("--context"), QStringLiteral("many")}) << 2 << QStringLiteral("not 'many'");
    QTest::newRow("bad threads") << diffWith({QStringLiteral("--threads"), QStringLiteral("x")}) << 2 << QStringLiteral("--threads takes");
    QTest::newRow("stray argument") << diffWith({QStringLiteral("extra")}) << 2 << QStringLiteral("unexpected argument 'extra'");
    QTest::newRow("no such path") << diffWith({QStringLiteral("--repo"), work + QStringLiteral("/missing")}) << 3
                                  << QStringLiteral("no such file or directory: ") + work + QStringLiteral("/missing");
    QTest::newRow("not a repository") << diffWith({QStringLiteral("--repo"), QDir::rootPath() + QStringLiteral("proc")}) << 3
                                      << QStringLiteral("not a git repository");
    QTest::newRow("unknown base") << diffWith({QStringLiteral("--base"), QStringLiteral("nope")}) << 3 << QStringLiteral("unknown revision 'nope'");
    QTest::newRow("unknown head") << diffWith({QStringLiteral("--head"), QStringLiteral("feature~9")}) << 3 << QStringLiteral("unknown revision 'feature~9'");
    QTest::newRow("tree as head") << diffWith({QStringLiteral("--head"), QStringLiteral("feature^{tree}")}) << 3 << QStringLiteral("names a tree, not a commit");
    auto sliceWith = [work](const QStringList &extra) {
        return QStringList{QStringLiteral("slice"), QStringLiteral("--repo"), work, QStringLiteral("--base"), QStringLiteral("main"),
                           QStringLiteral("--head"), QStringLiteral("feature")} + extra;
    };
    QTest::newRow("slice: bad algorithm") << sliceWith({QStringLiteral("--algorithm"), QStringLiteral("sideways")}) << 2
                                          << QStringLiteral("--algorithm is original, parent, left, full or all, not 'sideways'");
    QTest::newRow("slice: bad line format") << sliceWith({QStringLiteral("--line-format"), QStringLiteral("roman")}) << 2
                                            << QStringLiteral("--line-format is inline, relative or none");
    QTest::newRow("slice: bad format") << sliceWith({QStringLiteral("--format"), QStringLiteral("xml")}) << 2 << QStringLiteral("--format is json or text");
    QTest::newRow("slice: bad token budget") << sliceWith({QStringLiteral("--token-budget"), QStringLiteral("lots")}) << 2
                                             << QStringLiteral("--token-budget is a number of tokens");
    QTest::newRow("slice: missing head") << QStringList{QStringLiteral("slice"), QStringLiteral("--repo"), work, QStringLiteral("--base"), QStringLiteral("main")}
                                         << 2 << QStringLiteral("slice: --head is required");
    QTest::newRow("slice: unknown revision") << sliceWith({QStringLiteral("--base"), QStringLiteral("nope")}) << 3 << QStringLiteral("unknown revision 'nope'");
    QTest::newRow("slice: unreadable compile commands") << sliceWith({QStringLiteral("--compile-commands"), work + QStringLiteral("/none.json")}) << 3
                                                        << QStringLiteral("cannot read");
}

void CliTest::badInputFailsClearly()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    const GitOutput out = runCli(arguments);
    QCOMPARE(out.exitCode, exitCode);
    QVERIFY(out.out.isEmpty());
    QVERIFY2(out.err.startsWith("reviewdesk-cli: "), out.err.constData());
    QCOMPARE(out.err.count('\n'), 1);
    QVERIFY2(out.err.contains(message.toUtf8()), out.err.constData());
}

void CliTest::unreadableObjectIsReported()
{
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    scenario("modified").build(repo);
    // Remove the new version of the changed file from the object store.
    const GitOutput blob = runGit(dir.path(), {QStringLiteral("rev-parse"), QStringLiteral("feature:src/compute.cpp")});
    const QString hex = QString::fromLatin1(blob.out.trimmed());
    QVERIFY(QFile::remove(repo.gitDir() + QStringLiteral("/objects/") + hex.left(2) + QLatin1Char('/') + hex.mid(2)));
    const GitOutput out = runCli({QStringLiteral("diff"), QStringLiteral("--repo"), dir.path(), QStringLiteral("--base"), QStringLiteral("main"),
                                  QStringLiteral("--head"), QStringLiteral("feature")});
    QCOMPARE(out.exitCode, 3);
    QVERIFY(out.out.isEmpty());
    QVERIFY2(out.err.contains(QByteArray("cannot read " + hex.toLatin1() + " of src/compute.cpp")), out.err.constData());
}

// A partial clone or a damaged mirror lacks an object: whichever side of
// whichever kind of change it is, the error names the file and the object.
void CliTest::missingObjectInTheDiffIsNamed_data()
{
    QTest::addColumn<QByteArray>("scenarioName");
    QTest::addColumn<QByteArray>("commitish");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QString>("format");
    QTest::newRow("old side of a modified file") << QByteArray("modified") << QByteArray("main") << QByteArray("src/compute.cpp") << QStringLiteral("patch");
    QTest::newRow("old side of a modified file, json") << QByteArray("modified") << QByteArray("main") << QByteArray("src/compute.cpp") << QStringLiteral("json");
    // Rename detection reads these before any content is diffed.
    QTest::newRow("old side of a rename") << QByteArray("renames") << QByteArray("main") << QByteArray("edited/b.txt") << QStringLiteral("patch");
    QTest::newRow("new side of a rename, json") << QByteArray("renames") << QByteArray("feature") << QByteArray("edited/b2.txt") << QStringLiteral("json");
    QTest::newRow("deleted file") << QByteArray("added-deleted") << QByteArray("main") << QByteArray("gone.txt") << QStringLiteral("patch");
    QTest::newRow("added file") << QByteArray("added-deleted") << QByteArray("feature") << QByteArray("new.txt") << QStringLiteral("patch");
}

void CliTest::missingObjectInTheDiffIsNamed()
{
    QFETCH(QByteArray, scenarioName);
    QFETCH(QByteArray, commitish);
    QFETCH(QByteArray, path);
    QFETCH(QString, format);
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    scenario(scenarioName).build(repo);
    const QByteArray hex = repo.removeObject(commitish, path);
    const GitOutput out = runCli({QStringLiteral("diff"), QStringLiteral("--repo"), dir.path(), QStringLiteral("--base"), QStringLiteral("main"),
                                  QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--format"), format});
    QCOMPARE(out.exitCode, 3);
    QVERIFY(out.out.isEmpty());
    QCOMPARE(out.err.count('\n'), 1);
    QVERIFY2(out.err.contains(QByteArray("cannot read " + hex + " of " + path)), out.err.constData());
}

void CliTest::missingObjectOutsideTheDiffDoesNotMatter()
{
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    scenario("modified").build(repo);
    repo.removeObject("feature", "README"); // unchanged
    const GitOutput out = runCli({QStringLiteral("diff"), QStringLiteral("--repo"), dir.path(), QStringLiteral("--base"), QStringLiteral("main"),
                                  QStringLiteral("--head"), QStringLiteral("feature")});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QCOMPARE(out.out, m_reference);
}

void CliTest::unrelatedHistoriesNeedTwoDot()
{
    const GitOutput threeDot = diff({QStringLiteral("--base"), QStringLiteral("orphan")});
    QCOMPARE(threeDot.exitCode, 3);
    QVERIFY2(threeDot.err.contains("no common ancestor"), threeDot.err.constData());
    const GitOutput twoDot = diff({QStringLiteral("--base"), QStringLiteral("orphan"), QStringLiteral("--two-dot")});
    QCOMPARE(twoDot.exitCode, 0);
    QVERIFY(twoDot.out.contains("deleted file mode 100644"));
    const GitOutput json = diff({QStringLiteral("--base"), QStringLiteral("orphan"), QStringLiteral("--two-dot"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY(json.out.contains("\"merge_base\": null"));
}

void CliTest::emptyDiffPrintsNothing()
{
    const GitOutput out = diff({QStringLiteral("--base"), QStringLiteral("feature")});
    QCOMPARE(out.exitCode, 0);
    QVERIFY(out.out.isEmpty());
    QVERIFY(out.err.isEmpty());
    const GitOutput json = diff({QStringLiteral("--base"), QStringLiteral("feature"), QStringLiteral("--format"), QStringLiteral("json")});
    QCOMPARE(json.exitCode, 0);
    QVERIFY(json.out.contains("\"files\": []"));
}

void CliTest::sliceWritesTheDocumentedJson()
{
    const GitOutput out = runCli({QStringLiteral("slice"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                                  QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--algorithm"), QStringLiteral("all")});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QJsonParseError error;
    const QJsonObject root = QJsonDocument::fromJson(out.out, &error).object();
    QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
    const QJsonArray slices = root.value(QStringLiteral("slices")).toArray();
    QSet<QString> algorithms;
    for (const QJsonValue &v : slices) {
        const QJsonObject s = v.toObject();
        for (const char *key : {"file", "algorithm", "side", "language", "seed", "new_lines", "old_lines", "external", "reasons", "text", "tokens", "omitted", "fallback"})
            QVERIFY2(s.contains(QLatin1String(key)), key);
        QCOMPARE(s.value(QStringLiteral("file")).toString(), QStringLiteral("src/compute.cpp"));
        QVERIFY(s.value(QStringLiteral("tokens")).toInt() > 0);
        algorithms.insert(s.value(QStringLiteral("algorithm")).toString());
    }
    QCOMPARE(algorithms, (QSet<QString>{QStringLiteral("original"), QStringLiteral("parent"), QStringLiteral("left"), QStringLiteral("full")}));
    QCOMPARE(root.value(QStringLiteral("diagnostics")).toObject().value(QStringLiteral("parsed")).toInt(), 1);
    // Every process hashes differently; the slices must not change with it.
    for (int i = 0; i < 3; ++i)
        QCOMPARE(runCli({QStringLiteral("slice"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                         QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--algorithm"), QStringLiteral("all")})
                     .out,
                 out.out);
    const GitOutput text = runCli({QStringLiteral("slice"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                                   QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--format"), QStringLiteral("text"),
                                   QStringLiteral("--line-format"), QStringLiteral("none")});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.startsWith("=== left slice of src/compute.cpp"));
}

void CliTest::helpListsCommandsAndOptionsAndVersionExitsZero()
{
    const GitOutput help = runCli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    QVERIFY(help.out.contains("diff"));
    const GitOutput diffHelp = runCli({QStringLiteral("diff"), QStringLiteral("--help")});
    QCOMPARE(diffHelp.exitCode, 0);
    QVERIFY(diffHelp.out.contains("--two-dot"));
    QCOMPARE(runCli({QStringLiteral("--version")}).exitCode, 0);
}

GitOutput CliTest::review(const QByteArray &config, const QStringList &extra)
{
    const QString configFile = m_root.filePath(QStringLiteral("review-config.json"));
    QFile f(configFile);
    if (!f.open(QIODevice::WriteOnly))
        qFatal("cannot write the review configuration");
    f.write(config);
    f.close();
    // runCli serves this thread's event loop (the fake server) while it waits.
    return runCli(QStringList{QStringLiteral("review"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                              QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), configFile, QStringLiteral("--no-cache"),
                              QStringLiteral("--out"), m_root.filePath(QStringLiteral("review.json"))}
                  + extra);
}

static QByteArray reviewConfig(const QString &endpoint, const QByteArray &extra = {}, const QByteArray &roleExtra = {})
{
    return "{\"reviewers\":1,\"min_agreement\":1,\"retries\":0" + extra + ",\"roles\":{\"reviewer\":{\"endpoint\":\"" + endpoint.toUtf8()
           + "\",\"model\":\"m\"" + roleExtra + "}}}";
}

static FakeLlmServer::Reply oneFinding(const FakeLlmServer::Request &)
{
    return FakeLlmServer::completion(QStringLiteral("{\"comments\":[{\"file\":\"src/compute.cpp\",\"line_start\":3,\"issue\":\"total can overflow\","
                                                    "\"q1_nitpick\":7,\"q2_fake\":7,\"q3_severity\":6}]}"));
}

void CliTest::reviewExitCodeAndMessageSayWhyItStopped_data()
{
    QTest::addColumn<QByteArray>("extra");
    QTest::addColumn<QByteArray>("roleExtra");
    QTest::addColumn<bool>("reachable");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("answered") << QByteArray() << QByteArray() << true << 0 << QString();
    QTest::newRow("unknown key") << QByteArray(",\"topk\":3") << QByteArray() << true << 2 << QStringLiteral("did you mean \"top_k\"");
    QTest::newRow("impossible agreement") << QByteArray(",\"min_agreement\":2") << QByteArray() << true << 2 << QStringLiteral("min_agreement");
    QTest::newRow("key variable not set") << QByteArray() << QByteArray(",\"api_key_env\":\"REVIEWDESK_UNSET_KEY\"") << true << 2
                                          << QStringLiteral("REVIEWDESK_UNSET_KEY");
    QTest::newRow("nobody answers") << QByteArray() << QByteArray() << false << 4 << QStringLiteral("no endpoint answered");
}

void CliTest::reviewExitCodeAndMessageSayWhyItStopped()
{
    QFETCH(QByteArray, extra);
    QFETCH(QByteArray, roleExtra);
    QFETCH(bool, reachable);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    qunsetenv("REVIEWDESK_UNSET_KEY");
    FakeLlmServer server;
    server.setResponder(oneFinding);
    // A key given twice: the later one counts.
    const QByteArray config = reviewConfig(reachable ? server.endpoint() : QStringLiteral("http://127.0.0.1:9/v1"), extra, roleExtra);
    const GitOutput out = review(config);
    QVERIFY2(out.exitCode == exitCode, out.err.constData());
    QVERIFY2(out.err.contains(message.toUtf8()), out.err.constData());
    if (exitCode == 2)
        QCOMPARE(server.requests().size(), 0); // refused before any request
    if (exitCode == 0) {
        QFile f(m_root.filePath(QStringLiteral("review.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        // One reviewer, one finding per slice.
        const QJsonObject run = root.value(QStringLiteral("run")).toObject();
        QCOMPARE(run.value(QStringLiteral("requests")).toInt(), static_cast<int>(server.requests().size()));
        QCOMPARE(root.value(QStringLiteral("comments")).toArray().size(), server.requests().size());
        QCOMPARE(run.value(QStringLiteral("errors")).toArray().size(), 0);
    }
}

void CliTest::reviewRecordsAndReplaysThroughTheCli()
{
    FakeLlmServer server;
    server.setResponder(oneFinding);
    const QString recording = m_root.filePath(QStringLiteral("recording.json"));
    const QByteArray config = reviewConfig(server.endpoint());
    const GitOutput live = review(config, {QStringLiteral("--record"), recording});
    QVERIFY2(live.exitCode == 0, live.err.constData());
    QVERIFY(QFileInfo::exists(recording));
    const int asked = static_cast<int>(server.requests().size());
    QVERIFY(asked > 0);
    QFile liveOut(m_root.filePath(QStringLiteral("review.json")));
    QVERIFY(liveOut.open(QIODevice::ReadOnly));
    const QJsonArray liveComments = QJsonDocument::fromJson(liveOut.readAll()).object().value(QStringLiteral("comments")).toArray();
    liveOut.close();
    // The same run from the recording: no request, the same comments.
    const GitOutput replayed = review(config, {QStringLiteral("--replay"), recording});
    QVERIFY2(replayed.exitCode == 0, replayed.err.constData());
    QCOMPARE(server.requests().size(), asked);
    QVERIFY(liveOut.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(liveOut.readAll()).object().value(QStringLiteral("comments")).toArray(), liveComments);
    liveOut.close();
    // Another configuration is not what was recorded: exit 4 naming the step.
    const GitOutput stale = review(reviewConfig(server.endpoint(), ",\"cot\":false"), {QStringLiteral("--replay"), recording});
    QCOMPARE(stale.exitCode, 4);
    QVERIFY2(stale.err.contains("reviewer 1, src/compute.cpp slice"), stale.err.constData());
    QCOMPARE(server.requests().size(), asked);
}

// Storing the run in a workspace is enough: --out is needed only when no
// workspace takes the comments, and then the message says where they can go.
void CliTest::reviewIntoAWorkspaceNeedsNoOutFile()
{
    FakeLlmServer server;
    server.setResponder(oneFinding);
    const QString configFile = m_root.filePath(QStringLiteral("workspace-review-config.json"));
    QFile f(configFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reviewConfig(server.endpoint()));
    f.close();
    const QStringList target{QStringLiteral("review"), QStringLiteral("--repo"), m_work, QStringLiteral("--base"), QStringLiteral("main"),
                             QStringLiteral("--head"), QStringLiteral("feature"), QStringLiteral("--config"), configFile, QStringLiteral("--no-cache")};
    const GitOutput nowhere = runCli(target);
    QCOMPARE(nowhere.exitCode, 2);
    QVERIFY2(nowhere.err.contains("review: --out or --workspace is required"), nowhere.err.constData());

    const QString workspace = m_root.filePath(QStringLiteral("no-out.rdw"));
    const QDir before(m_root.path());
    const QStringList filesBefore = before.entryList(QDir::Files);
    const GitOutput stored = runCli(target + QStringList{QStringLiteral("--workspace"), workspace});
    QVERIFY2(stored.exitCode == 0, stored.err.constData());
    QVERIFY2(stored.err.contains("review: stored as run 1 of merge request 1"), stored.err.constData());
    QVERIFY2(!stored.err.contains("wrote"), stored.err.constData());
    // The workspace is the only new file.
    QStringList filesAfter = QDir(m_root.path()).entryList(QDir::Files);
    for (const QString &name : filesBefore)
        filesAfter.removeOne(name);
    filesAfter.removeIf([](const QString &name) { return name.startsWith(QLatin1String("no-out.rdw-")); }); // SQLite's -wal, -shm
    QCOMPARE(filesAfter, QStringList{QStringLiteral("no-out.rdw")});
    const GitOutput comments = runCli({QStringLiteral("comments"), QStringLiteral("--workspace"), workspace});
    QVERIFY2(comments.exitCode == 0, comments.err.constData());
    QVERIFY2(comments.out.contains("src/compute.cpp"), comments.out.constData());
}

void CliTest::reviewNeverPrintsOrWritesTheKey()
{
    const QByteArray secret = "sk-cli-echo-0f1e2d3c4b";
    qputenv("REVIEWDESK_CLI_KEY", secret);
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &r) {
        return FakeLlmServer::status(401, "{\"error\":\"invalid\",\"echo\":\"Authorization: " + r.headers.value("authorization") + "\"}");
    });
    const GitOutput out = review(reviewConfig(server.endpoint(), {}, ",\"api_key_env\":\"REVIEWDESK_CLI_KEY\""));
    qunsetenv("REVIEWDESK_CLI_KEY");
    QCOMPARE(out.exitCode, 4);
    QVERIFY(!server.requests().isEmpty());
    QCOMPARE(server.requests().first().headers.value("authorization"), QByteArray("Bearer " + secret));
    QVERIFY2(out.err.contains("invalid"), out.err.constData());
    QVERIFY2(!out.err.contains(secret), out.err.constData());
    QFile f(m_root.filePath(QStringLiteral("review.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray written = f.readAll();
    QVERIFY(written.contains("invalid"));
    QVERIFY2(!written.contains(secret), written.constData());
}

QTEST_GUILESS_MAIN(CliTest)
#include "tst_cli.moc"
