#pragma once

#include "Result.h"

#include <QList>

#include <optional>

namespace rd {

// What became of a comment's suggested code when a later revision outdated
// it (schema 14): applied verbatim in place of its lines, or not. Written
// with the revision that outdated the comment (RevisionStore::addRevision,
// from CommentAnchorChange::suggestionApplied); only comments that suggested
// code have one.
struct SuggestionOutcome
{
    qint64 comment = 0;
    int revision = 0; // the revision that outdated it
    bool applied = false;
};

// A role of WorkspaceStore (WorkspaceStore.h).
class SuggestionStore
{
public:
    // Of one merge request's comments, or (empty) of every merge request's; by comment.
    virtual Result<QList<SuggestionOutcome>> suggestionOutcomes(std::optional<qint64> mergeRequest = {}) const = 0;

protected:
    ~SuggestionStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
