#pragma once

// Routing each merge request to n annotators of a team (AACR-Bench's
// double-blind rounds with more than two people): balanced and deterministic.

#include "TeamAnnotation.h"

#include <QList>
#include <QStringList>

namespace rd {

// For each merge request of `mergeRequests` (in that order), the annotators of
// `team` to add so that it has `perMergeRequest` of them, given every
// assignment of the workspace so far (`existing`; those already assigned
// stay and count). Each next annotator is the one of the team with the
// fewest merge requests so far; among those, the one who shares the fewest
// merge requests with those it already has (so every pair of the team meets
// and has a pairwise kappa); then the first in `team`'s order. The same
// inputs give the same plan. Requires 1 <= perMergeRequest <= team.size().
QList<QStringList> planAssignments(const QList<qint64> &mergeRequests, const QStringList &team, int perMergeRequest, const QList<Assignment> &existing);

} // namespace rd
