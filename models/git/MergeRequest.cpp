#include "MergeRequest.h"

#include "DiffBuilder.h"

#include <QCoreApplication>

#include <numeric>

namespace rd {

namespace {

// Everything but the files: revisions, merge base, title and description.
Result<MergeRequest> resolve(const QString &repositoryPath, const QString &baseRevision, const QString &headRevision,
                             const DiffOptions &options)
{
    auto repository = GitRepository::open(repositoryPath);
    if (!repository)
        return repository.error();

    MergeRequest mr;
    mr.repository = repository.value();
    mr.baseRevision = baseRevision;
    mr.headRevision = headRevision;
    mr.options = options;

    auto base = mr.repository.resolveCommit(baseRevision);
    if (!base)
        return base.error();
    auto head = mr.repository.resolveCommit(headRevision);
    if (!head)
        return head.error();
    mr.base = base.value();
    mr.head = head.value();

    auto mergeBase = mr.repository.mergeBase(mr.base, mr.head);
    if (mergeBase)
        mr.mergeBase = mergeBase.value();
    else if (!options.twoDot)
        return Error{Error::Kind::Revision, QCoreApplication::translate("rd::models", "%1...%2: %3 (compare base and head directly: two-dot)")
                                                .arg(baseRevision, headRevision, mergeBase.error().message)};

    auto headCommit = mr.repository.commit(mr.head);
    if (!headCommit)
        return headCommit.error();
    mr.title = headCommit->summary;
    mr.description = headCommit->body;
    return mr;
}

} // namespace

Result<MergeRequest> MergeRequest::open(const QString &repositoryPath, const QString &baseRevision,
                                        const QString &headRevision, const DiffOptions &options)
{
    auto mr = resolve(repositoryPath, baseRevision, headRevision, options);
    if (!mr)
        return mr;
    auto files = buildDiff(mr->repository, mr->diffBase(), mr->head, options);
    if (!files)
        return files.error();
    mr->files = std::move(files).value();
    return mr;
}

Result<MergeRequest> MergeRequest::open(const QString &repositoryPath, const QString &baseRevision,
                                        const QString &headRevision, const DiffOptions &options,
                                        const std::function<bool(FileDiff &&)> &consume)
{
    auto mr = resolve(repositoryPath, baseRevision, headRevision, options);
    if (!mr)
        return mr;
    auto streamed = streamDiff(mr->repository, mr->diffBase(), mr->head, options, consume);
    if (!streamed)
        return streamed.error();
    return mr;
}

Result<QByteArray> MergeRequest::content(const FileDiff &file, Side side) const
{
    if (!file.exists(side) || file.mode[side] == FileMode::Gitlink)
        return QByteArray();
    return repository.blob(file.blob[side]);
}

int MergeRequest::additions() const
{
    return std::accumulate(files.begin(), files.end(), 0, [](int sum, const FileDiff &f) { return sum + f.additions; });
}

int MergeRequest::deletions() const
{
    return std::accumulate(files.begin(), files.end(), 0, [](int sum, const FileDiff &f) { return sum + f.deletions; });
}

} // namespace rd
