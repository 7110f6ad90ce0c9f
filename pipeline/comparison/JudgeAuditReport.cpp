#include "JudgeAuditReport.h"

#include <EvalTable.h>

#include <nlohmann/json.hpp>

#include <string>

namespace rd::compare {

namespace {

using AuditJson = nlohmann::ordered_json;

std::string auditUtf8(const QString &s)
{
    return s.toStdString();
}

// A table cell: one line, and not the whole of a long comment.
QString auditCellText(const QString &text)
{
    QString one = text.simplified();
    if (one.size() > 160)
        one = one.left(157) + QStringLiteral("…");
    return one; // formatTable escapes '|'
}

} // namespace

QByteArray auditItemsToJson(const AuditItems &a, const AuditSelection &selection)
{
    AuditJson items = AuditJson::array();
    for (const AuditItem &item : a.items) {
        AuditJson judges = AuditJson::array();
        for (const JudgeOnPair &j : item.judges)
            judges.push_back(AuditJson{{"judge", auditUtf8(j.judge)},
                                       {"matched", j.matched},
                                       {"confidence", j.confidence ? AuditJson(*j.confidence) : AuditJson()},
                                       {"reasoning", auditUtf8(j.reasoning)},
                                       {"verdict", auditUtf8(j.verdict)}});
        AuditJson decisions = AuditJson::array();
        for (const JudgeAuditDecision &d : item.decisions)
            decisions.push_back(AuditJson{{"annotator", auditUtf8(d.annotator)},
                                          {"decision", auditUtf8(auditDecisionName(d.decision))},
                                          {"updated", auditUtf8(d.updated.toUTC().toString(Qt::ISODateWithMs))}});
        items.push_back(AuditJson{{"kind", auditUtf8(auditItemKindName(item.kind))},
                                  {"merge_request", item.mergeRequest},
                                  {"title", auditUtf8(item.mergeRequestTitle)},
                                  {"url", auditUtf8(item.mergeRequestUrl)},
                                  {"reviewer", auditUtf8(item.reviewer)},
                                  {"comment", item.comment},
                                  {"candidate", auditUtf8(item.candidateText)},
                                  {"file", auditUtf8(item.candidateFile)},
                                  {"line", item.candidateLine},
                                  {"reference", item.reference},
                                  {"golden_comment", auditUtf8(item.referenceText)},
                                  {"severity", auditUtf8(item.severity)},
                                  {"judges", std::move(judges)},
                                  {"decisions", std::move(decisions)}});
    }
    AuditJson names = AuditJson::array();
    for (const QString &j : a.judges)
        names.push_back(auditUtf8(j));
    const AuditJson root{{"judges", std::move(names)},
                         {"sample", selection.sample},
                         {"seed", std::to_string(selection.seed)},
                         {"disagreements", a.disagreements},
                         {"agreements", a.agreements},
                         {"near_misses", a.nearMisses},
                         {"sampled", a.sampled},
                         {"items", std::move(items)}};
    return QByteArray::fromStdString(root.dump(2)) + '\n';
}

QByteArray auditItemsToMarkdown(const AuditItems &a, const AuditSelection &selection)
{
    QString out = QStringLiteral("# Audit of the judges\n\nJudges: %1. %2 disagreements (all listed); a sample of %3 from %4 agreements and %5 near misses "
                                 "(--sample %6, seed %7); and every pair people decided.\n\n")
                      .arg(a.judges.join(QStringLiteral(", ")))
                      .arg(a.disagreements)
                      .arg(a.sampled)
                      .arg(a.agreements)
                      .arg(a.nearMisses)
                      .arg(selection.sample)
                      .arg(selection.seed);
    eval::Table table;
    table.columns = {QStringLiteral("Kind"), QStringLiteral("MR"), QStringLiteral("Reviewer"), QStringLiteral("Comment"), QStringLiteral("Reference"),
                     QStringLiteral("Golden comment"), QStringLiteral("Candidate"), QStringLiteral("Judges"), QStringLiteral("People")};
    for (const AuditItem &item : a.items) {
        QStringList judges, people;
        for (const JudgeOnPair &j : item.judges)
            judges << QStringLiteral("%1: %2").arg(j.judge, j.matched ? QStringLiteral("matched") : QStringLiteral("not matched"));
        for (const JudgeAuditDecision &d : item.decisions)
            people << QStringLiteral("%1: %2").arg(d.annotator, auditDecisionName(d.decision));
        table.rows << QList<eval::Cell>{{auditItemKindName(item.kind), {}},
                                        {QString::number(item.mergeRequest), {}},
                                        {item.reviewer, {}},
                                        {QString::number(item.comment), {}},
                                        {QString::number(item.reference), {}},
                                        {auditCellText(item.referenceText) + (item.severity.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(item.severity)), {}},
                                        {auditCellText(item.candidateText), {}},
                                        {judges.join(QStringLiteral("; ")), {}},
                                        {people.isEmpty() ? QStringLiteral("—") : people.join(QStringLiteral("; ")), {}}};
    }
    out += eval::formatTable(table, eval::TableFormat::Markdown);
    return out.toUtf8();
}

} // namespace rd::compare
