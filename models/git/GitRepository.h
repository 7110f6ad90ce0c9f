#pragma once

#include "ObjectId.h"
#include "Result.h"

#include <QByteArray>
#include <QString>

#include <memory>

namespace rd {

// Blobs larger than this are never read whole: a diff shows them as binary
// (as git does past core.bigFileThreshold, whose default this is) and asking
// for their content is an error.
inline constexpr qint64 BigFileBytes = qint64(512) << 20;

struct CommitInfo
{
    ObjectId id;
    QString summary; // first paragraph, folded to one line, as git shows it
    QString body;    // the rest of the message
    QString author;
};

struct Reference
{
    enum class Kind { Branch, RemoteBranch, Tag, Other };
    Kind kind = Kind::Other;
    QString name;      // full name, refs/heads/main
    QString shortName; // main
    ObjectId target;   // the commit it points at (tags peeled)
};

struct TreeEntry
{
    QByteArray path;
    ObjectId blob;
    quint32 mode = 0;
};

// A libgit2 repository as a value type. Copies share one handle; every call
// takes the handle's lock, so a copy may be used from any thread (work that
// wants parallelism opens its own repository per thread instead).
class GitRepository
{
public:
    GitRepository() = default;

    // Any path inside a work tree, a .git directory, or a bare repository.
    static Result<GitRepository> open(const QString &path);

    bool isValid() const { return d != nullptr; }
    bool isBare() const;
    QString gitDir() const;
    QString workDir() const; // empty for bare repositories

    // Any rev-spec libgit2 understands, peeled to a commit.
    Result<ObjectId> resolveCommit(const QString &revision) const;
    Result<ObjectId> mergeBase(const ObjectId &a, const ObjectId &b) const;
    Result<CommitInfo> commit(const ObjectId &id) const;
    Result<QByteArray> blob(const ObjectId &id) const;

    // Every file (blob or symlink) of a commit's tree, in tree order.
    Result<QList<TreeEntry>> treeEntries(const ObjectId &commit) const;

    // Branches, remote branches and tags that point at commits, sorted by kind then name.
    Result<QList<Reference>> references() const;
    // The newest commits reachable from `from` (HEAD and all branches when
    // empty), newest first.
    Result<QList<CommitInfo>> recentCommits(int count, const QString &from = {}) const;

    // AACR hunk review: the id of a commit's root tree (its retrieval index is cached by it).
    Result<ObjectId> treeId(const ObjectId &commit) const;

    // A nested class, so it reaches the members below as any member does.
    struct Private;

private:
    std::shared_ptr<Private> d;
};

// libgit2 must be initialised once per process before any other call.
void ensureLibgit2Initialised();

} // namespace rd
