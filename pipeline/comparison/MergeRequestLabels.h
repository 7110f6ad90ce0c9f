#pragma once

// What `--mr-filter` and the Compare view's label filters select on: every
// merge request's labels — the stored ones (a benchmark's pr_labels.json)
// and the language and category a merge request names itself (AACR-Bench
// imports, generated ones) — and the merge requests a list of filters lets
// through: a filter passes a merge request having its label with one of its
// values, several filters all have to pass (the upstream dashboard's filters).

#include "Comparison.h"

#include <Result.h>

#include <QHash>
#include <QList>
#include <QMap>
#include <QSet>
#include <QStringList>

namespace rd {

class WorkspaceStore;

namespace compare {

class MergeRequestLabels
{
public:
    // Every merge request of the workspace with its labels.
    static Result<MergeRequestLabels> read(const WorkspaceStore &store);

    const QList<qint64> &mergeRequests() const { return m_all; }
    // The values of a label on one merge request (several: bug categories).
    QStringList values(qint64 mergeRequest, const QString &name) const;
    // Every label name, sorted; and for one name, each value with how many
    // merge requests carry it, sorted by value.
    QStringList names() const;
    QMap<QString, int> valueCounts(const QString &name) const;

    bool passes(qint64 mergeRequest, const LabelFilter &filter) const;
    // Of `among`, the merge requests every filter passes.
    QSet<qint64> passing(const QSet<qint64> &among, const QList<LabelFilter> &filters) const;
    QSet<qint64> passing(const QList<LabelFilter> &filters) const;

private:
    QList<qint64> m_all;
    QHash<qint64, QMap<QString, QStringList>> m_labels;
};

} // namespace compare
} // namespace rd
