#pragma once

// Fetches a pull request's commits from its code host (or any git remote:
// an https URL or a local path) into a repository with libgit2, and keeps
// them under ReviewDesk's own refs so that git gc never drops them.

#include "Result.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

struct RemoteFetch
{
    QString url;        // https://github.com/o/r.git, or a local path
    QStringList refs;   // the remote's refs to fetch: refs/pull/7/head, refs/heads/main
    QStringList refsIfThere; // fetched when the remote has them (HEAD, which an empty remote lacks)
    // HTTP credentials, offered only when the server asks for them (never in
    // the URL or in a message). Empty user: fetch anonymously.
    QString user;
    QString password;
    // Where the commits are kept: keepUnder + "/" + name → commit, e.g.
    // refs/reviewdesk/github.com/7/head → the head's sha. Each commit must
    // be in the repository after the fetch, else the fetch fails naming it.
    QString keepUnder;
    QList<std::pair<QString, QString>> keep; // (name, sha): ("head", "…"), ("base", "…")
};

struct FetchOutcome
{
    bool fetched = false; // false: every commit was already there, nothing was asked of the remote
    QStringList kept;     // the refs written, full names
};

// Fetches `fetch.refs` from `fetch.url` into the repository at
// `repositoryPath` (skipped when every commit of `keep` is already there),
// then points the kept refs at their commits. Errors (kind Repository):
// the repository cannot be opened, the remote cannot be reached or refuses
// the credentials, the remote has no such ref ("the remote has no
// refs/pull/7/head"), a commit is missing afterwards.
Result<FetchOutcome> fetchIntoRepository(const QString &repositoryPath, const RemoteFetch &fetch);

// The URL of a repository's remote `name` ("origin"); empty when it has none.
QString remoteUrl(const QString &repositoryPath, const QString &name = QStringLiteral("origin"));

// "refs/reviewdesk/<server>/<number>": where a pull request's commits are kept
// (a port's ":" and any character a ref name may not hold become "_").
QString keptRefsFor(const QString &server, int number);

// The bare clone ReviewDesk keeps for a project when the user names none:
// <GenericDataLocation>/reviewdesk/clones/<server>/<project>.git (on Linux
// ~/.local/share/reviewdesk/clones/…), made (empty) when missing. `root`
// replaces <GenericDataLocation>/reviewdesk/clones.
Result<QString> managedClone(const QString &server, const QString &project, const QString &root = {});

} // namespace rd
