#include "MainWindow.h"

// MainWindow's Merge Requests browser (issue 25): the dock, Next / Previous
// Merge Request and next unjudged in the annotator's queue (in the
// browser's order), and where a workspace opens: its own last place, else
// its browser, never a merge request of another workspace.

#include "DiffPane.h"
#include "ExchangeActions.h"
#include "FileListPanel.h"
#include "JudgingWorkbench.h"
#include "MergeRequestBrowser.h"
#include "MergeRequestHeader.h"
#include "PanelCommand.h"
#include "WorkspaceActions.h"

#include <MergeRequestFilter.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>

#include <QAction>
#include <QDockWidget>
#include <QSettings>
#include <QStatusBar>

namespace rd {

void MainWindow::createBrowser()
{
    m_browser = new MergeRequestBrowser(m_session, this);
    m_browser->setObjectName(QStringLiteral("mergeRequestBrowser"));
    m_browserDock = new QDockWidget(tr("Merge Requests"), this);
    m_browserDock->setObjectName(QStringLiteral("mergeRequestsDock"));
    m_browserDock->setWidget(m_browser);
    // A tab beside the Comments panel: it takes no room from the diff, and a
    // workspace with no place to go back to raises it (showWorkspaceStart).
    addDockWidget(Qt::BottomDockWidgetArea, m_browserDock);
    tabifyDockWidget(m_judging->commentsDock(), m_browserDock);
    m_judging->commentsDock()->raise();
    addPanelCommand(m_browserDock, QStringLiteral("showMergeRequests"), tr("Merge Requests"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B), this,
                    QStringLiteral("showMergeRequestsPanel"));
    connect(m_browser, &MergeRequestBrowser::openRequested, this, [this](qint64 id) { m_exchange->openStored(id); });
    connect(m_browser->model(), &MergeRequestListModel::summariesRefreshed, this, &MainWindow::mergeRequestsListed);
    connect(m_browser, &MergeRequestBrowser::problem, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });

    auto command = [this](const QString &name, const QString &text, const QKeySequence &shortcut, auto slot) {
        auto *a = new QAction(text, this);
        a->setObjectName(name);
        a->setShortcut(shortcut);
        addAction(a); // shortcuts work while menus are closed
        connect(a, &QAction::triggered, this, slot);
    };
    auto go = [this](std::optional<qint64> id, const QString &none) {
        if (id)
            m_exchange->openStored(*id);
        else
            statusBar()->showMessage(none, 4000);
    };
    command(QStringLiteral("nextMergeRequest"), tr("Next &Merge Request"), QKeySequence(Qt::ALT | Qt::Key_PageDown), [this, go] {
        go(m_browser->filter()->neighbour(m_session->currentMergeRequestId(), +1), tr("This is the last merge request in the browser."));
    });
    command(QStringLiteral("previousMergeRequest"), tr("Previous M&erge Request"), QKeySequence(Qt::ALT | Qt::Key_PageUp), [this, go] {
        go(m_browser->filter()->neighbour(m_session->currentMergeRequestId(), -1), tr("This is the first merge request in the browser."));
    });
    command(QStringLiteral("nextUnjudgedMergeRequest"), tr("Next &Unjudged Merge Request"), QKeySequence(Qt::ALT | Qt::SHIFT | Qt::Key_PageDown),
            [this, go] {
                go(m_browser->filter()->nextUnjudged(m_session->currentMergeRequestId()),
                   tr("Every merge request in your queue is judged."));
            });
}

QString MainWindow::recentMergeRequestKey() const
{
    return m_session->hasWorkspace() ? WorkspaceActions::recentMergeRequestKey(m_session->workspacePath()) : QString();
}

void MainWindow::showWorkspaceStart()
{
    // A merge request asked for already (the command line's) wins.
    if (m_session->isLoading() || !m_session->hasWorkspace())
        return;
    const QList<MergeRequestEntry> entries = m_session->mergeRequests();
    std::optional<qint64> target = m_session->lastMergeRequest();
    if (!target) {
        // Opened in this workspace before without a place stored (no annotator yet).
        const QStringList last = QSettings().value(recentMergeRequestKey()).toStringList();
        for (const MergeRequestEntry &e : entries)
            if (last.size() == 3 && e.repository == last[0] && e.base == last[1] && e.head == last[2])
                target = e.id;
    }
    if (target && std::any_of(entries.cbegin(), entries.cend(), [&](const MergeRequestEntry &e) { return e.id == *target; })) {
        m_exchange->openStored(*target);
        return;
    }
    // Nothing of another workspace's merge request may stay on screen.
    m_files->setMergeRequest(nullptr);
    m_header->setMergeRequest(nullptr);
    m_diffPane->showMessage(tr("Choose a merge request in the Merge Requests panel."));
    setWindowTitle(tr("ReviewDesk"));
    m_focusDiffWhenShown = false; // no merge request: the keyboard stays in the search field
    m_browserDock->show();
    m_browserDock->raise();
    m_browser->focusSearch();
}

} // namespace rd
