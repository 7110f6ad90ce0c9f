#include "MainWindow.h"

#include "DiffPane.h"
#include "DiffView.h"
#include "EvaluationWindow.h"
#include "FileTreeModel.h"
#include "JudgingBar.h"
#include "JudgingStatus.h"
#include "TeamWorkbench.h"
#include "JudgingWorkbench.h"
#include "ManualWindow.h"
#include "MergeRequestHeader.h"
#include "PipelinePanel.h"
#include "RetrievalPanel.h"
#include "ResumeRunDialog.h"
#include "RunsPanel.h"
#include "RunDialog.h"
#include "ShortcutSettings.h"
#include "SlicePanel.h"
#include "SyntaxHighlighter.h"
#include "Theme.h"
#include "WorkspaceActions.h"
#include "ExchangeActions.h"

#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QShortcut>
#include <QStandardPaths>
#include <QSplitter>
#include <QStatusBar>
#include <QToolButton>
#include <QTreeView>
#include <QVBoxLayout>

#include <RunService.h>
#include <ReviewSession.h>
#include <SliceRenderer.h>

namespace rd {

namespace {
constexpr int MaxRecent = 10;
}

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("ReviewDesk"));
    setObjectName(QStringLiteral("mainWindow"));

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 0, 4);
    m_fileFilter = new QLineEdit(left);
    m_fileFilter->setObjectName(QStringLiteral("fileFilter"));
    m_fileFilter->setPlaceholderText(tr("Filter files: name, status, is:unviewed"));
    m_fileFilter->setClearButtonEnabled(true);
    leftLayout->addWidget(m_fileFilter);
    m_fileModel = new FileTreeModel(this);
    m_filterModel = new FileFilterModel(this);
    m_filterModel->setSourceModel(m_fileModel);
    m_fileTree = new QTreeView(left);
    m_fileTree->setModel(m_filterModel);
    m_fileTree->setHeaderHidden(false);
    m_fileTree->setUniformRowHeights(true);
    m_fileTree->header()->setStretchLastSection(false);
    m_fileTree->header()->setSectionResizeMode(FileTreeModel::NameColumn, QHeaderView::Stretch);
    m_fileTree->header()->setSectionResizeMode(FileTreeModel::ChangesColumn, QHeaderView::ResizeToContents);
    leftLayout->addWidget(m_fileTree, 1);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    m_header = new MergeRequestHeader(right);
    rightLayout->addWidget(m_header);
    m_diffPane = new DiffPane(right);
    m_session = new ReviewSession(this);
    m_judging = new JudgingWorkbench(m_session, this, m_diffPane);
    m_workspaces = new WorkspaceActions(m_session, this);
    m_team = new TeamWorkbench(m_session, this);
    rightLayout->addWidget(m_judging->bar());
    rightLayout->addWidget(m_diffPane, 1);

    m_findBar = new QWidget(right);
    auto *findLayout = new QHBoxLayout(m_findBar);
    findLayout->setContentsMargins(6, 3, 6, 3);
    findLayout->addWidget(new QLabel(tr("Find:"), m_findBar));
    m_findEdit = new QLineEdit(m_findBar);
    m_findEdit->setClearButtonEnabled(true);
    findLayout->addWidget(m_findEdit, 1);
    auto *previous = new QToolButton(m_findBar);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    auto *next = new QToolButton(m_findBar);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    findLayout->addWidget(previous);
    findLayout->addWidget(next);
    m_findStatus = new QLabel(m_findBar);
    findLayout->addWidget(m_findStatus);
    auto *closeFind = new QToolButton(m_findBar);
    closeFind->setText(QStringLiteral("✕"));
    closeFind->setAutoRaise(true);
    closeFind->setToolTip(tr("Close (Esc)"));
    findLayout->addWidget(closeFind);
    m_findBar->setVisible(false);
    rightLayout->addWidget(m_findBar);

    m_splitter = new QSplitter(this);
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({300, 900});
    setCentralWidget(m_splitter);

    m_slicePanel = new SlicePanel(this);
    auto *dock = new QDockWidget(tr("Slices"), this);
    dock->setObjectName(QStringLiteral("slicesDock"));
    dock->setWidget(m_slicePanel);
    addDockWidget(Qt::BottomDockWidgetArea, dock);
    dock->toggleViewAction()->setObjectName(QStringLiteral("showSlices"));
    dock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    addAction(dock->toggleViewAction());

    m_pipelinePanel = new PipelinePanel(this);
    auto *reviewDock = new QDockWidget(tr("Review"), this);
    reviewDock->setObjectName(QStringLiteral("reviewDock"));
    reviewDock->setWidget(m_pipelinePanel);
    addDockWidget(Qt::BottomDockWidgetArea, reviewDock);
    tabifyDockWidget(dock, reviewDock);
    reviewDock->toggleViewAction()->setObjectName(QStringLiteral("showReview"));
    addAction(reviewDock->toggleViewAction());
    // AACR runs: the chunks (and scores) or tool calls each hunk was reviewed with.
    m_retrievalPanel = new RetrievalPanel(this);
    auto *retrievalDock = new QDockWidget(tr("Retrieved Context"), this);
    retrievalDock->setObjectName(QStringLiteral("retrievalDock"));
    retrievalDock->setWidget(m_retrievalPanel);
    addDockWidget(Qt::BottomDockWidgetArea, retrievalDock);
    tabifyDockWidget(reviewDock, retrievalDock);
    retrievalDock->toggleViewAction()->setObjectName(QStringLiteral("showRetrieval"));
    addAction(retrievalDock->toggleViewAction());
    m_runsPanel = new RunsPanel(m_session->reviewing(), this);
    auto *runsDock = new QDockWidget(tr("Runs"), this);
    runsDock->setObjectName(QStringLiteral("runsDock"));
    runsDock->setWidget(m_runsPanel);
    addDockWidget(Qt::BottomDockWidgetArea, runsDock);
    tabifyDockWidget(reviewDock, runsDock);
    runsDock->toggleViewAction()->setObjectName(QStringLiteral("showRuns"));
    addAction(runsDock->toggleViewAction());
    addDockWidget(Qt::BottomDockWidgetArea, m_judging->commentsDock());
    tabifyDockWidget(reviewDock, m_judging->commentsDock());
    m_judging->commentsDock()->raise(); // judging is what the window is for

    createActions();
    createMenus();
    statusBar()->showMessage(tr("Highlighting: %1").arg(SyntaxHighlighter::backendName()));
    statusBar()->addPermanentWidget(m_judging->status());
    statusBar()->addPermanentWidget(m_team->status());
    connect(m_team, &TeamWorkbench::message, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_team, &TeamWorkbench::openMergeRequestRequested, this, [this](qint64 id) {
        if (!m_session->hasWorkspace())
            return;
        const auto entry = m_session->store()->mergeRequest(id);
        if (!entry)
            statusBar()->showMessage(entry.error().message, 6000);
        else
            openMergeRequest({entry->repository, entry->base, entry->head, entry->twoDot, entry->title, entry->description});
    });
    connect(m_judging, &JudgingWorkbench::message, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_judging, &JudgingWorkbench::showFileRequested, this, [this](const QByteArray &path) { selectFile(path); });

    connect(m_fileFilter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filterModel->setFilterWords(text);
        m_fileTree->expandAll();
    });
    connect(m_fileTree->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        const int file = current.data(FileTreeModel::FileIndexRole).toInt();
        if (file >= 0 && file != m_diffPane->fileIndex())
            m_diffPane->showFile(m_session->diff(), file);
        updateActions();
    });
    connect(m_findEdit, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_diffPane->view()->setFindText(text);
        m_findStatus->clear();
    });
    connect(m_findEdit, &QLineEdit::returnPressed, this, [this] { find(QApplication::keyboardModifiers() & Qt::ShiftModifier); });
    connect(next, &QToolButton::clicked, this, [this] { find(false); });
    connect(previous, &QToolButton::clicked, this, [this] { find(true); });
    connect(closeFind, &QToolButton::clicked, this, [this] {
        m_findBar->hide();
        m_diffPane->view()->setFindText({});
        m_diffPane->view()->setFocus();
    });
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), m_findBar, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, closeFind, &QToolButton::click);
    connect(m_session, &ReviewSession::loadFailed, this, &MainWindow::showOpenFailure);
    connect(m_session, &ReviewSession::mergeRequestLoaded, this, &MainWindow::showMergeRequest);
    connect(m_session, &ReviewSession::problem, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_session, &ReviewSession::slicingStarted, this, [this] {
        m_slicePanel->setResult(nullptr, m_session->diff());
        m_slicePanel->setStatus(tr("Slicing in the background…"));
    });
    connect(m_session, &ReviewSession::slicingFinished, this, &MainWindow::showSlices);
    connect(m_session->reviewing(), &RunService::reviewStarted, this, &MainWindow::showReviewStarted);
    connect(m_session->reviewing(), &RunService::reviewProgressed, m_pipelinePanel, &PipelinePanel::progressed);
    connect(m_session->reviewing(), &RunService::reviewFinished, this, &MainWindow::showReviewFinished);
    connect(m_session->reviewing(), &RunService::resumeFailed, this, &MainWindow::showResumeFailure);
    connect(m_diffPane, &DiffPane::documentShown, this, [this] {
        updateActions();
        if (const auto mr = m_session->diff(); mr && currentFile() >= 0) {
            m_slicePanel->showFile(mr->files[currentFile()].displayPath());
            m_retrievalPanel->showFile(mr->files[currentFile()].displayPath());
        }
    });
    connect(m_slicePanel, &SlicePanel::overlaysChanged, this, &MainWindow::updateSliceOverlays);
    connect(m_slicePanel, &SlicePanel::openLocation, this, &MainWindow::openLocation);
    connect(m_slicePanel, &SlicePanel::shownAlgorithmsChanged, this, [this] {
        QStringList shown;
        for (SliceAlgorithm a : m_slicePanel->shownAlgorithms())
            shown << algorithmName(a);
        QSettings().setValue(QStringLiteral("slices/shown"), shown);
    });
    connect(m_pipelinePanel, &PipelinePanel::openLocation, this, &MainWindow::openLocation);
    connect(m_pipelinePanel, &PipelinePanel::commentsChanged, this, &MainWindow::updateSliceOverlays);
    connect(m_pipelinePanel, &PipelinePanel::cancelRequested, m_session->reviewing(), &RunService::cancelReview);
    connect(m_fileModel, &FileTreeModel::viewedChanged, this, [this] { updateActions(); });

    restoreSettings();
    ShortcutSettings::applySaved(this);
    updateActions();
}

MainWindow::~MainWindow()
{
    // Workers report to the panels: let them end while the panels are here.
    m_session->stopBackgroundWork();
}

std::shared_ptr<const MergeRequest> MainWindow::mergeRequest() const
{
    return m_session->diff();
}

bool MainWindow::isOpening() const
{
    return m_session->isLoading();
}

bool MainWindow::isSlicing() const
{
    return m_session->isSlicing();
}

bool MainWindow::isReviewing() const
{
    return m_session->reviewing()->isReviewing();
}

bool MainWindow::isDemo() const
{
    const QString demo = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/demo-inventory");
    return m_session->diff() && QDir::cleanPath(m_session->request().repository) == QDir::cleanPath(demo);
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
    if (auto *dock = findChild<QDockWidget *>(shown)) {
        dock->show();
        dock->raise();
    }
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
    // Review comments at their lines, as one more band with the comment on hover.
    const auto mr = m_session->diff();
    if (mr && currentFile() >= 0 && m_pipelinePanel->record()) {
        SliceOverlay comments{tr("Review"), QColor(0xcf222e), {}};
        const QString path = QString::fromUtf8(mr->files[currentFile()].displayPath());
        for (const ReviewComment *c : m_pipelinePanel->listedComments()) {
            if (c->file != path)
                continue;
            const Side side = c->side == QLatin1String("old") ? Side::Old : Side::New;
            const QString text = c->kept ? tr("[severity %1] %2").arg(c->q3Severity).arg(c->issue)
                                         : tr("[filtered at %1, severity %2] %3").arg(c->droppedAt).arg(c->q3Severity).arg(c->issue);
            for (int l = c->lineStart; l <= c->lineEnd; ++l) {
                QString &reason = comments.reasons[side][l];
                reason = reason.isEmpty() ? text : reason + QStringLiteral("\n") + text;
            }
        }
        if (!comments.reasons[Side::Old].isEmpty() || !comments.reasons[Side::New].isEmpty())
            overlays.append(comments);
    }
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

void MainWindow::showEvaluation()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(this, tr("Evaluate"), tr("Open a workspace first: the evaluation reads its runs, references and judgements."));
        return;
    }
    if (!m_evaluation) {
        auto *window = new EvaluationWindow(*m_session->store(), m_session->workspacePath(), this);
        window->setAttribute(Qt::WA_DeleteOnClose);
        m_evaluation = window;
    } else {
        static_cast<EvaluationWindow *>(m_evaluation.data())->reloadRuns();
    }
    m_evaluation->show();
    m_evaluation->raise();
}

void MainWindow::showManual()
{
    if (!m_manual) {
        auto *window = new ManualWindow(this);
        window->setAttribute(Qt::WA_DeleteOnClose);
        m_manual = window;
    }
    m_manual->show();
    m_manual->raise();
}

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
    command(QStringLiteral("quit"), tr("&Quit"), QKeySequence::Quit, [this] { close(); });
    command(QStringLiteral("nextChange"), tr("&Next Change"), QKeySequence(Qt::ALT | Qt::Key_Down), [this] { nextChange(+1); });
    command(QStringLiteral("previousChange"), tr("&Previous Change"), QKeySequence(Qt::ALT | Qt::Key_Up), [this] { nextChange(-1); });
    command(QStringLiteral("nextFile"), tr("Next &File"), QKeySequence(Qt::CTRL | Qt::Key_PageDown), [this] { nextFile(+1); });
    command(QStringLiteral("previousFile"), tr("Previous F&ile"), QKeySequence(Qt::CTRL | Qt::Key_PageUp), [this] { nextFile(-1); });
    command(QStringLiteral("find"), tr("&Find in Diff…"), QKeySequence::Find, [this] { showFind(); });
    command(QStringLiteral("findNext"), tr("Find Ne&xt"), QKeySequence::FindNext, [this] { find(false); });
    command(QStringLiteral("findPrevious"), tr("Find Pre&vious"), QKeySequence::FindPrevious, [this] { find(true); });
    command(QStringLiteral("goToLine"), tr("&Go to Line…"), QKeySequence(Qt::CTRL | Qt::Key_G), [this] { goToLine(); });
    command(QStringLiteral("runReview"), tr("&Run Review…"), QKeySequence(Qt::CTRL | Qt::Key_R), [this] { showRunDialog(); });
    command(QStringLiteral("resumeRun"), tr("Resu&me Run…"), QKeySequence(), [this] { showResumeDialog(); });
    command(QStringLiteral("evaluate"), tr("&Evaluate…"), QKeySequence(), [this] { showEvaluation(); });
    command(QStringLiteral("manual"), tr("&Manual"), QKeySequence(), [this] { showManual(); });
    command(QStringLiteral("toggleViewed"), tr("Mark File as &Viewed"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), [this] {
        const int file = currentFile();
        if (file >= 0)
            m_fileModel->setViewed(file, !m_fileModel->isViewed(file));
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
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(m_workspaces->newAction());
    file->addAction(m_workspaces->openAction());
    file->addAction(m_workspaces->serverAction());
    file->addMenu(m_workspaces->recentMenu());
    file->addSeparator();
    (new ExchangeActions(m_session, this))->addTo(file); // Open from Workspace, Import, Export
    file->addSeparator();
    file->addAction(action(QStringLiteral("quit")));

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (const char *name : {"unified", "wrap", "ignoreWhitespace", "description"})
        view->addAction(action(QString::fromLatin1(name)));
    view->addAction(action(QStringLiteral("showSlices")));
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

    QMenu *review = menuBar()->addMenu(tr("&Review"));
    review->addAction(action(QStringLiteral("runReview")));
    review->addAction(action(QStringLiteral("resumeRun")));
    review->addAction(action(QStringLiteral("showReview")));
    m_team->fillMenu(review);
    review->addAction(action(QStringLiteral("evaluate")));

    m_judging->fillMenu(menuBar()->addMenu(tr("&Judge")));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(action(QStringLiteral("manual")));
    help->addAction(action(QStringLiteral("shortcutSheet")));
    help->addAction(tr("&About ReviewDesk"), this, [this] {
        QMessageBox::about(this, tr("About ReviewDesk"),
                           tr("<h3>ReviewDesk %1</h3><p>A workbench for defect-focused code review with LLMs.</p>"
                              "<p>Syntax highlighting: %2. libgit2, Qt %3.</p>")
                               .arg(QApplication::applicationVersion(), SyntaxHighlighter::backendName(), QString::fromLatin1(qVersion())));
    });
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
    if (!restoreState(settings.value(QStringLiteral("window/state")).toByteArray()))
        resizeDocks({findChild<QDockWidget *>(QStringLiteral("slicesDock"))}, {260}, Qt::Vertical); // the diff keeps most of the room
    if (settings.contains(QStringLiteral("window/splitter")))
        m_splitter->restoreState(settings.value(QStringLiteral("window/splitter")).toByteArray());
    for (const char *name : {"unified", "wrap", "description"})
        action(QString::fromLatin1(name))->setChecked(settings.value(QStringLiteral("view/") + QString::fromLatin1(name), false).toBool());
    QAction *whitespace = action(QStringLiteral("ignoreWhitespace"));
    whitespace->blockSignals(true);
    whitespace->setChecked(settings.value(QStringLiteral("view/ignoreWhitespace"), false).toBool());
    whitespace->blockSignals(false);
    if (settings.contains(QStringLiteral("slices/shown"))) {
        QList<SliceAlgorithm> shown;
        for (const QString &name : settings.value(QStringLiteral("slices/shown")).toStringList())
            if (auto a = algorithmFromName(name))
                shown.append(*a);
        m_slicePanel->setShownAlgorithms(shown);
    }
    const QString theme = settings.value(QStringLiteral("view/theme"), QStringLiteral("system")).toString();
    if (QAction *a = action(QStringLiteral("theme-") + themeName(themeFromName(theme))))
        a->setChecked(true);
    m_session->setSliceTokenBudget(settings.value(QStringLiteral("review/tokenBudget"), DefaultSliceTokenBudget).toInt());
    updateRecentMenu();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/splitter"), m_splitter->saveState());
    for (const char *name : {"unified", "wrap", "ignoreWhitespace", "description"})
        settings.setValue(QStringLiteral("view/") + QString::fromLatin1(name), action(QString::fromLatin1(name))->isChecked());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    m_diffPane->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::changeEvent(QEvent *event)
{
    // Syntax colours depend on the palette: rebuild the shown file.
    if (event->type() == QEvent::PaletteChange && m_session->diff() && m_diffPane->fileIndex() >= 0)
        m_diffPane->showFile(m_session->diff(), m_diffPane->fileIndex());
    QMainWindow::changeEvent(event);
}

void MainWindow::showOpenDialog()
{
    const QStringList recent = QSettings().value(QStringLiteral("recent/repositories")).toStringList();
    auto *dialog = new OpenMergeRequestDialog(recent, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (!m_session->request().repository.isEmpty()) {
        MergeRequestRequest current = m_session->request();
        current.title.clear();
        current.description.clear();
        dialog->setRequest(current);
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog] { openMergeRequest(dialog->request()); });
    dialog->open();
}

void MainWindow::openMergeRequest(const MergeRequestRequest &request)
{
    DiffOptions options;
    options.twoDot = request.twoDot;
    options.ignoreWhitespace = action(QStringLiteral("ignoreWhitespace"))->isChecked();
    if (!m_session->loadMergeRequest(request, options))
        return;
    statusBar()->showMessage(tr("Opening %1 → %2…").arg(request.base, request.head));
    QApplication::setOverrideCursor(Qt::BusyCursor);
}

void MainWindow::showOpenFailure(const QString &message)
{
    QApplication::restoreOverrideCursor();
    m_pathToRestore.clear();
    const MergeRequestRequest request = m_session->loadingRequest();
    statusBar()->showMessage(tr("Could not open the merge request."), 5000);
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Open Merge Request"),
                                tr("ReviewDesk could not open %1 → %2 in %3.").arg(request.base, request.head, request.repository),
                                QMessageBox::Ok, this);
    box->setInformativeText(message);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT openFailed(message);
}

void MainWindow::reopenWithOptions()
{
    const auto mr = m_session->diff();
    if (!mr)
        return;
    if (currentFile() >= 0 && currentFile() < mr->files.size())
        m_pathToRestore = QString::fromUtf8(mr->files[currentFile()].displayPath());
    MergeRequestRequest request = m_session->request();
    request.title = mr->title;
    request.description = mr->description;
    openMergeRequest(request);
}

void MainWindow::showMergeRequest()
{
    QApplication::restoreOverrideCursor();
    m_diffPane->cancel();
    const auto mr = m_session->diff();
    const MergeRequestRequest request = m_session->request();
    // Reopening: the file the annotator had open.
    const QString restoredPath = m_pathToRestore.isEmpty() ? m_session->currentFile() : m_pathToRestore;
    m_pathToRestore.clear();
    m_header->setMergeRequest(mr.get());
    m_header->setDescriptionVisible(action(QStringLiteral("description"))->isChecked());
    m_fileModel->setMergeRequest(mr);
    m_fileTree->expandAll();
    setWindowTitle(tr("%1 — ReviewDesk").arg(mr->title.isEmpty() ? mr->headRevision : mr->title));
    rememberRecent(request);
    statusBar()->showMessage(tr("%n file(s) changed", nullptr, static_cast<int>(mr->files.size())) + QStringLiteral(" · ")
                             + tr("Highlighting: %1").arg(SyntaxHighlighter::backendName()));

    int toSelect = -1;
    for (int i = 0; i < mr->files.size() && !restoredPath.isEmpty(); ++i)
        if (QString::fromUtf8(mr->files[i].displayPath()) == restoredPath)
            toSelect = i;
    const QList<int> order = visibleFileOrder();
    if (toSelect < 0 && !order.isEmpty())
        toSelect = order.first();
    if (toSelect >= 0)
        selectFile(toSelect);
    else
        m_diffPane->showMessage(mr->files.isEmpty() ? tr("This merge request changes no files.") : tr("Select a file to see its changes."));
    updateActions();
    Q_EMIT mergeRequestOpened();
}

void MainWindow::rememberRecent(const MergeRequestRequest &request)
{
    QSettings settings;
    QStringList repositories = settings.value(QStringLiteral("recent/repositories")).toStringList();
    repositories.removeAll(request.repository);
    repositories.prepend(request.repository);
    while (repositories.size() > MaxRecent)
        repositories.removeLast();
    settings.setValue(QStringLiteral("recent/repositories"), repositories);
    settings.setValue(QStringLiteral("recent/last"), QStringList{request.repository, request.base, request.head,
                                                                 request.twoDot ? QStringLiteral("two-dot") : QString()});
    updateRecentMenu();
}

void MainWindow::updateRecentMenu()
{
    m_recentMenu->clear();
    const QStringList repositories = QSettings().value(QStringLiteral("recent/repositories")).toStringList();
    for (const QString &repo : repositories) {
        m_recentMenu->addAction(repo, this, [this, repo] {
            auto *dialog = new OpenMergeRequestDialog({repo}, this);
            dialog->setAttribute(Qt::WA_DeleteOnClose);
            dialog->setRequest({repo, QString(), QString(), false, {}, {}});
            connect(dialog, &QDialog::accepted, this, [this, dialog] { openMergeRequest(dialog->request()); });
            dialog->open();
        });
    }
    m_recentMenu->setEnabled(!repositories.isEmpty());
}

QList<int> MainWindow::visibleFileOrder() const
{
    QList<int> order;
    std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
        for (int r = 0; r < m_filterModel->rowCount(parent); ++r) {
            const QModelIndex index = m_filterModel->index(r, 0, parent);
            const int file = index.data(FileTreeModel::FileIndexRole).toInt();
            if (file >= 0)
                order.append(file);
            else
                walk(index);
        }
    };
    walk({});
    return order;
}

bool MainWindow::selectFile(int fileIndex)
{
    const QModelIndex source = m_fileModel->indexOfFile(fileIndex);
    const QModelIndex proxy = m_filterModel->mapFromSource(source);
    if (!proxy.isValid())
        return false;
    m_fileTree->setCurrentIndex(proxy);
    m_fileTree->scrollTo(proxy);
    if (m_diffPane->fileIndex() != fileIndex)
        m_diffPane->showFile(m_session->diff(), fileIndex);
    return true;
}

bool MainWindow::selectFile(const QByteArray &path)
{
    const auto mr = m_session->diff();
    for (int i = 0; mr && i < mr->files.size(); ++i)
        if (mr->files[i].displayPath() == path || mr->files[i].path[Side::Old] == path)
            return selectFile(i);
    return false;
}

int MainWindow::currentFile() const
{
    return m_diffPane->fileIndex();
}

void MainWindow::nextFile(int step)
{
    const QList<int> order = visibleFileOrder();
    if (order.isEmpty())
        return;
    const qsizetype at = order.indexOf(currentFile());
    const qsizetype next = at < 0 ? 0 : at + step;
    if (next >= 0 && next < order.size())
        selectFile(order[next]);
}

void MainWindow::nextChange(int step)
{
    DiffView *view = m_diffPane->view();
    if (m_diffPane->isBuilding())
        return;
    const bool moved = step > 0 ? view->nextChange() : view->previousChange();
    if (moved)
        return;
    // Past the last change of this file: on to the neighbouring file.
    const QList<int> order = visibleFileOrder();
    const qsizetype at = order.indexOf(currentFile());
    const qsizetype next = at + step;
    if (at < 0 || next < 0 || next >= order.size()) {
        statusBar()->showMessage(step > 0 ? tr("No more changes.") : tr("No earlier changes."), 3000);
        return;
    }
    selectFile(order[next]);
    // Land on the first (or last) change once the document is shown.
    auto *context = new QObject(this);
    connect(m_diffPane, &DiffPane::documentShown, context, [this, step, context] {
        DiffView *v = m_diffPane->view();
        if (step > 0)
            v->nextChange();
        else
            while (v->nextChange()) {
            }
        context->deleteLater();
    });
}

void MainWindow::showFind()
{
    m_findBar->show();
    m_findEdit->setFocus();
    m_findEdit->selectAll();
}

void MainWindow::find(bool backward)
{
    if (m_findEdit->text().isEmpty()) {
        showFind();
        return;
    }
    const bool found = m_diffPane->view()->find(m_findEdit->text(), backward);
    m_findStatus->setText(found ? QString() : tr("No more matches"));
}

void MainWindow::goToLine()
{
    const DiffDocument *doc = m_diffPane->view()->document();
    if (!doc)
        return;
    const int last = std::max(doc->side[Side::New].lineCount(), 1);
    bool ok = false;
    const int line = QInputDialog::getInt(this, tr("Go to Line"), tr("Line in the new version (1–%1):").arg(last), 1, 1, last, 1, &ok);
    if (ok && !m_diffPane->view()->goToLine(Side::New, line))
        statusBar()->showMessage(tr("Line %1 is not in the new version.").arg(line), 3000);
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
    if (hasFile) {
        action(QStringLiteral("toggleViewed"))->setText(m_fileModel->isViewed(currentFile()) ? tr("Mark File as Not &Viewed")
                                                                                             : tr("Mark File as &Viewed"));
    }
}

} // namespace rd
