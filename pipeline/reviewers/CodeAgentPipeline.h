#pragma once

#include "ReviewPipeline.h"

namespace rd {

// CodeAgent (codeagent.txt §2, App. A, Algorithm 1): four phases in order —
// Basic Info Sync (CEO instructs CTO: modality and languages), Code Review
// (Coder instructs Reviewer: consistency, vulnerability and format analysis,
// in parallel), Code Alignment (Reviewer instructs Coder: code revision from
// the reports), Document (CEO instructs CPO: the summary). Each conversation
// of Code Review and Code Alignment is supervised by the QA-Checker: it
// scores the answer against the question (0..10); below τ its additional
// instruction is appended to the question (q_{i+1} = q_i + aai_i) and the
// assistant asked again, up to the turn limit. Without roles.qa_checker
// every conversation is one turn (the paper's ablation).
class CodeAgentPipeline : public ReviewPipeline
{
public:
    PipelineKind kind() const override { return PipelineKind::CodeAgent; }
    RunRecord run(const PipelineContext &context) override;
};

// The role cards of codeagent.txt App. C.1, by role name (CEO, CPO, CTO,
// Reviewer, Coder, QA-Checker).
QString codeAgentRoleCard(const QString &role);

} // namespace rd
