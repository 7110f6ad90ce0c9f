#include "GoldTriage.h"

#include "TriageStore.h"

#include <QHash>
#include <QSet>

namespace rd {

QString triageAnswerName(TriageAnswer answer)
{
    switch (answer) {
    case TriageAnswer::Yes: return QStringLiteral("yes");
    case TriageAnswer::No: return QStringLiteral("no");
    case TriageAnswer::Unsure: return QStringLiteral("unsure");
    }
    return QStringLiteral("unsure");
}

std::optional<TriageAnswer> triageAnswerFromName(const QString &name)
{
    for (const TriageAnswer a : {TriageAnswer::Yes, TriageAnswer::No, TriageAnswer::Unsure})
        if (name == triageAnswerName(a))
            return a;
    return std::nullopt;
}

QString triageStatusName(TriageStatus status)
{
    switch (status) {
    case TriageStatus::Open: return QStringLiteral("open");
    case TriageStatus::AgreedYes: return QStringLiteral("agreed-yes");
    case TriageStatus::AgreedNo: return QStringLiteral("agreed-no");
    case TriageStatus::Disagreement: return QStringLiteral("disagreement");
    case TriageStatus::AdjudicatedYes: return QStringLiteral("adjudicated-yes");
    case TriageStatus::AdjudicatedNo: return QStringLiteral("adjudicated-no");
    case TriageStatus::AdjudicatedUnsure: return QStringLiteral("adjudicated-unsure");
    }
    return QStringLiteral("open");
}

TriageStatus triageStatus(const TriageItem &item, const QList<TriageResponse> &answers, const std::optional<TriageAdjudication> &adjudication)
{
    if (adjudication) {
        switch (adjudication->answer) {
        case TriageAnswer::Yes: return TriageStatus::AdjudicatedYes;
        case TriageAnswer::No: return TriageStatus::AdjudicatedNo;
        case TriageAnswer::Unsure: return TriageStatus::AdjudicatedUnsure;
        }
    }
    QSet<QString> answered;
    QSet<int> given; // TriageAnswer values
    for (const TriageResponse &r : answers)
        if (r.comment == item.comment) {
            answered.insert(r.annotator);
            given.insert(int(r.answer));
        }
    // Two annotators who already differ wait for an adjudicator, whoever else is to answer.
    if (given.size() > 1 || given.contains(int(TriageAnswer::Unsure)))
        return answered.size() >= 2 ? TriageStatus::Disagreement : TriageStatus::Open;
    if (answered.size() < 2)
        return TriageStatus::Open;
    for (const QString &a : item.annotators)
        if (!answered.contains(a))
            return TriageStatus::Open;
    return given.contains(int(TriageAnswer::Yes)) ? TriageStatus::AgreedYes : TriageStatus::AgreedNo;
}

QList<TriagedReference> triagedReferences(const QList<TriageItem> &queue, const QList<TriageResponse> &answers, const QList<TriageAdjudication> &adjudications)
{
    QHash<qint64, QList<TriageResponse>> answersOf;
    for (const TriageResponse &r : answers)
        answersOf[r.comment] << r;
    QHash<qint64, TriageAdjudication> adjudicationOf;
    for (const TriageAdjudication &a : adjudications)
        adjudicationOf.insert(a.comment, a);
    QList<TriagedReference> out;
    for (const TriageItem &item : queue) {
        const QList<TriageResponse> given = answersOf.value(item.comment);
        const auto adjudicated = adjudicationOf.constFind(item.comment);
        const std::optional<TriageAdjudication> adjudication =
            adjudicated == adjudicationOf.cend() ? std::nullopt : std::optional<TriageAdjudication>(*adjudicated);
        const TriageStatus status = triageStatus(item, given, adjudication);
        if (status != TriageStatus::AgreedYes && status != TriageStatus::AdjudicatedYes)
            continue;
        TriagedReference r;
        r.item = item;
        r.status = status;
        for (const TriageResponse &a : given)
            if (a.answer == TriageAnswer::Yes) {
                r.annotators << a.annotator;
                if (!r.decided.isValid() || a.updated > r.decided)
                    r.decided = a.updated;
            }
        r.annotators.sort();
        if (adjudication) {
            r.annotators.removeAll(adjudication->adjudicator);
            r.annotators << adjudication->adjudicator;
            r.decided = adjudication->updated;
        }
        out << r;
    }
    return out;
}

Result<TriageRecords> readTriage(const TriageStore &store)
{
    TriageRecords records;
    auto queue = store.triageQueue();
    if (!queue)
        return queue.error();
    records.queue = std::move(*queue);
    auto answers = store.triageAnswers();
    if (!answers)
        return answers.error();
    records.answers = std::move(*answers);
    auto adjudications = store.triageAdjudications();
    if (!adjudications)
        return adjudications.error();
    records.adjudications = std::move(*adjudications);
    return records;
}

Result<QList<TriagedReference>> triagedReferencesOf(const TriageStore &store)
{
    auto records = readTriage(store);
    if (!records)
        return records.error();
    return triagedReferences(records->queue, records->answers, records->adjudications);
}

} // namespace rd
