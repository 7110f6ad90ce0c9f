#include "DiffDocument.h"

#include "HighlighterRepository.h"

namespace rd {
namespace {

void appendExpanded(QString &out, QStringView line, int tabWidth)
{
    if (!line.contains(u'\t')) {
        out.append(line);
        return;
    }
    qsizetype column = 0;
    for (const QChar c : line) {
        if (c == u'\t') {
            const qsizetype spaces = tabWidth - column % tabWidth;
            out.append(QString(spaces, u' '));
            column += spaces;
        } else {
            out.append(c);
            ++column;
        }
    }
}

// Characters that differ between two versions of a line: everything between
// their common prefix and common suffix. Lines that share too little are
// different lines, not edits of one: marking nearly all of them says nothing.
void markChangedCharacters(DiffRow &row, QStringView oldLine, QStringView newLine)
{
    constexpr qsizetype MinimumSharedPercent = 30;
    const qsizetype shorter = std::min(oldLine.size(), newLine.size());
    qsizetype prefix = 0;
    while (prefix < shorter && oldLine[prefix] == newLine[prefix])
        ++prefix;
    qsizetype suffix = 0;
    while (suffix < shorter - prefix && oldLine[oldLine.size() - 1 - suffix] == newLine[newLine.size() - 1 - suffix])
        ++suffix;
    if ((prefix + suffix) * 100 < MinimumSharedPercent * std::max(oldLine.size(), newLine.size()))
        return;
    row.changeStart[Side::Old] = static_cast<int>(prefix);
    row.changeLength[Side::Old] = static_cast<int>(oldLine.size() - prefix - suffix);
    row.changeStart[Side::New] = static_cast<int>(prefix);
    row.changeLength[Side::New] = static_cast<int>(newLine.size() - prefix - suffix);
}

class RowBuilder
{
public:
    RowBuilder(DiffDocument &doc) : m_doc(doc) {}

    void unchangedUntil(int oldEnd, int newEnd)
    {
        flush();
        while (m_next[Side::Old] < oldEnd && m_next[Side::New] < newEnd) {
            DiffRow row;
            row.line[Side::Old] = m_next[Side::Old]++;
            row.line[Side::New] = m_next[Side::New]++;
            m_doc.rows.append(row);
        }
    }

    void add(const DiffLine &line)
    {
        switch (line.kind) {
        case LineKind::Deleted:
            m_pending[Side::Old].append(line.oldLine);
            m_next[Side::Old] = line.oldLine + 1;
            break;
        case LineKind::Added:
            m_pending[Side::New].append(line.newLine);
            m_next[Side::New] = line.newLine + 1;
            break;
        case LineKind::Context:
            unchangedUntil(line.oldLine, line.newLine);
            DiffRow row;
            row.line[Side::Old] = line.oldLine;
            row.line[Side::New] = line.newLine;
            m_doc.rows.append(row);
            m_next[Side::Old] = line.oldLine + 1;
            m_next[Side::New] = line.newLine + 1;
            break;
        }
    }

    // Deletions and additions of one block are paired row by row.
    void flush()
    {
        const qsizetype count = std::max(m_pending[Side::Old].size(), m_pending[Side::New].size());
        if (count == 0)
            return;
        m_doc.changeStarts.append(static_cast<int>(m_doc.rows.size()));
        for (qsizetype i = 0; i < count; ++i) {
            DiffRow row;
            row.changed = true;
            for (Side s : BothSides)
                row.line[s] = m_pending[s].value(i, 0);
            if (row.line[Side::Old] && row.line[Side::New])
                markChangedCharacters(row, m_doc.side[Side::Old].line(row.line[Side::Old]),
                                      m_doc.side[Side::New].line(row.line[Side::New]));
            m_doc.rows.append(row);
        }
        for (Side s : BothSides)
            m_pending[s].clear();
    }

    PerSide<int> m_next{{1, 1}};

private:
    DiffDocument &m_doc;
    PerSide<QList<int>> m_pending;
};

QByteArray submoduleText(const FileDiff &file, Side side)
{
    return file.exists(side) && file.mode[side] == FileMode::Gitlink ? "Subproject commit " + file.blob[side].toHex() + '\n'
                                                                      : QByteArray();
}

} // namespace

SideText buildSideText(const QByteArray &content, SyntaxHighlighter *highlighter, int tabWidth,
                       const std::function<bool(int line)> &keepGoing)
{
    SideText side;
    const bool utf8 = QByteArrayView(content).isValidUtf8();
    side.decodedAsLatin1 = !utf8;
    const QString decoded = utf8 ? QString::fromUtf8(content) : QString::fromLatin1(content);
    side.missingFinalNewline = !content.isEmpty() && !content.endsWith('\n');
    side.text.reserve(decoded.size());

    qsizetype from = 0;
    int lineNumber = 0;
    while (from < decoded.size()) {
        qsizetype end = decoded.indexOf(u'\n', from);
        const qsizetype next = end < 0 ? decoded.size() : end + 1;
        if (end < 0)
            end = decoded.size();
        QStringView line = QStringView(decoded).mid(from, end - from);
        if (line.endsWith(u'\r'))
            line.chop(1);
        const qsizetype start = side.text.size();
        appendExpanded(side.text, line, tabWidth);
        const QStringView shown = QStringView(side.text).mid(start);
        side.maxColumns = std::max(side.maxColumns, static_cast<int>(shown.size()));
        side.lineStart.append(static_cast<int>(side.text.size()));
        if (highlighter)
            highlighter->highlightLine(shown, side.spans);
        side.lineSpanStart.append(static_cast<int>(side.spans.size()));
        from = next;
        if (++lineNumber % 2048 == 0 && keepGoing && !keepGoing(lineNumber))
            return side;
    }
    return side;
}

std::optional<DiffDocument> buildDiffDocument(const FileDiff &file, const QByteArray &oldContent,
                                              const QByteArray &newContent, const DocumentOptions &options,
                                              const ProgressHook &progress)
{
    DiffDocument doc;
    doc.file = file;
    doc.file.hunks.clear();
    PerSide<QByteArray> content{{oldContent, newContent}};
    if (file.isSubmodule())
        for (Side s : BothSides)
            content[s] = submoduleText(file, s);
    for (Side s : BothSides)
        doc.bytes[s] = content[s].size();
    if (file.isBinary())
        return doc;

    const qsizetype totalLines = std::max<qsizetype>(1, content[Side::Old].count('\n') + content[Side::New].count('\n'));
    bool cancelled = false;
    int linesBefore = 0;
    for (Side s : BothSides) {
        const QString name = QString::fromUtf8(file.path[s].isEmpty() ? file.displayPath() : file.path[s]);
        auto highlighter = HighlighterRepository::forFile(name, options.darkTheme);
        doc.side[s] = buildSideText(content[s], highlighter.get(), options.tabWidth, [&](int line) {
            cancelled = progress && !progress(static_cast<int>(90LL * (linesBefore + line) / totalLines));
            return !cancelled;
        });
        if (cancelled)
            return std::nullopt;
        doc.styles[s] = highlighter->styles();
        linesBefore += doc.side[s].lineCount();
    }

    RowBuilder rows(doc);
    doc.rows.reserve(std::max(doc.side[Side::Old].lineCount(), doc.side[Side::New].lineCount()) + 16);
    for (const Hunk &hunk : file.hunks) {
        rows.unchangedUntil(hunk.oldLines ? hunk.oldStart : hunk.oldStart + 1, hunk.newLines ? hunk.newStart : hunk.newStart + 1);
        for (const DiffLine &line : hunk.lines)
            rows.add(line);
        rows.flush();
    }
    rows.unchangedUntil(doc.side[Side::Old].lineCount() + 1, doc.side[Side::New].lineCount() + 1);
    if (progress && !progress(100))
        return std::nullopt;
    return doc;
}

} // namespace rd
