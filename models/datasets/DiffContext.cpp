#include "DiffContext.h"

namespace rd {

QString DiffContext::around(const MergeRequestEntry &mr, const StoredComment &comment)
{
    if (!mr.codeLinked)
        return {};
    if (!m_opened.contains(mr.id)) {
        DiffOptions options;
        options.twoDot = mr.twoDot;
        auto opened = MergeRequest::open(mr.repository, mr.base, mr.head, options);
        m_opened.insert(mr.id, opened ? std::make_shared<MergeRequest>(std::move(opened).value()) : nullptr);
    }
    const std::shared_ptr<MergeRequest> &request = m_opened[mr.id];
    if (!request)
        return {};
    const ReviewComment &c = comment.comment;
    const Side side = c.side == QLatin1String("old") ? Side::Old : Side::New;
    const QByteArray path = c.file.toUtf8();
    const int from = std::min(c.lineStart, c.lineEnd > 0 ? c.lineEnd : c.lineStart) - 3;
    const int to = std::max(c.lineStart, c.lineEnd) + 3;
    for (const FileDiff &file : request->files) {
        if (file.path[side] != path && file.displayPath() != path)
            continue;
        QString out;
        int lines = 0;
        for (const Hunk &hunk : file.hunks) {
            const int start = side == Side::Old ? hunk.oldStart : hunk.newStart;
            const int count = side == Side::Old ? hunk.oldLines : hunk.newLines;
            if (start + count < from || start > to)
                continue;
            out += QString::fromUtf8(hunk.header) + QLatin1Char('\n');
            for (const DiffLine &line : hunk.lines) {
                const int number = side == Side::Old ? line.oldLine : line.newLine;
                if (number != 0 && (number < from - 10 || number > to + 10))
                    continue;
                if (++lines > MaxLines)
                    return out + QStringLiteral("...\n");
                const char prefix = line.kind == LineKind::Added ? '+' : line.kind == LineKind::Deleted ? '-' : ' ';
                out += QLatin1Char(prefix) + QString::fromUtf8(line.text) + QLatin1Char('\n');
            }
        }
        return out;
    }
    return {};
}

} // namespace rd
