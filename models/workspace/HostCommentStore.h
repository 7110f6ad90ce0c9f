#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>

namespace rd {

// Comments on a code host (issue 24): which workspace comment is which
// comment of a pull request, published there or read from it. A role of
// WorkspaceStore (WorkspaceStore.h).
class HostCommentStore
{
public:
    // One record per comment and pull request, replaced when set again.
    virtual Result<bool> setRemoteComment(const RemoteComment &remote) = 0;
    // A merge request's records, by comment.
    virtual Result<QList<RemoteComment>> remoteComments(qint64 mergeRequest) const = 0;
    // People's comments read from a pull request on its host, each stored
    // with its RemoteComment record (direction Imported), in one transaction:
    // origin Human (they show as written by their author), in no annotator's
    // undo history. One whose host id is recorded for that pull request
    // already is skipped. Returns the new comments' ids, 0 for one skipped.
    virtual Result<QList<qint64>> importHostComments(qint64 mergeRequest, const QList<HostCommentImport> &comments) = 0;

protected:
    ~HostCommentStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
