#pragma once

// Where a pull request lives: which kind of code host, which server, which
// project and number, read from the URL a person copies out of the browser.

#include "Result.h"

#include <QString>
#include <QUrl>

namespace rd {

enum class CodeHostKind { GitHub, GitLab, Gerrit };

// "GitHub", "GitLab", "Gerrit": for messages.
QString codeHostName(CodeHostKind kind);

struct PullRequestLocator
{
    CodeHostKind kind = CodeHostKind::GitHub;
    QUrl webUrl;     // the pull request's page, as given (normalised)
    QString server;  // host[:port] of webUrl, e.g. github.com
    QString project; // GitHub owner/repo, GitLab group/…/project, Gerrit project
    int number = 0;  // pull request number, merge request iid, change number
    int patchSet = 0; // Gerrit only: the patch set the URL names; 0 = the current one
    // Where the host's REST API answers: https://api.github.com (github.com),
    // https://HOST/api/v3 (GitHub Enterprise), https://HOST/api/v4 (GitLab),
    // https://HOST (Gerrit; its paths start /changes/, or /a/changes/ with a
    // token). Replaced by --api-base for a proxy, a self-hosted server or a
    // test server.
    QUrl apiBase;

    // What the host calls it and where: "GitHub pull request o/r#7".
    QString displayName() const;
    // The ref under which the host keeps the head: refs/pull/N/head,
    // refs/merge-requests/N/head, refs/changes/NN/N/PS (PS must be known).
    QString headRef(int gerritPatchSet = 0) const;
    // The repository to fetch from when the API names none (Gerrit):
    // https://HOST/PROJECT.
    QString defaultCloneUrl() const;

    // A GitHub pull request (https://github.com/O/R/pull/N, or any host with
    // that path shape: GitHub Enterprise), a GitLab merge request
    // (https://HOST/G/P/-/merge_requests/N) or a Gerrit change
    // (https://HOST/c/P/+/N[/PATCHSET]). `apiBase`, when set, replaces the
    // API address derived from the URL. Anything else is an Error of kind
    // Usage saying which shapes are understood.
    static Result<PullRequestLocator> parse(const QString &url, const QUrl &apiBase = {});
};

} // namespace rd
