#pragma once

#include "ReviewPipeline.h"

namespace rd {

// CodeAgent (codeagent.txt §2, App. A, Algorithm 1 of App. I): four phases
// in order — Basic Info Sync (CEO instructs CTO: the modality; CTO instructs
// Coder: the languages and what the change does), Code Review (Coder
// instructs Reviewer: consistency, vulnerability and format analysis, side
// by side), Code Alignment (Reviewer instructs Coder: the revision from the
// reports), Document (CPO instructs Reviewer: the findings; CPO instructs
// Coder: the code changes; CEO instructs CPO: the document). Every
// conversation is two agents asked in turn through the client — the
// instructor's instruction, the assistant's answer — up to max_turns. The
// conversations of Code Review and Code Alignment are supervised by the
// QA-Checker (QaChecker.h): each answer is scored 10·𝒬(Q_i, A_i) with App. A's
// terms (relevance from the embeddings endpoint); below τ its additional
// instruction is appended to the question (Q_{i+1} = Q_i + aai_i) and the
// dialogue goes on, up to the turn limit. The other conversations (and, without
// roles.qa_checker, all of them: the paper's ablation) end when the
// instructor says the task is done.
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
