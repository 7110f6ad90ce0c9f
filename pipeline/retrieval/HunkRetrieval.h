#pragma once

#include "AgentTrace.h"
#include "RepositoryChunks.h"

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd {

// What one hunk of an AACR run was reviewed with: the retrieved chunks and
// their scores, or the agent's tool calls (its AgentTrace: empty in the
// other contexts).
struct HunkRetrieval : AgentTrace
{
    int hunk = 0;      // index over the merge request's hunks, file by file
    QByteArray path;
    QByteArray header; // "@@ -a,b +c,d @@ ..."
    QList<RetrievedChunk> chunks;
};

} // namespace rd
