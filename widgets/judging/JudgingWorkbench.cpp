#include "JudgingWorkbench.h"

#include "CodelessReviewView.h"
#include "CommentCards.h"
#include "CommentEditor.h"
#include "CommentsPanel.h"
#include "DiffPane.h"
#include "DiffView.h"
#include "JudgingBar.h"
#include "JudgingController.h"
#include "JudgingStatus.h"
#include "PanelCommand.h"
#include "PendingNotice.h"
#include "UnreviewedMarks.h"
#include "ShortcutSettings.h"
#include "ShortcutSheet.h"

#include <JudgingService.h>
#include <RunService.h>
#include <ReviewSession.h>

#include <QAction>
#include <QDockWidget>
#include <QWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>

namespace rd {

JudgingWorkbench::JudgingWorkbench(ReviewSession *session, QWidget *window, DiffPane *pane)
    : QObject(window), m_session(session), m_window(window), m_pane(pane)
{
    m_controller = new JudgingController(session, window);
    m_cards = new CommentCards(session, pane, this);
    m_codeless = new CodelessReviewView(session, window);
    m_panel = new CommentsPanel(session, window);
    m_bar = new JudgingBar(session, m_controller, window);
    m_status = new JudgingStatus(session, window);
    m_notice = new PendingNotice(session->judging()->pending(), window);
    m_status->setPendingNotice(m_notice);
    m_dock = new QDockWidget(tr("Comments"), window);
    m_dock->setObjectName(QStringLiteral("commentsDock"));
    m_dock->setWidget(m_panel);
    m_showComments = addPanelCommand(m_dock, QStringLiteral("showComments"), tr("Comments"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_M), window,
                                     QStringLiteral("showCommentsPanel"));

    m_sheet = new QAction(tr("&Keyboard Shortcuts"), window);
    m_sheet->setObjectName(QStringLiteral("shortcutSheet"));
    m_sheet->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question)});
    window->addAction(m_sheet);
    connect(m_sheet, &QAction::triggered, this, &JudgingWorkbench::showShortcutSheet);
    m_settings = new QAction(tr("Keyboard &Shortcuts…"), window);
    m_settings->setObjectName(QStringLiteral("shortcutSettings"));
    connect(m_settings, &QAction::triggered, this, &JudgingWorkbench::showShortcutSettings);

    auto visible = [panel = m_panel](const StoredComment &c) { return panel->filterModel()->accepts(c); };
    m_cards->setVisibleFilter(visible);
    m_controller->setVisibleFilter(visible);
    m_status->setDecisionCount([controller = m_controller] { return controller->decisionsInWalk(); });
    m_codeless->setVisibleFilter(visible);
    connect(m_panel, &CommentsPanel::filterChanged, m_cards, &CommentCards::refresh);
    m_unreviewed = new UnreviewedMarks(session, pane, this);
    m_unreviewed->setRunFilter([panel = m_panel] { return panel->filterModel()->filter().run; });
    connect(m_panel, &CommentsPanel::filterChanged, m_unreviewed, &UnreviewedMarks::refresh);
    connect(m_panel, &CommentsPanel::filterChanged, m_codeless, &CodelessReviewView::refresh);
    connect(m_controller, &JudgingController::toggleCardRequested, m_cards, &CommentCards::toggleCurrent);
    connect(m_controller, &JudgingController::toggleFilteredRequested, m_panel, &CommentsPanel::toggleFilteredComments);
    connect(m_controller, &JudgingController::addCommentRequested, this, &JudgingWorkbench::addHumanComment);
    connect(m_controller, &JudgingController::editCommentRequested, this, &JudgingWorkbench::editCurrentComment);
    connect(m_controller, &JudgingController::message, this, &JudgingWorkbench::message);
    connect(session->document(), &MergeRequestDocument::currentCommentChanged, this, &JudgingWorkbench::followCurrentComment);
    connect(session->reviewing(), &RunService::reviewFinished, this, [this] { reportStoredRun(m_session->reviewing()->lastRunStoreError()); });
    connect(pane, &DiffPane::documentShown, this, [this](int file) {
        if (m_session->diff() && file >= 0 && file < m_session->diff()->files.size())
            m_session->setCurrentFile(QString::fromUtf8(m_session->diff()->files[file].displayPath()));
    });
}

void JudgingWorkbench::fillMenu(QMenu *menu) const
{
    const QStringList groups[] = {
        {QStringLiteral("nextComment"), QStringLiteral("previousComment")},
        {QStringLiteral("accept"), QStringLiteral("reject"), QStringLiteral("unsure"), QStringLiteral("acceptAndNext"), QStringLiteral("rejectAndNext")},
        {QStringLiteral("scoreQ1"), QStringLiteral("scoreQ2"), QStringLiteral("scoreQ3"), QStringLiteral("category"), QStringLiteral("contextLevel"),
         QStringLiteral("keyBug"), QStringLiteral("tag"), QStringLiteral("thumbsUp"), QStringLiteral("thumbsDown"), QStringLiteral("critique")},
        {QStringLiteral("addComment"), QStringLiteral("editComment"), QStringLiteral("toggleCard")},
        {QStringLiteral("undoJudging"), QStringLiteral("redoJudging")},
    };
    for (const QStringList &group : groups) {
        for (const QString &name : group)
            menu->addAction(m_controller->action(name));
        menu->addSeparator();
    }
    menu->addAction(m_showComments);
    menu->addAction(m_sheet);
    menu->addAction(m_settings);
}

void JudgingWorkbench::storeRun(const RunRecord &record)
{
    if (!m_session->hasWorkspace()) {
        Q_EMIT message(tr("The run is not stored: no workspace is open."));
        return;
    }
    const auto stored = m_session->reviewing()->storeRun(record);
    reportStoredRun(stored ? QString() : stored.error().message);
}

void JudgingWorkbench::reportStoredRun(const QString &problem)
{
    if (!m_session->hasWorkspace())
        Q_EMIT message(tr("The run is not stored: no workspace is open."));
    else if (!problem.isEmpty())
        Q_EMIT message(tr("The run could not be stored: %1").arg(problem));
    // The Review panel stays in front: it lists the run's comments, most
    // severe first, as the README's tour says; Ctrl+Shift+M brings the
    // Comments panel forward.
}

void JudgingWorkbench::followCurrentComment()
{
    const StoredComment *c = m_session->comment(m_session->currentComment());
    const auto mr = m_session->diff();
    if (!c || !mr)
        return;
    const int shown = m_pane->fileIndex();
    const QByteArray path = c->comment.file.toUtf8();
    if (shown >= 0 && shown < mr->files.size()
        && (mr->files[shown].displayPath() == path || mr->files[shown].path[Side::Old] == path))
        return; // the cards already follow
    Q_EMIT showFileRequested(path);
}

void JudgingWorkbench::addHumanComment()
{
    const auto mr = m_session->diff();
    const int file = m_pane->fileIndex();
    if (!mr || file < 0 || file >= mr->files.size()) {
        Q_EMIT message(tr("Open a file of the merge request first."));
        return;
    }
    DiffView::LineRange range = m_pane->view()->selectedRange();
    if (!range.from) {
        // No selection: the current line of the diff.
        const int line = m_pane->view()->currentLine();
        const auto &lines = m_pane->view()->layout().lines();
        const DiffDocument *doc = m_pane->view()->document();
        if (doc && line >= 0 && line < lines.size() && lines[line].kind == VisualLine::Kind::Row) {
            const DiffRow &row = doc->rows[lines[line].row];
            range.side = row.line[Side::New] && lines[line].sides != VisualLine::OldSide ? Side::New : Side::Old;
            range.from = range.to = row.line[range.side];
        }
    }
    if (!range.from) {
        Q_EMIT message(tr("Select lines first: drag over the line numbers, or Shift+Down from a line."));
        return;
    }
    const FileDiff &f = mr->files[file];
    const QString path = QString::fromUtf8(range.side == Side::Old && f.exists(Side::Old) ? f.path[Side::Old] : f.displayPath());
    auto *editor = new CommentEditor(m_window);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->startNew(path, range.side == Side::Old ? QStringLiteral("old") : QStringLiteral("new"), range.from, range.to);
    connect(editor, &QDialog::accepted, this, [this, editor] {
        const auto id = m_session->judging()->addHumanComment(editor->comment());
        if (!id) {
            Q_EMIT message(id.error().message);
            return;
        }
        m_pane->view()->setSelectedRange({});
        m_session->setCurrentComment(*id);
    });
    editor->open();
}

void JudgingWorkbench::editCurrentComment()
{
    const StoredComment *c = m_session->comment(m_session->currentComment());
    if (!c)
        return;
    auto *editor = new CommentEditor(m_window);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    editor->startEdit(*c);
    connect(editor, &QDialog::accepted, this, [this, editor, id = c->id, version = c->version] {
        CommentEdit edit = editor->edit();
        edit.expectedVersion = version;
        saveEdit(id, edit);
    });
    editor->open();
}

void JudgingWorkbench::showShortcutSheet()
{
    auto *sheet = new ShortcutSheet(m_window, m_controller, m_window);
    sheet->setAttribute(Qt::WA_DeleteOnClose);
    sheet->open();
}

void JudgingWorkbench::showShortcutSettings()
{
    auto *dialog = new ShortcutSettings(m_window, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

// Team scale: on a shared workspace someone else may have changed the
// comment while this editor was open. Their text is never overwritten
// silently: the person is asked, with both texts in front of them.
void JudgingWorkbench::saveEdit(qint64 comment, const CommentEdit &edit)
{
    const auto edited = m_session->judging()->editComment(comment, edit);
    if (edited)
        return;
    if (edited.error().kind != Error::Kind::Conflict) {
        Q_EMIT message(edited.error().message);
        return;
    }
    const StoredComment *theirs = m_session->comment(comment);
    if (!theirs)
        return;
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Comment Changed Meanwhile"),
                                tr("Someone else changed this comment while you were editing it."), QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("editConflict"));
    box->setInformativeText(tr("Their text: “%1”. Your text: “%2”. Save yours over theirs, or keep theirs?")
                                .arg(theirs->comment.issue, edit.issue.value_or(theirs->comment.issue)));
    QPushButton *overwrite = box->addButton(tr("Save Mine"), QMessageBox::AcceptRole);
    box->addButton(tr("Keep Theirs"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, comment, edit, overwrite, version = theirs->version](QAbstractButton *clicked) {
        if (clicked != overwrite)
            return;
        CommentEdit again = edit;
        again.expectedVersion = version; // what they now see: asked again if it changes once more
        saveEdit(comment, again);
    });
    box->open();
}

} // namespace rd
