#pragma once

// A review comment as it reads on a code host: the issue, root cause and
// fix as Markdown, the example code as a suggestion the author can apply
// with one click when it replaces the commented lines (docs/publishing.md,
// "How a comment reads"), and a short provenance footer.

#include "Workspace.h"

#include <QString>
#include <QStringList>

namespace rd {

struct CommentMarkdownOptions
{
    // Whether the host applies ```suggestion blocks (GitHub, GitLab; Gerrit does not).
    bool suggestions = true;
    // GitLab anchors a suggestion at one line and counts the lines above it
    // (```suggestion:-N+0); GitHub's block replaces the commented range.
    bool suggestionOffsets = false;
    // The footer as small print (<sub>, GitHub and GitLab) or as a plain
    // "— " line (Gerrit, which shows HTML as text).
    bool htmlFooter = true;
    // The footer: the run and model of a generated comment, the author of a
    // human or imported one. Empty: none.
    QString provenance;
};

// The example as a replacement of `commentedLines` (the commented lines'
// text on the new side, from the diff), or empty when it is not one. The
// rule: the comment is on the new side, its example is code (not a diff, no
// "..." elisions), no longer than three times the commented lines plus
// five, and uses at least half of the names (identifiers) the commented
// lines use. A fence around the example is taken off.
QString replacementCode(const ReviewComment &comment, const QStringList &commentedLines);

struct CommentMarkdown
{
    QString body;
    bool suggestion = false; // the example went as a suggestion block
};

CommentMarkdown commentMarkdown(const ReviewComment &comment, const QStringList &commentedLines, const CommentMarkdownOptions &options);

// The footer's text: "ReviewDesk: run “LABEL”, model MODEL" for a generated
// comment, "ReviewDesk: written by NAME" for a human one, "ReviewDesk:
// imported from AUTHOR" for an imported one.
QString provenanceNote(const StoredComment &comment, const QString &runLabel, const QString &model);

} // namespace rd
