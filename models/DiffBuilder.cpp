#include "DiffBuilder.h"

#include <QCoreApplication>

#include "GitRepositoryPrivate.h"
#include "GitSimilarity.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <cstring>
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

constexpr qsizetype FunctionContextBytes = 80; // xdiff's func_line buffer

bool isGitSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool isLibgit2Space(char c)
{
    return isGitSpace(c) || c == '\f' || c == '\v';
}

QByteArrayView trimmedEnd(QByteArrayView text, bool (*isSpace)(char))
{
    while (!text.isEmpty() && isSpace(text.back()))
        text.chop(1);
    return text;
}

// The function context of hunk headers as git prints it. git cuts the
// function line to 80 bytes and then trims the whitespace it knows (space,
// tab, CR, LF); libgit2 trims first, with form feed and vertical tab too, and
// then cuts. So libgit2's context may end in whitespace where git's cut
// fell, and lacks a trailing form feed that git keeps.
class FunctionContext
{
public:
    explicit FunctionContext(const git_blob *old)
    {
        if (!old)
            return;
        m_old = QByteArrayView(static_cast<const char *>(git_blob_rawcontent(old)),
                               static_cast<qsizetype>(git_blob_rawsize(old)));
        // Only a file with these bytes can need its lines looked at.
        m_hasOtherSpace = m_old.contains('\f') || m_old.contains('\v');
    }

    QByteArray header(const git_diff_hunk &hunk, QByteArrayView libgit2Header)
    {
        const qsizetype ranges = libgit2Header.indexOf(" @@", 3);
        if (ranges < 0 || libgit2Header.size() <= ranges + 4)
            return libgit2Header.toByteArray();
        const QByteArrayView prefix = libgit2Header.first(ranges + 4); // "@@ ... @@ "
        const QByteArrayView context = libgit2Header.sliced(ranges + 4);
        QByteArrayView git = trimmedEnd(context, isGitSpace);
        if (context.size() < FunctionContextBytes && m_hasOtherSpace) {
            // xdiff looks upwards from the line above the hunk in the old file.
            const int start = hunk.old_lines > 0 ? hunk.old_start - 1 : hunk.old_start;
            if (const auto line = functionLine(start, context))
                git = trimmedEnd(line->first(std::min(line->size(), FunctionContextBytes)), isGitSpace);
        }
        // A header is at most 127 bytes in xdiff.
        QByteArray header = prefix.toByteArray();
        header += git;
        header.truncate(127);
        return header;
    }

private:
    // The nearest line at or above 1-based `line` that libgit2 would have
    // reduced to `context`, with its line feed.
    std::optional<QByteArrayView> functionLine(int line, QByteArrayView context)
    {
        if (m_lineStarts.empty()) {
            m_lineStarts.push_back(0);
            for (qsizetype i = m_old.indexOf('\n'); i >= 0; i = m_old.indexOf('\n', i + 1))
                m_lineStarts.push_back(i + 1);
        }
        for (int l = std::min<int>(line, static_cast<int>(m_lineStarts.size())); l >= 1; --l) {
            const qsizetype from = m_lineStarts[static_cast<std::size_t>(l - 1)];
            const qsizetype to = static_cast<std::size_t>(l) < m_lineStarts.size() ? m_lineStarts[static_cast<std::size_t>(l)] : m_old.size();
            const QByteArrayView text = m_old.sliced(from, to - from);
            if (trimmedEnd(text, isLibgit2Space) == context)
                return text;
        }
        return std::nullopt;
    }

    QByteArrayView m_old;
    bool m_hasOtherSpace = false;
    std::vector<qsizetype> m_lineStarts;
};

// Receives one blob diff from libgit2's callbacks. A line's text first
// points into the blob, which outlives the diff; when its hunk is complete the
// texts are copied into the hunk's one buffer.
class BlobDiffCollector
{
public:
    BlobDiffCollector(FileDiff &file, const git_blob *oldBlob, const git_blob *newBlob, bool compact)
        : m_file(file), m_oldBlob(oldBlob), m_newBlob(newBlob), m_compact(compact), m_functionContext(oldBlob)
    {
    }

    static void markBinary(FileDiff &file, const git_blob *oldBlob, const git_blob *newBlob, const git_diff_delta *delta)
    {
        bool oldBinary = oldBlob && (delta->old_file.flags & GIT_DIFF_FLAG_BINARY);
        bool newBinary = newBlob && (delta->new_file.flags & GIT_DIFF_FLAG_BINARY);
        if (!oldBinary && !newBinary) // binary by attribute: both sides are
            oldBinary = oldBlob, newBinary = newBlob;
        file.binary[Side::Old] = file.binary[Side::Old] || oldBinary;
        file.binary[Side::New] = file.binary[Side::New] || newBinary;
    }

    static int binary(const git_diff_delta *delta, const git_diff_binary *, void *payload)
    {
        auto *self = static_cast<BlobDiffCollector *>(payload);
        markBinary(self->m_file, self->m_oldBlob, self->m_newBlob, delta);
        return 0;
    }

    static int hunk(const git_diff_delta *, const git_diff_hunk *rawHunk, void *payload)
    {
        auto *self = static_cast<BlobDiffCollector *>(payload);
        self->finishHunk();
        Hunk hunk;
        hunk.oldStart = rawHunk->old_start;
        hunk.oldLines = rawHunk->old_lines;
        hunk.newStart = rawHunk->new_start;
        hunk.newLines = rawHunk->new_lines;
        std::size_t headerLength = rawHunk->header_len;
        while (headerLength > 0 && (rawHunk->header[headerLength - 1] == '\n' || rawHunk->header[headerLength - 1] == '\r'))
            --headerLength;
        hunk.header = self->m_functionContext.header(*rawHunk, QByteArrayView(rawHunk->header, static_cast<qsizetype>(headerLength)));
        // At most this many lines: context lines count on both sides.
        hunk.lines.reserve(rawHunk->old_lines + rawHunk->new_lines);
        self->m_file.hunks.append(std::move(hunk));
        self->m_textBytes = 0;
        self->m_open = true;
        return 0;
    }

    static int line(const git_diff_delta *, const git_diff_hunk *, const git_diff_line *line, void *payload)
    {
        auto *self = static_cast<BlobDiffCollector *>(payload);
        if (!self->m_open)
            return 0;
        Hunk &hunk = self->m_file.hunks.last();
        switch (line->origin) {
        case GIT_DIFF_LINE_CONTEXT_EOFNL:
        case GIT_DIFF_LINE_ADD_EOFNL:
        case GIT_DIFF_LINE_DEL_EOFNL:
            if (!hunk.lines.isEmpty())
                hunk.lines.last().missingNewline = true;
            return 0;
        default:
            break;
        }
        DiffLine out;
        out.kind = line->origin == GIT_DIFF_LINE_ADDITION ? LineKind::Added
            : line->origin == GIT_DIFF_LINE_DELETION      ? LineKind::Deleted
                                                          : LineKind::Context;
        out.oldLine = std::max(0, line->old_lineno);
        out.newLine = std::max(0, line->new_lineno);
        std::size_t length = line->content_len;
        if (length > 0 && line->content[length - 1] == '\n')
            --length;
        out.text = QByteArray::fromRawData(line->content, static_cast<qsizetype>(length));
        self->m_textBytes += static_cast<qsizetype>(length);
        if (out.kind == LineKind::Added)
            ++self->m_file.additions;
        else if (out.kind == LineKind::Deleted)
            ++self->m_file.deletions;
        hunk.lines.append(std::move(out));
        return 0;
    }

    // Moves the open hunk's line texts from the blobs into its own buffer.
    void finishHunk()
    {
        if (!m_open)
            return;
        m_open = false;
        Hunk &hunk = m_file.hunks.last();
        // The list was reserved for the most lines the hunk could have; a
        // merge request held whole keeps only what it uses.
        if (m_compact && hunk.lines.capacity() > hunk.lines.size() + hunk.lines.size() / 4)
            hunk.lines.squeeze();
        hunk.text.resize(m_textBytes);
        char *to = hunk.text.data();
        for (DiffLine &line : hunk.lines) {
            const qsizetype length = line.text.size();
            if (length > 0)
                std::memcpy(to, line.text.constData(), static_cast<std::size_t>(length));
            line.text = QByteArray::fromRawData(to, length);
            to += length;
        }
    }

private:
    FileDiff &m_file;
    const git_blob *m_oldBlob;
    const git_blob *m_newBlob;
    bool m_compact;
    FunctionContext m_functionContext;
    qsizetype m_textBytes = 0;
    bool m_open = false;
};

// Diffs `oldBlob` against `newBlob` (either may be null: an empty side) into
// the file's hunks, counts and binary flags. The lines come by callback
// rather than through a git_patch, which would store every line once more.
// Without `attributes` (no attributes file exists anywhere) libgit2 is given
// no paths: it looks up a path's attributes for its diff driver, which for
// every side of every file checks whether the system and repository
// attributes files appeared (two system calls that cost a tenth of a large
// diff), and with no path it takes the default driver, the one no attributes
// give. `compact` files are kept after the diff: their line lists are
// trimmed to size.
Result<bool> diffBlobs(FileDiff &file, const git_blob *oldBlob, const git_blob *newBlob, const git_diff_options &opts,
                       bool attributes, bool compact)
{
    const char *oldPath = attributes ? file.path[Side::Old].constData() : "";
    const char *newPath = attributes ? file.path[Side::New].constData() : "";
    if (oldBlob && newBlob && git_oid_equal(git_blob_id(oldBlob), git_blob_id(newBlob))) {
        // No callback comes for equal blobs, but whether they are binary
        // (a binary file renamed unchanged) is known only from a patch.
        git_patch *raw = nullptr;
        if (git_patch_from_blobs(&raw, oldBlob, oldPath, newBlob, newPath, &opts) < 0)
            return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot diff %1").arg(QString::fromUtf8(file.displayPath())));
        GitPatchPtr patch(raw);
        const git_diff_delta *delta = git_patch_get_delta(patch.get());
        if (delta->flags & GIT_DIFF_FLAG_BINARY)
            BlobDiffCollector::markBinary(file, oldBlob, newBlob, delta);
        return true;
    }
    const qsizetype hunksBefore = file.hunks.size();
    BlobDiffCollector collector(file, oldBlob, newBlob, compact);
    const int rc = git_diff_blobs(oldBlob, oldPath, newBlob, newPath, &opts, nullptr, &BlobDiffCollector::binary,
                                  &BlobDiffCollector::hunk, &BlobDiffCollector::line, &collector);
    if (rc < 0) {
        file.hunks.resize(hunksBefore); // no line may point into the blobs
        return gitError(Error::Kind::Object, QCoreApplication::translate("rd::models", "cannot diff %1").arg(QString::fromUtf8(file.displayPath())));
    }
    collector.finishHunk();
    return true;
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
