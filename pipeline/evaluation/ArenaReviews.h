#pragma once

// A run's review as the arena shows it, blind (issue 35): its kept comments
// as the reviewer wrote them (an annotator's later edit of a comment's text
// is not the reviewer's), in file and line order, with nothing that names
// the run, its configuration or its model. The pairwise view shows two of
// these as "A" and "B"; an LLM judge of pairs reads them as text.

#include <Workspace.h>

#include <QList>
#include <QString>

namespace rd {

struct BlindComment
{
    QString file;
    QString side; // new or old
    int lineStart = 0;
    int lineEnd = 0;
    bool located = false; // at lines of its file
    QString issue;
    QString rootCause;
    QString fix;
    QString example;
    QString category;
    int severity = 0; // the reviewer's Q3, 1..7; 0: none
};

struct BlindReview
{
    QList<BlindComment> comments;
};

// The review of `run` from `comments` (any comments of its merge request;
// other runs', dropped and removed ones are left out).
BlindReview blindReviewOf(const QList<StoredComment> &comments, qint64 run);
// As a judge reads it: numbered comments, each with its place, category and
// severity, then its text; "(no comments)" for an empty review.
QString blindReviewText(const BlindReview &review);

} // namespace rd
