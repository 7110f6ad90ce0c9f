#include "PullRequestOpening.h"

#include "RemoteFetch.h"
#include "WorkspaceStore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QFileInfo>

#include <algorithm>

namespace rd {

namespace {

void tell(const std::function<void(const QString &)> &progress, const QString &what)
{
    if (progress)
        progress(what);
}

ReviewComment reviewCommentFrom(const HostComment &c)
{
    ReviewComment comment;
    comment.id = c.remoteId;
    comment.file = c.file;
    comment.side = c.side;
    comment.lineStart = c.lineStart;
    comment.lineEnd = c.lineEnd;
    comment.issue = c.body;
    return comment;
}

} // namespace

std::pair<QString, QString> gitCredentials(CodeHostKind kind, const QString &token)
{
    if (token.isEmpty())
        return {};
    switch (kind) {
    case CodeHostKind::GitHub: return {QStringLiteral("x-access-token"), token};
    case CodeHostKind::GitLab: return {QStringLiteral("oauth2"), token};
    case CodeHostKind::Gerrit: return {token.section(QLatin1Char(':'), 0, 0), token.section(QLatin1Char(':'), 1)};
    }
    return {};
}

Result<HostToken> lookUpHostToken(const PullRequestOpenOptions &options, const QProcessEnvironment &environment, Keyring &keyring)
{
    auto locator = PullRequestLocator::parse(options.url, options.apiBase);
    if (!locator)
        return locator.error();
    return host_token::lookUp(locator->kind, locator->server, options.tokenVariable, environment, keyring);
}

Result<FetchedPullRequest> fetchPullRequest(const PullRequestOpenOptions &options, const HostToken &token,
                                            const std::function<void(const QString &)> &progress)
{
    auto locator = PullRequestLocator::parse(options.url, options.apiBase);
    if (!locator)
        return locator.error();
    HostClient client(*locator, token, options.client);
    client.setWaitNotice(progress);

    tell(progress, QCoreApplication::translate("rd::hosts", "Reading %1…").arg(locator->displayName()));
    FetchedPullRequest fetched;
    auto pr = readPullRequest(client);
    if (!pr)
        return pr.error();
    fetched.pr = *pr;

    if (options.repository.isEmpty()) {
        auto clone = managedClone(locator->server, locator->project, options.clonesRoot);
        if (!clone)
            return clone.error();
        fetched.repository = *clone;
    } else {
        fetched.repository = QFileInfo(options.repository).absoluteFilePath();
    }
    RemoteFetch fetch;
    fetch.url = options.remote.isEmpty() ? pr->cloneUrl : options.remote;
    fetch.refs = QStringList{pr->headRef} + pr->baseRefs;
    std::tie(fetch.user, fetch.password) = gitCredentials(locator->kind, token.value);
    fetch.keepUnder = keptRefsFor(locator->server, locator->number);
    fetch.keep = {{QStringLiteral("head"), pr->headSha}, {QStringLiteral("base"), pr->baseSha}};
    fetched.fetchedFrom = fetch.url;
    tell(progress, QCoreApplication::translate("rd::hosts", "Fetching %1 from %2…").arg(fetch.refs.join(QStringLiteral(", ")), fetch.url));
    auto outcome = fetchIntoRepository(fetched.repository, fetch);
    if (!outcome)
        return outcome.error();
    fetched.fetched = outcome->fetched;

    if (options.importComments) {
        tell(progress, QCoreApplication::translate("rd::hosts", "Reading the review comments…"));
        auto comments = readHostComments(client, *pr);
        if (!comments)
            return comments.error();
        fetched.comments = *comments;
    }
    return fetched;
}

Result<StoredPullRequest> storePullRequest(WorkspaceStore &store, const FetchedPullRequest &fetched)
{
    const HostPullRequest &pr = fetched.pr;
    MergeRequestEntry entry;
    entry.repository = fetched.repository;
    entry.base = pr.baseSha;
    entry.head = pr.headSha;
    entry.title = pr.title;
    entry.description = pr.description;
    entry.url = pr.webUrl;
    entry.codeLinked = true;
    StoredPullRequest stored;
    // Opened again after the author pushed: the same merge request follows
    // the pull request to its new revision (comments re-anchored, judgements
    // kept) before the host's new comments, made on that revision, come in.
    auto known = store.mergeRequests();
    if (!known)
        return known.error();
    const auto same = std::find_if(known->cbegin(), known->cend(),
                                   [&](const MergeRequestEntry &e) { return e.url == entry.url && e.repository == entry.repository; });
    Result<qint64> id = same != known->cend() ? Result<qint64>(same->id) : store.addMergeRequest(entry);
    if (!id)
        return id.error();
    stored.mergeRequest = *id;
    if (same != known->cend()) {
        auto update = updateMergeRequest(store, *id, pr.headSha, pr.baseSha);
        if (!update)
            return update.error();
        stored.update = *update;
    }
    QList<HostCommentImport> imports;
    for (const HostComment &c : fetched.comments.comments) {
        HostCommentImport import;
        import.comment = reviewCommentFrom(c);
        import.author = hostAuthor(c.login, pr.locator.kind);
        import.remote.pullRequest = entry.url;
        import.remote.remoteId = c.remoteId;
        import.remote.thread = c.thread;
        import.remote.direction = RemoteComment::Direction::Imported;
        import.remote.bodyHash = QString::fromLatin1(QCryptographicHash::hash(c.body.toUtf8(), QCryptographicHash::Sha256).toHex());
        import.remote.revision = pr.headSha;
        imports << import;
    }
    if (imports.isEmpty())
        return stored;
    auto ids = store.importHostComments(*id, imports);
    if (!ids)
        return ids.error();
    stored.imported = int(std::count_if(ids->cbegin(), ids->cend(), [](qint64 comment) { return comment != 0; }));
    stored.alreadyStored = int(ids->size()) - stored.imported;
    return stored;
}

Result<OpenedPullRequest> openPullRequest(WorkspaceStore &store, const PullRequestOpenOptions &options, const HostToken &token,
                                          const std::function<void(const QString &)> &progress)
{
    auto fetched = fetchPullRequest(options, token, progress);
    if (!fetched)
        return fetched.error();
    auto stored = storePullRequest(store, *fetched);
    if (!stored)
        return stored.error();
    return OpenedPullRequest{std::move(*fetched), *stored};
}

} // namespace rd
