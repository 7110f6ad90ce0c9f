#pragma once

#include <QAbstractTableModel>
#include <QPointer>

namespace rd {

class ReviewSession;

// The comments of the session's open merge request as a table, one row per
// comment in the session's order, with the current annotator's judgement.
// Views sort and filter it through a QSortFilterProxyModel: the roles give
// the raw values for that (numbers, enums as names), DisplayRole the text.
class CommentListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { SeverityColumn, LocationColumn, CategoryColumn, VerdictColumn, KeyBugColumn, SourceColumn, TextColumn, ColumnCount };
    enum Role {
        CommentIdRole = Qt::UserRole + 1, // qint64
        FileRole,          // QString
        LineRole,          // int, first line
        SideRole,          // "old" / "new"
        SeverityRole,      // int q3 (0 when unscored)
        CategoryRole,      // the comment's category
        KeptRole,          // bool
        DroppedAtRole,     // QString stage, empty when kept
        OriginRole,        // "generated" / "imported" / "human"
        AuthorRole,        // QString
        RunRole,           // qint64, 0 when none
        ModelRole,         // QString, the run's model
        VerdictRole,       // QString verdict name, empty when unjudged
        JudgedCategoryRole,// QString, the annotator's category
        ContextLevelRole,  // QString context level name, empty when unset
        SearchTextRole,    // issue, root cause, fix and example joined
    };

    explicit CommentListModel(ReviewSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The row of a comment id, -1 when not listed.
    int rowOf(qint64 comment) const;

private:
    void rowChanged(qint64 comment);

    QPointer<ReviewSession> m_session;
    int m_rows = 0;
};

} // namespace rd
