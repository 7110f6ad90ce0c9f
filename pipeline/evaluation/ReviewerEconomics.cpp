#include "ReviewerEconomics.h"

#include "Evaluation.h"
#include "EvaluationEvidence.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QSet>

#include <algorithm>
#include <map>

namespace rd {

QString addressedByKey(AddressedBy by)
{
    switch (by) {
    case AddressedBy::People: return QStringLiteral("people");
    case AddressedBy::AppliedSuggestion: return QStringLiteral("applied_suggestion");
    case AddressedBy::ChangedLines: return QStringLiteral("changed_lines");
    case AddressedBy::Unchanged: return QStringLiteral("unchanged");
    }
    return {};
}

std::optional<AddressedDecision> addressedDecision(const StoredComment &comment, const QList<MergeRequestRevision> &revisions,
                                                   const QList<AddressedAnswer> &answers, std::optional<bool> suggestionApplied,
                                                   std::optional<int> madeOnRevision)
{
    if (revisions.size() < 2)
        return std::nullopt; // never followed to a later revision: nothing to address yet
    // Made before the newest revision: outdated by a later one, made by a run
    // of an earlier revision, or (a person's, an import's) created before the
    // newest was recorded. A comment made on the newest revision has had no
    // chance to be addressed.
    const MergeRequestRevision &newest = revisions.last();
    const bool beforeNewest = comment.outdated
                              || (madeOnRevision ? *madeOnRevision < newest.number
                                                 : comment.created.isValid() && newest.created.isValid() && comment.created < newest.created);
    if (!beforeNewest)
        return std::nullopt;
    AddressedDecision d;
    int yes = 0, no = 0;
    for (const AddressedAnswer &a : answers)
        if (a.comment == comment.id)
            ++(a.addressed ? yes : no);
    d.answers = yes + no;
    if (yes != no)
        d.people = yes > no;
    if (comment.outdated)
        d.detector = true; // its lines were changed: a guess, sure when its suggestion was applied
    else if (comment.comment.located())
        d.detector = false; // a later revision left its lines alone
    if (d.people) {
        d.addressed = *d.people;
        d.by = AddressedBy::People;
    } else if (d.detector) {
        d.addressed = *d.detector;
        d.by = !*d.detector ? AddressedBy::Unchanged : suggestionApplied.value_or(false) ? AddressedBy::AppliedSuggestion : AddressedBy::ChangedLines;
    } else {
        return std::nullopt; // no lines to follow and nobody said
    }
    return d;
}

std::optional<double> DetectorAgreement::precision() const
{
    const int said = bothAddressed + onlyDetector;
    return said > 0 ? std::optional<double>(double(bothAddressed) / said) : std::nullopt;
}

std::optional<double> DetectorAgreement::recall() const
{
    const int truly = bothAddressed + onlyPeople;
    return truly > 0 ? std::optional<double>(double(bothAddressed) / truly) : std::nullopt;
}

void DetectorAgreement::add(bool detector, bool people)
{
    ++items;
    if (detector && people)
        ++bothAddressed;
    else if (detector)
        ++onlyDetector;
    else if (people)
        ++onlyPeople;
    else
        ++neither;
}

void DetectorAgreement::finish()
{
    // Rows: the detector; columns: people. Plain Cohen's kappa (identity weights).
    kappa = kappaFromConfusion(TeamLabel::Verdict, {QStringLiteral("addressed"), QStringLiteral("not addressed")},
                               {{bothAddressed, onlyDetector}, {onlyPeople, neither}});
}

namespace {

// The comments of the runs on `wanted` and their decided verdicts (the
// team's final label, else the only annotator's: Evaluation's decidedVerdicts).
std::optional<Error> readCommentsAndVerdicts(const WorkspaceStore &store, const QSet<qint64> &wanted, EconomicsEvidence &out,
                                             QHash<qint64, qint64> &mergeRequestOf)
{
    // One query per kind for the whole workspace when there are many merge
    // requests (a query per merge request costs more than the rows it reads).
    const bool whole = wanted.size() > 8;
    QList<StoredComment> comments;
    if (whole) {
        auto all = store.comments(CommentQuery{});
        if (!all)
            return all.error();
        comments = std::move(*all);
    } else {
        for (qint64 id : wanted) {
            CommentQuery query;
            query.mergeRequest = id;
            auto some = store.comments(query);
            if (!some)
                return some.error();
            comments += *some;
        }
    }
    for (const StoredComment &c : std::as_const(comments))
        if (wanted.contains(c.mergeRequest)) {
            mergeRequestOf.insert(c.id, c.mergeRequest);
            if (c.run)
                out.commentsOfRun[*c.run] << c;
        }
    QList<Judgement> judgements;
    QList<Adjudication> adjudications;
    if (whole) {
        auto j = store.judgements();
        if (!j)
            return j.error();
        auto a = store.adjudications();
        if (!a)
            return a.error();
        judgements = std::move(*j);
        adjudications = std::move(*a);
    } else {
        for (qint64 id : wanted) {
            auto j = store.judgements(id);
            if (!j)
                return j.error();
            auto a = store.adjudications(id);
            if (!a)
                return a.error();
            judgements += *j;
            adjudications += *a;
        }
    }
    judgements.removeIf([&](const Judgement &j) { return !mergeRequestOf.contains(j.comment); });
    adjudications.removeIf([&](const Adjudication &a) { return !mergeRequestOf.contains(a.comment); });
    out.verdicts.insert(eval::decidedVerdicts(judgements, adjudications));
    return std::nullopt;
}

// The revisions of `wanted`, people's "addressed?" answers and the
// suggestion outcomes; the revision each run reviewed, from `runs` or else
// read per merge request.
std::optional<Error> readRevisionsAndAnswers(const WorkspaceStore &store, const QSet<qint64> &wanted, const QHash<qint64, qint64> &mergeRequestOf,
                                             const QList<StoredRun> *runs, EconomicsEvidence &out)
{
    const auto reviewed = [&out](const StoredRun &r) { out.reviewedRevision.insert(r.id, r.revisionTo > 0 ? r.revisionTo : 1); }; // stored before version 10: revision 1
    if (runs)
        for (const StoredRun &r : *runs)
            if (wanted.contains(r.mergeRequest))
                reviewed(r);
    for (qint64 id : wanted) {
        auto revisions = store.revisions(id);
        if (!revisions)
            return revisions.error();
        out.revisions.insert(id, *revisions);
        if (!runs) {
            auto stored = store.runs(id);
            if (!stored)
                return stored.error();
            for (const StoredRun &r : std::as_const(*stored))
                reviewed(r);
        }
        if (revisions->size() < 2)
            continue; // nothing was addressed across revisions: no answer to read
        auto answers = store.addressedAnswers(id);
        if (!answers)
            return answers.error();
        for (const AddressedAnswer &a : std::as_const(*answers))
            out.answers[a.comment] << a;
    }
    const bool whole = wanted.size() > 8;
    auto outcomes = whole ? store.suggestionOutcomes() : Result<QList<SuggestionOutcome>>(QList<SuggestionOutcome>());
    if (!outcomes)
        return outcomes.error();
    if (!whole)
        for (qint64 id : wanted) {
            auto some = store.suggestionOutcomes(id);
            if (!some)
                return some.error();
            *outcomes += *some;
        }
    for (const SuggestionOutcome &s : std::as_const(*outcomes))
        if (mergeRequestOf.contains(s.comment))
            out.suggestionApplied.insert(s.comment, s.applied);
    return std::nullopt;
}

} // namespace

Result<EconomicsEvidence> readEconomicsEvidence(const WorkspaceStore &store, const QList<qint64> &mergeRequests)
{
    EconomicsEvidence out;
    const QSet<qint64> wanted(mergeRequests.begin(), mergeRequests.end());
    QHash<qint64, qint64> mergeRequestOf;
    if (auto error = readCommentsAndVerdicts(store, wanted, out, mergeRequestOf))
        return *error;
    if (auto error = readRevisionsAndAnswers(store, wanted, mergeRequestOf, nullptr, out))
        return *error;
    return out;
}

Result<EconomicsEvidence> readEconomicsEvidence(const WorkspaceStore &store, const QList<qint64> &mergeRequests, const eval::Evidence &read,
                                                const QList<StoredRun> &runs)
{
    EconomicsEvidence out;
    const QSet<qint64> wanted(mergeRequests.begin(), mergeRequests.end());
    QHash<qint64, qint64> mergeRequestOf;
    QSet<qint64> unread;
    for (qint64 id : wanted) {
        const auto mr = read.mergeRequests.constFind(id);
        if (mr == read.mergeRequests.cend()) {
            unread.insert(id);
            continue;
        }
        for (const StoredComment &c : mr->comments) {
            mergeRequestOf.insert(c.id, c.mergeRequest);
            if (c.run)
                out.commentsOfRun[*c.run] << c;
        }
        out.verdicts.insert(mr->verdicts);
    }
    if (!unread.isEmpty())
        if (auto error = readCommentsAndVerdicts(store, unread, out, mergeRequestOf))
            return *error;
    if (auto error = readRevisionsAndAnswers(store, wanted, mergeRequestOf, &runs, out))
        return *error;
    return out;
}

namespace {

std::optional<AddressedDecision> decisionFor(const StoredComment &c, const EconomicsEvidence &evidence)
{
    const auto applied = evidence.suggestionApplied.constFind(c.id);
    const auto revision = c.run ? evidence.reviewedRevision.constFind(*c.run) : evidence.reviewedRevision.cend();
    return addressedDecision(c, evidence.revisions.value(c.mergeRequest), evidence.answers.value(c.id),
                             applied == evidence.suggestionApplied.cend() ? std::nullopt : std::optional<bool>(*applied),
                             revision == evidence.reviewedRevision.cend() ? std::nullopt : std::optional<int>(*revision));
}

std::optional<double> addCost(const std::optional<double> &a, const std::optional<double> &b)
{
    return a && b ? std::optional<double>(*a + *b) : std::nullopt;
}

} // namespace

ReviewerEconomics reviewerEconomics(const QList<StoredRun> &runs, const EconomicsEvidence &evidence)
{
    ReviewerEconomics out;
    std::map<qint64, MergeRequestEconomics> byMergeRequest;
    out.cost.costUsd = 0.0;
    out.cost.recordedCostUsd = 0.0;
    for (const StoredRun &run : runs) {
        MergeRequestEconomics &mr = byMergeRequest[run.mergeRequest];
        if (mr.runs == 0) {
            mr.mergeRequest = run.mergeRequest;
            mr.costUsd = 0.0;
        }
        ++mr.runs;
        ++out.cost.runs;
        ++out.coverage.runs;
        auto figures = figuresOfRecord(run.record);
        if (!figures) {
            // Unreadable: its cost is unknown, not 0.
            out.problems << QCoreApplication::translate("rd::pipeline", "run %1: %2").arg(run.id).arg(figures.error().message);
            mr.costUsd.reset();
            out.cost.costUsd.reset();
            out.cost.recordedCostUsd.reset();
        } else {
            const RunUsage &u = figures->usage;
            mr.promptTokens += u.promptTokens();
            mr.completionTokens += u.completionTokens();
            mr.recordedPromptTokens += u.recordedPromptTokens();
            mr.recordedCompletionTokens += u.recordedCompletionTokens();
            mr.costUsd = addCost(mr.costUsd, u.costUsd());
            out.cost.promptTokens += u.promptTokens();
            out.cost.completionTokens += u.completionTokens();
            out.cost.recordedPromptTokens += u.recordedPromptTokens();
            out.cost.recordedCompletionTokens += u.recordedCompletionTokens();
            out.cost.costUsd = addCost(out.cost.costUsd, u.costUsd());
            out.cost.recordedCostUsd = addCost(out.cost.recordedCostUsd, u.recordedCostUsd());
            out.cost.runsFromRecordedExchanges += u.fromRecordedExchanges() ? 1 : 0;
            for (const QString &role : u.unpricedRoles())
                if (!out.cost.unpricedRoles.contains(role))
                    out.cost.unpricedRoles << role;
            const RunCoverage &c = figures->coverage;
            if (c.recorded) {
                ++mr.runsWithCoverage;
                mr.changedLines += c.changedLines();
                mr.reviewedLines += c.reviewedLines();
                ++out.coverage.runsWithCoverage;
                out.coverage.changedLines += c.changedLines();
                out.coverage.reviewedLines += c.reviewedLines();
            }
            out.coverage.byRun.insert(run.id, c);
        }
        for (const StoredComment &c : evidence.commentsOfRun.value(run.id)) {
            if (!c.comment.kept)
                continue;
            ++mr.keptComments;
            if (evidence.verdicts.value(c.id) == std::optional<Verdict>(Verdict::Accept)) {
                ++mr.accepted;
                ++out.cost.accepted;
            }
            const std::optional<AddressedDecision> d = decisionFor(c, evidence);
            if (!d)
                continue;
            ++mr.addressable;
            ++out.addressed.comments;
            mr.addressed += d->addressed ? 1 : 0;
            out.addressed.addressed += d->addressed ? 1 : 0;
            ++out.addressed.byReason[d->by];
            if (d->people && d->detector)
                out.addressed.detector.add(*d->detector, *d->people);
        }
    }
    out.addressed.detector.finish();
    if (out.cost.costUsd && out.cost.accepted > 0)
        out.cost.costPerAccepted = *out.cost.costUsd / out.cost.accepted;
    for (const auto &[id, mr] : byMergeRequest)
        out.perMergeRequest << mr;
    return out;
}

DetectorAgreement detectorAgreement(const EconomicsEvidence &evidence, const QList<StoredComment> &comments)
{
    DetectorAgreement out;
    for (const StoredComment &c : comments)
        if (const auto d = decisionFor(c, evidence); d && d->people && d->detector)
            out.add(*d->detector, *d->people);
    out.finish();
    return out;
}

} // namespace rd
