#pragma once

#include <MergeRequest.h>

#include <QList>
#include <QString>

namespace rd {

// A file's changes in the diff format of code-quality-score-cqs.txt
// Snippet 1: the path, then per hunk "... @@ -a,b +c,d @@" and each line
// prefixed by its numbers — "413 413  code" unchanged (old, new), "416 +  code"
// added (new number), "415 -  code" deleted (old number). Unchanged lines
// farther than `contextLines` from a change are left out ("...").
QString snippetDiff(const FileDiff &file, int contextLines);

// The new-side line numbers snippetDiff() shows for the file (added and
// unchanged lines): where a comment on the new version can point.
QList<int> shownNewLines(const FileDiff &file, int contextLines);

// The language a path is written in, as per-tag rules name it: cpp, c,
// python, java, go, javascript, typescript, php, ruby, rust, csharp,
// kotlin, swift, or "other".
QString languageOfPath(const QString &path);

} // namespace rd
