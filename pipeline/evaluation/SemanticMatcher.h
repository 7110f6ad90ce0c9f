#pragma once

// The semantic match of AACR-Bench (App. C.1): an LLM judge asked whether a
// generated comment says what a reference says, with the paper's Fig. 9
// prompt or the released evaluator's own template. Through the pipeline's
// LlmClient, so answers are cached, replayable and recorded like a run's.

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

// Which words the judge is asked in. The two differ: Fig. 9 asks about
// "the provided diff hunk" and wraps its lines as the PDF does; the released
// evaluator's template (evaluator_runner/core/match_base.py,
// SEMANTIC_COMPARISON_PROMPT_TEMPLATE) has no hunk and other spacing, so the
// same judge can answer them differently.
enum class SemanticPrompt {
    Fig9,             // aacr-bench Fig. 9, cleaned of the PDF's artefacts (ReviewDesk's default)
    ReleasedEvaluator // the released template, byte for byte (eval --upstream-compat)
};

// How the output names a prompt.
QString semanticPromptName(SemanticPrompt prompt);

struct SemanticMatchOptions
{
    EndpointProfile profile;
    SemanticPrompt prompt = SemanticPrompt::Fig9;
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

    const SemanticMatchOptions &options() const { return m_options; }
    QList<Exchange> exchanges() const;
    QStringList errors() const;
    int questions() const;

    // Fig. 9 (aacr-bench App. B.1), with the diff hunk section left out when
    // there is none (the released template has none). Cleaned of what the PDF
    // made of it: each paragraph on one line (the figure breaks its lines at
    // the page's width, once inside the quoted answer: "\nno"), and
    // "otherwise" for "other wise". Its words are otherwise as printed.
    static QString prompt(const QString &comment1, const QString &comment2, const QString &diffHunk);
    // The released evaluator's template with the two comments put in as its
    // str.format() puts them (once: a comment's own "{comment2}" stays).
    static QString releasedPrompt(const QString &comment1, const QString &comment2);
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
