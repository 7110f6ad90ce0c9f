#include "ComparisonReport.h"

#include <EvalTable.h>
#include <PythonRound.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace rd::compare {

namespace {

QJsonValue jsonNumber(const std::optional<double> &v, int digits)
{
    return v ? QJsonValue(eval::pythonRound(*v, digits)) : QJsonValue();
}

QJsonValue jsonCount(const std::optional<int> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject estimateJson(const Estimate &e)
{
    return QJsonObject{{QStringLiteral("value"), jsonNumber(e.value, 1)},
                       {QStringLiteral("low"), jsonNumber(e.low, 1)},
                       {QStringLiteral("high"), jsonNumber(e.high, 1)}};
}

QString number(const std::optional<double> &v, int digits)
{
    return v ? QString::number(eval::pythonRound(*v, digits), 'f', digits) : QStringLiteral("—");
}

// "37.3 [30.1, 44.0]"
QString estimateText(const Estimate &e)
{
    if (!e.value)
        return QStringLiteral("—");
    if (!e.low || !e.high)
        return number(e.value, 1);
    return QStringLiteral("%1 [%2, %3]").arg(number(e.value, 1), number(e.low, 1), number(e.high, 1));
}

QString filtersText(const QList<LabelFilter> &filters)
{
    QStringList parts;
    for (const LabelFilter &f : filters)
        parts << f.name + QLatin1Char('=') + f.values.join(QLatin1Char(','));
    return parts.join(QLatin1Char(' '));
}

QString costText(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 4) : QStringLiteral("—");
}

} // namespace

std::optional<ReportFormat> reportFormatFromName(const QString &name)
{
    if (name == QLatin1String("json"))
        return ReportFormat::Json;
    if (name == QLatin1String("md"))
        return ReportFormat::Markdown;
    if (name == QLatin1String("csv"))
        return ReportFormat::Csv;
    return std::nullopt;
}

QByteArray comparisonToJson(const Comparison &c)
{
    const double beta = c.settings.beta;
    QJsonArray judges;
    for (const JudgeBoard &board : c.judges) {
        QJsonArray reviewers;
        for (const ReviewerStanding &s : board.reviewers) {
            QJsonObject r{{QStringLiteral("reviewer"), s.reviewer},
                          {QStringLiteral("kind"), reviewerKindName(s.kind)},
                          {QStringLiteral("merge_requests"), s.mergeRequests},
                          {QStringLiteral("tp"), s.tp},
                          {QStringLiteral("fp"), s.fp},
                          {QStringLiteral("fn"), s.fn},
                          {QStringLiteral("precision"), estimateJson(s.precision)},
                          {QStringLiteral("recall"), estimateJson(s.recall)},
                          {metricKey(Metric::FBeta, beta), estimateJson(s.fBeta)},
                          {QStringLiteral("cost_usd"), jsonNumber(s.costUsd, 6)},
                          {QStringLiteral("accepted"), jsonCount(s.accepted)},
                          {QStringLiteral("cost_per_accepted"), jsonNumber(s.costPerAccepted, 6)}};
            if (s.kind == ReviewerKind::Configuration) {
                r.insert(QStringLiteral("runs"), s.runs);
                for (const auto &[metric, e] : {std::pair{Metric::Kbi, &s.kbi}, std::pair{Metric::Far1, &s.far1}, std::pair{Metric::Cpi1, &s.cpi1}})
                    r.insert(metricKey(metric, beta), *e ? QJsonValue(estimateJson(**e)) : QJsonValue());
            }
            reviewers.append(r);
        }
        QJsonArray pairs;
        for (const PairDifference &p : board.pairs)
            pairs.append(QJsonObject{{QStringLiteral("a"), p.a},
                                     {QStringLiteral("b"), p.b},
                                     {QStringLiteral("metric"), metricKey(p.metric, beta)},
                                     {QStringLiteral("difference"), jsonNumber(p.difference, 1)},
                                     {QStringLiteral("low"), jsonNumber(p.low, 1)},
                                     {QStringLiteral("high"), jsonNumber(p.high, 1)},
                                     {QStringLiteral("p"), jsonNumber(p.p, 4)}});
        judges.append(QJsonObject{{QStringLiteral("judge"), board.judge},
                                  {QStringLiteral("kind"), judgeKindName(board.kind)},
                                  {QStringLiteral("merge_requests"), board.mergeRequests},
                                  {QStringLiteral("references"), board.references},
                                  {QStringLiteral("reviewers"), reviewers},
                                  {QStringLiteral("pairs"), pairs}});
    }
    QJsonArray agreement;
    for (const JudgeAgreement &a : c.agreement)
        agreement.append(QJsonObject{{QStringLiteral("a"), a.a},
                                     {QStringLiteral("b"), a.b},
                                     {QStringLiteral("items"), a.items},
                                     {QStringLiteral("merge_requests"), a.mergeRequests},
                                     {QStringLiteral("kappa"), jsonNumber(a.kappa, 3)},
                                     {QStringLiteral("low"), jsonNumber(a.low, 3)},
                                     {QStringLiteral("high"), jsonNumber(a.high, 3)},
                                     {QStringLiteral("agreement"), jsonNumber(a.agreement, 1)}});
    QJsonArray filters;
    for (const LabelFilter &f : c.filters)
        filters.append(QJsonObject{{QStringLiteral("label"), f.name}, {QStringLiteral("values"), QJsonArray::fromStringList(f.values)}});
    QJsonObject root{{QStringLiteral("resamples"), c.settings.resamples},
                     {QStringLiteral("seed"), QString::number(c.settings.seed)},
                     {QStringLiteral("level"), c.settings.level},
                     {QStringLiteral("beta"), beta},
                     {QStringLiteral("filters"), filters},
                     {QStringLiteral("judges"), judges},
                     {QStringLiteral("judge_agreement"), agreement},
                     {QStringLiteral("notes"), QJsonArray::fromStringList(c.notes)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray comparisonToMarkdown(const Comparison &c)
{
    const double beta = c.settings.beta;
    const QString f = beta == 1 ? QStringLiteral("F1") : QStringLiteral("F%1").arg(beta);
    const QString level = QString::number(c.settings.level * 100, 'g', 4) + QLatin1Char('%');
    QString out = QStringLiteral("# Comparing reviewers\n\n");
    out += QStringLiteral("Percent, with %1 percentile bootstrap intervals over %2 resamples of the merge requests (seed %3, the same resamples for "
                          "every reviewer of a judge). Pairs: the paired bootstrap difference a − b and its two-sided p-value.")
               .arg(level)
               .arg(c.settings.resamples)
               .arg(c.settings.seed);
    if (!c.filters.isEmpty())
        out += QStringLiteral(" Merge requests: %1.").arg(filtersText(c.filters));
    out += QStringLiteral("\n");
    for (const QString &note : c.notes)
        out += QStringLiteral("\n- %1").arg(note);
    if (!c.notes.isEmpty())
        out += QLatin1Char('\n');
    for (const JudgeBoard &board : c.judges) {
        out += QStringLiteral("\n## Judge: %1 (%2)\n\n%3 merge requests, %4 references.\n\n")
                   .arg(board.judge, judgeKindName(board.kind))
                   .arg(board.mergeRequests)
                   .arg(board.references);
        const bool defect = std::any_of(board.reviewers.cbegin(), board.reviewers.cend(), [](const ReviewerStanding &s) { return s.kbi.has_value(); });
        eval::Table table;
        table.columns = {QStringLiteral("Reviewer"), QStringLiteral("MRs"), QStringLiteral("TP"), QStringLiteral("FP"), QStringLiteral("FN"),
                         QStringLiteral("Precision"), QStringLiteral("Recall"), f};
        if (defect)
            table.columns << QStringLiteral("Runs") << QStringLiteral("KBI") << QStringLiteral("FAR1") << QStringLiteral("CPI1");
        table.columns << QStringLiteral("Accepted") << QStringLiteral("Cost (USD)") << QStringLiteral("Cost per accepted");
        for (const ReviewerStanding &s : board.reviewers) {
            QStringList cells{s.reviewer,          QString::number(s.mergeRequests), QString::number(s.tp),    QString::number(s.fp),
                              QString::number(s.fn), estimateText(s.precision),       estimateText(s.recall), estimateText(s.fBeta)};
            if (defect)
                cells << (s.kbi ? QString::number(s.runs) : QStringLiteral("—")) << (s.kbi ? estimateText(*s.kbi) : QStringLiteral("—"))
                      << (s.far1 ? estimateText(*s.far1) : QStringLiteral("—")) << (s.cpi1 ? estimateText(*s.cpi1) : QStringLiteral("—"));
            cells << (s.accepted ? QString::number(*s.accepted) : QStringLiteral("—")) << costText(s.costUsd) << costText(s.costPerAccepted);
            QList<eval::Cell> row;
            for (const QString &text : std::as_const(cells))
                row << eval::Cell{text, {}};
            table.rows << row;
        }
        out += eval::formatTable(table, eval::TableFormat::Markdown);
        if (board.pairs.isEmpty())
            continue;
        out += QStringLiteral("\n### Pairs (%1)\n\n").arg(board.judge);
        eval::Table pairs;
        pairs.columns = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("Metric"), QStringLiteral("a − b [%1]").arg(level), QStringLiteral("p")};
        for (const PairDifference &p : board.pairs) {
            Estimate d;
            d.value = p.difference;
            d.low = p.low;
            d.high = p.high;
            pairs.rows << QList<eval::Cell>{{p.a, {}}, {p.b, {}}, {metricKey(p.metric, beta), {}}, {estimateText(d), {}}, {number(p.p, 4), {}}};
        }
        out += eval::formatTable(pairs, eval::TableFormat::Markdown);
    }
    if (!c.agreement.isEmpty()) {
        out += QStringLiteral("\n## Agreement between judges\n\nCohen's kappa on \"this reference was found by this reviewer on this merge request\", "
                              "over the items both judged, with its %1 bootstrap interval over their merge requests.\n\n")
                   .arg(level);
        eval::Table table;
        table.columns = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("Items"), QStringLiteral("MRs"), QStringLiteral("Agreement %"),
                         QStringLiteral("Kappa"), QStringLiteral("Interval")};
        for (const JudgeAgreement &a : c.agreement)
            table.rows << QList<eval::Cell>{{a.a, {}},
                                            {a.b, {}},
                                            {QString::number(a.items), {}},
                                            {QString::number(a.mergeRequests), {}},
                                            {number(a.agreement, 1), {}},
                                            {number(a.kappa, 3), {}},
                                            {a.low && a.high ? QStringLiteral("[%1, %2]").arg(number(a.low, 3), number(a.high, 3)) : QStringLiteral("—"), {}}};
        out += eval::formatTable(table, eval::TableFormat::Markdown);
    }
    return out.toUtf8();
}

QByteArray comparisonToCsv(const Comparison &c)
{
    const double beta = c.settings.beta;
    eval::Table table;
    table.columns = {QStringLiteral("section"), QStringLiteral("judge"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("kind"),
                     QStringLiteral("metric"), QStringLiteral("value"), QStringLiteral("low"), QStringLiteral("high"), QStringLiteral("p"),
                     QStringLiteral("merge_requests"), QStringLiteral("items"), QStringLiteral("tp"), QStringLiteral("fp"), QStringLiteral("fn"),
                     QStringLiteral("accepted"), QStringLiteral("cost_usd"), QStringLiteral("cost_per_accepted")};
    const auto text = [](const std::optional<double> &v, int digits) { return v ? QString::number(eval::pythonRound(*v, digits), 'f', digits) : QString(); };
    const auto row = [&](const QStringList &cells) {
        QList<eval::Cell> r;
        for (const QString &cell : cells)
            r << eval::Cell{cell, {}};
        table.rows << r;
    };
    for (const JudgeBoard &board : c.judges) {
        for (const ReviewerStanding &s : board.reviewers) {
            QList<std::pair<Metric, const Estimate *>> figures{{Metric::Precision, &s.precision}, {Metric::Recall, &s.recall}, {Metric::FBeta, &s.fBeta}};
            for (const auto &[metric, e] : {std::pair{Metric::Kbi, &s.kbi}, std::pair{Metric::Far1, &s.far1}, std::pair{Metric::Cpi1, &s.cpi1}})
                if (*e)
                    figures.append({metric, &**e});
            for (const auto &[metric, e] : figures)
                row({QStringLiteral("reviewer"), board.judge, s.reviewer, QString(), reviewerKindName(s.kind), metricKey(metric, beta), text(e->value, 1),
                     text(e->low, 1), text(e->high, 1), QString(), QString::number(s.mergeRequests), QString(), QString::number(s.tp), QString::number(s.fp),
                     QString::number(s.fn), s.accepted ? QString::number(*s.accepted) : QString(), text(s.costUsd, 6), text(s.costPerAccepted, 6)});
        }
        for (const PairDifference &p : board.pairs)
            row({QStringLiteral("pair"), board.judge, p.a, p.b, QString(), metricKey(p.metric, beta), text(p.difference, 1), text(p.low, 1), text(p.high, 1),
                 text(p.p, 4), QString(), QString(), QString(), QString(), QString(), QString(), QString(), QString()});
    }
    for (const JudgeAgreement &a : c.agreement)
        row({QStringLiteral("agreement"), QString(), a.a, a.b, QString(), QStringLiteral("kappa"), text(a.kappa, 3), text(a.low, 3), text(a.high, 3), QString(),
             QString::number(a.mergeRequests), QString::number(a.items), QString(), QString(), QString(), QString(), QString(), QString()});
    return eval::formatTable(table, eval::TableFormat::Csv).toUtf8();
}

QByteArray comparisonReport(const Comparison &comparison, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Json: return comparisonToJson(comparison);
    case ReportFormat::Markdown: return comparisonToMarkdown(comparison);
    case ReportFormat::Csv: return comparisonToCsv(comparison);
    }
    return {};
}

} // namespace rd::compare
