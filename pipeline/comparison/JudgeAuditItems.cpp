// Selecting the (candidate, reference) pairs people audit: the judges'
// disagreements, a seeded sample of their agreements and near misses, and
// what people decided already (docs/comparing.md, "People audit the judge").

#include "JudgeAuditItems.h"

#include <Resampling.h>

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QMap>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <map>
#include <random>
#include <set>

namespace rd::compare {

namespace {

using AuditPair = std::pair<qint64, qint64>; // (candidate comment, reference)
using ReviewKey = std::pair<qint64, QString>; // (merge request, reviewer)

// One reviewer on one merge request, as every judge that judged it saw it.
struct AuditedReview
{
    QList<const JudgedReview *> judged; // not skipped, by judge name
};

QSet<QString> auditWordsOf(const QString &text)
{
    static const QRegularExpression nonWord(QStringLiteral("[^\\p{L}\\p{N}]+"));
    QSet<QString> words;
    for (const QString &w : text.toLower().split(nonWord, Qt::SkipEmptyParts))
        if (w.size() >= 3)
            words.insert(w);
    return words;
}

const JudgedCandidate *auditCandidateOf(const JudgedReview &review, qint64 comment)
{
    for (const JudgedCandidate &c : review.candidates)
        if (c.comment == comment)
            return &c;
    return nullptr;
}

const JudgeMatch *auditMatchOf(const JudgedReview &review, const AuditPair &pair)
{
    for (const JudgeMatch &m : review.matches)
        if (m.comment == pair.first && m.reference == pair.second)
            return &m;
    return nullptr;
}

// The audit's strata: every pair a judge matched (a disagreement when some
// judge that listed its candidate did not match it, else an agreement) and
// every near miss, by review.
struct AuditStrataOfPairs
{
    std::map<ReviewKey, std::map<AuditPair, AuditItemKind>> kinds;
    QList<std::pair<ReviewKey, AuditPair>> agreements, nearMisses; // the pools the sample is drawn from
    int disagreements = 0;
};

AuditStrataOfPairs auditStrataOf(const std::map<ReviewKey, AuditedReview> &byReview, const QHash<qint64, const StoredComment *> &commentById,
                                 const QHash<qint64, QList<qint64>> &referencesOf)
{
    AuditStrataOfPairs out;
    auto &classified = out.kinds;
    auto &agreementPool = out.agreements;
    auto &nearMissPool = out.nearMisses;
    for (const auto &[key, review] : byReview) {
        std::set<AuditPair> matched;
        std::set<qint64> candidates;
        for (const JudgedReview *r : review.judged) {
            for (const JudgedCandidate &c : r->candidates)
                candidates.insert(c.comment);
            for (const JudgeMatch &m : r->matches)
                matched.insert({m.comment, m.reference});
        }
        auto &kinds = classified[key];
        std::set<qint64> matchedCandidates, foundReferences;
        for (const AuditPair &pair : matched) {
            matchedCandidates.insert(pair.first);
            foundReferences.insert(pair.second);
            // A judge that did not list the candidate did not judge the pair.
            bool all = true;
            for (const JudgedReview *r : review.judged)
                if (auditCandidateOf(*r, pair.first) && !auditMatchOf(*r, pair))
                    all = false;
            kinds[pair] = all ? AuditItemKind::Agreement : AuditItemKind::Disagreement;
            if (all)
                agreementPool.append({key, pair});
            else
                ++out.disagreements;
        }
        // Near misses: a candidate no judge matched, with the reference no
        // judge found for this reviewer whose words it shares most.
        for (qint64 c : candidates) {
            if (matchedCandidates.count(c) || !commentById.contains(c))
                continue;
            double best = 0;
            qint64 nearest = 0;
            for (qint64 ref : referencesOf.value(key.first)) {
                if (foundReferences.count(ref))
                    continue;
                const double overlap = wordOverlap(commentById.value(c)->comment.issue, commentById.value(ref)->comment.issue);
                if (overlap > best) {
                    best = overlap;
                    nearest = ref;
                }
            }
            if (nearest != 0) {
                kinds[{c, nearest}] = AuditItemKind::NearMiss;
                nearMissPool.append({key, {c, nearest}});
            }
        }
    }
    return out;
}

// Every non-skipped review of every judge, by (merge request, reviewer),
// its judges in name order.
std::map<ReviewKey, AuditedReview> auditedReviewsOf(const QList<JudgedReview> &reviews)
{
    std::map<ReviewKey, AuditedReview> byReview;
    for (const JudgedReview &r : reviews)
        if (!r.skipped)
            byReview[{r.mergeRequest, r.reviewer}].judged << &r;
    for (auto &[key, review] : byReview)
        std::sort(review.judged.begin(), review.judged.end(), [](const JudgedReview *a, const JudgedReview *b) { return a->judge < b->judge; });
    return byReview;
}

// The comments by id, and the references of each merge request ascending.
void auditCommentsOf(const QList<StoredComment> &comments, QHash<qint64, const StoredComment *> &commentById, QHash<qint64, QList<qint64>> &referencesOf)
{
    for (const StoredComment &c : comments) {
        commentById.insert(c.id, &c);
        if (c.reference)
            referencesOf[c.mergeRequest] << c.id;
    }
    for (QList<qint64> &ids : referencesOf)
        std::sort(ids.begin(), ids.end());
}

} // namespace

QString auditItemKindName(AuditItemKind kind)
{
    switch (kind) {
    case AuditItemKind::Disagreement: return QStringLiteral("disagreement");
    case AuditItemKind::Agreement: return QStringLiteral("agreement");
    case AuditItemKind::NearMiss: return QStringLiteral("near-miss");
    case AuditItemKind::Decided: return QStringLiteral("decided");
    }
    return {};
}

std::optional<AuditDecision> AuditItem::decisionOf(const QString &annotator) const
{
    for (const JudgeAuditDecision &d : decisions)
        if (d.annotator == annotator)
            return d.decision;
    return std::nullopt;
}

std::optional<bool> peopleSaySame(const QList<JudgeAuditDecision> &decisions)
{
    int same = 0, different = 0;
    for (const JudgeAuditDecision &d : decisions) {
        if (d.decision == AuditDecision::Same)
            ++same;
        else if (d.decision == AuditDecision::Different)
            ++different;
    }
    if (same == different)
        return std::nullopt;
    return same > different;
}

double wordOverlap(const QString &a, const QString &b)
{
    const QSet<QString> x = auditWordsOf(a), y = auditWordsOf(b);
    if (x.isEmpty() || y.isEmpty())
        return 0;
    const qsizetype shared = std::count_if(x.cbegin(), x.cend(), [&](const QString &w) { return y.contains(w); });
    return double(shared) / double(x.size() + y.size() - shared);
}

QList<int> seededDraw(int n, int k, quint64 seed)
{
    QList<int> indices(std::max(0, n));
    for (int i = 0; i < n; ++i)
        indices[i] = i;
    k = std::clamp(k, 0, std::max(0, n));
    std::mt19937_64 generator(seed);
    for (int i = 0; i < k; ++i) {
        const int j = i + int(stats::indexBelow(generator, quint64(n - i)));
        std::swap(indices[i], indices[j]);
    }
    QList<int> out = indices.mid(0, k);
    std::sort(out.begin(), out.end());
    return out;
}

Result<AuditItems> auditItems(const WorkspaceStore &store, const AuditSelection &selection)
{
    if (selection.sample < 0)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "the sample of agreements is a number of pairs from 0 up, not %1").arg(selection.sample)};
    auto judges = store.judges();
    if (!judges)
        return judges.error();
    if (judges->isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no judge's verdicts to audit: import a benchmark with its judges first (import --code-review-bench DIR)")};
    auto reviews = store.judgedReviews();
    if (!reviews)
        return reviews.error();
    auto comments = store.comments();
    if (!comments)
        return comments.error();
    auto labels = store.commentLabels();
    if (!labels)
        return labels.error();
    auto mergeRequests = store.mergeRequests();
    if (!mergeRequests)
        return mergeRequests.error();
    auto decisions = store.auditDecisions();
    if (!decisions)
        return decisions.error();

    AuditItems out;
    for (const JudgeEntry &j : std::as_const(*judges))
        out.judges << j.name;
    out.judges.sort();

    QHash<qint64, const StoredComment *> commentById;
    QHash<qint64, QList<qint64>> referencesOf;
    auditCommentsOf(*comments, commentById, referencesOf);
    QHash<qint64, QString> severityOf;
    for (const CommentLabel &l : std::as_const(*labels))
        if (l.name == QLatin1String("severity"))
            severityOf.insert(l.comment, l.value);
    QHash<qint64, const MergeRequestEntry *> mergeRequestById;
    for (const MergeRequestEntry &e : std::as_const(*mergeRequests))
        mergeRequestById.insert(e.id, &e);
    QHash<AuditPair, QList<JudgeAuditDecision>> decided;
    for (const JudgeAuditDecision &d : std::as_const(*decisions))
        decided[{d.comment, d.reference}] << d;

    const std::map<ReviewKey, AuditedReview> byReview = auditedReviewsOf(*reviews);

    const AuditStrataOfPairs strata = auditStrataOf(byReview, commentById, referencesOf);
    const auto &classified = strata.kinds;
    const auto &agreementPool = strata.agreements;
    const auto &nearMissPool = strata.nearMisses;
    out.disagreements = strata.disagreements;
    out.agreements = int(agreementPool.size());
    out.nearMisses = int(nearMissPool.size());

    // The sample: half of it (rounded up) from the agreements, the rest from
    // the near misses; a pool too small leaves its share to the other.
    const int wantAgreements = (selection.sample + 1) / 2;
    int fromAgreements = std::min(out.agreements, wantAgreements);
    const int fromNearMisses = std::min(out.nearMisses, selection.sample - fromAgreements);
    fromAgreements = std::min(out.agreements, selection.sample - fromNearMisses);
    std::set<std::pair<ReviewKey, AuditPair>> chosen;
    for (int i : seededDraw(out.agreements, fromAgreements, selection.seed))
        chosen.insert(agreementPool[i]);
    for (int i : seededDraw(out.nearMisses, fromNearMisses, selection.seed + 1))
        chosen.insert(nearMissPool[i]);
    out.sampled = int(chosen.size());
    for (const auto &[key, kinds] : classified)
        for (const auto &[pair, kind] : kinds)
            if (kind == AuditItemKind::Disagreement)
                chosen.insert({key, pair});
    // What people decided stays listed whatever the sample.
    for (auto it = decided.cbegin(); it != decided.cend(); ++it) {
        const StoredComment *c = commentById.value(it.key().first);
        if (!c)
            continue;
        const ReviewKey key{c->mergeRequest, c->author};
        if (byReview.count(key))
            chosen.insert({key, it.key()});
    }

    for (const auto &[key, pair] : chosen) {
        const StoredComment *candidate = commentById.value(pair.first);
        const StoredComment *reference = commentById.value(pair.second);
        if (!candidate || !reference)
            continue;
        AuditItem item;
        const auto kinds = classified.find(key);
        item.kind = AuditItemKind::Decided;
        if (kinds != classified.end())
            if (const auto kind = kinds->second.find(pair); kind != kinds->second.end())
                item.kind = kind->second;
        item.mergeRequest = key.first;
        if (const MergeRequestEntry *mr = mergeRequestById.value(key.first)) {
            item.mergeRequestTitle = mr->title;
            item.mergeRequestUrl = mr->url;
        }
        item.reviewer = key.second;
        item.comment = pair.first;
        item.candidateText = candidate->comment.issue;
        item.candidateFile = candidate->comment.file;
        item.candidateLine = candidate->comment.lineStart;
        item.reference = pair.second;
        item.referenceText = reference->comment.issue;
        item.severity = severityOf.value(pair.second);
        for (const JudgedReview *r : byReview.at(key).judged) {
            const JudgedCandidate *c = auditCandidateOf(*r, pair.first);
            if (!c)
                continue;
            JudgeOnPair j;
            j.judge = r->judge;
            j.verdict = candidateVerdictName(c->verdict);
            if (const JudgeMatch *m = auditMatchOf(*r, pair)) {
                j.matched = true;
                j.confidence = m->confidence;
                j.reasoning = m->reasoning;
            }
            item.judges << j;
        }
        item.decisions = decided.value(pair);
        out.items << item;
    }
    return out;
}

Result<AuditPairKinds> auditPairKinds(const WorkspaceStore &store)
{
    auto reviews = store.judgedReviews();
    if (!reviews)
        return reviews.error();
    auto comments = store.comments();
    if (!comments)
        return comments.error();
    QHash<qint64, const StoredComment *> commentById;
    QHash<qint64, QList<qint64>> referencesOf;
    auditCommentsOf(*comments, commentById, referencesOf);
    AuditPairKinds out;
    for (const auto &[key, kinds] : auditStrataOf(auditedReviewsOf(*reviews), commentById, referencesOf).kinds)
        for (const auto &[pair, kind] : kinds)
            out[pair.first].append({pair.second, kind});
    return out;
}

} // namespace rd::compare
