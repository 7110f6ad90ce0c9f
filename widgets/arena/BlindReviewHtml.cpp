#include "BlindReviewHtml.h"

#include "CommentCardText.h"
#include "Theme.h"

namespace rd {

namespace {

QString blindParagraph(const QString &label, const QString &text)
{
    if (text.trimmed().isEmpty())
        return {};
    QString body = text.trimmed().toHtmlEscaped();
    body.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return QStringLiteral("<p style='margin-top:6px; margin-bottom:0px;'><b>%1</b> %2</p>").arg(label.toHtmlEscaped(), body);
}

} // namespace

QString BlindReviewHtml::place(const BlindComment &c)
{
    if (c.file.isEmpty())
        return tr("whole merge request");
    if (!c.located)
        return c.file;
    const QString side = c.side == QLatin1String("old") ? tr(" (old)") : QString();
    if (c.lineEnd > c.lineStart)
        return QStringLiteral("%1%2:%3–%4").arg(c.file, side).arg(c.lineStart).arg(c.lineEnd);
    return QStringLiteral("%1%2:%3").arg(c.file, side).arg(c.lineStart);
}

QString BlindReviewHtml::html(const BlindReview &review, const QPalette &palette)
{
    const QString muted = palette.color(QPalette::PlaceholderText).name();
    if (review.comments.isEmpty())
        return QStringLiteral("<p style='color:%1;'><i>%2</i></p>").arg(muted, tr("This review has no comments.").toHtmlEscaped());
    const bool dark = isDark(palette);
    const QString card = (dark ? QColor(0x22272e) : QColor(0xf6f8fa)).name();
    const QString border = (dark ? QColor(0x444c56) : QColor(0xd0d7de)).name();
    QString out;
    for (const BlindComment &c : review.comments) {
        QString head = QStringLiteral("<span style='font-family:monospace;'>%1</span>").arg(place(c).toHtmlEscaped());
        if (c.severity > 0)
            head += QStringLiteral(" &nbsp;<span style='color:%1;'><b>%2</b></span>")
                        .arg(CommentCardText::severityColor(c.severity).name(), tr("Severity %1").arg(c.severity).toHtmlEscaped());
        if (!c.category.isEmpty())
            head += QStringLiteral(" <span style='color:%1;'>· %2</span>").arg(muted, CommentCardText::categoryText(c.category).toHtmlEscaped());
        QString body = QStringLiteral("<p style='margin:0px;'>%1</p>").arg(head);
        QString issue = c.issue.trimmed().toHtmlEscaped();
        issue.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
        body += QStringLiteral("<p style='margin-top:6px; margin-bottom:0px;'>%1</p>").arg(issue);
        body += blindParagraph(tr("Root cause:"), c.rootCause);
        body += blindParagraph(tr("Suggested fix:"), c.fix);
        if (!c.example.trimmed().isEmpty())
            body += QStringLiteral("<pre style='margin-top:6px; margin-bottom:0px; font-family:monospace;'>%1</pre>").arg(c.example.trimmed().toHtmlEscaped());
        // Qt's rich text draws a table's border and background, not a div's: each card is a one-cell table.
        out += QStringLiteral("<table width='100%' cellspacing='0' cellpadding='8' border='1' style='border-style:solid; border-color:%1; "
                              "background-color:%2; margin-bottom:10px;'><tr><td>%3</td></tr></table>")
                   .arg(border, card, body);
    }
    return out;
}

} // namespace rd
