#include "CommentCards.h"

#include "CommentCardText.h"
#include "TeamCardText.h"
#include "DiffPane.h"

#include <JudgingService.h>
#include <TeamService.h>
#include <ReviewSession.h>

namespace rd {

CommentCards::CommentCards(ReviewSession *session, DiffPane *pane, QObject *parent)
    : QObject(parent), m_session(session), m_pane(pane)
{
    connect(pane, &DiffPane::documentShown, this, &CommentCards::refresh);
    const MergeRequestDocument *document = session->document();
    for (auto signal : {&MergeRequestDocument::commentsChanged, &MergeRequestDocument::runsChanged, &MergeRequestDocument::mergeRequestChanged})
        connect(document, signal, this, &CommentCards::refresh);
    connect(session, &ReviewSession::annotatorChanged, this, &CommentCards::refresh);
    connect(document, &MergeRequestDocument::commentChanged, this, &CommentCards::refresh);
    connect(document, &MergeRequestDocument::judgementChanged, this, &CommentCards::refresh);
    connect(session->judging(), &JudgingService::pendingChanged, this, &CommentCards::refresh);
    connect(session->team(), &TeamService::teamChanged, this, &CommentCards::refresh);
    connect(session->team(), &TeamService::groupsChanged, this, &CommentCards::refresh); // cards name their group
    connect(document, &MergeRequestDocument::currentCommentChanged, this, [this](qint64 id) { m_pane->view()->setCurrentCard(id); });
    DiffView *view = pane->view();
    connect(view, &DiffView::cardClicked, session, &ReviewSession::setCurrentComment);
    connect(view, &DiffView::cardToggled, this, [this](qint64 id) { setCollapsed(id, !isCollapsed(id)); });
}

void CommentCards::setVisibleFilter(std::function<bool(const StoredComment &)> visible)
{
    m_visible = std::move(visible);
    refresh();
}

void CommentCards::setCollapsed(qint64 comment, bool collapsed)
{
    if (collapsed == isCollapsed(comment))
        return;
    if (collapsed)
        m_collapsed.insert(comment);
    else
        m_collapsed.remove(comment);
    refresh();
}

void CommentCards::toggleCurrent()
{
    if (m_session->currentComment())
        setCollapsed(m_session->currentComment(), !isCollapsed(m_session->currentComment()));
}

CommentCards::Placement CommentCards::place(const ReviewComment &comment, const DiffDocument &document)
{
    Placement out;
    const FileDiff &file = document.file;
    const QByteArray path = comment.file.toUtf8();
    out.side = comment.side == QLatin1String("old") ? Side::Old : Side::New;
    if (path != file.path[Side::New] && path != file.path[Side::Old] && path != file.displayPath())
        return out;
    // A comment on a side the file does not have (a deleted file's new side)
    // goes to the side it has.
    if (document.side[out.side].lineCount() == 0 && document.side[out.side == Side::Old ? Side::New : Side::Old].lineCount() > 0) {
        out.side = out.side == Side::Old ? Side::New : Side::Old;
        out.note = tr("the file has no %1 version; shown on the other side").arg(comment.side);
    }
    const int count = document.side[out.side].lineCount();
    const int wanted = std::max(comment.lineStart, comment.lineEnd);
    int line = wanted;
    if (wanted < 1 || wanted > count) {
        line = std::clamp(wanted, 1, std::max(1, count));
        if (out.note.isEmpty())
            out.note = wanted < 1 ? tr("it names no line; shown at the top")
                                  : tr("line %1 is past the end of the file (%2 lines); shown at the last line").arg(wanted).arg(count);
    }
    for (int r = 0; r < document.rows.size(); ++r)
        if (document.rows[r].line[out.side] == line) {
            out.row = r;
            return out;
        }
    // An empty file: the first row, if any.
    out.row = document.rows.isEmpty() ? -1 : 0;
    return out;
}

void CommentCards::refresh()
{
    DiffView *view = m_pane->view();
    const DiffDocument *document = view->document();
    if (!document || m_pane->isBuilding())
        return;
    // The document is of a diff the session no longer has (another merge
    // request is open, or one without code): none of its comments belong there.
    if (!m_session->diff()) {
        if (!view->cards().isEmpty())
            view->setCards({});
        return;
    }
    const QPalette palette = view->palette();
    QList<DiffCard> cards;
    for (const StoredComment &c : m_session->comments()) {
        if (m_visible && !m_visible(c))
            continue;
        // An outdated comment's lines are gone from this code: the Comments
        // panel shows it with the text it was made on.
        if (c.outdated)
            continue;
        const Placement where = place(c.comment, *document);
        if (where.row < 0)
            continue;
        // A decision not stored yet shows as made, marked pending.
        const auto pending = m_session->judging()->pending()->pendingFor(c.id);
        const auto judgement = pending ? pending : m_session->judgement(c.id);
        DiffCard card;
        card.anchor = {where.row, where.side};
        card.id = c.id;
        card.collapsed = isCollapsed(c.id);
        card.accent = CommentCardText::severityColor(c.comment.q3Severity);
        card.html = CommentCardText::html(c, judgement, CommentCardText::runLabel(m_session->runs(), c), where.note, palette)
                    + TeamCardText::html(*m_session, c, palette);
        card.summary = CommentCardText::summary(c, judgement, palette);
        if (pending) {
            const QString mark = QStringLiteral("<b>%1</b> ").arg(tr("Pending: not stored yet").toHtmlEscaped());
            card.html.prepend(mark);
            card.summary.prepend(mark);
        }
        cards.append(card);
    }
    view->setCards(cards);
    if (m_session->currentComment())
        view->setCurrentCard(m_session->currentComment());
}

} // namespace rd
