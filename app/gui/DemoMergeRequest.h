#pragma once

#include <MergeRequestLoader.h>
#include <Result.h>

namespace rd {

// The demo merge request a newcomer sees on first start: a small C++ library
// with a change worth reviewing, written from the app's resources into
// `directory` as a real git repository (once; later starts reuse it).
Result<MergeRequestRequest> ensureDemoMergeRequest(const QString &directory);

} // namespace rd
