#pragma once

// People auditing a benchmark judge (issue 34, "People audit the judge"): a
// person's decision on one (candidate comment, reference) pair that judges
// matched or not: the same issue, a different one, or unsure. Kept beside
// the judges' verdicts (schema 16), one decision per annotator and pair. A
// role of WorkspaceStore (WorkspaceStore.h).

#include "Result.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

enum class AuditDecision { Same, Different, Unsure };

inline QString auditDecisionName(AuditDecision decision)
{
    switch (decision) {
    case AuditDecision::Same: return QStringLiteral("same");
    case AuditDecision::Different: return QStringLiteral("different");
    case AuditDecision::Unsure: return QStringLiteral("unsure");
    }
    return {};
}

// "same", "different" or "unsure", exactly; empty for anything else.
inline std::optional<AuditDecision> auditDecisionFromName(const QString &name)
{
    for (AuditDecision d : {AuditDecision::Same, AuditDecision::Different, AuditDecision::Unsure})
        if (auditDecisionName(d) == name)
            return d;
    return std::nullopt;
}

struct JudgeAuditDecision
{
    qint64 mergeRequest = 0; // the store's: both comments' merge request
    qint64 comment = 0;      // the reviewer's candidate comment
    qint64 reference = 0;    // the reference (golden comment) it is compared with
    AuditDecision decision = AuditDecision::Unsure;
    QString annotator;
    QDateTime updated;       // when it was decided: now unless given (an imported export keeps its times)
};

// What storing a decision did: the same annotator's earlier decision on the
// same pair, which it replaced.
struct StoredAuditDecision
{
    std::optional<JudgeAuditDecision> replaced;
};

class JudgeAuditStore
{
public:
    // Stores `decision` in one transaction; `mergeRequest` is the comments'
    // (a given one must agree), `updated` now unless given. The candidate must be a comment that is no reference,
    // the reference a reference of the same merge request, the annotator's
    // name not empty: otherwise a Usage error naming what is wrong. The same
    // annotator's decision on the same pair is replaced.
    virtual Result<StoredAuditDecision> addAuditDecision(const JudgeAuditDecision &decision) = 0;
    // Every decision, by merge request, comment, reference and annotator.
    virtual Result<QList<JudgeAuditDecision>> auditDecisions() const = 0;
    // Takes back `annotator`'s decision on the pair (undo); false when there was none.
    virtual Result<bool> removeAuditDecision(const QString &annotator, qint64 comment, qint64 reference) = 0;

protected:
    ~JudgeAuditStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
