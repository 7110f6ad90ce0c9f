#pragma once

#include "Slicer.h"

#include <QByteArray>

namespace rd {

// The slices as the JSON documented in README.md ("slice JSON"), each with
// its text rendered in `format`.
QByteArray slicesToJson(const SlicingResult &result, LineFormat format, const MergeRequest &mr);
// The same slices as plain text, one after the other.
QByteArray slicesToText(const SlicingResult &result, LineFormat format, const MergeRequest &mr);

} // namespace rd
