// The `votes` export (issue 35): the workspace's pairwise votes on whole
// reviews, one JSON object a line, as VoteJson.h writes them.

#include "DatasetExport.h"

#include <VoteJson.h>

namespace rd {

Result<QByteArray> exportVotes(const ExportData &data, const ExportOptions &)
{
    QByteArray out;
    for (PairwiseVote v : data.votes) {
        v.annotator = data.clean(v.annotator); // a name is the user's text, cleaned as any
        out += voteToJson(v) + '\n';
    }
    return out;
}

} // namespace rd
