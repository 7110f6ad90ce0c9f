// One line of `reviewdesk-cli judge` input.
#include <WorkspaceJson.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto input = rd::parseJudgementLine(QByteArray(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (input)
        (void)rd::judgementToJson(input->change);
    return 0;
}
