#include "BlobDiff.h"

#include "GitRepositoryPrivate.h"

#include <QCoreApplication>

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

namespace rd {

namespace {

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

} // namespace

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

} // namespace rd
