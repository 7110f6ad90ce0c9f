#pragma once

// Which lines of a merge request a code host lets a review comment sit on:
// the lines of its diff's hunks (changed and context lines), per file and
// side. GitHub answers 422 for a comment outside them, GitLab and Gerrit
// place it somewhere a reader does not expect; so publishing checks first.

#include "Result.h"
#include "Side.h"
#include "Workspace.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

class DiffCoverage
{
public:
    // The merge request's diff as its reviewers saw it (git's three lines of
    // context, renames found, from the merge base unless two-dot), read with
    // libgit2 from the workspace's repository. An Error of kind Repository
    // when the code is not there (imported without a clone) or cannot be read.
    static Result<DiffCoverage> of(const MergeRequestEntry &mr);

    // Empty when lines first..last of `file` on `side` lie in one hunk of the
    // diff; otherwise why not, in words for the user.
    QString whyNotCovered(const QString &file, Side side, int first, int last) const;
    // The text of lines first..last of `file` on `side` as the diff shows
    // them; empty when any of them is not in one hunk.
    QStringList linesAt(const QString &file, Side side, int first, int last) const;

    // A context line's number on the other side (GitLab places a comment
    // on an unchanged line by both numbers); 0 for a changed line.
    int counterpartLine(const QString &file, Side side, int line) const;
    // The file's path on the other side (differs for a renamed file); the
    // same path when the file does not exist there.
    QString counterpartPath(const QString &file, Side side) const;

    // The commits the diff compares (hex): head, the target as resolved, and
    // where the diff starts (the merge base; the target when two-dot).
    QString headSha;
    QString baseSha;
    QString diffBaseSha;

private:
    struct HunkLines
    {
        int first = 0; // line numbers on the side, inclusive
        int last = 0;
        QHash<int, QString> text;
        QHash<int, int> counterpart; // context lines: number on the other side
    };
    const QList<HunkLines> *hunksOf(const QString &file, Side side) const;
    const HunkLines *hunkHolding(const QString &file, Side side, int first, int last) const;

    QHash<QString, QList<HunkLines>> m_old; // by the file's old path
    QHash<QString, QList<HunkLines>> m_new; // by the file's new path
    QHash<QString, QString> m_newPathOf;    // old path -> new path
    QHash<QString, QString> m_oldPathOf;    // new path -> old path
};

} // namespace rd
