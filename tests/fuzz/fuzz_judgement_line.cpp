// One line of `reviewdesk-cli judge` input, and one of `reviewdesk-cli audit
// --annotator` (people's audit decisions: the same kind of JSON line, read
// from the same kind of user).
#include <JudgeAuditJson.h>
#include <WorkspaceJson.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray line(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const auto input = rd::parseJudgementLine(line);
    if (input)
        (void)rd::judgementToJson(input->change);
    if (const auto audit = rd::parseAuditLine(line))
        (void)rd::auditDecisionToJson(audit->decision);
    return 0;
}
