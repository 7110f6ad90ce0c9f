#include "AnswerSource.h"

#include "RunJournal.h"

namespace rd {

Result<AnswerSource> AnswerSource::from(const QString &replayFile, const QString &cacheFolder, std::shared_ptr<RunJournal> journal)
{
    AnswerSource answers;
    answers.cacheFolder = cacheFolder;
    answers.journal = std::move(journal);
    if (!replayFile.isEmpty()) {
        auto recorded = ResponseStore::replayFrom(replayFile);
        if (!recorded)
            return recorded.error();
        answers.replay = std::move(*recorded);
    }
    return answers;
}

std::unique_ptr<LlmClient> makeLlmClient(const LlmClientOptions &options, const AnswerSource &answers)
{
    auto client = std::make_unique<LlmClient>(options);
    // A replay asks nothing, so it has nothing to cache.
    if (answers.replay)
        client->setReplay(*answers.replay);
    else if (!answers.cacheFolder.isEmpty())
        client->setCache(ResponseStore::cacheIn(answers.cacheFolder));
    if (answers.journal)
        client->setJournal(answers.journal);
    return client;
}

} // namespace rd
