#include "CommentCardText.h"

#include "Theme.h"

namespace rd {

namespace {
QString escapedCardText(const QString &text)
{
    return text.toHtmlEscaped();
}

// A rounded label; Qt's rich text has no border-radius, so a padded span.
QString chip(const QString &text, const QColor &background, const QColor &foreground)
{
    return QStringLiteral("<span style='background-color:%1; color:%2;'>&nbsp;%3&nbsp;</span>&nbsp; ")
        .arg(background.name(), foreground.name(), escapedCardText(text));
}

QString paragraph(const QString &label, const QString &text)
{
    if (text.trimmed().isEmpty())
        return {};
    QString body = escapedCardText(text.trimmed());
    body.replace(QLatin1Char('\n'), QStringLiteral("<br>"));
    return QStringLiteral("<p style='margin-top:4px; margin-bottom:0px;'><b>%1</b> %2</p>").arg(escapedCardText(label), body);
}
} // namespace

QString CommentCardText::runLabel(const QList<StoredRun> &runs, const StoredComment &comment)
{
    if (!comment.run)
        return {};
    for (const StoredRun &run : runs)
        if (run.id == *comment.run && !run.label.isEmpty())
            return run.label + revisionsText(run);
    return QString::number(*comment.run);
}

QString CommentCardText::revisionsText(const StoredRun &run)
{
    // Revision 1 reviewed whole is what nearly every run is: not said.
    if (run.revisionFrom > 0)
        return tr(" · revisions %1→%2").arg(run.revisionFrom).arg(run.revisionTo);
    if (run.revisionTo > 1)
        return tr(" · revision %1").arg(run.revisionTo);
    return {};
}

QString CommentCardText::source(const StoredComment &c, const QString &runLabel)
{
    if (c.origin == CommentOrigin::Human)
        return tr("written by %1").arg(c.author);
    if (c.origin == CommentOrigin::Imported)
        return tr("imported (%1)").arg(c.author);
    QStringList stages;
    for (const ScoreRecord &s : c.comment.history)
        if (!s.stage.isEmpty() && !stages.contains(s.stage))
            stages << s.stage;
    QStringList parts;
    if (!runLabel.isEmpty())
        parts << tr("run %1").arg(runLabel);
    if (!stages.isEmpty())
        parts << stages.join(QStringLiteral(" → "));
    if (!c.author.isEmpty() && !runLabel.contains(c.author))
        parts << c.author;
    return parts.join(QStringLiteral(" · "));
}

QString CommentCardText::verdictText(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Accept: return tr("Accepted");
    case Verdict::Reject: return tr("Rejected");
    case Verdict::Unsure: return tr("Unsure");
    }
    return {};
}

QString CommentCardText::contextText(ContextLevel level)
{
    switch (level) {
    case ContextLevel::Diff: return tr("Diff Level");
    case ContextLevel::File: return tr("File Level");
    case ContextLevel::Repo: return tr("Repo Level");
    }
    return {};
}

QString CommentCardText::categoryText(const QString &category)
{
    static const char *const names[] = {QT_TR_NOOP("Security Vulnerability"), QT_TR_NOOP("Code Defect"),
                                        QT_TR_NOOP("Maintainability and Readability"), QT_TR_NOOP("Performance")};
    for (const char *name : names)
        if (category.compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
            return tr(name);
    return category;
}

QString CommentCardText::stageText(const QString &stage)
{
    if (stage == QLatin1String("coarse"))
        return tr("coarse filter");
    if (stage == QLatin1String("top_k"))
        return tr("top-k");
    if (stage == QLatin1String("meta"))
        return tr("meta-reviewer");
    if (stage == QLatin1String("merged"))
        return tr("merged");
    if (stage == QLatin1String("validator"))
        return tr("validator");
    if (stage == QLatin1String("unparsed"))
        return tr("unparsed");
    return stage;
}

QString CommentCardText::droppedText(const QString &stage)
{
    if (stage == QLatin1String("coarse"))
        return tr("filtered out by the coarse filter (Q1 or Q2 too low)");
    if (stage == QLatin1String("top_k"))
        return tr("filtered out: not among the reviewer's top-k");
    if (stage == QLatin1String("meta"))
        return tr("dropped by the meta-reviewer (too few reviewers raised it)");
    if (stage == QLatin1String("merged"))
        return tr("merged into another comment by the meta-reviewer");
    if (stage == QLatin1String("validator"))
        return tr("not confirmed by the validator");
    if (stage == QLatin1String("unparsed"))
        return tr("the model's answer could not be read");
    if (stage == QLatin1String("line_matching")) // CQS App. A.4
        return tr("dropped: the judge says its line does not match the diff's line numbers");
    return tr("filtered out at %1").arg(stage);
}

QColor CommentCardText::severityColor(int q3)
{
    if (q3 >= 6)
        return QColor(0xcf222e);
    if (q3 >= 4)
        return QColor(0xbc4c00);
    if (q3 >= 1)
        return QColor(0x9a6700);
    return QColor(0x6e7781);
}

QColor CommentCardText::verdictColor(Verdict verdict)
{
    switch (verdict) {
    case Verdict::Accept: return QColor(0x1a7f37);
    case Verdict::Reject: return QColor(0xcf222e);
    case Verdict::Unsure: return QColor(0x8250df);
    }
    return {};
}

QString CommentCardText::chips(const StoredComment &c, const std::optional<Judgement> &j, const QPalette &palette)
{
    const bool dark = isDark(palette);
    const QColor neutral = dark ? QColor(0x30363d) : QColor(0xeaeef2);
    const QColor neutralText = palette.color(QPalette::Text);
    QString out;
    if (!j || !j->verdict) {
        // Readable on the neutral fill in both themes (placeholder grey was grey on grey in dark).
        out += chip(tr("Not judged"), neutral, neutralText);
        // B marks a key bug before any verdict: the card shows it at once.
        if (j && j->keyBug.value_or(false))
            out += chip(tr("Key bug"), QColor(0xcf222e), Qt::white);
        return out;
    }
    out += chip(verdictText(*j->verdict), verdictColor(*j->verdict), Qt::white);
    auto score = [&](const char *name, const std::optional<int> &mine, int model) {
        if (mine && *mine != model)
            out += chip(tr("%1 %2 (model %3)").arg(QLatin1String(name)).arg(*mine).arg(model), neutral, neutralText);
    };
    score("Q1", j->q1Nitpick, c.comment.q1Nitpick);
    score("Q2", j->q2Fake, c.comment.q2Fake);
    score("Q3", j->q3Severity, c.comment.q3Severity);
    if (j->category)
        out += chip(categoryText(*j->category), neutral, neutralText);
    if (j->context)
        out += chip(contextText(*j->context), neutral, neutralText);
    if (j->keyBug.value_or(false))
        out += chip(tr("Key bug"), QColor(0xcf222e), Qt::white);
    if (j->tag && !j->tag->isEmpty())
        out += chip(QStringLiteral("#") + *j->tag, neutral, neutralText);
    if (j->thumbs)
        out += chip(*j->thumbs == Thumbs::Up ? tr("▲ helpful") : tr("▼ not helpful"), neutral, neutralText);
    return out;
}

QString CommentCardText::summary(const StoredComment &c, const std::optional<Judgement> &j, const QPalette &palette)
{
    QString issue = c.comment.issue.section(QLatin1Char('\n'), 0, 0);
    if (issue.size() > 90)
        issue = issue.left(89) + QStringLiteral("…");
    return QStringLiteral("<span style='color:%1'>▸</span> <b>%2</b> %3 &nbsp;%4")
        .arg(palette.color(QPalette::PlaceholderText).name(), escapedCardText(tr("Severity %1").arg(c.comment.q3Severity)), escapedCardText(issue),
             chips(c, j, palette));
}

QString CommentCardText::html(const StoredComment &c, const std::optional<Judgement> &j, const QString &runLabel, const QString &note,
                              const QPalette &palette)
{
    const ReviewComment &r = c.comment;
    const QString muted = palette.color(QPalette::PlaceholderText).name();
    QString out = QStringLiteral("<div><span style='color:%1'>▾</span> <b style='color:%2'>%3</b>")
                      .arg(muted, severityColor(r.q3Severity).name(), escapedCardText(tr("Severity %1").arg(r.q3Severity)));
    if (!r.category.isEmpty())
        out += QStringLiteral(" · %1").arg(escapedCardText(categoryText(r.category)));
    out += QStringLiteral(" · <span style='color:%1'>Q1 %2 · Q2 %3 · Q3 %4</span>").arg(muted).arg(r.q1Nitpick).arg(r.q2Fake).arg(r.q3Severity);
    out += QStringLiteral(" · <span style='color:%1'>%2</span></div>").arg(muted, escapedCardText(source(c, runLabel)));
    QStringList warnings;
    if (!r.kept)
        warnings << droppedText(r.droppedAt);
    if (c.outdated)
        warnings << tr("outdated by revision %1: the lines it was made on changed").arg(c.outdatedIn);
    else if (!r.lineValid)
        warnings << tr("its lines are outside the slice the model saw");
    if (!note.isEmpty())
        warnings << note;
    if (c.original)
        warnings << tr("edited; the original: “%1” (lines %2–%3)").arg(c.original->issue.left(120)).arg(c.original->lineStart).arg(c.original->lineEnd);
    if (!warnings.isEmpty())
        out += QStringLiteral("<p style='margin-top:3px; margin-bottom:0px; color:%1'>⚠ %2</p>").arg(QColor(0xbc4c00).name(), escapedCardText(warnings.join(QStringLiteral(" · "))));
    out += paragraph(tr("Issue:"), r.issue);
    out += paragraph(tr("Root cause:"), r.rootCause);
    out += paragraph(tr("Suggested fix:"), r.fix);
    if (!r.example.trimmed().isEmpty())
        out += QStringLiteral("<pre style='margin-top:4px; margin-bottom:0px; font-family:monospace;'>%1</pre>").arg(escapedCardText(r.example.trimmed()));
    if (!r.raw.isEmpty() && r.issue.isEmpty())
        out += QStringLiteral("<pre style='margin-top:4px; font-family:monospace;'>%1</pre>").arg(escapedCardText(r.raw.left(600)));
    out += QStringLiteral("<p style='margin-top:6px; margin-bottom:0px;'>%1").arg(chips(c, j, palette));
    if (j && j->critique && !j->critique->isEmpty())
        out += QStringLiteral("<br><i>“%1”</i>").arg(escapedCardText(*j->critique));
    out += QStringLiteral("</p>");
    return out;
}

} // namespace rd
