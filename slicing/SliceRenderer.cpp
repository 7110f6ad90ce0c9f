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
// deleted line just before the new line that followed it. A gap marker goes
// where lines of the file are left out: between two deleted lines not next
// to each other, or between a line and a deleted one whose neighbours in
// the file are not shown.
QList<Entry> entriesOf(const Slice &slice, const QStringList &newText, const QStringList &oldText)
{
    QList<Entry> out;
    if (slice.side == Side::Old && slice.newLines.isEmpty()) {
        int previous = -1;
        for (int l : slice.oldLines) {
            const QString reason = slice.oldReasons.value(l);
            const bool deleted = reason == QLatin1String("deleted") || isChangedReason(reason);
            out.append({deleted ? '-' : ' ', l, oldText.value(l - 1), previous >= 0 && l != previous + 1});
            previous = l;
        }
        return out;
    }
    struct Keyed
    {
        double key;
        Entry entry;
        int anchor; // the new line a deleted line stands before
    };
    QList<Keyed> keyed;
    for (int l : slice.newLines) {
        const bool added = isChangedReason(slice.newReasons.value(l));
        keyed.append({double(l), {added ? '+' : ' ', l, newText.value(l - 1), false}, l});
    }
    // Deleted lines keep their order and sit just before their anchor.
    for (int l : slice.oldLines) {
        const int anchor = slice.oldAnchors.value(l, l);
        keyed.append({anchor - 0.5 + 1e-6 * l, {'-', l, oldText.value(l - 1), false}, anchor});
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed &a, const Keyed &b) { return a.key < b.key; });
    for (qsizetype i = 0; i < keyed.size(); ++i) {
        Entry &e = keyed[i].entry;
        if (i > 0) {
            const Keyed &p = keyed[i - 1];
            if (e.mark == '-' && p.entry.mark == '-')
                e.gapBefore = e.number != p.entry.number + 1;
            else if (e.mark == '-')
                e.gapBefore = keyed[i].anchor != p.entry.number + 1; // the new lines up to the deletion are shown
            else if (p.entry.mark == '-')
                e.gapBefore = e.number != p.anchor;                  // the deletion stood right before this line
            else
                e.gapBefore = e.number != p.entry.number + 1;
        }
        out.append(e);
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
    if (slice.omitted > 0)
        lines << QStringLiteral("... (%1 lines of context left out to fit the token budget)").arg(slice.omitted);
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
    // The text is cut into the pieces the cl100k/o200k pre-tokenizer makes
    // (a word with one leading space or sign, up to three digits, a run of
    // punctuation with the line feeds after it, whitespace), and each piece
    // weighs what BPE makes of it on average: hundredths of a token, fitted
    // by least squares on 829 forty-line pieces of C and C++ (README.md).
    constexpr int Word = 103, CaseChange = 120, Punctuation = 120, DigitGroup = 90, Whitespace = 98;
    auto isNewline = [](QChar c) { return c == QLatin1Char('\n') || c == QLatin1Char('\r'); };
    qint64 total = 0;
    const qsizetype n = text.size();
    for (qsizetype i = 0; i < n;) {
        const QChar c = text[i];
        const bool next = i + 1 < n;
        if (c.isLetter() || (!isNewline(c) && !c.isDigit() && next && text[i + 1].isLetter())) {
            qsizetype j = c.isLetter() ? i : i + 1;
            const qsizetype start = j;
            for (; j < n && text[j].isLetter(); ++j)
                if (j > start && ((text[j].isUpper() && text[j - 1].isLower())
                                  || (text[j].isLower() && text[j - 1].isUpper() && j - 1 > start && text[j - 2].isUpper())))
                    total += CaseChange;
            total += Word;
            i = j;
        } else if (c.isDigit()) {
            qsizetype j = i;
            while (j < n && j < i + 3 && text[j].isDigit())
                ++j;
            total += DigitGroup;
            i = j;
        } else if (!c.isSpace() || (c == QLatin1Char(' ') && next && !text[i + 1].isSpace() && !text[i + 1].isDigit())) {
            qsizetype j = c.isSpace() ? i + 1 : i;
            while (j < n && !text[j].isSpace() && !text[j].isLetter() && !text[j].isDigit())
                ++j;
            while (j < n && isNewline(text[j]))
                ++j;
            total += Punctuation;
            i = j;
        } else {
            qsizetype k = i;
            qsizetype lastNewline = -1;
            for (; k < n && text[k].isSpace(); ++k)
                if (isNewline(text[k]))
                    lastNewline = k;
            total += Whitespace;
            if (lastNewline >= 0)
                i = lastNewline + 1;
            else if (k == n || k - i == 1)
                i = k;
            else
                i = k - 1; // the last space goes with what follows
        }
    }
    return static_cast<int>((total + 50) / 100);
}

int estimateLineTokens(const QString &text, int number)
{
    // As rendered, with the number right-justified (counted as padded:
    // the estimate errs towards more tokens, so a slice stays in budget).
    return estimateTokens(QStringLiteral("+%1 %2\n").arg(number, 6).arg(text));
}

} // namespace rd
