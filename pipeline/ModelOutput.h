#pragma once

#include <ReviewComment.h>

#include <QList>
#include <QString>

namespace rd {

// What a model's reply held: comments, or why it could not be read.
struct ParsedComments
{
    QList<ReviewComment> comments;
    QString error; // set when no JSON with comments could be found
};

// Model output is untrusted text: the JSON may sit in a code fence or
// among prose, optional fields may be missing and numbers may be strings.
// Accepts {"comments":[...]}, a bare array of comments, or one comment object.
ParsedComments parseComments(const QString &text);

} // namespace rd
