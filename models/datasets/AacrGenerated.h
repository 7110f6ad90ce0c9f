#pragma once

// AACR-Bench's generated-comment files (comments_{repo}_{pr}.txt): blocks of
// <path>, <side>, <from>, <to>, <note> separated by <notesplit />, read the
// way the benchmark's evaluator reads them.

#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

class RunStore;

struct AacrGeneratedComment
{
    QString path;
    QString side; // as written: left, right, or empty
    std::optional<int> fromLine;
    std::optional<int> toLine;
    QString note;
};

struct AacrGeneratedFile
{
    QList<AacrGeneratedComment> comments;
    // What was left out or read differently, with the block's number:
    // a block without a note (the evaluator skips it too), a line that is no number.
    QStringList problems;
};

// Untrusted input: any bytes give a result, in time linear in their size.
// A pure function (no I/O), so a fuzz target can call it.
AacrGeneratedFile parseAacrGenerated(const QString &text);
// The format for `comments`; a note's text that would end its block early
// (</note>, <notesplit) is escaped as &lt;.
QString writeAacrGenerated(const QList<AacrGeneratedComment> &comments);

// "comments_{repo}_{pr}.txt" and the pair back ("" when the name is not one).
QString aacrGeneratedFileName(const QString &repo, const QString &pr);
std::optional<std::pair<QString, QString>> aacrGeneratedNameParts(const QString &fileName);

// Writes the kept comments of workspace run `run` into `directory` as
// comments_{repo}_{pr}.txt: repo and pr from a GitHub pull request URL in the
// merge request's title or description, else the repository folder's name and
// the merge request's id. A comment without lines is written at
// kAacrUnlocatedLine (AacrLines.h), never with empty <from>/<to>, which the
// released evaluator matches to every reference of the file and side.
// Returns the file written.
Result<QString> exportAacrGenerated(const RunStore &store, qint64 run, const QString &directory);

} // namespace rd
