// A compile_commands.json (`--compile-commands`, or the one in the work
// tree), written to a file per input and read for a work tree at /work/tree
// and for none.
#include "FuzzInput.h"

#include <SourceSnapshot.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString path = rd::fuzz::writeScratch(QStringLiteral("compile_commands.json"), rd::fuzz::bytes(data, size));
    (void)rd::CompileFlags::load(path, QStringLiteral("/work/tree"));
    (void)rd::CompileFlags::load(path, QString());
    return 0;
}
