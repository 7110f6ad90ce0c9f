#pragma once

// Triage of gaps in the ground truth (issue 35, "Gold-gap triage"): a
// comment judged a false positive against imported ground truth (AACR-Bench
// positive samples, Code Review Bench golden comments) is put to two or more
// annotators, blind, with one question: "a real issue the ground truth
// misses?" — yes, no or unsure. AACR-Bench grew its reference set the same
// way once annotators looked at what models found (aacr-bench.txt §3.2,
// "Annotation Results"). When the annotators agree on yes, or an adjudicator
// says yes, the comment becomes a reference of the set `triaged`; the
// imported gold itself is never changed (docs/arena.md). Plain values and
// pure functions; TriageStore keeps them.

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace rd {

enum class TriageAnswer { Yes, No, Unsure };
QString triageAnswerName(TriageAnswer answer);                         // "yes", "no", "unsure"
std::optional<TriageAnswer> triageAnswerFromName(const QString &name); // the same, exactly

// A comment in the triage queue: where its false positive was found.
struct TriageItem
{
    qint64 comment = 0;
    qint64 mergeRequest = 0;
    // The run whose comment it is (a workspace run, matched by line and by
    // people's links); empty for an imported benchmark tool's comment.
    std::optional<qint64> run;
    QString reviewer; // the run's label, or the benchmark tool's name
    QString judge;    // an imported judge that left it unmatched; empty for a run's comment
    QStringList annotators; // assigned to answer it (empty: anyone may)
    QDateTime enqueued;     // set by the store
};

struct TriageResponse
{
    qint64 comment = 0;
    QString annotator;
    TriageAnswer answer = TriageAnswer::Unsure;
    QDateTime updated; // set by the store
};

struct TriageAdjudication
{
    qint64 comment = 0;
    QString adjudicator;
    TriageAnswer answer = TriageAnswer::Unsure;
    QString reason;
    QDateTime updated; // set by the store
};

// Where a queued comment stands.
enum class TriageStatus {
    Open,         // fewer than two answers, or an assigned annotator has not answered yet
    AgreedYes,    // every answer (two at least, all assigned ones) is yes: a reference
    AgreedNo,     // every answer is no
    Disagreement, // the answers differ, or one is unsure: waits for an adjudicator
    AdjudicatedYes,
    AdjudicatedNo,
    AdjudicatedUnsure,
};
QString triageStatusName(TriageStatus status); // open, agreed-yes, agreed-no, disagreement, adjudicated-yes, ...

// An adjudicator's answer decides; otherwise the answers agree only when
// there are two or more, every annotator assigned to the item has answered,
// and all say the same (yes or no; "unsure" never agrees).
TriageStatus triageStatus(const TriageItem &item, const QList<TriageResponse> &answers, const std::optional<TriageAdjudication> &adjudication);

// A reference that triage added: the queued comment with its provenance.
struct TriagedReference
{
    TriageItem item;
    TriageStatus status = TriageStatus::AgreedYes; // AgreedYes or AdjudicatedYes
    QStringList annotators;  // who said yes (and the adjudicator, last, when adjudicated)
    QDateTime decided;       // the later yes, or the adjudication
    QString method() const { return QStringLiteral("triage"); }
};

// The decided "yes" items of a queue, in queue order.
QList<TriagedReference> triagedReferences(const QList<TriageItem> &queue, const QList<TriageResponse> &answers, const QList<TriageAdjudication> &adjudications);

// What storing an answer did: the same annotator's earlier answer to the
// same comment, which it replaced.
struct StoredTriageAnswer
{
    std::optional<TriageResponse> replaced;
};

} // namespace rd
