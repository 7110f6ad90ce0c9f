#include "RevisionService.h"

#include "ReviewSession.h"

#include <MergeRequest.h>

namespace rd {

RevisionService::RevisionService(ReviewSession &session) : QObject(nullptr), s(session)
{
    connect(s.document(), &MergeRequestDocument::mergeRequestChanged, this, &RevisionService::reload);
    // Another program (mr update, another window) may have recorded one.
    connect(&s, &ReviewSession::workspaceChangedElsewhere, this, &RevisionService::reload);
}

void RevisionService::reload()
{
    m_revisions.clear();
    m_outdatedBy.clear();
    m_answers.clear();
    m_interdiff.reset();
    if (s.store() && s.currentMergeRequestId() != 0) {
        // A merge request without its code has no commits to record: no revisions, no problem.
        if (auto revisions = followedRevisions(*s.store(), s.currentMergeRequestId()))
            m_revisions = *revisions;
        for (const StoredComment &c : s.comments())
            if (c.outdated)
                ++m_outdatedBy[c.outdatedIn];
        if (auto answers = s.store()->addressedAnswers(s.currentMergeRequestId()))
            m_answers = *answers;
    }
    Q_EMIT revisionsChanged();
}

int RevisionService::outdatedBy(int number) const
{
    return m_outdatedBy.value(number);
}

Result<RevisionUpdate> RevisionService::refresh()
{
    if (!s.store() || s.currentMergeRequestId() == 0)
        return Error{Error::Kind::Usage, tr("no merge request of a workspace is open")};
    auto update = updateMergeRequest(*s.store(), s.currentMergeRequestId());
    if (!update)
        return update;
    // Recorded elsewhere (`mr update`, another window): the comments were
    // reloaded then, the diff shown may still be the older head's.
    const bool diffIsCurrent = s.diff() && QString::fromLatin1(s.diff()->head.toHex()) == update->current.headSha;
    if (!update->recorded && diffIsCurrent)
        return update;
    if (update->recorded)
        if (auto reopened = s.openMergeRequest(s.currentMergeRequestId()); !reopened)
            return reopened.error();
    // The diff of the new revision: the merge request's base and head as written, resolved again.
    MergeRequestRequest request = s.request();
    if (auto entry = s.currentMergeRequest()) {
        request.repository = entry->repository;
        request.base = entry->base;
        request.head = entry->head;
        request.twoDot = entry->twoDot;
    }
    DiffOptions options;
    options.twoDot = request.twoDot;
    if (s.diff())
        options.ignoreWhitespace = s.diff()->options.ignoreWhitespace;
    s.loadMergeRequest(request, options);
    return update;
}

Result<bool> RevisionService::showInterdiff(int from, int to)
{
    const auto find = [this](int number) -> const MergeRequestRevision * {
        for (const MergeRequestRevision &r : m_revisions)
            if (r.number == number)
                return &r;
        return nullptr;
    };
    const MergeRequestRevision *older = find(std::min(from, to));
    const MergeRequestRevision *newer = find(std::max(from, to));
    if (!older || !newer || older == newer)
        return Error{Error::Kind::Usage, tr("choose two different revisions of the open merge request")};
    const auto entry = s.currentMergeRequest();
    DiffOptions options;
    options.twoDot = true;
    auto diff = MergeRequest::open(entry->repository, older->headSha, newer->headSha, options);
    if (!diff)
        return diff.error();
    diff->title = tr("Changes from revision %1 to %2").arg(older->number).arg(newer->number);
    m_interdiff = std::pair(older->number, newer->number);
    s.setDiff(std::make_shared<const MergeRequest>(std::move(*diff)));
    Q_EMIT interdiffChanged();
    return true;
}

Result<bool> RevisionService::showMergeRequest()
{
    if (!m_interdiff)
        return true;
    m_interdiff.reset();
    const auto entry = s.currentMergeRequest();
    if (!entry)
        return true;
    MergeRequestRequest request{entry->repository, entry->base, entry->head, entry->twoDot, entry->title, entry->description};
    DiffOptions options;
    options.twoDot = entry->twoDot;
    s.loadMergeRequest(request, options);
    Q_EMIT interdiffChanged();
    return true;
}

QList<qint64> RevisionService::addressedQuestions() const
{
    QList<qint64> out;
    const int newest = currentRevision();
    for (const StoredComment &c : s.comments())
        if (c.outdated && newest > 1 && c.outdatedIn == newest)
            out << c.id;
    return out;
}

bool RevisionService::canAskAddressed(const StoredComment &comment) const
{
    if (comment.outdated)
        return true;
    if (m_revisions.size() < 2)
        return false;
    // A run's comment was made on the revision the run reviewed; another on
    // the revision that was newest when it was written (ReviewerEconomics.h).
    if (comment.run)
        for (const StoredRun &r : s.runs())
            if (r.id == *comment.run)
                return std::max(1, r.revisionTo) < m_revisions.last().number;
    return comment.created.isValid() && m_revisions.last().created.isValid() && comment.created < m_revisions.last().created;
}

std::optional<bool> RevisionService::addressed(qint64 comment) const
{
    for (const AddressedAnswer &a : m_answers)
        if (a.comment == comment && a.annotator == s.annotator())
            return a.addressed;
    return std::nullopt;
}

QList<AddressedAnswer> RevisionService::answersTo(qint64 comment) const
{
    QList<AddressedAnswer> out;
    for (const AddressedAnswer &a : m_answers)
        if (a.comment == comment)
            out << a;
    return out;
}

Result<bool> RevisionService::setAddressed(qint64 comment, std::optional<bool> addressed)
{
    if (!s.store())
        return Error{Error::Kind::Usage, tr("no workspace is open")};
    if (s.annotator().isEmpty())
        return Error{Error::Kind::Usage, tr("no annotator is set")};
    auto stored = s.store()->setAddressed(comment, s.annotator(), addressed);
    if (!stored)
        return stored;
    m_answers.removeIf([this, comment](const AddressedAnswer &a) { return a.comment == comment && a.annotator == s.annotator(); });
    if (addressed)
        m_answers << AddressedAnswer{comment, s.annotator(), *addressed, QDateTime::currentDateTimeUtc()};
    Q_EMIT addressedChanged(comment);
    return true;
}

} // namespace rd
