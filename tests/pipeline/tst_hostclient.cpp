// The code-host client: which URLs name which pull request, the headers each
// host expects, pagination, rate limits waited out or refused, and one clear
// message per refusal, never carrying the token.

#include "CodeHost.h"
#include "FakeCodeHost.h"
#include "HostClient.h"
#include "HostToken.h"
#include "ServerPassword.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace rd;
using rd::test::FakeCodeHost;

namespace {

class MapKeyring : public Keyring
{
public:
    QHash<QString, QString> entries;
    std::optional<QString> read(const QString &service, const QString &key) override
    {
        if (service != server_password::KeyringService || !entries.contains(key))
            return std::nullopt;
        return entries.value(key);
    }
    Result<bool> write(const QString &, const QString &key, const QString &password) override
    {
        entries.insert(key, password);
        return true;
    }
};

PullRequestLocator at(const FakeCodeHost &host, const QString &url)
{
    auto locator = PullRequestLocator::parse(url, QUrl(host.origin()));
    if (!locator)
        qFatal("%s", qPrintable(locator.error().message));
    return *locator;
}

QJsonArray numbers(int from, int to)
{
    QJsonArray items;
    for (int i = from; i <= to; ++i)
        items.append(QJsonObject{{QStringLiteral("id"), i}});
    return items;
}

} // namespace

class TestHostClient : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void locatorReadsEachHostsAddress_data();
    void locatorReadsEachHostsAddress();
    void locatorRefusesOtherAddresses_data();
    void locatorRefusesOtherAddresses();
    void apiBaseReplacesTheDerivedOne();
    void tokenComesFromTheNamedVariableThenTheKeyring();
    void githubRequestsCarryTokenAndApiVersion();
    void gitlabAndGerritAuthenticateTheirOwnWay();
    void allFollowsNextLinksAcrossPages();
    void allFollowsGerritMoreChanges();
    void nextPageOnAnotherServerIsRefused();
    void retryAfterIsWaitedThenTheRequestRepeated();
    void rateLimitResetPastTheBoundFailsNamingWhen();
    void refusalsNameHostRequestAndReason_data();
    void refusalsNameHostRequestAndReason();
    void echoedTokenIsRedactedFromMessages();
};

void TestHostClient::locatorReadsEachHostsAddress_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("project");
    QTest::addColumn<int>("number");
    QTest::addColumn<int>("patchSet");
    QTest::addColumn<QString>("api");
    QTest::addColumn<QString>("headRef");
    QTest::newRow("github") << "https://github.com/octo/hello/pull/7" << int(CodeHostKind::GitHub) << "octo/hello" << 7 << 0
                            << "https://api.github.com" << "refs/pull/7/head";
    QTest::newRow("github files tab") << "https://github.com/octo/hello/pull/7/files#diff-1" << int(CodeHostKind::GitHub)
                                      << "octo/hello" << 7 << 0 << "https://api.github.com" << "refs/pull/7/head";
    QTest::newRow("github enterprise") << "https://ghe.example.com/team/tool/pull/12" << int(CodeHostKind::GitHub) << "team/tool"
                                       << 12 << 0 << "https://ghe.example.com/api/v3" << "refs/pull/12/head";
    QTest::newRow("gitlab subgroup") << "https://gitlab.example.com/group/sub/proj/-/merge_requests/5/diffs"
                                     << int(CodeHostKind::GitLab) << "group/sub/proj" << 5 << 0
                                     << "https://gitlab.example.com/api/v4" << "refs/merge-requests/5/head";
    QTest::newRow("gerrit current") << "https://review.example.org/c/platform/build/+/1234" << int(CodeHostKind::Gerrit)
                                    << "platform/build" << 1234 << 0 << "https://review.example.org" << "refs/changes/34/1234/0";
    QTest::newRow("gerrit patch set") << "https://review.example.org/gerrit/c/tools/+/45/3" << int(CodeHostKind::Gerrit)
                                      << "tools" << 45 << 3 << "https://review.example.org/gerrit" << "refs/changes/45/45/3";
    QTest::newRow("gerrit small number") << "https://r.example.org/c/p/+/7/2" << int(CodeHostKind::Gerrit) << "p" << 7 << 2
                                         << "https://r.example.org" << "refs/changes/07/7/2";
}

void TestHostClient::locatorReadsEachHostsAddress()
{
    QFETCH(QString, url);
    QFETCH(int, kind);
    QFETCH(QString, project);
    QFETCH(int, number);
    QFETCH(int, patchSet);
    QFETCH(QString, api);
    QFETCH(QString, headRef);
    const auto locator = PullRequestLocator::parse(url);
    QVERIFY2(locator.ok(), locator ? "" : qPrintable(locator.error().message));
    QCOMPARE(int(locator->kind), kind);
    QCOMPARE(locator->project, project);
    QCOMPARE(locator->number, number);
    QCOMPARE(locator->patchSet, patchSet);
    QCOMPARE(locator->apiBase.toString(), api);
    QCOMPARE(locator->headRef(), headRef);
}

void TestHostClient::locatorRefusesOtherAddresses_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("why");
    QTest::newRow("issue page") << "https://github.com/octo/hello/issues/7" << "none of these shapes";
    QTest::newRow("no number") << "https://github.com/octo/hello/pull/" << "none of these shapes";
    QTest::newRow("zero") << "https://github.com/octo/hello/pull/0" << "positive whole number";
    QTest::newRow("ssh") << "git@github.com:octo/hello.git" << "web address";
    QTest::newRow("ftp") << "ftp://github.com/octo/hello/pull/7" << "https or http";
    QTest::newRow("overflow") << "https://github.com/o/r/pull/99999999999999999999" << "positive whole number";
}

void TestHostClient::locatorRefusesOtherAddresses()
{
    QFETCH(QString, url);
    QFETCH(QString, why);
    const auto locator = PullRequestLocator::parse(url);
    QVERIFY(!locator.ok());
    QCOMPARE(locator.error().kind, Error::Kind::Usage);
    QVERIFY2(locator.error().message.contains(why), qPrintable(locator.error().message));
    QVERIFY2(locator.error().message.contains(QStringLiteral("merge_requests")), "the message lists the shapes understood");
}

void TestHostClient::apiBaseReplacesTheDerivedOne()
{
    const auto locator = PullRequestLocator::parse(QStringLiteral("https://github.com/o/r/pull/3"), QUrl(QStringLiteral("http://127.0.0.1:9/ghe/")));
    QVERIFY(locator.ok());
    QCOMPARE(locator->apiBase.toString(), QStringLiteral("http://127.0.0.1:9/ghe"));
    QCOMPARE(locator->webUrl.toString(), QStringLiteral("https://github.com/o/r/pull/3"));
    QVERIFY(!PullRequestLocator::parse(QStringLiteral("https://github.com/o/r/pull/3"), QUrl(QStringLiteral("file:///tmp"))).ok());
}

void TestHostClient::tokenComesFromTheNamedVariableThenTheKeyring()
{
    MapKeyring keyring;
    keyring.entries.insert(QStringLiteral("gitlab:gitlab.example.com"), QStringLiteral("from-keyring"));
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("GITLAB_TOKEN"), QStringLiteral("from-default"));
    environment.insert(QStringLiteral("MY_GL"), QStringLiteral("from-named"));

    HostToken token = host_token::lookUp(CodeHostKind::GitLab, QStringLiteral("gitlab.example.com"), QStringLiteral("MY_GL"), environment, keyring);
    QCOMPARE(token.value, QStringLiteral("from-named"));
    QCOMPARE(token.source, QStringLiteral("MY_GL"));
    token = host_token::lookUp(CodeHostKind::GitLab, QStringLiteral("gitlab.example.com"), {}, environment, keyring);
    QCOMPARE(token.value, QStringLiteral("from-default"));
    environment.remove(QStringLiteral("GITLAB_TOKEN"));
    token = host_token::lookUp(CodeHostKind::GitLab, QStringLiteral("gitlab.example.com"), {}, environment, keyring);
    QCOMPARE(token.value, QStringLiteral("from-keyring"));
    token = host_token::lookUp(CodeHostKind::GitLab, QStringLiteral("other.example.com"), {}, environment, keyring);
    QVERIFY(token.value.isEmpty());
}

void TestHostClient::githubRequestsCarryTokenAndApiVersion()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7"), QJsonObject{{QStringLiteral("number"), 7}});
    HostClient client(at(host, QStringLiteral("https://github.com/octo/hello/pull/7")), {QStringLiteral("s3cret"), QStringLiteral("GITHUB_TOKEN")});
    const auto pull = client.json({"GET", QStringLiteral("/repos/octo/hello/pulls/7"), {}, {}});
    QVERIFY2(pull.ok(), pull ? "" : qPrintable(pull.error().message));
    QCOMPARE(pull->object().value(QStringLiteral("number")).toInt(), 7);
    const auto &request = host.requests().constFirst();
    QCOMPARE(request.headers.value("authorization"), QByteArray("Bearer s3cret"));
    QCOMPARE(request.headers.value("x-github-api-version"), QByteArray("2022-11-28"));
    QCOMPARE(request.headers.value("accept"), QByteArray("application/vnd.github+json"));
}

void TestHostClient::gitlabAndGerritAuthenticateTheirOwnWay()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), QJsonObject{{QStringLiteral("iid"), 5}});
    HostClient gitlab(at(host, QStringLiteral("https://gitlab.example.com/g/p/-/merge_requests/5")), {QStringLiteral("glpat"), QStringLiteral("GITLAB_TOKEN")});
    const auto mr = gitlab.json({"GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), {}, {}});
    QVERIFY2(mr.ok(), mr ? "" : qPrintable(mr.error().message));
    QCOMPARE(host.requests().constLast().headers.value("private-token"), QByteArray("glpat"));
    QVERIFY(!host.requests().constLast().headers.contains("authorization"));

    // Gerrit: authenticated calls live under /a/ and every JSON answer starts with )]}'.
    host.route("GET", QStringLiteral("/a/changes/45/detail"), [](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        FakeCodeHost::Reply reply;
        reply.body = ")]}'\n{\"_number\":45}";
        return reply;
    });
    HostClient gerrit(at(host, QStringLiteral("https://r.example.org/c/p/+/45")), {QStringLiteral("me:pw"), QStringLiteral("GERRIT_HTTP_CREDENTIALS")});
    const auto change = gerrit.json({"GET", QStringLiteral("/changes/45/detail"), {}, {}});
    QVERIFY2(change.ok(), change ? "" : qPrintable(change.error().message));
    QCOMPARE(change->object().value(QStringLiteral("_number")).toInt(), 45);
    QCOMPARE(host.requests().constLast().headers.value("authorization"), QByteArray("Basic ") + QByteArray("me:pw").toBase64());
}

void TestHostClient::allFollowsNextLinksAcrossPages()
{
    FakeCodeHost host;
    const QString path = QStringLiteral("/repos/o/r/pulls/7/comments");
    host.route("GET", path, [&](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        const QUrlQuery query(QUrl(QString::fromUtf8(request.path)));
        const int page = query.queryItemValue(QStringLiteral("page")).isEmpty() ? 1 : query.queryItemValue(QStringLiteral("page")).toInt();
        QList<std::pair<QByteArray, QByteArray>> headers;
        if (page < 3)
            headers.append({"Link", QStringLiteral("<%1%2?per_page=100&page=%3>; rel=\"next\", <%1%2?per_page=100&page=3>; rel=\"last\"")
                                        .arg(host.origin(), path).arg(page + 1).toUtf8()});
        return FakeCodeHost::json(numbers(page * 10, page * 10 + 1), 200, headers);
    });
    HostClient client(at(host, QStringLiteral("https://github.com/o/r/pull/7")), {});
    const auto items = client.all({"GET", path, {}, {}});
    QVERIFY2(items.ok(), items ? "" : qPrintable(items.error().message));
    QCOMPARE(items->size(), 6);
    QCOMPARE(items->at(5).toObject().value(QStringLiteral("id")).toInt(), 31);
    QCOMPARE(host.requests().size(), 3);
    QVERIFY(host.requests().constFirst().path.contains("per_page=100"));
}

void TestHostClient::allFollowsGerritMoreChanges()
{
    FakeCodeHost host;
    host.route("GET", QStringLiteral("/changes/"), [](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        const QUrlQuery query(QUrl(QString::fromUtf8(request.path)));
        QJsonArray items = numbers(1, 2);
        if (query.queryItemValue(QStringLiteral("S")).isEmpty()) {
            QJsonObject last = items.last().toObject();
            last.insert(QStringLiteral("_more_changes"), true);
            items.replace(1, last);
        }
        FakeCodeHost::Reply reply;
        reply.body = ")]}'\n" + QJsonDocument(items).toJson(QJsonDocument::Compact);
        return reply;
    });
    HostClient client(at(host, QStringLiteral("https://r.example.org/c/p/+/45")), {});
    const auto items = client.all({"GET", QStringLiteral("/changes/"), {}, {}});
    QVERIFY2(items.ok(), items ? "" : qPrintable(items.error().message));
    QCOMPARE(items->size(), 4);
    QVERIFY(host.requests().constLast().path.contains("S=2"));
}

void TestHostClient::nextPageOnAnotherServerIsRefused()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/o/r/pulls/7/comments"), numbers(1, 1), 200,
                {{"Link", "<https://evil.example.com/steal?page=2>; rel=\"next\""}});
    HostClient client(at(host, QStringLiteral("https://github.com/o/r/pull/7")), {QStringLiteral("tok"), QStringLiteral("GITHUB_TOKEN")});
    const auto items = client.all({"GET", QStringLiteral("/repos/o/r/pulls/7/comments"), {}, {}});
    QVERIFY(!items.ok());
    QVERIFY2(items.error().message.contains(QStringLiteral("evil.example.com")), qPrintable(items.error().message));
    QCOMPARE(host.requests().size(), 1);
}

void TestHostClient::retryAfterIsWaitedThenTheRequestRepeated()
{
    FakeCodeHost host;
    int calls = 0;
    host.route("GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), [&](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        if (++calls == 1)
            return FakeCodeHost::json(QJsonObject{{QStringLiteral("message"), QStringLiteral("429 Too Many Requests")}}, 429,
                                      {{"Retry-After", "1"}, {"RateLimit-Reset", "1"}});
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("iid"), 5}});
    });
    HostClient client(at(host, QStringLiteral("https://gitlab.example.com/g/p/-/merge_requests/5")), {});
    QStringList notices;
    client.setWaitNotice([&](const QString &notice) { notices << notice; });
    const auto mr = client.json({"GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), {}, {}});
    QVERIFY2(mr.ok(), mr ? "" : qPrintable(mr.error().message));
    QCOMPARE(host.requests().size(), 2);
    QCOMPARE(notices.size(), 1);
    QVERIFY2(notices.constFirst().contains(QStringLiteral("1 s")), qPrintable(notices.constFirst()));
    // Retry-After wins over RateLimit-Reset (epoch 1, long past): the second request waited its second.
    QVERIFY(host.requests().at(0).answered.msecsTo(host.requests().at(1).received) >= 1000);
}

void TestHostClient::rateLimitResetPastTheBoundFailsNamingWhen()
{
    FakeCodeHost host;
    const qint64 reset = QDateTime::currentSecsSinceEpoch() + 3600;
    host.answer("GET", QStringLiteral("/repos/o/r/pulls/7"), QJsonObject{{QStringLiteral("message"), QStringLiteral("API rate limit exceeded")}}, 403,
                {{"X-RateLimit-Remaining", "0"}, {"X-RateLimit-Reset", QByteArray::number(reset)}});
    HostClient client(at(host, QStringLiteral("https://github.com/o/r/pull/7")), {});
    const auto pull = client.json({"GET", QStringLiteral("/repos/o/r/pulls/7"), {}, {}});
    QVERIFY(!pull.ok());
    QCOMPARE(pull.error().kind, Error::Kind::Service);
    QVERIFY2(pull.error().message.contains(QStringLiteral("rate limit")), qPrintable(pull.error().message));
    QVERIFY2(pull.error().message.contains(QDateTime::fromSecsSinceEpoch(reset).toUTC().toString(Qt::ISODate).left(13)),
             qPrintable(pull.error().message));
    QCOMPARE(host.requests().size(), 1);
}

void TestHostClient::refusalsNameHostRequestAndReason_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("withToken");
    QTest::addColumn<QString>("expected");
    QTest::newRow("401 with token") << 401 << QByteArray("{\"message\":\"Bad credentials\"}") << true
                                    << "GitHub (127.0.0.1): GET /repos/o/r/pulls/7: HTTP 401, the token from GITHUB_TOKEN was refused: Bad credentials";
    QTest::newRow("401 without") << 401 << QByteArray("{\"message\":\"Requires authentication\"}") << false
                                 << "HTTP 401, not signed in: set GITHUB_TOKEN or put a token in the keyring";
    QTest::newRow("404") << 404 << QByteArray("{\"message\":\"Not Found\"}") << false
                         << "HTTP 404, not found (or private: no token was sent): Not Found";
    QTest::newRow("422 errors") << 422
                                << QByteArray("{\"message\":\"Validation Failed\",\"errors\":[{\"message\":\"line must be part of the diff\"}]}")
                                << true << "HTTP 422, the host refused the request's content: Validation Failed; line must be part of the diff";
    QTest::newRow("plain text") << 500 << QByteArray("internal error\n") << true << "HTTP 500, failed: internal error";
}

void TestHostClient::refusalsNameHostRequestAndReason()
{
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, withToken);
    QFETCH(QString, expected);
    FakeCodeHost host;
    host.route("GET", QStringLiteral("/repos/o/r/pulls/7"), [&](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        FakeCodeHost::Reply reply;
        reply.status = status;
        reply.body = body;
        return reply;
    });
    HostClient client(at(host, QStringLiteral("https://github.com/o/r/pull/7")),
                      withToken ? HostToken{QStringLiteral("tok"), QStringLiteral("GITHUB_TOKEN")} : HostToken{});
    const auto pull = client.json({"GET", QStringLiteral("/repos/o/r/pulls/7"), {}, {}});
    QVERIFY(!pull.ok());
    QCOMPARE(pull.error().kind, Error::Kind::Service);
    QVERIFY2(pull.error().message.contains(expected), qPrintable(pull.error().message));
    QCOMPARE(host.requests().size(), 1); // refusals are not retried
}

void TestHostClient::echoedTokenIsRedactedFromMessages()
{
    FakeCodeHost host;
    host.route("GET", QStringLiteral("/repos/o/r/pulls/7"), [](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        FakeCodeHost::Reply reply;
        reply.status = 400;
        reply.body = "bad header: Authorization: " + request.headers.value("authorization") + " (token ghp_abcdef123)";
        return reply;
    });
    HostClient client(at(host, QStringLiteral("https://github.com/o/r/pull/7")), {QStringLiteral("ghp_abcdef123"), QStringLiteral("GITHUB_TOKEN")});
    const auto pull = client.json({"GET", QStringLiteral("/repos/o/r/pulls/7"), {}, {}});
    QVERIFY(!pull.ok());
    QVERIFY2(!pull.error().message.contains(QStringLiteral("ghp_abcdef123")), qPrintable(pull.error().message));
    QVERIFY2(pull.error().message.contains(QStringLiteral("[redacted]")), qPrintable(pull.error().message));
}

QTEST_GUILESS_MAIN(TestHostClient)
#include "tst_hostclient.moc"
