#pragma once

#include "FileDiff.h"

#include <QByteArray>

namespace rd {

// Unified diff text for one file, byte for byte as `git diff` writes it with
// default settings (index lines abbreviate object names to 7 digits).
void appendGitPatch(QByteArray &out, const FileDiff &file);

// A path as git prints it in patch headers: C-quoted when it holds control
// characters, quotes, backslashes or non-ASCII bytes (core.quotePath).
QByteArray gitQuotedPath(const QByteArray &prefix, const QByteArray &path);

} // namespace rd
