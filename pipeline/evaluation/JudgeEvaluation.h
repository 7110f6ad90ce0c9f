#pragma once

// A judge evaluated against people: an LLM judge (the CQS issue judge's
// prompt, on any OpenAI-compatible endpoint) asked about comments that
// people labelled, and its answers compared with their labels. CQS §4 (the
// 200-item balanced thumbs-up/down set: 62 % for the trained judge, 56 % for
// its base model) is the protocol; Cohen's kappa, per-category and per-tag
// accuracy, calibration and the flip rate over repeated asks go beyond it.
// The items and metrics are pure (this file, JudgeSample.cpp,
// JudgeMetrics.cpp); JudgeEvaluationJob asks the judge.

#include "DatasetExport.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QSet>
#include <QString>

#include <optional>

namespace rd {

// Whose labels the judge is measured against.
struct JudgeLabelSource
{
    // Empty: the team's final label (the adjudicator's, else the annotators'
    // when they agree: ExportData::labelOf). Else this annotator's own.
    QString annotator;
};

// One comment people labelled, and what the judge said of it on each ask.
struct JudgeItem
{
    qint64 comment = 0; // the workspace's comment id
    qint64 mergeRequest = 0;
    QString file;
    int line = 0;
    QString category; // the final or the annotator's category, else the comment's
    QString tag;      // likewise for the CQS tag
    bool humanAccepted = false; // thumbs up / accept
    struct Answer
    {
        int seed = 0;
        std::optional<bool> valid; // empty: no usable answer (see error)
        std::optional<int> score;  // -1..10 as the judge gave it (-1: invalid, CQS App. C)
        QString reason;
        QString error;
    };
    QList<Answer> answers; // one per repeat, in order

    // The answers' verdicts that could be read.
    QList<bool> verdicts() const;
    // Not every readable verdict the same.
    bool flipped() const;
    // Share of readable answers that differ from the item's majority
    // (a tie counts the "valid" side as the majority): 0 when stable.
    double flipRate() const;
};

// The human label of one comment under `source`: thumbs when the annotator
// set them (CQS's developers clicked thumbs), else accept / reject. Empty
// for unsure, unjudged, or people still disagreeing.
std::optional<bool> humanLabel(const ExportData &data, const StoredComment &comment, const JudgeLabelSource &source);

// The labelled comments, in comment id order; `balanced` > 0 keeps a seeded
// random `balanced` per class (fewer when a class has fewer: `shortBy` says).
struct JudgeSample
{
    QList<JudgeItem> items;
    int positives = 0;
    int negatives = 0;
    int requestedPerClass = 0; // 0: everything labelled
    QString shortBy;           // empty, or which class had fewer than asked
};
JudgeSample sampleJudgeItems(const ExportData &data, const JudgeLabelSource &source, int balanced, quint32 seed);

struct JudgeAccuracy
{
    int items = 0;   // with a readable answer
    int correct = 0;
    int accepted = 0;         // of the items, those people accepted
    int acceptedCorrect = 0;  // of those, called valid by the judge
    int rejectedCorrect = 0;  // of the others (people rejected), called invalid
    std::optional<double> accuracy() const { return items > 0 ? std::optional<double>(double(correct) / items) : std::nullopt; }
    // The mean of the judge's recall on each class people used (accepted,
    // rejected): a short class weighs as much as a long one.
    std::optional<double> balancedAccuracy() const;
};

struct JudgeCalibrationBucket
{
    int score = 0;    // the judge's score, -1..10
    int answers = 0;  // answers with this score (every repeat counts)
    int accepted = 0; // of those, on items people accepted
};

// The figures, each defined in docs/judge-loop.md.
struct JudgeMetrics
{
    int items = 0;
    int repeats = 0;
    int unanswered = 0;                // answers that could not be read
    QList<JudgeAccuracy> perRepeat;    // accuracy of repeat k over its readable answers
    std::optional<double> accuracy;    // the mean of the repeats' accuracies
    std::optional<double> balancedAccuracy; // the mean of the repeats' balanced accuracies
    std::optional<double> accuracySpread; // max - min over the repeats
    std::optional<double> kappa;       // Cohen's kappa, the judge's majority verdict vs people
    QString kappaUndefined;            // why kappa is empty
    QList<std::pair<QString, JudgeAccuracy>> perCategory; // every readable answer counts
    QList<std::pair<QString, JudgeAccuracy>> perTag;
    QList<JudgeCalibrationBucket> calibration; // scores that occurred, ascending
    std::optional<double> flipRate;    // share of items whose verdicts differ between repeats
    // Judge and people disagree (by the majority of the judge's verdicts).
    QList<qint64> judgeValidPeopleRejected;
    QList<qint64> judgeInvalidPeopleAccepted;
};
JudgeMetrics judgeMetrics(const QList<JudgeItem> &items);

// What the evaluation was: recorded with the figures so two can be compared.
struct JudgeEvaluationSettings
{
    QString judge = QStringLiteral("cqs"); // the judge's prompt: cqs or aacr-semantic
    QString judgeModel;
    QString judgeEndpoint;
    double temperature = 0;
    quint32 seed = 0;
    int repeats = 1;
    int balanced = 0;
    int minScore = 1; // a "valid" answer scoring below this counts as invalid
    JudgeLabelSource labels;
};

// JSON: {"settings", "items", "accuracy", "kappa", "per_category",
// "per_tag", "calibration", "flip_rate", ...}; Markdown: the same as tables.
QByteArray judgeEvaluationJson(const JudgeEvaluationSettings &settings, const JudgeSample &sample, const JudgeMetrics &metrics);
// The comment ids of a report judgeEvaluationJson wrote; empty when it lists none.
QSet<qint64> judgeEvaluationItems(const QByteArray &report);
QByteArray judgeEvaluationMarkdown(const JudgeEvaluationSettings &settings, const JudgeSample &sample, const JudgeMetrics &metrics);

} // namespace rd
