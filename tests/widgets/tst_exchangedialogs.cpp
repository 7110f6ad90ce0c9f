// File ▸ Import… and Export… in the window: an import through the dialog
// lands in the session's workspace, a hostile file is named in an error
// dialog and changes nothing, an export writes its file, and a merge
// request imported without code says so in place of the diff.

#include <CodelessReviewView.h>
#include <DiffPane.h>
#include <ExchangeActions.h>
#include <ExportDialog.h>
#include <ImportDialog.h>
#include <JudgingWorkbench.h>
#include <MainWindow.h>
#include <WindowParts.h>
#include <ReviewSession.h>
#include <WorkspaceActions.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

// (no raw string literal: moc does not read them)
const char *sample =
    "[{\"change_line_count\": 2, \"project_main_language\": \"Go\", \"source_commit\": \"1111\", \"target_commit\": \"2222\",\n"
    "  \"githubPrUrl\": \"https://github.com/example/go/pull/7\", \"comments\": [\n"
    "  {\"is_ai_comment\": false, \"note\": \"The error of Close is dropped.\", \"path\": \"cmd/main.go\", \"side\": \"right\", \"source_model\": \"\",\n"
    "   \"from_line\": 10, \"to_line\": 12, \"category\": \"Code Defect\", \"context\": \"File Level\"}], \"category\": \"Bug Fix\"}]";

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
}

QMessageBox *messageBox(const QString &name)
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *box = qobject_cast<QMessageBox *>(w); box && box->objectName() == name && box->isVisible())
            return box;
    return nullptr;
}

void screenshot(QWidget *widget, const QString &name)
{
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-%1.png").arg(name);
    QVERIFY(widget->grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

} // namespace

class ExchangeDialogsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void importThroughTheDialog();
    void hostileFileShowsErrorAndChangesNothing();
    void exportThroughTheDialog();
    void mergeRequestWithoutCodeSaysSo();

private:
    QTemporaryDir m_dir;
    MainWindow *m_window = nullptr;
};

void ExchangeDialogsTest::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QSettings().setValue(QStringLiteral("judging/annotator"), QStringLiteral("ada"));
    m_window = new MainWindow;
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QVERIFY(m_window->openWorkspace(m_dir.filePath(QStringLiteral("ws.rdw")), true));
}

void ExchangeDialogsTest::cleanupTestCase()
{
    delete m_window;
}

void ExchangeDialogsTest::importThroughTheDialog()
{
    const QString file = m_dir.filePath(QStringLiteral("go-positive.json"));
    writeFile(file, sample);
    test::windowAction(*m_window, QStringLiteral("import"))->trigger();
    auto *dialog = m_window->findChild<ImportDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->setFile(file);
    dialog->setAacrKind(QStringLiteral("ground-truth"));
    screenshot(dialog, QStringLiteral("import-dialog"));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("importButton")), Qt::LeftButton);
    QTRY_VERIFY(messageBox(QStringLiteral("importSummary")) || m_window->findChild<QMessageBox *>(QStringLiteral("importSummary")));
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    QVERIFY2(dialog->lastMessage().contains(QLatin1String("1 comment")), qPrintable(dialog->lastMessage()));
    const QList<MergeRequestEntry> mrs = m_window->session()->mergeRequests();
    QCOMPARE(mrs.size(), 1);
    QCOMPARE(mrs.first().url, QStringLiteral("https://github.com/example/go/pull/7"));
    QVERIFY(!mrs.first().codeLinked);
    CommentQuery reference;
    reference.reference = true;
    QCOMPARE(m_window->session()->store()->comments(reference)->size(), 1);
    delete m_window->findChild<QMessageBox *>(QStringLiteral("importSummary"));
}

void ExchangeDialogsTest::hostileFileShowsErrorAndChangesNothing()
{
    QByteArray hostile = sample;
    hostile.replace("pull/7", "pull/8").replace("cmd/main.go", "../../etc/passwd");
    const QString file = m_dir.filePath(QStringLiteral("hostile-positive.json"));
    writeFile(file, hostile);
    const auto before = m_window->session()->store()->comments();
    ImportDialog dialog(m_window->session()->exchange(), m_window);
    dialog.setFile(file);
    dialog.setAacrKind(QStringLiteral("candidates"));
    dialog.show();
    QTest::mouseClick(dialog.findChild<QPushButton *>(QStringLiteral("importButton")), Qt::LeftButton);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = dialog.findChild<QMessageBox *>(QStringLiteral("importError"))) && box->isVisible());
    QVERIFY2(box->informativeText().contains(file) && box->informativeText().contains(QLatin1String("leaves the repository")),
             qPrintable(box->informativeText()));
    QVERIFY(dialog.isVisible()); // stays open to correct the choice
    screenshot(box, QStringLiteral("import-error"));
    QCOMPARE(m_window->session()->mergeRequests().size(), 1);
    QCOMPARE(m_window->session()->store()->comments()->size(), before->size());
    box->close();
}

void ExchangeDialogsTest::exportThroughTheDialog()
{
    test::windowAction(*m_window, QStringLiteral("export"))->trigger();
    auto *dialog = m_window->findChild<ExportDialog *>();
    QVERIFY(dialog);
    QTRY_VERIFY(dialog->isVisible());
    dialog->setFormat(QStringLiteral("aacr-positive"));
    dialog->setOutput(m_dir.filePath(QStringLiteral("no-such-folder/out.json")));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
    QMessageBox *box = nullptr;
    QTRY_VERIFY((box = dialog->findChild<QMessageBox *>(QStringLiteral("exportError"))) && box->isVisible());
    QVERIFY2(box->informativeText().contains(QLatin1String("no-such-folder")), qPrintable(box->informativeText()));
    box->close();
    const QString out = m_dir.filePath(QStringLiteral("out.json"));
    dialog->setOutput(out);
    screenshot(dialog, QStringLiteral("export-dialog"));
    QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("exportButton")), Qt::LeftButton);
    QTRY_VERIFY(QFile::exists(out));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray json = f.readAll();
    QVERIFY(json.contains("\"githubPrUrl\": \"https://github.com/example/go/pull/7\""));
    QVERIFY(json.contains("The error of Close is dropped."));
}

void ExchangeDialogsTest::mergeRequestWithoutCodeSaysSo()
{
    const qint64 id = m_window->session()->mergeRequests().first().id;
    auto *actions = m_window->findChild<ExchangeActions *>();
    QVERIFY(actions);
    actions->openStored(id);
    // Its comments take the diff's place, under the note.
    CodelessReviewView *view = test::judging(*m_window)->codelessView();
    QTRY_VERIFY(view->isVisible());
    QVERIFY(view->note().contains(QLatin1String("imported without its code")));
    QVERIFY(view->note().contains(QLatin1String("https://github.com/example/go/pull/7")));
    QCOMPARE(view->listedComments().size(), 1);
    QCOMPARE(m_window->session()->comments().size(), 1); // its comments are there to judge
    screenshot(m_window, QStringLiteral("imported-without-code"));
}

QTEST_MAIN(ExchangeDialogsTest)
#include "tst_exchangedialogs.moc"
