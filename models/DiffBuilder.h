#pragma once

#include "DiffOptions.h"
#include "FileDiff.h"
#include "GitRepository.h"

#include <QList>

namespace rd {

// The files changed from one commit's tree to another's, with hunks, in the
// order git prints them. Content is diffed in parallel, one repository
// handle per worker thread.
Result<QList<FileDiff>> buildDiff(const GitRepository &repository, const ObjectId &from, const ObjectId &to,
                                  const DiffOptions &options);

} // namespace rd
