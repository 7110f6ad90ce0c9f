// The session's part of dataset exchange: imports and exports run on the
// session's workspace, and the views hear about what an import added.

#include "ReviewSession.h"

#include <QCoreApplication>

namespace rd {

namespace {

Error noWorkspace()
{
    return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no workspace is open")};
}

} // namespace

Result<ImportOutcome> ReviewSession::importAacr(const QString &file, const AacrImportOptions &options)
{
    if (!m_store)
        return noWorkspace();
    auto outcome = importAacrFile(*m_store, file, options);
    if (outcome) {
        Q_EMIT mergeRequestsChanged();
        if (m_entry)
            openMergeRequest(m_entry->id); // comments it gained
    }
    return outcome;
}

Result<ImportOutcome> ReviewSession::importRun(const QString &file, const RunImportOptions &options)
{
    if (!m_store)
        return noWorkspace();
    auto outcome = importRunFile(*m_store, file, options);
    if (outcome) {
        Q_EMIT mergeRequestsChanged();
        if (m_entry)
            openMergeRequest(m_entry->id);
    }
    return outcome;
}

Result<QString> ReviewSession::exportDataset(const QString &format, const QString &out, bool onlyCurrentMergeRequest, double delta)
{
    if (!m_store)
        return noWorkspace();
    std::optional<qint64> only;
    if (onlyCurrentMergeRequest) {
        if (!m_entry)
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no merge request is open")};
        only = m_entry->id;
    }
    return exportToFile(*m_store, format, out, only, std::nullopt, delta);
}

} // namespace rd
