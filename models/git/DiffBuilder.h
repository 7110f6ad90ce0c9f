#pragma once

#include "DiffOptions.h"
#include "FileDiff.h"
#include "GitRepository.h"

#include <QList>

#include <functional>

namespace rd {

// The files changed from one commit's tree to another's, with hunks, in the
// order git prints them. Content is diffed in parallel, one repository
// handle per worker thread.
// A file whose object cannot be read is kept, marked unreadable.
Result<QList<FileDiff>> buildDiff(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                                  const DiffOptions &options);

// Hands the files to `consume` in git's order, on the calling thread, as their
// content is diffed, keeping only a window of files in memory (a patch of
// any size in little memory). Fails before the first file when an object of
// the diff is missing; `consume` returns false to stop.
using FileDiffConsumer = std::function<bool(FileDiff &&file)>;
Result<bool> streamDiff(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                        const DiffOptions &options, const FileDiffConsumer &consume);

} // namespace rd
