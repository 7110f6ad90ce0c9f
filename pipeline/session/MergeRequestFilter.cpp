#include "MergeRequestFilter.h"

#include "MergeRequestListModel.h"

namespace rd {

MergeRequestFilter::MergeRequestFilter(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(MergeRequestListModel::SortRole);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    // Counts change under the list as judgements are stored: re-sort and
    // re-filter the changed rows, not the whole list.
    setDynamicSortFilter(true);
}

void MergeRequestFilter::changed()
{
    // Qt 6.4 has no beginFilterChange(); invalidateFilter keeps the sort.
    invalidateFilter();
}

void MergeRequestFilter::setSearchText(const QString &text)
{
    if (text == m_search)
        return;
    m_search = text;
    m_words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    changed();
}

void MergeRequestFilter::setLanguage(const QString &language)
{
    if (language == m_language)
        return;
    m_language = language;
    changed();
}

void MergeRequestFilter::setPrCategory(const QString &category)
{
    if (category == m_prCategory)
        return;
    m_prCategory = category;
    changed();
}

void MergeRequestFilter::setMyState(MyState state)
{
    if (state == m_state)
        return;
    m_state = state;
    changed();
}

void MergeRequestFilter::setAssignedToMe(bool on)
{
    if (on == m_assignedToMe)
        return;
    m_assignedToMe = on;
    changed();
}

void MergeRequestFilter::setNeedsAdjudication(bool on)
{
    if (on == m_needsAdjudication)
        return;
    m_needsAdjudication = on;
    changed();
}

void MergeRequestFilter::setCode(Code code)
{
    if (code == m_code)
        return;
    m_code = code;
    changed();
}

bool MergeRequestFilter::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    auto value = [&](int role) { return sourceModel()->data(index, role); };
    if (!m_words.isEmpty()) {
        const QString text = value(MergeRequestListModel::SearchTextRole).toString();
        for (const QString &word : m_words)
            if (!text.contains(word))
                return false;
    }
    if (!m_language.isEmpty() && value(MergeRequestListModel::LanguageRole).toString() != m_language)
        return false;
    if (!m_prCategory.isEmpty() && value(MergeRequestListModel::PrCategoryRole).toString() != m_prCategory)
        return false;
    if (m_state != MyState::Any) {
        const int judged = value(MergeRequestListModel::JudgedRole).toInt();
        const int total = value(MergeRequestListModel::TotalRole).toInt();
        const bool ok = m_state == MyState::Unjudged ? total > 0 && judged == 0
                      : m_state == MyState::InProgress ? judged > 0 && judged < total
                                                        : total > 0 && judged >= total;
        if (!ok)
            return false;
    }
    if (m_assignedToMe && !value(MergeRequestListModel::AssignedToMeRole).toBool())
        return false;
    if (m_needsAdjudication && !value(MergeRequestListModel::NeedsAdjudicationRole).toBool())
        return false;
    if (m_code != Code::Any && value(MergeRequestListModel::CodeLinkedRole).toBool() != (m_code == Code::Available))
        return false;
    return true;
}

qint64 MergeRequestFilter::idAt(int row) const
{
    return data(index(row, 0), MergeRequestListModel::MergeRequestIdRole).toLongLong();
}

int MergeRequestFilter::rowOfId(qint64 id) const
{
    const auto *list = qobject_cast<const MergeRequestListModel *>(sourceModel());
    if (!list)
        return -1;
    const int source = list->rowOf(id);
    return source < 0 ? -1 : mapFromSource(list->index(source, 0)).row();
}

std::optional<qint64> MergeRequestFilter::neighbour(qint64 current, int step) const
{
    const int rows = rowCount();
    if (rows == 0 || step == 0)
        return std::nullopt;
    const int here = rowOfId(current);
    const int there = here < 0 ? (step > 0 ? 0 : rows - 1) : here + step;
    if (there < 0 || there >= rows)
        return std::nullopt;
    return idAt(there);
}

std::optional<qint64> MergeRequestFilter::nextUnjudged(qint64 current) const
{
    const auto *list = qobject_cast<const MergeRequestListModel *>(sourceModel());
    const int rows = rowCount();
    if (!list || rows == 0)
        return std::nullopt;
    const bool onlyMine = list->hasAssignmentsForMe();
    const int here = rowOfId(current);
    for (int i = 1; i <= rows; ++i) {
        const int row = ((here < 0 ? -1 : here) + i) % rows;
        const QModelIndex index = this->index(row, 0);
        if (onlyMine && !index.data(MergeRequestListModel::AssignedToMeRole).toBool())
            continue;
        if (index.data(MergeRequestListModel::JudgedRole).toInt() < index.data(MergeRequestListModel::TotalRole).toInt())
            return idAt(row);
    }
    return std::nullopt;
}

} // namespace rd
