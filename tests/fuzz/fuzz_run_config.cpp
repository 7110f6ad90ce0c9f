// A run configuration file: whatever it accepts must survive its own round trip.
#include <RunConfig.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto config = rd::RunConfig::fromJson(QByteArray(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (!config)
        return 0;
    (void)config->checkApiKeys();
    const auto again = rd::RunConfig::fromJson(config->toJson());
    if (!again || again->toJson() != config->toJson())
        __builtin_trap(); // toJson() wrote what fromJson() refuses or reads differently
    return 0;
}
