#include "DemoMergeRequest.h"

#include <GitRepository.h>
#include <RepositoryBuilder.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>

namespace rd {
namespace {

const QString Base = QStringLiteral("main");
const QString Head = QStringLiteral("feature/reservations");

RepositoryBuilder::Tree treeFromResources(const QString &root)
{
    RepositoryBuilder::Tree tree;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QString relative = path.mid(root.size() + 1);
        const quint32 mode = relative.endsWith(QLatin1String(".sh")) ? FileMode::Executable : FileMode::Regular;
        tree[relative.toUtf8()] = {file.readAll(), mode};
    }
    return tree;
}

} // namespace

Result<MergeRequestRequest> ensureDemoMergeRequest(const QString &directory)
{
    const MergeRequestRequest request{directory, Base, Head, false, {}, {}};
    if (auto existing = GitRepository::open(directory); existing && existing->resolveCommit(Head))
        return request;
    if (QDir(directory).exists() && !QDir(directory).isEmpty())
        return Error{Error::Kind::Path, QStringLiteral("%1 exists but is not the demo repository; remove it to recreate the demo").arg(directory)};

    auto builder = RepositoryBuilder::init(directory);
    if (!builder)
        return builder.error();
    builder->setAuthor(QStringLiteral("Dana Reviewer"), QStringLiteral("dana@example.com"));
    const RepositoryBuilder::Tree base = treeFromResources(QStringLiteral(":/demo/base"));
    const RepositoryBuilder::Tree head = treeFromResources(QStringLiteral(":/demo/head"));
    if (base.empty() || head.empty())
        return Error{Error::Kind::Internal, QStringLiteral("the demo files are missing from the application's resources")};

    auto root = builder->commit(Base.toUtf8(), base, "Import the inventory library\n");
    if (!root)
        return root.error();
    auto change = builder->commit(Head.toUtf8(), head,
                                  "Add stock reservations\n\n"
                                  "Orders can now hold units before they ship: Stock::reserve() and\n"
                                  "Stock::release(), a reservation log for auditing, and a low-stock\n"
                                  "report that shows what is reserved. Stock is now safe to share\n"
                                  "between the order and warehouse threads.\n",
                                  QList<ObjectId>{*root});
    if (!change)
        return change.error();
    // The target moved on after the fork, as it does in real projects.
    RepositoryBuilder::Tree movedOn = base;
    movedOn["README.md"].content += "\nBuild and test with `scripts/check.sh`.\n";
    if (auto moved = builder->commit(Base.toUtf8(), movedOn, "Document how to run the checks\n"); !moved)
        return moved.error();
    if (auto head = builder->setHead(Head.toUtf8()); !head)
        return head.error();
    return request;
}

} // namespace rd
