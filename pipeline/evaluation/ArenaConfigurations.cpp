#include "ArenaConfigurations.h"

#include "ConfigurationIdentity.h"
#include "RunRecord.h"

#include <optional>

namespace rd {

Result<QHash<qint64, QString>> arenaConfigurations(const RunStore &store, const QList<StoredRun> &runs)
{
    QHash<QString, ConfigurationIdentity> byHash; // runs of one configuration hash are read once
    QHash<QString, int> indexOfKey;               // identity key -> configurations[]
    QList<ConfigurationIdentity> configurations;
    QHash<qint64, int> configurationOf;           // run id -> configurations[]
    for (const StoredRun &run : runs) {
        std::optional<ConfigurationIdentity> identity;
        if (!run.configHash.isEmpty())
            if (const auto known = byHash.constFind(run.configHash); known != byHash.cend())
                identity = *known;
        if (!identity) {
            QByteArray record = run.record;
            if (record.isEmpty()) { // runs() leaves records out
                auto whole = store.run(run.id);
                if (!whole)
                    return whole.error();
                record = whole->record;
            }
            auto parsed = RunRecord::fromJson(record);
            identity = parsed ? configurationIdentity(parsed->config) : unreadableConfiguration(run.label);
            // Only a run whose record names its configuration speaks for its hash.
            if (!run.configHash.isEmpty() && parsed)
                byHash.insert(run.configHash, *identity);
        }
        const QString key = identity->key();
        auto index = indexOfKey.constFind(key);
        if (index == indexOfKey.cend()) {
            index = indexOfKey.insert(key, int(configurations.size()));
            configurations << *identity;
        }
        configurationOf.insert(run.id, *index);
    }
    const QList<ConfigurationLabel> labels = configurationLabels(configurations);
    QHash<qint64, QString> out;
    for (auto it = configurationOf.cbegin(); it != configurationOf.cend(); ++it)
        out.insert(it.key(), labels[it.value()].text);
    return out;
}

} // namespace rd
