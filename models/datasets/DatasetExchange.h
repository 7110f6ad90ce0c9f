#pragma once

// Import and export as the CLI and the window run them: read a file, check
// it, link pull requests to local clones (libgit2), store it in one
// transaction; or load the workspace and write one export format. Every
// error names the file; the workspace is unchanged when an import fails.

#include "DatasetExport.h"
#include "DatasetImport.h"
#include "Result.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

class ExchangeStore;
class WorkspaceStore;

struct AacrImportOptions
{
    QString kind;        // "ground-truth", "candidates" or "labelled"
    QString samples;     // "positive" or "negative"; empty: from the file's name
    QString annotator = QStringLiteral("aacr-bench"); // whose the labels are (labelled)
    QString repoMapFile; // JSON: repository URL -> local clone or bare mirror
    // Fetch what a mapped clone lacks: the pull request's refs/pull/N/head and
    // the remote's HEAD, from the clone's origin (else the repository's URL),
    // anonymously, kept under refs/reviewdesk/<server>/<N>.
    bool fetch = false;
};

struct RunImportOptions
{
    QString repository;  // the local clone the run reviewed
    QString base;        // empty: the run's own
    QString head;
    bool twoDot = false;
};

struct ImportOutcome
{
    ImportSummary summary;
    QStringList notes;   // what the user should know (merge requests imported without code, ...)
    int fetched = 0;     // pull requests whose commits --fetch brought into their clone
};

// The import kinds and sample sets, as the CLI and dialog spell them.
QStringList aacrImportKinds();
Result<ImportOutcome> importAacrFile(ExchangeStore &store, const QString &file, const AacrImportOptions &options);
Result<ImportOutcome> importRunFile(ExchangeStore &store, const QString &file, const RunImportOptions &options);

// Writes one format to `out` (a file, or an existing folder: <format>.<extension>
// inside it). Returns the file written.
Result<QString> exportToFile(const WorkspaceStore &store, const QString &format, const QString &out, std::optional<qint64> mergeRequest,
                             std::optional<qint64> run, double delta, DpoPairs pairs = DpoPairs::Auto);

} // namespace rd
