#pragma once

#include "Benchmark.h"
#include "Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// Public benchmarks with their judges (issue 34): pull requests with golden
// comments, the tools' comments and each judge's verdicts, kept apart per
// judge; and the labels of merge requests and comments. A role of
// WorkspaceStore (WorkspaceStore.h).
class BenchmarkStore
{
public:
    // Everything of one benchmark folder, in one transaction (nothing stored
    // when any part fails). Importing the same folder again changes nothing:
    // merge requests are found by url, references and comments by their text
    // (and author), and each judge's verdicts on these pull requests are
    // replaced by the file's.
    virtual Result<BenchmarkImportSummary> importBenchmark(const BenchmarkImport &import) = 0;
    virtual Result<QList<JudgeEntry>> judges() const = 0;
    // The judged reviews of one judge (empty: every judge), by judge, merge
    // request and position, with their verdicts and matches.
    virtual Result<QList<JudgedReview>> judgedReviews(const QString &judge = {}) const = 0;
    virtual Result<QList<MergeRequestLabel>> mergeRequestLabels() const = 0;
    virtual Result<QList<CommentLabel>> commentLabels(std::optional<qint64> mergeRequest = {}) const = 0;

protected:
    ~BenchmarkStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
