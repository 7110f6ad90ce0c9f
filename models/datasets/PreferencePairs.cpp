// trl-dpo's preference pairs: CQS Algorithm 1 (§3.4.1) on the LLM judge's
// 0-10 scores as the paper writes it, and the older rules from people's
// judgements, each pair naming the rule that made it.

#include "DatasetExport.h"

#include <QSet>

#include <algorithm>
#include <cmath>

namespace rd {

std::optional<DpoPairs> dpoPairsFromName(const QString &name)
{
    if (name == QLatin1String("auto"))
        return DpoPairs::Auto;
    if (name == QLatin1String("judge"))
        return DpoPairs::Judge;
    if (name == QLatin1String("human"))
        return DpoPairs::Human;
    if (name == QLatin1String("both"))
        return DpoPairs::Both;
    return std::nullopt;
}

namespace {

// Which generated review a comment belongs to: its run, or its importer/author.
QString reviewOf(const StoredComment &c)
{
    if (c.run)
        return QStringLiteral("run:%1").arg(*c.run);
    return commentOriginName(c.origin) + QLatin1Char(':') + c.author;
}

bool sameLines(const StoredComment &a, const StoredComment &b)
{
    if (a.comment.file != b.comment.file || a.comment.side != b.comment.side || !a.comment.located() || !b.comment.located())
        return false;
    const int aFrom = std::min(a.comment.lineStart, a.comment.lineEnd), aTo = std::max(a.comment.lineStart, a.comment.lineEnd);
    const int bFrom = std::min(b.comment.lineStart, b.comment.lineEnd), bTo = std::max(b.comment.lineStart, b.comment.lineEnd);
    return std::max(aFrom, bFrom) <= std::min(aTo, bTo);
}

struct Item
{
    const StoredComment *comment;
    QString review;
    std::optional<QString> humanTag; // the tag the annotators agree on
    std::optional<double> humanScore;
    std::optional<Verdict> verdict;   // the final label
    bool judged() const { return comment->comment.judgeScore >= 0; }
};

// Algorithm 1, lines 4-6: issues of two different generated reviews with the
// same tag whose judge scores differ by at least δ; the higher one is chosen.
std::optional<PreferencePair> byJudge(const Item &a, const Item &b, double delta)
{
    const ReviewComment &ca = a.comment->comment, &cb = b.comment->comment;
    if (!a.judged() || !b.judged() || a.review == b.review || ca.tag.isEmpty() || ca.tag != cb.tag || ca.judgeScore == cb.judgeScore
        || std::abs(ca.judgeScore - cb.judgeScore) < delta)
        return std::nullopt;
    const bool aWins = ca.judgeScore > cb.judgeScore;
    const Item &hi = aWins ? a : b, &lo = aWins ? b : a;
    return PreferencePair{hi.comment->id, lo.comment->id, QStringLiteral("judge-score-gap"), double(hi.comment->comment.judgeScore),
                          double(lo.comment->comment.judgeScore)};
}

// The same on the score people's judgements give (judgedScore) and the tag they set.
std::optional<PreferencePair> byHumanScore(const Item &a, const Item &b, double delta)
{
    if (a.review == b.review || !a.humanTag || !b.humanTag || a.humanTag->isEmpty() || *a.humanTag != *b.humanTag || !a.humanScore || !b.humanScore
        || *a.humanScore == *b.humanScore || std::abs(*a.humanScore - *b.humanScore) < delta)
        return std::nullopt;
    const bool aWins = *a.humanScore > *b.humanScore;
    const Item &hi = aWins ? a : b, &lo = aWins ? b : a;
    return PreferencePair{hi.comment->id, lo.comment->id, QStringLiteral("human-score-gap"), hi.humanScore, lo.humanScore};
}

// What people decided on the same lines: the accepted comment over the rejected one.
std::optional<PreferencePair> bySameLines(const Item &a, const Item &b)
{
    if (!a.verdict || !b.verdict || *a.verdict == *b.verdict || *a.verdict == Verdict::Unsure || *b.verdict == Verdict::Unsure
        || !sameLines(*a.comment, *b.comment))
        return std::nullopt;
    const bool aWins = *a.verdict == Verdict::Accept;
    return PreferencePair{aWins ? a.comment->id : b.comment->id, aWins ? b.comment->id : a.comment->id, QStringLiteral("same-lines"), {}, {}};
}

} // namespace

QList<PreferencePair> preferencePairs(const ExportData &data, double delta, DpoPairs rules)
{
    QHash<qint64, QList<Item>> byMergeRequest;
    QList<qint64> order;
    for (const StoredComment &c : data.comments) {
        const ExportLabel label = data.labelOf(c);
        if (!byMergeRequest.contains(c.mergeRequest))
            order.append(c.mergeRequest);
        byMergeRequest[c.mergeRequest].append(Item{&c, reviewOf(c), label.tag, judgedScore(c, data.judgementsOf(c.id)), label.verdict});
    }
    QList<PreferencePair> pairs;
    for (qint64 mr : std::as_const(order)) {
        const QList<Item> &items = byMergeRequest[mr];
        QHash<qint64, const Item *> itemOf;
        for (const Item &item : items)
            itemOf.insert(item.comment->id, &item);
        bool judge = rules == DpoPairs::Judge || rules == DpoPairs::Both;
        bool human = rules == DpoPairs::Human || rules == DpoPairs::Both;
        if (rules == DpoPairs::Auto) { // the judge's scores where there are some, people's otherwise
            judge = std::any_of(items.begin(), items.end(), [](const Item &i) { return i.judged(); });
            human = !judge;
        }
        // People override every rule: a comment they rejected is never
        // chosen; the pair turns round when they accepted the other one,
        // else it is left out.
        const auto overridden = [&](PreferencePair p) -> std::optional<PreferencePair> {
            if (itemOf.value(p.chosen)->verdict != Verdict::Reject)
                return p;
            if (itemOf.value(p.rejected)->verdict != Verdict::Accept)
                return std::nullopt;
            return PreferencePair{p.rejected, p.chosen, p.rule + QStringLiteral("-flipped"), p.rejectedScore, p.chosenScore};
        };
        for (qsizetype i = 0; i < items.size(); ++i)
            for (qsizetype k = i + 1; k < items.size(); ++k) {
                const Item &a = items[i], &b = items[k];
                // Each two comments make at most one pair: the first rule that pairs them.
                std::optional<PreferencePair> p;
                if (judge)
                    if (auto j = byJudge(a, b, delta))
                        p = overridden(*j);
                if (!p && human)
                    if (auto h = byHumanScore(a, b, delta))
                        p = overridden(*h);
                if (!p && human)
                    p = bySameLines(a, b);
                if (p)
                    pairs.append(*p);
            }
    }
    return pairs;
}

} // namespace rd
