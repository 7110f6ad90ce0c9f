#pragma once

#include <QList>
#include <QString>

namespace rd {

// One tool call of an AACR agent, as the run records it.
struct AgentToolCall
{
    int turn = 0;      // 1-based request of its conversation
    QString id;        // the model's tool_call_id
    QString name;
    QString arguments; // JSON text as the model sent it
    QString result;    // what the model was told
    bool refused = false;
};

// One agent conversation with the repository tools: every call, the
// requests and tokens it took, and why it ended.
struct AgentTrace
{
    QList<AgentToolCall> toolCalls;
    int turns = 0;      // requests made
    int tokens = 0;     // prompt + completion tokens spent
    QString stopReason; // answered, max_turns, token_budget, failed, cancelled
};

} // namespace rd
