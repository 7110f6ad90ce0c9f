#pragma once

#include "DiffOptions.h"
#include "FileDiff.h"
#include "GitRepository.h"

#include <QList>
#include <QString>

#include <functional>

namespace rd {

// A merge request: what `head` changes relative to `base`, diffed as code
// hosts show it (from the merge base, git's base...head) unless two-dot.
struct MergeRequest
{
    GitRepository repository;
    QString baseRevision; // as the user wrote them
    QString headRevision;
    ObjectId base;
    ObjectId head;
    ObjectId mergeBase; // null when the histories are unrelated (two-dot only)
    DiffOptions options;
    QString title;       // defaults to the head commit's summary
    QString description; // defaults to the head commit's body
    QList<FileDiff> files;

    static Result<MergeRequest> open(const QString &repositoryPath, const QString &baseRevision,
                                     const QString &headRevision, const DiffOptions &options = {});
    // The same, but the files go to `consume` in order as they are diffed
    // instead of into `files` (see streamDiff).
    static Result<MergeRequest> open(const QString &repositoryPath, const QString &baseRevision,
                                     const QString &headRevision, const DiffOptions &options,
                                     const std::function<bool(FileDiff &&)> &consume);

    // The commit the diff starts from.
    const ObjectId &diffBase() const { return options.twoDot ? base : mergeBase; }

    // The whole file on one side; empty for a side where it does not exist.
    Result<QByteArray> content(const FileDiff &file, Side side) const;

    int additions() const;
    int deletions() const;
};

} // namespace rd
