// reviewdesk-cli publish against fake code hosts: --dry-run prints every
// host's requests and sends nothing, a second publish sends nothing, host
// refusals are one clear line and exit 4, a failure part-way says what went
// and the next run sends only the rest; bad usage is exit 2.

#include "FakeCodeHost.h"
#include "FakeReviewHosts.h"
#include "PublishFixture.h"
#include "RunProcess.h"

#include <SqlWorkspaceStore.h>

#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using rd::test::FakeCodeHost;
using rd::test::PublishFixture;

namespace {

const QString Token = QStringLiteral("gh-secret-token-4711");

test::GitOutput publish(const PublishFixture &f, const FakeCodeHost &host, const QStringList &more = {})
{
    test::ProcessRun run;
    run.environment.insert(QStringLiteral("GITHUB_TOKEN"), Token);
    run.environment.insert(QStringLiteral("GITLAB_TOKEN"), QStringLiteral("gl-secret"));
    run.environment.insert(QStringLiteral("GERRIT_HTTP_CREDENTIALS"), QStringLiteral("alice:gerrit-secret"));
    return test::runCli(QStringList{QStringLiteral("publish"), QStringLiteral("--workspace"), f.workspace, QStringLiteral("--mr"),
                                    QString::number(f.mergeRequest), QStringLiteral("--annotator"), QStringLiteral("alice"),
                                    QStringLiteral("--api-base"), host.origin()}
                            + more,
                        run);
}

int recordedCount(const PublishFixture &f)
{
    auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
    auto list = (*store)->remoteComments(f.mergeRequest);
    return list ? int(list->size()) : -1;
}

} // namespace

class TestPublishCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void dryRunPrintsTheRequestsAndSendsNothing_data();
    void dryRunPrintsTheRequestsAndSendsNothing();
    void secondPublishSaysNothingNewAndSendsNothing();
    void hostRefusalsExitFourWithOneClearMessage_data();
    void hostRefusalsExitFourWithOneClearMessage();
    void partialFailureSaysWhatWentAndRetrySendsTheRest();
    void badUsageIsExitTwo_data();
    void badUsageIsExitTwo();
    void mergeRequestWithoutAddressIsRefused();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestPublishCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestPublishCli::dryRunPrintsTheRequestsAndSendsNothing_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("request");
    QTest::addColumn<int>("requests");
    QTest::newRow("GitHub") << "https://github.com/acme/cache/pull/7" << "POST %1/repos/acme/cache/pulls/7/reviews\n" << 1;
    QTest::newRow("GitLab") << "https://gitlab.example.com/acme/cache/-/merge_requests/7"
                            << "POST %1/projects/acme%2Fcache/merge_requests/7/discussions\n" << 4;
    QTest::newRow("Gerrit") << "https://review.example.com/c/acme/cache/+/7" << "POST %1/changes/acme%2Fcache~7/revisions/" << 1;
}

void TestPublishCli::dryRunPrintsTheRequestsAndSendsNothing()
{
    QFETCH(QString, url);
    QFETCH(QString, request);
    QFETCH(int, requests);
    const PublishFixture f = PublishFixture::make(m_dir->path(), url);
    FakeCodeHost host;
    const auto out = publish(f, host, {QStringLiteral("--dry-run")});
    QCOMPARE(out.exitCode, 0);
    const QString text = QString::fromUtf8(out.out);
    const QString expected = QString(request).replace(QLatin1String("%1"), host.origin());
    QCOMPARE(text.count(expected), requests);
    QVERIFY2(text.contains(QStringLiteral("4 new, 0 edited since published, 0 already published unchanged, 2 held back")), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("size may be zero here, and value_10 then divides by it")));
    QVERIFY(host.requests().isEmpty());
    QCOMPARE(recordedCount(f), 0);
}

void TestPublishCli::secondPublishSaysNothingNewAndSendsNothing()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), QStringLiteral("https://github.com/acme/cache/pull/7"));
    FakeCodeHost host;
    test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    const auto first = publish(f, host);
    QCOMPARE(first.exitCode, 0);
    QVERIFY2(first.out.contains("Published 4 new and updated 0 edited comment(s)."), first.out.constData());
    QCOMPARE(recordedCount(f), 4);
    const qsizetype requests = host.requests().size();
    const auto second = publish(f, host);
    QCOMPARE(second.exitCode, 0);
    QVERIFY2(second.out.contains("Nothing new to publish"), second.out.constData());
    QCOMPARE(host.requests().size(), requests);
}

void TestPublishCli::hostRefusalsExitFourWithOneClearMessage_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    QTest::newRow("401") << 401 << "HTTP 401, the token from GITHUB_TOKEN was refused: Bad credentials";
    QTest::newRow("404") << 404 << "HTTP 404, not found: Bad credentials";
    QTest::newRow("422") << 422 << "HTTP 422, the host refused the request's content: Bad credentials";
}

void TestPublishCli::hostRefusalsExitFourWithOneClearMessage()
{
    QFETCH(int, status);
    QFETCH(QString, reason);
    const PublishFixture f = PublishFixture::make(m_dir->path(), QStringLiteral("https://github.com/acme/cache/pull/7"));
    FakeCodeHost host;
    // The host echoes the token: it must not reach the message.
    host.answer("POST", QStringLiteral("/repos/acme/cache/pulls/7/reviews"),
                QJsonObject{{QStringLiteral("message"), QStringLiteral("Bad credentials")}, {QStringLiteral("token"), Token}}, status);
    const auto out = publish(f, host);
    QCOMPARE(out.exitCode, 4);
    const QString err = QString::fromUtf8(out.err);
    QCOMPARE(err.count(QLatin1Char('\n')), 1);
    QVERIFY2(err.startsWith(QStringLiteral("reviewdesk-cli: publish: GitHub (127.0.0.1): POST /repos/acme/cache/pulls/7/reviews: ") + reason), qPrintable(err));
    QVERIFY(!err.contains(Token));
    QVERIFY(!out.out.contains(Token.toUtf8()));
    QVERIFY2(out.out.contains("Not sent: 4 comment(s)"), out.out.constData());
    QCOMPARE(recordedCount(f), 0);
}

void TestPublishCli::partialFailureSaysWhatWentAndRetrySendsTheRest()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), QStringLiteral("https://gitlab.example.com/acme/cache/-/merge_requests/7"));
    FakeCodeHost host;
    auto state = test::serveGitLabReviews(host, QStringLiteral("acme/cache"), 7, f.headSha, f.diffBaseSha, f.baseSha);
    state->failAt = 3;
    const auto first = publish(f, host);
    QCOMPARE(first.exitCode, 4);
    QVERIFY2(first.out.contains("Published 2 new and updated 0 edited comment(s)."), first.out.constData());
    QVERIFY2(first.out.contains(QStringLiteral("Not sent: 2 comment(s) (%1, %2)").arg(f.id("human")).arg(f.id("old")).toUtf8()), first.out.constData());
    QVERIFY2(first.err.contains("HTTP 422"), first.err.constData());
    QCOMPARE(recordedCount(f), 2);

    state->failAt = 0;
    const auto retry = publish(f, host);
    QCOMPARE(retry.exitCode, 0);
    QVERIFY2(retry.out.contains("2 new, 0 edited since published, 2 already published unchanged"), retry.out.constData());
    QCOMPARE(state->comments.size(), 4);
    QCOMPARE(recordedCount(f), 4);
}

void TestPublishCli::badUsageIsExitTwo_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("message");
    QTest::newRow("no annotator") << QStringList{QStringLiteral("publish"), QStringLiteral("--workspace"), QStringLiteral("w.rdw"),
                                                 QStringLiteral("--mr"), QStringLiteral("1")}
                                  << "publish: --annotator is required";
    QTest::newRow("bad event") << QStringList{QStringLiteral("publish"), QStringLiteral("--workspace"), QStringLiteral("w.rdw"),
                                              QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--annotator"), QStringLiteral("a"),
                                              QStringLiteral("--event"), QStringLiteral("MERGE")}
                               << "publish: --event is COMMENT, REQUEST_CHANGES or APPROVE, not 'MERGE'";
    QTest::newRow("bad verdict") << QStringList{QStringLiteral("publish"), QStringLiteral("--workspace"), QStringLiteral("w.rdw"),
                                                QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--annotator"), QStringLiteral("a"),
                                                QStringLiteral("--verdict"), QStringLiteral("maybe")}
                                 << "publish: --verdict is accept, reject or unsure, not 'maybe'";
    QTest::newRow("unset token variable") << QStringList{QStringLiteral("publish"), QStringLiteral("--workspace"), QStringLiteral("w.rdw"),
                                                         QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--annotator"), QStringLiteral("a"),
                                                         QStringLiteral("--token-env"), QStringLiteral("RD_NO_SUCH_TOKEN_VARIABLE")}
                                          << "publish: --token-env names RD_NO_SUCH_TOKEN_VARIABLE, which is not set";
}

void TestPublishCli::badUsageIsExitTwo()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, message);
    const auto out = test::runCli(arguments);
    QCOMPARE(out.exitCode, 2);
    QCOMPARE(QString::fromUtf8(out.err).trimmed(), QStringLiteral("reviewdesk-cli: ") + message);
}

void TestPublishCli::mergeRequestWithoutAddressIsRefused()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), QString());
    FakeCodeHost host;
    const auto out = publish(f, host);
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("has no address on a code host"), out.err.constData());
    QVERIFY(host.requests().isEmpty());
}

QTEST_GUILESS_MAIN(TestPublishCli)
#include "tst_publishcli.moc"
