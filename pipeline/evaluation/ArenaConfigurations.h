#pragma once

// Which run configuration a run is, for the arena (issue 35): the one place
// the arena decides it, so that a new identity of configurations (the
// evaluation's grouping may grow one) is taken up here and nowhere else.
// Today: configurationName() of Evaluation.h over the run's recorded
// configuration, the run's label when its record names none.

#include <Result.h>
#include <RunStore.h>

#include <QHash>
#include <QList>
#include <QString>

namespace rd {

// The configuration's name of each of `runs` (read with or without their
// records: a run without one is read again whole), by run id. Runs of one
// configuration hash are read once.
Result<QHash<qint64, QString>> arenaConfigurations(const RunStore &store, const QList<StoredRun> &runs);

} // namespace rd
