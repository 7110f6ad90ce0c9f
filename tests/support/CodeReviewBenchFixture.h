#pragma once

// A workspace with the shared Code Review Bench data imported
// (tests/data/code-review-bench: 50 pull requests, 12 tools, one judge,
// openai_gpt-5.2), optionally with a second judge, "second": the first's
// files with every match of augment's turned down (augment finds nothing).

#include <Result.h>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace rd::test {

QString codeReviewBenchDir();
// The judge the shared data holds, and the made-up second one.
QString codeReviewBenchJudge();
QString secondBenchJudge();

// A judge's evaluations.json with every true positive of augment's made a
// false negative (and its candidate a false positive): the second judge's.
QByteArray augmentFindsNothing(const QJsonObject &evaluations);

// Imports into the workspace at `workspace` (made when missing); `scratch`
// is a folder for the copy with the second judge.
Result<bool> importCodeReviewBench(const QString &workspace, const QString &scratch, bool withSecondJudge);

} // namespace rd::test
