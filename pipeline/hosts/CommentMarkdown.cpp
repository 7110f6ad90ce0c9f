#include "CommentMarkdown.h"

#include <QRegularExpression>
#include <QSet>

namespace rd {

namespace {

QSet<QString> namesIn(const QString &code)
{
    static const QRegularExpression identifier(QStringLiteral("[A-Za-z_][A-Za-z0-9_]*"));
    QSet<QString> names;
    auto it = identifier.globalMatch(code);
    while (it.hasNext())
        names.insert(it.next().captured());
    return names;
}

// The code inside a ``` fence around the whole example, or the example.
QString unfenced(const QString &example)
{
    QString code = example;
    while (code.endsWith(QLatin1Char('\n')))
        code.chop(1);
    static const QRegularExpression fence(QStringLiteral("^\\s*```[^\\n]*\\n(.*)\\n\\s*```\\s*$"),
                                          QRegularExpression::DotMatchesEverythingOption);
    if (const auto match = fence.match(code); match.hasMatch())
        return match.captured(1);
    return code;
}

bool looksLikeDiff(const QStringList &lines)
{
    int marked = 0;
    for (const QString &line : lines) {
        if (line.startsWith(QLatin1String("@@")) || line.startsWith(QLatin1String("--- ")) || line.startsWith(QLatin1String("+++ ")))
            return true;
        if (line.startsWith(QLatin1Char('+')) || line.startsWith(QLatin1Char('-')))
            ++marked;
        else if (!line.isEmpty() && !line.startsWith(QLatin1Char(' ')))
            return false;
    }
    return marked > 0;
}

bool elides(const QStringList &lines)
{
    static const QRegularExpression elision(QStringLiteral("^\\s*(//|#|/\\*)?\\s*(\\.\\.\\.|…)"));
    for (const QString &line : lines)
        if (elision.match(line).hasMatch())
            return true;
    return false;
}

// A fence the code itself cannot close: one backtick more than its longest run.
QString fenceFor(const QString &code)
{
    int longest = 0;
    int run = 0;
    for (const QChar c : code) {
        run = c == QLatin1Char('`') ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    return QString(std::max(3, longest + 1), QLatin1Char('`'));
}

} // namespace

QString replacementCode(const ReviewComment &comment, const QStringList &commentedLines)
{
    if (comment.side != QLatin1String("new") || comment.example.trimmed().isEmpty() || commentedLines.isEmpty())
        return {};
    const QString code = unfenced(comment.example);
    const QStringList lines = code.split(QLatin1Char('\n'));
    if (looksLikeDiff(lines) || elides(lines))
        return {};
    if (lines.size() > 3 * commentedLines.size() + 5)
        return {};
    const QSet<QString> commented = namesIn(commentedLines.join(QLatin1Char('\n')));
    if (commented.isEmpty())
        return {};
    const QSet<QString> used = namesIn(code);
    qsizetype shared = 0;
    for (const QString &name : commented)
        shared += used.contains(name) ? 1 : 0;
    return 2 * shared >= commented.size() ? code : QString();
}

CommentMarkdown commentMarkdown(const ReviewComment &comment, const QStringList &commentedLines, const CommentMarkdownOptions &options)
{
    CommentMarkdown out;
    QStringList parts;
    parts << comment.issue.trimmed();
    if (!comment.rootCause.trimmed().isEmpty())
        parts << QStringLiteral("**Root cause:** ") + comment.rootCause.trimmed();
    if (!comment.fix.trimmed().isEmpty())
        parts << QStringLiteral("**Fix:** ") + comment.fix.trimmed();
    const QString replacement = options.suggestions ? replacementCode(comment, commentedLines) : QString();
    if (!replacement.isNull()) {
        const QString fence = fenceFor(replacement);
        const int above = std::max(0, comment.lineEnd - comment.lineStart);
        const QString info = options.suggestionOffsets ? QStringLiteral("suggestion:-%1+0").arg(above) : QStringLiteral("suggestion");
        parts << QString(fence + info + QLatin1Char('\n') + replacement + QLatin1Char('\n') + fence);
        out.suggestion = true;
    } else if (!comment.example.trimmed().isEmpty()) {
        const QString code = unfenced(comment.example);
        const QString fence = fenceFor(code);
        parts << QString(fence + QLatin1Char('\n') + code + QLatin1Char('\n') + fence);
    }
    if (!options.provenance.isEmpty())
        parts << (options.htmlFooter ? QString(QStringLiteral("<sub>") + options.provenance.toHtmlEscaped() + QStringLiteral("</sub>"))
                                     : QString(QStringLiteral("— ") + options.provenance));
    parts.removeAll(QString());
    out.body = parts.join(QStringLiteral("\n\n"));
    return out;
}

QString provenanceNote(const StoredComment &comment, const QString &runLabel, const QString &model)
{
    switch (comment.origin) {
    case CommentOrigin::Generated: {
        QString note = QStringLiteral("ReviewDesk");
        if (!runLabel.isEmpty())
            note += QStringLiteral(": run “%1”").arg(runLabel);
        const QString by = model.isEmpty() ? comment.author : model;
        if (!by.isEmpty())
            note += (runLabel.isEmpty() ? QStringLiteral(": model ") : QStringLiteral(", model ")) + by;
        return note;
    }
    case CommentOrigin::Human: return QStringLiteral("ReviewDesk: written by %1").arg(comment.author);
    case CommentOrigin::Imported: return QStringLiteral("ReviewDesk: imported from %1").arg(comment.author);
    }
    return {};
}

} // namespace rd
