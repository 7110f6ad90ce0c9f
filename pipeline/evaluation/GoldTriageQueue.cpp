#include "GoldTriageQueue.h"

#include "Evaluation.h"
#include "EvaluationEvidence.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>

namespace rd::eval {

namespace {

// Which benchmark a merge request's imported ground truth came from: the
// dataset its pull request was imported with.
QHash<qint64, QString> benchmarkOfMergeRequests(const QList<ExchangeRecord> &records)
{
    QHash<qint64, QString> out;
    for (const ExchangeRecord &r : records) {
        if (r.dataset == QLatin1String("code-review-bench"))
            out.insert(r.mergeRequest, QStringLiteral("code-review-bench"));
        else if (r.dataset.startsWith(QLatin1String("aacr-")) && !out.contains(r.mergeRequest))
            out.insert(r.mergeRequest, QStringLiteral("aacr-bench"));
    }
    return out;
}

void placeOf(TriageCandidate &c, const StoredComment &s)
{
    c.file = s.comment.file;
    c.side = s.comment.side;
    if (s.comment.located()) {
        c.lineStart = s.comment.lineStart;
        c.lineEnd = std::max(s.comment.lineStart, s.comment.lineEnd);
    }
    c.text = semanticText(s.comment, false);
}

QString triageDefinition()
{
    return QStringLiteral("comments judged false positives against the imported ground truth (the reference set 'original': comments imported and marked as "
                          "reference): a run's comments at its last stage that are false alarms (defect-focused paper App. M.2: no annotator's link to a "
                          "reference, no reference within the line distance), and an imported benchmark tool's comments an imported judge left unmatched; "
                          "only merge requests with imported ground truth (docs/arena.md, 'Triage of gaps in the ground truth')");
}

} // namespace

TriageItem triageItemOf(const TriageCandidate &candidate, const QStringList &annotators)
{
    TriageItem item;
    item.comment = candidate.comment;
    item.mergeRequest = candidate.mergeRequest;
    item.run = candidate.run;
    item.reviewer = candidate.reviewer;
    item.judge = candidate.judges.join(QStringLiteral(", "));
    item.annotators = annotators;
    return item;
}

Result<QStringList> triageAnnotators(const QString &text)
{
    QStringList names;
    for (const QString &part : text.split(QLatin1Char(',')))
        if (const QString name = part.trimmed(); !name.isEmpty() && !names.contains(name))
            names << name;
    if (names.size() == 1)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "triage asks two or more annotators (blind double annotation), not only '%1'")
                                             .arg(names.constFirst())};
    return names;
}

QString triagePlace(const QString &file, int lineStart, int lineEnd)
{
    if (lineStart <= 0)
        return file;
    if (lineEnd > lineStart)
        return QStringLiteral("%1:%2-%3").arg(file).arg(lineStart).arg(lineEnd);
    return QStringLiteral("%1:%2").arg(file).arg(lineStart);
}

QString triagePlace(const TriageCandidate &c)
{
    return triagePlace(c.file, c.lineStart, c.lineEnd);
}

Result<QList<TriageCandidate>> falsePositivesAgainstGold(const WorkspaceStore &store, const TriageQueueOptions &options)
{
    auto records = store.exchangeRecords();
    if (!records)
        return records.error();
    const QHash<qint64, QString> benchmarkOf = benchmarkOfMergeRequests(*records);
    auto entries = store.mergeRequests();
    if (!entries)
        return entries.error();
    QHash<qint64, MergeRequestEntry> entryOf;
    for (const MergeRequestEntry &e : std::as_const(*entries))
        entryOf.insert(e.id, e);
    auto all = store.comments(CommentQuery{});
    if (!all)
        return all.error();
    QHash<qint64, const StoredComment *> commentOf;
    QSet<qint64> withGold; // merge requests with imported ground truth
    for (const StoredComment &c : std::as_const(*all)) {
        commentOf.insert(c.id, &c);
        if (c.reference && c.origin == CommentOrigin::Imported)
            withGold.insert(c.mergeRequest);
    }
    const auto candidateFor = [&](const StoredComment &s) {
        TriageCandidate c;
        c.comment = s.id;
        c.mergeRequest = s.mergeRequest;
        const MergeRequestEntry e = entryOf.value(s.mergeRequest);
        c.mergeRequestTitle = e.title;
        c.mergeRequestUrl = e.url;
        c.benchmark = benchmarkOf.value(s.mergeRequest, QStringLiteral("imported"));
        placeOf(c, s);
        return c;
    };

    QList<TriageCandidate> out;
    QHash<qint64, int> indexOf; // comment -> place in out
    if (withGold.isEmpty() && options.runs.isEmpty())
        return out; // nothing to be a false positive against

    // The runs' false alarms against the imported ground truth.
    Options o;
    o.runs = options.runs;
    o.references = ReferenceSet::Original;
    o.maxDistance = options.maxDistance;
    o.lastStageOnly = true;
    auto runs = runsToEvaluate(store, o);
    if (!runs)
        return runs.error();
    // Only the runs of merge requests with imported ground truth are evaluated.
    o.runs.clear();
    for (const StoredRun &r : std::as_const(*runs))
        if (withGold.contains(r.mergeRequest))
            o.runs << r.id;
    if (!o.runs.isEmpty()) {
        auto evaluation = evaluateWorkspace(store, o);
        if (!evaluation)
            return evaluation.error();
        for (const RunEvaluation &re : std::as_const(evaluation->runs)) {
            if (!withGold.contains(re.mergeRequest.id))
                continue;
            const StageResult &last = re.stages[StageCount - 1];
            for (qint64 id : last.falseAlarms) {
                const StoredComment *s = commentOf.value(id);
                if (!s || indexOf.contains(id))
                    continue;
                TriageCandidate c = candidateFor(*s);
                c.run = re.run.id;
                c.reviewer = re.group.isEmpty() ? re.run.label : re.group;
                indexOf.insert(id, static_cast<int>(out.size()));
                out << c;
            }
        }
    }

    // Imported tools' comments an imported judge left unmatched.
    if (options.withImportedTools && options.runs.isEmpty()) {
        auto reviews = store.judgedReviews();
        if (!reviews)
            return reviews.error();
        for (const JudgedReview &r : std::as_const(*reviews)) {
            if (r.skipped || !withGold.contains(r.mergeRequest))
                continue;
            for (const JudgedCandidate &jc : r.candidates) {
                if (jc.verdict != CandidateVerdict::Unmatched)
                    continue;
                const StoredComment *s = commentOf.value(jc.comment);
                if (!s)
                    continue;
                if (const auto at = indexOf.constFind(jc.comment); at != indexOf.cend()) {
                    if (!out[*at].judges.contains(r.judge))
                        out[*at].judges << r.judge;
                    continue;
                }
                TriageCandidate c = candidateFor(*s);
                c.reviewer = r.reviewer;
                c.judges << r.judge;
                indexOf.insert(jc.comment, static_cast<int>(out.size()));
                out << c;
            }
        }
    }

    // Where each stands in the queue.
    auto triage = readTriage(store);
    if (!triage)
        return triage.error();
    QHash<qint64, TriageAdjudication> adjudicationOf;
    for (const TriageAdjudication &a : std::as_const(triage->adjudications))
        adjudicationOf.insert(a.comment, a);
    for (const TriageItem &item : std::as_const(triage->queue))
        if (const auto at = indexOf.constFind(item.comment); at != indexOf.cend()) {
            TriageCandidate &c = out[*at];
            c.queued = true;
            const auto adjudicated = adjudicationOf.constFind(item.comment);
            c.status = triageStatus(item, triage->answers, adjudicated == adjudicationOf.cend() ? std::nullopt : std::optional<TriageAdjudication>(*adjudicated));
        }
    return out;
}

QByteArray triageQueueJson(const QList<TriageCandidate> &candidates)
{
    QJsonArray list;
    for (const TriageCandidate &c : candidates) {
        QJsonObject o{{QStringLiteral("comment"), c.comment},
                      {QStringLiteral("merge_request"), c.mergeRequest},
                      {QStringLiteral("merge_request_title"), c.mergeRequestTitle},
                      {QStringLiteral("benchmark"), c.benchmark},
                      {QStringLiteral("source"), c.source()},
                      {QStringLiteral("run"), c.run ? QJsonValue(*c.run) : QJsonValue()},
                      {QStringLiteral("reviewer"), c.reviewer},
                      {QStringLiteral("file"), c.file},
                      {QStringLiteral("side"), c.side},
                      {QStringLiteral("line_start"), c.lineStart > 0 ? QJsonValue(c.lineStart) : QJsonValue()},
                      {QStringLiteral("line_end"), c.lineStart > 0 ? QJsonValue(c.lineEnd) : QJsonValue()},
                      {QStringLiteral("text"), c.text},
                      {QStringLiteral("queued"), c.queued},
                      {QStringLiteral("status"), c.status ? QJsonValue(triageStatusName(*c.status)) : QJsonValue()}};
        if (!c.mergeRequestUrl.isEmpty())
            o.insert(QStringLiteral("merge_request_url"), c.mergeRequestUrl);
        if (!c.judges.isEmpty())
            o.insert(QStringLiteral("judges"), QJsonArray::fromStringList(c.judges));
        list.append(o);
    }
    const QJsonObject report{{QStringLiteral("triage_queue"), list},
                             {QStringLiteral("false_positives"), static_cast<int>(candidates.size())},
                             {QStringLiteral("references"), QStringLiteral("original")},
                             {QStringLiteral("definition"), triageDefinition()}};
    return QJsonDocument(report).toJson(QJsonDocument::Indented);
}

QByteArray triageQueueMarkdown(const QList<TriageCandidate> &candidates)
{
    // A cell's text on one line, its pipes escaped.
    const auto cell = [](QString text) {
        text.replace(QLatin1Char('\n'), QLatin1Char(' '));
        text.replace(QLatin1Char('|'), QStringLiteral("\\|"));
        return text;
    };
    QString md = QStringLiteral("| Comment | Merge request | Run / reviewer | Place | Text | Queue |\n|---|---|---|---|---|---|\n");
    for (const TriageCandidate &c : candidates) {
        const QString mr = c.mergeRequestTitle.isEmpty() ? QString::number(c.mergeRequest) : QStringLiteral("%1 %2").arg(c.mergeRequest).arg(c.mergeRequestTitle);
        const QString by = c.run ? QStringLiteral("run %1 (%2)").arg(*c.run).arg(c.reviewer)
                                 : QStringLiteral("%1 (unmatched by %2)").arg(c.reviewer, c.judges.join(QStringLiteral(", ")));
        const QString queue = c.status ? triageStatusName(*c.status) : QStringLiteral("-");
        md += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 |\n").arg(c.comment).arg(cell(mr), cell(by), cell(triagePlace(c)), cell(c.text), queue);
    }
    md += QStringLiteral("\nFalse positives against the imported ground truth: %1. %2.\n").arg(candidates.size()).arg(triageDefinition());
    return md.toUtf8();
}

} // namespace rd::eval
