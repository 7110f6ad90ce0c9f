// The judge evaluations of the SQL workspace store (schema 8): each judge
// measured against people's labels, its report and its answers.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

using namespace sqlstore;

namespace {

StoredJudgeEvaluation evaluationFrom(QSqlQuery &row, bool whole)
{
    StoredJudgeEvaluation e;
    e.id = row.value(0).toLongLong();
    e.created = timeFrom(row.value(1));
    e.judgeModel = row.value(2).toString();
    e.labels = row.value(3).toString();
    e.items = row.value(4).toInt();
    if (!row.value(5).isNull())
        e.accuracy = row.value(5).toDouble();
    if (whole) {
        e.report = row.value(6).toString().toUtf8();
        e.recording = row.value(7).toString().toUtf8();
    }
    return e;
}

} // namespace

Result<qint64> SqlWorkspaceStore::addJudgeEvaluation(const StoredJudgeEvaluation &evaluation)
{
    WriteTransaction t(*d);
    const QString doing = QCoreApplication::translate("rd::models", "store the judge evaluation");
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto id = d->insert("INSERT INTO judge_evaluations (created, judge_model, labels, items, accuracy, report, recording) VALUES (?, ?, ?, ?, ?, ?, ?)",
                        {evaluation.created.isValid() ? timeValue(evaluation.created) : QVariant(nowMs()), evaluation.judgeModel, evaluation.labels,
                         evaluation.items, evaluation.accuracy ? QVariant(*evaluation.accuracy) : QVariant(QMetaType(QMetaType::Double)),
                         QString::fromUtf8(evaluation.report), QString::fromUtf8(evaluation.recording)},
                        doing);
    if (!id)
        return id.error();
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<QList<StoredJudgeEvaluation>> SqlWorkspaceStore::judgeEvaluations() const
{
    auto q = d->exec("SELECT id, created, judge_model, labels, items, accuracy FROM judge_evaluations ORDER BY id", {},
                     QCoreApplication::translate("rd::models", "read the judge evaluations"));
    return allRows<StoredJudgeEvaluation>(std::move(q), [](QSqlQuery &row) { return evaluationFrom(row, false); });
}

Result<StoredJudgeEvaluation> SqlWorkspaceStore::judgeEvaluation(qint64 id) const
{
    auto q = d->exec("SELECT id, created, judge_model, labels, items, accuracy, report, recording FROM judge_evaluations WHERE id = ?", {id},
                     QCoreApplication::translate("rd::models", "read the judge evaluations"));
    return oneRow<StoredJudgeEvaluation>(std::move(q), QCoreApplication::translate("rd::models", "no judge evaluation %1 in this workspace").arg(id),
                                         [](QSqlQuery &row) { return evaluationFrom(row, true); });
}

} // namespace rd
