#pragma once

#include <Workspace.h>

#include <QWidget>

#include <functional>
#include <optional>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace rd {

class ReviewSession;

// A merge request imported without its code, in place of the diff: its
// comments as a list (path, lines, text, suggested fix, kept or filtered,
// the judgement), the session's current comment marked, and "Fetch code…"
// to link it to a clone holding its commits. Judging goes through the
// window's judging keys and the session like anywhere else; this only shows
// the session's state and moves its current comment.
class CodelessReviewView : public QWidget
{
    Q_OBJECT

public:
    explicit CodelessReviewView(ReviewSession *session, QWidget *parent = nullptr);

    void setMergeRequest(const MergeRequestEntry &entry, const QString &note);
    std::optional<MergeRequestEntry> mergeRequest() const { return m_entry; }
    QString note() const;
    // Comments the filter rejects are not listed (the Comments panel's filter,
    // as for the diff's cards and Next/Previous).
    void setVisibleFilter(std::function<bool(const StoredComment &)> visible);
    // Comment ids in the order listed, and the list itself: both as the
    // session is now (a rebuild still waiting for the event loop is done first).
    QList<qint64> listedComments();
    QTextBrowser *list();
    // How the clone is chosen (a folder dialog; tests answer without one).
    // An empty answer cancels.
    void setCloneChooser(std::function<QString(const MergeRequestEntry &)> choose) { m_chooseClone = std::move(choose); }

public Q_SLOTS:
    // Fetch code…: asks for a clone, checks that it holds base and head, and
    // links the merge request to it (codeLinked); a clone lacking a commit is
    // named in a dialog and nothing changes.
    void fetchCode();
    // Rebuilds the list on the next turn of the event loop: a switch of merge
    // request tells it four or five times (merge request, comments, current
    // comment, the Comments panel's filter), and each rebuild lays out the
    // whole HTML list again (a 200-comment merge request: tens of ms each).
    void refresh();

Q_SIGNALS:
    // The merge request's code is linked now: the window opens its diff.
    void codeLinked(qint64 mergeRequest);
    // The list was laid out anew (once per burst of changes).
    void listRebuilt();

private:
    QString commentHtml(const StoredComment &comment, bool current) const;
    bool showsOpenMergeRequest() const;
    void rebuildIfPending();
    void rebuild();
    void showCurrent();

    ReviewSession *m_session;
    std::optional<MergeRequestEntry> m_entry;
    std::function<bool(const StoredComment &)> m_visible;
    std::function<QString(const MergeRequestEntry &)> m_chooseClone;
    QList<qint64> m_listed;
    bool m_rebuildPending = false;
    bool m_scrollPending = false;
    QLabel *m_note;
    QPushButton *m_fetch;
    QTextBrowser *m_list;
};

} // namespace rd
