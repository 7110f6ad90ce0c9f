#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

// The terms of the QA-Checker's quality assessment function (codeagent.txt
// App. A): 𝒬(Q, A) = α·Relevance(Q, A) + β·Specificity(A) + γ·Coherence(A)
// and Coherence(A) = α·DiscourseConnectives + β·CoreferenceConsistency +
// γ·AnswerPatternAdherence, α = β = γ = 1/3 as the paper sets them. Each term
// lies in 0..1; how each is obtained is QaChecker.h's (and docs/pipelines.md's).
struct QaTerms
{
    double relevance = 0;   // cosine similarity of the embeddings of Q_i and A_i
    double specificity = 0; // Σ TechnicalityScore(t) over ContentWords(A_i) / Length(A_i)
    double discourse = 0;   // density of discourse connectives
    double coreference = 0; // the QA-Checker model's rating (an LLM rating stands in)
    double pattern = 0;     // adherence to the answer format the question asks for

    double coherence() const { return (discourse + coreference + pattern) / 3.0; }
    double quality() const { return (relevance + specificity + coherence()) / 3.0; } // 𝒬, 0..1
};

// One turn of a conversation (codeagent.txt §2.2, §2.4): the instructor's
// instruction, the assistant's answer A_i to it, and, when the conversation
// is supervised, the QA-Checker's embeddings of Q_i and A_i, its reply and
// the score 10·𝒬(Q_i, A_i); below τ, the additional instruction aai_i that
// makes Q_{i+1} = Q_i + aai_i.
struct ConversationTurn
{
    int instructorExchange = -1; // index into RunRecord::exchanges: the instructor's request
    int exchange = -1;           // the assistant's answer; -1 when the instructor ended the conversation
    int embeddingExchange = -1;  // the QA-Checker's embeddings request; -1 when not checked
    int checkerExchange = -1;    // the QA-Checker's exchange; -1 when not checked
    double score = -1;           // 10·𝒬, 0..10; -1: not scored
    std::optional<QaTerms> terms;
    QString instruction;         // aai_i, appended to the question for the next turn
    QString note;                // why the loop ended here, when it did
};

// A conversation between an instructor and an assistant role about one task.
struct Conversation
{
    QString phase;      // basic_info_sync, code_review, code_alignment, document
    QString task;       // modality, language, consistency, vulnerability, format, revision, findings, revisions, summary
    QString instructor; // role cards of codeagent.txt App. C.1
    QString assistant;
    double threshold = 0; // τ
    int maxTurns = 0;
    bool supervised = false;
    bool accepted = false; // the last answer reached τ (or, not supervised, the instructor said the task is done)
    QList<ConversationTurn> turns;
};

// {"conversations":[...]} fields as the run record writes them (a JSON array).
QByteArray conversationsJson(const QList<Conversation> &conversations);

} // namespace rd
