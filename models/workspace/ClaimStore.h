#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// Dynamic fan-out of a batch review (team scale, issue 14): every worker
// claims the next merge request not yet reviewed with `configHash` for a
// lease; a killed worker's merge request is claimed again once its lease has
// run out. A role of WorkspaceStore (WorkspaceStore.h).
class ClaimStore
{
public:
    // Makes the claims (those with a run of this configuration already count
    // as done) and returns how many are left to do.
    virtual Result<int> prepareClaims(const QString &configHash, const QList<qint64> &mergeRequests) = 0;
    // The merge request now leased to `worker`; empty when none is free now.
    virtual Result<std::optional<qint64>> claimNext(const QString &configHash, const QString &worker, int leaseSeconds, const QList<qint64> &among) = 0;
    // Stores the run and marks its claim done in one transaction, if the
    // claim is still the worker's (an Error of kind Conflict when its lease
    // ran out and another worker took it). Returns the run's id.
    virtual Result<qint64> completeClaim(const QString &configHash, const QString &worker, const StoredRun &run, const QList<ReviewComment> &comments) = 0;
    virtual Result<ClaimCounts> claimCounts(const QString &configHash, const QList<qint64> &among) const = 0;
    // Returns when another worker may have finished a claim (PostgreSQL:
    // completeClaim's notification; SQLite: after a short while), at the
    // latest after `maxMs`.
    virtual void waitForClaims(int maxMs) = 0;

protected:
    ~ClaimStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
