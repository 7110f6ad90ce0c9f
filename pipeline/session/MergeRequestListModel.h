#pragma once

#include <MergeRequestSummary.h>

#include <QAbstractTableModel>
#include <QHash>
#include <QList>
#include <QPointer>

namespace rd {

class ReviewSession;

// Every merge request of the session's workspace as a table (the window's
// Merge Requests browser), from WorkspaceStore::mergeRequestSummaries for
// the session's annotator. Blind mode (TeamService::isBlind) holds here
// too: then others' progress and the adjudication state of a merge request
// the annotator has not finished are not kept, only how many others judge.
// Rows follow the session: all again when the workspace, annotator, merge
// requests or team change; one row when a judgement is stored in it.
class MergeRequestListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        IdColumn,
        TitleColumn,
        RepositoryColumn,
        LanguageColumn,
        CategoryColumn,
        GeneratedColumn,
        KeptColumn,
        HumanColumn,
        ProgressColumn,     // the annotator's judged / total (a bar in the window)
        OthersColumn,       // everyone else's, or their count in blind mode
        AssignedColumn,
        AdjudicationColumn,
        CodeColumn,
        ColumnCount
    };
    enum Role {
        MergeRequestIdRole = Qt::UserRole + 1, // qint64
        SortRole,           // what the column sorts by: numbers for counts, the fraction for progress
        SearchTextRole,     // title, repository, url and id, lower case
        LanguageRole,       // QString
        PrCategoryRole,     // QString
        JudgedRole,         // int, the annotator's verdicts
        TotalRole,          // int, comments to judge
        ProgressRole,       // double 0..1, judged / total (0 without comments)
        AssignedToMeRole,   // bool
        NeedsAdjudicationRole, // bool (false when blind mode hides it)
        CodeLinkedRole,     // bool
        CurrentRole,        // bool, the session's open merge request
    };

    explicit MergeRequestListModel(ReviewSession *session, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Every row again from the store, now. Public for a change made
    // elsewhere (another process on the workspace: connect
    // ReviewSession::workspaceChangedElsewhere here, or to scheduleRefresh).
    void refreshSummaries();
    // refreshSummaries() once the event loop runs, however often asked
    // before (summariesRefreshed tells when).
    void scheduleRefresh();
    // One merge request's row again (its counts after a judgement).
    void refreshMergeRequest(qint64 id);

    const MergeRequestSummary *summary(int row) const;
    int rowOf(qint64 mergeRequest) const; // -1 when not listed
    // The values the filters offer, sorted, without empty ones.
    QStringList languages() const;
    QStringList prCategories() const;
    bool othersHidden() const { return m_blind; }
    // Whether the workspace assigns any merge request to the annotator
    // (else their queue is every merge request, as TeamService's).
    bool hasAssignmentsForMe() const { return m_assignedToMe > 0; }

Q_SIGNALS:
    void summariesRefreshed(); // every row read again
    void rowRefreshed(qint64 mergeRequest);
    void problem(const QString &message); // the workspace refused to list them

private:
    void hideWhatBlindModeHides(MergeRequestSummary &s) const;
    void currentChanged();
    void countAssignments();
    QStringList distinct(QString MergeRequestSummary::*field) const; // sorted, without empty ones

    QPointer<ReviewSession> m_session;
    QList<MergeRequestSummary> m_rows;
    QHash<qint64, int> m_rowOf;
    QList<QString> m_search; // SearchTextRole per row
    bool m_blind = false;
    int m_assignedToMe = 0;
    qint64 m_current = 0;
    bool m_refreshPending = false;
};

} // namespace rd
