#include "HostClient.h"

#include "LlmTypes.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QTimer>

#include <algorithm>

namespace rd {

namespace {

// What the host said about a refusal: GitHub and GitLab answer JSON with
// "message" (GitLab also "error", or "message" as an object of field
// errors), GitHub adds "errors"; Gerrit answers plain text.
QString hostMessage(const HostReply &reply)
{
    if (reply.json.isObject()) {
        const QJsonObject object = reply.json.object();
        QStringList parts;
        const QJsonValue message = object.value(QStringLiteral("message"));
        if (message.isString())
            parts << message.toString();
        else if (message.isObject() || message.isArray())
            parts << QString::fromUtf8(QJsonDocument::fromVariant(message.toVariant()).toJson(QJsonDocument::Compact));
        if (object.value(QStringLiteral("error")).isString())
            parts << object.value(QStringLiteral("error")).toString();
        for (const QJsonValue error : object.value(QStringLiteral("errors")).toArray()) {
            if (error.isString())
                parts << error.toString();
            else if (error.toObject().value(QStringLiteral("message")).isString())
                parts << error.toObject().value(QStringLiteral("message")).toString();
            else if (error.isObject())
                parts << QString::fromUtf8(QJsonDocument(error.toObject()).toJson(QJsonDocument::Compact));
        }
        if (!parts.isEmpty())
            return parts.join(QStringLiteral("; "));
    }
    QString text = QString::fromUtf8(reply.body.left(400)).simplified();
    if (reply.body.size() > 400)
        text += QStringLiteral("…");
    return text;
}

bool rateLimited(const HostReply &reply)
{
    if (reply.status == 429)
        return true;
    // GitHub answers 403 for its primary limit (remaining 0) and its
    // secondary one (with Retry-After); a plain 403 is a permission refusal.
    return reply.status == 403
           && (reply.headers.value("x-ratelimit-remaining") == "0" || reply.headers.contains("retry-after"));
}

// How long the host asks to wait, in ms; -1 when it does not say.
qint64 rateLimitWaitMs(const HostReply &reply)
{
    if (const auto asked = parseRetryAfter(reply.headers.value("retry-after"))) {
        if (const auto *ms = std::get_if<qint64>(&*asked))
            return *ms;
        return std::max<qint64>(0, QDateTime::currentDateTimeUtc().msecsTo(std::get<QDateTime>(*asked)));
    }
    // X-RateLimit-Reset (GitHub) and RateLimit-Reset (GitLab): epoch seconds.
    for (const QByteArray &name : {QByteArray("x-ratelimit-reset"), QByteArray("ratelimit-reset")}) {
        bool ok = false;
        const qint64 at = reply.headers.value(name).trimmed().toLongLong(&ok);
        if (ok && at > 0)
            return std::max<qint64>(0, at * 1000 - QDateTime::currentMSecsSinceEpoch());
    }
    return -1;
}

void waitMs(qint64 ms)
{
    QEventLoop loop;
    QTimer::singleShot(std::chrono::milliseconds(ms), &loop, &QEventLoop::quit);
    loop.exec();
}

// The Link header's rel="next" target (RFC 8288), as GitHub and GitLab send it.
QUrl nextLink(const QByteArray &link)
{
    static const QRegularExpression entry(QStringLiteral("<([^>]*)>\\s*;([^,]*)"));
    auto it = entry.globalMatch(QString::fromLatin1(link));
    while (it.hasNext()) {
        const auto match = it.next();
        if (match.captured(2).contains(QRegularExpression(QStringLiteral("rel\\s*=\\s*\"?next\"?"))))
            return QUrl(match.captured(1));
    }
    return {};
}

} // namespace

HostClient::HostClient(const PullRequestLocator &locator, const HostToken &token, const HostClientOptions &options)
    : m_locator(locator), m_token(token), m_options(options)
{
}

QString HostClient::hostLabel() const
{
    return QStringLiteral("%1 (%2)").arg(codeHostName(m_locator.kind), m_locator.apiBase.host());
}

QString HostClient::redacted(const QString &text) const
{
    return redactSecrets(text, m_token.value.toUtf8());
}

QUrl HostClient::urlFor(const HostRequest &request) const
{
    QUrl url = m_locator.apiBase;
    QString path = url.path();
    // Gerrit serves authenticated calls under /a/.
    if (m_locator.kind == CodeHostKind::Gerrit && authenticated())
        path += QStringLiteral("/a");
    url.setPath(path + request.path, QUrl::StrictMode);
    if (!request.query.isEmpty())
        url.setQuery(request.query);
    return url;
}

Result<HostReply> HostClient::attempt(const QUrl &url, const HostRequest &request, const QString &shown)
{
    QNetworkAccessManager manager;
    QNetworkRequest http(url);
    http.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("ReviewDesk"));
    http.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    http.setTransferTimeout(m_options.timeoutMs);
    if (!request.body.isEmpty())
        http.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    const QByteArray token = m_token.value.toUtf8();
    switch (m_locator.kind) {
    case CodeHostKind::GitHub:
        http.setRawHeader("Accept", "application/vnd.github+json");
        http.setRawHeader("X-GitHub-Api-Version", "2022-11-28");
        if (!token.isEmpty())
            http.setRawHeader("Authorization", "Bearer " + token);
        break;
    case CodeHostKind::GitLab:
        if (!token.isEmpty())
            http.setRawHeader("PRIVATE-TOKEN", token);
        break;
    case CodeHostKind::Gerrit:
        http.setRawHeader("Accept", "application/json");
        if (!token.isEmpty()) // USER:HTTP-PASSWORD
            http.setRawHeader("Authorization", "Basic " + token.toBase64());
        break;
    }

    QNetworkReply *reply = manager.sendCustomRequest(http, request.verb, request.body);
    bool tooLarge = false;
    QEventLoop loop;
    QObject::connect(reply, &QNetworkReply::downloadProgress, &loop, [&](qint64 received, qint64) {
        if (received > m_options.maxAnswerBytes) {
            tooLarge = true;
            reply->abort();
        }
    });
    QObject::connect(reply, &QNetworkReply::finished, &loop, &QEventLoop::quit);
    if (!reply->isFinished())
        loop.exec();
    reply->deleteLater();

    if (tooLarge)
        return Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: %2: the answer is larger than %3 MiB; ReviewDesk stopped reading it")
                                               .arg(hostLabel(), shown).arg(m_options.maxAnswerBytes / (1024 * 1024))};
    HostReply answer;
    answer.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (answer.status == 0)
        return Error{Error::Kind::Service, redacted(QCoreApplication::translate("rd::hosts", "%1: %2: no answer (%3)").arg(hostLabel(), shown, reply->errorString()))};
    for (const auto &[name, value] : reply->rawHeaderPairs())
        answer.headers.insert(name.toLower(), value);
    answer.body = reply->readAll();
    // Gerrit prefixes every JSON answer with )]}' against cross-site script inclusion.
    if (answer.body.startsWith(")]}'"))
        answer.body = answer.body.mid(answer.body.indexOf('\n') + 1);
    answer.json = QJsonDocument::fromJson(answer.body);
    return answer;
}

Result<HostReply> HostClient::send(const HostRequest &request)
{
    const QUrl url = urlFor(request);
    const QString shown = QStringLiteral("%1 %2").arg(QString::fromLatin1(request.verb), url.path());
    qint64 backoffMs = 500;
    for (int attemptNumber = 0;; ++attemptNumber) {
        auto answer = attempt(url, request, shown);
        const bool lastTry = attemptNumber >= m_options.retries;
        if (!answer) {
            if (lastTry)
                return answer.error();
            waitMs(backoffMs);
            backoffMs *= 2;
            continue;
        }
        const HostReply &reply = *answer;
        if (reply.status >= 200 && reply.status < 300)
            return answer;
        if (rateLimited(reply) && !lastTry) {
            const qint64 ms = rateLimitWaitMs(reply);
            const qint64 wait = ms < 0 ? 60000 : ms;
            if (wait > qint64(m_options.maxRateLimitWaitSeconds) * 1000)
                return Error{Error::Kind::Service,
                             QCoreApplication::translate("rd::hosts", "%1: %2: rate limit reached; the host allows more requests at %3 (in %4 s), "
                                "later than ReviewDesk waits (%5 s). Try again then, or use a token")
                                 .arg(hostLabel(), shown,
                                      QDateTime::currentDateTimeUtc().addMSecs(wait).toString(Qt::ISODate))
                                 .arg((wait + 999) / 1000)
                                 .arg(m_options.maxRateLimitWaitSeconds)};
            if (m_waitNotice)
                m_waitNotice(QCoreApplication::translate("rd::hosts", "%1 asks to wait %2 s (rate limit) before %3").arg(hostLabel()).arg((wait + 999) / 1000).arg(shown));
            waitMs(wait);
            continue;
        }
        if ((reply.status == 502 || reply.status == 503 || reply.status == 504) && !lastTry) {
            waitMs(backoffMs);
            backoffMs *= 2;
            continue;
        }
        QString reason;
        switch (reply.status) {
        case 401:
            reason = m_token.value.isEmpty()
                         ? QCoreApplication::translate("rd::hosts", "not signed in: set %1 or put a token in the keyring").arg(host_token::defaultVariable(m_locator.kind))
                         : QCoreApplication::translate("rd::hosts", "the token from %1 was refused").arg(m_token.source);
            break;
        case 403: reason = QCoreApplication::translate("rd::hosts", "forbidden"); break;
        case 404: reason = m_token.value.isEmpty() ? QCoreApplication::translate("rd::hosts", "not found (or private: no token was sent)") : QCoreApplication::translate("rd::hosts", "not found"); break;
        case 409: reason = QCoreApplication::translate("rd::hosts", "conflict"); break;
        case 422: reason = QCoreApplication::translate("rd::hosts", "the host refused the request's content"); break;
        default:
            reason = rateLimited(reply) ? QCoreApplication::translate("rd::hosts", "rate limit reached") : QCoreApplication::translate("rd::hosts", "failed");
        }
        const QString said = hostMessage(reply);
        return Error{Error::Kind::Service,
                     redacted(QCoreApplication::translate("rd::hosts", "%1: %2: HTTP %3, %4%5").arg(hostLabel(), shown).arg(reply.status).arg(reason,
                                  said.isEmpty() ? QString() : QStringLiteral(": ") + said))};
    }
}

Result<QJsonDocument> HostClient::json(const HostRequest &request)
{
    auto reply = send(request);
    if (!reply)
        return reply.error();
    if (reply->json.isNull())
        return Error{Error::Kind::Service, redacted(QCoreApplication::translate("rd::hosts", "%1: %2 %3: the answer is not JSON: %4")
                                                        .arg(hostLabel(), QString::fromLatin1(request.verb), request.path,
                                                             QString::fromUtf8(reply->body.left(200)).simplified()))};
    return reply->json;
}

Result<QJsonArray> HostClient::all(const HostRequest &first)
{
    QJsonArray items;
    HostRequest request = first;
    if (m_locator.kind != CodeHostKind::Gerrit && !request.query.hasQueryItem(QStringLiteral("per_page")))
        request.query.addQueryItem(QStringLiteral("per_page"), QStringLiteral("100"));
    const QUrl base = urlFor(request);
    for (int page = 0; page < m_options.maxPages; ++page) {
        auto reply = send(request);
        if (!reply)
            return reply.error();
        if (!reply->json.isArray())
            return Error{Error::Kind::Service, redacted(QCoreApplication::translate("rd::hosts", "%1: GET %2: expected a list, the answer is %3")
                                                            .arg(hostLabel(), request.path,
                                                                 QString::fromUtf8(reply->body.left(200)).simplified()))};
        const QJsonArray pageItems = reply->json.array();
        for (const QJsonValue item : pageItems)
            items.append(item);
        if (m_locator.kind == CodeHostKind::Gerrit) {
            // Gerrit marks a cut list on its last item and continues at S=count.
            if (pageItems.isEmpty() || !pageItems.last().toObject().value(QStringLiteral("_more_changes")).toBool())
                return items;
            request.query.removeAllQueryItems(QStringLiteral("S"));
            request.query.addQueryItem(QStringLiteral("S"), QString::number(items.size()));
            continue;
        }
        const QUrl next = nextLink(reply->headers.value("link"));
        if (!next.isValid() || next.isEmpty())
            return items;
        // The token goes only to the server it is for.
        if (next.scheme() != base.scheme() || next.host() != base.host() || next.port() != base.port())
            return Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: GET %2: the next page is on another server (%3); ReviewDesk does not follow it")
                                                   .arg(hostLabel(), request.path, next.host())};
        QString path = next.path();
        const QString apiPath = m_locator.apiBase.path();
        if (!path.startsWith(apiPath))
            return Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: GET %2: the next page %3 is outside the API").arg(hostLabel(), request.path, path)};
        request.path = path.mid(apiPath.size());
        request.query = QUrlQuery(next);
    }
    return Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: GET %2: more than %3 pages; ReviewDesk stopped there")
                                           .arg(hostLabel(), first.path).arg(m_options.maxPages)};
}

} // namespace rd
