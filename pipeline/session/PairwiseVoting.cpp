#include "PairwiseVoting.h"

#include <TeamAnnotation.h>
#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QMap>

#include <algorithm>

namespace rd {

PairwiseVoting::PairwiseVoting(WorkspaceStore &store, Options options) : m_store(store), m_options(std::move(options)) {}

Result<std::unique_ptr<PairwiseVoting>> PairwiseVoting::open(WorkspaceStore &store, const Options &options)
{
    Options o = options;
    o.annotator = o.annotator.trimmed();
    if (o.annotator.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "choose an annotator before voting")};
    if (o.cap && *o.cap < 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the cap of votes cannot be negative")};
    if (o.mergeRequest)
        if (auto known = store.mergeRequest(*o.mergeRequest); !known)
            return known.error();
    std::unique_ptr<PairwiseVoting> voting(new PairwiseVoting(store, o));
    auto data = loadArenaData(store);
    if (!data)
        return data.error();
    voting->m_data = std::move(*data);
    // Blind mode as for judgements: the workspace's setting, else on with several annotators.
    auto setting = store.teamSetting(QStringLiteral("blind_mode"));
    if (!setting)
        return setting.error();
    auto annotators = store.annotators();
    if (!annotators)
        return annotators.error();
    voting->m_blind = blindModeFor(*setting ? std::optional<bool>(**setting == QLatin1String("on")) : std::nullopt, int(annotators->size()));
    if (auto drawn = voting->drawNext(); !drawn)
        return drawn.error();
    return voting;
}

QString PairwiseVoting::noPair() const
{
    if (m_screen)
        return {};
    if (m_none == NoPairReason::TooFewConfigurations && m_options.mergeRequest) {
        const QList<qint64> runs = m_data.runsOf(*m_options.mergeRequest);
        if (runs.isEmpty())
            return QCoreApplication::translate("rd::pipeline", "this merge request has no runs yet: review it twice, with two different configurations, to compare the reviews");
        if (runs.size() == 1)
            return QCoreApplication::translate("rd::pipeline", "this merge request has one run: review it again with another configuration to compare the two reviews");
        return QCoreApplication::translate("rd::pipeline", "the %n runs of this merge request are all of one configuration: only reviews by different configurations are compared", nullptr,
                                           int(runs.size()));
    }
    return noPairText(m_none);
}

VotingProgress PairwiseVoting::progress() const
{
    VotingProgress out;
    for (const PairwiseVote &v : m_data.votes)
        if (v.annotator == m_options.annotator && (!m_options.mergeRequest || v.mergeRequest == *m_options.mergeRequest))
            ++out.voted;
    int toShow = m_remaining;
    if (m_options.cap)
        toShow = std::min(toShow, std::max(0, *m_options.cap - myVotes()));
    out.total = out.voted + toShow;
    return out;
}

int PairwiseVoting::myVotes() const
{
    return int(std::count_if(m_data.votes.cbegin(), m_data.votes.cend(), [this](const PairwiseVote &v) { return v.annotator == m_options.annotator; }));
}

Result<bool> PairwiseVoting::setCap(std::optional<int> cap)
{
    if (cap && *cap < 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the cap of votes cannot be negative")};
    m_options.cap = cap;
    if (m_pair && !(cap && myVotes() >= *cap))
        return true;
    return drawNext();
}

QList<VotingMergeRequest> PairwiseVoting::mergeRequests() const
{
    QMap<qint64, VotingMergeRequest> byId;
    QHash<qint64, QSet<QString>> configurations;
    for (const ArenaRun &run : m_data.runs) {
        VotingMergeRequest &entry = byId[run.run.mergeRequest];
        entry.id = run.run.mergeRequest;
        ++entry.runs;
        configurations[entry.id].insert(run.configuration);
    }
    QList<VotingMergeRequest> out;
    for (VotingMergeRequest entry : std::as_const(byId)) {
        entry.configurations = int(configurations.value(entry.id).size());
        if (const MergeRequestEntry *mr = m_data.mergeRequest(entry.id))
            entry.title = mr->title;
        out << entry;
    }
    return out;
}

Result<bool> PairwiseVoting::drawNext()
{
    auto votes = m_store.votes();
    if (!votes)
        return votes.error();
    m_data.votes = *votes;
    PairDrawingOptions drawing;
    drawing.annotator = m_options.annotator;
    drawing.cap = m_options.cap;
    drawing.mergeRequest = m_options.mergeRequest;
    drawing.skipped = m_skipped;
    // Each draw its own seed, from the session's: recorded with the vote.
    const PairDraw draw = drawPair(m_data.runs, m_data.votes, drawing, qint64(m_options.seed) * 1000003 + m_draws++);
    m_remaining = draw.candidates;
    m_none = draw.none;
    if (!draw.pair) {
        m_pair.reset();
        m_screen.reset();
        return true;
    }
    return show(*draw.pair);
}

Result<bool> PairwiseVoting::show(const DrawnPair &pair)
{
    if (!m_comments.contains(pair.mergeRequest)) {
        CommentQuery query;
        query.mergeRequest = pair.mergeRequest;
        auto comments = m_store.comments(query);
        if (!comments)
            return comments.error();
        m_comments.insert(pair.mergeRequest, *comments);
    }
    const QList<StoredComment> &comments = m_comments[pair.mergeRequest];
    PairOnScreen screen;
    screen.mergeRequest = pair.mergeRequest;
    if (const MergeRequestEntry *mr = m_data.mergeRequest(pair.mergeRequest))
        screen.title = mr->title;
    screen.a = blindReviewOf(comments, pair.runA);
    screen.b = blindReviewOf(comments, pair.runB);
    m_pair = pair;
    m_screen = std::move(screen);
    m_none = NoPairReason::None;
    return true;
}

Result<StoredVote> PairwiseVoting::vote(PairWinner winner, std::optional<qint64> timeSpentMs)
{
    if (!m_pair)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "there is no pair to vote on: %1").arg(noPairText(m_none))};
    PairwiseVote v;
    v.mergeRequest = m_pair->mergeRequest;
    v.runA = m_pair->runA;
    v.runB = m_pair->runB;
    v.winner = winner;
    v.annotator = m_options.annotator;
    v.orderSeed = m_pair->orderSeed;
    v.timeSpentMs = timeSpentMs;
    auto stored = m_store.addVote(v);
    if (!stored)
        return stored.error();
    m_undo << Step{*m_pair, stored->replaced};
    if (auto drawn = drawNext(); !drawn)
        return drawn.error();
    return stored;
}

Result<bool> PairwiseVoting::skip()
{
    if (!m_pair)
        return false;
    m_skipped.insert({std::min(m_pair->runA, m_pair->runB), std::max(m_pair->runA, m_pair->runB)});
    return drawNext();
}

Result<bool> PairwiseVoting::undo()
{
    if (m_undo.isEmpty())
        return false;
    const Step step = m_undo.constLast();
    if (step.replaced) {
        if (auto restored = m_store.addVote(*step.replaced); !restored)
            return restored.error();
    } else if (auto removed = m_store.removeVote(m_options.annotator, step.pair.runA, step.pair.runB); !removed) {
        return removed.error();
    }
    m_undo.removeLast();
    auto votes = m_store.votes();
    if (!votes)
        return votes.error();
    m_data.votes = *votes;
    // The pair undone is one the annotator can be shown again: counted anew.
    PairDrawingOptions drawing;
    drawing.annotator = m_options.annotator;
    drawing.mergeRequest = m_options.mergeRequest;
    drawing.skipped = m_skipped;
    m_remaining = drawPair(m_data.runs, m_data.votes, drawing, 0).candidates;
    // The pair shown now goes back to be drawn again later.
    return show(step.pair);
}

OthersOnPair PairwiseVoting::othersOnCurrent() const
{
    OthersOnPair out;
    if (!m_pair)
        return out;
    QList<PairwiseVote> onPair;
    for (const PairwiseVote &v : m_data.votes)
        if (v.samePair(m_pair->runA, m_pair->runB))
            onPair << v;
    const QList<PairwiseVote> visible = visibleVotes(onPair, m_options.annotator, m_blind);
    for (const PairwiseVote &v : onPair)
        if (v.annotator != m_options.annotator)
            ++out.hidden;
    for (const PairwiseVote &v : visible) {
        if (v.annotator == m_options.annotator)
            continue;
        --out.hidden;
        const auto winner = v.winningRun();
        if (!winner)
            ++out.ties;
        else if (*winner == m_pair->runA)
            ++out.preferA;
        else
            ++out.preferB;
    }
    return out;
}

} // namespace rd
