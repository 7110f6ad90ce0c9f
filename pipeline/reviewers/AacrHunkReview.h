#pragma once

#include "AacrOutput.h"
#include "AacrRunConfig.h"
#include "ReviewPipeline.h"

#include <MergeRequest.h>

#include <atomic>
#include <functional>

namespace rd {

class LlmClient;

// The AACR-Bench hunk review (aacr-bench.txt §4.1, App. C.1, Fig. 16-19):
// per diff hunk, the PR title and description, the hunk, and the context of
// the configured mode; the reply parsed by parseAacrReview(). Blocking: call
// it off the client's thread, which must run an event loop. A failed request
// or hunk never fails the run; each is in record.errors. The record's
// config is `config` as a RunConfig; its retrieval says what each hunk was given.
// Context agent-pr reviews the whole pull request instead (runAacrPrAgent).
RunRecord runAacrReview(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config,
                            const std::function<void(const RunProgress &)> &progress = {}, const std::atomic<bool> *cancel = nullptr);

// The AACR-Bench hunk review behind the common interface: the run
// configuration's roles, context and "aacr" object read as an
// AacrRunConfig; the record keeps what each hunk was given (retrieval).
class AacrPipeline : public ReviewPipeline
{
public:
    PipelineKind kind() const override { return PipelineKind::Aacr; }
    RunRecord run(const PipelineContext &context) override;
};

// The diff text of a hunk as the prompt shows it (header, then +/-/space lines).
QString hunkDiffText(const Hunk &hunk);

// The hunks an AACR run reviews, file by file: readable text files' hunks
// with their files' line counts (deep copies, safe to keep).
QList<AacrHunkPlace> aacrHunkPlaces(const MergeRequest &mr);

} // namespace rd
