#pragma once

#include <Agreement.h>
#include <TeamAgreement.h>
#include <Result.h>
#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QHash>
#include <QList>
#include <QObject>
#include <QStringList>

#include <optional>

namespace rd {

class MergeRequestDocument;
class SessionContext;
class WorkspaceStore;

// What agreement is computed from, read from the workspace: every judgement
// of a comment not removed and each such comment's merge request (of merge
// request `only` when given). The agreement command and TeamService read it
// alike.
Result<AgreementData> readAgreementData(const WorkspaceStore &store, std::optional<qint64> only = std::nullopt);

// Ground truth by a team (issue 11) over the session's workspace: groups of
// near-duplicate comments in the open merge request, blind mode, the
// assignment of merge requests to annotators and the annotator's queue,
// final labels, adjudication and the agreement of two annotators. Each
// change is one workspace transaction, committed before teamChanged.
// It reads the open merge request from its document and follows it: the
// groups are those of the document's comments as they are now, and blind
// mode is read again whenever another merge request opens.
class TeamService : public QObject
{
    Q_OBJECT
public:
    TeamService(const SessionContext &context, const MergeRequestDocument &document);

    // Near-duplicates of the open merge request are grouped by the rule of
    // TeamAnnotation.h; with group judging on, judging one member judges
    // each member (one undoable step).
    void setGroupThreshold(double threshold);
    double groupThreshold() const { return m_groupThreshold; }
    void setGroupJudging(bool on);
    bool groupJudging() const { return m_groupJudging; }
    // The comment's group (itself included, ascending ids); just the comment when alone.
    QList<qint64> groupOf(qint64 comment) const;
    const QList<CandidateGroup> &groups() const;
    // Blind mode: the workspace's setting, else on once the workspace has
    // several annotators. Every read of judgements for display goes through
    // visibleJudgementsOf(): the current annotator sees another's judgement
    // of a comment only after giving it a verdict.
    bool isBlind() const { return m_blind; }
    Result<bool> setBlindMode(bool on);
    QList<Judgement> visibleJudgementsOf(qint64 comment) const;
    // Other annotators' judgements of the comment blind mode hides now.
    int hiddenJudgementsOf(qint64 comment) const;
    // Assignment of merge requests to annotators.
    Result<bool> assign(qint64 mergeRequest, const QStringList &annotators);
    QStringList assignedAnnotators(qint64 mergeRequest) const;
    // The current annotator's queue: comments without their verdict, first
    // after the current one in the open merge request, then in the other
    // merge requests assigned to them (by id; all merge requests when none
    // is assigned to them).
    struct QueueItem
    {
        qint64 mergeRequest = 0;
        qint64 comment = 0;
    };
    std::optional<QueueItem> nextUnjudged() const;
    // Final labels (TeamAnnotation.h) and adjudication, from the store.
    FinalLabel finalLabelOf(qint64 comment) const;
    std::optional<Adjudication> adjudicationOf(qint64 comment) const;
    // Stores the adjudication (adjudicator: the current annotator when empty);
    // teamChanged, then adjudicated.
    Result<bool> adjudicate(const Adjudication &adjudication);
    // Comments of the whole workspace whose annotators disagree, without an
    // adjudication, ascending ids. In blind mode, an annotator assigned to a
    // comment's merge request sees it here only after judging it.
    QList<qint64> pendingDisagreements() const;
    // Comments of the workspace whose annotators disagree, adjudicated ones too.
    QList<qint64> disagreements() const;
    // For adjudication (every item in it has two verdicts, so blind mode has
    // nothing left to hide): any comment of the workspace and every judgement of it.
    std::optional<StoredComment> storedComment(qint64 comment) const;
    QList<Judgement> judgementsForAdjudication(qint64 comment) const;
    // Annotators of the workspace, by name.
    QStringList annotatorNames() const;
    // What agreement is computed from (TeamAgreement.h), read by readAgreementData.
    using AgreementData = rd::AgreementData;
    AgreementData agreementData() const;
    // Agreement of two annotators over the workspace (AgreementReport per label, per merge request).
    AgreementReport agreement(const QString &first, const QString &second) const;
    // Krippendorff's alpha of every annotator who gave a verdict, and Cohen's
    // kappa of each pair of them, over the workspace (TeamAgreement.h).
    TeamAgreementReport teamAgreement(const AlphaBootstrap &bootstrap = {}) const;

    // The workspace or the annotator changed, or others committed to the
    // workspace: blind mode is read again, and teamChanged says what the
    // team shows may differ.
    void reload();

Q_SIGNALS:
    void teamChanged(); // assignments, blind mode, adjudications or grouping changed
    // The comment's final label changed (it was adjudicated).
    void adjudicated(qint64 comment);
    // The groups of near-duplicates changed (another threshold): cards name their group.
    void groupsChanged();

private:
    // Reads blind mode from the store (setting, annotators) into m_blind.
    void refreshBlindMode();
    void regroupIfStale() const;
    QList<qint64> disagreementsIn(bool withAdjudicated) const;

    const SessionContext &m_context;
    const MergeRequestDocument &m_document;
    double m_groupThreshold = DefaultGroupThreshold;
    bool m_groupJudging = true;
    bool m_blind = false; // isBlind(), read once per change: filters ask per comment
    // Of the document's comments, made again when first asked after they changed.
    mutable bool m_groupsStale = true;
    mutable QList<CandidateGroup> m_groups;
    mutable QHash<qint64, qsizetype> m_groupIndex; // comment -> index in m_groups
};

} // namespace rd
