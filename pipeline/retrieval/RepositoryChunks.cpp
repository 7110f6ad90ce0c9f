#include "RepositoryChunks.h"

#include <QCoreApplication>

namespace rd {

bool isTextContent(const QByteArray &content)
{
    return !content.left(8192).contains('\0');
}

QList<CodeChunk> chunkFile(const QByteArray &path, const ObjectId &blob, const QByteArray &content, const ChunkingRule &rule)
{
    QList<CodeChunk> chunks;
    if (content.isEmpty())
        return chunks;
    // Line starts; a final line without a line feed counts.
    QList<qsizetype> starts{0};
    for (qsizetype i = 0; i < content.size(); ++i)
        if (content[i] == '\n' && i + 1 < content.size())
            starts.append(i + 1);
    const int lineCount = static_cast<int>(starts.size());
    const int step = std::max(1, rule.lines - rule.overlap);
    for (int first = 0; first < lineCount; first += step) {
        const int last = std::min(lineCount, first + rule.lines) - 1;
        const qsizetype from = starts[first];
        const qsizetype to = last + 1 < lineCount ? starts[last + 1] : content.size();
        CodeChunk c;
        c.path = path;
        c.blob = blob;
        c.index = static_cast<int>(chunks.size());
        c.lineStart = first + 1;
        c.lineEnd = last + 1;
        c.text = QString::fromUtf8(content.mid(from, to - from));
        chunks.append(std::move(c));
        if (last + 1 >= lineCount)
            break;
    }
    return chunks;
}

Result<QList<CodeChunk>> chunkCommit(const GitRepository &repository, const ObjectId &commit, const ChunkingRule &rule, const std::atomic<bool> *cancel)
{
    auto entries = repository.treeEntries(commit);
    if (!entries)
        return entries.error();
    QList<CodeChunk> chunks;
    for (const TreeEntry &entry : *entries) {
        if (cancel && cancel->load())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "cancelled")};
        if (entry.mode != 0100644 && entry.mode != 0100755)
            continue; // symlinks and submodules hold no code of this tree
        auto content = repository.blob(entry.blob);
        if (!content)
            return content.error();
        if (content->size() > rule.maxFileBytes || !isTextContent(*content))
            continue;
        chunks += chunkFile(entry.path, entry.blob, *content, rule);
    }
    return chunks;
}

} // namespace rd
