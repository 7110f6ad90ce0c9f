#pragma once

#include "MergeRequest.h"

#include <QByteArray>

namespace rd {

// The merge request as the JSON documented in README.md ("diff JSON").
// Text that is not valid UTF-8 is given lossily in the field and exactly, in
// base64, in a sibling field named "<field>_base64".
QByteArray mergeRequestToJson(const MergeRequest &mr, bool indented = true);

} // namespace rd
