#include "MainWindow.h"

// MainWindow's commands: every action with its name, text and shortcut (the
// names are what ShortcutSettings saves and the tests trigger), the menus
// they sit in, and which of them the open merge request enables.

#include "DiffPane.h"
#include "DiffView.h"
#include "ExchangeActions.h"
#include "FileListPanel.h"
#include "FindBar.h"
#include "JudgingWorkbench.h"
#include "MergeRequestHeader.h"
#include "OpenPullRequestDialog.h"
#include "TeamWorkbench.h"
#include "Theme.h"
#include "WorkspaceActions.h"
#include "HighlighterRepository.h"

#include <PullRequestOpener.h>
#include <ReviewSession.h>

#include <QActionGroup>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace rd {

QAction *MainWindow::action(const QString &name) const
{
    return findChild<QAction *>(name);
}

void MainWindow::createActions()
{
    auto make = [this](const QString &name, const QString &text, const QKeySequence &shortcut) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcut(shortcut);
        addAction(a); // shortcuts work while menus are closed
        return a;
    };
    auto command = [&](const QString &name, const QString &text, const QKeySequence &shortcut, auto slot) {
        connect(make(name, text, shortcut), &QAction::triggered, this, slot);
    };
    auto toggle = [&](const QString &name, const QString &text, const QKeySequence &shortcut, auto slot) {
        QAction *a = make(name, text, shortcut);
        a->setCheckable(true);
        connect(a, &QAction::toggled, this, slot);
    };
    command(QStringLiteral("open"), tr("&Open Merge Request…"), QKeySequence::Open, [this] { showOpenDialog(); });
    command(QStringLiteral("openPullRequest"), tr("Open &Pull Request…"), QKeySequence(), [this] { showOpenPullRequestDialog(); });
    command(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, [this] { close(); });
    command(QStringLiteral("nextChange"), tr("&Next Change"), QKeySequence(Qt::ALT | Qt::Key_Down), [this] { nextChange(+1); });
    command(QStringLiteral("previousChange"), tr("&Previous Change"), QKeySequence(Qt::ALT | Qt::Key_Up), [this] { nextChange(-1); });
    command(QStringLiteral("nextFile"), tr("Next &File"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), [this] { nextFile(+1); });
    command(QStringLiteral("previousFile"), tr("Previous F&ile"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), [this] { nextFile(-1); });
    command(QStringLiteral("find"), tr("&Find in Diff…"), QKeySequence::Find, [this] { m_findBar->open(); });
    command(QStringLiteral("findNext"), tr("Find Ne&xt"), QKeySequence::FindNext, [this] { m_findBar->find(false); });
    command(QStringLiteral("findPrevious"), tr("Find Pre&vious"), QKeySequence::FindPrevious, [this] { m_findBar->find(true); });
    command(QStringLiteral("goToLine"), tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] { goToLine(); });
    command(QStringLiteral("runReview"), tr("&Run Review…"), QKeySequence(Qt::CTRL | Qt::Key_R), [this] { showRunDialog(); });
    command(QStringLiteral("resumeRun"), tr("Resu&me Run…"), QKeySequence(), [this] { showResumeDialog(); });
    command(QStringLiteral("refreshMergeRequest"), tr("Re&fresh Merge Request"), QKeySequence(Qt::Key_F5), [this] { refreshMergeRequest(); });
    command(QStringLiteral("evaluate"), tr("&Evaluate…"), QKeySequence(), [this] { showEvaluation(); });
    command(QStringLiteral("evaluateJudge"), tr("Evaluate &Judge…"), QKeySequence(), [this] { showJudgeEvaluation(); });
    command(QStringLiteral("compareReviews"), tr("&Compare Two Reviews…"), QKeySequence(), [this] { showPairwiseView(); });
    command(QStringLiteral("answerTriage"), tr("Answer &Triage…"), QKeySequence(), [this] { showTriageAnswers(); });
    command(QStringLiteral("compareReviewers"), tr("&Compare Reviewers…"), QKeySequence(), [this] { showComparison(); });
    command(QStringLiteral("publishReview"), tr("&Publish Review…"), QKeySequence(), [this] { showPublishDialog(); });
    command(QStringLiteral("manual"), tr("&Manual"), QKeySequence(), [this] { showManual(); });
    command(QStringLiteral("toggleViewed"), tr("Mark File as &Viewed"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), [this] {
        const int file = currentFile();
        if (file >= 0)
            m_files->setViewed(file, !m_files->isViewed(file));
    });
    toggle(QStringLiteral("unified"), tr("&Unified View"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_U),
           [this](bool on) { m_diffPane->view()->setUnified(on); });
    toggle(QStringLiteral("wrap"), tr("&Wrap Lines"), QKeySequence(Qt::ALT | Qt::Key_Z), [this](bool on) { m_diffPane->view()->setWrap(on); });
    toggle(QStringLiteral("ignoreWhitespace"), tr("Ignore &Whitespace"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W),
           [this](bool) { reopenWithOptions(); });
    toggle(QStringLiteral("description"), tr("Show &Description"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D),
           [this](bool on) { m_header->setDescriptionVisible(on); });

    auto *themes = new QActionGroup(this);
    for (auto [name, text] : {std::pair{QStringLiteral("system"), tr("&System")}, std::pair{QStringLiteral("light"), tr("&Light")},
                              std::pair{QStringLiteral("dark"), tr("&Dark")}}) {
        auto *a = new QAction(text, themes);
        a->setObjectName(QStringLiteral("theme-") + name);
        a->setCheckable(true);
        a->setData(name);
        connect(a, &QAction::triggered, this, [name] {
            applyTheme(themeFromName(name));
            QSettings().setValue(QStringLiteral("view/theme"), name);
        });
    }
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(action(QStringLiteral("open")));
    file->addAction(action(QStringLiteral("openPullRequest")));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_workspaces->newAction());
    file->addAction(m_workspaces->openAction());
    file->addAction(m_workspaces->serverAction());
    file->addMenu(m_workspaces->recentMenu());
    file->addSeparator();
    m_exchange = new ExchangeActions(m_session, this); // made here so its actions keep their place in the shortcut lists
    m_exchange->addTo(file); // Open from Workspace, Import, Export
    file->addSeparator();
    file->addAction(action(QStringLiteral("quit")));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (const char *name : {"unified", "wrap", "ignoreWhitespace", "description"})
        view->addAction(action(QString::fromLatin1(name)));
    view->addAction(action(QStringLiteral("showMergeRequests")));
    view->addAction(action(QStringLiteral("showSlices")));
    // Showing a panel brings it forward (the commands above); hiding one is this explicit toggle.
    QMenu *panels = view->addMenu(tr("&Panels"));
    for (const char *name : {"showMergeRequestsPanel", "showSlicesPanel", "showReviewPanel", "showRetrievalPanel", "showRunsPanel", "showRevisionsPanel",
                             "showCommentsPanel"})
        panels->addAction(action(QString::fromLatin1(name)));
    QMenu *theme = view->addMenu(tr("&Theme"));
    for (const char *name : {"theme-system", "theme-light", "theme-dark"})
        theme->addAction(action(QString::fromLatin1(name)));

    QMenu *navigate = menuBar()->addMenu(tr("&Navigate"));
    for (const char *name : {"nextChange", "previousChange", "nextFile", "previousFile"})
        navigate->addAction(action(QString::fromLatin1(name)));
    navigate->addSeparator();
    for (const char *name : {"find", "findNext", "findPrevious", "goToLine"})
        navigate->addAction(action(QString::fromLatin1(name)));
    navigate->addSeparator();
    navigate->addAction(action(QStringLiteral("toggleViewed")));
    navigate->addSeparator();
    for (const char *name : {"nextMergeRequest", "previousMergeRequest", "nextUnjudgedMergeRequest"})
        navigate->addAction(action(QString::fromLatin1(name)));

    QMenu *review = menuBar()->addMenu(tr("&Review"));
    review->addAction(action(QStringLiteral("runReview")));
    review->addAction(action(QStringLiteral("resumeRun")));
    review->addAction(action(QStringLiteral("refreshMergeRequest")));
    review->addAction(action(QStringLiteral("showRevisions")));
    review->addAction(action(QStringLiteral("showReview")));
    m_team->fillMenu(review);
    review->addAction(action(QStringLiteral("evaluate")));
    review->addAction(action(QStringLiteral("evaluateJudge")));
    review->addAction(action(QStringLiteral("compareReviewers")));
    review->addSeparator();
    review->addAction(action(QStringLiteral("publishReview")));

    QMenu *judge = menuBar()->addMenu(tr("&Judge"));
    judge->addAction(action(QStringLiteral("compareReviews")));
    judge->addAction(action(QStringLiteral("answerTriage")));
    judge->addSeparator();
    m_judging->fillMenu(judge);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(action(QStringLiteral("manual")));
    help->addAction(action(QStringLiteral("shortcutSheet")));
    help->addAction(tr("&About ReviewDesk"), this, [this] {
        QMessageBox::about(this, tr("About ReviewDesk"),
                           tr("<h3>ReviewDesk %1</h3><p>A workbench for defect-focused code review with LLMs.</p>"
                              "<p>Syntax highlighting: %2. libgit2, Qt %3.</p>")
                               .arg(QApplication::applicationVersion(), HighlighterRepository::backendName(), QString::fromLatin1(qVersion())));
    });
}

void MainWindow::updateActions()
{
    const auto mr = m_session->diff();
    const bool hasMr = mr != nullptr;
    const bool hasFile = hasMr && currentFile() >= 0;
    for (const char *name : {"nextFile", "previousFile"})
        action(QString::fromLatin1(name))->setEnabled(hasMr && !mr->files.isEmpty());
    for (const char *name : {"nextChange", "previousChange", "find", "findNext", "findPrevious", "goToLine", "toggleViewed"})
        action(QString::fromLatin1(name))->setEnabled(hasFile);
    action(QStringLiteral("runReview"))->setEnabled(hasMr);
    action(QStringLiteral("refreshMergeRequest"))->setEnabled(hasMr && m_session->currentMergeRequestId() != 0);
    if (hasFile) {
        action(QStringLiteral("toggleViewed"))->setText(m_files->isViewed(currentFile()) ? tr("Mark File as Not &Viewed")
                                                                                         : tr("Mark File as &Viewed"));
    }
}

// File ▸ Open Pull Request…: the session's opener fetches in the background;
// the window shows its steps, its failure in a dialog, and the merge request
// it stored once it is there.
void MainWindow::showOpenPullRequestDialog()
{
    PullRequestOpener *opener = m_session->pullRequests();
    if (opener->isRunning()) {
        statusBar()->showMessage(tr("A pull request is being opened already."), 5000);
        return;
    }
    auto *dialog = new OpenPullRequestDialog(this);
    dialog->setObjectName(QStringLiteral("openPullRequestDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const PullRequestOpenOptions options = dialog->options();
        if (m_session->pullRequests()->open(options) && m_session->pullRequests()->isRunning())
            QApplication::setOverrideCursor(Qt::BusyCursor);
    });
    dialog->open();
}

void MainWindow::connectPullRequestOpener()
{
    PullRequestOpener *opener = m_session->pullRequests();
    connect(opener, &PullRequestOpener::progress, this, [this](const QString &step) { statusBar()->showMessage(step); });
    connect(opener, &PullRequestOpener::failed, this, [this](const QString &message) {
        if (QApplication::overrideCursor())
            QApplication::restoreOverrideCursor();
        statusBar()->showMessage(tr("Could not open the pull request."), 5000);
        auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Open Pull Request"), tr("ReviewDesk could not open the pull request."),
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("pullRequestFailure"));
        box->setInformativeText(message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    connect(opener, &PullRequestOpener::opened, this, [this](qint64 mergeRequest, const QString &summary) {
        if (QApplication::overrideCursor())
            QApplication::restoreOverrideCursor();
        // The open one moved to a new revision (Refresh, or opened again):
        // its entry and comments are read again before its new diff loads.
        if (mergeRequest == m_session->currentMergeRequestId())
            if (auto reread = m_session->openMergeRequest(mergeRequest); !reread)
                showProblem(tr("Cannot Open Merge Request"), reread.error().message);
        m_exchange->openStored(mergeRequest);
        statusBar()->showMessage(summary, 10000);
    });
}

} // namespace rd
