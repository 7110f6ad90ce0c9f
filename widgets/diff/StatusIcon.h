#pragma once

#include <FileDiff.h>

#include <QIcon>

namespace rd {

// A coloured badge with the status letter (A, D, M, R, C, T), drawn rather
// than shipped so it is crisp at any scale and in both themes.
QIcon statusIcon(FileStatus status);
QString statusLetter(FileStatus status);

} // namespace rd
