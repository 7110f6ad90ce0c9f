#include "Evaluation.h"

#include "EvaluationEvidence.h"
#include "RunRecord.h"

#include <Agreement.h>

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>

#include <algorithm>

namespace rd::eval {

namespace {

// The stage a comment left the pipeline at; StageCount when it was kept.
int dropRank(const ReviewComment &c)
{
    if (c.kept || c.droppedAt.isEmpty())
        return StageCount;
    const QString &d = c.droppedAt;
    // A reviewer comment scored off the 1..7 scale (SliceReview) was
    // generated: one of "All", out of every cut from the coarse filter on.
    if (d == QLatin1String("coarse") || d == QLatin1String("score"))
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

// A generated comment as the matching takes it.
Item itemOf(const StoredComment &s, bool translation)
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
    i.text = semanticText(s.comment, translation);
    i.category = s.comment.category;
    i.key = QString::number(s.id);
    return i;
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
    if (name == QLatin1String("original"))
        return ReferenceSet::Original;
    if (name == QLatin1String("triaged"))
        return ReferenceSet::Triaged;
    return std::nullopt;
}

QString referenceSetName(ReferenceSet set)
{
    switch (set) {
    case ReferenceSet::All: return QStringLiteral("all");
    case ReferenceSet::Aacr: return QStringLiteral("aacr");
    case ReferenceSet::KeyBugs: return QStringLiteral("key-bugs");
    case ReferenceSet::Original: return QStringLiteral("original");
    case ReferenceSet::Triaged: return QStringLiteral("triaged");
    }
    return {};
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
    return (config ? configurationIdentity(*config) : unreadableConfiguration(fallback)).baseName;
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

// Groups the runs by their configurations' identities, in first-seen order,
// each named by its label among them all: every table of the evaluation
// names a configuration the same way.
void nameConfigurations(Evaluation &e)
{
    QHash<QString, int> indexOf; // identity key -> index into e.configurations
    QList<int> runIndex;
    for (const RunEvaluation &r : std::as_const(e.runs)) {
        const QString key = r.configuration.key();
        auto it = indexOf.find(key);
        if (it == indexOf.end()) {
            it = indexOf.insert(key, static_cast<int>(e.configurations.size()));
            e.configurations << r.configuration;
        }
        runIndex << *it;
    }
    const QList<ConfigurationLabel> labels = configurationLabels(e.configurations);
    for (const ConfigurationLabel &l : labels)
        e.groups << l.text;
    for (qsizetype i = 0; i < e.runs.size(); ++i) {
        e.runs[i].group = labels[runIndex[i]].text;
        e.runs[i].groupNames = labels[runIndex[i]].named;
    }
}

} // namespace

Result<Evaluation> evaluateWorkspace(const WorkspaceStore &store, const Options &options)
{
    auto runsRead = runsToEvaluate(store, options);
    if (!runsRead)
        return runsRead.error();
    const QList<StoredRun> runs = std::move(*runsRead);
    auto evidence = readEvidence(store, runs, options);
    if (!evidence)
        return evidence.error();
    QHash<qint64, MergeRequestEvidence> mrs = std::move(evidence->mergeRequests);
    // Runs of one configuration share its record's configuration: read once.
    QHash<QString, std::optional<RunConfig>> configOf;
    QHash<QString, ConfigurationIdentity> identityOf; // by the stored configuration hash

    // The judge is asked once per pair, whichever stages the pair is in.
    QHash<QPair<qint64, qint64>, bool> answers;
    const auto sameMeaning = [&](const Item &generated, const Item &reference) {
        const auto key = qMakePair(generated.id, reference.id);
        if (auto it = answers.find(key); it != answers.end())
            return *it;
        const bool yes = generated.id == reference.id || options.semantic(generated.text, reference.text);
        answers.insert(key, yes);
        return yes;
    };
    // A merge request's hunks are counted once, however many runs it has.
    QHash<qint64, std::optional<int>> patchesOf;

    Evaluation out;
    out.semantic = bool(options.semantic);
    for (const StoredRun &run : runs) {
        const MergeRequestEvidence &mr = mrs[run.mergeRequest];
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
        if (!re.config)
            re.configuration = unreadableConfiguration(run.label);
        else if (run.configHash.isEmpty())
            re.configuration = configurationIdentity(*re.config);
        else {
            auto id = identityOf.find(run.configHash);
            if (id == identityOf.end())
                id = identityOf.insert(run.configHash, configurationIdentity(*re.config));
            re.configuration = *id;
        }
        re.coverage = RunCoverage::ofStoredRun(run.coverage, run.record);
        for (const ReferenceIssue &r : mr.references)
            re.references << referenceItem(r, options.matchTranslation);
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
                items << itemOf(c, options.matchTranslation);
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
                mo.semantic = [&](int g, int r) { return sameMeaning(generated[g], re.references[r]); };
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

        for (int s = options.lastStageOnly ? StageCount - 1 : 0; s < StageCount; ++s) {
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
            // A reference not found lies in lines no model saw (unreviewed), or was missed.
            for (int r = 0; r < refs; ++r) {
                if (judged.found.value(r))
                    continue;
                const Location &at = re.references[r].where;
                (re.coverage.unreviewed(at.path, at.side, at.from.value_or(0), at.to.value_or(at.from.value_or(0))) ? st.unreviewed : st.missed)
                    << re.references[r].id;
            }
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
        // CQS §4 per tag, on what the run shows (the last stage). A
        // reference's tag is its own, else the one annotators set.
        const StageResult &last = re.stages[StageCount - 1];
        QHash<qint64, QString> tagOf;
        for (const StoredComment *c : sorted)
            tagOf.insert(c->id, c->comment.tag);
        for (const ReferenceIssue &r : mr.references)
            tagOf.insert(r.comment, r.tag.value_or(QString()));
        QStringList generatedTags, referenceTags;
        for (const Item &g : last.pr.generated)
            generatedTags << tagOf.value(g.id);
        for (const Item &r : re.references)
            referenceTags << tagOf.value(r.id);
        SemanticJudge sameRationale;
        if (options.semantic)
            sameRationale = [&](int g, int r) { return sameMeaning(last.pr.generated[g], re.references[r]); };
        re.tags = tagOutcomes(last.pr.generated, generatedTags, re.references, referenceTags, options.maxDistance, sameRationale);
        // CQS App. C, Table 3: the judge's scores per tag, of every issue it
        // scored, kept or dropped after (the threshold cuts on this score).
        for (const StoredComment *c : sorted)
            if (c->comment.judgeScore >= 0 && !c->comment.tag.isEmpty()) {
                TagOutcome &o = re.tags[c->comment.tag];
                o.judgeScores << c->comment.judgeScore;
                o.judgedComments << c->id;
            }
        out.runs << re;
    }
    nameConfigurations(out);
    out.agreements = agreementsOf(mrs);
    out.codeAgent = codeAgentMetrics(out.runs, mrs);
    out.referenceSet = referenceSetUsed(evidence->snapshot, mrs, options.references);
    if (options.keepEvidence) {
        options.keepEvidence->mergeRequests = std::move(mrs);
        options.keepEvidence->snapshot = std::move(evidence->snapshot);
    }
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
