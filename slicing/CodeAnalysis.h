#pragma once

// Fills a CodeModel from one parsed translation unit: the statements of the
// main file with what each reads, writes and calls, their functions and
// control structures, and the declarations they use. Internal to slicing/:
// buildCodeModel() parses, this walks.

#include "CodeModel.h"

#include <clang-c/Index.h>

namespace rd {

class SourceSnapshot;

void analyzeTranslationUnit(CXTranslationUnit tu, CXFile mainFile, const SourceSnapshot &snapshot, CodeModel &model);

} // namespace rd
