#pragma once

// What the session and service tests put in a workspace: a comment on one
// line, a verdict, and a merge request reviewed by one run that found given
// comments.

#include <Workspace.h>
#include <WorkspaceStore.h>

#include <QList>
#include <QString>

namespace rd::test {

inline ReviewComment commentAt(const QString &file, int line, const QString &issue)
{
    ReviewComment c;
    c.file = file;
    c.side = QStringLiteral("new");
    c.lineStart = line;
    c.lineEnd = line;
    c.issue = issue;
    return c;
}

// One annotator's verdict on one comment, nothing else set.
inline Judgement verdictOf(qint64 comment, const QString &annotator, Verdict v)
{
    Judgement j;
    j.comment = comment;
    j.annotator = annotator;
    j.verdict = v;
    return j;
}

// /src/app, main..head; no run when `comments` is empty.
inline qint64 addReviewedMergeRequest(WorkspaceStore &store, const QString &head, const QList<ReviewComment> &comments = {})
{
    MergeRequestEntry e;
    e.repository = QStringLiteral("/src/app");
    e.base = QStringLiteral("main");
    e.head = head;
    const auto mr = store.addMergeRequest(e);
    if (!mr)
        return 0;
    if (!comments.isEmpty()) {
        StoredRun run;
        run.mergeRequest = *mr;
        run.label = QStringLiteral("run");
        run.record = "{}";
        if (!store.addRun(run, comments))
            return 0;
    }
    return *mr;
}

} // namespace rd::test
