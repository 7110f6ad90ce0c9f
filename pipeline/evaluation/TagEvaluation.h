#pragma once

// CQS's own evaluation (code-quality-score-cqs.txt §4, "Evaluation protocol
// and metrics"): issue by issue, first an exact string match of the issue
// tags, then, where the tags match, a comparison of the rationales by a
// small model; reported per tag, as App. C's Table 3 reports the judge per
// tag. Here the issues are paired by location first (ReviewDesk's rule,
// locationMatches()) and the rationale is compared by the evaluation's
// semantic judge (Options::semantic, AACR-Bench's Fig. 9 prompt), not by a
// Llama 3.1-8b.

#include "EvalMatching.h"
#include "EvalMetrics.h"

#include <QMap>
#include <QString>
#include <QStringList>

namespace rd::eval {

struct TagOutcome
{
    int references = 0;       // reference issues with the tag
    int located = 0;          // of them: a generated comment lies at their lines
    int tagMatched = 0;       // of those: one of those comments has exactly the tag
    int rationaleMatched = 0; // of those: the judge says one tag-matched comment's rationale is the reference's
    int generated = 0;        // generated comments with the tag
    int generatedMatched = 0; // of them: tag- and rationale-matched to a reference
    QList<qint64> referenceIds;   // behind the figures, for the table's cells
    QList<qint64> matchedComments;
    // App. C, Table 3: the judge's scores of the issues with the tag (every
    // issue it scored, kept or dropped afterwards), and those issues.
    QList<int> judgeScores;
    QList<qint64> judgedComments;

    // Exact tag match rate: tagMatched / located. Rationale match rate:
    // rationaleMatched / tagMatched (only with a semantic judge).
    Ratio tagMatchRate() const { return {tagMatched, located}; }
    Ratio rationaleMatchRate() const { return {rationaleMatched, tagMatched}; }
    // Table 3's "Avg" and "Std": the mean and the population standard
    // deviation (divided by n) of judgeScores; empty without a score.
    int judged() const { return static_cast<int>(judgeScores.size()); }
    std::optional<double> judgeScoreMean() const;
    std::optional<double> judgeScoreStd() const;
    void add(const TagOutcome &other);
};

// One merge request's generated comments and references with their tags
// (same order); a reference without a tag is not counted. Without a
// `semantic` judge no rationale is compared (rationaleMatched and
// generatedMatched stay 0).
QMap<QString, TagOutcome> tagOutcomes(const QList<Item> &generated, const QStringList &generatedTags, const QList<Item> &references,
                                      const QStringList &referenceTags, int maxDistance, const SemanticJudge &semantic = {});

} // namespace rd::eval
