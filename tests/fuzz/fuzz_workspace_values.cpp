// The JSON values a workspace keeps in its columns (a comment, a judgement, a
// score history): a damaged or foreign workspace hands them back as they are.
#include <WorkspaceJson.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray json(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    if (const auto comment = rd::reviewCommentFromJson(json))
        (void)rd::reviewCommentToJson(*comment);
    if (const auto judgement = rd::judgementFromJson(json))
        (void)rd::judgementToJson(*judgement);
    (void)rd::scoreHistoryToJson(rd::scoreHistoryFromJson(json));
    return 0;
}
