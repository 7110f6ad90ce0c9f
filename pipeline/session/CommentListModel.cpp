#include "CommentListModel.h"

#include "JudgingService.h"
#include "ReviewSession.h"

namespace rd {

CommentListModel::CommentListModel(ReviewSession *session, QObject *parent) : QAbstractTableModel(parent), m_session(session)
{
    m_rows = static_cast<int>(session->comments().size());
    const auto reset = [this] {
        beginResetModel();
        m_rows = m_session ? static_cast<int>(m_session->comments().size()) : 0;
        endResetModel();
    };
    const MergeRequestDocument *document = session->document();
    connect(document, &MergeRequestDocument::commentsChanged, this, reset);
    connect(session, &ReviewSession::annotatorChanged, this, [this] {
        if (m_rows > 0)
            Q_EMIT dataChanged(index(0, 0), index(m_rows - 1, ColumnCount - 1));
    });
    connect(session, &ReviewSession::annotatorChanged, this, reset); // the shown judgements are another person's now
    connect(document, &MergeRequestDocument::commentChanged, this, &CommentListModel::rowChanged);
    connect(document, &MergeRequestDocument::judgementChanged, this, &CommentListModel::rowChanged);
    connect(session->judging(), &JudgingService::pendingChanged, this, &CommentListModel::rowChanged);
}

int CommentListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int CommentListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

int CommentListModel::rowOf(qint64 comment) const
{
    if (!m_session)
        return -1;
    const QList<StoredComment> &comments = m_session->comments();
    for (int i = 0; i < m_rows && i < comments.size(); ++i)
        if (comments[i].id == comment)
            return i;
    return -1;
}

void CommentListModel::rowChanged(qint64 comment)
{
    if (const int row = rowOf(comment); row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

QVariant CommentListModel::data(const QModelIndex &index, int role) const
{
    if (!m_session || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const QList<StoredComment> &comments = m_session->comments();
    if (index.row() >= comments.size())
        return {};
    const StoredComment &s = comments[index.row()];
    const ReviewComment &c = s.comment;
    const std::optional<Judgement> j = m_session->judgement(s.id);
    const auto runModel = [this, &s]() -> QString {
        if (!s.run)
            return {};
        for (const StoredRun &r : m_session->runs())
            if (r.id == *s.run)
                return r.model;
        return {};
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case SeverityColumn: return c.q3Severity > 0 ? QVariant(c.q3Severity) : QVariant(QString());
        case LocationColumn:
            return c.lineEnd > c.lineStart ? tr("%1:%2-%3").arg(c.file).arg(c.lineStart).arg(c.lineEnd) : tr("%1:%2").arg(c.file).arg(c.lineStart);
        case CategoryColumn: return c.category;
        case VerdictColumn: {
            // A verdict the workspace could not store yet shows as made, marked pending.
            if (const auto pending = m_session->judging()->pending()->pendingFor(s.id); pending && pending->verdict)
                return tr("%1 (pending)").arg(verdictName(*pending->verdict));
            return j && j->verdict ? verdictName(*j->verdict) : QString();
        }
        // The annotator's key-bug mark (B), with or without a verdict yet.
        case KeyBugColumn: return j && j->keyBug.value_or(false) ? tr("key bug") : QString();
        case SourceColumn: return s.origin == CommentOrigin::Generated ? runModel() : s.author;
        case TextColumn: return c.issue;
        default: return {};
        }
    case CommentIdRole: return s.id;
    case FileRole: return c.file;
    case LineRole: return c.lineStart;
    case SideRole: return c.side;
    case SeverityRole: return c.q3Severity;
    case CategoryRole: return c.category;
    case KeptRole: return c.kept;
    case DroppedAtRole: return c.droppedAt;
    case OriginRole: return commentOriginName(s.origin);
    case AuthorRole: return s.author;
    case RunRole: return s.run.value_or(0);
    case ModelRole: return runModel();
    case VerdictRole: return j && j->verdict ? verdictName(*j->verdict) : QString();
    case JudgedCategoryRole: return j && j->category ? *j->category : QString();
    case ContextLevelRole: return j && j->context ? contextLevelName(*j->context) : QString();
    case SearchTextRole: // a translated comment is found by its original words too
        return QStringList{c.issue, c.rootCause, c.fix, c.example, c.issueOriginal, c.rootCauseOriginal, c.fixOriginal}.join(QLatin1Char('\n'));
    default: return {};
    }
}

QVariant CommentListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case SeverityColumn: return tr("Severity");
    case LocationColumn: return tr("Location");
    case CategoryColumn: return tr("Category");
    case VerdictColumn: return tr("Verdict");
    case KeyBugColumn: return tr("Key bug");
    case SourceColumn: return tr("Source");
    case TextColumn: return tr("Comment");
    default: return {};
    }
}

} // namespace rd
