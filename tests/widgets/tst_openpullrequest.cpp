// File ▸ Open Pull Request… in the window: the address read as it is typed,
// the API address and token variable remembered per server, and the whole
// open against a fake GitHub (127.0.0.1) whose clone URL is a bare
// repository the test built: the merge request opens with the host's
// comments, and a refusal shows in a dialog.

#include <FakeCodeHost.h>
#include <MainWindow.h>
#include <OpenPullRequestDialog.h>
#include <PullRequestOpener.h>
#include <RepositoryBuilder.h>
#include <ReviewSession.h>
#include <Theme.h>
#include <WorkspaceActions.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using rd::test::FakeCodeHost;

class OpenPullRequestTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void init();
    void addressIsReadAsTyped();
    void apiAddressAndTokenVariableAreRememberedPerServer();
    void openedPullRequestShowsItsDiffAndHostCommentsAndRefreshFollowsTheHost();
    void hostRefusalShowsInADialog();
    void screenshot();

private:
    OpenPullRequestDialog *openDialog(MainWindow &window);
    QTemporaryDir m_root;
};

void OpenPullRequestTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
}

void OpenPullRequestTest::init()
{
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
}

OpenPullRequestDialog *OpenPullRequestTest::openDialog(MainWindow &window)
{
    window.findChild<QAction *>(QStringLiteral("openPullRequest"))->trigger();
    OpenPullRequestDialog *dialog = nullptr;
    [&] { QTRY_VERIFY((dialog = window.findChild<OpenPullRequestDialog *>()) && dialog->isVisible()); }();
    return dialog;
}

void OpenPullRequestTest::addressIsReadAsTyped()
{
    OpenPullRequestDialog dialog;
    auto *ok = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled());
    QTest::keyClicks(dialog.findChild<QLineEdit *>(QStringLiteral("url")), QStringLiteral("https://github.com/octo/hello/issues/7"));
    QVERIFY(!dialog.isInputValid());
    QVERIFY(!ok->isEnabled());
    QVERIFY2(dialog.status().startsWith(QStringLiteral("✗")) && dialog.status().contains(QStringLiteral("not a pull request address")), qPrintable(dialog.status()));

    dialog.setUrl(QStringLiteral("https://gitlab.example.com/g/sub/p/-/merge_requests/5"));
    QVERIFY(dialog.isInputValid());
    QVERIFY(ok->isEnabled());
    QCOMPARE(dialog.status(), QStringLiteral("✓ GitLab · server gitlab.example.com · project g/sub/p · number 5"));
    dialog.setUrl(QStringLiteral("https://review.example.org/c/tools/+/45/3"));
    QCOMPARE(dialog.status(), QStringLiteral("✓ Gerrit · server review.example.org · project tools · number 45 · patch set 3"));
    dialog.setUrl(QStringLiteral("https://gitlab.example.com/g/sub/p/-/merge_requests/5"));
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("apiBase"))->placeholderText(), QStringLiteral("https://gitlab.example.com/api/v4"));
    QCOMPARE(dialog.findChild<QLineEdit *>(QStringLiteral("tokenVariable"))->placeholderText(), QStringLiteral("GITLAB_TOKEN"));
    const PullRequestOpenOptions options = dialog.options();
    QCOMPARE(options.url, QStringLiteral("https://gitlab.example.com/g/sub/p/-/merge_requests/5"));
    QVERIFY(options.repository.isEmpty()); // the managed clone
    QVERIFY(options.importComments);
}

void OpenPullRequestTest::apiAddressAndTokenVariableAreRememberedPerServer()
{
    {
        OpenPullRequestDialog dialog;
        dialog.setUrl(QStringLiteral("https://ghe.example.com/team/tool/pull/12"));
        dialog.findChild<QLineEdit *>(QStringLiteral("apiBase"))->setText(QStringLiteral("https://proxy.example.com/ghe"));
        dialog.findChild<QLineEdit *>(QStringLiteral("tokenVariable"))->setText(QStringLiteral("GHE_TOKEN"));
        dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
    }
    OpenPullRequestDialog again;
    again.setUrl(QStringLiteral("https://ghe.example.com/team/other/pull/3"));
    QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("apiBase"))->text(), QStringLiteral("https://proxy.example.com/ghe"));
    QCOMPARE(again.findChild<QLineEdit *>(QStringLiteral("tokenVariable"))->text(), QStringLiteral("GHE_TOKEN"));
    QCOMPARE(again.options().apiBase, QUrl(QStringLiteral("https://proxy.example.com/ghe")));
    again.setUrl(QStringLiteral("https://github.com/octo/hello/pull/7"));
    QVERIFY(again.findChild<QLineEdit *>(QStringLiteral("apiBase"))->text().isEmpty());
    QVERIFY(again.findChild<QLineEdit *>(QStringLiteral("tokenVariable"))->text().isEmpty());
    // The token itself is never among the settings.
    for (const QString &key : QSettings().allKeys())
        QVERIFY2(!QSettings().value(key).toString().contains(QStringLiteral("ghp_")), qPrintable(key));
}

void OpenPullRequestTest::openedPullRequestShowsItsDiffAndHostCommentsAndRefreshFollowsTheHost()
{
    const QString hostRepo = m_root.filePath(QStringLiteral("host.git"));
    auto repo = RepositoryBuilder::init(hostRepo, true);
    QVERIFY(repo.ok());
    const auto base = repo->commit("main", {{"src/cache.cpp", {"int get(int i) { return table[i]; }\n"}}}, "Cache");
    const auto head = repo->commit("work", {{"src/cache.cpp", {"int get(int i) {\n    if (i < 0) return 0;\n    return table[i];\n}\n"}}},
                                   "Guard the index", QList<ObjectId>{*base});
    QVERIFY(repo->setReference("refs/pull/7/head", *head));
    const QString baseSha = QString::fromLatin1(base->toHex());
    const QString headSha = QString::fromLatin1(head->toHex());

    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/cache/pulls/7"),
                QJsonObject{{QStringLiteral("title"), QStringLiteral("Guard the index")}, {QStringLiteral("body"), QStringLiteral("Negative indexes.")},
                            {QStringLiteral("state"), QStringLiteral("open")}, {QStringLiteral("html_url"), QStringLiteral("https://github.com/octo/cache/pull/7")},
                            {QStringLiteral("base"), QJsonObject{{QStringLiteral("ref"), QStringLiteral("main")}, {QStringLiteral("sha"), baseSha},
                                                                 {QStringLiteral("repo"), QJsonObject{{QStringLiteral("clone_url"), hostRepo}}}}},
                            {QStringLiteral("head"), QJsonObject{{QStringLiteral("sha"), headSha}}}});
    host.answer("GET", QStringLiteral("/repos/octo/cache/pulls/7/comments"),
                QJsonArray{QJsonObject{{QStringLiteral("id"), 55}, {QStringLiteral("user"), QJsonObject{{QStringLiteral("login"), QStringLiteral("alice")}}},
                                       {QStringLiteral("body"), QStringLiteral("What about i >= size?")}, {QStringLiteral("path"), QStringLiteral("src/cache.cpp")},
                                       {QStringLiteral("side"), QStringLiteral("RIGHT")}, {QStringLiteral("line"), 2}}});

    MainWindow window;
    window.resize(1200, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(m_root.filePath(QStringLiteral("open.rdw")), true));
    OpenPullRequestDialog *dialog = openDialog(window);
    dialog->setUrl(QStringLiteral("https://github.com/octo/cache/pull/7"));
    dialog->findChild<QLineEdit *>(QStringLiteral("apiBase"))->setText(host.origin());
    dialog->findChild<QLineEdit *>(QStringLiteral("clone"))->setText(m_root.filePath(QStringLiteral("clone.git")));
    QVERIFY(RepositoryBuilder::init(m_root.filePath(QStringLiteral("clone.git")), true).ok());
    QSignalSpy opened(window.session()->pullRequests(), &PullRequestOpener::opened);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QVERIFY(opened.wait());

    ReviewSession *session = window.session();
    QTRY_VERIFY(session->diff() != nullptr && session->currentMergeRequest().has_value());
    QCOMPARE(session->currentMergeRequest()->url, QStringLiteral("https://github.com/octo/cache/pull/7"));
    QCOMPARE(session->currentMergeRequest()->head, headSha);
    QCOMPARE(session->diff()->files.size(), 1);
    QTRY_COMPARE(session->comments().size(), 1);
    QCOMPARE(session->comments().first().author, QStringLiteral("alice (GitHub)"));
    QCOMPARE(session->comments().first().origin, CommentOrigin::Human);
    QVERIFY2(opened.first().at(1).toString().contains(QStringLiteral("1 host comment")), qPrintable(opened.first().at(1).toString()));

    // The author pushes; Refresh (F5) asks the host, fetches the new head and
    // moves the merge request there, the host comment one line down with it.
    const auto pushed = repo->commit("work", {{"src/cache.cpp", {"// cache\nint get(int i) {\n    if (i < 0) return 0;\n    return table[i];\n}\n"}}},
                                     "Push", QList<ObjectId>{*head});
    QVERIFY(repo->setReference("refs/pull/7/head", *pushed));
    const QString pushedSha = QString::fromLatin1(pushed->toHex());
    host.route("GET", QStringLiteral("/repos/octo/cache/pulls/7"), [&](const FakeCodeHost::Request &, const QRegularExpressionMatch &) {
        return FakeCodeHost::json(QJsonObject{{QStringLiteral("title"), QStringLiteral("Guard the index")}, {QStringLiteral("state"), QStringLiteral("open")},
                                              {QStringLiteral("html_url"), QStringLiteral("https://github.com/octo/cache/pull/7")},
                                              {QStringLiteral("base"), QJsonObject{{QStringLiteral("ref"), QStringLiteral("main")}, {QStringLiteral("sha"), baseSha},
                                                                                   {QStringLiteral("repo"), QJsonObject{{QStringLiteral("clone_url"), hostRepo}}}}},
                                              {QStringLiteral("head"), QJsonObject{{QStringLiteral("sha"), pushedSha}}}});
    });
    QSettings().setValue(QStringLiteral("hosts/github.com/apiBase"), host.origin()); // as the dialog remembered it
    window.findChild<QAction *>(QStringLiteral("refreshMergeRequest"))->trigger();
    QVERIFY(opened.wait());
    QVERIFY2(opened.last().at(1).toString().contains(QStringLiteral("Revision 2 recorded: 1 comment(s) moved")), qPrintable(opened.last().at(1).toString()));
    QTRY_COMPARE(session->currentMergeRequest()->head, pushedSha);
    QTRY_VERIFY(session->diff() != nullptr && QString::fromLatin1(session->diff()->head.toHex()) == pushedSha);
    QTRY_COMPARE(session->comments().size(), 1);
    QCOMPARE(session->comments().first().comment.lineStart, 3);
}

void OpenPullRequestTest::hostRefusalShowsInADialog()
{
    FakeCodeHost host;
    host.answer("GET", QStringLiteral("/repos/octo/private/pulls/9"), QJsonObject{{QStringLiteral("message"), QStringLiteral("Not Found")}}, 404);
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openWorkspace(m_root.filePath(QStringLiteral("refused.rdw")), true));
    OpenPullRequestDialog *dialog = openDialog(window);
    dialog->setUrl(QStringLiteral("https://github.com/octo/private/pull/9"));
    dialog->findChild<QLineEdit *>(QStringLiteral("apiBase"))->setText(host.origin());
    dialog->findChild<QLineEdit *>(QStringLiteral("clone"))->setText(m_root.filePath(QStringLiteral("unused")));
    QSignalSpy failed(window.session()->pullRequests(), &PullRequestOpener::failed);
    dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->click();
    QVERIFY(failed.wait());
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = window.findChild<QMessageBox *>(QStringLiteral("pullRequestFailure"))) && box->isVisible());
    QVERIFY2(box->informativeText().contains(QStringLiteral("HTTP 404, not found (or private: no token was sent)")), qPrintable(box->informativeText()));
    QVERIFY(window.session()->mergeRequests().isEmpty());
}

void OpenPullRequestTest::screenshot()
{
    applyTheme(themeFromName(QStringLiteral("light")));
    OpenPullRequestDialog dialog;
    dialog.setUrl(QStringLiteral("https://github.com/octo/cache/pull/7"));
    dialog.findChild<QLineEdit *>(QStringLiteral("tokenVariable"))->setText(QStringLiteral("GITHUB_TOKEN"));
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-open-pull-request.png");
    QVERIFY(dialog.grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(OpenPullRequestTest)
#include "tst_openpullrequest.moc"
