#pragma once

// Judge ▸ Compare Two Reviews… (issue 35, "Pairwise votes"): two whole
// reviews of one merge request side by side, labelled only "A" and "B", and
// the keys A / B / T (tie) / S (skip), Ctrl+Z (undo). PairwiseVoting owns
// every piece of state (which pair, in which order, the votes, undo); this
// window shows it and passes the keys on. Blind: nothing here names a run,
// its configuration or its model.

#include <PairwiseVote.h>

#include <QElapsedTimer>
#include <QWidget>

#include <memory>
#include <optional>

class QAction;
class QComboBox;
class QLabel;
class QSpinBox;
class QStackedWidget;
class QTextBrowser;

namespace rd {

class PairwiseVoting;
class WorkspaceStore;

class PairwiseView : public QWidget
{
    Q_OBJECT

public:
    // For `annotator`, on the pairs of `mergeRequest` (0: of every merge
    // request). A problem opening (the workspace unreadable) is shown in
    // the window and in a dialog.
    PairwiseView(WorkspaceStore &store, const QString &annotator, qint64 mergeRequest, QWidget *parent = nullptr);
    ~PairwiseView() override;

    // The keys' commands.
    void vote(PairWinner winner);
    void skip();
    void undo();
    // Keeps to one merge request's pairs (0: every merge request's): a new
    // voting session (its undo starts empty).
    void setMergeRequest(qint64 mergeRequest);
    // At most `cap` votes by the annotator in the workspace (none: empty).
    void setCap(std::optional<int> cap);
    // A new voting session whose draws come from `seed` (by default the
    // clock's): the same seed shows the same pairs in the same orders, for
    // tests and the manual's pictures.
    void setSeed(quint32 seed);
    // The model shown; null when the workspace could not be read.
    const PairwiseVoting *voting() const { return m_voting.get(); }
    // The workspace went away: the window closes.
    void abandon();

Q_SIGNALS:
    void voted(qint64 voteId);
    // A problem shown in a dialog (also for tests and scripts).
    void problem(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void buildActions();
    void open();
    void fillMergeRequests();
    void showState();
    void showProblem(const QString &title, const QString &message);
    void say(const QString &message);

    WorkspaceStore &m_store;
    QString m_annotator;
    qint64 m_mergeRequest = 0;
    std::optional<int> m_cap;
    std::optional<quint32> m_seed;
    std::unique_ptr<PairwiseVoting> m_voting;
    QString m_openError;
    QElapsedTimer m_shownSince; // how long the annotator looked at the pair, stored with the vote
    bool m_filling = false;

    QComboBox *m_mergeRequests = nullptr;
    QSpinBox *m_capBox = nullptr;
    QLabel *m_progress = nullptr;
    QStackedWidget *m_pages = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_headA = nullptr;
    QLabel *m_headB = nullptr;
    QTextBrowser *m_reviewA = nullptr;
    QTextBrowser *m_reviewB = nullptr;
    QLabel *m_others = nullptr;
    QLabel *m_emptyTitle = nullptr;
    QLabel *m_emptyText = nullptr;
    QLabel *m_status = nullptr;
    QAction *m_voteA = nullptr;
    QAction *m_voteB = nullptr;
    QAction *m_tie = nullptr;
    QAction *m_skip = nullptr;
    QAction *m_undo = nullptr;
};

} // namespace rd
