#pragma once

// People's review comments on a pull request, as the host keeps them:
// GitHub review comments, GitLab diff notes, Gerrit inline comments, each
// with who wrote it, where (file, side, lines) and which thread it belongs to.

#include "HostPullRequest.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

struct HostComment
{
    QString remoteId; // the host's id of the comment (GitHub/GitLab numbers, Gerrit's UUID)
    QString thread;   // the remote id of the thread's first comment (its own for a first comment)
    QString replyTo;  // the remote id it answers; empty for a thread's first comment
    QString login;    // the author's user name on the host
    QString file;
    QString side = QStringLiteral("new"); // new or old, as ReviewComment
    int lineStart = 0;
    int lineEnd = 0;
    QString body;
    int patchSet = 0; // Gerrit: the patch set it was written on
    QDateTime created;
};

struct HostCommentList
{
    QList<HostComment> comments; // oldest first within a thread, threads in the host's order
    // Comments that are not on lines of the chosen revision, each with why
    // ("comment 17 by alice: outdated …"): told to the user, not imported.
    QStringList skipped;
};

// Reads every review comment of `pr` (all pages). A missing or ill-typed
// field is an Error of kind Service naming host, request and field.
Result<HostCommentList> readHostComments(HostClient &client, const HostPullRequest &pr);

// "alice (GitHub)": how an imported host comment names its author.
QString hostAuthor(const QString &login, CodeHostKind kind);

} // namespace rd
