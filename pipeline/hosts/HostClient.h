#pragma once

// Talks to a code host's REST API: one request at a time, answered before
// the call returns (the CLI, and the session's background jobs, call it off
// the window's thread). The token goes into the headers each host expects
// and nowhere else: every message is redacted. Rate limits are waited out
// (Retry-After, GitHub's X-RateLimit-Reset, GitLab's RateLimit-Reset) up to
// a bound; past it, and for every other failure, the answer is one Error of
// kind Service naming the host, the request and the reason.

#include "CodeHost.h"
#include "HostToken.h"

#include <QByteArray>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QUrlQuery>

#include <functional>

namespace rd {

struct HostRequest
{
    QByteArray verb = "GET";
    QString path; // below the API base: "/repos/o/r/pulls/7", "/changes/42/detail"
    QUrlQuery query;
    QByteArray body; // JSON; empty: none
};

struct HostReply
{
    int status = 0;
    QByteArray body; // Gerrit's ")]}'" guard removed
    QJsonDocument json;
    QHash<QByteArray, QByteArray> headers; // names in lower case
};

struct HostClientOptions
{
    int timeoutMs = 60000;
    int retries = 3;                 // more attempts after a 5xx, a dropped connection or a rate limit
    int maxRateLimitWaitSeconds = 300; // a longer wait fails at once, saying when to try again
    qint64 maxAnswerBytes = 64 * 1024 * 1024;
    int maxPages = 200;              // all(): a host that keeps saying "next" is stopped here
};

class HostClient
{
public:
    HostClient(const PullRequestLocator &locator, const HostToken &token, const HostClientOptions &options = {});

    // A 2xx answer, or an Error of kind Service.
    Result<HostReply> send(const HostRequest &request);
    // send(), and the answer must be JSON.
    Result<QJsonDocument> json(const HostRequest &request);
    // Every page of a list: GitHub and GitLab follow the Link header's
    // rel="next" (only to the same server), Gerrit its _more_changes marker.
    Result<QJsonArray> all(const HostRequest &request);

    // Told before a rate-limit wait ("GitHub asks to wait 12 s…"), for the CLI's stderr or a progress line.
    void setWaitNotice(std::function<void(const QString &)> notice) { m_waitNotice = std::move(notice); }

    const PullRequestLocator &locator() const { return m_locator; }
    bool authenticated() const { return !m_token.value.isEmpty(); }
    // "GitHub (api.github.com)": how messages name the host.
    QString hostLabel() const;
    // `text` with the token (and any Authorization header) removed.
    QString redacted(const QString &text) const;

private:
    Result<HostReply> attempt(const QUrl &url, const HostRequest &request, const QString &shown);
    QUrl urlFor(const HostRequest &request) const;

    PullRequestLocator m_locator;
    HostToken m_token;
    HostClientOptions m_options;
    std::function<void(const QString &)> m_waitNotice;
};

} // namespace rd
