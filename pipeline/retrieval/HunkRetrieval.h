#pragma once

#include "RepositoryChunks.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

// One tool call of the AACR agent, as the run records it.
struct AgentToolCall
{
    int turn = 0;      // 1-based request of the hunk's conversation
    QString id;        // the model's tool_call_id
    QString name;
    QString arguments; // JSON text as the model sent it
    QString result;    // what the model was told
    bool refused = false;
};

// What one hunk of an AACR run was reviewed with: the retrieved chunks and
// their scores, or the agent's tool calls.
struct HunkRetrieval
{
    int hunk = 0;      // index over the merge request's hunks, file by file
    QByteArray path;
    QByteArray header; // "@@ -a,b +c,d @@ ..."
    QList<RetrievedChunk> chunks;
    QList<AgentToolCall> toolCalls;
    int turns = 0;     // agent: requests made
    int tokens = 0;    // agent: prompt + completion tokens spent
    QString stopReason; // agent: answered, max_turns, token_budget, failed
};

} // namespace rd
