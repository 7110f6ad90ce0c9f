#pragma once

// Exports of a workspace's comments and judgements: AACR-Bench samples, TRL
// training sets (SFT, DPO, KTO), SARIF, reviewdog's rdjson and CSV. Every
// format is one entry of a table (exportFormats()), a pure function from
// the workspace's values to the file's bytes; a new format is one more entry.

#include "DatasetImport.h"
#include "JudgeAuditStore.h"
#include "GoldTriage.h"
#include "ReferenceSnapshotStore.h"
#include "PairwiseVote.h"
#include "Result.h"
#include "TeamAnnotation.h"
#include "Workspace.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QString>

#include <functional>
#include <optional>
#include <utility>

namespace rd {

class WorkspaceStore;
struct ExportLabel;

// What the exports read, loaded once from the store.
struct ExportData
{
    QList<MergeRequestEntry> mergeRequests; // by id
    QList<StoredComment> comments;          // by id (the order they were stored in)
    QList<Judgement> judgements;
    QList<StoredRun> runs;                  // without their records
    QList<ExchangeRecord> records;          // by import, then position
    QHash<qint64, Adjudication> adjudications; // by comment
    QList<PairwiseVote> votes;              // by id (of the merge request, or naming the run, when exporting one)
    QList<JudgeAuditDecision> auditDecisions; // people's audit of the judges (of the merge request, or on the run's comments)
    QList<TriagedReference> triaged;        // the references gold-gap triage added (GoldTriage.h), in queue order

    // Text as it may leave the machine: the absolute paths of local clones
    // become their folder names, the home folder "~", and the values of
    // environment variables that hold keys, tokens or secrets "[redacted]".
    QString clean(const QString &text) const;
    QList<std::pair<QString, QString>> replacements; // set by loadExportData

    const MergeRequestEntry *mergeRequest(qint64 id) const;
    QList<const Judgement *> judgementsOf(qint64 comment) const;
    ExportLabel labelOf(const StoredComment &comment) const;
    QHash<qint64, QList<const Judgement *>> byComment; // set by index()
    void index();
};

// Everything, or one merge request's / one run's comments.
Result<ExportData> loadExportData(const WorkspaceStore &store, std::optional<qint64> mergeRequest = {}, std::optional<qint64> run = {});

// The label a comment is exported with. Ground-truth comments are accepted;
// otherwise the team's final label (TeamAnnotation.h: the adjudicator's when
// there is one, else the annotators' when they agree, none while they
// disagree or only one has judged... see finalLabel there), and the tag all
// annotators who set one agree on.
struct ExportLabel
{
    std::optional<Verdict> verdict;
    std::optional<QString> category;
    std::optional<ContextLevel> context;
    std::optional<QString> tag;
};
ExportLabel exportLabel(const StoredComment &comment, const QList<const Judgement *> &judgements,
                        const std::optional<Adjudication> &adjudication = {});

// Which rules make trl-dpo's pairs (docs/datasets.md): CQS Algorithm 1 on
// the judge's scores, the rules from people's judgements, both, or (auto)
// per merge request the judge's where its comments have judge scores and
// people's where none has.
enum class DpoPairs { Auto, Judge, Human, Both };
std::optional<DpoPairs> dpoPairsFromName(const QString &name); // auto, judge, human, both

struct ExportOptions
{
    double delta = 2.0; // trl-dpo: the score gap δ of CQS Algorithm 1 (scores 0-10)
    DpoPairs pairs = DpoPairs::Auto;
    // The diff around a comment, for prompts; empty when the code is not at hand.
    std::function<QString(const MergeRequestEntry &, const StoredComment &)> diffContext;
};

struct ExportFormat
{
    QString name;        // the --format value
    QString extension;   // of the file written into an --out folder
    QString description; // one line, for --help and the dialog
    std::function<Result<QByteArray>(const ExportData &, const ExportOptions &)> write;
};

// Every format, in the order the dialog lists them.
const QList<ExportFormat> &exportFormats();
const ExportFormat *findExportFormat(const QString &name);

// The formats' writers (ExportAacr.cpp, ExportTrl.cpp, ExportTools.cpp).
Result<QByteArray> exportAacrPositive(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportAacrNegative(const ExportData &data, const ExportOptions &options);
// A reference snapshot (ReferenceSnapshotStore.h) as AACR-Bench positive
// samples: each frozen reference under its pull request, with the place,
// text and labels it was frozen with, in the snapshot's order.
Result<QByteArray> exportAacrReferences(const ExportData &data, const QList<ReferenceIssue> &references);
Result<QByteArray> exportTrlSft(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportTrlDpo(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportTrlKto(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportSarif(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportRdjson(const ExportData &data, const ExportOptions &options);
Result<QByteArray> exportCsv(const ExportData &data, const ExportOptions &options);
// Pairwise votes on whole reviews (issue 35), one JSON object a line (VoteJson.h).
Result<QByteArray> exportVotes(const ExportData &data, const ExportOptions &options);
// People's audit decisions on the benchmark judges' matches (issue 34), one
// JSON object a line (JudgeAuditJson.h): what `reviewdesk-cli audit` reads back.
Result<QByteArray> exportAuditDecisions(const ExportData &data, const ExportOptions &options);
// The references gold-gap triage added (issue 35, GoldTriage.h), each with its
// provenance, in its benchmark's own shape (ExportErrata.cpp): AACR-Bench
// positive_samples entries, Code Review Bench golden-comment entries.
Result<QByteArray> exportErrata(const ExportData &data, const ExportOptions &options);

// Shared by the writers.
// The comment as one text: the issue, then root cause, fix and example.
QString commentNote(const ReviewComment &comment);
// A translated comment's note as the reviewer wrote it (commentNote of the
// original issue, root cause and fix); empty when it was never translated.
QString originalNote(const ReviewComment &c);
// "owner/name" from a URL or the last folder of a path: never a local path.
QString repositoryName(const MergeRequestEntry &mr);

// CQS Algorithm 1 and people's rules, as trl-dpo applies them.
struct PreferencePair
{
    qint64 chosen = 0;   // comment ids
    qint64 rejected = 0;
    // "judge-score-gap": Algorithm 1 on the judge's scores;
    // "judge-score-gap-flipped": the same pair turned round because people
    // rejected the judge's choice and accepted the other;
    // "human-score-gap": Algorithm 1 on judgedScore(); "same-lines": an
    // accepted comment over a rejected one on the same lines.
    QString rule;
    std::optional<double> chosenScore; // the scores the rule compared
    std::optional<double> rejectedScore;
};
// A comment's score on CQS's 0-10 scale from its judgements: a rejection
// scores 0; otherwise (Q1 + Q2 + Q3 - 3) * 10 / 18 from the annotator's
// scores, or the model's where the annotator set none; the mean over
// annotators. Empty when no annotator gave a verdict.
std::optional<double> judgedScore(const StoredComment &comment, const QList<const Judgement *> &judgements);
// Per merge request, each two comments form at most one pair; a comment
// people rejected (its final label) is never chosen.
QList<PreferencePair> preferencePairs(const ExportData &data, double delta, DpoPairs rules = DpoPairs::Auto);

} // namespace rd
