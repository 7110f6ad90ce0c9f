#pragma once

// The hook for `export --format aacr-generated --out DIR`: the export
// command (the exchange's) calls this for that format.

#include <QList>
#include <QString>

namespace rd::cli {

// Writes comments_{repo}_{pr}.txt for each run (every run of the workspace
// when `runs` is empty) into `directory`. Returns the exit code, after
// reporting any failure on stderr.
int writeAacrGeneratedRuns(const QString &workspacePath, const QList<qint64> &runs, const QString &directory);

} // namespace rd::cli
