#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace rd {

// One set of Q1-Q3 scores and the stage that gave them.
struct ScoreRecord
{
    QString stage; // reviewer, meta, validator, translator, cancelled
    int q1Nitpick = 0;
    int q2Fake = 0;
    int q3Severity = 0;
    // What the stage left out or could not do ("q2_fake missing: kept 6"). The
    // initializer keeps four-value {stage, q1, q2, q3} initialisations warning-free.
    QString note = {};
};

// A review comment and its provenance. Filtered comments are kept with the
// stage that dropped them, so they can still be judged.
struct ReviewComment
{
    QString id;
    QString file;
    QString side = QStringLiteral("new"); // new or old
    int lineStart = 0;
    int lineEnd = 0;
    QString issue;
    QString rootCause;
    QString fix;
    QString example;
    QString category;
    // The translator (issue 21, item 3) writes issue, rootCause and fix in
    // `translationLanguage`; the text as the reviewer wrote it stays here, to
    // read, search, export and match semantically. Empty language: never
    // translated (and these are empty).
    QString issueOriginal;
    QString rootCauseOriginal;
    QString fixOriginal;
    QString translationLanguage;
    int q1Nitpick = 0;  // 1 = pure nitpick ... 7 = not a nitpick
    int q2Fake = 0;     // 1 = non-existent problem ... 7 = real
    int q3Severity = 0; // 1 = trivial ... 7 = severe
    QList<int> reviewers; // 1-based reviewers that raised it
    bool kept = true;
    QString droppedAt;  // coarse, top_k, meta, merged, agreement, validator, unparsed, cancelled
    QString mergedInto; // id of the merged comment (dropped_at == merged)
    bool lineValid = true;
    int slice = -1;     // index of the slice it was made for
    QString raw;        // unparsable model output, kept verbatim
    QList<ScoreRecord> history;
    // Other pipelines (issue 13). CQS: the issue's tag and function, and the
    // judge's 0..10 score and reasoning; CodeAgent: the task as tag.
    QString pipeline;      // empty: defect
    QString tag;
    QString function;
    int judgeScore = -1;   // -1: not judged
    QString judgeReason;
    // What was wrong with the model's answer about this comment ("reviewer:
    // q3_severity 99 is outside 1 to 7"): kept with the comment, in run.json
    // and the workspace, so a score that was not used says why.
    QStringList errors;

    // At lines of its file. A comment the reviewer could not place
    // (lineValid false) counts as having no lines even when an older
    // workspace still holds the range it was given then: nothing line-matches
    // it and no export shows it at lines the model did not name.
    bool located() const { return lineValid && lineStart > 0; }

    void drop(const QString &stage)
    {
        kept = false;
        droppedAt = stage;
    }
};

} // namespace rd
