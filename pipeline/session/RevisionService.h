#pragma once

#include <MergeRequestRevisions.h>
#include <Result.h>
#include <Workspace.h>

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <optional>

namespace rd {

class ReviewSession;

// The open merge request across its author's new commits (issue 24): its
// revisions (patch sets), Refresh (what `reviewdesk-cli mr update` does),
// the interdiff of two revisions in place of the diff, and the annotator's
// "addressed?" answers for the comments a new revision made outdated.
class RevisionService : public QObject
{
    Q_OBJECT
public:
    explicit RevisionService(ReviewSession &session);

    // Oldest first; empty without a workspace, a merge request, or its code.
    const QList<MergeRequestRevision> &revisions() const { return m_revisions; }
    int currentRevision() const { return m_revisions.isEmpty() ? 0 : m_revisions.last().number; }
    // How many comments revision `number` made outdated.
    int outdatedBy(int number) const;

    // Resolves the merge request's base and head again; when they moved,
    // records the next revision, re-anchors every comment and reloads the
    // merge request (comments, then its diff). One workspace transaction.
    Result<RevisionUpdate> refresh();

    // Shows what changed from revision `from`'s head to revision `to`'s
    // (two-dot) as the session's diff; showMergeRequest() goes back.
    Result<bool> showInterdiff(int from, int to);
    Result<bool> showMergeRequest();
    // The revisions whose interdiff is shown; empty when the diff is the merge request's.
    std::optional<std::pair<int, int>> interdiff() const { return m_interdiff; }

    // The comments the newest revision made outdated: whether the new
    // commits addressed them is the annotator's to say.
    QList<qint64> addressedQuestions() const;
    // Whether "addressed?" can be asked of a comment: a later revision came
    // after it (it is outdated, or was made before the newest revision was
    // recorded). Asking of those whose lines did not change too is what
    // measures the detector's misses (docs/comparing.md).
    bool canAskAddressed(const StoredComment &comment) const;
    // The annotator's answer (empty: none yet).
    std::optional<bool> addressed(qint64 comment) const;
    // Every answer to a comment, by annotator.
    QList<AddressedAnswer> answersTo(qint64 comment) const;
    Result<bool> setAddressed(qint64 comment, std::optional<bool> addressed);

Q_SIGNALS:
    void revisionsChanged();
    void addressedChanged(qint64 comment);
    void interdiffChanged();

private:
    void reload();

    ReviewSession &s;
    QList<MergeRequestRevision> m_revisions;
    QHash<int, int> m_outdatedBy;
    QList<AddressedAnswer> m_answers;
    std::optional<std::pair<int, int>> m_interdiff;
};

} // namespace rd
