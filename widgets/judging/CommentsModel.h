#pragma once

#include <Workspace.h>

#include <CommentListModel.h>

#include <QIdentityProxyModel>
#include <QSortFilterProxyModel>

namespace rd {

class ReviewSession;

// The session's comment list (CommentListModel, plain values) as a person
// reads it: verdicts, categories and stages translated, the source spelled
// out, filtered comments greyed, severity and verdict in colour.
class CommentsModel : public QIdentityProxyModel
{
    Q_OBJECT

public:
    enum Role { CommentIdRole = CommentListModel::CommentIdRole };

    explicit CommentsModel(ReviewSession *session, QObject *parent = nullptr);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    int rowOf(qint64 comment) const { return m_list->rowOf(comment); }
    QString modelOf(const StoredComment &comment) const;
    // An outdated comment: which revision outdated it, the lines it was made
    // on and the annotator's "addressed?" answer.
    QString outdatedText(const StoredComment &comment) const;

private:
    ReviewSession *m_session;
    CommentListModel *m_list;
};

// Which comments the panel (and the diff's cards) show. Empty fields and
// negative values do not filter.
struct CommentFilter
{
    enum class Judged { Any, Judged, Unjudged };
    enum class Kept { Any, Kept, Filtered };
    int verdict = -1;      // a Verdict, -1 any
    Judged judged = Judged::Any;
    Kept kept = Kept::Any;
    QString droppedAt;     // with Kept::Filtered: the stage
    QString category;      // the annotator's category, else the comment's
    int context = -1;      // a ContextLevel, -1 any
    int minSeverity = 0;   // Q3 (the annotator's, else the model's)
    QString file;
    qint64 run = 0;
    QString model;
    QString author;
    QString text;
    // Ground truth by a team: what the other annotators' judgements, as
    // blind mode lets the annotator see them, say.
    enum class Team { Any, OthersShown, Agreed, Disagreed, WaitingForYou };
    Team team = Team::Any;
    // Revisions (issue 24): comments on the current code, outdated ones, or
    // the ones the newest revision (`newestRevision`) made outdated, whose
    // "addressed?" is the annotator's to answer.
    enum class Revision { Any, Current, Outdated, AddressedQuestions };
    Revision revision = Revision::Any;
    int newestRevision = 0;

    // `visible`: every judgement of the comment the annotator may see (theirs
    // included); `hidden`: how many others blind mode hides.
    bool accepts(const StoredComment &comment, const std::optional<Judgement> &judgement, const QString &model,
                 const QList<Judgement> &visible = {}, int hidden = 0) const;
};

class CommentFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT

public:
    enum class Order { Severity, Location, Score };
    // `source` lists comments by id in CommentsModel::CommentIdRole; the
    // filter reads the comments and judgements from the session.
    CommentFilterModel(ReviewSession *session, QAbstractItemModel *source, QObject *parent = nullptr);

    void setFilter(const CommentFilter &filter);
    const CommentFilter &filter() const { return m_filter; }
    void setOrder(Order order);
    Order order() const { return m_order; }
    bool accepts(const StoredComment &comment) const;
    // Comment ids in the order shown.
    QList<qint64> shownComments() const;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;
    bool lessThan(const QModelIndex &left, const QModelIndex &right) const override;

private:
    const StoredComment *commentOf(const QModelIndex &sourceIndex) const;
    QString modelOf(const StoredComment &comment) const;

    ReviewSession *m_session;
    CommentFilter m_filter;
    Order m_order = Order::Location;
};

} // namespace rd
