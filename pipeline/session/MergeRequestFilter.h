#pragma once

#include <QSortFilterProxyModel>

#include <optional>

namespace rd {

// The browser's search, filters and sort over a MergeRequestListModel, and
// the order Next / Previous Merge Request and "next unjudged in my queue"
// walk (the rows as shown). Sorting uses the model's SortRole: numbers for
// counts, the judged fraction for progress.
class MergeRequestFilter : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    enum class MyState { Any, Unjudged, InProgress, Done };
    enum class Code { Any, Available, Without };

    explicit MergeRequestFilter(QObject *parent = nullptr);

    // Words all found in title, repository, url or id (any case).
    void setSearchText(const QString &text);
    QString searchText() const { return m_search; }
    void setLanguage(const QString &language); // empty: any
    void setPrCategory(const QString &category); // empty: any
    void setMyState(MyState state);
    void setAssignedToMe(bool on);
    void setNeedsAdjudication(bool on);
    void setCode(Code code);

    // The merge request shown `step` rows after `current` (negative: before);
    // from a merge request not shown, the first (or last) one. Empty past the end.
    std::optional<qint64> neighbour(qint64 current, int step) const;
    // The first merge request shown after `current` (wrapping round) that is
    // in the annotator's queue (assigned to them, or any when nothing is) and
    // has comments without their verdict. Empty when there is none.
    std::optional<qint64> nextUnjudged(qint64 current) const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    void changed();
    qint64 idAt(int row) const;
    int rowOfId(qint64 id) const; // in this model, -1 when not shown

    QString m_search;
    QStringList m_words;
    QString m_language;
    QString m_prCategory;
    MyState m_state = MyState::Any;
    bool m_assignedToMe = false;
    bool m_needsAdjudication = false;
    Code m_code = Code::Any;
};

} // namespace rd
