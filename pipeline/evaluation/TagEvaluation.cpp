#include "TagEvaluation.h"

#include "Evaluation.h"

#include <QCoreApplication>

#include <cmath>

namespace rd::eval {

std::optional<double> TagOutcome::judgeScoreMean() const
{
    if (judgeScores.isEmpty())
        return std::nullopt;
    double sum = 0;
    for (int score : judgeScores)
        sum += score;
    return sum / judgeScores.size();
}

std::optional<double> TagOutcome::judgeScoreStd() const
{
    const std::optional<double> mean = judgeScoreMean();
    if (!mean)
        return std::nullopt;
    double squares = 0;
    for (int score : judgeScores)
        squares += (score - *mean) * (score - *mean);
    return std::sqrt(squares / judgeScores.size());
}

void TagOutcome::add(const TagOutcome &o)
{
    references += o.references;
    located += o.located;
    tagMatched += o.tagMatched;
    rationaleMatched += o.rationaleMatched;
    generated += o.generated;
    generatedMatched += o.generatedMatched;
    referenceIds << o.referenceIds;
    matchedComments << o.matchedComments;
    judgeScores << o.judgeScores;
    judgedComments << o.judgedComments;
}

QMap<QString, TagOutcome> tagOutcomes(const QList<Item> &generated, const QStringList &generatedTags, const QList<Item> &references,
                                      const QStringList &referenceTags, int maxDistance, const SemanticJudge &semantic)
{
    QMap<QString, TagOutcome> out;
    QList<bool> matched(generated.size(), false);
    for (int r = 0; r < references.size(); ++r) {
        const QString &tag = referenceTags.value(r);
        if (tag.isEmpty())
            continue;
        TagOutcome &o = out[tag];
        ++o.references;
        o.referenceIds << references[r].id;
        QList<int> tagged;
        bool located = false;
        for (int g = 0; g < generated.size(); ++g) {
            if (!locationMatches(generated[g].where, references[r].where, maxDistance))
                continue;
            located = true;
            if (generatedTags.value(g) == tag) // §4: an exact string match
                tagged << g;
        }
        o.located += located ? 1 : 0;
        o.tagMatched += tagged.isEmpty() ? 0 : 1;
        if (!semantic)
            continue;
        for (int g : std::as_const(tagged))
            if (semantic(g, r)) { // the first comment whose rationale says the same finds the reference
                ++o.rationaleMatched;
                matched[g] = true;
                break;
            }
    }
    for (int g = 0; g < generated.size(); ++g) {
        const QString &tag = generatedTags.value(g);
        if (tag.isEmpty())
            continue;
        TagOutcome &o = out[tag];
        ++o.generated;
        if (matched[g]) {
            ++o.generatedMatched;
            o.matchedComments << generated[g].id;
        }
    }
    return out;
}

QMap<QString, TagOutcome> Evaluation::tagOutcomes(const QString &group) const
{
    QMap<QString, TagOutcome> out;
    for (const RunEvaluation &r : runs)
        if (r.group == group)
            for (auto it = r.tags.cbegin(); it != r.tags.cend(); ++it)
                out[it.key()].add(it.value());
    return out;
}

Table Evaluation::tagTable() const
{
    Table t{QStringLiteral("tags"), QCoreApplication::translate("rd::pipeline", "Per tag, CQS §4: location, then exact tag match, then rationale (after the last stage); the judge's scores (App. C, Table 3)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Tag"),
             QCoreApplication::translate("rd::pipeline", "References"), QCoreApplication::translate("rd::pipeline", "Located"),
             QCoreApplication::translate("rd::pipeline", "Exact tag match rate"), QCoreApplication::translate("rd::pipeline", "Rationale match rate"),
             QCoreApplication::translate("rd::pipeline", "Generated"), QCoreApplication::translate("rd::pipeline", "Generated matched"),
             QCoreApplication::translate("rd::pipeline", "Judged"), QCoreApplication::translate("rd::pipeline", "Judge score mean"),
             QCoreApplication::translate("rd::pipeline", "Judge score std")},
            {}};
    const auto score = [](const std::optional<double> &v) { return v ? QString::number(*v, 'f', 2) : percentText({}); };
    const auto rate = [](const Ratio &r, const QList<qint64> &behind) {
        return Cell{QStringLiteral("%1 (%2/%3)").arg(percentText(r.percent())).arg(r.part).arg(r.whole), behind};
    };
    for (const QString &g : groups) {
        const QMap<QString, TagOutcome> tags = tagOutcomes(g);
        for (auto it = tags.cbegin(); it != tags.cend(); ++it) {
            const TagOutcome &o = it.value();
            const QString none = percentText({});
            t.rows << QList<Cell>{{g, {}},
                                  {it.key(), {}},
                                  {QString::number(o.references), o.referenceIds},
                                  {QString::number(o.located), o.referenceIds},
                                  rate(o.tagMatchRate(), o.referenceIds),
                                  semantic ? rate(o.rationaleMatchRate(), o.matchedComments) : Cell{none, {}},
                                  {QString::number(o.generated), {}},
                                  {semantic ? QString::number(o.generatedMatched) : none, o.matchedComments},
                                  {QString::number(o.judged()), o.judgedComments},
                                  {score(o.judgeScoreMean()), o.judgedComments},
                                  {score(o.judgeScoreStd()), o.judgedComments}};
        }
    }
    return t;
}

} // namespace rd::eval
