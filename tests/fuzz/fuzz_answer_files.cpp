// The files answers are kept in, written to a file per input: a replay
// recording (--replay) and a response cache entry (response_store), and a
// run journal (run_journal, `review --resume`). A journal that resumes must
// take a new answer and resume again with it.
#include "FuzzInput.h"

#include <ResponseStore.h>
#include <RunJournal.h>

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
        const auto journal = RunJournal::resume(path);
        if (!journal)
            return 0;
        const int answers = (*journal)->answers();
        const QByteArray key = "fuzz-new-key-" + QByteArray::number(answers);
        if ((*journal)->find(key))
            return 0;
        if (!(*journal)->append(key, {QStringLiteral("appended"), 1, 2}))
            __builtin_trap();
        const auto again = RunJournal::resume(path);
        if (!again || (*again)->answers() != answers + 1 || !(*again)->find(key) || (*again)->header() != (*journal)->header())
            __builtin_trap(); // what resume repaired must take new lines cleanly
    }
    return 0;
}
