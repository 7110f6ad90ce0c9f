#include "WorkspaceOpening.h"

#include "SqlWorkspaceStore.h"

namespace rd {

Result<std::unique_ptr<WorkspaceStore>> openWorkspaceStore(const QString &location, WorkspaceOpenMode mode, IntegrityCheck check)
{
    auto opened = SqlWorkspaceStore::open(location, mode, check);
    if (!opened)
        return opened.error();
    return std::unique_ptr<WorkspaceStore>(std::move(*opened));
}

Result<std::optional<QString>> checkWorkspaceIntegrity(const QString &location)
{
    return SqlWorkspaceStore::checkIntegrity(location);
}

bool isServerLocation(const QString &location)
{
    return SqlWorkspaceStore::isServerLocation(location);
}

Result<qint64> copyWorkspace(const QString &from, const QString &to)
{
    return SqlWorkspaceStore::copyWorkspace(from, to);
}

} // namespace rd
