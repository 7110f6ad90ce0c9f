#include "CodeHost.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace rd {

namespace {

// The server part of an address as people write it: host, and the port when
// it is not the scheme's.
QString serverOf(const QUrl &url)
{
    return url.port() == -1 ? url.host() : QStringLiteral("%1:%2").arg(url.host()).arg(url.port());
}

QUrl apiAt(const QUrl &web, const QString &path)
{
    QUrl api;
    api.setScheme(web.scheme());
    api.setHost(web.host());
    api.setPort(web.port());
    api.setPath(path);
    return api;
}

int positiveNumber(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    return ok && value > 0 ? value : 0;
}

} // namespace

QString codeHostName(CodeHostKind kind)
{
    switch (kind) {
    case CodeHostKind::GitHub: return QStringLiteral("GitHub");
    case CodeHostKind::GitLab: return QStringLiteral("GitLab");
    case CodeHostKind::Gerrit: return QStringLiteral("Gerrit");
    }
    return {};
}

QString PullRequestLocator::displayName() const
{
    switch (kind) {
    case CodeHostKind::GitHub: return QCoreApplication::translate("rd::hosts", "GitHub pull request %1#%2").arg(project).arg(number);
    case CodeHostKind::GitLab: return QCoreApplication::translate("rd::hosts", "GitLab merge request %1!%2 on %3").arg(project).arg(number).arg(server);
    case CodeHostKind::Gerrit: return QCoreApplication::translate("rd::hosts", "Gerrit change %1 of %2 on %3").arg(number).arg(project, server);
    }
    return {};
}

QString PullRequestLocator::headRef(int gerritPatchSet) const
{
    switch (kind) {
    case CodeHostKind::GitHub: return QStringLiteral("refs/pull/%1/head").arg(number);
    case CodeHostKind::GitLab: return QStringLiteral("refs/merge-requests/%1/head").arg(number);
    case CodeHostKind::Gerrit: {
        const int set = gerritPatchSet > 0 ? gerritPatchSet : patchSet;
        // Gerrit shards changes by the last two digits of their number.
        return QStringLiteral("refs/changes/%1/%2/%3").arg(number % 100, 2, 10, QLatin1Char('0')).arg(number).arg(set);
    }
    }
    return {};
}

QString PullRequestLocator::defaultCloneUrl() const
{
    QUrl clone = webUrl;
    clone.setQuery(QString());
    clone.setFragment(QString());
    switch (kind) {
    case CodeHostKind::GitHub:
    case CodeHostKind::GitLab: clone.setPath(QLatin1Char('/') + project + QStringLiteral(".git")); break;
    case CodeHostKind::Gerrit: clone.setPath(QLatin1Char('/') + project); break;
    }
    return clone.toString();
}

Result<PullRequestLocator> PullRequestLocator::parse(const QString &text, const QUrl &apiBase)
{
    const QUrl url(text.trimmed(), QUrl::StrictMode);
    const auto refuse = [&](const QString &why) {
        return Error{Error::Kind::Usage,
                     QCoreApplication::translate("rd::hosts", "%1 is not a pull request address (%2); ReviewDesk reads https://github.com/OWNER/REPO/pull/N, "
                        "https://HOST/GROUP/PROJECT/-/merge_requests/N and https://HOST/c/PROJECT/+/N[/PATCHSET]")
                         .arg(text.trimmed(), why)};
    };
    if (!url.isValid() || url.host().isEmpty())
        return refuse(QCoreApplication::translate("rd::hosts", "not a web address"));
    if (url.scheme() != QLatin1String("https") && url.scheme() != QLatin1String("http"))
        return refuse(QCoreApplication::translate("rd::hosts", "the scheme must be https or http"));
    if (apiBase.isValid() && !apiBase.isEmpty()
        && (apiBase.host().isEmpty() || (apiBase.scheme() != QLatin1String("https") && apiBase.scheme() != QLatin1String("http"))))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::hosts", "the API address %1 is not an http(s) address").arg(apiBase.toString())};

    PullRequestLocator locator;
    locator.server = serverOf(url);
    QString path = url.path();
    while (path.endsWith(QLatin1Char('/')))
        path.chop(1);

    // GitLab first: its project path may itself contain "pull" or "c".
    static const QRegularExpression gitlab(QStringLiteral("^/(.+?)/-/merge_requests/(\\d+)(/.*)?$"));
    static const QRegularExpression gerrit(QStringLiteral("^(/.*)?/c/(.+?)/\\+/(\\d+)(?:/(\\d+))?(/.*)?$"));
    static const QRegularExpression github(QStringLiteral("^/([^/]+)/([^/]+)/pull/(\\d+)(/.*)?$"));
    QRegularExpressionMatch match;
    if ((match = gitlab.match(path)).hasMatch()) {
        locator.kind = CodeHostKind::GitLab;
        locator.project = match.captured(1);
        locator.number = positiveNumber(match.captured(2));
        locator.apiBase = apiAt(url, QStringLiteral("/api/v4"));
    } else if ((match = gerrit.match(path)).hasMatch()) {
        locator.kind = CodeHostKind::Gerrit;
        locator.project = match.captured(2);
        locator.number = positiveNumber(match.captured(3));
        if (!match.captured(4).isEmpty()) {
            locator.patchSet = positiveNumber(match.captured(4));
            if (locator.patchSet == 0)
                return refuse(QCoreApplication::translate("rd::hosts", "patch set %1 is not a positive number").arg(match.captured(4)));
        }
        locator.apiBase = apiAt(url, match.captured(1)); // Gerrit may live under a path prefix
    } else if ((match = github.match(path)).hasMatch()) {
        locator.kind = CodeHostKind::GitHub;
        locator.project = match.captured(1) + QLatin1Char('/') + match.captured(2);
        locator.number = positiveNumber(match.captured(3));
        locator.apiBase = url.host() == QLatin1String("github.com") || url.host() == QLatin1String("www.github.com")
                              ? QUrl(QStringLiteral("https://api.github.com"))
                              : apiAt(url, QStringLiteral("/api/v3"));
    } else {
        return refuse(QCoreApplication::translate("rd::hosts", "its path is none of these shapes"));
    }
    if (locator.number == 0)
        return refuse(QCoreApplication::translate("rd::hosts", "the number must be a positive whole number"));
    QUrl web = url;
    web.setQuery(QString());
    web.setFragment(QString());
    locator.webUrl = web;
    if (apiBase.isValid() && !apiBase.isEmpty()) {
        QUrl base = apiBase;
        QString basePath = base.path();
        while (basePath.endsWith(QLatin1Char('/')))
            basePath.chop(1);
        base.setPath(basePath);
        locator.apiBase = base;
    }
    return locator;
}

} // namespace rd
