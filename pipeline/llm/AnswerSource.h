#pragma once

#include "LlmClient.h"
#include "ResponseStore.h"

#include <Result.h>

#include <QString>

#include <memory>
#include <optional>

namespace rd {

class RunJournal;

// Where a client's answers come from, set up the one way every job and
// command does it (a review run, the semantic judge of an evaluation, a
// judge evaluation): a recording, when replaying, answers every request
// whose endpoint is "replay:" and nothing else is asked; otherwise the
// endpoints answer and their answers are kept in the cache folder. A run
// journal, when given, takes every answer as it arrives and answers what it
// holds already (a resumed run asks only what is missing).
struct AnswerSource
{
    std::optional<ResponseStore> replay;
    QString cacheFolder; // empty: answers are not cached
    std::shared_ptr<RunJournal> journal;

    bool replays() const { return replay.has_value(); }

    // `replayFile` read as the recording to replay (empty: none, the
    // endpoints answer into `cacheFolder`); an error when it cannot be read.
    static Result<AnswerSource> from(const QString &replayFile, const QString &cacheFolder, std::shared_ptr<RunJournal> journal = {});
};

// A client with `options` that answers as `answers` says. It lives on the
// calling thread, whose event loop must run while it answers.
std::unique_ptr<LlmClient> makeLlmClient(const LlmClientOptions &options, const AnswerSource &answers);

} // namespace rd
