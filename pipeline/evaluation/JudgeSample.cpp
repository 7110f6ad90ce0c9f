// The comments a judge is evaluated on: those people labelled, with their
// label, and the CQS §4 balanced sample of them.

#include "JudgeEvaluation.h"

#include <algorithm>
#include <random>

namespace rd {

namespace {

std::optional<bool> fromJudgement(const Judgement &j)
{
    if (j.thumbs)
        return *j.thumbs == Thumbs::Up;
    if (j.verdict && *j.verdict != Verdict::Unsure)
        return *j.verdict == Verdict::Accept;
    return std::nullopt;
}

} // namespace

std::optional<bool> humanLabel(const ExportData &data, const StoredComment &comment, const JudgeLabelSource &source)
{
    const QList<const Judgement *> judgements = data.judgementsOf(comment.id);
    if (!source.annotator.isEmpty()) {
        for (const Judgement *j : judgements)
            if (j->annotator == source.annotator)
                return fromJudgement(*j);
        return std::nullopt;
    }
    // A reference nobody judged is accepted by being imported as one, not by
    // a person reading it: it says nothing about the judge.
    if (judgements.isEmpty())
        return std::nullopt;
    const ExportLabel label = data.labelOf(comment);
    if (label.verdict)
        return *label.verdict == Verdict::Unsure ? std::nullopt : std::optional<bool>(*label.verdict == Verdict::Accept);
    // Thumbs only (CQS-style feedback): when every annotator who gave them agrees.
    std::optional<bool> agreed;
    for (const Judgement *j : judgements) {
        if (!j->thumbs)
            continue;
        const bool up = *j->thumbs == Thumbs::Up;
        if (agreed && *agreed != up)
            return std::nullopt;
        agreed = up;
    }
    return agreed;
}

JudgeSample sampleJudgeItems(const ExportData &data, const JudgeLabelSource &source, int balanced, quint32 seed)
{
    QList<JudgeItem> positives;
    QList<JudgeItem> negatives;
    QList<const StoredComment *> comments;
    for (const StoredComment &c : data.comments)
        comments << &c;
    std::sort(comments.begin(), comments.end(), [](const StoredComment *a, const StoredComment *b) { return a->id < b->id; });
    for (const StoredComment *c : std::as_const(comments)) {
        const std::optional<bool> accepted = humanLabel(data, *c, source);
        if (!accepted)
            continue;
        JudgeItem item;
        item.comment = c->id;
        item.mergeRequest = c->mergeRequest;
        item.file = c->comment.file;
        item.line = c->comment.lineStart;
        item.humanAccepted = *accepted;
        item.category = c->comment.category;
        item.tag = c->comment.tag;
        if (source.annotator.isEmpty()) {
            const ExportLabel label = data.labelOf(*c);
            item.category = label.category.value_or(item.category);
            item.tag = label.tag.value_or(item.tag);
        } else {
            for (const Judgement *j : data.judgementsOf(c->id))
                if (j->annotator == source.annotator) {
                    item.category = j->category.value_or(item.category);
                    item.tag = j->tag.value_or(item.tag);
                }
        }
        (*accepted ? positives : negatives).append(item);
    }

    JudgeSample sample;
    sample.requestedPerClass = std::max(0, balanced);
    if (balanced > 0) {
        // The same seed and workspace give the same items: each class is
        // shuffled by its own generator, so adding negatives does not move
        // the positives chosen.
        std::mt19937 positiveOrder(seed);
        std::mt19937 negativeOrder(seed ^ 0x9e3779b9u);
        std::shuffle(positives.begin(), positives.end(), positiveOrder);
        std::shuffle(negatives.begin(), negatives.end(), negativeOrder);
        if (positives.size() < balanced)
            sample.shortBy = QStringLiteral("accepted: %1 of %2").arg(positives.size()).arg(balanced);
        if (negatives.size() < balanced)
            sample.shortBy += (sample.shortBy.isEmpty() ? QString() : QStringLiteral(", ")) + QStringLiteral("rejected: %1 of %2").arg(negatives.size()).arg(balanced);
        positives = positives.mid(0, balanced);
        negatives = negatives.mid(0, balanced);
    }
    sample.positives = static_cast<int>(positives.size());
    sample.negatives = static_cast<int>(negatives.size());
    sample.items = positives + negatives;
    std::sort(sample.items.begin(), sample.items.end(), [](const JudgeItem &a, const JudgeItem &b) { return a.comment < b.comment; });
    return sample;
}

} // namespace rd
