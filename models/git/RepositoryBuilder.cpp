#include "RepositoryBuilder.h"

#include <QCoreApplication>

#include "GitRepositoryPrivate.h"

#include <QDir>

#include <vector>

namespace rd {

using GitIndexPtr = GitPtr<git_index, git_index_free>;
using GitSignaturePtr = GitPtr<git_signature, git_signature_free>;
using GitReferencePtr = GitPtr<git_reference, git_reference_free>;

struct RepositoryBuilder::Private
{
    GitRepoPtr repo;
};

namespace {
constexpr qint64 ClockStart = 1700000000; // 2023-11-14, any fixed instant will do
}

Result<RepositoryBuilder> RepositoryBuilder::init(const QString &directory, bool bare)
{
    ensureLibgit2Initialised();
    if (!QDir().mkpath(directory))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "cannot create directory %1").arg(directory)};
    git_repository *raw = nullptr;
    if (git_repository_init(&raw, QFile::encodeName(directory).constData(), bare ? 1 : 0) < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot create a repository in %1").arg(directory));
    RepositoryBuilder builder;
    builder.d = std::make_shared<Private>();
    builder.d->repo.reset(raw);
    return builder;
}

QString RepositoryBuilder::gitDir() const
{
    return QDir::cleanPath(QFile::decodeName(git_repository_path(d->repo.get())));
}

Result<ObjectId> RepositoryBuilder::writeBlob(const QByteArray &content)
{
    git_oid oid;
    if (git_blob_create_from_buffer(&oid, d->repo.get(), content.constData(), static_cast<size_t>(content.size())) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot write a blob"));
    return toObjectId(oid);
}

std::optional<ObjectId> RepositoryBuilder::tip(const QByteArray &branch) const
{
    git_oid oid;
    if (git_reference_name_to_id(&oid, d->repo.get(), QByteArray("refs/heads/" + branch).constData()) < 0)
        return std::nullopt;
    return toObjectId(oid);
}

Result<ObjectId> RepositoryBuilder::commit(const QByteArray &branch, const Tree &tree, const QByteArray &message,
                                           const std::optional<QList<ObjectId>> &parents)
{
    git_repository *repo = d->repo.get();
    git_index *rawIndex = nullptr;
    if (git_index_new(&rawIndex) < 0)
        return gitError(Error::Kind::Internal, QCoreApplication::translate("rd::models", "cannot create an index"));
    GitIndexPtr index(rawIndex);
    for (const auto &[path, entry] : tree) {
        git_index_entry e{};
        e.path = path.constData();
        e.mode = entry.mode;
        if (entry.mode == FileMode::Gitlink) {
            e.id = toGitOid(ObjectId::fromHex(entry.content));
        } else {
            auto blob = writeBlob(entry.content);
            if (!blob)
                return blob.error();
            e.id = toGitOid(*blob);
        }
        if (git_index_add(index.get(), &e) < 0)
            return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot add %1").arg(QString::fromUtf8(path)));
    }
    git_oid treeId;
    if (git_index_write_tree_to(&treeId, index.get(), repo) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot write the tree"));
    git_tree *rawTree = nullptr;
    if (git_tree_lookup(&rawTree, repo, &treeId) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read the tree back"));
    GitTreePtr treeObject(rawTree);

    QList<ObjectId> parentIds;
    if (parents)
        parentIds = *parents;
    else if (auto current = tip(branch))
        parentIds.append(*current);
    std::vector<GitCommitPtr> owners;
    std::vector<const git_commit *> parentCommits;
    for (const ObjectId &id : parentIds) {
        const git_oid oid = toGitOid(id);
        git_commit *c = nullptr;
        if (git_commit_lookup(&c, repo, &oid) < 0)
            return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read parent %1").arg(QString::fromLatin1(id.toHex())));
        owners.emplace_back(c);
        parentCommits.push_back(c);
    }

    git_signature *rawSignature = nullptr;
    if (git_signature_new(&rawSignature, m_authorName.toUtf8().constData(), m_authorEmail.toUtf8().constData(),
                          ClockStart + 60 * (++m_clock), 0) < 0)
        return gitError(Error::Kind::Internal, QCoreApplication::translate("rd::models", "invalid author"));
    GitSignaturePtr signature(rawSignature);
    git_oid commitId;
    if (git_commit_create(&commitId, repo, nullptr, signature.get(), signature.get(), nullptr, message.constData(),
                          treeObject.get(), parentCommits.size(), parentCommits.data()) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot write the commit"));
    auto moved = setReference("refs/heads/" + branch, toObjectId(commitId));
    if (!moved)
        return moved.error();
    return toObjectId(commitId);
}

Result<bool> RepositoryBuilder::setReference(const QByteArray &name, const ObjectId &commit)
{
    const git_oid oid = toGitOid(commit);
    git_reference *out = nullptr;
    if (git_reference_create(&out, d->repo.get(), name.constData(), &oid, 1, "reviewdesk") < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot set %1").arg(QString::fromUtf8(name)));
    GitReferencePtr owner(out);
    return true;
}

Result<bool> RepositoryBuilder::annotatedTag(const QByteArray &name, const ObjectId &commit, const QByteArray &message)
{
    const git_oid oid = toGitOid(commit);
    git_object *target = nullptr;
    if (git_object_lookup(&target, d->repo.get(), &oid, GIT_OBJECT_COMMIT) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read the tag target"));
    GitObjectPtr owner(target);
    git_signature *rawSignature = nullptr;
    if (git_signature_new(&rawSignature, m_authorName.toUtf8().constData(), m_authorEmail.toUtf8().constData(), ClockStart, 0) < 0)
        return gitError(Error::Kind::Internal, QCoreApplication::translate("rd::models", "invalid tagger"));
    GitSignaturePtr signature(rawSignature);
    git_oid tagId;
    if (git_tag_create(&tagId, d->repo.get(), name.constData(), target, signature.get(), message.constData(), 1) < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot create tag %1").arg(QString::fromUtf8(name)));
    return true;
}

Result<bool> RepositoryBuilder::setHead(const QByteArray &branch)
{
    if (git_repository_set_head(d->repo.get(), QByteArray("refs/heads/" + branch).constData()) < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot point HEAD at %1").arg(QString::fromUtf8(branch)));
    return true;
}

} // namespace rd
