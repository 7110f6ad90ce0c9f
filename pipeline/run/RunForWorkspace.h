#pragma once

// A run as a workspace keeps it, for everyone who stores one: the session
// (the window's runs), `reviewdesk-cli review --workspace` and the batch
// review. Here, not in the session, so the CLI stores runs without it.

#include "RunRecord.h"

#include <MergeRequest.h>
#include <Workspace.h>

#include <QString>

namespace rd {

// A RunRecord as the workspace keeps it: its JSON, a label, the model and a
// hash of the configuration (equal configurations, equal hashes).
StoredRun storedRunFor(qint64 mergeRequest, const RunRecord &record);
// The hash a workspace keeps with a run of `config` (StoredRun::configHash):
// equal configurations, equal hashes; the batch review claims by it. The
// roles' prices are left out: they change a run's cost, not its comments.
QString configHashOf(const RunConfig &config);
// The workspace entry of an opened merge request.
MergeRequestEntry mergeRequestEntryFor(const MergeRequest &mr, const QString &repositoryPath);
// A run through a workspace's revisions (`review --mr`) names them: revision
// `to`, from its base when `from` is 0, else only what changed since
// revision `from`. The old side of such an incremental review's diff is
// revision `from`'s head, not the merge request's base: a comment there is
// kept but placed at no line.
void markReviewedRevisions(RunRecord &run, int from, int to);

} // namespace rd
