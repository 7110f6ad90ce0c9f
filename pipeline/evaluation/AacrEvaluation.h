#pragma once

// `eval --aacr-gt`: generated-comment files (comments_{repo}_{pr}.txt) scored
// against AACR-Bench's positive samples, per PR and in total, with the
// upstream evaluator's field names and ReviewDesk's precision/recall/F1.
// By default every PR of the ground truth counts (one-to-one); with
// upstreamCompat the files the released runner evaluates, counted by the
// released evaluator, and in total the runner's summary (AacrRunner.h).

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
    QString semanticPrompt; // which prompt the judge asks (semanticPromptName()), named in the output's config
    // Folder of {repo}_{pr}.diff files (`git diff source_commit target_commit`
    // of each PR): their hunks are the patches of Table 9's comments per patch.
    // Empty, or a PR without its file: that figure is reported unavailable.
    QString diffs;
};

// The hunks of a unified diff (git diff output): its "@@ -a,b +c,d @@"
// header lines. Empty text is an empty diff (0); text with no diff header at
// all, or a line starting "@@" that is no hunk header, is an error naming it.
Result<int> unifiedDiffHunks(const QByteArray &diff, const QString &fileName);

struct AacrDirectoryResult
{
    QJsonObject json;
    QStringList problems; // per file: blocks left out, files without a PR
    int semanticQuestions = 0;
};

Result<AacrDirectoryResult> evaluateAacrDirectory(const QList<AacrPositivePr> &prs, const QString &directory, const AacrDirectoryOptions &options);

} // namespace rd::eval
