#include "AgentToolLoop.h"

#include "AacrOptions.h"
#include "Bm25Index.h"
#include "LlmClient.h"
#include "RepositoryTools.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

namespace rd {

Exchange sendAndWait(LlmClient &client, const ChatRequest &request)
{
    QFuture<Exchange> f = client.send(request);
    f.waitForFinished();
    return f.result();
}

namespace {

using Json = nlohmann::ordered_json;

// The model's tool calls of one turn, each answered by the tools.
void answerToolCalls(const Exchange &e, RepositoryTools &tools, AgentTrace &trace, QList<ChatMessage> &messages)
{
    const Json calls = Json::parse(e.toolCalls.toStdString(), nullptr, false);
    int n = 0;
    for (const Json &call : calls.is_array() ? calls : Json::array()) {
        AgentToolCall record;
        record.turn = trace.turns;
        record.id = call.is_object() && call.contains("id") && call["id"].is_string() ? QString::fromStdString(call["id"].get<std::string>())
                                                                                    : QStringLiteral("call_%1_%2").arg(trace.turns).arg(n);
        ++n;
        const Json fn = call.is_object() && call.contains("function") && call["function"].is_object() ? call["function"] : Json::object();
        record.name = fn.contains("name") && fn["name"].is_string() ? QString::fromStdString(fn["name"].get<std::string>()) : QString();
        record.arguments = fn.contains("arguments") ? (fn["arguments"].is_string() ? QString::fromStdString(fn["arguments"].get<std::string>())
                                                                                   : QString::fromStdString(fn["arguments"].dump()))
                                                    : QStringLiteral("{}");
        const RepositoryTools::Outcome outcome = tools.call(record.name, record.arguments);
        record.result = outcome.result;
        record.refused = outcome.refused;
        trace.toolCalls.append(record);
        messages.append({QStringLiteral("tool"), outcome.result, QString(), record.id});
    }
}

} // namespace

AgentAnswer converseWithTools(const AgentSetup &setup, QList<ChatMessage> messages, AgentTrace &trace)
{
    AgentAnswer answer;
    while (true) {
        if (setup.cancel && setup.cancel->load()) {
            trace.stopReason = QStringLiteral("cancelled");
            answer.ending = AgentAnswer::Ending::Cancelled;
            return answer;
        }
        ChatRequest request;
        request.profile = setup.profile;
        request.role = setup.role;
        request.messages = messages;
        request.tools = RepositoryTools::definitions();
        request.label = QStringLiteral("%1, turn %2").arg(setup.label).arg(trace.turns + 1);
        const Exchange e = sendAndWait(setup.client, request);
        answer.exchanges.append(e);
        ++trace.turns;
        trace.tokens += e.promptTokens + e.completionTokens;
        if (!e.ok()) {
            trace.stopReason = QStringLiteral("failed");
            answer.errors << QStringLiteral("%1: %2").arg(request.label, e.error);
            return answer;
        }
        if (e.toolCalls.isEmpty()) {
            trace.stopReason = QStringLiteral("answered");
            answer.reply = e.response;
            answer.ending = AgentAnswer::Ending::Answered;
            return answer;
        }
        messages.append({QStringLiteral("assistant"), e.response, e.toolCalls});
        answerToolCalls(e, setup.tools, trace, messages);
        const bool outOfTurns = trace.turns >= setup.budget.maxTurns;
        const bool outOfTokens = trace.tokens >= setup.budget.tokenBudget;
        if (!outOfTurns && !outOfTokens)
            continue;
        // Out of budget: asked once more, without tools, for what it owes.
        trace.stopReason = outOfTurns ? QStringLiteral("max_turns") : QStringLiteral("token_budget");
        messages.append({QStringLiteral("user"),
                         outOfTurns ? QStringLiteral("You have used all %1 tool turns. Give your %2 now, in the format above, without calling a tool.")
                                          .arg(setup.budget.maxTurns)
                                          .arg(setup.answerKind)
                                    : QStringLiteral("You have used the token budget of %1. Give your %2 now, in the format above, without calling a tool.")
                                          .arg(setup.budget.tokenBudget)
                                          .arg(setup.answerKind)});
        ChatRequest last;
        last.profile = setup.profile;
        last.role = setup.role;
        last.messages = messages;
        last.label = QStringLiteral("%1, final answer (%2)").arg(setup.label, trace.stopReason);
        const Exchange f = sendAndWait(setup.client, last);
        answer.exchanges.append(f);
        ++trace.turns;
        trace.tokens += f.promptTokens + f.completionTokens;
        if (!f.ok()) {
            answer.errors << QStringLiteral("%1: %2").arg(last.label, f.error);
            return answer;
        }
        if (!f.toolCalls.isEmpty() && f.response.trimmed().isEmpty()) {
            answer.ending = AgentAnswer::Ending::KeptCallingTools;
            return answer;
        }
        answer.reply = f.response;
        answer.ending = AgentAnswer::Ending::Answered;
        return answer;
    }
}

Result<std::unique_ptr<RepositoryTools>> openAgentTools(const MergeRequest &mr, const AacrOptions &o, bool *indexBuilt, const std::atomic<bool> *cancel)
{
    const ChunkingRule rule{o.chunkLines, o.chunkOverlap, o.maxFileBytes};
    auto index = Bm25Index::openOrBuild(mr.repository, mr.head, rule, aacrCacheDir(o), indexBuilt, cancel);
    if (!index)
        return Error{index.error().kind, QCoreApplication::translate("rd::pipeline", "BM25 index: %1").arg(index.error().message)};
    auto tools = std::make_unique<RepositoryTools>(mr.repository, mr.head, *index, o.toolResultChars);
    if (auto loaded = tools->load(); !loaded)
        return loaded.error();
    return tools;
}

} // namespace rd
