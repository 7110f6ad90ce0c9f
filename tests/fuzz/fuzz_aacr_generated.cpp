// An AACR-Bench generated-comment file (comments_{repo}_{pr}.txt), as
// `eval --aacr-generated` reads it. What it reads must survive being written
// back: as many comments, on the same lines.
#include "FuzzInput.h"

#include <AacrGenerated.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const rd::AacrGeneratedFile file = rd::parseAacrGenerated(QString::fromUtf8(rd::fuzz::bytes(data, size)));
    const rd::AacrGeneratedFile again = rd::parseAacrGenerated(rd::writeAacrGenerated(file.comments));
    if (again.comments.size() != file.comments.size())
        __builtin_trap(); // the writer lost or split a comment
    for (qsizetype i = 0; i < file.comments.size(); ++i)
        if (again.comments[i].fromLine != file.comments[i].fromLine || again.comments[i].toLine != file.comments[i].toLine)
            __builtin_trap();
    return 0;
}
