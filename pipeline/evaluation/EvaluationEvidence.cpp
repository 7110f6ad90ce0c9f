#include "EvaluationEvidence.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <tuple>

namespace rd::eval {

namespace {

bool fileOrder(const StoredComment &a, const StoredComment &b)
{
    const ReviewComment &x = a.comment;
    const ReviewComment &y = b.comment;
    return std::tie(x.file, x.side, x.lineStart, x.lineEnd, a.id) < std::tie(y.file, y.side, y.lineStart, y.lineEnd, b.id);
}

// A comment's labels beyond the verdict: the annotators' latest category and
// context, key bug when any annotator flagged it; where an adjudicator set a
// label, theirs decides (their label is final, TeamAnnotation.h).
Judgement decidedFields(const QList<Judgement> &js, const std::optional<Adjudication> &adjudication)
{
    Judgement out;
    for (const Judgement &j : js) {
        if (j.category)
            out.category = j.category;
        if (j.context)
            out.context = j.context;
        if (j.keyBug && *j.keyBug)
            out.keyBug = true;
        if (j.tag && !j.tag->isEmpty()) // a reference's CQS tag, when annotators set one
            out.tag = j.tag;
    }
    if (adjudication) {
        if (adjudication->category)
            out.category = adjudication->category;
        if (adjudication->context)
            out.context = adjudication->context;
        if (adjudication->keyBug)
            out.keyBug = adjudication->keyBug;
    }
    return out;
}

// Connected components over comment ids (the key-bug comments of one merge
// request joined by links and near-duplicate groups).
struct Components
{
    QHash<qint64, qint64> parent;
    qint64 find(qint64 x)
    {
        qint64 root = x;
        while (parent.value(root, root) != root)
            root = parent.value(root, root);
        while (x != root) {
            const qint64 next = parent.value(x, x);
            parent.insert(x, root);
            x = next;
        }
        return root;
    }
    void join(qint64 a, qint64 b)
    {
        const qint64 ra = find(a), rb = find(b);
        if (ra != rb)
            parent.insert(std::max(ra, rb), std::min(ra, rb)); // the smallest id stands for the group
    }
};

// What is read of a merge request, whole, into what the evaluation uses.
// The references are fixed per merge request before any run is judged
// (paper App. M.1: a fixed set of key issues, e.g. 14 of 45): the
// comments marked as reference (imported ground truth, added by hand)
// each, and the key-bug comments grouped into one reference per distinct
// issue: comments an annotator linked to each other or to a reference,
// and near-duplicates (TeamAnnotation.h's rule), are one issue.
void settle(MergeRequestEvidence &data, const Options &options)
{
    QHash<qint64, QList<Judgement>> byComment;
    for (const Judgement &j : data.judgements)
        byComment[j.comment] << j;
    QHash<qint64, Adjudication> adjudicated;
    for (const Adjudication &a : data.adjudications)
        adjudicated.insert(a.comment, a);
    for (const StoredComment &c : data.comments) {
        const auto a = adjudicated.constFind(c.id);
        if (byComment.contains(c.id) || a != adjudicated.cend())
            data.decided.insert(c.id, decidedFields(byComment.value(c.id), a == adjudicated.cend() ? std::nullopt : std::optional<Adjudication>(*a)));
    }
    data.verdicts = decidedVerdicts(data.judgements, data.adjudications);
    for (const ReferenceLink &l : data.referenceLinks)
        data.links.insert(l.comment, l.reference);
    std::sort(data.comments.begin(), data.comments.end(), fileOrder);

    const bool keyBugsCount = options.references != ReferenceSet::Aacr;
    QList<StoredComment> keyBugs;
    for (const StoredComment &c : data.comments) {
        const bool marked = c.reference && (options.references != ReferenceSet::KeyBugs || c.origin == CommentOrigin::Human);
        const bool keyBug = keyBugsCount && data.decided.value(c.id).keyBug.value_or(false);
        if (marked)
            data.references << c;
        else if (keyBug)
            keyBugs << c;
    }
    QSet<qint64> referenceIds;
    for (const StoredComment &r : data.references)
        referenceIds.insert(r.id);
    QSet<qint64> keyBugIds;
    for (const StoredComment &c : keyBugs)
        keyBugIds.insert(c.id);
    Components issues;
    for (const CandidateGroup &g : groupCandidates(keyBugs, DefaultGroupThreshold))
        for (qint64 m : g.members)
            issues.join(g.id, m);
    // An annotator's link from a key-bug comment (to another key-bug
    // comment or to a reference) says which issue it is.
    QHash<qint64, qint64> linkedReference; // group -> a marked reference
    for (const ReferenceLink &l : data.referenceLinks) {
        if (!keyBugIds.contains(l.comment))
            continue;
        if (keyBugIds.contains(l.reference))
            issues.join(l.comment, l.reference);
    }
    for (const ReferenceLink &l : data.referenceLinks)
        if (keyBugIds.contains(l.comment) && referenceIds.contains(l.reference)) {
            const qint64 group = issues.find(l.comment);
            if (!linkedReference.contains(group) || l.reference < linkedReference.value(group))
                linkedReference.insert(group, l.reference);
        }
    for (const StoredComment &c : keyBugs) {
        const qint64 group = issues.find(c.id);
        const qint64 issue = linkedReference.value(group, group);
        data.issueOf.insert(c.id, issue);
        if (issue == c.id)
            data.references << c;
    }
    std::sort(data.references.begin(), data.references.end(), fileOrder);
}

} // namespace

Result<QList<StoredRun>> runsToEvaluate(const RunStore &store, const Options &options)
{
    QList<StoredRun> runs;
    if (options.runs.isEmpty()) {
        auto mrs = store.mergeRequests();
        if (!mrs)
            return mrs.error();
        for (const MergeRequestEntry &mr : *mrs) {
            auto list = store.runs(mr.id);
            if (!list)
                return list.error();
            for (const StoredRun &r : *list)
                if (auto full = store.run(r.id))
                    runs << *full;
                else
                    return full.error();
        }
    } else {
        for (qint64 id : options.runs) {
            auto r = store.run(id);
            if (!r)
                return r.error();
            runs << *r;
        }
    }
    return runs;
}

Result<QHash<qint64, MergeRequestEvidence>> readEvidence(const WorkspaceStore &store, const QList<StoredRun> &runs, const Options &options)
{
    QHash<qint64, MergeRequestEvidence> mrs;
    QList<qint64> mrIds;
    for (const StoredRun &run : runs)
        if (!mrIds.contains(run.mergeRequest))
            mrIds << run.mergeRequest;
    if (mrIds.size() > 8) {
        // Many merge requests: one query per kind for the whole workspace
        // (a query per merge request costs more than the rows it reads).
        auto entries = store.mergeRequests();
        if (!entries)
            return entries.error();
        const QSet<qint64> wanted(mrIds.begin(), mrIds.end());
        for (const MergeRequestEntry &e : *entries)
            if (wanted.contains(e.id))
                mrs[e.id].entry = e;
        for (qint64 id : mrIds)
            if (!mrs.contains(id))
                return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no merge request %1 in this workspace").arg(id)};
        auto all = store.comments(CommentQuery{});
        if (!all)
            return all.error();
        QHash<qint64, qint64> mergeRequestOf;
        mergeRequestOf.reserve(all->size());
        for (StoredComment &c : *all) {
            mergeRequestOf.insert(c.id, c.mergeRequest);
            if (auto it = mrs.find(c.mergeRequest); it != mrs.end())
                it->comments << std::move(c);
        }
        auto judgements = store.judgements();
        if (!judgements)
            return judgements.error();
        for (const Judgement &j : *judgements)
            if (auto it = mrs.find(mergeRequestOf.value(j.comment)); it != mrs.end())
                it->judgements << j;
        auto adjudications = store.adjudications();
        if (!adjudications)
            return adjudications.error();
        for (const Adjudication &a : *adjudications)
            if (auto it = mrs.find(mergeRequestOf.value(a.comment)); it != mrs.end())
                it->adjudications << a;
        auto links = store.referenceLinks();
        if (!links)
            return links.error();
        for (const ReferenceLink &l : *links)
            if (auto it = mrs.find(mergeRequestOf.value(l.comment)); it != mrs.end())
                it->referenceLinks << l;
    } else {
        for (qint64 id : mrIds) {
            MergeRequestEvidence &data = mrs[id];
            auto entry = store.mergeRequest(id);
            if (!entry)
                return entry.error();
            data.entry = *entry;
            auto judgements = store.judgements(id);
            if (!judgements)
                return judgements.error();
            data.judgements = *judgements;
            auto adjudications = store.adjudications(id);
            if (!adjudications)
                return adjudications.error();
            data.adjudications = *adjudications;
            CommentQuery query;
            query.mergeRequest = id;
            auto all = store.comments(query);
            if (!all)
                return all.error();
            data.comments = std::move(*all);
            auto links = store.referenceLinks(id);
            if (!links)
                return links.error();
            data.referenceLinks = *links;
        }
    }
    for (MergeRequestEvidence &data : mrs)
        settle(data, options);
    return mrs;
}

} // namespace rd::eval
