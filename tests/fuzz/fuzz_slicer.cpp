// The slicer fed arbitrary C/C++ text: the input is the head version of a
// file (and of the header it may include, itself included), the base version
// is the same text with every third line left out, so changes are spread
// through it. The commits live in a repository in the scratch folder, made
// once per process.
#include "FuzzInput.h"

#include <MergeRequest.h>
#include <RepositoryBuilder.h>
#include <SliceRenderer.h>
#include <Slicer.h>

#include <cstddef>
#include <cstdint>
#include <memory>

namespace {

rd::RepositoryBuilder &repository()
{
    static rd::RepositoryBuilder made = [] {
        auto repository = rd::RepositoryBuilder::init(rd::fuzz::scratch().path());
        if (!repository)
            __builtin_trap();
        return std::move(repository).value();
    }();
    return made;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray head(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    QByteArray base;
    const QList<QByteArray> lines = head.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (i % 3 != 1)
            base += lines[i] + '\n';
    const QByteArray source = size > 0 && (data[0] & 1) ? "src/f.cpp" : "src/f.c";

    rd::RepositoryBuilder &builder = repository();
    using Tree = rd::RepositoryBuilder::Tree;
    const auto baseCommit = builder.commit("base", Tree{{source, {base}}, {"src/f.h", {base}}}, "base", QList<rd::ObjectId>{});
    if (!baseCommit)
        __builtin_trap();
    const auto headCommit = builder.commit("head", Tree{{source, {head}}, {"src/f.h", {head}}}, "head", QList<rd::ObjectId>{*baseCommit});
    if (!headCommit)
        __builtin_trap();
    const auto mr = rd::MergeRequest::open(rd::fuzz::scratch().path(), QString::fromLatin1(baseCommit->toHex()), QString::fromLatin1(headCommit->toHex()));
    if (!mr)
        return 0;
    rd::SliceOptions options;
    options.algorithms = {rd::SliceAlgorithm::OriginalDiff, rd::SliceAlgorithm::ParentFunction, rd::SliceAlgorithm::LeftFlow,
                          rd::SliceAlgorithm::FullFlow};
    options.threads = 1;
    const auto result = rd::sliceMergeRequest(*mr, options);
    if (!result)
        return 0;
    const QStringList newText = rd::textLines(head), oldText = rd::textLines(base);
    for (const rd::Slice &slice : result->slices)
        for (const rd::LineFormat format : {rd::LineFormat::Inline, rd::LineFormat::Relative, rd::LineFormat::None})
            (void)rd::renderSlice(slice, format, newText, oldText);
    return 0;
}
