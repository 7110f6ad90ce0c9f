#include "CommentsModel.h"

#include "CommentCardText.h"

#include <ReviewSession.h>
#include <RevisionService.h>
#include <TeamService.h>

#include <QGuiApplication>

#include <algorithm>
#include <QPalette>

namespace rd {

CommentsModel::CommentsModel(ReviewSession *session, QObject *parent)
    : QIdentityProxyModel(parent), m_session(session), m_list(new CommentListModel(session, this))
{
    setSourceModel(m_list);
}

QString CommentsModel::modelOf(const StoredComment &comment) const
{
    if (comment.run)
        for (const StoredRun &run : m_session->runs())
            if (run.id == *comment.run)
                return run.model;
    return comment.origin == CommentOrigin::Human ? QString() : comment.author;
}

QVariant CommentsModel::data(const QModelIndex &index, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ForegroundRole && role != Qt::ToolTipRole)
        return QIdentityProxyModel::data(index, role);
    const StoredComment *c = index.isValid() ? m_session->comment(index.data(CommentIdRole).toLongLong()) : nullptr;
    if (!c)
        return QIdentityProxyModel::data(index, role);
    const ReviewComment &r = c->comment;
    const auto judgement = m_session->judgement(c->id);
    const bool judged = judgement && judgement->verdict;
    if (role == Qt::ToolTipRole) {
        QString tip = QStringLiteral("%1\n\n%2\n\n%3").arg(r.issue, r.rootCause, r.fix).trimmed();
        if (c->outdated)
            tip += QStringLiteral("\n\n") + outdatedText(*c);
        return tip;
    }
    if (role == Qt::ForegroundRole) {
        if (!r.kept && !judged)
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        if (index.column() == CommentListModel::VerdictColumn && judged)
            return CommentCardText::verdictColor(*judgement->verdict);
        if (index.column() == CommentListModel::SeverityColumn)
            return CommentCardText::severityColor(r.q3Severity);
        return {};
    }
    switch (index.column()) {
    case CommentListModel::LocationColumn:
        return QString(QIdentityProxyModel::data(index, role).toString() + (r.side == QLatin1String("old") ? tr(" (old)") : QString())
                       + (c->outdated ? tr(" (outdated)") : QString()));
    case CommentListModel::VerdictColumn:
        if (judged)
            return CommentCardText::verdictText(*judgement->verdict);
        return r.kept ? tr("—") : tr("— filtered: %1").arg(CommentCardText::stageText(r.droppedAt));
    case CommentListModel::CategoryColumn:
        return CommentCardText::categoryText(judgement && judgement->category ? *judgement->category : r.category);
    case CommentListModel::KeyBugColumn: return judgement && judgement->keyBug.value_or(false) ? tr("★ key bug") : QString();
    case CommentListModel::SourceColumn: return CommentCardText::source(*c, CommentCardText::runLabel(m_session->runs(), *c));
    case CommentListModel::TextColumn: return r.issue.section(QLatin1Char('\n'), 0, 0);
    }
    return QIdentityProxyModel::data(index, role);
}

QString CommentsModel::outdatedText(const StoredComment &c) const
{
    const auto answer = m_session->revisions()->addressed(c.id);
    const QString addressed = !answer ? tr("not answered") : *answer ? tr("yes") : tr("no");
    return tr("Outdated by revision %1: its lines changed. It was made on %2:%3 of revision %4:")
               .arg(c.outdatedIn)
               .arg(c.comment.file)
               .arg(c.comment.lineStart)
               .arg(c.revision)
           + QLatin1Char('\n') + c.outdatedText + QLatin1Char('\n') + tr("Addressed? %1").arg(addressed);
}

QVariant CommentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::DisplayRole) {
        switch (section) {
        case CommentListModel::SeverityColumn: return tr("Sev.");
        case CommentListModel::TextColumn: return tr("Issue");
        }
    }
    return QIdentityProxyModel::headerData(section, orientation, role);
}

bool CommentFilter::accepts(const StoredComment &c, const std::optional<Judgement> &j, const QString &model, const QList<Judgement> &visible,
                            int hidden) const
{
    if (team != Team::Any) {
        const bool othersShown = std::any_of(visible.begin(), visible.end(), [&j](const Judgement &x) {
            return x.verdict && (!j || x.annotator != j->annotator);
        });
        const FinalLabel::Status status = finalLabel(visible).status;
        switch (team) {
        case Team::Any: break;
        case Team::OthersShown:
            if (!othersShown)
                return false;
            break;
        case Team::Agreed:
            if (status != FinalLabel::Status::Agreed)
                return false;
            break;
        case Team::Disagreed:
            if (status != FinalLabel::Status::Disagreement)
                return false;
            break;
        case Team::WaitingForYou:
            if (hidden == 0)
                return false;
            break;
        }
    }
    switch (revision) {
    case Revision::Any: break;
    case Revision::Current:
        if (c.outdated)
            return false;
        break;
    case Revision::Outdated:
        if (!c.outdated)
            return false;
        break;
    case Revision::AddressedQuestions:
        if (!c.outdated || newestRevision < 2 || c.outdatedIn != newestRevision)
            return false;
        break;
    }
    const ReviewComment &r = c.comment;
    const bool judged = j && j->verdict;
    if (verdict >= 0 && !(judged && static_cast<int>(*j->verdict) == verdict))
        return false;
    if (this->judged == Judged::Judged && !judged)
        return false;
    if (this->judged == Judged::Unjudged && judged)
        return false;
    if (kept == Kept::Kept && !r.kept)
        return false;
    if (kept == Kept::Filtered && (r.kept || (!droppedAt.isEmpty() && r.droppedAt != droppedAt)))
        return false;
    if (!category.isEmpty() && (j && j->category ? *j->category : r.category).compare(category, Qt::CaseInsensitive) != 0)
        return false;
    if (context >= 0 && !(j && j->context && static_cast<int>(*j->context) == context))
        return false;
    if (minSeverity > 0 && (j && j->q3Severity ? *j->q3Severity : r.q3Severity) < minSeverity)
        return false;
    if (!file.isEmpty() && r.file != file)
        return false;
    if (run && c.run.value_or(0) != run)
        return false;
    if (!this->model.isEmpty() && model != this->model)
        return false;
    if (!author.isEmpty() && c.author != author)
        return false;
    if (!text.isEmpty()) {
        bool found = false;
        for (const QString *field : {&r.issue, &r.rootCause, &r.fix, &r.example})
            found = found || field->contains(text, Qt::CaseInsensitive);
        if (!found && !(j && j->critique && j->critique->contains(text, Qt::CaseInsensitive)))
            return false;
    }
    return true;
}

CommentFilterModel::CommentFilterModel(ReviewSession *session, QAbstractItemModel *source, QObject *parent)
    : QSortFilterProxyModel(parent), m_session(session)
{
    setSourceModel(source);
    setDynamicSortFilter(true);
    sort(0);
}

void CommentFilterModel::setFilter(const CommentFilter &filter)
{
    m_filter = filter;
    invalidateFilter();
}

void CommentFilterModel::setOrder(Order order)
{
    m_order = order;
    invalidate();
    sort(0);
}

const StoredComment *CommentFilterModel::commentOf(const QModelIndex &sourceIndex) const
{
    return m_session->comment(sourceIndex.siblingAtColumn(0).data(CommentsModel::CommentIdRole).toLongLong());
}

QString CommentFilterModel::modelOf(const StoredComment &comment) const
{
    if (comment.run)
        for (const StoredRun &run : m_session->runs())
            if (run.id == *comment.run)
                return run.model;
    return comment.origin == CommentOrigin::Human ? QString() : comment.author;
}

bool CommentFilterModel::accepts(const StoredComment &comment) const
{
    if (m_filter.team == CommentFilter::Team::Any)
        return m_filter.accepts(comment, m_session->judgement(comment.id), modelOf(comment));
    return m_filter.accepts(comment, m_session->judgement(comment.id), modelOf(comment), m_session->team()->visibleJudgementsOf(comment.id),
                            m_session->team()->hiddenJudgementsOf(comment.id));
}

QList<qint64> CommentFilterModel::shownComments() const
{
    QList<qint64> out;
    for (int r = 0; r < rowCount(); ++r)
        out.append(index(r, 0).data(CommentsModel::CommentIdRole).toLongLong());
    return out;
}

bool CommentFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (sourceParent.isValid())
        return false;
    const StoredComment *c = commentOf(sourceModel()->index(sourceRow, 0));
    return c && accepts(*c);
}

bool CommentFilterModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const StoredComment *a = commentOf(left), *b = commentOf(right);
    if (!a || !b)
        return left.row() < right.row();
    auto severity = [this](const StoredComment &c) {
        const auto j = m_session->judgement(c.id);
        return j && j->q3Severity ? *j->q3Severity : c.comment.q3Severity;
    };
    auto score = [](const StoredComment &c) { return c.comment.q1Nitpick + c.comment.q2Fake + c.comment.q3Severity; };
    // Most severe / best scored first; then by place.
    if (m_order == Order::Severity && severity(*a) != severity(*b))
        return severity(*a) > severity(*b);
    if (m_order == Order::Score && score(*a) != score(*b))
        return score(*a) > score(*b);
    const auto place = [](const StoredComment &c) { return std::tuple(c.comment.file, c.comment.side != QLatin1String("old"), c.comment.lineStart, c.id); };
    return place(*a) < place(*b);
}

} // namespace rd
