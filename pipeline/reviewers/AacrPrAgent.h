#pragma once

#include "AacrRunConfig.h"
#include "RunRecord.h"

#include <MergeRequest.h>

#include <atomic>
#include <functional>

namespace rd {

class LlmClient;

// The AACR-Bench agent as the paper ran it (aacr-bench.txt App. C.1, Fig.
// 18-19), context agent-pr: one conversation with the repository tools over
// the whole pull request reports findings; then a validation sub-agent per
// finding, each its own conversation with the tools, confirms or drops it.
// A dropped finding stays in the record (droppedAt "validator", the reason
// in its history), as does one no sub-agent could judge (with the error);
// every tool call and verdict is in record.prAgent. Blocking: call it off
// the client's thread, which must run an event loop. Model output is
// untrusted: what cannot be read is a recorded error, never a skipped finding.
RunRecord runAacrPrAgent(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config,
                         const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

} // namespace rd
