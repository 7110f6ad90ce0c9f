#include "PatchWriter.h"

#include <cstring>

namespace rd {
namespace {

bool needsQuoting(unsigned char c)
{
    return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f;
}

void appendQuotedBytes(QByteArray &out, const QByteArray &bytes)
{
    for (const char ch : bytes) {
        const auto c = static_cast<unsigned char>(ch);
        if (!needsQuoting(c)) {
            out.append(ch);
            continue;
        }
        out.append('\\');
        switch (c) {
        case '\a': out.append('a'); break;
        case '\b': out.append('b'); break;
        case '\t': out.append('t'); break;
        case '\n': out.append('n'); break;
        case '\v': out.append('v'); break;
        case '\f': out.append('f'); break;
        case '\r': out.append('r'); break;
        case '"': out.append('"'); break;
        case '\\': out.append('\\'); break;
        default:
            out.append(static_cast<char>('0' + ((c >> 6) & 7)));
            out.append(static_cast<char>('0' + ((c >> 3) & 7)));
            out.append(static_cast<char>('0' + (c & 7)));
        }
    }
}

void appendMode(QByteArray &out, quint32 mode)
{
    out.append(QByteArray::number(mode, 8).rightJustified(6, '0'));
}

void appendLine(QByteArray &out, const char *a, const QByteArray &b = {}, const char *c = "")
{
    out.append(a).append(b).append(c).append('\n');
}

// The part of a patch git prints after the "diff --git" line up to "---".
void appendMetaInfo(QByteArray &out, const FileDiff &file, bool added, bool deleted)
{
    const quint32 oldMode = added ? FileMode::None : file.mode[Side::Old];
    const quint32 newMode = deleted ? FileMode::None : file.mode[Side::New];
    if (added) {
        out.append("new file mode ");
        appendMode(out, newMode);
        out.append('\n');
    } else if (deleted) {
        out.append("deleted file mode ");
        appendMode(out, oldMode);
        out.append('\n');
    } else if (oldMode != newMode) {
        out.append("old mode ");
        appendMode(out, oldMode);
        out.append("\nnew mode ");
        appendMode(out, newMode);
        out.append('\n');
    }
    if (file.status == FileStatus::Renamed || file.status == FileStatus::Copied) {
        const char *verb = file.status == FileStatus::Renamed ? "rename" : "copy";
        out.append("similarity index ").append(QByteArray::number(file.similarity)).append("%\n");
        out.append(verb).append(" from ").append(gitQuotedPath({}, file.path[Side::Old])).append('\n');
        out.append(verb).append(" to ").append(gitQuotedPath({}, file.path[Side::New])).append('\n');
    }
    const ObjectId oldId = added ? ObjectId() : file.blob[Side::Old];
    const ObjectId newId = deleted ? ObjectId() : file.blob[Side::New];
    if (oldId != newId) {
        out.append("index ").append(oldId.abbreviated()).append("..").append(newId.abbreviated());
        if (oldMode == newMode) {
            out.append(' ');
            appendMode(out, oldMode);
        }
        out.append('\n');
    }
}

void appendHunk(QByteArray &out, const Hunk &hunk)
{
    // Sized once and filled by copying: appending three pieces per line
    // through QByteArray's general insert took a tenth of a large diff.
    static constexpr QByteArrayView noNewline = "\\ No newline at end of file\n";
    qsizetype size = hunk.header.size() + 1;
    for (const DiffLine &line : hunk.lines)
        size += line.text.size() + 2 + (line.missingNewline ? noNewline.size() : 0);
    const qsizetype start = out.size();
    out.resize(start + size);
    char *to = out.data() + start;
    auto copy = [&to](QByteArrayView bytes) {
        if (!bytes.isEmpty())
            std::memcpy(to, bytes.data(), static_cast<std::size_t>(bytes.size()));
        to += bytes.size();
    };
    copy(hunk.header);
    *to++ = '\n';
    for (const DiffLine &line : hunk.lines) {
        *to++ = line.kind == LineKind::Added ? '+' : line.kind == LineKind::Deleted ? '-' : ' ';
        copy(line.text);
        *to++ = '\n';
        if (line.missingNewline)
            copy(noNewline);
    }
    Q_ASSERT(to == out.constData() + out.size());
}

// One "diff --git" section. A type change is printed by git as two sections,
// the deletion and then the addition; `part` picks the hunks of one of them.
enum class Part { Whole, OldOnly, NewOnly };

void appendSection(QByteArray &out, const FileDiff &file, Part part)
{
    const bool added = part == Part::NewOnly || (part == Part::Whole && !file.exists(Side::Old));
    const bool deleted = part == Part::OldOnly || (part == Part::Whole && !file.exists(Side::New));
    const QByteArray &oldName = added ? file.path[Side::New] : file.path[Side::Old];
    const QByteArray &newName = deleted ? file.path[Side::Old] : file.path[Side::New];
    const QByteArray a = gitQuotedPath("a/", oldName);
    const QByteArray b = gitQuotedPath("b/", newName);
    appendLine(out, "diff --git ", a + ' ' + b);
    appendMetaInfo(out, file, added, deleted);

    const QByteArray oldLabel = added ? QByteArray("/dev/null") : a;
    const QByteArray newLabel = deleted ? QByteArray("/dev/null") : b;
    const bool binary = part == Part::OldOnly ? file.binary[Side::Old]
        : part == Part::NewOnly               ? file.binary[Side::New]
                                              : file.isBinary();
    if (binary) {
        if (added || deleted || file.blob[Side::Old] != file.blob[Side::New])
            appendLine(out, "Binary files ", oldLabel + " and " + newLabel, " differ");
        return;
    }

    bool labelsWritten = false;
    for (const Hunk &hunk : file.hunks) {
        const bool oldHunk = hunk.newLines == 0 && hunk.oldLines > 0;
        if ((part == Part::OldOnly && !oldHunk) || (part == Part::NewOnly && oldHunk))
            continue;
        if (!labelsWritten) {
            // git adds a tab after a name with a space so patch(1) reads it whole.
            appendLine(out, "--- ", oldLabel, oldLabel.contains(' ') ? "\t" : "");
            appendLine(out, "+++ ", newLabel, newLabel.contains(' ') ? "\t" : "");
            labelsWritten = true;
        }
        appendHunk(out, hunk);
    }
}

} // namespace

QByteArray gitQuotedPath(const QByteArray &prefix, const QByteArray &path)
{
    const bool quote = std::any_of(path.begin(), path.end(), [](char c) { return needsQuoting(static_cast<unsigned char>(c)); });
    if (!quote)
        return prefix + path;
    QByteArray out;
    out.reserve(path.size() + prefix.size() + 8);
    out.append('"');
    appendQuotedBytes(out, prefix);
    appendQuotedBytes(out, path);
    out.append('"');
    return out;
}

void appendGitPatch(QByteArray &out, const FileDiff &file)
{
    if (file.status == FileStatus::TypeChange) {
        appendSection(out, file, Part::OldOnly);
        appendSection(out, file, Part::NewOnly);
    } else {
        appendSection(out, file, Part::Whole);
    }
}

} // namespace rd
