// The benchmarks' workspace generator: the shape asked for is the shape
// written (merge requests, the large one, those without code, judgements per
// annotator, assignments) and each merge request with code is a real
// base..head diff of three files in the generated repository.

#include <GeneratedWorkspace.h>
#include <GitRepository.h>
#include <MergeRequestLoader.h>
#include <SqlWorkspaceStore.h>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class GeneratedWorkspaceTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void shapeAskedForIsTheShapeWritten();
    void mergeRequestWithCodeIsAThreeFileDiffInTheRepository();
    void readingBackFindsTheSameMergeRequests();

private:
    static WorkspaceShape smallShape();
};

WorkspaceShape GeneratedWorkspaceTest::smallShape()
{
    WorkspaceShape shape;
    shape.mergeRequests = 10;
    shape.comments = 190;
    shape.largeMergeRequestComments = 100; // the other nine share 90
    shape.withoutCodeEvery = 5;            // merge requests 4 and 9
    shape.annotators = {QStringLiteral("alice"), QStringLiteral("bob")};
    shape.judgedEvery = {2, 5};
    shape.assignments = true;
    shape.repository = true;
    shape.runRecordBytes = 10;
    return shape;
}

void GeneratedWorkspaceTest::shapeAskedForIsTheShapeWritten()
{
    QTemporaryDir dir;
    const auto generated = generateWorkspace(dir.path(), smallShape());
    QVERIFY2(generated, qPrintable(generated ? QString() : generated.error().message));
    QCOMPARE(generated->comments, 190);
    QCOMPARE(generated->codeLinked, (QList<bool>{true, true, true, true, false, true, true, true, true, false}));
    auto store = SqlWorkspaceStore::open(generated->path);
    QVERIFY(store);
    const auto entries = (*store)->mergeRequests();
    QCOMPARE(entries->size(), 10);
    QVERIFY(!entries->at(4).codeLinked);
    QVERIFY(!entries->at(4).url.isEmpty());
    CommentQuery large;
    large.mergeRequest = generated->largeMergeRequest;
    QCOMPARE((*store)->comments(large)->size(), 100);
    CommentQuery other;
    other.mergeRequest = generated->mergeRequests[3];
    QCOMPARE((*store)->comments(other)->size(), 10);
    // alice every 2nd comment, bob every 5th.
    QCOMPARE((*store)->judgements({}, QStringLiteral("alice"))->size(), 95);
    QCOMPARE((*store)->judgements({}, QStringLiteral("bob"))->size(), 38);
    QCOMPARE(generated->judgements, 95 + 38);
    QCOMPARE((*store)->assignments(generated->mergeRequests[0])->size(), 2);
}

void GeneratedWorkspaceTest::mergeRequestWithCodeIsAThreeFileDiffInTheRepository()
{
    QTemporaryDir dir;
    const auto generated = generateWorkspace(dir.path(), smallShape());
    QVERIFY(generated);
    auto store = SqlWorkspaceStore::open(generated->path);
    const auto entry = (*store)->mergeRequest(generated->mergeRequests[1]);
    QCOMPARE(entry->repository, generated->repository);
    MergeRequestLoader loader;
    QSignalSpy opened(&loader, &MergeRequestLoader::opened);
    QVERIFY(loader.open({entry->repository, entry->base, entry->head, false, {}, {}}, DiffOptions{}));
    QVERIFY(opened.wait(30000));
    const auto mr = loader.result();
    QCOMPARE(mr->files.size(), 3);
    for (const FileDiff &file : mr->files)
        QCOMPARE(file.additions, 10); // every 12th of 120 lines
}

void GeneratedWorkspaceTest::readingBackFindsTheSameMergeRequests()
{
    QTemporaryDir dir;
    const auto generated = generateWorkspace(dir.path(), smallShape());
    QVERIFY(generated);
    const auto read = readGeneratedWorkspace(dir.path());
    QVERIFY(read);
    QCOMPARE(read->mergeRequests, generated->mergeRequests);
    QCOMPARE(read->codeLinked, generated->codeLinked);
    QCOMPARE(read->largeMergeRequest, generated->largeMergeRequest);
    QCOMPARE(read->repository, generated->repository);
}

QTEST_MAIN(GeneratedWorkspaceTest)
#include "tst_generatedworkspace.moc"
