// Code Review Bench's four files (`import --code-review-bench`): each target
// calls one parser (RD_FUZZ_TARGET) on the input as the file's bytes.
#include "FuzzInput.h"

#include <CodeReviewBench.h>
#include <DatasetParsers.h>

using namespace rd;

static_assert(fuzz::target == "crb_golden" || fuzz::target == "crb_labels" || fuzz::target == "crb_candidates" || fuzz::target == "crb_evaluations",
              "no parser for this target");

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    if constexpr (fuzz::target == "crb_golden") {
        (void)codereviewbench::parseGoldenComments(input);
    } else if constexpr (fuzz::target == "crb_labels") {
        (void)codereviewbench::parseLabels(input);
    } else if constexpr (fuzz::target == "crb_candidates") {
        if (const auto prs = codereviewbench::parseCandidates(input))
            for (const auto &[pr, tools] : *prs)
                for (const codereviewbench::ToolCandidates &t : tools)
                    for (const codereviewbench::Candidate &c : t.candidates)
                        if (c.text.isEmpty() || (!c.path.isEmpty() && !importPathProblem(c.path).isEmpty()))
                            __builtin_trap(); // what the reader promises to leave out or refuse
    } else {
        if (const auto prs = codereviewbench::parseEvaluations(input))
            for (const auto &[pr, tools] : *prs)
                for (const codereviewbench::ToolEvaluation &e : tools)
                    if (!e.skipped && (e.tp != e.truePositives.size() || e.fp != e.falsePositives.size() || e.fn != e.falseNegatives.size()))
                        __builtin_trap(); // counts the reader promises to check against their lists
    }
    return 0;
}
