#include "CliCommand.h"

#include <DiffJson.h>
#include <MergeRequest.h>
#include <PatchWriter.h>

#include <cstdio>
#include <optional>

namespace rd::cli {

int runDiff(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Print the diff of a merge request: from the merge base of BASE and HEAD to HEAD (git diff BASE...HEAD),\n"
        "with renames detected as git does. The patch format is byte-identical to git's."));
    const QCommandLineOption context(QStringLiteral("context"), QStringLiteral("Lines of context around changes (default 3)."), QStringLiteral("N"), QStringLiteral("3"));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("Output format: patch (default) or json."), QStringLiteral("FORMAT"), QStringLiteral("patch"));
    const QCommandLineOption copies(QStringLiteral("find-copies"), QStringLiteral("Also detect copies among modified files (git diff -C)."));
    const QCommandLineOption whitespace(QStringLiteral("ignore-whitespace"), QStringLiteral("Ignore whitespace when comparing lines (git diff -w)."));
    const QCommandLineOption threads(QStringLiteral("threads"), QStringLiteral("Worker threads for diffing file contents (default: one per core)."), QStringLiteral("N"), QStringLiteral("0"));
    const MergeRequestOptions target;
    target.addTo(parser);
    parser.addOptions({context, format, copies, whitespace, threads});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

    if (const int missing = target.checkRequired(parser, QStringLiteral("diff")); missing >= 0)
        return missing;

    DiffOptions options;
    options.twoDot = parser.isSet(target.twoDot);
    options.findCopies = parser.isSet(copies);
    options.ignoreWhitespace = parser.isSet(whitespace);
    bool ok = false;
    options.contextLines = parser.value(context).toInt(&ok);
    if (!ok || options.contextLines < 0 || options.contextLines > 100000)
        return fail(ExitUsage, QStringLiteral("diff: --context takes a number of lines from 0 to 100000, not '%1'").arg(parser.value(context)));
    options.threads = parser.value(threads).toInt(&ok);
    if (!ok || options.threads < 0 || options.threads > 256)
        return fail(ExitUsage, QStringLiteral("diff: --threads takes a number from 0 to 256, not '%1'").arg(parser.value(threads)));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("patch") && outputFormat != QLatin1String("json"))
        return fail(ExitUsage, QStringLiteral("diff: --format is patch or json, not '%1'").arg(outputFormat));

    const QString repository = parser.value(target.repo), base = parser.value(target.base), head = parser.value(target.head);
    bool written = true;
    if (outputFormat == QLatin1String("json")) {
        const auto mr = MergeRequest::open(repository, base, head, options);
        if (!mr)
            return fail(mr.error());
        for (const FileDiff &file : mr->files)
            if (!file.isReadable())
                return fail(Error{Error::Kind::Object, file.unreadable});
        written = writeStdout(mergeRequestToJson(mr.value()));
    } else {
        // The patch goes out file by file as it is diffed: a merge request
        // of any size takes little memory.
        // Written out in pieces of 64 KiB or more; the buffer keeps its
        // capacity between them.
        QByteArray buffer;
        buffer.reserve(1 << 17);
        auto consume = [&](FileDiff &&file) {
            if (!file.isReadable()) // damaged after the check for missing objects
                return false;
            appendGitPatch(buffer, file);
            if (buffer.size() > (1 << 16)) {
                written = written && writeStdout(buffer);
                buffer.resize(0);
            }
            return written;
        };
        std::optional<Error> unreadable;
        const auto mr = MergeRequest::open(repository, base, head, options, [&](FileDiff &&file) {
            if (!file.isReadable())
                unreadable = Error{Error::Kind::Object, file.unreadable};
            return consume(std::move(file));
        });
        if (!mr)
            return fail(mr.error());
        if (unreadable)
            return fail(*unreadable);
        written = written && writeStdout(buffer);
    }
    if (!written || std::fflush(stdout) != 0)
        return fail(ExitInternal, QStringLiteral("diff: cannot write the output"));
    return ExitOk;
}

} // namespace rd::cli
