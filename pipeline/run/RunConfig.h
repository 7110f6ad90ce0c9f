#pragma once

#include "AacrOptions.h"
#include "LlmTypes.h"

#include <Result.h>
#include <Slice.h>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>

namespace rd {

struct LlmClientOptions;

// Which reviewer system of the papers a run is (README: "Pipelines").
enum class PipelineKind { Defect, Cqs, Aacr, CodeAgent };
QString pipelineName(PipelineKind kind); // defect, cqs, aacr, codeagent
std::optional<PipelineKind> pipelineFromName(const QString &name);

// One CQS post-processing rule (code-quality-score-cqs.txt §3.4): for a tag,
// optionally only in one language, the issue is switched off or needs a
// higher judge score. A rule naming the language wins over one without.
struct CqsTagRule
{
    QString tag;
    QString language; // empty: every language (cpp, c, python, java, go, ...)
    bool enabled = true;
    std::optional<int> minScore; // 0..10; empty: the threshold
};

struct CqsOptions
{
    int threshold = 5;    // drop when the judge's score is below this
    int contextLines = 3; // unchanged lines around each change in the diff
    QStringList extraTags; // offered to the collector besides the paper's
    QList<CqsTagRule> rules;
};

// CodeAgent (codeagent.txt §2): the tasks to run and the QA-Checker loop.
struct CodeAgentOptions
{
    QStringList tasks = {QStringLiteral("consistency"), QStringLiteral("vulnerability"), QStringLiteral("format"), QStringLiteral("revision")};
    // τ: the score 10·𝒬 (0..10, QaChecker.h) an answer needs. The paper names
    // no value; 4.5 is ours (docs/pipelines.md: how it was chosen).
    double threshold = 4.5;
    int maxTurns = 10; // turns of every conversation (App. C: 10)
    int contextLines = 3;
};

// One review run's configuration (README: "run configuration"). Defaults are
// the paper's: Left Flow, three reviewers, top-5, thresholds 4, agreement 2.
struct RunConfig
{
    SliceAlgorithm slicing = SliceAlgorithm::LeftFlow;
    int reviewers = 3;
    int topK = 5;
    int nitpickThreshold = 4; // drop when q1_nitpick <= this
    int fakeThreshold = 4;    // drop when q2_fake <= this
    int minAgreement = 2;
    bool cot = true;
    LineFormat lineFormat = LineFormat::Inline;
    QString language;         // empty: no translation
    int concurrency = 8;
    int timeoutSeconds = 120;
    // An endpoint's answer body larger than this is not read (max_answer_bytes).
    int maxAnswerBytes = 8 * 1024 * 1024;
    int retries = 3;
    int tokenBudget = DefaultSliceTokenBudget; // per slice (estimated tokens)
    EndpointProfile reviewer;
    std::optional<EndpointProfile> metaReviewer;
    std::optional<EndpointProfile> validator;
    std::optional<EndpointProfile> translator;

    // Pipeline selection (issue 13). The defect pipeline keeps its roles in
    // the fields above; the others name theirs in `roles` (cqs: collector,
    // judge; aacr: reviewer, embedding; codeagent: agent, qa_checker, embedding).
    PipelineKind pipeline = PipelineKind::Defect;
    QString context;        // aacr only: none, bm25, embedding, agent
    std::map<QString, EndpointProfile> roles;
    CqsOptions cqs;
    CodeAgentOptions codeAgent;
    AacrOptions aacr;       // aacr only: retrieval, chunking and agent budgets

    // The endpoint of a role of this pipeline, or null when not configured.
    const EndpointProfile *role(const QString &name) const;
    // Every configured role's profile, named, the pipeline's main role first
    // (reviewer, collector, agent): for replay, key checks and the source model.
    QList<std::pair<QString, EndpointProfile *>> profiles();
    QList<std::pair<QString, const EndpointProfile *>> profiles() const;

    // Every field checked; the error names the field and what is wrong. An
    // unknown key is an error naming the closest known one, and so is a
    // combination that cannot work (min_agreement above reviewers, a
    // language without a translator).
    static Result<RunConfig> fromJson(const QByteArray &json);
    // An error when a role names an API-key variable that is not set (a
    // replay needs none): checked before any request is sent.
    std::optional<Error> checkApiKeys() const;
    // The configuration as JSON: environment variable names only, no keys.
    QByteArray toJson() const;
    // The client settings of this configuration: timeout_s, retries,
    // concurrency, max_answer_bytes.
    LlmClientOptions clientOptions() const;

private:
    QByteArray otherPipelineJson() const;
};

} // namespace rd
