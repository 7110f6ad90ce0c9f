#pragma once

#include "AgentTrace.h"
#include "LlmTypes.h"

#include <MergeRequest.h>
#include <Result.h>

#include <QList>
#include <QString>
#include <QStringList>

#include <atomic>
#include <memory>

namespace rd {

class LlmClient;
class RepositoryTools;
struct AacrOptions;

// How far one agent conversation may go before it is asked to answer.
struct AgentBudget
{
    int maxTurns = 10;     // requests that may call tools
    int tokenBudget = 60000; // prompt + completion tokens
};

// What one agent conversation is: its model, tools, budget and the words
// its requests are labelled and its last request asks with.
struct AgentSetup
{
    LlmClient &client;
    EndpointProfile profile;
    RepositoryTools &tools;
    AgentBudget budget;
    QString label;      // "aacr agent, src/a.cpp hunk 1"; ", turn N" is added
    QString answerKind; // what the model owes when its budget runs out: "review", "verdict"
    const std::atomic<bool> *cancel = nullptr;
    QString role = QStringLiteral("reviewer"); // the run configuration's role that converses (its tokens' price)
};

// How a conversation ended and what it said.
struct AgentAnswer
{
    enum class Ending { Answered, Failed, Cancelled, KeptCallingTools };
    Ending ending = Ending::Failed;
    QString reply;             // Answered: the model's words
    QList<Exchange> exchanges; // every request, in order
    QStringList errors;        // failed requests, each with its label

    bool answered() const { return ending == Ending::Answered; }
};

// The AACR agents' conversation (aacr-bench.txt Fig. 18): tool calls
// answered from the repository until the model answers in words, or its
// turns or tokens run out (then it is asked once more, without tools).
// Every call, turn and token lands in `trace`. Blocking: call it off the
// client's thread, which must run an event loop.
// Sends one request and waits for its answer (agents run on a worker thread).
Exchange sendAndWait(LlmClient &client, const ChatRequest &request);

AgentAnswer converseWithTools(const AgentSetup &setup, QList<ChatMessage> messages, AgentTrace &trace);

// The agent's tools on the merge request's head; the BM25 index that
// answers find_definition is read from the cache folder or built there.
Result<std::unique_ptr<RepositoryTools>> openAgentTools(const MergeRequest &mr, const AacrOptions &options, bool *indexBuilt,
                                                        const std::atomic<bool> *cancel);

} // namespace rd
