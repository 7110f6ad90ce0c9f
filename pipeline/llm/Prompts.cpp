#include "Prompts.h"

#include <QFile>
#include <QRegularExpression>

namespace rd {

namespace {

// How the slice shows line positions, in the words of the line format the
// run renders slices with: the prompt must not promise numbers that are not there.
QString lineFormatNote(LineFormat format)
{
    switch (format) {
    case LineFormat::Inline:
        return QStringLiteral(
            "Each line of the slice starts with its position: \" 12 code\" is an unchanged line 12, \"+13 code\" an added line 13, "
            "\"-13 code\" a deleted line 13 of the old version, and \"...\" marks lines left out. Snippets from other files follow "
            "under \"// path:from-to (reason)\" lines. Report line numbers exactly as shown.");
    case LineFormat::Relative:
        return QStringLiteral(
            "Each line of the slice starts with \" \" (unchanged), \"+\" (added) or \"-\" (deleted, old version), and \"...\" marks "
            "lines left out. The line numbers are in the list at the end of the slice, one per line in order (negative: a deleted "
            "line, old numbering). Snippets from other files follow under \"// path:from-to (reason)\" lines. Report line numbers "
            "from that list.");
    case LineFormat::None:
        return QStringLiteral(
            "Each line of the slice starts with \" \" (unchanged), \"+\" (added) or \"-\" (deleted, old version), and \"...\" marks "
            "lines left out. The lines carry no numbers: quote the code you mean in the issue and give your best estimate of its "
            "line in line_start and line_end.");
    }
    return {};
}

// One pass over the template's text: each {{name}} is replaced by its value,
// and the values are never looked at again, so text in them (code, a commit
// message) cannot fill or open a placeholder.
QString fill(const QString &templateText, const QHash<QString, QString> &values)
{
    static const QRegularExpression placeholder(QStringLiteral("\\{\\{([a-z_]+)\\}\\}"));
    QString out;
    qsizetype from = 0;
    for (auto it = placeholder.globalMatch(templateText); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(templateText).mid(from, m.capturedStart() - from);
        out += values.value(m.captured(1));
        from = m.capturedEnd();
    }
    out += QStringView(templateText).mid(from);
    return out;
}

} // namespace

QString roleName(ReviewRole role)
{
    switch (role) {
    case ReviewRole::Reviewer: return QStringLiteral("reviewer");
    case ReviewRole::MetaReviewer: return QStringLiteral("meta_reviewer");
    case ReviewRole::Validator: return QStringLiteral("validator");
    case ReviewRole::Translator: return QStringLiteral("translator");
    }
    return {};
}

QList<ChatMessage> buildPrompt(ReviewRole role, bool chainOfThought, const QHash<QString, QString> &values, LineFormat lineFormat)
{
    QHash<QString, QString> filled = values;
    filled.insert(QStringLiteral("line_format"), lineFormatNote(lineFormat));
    return buildPrompt(roleName(role) + (chainOfThought ? QString() : QStringLiteral("_nocot")), filled);
}

QList<ChatMessage> buildPrompt(const QString &templateName, const QHash<QString, QString> &values)
{
    QFile file(QStringLiteral(":/prompts/%1.txt").arg(templateName));
    if (!file.open(QIODevice::ReadOnly))
        qFatal("prompt template %s is missing from the resources", qPrintable(file.fileName()));
    const QString text = QString::fromUtf8(file.readAll());
    // The template (ours, trusted) is cut into messages at its own
    // "=== role ===" lines before anything is filled in: content can never
    // start a message.
    static const QRegularExpression marker(QStringLiteral("^=== (system|user|assistant) ===\\n"), QRegularExpression::MultilineOption);
    QList<ChatMessage> messages;
    QRegularExpressionMatch previous;
    for (auto it = marker.globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        if (previous.hasMatch())
            messages.append({previous.captured(1), text.mid(previous.capturedEnd(), m.capturedStart() - previous.capturedEnd()).trimmed()});
        previous = m;
    }
    if (previous.hasMatch())
        messages.append({previous.captured(1), text.mid(previous.capturedEnd()).trimmed()});
    for (ChatMessage &m : messages)
        m.content = fill(m.content, values).trimmed();
    return messages;
}

} // namespace rd
