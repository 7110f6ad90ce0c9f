#pragma once

#include "ReviewPipeline.h"

namespace rd {

// CQS (code-quality-score-cqs.txt §3, App. A): per changed file, the issue
// collector lists issues with a tag (the paper's tags; the model may add its
// own), function, rationale, file and line, reading the file's changes in the
// Snippet 1 diff format; the issue judge scores each issue 0..10 with a
// reason and whether the line matches the diff (dropped at
// "line_matching" when not); post-processing drops issues under the
// threshold or a per-tag rule.
class CqsPipeline : public ReviewPipeline
{
public:
    PipelineKind kind() const override { return PipelineKind::Cqs; }
    RunRecord run(const PipelineContext &context) override;
};

// The issue judge's request about one comment (App. A's judge prompt, with
// the tag's guidance): the pipeline's judge and `judge-eval` ask the same.
QList<ChatMessage> cqsJudgePrompt(const ReviewComment &comment, const QString &diff);

// The paper's tags and their criteria ("Tag: criterion" lines), then `extra`.
QStringList cqsTags(const QStringList &extra = {});

// The rule that decides about an issue of `tag` in `language`: the one
// naming both, else the one naming only the tag; null when none does.
const CqsTagRule *cqsRuleFor(const CqsOptions &options, const QString &tag, const QString &language);

// Post-processing as a pure function: each kept, judged comment below the
// threshold or its tag's minimum, or of a tag switched off, is dropped;
// dropped_at names the rule ("threshold", "rule:Documentation",
// "rule:DivisionByZero/python"), the history says why.
void applyCqsRules(QList<ReviewComment> &comments, const CqsOptions &options);

} // namespace rd
