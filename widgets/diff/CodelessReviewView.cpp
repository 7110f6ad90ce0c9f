#include "CodelessReviewView.h"

#include "CommentCardText.h"

#include <ExchangeService.h>
#include <ReviewSession.h>

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

#include <utility>

namespace rd {

namespace {
const QString CommentScheme = QStringLiteral("comment");
}

CodelessReviewView::CodelessReviewView(ReviewSession *session, QWidget *parent) : QWidget(parent), m_session(session)
{
    setObjectName(QStringLiteral("codelessReview"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *top = new QHBoxLayout;
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("codelessNote"));
    m_note->setWordWrap(true);
    m_note->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_note, 1);
    m_fetch = new QPushButton(tr("Fetch Code…"), this);
    m_fetch->setObjectName(QStringLiteral("fetchCode"));
    m_fetch->setToolTip(tr("Choose a local clone that holds this merge request's base and head commits, and open its diff"));
    // The window's single keys judge; the button must not take them.
    m_fetch->setFocusPolicy(Qt::ClickFocus);
    top->addWidget(m_fetch, 0, Qt::AlignTop);
    layout->addLayout(top);
    m_list = new QTextBrowser(this);
    m_list->setObjectName(QStringLiteral("codelessComments"));
    m_list->setOpenLinks(false);
    m_list->setFocusPolicy(Qt::ClickFocus);
    layout->addWidget(m_list, 1);

    connect(m_fetch, &QPushButton::clicked, this, &CodelessReviewView::fetchCode);
    connect(m_list, &QTextBrowser::anchorClicked, this, [this](const QUrl &url) {
        if (url.scheme() == CommentScheme)
            m_session->setCurrentComment(url.path().toLongLong());
    });
    const MergeRequestDocument *document = session->document();
    connect(session, &ReviewSession::workspaceChanged, this, &CodelessReviewView::refresh);
    connect(session, &ReviewSession::annotatorChanged, this, &CodelessReviewView::refresh);
    connect(document, &MergeRequestDocument::mergeRequestChanged, this, &CodelessReviewView::refresh);
    connect(document, &MergeRequestDocument::commentsChanged, this, &CodelessReviewView::refresh);
    connect(document, &MergeRequestDocument::commentChanged, this, &CodelessReviewView::refresh);
    connect(document, &MergeRequestDocument::judgementChanged, this, &CodelessReviewView::refresh);
    connect(session, &ReviewSession::othersJudgementChanged, this, &CodelessReviewView::refresh);
    connect(document, &MergeRequestDocument::currentCommentChanged, this, [this] {
        m_scrollPending = true;
        refresh();
    });
}

void CodelessReviewView::setMergeRequest(const MergeRequestEntry &entry, const QString &note)
{
    m_entry = entry;
    m_note->setText(note);
    m_scrollPending = true;
    refresh();
}

QString CodelessReviewView::note() const
{
    return m_note->text();
}

void CodelessReviewView::setVisibleFilter(std::function<bool(const StoredComment &)> visible)
{
    m_visible = std::move(visible);
    refresh();
}

QString CodelessReviewView::commentHtml(const StoredComment &c, bool current) const
{
    const ReviewComment &r = c.comment;
    QString where = r.lineEnd > r.lineStart ? tr("lines %1–%2").arg(r.lineStart).arg(r.lineEnd) : tr("line %1").arg(r.lineStart);
    if (r.side == QLatin1String("old"))
        where += QStringLiteral(" ") + tr("(old side)");
    const QString state = r.kept ? tr("kept by the pipeline") : tr("filtered: %1").arg(CommentCardText::stageText(r.droppedAt));
    const QString background = current ? palette().color(QPalette::Highlight).lighter(180).name() : palette().color(QPalette::AlternateBase).name();
    const QString card = CommentCardText::html(c, m_session->judgement(c.id), CommentCardText::runLabel(m_session->runs(), c), {}, palette());
    return QStringLiteral("<a name='c%1'></a><table width='100%' cellpadding='6' cellspacing='0' bgcolor='%2' style='margin-bottom:6px'>"
                          "<tr><td><a href='%3:%1'><b>%4</b></a> · %5 · <i>%6</i>%7</td></tr></table>")
        .arg(c.id)
        .arg(background, CommentScheme, r.file.toHtmlEscaped(), where.toHtmlEscaped(), state.toHtmlEscaped(), card);
}

bool CodelessReviewView::showsOpenMergeRequest() const
{
    return m_entry && m_session->currentMergeRequestId() == m_entry->id;
}

void CodelessReviewView::refresh()
{
    // Another merge request (or workspace) opened meanwhile: nothing of this
    // one stays to act on, at once (cheap); the list's rebuild waits.
    const bool open = showsOpenMergeRequest();
    m_fetch->setEnabled(open);
    if (!open) {
        m_rebuildPending = false;
        m_scrollPending = false;
        m_listed.clear();
        m_list->clear();
        return;
    }
    if (m_rebuildPending)
        return;
    m_rebuildPending = true;
    QMetaObject::invokeMethod(this, &CodelessReviewView::rebuildIfPending, Qt::QueuedConnection);
}

QList<qint64> CodelessReviewView::listedComments()
{
    rebuildIfPending();
    return m_listed;
}

QTextBrowser *CodelessReviewView::list()
{
    rebuildIfPending();
    return m_list;
}

void CodelessReviewView::rebuildIfPending()
{
    if (!m_rebuildPending)
        return;
    m_rebuildPending = false;
    if (showsOpenMergeRequest())
        rebuild();
    if (std::exchange(m_scrollPending, false))
        showCurrent();
}

void CodelessReviewView::rebuild()
{
    m_listed.clear();
    QString html;
    for (const StoredComment &c : m_session->comments()) {
        if (m_visible && !m_visible(c))
            continue;
        m_listed.append(c.id);
        html += commentHtml(c, c.id == m_session->currentComment());
    }
    if (m_listed.isEmpty())
        html = QStringLiteral("<p>%1</p>").arg(tr("No comments to show (the Comments panel's filter may hide them).").toHtmlEscaped());
    // Rewriting the list must not move it: only a change of current comment scrolls.
    const int scroll = m_list->verticalScrollBar()->value();
    m_list->setHtml(html);
    m_list->verticalScrollBar()->setValue(scroll);
    Q_EMIT listRebuilt();
}

void CodelessReviewView::showCurrent()
{
    if (const qint64 current = m_session->currentComment(); current && m_listed.contains(current))
        m_list->scrollToAnchor(QStringLiteral("c%1").arg(current));
}

void CodelessReviewView::fetchCode()
{
    if (!m_entry)
        return;
    const MergeRequestEntry entry = *m_entry;
    const QString clone = m_chooseClone ? m_chooseClone(entry)
                                        : QFileDialog::getExistingDirectory(this, tr("Fetch Code: a Clone of %1").arg(entry.url.isEmpty() ? entry.repository : entry.url));
    if (clone.isEmpty())
        return;
    const auto linked = m_session->exchange()->linkCode(entry.id, clone);
    if (!linked) {
        auto *box = new QMessageBox(QMessageBox::Warning, tr("Cannot Fetch Code"),
                                    tr("The merge request's code is not in %1; nothing was changed.").arg(QDir::toNativeSeparators(clone)),
                                    QMessageBox::Ok, this);
        box->setObjectName(QStringLiteral("fetchCodeFailed"));
        box->setInformativeText(linked.error().message);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
        return;
    }
    m_entry = *linked;
    Q_EMIT codeLinked(entry.id);
}

} // namespace rd
