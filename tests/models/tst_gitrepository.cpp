#include <FixtureRepo.h>
#include <GitRepository.h>
#include <Scenarios.h>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class GitRepositoryTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void opensAnyPathOfARepository_data();
    void opensAnyPathOfARepository();
    void refusesWhatIsNotARepository();
    void resolvesRevisions_data();
    void resolvesRevisions();
    void reportsBadRevisions_data();
    void reportsBadRevisions();
    void findsMergeBase();
    void readsCommitsAndBlobs();

private:
    QTemporaryDir m_root;
    QString m_work, m_bare;
    QByteArray m_root1, m_feature, m_blob;
};

void GitRepositoryTest::initTestCase()
{
    m_work = m_root.filePath(QStringLiteral("work"));
    m_bare = m_root.filePath(QStringLiteral("bare.git"));
    for (const bool bare : {false, true}) {
        FixtureRepo repo(bare ? m_bare : m_work, bare);
        m_root1 = repo.commit("main", {{"a.txt", file("a\n")}}, "Root\n");
        repo.commit("feature", {{"a.txt", file("a\nb\n")}}, "Add b\n", {m_root1});
        m_feature = repo.commit("feature", {{"a.txt", file("a\nb\nc\n")}}, "Add c\n\nLonger explanation\nof c.\n");
        repo.setReference("refs/pull/12/head", m_feature);
        repo.setReference("refs/tags/light", m_root1);
        repo.annotatedTag("v1.0", m_feature, "Release\n");
        repo.commit("orphan", {{"z.txt", file("z\n")}}, "Unrelated\n", {});
        m_blob = repo.blobId("a\n");
    }
    QDir().mkpath(m_work + QStringLiteral("/src/deep"));
}

void GitRepositoryTest::opensAnyPathOfARepository_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("bare");
    QTest::newRow("work tree") << QStringLiteral("work") << false;
    QTest::newRow("subdirectory") << QStringLiteral("work/src/deep") << false;
    QTest::newRow(".git directory") << QStringLiteral("work/.git") << false;
    QTest::newRow("bare") << QStringLiteral("bare.git") << true;
}

void GitRepositoryTest::opensAnyPathOfARepository()
{
    QFETCH(QString, path);
    QFETCH(bool, bare);
    const auto repo = GitRepository::open(m_root.filePath(path));
    QVERIFY2(repo.ok(), repo ? "" : qPrintable(repo.error().message));
    QCOMPARE(repo->isBare(), bare);
    QCOMPARE(repo->gitDir(), bare ? QDir::cleanPath(m_bare) : QDir::cleanPath(m_work + QStringLiteral("/.git")));
    QCOMPARE(repo->workDir().isEmpty(), bare);
    QCOMPARE(repo->resolveCommit(QStringLiteral("feature"))->toHex(), m_feature);
}

void GitRepositoryTest::refusesWhatIsNotARepository()
{
    const auto missing = GitRepository::open(m_root.filePath(QStringLiteral("nowhere")));
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, Error::Kind::Path);
    QVERIFY(missing.error().message.contains(QStringLiteral("nowhere")));

    QTemporaryDir plain;
    const auto notRepo = GitRepository::open(plain.path());
    QVERIFY(!notRepo);
    QCOMPARE(notRepo.error().kind, Error::Kind::Repository);
    QVERIFY(notRepo.error().message.contains(QStringLiteral("not a git repository")));

    const auto empty = GitRepository::open(QString());
    QVERIFY(!empty);
    QCOMPARE(empty.error().kind, Error::Kind::Path);
}

void GitRepositoryTest::resolvesRevisions_data()
{
    QTest::addColumn<QString>("revision");
    QTest::addColumn<bool>("isFeature");
    QTest::newRow("full sha") << QString::fromLatin1(m_feature) << true;
    QTest::newRow("abbreviated sha") << QString::fromLatin1(m_feature.left(8)) << true;
    QTest::newRow("branch") << QStringLiteral("feature") << true;
    QTest::newRow("full ref") << QStringLiteral("refs/heads/feature") << true;
    QTest::newRow("pull ref") << QStringLiteral("refs/pull/12/head") << true;
    QTest::newRow("annotated tag") << QStringLiteral("v1.0") << true;
    QTest::newRow("lightweight tag") << QStringLiteral("light") << false;
    QTest::newRow("ancestry") << QStringLiteral("feature~2") << false;
    QTest::newRow("peel") << QStringLiteral("v1.0^{commit}") << true;
}

void GitRepositoryTest::resolvesRevisions()
{
    QFETCH(QString, revision);
    QFETCH(bool, isFeature);
    const auto repo = GitRepository::open(m_work);
    const auto id = repo->resolveCommit(revision);
    QVERIFY2(id.ok(), id ? "" : qPrintable(id.error().message));
    QCOMPARE(id->toHex(), isFeature ? m_feature : m_root1);
}

void GitRepositoryTest::reportsBadRevisions_data()
{
    QTest::addColumn<QString>("revision");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown") << QStringLiteral("no-such-branch") << QStringLiteral("unknown revision 'no-such-branch'");
    QTest::newRow("empty") << QString() << QStringLiteral("empty revision");
    QTest::newRow("blob") << QString::fromLatin1(m_blob) << QStringLiteral("names a blob, not a commit");
    QTest::newRow("tree") << QStringLiteral("feature^{tree}") << QStringLiteral("names a tree, not a commit");
    QTest::newRow("too far back") << QStringLiteral("feature~10") << QStringLiteral("unknown revision");
    QTest::newRow("range") << QStringLiteral("main..feature") << QStringLiteral("revision 'main..feature'");
}

void GitRepositoryTest::reportsBadRevisions()
{
    QFETCH(QString, revision);
    QFETCH(QString, message);
    const auto repo = GitRepository::open(m_work);
    const auto id = repo->resolveCommit(revision);
    QVERIFY(!id);
    QCOMPARE(id.error().kind, Error::Kind::Revision);
    QVERIFY2(id.error().message.contains(message), qPrintable(id.error().message));
}

void GitRepositoryTest::findsMergeBase()
{
    const auto repo = GitRepository::open(m_bare);
    const auto base = repo->mergeBase(*repo->resolveCommit(QStringLiteral("main")), *repo->resolveCommit(QStringLiteral("feature")));
    QVERIFY(base.ok());
    QCOMPARE(base->toHex(), m_root1);
    const auto none = repo->mergeBase(*repo->resolveCommit(QStringLiteral("orphan")), *repo->resolveCommit(QStringLiteral("feature")));
    QVERIFY(!none);
    QVERIFY(none.error().message.contains(QStringLiteral("no common ancestor")));
}

void GitRepositoryTest::readsCommitsAndBlobs()
{
    const auto repo = GitRepository::open(m_work);
    const auto info = repo->commit(ObjectId::fromHex(m_feature));
    QVERIFY(info.ok());
    QCOMPARE(info->summary, QStringLiteral("Add c"));
    QCOMPARE(info->body, QStringLiteral("Longer explanation\nof c."));
    QCOMPARE(info->author, QStringLiteral("Fixture Author"));
    QCOMPARE(repo->blob(ObjectId::fromHex(m_blob)).value(), QByteArray("a\n"));
    const auto missing = repo->blob(ObjectId::fromHex(QByteArray(40, 'e')));
    QVERIFY(!missing);
    QCOMPARE(missing.error().kind, Error::Kind::Object);
}

QTEST_GUILESS_MAIN(GitRepositoryTest)
#include "tst_gitrepository.moc"
