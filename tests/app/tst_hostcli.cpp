// reviewdesk-cli mr add and import --aacr --fetch end to end: a fake code host (127.0.0.1) answers the
// REST API and names as clone URL a bare repository the test built with
// libgit2, holding the host's refs/pull/N/head (refs/merge-requests/N/head,
// refs/changes/…). The git CLI checks what was fetched, as an oracle.

#include <FakeCodeHost.h>
#include <RepositoryBuilder.h>
#include <SqlWorkspaceStore.h>

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <RunProcess.h>

using namespace rd;
using rd::test::FakeCodeHost;

namespace {

struct HostRepository
{
    QString path;
    QString base; // main's tip
    QString head; // the pull request's head, a child of base
};

// A bare repository as a host keeps it: main, and the change under the
// host's own refs only (no branch points at it).
HostRepository makeHostRepository(const QString &path)
{
    auto repo = RepositoryBuilder::init(path, true);
    if (!repo)
        qFatal("%s", qPrintable(repo.error().message));
    const auto base = repo->commit("main", {{"src/cache.cpp", {"int get(int i) { return table[i]; }\n"}}}, "Cache");
    const auto head = repo->commit("work", {{"src/cache.cpp", {"int get(int i) {\n    if (i < 0) return 0;\n    return table[i];\n}\n"}}},
                                   "Guard the index", QList<ObjectId>{*base});
    for (const char *ref : {"refs/pull/7/head", "refs/merge-requests/7/head", "refs/changes/07/7/1"})
        repo->setReference(ref, *head);
    repo->setHead("main"); // the default branch, which --fetch takes for the base
    // The change's branch exists only on the author's fork: not here.
    test::runProcess(QStringLiteral("git"), {QStringLiteral("--git-dir"), path, QStringLiteral("branch"), QStringLiteral("-D"), QStringLiteral("work")});
    return {path, QString::fromLatin1(base->toHex()), QString::fromLatin1(head->toHex())};
}

QJsonObject githubPull(const HostRepository &repo)
{
    return QJsonObject{{QStringLiteral("title"), QStringLiteral("Guard the index")},
                       {QStringLiteral("body"), QStringLiteral("Negative indexes read before the table.")},
                       {QStringLiteral("state"), QStringLiteral("open")},
                       {QStringLiteral("html_url"), QStringLiteral("https://github.com/octo/cache/pull/7")},
                       {QStringLiteral("base"), QJsonObject{{QStringLiteral("ref"), QStringLiteral("main")}, {QStringLiteral("sha"), repo.base},
                                                            {QStringLiteral("repo"), QJsonObject{{QStringLiteral("clone_url"), repo.path}}}}},
                       {QStringLiteral("head"), QJsonObject{{QStringLiteral("sha"), repo.head}}}};
}

QJsonArray githubComments()
{
    const auto comment = [](int id, const QString &login, int line, int replyTo) {
        QJsonObject c{{QStringLiteral("id"), id}, {QStringLiteral("user"), QJsonObject{{QStringLiteral("login"), login}}},
                      {QStringLiteral("body"), QStringLiteral("What about i >= size? (%1)").arg(id)}, {QStringLiteral("path"), QStringLiteral("src/cache.cpp")},
                      {QStringLiteral("side"), QStringLiteral("RIGHT")}, {QStringLiteral("line"), line}, {QStringLiteral("start_line"), QJsonValue::Null}};
        if (replyTo)
            c.insert(QStringLiteral("in_reply_to_id"), replyTo);
        return c;
    };
    return {comment(101, QStringLiteral("alice"), 2, 0), comment(102, QStringLiteral("bob"), 2, 101)};
}

QString gitRevParse(const QString &gitDir, const QString &ref)
{
    const auto out = test::runProcess(QStringLiteral("git"), {QStringLiteral("--git-dir"), gitDir, QStringLiteral("rev-parse"), QStringLiteral("--verify"), ref});
    return out.exitCode == 0 ? QString::fromUtf8(out.out).trimmed() : QString();
}

} // namespace

class TestHostCli : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void mrAddFetchesStoresAndImportsHostComments();
    void secondMrAddImportsNoCommentTwice();
    void pushedPullRequestIsFollowedToItsNewRevision();
    void managedCloneIsMadeInTheDataFolder();
    void gitlabAndGerritHeadsAreFetchedFromTheirRefs_data();
    void gitlabAndGerritHeadsAreFetchedFromTheirRefs();
    void badUrlIsUsageError();
    void hostRefusalIsExitFourWithoutTheToken();
    void refTheRemoteLacksIsExitThreeNamingIt();
    void importAacrFetchBringsEachPullRequestsCommitsAndNamesTheOnesItCannot();
    void httpsFetchOffersTheTokenAsTheHostsUserAndSaysWhenItIsRefused();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<FakeCodeHost> m_host;
    HostRepository m_repo;
    QString m_clone;
    QString m_workspace;

    test::GitOutput mrAdd(const QStringList &extra, const test::ProcessRun &run = {})
    {
        return test::runCli(QStringList{QStringLiteral("mr"), QStringLiteral("add"), QStringLiteral("--workspace"), m_workspace,
                                        QStringLiteral("--api-base"), m_host->origin()} + extra, run);
    }
};

void TestHostCli::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_host = std::make_unique<FakeCodeHost>();
    m_repo = makeHostRepository(m_dir->filePath(QStringLiteral("host/cache.git")));
    m_clone = m_dir->filePath(QStringLiteral("clone.git"));
    QVERIFY(RepositoryBuilder::init(m_clone, true).ok());
    m_workspace = m_dir->filePath(QStringLiteral("w.rdw"));
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"), githubPull(m_repo));
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7/comments"), githubComments());
}

void TestHostCli::mrAddFetchesStoresAndImportsHostComments()
{
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/7"), QStringLiteral("--repo"), m_clone});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QCOMPARE(out.out, QByteArray("1\n"));
    QVERIFY2(out.err.contains("2 host comments imported, 0 stored before"), out.err.constData());

    // What was fetched is kept under ReviewDesk's refs (the git CLI as oracle).
    const QString keptUnder = QStringLiteral("refs/reviewdesk/github.com/7"); // the pull request's server, not the API's
    QCOMPARE(gitRevParse(m_clone, keptUnder + QStringLiteral("/head")), m_repo.head);
    QCOMPARE(gitRevParse(m_clone, keptUnder + QStringLiteral("/base")), m_repo.base);
    QVERIFY2(gitRevParse(m_clone, keptUnder + QStringLiteral("/fetched/0")).isEmpty(), "the fetch's own refs are removed");

    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    const auto mr = (*store)->mergeRequest(1);
    QVERIFY(mr.ok());
    QCOMPARE(mr->repository, m_clone);
    QCOMPARE(mr->base, m_repo.base);
    QCOMPARE(mr->head, m_repo.head);
    QCOMPARE(mr->url, QStringLiteral("https://github.com/octo/cache/pull/7"));
    QCOMPARE(mr->title, QStringLiteral("Guard the index"));
    QCOMPARE(mr->description, QStringLiteral("Negative indexes read before the table."));
    QVERIFY(mr->codeLinked);
    const auto comments = (*store)->comments();
    QVERIFY(comments.ok());
    QCOMPARE(comments->size(), 2);
    const StoredComment &first = comments->first();
    QCOMPARE(first.origin, CommentOrigin::Human);
    QCOMPARE(first.author, QStringLiteral("alice (GitHub)"));
    QCOMPARE(first.comment.file, QStringLiteral("src/cache.cpp"));
    QCOMPARE(first.comment.side, QStringLiteral("new"));
    QCOMPARE(first.comment.lineStart, 2);
    QCOMPARE(first.comment.issue, QStringLiteral("What about i >= size? (101)"));
    QCOMPARE(comments->at(1).author, QStringLiteral("bob (GitHub)"));
}

void TestHostCli::secondMrAddImportsNoCommentTwice()
{
    const QStringList arguments{QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/7"), QStringLiteral("--repo"), m_clone};
    QCOMPARE(mrAdd(arguments).exitCode, 0);
    const auto again = mrAdd(arguments);
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QCOMPARE(again.out, QByteArray("1\n"));
    QVERIFY2(again.err.contains("0 host comments imported, 2 stored before"), again.err.constData());
    QVERIFY2(again.err.contains("both commits were there already"), again.err.constData());
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    QCOMPARE((*store)->comments()->size(), 2);
    QCOMPARE((*store)->mergeRequests()->size(), 1);
}

// The author pushes twice: opening the pull request again, and `mr update`
// without a revision, ask the host for its head, fetch it and move the same
// merge request there, the host comments re-anchored with it.
void TestHostCli::pushedPullRequestIsFollowedToItsNewRevision()
{
    const QString url = QStringLiteral("https://github.com/octo/cache/pull/7");
    QCOMPARE(mrAdd({QStringLiteral("--url"), url, QStringLiteral("--repo"), m_clone}).exitCode, 0);
    const auto push = [&](const QByteArray &content, const QString &parent) {
        auto repo = RepositoryBuilder::init(m_repo.path, true);
        if (!repo)
            qFatal("%s", qPrintable(repo.error().message));
        const auto parentId = ObjectId::fromHex(parent.toLatin1());
        const auto head = repo->commit("work", {{"src/cache.cpp", {content}}}, "Push", QList<ObjectId>{parentId});
        repo->setReference("refs/pull/7/head", *head);
        m_repo.head = QString::fromLatin1(head->toHex());
        m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"), githubPull(m_repo));
    };
    // A comment line above: the host comments on line 2 move to line 3.
    push("// cache\nint get(int i) {\n    if (i < 0) return 0;\n    return table[i];\n}\n", m_repo.head);
    const auto again = mrAdd({QStringLiteral("--url"), url, QStringLiteral("--repo"), m_clone});
    QVERIFY2(again.exitCode == 0, again.err.constData());
    QCOMPARE(again.out, QByteArray("1\n"));
    QVERIFY2(again.err.contains("now at revision 2") && again.err.contains("moved 2, unchanged 0, outdated 0"), again.err.constData());
    {
        auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store.ok());
        QCOMPARE((*store)->mergeRequests()->size(), 1);
        QCOMPARE((*store)->mergeRequest(1)->head, m_repo.head);
        const auto comments = (*store)->comments();
        QVERIFY(comments.ok());
        QCOMPARE(comments->size(), 2);
        for (const StoredComment &c : *comments)
            QCOMPARE(c.comment.lineStart, 3);
    }
    // The guarded line changes: mr update (no --head) asks the host and outdates both.
    push("// cache\nint get(int i) {\n    if (i < 0 || i >= size) return 0;\n    return table[i];\n}\n", m_repo.head);
    const auto update = test::runCli({QStringLiteral("mr"), QStringLiteral("update"), QStringLiteral("--workspace"), m_workspace,
                                      QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--api-base"), m_host->origin()});
    QVERIFY2(update.exitCode == 0, update.err.constData());
    QVERIFY2(update.out.contains(QByteArray(QByteArray("is at revision 3 (head ") + m_repo.head.left(7).toLatin1())), update.out.constData());
    QVERIFY2(update.out.contains("moved 0, unchanged 0, outdated 2"), update.out.constData());
    QCOMPARE(gitRevParse(m_clone, QStringLiteral("refs/reviewdesk/github.com/7/head")), m_repo.head);
    // A host that refuses is exit 4, naming it.
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"), QJsonObject{{QStringLiteral("message"), QStringLiteral("Bad credentials")}}, 401);
    const auto refused = test::runCli({QStringLiteral("mr"), QStringLiteral("update"), QStringLiteral("--workspace"), m_workspace,
                                       QStringLiteral("--mr"), QStringLiteral("1"), QStringLiteral("--api-base"), m_host->origin()});
    QCOMPARE(refused.exitCode, 4);
    QVERIFY2(refused.err.contains("HTTP 401"), refused.err.constData());
}

void TestHostCli::managedCloneIsMadeInTheDataFolder()
{
    test::ProcessRun run;
    run.environment.insert(QStringLiteral("XDG_DATA_HOME"), m_dir->filePath(QStringLiteral("data")));
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/7"), QStringLiteral("--no-comments")}, run);
    QVERIFY2(out.exitCode == 0, out.err.constData());
    const QString managed = m_dir->filePath(QStringLiteral("data/reviewdesk/clones/github.com/octo/cache.git"));
    QCOMPARE(gitRevParse(managed, QStringLiteral("refs/reviewdesk/github.com/7/head")), m_repo.head);
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    QCOMPARE((*store)->mergeRequest(1)->repository, managed);
    QCOMPARE((*store)->comments()->size(), 0);
    QVERIFY(m_host->requestsTo("GET", QStringLiteral("/repos/octo/cache/pulls/7/comments")).isEmpty());
}

void TestHostCli::gitlabAndGerritHeadsAreFetchedFromTheirRefs_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("kept");
    QTest::newRow("gitlab") << "https://gitlab.example.com/octo/cache/-/merge_requests/7" << "refs/reviewdesk/gitlab.example.com/7/head";
    QTest::newRow("gerrit") << "https://review.example.org/c/cache/+/7/1" << "refs/reviewdesk/review.example.org/7/head";
}

void TestHostCli::gitlabAndGerritHeadsAreFetchedFromTheirRefs()
{
    QFETCH(QString, url);
    QFETCH(QString, kept);
    m_host->answer("GET", QStringLiteral("/projects/octo%2Fcache/merge_requests/7"),
                   QJsonObject{{QStringLiteral("title"), QStringLiteral("Guard")}, {QStringLiteral("state"), QStringLiteral("opened")},
                               {QStringLiteral("web_url"), url}, {QStringLiteral("target_branch"), QStringLiteral("main")},
                               {QStringLiteral("target_project_id"), 3},
                               {QStringLiteral("diff_refs"), QJsonObject{{QStringLiteral("base_sha"), m_repo.base}, {QStringLiteral("head_sha"), m_repo.head}}}});
    m_host->answer("GET", QStringLiteral("/projects/3"), QJsonObject{{QStringLiteral("http_url_to_repo"), m_repo.path}});
    m_host->answer("GET", QStringLiteral("/projects/octo%2Fcache/merge_requests/7/discussions"), QJsonArray{});
    m_host->answer("GET", QStringLiteral("/changes/cache~7"),
                   QJsonObject{{QStringLiteral("subject"), QStringLiteral("Guard")}, {QStringLiteral("status"), QStringLiteral("NEW")},
                               {QStringLiteral("branch"), QStringLiteral("main")}, {QStringLiteral("current_revision"), m_repo.head},
                               {QStringLiteral("revisions"), QJsonObject{{m_repo.head, QJsonObject{{QStringLiteral("_number"), 1}, {QStringLiteral("ref"), QStringLiteral("refs/changes/07/7/1")},
                                   {QStringLiteral("commit"), QJsonObject{{QStringLiteral("parents"), QJsonArray{QJsonObject{{QStringLiteral("commit"), m_repo.base}}}}}}}}}}});
    m_host->answer("GET", QStringLiteral("/changes/cache~7/comments"), QJsonObject{});
    // Gerrit names no clone URL: --remote says where the repository is.
    const auto out = mrAdd({QStringLiteral("--url"), url, QStringLiteral("--repo"), m_clone, QStringLiteral("--remote"), m_repo.path});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QCOMPARE(gitRevParse(m_clone, kept), m_repo.head);
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    QCOMPARE((*store)->mergeRequest(1)->base, m_repo.base);
}

void TestHostCli::badUrlIsUsageError()
{
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/issues/7")});
    QCOMPARE(out.exitCode, 2);
    QVERIFY2(out.err.contains("is not a pull request address"), out.err.constData());
    QVERIFY2(!QFile::exists(m_workspace), "nothing is made for a refused URL");
    QCOMPARE(mrAdd({}).exitCode, 2);
}

void TestHostCli::hostRefusalIsExitFourWithoutTheToken()
{
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"),
                   QJsonObject{{QStringLiteral("message"), QStringLiteral("Bad credentials for s3cret-token")}}, 401);
    test::ProcessRun run;
    run.environment.insert(QStringLiteral("MY_TOKEN"), QStringLiteral("s3cret-token"));
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/7"), QStringLiteral("--repo"), m_clone,
                            QStringLiteral("--token-env"), QStringLiteral("MY_TOKEN")}, run);
    QCOMPARE(out.exitCode, 4);
    QVERIFY2(out.err.contains("HTTP 401, the token from MY_TOKEN was refused"), out.err.constData());
    QVERIFY2(!out.err.contains("s3cret-token") && !out.out.contains("s3cret-token"), out.err.constData());
    QCOMPARE(m_host->requests().constFirst().headers.value("authorization"), QByteArray("Bearer s3cret-token"));
}

void TestHostCli::refTheRemoteLacksIsExitThreeNamingIt()
{
    QJsonObject pull = githubPull(m_repo);
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/8"), pull);
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/8"), QStringLiteral("--repo"),
                            m_dir->filePath(QStringLiteral("empty.git")), QStringLiteral("--no-comments")});
    QCOMPARE(out.exitCode, 3); // no repository at --repo
    QVERIFY2(out.err.contains("empty.git"), out.err.constData());

    const auto missing = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/8"), QStringLiteral("--repo"), m_clone,
                                QStringLiteral("--no-comments")});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("has no refs/pull/8/head"), missing.err.constData());
    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    QCOMPARE((*store)->mergeRequests()->size(), 0);
}

void TestHostCli::importAacrFetchBringsEachPullRequestsCommitsAndNamesTheOnesItCannot()
{
    // A mirror that knows its origin but has fetched nothing yet (the git CLI only sets it up).
    const QString mirror = m_dir->filePath(QStringLiteral("mirror.git"));
    QCOMPARE(test::runProcess(QStringLiteral("git"), {QStringLiteral("init"), QStringLiteral("-q"), QStringLiteral("--bare"), mirror}).exitCode, 0);
    QCOMPARE(test::runProcess(QStringLiteral("git"), {QStringLiteral("--git-dir"), mirror, QStringLiteral("remote"), QStringLiteral("add"),
                                                      QStringLiteral("origin"), m_repo.path}).exitCode, 0);
    const auto pull = [](int number, const QString &base, const QString &head) {
        return QJsonObject{{QStringLiteral("change_line_count"), 3}, {QStringLiteral("project_main_language"), QStringLiteral("C++")},
                           {QStringLiteral("source_commit"), base}, {QStringLiteral("target_commit"), head},
                           {QStringLiteral("githubPrUrl"), QStringLiteral("https://github.com/octo/cache/pull/%1").arg(number)},
                           {QStringLiteral("comments"), QJsonArray{QJsonObject{{QStringLiteral("is_ai_comment"), false}, {QStringLiteral("note"), QStringLiteral("Bounds?")},
                                                                               {QStringLiteral("path"), QStringLiteral("src/cache.cpp")}, {QStringLiteral("side"), QStringLiteral("right")},
                                                                               {QStringLiteral("from_line"), 2}, {QStringLiteral("to_line"), 2},
                                                                               {QStringLiteral("category"), QStringLiteral("Code Defect")},
                                                                               {QStringLiteral("context"), QStringLiteral("Diff Level")}}}},
                           {QStringLiteral("category"), QStringLiteral("Bug Fix")}};
    };
    const QString samples = m_dir->filePath(QStringLiteral("positive_samples.json"));
    QFile file(samples);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // Pull request 8's ref is not on the host: its fetch fails, 7 still comes.
    file.write(QJsonDocument(QJsonArray{pull(8, m_repo.base, QStringLiteral("8888888888888888888888888888888888888888")), pull(7, m_repo.base, m_repo.head)}).toJson());
    file.close();
    const QString map = m_dir->filePath(QStringLiteral("map.json"));
    QFile mapFile(map);
    QVERIFY(mapFile.open(QIODevice::WriteOnly));
    mapFile.write(QJsonDocument(QJsonObject{{QStringLiteral("https://github.com/octo/cache"), QStringLiteral("mirror.git")}}).toJson());
    mapFile.close();

    const auto out = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--aacr"), samples,
                                   QStringLiteral("--as"), QStringLiteral("ground-truth"), QStringLiteral("--repo-map"), map, QStringLiteral("--fetch")});
    QVERIFY2(out.exitCode == 0, out.err.constData());
    QVERIFY2(out.err.contains("https://github.com/octo/cache/pull/8: not fetched: ") && out.err.contains("has no refs/pull/8/head"), out.err.constData());
    QVERIFY2(out.err.contains("2 pull requests (2 new: 1 with code, 1 without)"), out.err.constData());
    QVERIFY2(out.err.contains("fetched the commits of 1 pull requests"), out.err.constData());
    QCOMPARE(gitRevParse(mirror, QStringLiteral("refs/reviewdesk/github.com/7/head")), m_repo.head);
    QCOMPARE(gitRevParse(mirror, QStringLiteral("refs/reviewdesk/github.com/7/base")), m_repo.base);

    auto store = SqlWorkspaceStore::open(m_workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store.ok());
    const auto entries = (*store)->mergeRequests();
    QVERIFY(entries.ok());
    QCOMPARE(entries->size(), 2);
    for (const MergeRequestEntry &e : *entries) {
        const bool seven = e.url.endsWith(QStringLiteral("/pull/7"));
        QCOMPARE(e.codeLinked, seven);
        if (seven)
            QCOMPARE(QFileInfo(e.repository).fileName(), QStringLiteral("mirror.git"));
    }
    // Without --repo-map there is nothing to fetch into.
    const auto usage = test::runCli({QStringLiteral("import"), QStringLiteral("--workspace"), m_workspace, QStringLiteral("--aacr"), samples,
                                     QStringLiteral("--as"), QStringLiteral("ground-truth"), QStringLiteral("--fetch")});
    QCOMPARE(usage.exitCode, 2);
}

// The clone URL is the fake host itself, answering git's smart HTTP with
// 401: libgit2 asks for credentials, gets GitHub's x-access-token and the
// token, is refused again, and mr add says so without the token.
void TestHostCli::httpsFetchOffersTheTokenAsTheHostsUserAndSaysWhenItIsRefused()
{
    QJsonObject pull = githubPull(m_repo);
    QJsonObject base = pull.value(QStringLiteral("base")).toObject();
    base.insert(QStringLiteral("repo"), QJsonObject{{QStringLiteral("clone_url"), QString(m_host->origin() + QStringLiteral("/octo/cache.git"))}});
    pull.insert(QStringLiteral("base"), base);
    m_host->answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"), pull);
    m_host->answer("GET", QStringLiteral("/octo/cache\\.git/info/refs"), QJsonObject{{QStringLiteral("message"), QStringLiteral("Bad credentials")}}, 401,
                   {{"WWW-Authenticate", "Basic realm=\"GitHub\""}});
    test::ProcessRun run;
    run.environment.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("ghp_s3cret"));
    const auto out = mrAdd({QStringLiteral("--url"), QStringLiteral("https://github.com/octo/cache/pull/7"), QStringLiteral("--repo"), m_clone}, run);
    QCOMPARE(out.exitCode, 3);
    QVERIFY2(out.err.contains("refused the token (sent as user x-access-token)"), out.err.constData());
    QVERIFY2(!out.err.contains("ghp_s3cret") && !out.out.contains("ghp_s3cret"), out.err.constData());
    const auto gitRequests = m_host->requestsTo("GET", QStringLiteral("/octo/cache\\.git/info/refs"));
    QVERIFY(gitRequests.size() >= 2);
    QVERIFY(!gitRequests.first().headers.contains("authorization")); // offered only when asked
    QCOMPARE(gitRequests.last().headers.value("authorization"), "Basic " + QByteArray("x-access-token:ghp_s3cret").toBase64());
}

QTEST_GUILESS_MAIN(TestHostCli)
#include "tst_hostcli.moc"
