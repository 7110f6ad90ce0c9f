#include <FixtureRepo.h>
#include <MergeRequest.h>
#include <Scenarios.h>

#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace rd;
using namespace rd::test;

namespace {

const FileDiff *findFile(const MergeRequest &mr, const QByteArray &path)
{
    for (const FileDiff &f : mr.files)
        if (f.displayPath() == path)
            return &f;
    return nullptr;
}

} // namespace

class MergeRequestTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void lineNumbersAreConsistent_data();
    void lineNumbersAreConsistent();
    void contentOnDemandMatchesGit_data();
    void contentOnDemandMatchesGit();
    void titleAndDescriptionComeFromHead();
    void modifiedFileHunks();
    void renamesAndModes();
    void addedDeletedAndEmptyFiles();
    void binaryFilesAreNotDiffed();
    void typeChangeIsOneFileWithBothSides();
    void submodulesShowTheirCommits();
    void missingNewlinesAreMarked();
    void crlfAndNonUtf8BytesAreKept();
    void longLinesSurvive();
    void threeDotIgnoresWhatTheBaseDidAfterTheFork();
    void emptyDiffIsNotAnError();
    void unreadableFileIsMarkedAndTheRestOpens_data();
    void unreadableFileIsMarkedAndTheRestOpens();
    void streamedFilesEqualTheBuiltOnes_data();
    void streamedFilesEqualTheBuiltOnes();
    void streamStopsWhenTheConsumerSaysSo();
    void streamFailsBeforeTheFirstFileWhenAnObjectIsMissing();

private:
    MergeRequest open(const QByteArray &scenario, const DiffOptions &options = {});
    QTemporaryDir m_root;
    std::map<QByteArray, QString> m_repos;
};

void MergeRequestTest::initTestCase()
{
    m_repos = buildScenarios(m_root.path());
}

MergeRequest MergeRequestTest::open(const QByteArray &scenario, const DiffOptions &options)
{
    auto mr = MergeRequest::open(m_repos.at(scenario), QStringLiteral("main"), QStringLiteral("feature"), options);
    if (!mr)
        qFatal("cannot open %s: %s", scenario.constData(), qPrintable(mr.error().message));
    return std::move(mr).value();
}

void MergeRequestTest::lineNumbersAreConsistent_data()
{
    QTest::addColumn<QByteArray>("scenario");
    for (const Scenario &s : scenarios())
        QTest::newRow(s.name.constData()) << s.name;
}

// Within a hunk old and new numbers advance exactly with the lines that
// exist on their side, starting at the header's starts.
void MergeRequestTest::lineNumbersAreConsistent()
{
    QFETCH(QByteArray, scenario);
    const MergeRequest mr = open(scenario);
    for (const FileDiff &file : mr.files) {
        int adds = 0, dels = 0;
        for (const Hunk &hunk : file.hunks) {
            int oldLine = hunk.oldStart, newLine = hunk.newStart;
            if (hunk.oldLines == 0)
                ++oldLine; // git names the line before an insertion
            if (hunk.newLines == 0)
                ++newLine;
            for (const DiffLine &line : hunk.lines) {
                if (line.kind != LineKind::Added)
                    QCOMPARE(line.oldLine, oldLine++);
                else
                    QCOMPARE(line.oldLine, 0);
                if (line.kind != LineKind::Deleted)
                    QCOMPARE(line.newLine, newLine++);
                else
                    QCOMPARE(line.newLine, 0);
                adds += line.kind == LineKind::Added;
                dels += line.kind == LineKind::Deleted;
            }
            QCOMPARE(oldLine - hunk.oldStart - (hunk.oldLines == 0), hunk.oldLines);
            QCOMPARE(newLine - hunk.newStart - (hunk.newLines == 0), hunk.newLines);
            QVERIFY(hunk.header.startsWith("@@ -"));
        }
        QCOMPARE(file.additions, adds);
        QCOMPARE(file.deletions, dels);
    }
}

void MergeRequestTest::contentOnDemandMatchesGit_data() { lineNumbersAreConsistent_data(); }

void MergeRequestTest::contentOnDemandMatchesGit()
{
    QFETCH(QByteArray, scenario);
    const MergeRequest mr = open(scenario);
    const QString repo = m_repos.at(scenario);
    for (const FileDiff &file : mr.files) {
        for (Side side : BothSides) {
            const auto content = mr.content(file, side);
            QVERIFY(content.ok());
            if (!file.exists(side) || file.mode[side] == FileMode::Gitlink) {
                QVERIFY(content->isEmpty());
                continue;
            }
            const QString rev = QString::fromLatin1(side == Side::Old ? mr.mergeBase.toHex() : mr.head.toHex());
            const GitOutput git = runGit(repo, {QStringLiteral("cat-file"), QStringLiteral("blob"),
                                                rev + QLatin1Char(':') + QString::fromUtf8(file.path[side])});
            if (git.exitCode != 0 && !QByteArrayView(file.path[side]).isValidUtf8())
                continue; // the git CLI cannot be handed this name through argv as text
            QCOMPARE(git.exitCode, 0);
            QCOMPARE(content.value(), git.out);
        }
    }
}

void MergeRequestTest::titleAndDescriptionComeFromHead()
{
    const MergeRequest mr = open("modified");
    QCOMPARE(mr.title, QStringLiteral("Clamp compute3 at zero"));
    QCOMPARE(mr.description, QStringLiteral("Negative totals broke the report.\nSee issue 12."));
}

void MergeRequestTest::modifiedFileHunks()
{
    const MergeRequest mr = open("modified");
    QCOMPARE(mr.files.size(), 1);
    const FileDiff &f = mr.files.first();
    QCOMPARE(f.status, FileStatus::Modified);
    QCOMPARE(f.path[Side::Old], QByteArray("src/compute.cpp"));
    QCOMPARE(f.mode[Side::Old], FileMode::Regular);
    QCOMPARE(f.hunks.size(), 2);
    QCOMPARE(f.additions, 3);
    QCOMPARE(f.deletions, 1);
    // Function context comes from the nearest line starting with an identifier.
    QVERIFY2(f.hunks[0].header.endsWith("int compute3(const std::vector<int> &values)"), f.hunks[0].header.constData());
    QCOMPARE(mr.additions(), 3);
    QCOMPARE(mr.deletions(), 1);
}

void MergeRequestTest::renamesAndModes()
{
    const MergeRequest mr = open("renames");
    const FileDiff *exact = findFile(mr, "moved/a.txt");
    QVERIFY(exact);
    QCOMPARE(exact->status, FileStatus::Renamed);
    QCOMPARE(exact->similarity, 100);
    QCOMPARE(exact->path[Side::Old], QByteArray("exact/a.txt"));
    QVERIFY(exact->hunks.isEmpty());

    const FileDiff *edited = findFile(mr, "edited/b2.txt");
    QVERIFY(edited);
    QCOMPARE(edited->status, FileStatus::Renamed);
    QVERIFY(edited->similarity >= 50 && edited->similarity < 100);
    QCOMPARE(edited->additions, 1);
    QCOMPARE(edited->deletions, 2);

    const FileDiff *moded = findFile(mr, "moded/c2.sh");
    QVERIFY(moded);
    QCOMPARE(moded->status, FileStatus::Renamed);
    QCOMPARE(moded->mode[Side::Old], FileMode::Regular);
    QCOMPARE(moded->mode[Side::New], FileMode::Executable);

    // Nothing alike: a deletion and an addition, not a rename.
    QCOMPARE(findFile(mr, "unrelated-new.txt")->status, FileStatus::Added);
    QCOMPARE(findFile(mr, "unrelated.txt")->status, FileStatus::Deleted);

    DiffOptions copies;
    copies.findCopies = true;
    const MergeRequest withCopies = open("copies", copies);
    const FileDiff *copy = findFile(withCopies, "copy.txt");
    QVERIFY(copy);
    QCOMPARE(copy->status, FileStatus::Copied);
    QCOMPARE(copy->path[Side::Old], QByteArray("orig.txt"));
    QCOMPARE(findFile(open("copies"), "copy.txt")->status, FileStatus::Added);
}

void MergeRequestTest::addedDeletedAndEmptyFiles()
{
    const MergeRequest mr = open("added-deleted");
    const FileDiff *added = findFile(mr, "new.txt");
    QCOMPARE(added->status, FileStatus::Added);
    QVERIFY(!added->exists(Side::Old));
    QCOMPARE(added->hunks.size(), 1);
    QCOMPARE(added->hunks[0].oldStart, 0);
    QCOMPARE(added->additions, 5);
    // Like git, an empty file that appears where one vanished is an exact
    // rename; a second new empty file is an addition without hunks.
    const FileDiff *moved = findFile(mr, "new-empty");
    QCOMPARE(moved->status, FileStatus::Renamed);
    QCOMPARE(moved->path[Side::Old], QByteArray("gone-empty"));
    QCOMPARE(moved->similarity, 100);
    const FileDiff *empty = findFile(mr, "z-empty");
    QCOMPARE(empty->status, FileStatus::Added);
    QVERIFY(empty->hunks.isEmpty());
    const FileDiff *gone = findFile(mr, "gone.txt");
    QCOMPARE(gone->status, FileStatus::Deleted);
    QCOMPARE(gone->deletions, 20);
    QVERIFY(!findFile(mr, "stays.txt"));
}

void MergeRequestTest::binaryFilesAreNotDiffed()
{
    const MergeRequest mr = open("binary");
    const FileDiff *logo = findFile(mr, "img/logo.png");
    QVERIFY(logo->isBinary());
    QVERIFY(logo->binary[Side::Old] && logo->binary[Side::New]);
    QVERIFY(logo->hunks.isEmpty());
    QCOMPARE(logo->additions + logo->deletions, 0);
    QCOMPARE(findFile(mr, "renamed.bin")->status, FileStatus::Renamed);
    QVERIFY(findFile(mr, "new.bin")->binary[Side::New]);
    QVERIFY(!findFile(mr, "new.bin")->binary[Side::Old]);
}

void MergeRequestTest::typeChangeIsOneFileWithBothSides()
{
    const MergeRequest mr = open("typechange");
    const FileDiff *config = findFile(mr, "config");
    QCOMPARE(config->status, FileStatus::TypeChange);
    QCOMPARE(config->mode[Side::Old], FileMode::Regular);
    QCOMPARE(config->mode[Side::New], FileMode::Symlink);
    QCOMPARE(config->hunks.size(), 2);
    QCOMPARE(config->hunks[0].lines[0].kind, LineKind::Deleted);
    QCOMPARE(config->hunks[0].lines[0].text, QByteArray("key=value"));
    QCOMPARE(config->hunks[1].lines[0].kind, LineKind::Added);
    QCOMPARE(config->hunks[1].lines[0].text, QByteArray("keep"));
    QVERIFY(config->hunks[1].lines[0].missingNewline);
    QCOMPARE(findFile(mr, "current")->status, FileStatus::TypeChange);
}

void MergeRequestTest::submodulesShowTheirCommits()
{
    const MergeRequest mr = open("submodule");
    const FileDiff *changed = findFile(mr, "libs/changed");
    QVERIFY(changed->isSubmodule());
    QCOMPARE(changed->status, FileStatus::Modified);
    QCOMPARE(changed->hunks.size(), 1);
    QCOMPARE(changed->hunks[0].lines[0].text, QByteArray("Subproject commit " + QByteArray(40, '1')));
    QCOMPARE(changed->hunks[0].lines[1].text, QByteArray("Subproject commit " + QByteArray(40, '2')));
    QCOMPARE(findFile(mr, "libs/added")->status, FileStatus::Added);
    QCOMPARE(findFile(mr, "libs/removed")->status, FileStatus::Deleted);
    QVERIFY(mr.content(*changed, Side::New)->isEmpty());
}

void MergeRequestTest::missingNewlinesAreMarked()
{
    const MergeRequest mr = open("no-newline");
    const FileDiff *gains = findFile(mr, "gains.txt");
    QCOMPARE(gains->hunks[0].lines.size(), 3);
    QVERIFY(gains->hunks[0].lines[1].missingNewline);  // -b (old had no newline)
    QVERIFY(!gains->hunks[0].lines[2].missingNewline); // +b
    const FileDiff *loses = findFile(mr, "loses.txt");
    QVERIFY(!loses->hunks[0].lines[1].missingNewline);
    QVERIFY(loses->hunks[0].lines[2].missingNewline);
}

void MergeRequestTest::crlfAndNonUtf8BytesAreKept()
{
    const MergeRequest crlf = open("crlf");
    const FileDiff *win = findFile(crlf, "win.txt");
    QCOMPARE(win->hunks[0].lines[1].text, QByteArray("two\r"));
    QCOMPARE(win->hunks[0].lines[2].text, QByteArray("TWO\r"));

    const MergeRequest latin = open("non-utf8");
    const FileDiff *latin1 = findFile(latin, "latin1.txt");
    QVERIFY(latin1);
    QByteArrayList texts;
    for (const DiffLine &l : latin1->hunks[0].lines)
        texts << l.text;
    QVERIFY(texts.contains(QByteArray("na\xefve!")));
    QVERIFY(texts.contains(QByteArray("\xff\xfe")));
    QVERIFY(findFile(latin, QByteArray("na\xefve-name.txt")));
}

void MergeRequestTest::longLinesSurvive()
{
    const MergeRequest mr = open("long-lines");
    const FileDiff *wide = findFile(mr, "wide.txt");
    QCOMPARE(wide->hunks[0].lines[1].text.size(), 150001);
    QCOMPARE(wide->hunks[0].lines[2].text.at(75000), 'X');
    QCOMPARE(findFile(mr, "huge.txt")->hunks[0].lines[0].text.size(), 200000);
}

void MergeRequestTest::threeDotIgnoresWhatTheBaseDidAfterTheFork()
{
    const MergeRequest threeDot = open("base-moved-on");
    QVERIFY(threeDot.mergeBase != threeDot.base);
    QCOMPARE(threeDot.diffBase(), threeDot.mergeBase);
    QCOMPARE(threeDot.files.size(), 2);
    QVERIFY(findFile(threeDot, "feature.txt"));
    QVERIFY(!findFile(threeDot, "main-only.txt"));

    DiffOptions twoDotOptions;
    twoDotOptions.twoDot = true;
    const MergeRequest twoDot = open("base-moved-on", twoDotOptions);
    QCOMPARE(twoDot.diffBase(), twoDot.base);
    QCOMPARE(findFile(twoDot, "main-only.txt")->status, FileStatus::Deleted);
    QCOMPARE(findFile(twoDot, "target-only.txt")->status, FileStatus::Modified);
    QCOMPARE(findFile(twoDot, "shared.txt")->additions, 2);
}

void MergeRequestTest::emptyDiffIsNotAnError()
{
    const MergeRequest mr = open("empty-diff");
    QVERIFY(mr.files.isEmpty());
    QCOMPARE(mr.title, QStringLiteral("Empty change"));
}

namespace {

// Three files changed, each with contents of its own (no shared objects).
void threeChangedFiles(FixtureRepo &repo)
{
    FixtureRepo::Tree base, head;
    for (const char *name : {"a", "b", "c"}) {
        const QByteArray path = QByteArray("src/") + name + ".cpp";
        base[path] = file(cppSource(4) + "// " + name + "\n");
        head[path] = file(cppSource(4, "compute1", QByteArray("    total -= 1; // ") + name + "\n") + "// " + name + "\n");
    }
    const QByteArray root = repo.commit("main", base, "Base\n");
    repo.commit("feature", head, "Change\n", {root});
}

} // namespace

void MergeRequestTest::unreadableFileIsMarkedAndTheRestOpens_data()
{
    QTest::addColumn<QByteArray>("scenarioName");
    QTest::addColumn<QByteArray>("commitish");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("shownPath"); // the file's display path in the diff
    QTest::newRow("new side of a modified file") << QByteArray("three-files") << QByteArray("feature") << QByteArray("src/b.cpp")
                                                 << QByteArray("src/b.cpp");
    // Rename detection cannot read it: the files come without renames.
    QTest::newRow("old side of a rename") << QByteArray("renames") << QByteArray("main") << QByteArray("edited/b.txt") << QByteArray("edited/b.txt");
}

void MergeRequestTest::unreadableFileIsMarkedAndTheRestOpens()
{
    QFETCH(QByteArray, scenarioName);
    QFETCH(QByteArray, commitish);
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, shownPath);
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    if (scenarioName == "three-files")
        threeChangedFiles(repo);
    else
        scenario(scenarioName).build(repo);
    const QByteArray hex = repo.removeObject(commitish, path);
    auto mr = MergeRequest::open(dir.path(), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY2(mr.ok(), mr.ok() ? "" : qPrintable(mr.error().message));
    int unreadable = 0, withHunks = 0;
    for (const FileDiff &file : mr->files) {
        if (file.isReadable()) {
            withHunks += !file.hunks.isEmpty();
            continue;
        }
        ++unreadable;
        QCOMPARE(file.displayPath(), shownPath);
        QVERIFY(file.hunks.isEmpty());
        QVERIFY2(file.unreadable.contains(QString::fromLatin1("cannot read " + hex + " of " + path)), qPrintable(file.unreadable));
    }
    QCOMPARE(unreadable, 1);
    QVERIFY(withHunks >= 2);
}

void MergeRequestTest::streamedFilesEqualTheBuiltOnes_data()
{
    QTest::addColumn<int>("threads");
    QTest::newRow("one thread") << 1;
    QTest::newRow("three threads") << 3;
}

// More files than the stream keeps in memory at once, handed over in order.
void MergeRequestTest::streamedFilesEqualTheBuiltOnes()
{
    QFETCH(int, threads);
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    FixtureRepo::Tree base, head;
    for (int i = 0; i < 150; ++i) {
        const QByteArray path = "dir" + QByteArray::number(i % 7) + "/f" + QByteArray::number(i) + ".cpp";
        base[path] = file(cppSource(3 + i % 4));
        head[path] = file(cppSource(3 + i % 4, "compute" + QByteArray::number(i % 3), "    total += " + QByteArray::number(i) + ";\n"));
    }
    const QByteArray root = repo.commit("main", base, "Base\n");
    repo.commit("feature", head, "Change\n", {root});
    DiffOptions options;
    options.threads = threads;
    const auto built = MergeRequest::open(dir.path(), QStringLiteral("main"), QStringLiteral("feature"), options);
    QVERIFY(built.ok());
    QCOMPARE(built->files.size(), 150);
    QList<FileDiff> streamed;
    const auto mr = MergeRequest::open(dir.path(), QStringLiteral("main"), QStringLiteral("feature"), options,
                                       [&streamed](FileDiff &&f) {
                                           streamed.append(std::move(f));
                                           return true;
                                       });
    QVERIFY(mr.ok());
    QVERIFY(mr->files.isEmpty());
    QCOMPARE(mr->head, built->head);
    QCOMPARE(streamed.size(), built->files.size());
    for (qsizetype i = 0; i < streamed.size(); ++i) {
        QCOMPARE(streamed[i].displayPath(), built->files[i].displayPath());
        QCOMPARE(streamed[i].hunks.size(), built->files[i].hunks.size());
        for (qsizetype h = 0; h < streamed[i].hunks.size(); ++h) {
            QCOMPARE(streamed[i].hunks[h].header, built->files[i].hunks[h].header);
            QCOMPARE(streamed[i].hunks[h].lines.size(), built->files[i].hunks[h].lines.size());
            QCOMPARE(streamed[i].hunks[h].lines.last().text, built->files[i].hunks[h].lines.last().text);
        }
    }
}

void MergeRequestTest::streamStopsWhenTheConsumerSaysSo()
{
    int calls = 0;
    const auto mr = MergeRequest::open(m_repos.at("many-files"), QStringLiteral("main"), QStringLiteral("feature"), {},
                                       [&calls](FileDiff &&) { return ++calls < 3; });
    QVERIFY(mr.ok());
    QCOMPARE(calls, 3);
}

void MergeRequestTest::streamFailsBeforeTheFirstFileWhenAnObjectIsMissing()
{
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    threeChangedFiles(repo);
    const QByteArray hex = repo.removeObject("feature", "src/c.cpp");
    int calls = 0;
    const auto mr = MergeRequest::open(dir.path(), QStringLiteral("main"), QStringLiteral("feature"), {},
                                       [&calls](FileDiff &&) { return ++calls > 0; });
    QVERIFY(!mr.ok());
    QCOMPARE(calls, 0);
    QCOMPARE(mr.error().kind, Error::Kind::Object);
    QVERIFY2(mr.error().message.contains(QString::fromLatin1("cannot read " + hex + " of src/c.cpp")), qPrintable(mr.error().message));
}

QTEST_GUILESS_MAIN(MergeRequestTest)
#include "tst_mergerequest.moc"
