// The session's ground-truth part (issue 11): grouping, blind mode,
// assignment and the annotator's queue, final labels and adjudication.

#include "ReviewSession.h"

#include <QSet>

#include <algorithm>

namespace rd {

namespace {
const QString BlindModeSetting = QStringLiteral("blind_mode");
}

void ReviewSession::regroup()
{
    m_groups = groupCandidates(m_comments, m_groupThreshold);
    m_groupIndex.clear();
    for (qsizetype i = 0; i < m_groups.size(); ++i)
        for (qint64 member : std::as_const(m_groups[i].members))
            m_groupIndex.insert(member, i);
}

void ReviewSession::setGroupThreshold(double threshold)
{
    threshold = std::clamp(threshold, 0.0, 1.0);
    if (threshold == m_groupThreshold)
        return;
    m_groupThreshold = threshold;
    regroup();
    Q_EMIT teamChanged();
    Q_EMIT commentsChanged(); // cards name their group
}

void ReviewSession::setGroupJudging(bool on)
{
    if (on == m_groupJudging)
        return;
    m_groupJudging = on;
    Q_EMIT teamChanged();
}

QList<qint64> ReviewSession::groupOf(qint64 comment) const
{
    const auto it = m_groupIndex.constFind(comment);
    return it == m_groupIndex.constEnd() ? QList<qint64>{comment} : m_groups[*it].members;
}

void ReviewSession::refreshBlindMode()
{
    m_blind = false;
    if (!m_store)
        return;
    std::optional<bool> setting;
    if (auto value = m_store->teamSetting(BlindModeSetting); value && *value)
        setting = **value == QLatin1String("on");
    int annotators = 0;
    if (auto all = m_store->annotators())
        annotators = static_cast<int>(all->size());
    m_blind = blindModeFor(setting, annotators);
}

Result<bool> ReviewSession::setBlindMode(bool on)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_store->setTeamSetting(BlindModeSetting, on ? QStringLiteral("on") : QStringLiteral("off")); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    Q_EMIT commentsChanged();
    return true;
}

QList<Judgement> ReviewSession::allJudgementsOf(qint64 comment) const
{
    return m_judgements.value(comment);
}

QList<Judgement> ReviewSession::visibleJudgementsOf(qint64 comment) const
{
    return visibleJudgements(allJudgementsOf(comment), m_annotator, isBlind());
}

int ReviewSession::hiddenJudgementsOf(qint64 comment) const
{
    return hiddenJudgementCount(allJudgementsOf(comment), m_annotator, isBlind());
}

Result<bool> ReviewSession::assign(qint64 mergeRequest, const QStringList &annotators)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_store->assign(mergeRequest, annotators); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    return true;
}

QStringList ReviewSession::assignedAnnotators(qint64 mergeRequest) const
{
    QStringList names;
    if (m_store)
        if (auto list = m_store->assignments(mergeRequest))
            for (const Assignment &a : std::as_const(*list))
                names << a.annotator;
    return names;
}

std::optional<ReviewSession::QueueItem> ReviewSession::nextUnjudged() const
{
    if (!m_store || m_annotator.isEmpty())
        return std::nullopt;
    const auto unjudged = [this](const StoredComment &c) {
        const auto j = judgement(c.id);
        return !j || !j->verdict;
    };
    // The open merge request first, after the current comment, then from its start.
    if (m_entry) {
        const int at = indexOf(m_current);
        for (int pass = 0; pass < 2; ++pass)
            for (int i = pass == 0 ? at + 1 : 0; i < (pass == 0 ? m_comments.size() : std::max(at, 0)); ++i)
                if (unjudged(m_comments[i]))
                    return QueueItem{m_entry->id, m_comments[i].id};
    }
    QList<qint64> queue;
    if (auto all = m_store->assignments())
        for (const Assignment &a : std::as_const(*all))
            if (a.annotator == m_annotator)
                queue << a.mergeRequest;
    if (queue.isEmpty())
        for (const MergeRequestEntry &e : mergeRequests())
            queue << e.id;
    for (qint64 mr : std::as_const(queue)) {
        if (m_entry && mr == m_entry->id)
            continue;
        CommentQuery query;
        query.mergeRequest = mr;
        query.annotator = m_annotator;
        query.judged = false;
        if (auto comments = m_store->comments(query); comments && !comments->isEmpty())
            return QueueItem{mr, comments->constFirst().id};
    }
    return std::nullopt;
}

std::optional<Adjudication> ReviewSession::adjudicationOf(qint64 comment) const
{
    if (!m_store)
        return std::nullopt;
    const StoredComment *c = this->comment(comment);
    auto list = c ? m_store->adjudications(c->mergeRequest) : m_store->adjudications();
    if (!list)
        return std::nullopt;
    for (const Adjudication &a : std::as_const(*list))
        if (a.comment == comment)
            return a;
    return std::nullopt;
}

FinalLabel ReviewSession::finalLabelOf(qint64 comment) const
{
    return finalLabel(judgementsForAdjudication(comment), adjudicationOf(comment));
}

Result<bool> ReviewSession::adjudicate(const Adjudication &adjudication)
{
    if (!m_store)
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    Adjudication a = adjudication;
    if (a.adjudicator.trimmed().isEmpty())
        a.adjudicator = m_annotator;
    if (a.adjudicator.trimmed().isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before adjudicating")};
    if (auto stored = m_store->adjudicate(a); !stored)
        return stored.error();
    Q_EMIT teamChanged();
    Q_EMIT judgementChanged(a.comment);
    return true;
}

QList<qint64> ReviewSession::pendingDisagreements() const
{
    return disagreementsIn(false);
}

QList<qint64> ReviewSession::disagreements() const
{
    return disagreementsIn(true);
}

QList<qint64> ReviewSession::disagreementsIn(bool withAdjudicated) const
{
    QList<qint64> out;
    if (!m_store)
        return out;
    auto judgements = m_store->judgements();
    auto adjudications = m_store->adjudications();
    if (!judgements || !adjudications)
        return out;
    QSet<qint64> adjudicated;
    for (const Adjudication &a : std::as_const(*adjudications))
        adjudicated.insert(a.comment);
    QHash<qint64, QList<Judgement>> byComment;
    for (const Judgement &j : std::as_const(*judgements))
        byComment[j.comment].append(j);
    // Blind mode holds here too: an annotator assigned to a merge request
    // learns of a disagreement on a comment only once they have judged it
    // (the adjudicators, not assigned to it, see them all).
    QSet<qint64> myMergeRequests;
    QHash<qint64, qint64> mergeRequestOf;
    const bool filtered = m_blind && !m_annotator.isEmpty();
    if (filtered) {
        if (auto all = m_store->assignments())
            for (const Assignment &a : std::as_const(*all))
                if (a.annotator == m_annotator)
                    myMergeRequests.insert(a.mergeRequest);
        if (!myMergeRequests.isEmpty())
            if (auto comments = m_store->comments())
                for (const StoredComment &c : std::as_const(*comments))
                    mergeRequestOf.insert(c.id, c.mergeRequest);
    }
    for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
        if (!withAdjudicated && adjudicated.contains(it.key()))
            continue;
        if (filtered && myMergeRequests.contains(mergeRequestOf.value(it.key())) && hiddenJudgementCount(*it, m_annotator, true) > 0)
            continue;
        if (finalLabel(*it).status == FinalLabel::Status::Disagreement)
            out << it.key();
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::optional<StoredComment> ReviewSession::storedComment(qint64 comment) const
{
    if (const StoredComment *c = this->comment(comment))
        return *c;
    if (!m_store)
        return std::nullopt;
    auto c = m_store->comment(comment);
    return c ? std::optional<StoredComment>(*c) : std::nullopt;
}

QList<Judgement> ReviewSession::judgementsForAdjudication(qint64 comment) const
{
    if (this->comment(comment))
        return allJudgementsOf(comment);
    const auto c = storedComment(comment);
    if (!c || !m_store)
        return {};
    QList<Judgement> out;
    if (auto all = m_store->judgements(c->mergeRequest))
        for (const Judgement &j : std::as_const(*all))
            if (j.comment == comment)
                out << j;
    return out;
}

QStringList ReviewSession::annotatorNames() const
{
    QStringList names;
    if (m_store)
        if (auto all = m_store->annotators())
            for (const Annotator &a : std::as_const(*all))
                names << a.name;
    names.sort();
    return names;
}

AgreementReport ReviewSession::agreement(const QString &first, const QString &second) const
{
    QList<Judgement> judgements;
    QHash<qint64, qint64> mergeRequestOf;
    if (m_store) {
        if (auto comments = m_store->comments())
            for (const StoredComment &c : std::as_const(*comments))
                mergeRequestOf.insert(c.id, c.mergeRequest);
        if (auto all = m_store->judgements())
            for (const Judgement &j : std::as_const(*all))
                if (mergeRequestOf.contains(j.comment))
                    judgements << j;
    }
    return computeAgreement(judgements, mergeRequestOf, first, second);
}

} // namespace rd
