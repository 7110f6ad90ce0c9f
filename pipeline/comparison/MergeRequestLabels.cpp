#include "MergeRequestLabels.h"

#include <WorkspaceStore.h>

#include <QSet>

#include <algorithm>

namespace rd::compare {

Result<MergeRequestLabels> MergeRequestLabels::read(const WorkspaceStore &store)
{
    auto entries = store.mergeRequests();
    if (!entries)
        return entries.error();
    auto stored = store.mergeRequestLabels();
    if (!stored)
        return stored.error();
    MergeRequestLabels out;
    for (const MergeRequestLabel &l : std::as_const(*stored))
        out.m_labels[l.mergeRequest][l.name] << l.value;
    for (const MergeRequestEntry &e : std::as_const(*entries)) {
        out.m_all << e.id;
        QMap<QString, QStringList> &own = out.m_labels[e.id];
        if (!e.language.isEmpty() && !own.contains(QStringLiteral("language")))
            own[QStringLiteral("language")] << e.language;
        if (!e.prCategory.isEmpty() && !own.contains(QStringLiteral("category")) && !own.contains(QStringLiteral("domain")))
            own[QStringLiteral("category")] << e.prCategory;
    }
    return out;
}

QStringList MergeRequestLabels::values(qint64 mergeRequest, const QString &name) const
{
    return m_labels.value(mergeRequest).value(name);
}

QStringList MergeRequestLabels::names() const
{
    QSet<QString> names;
    for (const auto &own : m_labels)
        for (auto it = own.cbegin(); it != own.cend(); ++it)
            names.insert(it.key());
    QStringList out(names.cbegin(), names.cend());
    out.sort();
    return out;
}

QMap<QString, int> MergeRequestLabels::valueCounts(const QString &name) const
{
    QMap<QString, int> out;
    for (const auto &own : m_labels) {
        QStringList values = own.value(name);
        values.removeDuplicates(); // a merge request counts once per value
        for (const QString &v : std::as_const(values))
            ++out[v];
    }
    return out;
}

bool MergeRequestLabels::passes(qint64 mergeRequest, const LabelFilter &filter) const
{
    const QStringList own = values(mergeRequest, filter.name);
    return std::any_of(own.cbegin(), own.cend(), [&](const QString &v) { return filter.values.contains(v); });
}

QSet<qint64> MergeRequestLabels::passing(const QSet<qint64> &among, const QList<LabelFilter> &filters) const
{
    QSet<qint64> out;
    for (qint64 id : among)
        if (std::all_of(filters.cbegin(), filters.cend(), [&](const LabelFilter &f) { return passes(id, f); }))
            out.insert(id);
    return out;
}

QSet<qint64> MergeRequestLabels::passing(const QList<LabelFilter> &filters) const
{
    return passing(QSet<qint64>(m_all.cbegin(), m_all.cend()), filters);
}

} // namespace rd::compare
