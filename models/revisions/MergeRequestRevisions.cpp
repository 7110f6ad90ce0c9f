#include "MergeRequestRevisions.h"

#include <GitRepository.h>

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace rd {

namespace {

// A revision of `entry` at `base`..`head` as the repository resolves them now.
Result<MergeRequestRevision> resolve(const MergeRequestEntry &entry, const QString &base, const QString &head)
{
    auto repository = GitRepository::open(entry.repository);
    if (!repository)
        return repository.error();
    auto baseId = repository->resolveCommit(base);
    if (!baseId)
        return baseId.error();
    auto headId = repository->resolveCommit(head);
    if (!headId)
        return headId.error();
    MergeRequestRevision r;
    r.mergeRequest = entry.id;
    r.baseSha = QString::fromLatin1(baseId->toHex());
    r.headSha = QString::fromLatin1(headId->toHex());
    r.baseSpec = base;
    r.headSpec = head;
    // Unrelated histories have no merge base; only two-dot compares them.
    if (auto mergeBase = repository->mergeBase(*baseId, *headId))
        r.mergeBaseSha = QString::fromLatin1(mergeBase->toHex());
    else if (!entry.twoDot)
        return mergeBase.error();
    return r;
}

// The commits the newest run of the merge request reviewed, from its record
// ({"run": {"base", "head", "merge_base"}}, RunRecord::toJson).
std::optional<MergeRequestRevision> newestRunCommits(const RunStore &store, const MergeRequestEntry &entry)
{
    auto runs = store.runs(entry.id);
    if (!runs || runs->isEmpty())
        return std::nullopt;
    auto run = store.run(runs->last().id);
    if (!run)
        return std::nullopt;
    const QJsonObject record = QJsonDocument::fromJson(run->record).object().value(QLatin1String("run")).toObject();
    MergeRequestRevision r;
    r.mergeRequest = entry.id;
    r.baseSha = record.value(QLatin1String("base")).toString();
    r.headSha = record.value(QLatin1String("head")).toString();
    r.mergeBaseSha = record.value(QLatin1String("merge_base")).toString();
    r.baseSpec = entry.base;
    r.headSpec = entry.head;
    if (r.baseSha.size() != 40 || r.headSha.size() != 40)
        return std::nullopt;
    return r;
}

// The merge request and its revisions (the first recorded when there is none).
struct Followed
{
    QList<MergeRequestRevision> revisions;
    MergeRequestEntry entry;
};

Result<Followed> followed(WorkspaceStore &store, qint64 mergeRequest)
{
    auto revisions = followedRevisions(store, mergeRequest);
    if (!revisions)
        return revisions.error();
    auto entry = store.mergeRequest(mergeRequest);
    if (!entry)
        return entry.error();
    return Followed{*revisions, *entry};
}


} // namespace

Result<QList<MergeRequestRevision>> followedRevisions(WorkspaceStore &store, qint64 mergeRequest)
{
    auto known = store.revisions(mergeRequest);
    if (!known || !known->isEmpty())
        return known;
    auto entry = store.mergeRequest(mergeRequest);
    if (!entry)
        return entry.error();
    std::optional<MergeRequestRevision> first = newestRunCommits(store, *entry);
    if (!first) {
        auto resolved = resolve(*entry, entry->base, entry->head);
        if (!resolved)
            return resolved.error();
        first = *resolved;
    }
    first->number = 1;
    first->source = QStringLiteral("initial");
    if (auto added = store.addRevision(*first, {}); !added) {
        // Another program recorded it first: theirs is as good.
        if (added.error().kind != Error::Kind::Conflict)
            return added.error();
    }
    return store.revisions(mergeRequest);
}

Result<RevisionUpdate> updateMergeRequest(WorkspaceStore &store, qint64 mergeRequest, const QString &head, const QString &base)
{
    auto followedNow = followed(store, mergeRequest);
    if (!followedNow)
        return followedNow.error();
    const QList<MergeRequestRevision> &revisions = followedNow->revisions;
    const MergeRequestEntry &entry = followedNow->entry;
    auto next = resolve(entry, base.isEmpty() ? entry.base : base, head.isEmpty() ? entry.head : head);
    if (!next)
        return next.error();
    RevisionUpdate update;
    update.previous = revisions.last();
    if (next->headSha == update.previous.headSha && next->baseSha == update.previous.baseSha) {
        update.current = update.previous;
        return update;
    }
    next->number = update.previous.number + 1;
    next->source = QStringLiteral("update");
    CommentQuery query;
    query.mergeRequest = mergeRequest;
    auto comments = store.comments(query);
    if (!comments)
        return comments.error();
    auto moved = reanchorComments(entry.repository, update.previous, *next, entry.twoDot, *comments);
    if (!moved)
        return moved.error();
    if (auto added = store.addRevision(*next, moved->changes); !added)
        return added.error();
    update.recorded = true;
    update.reanchoring = *moved;
    auto stored = store.revisions(mergeRequest);
    if (!stored)
        return stored.error();
    update.current = stored->last();
    return update;
}

Result<ReviewRange> reviewRange(WorkspaceStore &store, qint64 mergeRequest, bool sinceLastReview)
{
    auto followedNow = followed(store, mergeRequest);
    if (!followedNow)
        return followedNow.error();
    const QList<MergeRequestRevision> &revisions = followedNow->revisions;
    const MergeRequestRevision &current = revisions.last();
    ReviewRange range{followedNow->entry.repository, current.baseSha, current.headSha, followedNow->entry.twoDot, 0, current.number, false};
    if (!sinceLastReview)
        return range;
    auto runs = store.runs(mergeRequest);
    if (!runs)
        return runs.error();
    int reviewed = 0;
    for (const StoredRun &run : std::as_const(*runs))
        reviewed = std::max(reviewed, run.revisionTo > 0 ? run.revisionTo : 1);
    if (reviewed == 0) {
        range.wholeForLackOfAReview = true;
        return range;
    }
    const auto last = std::find_if(revisions.begin(), revisions.end(), [reviewed](const MergeRequestRevision &r) { return r.number == reviewed; });
    if (last == revisions.end())
        return Error{Error::Kind::Workspace, QCoreApplication::translate("rd::models", "merge request %1 has no revision %2, which a run reviewed")
                                                 .arg(mergeRequest)
                                                 .arg(reviewed)};
    range.base = last->headSha;
    range.twoDot = true;
    range.revisionFrom = reviewed;
    return range;
}

Result<QList<StoredComment>> outdatedBy(const RunStore &store, qint64 mergeRequest, int revision)
{
    CommentQuery query;
    query.mergeRequest = mergeRequest;
    query.outdated = true;
    auto comments = store.comments(query);
    if (!comments)
        return comments;
    QList<StoredComment> out;
    for (const StoredComment &c : std::as_const(*comments))
        if (c.outdatedIn == revision)
            out << c;
    return out;
}

} // namespace rd
