#pragma once

// The semantic match of AACR-Bench (App. C.1): an LLM judge asked with the
// Fig. 9 prompt whether a generated comment says what a reference says.
// Through the pipeline's LlmClient, so answers are cached, replayable and
// recorded like a run's.

#include "LlmClient.h"
#include "LlmTypes.h"

#include <Result.h>

#include <QList>
#include <QMutex>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>

namespace rd {

struct SemanticMatchOptions
{
    EndpointProfile profile;
    int votes = 1; // odd numbers decide; a tie is "no"
    // Set when the asker goes away: no further vote is asked (each counts "no").
    std::shared_ptr<const std::atomic<bool>> cancelled;
};

// The judge a run configuration names: its validator's endpoint, else its
// reviewer's, with the configuration's timeout, retries and concurrency.
// `replay`: answered from a recording, so no API key is needed.
struct SemanticJudgeSetup
{
    SemanticMatchOptions match;
    LlmClientOptions client;
};
Result<SemanticJudgeSetup> semanticJudgeFrom(const QString &configPath, int votes, bool replay = false);

class SemanticMatcher
{
public:
    SemanticMatcher(LlmClient &client, const SemanticMatchOptions &options);

    // Blocking: call it off the client's thread. A failed request counts as
    // "no" and is kept in errors().
    bool same(const QString &generated, const QString &reference, const QString &diffHunk = {});

    QList<Exchange> exchanges() const;
    QStringList errors() const;
    int questions() const;

    // Fig. 9, with the diff hunk section left out when there is none (as the
    // released evaluator's prompt does).
    static QString prompt(const QString &comment1, const QString &comment2, const QString &diffHunk);
    // The released evaluator's reading of an answer: a positive word
    // (yes, similar, same, identical, equivalent) and no "no" before the first "yes".
    static bool answerIsYes(const QString &answer);

private:
    LlmClient &m_client;
    SemanticMatchOptions m_options;
    mutable QMutex m_lock;
    QList<Exchange> m_exchanges;
    QStringList m_errors;
    int m_questions = 0;
};

} // namespace rd
