#include "GitRepositoryPrivate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include <algorithm>

#if defined(Q_OS_UNIX)
#include <dlfcn.h>
#endif

namespace rd {

void ensureLibgit2Initialised()
{
    // git_libgit2_init is reference counted; one call kept for the process
    // lifetime is what we want (shutting down at exit races with threads).
    static const int once = [] {
#if defined(Q_OS_UNIX)
        // libgit2 initialises libssh2 when it starts, and libssh2 then loads
        // and registers all of OpenSSL's engines: 1.6 MiB and a few
        // milliseconds in every process, for SSH connections ReviewDesk never
        // opens. OpenSSL 1.1 and later initialise themselves on first use, so
        // libssh2 is initialised first without its crypto set-up
        // (LIBSSH2_INIT_NO_CRYPTO, libssh2's flag for this); libgit2's own
        // call then only counts. Looked up at run time because libgit2 may be
        // built without libssh2.
        using Libssh2Init = int (*)(int);
        constexpr int libssh2InitNoCrypto = 0x0001;
        if (const auto libssh2Init = reinterpret_cast<Libssh2Init>(dlsym(RTLD_DEFAULT, "libssh2_init")))
            libssh2Init(libssh2InitNoCrypto);
#endif
        const int rc = git_libgit2_init();
        // git does not re-hash every object it reads; libgit2 does by default,
        // which costs a fifth of a large diff. Corruption is still caught by
        // zlib and by object-type checks.
        git_libgit2_opts(GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION, 0);
        return rc;
    }();
    Q_UNUSED(once);
}

Error gitError(Error::Kind kind, const QString &context)
{
    const git_error *e = git_error_last();
    QString detail = e && e->message ? QString::fromUtf8(e->message).trimmed() : QString();
    return {kind, detail.isEmpty() ? context : context + QStringLiteral(": ") + detail};
}

Result<GitRepository> GitRepository::open(const QString &path)
{
    ensureLibgit2Initialised();
    if (path.isEmpty())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "no repository path given")};
    const QFileInfo info(path);
    if (!info.exists())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::models", "no such file or directory: %1").arg(path)};

    git_repository *raw = nullptr;
    const QByteArray native = QFile::encodeName(info.absoluteFilePath());
    const int rc = git_repository_open_ext(&raw, native.constData(), 0, nullptr);
    if (rc == GIT_ENOTFOUND)
        return Error{Error::Kind::Repository, QCoreApplication::translate("rd::models", "not a git repository (or any of the parent directories): %1").arg(path)};
    if (rc < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot open repository %1").arg(path));

    GitRepository result;
    result.d = std::make_shared<Private>();
    result.d->repo.reset(raw);
    return result;
}

bool GitRepository::isBare() const
{
    std::lock_guard guard(d->lock);
    return git_repository_is_bare(d->repo.get()) == 1;
}

QString GitRepository::gitDir() const
{
    std::lock_guard guard(d->lock);
    return QDir::cleanPath(QFile::decodeName(git_repository_path(d->repo.get())));
}

QString GitRepository::workDir() const
{
    std::lock_guard guard(d->lock);
    const char *dir = git_repository_workdir(d->repo.get());
    return dir ? QDir::cleanPath(QFile::decodeName(dir)) : QString();
}

Result<ObjectId> GitRepository::resolveCommit(const QString &revision) const
{
    if (revision.trimmed().isEmpty())
        return Error{Error::Kind::Revision, QCoreApplication::translate("rd::models", "empty revision")};
    std::lock_guard guard(d->lock);
    const QByteArray spec = revision.toUtf8();
    git_object *raw = nullptr;
    const int rc = git_revparse_single(&raw, d->repo.get(), spec.constData());
    if (rc == GIT_ENOTFOUND)
        return Error{Error::Kind::Revision, QCoreApplication::translate("rd::models", "unknown revision '%1'").arg(revision)};
    if (rc == GIT_EAMBIGUOUS)
        return Error{Error::Kind::Revision, QCoreApplication::translate("rd::models", "ambiguous revision '%1'").arg(revision)};
    if (rc < 0)
        return gitError(Error::Kind::Revision, QCoreApplication::translate("rd::models", "invalid revision '%1'").arg(revision));
    GitObjectPtr object(raw);

    git_object *peeled = nullptr;
    if (git_object_peel(&peeled, object.get(), GIT_OBJECT_COMMIT) < 0) {
        const char *type = git_object_type2string(git_object_type(object.get()));
        return Error{Error::Kind::Revision,
                     QCoreApplication::translate("rd::models", "revision '%1' names a %2, not a commit").arg(revision, QString::fromLatin1(type))};
    }
    GitObjectPtr commit(peeled);
    return toObjectId(*git_object_id(commit.get()));
}

Result<ObjectId> GitRepository::mergeBase(const ObjectId &a, const ObjectId &b) const
{
    std::lock_guard guard(d->lock);
    const git_oid oa = toGitOid(a), ob = toGitOid(b);
    git_oid base;
    const int rc = git_merge_base(&base, d->repo.get(), &oa, &ob);
    // A shallow clone cut the history above the fork point. libgit2 1.5 fails
    // on the missing parent, 1.9 stops at the graft and finds no ancestor:
    // either way the fix is more history, not a two-dot diff.
    if (rc < 0 && git_repository_is_shallow(d->repo.get()) == 1)
        return Error{Error::Kind::Revision,
                     QCoreApplication::translate("rd::models", "this is a shallow clone and the merge base of %1 and %2 is not in it "
                                                               "(fetch more history, e.g. git fetch --unshallow)")
                         .arg(QString::fromLatin1(a.abbreviated()), QString::fromLatin1(b.abbreviated()))};
    if (rc == GIT_ENOTFOUND)
        return Error{Error::Kind::Revision, QCoreApplication::translate("rd::models", "%1 and %2 have no common ancestor")
                                                .arg(QString::fromLatin1(a.abbreviated()), QString::fromLatin1(b.abbreviated()))};
    if (rc < 0)
        return gitError(Error::Kind::Revision, QCoreApplication::translate("rd::models", "cannot compute the merge base"));
    return toObjectId(base);
}

namespace {

CommitInfo commitInfo(const ObjectId &id, git_commit *commit)
{
    CommitInfo info;
    info.id = id;
    if (const char *summary = git_commit_summary(commit))
        info.summary = QString::fromUtf8(summary);
    if (const char *body = git_commit_body(commit))
        info.body = QString::fromUtf8(body).trimmed();
    if (const git_signature *author = git_commit_author(commit))
        info.author = QString::fromUtf8(author->name);
    return info;
}

} // namespace

Result<GitTreePtr> commitTree(git_repository *repo, const ObjectId &id)
{
    const git_oid oid = toGitOid(id);
    git_commit *commit = nullptr;
    if (git_commit_lookup(&commit, repo, &oid) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read commit %1").arg(QString::fromLatin1(id.toHex())));
    GitCommitPtr owner(commit);
    git_tree *tree = nullptr;
    if (git_commit_tree(&tree, commit) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read the tree of %1").arg(QString::fromLatin1(id.toHex())));
    return GitTreePtr(tree);
}

Result<CommitInfo> GitRepository::commit(const ObjectId &id) const
{
    std::lock_guard guard(d->lock);
    const git_oid oid = toGitOid(id);
    git_commit *raw = nullptr;
    if (git_commit_lookup(&raw, d->repo.get(), &oid) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read commit %1").arg(QString::fromLatin1(id.toHex())));
    GitCommitPtr commit(raw);
    return commitInfo(id, commit.get());
}

Result<ObjectId> GitRepository::treeId(const ObjectId &commit) const
{
    std::lock_guard guard(d->lock);
    auto tree = commitTree(d->repo.get(), commit);
    if (!tree)
        return tree.error();
    return toObjectId(*git_tree_id(tree->get()));
}

Result<QList<TreeEntry>> GitRepository::treeEntries(const ObjectId &id) const
{
    std::lock_guard guard(d->lock);
    auto tree = commitTree(d->repo.get(), id);
    if (!tree)
        return tree.error();
    QList<TreeEntry> entries;
    auto visit = [](const char *root, const git_tree_entry *entry, void *payload) -> int {
        const git_object_t type = git_tree_entry_type(entry);
        if (type == GIT_OBJECT_BLOB)
            static_cast<QList<TreeEntry> *>(payload)->append(
                {QByteArray(root) + git_tree_entry_name(entry), toObjectId(*git_tree_entry_id(entry)),
                 static_cast<quint32>(git_tree_entry_filemode(entry))});
        return 0;
    };
    if (git_tree_walk(tree->get(), GIT_TREEWALK_PRE, visit, &entries) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read the tree of %1").arg(QString::fromLatin1(id.toHex())));
    return entries;
}

Result<QList<Reference>> GitRepository::references() const
{
    std::lock_guard guard(d->lock);
    git_reference_iterator *rawIterator = nullptr;
    if (git_reference_iterator_new(&rawIterator, d->repo.get()) < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot list references"));
    GitPtr<git_reference_iterator, git_reference_iterator_free> iterator(rawIterator);
    QList<Reference> out;
    git_reference *rawRef = nullptr;
    while (git_reference_next(&rawRef, iterator.get()) == 0) {
        GitPtr<git_reference, git_reference_free> ref(rawRef);
        git_object *peeled = nullptr;
        if (git_reference_peel(&peeled, ref.get(), GIT_OBJECT_COMMIT) < 0)
            continue; // symbolic HEADs of remotes, tags of trees, broken refs
        GitObjectPtr owner(peeled);
        Reference r;
        r.name = QString::fromUtf8(git_reference_name(ref.get()));
        r.shortName = QString::fromUtf8(git_reference_shorthand(ref.get()));
        r.kind = git_reference_is_branch(ref.get()) ? Reference::Kind::Branch
            : git_reference_is_remote(ref.get())    ? Reference::Kind::RemoteBranch
            : git_reference_is_tag(ref.get())       ? Reference::Kind::Tag
                                                    : Reference::Kind::Other;
        r.target = toObjectId(*git_object_id(peeled));
        out.append(r);
    }
    std::sort(out.begin(), out.end(), [](const Reference &a, const Reference &b) {
        return a.kind != b.kind ? a.kind < b.kind : a.name < b.name;
    });
    return out;
}

Result<QList<CommitInfo>> GitRepository::recentCommits(int count, const QString &from) const
{
    ObjectId start;
    if (!from.isEmpty()) {
        auto resolved = resolveCommit(from);
        if (!resolved)
            return resolved.error();
        start = *resolved;
    }
    std::lock_guard guard(d->lock);
    git_revwalk *rawWalk = nullptr;
    if (git_revwalk_new(&rawWalk, d->repo.get()) < 0)
        return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot walk history"));
    GitPtr<git_revwalk, git_revwalk_free> walk(rawWalk);
    git_revwalk_sorting(walk.get(), GIT_SORT_TIME);
    if (start.isNull()) {
        // HEAD may be unborn (a fresh or bare repository): branches count too.
        git_revwalk_push_head(walk.get());
        git_revwalk_push_glob(walk.get(), "refs/heads");
    } else {
        const git_oid oid = toGitOid(start);
        if (git_revwalk_push(walk.get(), &oid) < 0)
            return gitError(Error::Kind::Revision, QCoreApplication::translate("rd::models", "cannot walk from %1").arg(from));
    }
    QList<CommitInfo> out;
    git_oid oid;
    while (out.size() < count && git_revwalk_next(&oid, walk.get()) == 0) {
        git_commit *raw = nullptr;
        if (git_commit_lookup(&raw, d->repo.get(), &oid) < 0)
            break;
        GitCommitPtr commit(raw);
        out.append(commitInfo(toObjectId(oid), commit.get()));
    }
    return out;
}

Result<QByteArray> GitRepository::blob(const ObjectId &id) const
{
    std::lock_guard guard(d->lock);
    const git_oid oid = toGitOid(id);
    // The size first, from the object's header: a huge blob is not inflated.
    git_odb *odb = nullptr;
    if (git_repository_odb(&odb, d->repo.get()) == 0) {
        std::size_t size = 0;
        git_object_t type = GIT_OBJECT_INVALID;
        const int read = git_odb_read_header(&size, &type, odb, &oid);
        git_odb_free(odb);
        if (read == 0 && static_cast<qint64>(size) > BigFileBytes)
            return Error{Error::Kind::Object, QCoreApplication::translate("rd::models", "object %1 is %2 MiB, more than the %3 MiB ReviewDesk reads")
                                                  .arg(QString::fromLatin1(id.toHex()))
                                                  .arg(static_cast<qint64>(size >> 20))
                                                  .arg(BigFileBytes >> 20)};
    }
    git_blob *raw = nullptr;
    if (git_blob_lookup(&raw, d->repo.get(), &oid) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read object %1").arg(QString::fromLatin1(id.toHex())));
    GitBlobPtr blob(raw);
    return QByteArray(static_cast<const char *>(git_blob_rawcontent(blob.get())),
                      static_cast<qsizetype>(git_blob_rawsize(blob.get())));
}

} // namespace rd
