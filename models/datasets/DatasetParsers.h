#pragma once

// The files ReviewDesk imports, parsed and checked as pure functions (bytes
// in, values or an error out), so that the import commands, the window and
// fuzz targets share them. An error message names the JSON position (line,
// column and byte) or the field path ("[3].comments[0].from_line"); the
// caller adds the file's name.

#include "Result.h"
#include "ReviewComment.h"

#include <QByteArray>
#include <QDateTime>
#include <QList>
#include <QString>

#include <utility>

namespace rd {

// Limits on what an import takes, so that a hostile file is refused with a
// message instead of filling the memory.
inline constexpr qsizetype MaxImportTextBytes = 1024 * 1024;        // one text field
inline constexpr qint64 MaxImportFileBytes = 512LL * 1024 * 1024;   // one file

struct AacrComment
{
    QString note;
    QString path;
    QString side; // "left" (old file) or "right" (new file)
    int fromLine = 0;
    int toLine = 0;
    QString category;
    QString context;
    bool isAi = false;
    QString sourceModel;
    QByteArray record; // the whole object as read, every field in order
};

struct AacrPullRequest
{
    QString url;
    QString repositoryUrl; // the URL up to "/pull/N"
    QString language;
    QString category;
    QString sourceCommit; // the base
    QString targetCommit; // the reviewed revision
    QByteArray record;    // the object as read, "comments" replaced by null
    QList<AacrComment> comments;
};

// An AACR-Bench samples file (positive_samples.json or negative_samples.json):
// an array of pull requests. Unknown fields are kept in `record`; a wrong
// type, a path that is absolute or leaves the repository, a duplicate PR URL
// or a text over MaxImportTextBytes is an error.
Result<QList<AacrPullRequest>> parseAacrSamples(const QByteArray &bytes);

// A repository map: {"https://github.com/owner/name": "/path/to/clone", ...}.
Result<QList<std::pair<QString, QString>>> parseRepoMap(const QByteArray &bytes);

// A ReviewDesk run (`reviewdesk-cli review --out`): {"run": {...}, "comments": [...]}.
struct RunFile
{
    QByteArray record; // the file as read (the run's record, unknown fields included)
    QString base;      // commit ids the run reviewed (may be empty)
    QString head;
    QString model;     // the reviewer model
    QDateTime started;
    QDateTime finished;
    QList<ReviewComment> comments;
};
Result<RunFile> parseRunFile(const QByteArray &bytes);

// Why a comment's path cannot be imported (absolute, "..", empty, NUL), or
// empty when it is a repository-relative path.
QString importPathProblem(const QString &path);

} // namespace rd
