// The files `reviewdesk-cli import` and the window's Import dialog read, and
// the AACR-Bench ground truth `eval --aacr-gt` reads: each target calls one
// parser (RD_FUZZ_TARGET) on the input as the file's bytes.
#include "FuzzInput.h"

#include <AacrPositiveSamples.h>
#include <DatasetParsers.h>

using namespace rd;

static_assert(fuzz::target == "aacr_samples" || fuzz::target == "aacr_positive_samples" || fuzz::target == "repo_map" || fuzz::target == "run_file",
              "no parser for this target");

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    if constexpr (fuzz::target == "aacr_samples") {
        if (const auto prs = parseAacrSamples(input))
            for (const AacrPullRequest &pr : *prs)
                for (const AacrComment &c : pr.comments)
                    if (!importPathProblem(c.path).isEmpty())
                        __builtin_trap(); // a path the importer promises to refuse
    } else if constexpr (fuzz::target == "aacr_positive_samples") {
        (void)readAacrPositiveSamples(input, QStringLiteral("positive_samples.json"));
    } else if constexpr (fuzz::target == "repo_map") {
        (void)parseRepoMap(input);
    } else {
        if (const auto run = parseRunFile(input))
            for (const ReviewComment &c : run->comments)
                if (!importPathProblem(c.file).isEmpty())
                    __builtin_trap();
    }
    return 0;
}
