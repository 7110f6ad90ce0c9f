#pragma once

#include <ReviewComment.h>

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace rd {

// What a model's reply held: comments, or why it could not be read.
struct ParsedComments
{
    QList<ReviewComment> comments;
    // Per comment, the fields the model gave with a readable value
    // ("q1_nitpick", "line_start", ...): a missing score is not a zero.
    QList<QSet<QString>> given;
    // Per comment, the ids in its "sources" (meta-reviewer: the comments it merged).
    QList<QStringList> sources;
    QString error; // set when no JSON with comments could be found
};

// Model output is untrusted text: the JSON may sit in a code fence or
// among prose, optional fields may be missing and numbers may be strings.
// Accepts {"comments":[...]}, a bare array of comments, or one comment object.
ParsedComments parseComments(const QString &text);

} // namespace rd
