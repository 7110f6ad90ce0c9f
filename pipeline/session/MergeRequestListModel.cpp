#include "MergeRequestListModel.h"

#include "JudgingService.h"
#include "ReviewSession.h"
#include "TeamService.h"

#include <QSet>

#include <algorithm>

namespace rd {

namespace {

double fraction(int judged, int total)
{
    return total > 0 ? double(judged) / total : 0.0;
}

QString searchText(const MergeRequestSummary &s)
{
    return QStringList{QString::number(s.id), s.title, s.repository, s.url}.join(QLatin1Char('\n')).toLower();
}

} // namespace

MergeRequestListModel::MergeRequestListModel(ReviewSession *session, QObject *parent) : QAbstractTableModel(parent), m_session(session)
{
    // Opening a workspace tells all of these at once (and the window then
    // sets its annotator): one read of the whole list for them, once the
    // event loop runs again, not one each.
    // Another process's commits (judge, review, another annotator) may touch any row.
    for (auto signal : {&ReviewSession::workspaceChanged, &ReviewSession::annotatorChanged, &ReviewSession::mergeRequestsChanged,
                        &ReviewSession::workspaceChangedElsewhere})
        connect(session, signal, this, &MergeRequestListModel::scheduleRefresh);
    // Blind mode and assignments change every row.
    connect(session->team(), &TeamService::teamChanged, this, &MergeRequestListModel::scheduleRefresh);
    // A judgement (or undo, or a run's comments) changes the open merge request's counts.
    connect(session->judging(), &JudgingService::progressChanged, this, [this] {
        if (m_session && m_session->currentMergeRequestId() != 0)
            refreshMergeRequest(m_session->currentMergeRequestId());
    });
    connect(session, &ReviewSession::othersJudgementChanged, this, [this] {
        if (m_session && m_session->currentMergeRequestId() != 0)
            refreshMergeRequest(m_session->currentMergeRequestId());
    });
    connect(session->document(), &MergeRequestDocument::mergeRequestChanged, this, &MergeRequestListModel::currentChanged);
    refreshSummaries();
}

int MergeRequestListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int MergeRequestListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

void MergeRequestListModel::hideWhatBlindModeHides(MergeRequestSummary &s) const
{
    if (!m_blind)
        return;
    // Blind mode: how far others are would tell which comments they judged
    // (and a disagreement, what they decided) before the annotator has.
    s.others.clear();
    if (!s.done()) {
        s.adjudication = MergeRequestSummary::Adjudication::None;
        s.disagreements = 0;
    }
}

void MergeRequestListModel::countAssignments()
{
    const QString me = m_session ? m_session->annotator() : QString();
    m_assignedToMe = static_cast<int>(std::count_if(m_rows.cbegin(), m_rows.cend(), [&](const MergeRequestSummary &s) {
        return !me.isEmpty() && s.assigned.contains(me);
    }));
}

void MergeRequestListModel::scheduleRefresh()
{
    if (m_refreshPending)
        return;
    m_refreshPending = true;
    QMetaObject::invokeMethod(this, [this] {
        if (m_refreshPending)
            refreshSummaries();
    }, Qt::QueuedConnection);
}

void MergeRequestListModel::refreshSummaries()
{
    m_refreshPending = false;
    beginResetModel();
    m_rows.clear();
    m_rowOf.clear();
    m_search.clear();
    m_blind = false;
    m_current = 0;
    if (m_session && m_session->store()) {
        m_blind = m_session->team()->isBlind();
        m_current = m_session->currentMergeRequestId();
        if (auto summaries = m_session->store()->mergeRequestSummaries(m_session->annotator())) {
            m_rows = std::move(summaries).value();
            for (int i = 0; i < m_rows.size(); ++i) {
                hideWhatBlindModeHides(m_rows[i]);
                m_rowOf.insert(m_rows[i].id, i);
                m_search << searchText(m_rows[i]);
            }
        } else {
            Q_EMIT problem(summaries.error().message);
        }
    }
    countAssignments();
    endResetModel();
    Q_EMIT summariesRefreshed();
}

void MergeRequestListModel::refreshMergeRequest(qint64 id)
{
    const int row = rowOf(id);
    if (!m_session || !m_session->store())
        return;
    if (row < 0) { // new since the list was read
        refreshSummaries();
        return;
    }
    auto summaries = m_session->store()->mergeRequestSummaries(m_session->annotator(), id);
    if (!summaries || summaries->isEmpty()) {
        if (!summaries)
            Q_EMIT problem(summaries.error().message);
        return;
    }
    m_rows[row] = summaries->first();
    hideWhatBlindModeHides(m_rows[row]);
    m_search[row] = searchText(m_rows[row]);
    countAssignments();
    Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
    Q_EMIT rowRefreshed(id);
}

void MergeRequestListModel::currentChanged()
{
    const qint64 before = m_current;
    m_current = m_session ? m_session->currentMergeRequestId() : 0;
    for (qint64 id : {before, m_current})
        if (const int row = rowOf(id); row >= 0)
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1), {CurrentRole});
}

const MergeRequestSummary *MergeRequestListModel::summary(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows[row] : nullptr;
}

int MergeRequestListModel::rowOf(qint64 mergeRequest) const
{
    return m_rowOf.value(mergeRequest, -1);
}

QStringList MergeRequestListModel::languages() const
{
    return distinct(&MergeRequestSummary::language);
}

QStringList MergeRequestListModel::prCategories() const
{
    return distinct(&MergeRequestSummary::prCategory);
}

QStringList MergeRequestListModel::distinct(QString MergeRequestSummary::*field) const
{
    QSet<QString> values;
    for (const MergeRequestSummary &s : m_rows)
        if (!(s.*field).isEmpty())
            values.insert(s.*field);
    QStringList out(values.cbegin(), values.cend());
    out.sort(Qt::CaseInsensitive);
    return out;
}

QVariant MergeRequestListModel::data(const QModelIndex &index, int role) const
{
    const MergeRequestSummary *s = index.isValid() ? summary(index.row()) : nullptr;
    if (!s)
        return {};
    const QString me = m_session ? m_session->annotator() : QString();
    switch (role) {
    case MergeRequestIdRole: return s->id;
    case SearchTextRole: return m_search.value(index.row());
    case LanguageRole: return s->language;
    case PrCategoryRole: return s->prCategory;
    case JudgedRole: return s->judged;
    case TotalRole: return s->total;
    case ProgressRole: return fraction(s->judged, s->total);
    case AssignedToMeRole: return !me.isEmpty() && s->assigned.contains(me);
    case NeedsAdjudicationRole: return s->adjudication == MergeRequestSummary::Adjudication::NeedsAdjudication;
    case CodeLinkedRole: return s->codeLinked;
    case CurrentRole: return s->id == m_current;
    case Qt::ToolTipRole:
        if (index.column() == TitleColumn && !s->url.isEmpty())
            return s->url;
        if (index.column() == OthersColumn && m_blind)
            return tr("Blind mode: others' progress shows once the workspace's blind mode is off.");
        return {};
    case Qt::TextAlignmentRole:
        switch (index.column()) {
        case IdColumn: case GeneratedColumn: case KeptColumn: case HumanColumn:
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        default: return {};
        }
    case SortRole:
        switch (index.column()) {
        case IdColumn: return s->id;
        case TitleColumn: return s->title.toLower();
        case RepositoryColumn: return s->repository.toLower();
        case LanguageColumn: return s->language.toLower();
        case CategoryColumn: return s->prCategory.toLower();
        case GeneratedColumn: return s->generated;
        case KeptColumn: return s->kept;
        case HumanColumn: return s->human;
        // A merge request without comments has nothing to do: after the unjudged ones.
        case ProgressColumn: return s->total > 0 ? fraction(s->judged, s->total) : -1.0;
        case OthersColumn: {
            // Blind mode leaves only how many; else how far they are on average.
            if (m_blind || s->others.isEmpty())
                return m_blind ? double(s->othersCount) : 0.0;
            double sum = 0;
            for (const MergeRequestSummary::OthersProgress &o : s->others)
                sum += fraction(o.judged, s->total);
            return sum / double(s->others.size());
        }
        case AssignedColumn: return s->assigned.join(QLatin1Char(',')).toLower();
        case AdjudicationColumn: return s->adjudication == MergeRequestSummary::Adjudication::NeedsAdjudication ? 2
                                        : s->adjudication == MergeRequestSummary::Adjudication::Adjudicated ? 1 : 0;
        case CodeColumn: return s->codeLinked ? 1 : 0;
        default: return {};
        }
    case Qt::DisplayRole:
        switch (index.column()) {
        case IdColumn: return s->id;
        case TitleColumn: return s->title.isEmpty() ? s->url : s->title;
        case RepositoryColumn: return s->repository;
        case LanguageColumn: return s->language;
        case CategoryColumn: return s->prCategory;
        case GeneratedColumn: return s->generated;
        case KeptColumn: return s->kept;
        case HumanColumn: return s->human;
        case ProgressColumn: return tr("%1 / %2").arg(s->judged).arg(s->total);
        case OthersColumn: {
            if (m_blind)
                return s->othersCount == 0 ? QString() : tr("%n other(s) judging", nullptr, s->othersCount);
            QStringList parts;
            for (const MergeRequestSummary::OthersProgress &o : s->others)
                parts << tr("%1 %2/%3").arg(o.annotator).arg(o.judged).arg(s->total);
            return parts.join(QStringLiteral(" · "));
        }
        case AssignedColumn: return s->assigned.join(QStringLiteral(", "));
        case AdjudicationColumn:
            switch (s->adjudication) {
            case MergeRequestSummary::Adjudication::NeedsAdjudication: return tr("needs adjudication (%1)").arg(s->disagreements);
            case MergeRequestSummary::Adjudication::Adjudicated: return tr("adjudicated");
            case MergeRequestSummary::Adjudication::None: return QString();
            }
            return {};
        case CodeColumn: return s->codeLinked ? tr("code") : tr("without code");
        default: return {};
        }
    default: return {};
    }
}

QVariant MergeRequestListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case IdColumn: return tr("Id");
    case TitleColumn: return tr("Title");
    case RepositoryColumn: return tr("Repository");
    case LanguageColumn: return tr("Language");
    case CategoryColumn: return tr("PR Category");
    case GeneratedColumn: return tr("Generated");
    case KeptColumn: return tr("Kept");
    case HumanColumn: return tr("Human");
    case ProgressColumn: return tr("My Progress");
    case OthersColumn: return tr("Others");
    case AssignedColumn: return tr("Assigned");
    case AdjudicationColumn: return tr("Adjudication");
    case CodeColumn: return tr("Code");
    default: return {};
    }
}

} // namespace rd
