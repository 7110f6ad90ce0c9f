#pragma once

// A public benchmark's pull requests with their golden comments, the tools'
// comments on them and every judge's verdicts (Code Review Bench), as plain
// values: what an import stores in one transaction (BenchmarkStore::
// importBenchmark) and what the comparison of reviewers reads back.

#include "Workspace.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace rd {

// A judge's verdict on one candidate comment of a reviewer.
enum class CandidateVerdict {
    Matched,    // the judge's chosen match of at least one reference
    Unmatched,  // matched no reference: a false positive
    Superseded, // matched a reference another candidate matched with more confidence: neither
};
QString candidateVerdictName(CandidateVerdict verdict); // matched, unmatched, superseded
std::optional<CandidateVerdict> candidateVerdictFromName(const QString &name);

// One (name, value) label; a name may carry several values (bug categories).
using Label = std::pair<QString, QString>;

struct BenchmarkReference
{
    QString text;
    QString severity;   // Low, Medium, High, Critical (kept as written)
    QByteArray record;  // the golden comment's object as read
};

struct BenchmarkCandidate
{
    QString text;
    QString file;       // empty when the tool did not comment inline
    int line = 0;       // 0: no line
    CandidateVerdict verdict = CandidateVerdict::Unmatched;
    int position = 0;   // its place in the judge's candidate list
    QByteArray record;  // as read; empty when the judge's file had no candidate list for the tool
};

struct BenchmarkMatch
{
    QString candidate;  // texts: each names a candidate and a reference of the same review
    QString reference;
    std::optional<double> confidence;
    QString reasoning;
};

// One judge's decisions on one reviewer's comments on one pull request.
struct BenchmarkReview
{
    QString judge;
    QString reviewer;
    bool skipped = false;
    int errors = 0;     // the judge's questions that failed
    int position = 0;
    QByteArray record;  // the evaluation's object as read
    QList<BenchmarkCandidate> candidates;
    QList<BenchmarkMatch> matches;
};

struct BenchmarkPullRequest
{
    // Matched to a stored merge request by url; a new one (without code) otherwise.
    MergeRequestEntry entry;
    int position = 0;
    QByteArray record;  // the golden file's object as read
    QList<Label> labels;
    QByteArray labelsRecord; // its labels file's object as read; empty: none
    QList<BenchmarkReference> references;
    QList<BenchmarkReview> reviews;
};

struct BenchmarkImport
{
    QString format;     // "code-review-bench"
    QString source;     // the folder's name (never its absolute path)
    QStringList judges; // each judge's verdicts replace what the workspace held of that judge on these pull requests
    QList<BenchmarkPullRequest> pullRequests;
};

struct BenchmarkImportSummary
{
    int mergeRequests = 0;
    int newMergeRequests = 0;
    int references = 0;
    int newReferences = 0;
    int comments = 0;     // reviewers' candidate comments
    int newComments = 0;
    int judges = 0;
    int reviews = 0;      // (judge, reviewer, merge request) decisions stored
    int verdicts = 0;
    int matches = 0;
};

struct JudgeEntry
{
    qint64 id = 0;
    QString name;
    QString kind;   // "imported"
    QString source;
};

// A judge's verdict on a candidate, read back.
struct JudgedCandidate
{
    qint64 comment = 0;
    CandidateVerdict verdict = CandidateVerdict::Unmatched;
    int position = 0;
    QByteArray record; // as the judge's candidate list had it; empty: not in a list
};

struct JudgeMatch
{
    qint64 comment = 0;
    qint64 reference = 0;
    std::optional<double> confidence;
    QString reasoning;
};

// A stored BenchmarkReview: the comments are workspace ids.
struct JudgedReview
{
    QString judge;
    qint64 mergeRequest = 0;
    QString reviewer;
    bool skipped = false;
    int errors = 0;
    int position = 0;
    QByteArray record; // the evaluation's object as read
    QList<JudgedCandidate> candidates;
    QList<JudgeMatch> matches;
};

struct MergeRequestLabel
{
    qint64 mergeRequest = 0;
    QString name;
    QString value;
};

struct CommentLabel
{
    qint64 comment = 0;
    QString name;
    QString value;
};

} // namespace rd
