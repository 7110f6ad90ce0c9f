#include "TeamCardText.h"

#include "CommentCardText.h"

#include <TeamService.h>
#include <ReviewSession.h>

namespace rd {

namespace {
QString escapedTeamText(const QString &s)
{
    return s.toHtmlEscaped();
}
} // namespace

QString TeamCardText::labelText(const std::optional<Verdict> &verdict, const std::optional<QString> &category, const std::optional<ContextLevel> &context,
                                const std::optional<int> &severity, const std::optional<bool> &keyBug)
{
    QStringList parts;
    if (verdict)
        parts << CommentCardText::verdictText(*verdict);
    if (category)
        parts << CommentCardText::categoryText(*category);
    if (context)
        parts << CommentCardText::contextText(*context);
    if (severity)
        parts << tr("severity %1").arg(*severity);
    if (keyBug && *keyBug)
        parts << tr("key bug");
    return parts.isEmpty() ? tr("no label") : parts.join(QStringLiteral(" · "));
}

QString TeamCardText::teamLabelText(TeamLabel label)
{
    switch (label) {
    case TeamLabel::Verdict: return tr("verdict");
    case TeamLabel::Category: return tr("category");
    case TeamLabel::Context: return tr("context level");
    case TeamLabel::KeyBug: return tr("key bug");
    case TeamLabel::Severity: return tr("severity (±1)");
    }
    return {};
}

QString TeamCardText::statusText(const FinalLabel &f)
{
    QStringList disputed;
    for (TeamLabel l : f.disputed)
        disputed << teamLabelText(l);
    switch (f.status) {
    case FinalLabel::Status::Unjudged: return tr("not judged yet");
    case FinalLabel::Status::Single: return tr("judged by one annotator; waits for a second");
    case FinalLabel::Status::Agreed: return tr("final (agreed): %1").arg(labelText(f.verdict, f.category, f.context, f.q3Severity, f.keyBug));
    case FinalLabel::Status::Disagreement: return tr("annotators disagree on %1: waits for adjudication").arg(disputed.join(QStringLiteral(", ")));
    case FinalLabel::Status::Adjudicated:
        return tr("final (adjudicated by %1): %2 — %3").arg(f.adjudicator, labelText(f.verdict, f.category, f.context, f.q3Severity, f.keyBug), f.reason);
    }
    return {};
}

QString TeamCardText::html(const ReviewSession &session, const StoredComment &comment, const QPalette &palette)
{
    const QString muted = palette.color(QPalette::PlaceholderText).name();
    QString out;
    const QList<qint64> group = session.team()->groupOf(comment.id);
    if (group.size() > 1) {
        QStringList members;
        for (qint64 id : group)
            if (const StoredComment *m = session.comment(id))
                members << QStringLiteral("#%1 %2").arg(id).arg(escapedTeamText(CommentCardText::source(*m, CommentCardText::runLabel(session.runs(), *m))));
        out += QStringLiteral("<p style='margin-top:6px; margin-bottom:0px; color:%1'>%2<br>%3</p>")
                   .arg(muted,
                        session.team()->groupJudging() ? escapedTeamText(tr("Judged as one group of %n near-duplicates (each keeps the judgement):", nullptr, static_cast<int>(group.size())))
                                               : escapedTeamText(tr("One of %n near-duplicates (judged one by one):", nullptr, static_cast<int>(group.size()))),
                        members.join(QStringLiteral("<br>")));
    }
    QStringList others;
    for (const Judgement &j : session.team()->visibleJudgementsOf(comment.id))
        if (j.annotator != session.annotator() && j.verdict)
            others << QStringLiteral("<b>%1</b>: %2").arg(escapedTeamText(j.annotator), escapedTeamText(labelText(j.verdict, j.category, j.context, j.q3Severity, j.keyBug)));
    if (!others.isEmpty())
        out += QStringLiteral("<p style='margin-top:4px; margin-bottom:0px;'>%1</p>").arg(others.join(QStringLiteral("<br>")));
    if (const int hidden = session.team()->hiddenJudgementsOf(comment.id); hidden > 0)
        out += QStringLiteral("<p style='margin-top:4px; margin-bottom:0px; color:%1'>%2</p>")
                   .arg(muted, escapedTeamText(tr("Blind mode: %n other judgement(s) hidden until you give a verdict.", nullptr, hidden)));
    if (others.isEmpty())
        return out; // the final label would tell what blind mode hides
    const FinalLabel f = session.team()->finalLabelOf(comment.id);
    if (f.status != FinalLabel::Status::Unjudged && f.status != FinalLabel::Status::Single) {
        const QColor colour = f.status == FinalLabel::Status::Disagreement ? QColor(0xbc4c00) : palette.color(QPalette::Text);
        out += QStringLiteral("<p style='margin-top:4px; margin-bottom:0px; color:%1'>%2</p>").arg(colour.name(), escapedTeamText(statusText(f)));
    }
    return out;
}

} // namespace rd
