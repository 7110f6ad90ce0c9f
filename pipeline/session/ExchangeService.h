#pragma once

#include <DatasetExchange.h>
#include <Result.h>

#include <QObject>
#include <QString>

namespace rd {

class ReviewSession;

// Dataset exchange (issue 11) through the session's workspace: imports one
// file into it (all of it or nothing) and reloads what the views show;
// exports the workspace (or only the open merge request) in one format.
// Errors name the file. Linking an imported merge request to its code later
// (Fetch code…) is here too: it completes what the import could not.
class ExchangeService : public QObject
{
    Q_OBJECT
public:
    explicit ExchangeService(ReviewSession &session);

    Result<ImportOutcome> importAacr(const QString &file, const AacrImportOptions &options);
    Result<ImportOutcome> importRun(const QString &file, const RunImportOptions &options);
    // Whether exportDataset() may be asked for only the open merge request.
    bool hasOpenMergeRequest() const;
    Result<QString> exportDataset(const QString &format, const QString &out, bool onlyCurrentMergeRequest, double delta,
                                  DpoPairs pairs = DpoPairs::Auto);
    // Fetch code…: links a merge request imported without its code to a
    // local clone holding its base and head commits, and returns the entry
    // as stored now. A clone lacking either commit changes nothing, and the
    // error names the missing revision.
    Result<MergeRequestEntry> linkCode(qint64 mergeRequest, const QString &clone);

Q_SIGNALS:
    // An import is in the workspace (the session's merge requests and the
    // open merge request's comments show it already).
    void imported(const rd::ImportOutcome &outcome);
    // Merge requests were added to the workspace or changed in it (the session announces it).
    void mergeRequestsChanged();

private:
    // The session's views learn what an import added.
    void reloadAfterImport(const ImportOutcome &outcome);

    ReviewSession &m_session;
};

} // namespace rd
