#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// A merge request followed across new commits (issue 24): its revisions,
// the comments moved to each or left outdated, and whether an outdated
// comment was addressed. A role of WorkspaceStore (WorkspaceStore.h).
class RevisionStore
{
public:
    // The merge request's revisions, oldest first; empty until the first is
    // recorded (a workspace older than version 10, or a merge request no
    // command has followed yet).
    virtual Result<QList<MergeRequestRevision>> revisions(qint64 mergeRequest) const = 0;
    // Records `revision` (its number must be the next one: a Conflict when
    // another program recorded one meanwhile) and moves every comment of
    // `anchors` there, in one transaction; the merge request's other comments
    // that are not outdated are of the new revision as they are. The merge
    // request's base and head become the revision's specs (a Conflict when
    // another merge request of the workspace has those).
    virtual Result<bool> addRevision(const MergeRequestRevision &revision, const QList<CommentAnchorChange> &anchors) = 0;
    // "Addressed?" answers: set (or cleared with nullopt) per annotator.
    virtual Result<bool> setAddressed(qint64 comment, const QString &annotator, std::optional<bool> addressed) = 0;
    virtual Result<QList<AddressedAnswer>> addressedAnswers(qint64 mergeRequest) const = 0;

protected:
    ~RevisionStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
