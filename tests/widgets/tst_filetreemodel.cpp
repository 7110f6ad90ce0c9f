#include <FileTreeModel.h>
#include <FixtureRepo.h>
#include <Scenarios.h>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

class FileTreeModelTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init() { QSettings().clear(); } // viewed marks persist: start each test clean
    void passesTheModelTester();
    void buildsAFolderTree();
    void showsRenamesAndCounts();
    void filtersByNameStatusAndViewed();
    void viewedMarksPersistPerContent();

private:
    std::shared_ptr<const MergeRequest> open(const QByteArray &scenario);
    QTemporaryDir m_root;
};

void FileTreeModelTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    buildScenarios(m_root.path(), {"many-files", "renames", "added-deleted"});
}

std::shared_ptr<const MergeRequest> FileTreeModelTest::open(const QByteArray &scenario)
{
    auto mr = MergeRequest::open(m_root.filePath(QString::fromLatin1(scenario)), QStringLiteral("main"), QStringLiteral("feature"));
    if (!mr)
        qFatal("%s", qPrintable(mr.error().message));
    return std::make_shared<MergeRequest>(std::move(mr).value());
}

void FileTreeModelTest::passesTheModelTester()
{
    FileTreeModel model;
    FileFilterModel filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester filterTester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setMergeRequest(open("many-files"));
    filter.setFilterWords(QStringLiteral("pkg1"));
    filter.setFilterWords(QStringLiteral("modified is:unviewed"));
    model.setViewed(0, true);
    filter.setFilterWords(QString());
    model.setMergeRequest(open("renames"));
    model.setMergeRequest(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void FileTreeModelTest::buildsAFolderTree()
{
    FileTreeModel model;
    model.setMergeRequest(open("many-files"));
    // Four package folders, each with five modified files (every third of 60).
    QCOMPARE(model.rowCount(), 4);
    int files = 0;
    for (int r = 0; r < model.rowCount(); ++r) {
        const QModelIndex folder = model.index(r, 0);
        QCOMPARE(folder.data(FileTreeModel::FileIndexRole).toInt(), -1);
        QVERIFY(folder.data().toString().startsWith(QLatin1String("pkg")));
        files += model.rowCount(folder);
        for (int f = 0; f < model.rowCount(folder); ++f) {
            const QModelIndex file = model.index(f, 0, folder);
            QVERIFY(file.data(FileTreeModel::FileIndexRole).toInt() >= 0);
            QCOMPARE(model.indexOfFile(file.data(FileTreeModel::FileIndexRole).toInt()), file);
            QCOMPARE(file.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
            QVERIFY(!file.data(Qt::DecorationRole).value<QIcon>().isNull());
        }
    }
    QCOMPARE(files, 20);

    // A chain of single folders is shown as one: dir/sub.
    FileTreeModel added;
    added.setMergeRequest(open("added-deleted"));
    QStringList topLevel;
    for (int r = 0; r < added.rowCount(); ++r)
        topLevel << added.index(r, 0).data().toString();
    QVERIFY2(topLevel.contains(QStringLiteral("dir/sub")), qPrintable(topLevel.join(QLatin1Char(','))));
    QCOMPARE(topLevel.first(), QStringLiteral("dir/sub")); // folders before files
}

void FileTreeModelTest::showsRenamesAndCounts()
{
    FileTreeModel model;
    auto mr = open("renames");
    model.setMergeRequest(mr);
    bool sawRename = false;
    for (int i = 0; i < mr->files.size(); ++i) {
        const QModelIndex index = model.indexOfFile(i);
        const FileDiff &file = mr->files[i];
        QCOMPARE(index.siblingAtColumn(FileTreeModel::ChangesColumn).data().toString(),
                 QStringLiteral("+%1 −%2").arg(file.additions).arg(file.deletions));
        if (file.path[Side::New] == "edited/b2.txt") {
            QCOMPARE(index.data().toString(), QStringLiteral("b.txt → b2.txt"));
            sawRename = true;
        }
        if (file.path[Side::New] == "moved/a.txt")
            QCOMPARE(index.data().toString(), QStringLiteral("exact/a.txt → a.txt"));
    }
    QVERIFY(sawRename);
}

void FileTreeModelTest::filtersByNameStatusAndViewed()
{
    FileTreeModel model;
    model.setMergeRequest(open("added-deleted"));
    FileFilterModel filter;
    filter.setSourceModel(&model);
    auto fileCount = [&filter]() {
        int count = 0;
        std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int r = 0; r < filter.rowCount(parent); ++r) {
                const QModelIndex i = filter.index(r, 0, parent);
                if (i.data(FileTreeModel::FileIndexRole).toInt() >= 0)
                    ++count;
                else
                    walk(i);
            }
        };
        walk({});
        return count;
    };
    QCOMPARE(fileCount(), 5); // new.txt, z-empty, dir/sub/deep.txt, gone.txt, new-empty (renamed)
    filter.setFilterWords(QStringLiteral("added"));
    QCOMPARE(fileCount(), 3);
    filter.setFilterWords(QStringLiteral("DEEP"));
    QCOMPARE(fileCount(), 1);
    QCOMPARE(filter.rowCount(), 1); // the folder stays around its match
    filter.setFilterWords(QStringLiteral("added new"));
    QCOMPARE(fileCount(), 1);
    filter.setFilterWords(QStringLiteral("renamed"));
    QCOMPARE(fileCount(), 1);
    model.setViewed(0, true);
    filter.setFilterWords(QStringLiteral("is:viewed"));
    QCOMPARE(fileCount(), 1);
    filter.setFilterWords(QStringLiteral("is:unviewed"));
    QCOMPARE(fileCount(), 4);
    filter.setFilterWords(QStringLiteral("nothing-matches-this"));
    QCOMPARE(filter.rowCount(), 0);
}

void FileTreeModelTest::viewedMarksPersistPerContent()
{
    auto mr = open("many-files");
    {
        FileTreeModel model;
        model.setMergeRequest(mr);
        QSignalSpy spy(&model, &FileTreeModel::viewedChanged);
        QVERIFY(model.setData(model.indexOfFile(2), Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(spy.count(), 1);
        QVERIFY(model.isViewed(2));
    }
    FileTreeModel reopened;
    reopened.setMergeRequest(open("many-files"));
    QVERIFY(reopened.isViewed(2));
    QVERIFY(!reopened.isViewed(3));
    reopened.setViewed(2, false);
    FileTreeModel again;
    again.setMergeRequest(mr);
    QVERIFY(!again.isViewed(2));
    // Another merge request does not share the marks.
    FileTreeModel other;
    other.setMergeRequest(open("renames"));
    QVERIFY(!other.isViewed(0));
}

QTEST_MAIN(FileTreeModelTest)
#include "tst_filetreemodel.moc"
