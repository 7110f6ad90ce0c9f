#include "DiffBuilder.h"

#include <QCoreApplication>

#include "BlobDiff.h"
#include "GitRepositoryPrivate.h"
#include "GitSimilarity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

namespace rd {
namespace {

FileStatus toStatus(git_delta_t status)
{
    switch (status) {
    case GIT_DELTA_ADDED: return FileStatus::Added;
    case GIT_DELTA_DELETED: return FileStatus::Deleted;
    case GIT_DELTA_RENAMED: return FileStatus::Renamed;
    case GIT_DELTA_COPIED: return FileStatus::Copied;
    case GIT_DELTA_TYPECHANGE: return FileStatus::TypeChange;
    default: return FileStatus::Modified;
    }
}

git_diff_options contentDiffOptions(const DiffOptions &options)
{
    git_diff_options opts;
    git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
    // git diff has used the indent heuristic by default since 2.14.
    // Type changes stay one delta, as in git, so that neither half becomes a
    // rename source or target.
    opts.flags = GIT_DIFF_INDENT_HEURISTIC | GIT_DIFF_INCLUDE_TYPECHANGE;
    if (options.ignoreWhitespace)
        opts.flags |= GIT_DIFF_IGNORE_WHITESPACE;
    opts.context_lines = static_cast<uint32_t>(std::max(0, options.contextLines));
    opts.interhunk_lines = 0;
    return opts;
}

// Whether any gitattributes file could give a path a diff driver or mark it
// binary. When none can, workers open the repository bare: libgit2 would
// otherwise look for .gitattributes in every directory of every file, which
// costs more than the diff itself on large merge requests.
bool attributesMayApply(git_repository *repo)
{
    auto exists = [](const QString &path) { return !path.isEmpty() && QFileInfo::exists(path); };
    if (exists(QFile::decodeName(git_repository_path(repo)) + QStringLiteral("info/attributes")))
        return true;
    git_config *config = nullptr;
    if (git_repository_config_snapshot(&config, repo) == 0) {
        git_buf value = GIT_BUF_INIT;
        const bool configured = git_config_get_string_buf(&value, config, "core.attributesFile") == 0;
        git_buf_dispose(&value);
        git_config_free(config);
        if (configured)
            return true;
    }
    const QString xdg = qEnvironmentVariable("XDG_CONFIG_HOME", QDir::homePath() + QStringLiteral("/.config"));
    if (exists(xdg + QStringLiteral("/git/attributes")) || exists(QStringLiteral("/etc/gitattributes")))
        return true;
    const char *workDir = git_repository_workdir(repo);
    if (!workDir)
        return false; // bare: only info/attributes applies
    if (exists(QFile::decodeName(workDir) + QStringLiteral(".gitattributes")))
        return true;
    git_index *index = nullptr;
    if (git_repository_index(&index, repo) < 0)
        return true;
    bool found = false;
    const std::size_t count = git_index_entrycount(index);
    for (std::size_t i = 0; i < count && !found; ++i) {
        const QByteArrayView path(git_index_get_byindex(index, i)->path);
        found = path == ".gitattributes" || path.endsWith("/.gitattributes");
    }
    git_index_free(index);
    return found;
}

// Git shows a submodule change as a one-line file naming the commit.
void fillSubmodule(FileDiff &file)
{
    Hunk hunk;
    const bool hasOld = file.exists(Side::Old) && file.mode[Side::Old] == FileMode::Gitlink;
    const bool hasNew = file.exists(Side::New) && file.mode[Side::New] == FileMode::Gitlink;
    hunk.oldStart = hasOld ? 1 : 0;
    hunk.oldLines = hasOld ? 1 : 0;
    hunk.newStart = hasNew ? 1 : 0;
    hunk.newLines = hasNew ? 1 : 0;
    hunk.header = "@@ -" + QByteArray::number(hunk.oldStart) + (hasOld ? "" : ",0") + " +"
        + QByteArray::number(hunk.newStart) + (hasNew ? "" : ",0") + " @@";
    if (hasOld) {
        hunk.lines.append({LineKind::Deleted, false, 1, 0, "Subproject commit " + file.blob[Side::Old].toHex()});
        ++file.deletions;
    }
    if (hasNew) {
        hunk.lines.append({LineKind::Added, false, 0, 1, "Subproject commit " + file.blob[Side::New].toHex()});
        ++file.additions;
    }
    file.hunks.append(std::move(hunk));
}

Result<GitBlobPtr> lookupBlob(git_repository *repo, const FileDiff &file, Side side)
{
    if (!file.exists(side) || file.mode[side] == FileMode::Gitlink)
        return GitBlobPtr();
    const git_oid oid = toGitOid(file.blob[side]);
    git_blob *blob = nullptr;
    if (git_blob_lookup(&blob, repo, &oid) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot read %1 of %2")
                                                .arg(QString::fromLatin1(file.blob[side].toHex()),
                                                     QString::fromUtf8(file.path[side])));
    return GitBlobPtr(blob);
}

// Whether a side of `file` is larger than BigFileBytes, by the objects'
// headers (a loose object inflates only its first bytes for this).
bool isBigFile(git_repository *repo, const FileDiff &file)
{
    git_odb *odb = nullptr;
    if (git_repository_odb(&odb, repo) < 0)
        return false; // reading the blobs will report it
    GitPtr<git_odb, git_odb_free> owner(odb);
    for (Side side : BothSides) {
        if (!file.exists(side) || file.mode[side] == FileMode::Gitlink)
            continue;
        const git_oid oid = toGitOid(file.blob[side]);
        std::size_t size = 0;
        git_object_t type = GIT_OBJECT_INVALID;
        if (git_odb_read_header(&size, &type, odb, &oid) == 0 && static_cast<qint64>(size) > BigFileBytes)
            return true;
    }
    return false;
}

// Fills hunks, line counts and binary flags of one file from its blobs.
Result<bool> fillContent(git_repository *repo, FileDiff &file, const git_diff_options &opts, bool attributes, bool compact)
{
    if (file.isSubmodule() && file.status != FileStatus::TypeChange) {
        fillSubmodule(file);
        return true;
    }
    if (!file.isReadable())
        return true;
    // A side past BigFileBytes makes the file binary, as in git, unread.
    if (isBigFile(repo, file)) {
        for (Side side : BothSides)
            file.binary[side] = file.exists(side) && file.mode[side] != FileMode::Gitlink;
        return true;
    }
    // One unreadable file (a damaged mirror, a partial clone) must not hide
    // the others: it is marked and the caller decides.
    auto oldBlob = lookupBlob(repo, file, Side::Old);
    if (!oldBlob) {
        file.unreadable = oldBlob.error().message;
        return true;
    }
    auto newBlob = lookupBlob(repo, file, Side::New);
    if (!newBlob) {
        file.unreadable = newBlob.error().message;
        return true;
    }
    if (file.status != FileStatus::TypeChange)
        return diffBlobs(file, oldBlob->get(), newBlob->get(), opts, attributes, compact);
    // git shows a change of kind (file to symlink, say) as the deletion of
    // the old content and the addition of the new: old-side hunks first.
    auto removed = diffBlobs(file, oldBlob->get(), nullptr, opts, attributes, compact);
    if (!removed)
        return removed;
    return diffBlobs(file, nullptr, newBlob->get(), opts, attributes, compact);
}

// Marks the files with an object missing from the repository, before any
// content is read, so that a stream can fail before its first file.
void markMissingObjects(git_repository *repo, QList<FileDiff> &files)
{
    git_odb *odb = nullptr;
    if (git_repository_odb(&odb, repo) < 0)
        return; // reading the blobs will report it
    GitPtr<git_odb, git_odb_free> owner(odb);
    for (FileDiff &file : files) {
        for (Side side : BothSides) {
            if (!file.exists(side) || file.mode[side] == FileMode::Gitlink || !file.isReadable())
                continue;
            const git_oid oid = toGitOid(file.blob[side]);
            if (!git_odb_exists(odb, &oid))
                file.unreadable = QCoreApplication::translate("rd::models", "cannot read %1 of %2: the object is missing from the repository")
                                      .arg(QString::fromLatin1(file.blob[side].toHex()), QString::fromUtf8(file.path[side]));
        }
    }
}

// The changed files with paths, modes, blobs and statuses (renames found),
// without their content yet.
Result<QList<FileDiff>> listFiles(const GitRepository::Private *repo, const ObjectId &from, const ObjectId &to,
                                  const DiffOptions &options, const git_diff_options &diffOptions)
{
    std::lock_guard guard(repo->lock);
    git_repository *raw = repo->repo.get();
    auto oldTree = commitTree(raw, from);
    if (!oldTree)
        return oldTree.error();
    auto newTree = commitTree(raw, to);
    if (!newTree)
        return newTree.error();

    git_diff *rawDiff = nullptr;
    if (git_diff_tree_to_tree(&rawDiff, raw, oldTree->get(), newTree->get(), &diffOptions) < 0)
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot compare the trees"));
    GitDiffPtr diff(rawDiff);

    git_diff_find_options find;
    git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
    find.flags = GIT_DIFF_FIND_RENAMES | (options.findCopies ? GIT_DIFF_FIND_COPIES : 0);
    find.rename_threshold = find.copy_threshold = static_cast<uint16_t>(options.similarityThreshold);
    find.rename_limit = 1000; // git's diff.renameLimit
    find.metric = gitSimilarityMetric(options.similarityThreshold);
    // Rename detection reads the added and deleted files; an object missing
    // from the repository stops it. Then the files are listed without renames
    // and the unreadable ones named, so the rest can still be shown.
    const bool renamesFound = git_diff_find_similar(diff.get(), &find) == 0;
    const Error renameError = renamesFound ? Error{} : gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "rename detection failed"));

    QList<FileDiff> files;
    const std::size_t count = git_diff_num_deltas(diff.get());
    files.reserve(static_cast<qsizetype>(count));
    for (std::size_t i = 0; i < count; ++i) {
        const git_diff_delta *delta = git_diff_get_delta(diff.get(), i);
        FileDiff file;
        file.status = toStatus(delta->status);
        file.similarity = file.status == FileStatus::Renamed || file.status == FileStatus::Copied ? delta->similarity : 0;
        const git_diff_file *sides[2] = {&delta->old_file, &delta->new_file};
        for (Side side : BothSides) {
            const git_diff_file *f = sides[static_cast<int>(side)];
            file.path[side] = QByteArray(f->path);
            const bool exists = !(side == Side::Old ? file.status == FileStatus::Added : file.status == FileStatus::Deleted);
            file.mode[side] = exists ? f->mode : FileMode::None;
            if (exists)
                file.blob[side] = toObjectId(f->id);
        }
        files.append(std::move(file));
    }
    markMissingObjects(raw, files);
    if (!renamesFound && std::all_of(files.cbegin(), files.cend(), [](const FileDiff &f) { return f.isReadable(); }))
        return renameError;
    return files;
}

// Diffs the content of `files` on worker threads, one repository handle
// each. With a consumer, hands the files over in order from the calling
// thread as they are done, the workers staying at most a window ahead.
Result<bool> diffContent(const GitRepository::Private *repo, QList<FileDiff> &files, const DiffOptions &options,
                         const git_diff_options &diffOptions, const FileDiffConsumer *consume)
{
    QByteArray openPath;
    bool workersBare = false;
    {
        std::lock_guard guard(repo->lock);
        git_repository *raw = repo->repo.get();
        // Workers reopen the repository with its work tree, where git reads
        // attributes from, unless no attributes file exists anywhere.
        const char *workDir = git_repository_workdir(raw);
        workersBare = !workDir || !attributesMayApply(raw);
        openPath = workersBare ? git_repository_path(raw) : workDir;
    }

    const qsizetype window = 16;
    const int threadCount = std::clamp(options.threads > 0 ? options.threads : QThread::idealThreadCount(), 1,
                                       static_cast<int>(std::max<qsizetype>(1, files.size() / 8)));
    // Waking a thread costs a system call: each side signals only when the
    // other is known to wait.
    std::mutex lock;
    std::condition_variable fileDone, windowMoved;
    qsizetype next = 0;     // the next file a worker takes
    qsizetype consumed = 0; // files handed to the consumer
    qsizetype awaited = -1; // the file the consumer waits for
    int workersWaiting = 0;
    std::vector<char> done(static_cast<std::size_t>(files.size()), 0);
    FileDiff *const items = files.data(); // no QList calls across threads
    const qsizetype count = files.size();
    bool stop = false;
    std::optional<Error> firstError;
    auto fail = [&](Error error) {
        std::lock_guard guard(lock);
        if (!firstError)
            firstError = std::move(error);
        stop = true;
        fileDone.notify_all();
        windowMoved.notify_all();
    };
    auto openOwn = [&]() -> GitRepoPtr {
        git_repository *own = nullptr;
        const int opened = workersBare ? git_repository_open_bare(&own, openPath.constData())
                                       : git_repository_open(&own, openPath.constData());
        if (opened < 0)
            fail(gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot reopen the repository")));
        return GitRepoPtr(opened < 0 ? nullptr : own);
    };
    // Fills file i (claimed by the caller) and marks it done.
    auto fill = [&](git_repository *own, qsizetype i) {
        auto filled = fillContent(own, items[i], diffOptions, !workersBare, !consume);
        if (!filled)
            return fail(filled.error());
        std::lock_guard guard(lock);
        done[static_cast<std::size_t>(i)] = 1;
        if (awaited == i)
            fileDone.notify_one();
    };
    auto work = [&] {
        const GitRepoPtr own = openOwn();
        if (!own)
            return;
        for (;;) {
            qsizetype i = 0;
            {
                std::unique_lock guard(lock);
                if (consume && !stop && next < count && next >= consumed + window) {
                    ++workersWaiting;
                    windowMoved.wait(guard, [&] { return stop || next >= count || next < consumed + window; });
                    --workersWaiting;
                }
                if (stop || next >= count)
                    return;
                i = next++;
            }
            fill(own.get(), i);
        }
    };
    // The calling thread is one of the workers.
    std::vector<std::thread> workers;
    for (int t = 1; t < threadCount; ++t)
        workers.emplace_back(work);
    if (consume) {
        // Hands the files over in order; while the next one is not done, the
        // calling thread diffs another instead of sleeping.
        GitRepoPtr own;
        for (qsizetype i = 0; i < count; ++i) {
            std::unique_lock guard(lock);
            while (!stop && !done[static_cast<std::size_t>(i)]) {
                if (next < count && next < consumed + window) {
                    const qsizetype j = next++;
                    guard.unlock();
                    if (!own && !(own = openOwn()))
                        break;
                    fill(own.get(), j);
                    guard.lock();
                    continue;
                }
                awaited = i;
                fileDone.wait(guard, [&] { return stop || done[static_cast<std::size_t>(i)]; });
                awaited = -1;
            }
            if (!guard.owns_lock())
                guard.lock();
            if (stop)
                break;
            guard.unlock();
            const bool more = (*consume)(std::move(items[i]));
            items[i] = FileDiff(); // memory goes back as the patch goes out
            guard.lock();
            consumed = i + 1;
            stop = stop || !more;
            if (workersWaiting > 0)
                windowMoved.notify_all();
        }
        std::lock_guard guard(lock);
        stop = true;
        windowMoved.notify_all();
    } else {
        work();
    }
    for (auto &worker : workers)
        worker.join();
    if (firstError)
        return *firstError;
    return true;
}

} // namespace

namespace {

// What buildDiff() and streamDiff() both start from: the repository, the
// options libgit2 diffs content with, and the list of changed files.
struct ListedFiles
{
    const GitRepository::Private *repo = nullptr;
    git_diff_options diffOptions;
    QList<FileDiff> files;
};

Result<ListedFiles> listChangedFiles(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                                     const DiffOptions &options)
{
    const auto *repo = GitRepository::Private::of(repository);
    if (!repo)
        return Error{Error::Kind::Repository, QCoreApplication::translate("rd::models", "no repository")};
    const git_diff_options diffOptions = contentDiffOptions(options);
    auto files = listFiles(repo, from, to, options, diffOptions);
    if (!files)
        return files.error();
    return ListedFiles{repo, diffOptions, std::move(*files)};
}

} // namespace

Result<QList<FileDiff>> buildDiff(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                                  const DiffOptions &options)
{
    auto listed = listChangedFiles(repository, from, to, options);
    if (!listed)
        return listed.error();
    auto content = diffContent(listed->repo, listed->files, options, listed->diffOptions, nullptr);
    if (!content)
        return content.error();
    return std::move(listed->files);
}

Result<bool> streamDiff(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                        const DiffOptions &options, const FileDiffConsumer &consume)
{
    auto listed = listChangedFiles(repository, from, to, options);
    if (!listed)
        return listed.error();
    for (const FileDiff &file : listed->files)
        if (!file.isReadable())
            return Error{Error::Kind::Object, file.unreadable};
    return diffContent(listed->repo, listed->files, options, listed->diffOptions, &consume);
}

} // namespace rd
