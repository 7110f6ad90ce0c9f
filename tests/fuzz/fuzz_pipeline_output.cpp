// The replies of the CQS and CodeAgent roles and of the semantic-match judge:
// each target calls one reader (RD_FUZZ_TARGET). A score read without an
// error lies in 0..10.
#include "FuzzInput.h"

#include <PipelineOutput.h>
#include <SemanticMatcher.h>

using namespace rd;

static_assert(fuzz::target == "cqs_issues" || fuzz::target == "cqs_judge" || fuzz::target == "codeagent_report"
                  || fuzz::target == "codeagent_checker" || fuzz::target == "semantic_answer",
              "no reader for this target");

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString reply = QString::fromUtf8(fuzz::bytes(data, size));
    if constexpr (fuzz::target == "cqs_issues") {
        const ParsedIssues parsed = parseCqsIssues(reply);
        if (!parsed.error.isEmpty() && !parsed.issues.isEmpty())
            __builtin_trap();
    } else if constexpr (fuzz::target == "cqs_judge") {
        const JudgeVerdict verdict = parseJudgeVerdict(reply);
        // -1 is the judge's "invalid" (CQS App. C), never a valid verdict.
        if (verdict.error.isEmpty() && (verdict.score < -1 || verdict.score > 10 || (verdict.score == -1 && verdict.valid)))
            __builtin_trap();
    } else if constexpr (fuzz::target == "codeagent_report") {
        (void)parseAgentReport(reply);
    } else if constexpr (fuzz::target == "codeagent_checker") {
        const CheckerVerdict verdict = parseCheckerVerdict(reply);
        if (verdict.error.isEmpty() && !(verdict.coreference >= 0 && verdict.coreference <= 10)) // NaN too
            __builtin_trap();
    } else {
        (void)SemanticMatcher::answerIsYes(reply);
    }
    return 0;
}
