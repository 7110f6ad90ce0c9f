#include "TeamService.h"

#include "ReviewSession.h"

#include <QSet>

#include <algorithm>

namespace rd {

TeamService::TeamService(ReviewSession &session) : m_session(session) {}

namespace {
const QString BlindModeSetting = QStringLiteral("blind_mode");
}

void TeamService::regroup()
{
    m_groups = groupCandidates(m_session.comments(), m_groupThreshold);
    m_groupIndex.clear();
    for (qsizetype i = 0; i < m_groups.size(); ++i)
        for (qint64 member : std::as_const(m_groups[i].members))
            m_groupIndex.insert(member, i);
}

void TeamService::setGroupThreshold(double threshold)
{
    threshold = std::clamp(threshold, 0.0, 1.0);
    if (threshold == m_groupThreshold)
        return;
    m_groupThreshold = threshold;
    regroup();
    Q_EMIT teamChanged();
    Q_EMIT m_session.commentsChanged(); // cards name their group
}

void TeamService::setGroupJudging(bool on)
{
    if (on == m_groupJudging)
        return;
    m_groupJudging = on;
    Q_EMIT teamChanged();
}

QList<qint64> TeamService::groupOf(qint64 comment) const
{
    const auto it = m_groupIndex.constFind(comment);
    return it == m_groupIndex.constEnd() ? QList<qint64>{comment} : m_groups[*it].members;
}

void TeamService::refreshBlindMode()
{
    m_blind = false;
    if (!m_session.store())
        return;
    std::optional<bool> setting;
    if (auto value = m_session.store()->teamSetting(BlindModeSetting); value && *value)
        setting = **value == QLatin1String("on");
    int annotators = 0;
    if (auto all = m_session.store()->annotators())
        annotators = static_cast<int>(all->size());
    m_blind = blindModeFor(setting, annotators);
}

Result<bool> TeamService::setBlindMode(bool on)
{
    if (!m_session.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_session.store()->setTeamSetting(BlindModeSetting, on ? QStringLiteral("on") : QStringLiteral("off")); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    Q_EMIT m_session.commentsChanged();
    return true;
}

QList<Judgement> TeamService::visibleJudgementsOf(qint64 comment) const
{
    return visibleJudgements(m_session.judgementsOf(comment), m_session.annotator(), isBlind());
}

int TeamService::hiddenJudgementsOf(qint64 comment) const
{
    return hiddenJudgementCount(m_session.judgementsOf(comment), m_session.annotator(), isBlind());
}

Result<bool> TeamService::assign(qint64 mergeRequest, const QStringList &annotators)
{
    if (!m_session.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_session.store()->assign(mergeRequest, annotators); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    return true;
}

QStringList TeamService::assignedAnnotators(qint64 mergeRequest) const
{
    QStringList names;
    if (m_session.store())
        if (auto list = m_session.store()->assignments(mergeRequest))
            for (const Assignment &a : std::as_const(*list))
                names << a.annotator;
    return names;
}

std::optional<TeamService::QueueItem> TeamService::nextUnjudged() const
{
    if (!m_session.store() || m_session.annotator().isEmpty())
        return std::nullopt;
    const auto unjudged = [this](const StoredComment &c) {
        const auto j = m_session.judgement(c.id);
        return !j || !j->verdict;
    };
    // The open merge request first, after the current comment, then from its start.
    if (m_session.m_entry) {
        const int at = m_session.indexOf(m_session.currentComment());
        for (int pass = 0; pass < 2; ++pass)
            for (int i = pass == 0 ? at + 1 : 0; i < (pass == 0 ? m_session.comments().size() : std::max(at, 0)); ++i)
                if (unjudged(m_session.comments()[i]))
                    return QueueItem{m_session.m_entry->id, m_session.comments()[i].id};
    }
    QList<qint64> queue;
    if (auto all = m_session.store()->assignments())
        for (const Assignment &a : std::as_const(*all))
            if (a.annotator == m_session.annotator())
                queue << a.mergeRequest;
    if (queue.isEmpty())
        for (const MergeRequestEntry &e : m_session.mergeRequests())
            queue << e.id;
    for (qint64 mr : std::as_const(queue)) {
        if (m_session.m_entry && mr == m_session.m_entry->id)
            continue;
        CommentQuery query;
        query.mergeRequest = mr;
        query.annotator = m_session.annotator();
        query.judged = false;
        if (auto comments = m_session.store()->comments(query); comments && !comments->isEmpty())
            return QueueItem{mr, comments->constFirst().id};
    }
    return std::nullopt;
}

std::optional<Adjudication> TeamService::adjudicationOf(qint64 comment) const
{
    if (!m_session.store())
        return std::nullopt;
    const StoredComment *c = m_session.comment(comment);
    auto list = c ? m_session.store()->adjudications(c->mergeRequest) : m_session.store()->adjudications();
    if (!list)
        return std::nullopt;
    for (const Adjudication &a : std::as_const(*list))
        if (a.comment == comment)
            return a;
    return std::nullopt;
}

FinalLabel TeamService::finalLabelOf(qint64 comment) const
{
    return finalLabel(judgementsForAdjudication(comment), adjudicationOf(comment));
}

Result<bool> TeamService::adjudicate(const Adjudication &adjudication)
{
    if (!m_session.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    Adjudication a = adjudication;
    if (a.adjudicator.trimmed().isEmpty())
        a.adjudicator = m_session.annotator();
    if (a.adjudicator.trimmed().isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before adjudicating")};
    if (auto stored = m_session.store()->adjudicate(a); !stored)
        return stored.error();
    Q_EMIT teamChanged();
    Q_EMIT m_session.judgementChanged(a.comment);
    return true;
}

QList<qint64> TeamService::pendingDisagreements() const
{
    return disagreementsIn(false);
}

QList<qint64> TeamService::disagreements() const
{
    return disagreementsIn(true);
}

QList<qint64> TeamService::disagreementsIn(bool withAdjudicated) const
{
    if (!m_session.store())
        return {};
    // Blind mode holds here too: an annotator assigned to a merge request
    // learns of a disagreement on a comment only once they have judged it
    // (the adjudicators, not assigned to it, see them all).
    const QString viewer = m_blind ? m_session.annotator() : QString();
    auto ids = m_session.store()->disagreements(withAdjudicated, viewer);
    return ids ? *ids : QList<qint64>();
}

std::optional<StoredComment> TeamService::storedComment(qint64 comment) const
{
    if (const StoredComment *c = m_session.comment(comment))
        return *c;
    if (!m_session.store())
        return std::nullopt;
    auto c = m_session.store()->comment(comment);
    return c ? std::optional<StoredComment>(*c) : std::nullopt;
}

QList<Judgement> TeamService::judgementsForAdjudication(qint64 comment) const
{
    if (m_session.comment(comment))
        return m_session.judgementsOf(comment);
    const auto c = storedComment(comment);
    if (!c || !m_session.store())
        return {};
    QList<Judgement> out;
    if (auto all = m_session.store()->judgements(c->mergeRequest))
        for (const Judgement &j : std::as_const(*all))
            if (j.comment == comment)
                out << j;
    return out;
}

QStringList TeamService::annotatorNames() const
{
    QStringList names;
    if (m_session.store())
        if (auto all = m_session.store()->annotators())
            for (const Annotator &a : std::as_const(*all))
                names << a.name;
    names.sort();
    return names;
}

AgreementReport TeamService::agreement(const QString &first, const QString &second) const
{
    QList<Judgement> judgements;
    QHash<qint64, qint64> mergeRequestOf;
    if (m_session.store()) {
        if (auto comments = m_session.store()->comments())
            for (const StoredComment &c : std::as_const(*comments))
                mergeRequestOf.insert(c.id, c.mergeRequest);
        if (auto all = m_session.store()->judgements())
            for (const Judgement &j : std::as_const(*all))
                if (mergeRequestOf.contains(j.comment))
                    judgements << j;
    }
    return computeAgreement(judgements, mergeRequestOf, first, second);
}

} // namespace rd
