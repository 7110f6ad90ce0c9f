#pragma once

// Opening a pull request from its host, in two steps: fetchPullRequest
// talks to the host and fetches the commits (slow, network: the CLI's main
// thread or a worker thread), storePullRequest writes the merge request and
// the host's comments into a workspace (the thread that owns the store).

#include "HostComments.h"
#include "HostPullRequest.h"

#include <MergeRequestRevisions.h>

#include <QProcessEnvironment>

#include <functional>
#include <optional>

namespace rd {

class Keyring;
class WorkspaceStore;

struct PullRequestOpenOptions
{
    QString url;           // the pull request's web address
    QUrl apiBase;          // empty: derived from the URL
    QString tokenVariable; // empty: the host's usual one (then the keyring)
    QString repository;    // the clone to fetch into; empty: the managed clone
    QString remote;        // fetch from here instead of the clone URL the host names
    bool importComments = true;
    QString clonesRoot;    // the managed clones' folder; empty: <GenericDataLocation>/reviewdesk/clones
    HostClientOptions client = {};
};

struct FetchedPullRequest
{
    HostPullRequest pr;
    QString repository; // where the commits now are
    QString fetchedFrom;
    bool fetched = false; // false: the clone had both commits already
    HostCommentList comments;
};

struct StoredPullRequest
{
    qint64 mergeRequest = 0;
    // Set when the workspace had this pull request already (same page, same
    // clone): it was moved to the host's head and base as `mr update` does.
    std::optional<RevisionUpdate> update;
    int imported = 0;     // host comments stored now
    int alreadyStored = 0; // host comments a previous open stored
};

// The token for the pull request's host (options.tokenVariable, else the
// host's usual variable, else the keyring; none is fine for public ones).
// Asked on the thread that owns the keyring; an Error of kind Usage for a URL
// that names no pull request.
Result<HostToken> lookUpHostToken(const PullRequestOpenOptions &options, const QProcessEnvironment &environment, Keyring &keyring);

// Usage errors for the URL and options, Service errors from the host,
// Repository errors from the clone or the fetch. `progress` is told each step
// (on the calling thread).
Result<FetchedPullRequest> fetchPullRequest(const PullRequestOpenOptions &options, const HostToken &token,
                                            const std::function<void(const QString &)> &progress = {});

// Stores the merge request (repository, the fetched base and head shas, title,
// description, URL; a pull request the workspace has from the same clone is
// moved to its new revision instead, its comments re-anchored) and the host's comments not stored before (known by their
// host id, WorkspaceStore::importHostComments), as people's comments (origin
// Human, author "login (Host)"; the body's hash is SHA-256 of its UTF-8, hex).
Result<StoredPullRequest> storePullRequest(WorkspaceStore &store, const FetchedPullRequest &fetched);

// fetchPullRequest then storePullRequest, on one thread (the command line's).
struct OpenedPullRequest
{
    FetchedPullRequest fetched;
    StoredPullRequest stored;
};
Result<OpenedPullRequest> openPullRequest(WorkspaceStore &store, const PullRequestOpenOptions &options, const HostToken &token,
                                          const std::function<void(const QString &)> &progress = {});

// The user name and password git sends for `token` over https: GitHub
// "x-access-token", GitLab "oauth2", Gerrit the USER of USER:PASSWORD.
std::pair<QString, QString> gitCredentials(CodeHostKind kind, const QString &token);

} // namespace rd
