#include "MergeRequestDocument.h"

#include <WorkspaceStore.h>

#include <algorithm>
#include <utility>

namespace rd {

Result<MergeRequestContent> MergeRequestContent::read(WorkspaceStore &store, qint64 mergeRequest)
{
    MergeRequestContent content;
    auto runs = store.runs(mergeRequest);
    if (!runs)
        return runs.error();
    CommentQuery query;
    query.mergeRequest = mergeRequest;
    auto comments = store.comments(query);
    if (!comments)
        return comments.error();
    auto judgements = store.judgements(mergeRequest);
    if (!judgements)
        return judgements.error();
    content.runs = std::move(runs).value();
    content.comments = std::move(comments).value();
    content.judgements = std::move(judgements).value();
    return content;
}

MergeRequestDocument::MergeRequestDocument(QObject *parent) : QObject(parent) {}

// ---------------------------------------------------------------------------
// Reading

int MergeRequestDocument::indexOf(qint64 comment) const
{
    for (int i = 0; i < m_comments.size(); ++i)
        if (m_comments[i].id == comment)
            return i;
    return -1;
}

const StoredComment *MergeRequestDocument::comment(qint64 id) const
{
    const int i = indexOf(id);
    return i >= 0 ? &m_comments[i] : nullptr;
}

std::optional<Judgement> MergeRequestDocument::judgementOf(qint64 comment, const QString &annotator) const
{
    for (const Judgement &j : m_judgements.value(comment))
        if (j.annotator == annotator)
            return j;
    return std::nullopt;
}

std::optional<qint64> MergeRequestDocument::msOnCurrentComment() const
{
    return m_sinceSelected.isValid() ? std::optional<qint64>(m_sinceSelected.elapsed()) : std::nullopt;
}

// ---------------------------------------------------------------------------
// The merge request and what it holds

void MergeRequestDocument::setJudgements(const QList<Judgement> &judgements)
{
    m_judgements.clear();
    for (const Judgement &j : judgements)
        m_judgements[j.comment].append(j);
}

void MergeRequestDocument::open(const MergeRequestEntry &entry, const MergeRequestContent &content, const QString &file, qint64 comment)
{
    m_entry = entry;
    m_runs = content.runs;
    m_comments = content.comments;
    setJudgements(content.judgements);
    m_file = file;
    m_current = comment && indexOf(comment) >= 0 ? comment : 0;
    m_sinceSelected.start();
    Q_EMIT mergeRequestChanged();
    Q_EMIT runsChanged();
    Q_EMIT commentsChanged();
    Q_EMIT currentFileChanged(m_file);
    Q_EMIT currentCommentChanged(m_current);
    Q_EMIT placeChanged();
}

void MergeRequestDocument::close()
{
    const bool hadRuns = !m_runs.isEmpty();
    const bool hadFile = !m_file.isEmpty(), hadComment = m_current != 0;
    m_entry.reset();
    m_runs.clear();
    m_comments.clear();
    m_judgements.clear();
    m_file.clear();
    m_current = 0;
    Q_EMIT mergeRequestChanged();
    if (hadRuns)
        Q_EMIT runsChanged();
    Q_EMIT commentsChanged();
    if (hadFile)
        Q_EMIT currentFileChanged(m_file);
    if (hadComment)
        Q_EMIT currentCommentChanged(0);
    if (hadFile || hadComment)
        Q_EMIT placeChanged();
}

void MergeRequestDocument::setContent(const MergeRequestContent &content)
{
    m_runs = content.runs;
    m_comments = content.comments;
    setJudgements(content.judgements);
    const bool dropped = dropVanishedCurrent();
    Q_EMIT runsChanged();
    if (dropped) {
        Q_EMIT currentCommentChanged(0);
        Q_EMIT placeChanged();
    }
    Q_EMIT commentsChanged();
}

void MergeRequestDocument::setComments(const QList<StoredComment> &comments, const QList<Judgement> &judgements)
{
    m_comments = comments;
    setJudgements(judgements);
    if (dropVanishedCurrent()) {
        Q_EMIT currentCommentChanged(0);
        Q_EMIT placeChanged();
    }
    Q_EMIT commentsChanged();
}

bool MergeRequestDocument::dropVanishedCurrent()
{
    if (!m_current || indexOf(m_current) >= 0)
        return false;
    m_current = 0;
    return true;
}

void MergeRequestDocument::refresh(const MergeRequestContent &content)
{
    const QList<StoredRun> runsBefore = std::exchange(m_runs, content.runs);
    const QList<StoredComment> commentsBefore = std::exchange(m_comments, content.comments);
    const QHash<qint64, QList<Judgement>> judgementsBefore = m_judgements;
    setJudgements(content.judgements);
    const auto ids = [](const auto &list) {
        QList<qint64> out;
        for (const auto &x : list)
            out << x.id;
        return out;
    };
    if (ids(runsBefore) != ids(m_runs))
        Q_EMIT runsChanged();
    if (ids(commentsBefore) != ids(m_comments)) {
        // The place stays where it was, unless that comment is gone.
        const bool dropped = dropVanishedCurrent();
        Q_EMIT commentsChanged();
        Q_EMIT currentCommentChanged(m_current); // the lists select it again after their reset
        if (dropped)
            Q_EMIT placeChanged();
        return;
    }
    for (int i = 0; i < m_comments.size(); ++i)
        if (m_comments[i].version != commentsBefore[i].version || m_comments[i].comment.issue != commentsBefore[i].comment.issue)
            Q_EMIT commentChanged(m_comments[i].id);
    const auto stamp = [](const QList<Judgement> &list) {
        QList<std::pair<QString, qint64>> out;
        for (const Judgement &j : list)
            out.append({j.annotator, j.version});
        std::sort(out.begin(), out.end());
        return out;
    };
    for (const StoredComment &c : std::as_const(m_comments))
        if (stamp(judgementsBefore.value(c.id)) != stamp(m_judgements.value(c.id)))
            Q_EMIT judgementChanged(c.id);
}

void MergeRequestDocument::updateComment(const StoredComment &comment)
{
    const int i = indexOf(comment.id);
    if (i < 0)
        return;
    m_comments[i] = comment;
    Q_EMIT commentChanged(comment.id);
}

void MergeRequestDocument::setJudgementsOf(qint64 comment, const QList<Judgement> &judgements)
{
    m_judgements[comment] = judgements;
    Q_EMIT judgementChanged(comment);
}

void MergeRequestDocument::replaceJudgements(const QList<Judgement> &stored)
{
    for (const Judgement &s : stored) {
        QList<Judgement> &list = m_judgements[s.comment];
        list.removeIf([&s](const Judgement &x) { return x.annotator == s.annotator; });
        list.append(s);
    }
    for (const Judgement &s : stored)
        Q_EMIT judgementChanged(s.comment);
}

void MergeRequestDocument::clearJudgementOf(qint64 comment, const QString &annotator)
{
    m_judgements[comment].removeIf([&annotator](const Judgement &x) { return x.annotator == annotator; });
    Q_EMIT judgementChanged(comment);
}

// ---------------------------------------------------------------------------
// Place

void MergeRequestDocument::setCurrentFile(const QString &file)
{
    if (file == m_file)
        return;
    m_file = file;
    Q_EMIT currentFileChanged(m_file);
    Q_EMIT placeChanged();
}

void MergeRequestDocument::setCurrentComment(qint64 id)
{
    if (id != 0 && indexOf(id) < 0)
        return;
    if (id == m_current)
        return;
    m_current = id;
    m_sinceSelected.start();
    if (const StoredComment *c = comment(id); c && c->comment.file != m_file) {
        m_file = c->comment.file;
        Q_EMIT currentFileChanged(m_file);
    }
    Q_EMIT currentCommentChanged(m_current);
    Q_EMIT placeChanged();
}

bool MergeRequestDocument::selectNext(const std::function<bool(const StoredComment &)> &visible)
{
    for (int i = indexOf(m_current) + 1; i < m_comments.size(); ++i)
        if (!visible || visible(m_comments[i])) {
            setCurrentComment(m_comments[i].id);
            return true;
        }
    return false;
}

bool MergeRequestDocument::selectPrevious(const std::function<bool(const StoredComment &)> &visible)
{
    int start = indexOf(m_current);
    if (start < 0)
        start = static_cast<int>(m_comments.size());
    for (int i = start - 1; i >= 0; --i)
        if (!visible || visible(m_comments[i])) {
            setCurrentComment(m_comments[i].id);
            return true;
        }
    return false;
}

} // namespace rd
