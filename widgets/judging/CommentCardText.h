#pragma once

#include <Workspace.h>

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>

#include <optional>

namespace rd {

// What a comment card and the comments list say about a comment, in the
// user's language: severity, category, source, text, the judgement as chips.
class CommentCardText
{
    Q_DECLARE_TR_FUNCTIONS(rd::CommentCardText)

public:
    // What names the comment's run after "run ": its label, or its number when it has none.
    static QString runLabel(const QList<StoredRun> &runs, const StoredComment &comment);
    // The revisions a run reviewed when worth saying (" · revisions 1→2"), empty otherwise.
    static QString revisionsText(const StoredRun &run);
    // "run 2 · reviewer → meta → validator · qwen2.5-coder", or the human author.
    static QString source(const StoredComment &comment, const QString &runLabel);
    static QString verdictText(Verdict verdict);
    static QString contextText(ContextLevel level);
    static QString categoryText(const QString &category); // AACR names translated, others as written
    static QString stageText(const QString &stage);       // the pipeline stage that dropped a comment
    static QString droppedText(const QString &stage);     // a sentence: why the pipeline dropped it
    static QColor severityColor(int q3);
    static QColor verdictColor(Verdict verdict);

    // `note` says where the card stands when its lines are not in the diff.
    static QString html(const StoredComment &comment, const std::optional<Judgement> &judgement, const QString &runLabel,
                        const QString &note, const QPalette &palette);
    // One line for a collapsed card.
    static QString summary(const StoredComment &comment, const std::optional<Judgement> &judgement, const QPalette &palette);
    // The chips of a judgement (verdict, scores, category, context, key bug, tag, thumbs), as rich text.
    static QString chips(const StoredComment &comment, const std::optional<Judgement> &judgement, const QPalette &palette);
};

} // namespace rd
