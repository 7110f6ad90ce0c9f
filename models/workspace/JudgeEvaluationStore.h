#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>

namespace rd {

// A judge measured against people (judge-eval, Review ▸ Evaluate Judge…):
// its report and answers kept so a later judge can be compared with it on
// the same items, or its answers replayed. A role of WorkspaceStore
// (WorkspaceStore.h).
class JudgeEvaluationStore
{
public:
    virtual Result<qint64> addJudgeEvaluation(const StoredJudgeEvaluation &evaluation) = 0;
    // Leaves out the report and recording; judgeEvaluation() has them.
    virtual Result<QList<StoredJudgeEvaluation>> judgeEvaluations() const = 0;
    virtual Result<StoredJudgeEvaluation> judgeEvaluation(qint64 id) const = 0;

protected:
    ~JudgeEvaluationStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
