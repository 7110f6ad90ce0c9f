#include "Evaluation.h"

#include "RunRecord.h"

#include <Agreement.h>

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace rd::eval {

namespace {

// The stage a comment left the pipeline at; StageCount when it was kept.
int dropRank(const ReviewComment &c)
{
    if (c.kept || c.droppedAt.isEmpty())
        return StageCount;
    const QString &d = c.droppedAt;
    if (d == QLatin1String("coarse"))
        return int(Stage::Coarse);
    if (d == QLatin1String("top_k"))
        return int(Stage::TopK);
    if (d == QLatin1String("meta") || d == QLatin1String("merged") || d == QLatin1String("agreement"))
        return int(Stage::Meta);
    if (d == QLatin1String("validator"))
        return int(Stage::Validator);
    return 0; // unparsed, cancelled: never a comment at any stage
}

// The meta-reviewer's merged comments exist from its stage on.
int bornRank(const ReviewComment &c)
{
    return !c.history.isEmpty() && c.history.first().stage == QLatin1String("meta") ? int(Stage::Meta) : int(Stage::All);
}

// What the semantic judge reads: a translated comment's original text
// unless Options::matchTranslation asks for the translation.
QString commentText(const ReviewComment &c, bool translation)
{
    const bool original = !translation && !c.translationLanguage.isEmpty();
    QStringList parts{original ? c.issueOriginal : c.issue};
    for (const QString &part : {original ? c.rootCauseOriginal : c.rootCause, original ? c.fixOriginal : c.fix})
        if (!part.isEmpty())
            parts << part;
    return parts.join(QLatin1Char('\n'));
}

Item itemOf(const StoredComment &s, const std::optional<Judgement> &decided = {}, bool translation = false)
{
    Item i;
    i.id = s.id;
    i.where.path = s.comment.file;
    i.where.side = s.comment.side;
    if (s.comment.located()) { // unlocated: no lines, so it never line-matches (it can still match semantically)
        i.where.from = s.comment.lineStart;
        if (s.comment.lineEnd > 0)
            i.where.to = s.comment.lineEnd;
    }
    i.text = commentText(s.comment, translation);
    i.category = s.comment.category;
    if (decided && decided->category)
        i.category = *decided->category;
    if (decided && decided->context)
        i.context = contextLevelName(*decided->context);
    i.key = QString::number(s.id);
    return i;
}

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

QList<qint64> idsOf(const QList<Item> &items, const QList<bool> &which, bool wanted = true)
{
    QList<qint64> out;
    for (int i = 0; i < items.size(); ++i)
        if (which.value(i) == wanted)
            out << items[i].id;
    return out;
}

} // namespace

QString stageName(Stage stage)
{
    switch (stage) {
    case Stage::All: return QCoreApplication::translate("rd::pipeline", "All");
    case Stage::Coarse: return QCoreApplication::translate("rd::pipeline", "Coarse filter");
    case Stage::TopK: return QCoreApplication::translate("rd::pipeline", "Top-k");
    case Stage::Meta: return QCoreApplication::translate("rd::pipeline", "+Meta Reviewer");
    case Stage::Validator: return QCoreApplication::translate("rd::pipeline", "+Validator");
    }
    return {};
}

QString stageKey(Stage stage)
{
    static const char *keys[] = {"all", "coarse", "top_k", "meta", "validator"};
    return QLatin1String(keys[int(stage)]);
}

bool reachedStage(const ReviewComment &comment, Stage stage)
{
    return bornRank(comment) <= int(stage) && dropRank(comment) > int(stage);
}

std::optional<ReferenceSet> referenceSetFromName(const QString &name)
{
    if (name == QLatin1String("all"))
        return ReferenceSet::All;
    if (name == QLatin1String("aacr"))
        return ReferenceSet::Aacr;
    if (name == QLatin1String("key-bugs"))
        return ReferenceSet::KeyBugs;
    return std::nullopt;
}

std::optional<Verdict> decidedVerdict(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication)
{
    const FinalLabel label = finalLabel(judgements, adjudication);
    if (label.isFinal() || label.status == FinalLabel::Status::Single)
        return label.verdict;
    return std::nullopt;
}

Result<QHash<qint64, std::optional<Verdict>>> decidedVerdicts(const WorkspaceStore &store, qint64 mergeRequest)
{
    auto judgements = store.judgements(mergeRequest);
    if (!judgements)
        return judgements.error();
    auto adjudications = store.adjudications(mergeRequest);
    if (!adjudications)
        return adjudications.error();
    return decidedVerdicts(*judgements, *adjudications);
}

QHash<qint64, std::optional<Verdict>> decidedVerdicts(const QList<Judgement> &judgements, const QList<Adjudication> &adjudications)
{
    QHash<qint64, QList<Judgement>> byComment;
    for (const Judgement &j : judgements)
        byComment[j.comment] << j;
    QHash<qint64, Adjudication> settled;
    for (const Adjudication &a : adjudications) {
        settled.insert(a.comment, a);
        byComment[a.comment]; // an adjudicated comment is decided even without judgements
    }
    QHash<qint64, std::optional<Verdict>> out;
    for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
        const auto a = settled.constFind(it.key());
        out.insert(it.key(), decidedVerdict(it.value(), a == settled.cend() ? std::nullopt : std::optional<Adjudication>(*a)));
    }
    return out;
}

QString configurationName(const std::optional<RunConfig> &config, const QString &fallback)
{
    if (!config)
        return fallback.isEmpty() ? QCoreApplication::translate("rd::pipeline", "unknown configuration") : fallback;
    // The other papers' reviewers share none of the defect pipeline's knobs:
    // their runs are a configuration of their own, never averaged with its runs.
    switch (config->pipeline) {
    case PipelineKind::Defect: break;
    case PipelineKind::Cqs: return QCoreApplication::translate("rd::pipeline", "CQS issue collector and judge");
    case PipelineKind::CodeAgent: return QCoreApplication::translate("rd::pipeline", "CodeAgent");
    case PipelineKind::Aacr:
        return QCoreApplication::translate("rd::pipeline", "AACR-Bench hunk review, %1 context").arg(config->context.isEmpty() ? QStringLiteral("none") : config->context);
    }
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "no"};
    return QCoreApplication::translate("rd::pipeline", "%1, %2 reviewers, top-%3, %4, %5 line numbers")
        .arg(QLatin1String(slicing[int(config->slicing)]))
        .arg(config->reviewers)
        .arg(config->topK)
        .arg(config->cot ? QCoreApplication::translate("rd::pipeline", "CoT") : QCoreApplication::translate("rd::pipeline", "no CoT"))
        .arg(QLatin1String(lines[int(config->lineFormat)]));
}

namespace {

// Cohen's kappa of every pair of annotators who judged the same comments of
// the evaluated merge requests, shown beside their precision.
template <typename MrMap>
QList<AgreementReport> agreementsOf(const MrMap &mrs)
{
    QList<Judgement> all;
    QHash<qint64, qint64> mergeRequestOf;
    QStringList names;
    for (const auto &mr : mrs)
        for (const Judgement &j : mr.judgements) {
            all << j;
            mergeRequestOf.insert(j.comment, mr.entry.id);
            if (!names.contains(j.annotator))
                names << j.annotator;
        }
    names.sort();
    QList<AgreementReport> out;
    for (int a = 0; a < names.size(); ++a)
        for (int b = a + 1; b < names.size(); ++b) {
            AgreementReport report = computeAgreement(all, mergeRequestOf, names[a], names[b]);
            if (!report.overall.isEmpty() && report.overall.first().items > 0)
                out << report;
        }
    return out;
}

} // namespace

Result<Evaluation> evaluateWorkspace(const WorkspaceStore &store, const Options &options)
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

    struct MrData
    {
        MergeRequestEntry entry;
        QList<StoredComment> references;
        QList<Judgement> judgements;      // every annotator's, for agreement
        QHash<qint64, Judgement> decided; // per comment: category, context, key bug
        QHash<qint64, std::optional<Verdict>> verdicts;
        QHash<qint64, qint64> links;      // comment -> reference
        // A key-bug comment -> the reference of its issue (itself when it
        // stands for its group): a comment of the group finds that reference.
        QHash<qint64, qint64> issueOf;
        QList<StoredComment> comments;    // all of them, file order
        QList<Adjudication> adjudications;
        QList<ReferenceLink> referenceLinks;
    };
    // What is read of a merge request, whole, into what the evaluation uses.
    // The references are fixed per merge request before any run is judged
    // (paper App. M.1: a fixed set of key issues, e.g. 14 of 45): the
    // comments marked as reference (imported ground truth, added by hand)
    // each, and the key-bug comments grouped into one reference per distinct
    // issue: comments an annotator linked to each other or to a reference,
    // and near-duplicates (TeamAnnotation.h's rule), are one issue.
    const auto settle = [&](MrData &data) {
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
    };

    QHash<qint64, MrData> mrs;
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
            MrData &data = mrs[id];
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
    for (MrData &data : mrs)
        settle(data);
    // Runs of one configuration share its record's configuration: read once.
    QHash<QString, std::optional<RunConfig>> configOf;

    // The judge is asked once per pair, whichever stages the pair is in.
    QHash<QPair<qint64, qint64>, bool> answers;
    // A merge request's hunks are counted once, however many runs it has.
    QHash<qint64, std::optional<int>> patchesOf;

    Evaluation out;
    out.semantic = bool(options.semantic);
    for (const StoredRun &run : runs) {
        const MrData &mr = mrs[run.mergeRequest];
        RunEvaluation re;
        re.run = run;
        re.mergeRequest = mr.entry;
        if (options.patchesOf && !patchesOf.contains(mr.entry.id))
            patchesOf.insert(mr.entry.id, options.patchesOf(mr.entry));
        const std::optional<int> patches = patchesOf.value(mr.entry.id);
        if (!run.configHash.isEmpty() && configOf.contains(run.configHash)) {
            re.config = configOf.value(run.configHash);
        } else {
            if (auto record = RunRecord::fromJson(run.record))
                re.config = record->config;
            if (!run.configHash.isEmpty())
                configOf.insert(run.configHash, re.config);
        }
        re.group = configurationName(re.config, run.label);
        if (!out.groups.contains(re.group))
            out.groups << re.group;
        for (const StoredComment &r : mr.references)
            re.references << itemOf(r, mr.decided.value(r.id), options.matchTranslation);
        QHash<qint64, int> referenceIndex;
        for (int i = 0; i < re.references.size(); ++i)
            referenceIndex.insert(re.references[i].id, i);

        // The merge request's comments were read once already (in file order);
        // each becomes an Item once, whatever stages it reaches.
        QList<const StoredComment *> sorted;
        QList<Item> items;
        for (const StoredComment &c : mr.comments)
            if (c.run == run.id) {
                sorted << &c;
                items << itemOf(c, {}, options.matchTranslation);
                // A link to a key-bug comment is a link to its issue's reference.
                const auto link = mr.links.find(c.id);
                const qint64 linkedTo = link == mr.links.end() ? -1 : mr.issueOf.value(*link, *link);
                if (linkedTo >= 0 && referenceIndex.contains(linkedTo))
                    re.linkedReference.insert(c.id, linkedTo);
                else if (auto issue = mr.issueOf.find(c.id); issue != mr.issueOf.end() && referenceIndex.contains(*issue))
                    re.linkedReference.insert(c.id, *issue);
            }

        // A run of several reviewers is, at the reviewers' own stages (All,
        // Coarse, Top-k), one single-reviewer run per reviewer: the paper's
        // single-reviewer columns (Tables 3, 5, 7) average such runs.
        // Only the defect pipeline has several reviewers; the other papers'
        // runs keep its default of three in their configuration, unused.
        int reviewers = re.config && re.config->pipeline == PipelineKind::Defect ? re.config->reviewers : 1;
        for (const StoredComment *c : sorted)
            for (int r : c->comment.reviewers)
                reviewers = std::max(reviewers, r);

        struct Judged
        {
            MatchResult match;
            QList<bool> found;      // per reference
            QList<bool> falseAlarm; // per generated comment
        };
        const int refs = static_cast<int>(re.references.size());
        const auto judge = [&](const QList<Item> &generated) {
            Judged j;
            MatchOptions mo;
            mo.maxDistance = options.maxDistance;
            // An annotator's link, and a key-bug comment's own issue, outrank every automatic match.
            for (int g = 0; g < generated.size(); ++g)
                if (const auto target = re.linkedReference.find(generated[g].id); target != re.linkedReference.end())
                    mo.links << std::pair{g, referenceIndex.value(*target)};
            if (options.semantic) {
                mo.semantic = [&](int g, int r) {
                    const auto key = qMakePair(generated[g].id, re.references[r].id);
                    if (auto it = answers.find(key); it != answers.end())
                        return *it;
                    const bool yes = generated[g].id == re.references[r].id || options.semantic(generated[g].text, re.references[r].text);
                    answers.insert(key, yes);
                    return yes;
                };
            }
            j.match = matchOneToOne(generated, re.references, mo);
            j.found = options.semantic ? j.match.referencesFoundSemantically(refs) : j.match.referencesFoundByLine(refs);
            // App. M.2: a false alarm is a comment unrelated to any key issue.
            j.falseAlarm = unrelatedToAnyKeyIssue(generated, re.references, mo, j.match, bool(options.semantic));
            return j;
        };
        const auto outcomeOf = [&](const QList<const StoredComment *> &at, const Judged &j) {
            MrOutcome o;
            o.comments = static_cast<int>(at.size());
            o.keyIssues = refs;
            o.keyIssuesFound = static_cast<int>(j.found.count(true));
            o.falseAlarms = static_cast<int>(j.falseAlarm.count(true));
            for (const StoredComment *c : at)
                if (c->comment.located())
                    ++o.validLines;
            return o;
        };

        for (int s = 0; s < StageCount; ++s) {
            StageResult &st = re.stages[s];
            QList<const StoredComment *> at;
            QList<int> atItem;
            for (int i = 0; i < sorted.size(); ++i)
                if (reachedStage(sorted[i]->comment, Stage(s))) {
                    at << sorted[i];
                    atItem << i;
                }
            st.pr.name = mr.entry.title.isEmpty() ? QString::number(mr.entry.id) : mr.entry.title;
            st.pr.language = mr.entry.language;
            st.pr.prCategory = mr.entry.prCategory;
            st.pr.patches = patches;
            st.pr.references = re.references;
            st.pr.semantic = bool(options.semantic);
            st.pr.generated.reserve(at.size());
            for (int g = 0; g < at.size(); ++g) {
                st.pr.generated << items[atItem[g]];
                st.comments << at[g]->id;
            }
            const Judged judged = judge(st.pr.generated);
            st.pr.match = judged.match;
            st.outcome = outcomeOf(at, judged);
            st.found = idsOf(re.references, judged.found);
            for (int g = 0; g < at.size(); ++g) {
                const ReviewComment &c = at[g]->comment;
                const qint64 id = at[g]->id;
                if (judged.falseAlarm[g])
                    st.falseAlarms << id;
                if (!c.located())
                    st.invalidLines << id;
                const std::optional<Verdict> v = mr.verdicts.value(id);
                if (!v)
                    continue;
                ++st.judged;
                const QString category = c.category.isEmpty() ? QStringLiteral("-") : c.category;
                Ratio &byCategory = st.acceptedByCategory[category];
                ++byCategory.whole;
                if (*v == Verdict::Accept) {
                    ++st.accepted;
                    ++byCategory.part;
                    st.acceptedComments << id;
                    st.acceptedCommentsByCategory[category] << id;
                }
            }
            // Comments that name no reviewer (a run stored without them) cannot
            // be told apart: the run stays whole.
            const bool byReviewer = std::all_of(at.begin(), at.end(), [](const StoredComment *c) { return !c->comment.reviewers.isEmpty(); });
            if (reviewers > 1 && s < int(Stage::Meta) && byReviewer)
                for (int r = 1; r <= reviewers; ++r) {
                    QList<const StoredComment *> own;
                    QList<Item> ownItems;
                    for (int g = 0; g < at.size(); ++g)
                        if (at[g]->comment.reviewers.contains(r)) {
                            own << at[g];
                            ownItems << st.pr.generated[g];
                        }
                    st.perReviewer << outcomeOf(own, judge(ownItems));
                }
        }
        out.runs << re;
    }
    out.agreements = agreementsOf(mrs);
    return out;
}

DefectMetrics Evaluation::defect(const QString &group, Stage stage) const
{
    QList<MrOutcome> outcomes;
    for (const RunEvaluation &r : runs)
        if (r.group == group)
            outcomes << r.stages[int(stage)].outcome;
    return defectMetrics(outcomes);
}

QList<RunPass> Evaluation::passes(const QString &group, Stage stage) const
{
    // The i-th run of the configuration on each merge request is pass i;
    // runs come in the store's order (by merge request, then as run).
    QHash<qint64, int> runsOnMergeRequest;
    QMap<std::pair<int, int>, RunPass> byKey;
    for (const RunEvaluation &r : runs) {
        if (r.group != group)
            continue;
        const int repetition = runsOnMergeRequest[r.mergeRequest.id]++;
        const StageResult &s = r.stages[int(stage)];
        const auto add = [&](int reviewer, const MrOutcome &o) {
            RunPass &p = byKey[{repetition, reviewer}];
            p.repetition = repetition;
            p.reviewer = reviewer;
            p.runs << r.run.id;
            p.outcomes << o;
        };
        if (s.perReviewer.isEmpty())
            add(0, s.outcome);
        else
            for (int i = 0; i < s.perReviewer.size(); ++i)
                add(i + 1, s.perReviewer[i]);
    }
    return byKey.values();
}

RepeatedRuns Evaluation::perRun(const QString &group, Stage stage) const
{
    return perRun(passes(group, stage));
}

RepeatedRuns Evaluation::perRun(const QList<RunPass> &passes)
{
    QList<DefectMetrics> metrics;
    for (const RunPass &p : passes)
        metrics << defectMetrics(p.outcomes);
    return repeatedRuns(metrics);
}

QList<PrEvaluation> Evaluation::prs(const QString &group, Stage stage) const
{
    QList<PrEvaluation> out;
    for (const RunEvaluation &r : runs)
        if (r.group == group)
            out << r.stages[int(stage)].pr;
    return out;
}

AacrMetrics Evaluation::aacr(const QString &group, Stage stage) const
{
    return aacrMetrics(prs(group, stage));
}

} // namespace rd::eval
