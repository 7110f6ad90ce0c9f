#pragma once

#include <FileDiff.h>
#include <ReviewComment.h>

#include <QList>
#include <QString>

namespace rd {

// The hunk a reply is about, to place its comments.
struct AacrHunkPlace
{
    QByteArray path;
    Hunk hunk;
    int oldLineCount = 0; // lines of the whole file on each side (0: unknown)
    int newLineCount = 0;
};

struct AacrParsed
{
    QList<ReviewComment> comments;
    bool noIssues = false; // the model said there is nothing to report
    QString error;         // set when the reply holds neither comments nor "no issues"
};

// The reply of the AACR-Bench prompts (Fig. 16-17: <diff>, <side>, <note>,
// <notesplit />, <end />; the agent's <path>, <from>, <to> too), read as
// untrusted text: code fences, prose around the tags, missing closing tags,
// a missing side (right) or snippet; a JSON comment list is accepted as
// well. Lines come from where the <diff> snippet's whole text (whitespace
// normalised) sits in the hunk, the run nearest to <from> when it repeats;
// without a snippet from <from>/<to> when they lie inside the hunk. A comment
// that cannot be placed (snippet not found, lines outside the hunk or file,
// another file named) has lineValid = false and no lines (0-0), never the
// hunk's range or a clamped one. Pure: a fuzz target can call it.
AacrParsed parseAacrReview(const QString &reply, const AacrHunkPlace &place);

// The whole-PR agent's reply (Fig. 18's <path>, <side>, <from>, <to>,
// <note>), each finding placed in the first of `places` (the pull request's
// hunks) of the file it names that holds its lines. A finding about a file
// the pull request does not change, or at lines outside its file's hunks,
// is kept unlocated (lineValid false) with the reason in its history.
AacrParsed parseAacrPrReview(const QString &reply, const QList<AacrHunkPlace> &places);

// A validation sub-agent's answer about one finding.
struct AacrVerdict
{
    bool answered = false;  // a verdict was read
    bool confirmed = false; // confirm (else drop)
    QString reason;         // the sub-agent's why (its whole reply when it gave no <reason>)
    QString error;          // set when there is no verdict to read
};

// <verdict>confirm|drop</verdict><reason>...</reason> (or the same as a
// JSON object), read as untrusted text. Pure: a fuzz target can call it.
AacrVerdict parseAacrVerdict(const QString &reply);

} // namespace rd
