#pragma once

#include "MergeRequestSummary.h"
#include "Result.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// What was reviewed and what the reviews said: the workspace's merge
// requests, the runs on them and their comments. A role of WorkspaceStore
// (WorkspaceStore.h).
class RunStore
{
public:
    // Merge requests. Adding one that is already there (same repository,
    // base, head, two-dot) returns its id and updates title and description.
    virtual Result<qint64> addMergeRequest(const MergeRequestEntry &entry) = 0;
    virtual Result<QList<MergeRequestEntry>> mergeRequests() const = 0;
    virtual Result<MergeRequestEntry> mergeRequest(qint64 id) const = 0;
    // Where a merge request's code is: a merge request imported without its
    // code gets the clone that holds its commits (Fetch code…). The caller
    // checks the commits; a Conflict when another merge request of the
    // workspace already compares the same commits in that repository.
    virtual Result<bool> setMergeRequestRepository(qint64 id, const QString &repository, bool codeLinked) = 0;
    // The merge-request list of the window (issue 25): every merge request
    // (or only `mergeRequest`) with its comment counts, `annotator`'s judged /
    // total, everyone else's verdict counts, assignments and adjudication
    // state, ordered by id. A few set-based queries, however many merge
    // requests: the browser reads it on opening a workspace of thousands.
    virtual Result<QList<MergeRequestSummary>> mergeRequestSummaries(const QString &annotator, std::optional<qint64> mergeRequest = {}) const = 0;

    // A finished run and its comments (origin Generated, author = run.model),
    // in one transaction. Returns the run's id.
    virtual Result<qint64> addRun(const StoredRun &run, const QList<ReviewComment> &comments) = 0;
    // The runs of a merge request, without their record JSON (see run()).
    virtual Result<QList<StoredRun>> runs(qint64 mergeRequest) const = 0;
    virtual Result<StoredRun> run(qint64 id) const = 0;

    // Comments from a dataset or another tool (origin Imported).
    virtual Result<qint64> importComment(qint64 mergeRequest, const ReviewComment &comment, const QString &author) = 0;
    // Ordered by merge request, file, side, first line, id.
    virtual Result<QList<StoredComment>> comments(const CommentQuery &query = {}) const = 0;
    virtual Result<StoredComment> comment(qint64 id) const = 0;

protected:
    ~RunStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
