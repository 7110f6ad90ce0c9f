#pragma once

#include <Result.h>
#include <Workspace.h>

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace rd {

class WorkspaceStore;

// What the workspace holds of one merge request: its runs, their comments
// (and the annotators' own) and every annotator's judgements of them.
struct MergeRequestContent
{
    QList<StoredRun> runs;
    QList<StoredComment> comments;
    QList<Judgement> judgements;

    // As the workspace holds it now.
    static Result<MergeRequestContent> read(WorkspaceStore &store, qint64 mergeRequest);
};

// The open merge request as the session shows it: its entry, runs, comments,
// every annotator's judgements, and the annotator's place in it (the current
// file and comment). Controllers (the session and its services) change it
// only through the mutators below; views observe it through its signals,
// each sent by the mutator that made the change, once, after the change is
// in place. It holds no workspace: the controllers store first, then tell it.
// No widgets: the CLI and tests drive it too.
class MergeRequestDocument : public QObject
{
    Q_OBJECT
public:
    explicit MergeRequestDocument(QObject *parent = nullptr);

    // --- Reading ----------------------------------------------------------
    const std::optional<MergeRequestEntry> &entry() const { return m_entry; }
    qint64 id() const { return m_entry ? m_entry->id : 0; } // 0: none is open
    const QList<StoredRun> &runs() const { return m_runs; }
    const QList<StoredComment> &comments() const { return m_comments; }
    const StoredComment *comment(qint64 id) const;
    int indexOf(qint64 comment) const; // in comments(); -1 when not there
    // Every annotator's judgement of a comment.
    QList<Judgement> judgementsOf(qint64 comment) const { return m_judgements.value(comment); }
    std::optional<Judgement> judgementOf(qint64 comment, const QString &annotator) const;
    QString currentFile() const { return m_file; }
    qint64 currentComment() const { return m_current; } // 0: none
    // How long the current comment has been current (a verdict's time spent).
    std::optional<qint64> msOnCurrentComment() const;

    // --- Changing (each sends what it changed) ------------------------------
    // Another merge request is open, at the annotator's place in it (a file,
    // a comment of it or none): mergeRequestChanged, runsChanged,
    // commentsChanged, currentFileChanged, currentCommentChanged, placeChanged.
    void open(const MergeRequestEntry &entry, const MergeRequestContent &content, const QString &file, qint64 comment);
    // None is open (the workspace closed): mergeRequestChanged, runsChanged
    // when there were runs, commentsChanged, and the place signals when
    // there was a place.
    void close();
    // The runs, comments and judgements as the workspace holds them after a
    // run was stored: runsChanged, then commentsChanged.
    void setContent(const MergeRequestContent &content);
    // Comments added or removed (with every judgement of them):
    // commentsChanged; a current comment that is gone is let go first
    // (currentCommentChanged(0)).
    void setComments(const QList<StoredComment> &comments, const QList<Judgement> &judgements);
    // What others committed, read again: only what differs is sent —
    // runsChanged when other runs are there; commentsChanged (then
    // currentCommentChanged, for lists to select it again after their reset)
    // when other comments are there, else commentChanged for each comment
    // whose text changed and judgementChanged for each whose judgements did.
    void refresh(const MergeRequestContent &content);
    // One comment's text or lines as stored now: commentChanged.
    void updateComment(const StoredComment &comment);
    // Every annotator's judgements of one comment as stored now: judgementChanged.
    void setJudgementsOf(qint64 comment, const QList<Judgement> &judgements);
    // Judgements just stored, each its annotator's judgement of its comment
    // now: judgementChanged for each.
    void replaceJudgements(const QList<Judgement> &stored);
    // The annotator's judgement of the comment is gone: judgementChanged.
    void clearJudgementOf(qint64 comment, const QString &annotator);
    // The place: currentFileChanged / currentCommentChanged when it differs
    // (a comment in another file moves the file too), then placeChanged.
    void setCurrentFile(const QString &file);
    void setCurrentComment(qint64 id); // 0: none; a comment not in comments() is ignored
    // Moves to the next / previous comment (in comments() order) that
    // `visible` accepts (all when empty). False at the end.
    bool selectNext(const std::function<bool(const StoredComment &)> &visible = {});
    bool selectPrevious(const std::function<bool(const StoredComment &)> &visible = {});

Q_SIGNALS:
    void mergeRequestChanged();     // another merge request is open (or none)
    void runsChanged();
    void commentsChanged();         // comments added, removed or read again
    void commentChanged(qint64 id); // one comment's text or lines edited
    void judgementChanged(qint64 comment);
    void currentFileChanged(const QString &file);
    void currentCommentChanged(qint64 comment);
    // After the place signals of one change: the place to remember.
    void placeChanged();

private:
    void setJudgements(const QList<Judgement> &judgements);
    // Lets go of a current comment that is no longer there; true when it did.
    bool dropVanishedCurrent();

    std::optional<MergeRequestEntry> m_entry;
    QList<StoredRun> m_runs;
    QList<StoredComment> m_comments;
    QHash<qint64, QList<Judgement>> m_judgements; // comment -> every annotator's
    QString m_file;
    qint64 m_current = 0;
    QElapsedTimer m_sinceSelected;
};

} // namespace rd
