#include "SuggestionCheck.h"

#include <QRegularExpression>

namespace rd {

namespace {

QByteArray withoutTrailingSpace(QByteArray line)
{
    while (!line.isEmpty() && (line.endsWith(' ') || line.endsWith('\t') || line.endsWith('\r')))
        line.chop(1);
    return line;
}

// The code inside a ``` fence around the whole example, or the example.
QString exampleCode(const QString &example)
{
    QString code = example;
    while (code.endsWith(QLatin1Char('\n')))
        code.chop(1);
    static const QRegularExpression fence(QStringLiteral("^\\s*```[^\\n]*\\n(.*)\\n\\s*```\\s*$"), QRegularExpression::DotMatchesEverythingOption);
    if (const auto match = fence.match(code); match.hasMatch())
        return match.captured(1);
    return code;
}

} // namespace

QList<QByteArray> linesOfText(const QByteArray &content)
{
    QList<QByteArray> lines = content.split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    return lines;
}

std::optional<Suggestion> suggestionOf(const ReviewComment &comment)
{
    if (comment.side == QLatin1String("old") || comment.lineStart <= 0)
        return std::nullopt;
    const int first = comment.lineStart;
    const int last = std::max(comment.lineStart, comment.lineEnd);
    // A fence of three or more backticks, "suggestion" with GitLab's
    // optional ":-A+B", the code, and the same fence.
    static const QRegularExpression block(QStringLiteral("(`{3,})suggestion(?::-(\\d+)\\+(\\d+))?[ \\t]*\\r?\\n(.*?)\\r?\\n?\\1"),
                                          QRegularExpression::DotMatchesEverythingOption);
    for (const QString *text : {&comment.issue, &comment.rootCause, &comment.fix, &comment.example}) {
        const auto match = block.match(*text);
        if (!match.hasMatch())
            continue;
        Suggestion s;
        const QString code = match.captured(4);
        s.lines = code.isEmpty() ? QStringList() : code.split(QLatin1Char('\n'));
        s.first = first;
        s.last = last;
        if (match.hasCaptured(2) && !match.captured(2).isEmpty()) { // GitLab: relative to the comment's last line
            s.first = last - match.captured(2).toInt();
            s.last = last + match.captured(3).toInt();
        }
        if (s.first < 1)
            return std::nullopt;
        return s;
    }
    if (comment.example.trimmed().isEmpty())
        return std::nullopt;
    return Suggestion{exampleCode(comment.example).split(QLatin1Char('\n')), first, last};
}

bool suggestionApplied(const Suggestion &suggestion, const LineMap &map, const QString &file, const QList<QByteArray> &olderLines,
                       const QList<QByteArray> &newerLines)
{
    if (suggestion.first < 1 || suggestion.last < suggestion.first || suggestion.last > olderLines.size())
        return false;
    const int count = static_cast<int>(suggestion.lines.size());
    // Where the unchanged neighbours went: 0 is the start of the file, the
    // newer file's length + 1 its end; -1 when the neighbour changed.
    const int before = suggestion.first == 1 ? 0 : map.mapLine(file, suggestion.first - 1);
    const int after = suggestion.last == olderLines.size() ? static_cast<int>(newerLines.size()) + 1 : map.mapLine(file, suggestion.last + 1);
    const bool beforeKept = suggestion.first == 1 || before > 0;
    const bool afterKept = suggestion.last == olderLines.size() || after > 0;
    const auto holdsAt = [&](int start) { // newer lines start..start+count-1 (1-based) are the suggestion's
        if (start < 1 || start + count - 1 > newerLines.size())
            return count == 0 && start >= 1 && start <= newerLines.size() + 1;
        for (int i = 0; i < count; ++i)
            if (withoutTrailingSpace(newerLines[start - 1 + i]) != withoutTrailingSpace(suggestion.lines[i].toUtf8()))
                return false;
        return true;
    };
    if (beforeKept && afterKept)
        return after - before - 1 == count && holdsAt(before + 1);
    if (beforeKept)
        return holdsAt(before + 1);
    if (afterKept)
        return holdsAt(after - count);
    return false;
}

} // namespace rd
