#pragma once

#include "AgentTrace.h"

#include <QList>
#include <QString>

namespace rd {

// A validation sub-agent's answer about one finding of the whole-PR agent
// (aacr-bench.txt Fig. 18, step 2), with its own conversation's tool calls.
struct FindingVerdict
{
    QString commentId;  // the finding it judged (ReviewComment::id)
    AgentTrace trace;
    QString verdict;    // confirm, drop; empty: none was given (error says why)
    QString reason;     // the sub-agent's why
    QString error;      // no verdict: the request failed, it never answered, or its answer could not be read
};

// What the AACR agent-pr context did: one exploration of the whole pull
// request, then a verdict per finding. Empty for the other contexts.
struct PrAgentRecord
{
    AgentTrace explore;
    QList<FindingVerdict> verdicts;

    bool isEmpty() const { return explore.turns == 0 && verdicts.isEmpty(); }
};

} // namespace rd
