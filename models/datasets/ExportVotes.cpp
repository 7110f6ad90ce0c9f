// The `votes` export (issue 35): the workspace's pairwise votes on whole
// reviews, and the `audit-decisions` export (issue 34), one JSON object a line.

#include "DatasetExport.h"

#include <JudgeAuditJson.h>
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

// The `audit-decisions` export (issue 34): people's audit of the judges'
// matches, one JSON object a line, as JudgeAuditJson.h writes them.
Result<QByteArray> exportAuditDecisions(const ExportData &data, const ExportOptions &)
{
    QByteArray out;
    for (JudgeAuditDecision d : data.auditDecisions) {
        d.annotator = data.clean(d.annotator);
        out += auditDecisionToJson(d) + '\n';
    }
    return out;
}

} // namespace rd
