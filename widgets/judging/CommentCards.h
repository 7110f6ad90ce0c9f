#pragma once

#include <DiffView.h>
#include <Workspace.h>

#include <QObject>
#include <QSet>

#include <functional>

namespace rd {

class DiffPane;
class ReviewSession;

// Keeps the diff's comment cards in step with the session: the comments of
// the file on screen, their judgements, which are collapsed, which the
// comments panel's filter hides, and which one is current.
class CommentCards : public QObject
{
    Q_OBJECT

public:
    CommentCards(ReviewSession *session, DiffPane *pane, QObject *parent = nullptr);

    // Comments the filter rejects get no card.
    void setVisibleFilter(std::function<bool(const StoredComment &)> visible);
    void setCollapsed(qint64 comment, bool collapsed);
    bool isCollapsed(qint64 comment) const { return m_collapsed.contains(comment); }
    void toggleCurrent();

    // Where a comment's card goes in a document, and a note when its lines
    // are not in the file (then the nearest row); row -1 when the comment is
    // not about this file.
    struct Placement { int row = -1; Side side = Side::New; QString note; };
    static Placement place(const ReviewComment &comment, const DiffDocument &document);

public Q_SLOTS:
    void refresh();

private:

    ReviewSession *m_session;
    DiffPane *m_pane;
    std::function<bool(const StoredComment &)> m_visible;
    QSet<qint64> m_collapsed;
};

} // namespace rd
