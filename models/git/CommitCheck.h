#pragma once

#include <QString>

namespace rd {

// Whether a clone holds a merge request's base and head commits: empty when
// both resolve, otherwise why not (the clone cannot be opened, or which
// revision is missing). Importing a dataset and linking a merge request's
// code afterwards (Fetch code…) ask the same question.
QString missingCommits(const QString &repositoryPath, const QString &base, const QString &head);

} // namespace rd
