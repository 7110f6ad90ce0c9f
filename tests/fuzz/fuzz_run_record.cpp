// A previous run's output given as --config (re-execution reads its configuration).
#include <RunRecord.h>

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto record = rd::RunRecord::fromJson(QByteArray(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size)));
    if (record)
        (void)record->toJson();
    return 0;
}
