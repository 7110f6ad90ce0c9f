#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

// One turn of a supervised conversation (codeagent.txt §2.4): the question
// q_i the assistant answered, the QA-Checker's score of the answer and, when
// it was below τ, the additional instruction aai_i that makes q_{i+1}.
struct ConversationTurn
{
    int exchange = -1;        // index into RunRecord::exchanges: the assistant's answer
    int checkerExchange = -1; // the QA-Checker's exchange; -1 when not checked
    double score = -1;        // 0..10; -1: not scored
    QString instruction;      // appended to the question for the next turn
    QString note;             // why the loop ended here, when it did
};

// A conversation between an instructor and an assistant role about one task.
struct Conversation
{
    QString phase;      // basic_info_sync, code_review, code_alignment, document
    QString task;       // consistency, vulnerability, format, revision, modality, summary
    QString instructor; // role cards of codeagent.txt App. C.1
    QString assistant;
    double threshold = 0; // τ
    int maxTurns = 0;
    bool supervised = false;
    bool accepted = false; // the last answer reached τ (or was not supervised)
    QList<ConversationTurn> turns;
};

// {"conversations":[...]} fields as the run record writes them (a JSON array).
QByteArray conversationsJson(const QList<Conversation> &conversations);

} // namespace rd
