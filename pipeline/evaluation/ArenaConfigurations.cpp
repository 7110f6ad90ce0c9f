#include "ArenaConfigurations.h"

#include "Evaluation.h"
#include "RunRecord.h"

namespace rd {

Result<QHash<qint64, QString>> arenaConfigurations(const RunStore &store, const QList<StoredRun> &runs)
{
    QHash<qint64, QString> out;
    QHash<QString, QString> byHash;
    for (const StoredRun &run : runs) {
        if (!run.configHash.isEmpty())
            if (const auto known = byHash.constFind(run.configHash); known != byHash.cend()) {
                out.insert(run.id, *known);
                continue;
            }
        QByteArray record = run.record;
        if (record.isEmpty()) { // runs() leaves records out
            auto whole = store.run(run.id);
            if (!whole)
                return whole.error();
            record = whole->record;
        }
        std::optional<RunConfig> config;
        if (auto parsed = RunRecord::fromJson(record))
            config = parsed->config;
        const QString name = eval::configurationName(config, run.label);
        out.insert(run.id, name);
        // Only a run whose record names its configuration speaks for its hash.
        if (!run.configHash.isEmpty() && config)
            byHash.insert(run.configHash, name);
    }
    return out;
}

} // namespace rd
