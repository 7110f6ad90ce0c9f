#include "TeamAnnotation.h"

#include <QHash>
#include <QMap>

#include <algorithm>
#include <numeric>
#include <cstdlib>

namespace rd {

// ---------------------------------------------------------------------------
// Candidate groups

namespace {

bool isCjk(char32_t c)
{
    return (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0xac00 && c <= 0xd7af);
}

} // namespace

QSet<QString> issueTokens(const QString &text)
{
    QSet<QString> tokens;
    QString word;
    const auto flush = [&] {
        if (!word.isEmpty())
            tokens.insert(word);
        word.clear();
    };
    for (const char32_t c : text.toUcs4()) {
        if (isCjk(c)) {
            flush();
            tokens.insert(QString::fromUcs4(&c, 1));
        } else if (QChar::isLetterOrNumber(c) || c == U'_') {
            word += QString::fromUcs4(&c, 1).toLower();
        } else {
            flush();
        }
    }
    flush();
    return tokens;
}

double tokenSimilarity(const QSet<QString> &a, const QSet<QString> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 1.0;
    const qsizetype shared = std::count_if(a.begin(), a.end(), [&b](const QString &t) { return b.contains(t); });
    return static_cast<double>(shared) / static_cast<double>(a.size() + b.size() - shared);
}

namespace {

bool linesTouch(const ReviewComment &a, const ReviewComment &b)
{
    const int aFrom = std::min(a.lineStart, a.lineEnd), aTo = std::max(a.lineStart, a.lineEnd);
    const int bFrom = std::min(b.lineStart, b.lineEnd), bTo = std::max(b.lineStart, b.lineEnd);
    // Overlapping, or adjacent: at most one line between their ends.
    return aFrom <= bTo + 1 && bFrom <= aTo + 1;
}

bool samePlace(const ReviewComment &a, const ReviewComment &b)
{
    return a.file == b.file && a.side == b.side && linesTouch(a, b);
}

} // namespace

bool areNearDuplicates(const ReviewComment &a, const ReviewComment &b, double threshold)
{
    return samePlace(a, b) && tokenSimilarity(issueTokens(a.issue), issueTokens(b.issue)) >= threshold;
}

QList<CandidateGroup> groupCandidates(const QList<StoredComment> &comments, double threshold)
{
    const qsizetype n = comments.size();
    QList<qsizetype> parent(n);
    std::iota(parent.begin(), parent.end(), 0);
    const auto root = [&parent](qsizetype i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    QList<QSet<QString>> tokens;
    tokens.reserve(n);
    for (const StoredComment &c : comments)
        tokens.append(issueTokens(c.comment.issue));
    // Only comments of one merge request, file and side can group: compare within those buckets.
    QHash<QString, QList<qsizetype>> buckets;
    for (qsizetype i = 0; i < n; ++i)
        buckets[QStringLiteral("%1\n%2\n%3").arg(comments[i].mergeRequest).arg(comments[i].comment.side, comments[i].comment.file)].append(i);
    for (const QList<qsizetype> &bucket : std::as_const(buckets))
        for (qsizetype x = 0; x < bucket.size(); ++x)
            for (qsizetype y = x + 1; y < bucket.size(); ++y) {
                const qsizetype i = bucket[x], j = bucket[y];
                if (linesTouch(comments[i].comment, comments[j].comment) && tokenSimilarity(tokens[i], tokens[j]) >= threshold)
                    parent[root(i)] = root(j);
            }
    QMap<qsizetype, QList<qint64>> members;
    for (qsizetype i = 0; i < n; ++i)
        members[root(i)].append(comments[i].id);
    QList<CandidateGroup> groups;
    for (QList<qint64> &ids : members) {
        std::sort(ids.begin(), ids.end());
        groups.append(CandidateGroup{ids.constFirst(), ids});
    }
    std::sort(groups.begin(), groups.end(), [](const CandidateGroup &a, const CandidateGroup &b) { return a.id < b.id; });
    return groups;
}

// ---------------------------------------------------------------------------
// Blind mode

bool blindModeFor(std::optional<bool> setting, int annotatorCount)
{
    return setting.value_or(annotatorCount >= MinimumAnnotatorsPerItem);
}

namespace {

bool hasVerdictOf(const QList<Judgement> &all, const QString &viewer)
{
    return std::any_of(all.begin(), all.end(), [&viewer](const Judgement &j) { return j.annotator == viewer && j.verdict.has_value(); });
}

} // namespace

QList<Judgement> visibleJudgements(const QList<Judgement> &all, const QString &viewer, bool blind)
{
    if (!blind || viewer.isEmpty() || hasVerdictOf(all, viewer))
        return all;
    QList<Judgement> own;
    for (const Judgement &j : all)
        if (j.annotator == viewer)
            own.append(j);
    return own;
}

int hiddenJudgementCount(const QList<Judgement> &all, const QString &viewer, bool blind)
{
    return static_cast<int>(all.size() - visibleJudgements(all, viewer, blind).size());
}

// ---------------------------------------------------------------------------
// Final labels

QList<TeamLabel> teamLabels()
{
    return {TeamLabel::Verdict, TeamLabel::Category, TeamLabel::Context, TeamLabel::KeyBug, TeamLabel::Severity};
}

QString teamLabelName(TeamLabel label)
{
    switch (label) {
    case TeamLabel::Verdict: return QStringLiteral("verdict");
    case TeamLabel::Category: return QStringLiteral("category");
    case TeamLabel::Context: return QStringLiteral("context");
    case TeamLabel::KeyBug: return QStringLiteral("key_bug");
    case TeamLabel::Severity: return QStringLiteral("severity");
    }
    return {};
}

namespace {

template <typename T>
bool differ(const std::optional<T> &a, const std::optional<T> &b)
{
    return a && b && *a != *b;
}

} // namespace

QList<TeamLabel> disagreements(const Judgement &a, const Judgement &b)
{
    QList<TeamLabel> out;
    if (differ(a.verdict, b.verdict))
        out << TeamLabel::Verdict;
    if (differ(a.category, b.category))
        out << TeamLabel::Category;
    if (differ(a.context, b.context))
        out << TeamLabel::Context;
    if (differ(a.keyBug, b.keyBug))
        out << TeamLabel::KeyBug;
    if (a.q3Severity && b.q3Severity && std::abs(*a.q3Severity - *b.q3Severity) > 1)
        out << TeamLabel::Severity;
    return out;
}

namespace {

// The value the setters of a field agree on (they do: checked before).
template <typename T, typename Get>
std::optional<T> agreed(const QList<Judgement> &judged, Get get)
{
    for (const Judgement &j : judged)
        if (const std::optional<T> &v = get(j))
            return v;
    return std::nullopt;
}

} // namespace

FinalLabel finalLabel(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication)
{
    FinalLabel f;
    QList<Judgement> judged;
    for (const Judgement &j : judgements)
        if (j.verdict) {
            judged.append(j);
            f.annotators.append(j.annotator);
        }
    f.annotators.sort();
    for (qsizetype i = 0; i < judged.size(); ++i)
        for (qsizetype k = i + 1; k < judged.size(); ++k)
            for (TeamLabel l : disagreements(judged[i], judged[k]))
                if (!f.disputed.contains(l))
                    f.disputed.append(l);
    std::sort(f.disputed.begin(), f.disputed.end());
    if (adjudication) {
        f.status = FinalLabel::Status::Adjudicated;
        f.verdict = adjudication->verdict;
        f.q3Severity = adjudication->q3Severity;
        f.category = adjudication->category;
        f.context = adjudication->context;
        f.keyBug = adjudication->keyBug;
        f.adjudicator = adjudication->adjudicator;
        f.reason = adjudication->reason;
        return f;
    }
    if (judged.isEmpty())
        return f;
    if (!f.disputed.isEmpty()) {
        f.status = FinalLabel::Status::Disagreement;
        return f;
    }
    f.status = judged.size() >= MinimumAnnotatorsPerItem ? FinalLabel::Status::Agreed : FinalLabel::Status::Single;
    f.verdict = agreed<Verdict>(judged, [](const Judgement &j) -> const std::optional<Verdict> & { return j.verdict; });
    f.category = agreed<QString>(judged, [](const Judgement &j) -> const std::optional<QString> & { return j.category; });
    f.context = agreed<ContextLevel>(judged, [](const Judgement &j) -> const std::optional<ContextLevel> & { return j.context; });
    f.keyBug = agreed<bool>(judged, [](const Judgement &j) -> const std::optional<bool> & { return j.keyBug; });
    for (const Judgement &j : judged)
        if (j.q3Severity && (!f.q3Severity || *j.q3Severity < *f.q3Severity))
            f.q3Severity = j.q3Severity;
    return f;
}

namespace {

// A label from the annotators' values alone: the one value all who set it
// gave, else pending.
template <typename T, typename Get>
DecidedLabel<T> agreedOrPending(const QList<Judgement> &judgements, Get get)
{
    DecidedLabel<T> out;
    for (const Judgement &j : judgements) {
        const std::optional<T> &v = get(j);
        if (!v)
            continue;
        if (out.value && *out.value != *v)
            return DecidedLabel<T>{std::nullopt, true};
        out.value = v;
    }
    return out;
}

template <typename T>
DecidedLabel<T> adjudicatedOr(const std::optional<T> &adjudicated, DecidedLabel<T> annotators)
{
    return adjudicated ? DecidedLabel<T>{adjudicated, false} : annotators;
}

} // namespace

DecidedLabels decidedLabels(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication)
{
    const Adjudication *a = adjudication ? &*adjudication : nullptr;
    DecidedLabels out;
    out.verdict = adjudicatedOr(a ? a->verdict : std::nullopt,
                                agreedOrPending<Verdict>(judgements, [](const Judgement &j) -> const std::optional<Verdict> & { return j.verdict; }));
    out.category = adjudicatedOr(a ? a->category : std::nullopt,
                                 agreedOrPending<QString>(judgements, [](const Judgement &j) -> const std::optional<QString> & { return j.category; }));
    out.context = adjudicatedOr(a ? a->context : std::nullopt,
                                agreedOrPending<ContextLevel>(judgements, [](const Judgement &j) -> const std::optional<ContextLevel> & { return j.context; }));
    DecidedLabel<bool> flag = adjudicatedOr(a ? a->keyBug : std::nullopt,
                                            agreedOrPending<bool>(judgements, [](const Judgement &j) -> const std::optional<bool> & { return j.keyBug; }));
    if (out.verdict.value == Verdict::Reject)
        flag = DecidedLabel<bool>{false, false}; // a rejected comment is no key bug, whoever flagged it
    else if (out.verdict.pending && flag.value.value_or(false))
        flag = DecidedLabel<bool>{std::nullopt, true}; // flagged, but whether the comment stands at all is disputed
    out.keyBug = flag;
    return out;
}

QString finalStatusName(FinalLabel::Status status)
{
    switch (status) {
    case FinalLabel::Status::Unjudged: return QStringLiteral("unjudged");
    case FinalLabel::Status::Single: return QStringLiteral("single");
    case FinalLabel::Status::Agreed: return QStringLiteral("agreed");
    case FinalLabel::Status::Disagreement: return QStringLiteral("disagreement");
    case FinalLabel::Status::Adjudicated: return QStringLiteral("adjudicated");
    }
    return {};
}

} // namespace rd
