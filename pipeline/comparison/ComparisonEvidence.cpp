#include "ComparisonEvidence.h"
#include "MergeRequestLabels.h"

#include "JudgeAuditItems.h"

#include <Evaluation.h>
#include <EvaluationEvidence.h>
#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QMap>
#include <QSet>

#include <algorithm>
#include <set>

namespace rd::compare {

namespace {

Error usageError(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

// The merge requests the filters let through (all of them without filters);
// a filter whose label no merge request has, or after which none is left,
// is an error naming the labels or values there are.
Result<QSet<qint64>> passingMergeRequests(const WorkspaceStore &store, const QList<LabelFilter> &filters)
{
    auto labels = MergeRequestLabels::read(store);
    if (!labels)
        return labels.error();
    QSet<qint64> passing(labels->mergeRequests().cbegin(), labels->mergeRequests().cend());
    const QStringList names = labels->names();
    for (const LabelFilter &f : filters) {
        if (!names.contains(f.name))
            return usageError(QCoreApplication::translate("rd::pipeline", "--mr-filter %1: no merge request has the label '%1' (labels: %2)")
                                  .arg(f.name, names.isEmpty() ? QCoreApplication::translate("rd::pipeline", "none") : names.join(QStringLiteral(", "))));
        const QSet<qint64> kept = labels->passing(passing, {f});
        if (kept.isEmpty()) {
            const QStringList known = labels->valueCounts(f.name).keys();
            return usageError(QCoreApplication::translate("rd::pipeline", "--mr-filter %1=%2: no merge request passes (values of %1: %3)").arg(f.name, f.values.join(QLatin1Char(',')), known.join(QStringLiteral(", "))));
        }
        passing = kept;
    }
    return passing;
}

QList<qint64> sortedIds(QSet<qint64> ids)
{
    QList<qint64> out(ids.cbegin(), ids.cend());
    std::sort(out.begin(), out.end());
    return out;
}

// People as the judge of our own runs: the evaluation's matching of each
// run's comments (what the run shows: the last stage) against the
// references, by line and by people's links (Evaluation.h).
Result<std::optional<JudgeEvidence>> peopleEvidence(const WorkspaceStore &store, const QSet<qint64> &passing)
{
    eval::Options options;
    options.lastStageOnly = true;
    eval::Evidence read; // the comments and verdicts, for the economics below
    options.keepEvidence = &read;
    auto evaluation = eval::evaluateWorkspace(store, options);
    if (!evaluation)
        return evaluation.error();
    JudgeEvidence judge;
    judge.name = peopleJudgeName();
    judge.kind = JudgeKind::People;
    QMap<qint64, QList<qint64>> references;
    QHash<QString, QHash<qint64, ReviewOnMergeRequest>> byReviewer;
    QHash<QString, int> runsOf, acceptedOf, judgedOf;
    QHash<QString, QList<StoredRun>> storedRunsOf;
    for (const eval::RunEvaluation &run : std::as_const(evaluation->runs)) {
        const qint64 mr = run.mergeRequest.id;
        if (!passing.contains(mr))
            continue;
        storedRunsOf[run.group] << run.run;
        if (!references.contains(mr)) {
            QList<qint64> ids;
            for (const eval::Item &r : run.references)
                ids << r.id;
            std::sort(ids.begin(), ids.end());
            references.insert(mr, ids);
        }
        const eval::StageResult &shown = run.stages[eval::StageCount - 1];
        ReviewOnMergeRequest &review = byReviewer[run.group][mr];
        review.tp += shown.outcome.keyIssuesFound;
        review.fp += shown.outcome.falseAlarms;
        review.fn += shown.outcome.keyIssues - shown.outcome.keyIssuesFound;
        for (qint64 id : shown.found)
            if (!review.found.contains(id))
                review.found << id;
        std::sort(review.found.begin(), review.found.end());
        review.runs << shown.outcome;
        ++runsOf[run.group];
        acceptedOf[run.group] += shown.accepted;
        judgedOf[run.group] += shown.judged;
    }
    if (references.isEmpty())
        return std::optional<JudgeEvidence>();
    judge.mergeRequests = references.keys();
    judge.references = references.values();
    QHash<qint64, int> index;
    for (int i = 0; i < judge.mergeRequests.size(); ++i)
        index.insert(judge.mergeRequests[i], i);
    // What each configuration cost, saw and had addressed (ReviewerEconomics.h).
    QList<StoredRun> evaluatedRuns;
    for (const QList<StoredRun> &runs : std::as_const(storedRunsOf))
        evaluatedRuns += runs;
    auto economics = readEconomicsEvidence(store, judge.mergeRequests, read, evaluatedRuns);
    if (!economics)
        return economics.error();
    QList<StoredComment> runComments;
    for (const QList<StoredComment> &comments : std::as_const(economics->commentsOfRun))
        runComments += comments;
    judge.addressedDetector = detectorAgreement(*economics, runComments);
    for (const QString &group : std::as_const(evaluation->groups)) {
        if (!byReviewer.contains(group))
            continue;
        ReviewerEvidence reviewer;
        reviewer.name = group;
        reviewer.kind = ReviewerKind::Configuration;
        reviewer.reviews.resize(judge.mergeRequests.size());
        const auto &reviews = byReviewer[group];
        for (auto it = reviews.cbegin(); it != reviews.cend(); ++it)
            reviewer.reviews[index.value(it.key())] = it.value();
        reviewer.runs = runsOf.value(group);
        if (judgedOf.value(group) > 0)
            reviewer.accepted = acceptedOf.value(group);
        ReviewerEconomics figures = reviewerEconomics(storedRunsOf.value(group), *economics);
        figures.coverage.byRun.clear(); // per-line detail the comparison does not show
        reviewer.economicsOf.resize(judge.mergeRequests.size());
        for (const MergeRequestEconomics &mr : std::as_const(figures.perMergeRequest))
            if (const auto i = index.constFind(mr.mergeRequest); i != index.cend())
                reviewer.economicsOf[*i] = mr;
        reviewer.economics = std::move(figures);
        judge.reviewers << reviewer;
    }
    return std::optional<JudgeEvidence>(judge);
}

// The imported judges' verdicts: per review, the references its matches
// found (tp), its candidates no reference matched (fp), the references left
// (fn), as Code Review Bench's judge counts them.
// People's audit decisions, resolved over annotators (peopleSaySame), by
// candidate comment: (reference, said same).
using PeopleOnPairs = QHash<qint64, QList<std::pair<qint64, bool>>>;

Result<PeopleOnPairs> peopleOnPairs(const WorkspaceStore &store)
{
    auto decisions = store.auditDecisions();
    if (!decisions)
        return decisions.error();
    QMap<std::pair<qint64, qint64>, QList<JudgeAuditDecision>> byPair;
    for (const JudgeAuditDecision &d : std::as_const(*decisions))
        byPair[{d.comment, d.reference}] << d;
    PeopleOnPairs out;
    for (auto it = byPair.cbegin(); it != byPair.cend(); ++it)
        if (const auto same = peopleSaySame(it.value()))
            out[it.key().first].append({it.key().second, *same});
    return out;
}

// One judge's review with people's decisions in place of its own where
// they decided: a pair people called the same issue is matched, one they
// called different is not; then tp, fp and fn as the judge counts them (a
// candidate it superseded stays uncounted unless people matched it; one
// whose every match people took back is a false positive).
ReviewOnMergeRequest auditedReview(const JudgedReview &r, const QList<qint64> &references, const PeopleOnPairs &people)
{
    ReviewOnMergeRequest review;
    std::set<std::pair<qint64, qint64>> matched;
    for (const JudgeMatch &m : r.matches)
        if (std::binary_search(references.cbegin(), references.cend(), m.reference))
            matched.insert({m.comment, m.reference});
    for (const JudgedCandidate &c : r.candidates)
        for (const auto &[reference, same] : people.value(c.comment)) {
            if (!std::binary_search(references.cbegin(), references.cend(), reference))
                continue;
            if (same)
                matched.insert({c.comment, reference});
            else
                matched.erase({c.comment, reference});
        }
    std::set<qint64> matchedCandidates;
    for (const auto &[comment, reference] : matched) {
        matchedCandidates.insert(comment);
        if (!review.found.contains(reference))
            review.found << reference;
    }
    std::sort(review.found.begin(), review.found.end());
    review.tp = int(review.found.size());
    review.fp = int(std::count_if(r.candidates.cbegin(), r.candidates.cend(), [&](const JudgedCandidate &c) {
        return !matchedCandidates.count(c.comment) && c.verdict != CandidateVerdict::Superseded;
    }));
    review.fn = int(references.size()) - review.tp;
    return review;
}

// The judge's decisions on the pairs people decided: per merge request, the
// 2x2 table of each stratum of AuditEvidence; and the pairs of each stratum
// the judge judged (a pair people decided outside the sampled strata is of
// the stratum "decided", which holds just those).
void countAudit(const JudgedReview &r, const QList<qint64> &references, const PeopleOnPairs &people, const AuditPairKinds &kinds,
                AuditEvidence::StrataCells &cells, std::array<int, 4> &strataPairs)
{
    const auto inMergeRequest = [&](qint64 reference) { return std::binary_search(references.cbegin(), references.cend(), reference); };
    for (const JudgedCandidate &c : r.candidates) {
        const QList<std::pair<qint64, AuditItemKind>> kindsOfCandidate = kinds.value(c.comment);
        for (const auto &[reference, kind] : kindsOfCandidate)
            if (inMergeRequest(reference))
                ++strataPairs[size_t(kind)];
        for (const auto &[pairReference, same] : people.value(c.comment)) {
            // A named copy: clang 14 cannot capture a structured binding in a lambda.
            const qint64 reference = pairReference;
            if (!inMergeRequest(reference))
                continue;
            const bool matched = std::any_of(r.matches.cbegin(), r.matches.cend(), [&](const JudgeMatch &m) { return m.comment == c.comment && m.reference == reference; });
            const auto stratum = std::find_if(kindsOfCandidate.cbegin(), kindsOfCandidate.cend(), [&](const auto &k) { return k.first == reference; });
            const AuditItemKind kind = stratum == kindsOfCandidate.cend() ? AuditItemKind::Decided : stratum->second;
            if (kind == AuditItemKind::Decided)
                ++strataPairs[size_t(kind)];
            ++cells[size_t(kind)][(matched ? 0 : 2) + (same ? 0 : 1)];
        }
    }
}

Result<QList<JudgeEvidence>> importedEvidence(const WorkspaceStore &store, const QStringList &judges, const QSet<qint64> &passing,
                                             const std::optional<PeopleOnPairs> &people, const AuditPairKinds &kinds, QList<AuditEvidence> &audits)
{
    QList<JudgeEvidence> out;
    if (judges.isEmpty())
        return out;
    CommentQuery referenceQuery;
    referenceQuery.reference = true;
    auto referenceComments = store.comments(referenceQuery);
    if (!referenceComments)
        return referenceComments.error();
    QHash<qint64, QList<qint64>> referencesOf;
    for (const StoredComment &c : std::as_const(*referenceComments))
        referencesOf[c.mergeRequest] << c.id;
    for (QList<qint64> &ids : referencesOf)
        std::sort(ids.begin(), ids.end());

    // People's final accepts of the tools' comments (the same on every board).
    auto judgements = store.judgements();
    if (!judgements)
        return judgements.error();
    auto adjudications = store.adjudications();
    if (!adjudications)
        return adjudications.error();
    const QHash<qint64, std::optional<Verdict>> decided = eval::decidedVerdicts(*judgements, *adjudications);

    for (const QString &name : judges) {
        auto reviews = store.judgedReviews(name);
        if (!reviews)
            return reviews.error();
        JudgeEvidence judge;
        judge.name = name;
        judge.kind = JudgeKind::Imported;
        QSet<qint64> mergeRequests;
        for (const JudgedReview &r : std::as_const(*reviews))
            if (passing.contains(r.mergeRequest))
                mergeRequests.insert(r.mergeRequest);
        judge.mergeRequests = sortedIds(mergeRequests);
        QHash<qint64, int> index;
        for (int i = 0; i < judge.mergeRequests.size(); ++i) {
            index.insert(judge.mergeRequests[i], i);
            judge.references << referencesOf.value(judge.mergeRequests[i]);
        }
        QHash<QString, int> reviewerIndex;
        QHash<QString, QSet<qint64>> acceptedOf, judgedOf;
        JudgeEvidence audited;
        QList<AuditEvidence::StrataCells> auditCells(judge.mergeRequests.size(), AuditEvidence::StrataCells{});
        std::array<int, 4> strataPairs{0, 0, 0, 0};
        for (const JudgedReview &r : std::as_const(*reviews)) {
            const auto at = index.constFind(r.mergeRequest);
            if (at == index.cend())
                continue;
            if (!reviewerIndex.contains(r.reviewer)) {
                reviewerIndex.insert(r.reviewer, int(judge.reviewers.size()));
                ReviewerEvidence reviewer;
                reviewer.name = r.reviewer;
                reviewer.kind = ReviewerKind::Tool;
                reviewer.reviews.resize(judge.mergeRequests.size());
                judge.reviewers << reviewer;
                audited.reviewers << reviewer;
            }
            ReviewOnMergeRequest review;
            review.skipped = r.skipped;
            const QList<qint64> &references = judge.references[*at];
            for (const JudgedCandidate &c : r.candidates) {
                if (const auto v = decided.constFind(c.comment); v != decided.cend() && v->has_value()) {
                    judgedOf[r.reviewer].insert(c.comment);
                    if (**v == Verdict::Accept)
                        acceptedOf[r.reviewer].insert(c.comment);
                }
            }
            if (!r.skipped) {
                for (const JudgeMatch &m : r.matches)
                    if (std::binary_search(references.cbegin(), references.cend(), m.reference) && !review.found.contains(m.reference))
                        review.found << m.reference;
                std::sort(review.found.begin(), review.found.end());
                review.tp = int(review.found.size());
                review.fp = int(std::count_if(r.candidates.cbegin(), r.candidates.cend(), [](const JudgedCandidate &c) { return c.verdict == CandidateVerdict::Unmatched; }));
                review.fn = int(references.size()) - review.tp;
            }
            judge.reviewers[reviewerIndex.value(r.reviewer)].reviews[*at] = review;
            if (people && !r.skipped) {
                audited.reviewers[reviewerIndex.value(r.reviewer)].reviews[*at] = auditedReview(r, references, *people);
                countAudit(r, references, *people, kinds, auditCells[*at], strataPairs);
            }
        }
        for (ReviewerEvidence &reviewer : judge.reviewers)
            if (!judgedOf.value(reviewer.name).isEmpty())
                reviewer.accepted = int(acceptedOf.value(reviewer.name).size());
        out << judge;
        AuditEvidence audit;
        audit.judge = name;
        audit.strataPairs = strataPairs;
        for (const auto &cells : std::as_const(auditCells))
            if (std::any_of(cells.cbegin(), cells.cend(), [](const AuditEvidence::Cells &stratum) { return stratum[0] + stratum[1] + stratum[2] + stratum[3] > 0; }))
                audit.perMergeRequest << cells;
        if (!audit.perMergeRequest.isEmpty()) {
            // The audited board: the judge's reviewers and merge requests,
            // each review as people's decisions make it.
            for (qsizetype i = 0; i < judge.reviewers.size(); ++i) {
                audited.reviewers[i].name = judge.reviewers[i].name;
                audited.reviewers[i].kind = judge.reviewers[i].kind;
                audited.reviewers[i].accepted = judge.reviewers[i].accepted;
                for (qsizetype m = 0; m < judge.reviewers[i].reviews.size(); ++m)
                    if (judge.reviewers[i].reviews[m] && judge.reviewers[i].reviews[m]->skipped)
                        audited.reviewers[i].reviews[m] = judge.reviewers[i].reviews[m];
            }
            audited.name = auditedJudgeName(name);
            audited.kind = JudgeKind::Audited;
            audited.mergeRequests = judge.mergeRequests;
            audited.references = judge.references;
            out << audited;
            audits << audit;
        }
    }
    return out;
}

} // namespace

QString peopleJudgeName()
{
    return QStringLiteral("people");
}

QString auditedJudgeName(const QString &judge)
{
    return QStringLiteral("people (audit of %1)").arg(judge);
}

Result<Evidence> readComparisonEvidence(const WorkspaceStore &store, const ComparisonRequest &request)
{
    auto passing = passingMergeRequests(store, request.filters);
    if (!passing)
        return passing.error();
    auto stored = store.judges();
    if (!stored)
        return stored.error();
    QStringList imported;
    for (const JudgeEntry &j : std::as_const(*stored))
        imported << j.name;
    const bool people = !request.judge || *request.judge == peopleJudgeName();
    if (request.judge && !people) {
        if (!imported.contains(*request.judge))
            return usageError(QCoreApplication::translate("rd::pipeline", "--judge %1: no such judge (judges: %2)").arg(*request.judge, (QStringList{peopleJudgeName()} + imported).join(QStringLiteral(", "))));
        imported = {*request.judge};
    } else if (request.judge) {
        imported.clear();
    }

    Evidence evidence;
    if (people) {
        auto own = peopleEvidence(store, *passing);
        if (!own)
            return own.error();
        if (*own)
            evidence.judges << **own;
        else if (request.judge)
            return usageError(QCoreApplication::translate("rd::pipeline", "--judge people: people judge the workspace's own runs, and no run of the merge requests compared has one"));
    }
    std::optional<PeopleOnPairs> audited;
    AuditPairKinds strata;
    if (request.audit && !imported.isEmpty()) {
        auto decided = peopleOnPairs(store);
        if (!decided)
            return decided.error();
        if (!decided->isEmpty()) {
            audited = *decided;
            auto kinds = auditPairKinds(store);
            if (!kinds)
                return kinds.error();
            strata = *kinds;
        }
    }
    auto others = importedEvidence(store, imported, *passing, audited, strata, evidence.audits);
    if (!others)
        return others.error();
    for (const JudgeEvidence &j : std::as_const(*others)) {
        if (j.mergeRequests.isEmpty())
            evidence.notes << QCoreApplication::translate("rd::pipeline", "judge %1: no judged merge request passes the filters").arg(j.name);
        else
            evidence.judges << j;
    }
    if (evidence.judges.isEmpty())
        return usageError(QCoreApplication::translate("rd::pipeline", "nothing to compare: no run of ours with references, and no imported judge's verdicts (import --code-review-bench DIR)"));
    return evidence;
}

} // namespace rd::compare
