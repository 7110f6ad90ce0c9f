#pragma once

#include "GoldTriage.h"
#include "Result.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// The triage queue of gaps in the ground truth (issue 35; GoldTriage.h):
// the queued comments with their assigned annotators, every annotator's
// answer and the adjudicators' answers. A role of WorkspaceStore
// (WorkspaceStore.h).
class TriageStore
{
public:
    // Queues `items` in one transaction (nothing when any fails): each
    // comment must be a comment of its merge request, a run a run of it.
    // A comment queued before keeps its place and answers; the annotators
    // given are added to the ones assigned. Returns how many were new.
    virtual Result<int> enqueueTriage(const QList<TriageItem> &items) = 0;
    // By the time queued, then comment id; with their assigned annotators.
    virtual Result<QList<TriageItem>> triageQueue() const = 0;
    // Stores one answer (its time is the store's) in one transaction. The
    // comment must be queued, the annotator assigned to it when it has
    // assigned annotators, and the name not empty: otherwise a Usage error
    // naming what is wrong. The same annotator's earlier answer to the same
    // comment is replaced (and returned).
    virtual Result<StoredTriageAnswer> answerTriage(const TriageResponse &answer) = 0;
    virtual Result<QList<TriageResponse>> triageAnswers() const = 0;
    // Takes the annotator's answer to a queued comment back (undo); false
    // when there was none.
    virtual Result<bool> removeTriageAnswer(const QString &annotator, qint64 comment) = 0;
    // The adjudicator's answer to a queued comment, which decides it;
    // replaces an earlier adjudication (returned).
    virtual Result<std::optional<TriageAdjudication>> adjudicateTriage(const TriageAdjudication &adjudication) = 0;
    virtual Result<QList<TriageAdjudication>> triageAdjudications() const = 0;

protected:
    ~TriageStore() = default; // owned as a whole WorkspaceStore, never through a role
};

// The queue, every answer and every adjudication, read together.
struct TriageRecords
{
    QList<TriageItem> queue;
    QList<TriageResponse> answers;
    QList<TriageAdjudication> adjudications;
};
Result<TriageRecords> readTriage(const TriageStore &store);

// The references triage added (triagedReferences() of the store's queue,
// answers and adjudications).
Result<QList<TriagedReference>> triagedReferencesOf(const TriageStore &store);

} // namespace rd
