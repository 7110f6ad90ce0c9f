#pragma once

#include "PairwiseVote.h"
#include "Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// Pairwise votes on whole reviews (issue 35): what the arena ranks run
// configurations by. A role of WorkspaceStore (WorkspaceStore.h).
class VoteStore
{
public:
    // Stores `vote` (its id and time are the store's) in one transaction. The
    // merge request must be in the workspace, both runs must be runs of it
    // and differ, the annotator's name not be empty: otherwise a Usage error
    // naming what is wrong. The same annotator's vote on the same two runs in
    // the same order is replaced (StoredVote::replaced says what it was); the
    // other order is a vote of its own (the pair shown the other way round).
    virtual Result<StoredVote> addVote(const PairwiseVote &vote) = 0;
    // Every vote (or one merge request's), by id.
    virtual Result<QList<PairwiseVote>> votes(std::optional<qint64> mergeRequest = {}) const = 0;
    // Takes back `annotator`'s vote on runA shown before runB (the pairwise
    // view's undo); false when there was none.
    virtual Result<bool> removeVote(const QString &annotator, qint64 runA, qint64 runB) = 0;

protected:
    ~VoteStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
