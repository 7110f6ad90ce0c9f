// A model's answer, as any role receives it: parsed, then filtered as the
// pipeline filters (scores from the answer decide what is kept).
#include <ModelOutput.h>
#include <ReviewRun.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    rd::ParsedComments parsed = rd::parseComments(text);
    if (parsed.comments.size() != parsed.given.size() || parsed.comments.size() != parsed.sources.size())
        __builtin_trap(); // the lists are parallel
    rd::applyCoarseFilter(parsed.comments, rd::RunConfig{});
    rd::applyTopK(parsed.comments, 5);
    return 0;
}
