#pragma once

// The released AACR-Bench runner (evaluator_runner/example_test.py,
// evaluate_directory()) as `eval --upstream-compat` reproduces it: which
// files of a folder it evaluates, which pull request it takes each for, and
// the summary it writes. The per-PR counts are the evaluator's
// (matchUpstream()); this is what the runner adds around them.

#include <AacrPositiveSamples.h>

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

class QDir;

namespace rd::eval {

// The files it globs: Path(INPUT_DIR).glob("*.txt"), so every name ending in
// ".txt" (case-sensitive, hidden ones too), sorted here by name (the
// runner's order is the directory's, which its summary does not depend on).
QStringList releasedRunnerFiles(const QDir &dir);

// infer_pr_url_from_filename() then find_reference_by_url(): the index in
// `prs` of the pull request the runner evaluates `fileName` against, or none
// ("Skipped: Cannot match PR URL"). By substring, as it does:
// comments_{repo}_{n}.txt takes the first PR whose URL contains the repo
// (any case) and "/pull/{n}", so comments_app_1.txt takes .../app/pull/12
// when that PR comes first; else the first whose URL's repo (any case) and
// number both occur in the name.
std::optional<qsizetype> releasedRunnerPullRequestOf(const QString &fileName, const QList<AacrPositivePr> &prs);

// The file's text as the runner reads it (open(..., encoding='utf-8') in
// text mode): none when it is no valid UTF-8 (the runner's "Skipped: Failed
// to parse file"), else with "\r\n" and "\r" read as "\n".
std::optional<QString> releasedRunnerText(const QByteArray &bytes);

// Why the runner skips a file, as it prints it after "Skipped: ".
namespace runner_skip {
inline constexpr char noPullRequest[] = "Cannot match PR URL";
inline constexpr char unreadable[] = "Failed to parse file";
inline constexpr char noValidComment[] = "No valid comments found";
} // namespace runner_skip

// Its summary, added up over the files it evaluated.
struct ReleasedRunnerSummary
{
    int totalFiles = 0;     // len(files): every *.txt, evaluated or skipped
    int evaluatedFiles = 0; // len(results)
    int generated = 0;      // sum of total_generated_nums
    int references = 0;     // sum of positive_expected_nums
    int lineMatches = 0;    // sum of positive_line_match_nums
    int semanticMatches = 0; // sum of positive_match_nums
};

// Under its names: total_files, evaluated_files, total_generated_comments,
// total_reference_comments, total_line_matches, overall_line_match_rate,
// overall_line_recall, and with `semantic` total_semantic_matches,
// overall_semantic_match_rate, overall_semantic_recall; the rates rounded
// as it rounds them (Python's round(x, 4), 0 over nothing).
QJsonObject releasedRunnerSummaryJson(const ReleasedRunnerSummary &summary, bool semantic);

} // namespace rd::eval
