#pragma once

// The requests that publish a review, in each host's documented shape
// (docs/publishing.md quotes the schemas):
// - GitHub: one POST /repos/O/R/pulls/N/reviews with commit_id, body, event
//   and comments[] (path, body, line, side RIGHT/LEFT, start_line and
//   start_side for a range); an edited comment: PATCH /repos/O/R/pulls/comments/ID.
// - GitLab: one POST /projects/ID/merge_requests/IID/discussions per comment
//   with a text position (base_sha, start_sha, head_sha, old_path, new_path,
//   new_line or old_line); an edited one: PUT …/discussions/D/notes/N; the
//   summary as a note; Approve: POST …/approve.
// - Gerrit: one POST /changes/ID/revisions/SHA/review with message, labels
//   (Code-Review -1 / +1) and comments by path (line or range, side PARENT
//   for the old side); an edited one goes as a reply (in_reply_to) to the
//   comment published before.

#include "HostClient.h"
#include "ReviewPublication.h"

#include <QList>
#include <QString>

namespace rd {

// GitLab's diff_refs: the commits a position names.
struct GitLabDiffRefs
{
    QString baseSha;  // the merge base
    QString startSha; // the target branch's commit
    QString headSha;  // the source's
};

struct PlannedHostRequest
{
    HostRequest request;
    QList<int> fresh;  // indexes into ReviewPublication::fresh it publishes
    QList<int> edited; // indexes into ReviewPublication::edited it updates
    QString what;      // "the review with 3 comments", for messages
};

// The writes, in the order they are sent. GitLab's positions use `refs`
// (from the host when publishing; from the workspace's repository for a dry run).
QList<PlannedHostRequest> reviewRequests(const ReviewPublication &publication, const GitLabDiffRefs &refs);
// The refs the workspace's repository gives: the diff's start as base, the
// target as start, the head.
GitLabDiffRefs localDiffRefs(const ReviewPublication &publication);

// The project / change part of a path, escaped as each API expects:
// GitLab "group%2Fproject", Gerrit "project~42" (project escaped).
QString gitlabProjectId(const PullRequestLocator &locator);
QString gerritChangeId(const PullRequestLocator &locator);
// The read that follows a write to learn the ids the host gave the
// comments (GitHub: the review's comments; Gerrit: the revision's comments).
HostRequest publishedCommentsRequest(const PullRequestLocator &locator, const QString &headSha, qint64 githubReview = 0);
// GitLab: the merge request, for its diff_refs.
HostRequest gitlabMergeRequestRequest(const PullRequestLocator &locator);

// What --dry-run prints: per request "VERB URL" then its JSON body, indented.
QString dryRunText(const QList<PlannedHostRequest> &requests, const PullRequestLocator &locator);

} // namespace rd
