// diffBlobs (BlobDiff.h): one file's hunks, counts and binary flags from its
// two blobs, as DiffBuilder's workers make them. tst_diffparity compares
// whole diffs with git's; this tests the one-file step on its own.

#include "BlobDiff.h"
#include "GitRepositoryPrivate.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <git2.h>

using namespace rd;

class BlobDiffTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void changedLinesAreCountedAndNumberedOnTheirSides();
    void aMissingOldSideIsAnAddedFileWithItsMissingNewline();
    void lineTextsOutliveTheBlobsInTheirHunksBuffer();
    void binaryContentMarksItsSideBinaryWithoutHunks();
    void equalBlobsGiveNoHunks();

private:
    GitBlobPtr blob(const QByteArray &content);
    FileDiff file() const;

    QTemporaryDir m_dir;
    GitRepoPtr m_repo;
    git_diff_options m_options{};
};

void BlobDiffTest::initTestCase()
{
    git_libgit2_init();
    QCOMPARE(git_diff_options_init(&m_options, GIT_DIFF_OPTIONS_VERSION), 0);
}

void BlobDiffTest::cleanupTestCase()
{
    git_libgit2_shutdown();
}

void BlobDiffTest::init()
{
    QVERIFY(m_dir.isValid());
    git_repository *repo = nullptr;
    QCOMPARE(git_repository_init(&repo, QFile::encodeName(m_dir.filePath(QStringLiteral("repo"))).constData(), true), 0);
    m_repo.reset(repo);
}

void BlobDiffTest::cleanup()
{
    m_repo.reset();
}

GitBlobPtr BlobDiffTest::blob(const QByteArray &content)
{
    git_oid oid;
    if (git_blob_create_from_buffer(&oid, m_repo.get(), content.constData(), static_cast<size_t>(content.size())) < 0)
        return {};
    git_blob *out = nullptr;
    if (git_blob_lookup(&out, m_repo.get(), &oid) < 0)
        return {};
    return GitBlobPtr(out);
}

FileDiff BlobDiffTest::file() const
{
    FileDiff f;
    f.path[Side::Old] = f.path[Side::New] = QByteArrayLiteral("notes.txt");
    f.mode[Side::Old] = f.mode[Side::New] = FileMode::Regular;
    return f;
}

void BlobDiffTest::changedLinesAreCountedAndNumberedOnTheirSides()
{
    const auto oldBlob = blob("a\nb\nc\n");
    const auto newBlob = blob("a\nB\nc\nd\n");
    QVERIFY(oldBlob && newBlob);
    FileDiff f = file();
    const auto diffed = diffBlobs(f, oldBlob.get(), newBlob.get(), m_options, true, false);
    QVERIFY2(diffed, diffed ? "" : qPrintable(diffed.error().message));
    QCOMPARE(f.additions, 2);
    QCOMPARE(f.deletions, 1);
    QCOMPARE(f.hunks.size(), 1);
    const Hunk &h = f.hunks.first();
    QCOMPARE(h.header, QByteArrayLiteral("@@ -1,3 +1,4 @@"));
    QCOMPARE(h.lines.size(), 5);
    const struct
    {
        LineKind kind;
        int oldLine;
        int newLine;
        QByteArray text;
    } expected[] = {{LineKind::Context, 1, 1, "a"}, {LineKind::Deleted, 2, 0, "b"}, {LineKind::Added, 0, 2, "B"},
                    {LineKind::Context, 3, 3, "c"}, {LineKind::Added, 0, 4, "d"}};
    for (int i = 0; i < 5; ++i) {
        QCOMPARE(static_cast<int>(h.lines[i].kind), static_cast<int>(expected[i].kind));
        QCOMPARE(h.lines[i].oldLine, expected[i].oldLine);
        QCOMPARE(h.lines[i].newLine, expected[i].newLine);
        QCOMPARE(h.lines[i].text, expected[i].text);
        QVERIFY(!h.lines[i].missingNewline);
    }
    QVERIFY(!f.isBinary());
}

void BlobDiffTest::aMissingOldSideIsAnAddedFileWithItsMissingNewline()
{
    const auto newBlob = blob("x\ny");
    QVERIFY(newBlob);
    FileDiff f = file();
    f.mode[Side::Old] = FileMode::None;
    const auto diffed = diffBlobs(f, nullptr, newBlob.get(), m_options, true, false);
    QVERIFY2(diffed, diffed ? "" : qPrintable(diffed.error().message));
    QCOMPARE(f.additions, 2);
    QCOMPARE(f.deletions, 0);
    QCOMPARE(f.hunks.size(), 1);
    QCOMPARE(f.hunks.first().header, QByteArrayLiteral("@@ -0,0 +1,2 @@"));
    QCOMPARE(f.hunks.first().lines.size(), 2);
    QVERIFY(!f.hunks.first().lines[0].missingNewline);
    QVERIFY(f.hunks.first().lines[1].missingNewline);
    QCOMPARE(f.hunks.first().lines[1].text, QByteArrayLiteral("y"));
}

void BlobDiffTest::lineTextsOutliveTheBlobsInTheirHunksBuffer()
{
    FileDiff f = file();
    {
        auto oldBlob = blob("one\ntwo\n");
        auto newBlob = blob("one\nthree\n");
        QVERIFY(oldBlob && newBlob);
        const auto diffed = diffBlobs(f, oldBlob.get(), newBlob.get(), m_options, false, true);
        QVERIFY2(diffed, diffed ? "" : qPrintable(diffed.error().message));
    }
    m_repo.reset(); // the blobs' memory is gone with the repository
    QCOMPARE(f.hunks.size(), 1);
    const Hunk &h = f.hunks.first();
    QCOMPARE(h.text, QByteArrayLiteral("onetwothree"));
    QStringList texts;
    for (const DiffLine &line : h.lines) {
        QVERIFY(line.text.constData() >= h.text.constData() && line.text.constData() + line.text.size() <= h.text.constData() + h.text.size());
        texts << QString::fromLatin1(line.text);
    }
    QCOMPARE(texts, (QStringList{QStringLiteral("one"), QStringLiteral("two"), QStringLiteral("three")}));
}

void BlobDiffTest::binaryContentMarksItsSideBinaryWithoutHunks()
{
    const auto oldBlob = blob("text\n");
    const auto newBlob = blob(QByteArray("bin\0ary\n", 8));
    QVERIFY(oldBlob && newBlob);
    FileDiff f = file();
    const auto diffed = diffBlobs(f, oldBlob.get(), newBlob.get(), m_options, true, false);
    QVERIFY2(diffed, diffed ? "" : qPrintable(diffed.error().message));
    QVERIFY(f.binary[Side::New]);
    QVERIFY(!f.binary[Side::Old]);
    QCOMPARE(f.hunks.size(), 0);
    QCOMPARE(f.additions, 0);
}

void BlobDiffTest::equalBlobsGiveNoHunks()
{
    const auto oldBlob = blob("same\n");
    const auto newBlob = blob("same\n");
    QVERIFY(oldBlob && newBlob);
    FileDiff f = file();
    const auto diffed = diffBlobs(f, oldBlob.get(), newBlob.get(), m_options, true, false);
    QVERIFY2(diffed, diffed ? "" : qPrintable(diffed.error().message));
    QCOMPARE(f.hunks.size(), 0);
    QCOMPARE(f.additions + f.deletions, 0);
    QVERIFY(!f.isBinary());
}

QTEST_GUILESS_MAIN(BlobDiffTest)
#include "tst_blobdiff.moc"
