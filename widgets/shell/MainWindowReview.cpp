#include "MainWindow.h"

// MainWindow's review runs: the panels docked under the diff (slices, the
// review, retrieved context, runs), starting and resuming runs, and what a
// run leaves on screen (its comments as a band beside the slice bands).
// Construction and the merge request's files are in MainWindow.cpp, the
// commands and menus in MainWindowActions.cpp.

#include "DiffPane.h"
#include "DiffView.h"
#include "JudgingWorkbench.h"
#include "OpenPullRequestDialog.h"
#include "PanelCommand.h"
#include "PipelinePanel.h"
#include "ResumeRunDialog.h"
#include "RetrievalPanel.h"
#include "RunDialog.h"
#include "RevisionsPanel.h"
#include "RunsPanel.h"
#include "SlicePanel.h"

#include <PullRequestOpener.h>
#include <ReviewSession.h>
#include <RevisionService.h>
#include <RunService.h>
#include <SliceRenderer.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMessageBox>
#include <QStatusBar>

namespace rd {

void MainWindow::createDocks()
{
    // Each panel in a dock under the diff, tabbed with `tabWith`; its command
    // (named for the shortcut settings, working while menus are closed)
    // brings it forward, its toggle hides it (PanelCommand.h).
    auto dockFor = [this](QWidget *panel, const QString &title, const QString &name, const QString &command, const QKeySequence &shortcut,
                          QDockWidget *tabWith) {
        auto *dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(panel);
        addDockWidget(Qt::BottomDockWidgetArea, dock);
        if (tabWith)
            tabifyDockWidget(tabWith, dock);
        addPanelCommand(dock, command, title, shortcut, this, command + QStringLiteral("Panel"));
        return dock;
    };
    m_slicePanel = new SlicePanel(this);
    m_slicePanel->setObjectName(QStringLiteral("slicePanel"));
    QDockWidget *dock = dockFor(m_slicePanel, tr("Slices"), QStringLiteral("slicesDock"), QStringLiteral("showSlices"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), nullptr);
    m_pipelinePanel = new PipelinePanel(this);
    m_pipelinePanel->setObjectName(QStringLiteral("pipelinePanel"));
    QDockWidget *reviewDock = dockFor(m_pipelinePanel, tr("Review"), QStringLiteral("reviewDock"), QStringLiteral("showReview"), {}, dock);
    // AACR runs: the chunks (and scores) or tool calls each hunk was reviewed with.
    m_retrievalPanel = new RetrievalPanel(this);
    m_retrievalPanel->setObjectName(QStringLiteral("retrievalPanel"));
    dockFor(m_retrievalPanel, tr("Retrieved Context"), QStringLiteral("retrievalDock"), QStringLiteral("showRetrieval"), {}, reviewDock);
    auto *runsPanel = new RunsPanel(m_session->reviewing(), this);
    runsPanel->setObjectName(QStringLiteral("runsPanel"));
    dockFor(runsPanel, tr("Runs"), QStringLiteral("runsDock"), QStringLiteral("showRuns"), {}, reviewDock);
    // The merge request's revisions; two chosen show their interdiff in the diff view.
    auto *revisionsPanel = new RevisionsPanel(m_session, this);
    revisionsPanel->setObjectName(QStringLiteral("revisionsPanel"));
    dockFor(revisionsPanel, tr("Revisions"), QStringLiteral("revisionsDock"), QStringLiteral("showRevisions"), {}, reviewDock);
    connect(revisionsPanel, &RevisionsPanel::problem, this, &MainWindow::showProblem);
    connect(m_session->revisions(), &RevisionService::interdiffChanged, this, [this] {
        if (m_session->revisions()->interdiff())
            showMergeRequest();
    });
    addDockWidget(Qt::BottomDockWidgetArea, m_judging->commentsDock());
    tabifyDockWidget(reviewDock, m_judging->commentsDock());
    m_judging->commentsDock()->raise(); // judging is what the window is for
}

void MainWindow::showProblem(const QString &title, const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::refreshMergeRequest()
{
    // A pull request opened from its host follows the host's head: the
    // opener fetches it in the background and moves the merge request there.
    if (const auto entry = m_session->currentMergeRequest(); entry && PullRequestLocator::parse(entry->url)) {
        PullRequestOpener *opener = m_session->pullRequests();
        if (opener->isRunning()) {
            statusBar()->showMessage(tr("A pull request is being opened already."), 5000);
            return;
        }
        if (opener->open(OpenPullRequestDialog::rememberedOptions(entry->url, entry->repository)) && opener->isRunning())
            QApplication::setOverrideCursor(Qt::BusyCursor);
        return;
    }
    const auto update = m_session->revisions()->refresh();
    if (!update) {
        showProblem(tr("Cannot Refresh the Merge Request"), update.error().message);
        return;
    }
    if (!update->recorded) {
        statusBar()->showMessage(tr("The merge request is already at its newest commits (revision %1).").arg(update->current.number), 6000);
        return;
    }
    const Reanchoring &r = update->reanchoring;
    statusBar()->showMessage(tr("Revision %1 recorded: %2 comment(s) moved, %3 unchanged, %4 outdated.")
                                 .arg(update->current.number)
                                 .arg(r.moved.size())
                                 .arg(r.unchanged.size())
                                 .arg(r.outdated.size()),
                             10000);
}

void MainWindow::showRunDialog()
{
    const auto mr = m_session->diff();
    if (!mr)
        return;
    auto *dialog = new RunDialog(m_session->reviewing()->llmClient(), isDemo(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (const auto slices = m_session->slices()) {
        std::map<SliceAlgorithm, RunDialog::SliceEstimate> estimates;
        MergeRequestSliceRenderer renderer(*mr);
        for (const Slice &s : slices->slices) {
            RunDialog::SliceEstimate &e = estimates[s.algorithm];
            ++e.slices;
            e.tokens += estimateTokens(renderer.render(s, LineFormat::Inline));
        }
        dialog->setSliceEstimates(estimates);
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog] { startReview(dialog->config(), dialog->isReplay()); });
    dialog->open();
}

bool MainWindow::startReview(const RunConfig &config, bool replay)
{
    if (!m_session->diff()) // a run may start beside others: the session says when it cannot
        return false;
    // A key variable that is not set would fail every request: say so first.
    if (const auto missing = replay || !m_session->slices() ? std::nullopt : config.checkApiKeys()) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Run Review"), tr("The review was not started."), QMessageBox::Ok, this);
        box->setInformativeText(missing->message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return false;
    }
    const auto started = m_session->reviewing()->startReview(config, replay ? RunDialog::demoReplayFile(config.pipeline, config.context) : QString());
    if (!started && started.error().kind == Error::Kind::Path) { // no run journal: worth more than a passing note
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Run Review"), tr("The review was not started."), QMessageBox::Ok, this);
        box->setInformativeText(started.error().message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    } else if (!started)
        statusBar()->showMessage(started.error().message, 5000);
    else if (!m_session->slices()) // made again for the run's token budget first
        statusBar()->showMessage(tr("Slicing again with a budget of %1 tokens a slice; the review starts when the slices are ready.")
                                     .arg(config.tokenBudget));
    return static_cast<bool>(started);
}

void MainWindow::showResumeDialog()
{
    auto *dialog = new ResumeRunDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setRuns(m_session->reviewing()->resumableRuns());
    connect(dialog, &ResumeRunDialog::resumeRequested, this, &MainWindow::resumeRun);
    dialog->open();
}

bool MainWindow::resumeRun(const QString &journalFile)
{
    const auto resumed = m_session->reviewing()->resumeRun(journalFile);
    if (!resumed) {
        showResumeFailure(resumed.error().message);
        return false;
    }
    statusBar()->showMessage(m_session->isLoading() ? tr("Opening the run's merge request; the run resumes when its slices are ready.")
                                                    : tr("Resuming the run."),
                             5000);
    return true;
}

void MainWindow::showResumeFailure(const QString &message)
{
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Resume Run"), tr("The run was not resumed."), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("resumeFailure"));
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::showReviewStarted(const RunConfig &config, bool replay, int slices)
{
    m_pipelinePanel->started(config, replay, slices);
    // Several at once: the Runs view shows each one's progress.
    const QString shown = m_session->reviewing()->activeReviews().size() > 1 ? QStringLiteral("runsDock") : QStringLiteral("reviewDock");
    if (auto *dock = findChild<QDockWidget *>(shown))
        bringPanelForward(dock);
}

void MainWindow::showReviewFinished()
{
    m_pipelinePanel->finished(m_session->reviewing()->lastRun());
    m_retrievalPanel->setRun(m_session->reviewing()->lastRun());
    if (const auto mr = m_session->diff(); mr && currentFile() >= 0)
        m_retrievalPanel->showFile(mr->files[currentFile()].displayPath());
    statusBar()->showMessage(tr("Review finished."), 4000);
    Q_EMIT reviewFinished();
}

void MainWindow::showSlices()
{
    const auto result = m_session->slices();
    if (!result) {
        m_slicePanel->setStatus(tr("Slicing failed; the diff is still fully usable."));
    } else {
        m_slicePanel->setResult(result, m_session->diff());
        statusBar()->showMessage(tr("%n slice(s) ready", nullptr, static_cast<int>(result->slices.size())), 4000);
    }
    Q_EMIT slicingFinished();
}

void MainWindow::updateSliceOverlays()
{
    QList<SliceOverlay> overlays = m_slicePanel->overlays();
    // The review's comments at their lines, as one more band beside the slices.
    if (const auto mr = m_session->diff(); mr && currentFile() >= 0)
        if (auto comments = m_pipelinePanel->commentOverlay(QString::fromUtf8(mr->files[currentFile()].displayPath())))
            overlays.append(*comments);
    m_diffPane->view()->setSliceOverlays(overlays);
}

void MainWindow::openLocation(const QByteArray &path, int line)
{
    const auto mr = m_session->diff();
    if (!mr)
        return;
    for (int i = 0; i < mr->files.size(); ++i) {
        if (mr->files[i].displayPath() != path)
            continue;
        auto *context = new QObject(this);
        auto jump = [this, line, context] {
            m_diffPane->view()->goToLine(Side::New, line);
            context->deleteLater();
        };
        if (currentFile() == i && !m_diffPane->isBuilding()) {
            jump();
        } else {
            connect(m_diffPane, &DiffPane::documentShown, context, jump);
            selectFile(i);
        }
        return;
    }
    statusBar()->showMessage(tr("%1 is not changed in this merge request.").arg(QString::fromUtf8(path)), 4000);
}

} // namespace rd
