#pragma once

#include "Result.h"
#include "TeamAnnotation.h"
#include "Workspace.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

// Ground truth by a team (issue 11): who judges which merge request, groups
// of near-duplicates judged at once, the final label of a disagreement, and
// the team's settings. A role of WorkspaceStore (WorkspaceStore.h).
class TeamStore
{
public:
    // Assigns the merge request to the annotators (made on first use); those
    // already assigned stay. One transaction.
    virtual Result<bool> assign(qint64 mergeRequest, const QStringList &annotators) = 0;
    virtual Result<bool> unassign(qint64 mergeRequest, const QString &annotator) = 0;
    // Ordered by merge request, then annotator name.
    virtual Result<QList<Assignment>> assignments(std::optional<qint64> mergeRequest = {}) const = 0;
    // JudgingStore::judge() for every member of a group of near-duplicates,
    // in one transaction: each member keeps its own judgement (metrics and
    // exports read them as any other); undoSteps/redoSteps take the group
    // back as one.
    virtual Result<QList<Judgement>> judgeGroup(const Judgement &change, const QList<qint64> &members) = 0;
    // JudgingStore::undo()/redo(), and with a step that judged a group, every
    // step of that group, in one transaction. Empty when there is nothing to take.
    virtual Result<QList<HistoryEntry>> undoSteps(const QString &annotator) = 0;
    virtual Result<QList<HistoryEntry>> redoSteps(const QString &annotator) = 0;
    // The final label of a comment the annotators disagreed on; replaces an
    // earlier one. A verdict and a reason are required.
    virtual Result<Adjudication> adjudicate(const Adjudication &adjudication) = 0;
    virtual Result<QList<Adjudication>> adjudications(std::optional<qint64> mergeRequest = {}) const = 0;
    // The comments (not removed) whose judges disagree (finalLabel's
    // Disagreement: two verdicts given differing on a label), ascending;
    // without the adjudicated ones unless `withAdjudicated`. With a
    // `blindViewer` (blind mode), a comment of a merge request assigned to
    // that viewer counts only once the viewer has given it a verdict.
    // Counted by the database: the window asks at open and after every verdict.
    virtual Result<QList<qint64>> disagreements(bool withAdjudicated, const QString &blindViewer = {}) const = 0;
    // Workspace-wide team settings ("blind_mode": "on" / "off"); empty when unset.
    virtual Result<std::optional<QString>> teamSetting(const QString &name) const = 0;
    virtual Result<bool> setTeamSetting(const QString &name, const QString &value) = 0;

protected:
    ~TeamStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
