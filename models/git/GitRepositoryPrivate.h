#pragma once

// Internal to models/: the raw libgit2 handles behind the value types.

#include "GitRepository.h"

#include <git2.h>

#include <memory>
#include <mutex>

namespace rd {

template <typename T, void (*Free)(T *)>
using GitPtr = std::unique_ptr<T, std::integral_constant<decltype(Free), Free>>;

using GitObjectPtr = GitPtr<git_object, git_object_free>;
using GitCommitPtr = GitPtr<git_commit, git_commit_free>;
using GitTreePtr = GitPtr<git_tree, git_tree_free>;
using GitBlobPtr = GitPtr<git_blob, git_blob_free>;
using GitDiffPtr = GitPtr<git_diff, git_diff_free>;
using GitPatchPtr = GitPtr<git_patch, git_patch_free>;
using GitRepoPtr = GitPtr<git_repository, git_repository_free>;

struct GitRepository::Private
{
    GitRepoPtr repo;
    mutable std::mutex lock;

    static const Private *of(const GitRepository &r) { return r.d.get(); }
};

// libgit2 keeps its last error per thread: copy it the moment a call fails.
Error gitError(Error::Kind kind, const QString &context);

inline ObjectId toObjectId(const git_oid &oid) { return ObjectId(oid.id); }

// The tree of a commit, with the error a user can read when either is missing.
Result<GitTreePtr> commitTree(git_repository *repo, const ObjectId &commit);
inline git_oid toGitOid(const ObjectId &id)
{
    git_oid oid;
    git_oid_fromraw(&oid, id.data());
    return oid;
}

} // namespace rd
