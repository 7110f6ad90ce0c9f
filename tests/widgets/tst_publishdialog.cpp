// Review ▸ Publish Review…: the preview lists the comments that go with
// their text as the host shows it and the ones held back with the reason;
// the provenance checkbox changes the text; Publish sends in the
// background through the session's PublishService and shows the result;
// a refusal shows a warning naming it. Screenshot: docs/images/publish-preview.png.

#include "FakeCodeHost.h"
#include "FakeReviewHosts.h"
#include "PublishFixture.h"

#include <PublishReviewDialog.h>
#include <PublishService.h>
#include <ReviewSession.h>

#include <QApplication>
#include <QCheckBox>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeWidget>

using namespace rd;
using rd::test::FakeCodeHost;
using rd::test::PublishFixture;

namespace {

QMessageBox *resultBox()
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *box = qobject_cast<QMessageBox *>(w); box && box->objectName() == QLatin1String("publishResult") && box->isVisible())
            return box;
    return nullptr;
}

QTreeWidgetItem *group(QTreeWidget *tree, const QString &startsWith)
{
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->text(0).startsWith(startsWith))
            return tree->topLevelItem(i);
    return nullptr;
}

} // namespace

class PublishDialogTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void previewListsWhatGoesAndWhatIsHeldBack();
    void provenanceCheckboxChangesTheText();
    void publishSendsInTheBackgroundAndShowsTheResult();
    void hostRefusalShowsAWarningNamingIt();

private:
    PublishReviewDialog *openDialog();

    std::unique_ptr<QTemporaryDir> m_dir;
    PublishFixture m_fixture;
    std::unique_ptr<ReviewSession> m_session;
    std::unique_ptr<FakeCodeHost> m_host;
    std::unique_ptr<PublishReviewDialog> m_dialog;
};

void PublishDialogTest::init()
{
    QStandardPaths::setTestModeEnabled(true);
    m_dir = std::make_unique<QTemporaryDir>();
    m_fixture = PublishFixture::make(m_dir->path(), QStringLiteral("https://github.com/acme/cache/pull/7"));
    m_session = std::make_unique<ReviewSession>();
    QVERIFY(m_session->openWorkspace(m_fixture.workspace));
    QVERIFY(m_session->setAnnotator(QStringLiteral("alice")));
    QVERIFY(m_session->openMergeRequest(m_fixture.mergeRequest));
    m_host = std::make_unique<FakeCodeHost>();
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("gh-dialog-token"));
    m_session->publishing()->setEnvironment(environment);
    m_session->publishing()->setApiBase(QUrl(m_host->origin()));
}

void PublishDialogTest::cleanup()
{
    m_dialog.reset(); // its result box with it
    m_session.reset();
    m_host.reset();
}

PublishReviewDialog *PublishDialogTest::openDialog()
{
    m_dialog = std::make_unique<PublishReviewDialog>(*m_session->publishing());
    m_dialog->show();
    return m_dialog.get();
}

void PublishDialogTest::previewListsWhatGoesAndWhatIsHeldBack()
{
    PublishReviewDialog *dialog = openDialog();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    auto *tree = dialog->findChild<QTreeWidget *>(QStringLiteral("publishComments"));
    QTreeWidgetItem *going = group(tree, QStringLiteral("Will be sent (4)"));
    QVERIFY(going);
    QCOMPARE(going->childCount(), 4);
    QCOMPARE(going->child(0)->text(1), QStringLiteral("src/cache.cpp:10-12 (new)"));
    QCOMPARE(going->child(0)->text(2), QStringLiteral("new, with a suggested change"));
    QCOMPARE(going->child(3)->text(1), QStringLiteral("src/cache.cpp:19-20 (old)"));
    QTreeWidgetItem *held = group(tree, QStringLiteral("Not sent (2)"));
    QVERIFY(held);
    QCOMPARE(held->child(1)->text(1), QStringLiteral("src/cache.cpp:28 (new)"));
    QCOMPARE(held->child(1)->text(2), QStringLiteral("line 28 of the new file is not in the merge request's diff"));
    // The first comment's text as GitHub will show it.
    const QString shown = dialog->findChild<QTextBrowser *>(QStringLiteral("publishText"))->toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("size may be zero here, and value_10 then divides by it")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("int value_10 = checked(size) * 10;")));
    QVERIFY(dialog->findChild<QPushButton *>(QStringLiteral("publishButton"))->isEnabled());
    QVERIFY(dialog->findChild<QLabel *>(QStringLiteral("publishTarget"))->text().startsWith(QStringLiteral("GitHub pull request acme/cache#7")));

    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-publish-preview.png");
    QVERIFY(dialog->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void PublishDialogTest::provenanceCheckboxChangesTheText()
{
    PublishReviewDialog *dialog = openDialog();
    QVERIFY(dialog->publication()->fresh.first().body.contains(QStringLiteral("ReviewDesk: run")));
    dialog->findChild<QCheckBox *>(QStringLiteral("publishProvenance"))->setChecked(false);
    QVERIFY(dialog->publication());
    for (const OutgoingComment &c : dialog->publication()->fresh)
        QVERIFY2(!c.body.contains(QStringLiteral("ReviewDesk")), qPrintable(c.body));
    const QString shown = dialog->findChild<QTextBrowser *>(QStringLiteral("publishText"))->toPlainText();
    QVERIFY(!shown.contains(QStringLiteral("ReviewDesk")));
}

void PublishDialogTest::publishSendsInTheBackgroundAndShowsTheResult()
{
    auto state = test::serveGitHubReviews(*m_host, QStringLiteral("acme/cache"), 7);
    PublishReviewDialog *dialog = openDialog();
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("publishButton")), Qt::LeftButton);
    QTRY_VERIFY(resultBox());
    QCOMPARE(resultBox()->windowTitle(), QStringLiteral("Review Published"));
    QVERIFY(resultBox()->detailedText().contains(QStringLiteral("Published 4 new and updated 0 edited comment(s).")));
    QCOMPARE(state->comments.size(), 4);
    // The preview now says they are there, and there is nothing to publish.
    auto *tree = dialog->findChild<QTreeWidget *>(QStringLiteral("publishComments"));
    QVERIFY(group(tree, QStringLiteral("Already published (4)")));
    QVERIFY(!dialog->findChild<QPushButton *>(QStringLiteral("publishButton"))->isEnabled());
}

void PublishDialogTest::hostRefusalShowsAWarningNamingIt()
{
    m_host->answer("POST", QStringLiteral("/repos/acme/cache/pulls/7/reviews"),
                   QJsonObject{{QStringLiteral("message"), QStringLiteral("Bad credentials")}}, 401);
    PublishReviewDialog *dialog = openDialog();
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("publishButton")), Qt::LeftButton);
    QTRY_VERIFY(resultBox());
    QCOMPARE(resultBox()->windowTitle(), QStringLiteral("Review Not Published"));
    QVERIFY2(resultBox()->text().contains(QStringLiteral("HTTP 401, the token from GITHUB_TOKEN was refused: Bad credentials")),
             qPrintable(resultBox()->text()));
    QVERIFY(group(dialog->findChild<QTreeWidget *>(QStringLiteral("publishComments")), QStringLiteral("Will be sent (4)")));
}

QTEST_MAIN(PublishDialogTest)
#include "tst_publishdialog.moc"
