// An AACR-Bench run configuration ({"pipeline":"aacr",...}), read on its own
// and through RunConfig as `reviewdesk-cli review` reads it: what is accepted
// must survive toJson() -> fromJson() unchanged.
#include "FuzzInput.h"

#include <AacrRunConfig.h>
#include <RunConfig.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input = rd::fuzz::bytes(data, size);
    if (const auto config = rd::AacrRunConfig::fromJson(input)) {
        (void)config->checkApiKeys();
        const auto again = rd::AacrRunConfig::fromJson(config->toJson());
        if (!again || again->toJson() != config->toJson())
            __builtin_trap(); // toJson() wrote what fromJson() refuses or reads differently
    }
    if (const auto runConfig = rd::RunConfig::fromJson(input); runConfig && runConfig->pipeline == rd::PipelineKind::Aacr)
        (void)rd::AacrRunConfig::fromRunConfig(*runConfig);
    return 0;
}
