#include "Evaluation.h"

#include "ReviewRun.h"

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

// What the annotators agreed on beyond the verdict: the latest set category and context.
Judgement decidedFields(const QList<Judgement> &js)
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
    return out;
}

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
        QList<StoredComment> comments;    // all of them, file order
        QList<Adjudication> adjudications;
        QList<ReferenceLink> referenceLinks;
    };
    // What is read of a merge request, whole, into what the evaluation uses.
    const auto settle = [&](MrData &data) {
        QHash<qint64, QList<Judgement>> byComment;
        for (const Judgement &j : data.judgements)
            byComment[j.comment] << j;
        for (auto it = byComment.cbegin(); it != byComment.cend(); ++it)
            data.decided.insert(it.key(), decidedFields(it.value()));
        data.verdicts = decidedVerdicts(data.judgements, data.adjudications);
        for (const StoredComment &c : data.comments) {
            const bool keyBug = data.decided.value(c.id).keyBug.value_or(false);
            const bool marked = c.reference;
            bool take = false;
            switch (options.references) {
            case ReferenceSet::All: take = marked || keyBug; break;
            case ReferenceSet::Aacr: take = marked; break;
            case ReferenceSet::KeyBugs: take = keyBug || (marked && c.origin == CommentOrigin::Human); break;
            }
            if (take)
                data.references << c;
        }
        std::sort(data.references.begin(), data.references.end(), fileOrder);
        std::sort(data.comments.begin(), data.comments.end(), fileOrder);
        for (const ReferenceLink &l : data.referenceLinks)
            data.links.insert(l.comment, l.reference);
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

    Evaluation out;
    out.semantic = bool(options.semantic);
    for (const StoredRun &run : runs) {
        const MrData &mr = mrs[run.mergeRequest];
        RunEvaluation re;
        re.run = run;
        re.mergeRequest = mr.entry;
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
            }

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
            st.pr.references = re.references;
            MatchOptions mo;
            mo.maxDistance = options.maxDistance;
            st.pr.generated.reserve(at.size());
            for (int g = 0; g < at.size(); ++g) {
                st.pr.generated << items[atItem[g]];
                st.comments << at[g]->id;
                if (auto link = mr.links.find(at[g]->id); link != mr.links.end() && referenceIndex.contains(*link))
                    mo.links << std::pair{g, referenceIndex.value(*link)};
            }
            if (options.semantic) {
                st.pr.semantic = true;
                mo.semantic = [&](int g, int r) {
                    const auto key = qMakePair(st.pr.generated[g].id, st.pr.references[r].id);
                    if (auto it = answers.find(key); it != answers.end())
                        return *it;
                    const bool yes = st.pr.generated[g].id == st.pr.references[r].id
                                     || options.semantic(st.pr.generated[g].text, st.pr.references[r].text);
                    answers.insert(key, yes);
                    return yes;
                };
            }
            st.pr.match = matchOneToOne(st.pr.generated, st.pr.references, mo);
            const int refs = static_cast<int>(re.references.size());
            const QList<bool> found = options.semantic ? st.pr.match.referencesFoundSemantically(refs) : st.pr.match.referencesFoundByLine(refs);
            const QList<int> &taken = options.semantic ? st.pr.match.semanticReference : st.pr.match.lineReference;
            st.outcome.comments = static_cast<int>(at.size());
            st.outcome.keyIssues = refs;
            st.outcome.keyIssuesFound = static_cast<int>(found.count(true));
            st.found = idsOf(re.references, found);
            for (int g = 0; g < at.size(); ++g) {
                const ReviewComment &c = at[g]->comment;
                const qint64 id = at[g]->id;
                if (taken[g] < 0)
                    st.falseAlarms << id;
                if (c.lineValid && c.lineStart > 0)
                    ++st.outcome.validLines;
                else
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
            st.outcome.falseAlarms = static_cast<int>(st.falseAlarms.size());
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
