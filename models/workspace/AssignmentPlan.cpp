#include "AssignmentPlan.h"

#include <QHash>
#include <QSet>

#include <limits>

namespace rd {

QList<QStringList> planAssignments(const QList<qint64> &mergeRequests, const QStringList &team, int perMergeRequest, const QList<Assignment> &existing)
{
    const qsizetype size = team.size();
    QHash<QString, qsizetype> place;
    for (qsizetype i = 0; i < size; ++i)
        place.insert(team[i], i);
    QList<int> load(size, 0);                                   // merge requests each member has
    QList<QList<int>> together(size, QList<int>(size, 0));      // merge requests two members share
    QHash<qint64, QList<qsizetype>> members;                    // merge request -> its members of the team
    for (const Assignment &a : existing)
        if (const auto it = place.constFind(a.annotator); it != place.cend())
            members[a.mergeRequest] << *it;
    for (auto it = members.cbegin(); it != members.cend(); ++it)
        for (qsizetype i : *it) {
            ++load[i];
            for (qsizetype j : *it)
                if (i != j)
                    ++together[i][j];
        }

    QList<QStringList> plan;
    for (qint64 mr : mergeRequests) {
        QList<qsizetype> has = members.value(mr);
        QStringList added;
        while (has.size() < perMergeRequest) {
            qsizetype best = -1;
            int bestLoad = std::numeric_limits<int>::max(), bestTogether = std::numeric_limits<int>::max();
            for (qsizetype i = 0; i < size; ++i) {
                if (has.contains(i))
                    continue;
                int shared = 0;
                for (qsizetype j : std::as_const(has))
                    shared += together[i][j];
                if (load[i] < bestLoad || (load[i] == bestLoad && shared < bestTogether)) {
                    best = i;
                    bestLoad = load[i];
                    bestTogether = shared;
                }
            }
            if (best < 0)
                break; // fewer members than asked: the caller's check failed
            for (qsizetype j : std::as_const(has)) {
                ++together[best][j];
                ++together[j][best];
            }
            ++load[best];
            has << best;
            added << team[best];
        }
        members.insert(mr, has);
        plan << added;
    }
    return plan;
}

} // namespace rd
