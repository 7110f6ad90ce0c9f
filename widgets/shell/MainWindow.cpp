#include "MainWindow.h"

#include <DiffText.h>

#include "CodelessReviewView.h"
#include "DiffPane.h"
#include "DiffView.h"
#include "EvaluationWindow.h"
#include "JudgeEvaluationWindow.h"
#include "CompareView.h"
#include "JudgeAuditList.h"
#include "TriageAnswerList.h"
#include <JudgeAudit.h>
#include "FileListPanel.h"
#include "FindBar.h"
#include "JudgingBar.h"
#include "JudgingStatus.h"
#include "TeamWorkbench.h"
#include "JudgingWorkbench.h"
#include "ManualWindow.h"
#include "PairwiseView.h"
#include "JudgingController.h"
#include "PublishReviewDialog.h"
#include <PublishService.h>
#include "MergeRequestHeader.h"
#include "PipelinePanel.h"
#include "RetrievalPanel.h"
#include "ShortcutSettings.h"
#include "SlicePanel.h"
#include "HighlighterRepository.h"
#include "Theme.h"
#include "WorkspaceActions.h"
#include "ExchangeActions.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QInputDialog>
#include <QMenu>
#include <QPushButton>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

#include <ReviewSession.h>
#include <RunService.h>

namespace rd {

namespace {
constexpr int MaxRecentRepositories = 10;
}

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent)
{
    setWindowTitle(tr("ReviewDesk"));
    setObjectName(QStringLiteral("mainWindow"));

    m_files = new FileListPanel(this);
    m_files->setObjectName(QStringLiteral("fileList"));

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->setSpacing(0);
    m_header = new MergeRequestHeader(right);
    m_header->setObjectName(QStringLiteral("mergeRequestHeader"));
    rightLayout->addWidget(m_header);
    m_diffPane = new DiffPane(right);
    m_diffPane->setObjectName(QStringLiteral("diffPane"));
    m_session = new ReviewSession(this);
    m_judging = new JudgingWorkbench(m_session, this, m_diffPane);
    m_judging->setObjectName(QStringLiteral("judging"));
    m_workspaces = new WorkspaceActions(m_session, this);
    m_workspaces->setObjectName(QStringLiteral("workspaces"));
    m_team = new TeamWorkbench(m_session, this);
    m_team->setObjectName(QStringLiteral("team"));
    rightLayout->addWidget(m_judging->bar());
    m_diffArea = new QStackedWidget(right);
    m_diffArea->addWidget(m_diffPane);
    m_diffArea->addWidget(m_judging->codelessView());
    rightLayout->addWidget(m_diffArea, 1);

    m_findBar = new FindBar(m_diffPane->view(), right);
    rightLayout->addWidget(m_findBar);

    m_splitter = new QSplitter(this);
    m_splitter->addWidget(m_files);
    m_splitter->addWidget(right);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({300, 900});
    setCentralWidget(m_splitter);
    // Moved by hand: the file list keeps the width it was given.
    connect(m_splitter, &QSplitter::splitterMoved, this, [this] { m_filesSizedByHand = true; });

    createDocks();
    createBrowser();

    createActions();
    createMenus();
    connectPullRequestOpener();
    statusBar()->showMessage(tr("Highlighting: %1").arg(HighlighterRepository::backendName()));
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
    connect(m_exchange, &ExchangeActions::mergeRequestChosen, this, &MainWindow::openMergeRequest);
    connect(m_workspaces, &WorkspaceActions::opened, this, &MainWindow::showWorkspaceStart);
    connect(m_exchange, &ExchangeActions::mergeRequestWithoutCode, this, &MainWindow::showMergeRequestWithoutCode);
    connect(m_judging->codelessView(), &CodelessReviewView::codeLinked, m_exchange, &ExchangeActions::openStored);
    connect(m_exchange, &ExchangeActions::statusMessage, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_judging, &JudgingWorkbench::message, this, [this](const QString &text) { statusBar()->showMessage(text, 6000); });
    connect(m_judging, &JudgingWorkbench::showFileRequested, this, [this](const QByteArray &path) { selectFile(path); });

    connect(m_diffPane, &DiffPane::documentShown, this, [this] {
        if (std::exchange(m_focusDiffWhenShown, false))
            m_diffPane->view()->setFocus(Qt::OtherFocusReason);
    });
    connect(m_files, &FileListPanel::currentFileChanged, this, [this](int file) {
        if (file >= 0 && file != m_diffPane->fileIndex())
            m_diffPane->showFile(m_session->diff(), file);
        updateActions();
    });
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
    connect(m_diffPane, &DiffPane::documentShown, this, &MainWindow::fileShown);
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
    connect(m_files, &FileListPanel::viewedChanged, this, [this] { updateActions(); });

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

bool MainWindow::openWorkspace(const QString &location, bool create)
{
    return m_workspaces->open(location, create);
}

QString MainWindow::workspaceError() const
{
    return m_workspaces->lastError();
}

bool MainWindow::isBuildingDiff() const
{
    return m_diffPane->isBuilding();
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
    // It opens on its figures (computed on its worker), not on an empty
    // page waiting for the Evaluate button.
    static_cast<EvaluationWindow *>(m_evaluation.data())->evaluate();
}

void MainWindow::showJudgeEvaluation()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(this, tr("Evaluate Judge"), tr("Open a workspace first: the judge is measured against the labels people gave in it."));
        return;
    }
    if (!m_judgeEvaluation) {
        auto *window = new JudgeEvaluationWindow(*m_session->store(), this);
        window->setAttribute(Qt::WA_DeleteOnClose);
        connect(window, &JudgeEvaluationWindow::commentChosen, m_team, &TeamWorkbench::openComment);
        // The window closes with the workspace it reads.
        connect(m_session, &ReviewSession::workspaceChanged, window, &JudgeEvaluationWindow::abandon);
        m_judgeEvaluation = window;
    }
    m_judgeEvaluation->show();
    m_judgeEvaluation->raise();
}

namespace {

// A window of the annotator's own (votes, triage answers) to the front.
void bringToFront(QWidget *window)
{
    window->show();
    window->raise();
    window->activateWindow();
}

} // namespace

// Judge ▸ Compare Two Reviews…: blind pairwise votes by the annotator, on
// the open merge request's runs (the window offers every merge request too).
void MainWindow::showPairwiseView()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(this, tr("Compare Two Reviews"), tr("Open a workspace first: the reviews compared are its runs, and the votes are kept in it."));
        return;
    }
    if (!m_judging->controller()->ensureAnnotator())
        return;
    if (m_pairwise) {
        bringToFront(m_pairwise);
        return;
    }
    auto *view = new PairwiseView(*m_session->store(), m_session->annotator(), m_session->currentMergeRequestId(), this);
    view->setAttribute(Qt::WA_DeleteOnClose);
    // Its votes are the annotator's in that workspace: it closes with either.
    connect(m_session, &ReviewSession::workspaceChanged, view, &PairwiseView::abandon);
    connect(m_session, &ReviewSession::annotatorChanged, view, &PairwiseView::abandon);
    m_pairwise = view;
    bringToFront(view);
}

void MainWindow::showTriageAnswers()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(this, tr("Answer Triage"), tr("Open a workspace first: the triage queue and its answers are kept in it."));
        return;
    }
    if (!m_judging->controller()->ensureAnnotator())
        return;
    if (m_triageAnswers) {
        bringToFront(m_triageAnswers);
        return;
    }
    auto answering = TriageAnswering::open(*m_session->store(), m_session->annotator());
    if (!answering) {
        QMessageBox::warning(this, tr("Answer Triage"), answering.error().message);
        return;
    }
    auto *list = new TriageAnswerList(std::move(*answering), this);
    list->setAttribute(Qt::WA_DeleteOnClose);
    // Its answers are the annotator's in that workspace: it closes with either.
    connect(m_session, &ReviewSession::workspaceChanged, list, &TriageAnswerList::abandon);
    connect(m_session, &ReviewSession::annotatorChanged, list, &TriageAnswerList::abandon);
    m_triageAnswers = list;
    bringToFront(list);
}

// The Compare view's Audit tab: the pairs of the benchmark judges' matches
// for the annotator to decide, each decision recomputing the boards under
// people's audit. Without a name yet, the tab asks for it when the user
// wants to audit (opening the view asks nothing); a workspace with nothing
// to audit says why in the tab.
void MainWindow::addAuditList(CompareView *view)
{
    if (m_session->annotator().isEmpty()) {
        auto *ask = new QWidget;
        auto *layout = new QVBoxLayout(ask);
        layout->addWidget(new QLabel(tr("People's decisions on the judges' matches are kept under the annotator's name.")));
        auto *button = new QPushButton(tr("Audit the Judges…"));
        button->setObjectName(QStringLiteral("auditAs"));
        layout->addWidget(button, 0, Qt::AlignLeft);
        layout->addStretch();
        connect(button, &QPushButton::clicked, view, [this, view, ask] {
            if (!m_judging->controller()->ensureAnnotator())
                return;
            ask->deleteLater(); // its tab goes with it
            addAuditList(view);
        });
        view->setAuditList(ask);
        return;
    }
    JudgeAudit::Options options;
    options.annotator = m_session->annotator();
    auto audit = JudgeAudit::open(*m_session->store(), options);
    if (!audit) {
        auto *why = new QLabel(audit.error().message);
        why->setWordWrap(true);
        why->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        view->setAuditList(why);
        return;
    }
    auto *list = new JudgeAuditList(std::move(*audit));
    connect(list, &JudgeAuditList::decisionsChanged, view, &CompareView::reload);
    view->setAuditList(list);
}

void MainWindow::showComparison()
{
    if (!m_session->hasWorkspace()) {
        QMessageBox::information(this, tr("Compare Reviewers"),
                                 tr("Open a workspace first: the comparison reads its runs, its imported benchmarks and their judges' verdicts."));
        return;
    }
    if (!m_comparison) {
        auto *view = new CompareView(*m_session->store(), m_session->workspacePath(), this);
        view->setAttribute(Qt::WA_DeleteOnClose);
        // The view closes with the workspace it reads.
        connect(m_session, &ReviewSession::workspaceChanged, view, &CompareView::abandon);
        addAuditList(view);
        m_comparison = view;
    } else {
        static_cast<CompareView *>(m_comparison.data())->reload();
    }
    m_comparison->show();
    m_comparison->raise();
}

void MainWindow::showPublishDialog()
{
    if (const QString why = m_session->publishing()->whyUnavailable(); !why.isEmpty()) {
        QMessageBox::information(this, tr("Publish Review"), why);
        return;
    }
    if (!m_publish) {
        auto *dialog = new PublishReviewDialog(*m_session->publishing(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        m_publish = dialog;
    } else {
        static_cast<PublishReviewDialog *>(m_publish.data())->refresh();
    }
    m_publish->show();
    m_publish->raise();
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
    m_diffArea->setCurrentWidget(m_diffPane);
    // The pane's file is the previous diff's (or a note): selecting the same
    // index in this one must build its document, not keep the old one.
    m_diffPane->showFile(nullptr, -1);
    const auto mr = m_session->diff();
    const MergeRequestRequest request = m_session->request();
    // Reopening: the file the annotator had open.
    const QString restoredPath = m_pathToRestore.isEmpty() ? m_session->currentFile() : m_pathToRestore;
    m_pathToRestore.clear();
    m_header->setMergeRequest(mr.get());
    m_header->setDescriptionVisible(action(QStringLiteral("description"))->isChecked());
    m_files->setMergeRequest(mr);
    fitFileListToNames();
    setWindowTitle(tr("%1 — ReviewDesk").arg(mr->title.isEmpty() ? mr->headRevision : mr->title));
    rememberRecent(request);
    statusBar()->showMessage(tr("%n file(s) changed", nullptr, static_cast<int>(mr->files.size())) + QStringLiteral(" · ")
                             + tr("Highlighting: %1").arg(HighlighterRepository::backendName()));

    int toSelect = -1;
    for (int i = 0; i < mr->files.size() && !restoredPath.isEmpty(); ++i)
        if (QString::fromUtf8(mr->files[i].displayPath()) == restoredPath)
            toSelect = i;
    const QList<int> order = visibleFileOrder();
    if (toSelect < 0 && !order.isEmpty())
        toSelect = firstFileToReview(*mr, order);
    if (toSelect >= 0)
        selectFile(toSelect);
    else
        m_diffPane->showMessage(mr->files.isEmpty() ? tr("This merge request changes no files.") : tr("Select a file to see its changes."));
    updateActions();
    // A merge request opens with the keyboard in its diff, where the tour's
    // keys (J, A, Alt+Down) act: the Merge Requests panel's search box,
    // focused to invite a choice, took the J the window asks for. The view
    // takes it once its first document is shown (a hidden widget cannot).
    m_focusDiffWhenShown = true;
    Q_EMIT mergeRequestOpened();
}

int MainWindow::firstFileToReview(const MergeRequest &mr, const QList<int> &order)
{
    // The first changed source file the tree lists: not a deleted note
    // (the demo opened on docs/old-notes.txt), a binary or a submodule.
    // Else the first file with a side to read, else the first listed.
    auto readable = [&mr](int i) {
        const FileDiff &f = mr.files[i];
        return f.exists(Side::New) && f.isReadable() && !f.isBinary() && !f.isSubmodule() && !f.hunks.isEmpty();
    };
    for (int i : order)
        if (readable(i) && languageOfPath(QString::fromUtf8(mr.files[i].displayPath())) != QLatin1String("other"))
            return i;
    for (int i : order)
        if (readable(i))
            return i;
    return order.first();
}

void MainWindow::fitFileListToNames()
{
    // Names whole ("report.cpp → reportin…" was cut at the default size),
    // widening the list up to two fifths of the window, never narrowing it.
    const QList<int> sizes = m_splitter->sizes();
    if (m_filesSizedByHand || sizes.size() != 2)
        return;
    const int wanted = std::min(m_files->widthForNames(), m_splitter->width() * 2 / 5);
    if (wanted > sizes[0])
        m_splitter->setSizes({wanted, sizes[0] + sizes[1] - wanted});
}

void MainWindow::showMergeRequestWithoutCode(const MergeRequestEntry &entry, const QString &note)
{
    // Nothing of another merge request's diff may stay on screen.
    m_files->setMergeRequest(nullptr);
    m_header->setMergeRequest(nullptr);
    m_diffPane->showMessage(note);
    m_judging->codelessView()->setMergeRequest(entry, note);
    m_diffArea->setCurrentWidget(m_judging->codelessView());
    setWindowTitle(tr("%1 — ReviewDesk").arg(entry.title.isEmpty() ? entry.url : entry.title));
}

void MainWindow::rememberRecent(const MergeRequestRequest &request)
{
    QSettings settings;
    QStringList repositories = settings.value(QStringLiteral("recent/repositories")).toStringList();
    repositories.removeAll(request.repository);
    repositories.prepend(request.repository);
    while (repositories.size() > MaxRecentRepositories)
        repositories.removeLast();
    settings.setValue(QStringLiteral("recent/repositories"), repositories);
    // Per workspace: another workspace opens on its own merge requests.
    if (const QString key = recentMergeRequestKey(); !key.isEmpty())
        settings.setValue(key, QStringList{request.repository, request.base, request.head});
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
    return m_files->visibleFileOrder();
}

bool MainWindow::selectFile(int fileIndex)
{
    if (!m_files->select(fileIndex))
        return false;
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

} // namespace rd
