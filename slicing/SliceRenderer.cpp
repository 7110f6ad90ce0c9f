#include "SliceRenderer.h"

#include <MergeRequest.h>

#include <algorithm>

namespace rd {

namespace {

struct Entry
{
    char mark;      // ' ', '+', '-'
    int number;     // on its own side
    QString text;
    bool gapBefore; // lines were omitted before it
};

// The slice's lines in reading order: new-side lines by number, each
// deleted line just before the new line that followed it.
QList<Entry> entriesOf(const Slice &slice, const QStringList &newText, const QStringList &oldText)
{
    QList<Entry> out;
    if (slice.side == Side::Old && slice.newLines.isEmpty()) {
        int previous = -1;
        for (int l : slice.oldLines) {
            const bool deleted = slice.oldReasons.value(l) == QLatin1String("deleted");
            out.append({deleted ? '-' : ' ', l, oldText.value(l - 1), previous >= 0 && l != previous + 1});
            previous = l;
        }
        return out;
    }
    // Position of each deleted line: the first new line after it in the file.
    QList<std::pair<double, Entry>> keyed;
    for (int l : slice.newLines) {
        const bool added = slice.newReasons.value(l) == QLatin1String("changed");
        keyed.append({double(l), {added ? '+' : ' ', l, newText.value(l - 1), false}});
    }
    // Deleted lines keep their order and sit just before their anchor.
    for (int l : slice.oldLines)
        keyed.append({slice.oldAnchors.value(l, l) - 0.5 + 1e-6 * l, {'-', l, oldText.value(l - 1), false}});
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    int previousNew = -1, previousOld = -1;
    for (auto &[key, entry] : keyed) {
        if (entry.mark == '-') {
            entry.gapBefore = previousOld >= 0 && entry.number != previousOld + 1 && previousNew >= 0;
            previousOld = entry.number;
        } else {
            entry.gapBefore = previousNew >= 0 && entry.number != previousNew + 1;
            previousNew = entry.number;
        }
        out.append(entry);
    }
    return out;
}

} // namespace

QString renderSlice(const Slice &slice, LineFormat format, const QStringList &newText, const QStringList &oldText)
{
    const QList<Entry> entries = entriesOf(slice, newText, oldText);
    int width = 1;
    for (const Entry &e : entries)
        width = std::max(width, static_cast<int>(QString::number(e.number).size()));
    for (const ExternalSnippet &x : slice.external)
        width = std::max(width, static_cast<int>(QString::number(x.to).size()));

    QStringList lines;
    QStringList positions;
    lines << QStringLiteral("// %1").arg(QString::fromUtf8(slice.file));
    for (const Entry &e : entries) {
        if (e.gapBefore)
            lines << QStringLiteral("...");
        switch (format) {
        case LineFormat::Inline:
            lines << QLatin1Char(e.mark) + QString::number(e.number).rightJustified(width) + QLatin1Char(' ') + e.text;
            break;
        case LineFormat::Relative:
            lines << QLatin1Char(e.mark) + e.text;
            positions << (e.mark == '-' ? QStringLiteral("-%1").arg(e.number) : QString::number(e.number));
            break;
        case LineFormat::None:
            lines << QLatin1Char(e.mark) + e.text;
            break;
        }
    }
    for (const ExternalSnippet &x : slice.external) {
        lines << QString();
        lines << QStringLiteral("// %1:%2-%3 (%4)").arg(x.file).arg(x.from).arg(x.to).arg(x.reason);
        if (!x.insideRepository)
            continue; // named, not copied
        for (int i = 0; i < x.text.size(); ++i) {
            if (format == LineFormat::Inline)
                lines << QLatin1Char(' ') + QString::number(x.from + i).rightJustified(width) + QLatin1Char(' ') + x.text[i];
            else
                lines << QLatin1Char(' ') + x.text[i];
        }
    }
    if (format == LineFormat::Relative)
        lines << QString() << QStringLiteral("// line numbers of the lines above, in order (negative: deleted, old numbering): ") + positions.join(QLatin1Char(' '));
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QStringList textLines(const QByteArray &content)
{
    QStringList lines = QString::fromUtf8(content).split(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    for (QString &l : lines)
        if (l.endsWith(QLatin1Char('\r')))
            l.chop(1);
    return lines;
}

QString MergeRequestSliceRenderer::render(const Slice &slice, LineFormat format)
{
    auto it = m_texts.find(slice.file);
    if (it == m_texts.end()) {
        std::pair<QStringList, QStringList> texts;
        for (const FileDiff &f : m_mr.files) {
            if (f.displayPath() != slice.file)
                continue;
            if (const auto c = m_mr.content(f, Side::New))
                texts.first = textLines(*c);
            if (const auto c = m_mr.content(f, Side::Old))
                texts.second = textLines(*c);
        }
        it = m_texts.insert(slice.file, texts);
    }
    return renderSlice(slice, format, it->first, it->second);
}

int estimateTokens(const QString &text)
{
    return static_cast<int>((text.size() + 3) / 4);
}

} // namespace rd
