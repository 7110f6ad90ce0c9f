#pragma once

// Which run configuration a run is, for the arena (issue 35): the one place
// the arena decides it. The configuration's identity (every setting that can
// change the comments, ConfigurationIdentity.h) groups the runs, as `eval`
// groups them, and configurationLabels() names the configurations shown
// together; a run whose record names none is known by its label.

#include <Result.h>
#include <RunStore.h>

#include <QHash>
#include <QList>
#include <QString>

namespace rd {

// The configuration's label of each of `runs` (read with or without their
// records: a run without one is read again whole), by run id. Runs of one
// configuration hash are read once.
Result<QHash<qint64, QString>> arenaConfigurations(const RunStore &store, const QList<StoredRun> &runs);

} // namespace rd
