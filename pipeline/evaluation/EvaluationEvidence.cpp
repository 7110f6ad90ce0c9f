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

// A comment's labels beyond the verdict, each decided on its own
// (TeamAnnotation.h's decidedLabels: the adjudicator's, else the value the
// annotators agree on, else pending and unset here), and the CQS tag an
// annotator set (the latest).
Judgement decidedFields(const QList<Judgement> &js, const DecidedLabels &labels)
{
    Judgement out;
    out.category = labels.category.value;
    out.context = labels.context.value;
    out.keyBug = labels.keyBug.value;
    for (const Judgement &j : js)
        if (j.tag && !j.tag->isEmpty()) // a reference's CQS tag, when annotators set one
            out.tag = j.tag;
    return out;
}

// A comment as the reference issue it stands for, with its decided labels.
ReferenceIssue referenceIssueOf(const StoredComment &c, const Judgement &decided, bool keyBug)
{
    ReferenceIssue r;
    r.mergeRequest = c.mergeRequest;
    r.comment = c.id;
    r.keyBug = keyBug;
    r.file = c.comment.file;
    r.side = c.comment.side;
    if (c.comment.located()) { // unlocated: no lines, so it never line-matches (it can still match semantically)
        r.lineFrom = c.comment.lineStart;
        r.lineTo = std::max(0, c.comment.lineEnd);
    }
    r.text = semanticText(c.comment, false);
    r.translatedText = semanticText(c.comment, true);
    if (decided.category)
        r.category = decided.category;
    else if (!c.comment.category.isEmpty())
        r.category = c.comment.category;
    if (decided.context)
        r.context = contextLevelName(*decided.context);
    if (!c.comment.tag.isEmpty())
        r.tag = c.comment.tag;
    else if (decided.tag)
        r.tag = decided.tag;
    return r;
}

bool referenceOrder(const ReferenceIssue &a, const ReferenceIssue &b)
{
    return std::tie(a.file, a.side, a.lineFrom, a.lineTo, a.comment) < std::tie(b.file, b.side, b.lineFrom, b.lineTo, b.comment);
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
void settle(MergeRequestEvidence &data, ReferenceSet set)
{
    QHash<qint64, QList<Judgement>> byComment;
    for (const Judgement &j : data.judgements)
        byComment[j.comment] << j;
    QHash<qint64, Adjudication> adjudicated;
    for (const Adjudication &a : data.adjudications)
        adjudicated.insert(a.comment, a);
    QSet<qint64> pending; // key-bug flags still disputed
    for (const StoredComment &c : data.comments) {
        const auto a = adjudicated.constFind(c.id);
        if (!byComment.contains(c.id) && a == adjudicated.cend())
            continue;
        const QList<Judgement> js = byComment.value(c.id);
        const DecidedLabels labels = decidedLabels(js, a == adjudicated.cend() ? std::nullopt : std::optional<Adjudication>(*a));
        data.decided.insert(c.id, decidedFields(js, labels));
        if (labels.keyBug.pending)
            pending.insert(c.id);
    }
    data.verdicts = decidedVerdicts(data.judgements, data.adjudications);
    for (const ReferenceLink &l : data.referenceLinks)
        data.links.insert(l.comment, l.reference);
    std::sort(data.comments.begin(), data.comments.end(), fileOrder);

    // The sets of gold-gap triage count imported ground truth (and what
    // triage added) only: no key bugs, no references marked by hand.
    const bool importedOnly = set == ReferenceSet::Original || set == ReferenceSet::Triaged;
    const bool keyBugsCount = set != ReferenceSet::Aacr && !importedOnly;
    QList<StoredComment> marked, keyBugs;
    for (const StoredComment &c : data.comments) {
        const bool isMarked = importedOnly ? (c.reference && c.origin == CommentOrigin::Imported) || data.triaged.contains(c.id)
                                           : c.reference && (set != ReferenceSet::KeyBugs || c.origin == CommentOrigin::Human);
        const bool keyBug = keyBugsCount && data.decided.value(c.id).keyBug.value_or(false);
        if (isMarked)
            marked << c;
        else if (keyBug)
            keyBugs << c;
        else if (keyBugsCount && pending.contains(c.id))
            ++data.pendingKeyBugs;
    }
    QSet<qint64> referenceIds;
    for (const StoredComment &r : marked)
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
    QHash<qint64, QList<qint64>> membersOf;
    for (const StoredComment &c : keyBugs) {
        const qint64 group = issues.find(c.id);
        const qint64 issue = linkedReference.value(group, group);
        data.issueOf.insert(c.id, issue);
        membersOf[issue] << c.id;
        if (issue == c.id)
            marked << c; // stands for its group
    }
    for (const StoredComment &c : std::as_const(marked)) {
        ReferenceIssue r = referenceIssueOf(c, data.decided.value(c.id), keyBugIds.contains(c.id));
        r.members = membersOf.value(c.id);
        std::sort(r.members.begin(), r.members.end());
        data.references << r;
    }
    std::sort(data.references.begin(), data.references.end(), referenceOrder);
}

// The snapshot's references in place of the live ones (kept beside, to
// tell whether the set has moved since).
std::optional<Error> useSnapshot(MergeRequestEvidence &data, const ReferenceSnapshot &snapshot)
{
    const auto state = std::find_if(snapshot.mergeRequests.cbegin(), snapshot.mergeRequests.cend(),
                                    [&data](const ReferenceSnapshot::MergeRequestState &m) { return m.mergeRequest == data.entry.id; });
    if (state == snapshot.mergeRequests.cend())
        return Error{Error::Kind::Usage,
                     QCoreApplication::translate("rd::pipeline", "the reference snapshot '%1' has no references for merge request %2 (%3): it was added after the snapshot "
                                                                 "was frozen. Evaluate the other runs (--run), or freeze a new snapshot")
                         .arg(snapshot.name)
                         .arg(data.entry.id)
                         .arg(data.entry.title.isEmpty() ? data.entry.base + QStringLiteral("..") + data.entry.head : data.entry.title)};
    data.liveReferences = std::move(data.references);
    data.references.clear();
    data.issueOf.clear();
    for (const ReferenceIssue &r : snapshot.references)
        if (r.mergeRequest == data.entry.id) {
            data.references << r;
            for (qint64 m : r.members)
                data.issueOf.insert(m, r.comment);
        }
    std::sort(data.references.begin(), data.references.end(), referenceOrder);
    data.pendingKeyBugs = state->pendingKeyBugs;
    return std::nullopt;
}

} // namespace

QString semanticText(const ReviewComment &c, bool translation)
{
    const bool original = !translation && !c.translationLanguage.isEmpty();
    QStringList parts{original ? c.issueOriginal : c.issue};
    for (const QString &part : {original ? c.rootCauseOriginal : c.rootCause, original ? c.fixOriginal : c.fix})
        if (!part.isEmpty())
            parts << part;
    return parts.join(QLatin1Char('\n'));
}

Item referenceItem(const ReferenceIssue &r, bool translation)
{
    Item i;
    i.id = r.comment;
    i.where.path = r.file;
    i.where.side = r.side;
    if (r.lineFrom > 0)
        i.where.from = r.lineFrom;
    if (r.lineTo > 0)
        i.where.to = r.lineTo;
    i.text = translation ? r.translatedText : r.text;
    i.category = r.category.value_or(QString());
    i.context = r.context.value_or(QString());
    i.key = QString::number(r.comment);
    return i;
}

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

Result<QHash<qint64, MergeRequestEvidence>> readLiveEvidence(const WorkspaceStore &store, const QList<qint64> &mrIds, ReferenceSet set)
{
    QHash<qint64, MergeRequestEvidence> mrs;
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
    if (set == ReferenceSet::Triaged) {
        auto triaged = triagedReferencesOf(store);
        if (!triaged)
            return triaged.error();
        for (const TriagedReference &r : std::as_const(*triaged))
            if (auto it = mrs.find(r.item.mergeRequest); it != mrs.end())
                it->triaged.insert(r.item.comment);
    }
    for (MergeRequestEvidence &data : mrs)
        settle(data, set);
    return mrs;
}

Result<Evidence> readEvidence(const WorkspaceStore &store, const QList<StoredRun> &runs, const Options &options)
{
    QList<qint64> mrIds;
    for (const StoredRun &run : runs)
        if (!mrIds.contains(run.mergeRequest))
            mrIds << run.mergeRequest;
    Evidence out;
    ReferenceSet set = options.references;
    if (!options.snapshot.isEmpty()) {
        auto snapshot = store.referenceSnapshot(options.snapshot);
        if (!snapshot)
            return snapshot.error();
        if (!*snapshot) {
            QStringList names;
            if (auto all = store.referenceSnapshots())
                for (const ReferenceSnapshot &s : *all)
                    names << s.name;
            return Error{Error::Kind::Usage, names.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no reference snapshot '%1' in this workspace (it has none; "
                                                                                                         "`reviewdesk-cli references freeze` makes one)")
                                                                   .arg(options.snapshot)
                                                             : QCoreApplication::translate("rd::pipeline", "no reference snapshot '%1' in this workspace (it has: %2)")
                                                                   .arg(options.snapshot, names.join(QStringLiteral(", ")))};
        }
        out.snapshot = std::move(**snapshot);
        set = referenceSetFromName(out.snapshot->referenceSet).value_or(ReferenceSet::All);
    }
    auto live = readLiveEvidence(store, mrIds, set);
    if (!live)
        return live.error();
    out.mergeRequests = std::move(*live);
    if (out.snapshot)
        for (MergeRequestEvidence &data : out.mergeRequests)
            if (auto refused = useSnapshot(data, *out.snapshot))
                return *refused;
    return out;
}

} // namespace rd::eval
