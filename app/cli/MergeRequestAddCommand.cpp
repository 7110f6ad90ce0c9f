// `mr add`: opens a pull request from its code host into a workspace — reads
// its metadata, fetches its commits into a clone with libgit2, stores the
// merge request and imports the host's review comments.

#include "CliCommand.h"

#include <PullRequestOpening.h>
#include <ServerPassword.h>
#include <WorkspaceOpening.h>

#include <cstdio>

namespace rd::cli {

namespace {

int failAdding(const Error &error)
{
    return fail(exitCodeFor(error), QStringLiteral("mr add: %1").arg(error.message));
}

} // namespace

int runMrAdd(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Open a pull request (GitHub), merge request (GitLab) or change (Gerrit) from its host:\n"
        "read it, fetch its commits, store it in the workspace with the host's review comments."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace file (made when missing)."), QStringLiteral("FILE"));
    const QCommandLineOption url(QStringLiteral("url"), QStringLiteral("The pull request's web address."), QStringLiteral("URL"));
    const QCommandLineOption repo(QStringLiteral("repo"),
                                  QStringLiteral("The clone to fetch into (default: ReviewDesk's own bare clone in its data folder)."),
                                  QStringLiteral("PATH"));
    const QCommandLineOption apiBase(QStringLiteral("api-base"), QStringLiteral("The host's REST API address, when not the one the URL implies."),
                                     QStringLiteral("URL"));
    const QCommandLineOption tokenEnv(QStringLiteral("token-env"),
                                      QStringLiteral("The environment variable holding the token (default GITHUB_TOKEN, GITLAB_TOKEN\n"
                                                     "or GERRIT_HTTP_CREDENTIALS; then the keyring)."),
                                      QStringLiteral("VAR"));
    const QCommandLineOption remote(QStringLiteral("remote"), QStringLiteral("Fetch from this URL or path instead of the repository the host names."),
                                    QStringLiteral("URL"));
    const QCommandLineOption noComments(QStringLiteral("no-comments"), QStringLiteral("Do not import the host's review comments."));
    parser.addOptions({workspace, url, repo, apiBase, tokenEnv, remote, noComments});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (!parser.positionalArguments().isEmpty())
        return fail(ExitUsage, QStringLiteral("mr add: unexpected argument '%1'").arg(parser.positionalArguments().first()));
    for (const QCommandLineOption *required : {&workspace, &url})
        if (!parser.isSet(*required))
            return fail(ExitUsage, QStringLiteral("mr add: --%1 is required").arg(required->names().first()));
    for (const QCommandLineOption *given : {&repo, &apiBase, &tokenEnv, &remote})
        if (parser.isSet(*given) && parser.value(*given).trimmed().isEmpty())
            return fail(ExitUsage, QStringLiteral("mr add: --%1 is empty").arg(given->names().first()));

    PullRequestOpenOptions options;
    options.url = parser.value(url);
    options.apiBase = QUrl(parser.value(apiBase));
    options.tokenVariable = parser.value(tokenEnv);
    options.repository = parser.value(repo);
    options.remote = parser.value(remote);
    options.importComments = !parser.isSet(noComments);
    // The URL is checked before the workspace is opened or made.
    const auto token = lookUpHostToken(options, QProcessEnvironment::systemEnvironment(), server_password::keyring());
    if (!token)
        return failAdding(token.error());

    auto store = openWorkspaceStore(parser.value(workspace), WorkspaceOpenMode::CreateIfMissing);
    if (!store)
        return failAdding(store.error());
    const auto progress = [](const QString &line) {
        std::fprintf(stderr, "mr add: %s\n", qPrintable(line));
    };
    auto opened = openPullRequest(**store, options, *token, progress);
    if (!opened)
        return failAdding(opened.error());
    const FetchedPullRequest *fetched = &opened->fetched;
    const StoredPullRequest *stored = &opened->stored;

    const HostPullRequest &pr = fetched->pr;
    std::printf("%lld\n", static_cast<long long>(stored->mergeRequest));
    std::fprintf(stderr, "mr add: %s \"%s\" (%s) is merge request %lld: %s..%s in %s (%s)\n", qPrintable(pr.locator.displayName()),
                 qPrintable(pr.title), qPrintable(pr.state), static_cast<long long>(stored->mergeRequest), qPrintable(pr.baseSha.left(12)),
                 qPrintable(pr.headSha.left(12)), qPrintable(fetched->repository),
                 fetched->fetched ? qPrintable(QStringLiteral("fetched from %1").arg(fetched->fetchedFrom)) : "both commits were there already");
    if (stored->update) {
        const RevisionUpdate &u = *stored->update;
        if (u.recorded)
            std::fprintf(stderr, "mr add: the workspace had it: now at revision %d (head %s, was %s): moved %d, unchanged %d, outdated %d\n",
                         u.current.number, qPrintable(u.current.headSha.left(7)), qPrintable(u.previous.headSha.left(7)),
                         int(u.reanchoring.moved.size()), int(u.reanchoring.unchanged.size()), int(u.reanchoring.outdated.size()));
        else
            std::fprintf(stderr, "mr add: the workspace had it at this revision already (revision %d)\n", u.current.number);
    }
    if (options.importComments) {
        std::fprintf(stderr, "mr add: %d host comments imported, %d stored before, %d not on lines of this revision\n", stored->imported,
                     stored->alreadyStored, int(fetched->comments.skipped.size()));
        for (const QString &skipped : fetched->comments.skipped)
            std::fprintf(stderr, "mr add:   not imported: %s\n", qPrintable(skipped));
    }
    return ExitOk;
}

} // namespace rd::cli
