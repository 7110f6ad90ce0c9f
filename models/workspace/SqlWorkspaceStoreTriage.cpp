// The triage queue of the SQL workspace store (schema 17, issue 35): comments
// judged false positives against imported ground truth, put to annotators
// with the question "a real issue the ground truth misses?".

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QHash>

namespace rd {

using namespace sqlstore;

namespace {

// The column holds only what answerTriage wrote; anything else reads as unsure.
TriageAnswer triageAnswerColumn(const QVariant &v)
{
    return triageAnswerFromName(v.toString()).value_or(TriageAnswer::Unsure);
}

// The queued comment's row, checked: a Usage error naming what is wrong.
Result<bool> requireQueued(const SqlWorkspaceStore::Private &d, qint64 comment, const QString &doing)
{
    auto queued = d.scalar("SELECT COUNT(*) FROM triage_items WHERE comment = ?", {comment}, doing);
    if (!queued)
        return queued.error();
    if (queued->toInt() > 0)
        return true;
    auto exists = d.scalar("SELECT COUNT(*) FROM comments WHERE id = ?", {comment}, doing);
    if (!exists)
        return exists.error();
    if (exists->toInt() == 0)
        return usage(QCoreApplication::translate("rd::models", "no comment %1 in this workspace").arg(comment));
    return usage(QCoreApplication::translate("rd::models", "comment %1 is not in the triage queue (`reviewdesk-cli triage enqueue` puts false positives there)").arg(comment));
}

} // namespace

Result<int> SqlWorkspaceStore::enqueueTriage(const QList<TriageItem> &items)
{
    const QString doing = QCoreApplication::translate("rd::models", "queue the comments for triage");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    int added = 0;
    const qint64 now = nowMs();
    for (const TriageItem &item : items) {
        auto of = d->scalar("SELECT merge_request FROM comments WHERE id = ?", {item.comment}, doing);
        if (!of)
            return of.error();
        if (!of->isValid())
            return usage(QCoreApplication::translate("rd::models", "no comment %1 in this workspace").arg(item.comment));
        if (of->toLongLong() != item.mergeRequest)
            return usage(QCoreApplication::translate("rd::models", "comment %1 is a comment of merge request %2, not of merge request %3")
                             .arg(item.comment)
                             .arg(of->toLongLong())
                             .arg(item.mergeRequest));
        if (item.run) {
            auto runOf = d->scalar("SELECT merge_request FROM runs WHERE id = ?", {*item.run}, doing);
            if (!runOf)
                return runOf.error();
            if (!runOf->isValid() || runOf->toLongLong() != item.mergeRequest)
                return usage(QCoreApplication::translate("rd::models", "run %1 is not a run of merge request %2").arg(*item.run).arg(item.mergeRequest));
        }
        auto queued = d->scalar("SELECT COUNT(*) FROM triage_items WHERE comment = ?", {item.comment}, doing);
        if (!queued)
            return queued.error();
        if (queued->toInt() == 0) {
            if (auto q = d->exec("INSERT INTO triage_items (comment, merge_request, run, reviewer, judge, enqueued) VALUES (?, ?, ?, ?, ?, ?)",
                                 {item.comment, item.mergeRequest, nullable(item.run), item.reviewer, item.judge, now}, doing);
                !q)
                return q.error();
            ++added;
        }
        for (const QString &name : item.annotators) {
            if (name.trimmed().isEmpty())
                return usage(QCoreApplication::translate("rd::models", "an annotator's name is empty"));
            auto annotator = d->ensureAnnotator(name.trimmed());
            if (!annotator)
                return annotator.error();
            auto assigned = d->scalar("SELECT COUNT(*) FROM triage_assignments WHERE comment = ? AND annotator = ?", {item.comment, *annotator}, doing);
            if (!assigned)
                return assigned.error();
            if (assigned->toInt() == 0)
                if (auto q = d->exec("INSERT INTO triage_assignments (comment, annotator) VALUES (?, ?)", {item.comment, *annotator}, doing); !q)
                    return q.error();
        }
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return added;
}

Result<QList<TriageItem>> SqlWorkspaceStore::triageQueue() const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the triage queue");
    auto items = allRows<TriageItem>(d->exec("SELECT comment, merge_request, run, reviewer, judge, enqueued FROM triage_items ORDER BY enqueued, comment", {}, doing),
                                     [](QSqlQuery &row) {
                                         TriageItem i;
                                         i.comment = row.value(0).toLongLong();
                                         i.mergeRequest = row.value(1).toLongLong();
                                         i.run = optionalFrom<qint64>(row.value(2));
                                         i.reviewer = row.value(3).toString();
                                         i.judge = row.value(4).toString();
                                         i.enqueued = timeFrom(row.value(5));
                                         return i;
                                     });
    if (!items)
        return items.error();
    auto assigned = d->exec("SELECT t.comment, a.name FROM triage_assignments t JOIN annotators a ON a.id = t.annotator ORDER BY t.comment, a.name", {}, doing);
    if (!assigned)
        return assigned.error();
    QHash<qint64, QStringList> annotatorsOf;
    while (assigned->next())
        annotatorsOf[assigned->value(0).toLongLong()] << assigned->value(1).toString();
    for (TriageItem &i : *items)
        i.annotators = annotatorsOf.value(i.comment);
    return items;
}

Result<StoredTriageAnswer> SqlWorkspaceStore::answerTriage(const TriageResponse &answer)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the triage answer");
    const QString name = answer.annotator.trimmed();
    if (name.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the annotator's name is empty"));
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto queued = requireQueued(*d, answer.comment, doing); !queued)
        return queued.error();
    auto assigned = d->exec("SELECT a.name FROM triage_assignments t JOIN annotators a ON a.id = t.annotator WHERE t.comment = ? ORDER BY a.name", {answer.comment}, doing);
    if (!assigned)
        return assigned.error();
    QStringList annotators;
    while (assigned->next())
        annotators << assigned->value(0).toString();
    assigned->finish();
    if (!annotators.isEmpty() && !annotators.contains(name))
        return usage(QCoreApplication::translate("rd::models", "comment %1 is assigned for triage to %2, not to %3")
                         .arg(answer.comment)
                         .arg(annotators.join(QStringLiteral(", ")), name));
    auto annotator = d->ensureAnnotator(name);
    if (!annotator)
        return annotator.error();
    StoredTriageAnswer out;
    auto earlier = d->exec("SELECT answer, updated FROM triage_answers WHERE comment = ? AND annotator = ?", {answer.comment, *annotator}, doing);
    if (!earlier)
        return earlier.error();
    if (earlier->next())
        out.replaced = TriageResponse{answer.comment, name, triageAnswerColumn(earlier->value(0)), timeFrom(earlier->value(1))};
    earlier->finish();
    const QString value = triageAnswerName(answer.answer);
    const auto q = out.replaced ? d->exec("UPDATE triage_answers SET answer = ?, updated = ? WHERE comment = ? AND annotator = ?",
                                          {value, nowMs(), answer.comment, *annotator}, doing)
                                : d->exec("INSERT INTO triage_answers (answer, updated, comment, annotator) VALUES (?, ?, ?, ?)",
                                          {value, nowMs(), answer.comment, *annotator}, doing);
    if (!q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return out;
}

Result<QList<TriageResponse>> SqlWorkspaceStore::triageAnswers() const
{
    return allRows<TriageResponse>(d->exec("SELECT t.comment, a.name, t.answer, t.updated FROM triage_answers t JOIN annotators a ON a.id = t.annotator"
                                           " ORDER BY t.comment, a.name",
                                           {}, QCoreApplication::translate("rd::models", "read the triage answers")),
                                   [](QSqlQuery &row) {
                                       return TriageResponse{row.value(0).toLongLong(), row.value(1).toString(), triageAnswerColumn(row.value(2)), timeFrom(row.value(3))};
                                   });
}

Result<std::optional<TriageAdjudication>> SqlWorkspaceStore::adjudicateTriage(const TriageAdjudication &adjudication)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the triage adjudication");
    const QString name = adjudication.adjudicator.trimmed();
    if (name.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the adjudicator's name is empty"));
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto queued = requireQueued(*d, adjudication.comment, doing); !queued)
        return queued.error();
    auto adjudicator = d->ensureAnnotator(name);
    if (!adjudicator)
        return adjudicator.error();
    std::optional<TriageAdjudication> replaced;
    auto earlier = d->exec("SELECT a.name, t.answer, t.reason, t.updated FROM triage_adjudications t JOIN annotators a ON a.id = t.adjudicator WHERE t.comment = ?",
                           {adjudication.comment}, doing);
    if (!earlier)
        return earlier.error();
    if (earlier->next())
        replaced = TriageAdjudication{adjudication.comment, earlier->value(0).toString(), triageAnswerColumn(earlier->value(1)), earlier->value(2).toString(),
                                      timeFrom(earlier->value(3))};
    earlier->finish();
    const QString value = triageAnswerName(adjudication.answer);
    const auto q = replaced ? d->exec("UPDATE triage_adjudications SET adjudicator = ?, answer = ?, reason = ?, updated = ? WHERE comment = ?",
                                      {*adjudicator, value, adjudication.reason, nowMs(), adjudication.comment}, doing)
                            : d->exec("INSERT INTO triage_adjudications (adjudicator, answer, reason, updated, comment) VALUES (?, ?, ?, ?, ?)",
                                      {*adjudicator, value, adjudication.reason, nowMs(), adjudication.comment}, doing);
    if (!q)
        return q.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return replaced;
}

Result<QList<TriageAdjudication>> SqlWorkspaceStore::triageAdjudications() const
{
    return allRows<TriageAdjudication>(d->exec("SELECT t.comment, a.name, t.answer, t.reason, t.updated FROM triage_adjudications t"
                                               " JOIN annotators a ON a.id = t.adjudicator ORDER BY t.comment",
                                               {}, QCoreApplication::translate("rd::models", "read the triage adjudications")),
                                       [](QSqlQuery &row) {
                                           return TriageAdjudication{row.value(0).toLongLong(), row.value(1).toString(), triageAnswerColumn(row.value(2)),
                                                                     row.value(3).toString(), timeFrom(row.value(4))};
                                       });
}

Result<bool> SqlWorkspaceStore::removeTriageAnswer(const QString &annotator, qint64 comment)
{
    return d->removeAnnotatorsRow(annotator, "triage_answers", "comment = ?", {comment},
                                  QCoreApplication::translate("rd::models", "take back the triage answer"));
}

} // namespace rd
