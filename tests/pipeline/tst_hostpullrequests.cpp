// Reading a pull request and its review comments from each code host's
// REST answers (FakeCodeHost on 127.0.0.1): every field where it belongs,
// pagination, and one clear Service error per refusal or malformed answer.

#include "CodeHost.h"
#include "FakeCodeHost.h"
#include "HostClient.h"
#include "HostComments.h"
#include "HostPullRequest.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using namespace rd;
using rd::test::FakeCodeHost;

namespace {

const QString Base = QStringLiteral("1111111111111111111111111111111111111111");
const QString Head = QStringLiteral("2222222222222222222222222222222222222222");
const QString Old = QStringLiteral("3333333333333333333333333333333333333333");

HostClient clientFor(const FakeCodeHost &host, const QString &url)
{
    auto locator = PullRequestLocator::parse(url, QUrl(host.origin()));
    if (!locator)
        qFatal("%s", qPrintable(locator.error().message));
    HostClientOptions options;
    options.retries = 0;
    return HostClient(*locator, {}, options);
}

QJsonObject githubPull()
{
    return QJsonObject{{QStringLiteral("number"), 7},
                       {QStringLiteral("title"), QStringLiteral("Fix the cache")},
                       {QStringLiteral("body"), QStringLiteral("It leaked.")},
                       {QStringLiteral("state"), QStringLiteral("open")},
                       {QStringLiteral("html_url"), QStringLiteral("https://github.com/octo/hello/pull/7")},
                       {QStringLiteral("base"), QJsonObject{{QStringLiteral("ref"), QStringLiteral("main")},
                                                            {QStringLiteral("sha"), Base},
                                                            {QStringLiteral("repo"), QJsonObject{{QStringLiteral("clone_url"), QStringLiteral("https://github.com/octo/hello.git")}}}}},
                       {QStringLiteral("head"), QJsonObject{{QStringLiteral("ref"), QStringLiteral("fix")}, {QStringLiteral("sha"), Head}}}};
}

QJsonObject gitlabMergeRequest()
{
    return QJsonObject{{QStringLiteral("iid"), 5},
                       {QStringLiteral("title"), QStringLiteral("Speed up parsing")},
                       {QStringLiteral("description"), QJsonValue::Null},
                       {QStringLiteral("state"), QStringLiteral("opened")},
                       {QStringLiteral("web_url"), QStringLiteral("https://gitlab.example.com/g/p/-/merge_requests/5")},
                       {QStringLiteral("target_branch"), QStringLiteral("develop")},
                       {QStringLiteral("target_project_id"), 42},
                       {QStringLiteral("diff_refs"), QJsonObject{{QStringLiteral("base_sha"), Base}, {QStringLiteral("start_sha"), Old}, {QStringLiteral("head_sha"), Head}}}};
}

QJsonObject gerritRevision(int number, const QString &parent, const QString &message)
{
    return QJsonObject{{QStringLiteral("_number"), number},
                       {QStringLiteral("ref"), QStringLiteral("refs/changes/45/45/%1").arg(number)},
                       {QStringLiteral("commit"), QJsonObject{{QStringLiteral("parents"), QJsonArray{QJsonObject{{QStringLiteral("commit"), parent}}}},
                                                              {QStringLiteral("message"), message}}}};
}

QJsonObject gerritChange()
{
    return QJsonObject{{QStringLiteral("subject"), QStringLiteral("Guard the index")},
                       {QStringLiteral("status"), QStringLiteral("NEW")},
                       {QStringLiteral("branch"), QStringLiteral("master")},
                       {QStringLiteral("current_revision"), Head},
                       {QStringLiteral("revisions"), QJsonObject{{Old, gerritRevision(1, Base, QStringLiteral("Guard the index\n\nFirst try."))},
                                                                 {Head, gerritRevision(2, Base, QStringLiteral("Guard the index\n\nChecks i < n."))}}}};
}

QJsonObject githubComment(int id, const QString &login, const QString &side, QJsonValue line, QJsonValue start = QJsonValue::Null, int replyTo = 0)
{
    QJsonObject c{{QStringLiteral("id"), id},
                  {QStringLiteral("user"), QJsonObject{{QStringLiteral("login"), login}}},
                  {QStringLiteral("body"), QStringLiteral("comment %1").arg(id)},
                  {QStringLiteral("path"), QStringLiteral("src/cache.cpp")},
                  {QStringLiteral("side"), side},
                  {QStringLiteral("line"), line},
                  {QStringLiteral("start_line"), start},
                  {QStringLiteral("created_at"), QStringLiteral("2026-11-20T10:00:00Z")}};
    if (replyTo)
        c.insert(QStringLiteral("in_reply_to_id"), replyTo);
    return c;
}

} // namespace

class TestHostPullRequests : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void githubPullRequestFieldByField();
    void gitlabMergeRequestReadsDiffRefsAndProjectCloneUrl();
    void gerritChangeTakesTheChosenPatchSetAndItsParent();
    void gerritPatchSetTheChangeLacksIsRefused();
    void malformedAnswersNameHostRequestAndField_data();
    void malformedAnswersNameHostRequestAndField();
    void refusalsAreServiceErrorsWithTheirStatus_data();
    void refusalsAreServiceErrorsWithTheirStatus();
    void githubCommentsFollowPagesSidesAndThreads();
    void gitlabDiscussionsKeepPositionedNotesOnly();
    void gerritCommentsOfTheChosenPatchSetWithThreads();
    void malformedCommentIsRefusedNamingItsPlace();
};

void TestHostPullRequests::githubPullRequestFieldByField()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7"), githubPull());
    HostClient client = clientFor(host, QStringLiteral("https://github.com/octo/hello/pull/7"));
    const auto pr = readPullRequest(client);
    QVERIFY2(pr.ok(), pr ? "" : qPrintable(pr.error().message));
    QCOMPARE(pr->title, QStringLiteral("Fix the cache"));
    QCOMPARE(pr->description, QStringLiteral("It leaked."));
    QCOMPARE(pr->state, QStringLiteral("open"));
    QCOMPARE(pr->webUrl, QStringLiteral("https://github.com/octo/hello/pull/7"));
    QCOMPARE(pr->baseSha, Base);
    QCOMPARE(pr->baseBranch, QStringLiteral("main"));
    QCOMPARE(pr->headSha, Head);
    QCOMPARE(pr->cloneUrl, QStringLiteral("https://github.com/octo/hello.git"));
    QCOMPARE(pr->headRef, QStringLiteral("refs/pull/7/head"));
    QCOMPARE(pr->baseRefs, QStringList{QStringLiteral("refs/heads/main")});
    QVERIFY(pr->patchSets.isEmpty());
}

void TestHostPullRequests::gitlabMergeRequestReadsDiffRefsAndProjectCloneUrl()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), gitlabMergeRequest());
    host.answer("GET", QStringLiteral("/projects/42"), QJsonObject{{QStringLiteral("id"), 42}, {QStringLiteral("http_url_to_repo"), QStringLiteral("https://gitlab.example.com/g/p.git")}});
    HostClient client = clientFor(host, QStringLiteral("https://gitlab.example.com/g/p/-/merge_requests/5"));
    const auto pr = readPullRequest(client);
    QVERIFY2(pr.ok(), pr ? "" : qPrintable(pr.error().message));
    QCOMPARE(pr->title, QStringLiteral("Speed up parsing"));
    QCOMPARE(pr->description, QString()); // null description: none
    QCOMPARE(pr->state, QStringLiteral("opened"));
    QCOMPARE(pr->baseSha, Base); // diff_refs.base_sha (the merge base), not start_sha
    QCOMPARE(pr->headSha, Head);
    QCOMPARE(pr->baseBranch, QStringLiteral("develop"));
    QCOMPARE(pr->cloneUrl, QStringLiteral("https://gitlab.example.com/g/p.git"));
    QCOMPARE(pr->headRef, QStringLiteral("refs/merge-requests/5/head"));
    QCOMPARE(host.requestsTo("GET", QStringLiteral("/projects/42")).size(), 1);
}

void TestHostPullRequests::gerritChangeTakesTheChosenPatchSetAndItsParent()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/changes/tools~45"), gerritChange());
    HostClient current = clientFor(host, QStringLiteral("https://review.example.org/c/tools/+/45"));
    auto pr = readPullRequest(current);
    QVERIFY2(pr.ok(), pr ? "" : qPrintable(pr.error().message));
    QCOMPARE(pr->patchSet, 2);
    QCOMPARE(pr->headSha, Head);
    QCOMPARE(pr->baseSha, Base);
    QCOMPARE(pr->headRef, QStringLiteral("refs/changes/45/45/2"));
    QCOMPARE(pr->title, QStringLiteral("Guard the index"));
    QCOMPARE(pr->description, QStringLiteral("Checks i < n."));
    QCOMPARE(pr->cloneUrl, QStringLiteral("https://review.example.org/tools"));
    QCOMPARE(pr->patchSets.size(), 2);
    QCOMPARE(pr->patchSets.first().number, 1);
    QCOMPARE(pr->patchSets.first().commit, Old);
    const auto query = host.requests().constFirst().path;
    QVERIFY2(query.contains("o=ALL_REVISIONS") && query.contains("o=ALL_COMMITS"), query.constData());

    HostClient first = clientFor(host, QStringLiteral("https://review.example.org/c/tools/+/45/1"));
    pr = readPullRequest(first);
    QVERIFY2(pr.ok(), pr ? "" : qPrintable(pr.error().message));
    QCOMPARE(pr->patchSet, 1);
    QCOMPARE(pr->headSha, Old);
    QCOMPARE(pr->headRef, QStringLiteral("refs/changes/45/45/1"));
    QCOMPARE(pr->description, QStringLiteral("First try."));
    QCOMPARE(pr->webUrl, QStringLiteral("https://review.example.org/c/tools/+/45")); // the change's, not the patch set's
}

void TestHostPullRequests::gerritPatchSetTheChangeLacksIsRefused()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/changes/tools~45"), gerritChange());
    HostClient client = clientFor(host, QStringLiteral("https://review.example.org/c/tools/+/45/9"));
    const auto pr = readPullRequest(client);
    QVERIFY(!pr.ok());
    QCOMPARE(pr.error().kind, Error::Kind::Service);
    QVERIFY2(pr.error().message.contains(QStringLiteral("no patch set 9 (it has 1 to 2)")), qPrintable(pr.error().message));
}

void TestHostPullRequests::malformedAnswersNameHostRequestAndField_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("path");
    QTest::addColumn<QJsonValue>("answer");
    QTest::addColumn<QString>("expected");

    QJsonObject noBaseSha = githubPull();
    QJsonObject base = noBaseSha.value(QStringLiteral("base")).toObject();
    base.remove(QStringLiteral("sha"));
    noBaseSha.insert(QStringLiteral("base"), base);
    QTest::newRow("github base.sha missing") << "https://github.com/octo/hello/pull/7" << "/repos/octo/hello/pulls/7" << QJsonValue(noBaseSha)
                                             << "GitHub (127.0.0.1): GET /repos/octo/hello/pulls/7: base.sha: missing from the answer";
    QJsonObject numberTitle = githubPull();
    numberTitle.insert(QStringLiteral("title"), 12);
    QTest::newRow("github title a number") << "https://github.com/octo/hello/pull/7" << "/repos/octo/hello/pulls/7" << QJsonValue(numberTitle)
                                           << "title: expected a string, found a number";
    QJsonObject badHead = githubPull();
    badHead.insert(QStringLiteral("head"), QJsonObject{{QStringLiteral("sha"), QStringLiteral("main")}});
    QTest::newRow("github head.sha not a commit id") << "https://github.com/octo/hello/pull/7" << "/repos/octo/hello/pulls/7" << QJsonValue(badHead)
                                                     << "head.sha: \"main\" is not a commit id";
    QTest::newRow("github answers a list") << "https://github.com/octo/hello/pull/7" << "/repos/octo/hello/pulls/7" << QJsonValue(QJsonArray{1})
                                           << "expected an object, found a list";
    QJsonObject preparing = gitlabMergeRequest();
    preparing.insert(QStringLiteral("diff_refs"), QJsonValue::Null);
    QTest::newRow("gitlab diff_refs null") << "https://gitlab.example.com/g/p/-/merge_requests/5" << "/projects/g%2Fp/merge_requests/5"
                                           << QJsonValue(preparing) << "GET /projects/g%2Fp/merge_requests/5: diff_refs: is null";
    QJsonObject orphan = gerritChange();
    QJsonObject revisions = orphan.value(QStringLiteral("revisions")).toObject();
    QJsonObject revision = gerritRevision(2, Base, QString());
    revision.insert(QStringLiteral("commit"), QJsonObject{{QStringLiteral("parents"), QJsonArray{}}});
    revisions.insert(Head, revision);
    orphan.insert(QStringLiteral("revisions"), revisions);
    QTest::newRow("gerrit patch set without parent") << "https://review.example.org/c/tools/+/45" << "/changes/tools~45" << QJsonValue(orphan)
                                                     << QString(QStringLiteral("revisions.") + Head + QStringLiteral(".commit.parents: the patch set has no parent"));
}

void TestHostPullRequests::malformedAnswersNameHostRequestAndField()
{
    QFETCH(QString, url);
    QFETCH(QString, path);
    QFETCH(QJsonValue, answer);
    QFETCH(QString, expected);
    FakeCodeHost host;
    host.answer("GET", QRegularExpression::escape(path), answer);
    HostClient client = clientFor(host, url);
    const auto pr = readPullRequest(client);
    QVERIFY(!pr.ok());
    QCOMPARE(pr.error().kind, Error::Kind::Service);
    QVERIFY2(pr.error().message.contains(expected), qPrintable(pr.error().message));
}

void TestHostPullRequests::refusalsAreServiceErrorsWithTheirStatus_data()
{
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("expected");
    QTest::newRow("401") << 401 << "HTTP 401, not signed in: set GITHUB_TOKEN";
    QTest::newRow("404") << 404 << "HTTP 404, not found (or private: no token was sent): Not Found";
    QTest::newRow("422") << 422 << "HTTP 422, the host refused the request's content: Validation Failed";
}

void TestHostPullRequests::refusalsAreServiceErrorsWithTheirStatus()
{
    QFETCH(int, status);
    QFETCH(QString, expected);
    FakeCodeHost host;
    const QString message = status == 404 ? QStringLiteral("Not Found") : status == 422 ? QStringLiteral("Validation Failed") : QStringLiteral("Bad credentials");
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7"), QJsonObject{{QStringLiteral("message"), message}}, status);
    HostClient client = clientFor(host, QStringLiteral("https://github.com/octo/hello/pull/7"));
    const auto pr = readPullRequest(client);
    QVERIFY(!pr.ok());
    QCOMPARE(pr.error().kind, Error::Kind::Service);
    QVERIFY2(pr.error().message.contains(QStringLiteral("GET /repos/octo/hello/pulls/7")), qPrintable(pr.error().message));
    QVERIFY2(pr.error().message.contains(expected), qPrintable(pr.error().message));
}

void TestHostPullRequests::githubCommentsFollowPagesSidesAndThreads()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7"), githubPull());
    host.route("GET", QStringLiteral("/repos/octo/hello/pulls/7/comments"), [&](const FakeCodeHost::Request &request, const QRegularExpressionMatch &) {
        if (request.path.contains("page=2"))
            return FakeCodeHost::json(QJsonArray{githubComment(3, QStringLiteral("bob"), QStringLiteral("RIGHT"), 12, QJsonValue::Null, 1),
                                                 githubComment(4, QStringLiteral("carol"), QStringLiteral("RIGHT"), QJsonValue::Null)});
        const QByteArray next = "<" + host.origin().toUtf8() + "/repos/octo/hello/pulls/7/comments?per_page=100&page=2>; rel=\"next\"";
        return FakeCodeHost::json(QJsonArray{githubComment(1, QStringLiteral("alice"), QStringLiteral("RIGHT"), 12, 10),
                                             githubComment(2, QStringLiteral("alice"), QStringLiteral("LEFT"), 4)},
                                  200, {{"Link", next}});
    });
    HostClient client = clientFor(host, QStringLiteral("https://github.com/octo/hello/pull/7"));
    const auto pr = readPullRequest(client);
    QVERIFY(pr.ok());
    const auto list = readHostComments(client, *pr);
    QVERIFY2(list.ok(), list ? "" : qPrintable(list.error().message));
    QCOMPARE(host.requestsTo("GET", QStringLiteral("/repos/octo/hello/pulls/7/comments")).size(), 2);
    QCOMPARE(list->comments.size(), 3);
    const HostComment &range = list->comments.at(0);
    QCOMPARE(range.remoteId, QStringLiteral("1"));
    QCOMPARE(range.login, QStringLiteral("alice"));
    QCOMPARE(range.file, QStringLiteral("src/cache.cpp"));
    QCOMPARE(range.side, QStringLiteral("new"));
    QCOMPARE(range.lineStart, 10);
    QCOMPARE(range.lineEnd, 12);
    QCOMPARE(range.body, QStringLiteral("comment 1"));
    QCOMPARE(range.thread, QStringLiteral("1"));
    QVERIFY(range.replyTo.isEmpty());
    QCOMPARE(list->comments.at(1).side, QStringLiteral("old"));
    QCOMPARE(list->comments.at(1).lineStart, 4);
    QCOMPARE(list->comments.at(1).lineEnd, 4);
    const HostComment &reply = list->comments.at(2);
    QCOMPARE(reply.replyTo, QStringLiteral("1"));
    QCOMPARE(reply.thread, QStringLiteral("1"));
    QCOMPARE(list->skipped.size(), 1);
    QVERIFY2(list->skipped.first().contains(QStringLiteral("comment 4 by carol")) && list->skipped.first().contains(QStringLiteral("outdated")),
             qPrintable(list->skipped.first()));
}

void TestHostPullRequests::gitlabDiscussionsKeepPositionedNotesOnly()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/projects/g%2Fp/merge_requests/5"), gitlabMergeRequest());
    host.answer("GET", QStringLiteral("/projects/42"), QJsonObject{{QStringLiteral("http_url_to_repo"), QStringLiteral("https://gitlab.example.com/g/p.git")}});
    const auto note = [](int id, const QString &user, QJsonValue position, bool system = false) {
        return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("body"), QStringLiteral("note %1").arg(id)},
                           {QStringLiteral("author"), QJsonObject{{QStringLiteral("username"), user}}},
                           {QStringLiteral("system"), system}, {QStringLiteral("position"), position},
                           {QStringLiteral("created_at"), QStringLiteral("2026-11-20T10:00:00.000Z")}};
    };
    const QJsonObject onNew{{QStringLiteral("position_type"), QStringLiteral("text")}, {QStringLiteral("old_path"), QStringLiteral("a.c")},
                            {QStringLiteral("new_path"), QStringLiteral("b.c")}, {QStringLiteral("old_line"), QJsonValue::Null},
                            {QStringLiteral("new_line"), 9},
                            {QStringLiteral("line_range"), QJsonObject{{QStringLiteral("start"), QJsonObject{{QStringLiteral("new_line"), 7}}},
                                                                       {QStringLiteral("end"), QJsonObject{{QStringLiteral("new_line"), 9}}}}}};
    const QJsonObject onOld{{QStringLiteral("position_type"), QStringLiteral("text")}, {QStringLiteral("old_path"), QStringLiteral("a.c")},
                            {QStringLiteral("new_path"), QStringLiteral("b.c")}, {QStringLiteral("old_line"), 3}, {QStringLiteral("new_line"), QJsonValue::Null}};
    const QJsonArray discussions{
        QJsonObject{{QStringLiteral("id"), QStringLiteral("d1")}, {QStringLiteral("notes"), QJsonArray{note(10, QStringLiteral("ann"), onNew), note(11, QStringLiteral("ben"), onNew)}}},
        QJsonObject{{QStringLiteral("id"), QStringLiteral("d2")}, {QStringLiteral("notes"), QJsonArray{note(12, QStringLiteral("ann"), QJsonValue::Null)}}},
        QJsonObject{{QStringLiteral("id"), QStringLiteral("d3")}, {QStringLiteral("notes"), QJsonArray{note(13, QStringLiteral("ben"), onOld), note(15, QStringLiteral("ann"), QJsonValue::Null)}}},
        QJsonObject{{QStringLiteral("id"), QStringLiteral("d4")}, {QStringLiteral("notes"), QJsonArray{note(14, QStringLiteral("bot"), QJsonValue::Null, true)}}}};
    host.answer("GET", QStringLiteral("/projects/g%2Fp/merge_requests/5/discussions"), discussions);
    HostClient client = clientFor(host, QStringLiteral("https://gitlab.example.com/g/p/-/merge_requests/5"));
    const auto pr = readPullRequest(client);
    QVERIFY(pr.ok());
    const auto list = readHostComments(client, *pr);
    QVERIFY2(list.ok(), list ? "" : qPrintable(list.error().message));
    QCOMPARE(list->comments.size(), 4);
    const HostComment &first = list->comments.at(0);
    QCOMPARE(first.file, QStringLiteral("b.c"));
    QCOMPARE(first.side, QStringLiteral("new"));
    QCOMPARE(first.lineStart, 7);
    QCOMPARE(first.lineEnd, 9);
    QCOMPARE(first.login, QStringLiteral("ann"));
    QCOMPARE(list->comments.at(1).replyTo, QStringLiteral("10"));
    QCOMPARE(list->comments.at(1).thread, QStringLiteral("10"));
    const HostComment &old = list->comments.at(2);
    QCOMPARE(old.file, QStringLiteral("a.c"));
    QCOMPARE(old.side, QStringLiteral("old"));
    QCOMPARE(old.lineStart, 3);
    QCOMPARE(old.remoteId, QStringLiteral("13"));
    // A reply without a position of its own answers on its discussion's lines.
    const HostComment &reply = list->comments.at(3);
    QCOMPARE(reply.remoteId, QStringLiteral("15"));
    QCOMPARE(reply.replyTo, QStringLiteral("13"));
    QCOMPARE(reply.file, QStringLiteral("a.c"));
    QCOMPARE(reply.side, QStringLiteral("old"));
    QCOMPARE(reply.lineStart, 3);
}

void TestHostPullRequests::gerritCommentsOfTheChosenPatchSetWithThreads()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/changes/tools~45"), gerritChange());
    const auto comment = [](const QString &id, int patchSet, QJsonValue line, const QString &replyTo = {}) {
        QJsonObject c{{QStringLiteral("id"), id}, {QStringLiteral("patch_set"), patchSet}, {QStringLiteral("message"), QString(QStringLiteral("gerrit ") + id)},
                      {QStringLiteral("author"), QJsonObject{{QStringLiteral("_account_id"), 1000}, {QStringLiteral("username"), QStringLiteral("dora")}}},
                      {QStringLiteral("updated"), QStringLiteral("2026-11-20 10:00:00.000000000")}};
        if (!line.isNull())
            c.insert(QStringLiteral("line"), line);
        if (!replyTo.isEmpty())
            c.insert(QStringLiteral("in_reply_to"), replyTo);
        return c;
    };
    QJsonObject ranged = comment(QStringLiteral("r1"), 2, 8);
    ranged.insert(QStringLiteral("range"), QJsonObject{{QStringLiteral("start_line"), 5}, {QStringLiteral("start_character"), 0},
                                                       {QStringLiteral("end_line"), 8}, {QStringLiteral("end_character"), 3}});
    QJsonObject parent = comment(QStringLiteral("p1"), 2, 2);
    parent.insert(QStringLiteral("side"), QStringLiteral("PARENT"));
    host.answer("GET", QStringLiteral("/changes/tools~45/comments"),
                QJsonObject{{QStringLiteral("src/x.c"), QJsonArray{ranged, comment(QStringLiteral("r2"), 2, 8, QStringLiteral("r1")),
                                                                   comment(QStringLiteral("r3"), 2, 8, QStringLiteral("r2")), parent,
                                                                   comment(QStringLiteral("o1"), 1, 4)}},
                            {QStringLiteral("/PATCHSET_LEVEL"), QJsonArray{comment(QStringLiteral("g1"), 2, QJsonValue::Null)}}});
    HostClient client = clientFor(host, QStringLiteral("https://review.example.org/c/tools/+/45"));
    const auto pr = readPullRequest(client);
    QVERIFY(pr.ok());
    const auto list = readHostComments(client, *pr);
    QVERIFY2(list.ok(), list ? "" : qPrintable(list.error().message));
    QCOMPARE(list->comments.size(), 4);
    const HostComment &first = list->comments.at(0);
    QCOMPARE(first.lineStart, 5);
    QCOMPARE(first.lineEnd, 8);
    QCOMPARE(first.login, QStringLiteral("dora"));
    QCOMPARE(first.patchSet, 2);
    QCOMPARE(list->comments.at(2).replyTo, QStringLiteral("r2"));
    QCOMPARE(list->comments.at(2).thread, QStringLiteral("r1")); // r3 → r2 → r1
    QCOMPARE(list->comments.at(3).side, QStringLiteral("old"));
    QCOMPARE(list->skipped.size(), 2);
    QVERIFY2(list->skipped.join(QLatin1Char('\n')).contains(QStringLiteral("written on patch set 1, not 2")), qPrintable(list->skipped.join(QLatin1Char('\n'))));
}

void TestHostPullRequests::malformedCommentIsRefusedNamingItsPlace()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7"), githubPull());
    QJsonObject bad = githubComment(2, QStringLiteral("bob"), QStringLiteral("MIDDLE"), 3);
    host.answer("GET", QStringLiteral("/repos/octo/hello/pulls/7/comments"), QJsonArray{githubComment(1, QStringLiteral("ann"), QStringLiteral("RIGHT"), 1), bad});
    HostClient client = clientFor(host, QStringLiteral("https://github.com/octo/hello/pull/7"));
    const auto pr = readPullRequest(client);
    QVERIFY(pr.ok());
    const auto list = readHostComments(client, *pr);
    QVERIFY(!list.ok());
    QCOMPARE(list.error().kind, Error::Kind::Service);
    QVERIFY2(list.error().message.contains(QStringLiteral("GET /repos/octo/hello/pulls/7/comments: [1].side: \"MIDDLE\" is neither LEFT nor RIGHT")),
             qPrintable(list.error().message));
}

QTEST_GUILESS_MAIN(TestHostPullRequests)
#include "tst_hostpullrequests.moc"
