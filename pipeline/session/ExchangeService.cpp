#include "ExchangeService.h"

#include "ReviewSession.h"

#include <CommitCheck.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace rd {

namespace {

Error noWorkspace()
{
    return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no workspace is open")};
}

} // namespace

ExchangeService::ExchangeService(ReviewSession &session) : m_session(session) {}

void ExchangeService::reloadAfterImport(const ImportOutcome &outcome)
{
    Q_EMIT mergeRequestsChanged();
    if (const auto open = m_session.currentMergeRequest())
        m_session.openMergeRequest(open->id); // comments it gained
    Q_EMIT imported(outcome);
}

Result<ImportOutcome> ExchangeService::importAacr(const QString &file, const AacrImportOptions &options)
{
    if (!m_session.store())
        return noWorkspace();
    auto outcome = importAacrFile(*m_session.store(), file, options);
    if (outcome)
        reloadAfterImport(*outcome);
    return outcome;
}

Result<ImportOutcome> ExchangeService::importRun(const QString &file, const RunImportOptions &options)
{
    if (!m_session.store())
        return noWorkspace();
    auto outcome = importRunFile(*m_session.store(), file, options);
    if (outcome)
        reloadAfterImport(*outcome);
    return outcome;
}

bool ExchangeService::hasOpenMergeRequest() const
{
    return m_session.currentMergeRequest().has_value();
}

Result<QString> ExchangeService::exportDataset(const QString &format, const QString &out, bool onlyCurrentMergeRequest, double delta, DpoPairs pairs)
{
    if (!m_session.store())
        return noWorkspace();
    std::optional<qint64> only;
    if (onlyCurrentMergeRequest) {
        if (!hasOpenMergeRequest())
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "no merge request is open")};
        only = m_session.currentMergeRequestId();
    }
    return exportToFile(*m_session.store(), format, out, only, std::nullopt, delta, pairs);
}

Result<MergeRequestEntry> ExchangeService::linkCode(qint64 mergeRequest, const QString &clone)
{
    if (!m_session.store())
        return noWorkspace();
    auto entry = m_session.store()->mergeRequest(mergeRequest);
    if (!entry)
        return entry.error();
    // Stored as the diff's loader will name it, so opening the diff finds this merge request.
    const QString path = QDir::cleanPath(QFileInfo(clone).absoluteFilePath());
    if (const QString missing = missingCommits(path, entry->base, entry->head); !missing.isEmpty())
        return Error{Error::Kind::Revision, missing};
    if (auto stored = m_session.store()->setMergeRequestRepository(mergeRequest, path, true); !stored)
        return stored.error();
    Q_EMIT mergeRequestsChanged();
    if (m_session.currentMergeRequestId() == mergeRequest)
        if (auto reopened = m_session.openMergeRequest(mergeRequest); !reopened)
            return reopened.error();
    return m_session.store()->mergeRequest(mergeRequest);
}

} // namespace rd
