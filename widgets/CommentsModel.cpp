#include "CommentsModel.h"

#include "CommentCardText.h"

#include <ReviewSession.h>

#include <QGuiApplication>
#include <QPalette>

namespace rd {

CommentsModel::CommentsModel(ReviewSession *session, QObject *parent) : QAbstractTableModel(parent), m_session(session)
{
    for (auto signal : {&ReviewSession::commentsChanged, &ReviewSession::runsChanged, &ReviewSession::annotatorChanged,
                        &ReviewSession::mergeRequestChanged})
        connect(session, signal, this, &CommentsModel::reload);
    connect(session, &ReviewSession::judgementChanged, this, &CommentsModel::judgementChanged);
    connect(session, &ReviewSession::commentChanged, this, &CommentsModel::judgementChanged);
    reload();
}

void CommentsModel::reload()
{
    beginResetModel();
    m_ids.clear();
    for (const StoredComment &c : m_session->comments())
        m_ids.append(c.id);
    endResetModel();
}

void CommentsModel::judgementChanged(qint64 comment)
{
    const int row = rowOf(comment);
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int CommentsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_ids.size());
}

int CommentsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

const StoredComment *CommentsModel::commentAt(int row) const
{
    return row >= 0 && row < m_ids.size() ? m_session->comment(m_ids[row]) : nullptr;
}

int CommentsModel::rowOf(qint64 comment) const
{
    return static_cast<int>(m_ids.indexOf(comment));
}

QString CommentsModel::runLabel(const StoredComment &comment) const
{
    if (!comment.run)
        return {};
    for (const StoredRun &run : m_session->runs())
        if (run.id == *comment.run)
            return run.label.isEmpty() ? tr("run %1").arg(run.id) : run.label;
    return tr("run %1").arg(*comment.run);
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
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const StoredComment *c = commentAt(index.row());
    if (!c)
        return {};
    const ReviewComment &r = c->comment;
    const auto judgement = m_session->judgement(c->id);
    switch (role) {
    case CommentIdRole: return c->id;
    case Qt::ToolTipRole:
        return QStringLiteral("%1\n\n%2\n\n%3").arg(r.issue, r.rootCause, r.fix).trimmed();
    case Qt::ForegroundRole:
        if (!r.kept)
            return QGuiApplication::palette().color(QPalette::Disabled, QPalette::Text);
        if (index.column() == VerdictColumn && judgement && judgement->verdict)
            return CommentCardText::verdictColor(*judgement->verdict);
        if (index.column() == SeverityColumn)
            return CommentCardText::severityColor(r.q3Severity);
        return {};
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return r.q3Severity;
        case LocationColumn:
            return r.lineEnd > r.lineStart ? QStringLiteral("%1:%2–%3%4").arg(r.file).arg(r.lineStart).arg(r.lineEnd).arg(r.side == QLatin1String("old") ? tr(" (old)") : QString())
                                           : QStringLiteral("%1:%2%3").arg(r.file).arg(r.lineStart).arg(r.side == QLatin1String("old") ? tr(" (old)") : QString());
        case VerdictColumn:
            if (!r.kept && !(judgement && judgement->verdict))
                return tr("— filtered: %1").arg(CommentCardText::stageText(r.droppedAt));
            return judgement && judgement->verdict ? CommentCardText::verdictText(*judgement->verdict) : tr("—");
        case CategoryColumn:
            return CommentCardText::categoryText(judgement && judgement->category ? *judgement->category : r.category);
        case SourceColumn: return CommentCardText::source(*c, runLabel(*c));
        case IssueColumn: return r.issue.section(QLatin1Char('\n'), 0, 0);
        }
        return {};
    }
    return {};
}

QVariant CommentsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Sev.");
    case LocationColumn: return tr("Location");
    case VerdictColumn: return tr("Verdict");
    case CategoryColumn: return tr("Category");
    case SourceColumn: return tr("Source");
    case IssueColumn: return tr("Issue");
    }
    return {};
}

bool CommentFilter::accepts(const StoredComment &c, const std::optional<Judgement> &j, const QString &model) const
{
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
    return m_filter.accepts(comment, m_session->judgement(comment.id), modelOf(comment));
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
