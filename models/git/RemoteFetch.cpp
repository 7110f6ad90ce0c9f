#include "RemoteFetch.h"

#include "GitRepositoryPrivate.h"
#include "RepositoryBuilder.h"

#include <QCoreApplication>
#include <QDir>
#include <QRegularExpression>
#include <QStandardPaths>

#include <set>
#include <vector>

namespace rd {

namespace {

using GitRemotePtr = GitPtr<git_remote, git_remote_free>;
using GitReferencePtr = GitPtr<git_reference, git_reference_free>;

struct Credentials
{
    QByteArray user;
    QByteArray password;
    int asked = 0;
};

// libgit2 asks again after every refusal; the second ask means the token was
// refused, and answering again would loop.
int credentialsFor(git_credential **out, const char *, const char *, unsigned int allowed, void *payload)
{
    auto *credentials = static_cast<Credentials *>(payload);
    if (credentials->user.isEmpty() || !(allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT))
        return GIT_PASSTHROUGH;
    if (credentials->asked++ > 0)
        return GIT_EUSER;
    return git_credential_userpass_plaintext_new(out, credentials->user.constData(), credentials->password.constData());
}

// Strings stay alive for the git_strarray that points into them.
struct StringArray
{
    explicit StringArray(const QStringList &strings)
    {
        for (const QString &s : strings)
            bytes.push_back(s.toUtf8());
        for (const QByteArray &b : bytes)
            pointers.push_back(const_cast<char *>(b.constData()));
        array.strings = pointers.data();
        array.count = pointers.size();
    }
    std::vector<QByteArray> bytes;
    std::vector<char *> pointers;
    git_strarray array{};
};

bool hasCommit(git_repository *repo, const QString &sha)
{
    git_oid oid;
    if (git_oid_fromstr(&oid, sha.toLatin1().constData()) < 0)
        return false;
    git_commit *commit = nullptr;
    if (git_commit_lookup(&commit, repo, &oid) < 0)
        return false;
    git_commit_free(commit);
    return true;
}

QString redact(QString text, const RemoteFetch &fetch)
{
    if (!fetch.password.isEmpty())
        text.replace(fetch.password, QStringLiteral("[redacted]"));
    return text;
}

Error fetchError(const RemoteFetch &fetch, const QString &doing)
{
    Error error = gitError(Error::Kind::Repository, doing);
    if (error.message.contains(QLatin1String("authentication"), Qt::CaseInsensitive) || error.message.contains(QLatin1String("401")))
        error.message += fetch.user.isEmpty() ? QCoreApplication::translate("rd::models", " (no token was given; the repository may be private)")
                                              : QCoreApplication::translate("rd::models", " (the token was refused)");
    error.message = redact(error.message, fetch);
    return error;
}

Result<bool> download(git_repository *repo, const RemoteFetch &fetch, const QString &stash)
{
    git_remote *raw = nullptr;
    const QByteArray url = fetch.url.toUtf8();
    if (git_remote_create_anonymous(&raw, repo, url.constData()) < 0)
        return fetchError(fetch, QCoreApplication::translate("rd::models", "cannot fetch from %1").arg(fetch.url));
    GitRemotePtr remote(raw);

    Credentials credentials{fetch.user.toUtf8(), fetch.password.toUtf8()};
    git_remote_callbacks callbacks = GIT_REMOTE_CALLBACKS_INIT;
    callbacks.credentials = credentialsFor;
    callbacks.payload = &credentials;
    if (git_remote_connect(remote.get(), GIT_DIRECTION_FETCH, &callbacks, nullptr, nullptr) < 0) {
        if (credentials.asked > 1) // asked again after the token was sent: refused
            return Error{Error::Kind::Repository, QCoreApplication::translate("rd::models", "%1 refused the token (sent as user %2): cannot fetch").arg(fetch.url, fetch.user)};
        return fetchError(fetch, QCoreApplication::translate("rd::models", "cannot reach %1").arg(fetch.url));
    }

    // libgit2 fetches nothing, silently, for a ref the remote does not have:
    // ask which refs it has first.
    const git_remote_head **heads = nullptr;
    size_t count = 0;
    if (git_remote_ls(&heads, &count, remote.get()) < 0)
        return fetchError(fetch, QCoreApplication::translate("rd::models", "cannot list the refs of %1").arg(fetch.url));
    std::set<QString> advertised;
    for (size_t i = 0; i < count; ++i)
        advertised.insert(QString::fromUtf8(heads[i]->name));
    QStringList refspecs;
    const QStringList wanted = fetch.refs + fetch.refsIfThere;
    for (qsizetype i = 0; i < wanted.size(); ++i) {
        if (!advertised.count(wanted.at(i))) {
            if (i < fetch.refs.size())
                return Error{Error::Kind::Repository, QCoreApplication::translate("rd::models", "%1 has no %2").arg(fetch.url, wanted.at(i))};
            continue;
        }
        refspecs << QStringLiteral("+%1:%2/%3").arg(wanted.at(i), stash, QString::number(i));
    }

    StringArray specs(refspecs);
    git_fetch_options options = GIT_FETCH_OPTIONS_INIT;
    options.callbacks = callbacks;
    options.download_tags = GIT_REMOTE_DOWNLOAD_TAGS_NONE;
    options.prune = GIT_FETCH_NO_PRUNE;
    if (git_remote_download(remote.get(), &specs.array, &options) < 0)
        return fetchError(fetch, QCoreApplication::translate("rd::models", "cannot fetch %1 from %2").arg(fetch.refs.join(QStringLiteral(", ")), fetch.url));
    const QByteArray message = "reviewdesk: fetch from " + url;
    if (git_remote_update_tips(remote.get(), &callbacks, 0, GIT_REMOTE_DOWNLOAD_TAGS_NONE, message.constData()) < 0)
        return fetchError(fetch, QCoreApplication::translate("rd::models", "cannot store what was fetched from %1").arg(fetch.url));
    git_remote_disconnect(remote.get());
    return true;
}

} // namespace

QString remoteUrl(const QString &repositoryPath, const QString &name)
{
    auto repository = GitRepository::open(repositoryPath);
    if (!repository)
        return {};
    std::lock_guard guard(GitRepository::Private::of(*repository)->lock);
    git_remote *raw = nullptr;
    if (git_remote_lookup(&raw, GitRepository::Private::of(*repository)->repo.get(), name.toUtf8().constData()) < 0)
        return {};
    GitRemotePtr remote(raw);
    const char *url = git_remote_url(remote.get());
    return url ? QString::fromUtf8(url) : QString();
}

QString keptRefsFor(const QString &server, int number)
{
    QString name = server;
    static const QRegularExpression notInRef(QStringLiteral("[^A-Za-z0-9._-]"));
    name.replace(notInRef, QStringLiteral("_"));
    return QStringLiteral("refs/reviewdesk/%1/%2").arg(name, QString::number(number));
}

Result<FetchOutcome> fetchIntoRepository(const QString &repositoryPath, const RemoteFetch &fetch)
{
    auto repository = GitRepository::open(repositoryPath);
    if (!repository)
        return repository.error();
    git_repository *repo = GitRepository::Private::of(*repository)->repo.get();
    std::lock_guard guard(GitRepository::Private::of(*repository)->lock);

    FetchOutcome outcome;
    bool complete = true;
    for (const auto &[name, sha] : fetch.keep)
        complete = complete && hasCommit(repo, sha);
    const QString stash = fetch.keepUnder + QStringLiteral("/fetched");
    if (!complete) {
        if (auto downloaded = download(repo, fetch, stash); !downloaded)
            return downloaded.error();
        outcome.fetched = true;
    }
    for (const auto &[name, sha] : fetch.keep) {
        if (!hasCommit(repo, sha))
            return Error{Error::Kind::Repository,
                         QCoreApplication::translate("rd::models", "commit %1 (%2) is not in what was fetched from %3 (%4)").arg(sha.left(12), name, fetch.url, fetch.refs.join(QStringLiteral(", ")))};
        git_oid oid;
        git_oid_fromstr(&oid, sha.toLatin1().constData());
        const QByteArray ref = (fetch.keepUnder + QLatin1Char('/') + name).toUtf8();
        git_reference *raw = nullptr;
        if (git_reference_create(&raw, repo, ref.constData(), &oid, 1, "reviewdesk: keep a pull request's commit") < 0)
            return gitError(Error::Kind::Repository, QCoreApplication::translate("rd::models", "cannot write %1 in %2").arg(QString::fromUtf8(ref), repositoryPath));
        git_reference_free(raw);
        outcome.kept << QString::fromUtf8(ref);
    }
    // The fetched branch tips were only a way in: the kept refs hold what matters.
    for (qsizetype i = 0; i < fetch.refs.size() + fetch.refsIfThere.size(); ++i) {
        git_reference *raw = nullptr;
        if (git_reference_lookup(&raw, repo, QStringLiteral("%1/%2").arg(stash, QString::number(i)).toUtf8().constData()) == 0) {
            git_reference_delete(raw);
            git_reference_free(raw);
        }
    }
    return outcome;
}

Result<QString> managedClone(const QString &server, const QString &project, const QString &root)
{
    // The generic data folder (not the application's): the window and reviewdesk-cli share the clones.
    const QString clones = root.isEmpty() ? QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QStringLiteral("/reviewdesk/clones") : root;
    QString folder = server;
    folder.replace(QLatin1Char(':'), QLatin1Char('_'));
    const QStringList parts = project.split(QLatin1Char('/'));
    for (const QString &part : parts)
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String("..") || part.contains(QLatin1Char('\\')))
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "the project name %1 cannot be a folder name").arg(project)};
    if (folder.isEmpty() || folder.contains(QLatin1Char('/')) || folder == QLatin1String("..") || folder == QLatin1String("."))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "the server name %1 cannot be a folder name").arg(server)};
    const QString path = QDir::cleanPath(clones + QLatin1Char('/') + folder + QLatin1Char('/') + project + QStringLiteral(".git"));
    if (QDir(path).exists())
        return path;
    auto made = RepositoryBuilder::init(path, true);
    if (!made)
        return made.error();
    return path;
}

} // namespace rd
