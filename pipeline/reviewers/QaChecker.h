#pragma once

// The QA-Checker's quality assessment function of codeagent.txt App. A,
// computed term by term, and its refinement step (Algorithm 1, App. I):
//
//   𝒬(Q_i, A_i) = α·Relevance(Q_i, A_i) + β·Specificity(A_i) + γ·Coherence(A_i)
//   Relevance     = cos(embedding(Q_i), embedding(A_i))   (the embeddings endpoint; below 0 counts 0)
//   Specificity   = Σ_{t ∈ ContentWords(A_i)} TechnicalityScore(t) / Length(A_i)
//   Coherence     = α·DiscourseConnectives + β·CoreferenceConsistency + γ·AnswerPatternAdherence
//   α = β = γ = 1/3
//
// What the paper leaves open is decided here, and said in docs/pipelines.md:
// ContentWords is the set of distinct words that are not function words
// (nor the report's JSON keys); TechnicalityScore(t) is 1 for a code-like
// token (an identifier with '_', camelCase, '::', '->', a call, a path, a
// number with letters, an acronym), a word of the code under review, or a
// word of a fixed software and security vocabulary, else 0; the density of
// discourse connectives is connectives per sentence, at most 1;
// AnswerPatternAdherence is 1 for the JSON report the question asks for with
// a verdict, 0.5 for a report without one, 0 for none. CoreferenceConsistency
// needs coreference chains, which nothing here computes: the QA-Checker
// model rates it (0..10, divided by 10): an LLM rating stands in for that term.
// The score the loop compares with τ is 10·𝒬 (0..10).

#include "Conversation.h"

#include <QSet>
#include <QString>
#include <QStringList>

#include <vector>

namespace rd {

// The words of a text as App. A counts them (Length(A) is their number):
// whitespace-separated tokens without the quotes, brackets and punctuation
// around them; tokens left empty or without a letter or digit are no words.
QStringList qaWords(const QString &text);
// Cosine similarity; 0 for vectors of different lengths or of length zero.
double cosineSimilarity(const std::vector<float> &a, const std::vector<float> &b);
// Relevance(Q, A): the cosine similarity, 0 when negative.
double qaRelevance(const std::vector<float> &question, const std::vector<float> &answer);
// The lower-case identifiers (3 characters or more, not function words) of
// code: the words of the code under review, which TechnicalityScore counts.
QSet<QString> codeIdentifiers(const QString &code);
// TechnicalityScore(t): 1 or 0, as above.
double technicalityScore(const QString &word, const QSet<QString> &domainTerms);
// Specificity(A).
double qaSpecificity(const QString &answer, const QSet<QString> &domainTerms);
// DiscourseConnectives(A): connectives per sentence, at most 1.
double qaDiscourseConnectives(const QString &answer);
// AnswerPatternAdherence(A) for the task reports (parseAgentReport()).
double qaAnswerPatternAdherence(const QString &answer);
// Every term of one answer; `coreference` is the model's 0..10 rating.
QaTerms qaTerms(const QString &answer, const std::vector<float> &questionVector, const std::vector<float> &answerVector, double coreference,
                const QSet<QString> &domainTerms);
// 10·𝒬: the score on τ's scale.
inline double qaScore(const QaTerms &terms)
{
    return 10.0 * terms.quality();
}

// Algorithm 1's refinement: a score at or above τ accepts the answer; below
// it the question becomes Q_{i+1} = Q_i + aai_i (the additional instruction
// attached to the question, §2.4's CB(q_0 + aai_0)).
struct QaStep
{
    bool accepted = false;
    QString nextQuestion; // empty when accepted
};
QaStep qaRefine(const QString &question, double score, double tau, const QString &additionalInstruction);

// What is embedded of a text: all of it up to 8,000 characters, else its
// first and last 4,000 (a question ends with its task and answer format).
QString qaEmbeddingText(const QString &text);

} // namespace rd
