#pragma once

// `eval --aacr-gt`: generated-comment files (comments_{repo}_{pr}.txt) scored
// against AACR-Bench's positive samples, per PR and in total, with the
// upstream evaluator's field names and ReviewDesk's precision/recall/F1.

#include <AacrPositiveSamples.h>
#include <Result.h>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace rd::eval {

struct AacrDirectoryOptions
{
    int maxDistance = 1;
    bool upstreamCompat = false; // count as the released evaluator does
    bool releasedIds = false;    // with upstreamCompat: references told apart by their `id` field only (absent in the released data)
    std::function<bool(const QString &generated, const QString &reference)> semantic; // empty: no semantic match
};

struct AacrDirectoryResult
{
    QJsonObject json;
    QStringList problems; // per file: blocks left out, files without a PR
    int semanticQuestions = 0;
};

Result<AacrDirectoryResult> evaluateAacrDirectory(const QList<AacrPositivePr> &prs, const QString &directory, const AacrDirectoryOptions &options);

} // namespace rd::eval
