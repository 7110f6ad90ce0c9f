#include "AacrGeneratedExport.h"

#include "CliCommand.h"

#include <AacrGenerated.h>
#include <WorkspaceOpening.h>

#include <cstdio>

namespace rd::cli {

int writeAacrGeneratedRuns(const QString &workspacePath, const QList<qint64> &runs, const QString &directory)
{
    auto store = openWorkspaceStore(workspacePath, WorkspaceOpenMode::OpenExisting);
    if (!store)
        return fail(store.error());
    QList<qint64> ids = runs;
    if (ids.isEmpty()) {
        auto mrs = (*store)->mergeRequests();
        if (!mrs)
            return fail(mrs.error());
        for (const MergeRequestEntry &mr : *mrs) {
            auto list = (*store)->runs(mr.id);
            if (!list)
                return fail(list.error());
            for (const StoredRun &r : *list)
                ids << r.id;
        }
    }
    for (qint64 id : ids) {
        auto written = exportAacrGenerated(**store, id, directory);
        if (!written)
            return fail(written.error());
        std::fprintf(stderr, "export: run %lld -> %s\n", static_cast<long long>(id), qPrintable(*written));
    }
    return ExitOk;
}

} // namespace rd::cli
