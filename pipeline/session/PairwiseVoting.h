#pragma once

// The blind pairwise view's model (issue 35, "Pairwise votes"), headless so
// that the window (Judge ▸ Compare Two Reviews…) only shows it: for one
// annotator, the two reviews to compare next (PairDrawing.h: pairs of
// configurations balanced across merge requests, an optional cap, a random
// order recorded with the vote), shown as "A" and "B" and nothing else
// (ArenaReviews.h); the keys A / B / T / S are vote(A), vote(B), vote(Tie)
// and skip(); undo() takes back this session's last vote. Every vote is one
// workspace transaction, committed before vote() returns.

#include <ArenaReviews.h>
#include <PairDrawing.h>
#include <PairwiseVote.h>
#include <Result.h>

#include <QHash>
#include <QList>
#include <QSet>
#include <QString>

#include <memory>
#include <optional>

namespace rd {

class WorkspaceStore;

// What the view shows of the pair, and nothing that names a run, its
// configuration or its model.
struct PairOnScreen
{
    qint64 mergeRequest = 0;
    QString title; // the merge request's
    BlindReview a;
    BlindReview b;
};

// Other annotators' votes on the pair shown, as blind mode lets the
// annotator see them (PairwiseVote.h: only once they have voted on it), in
// the order the pair is shown now.
struct OthersOnPair
{
    int preferA = 0;
    int preferB = 0;
    int ties = 0;
    int hidden = 0; // kept from the annotator by blind mode
};

// How far the annotator has come with the pairs in scope (the merge
// request's, or every merge request's): their votes on them, and how many
// votes they can cast there in all (those, plus the pairs still to be shown
// as far as the cap lets them).
struct VotingProgress
{
    int voted = 0;
    int total = 0;
};

// A merge request the view can keep to: how many runs it has, of how many
// configurations (two or more make pairs to compare).
struct VotingMergeRequest
{
    qint64 id = 0;
    QString title;
    int runs = 0;
    int configurations = 0;
};

class PairwiseVoting
{
public:
    struct Options
    {
        QString annotator;
        std::optional<int> cap;             // at most this many votes by the annotator in the workspace
        quint32 seed = 0;                   // of the draws: the same seed draws the same pairs in the same orders
        std::optional<qint64> mergeRequest; // only this merge request's pairs
    };

    // Reads the workspace and draws the first pair; an error when the
    // workspace cannot be read, the annotator is empty or the cap negative.
    static Result<std::unique_ptr<PairwiseVoting>> open(WorkspaceStore &store, const Options &options);

    // The pair to vote on; empty when there is none left (noPair() says why).
    const std::optional<PairOnScreen> &current() const { return m_screen; }
    // Why there is no pair; for one merge request without two
    // configurations, what it has (no run, one run, runs of one configuration).
    QString noPair() const;
    NoPairReason noPairReason() const { return m_screen ? NoPairReason::None : m_none; }

    // Stores the vote on the pair shown (a vote on the same pair and order
    // before replaces it: StoredVote::replaced), then shows the next pair.
    Result<StoredVote> vote(PairWinner winner, std::optional<qint64> timeSpentMs = {});
    // Shows the next pair; this one is not drawn again in this session.
    Result<bool> skip();
    // Takes back this session's last vote (the vote it replaced, if any,
    // comes back) and shows that pair again.
    Result<bool> undo();
    bool canUndo() const { return !m_undo.isEmpty(); }
    // Another cap (none: empty) for the rest of the session: the pair shown
    // stays while the cap allows a vote on it; with none shown, one is drawn.
    Result<bool> setCap(std::optional<int> cap);

    int myVotes() const;                        // the annotator's votes in the workspace
    std::optional<int> cap() const { return m_options.cap; }
    int remaining() const { return m_remaining; } // pairs the annotator could still be shown
    VotingProgress progress() const;
    const Options &options() const { return m_options; }
    // The workspace's merge requests that have runs, by id.
    QList<VotingMergeRequest> mergeRequests() const;
    bool blind() const { return m_blind; }
    OthersOnPair othersOnCurrent() const;

private:
    PairwiseVoting(WorkspaceStore &store, Options options);
    // Reads the votes again (others vote meanwhile) and draws.
    Result<bool> drawNext();
    Result<bool> show(const DrawnPair &pair);

    struct Step
    {
        DrawnPair pair;
        std::optional<PairwiseVote> replaced;
    };

    WorkspaceStore &m_store;
    Options m_options;
    ArenaData m_data;
    bool m_blind = false;
    qint64 m_draws = 0;
    QSet<std::pair<qint64, qint64>> m_skipped;
    std::optional<DrawnPair> m_pair;
    std::optional<PairOnScreen> m_screen;
    NoPairReason m_none = NoPairReason::None;
    int m_remaining = 0;
    QList<Step> m_undo;
    QHash<qint64, QList<StoredComment>> m_comments; // by merge request, read when first shown
};

} // namespace rd
