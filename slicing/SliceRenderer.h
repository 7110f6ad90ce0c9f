#pragma once

#include "Slice.h"

#include <QStringList>

namespace rd {

// The exact text an LLM reviewer receives for a slice.
//  inline:   " 123 code" kept, "+124 code" added, "-125 code" deleted, "..." for
//            omitted lines, snippets from other files introduced by their path
//            (Table 1 of the paper);
//  relative: the same lines without numbers, then the list of their positions;
//  none:     the lines with their +/- marks only.
QString renderSlice(const Slice &slice, LineFormat format, const QStringList &newText, const QStringList &oldText);

// A rough token count (about four characters a token), to compare slices.
int estimateTokens(const QString &text);

} // namespace rd
