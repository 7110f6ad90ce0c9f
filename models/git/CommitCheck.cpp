#include "CommitCheck.h"

#include "GitRepository.h"

#include <QCoreApplication>
#include <QDir>

namespace rd {

QString missingCommits(const QString &path, const QString &base, const QString &head)
{
    auto repository = GitRepository::open(path);
    if (!repository)
        return repository.error().message;
    for (const QString &revision : {base, head})
        if (auto commit = repository->resolveCommit(revision); !commit)
            return QCoreApplication::translate("rd::models", "commit %1 is not in %2").arg(revision.left(12), QDir::toNativeSeparators(path));
    return {};
}

} // namespace rd
