#pragma once

// Code Review Bench's offline layout (withmartian/code-review-benchmark,
// folder offline/): golden_comments/*.json, results/pr_labels.json and, for
// each judge model, results/<judge>/candidates.json and evaluations.json.
// The files are parsed one by one as pure functions (bytes in, values or an
// error naming the field out), then checked against each other and made into
// one BenchmarkImport; every error names the file (relative to the folder)
// and the key.

#include "Benchmark.h"
#include "Result.h"

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <utility>

namespace rd {

class WorkspaceStore;

namespace codereviewbench {

// One pull request of a golden_comments file.
struct GoldenPullRequest
{
    QString url;          // the key the results files use (a benchmark fork's or the original pull request)
    QString originalUrl;  // the original pull request or commit, when the file names one
    QString title;
    QByteArray record;
    QList<BenchmarkReference> comments;
};
Result<QList<GoldenPullRequest>> parseGoldenComments(const QByteArray &bytes);

// pr_labels.json: per pull request key, its labels under the upstream
// dashboard's dimension names (language, pr_size, domain, change_type,
// complexity, difficulty, risk, context, concern) and bug_category (several).
Result<QList<std::pair<QString, QList<Label>>>> parseLabels(const QByteArray &bytes);

struct Candidate
{
    QString text;
    QString path;
    int line = 0;
    QByteArray record;
    int position = 0;
};
struct ToolCandidates
{
    QString tool;
    QList<Candidate> candidates; // with a text, each text once (as the judge reads them)
    int withoutText = 0;         // left out, as the judge leaves them out
};
// candidates.json: pull request key -> tool -> candidates.
Result<QList<std::pair<QString, QList<ToolCandidates>>>> parseCandidates(const QByteArray &bytes);

struct TruePositive
{
    QString golden;
    QString candidate; // matched_candidate
    std::optional<double> confidence;
    QString reasoning;
};
struct ToolEvaluation
{
    QString tool;
    bool skipped = false;
    int tp = 0, fp = 0, fn = 0; // as the file counts them (checked against the lists)
    QList<TruePositive> truePositives;
    QStringList falsePositives; // candidate texts
    QStringList falseNegatives; // golden comment texts
    int errors = 0;
    QByteArray record;
};
// evaluations.json: pull request key -> tool -> the judge's evaluation.
Result<QList<std::pair<QString, QList<ToolEvaluation>>>> parseEvaluations(const QByteArray &bytes);

struct ReadOutcome
{
    BenchmarkImport import;
    QStringList notes; // what the user should know (labels of unknown pull requests, candidates without text, ...)
};
// The folder, every file read and checked against the others; stored
// with BenchmarkStore::importBenchmark (in one transaction).
Result<ReadOutcome> readFolder(const QString &folder);

// The workspace's Code Review Bench back in the offline layout, from the
// records kept at import (every field as read, unknown ones included):
// golden_comments/<project>.json, results/pr_labels.json and each judge's
// candidates.json and evaluations.json, into `folder` (made when missing).
// Reading the folder again gives what was imported. Returns the files written.
Result<QStringList> writeFolder(const WorkspaceStore &store, const QString &folder);

} // namespace codereviewbench
} // namespace rd
