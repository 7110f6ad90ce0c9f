#pragma once

// The diff around a comment, for the prompts of training exports: the hunks
// of the commented file that touch the comment's lines. Merge requests are
// diffed once each (libgit2), and only those whose code is linked.

#include "MergeRequest.h"
#include "Workspace.h"

#include <QHash>
#include <QString>

#include <memory>

namespace rd {

class DiffContext
{
public:
    // Empty when the merge request's code is not linked or the file is not in its diff.
    QString around(const MergeRequestEntry &mr, const StoredComment &comment);

    // At most this many diff lines per comment.
    static constexpr int MaxLines = 80;

private:
    QHash<qint64, std::shared_ptr<MergeRequest>> m_opened; // null: could not be opened
};

} // namespace rd
