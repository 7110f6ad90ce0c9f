#include "TeamService.h"

#include "MergeRequestDocument.h"
#include "SessionContext.h"

#include <WorkspaceStore.h>

#include <QSet>

#include <algorithm>

namespace rd {

TeamService::TeamService(const SessionContext &context, const MergeRequestDocument &document) : m_context(context), m_document(document)
{
    // The groups are the document's comments': made again when next asked.
    const auto stale = [this] { m_groupsStale = true; };
    connect(&document, &MergeRequestDocument::commentsChanged, this, stale);
    connect(&document, &MergeRequestDocument::commentChanged, this, stale);
    // Another program may have added annotators (or set blind mode) since it was read.
    connect(&document, &MergeRequestDocument::mergeRequestChanged, this, &TeamService::refreshBlindMode);
}

namespace {
const QString BlindModeSetting = QStringLiteral("blind_mode");
}

void TeamService::regroupIfStale() const
{
    if (!m_groupsStale)
        return;
    m_groupsStale = false;
    m_groups = groupCandidates(m_document.comments(), m_groupThreshold);
    m_groupIndex.clear();
    for (qsizetype i = 0; i < m_groups.size(); ++i)
        for (qint64 member : std::as_const(m_groups[i].members))
            m_groupIndex.insert(member, i);
}

const QList<CandidateGroup> &TeamService::groups() const
{
    regroupIfStale();
    return m_groups;
}

void TeamService::setGroupThreshold(double threshold)
{
    threshold = std::clamp(threshold, 0.0, 1.0);
    if (threshold == m_groupThreshold)
        return;
    m_groupThreshold = threshold;
    m_groupsStale = true;
    Q_EMIT teamChanged();
    Q_EMIT groupsChanged();
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
    regroupIfStale();
    const auto it = m_groupIndex.constFind(comment);
    return it == m_groupIndex.constEnd() ? QList<qint64>{comment} : m_groups[*it].members;
}

void TeamService::refreshBlindMode()
{
    m_blind = false;
    if (!m_context.store())
        return;
    std::optional<bool> setting;
    if (auto value = m_context.store()->teamSetting(BlindModeSetting); value && *value)
        setting = **value == QLatin1String("on");
    int annotators = 0;
    if (auto all = m_context.store()->annotators())
        annotators = static_cast<int>(all->size());
    m_blind = blindModeFor(setting, annotators);
}

void TeamService::reload()
{
    refreshBlindMode();
    Q_EMIT teamChanged();
}

Result<bool> TeamService::setBlindMode(bool on)
{
    if (!m_context.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_context.store()->setTeamSetting(BlindModeSetting, on ? QStringLiteral("on") : QStringLiteral("off")); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    return true;
}

QList<Judgement> TeamService::visibleJudgementsOf(qint64 comment) const
{
    return visibleJudgements(m_document.judgementsOf(comment), m_context.annotator(), isBlind());
}

int TeamService::hiddenJudgementsOf(qint64 comment) const
{
    return hiddenJudgementCount(m_document.judgementsOf(comment), m_context.annotator(), isBlind());
}

Result<bool> TeamService::assign(qint64 mergeRequest, const QStringList &annotators)
{
    if (!m_context.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (auto stored = m_context.store()->assign(mergeRequest, annotators); !stored)
        return stored;
    refreshBlindMode();
    Q_EMIT teamChanged();
    return true;
}

QStringList TeamService::assignedAnnotators(qint64 mergeRequest) const
{
    QStringList names;
    if (m_context.store())
        if (auto list = m_context.store()->assignments(mergeRequest))
            for (const Assignment &a : std::as_const(*list))
                names << a.annotator;
    return names;
}

std::optional<TeamService::QueueItem> TeamService::nextUnjudged() const
{
    if (!m_context.store() || m_context.annotator().isEmpty())
        return std::nullopt;
    const auto unjudged = [this](const StoredComment &c) {
        const auto j = m_document.judgementOf(c.id, m_context.annotator());
        return !j || !j->verdict;
    };
    // The open merge request first, after the current comment, then from its start.
    const QList<StoredComment> &open = m_document.comments();
    if (m_document.entry()) {
        const int at = m_document.indexOf(m_document.currentComment());
        for (int pass = 0; pass < 2; ++pass)
            for (int i = pass == 0 ? at + 1 : 0; i < (pass == 0 ? open.size() : std::max(at, 0)); ++i)
                if (unjudged(open[i]))
                    return QueueItem{m_document.id(), open[i].id};
    }
    QList<qint64> queue;
    if (auto all = m_context.store()->assignments())
        for (const Assignment &a : std::as_const(*all))
            if (a.annotator == m_context.annotator())
                queue << a.mergeRequest;
    if (queue.isEmpty())
        if (auto all = m_context.store()->mergeRequests())
            for (const MergeRequestEntry &e : std::as_const(*all))
                queue << e.id;
    for (qint64 mr : std::as_const(queue)) {
        if (m_document.entry() && mr == m_document.id())
            continue;
        CommentQuery query;
        query.mergeRequest = mr;
        query.annotator = m_context.annotator();
        query.judged = false;
        if (auto comments = m_context.store()->comments(query); comments && !comments->isEmpty())
            return QueueItem{mr, comments->constFirst().id};
    }
    return std::nullopt;
}

std::optional<Adjudication> TeamService::adjudicationOf(qint64 comment) const
{
    if (!m_context.store())
        return std::nullopt;
    const StoredComment *c = m_document.comment(comment);
    auto list = c ? m_context.store()->adjudications(c->mergeRequest) : m_context.store()->adjudications();
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
    if (!m_context.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    Adjudication a = adjudication;
    if (a.adjudicator.trimmed().isEmpty())
        a.adjudicator = m_context.annotator();
    if (a.adjudicator.trimmed().isEmpty())
        return Error{Error::Kind::Usage, tr("choose an annotator before adjudicating")};
    if (auto stored = m_context.store()->adjudicate(a); !stored)
        return stored.error();
    Q_EMIT teamChanged();
    Q_EMIT adjudicated(a.comment);
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
    if (!m_context.store())
        return {};
    // Blind mode holds here too: an annotator assigned to a merge request
    // learns of a disagreement on a comment only once they have judged it
    // (the adjudicators, not assigned to it, see them all).
    const QString viewer = m_blind ? m_context.annotator() : QString();
    auto ids = m_context.store()->disagreements(withAdjudicated, viewer);
    return ids ? *ids : QList<qint64>();
}

std::optional<StoredComment> TeamService::storedComment(qint64 comment) const
{
    if (const StoredComment *c = m_document.comment(comment))
        return *c;
    if (!m_context.store())
        return std::nullopt;
    auto c = m_context.store()->comment(comment);
    return c ? std::optional<StoredComment>(*c) : std::nullopt;
}

QList<Judgement> TeamService::judgementsForAdjudication(qint64 comment) const
{
    if (m_document.comment(comment))
        return m_document.judgementsOf(comment);
    const auto c = storedComment(comment);
    if (!c || !m_context.store())
        return {};
    QList<Judgement> out;
    if (auto all = m_context.store()->judgements(c->mergeRequest))
        for (const Judgement &j : std::as_const(*all))
            if (j.comment == comment)
                out << j;
    return out;
}

QStringList TeamService::annotatorNames() const
{
    QStringList names;
    if (m_context.store())
        if (auto all = m_context.store()->annotators())
            for (const Annotator &a : std::as_const(*all))
                names << a.name;
    names.sort();
    return names;
}

Result<AgreementData> readAgreementData(const WorkspaceStore &store, std::optional<qint64> only)
{
    CommentQuery query;
    query.mergeRequest = only;
    auto comments = store.comments(query);
    if (!comments)
        return comments.error();
    auto judgements = store.judgements(only);
    if (!judgements)
        return judgements.error();
    AgreementData data;
    for (const StoredComment &c : std::as_const(*comments))
        data.mergeRequestOf.insert(c.id, c.mergeRequest);
    for (const Judgement &j : std::as_const(*judgements))
        if (data.mergeRequestOf.contains(j.comment)) // judgements of removed comments do not count
            data.judgements << j;
    return data;
}

TeamService::AgreementData TeamService::agreementData() const
{
    if (!m_context.store())
        return {};
    auto data = readAgreementData(*m_context.store());
    return data ? *data : AgreementData{};
}

AgreementReport TeamService::agreement(const QString &first, const QString &second) const
{
    const AgreementData data = agreementData();
    return computeAgreement(data.judgements, data.mergeRequestOf, first, second);
}

TeamAgreementReport TeamService::teamAgreement(const AlphaBootstrap &bootstrap) const
{
    return teamAgreementOf(agreementData(), {}, bootstrap);
}

} // namespace rd
