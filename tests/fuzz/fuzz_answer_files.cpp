// The files answers are kept in, written to a file per input: a replay
// recording (--replay) and a response cache entry (response_store), and a
// run journal (run_journal, `review --resume` and the window's list of
// journals), with the header's invocation and configuration. A journal that
// resumes must read as the listing reads it, take a new answer and resume
// again with it.
#include "FuzzInput.h"

#include <ResponseStore.h>
#include <RunJournal.h>
#include <RunResume.h>

using namespace rd;

static_assert(fuzz::target == "response_store" || fuzz::target == "run_journal", "no reader for this target");

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray input = fuzz::bytes(data, size);
    if constexpr (fuzz::target == "response_store") {
        if (const auto replay = ResponseStore::replayFrom(fuzz::writeScratch(QStringLiteral("recording.json"), input)))
            (void)replay->find("0");
        // A cache entry is the file <key>.json in the cache folder.
        const QString cacheDir = fuzz::scratch().filePath(QStringLiteral("cache"));
        const ResponseStore cache = ResponseStore::cacheIn(cacheDir);
        fuzz::writeScratch(QStringLiteral("cache/fuzzkey.json"), input);
        if (const auto answer = cache.find("fuzzkey"); answer && (answer->promptTokens < 0 || answer->completionTokens < 0))
            __builtin_trap();
    } else {
        const QString path = fuzz::writeScratch(QStringLiteral("journal.jsonl"), input);
        // The listing's reading (before resume repairs the file) agrees with resume's.
        const auto contents = RunJournal::inspect(path);
        int answers = 0;
        QByteArray header;
        const QByteArray key = "fuzz-new-key";
        {
            const auto journal = RunJournal::resume(path);
            if (!journal || (*journal)->find(key)) {
                if (contents.ok() != journal.ok())
                    __builtin_trap();
                return 0;
            }
            answers = (*journal)->answers();
            header = (*journal)->header();
            if (!contents || contents->answers != answers || contents->header != header || contents->finished != (*journal)->isFinished())
                __builtin_trap();
            // The header says what to run again: read as `review --resume` reads it.
            if (const auto invocation = ReviewInvocation::fromJson(header))
                (void)runConfigFromText(invocation->configText);
            if (!(*journal)->append(key, {QStringLiteral("appended"), 1, 2}))
                __builtin_trap();
        } // closed, and its lock released
        const auto again = RunJournal::resume(path);
        if (!again || (*again)->answers() != answers + 1 || !(*again)->find(key) || (*again)->header() != header)
            __builtin_trap(); // what resume repaired must take new lines cleanly
    }
    return 0;
}
