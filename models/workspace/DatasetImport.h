#pragma once

// What an import stores in one transaction (WorkspaceStore::importDataset):
// pull requests with their comments, as parsed from an AACR-Bench file or a
// ReviewDesk run. The parsers (DatasetParsers.h) make these values; the
// store only writes them.

#include "Workspace.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

struct ImportedComment
{
    ReviewComment comment;
    QString author;             // the model or person that wrote it
    bool reference = false;     // a ground-truth issue
    QByteArray exchange;        // the record it came from, kept for export
    // A label that comes with the file (AACR-Bench positive = accept,
    // negative = reject), stored as DatasetImport::annotator's judgement.
    std::optional<Verdict> verdict;
    std::optional<QString> category;
    std::optional<ContextLevel> context;
};

struct ImportedMergeRequest
{
    // Matched to a stored one by url when it has one, else by repository,
    // base, head; a new one otherwise.
    MergeRequestEntry entry;
    QString dataset;            // e.g. "aacr-positive": one record per merge request and dataset
    int position = 0;           // its place in the file
    QByteArray record;          // the pull request's own fields as read (JSON object)
    QList<ImportedComment> comments;
    std::optional<StoredRun> run; // the comments are this run's (origin Generated)
};

struct DatasetImport
{
    QString format;             // "aacr", "run"
    QString source;             // the file's name (never its absolute path)
    QString kind;               // "ground-truth", "candidates", "labelled"
    QString annotator;          // whose the verdicts are
    QList<ImportedMergeRequest> mergeRequests;
};

struct ImportSummary
{
    qint64 importId = 0;
    int mergeRequests = 0;
    int newMergeRequests = 0;
    int comments = 0;
    int judgements = 0;
    int withoutCode = 0;        // merge requests imported without code
};

// An imported pull request's record, for exports in the same format.
struct ExchangeRecord
{
    qint64 mergeRequest = 0;
    QString dataset;
    qint64 importId = 0;
    int position = 0;
    QByteArray record;
};

} // namespace rd
