#pragma once

// A pull request as its code host describes it (GitHub pull request, GitLab
// merge request, Gerrit change), in one shape for all three: what to fetch
// from where, and what to show.

#include "HostClient.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

struct GerritPatchSet
{
    int number = 0;
    QString commit; // sha
    QString ref;    // refs/changes/NN/N/PS
    QString parent; // the first parent's sha: what the patch set is compared with
};

struct HostPullRequest
{
    PullRequestLocator locator;
    QString title;
    QString description;
    QString state;      // as the host says it: open/closed (GitHub), opened/merged… (GitLab), NEW/MERGED/ABANDONED (Gerrit)
    QString webUrl;
    QString baseSha;    // the commit the change is compared with
    QString baseBranch; // the target branch (its name, no refs/heads/)
    QString headSha;
    // Where to fetch from (the base repository: it keeps the host's
    // refs/pull/N/head, refs/merge-requests/N/head or refs/changes/…).
    QString cloneUrl;
    // What to fetch: the head ref and the base branch.
    QString headRef;
    QStringList baseRefs;
    // Gerrit: every patch set, oldest first, and the one chosen (the URL's,
    // else the current one); 0 elsewhere.
    QList<GerritPatchSet> patchSets;
    int patchSet = 0;
};

// Reads the pull request `client.locator()` names (for Gerrit, the patch
// set it names or the current one). Every missing or ill-typed field is an
// Error of kind Service naming host, request and field.
Result<HostPullRequest> readPullRequest(HostClient &client);

// The path of a GitLab project or Gerrit change in a REST URL: the project
// path with every "/" encoded ("group%2Fproject").
QString encodedProject(const QString &project);

} // namespace rd
