#include "ComparisonReport.h"
#include "JudgeAuditItems.h"

#include <EvalTable.h>
#include <PythonRound.h>

#include <nlohmann/json.hpp>

#include <cmath>
#include <string>

namespace rd::compare {

namespace {

// JSON in the order of fields (nlohmann's ordered_json keeps it;
// QJsonObject would sort them).
using Json = nlohmann::ordered_json;

Json jsonNumber(const std::optional<double> &v, int digits)
{
    return v ? Json(eval::pythonRound(*v, digits)) : Json();
}

Json jsonCount(const std::optional<int> &v)
{
    return v ? Json(*v) : Json();
}

// `resamples`: of the comparison's, those in which the figure was defined.
Json estimateJson(const Estimate &e)
{
    return Json{{"value", jsonNumber(e.value, 1)}, {"low", jsonNumber(e.low, 1)}, {"high", jsonNumber(e.high, 1)}, {"resamples", e.resamples}};
}

// A p-value to four significant digits (a p-value is never 0, and the
// smallest, 2/(B + 1), must not round to it).
int pValueDigits(double p)
{
    return p > 0 ? std::max(4, 3 - int(std::floor(std::log10(p)))) : 4;
}

std::optional<double> pValueRounded(const std::optional<double> &p)
{
    return p ? std::optional<double>(eval::pythonRound(*p, pValueDigits(*p))) : std::nullopt;
}

std::string utf8(const QString &s)
{
    return s.toStdString();
}

Json costEstimateJson(const Estimate &e)
{
    return Json{{"low", jsonNumber(e.low, 6)}, {"high", jsonNumber(e.high, 6)}};
}

Json detectorJson(const DetectorAgreement &d)
{
    return Json{{"items", d.items},
                {"both_addressed", d.bothAddressed},
                {"only_detector", d.onlyDetector},
                {"only_people", d.onlyPeople},
                {"neither", d.neither},
                {"kappa", jsonNumber(d.kappa.kappa, 3)},
                {"precision", jsonNumber(d.precision() ? std::optional<double>(*d.precision() * 100) : std::nullopt, 1)},
                {"recall", jsonNumber(d.recall() ? std::optional<double>(*d.recall() * 100) : std::nullopt, 1)}};
}

// A run configuration's tokens, cost (recorded exchanges flagged), coverage
// and addressed comments: docs/comparing.md, "Cost, coverage and what
// authors addressed".
void addEconomics(Json &r, const ReviewerStanding &s)
{
    const ReviewerEconomics &e = *s.economics;
    const ReviewerCost &cost = e.cost;
    Json unpriced = Json::array();
    for (const QString &role : cost.unpricedRoles)
        unpriced.push_back(utf8(role));
    r["cost_per_accepted_interval"] = costEstimateJson(s.costPerAcceptedInterval);
    r["prompt_tokens"] = cost.promptTokens;
    r["completion_tokens"] = cost.completionTokens;
    r["unpriced_roles"] = std::move(unpriced);
    r["recorded_prompt_tokens"] = cost.recordedPromptTokens;
    r["recorded_completion_tokens"] = cost.recordedCompletionTokens;
    r["recorded_cost_usd"] = jsonNumber(cost.recordedCostUsd, 6);
    r["runs_from_recorded_exchanges"] = cost.runsFromRecordedExchanges;
    r["coverage"] = Json{{"value", jsonNumber(s.coverage->value, 1)},
                         {"low", jsonNumber(s.coverage->low, 1)},
                         {"high", jsonNumber(s.coverage->high, 1)},
                         {"changed_lines", e.coverage.changedLines},
                         {"reviewed_lines", e.coverage.reviewedLines},
                         {"runs_with_coverage", e.coverage.runsWithCoverage}};
    Json byReason = Json::object();
    for (auto it = e.addressed.byReason.cbegin(); it != e.addressed.byReason.cend(); ++it)
        byReason[utf8(addressedByKey(it.key()))] = it.value();
    r["addressed_rate"] = Json{{"value", jsonNumber(s.addressedRate->value, 1)},
                               {"low", jsonNumber(s.addressedRate->low, 1)},
                               {"high", jsonNumber(s.addressedRate->high, 1)},
                               {"comments", e.addressed.comments},
                               {"addressed", e.addressed.addressed},
                               {"decided_by", std::move(byReason)},
                               {"detector", detectorJson(e.addressed.detector)}};
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

// A p-value: at its floor 2/(B + 1) (no resample of the pair's B crossed
// zero), "< x", x the one-digit number just above the floor (B = 2000:
// "< 0.001"), as the resamples cannot tell a smaller p; else its value.
QString pValueText(const std::optional<double> &p, int resamples)
{
    if (!p)
        return QStringLiteral("—");
    const double floor = stats::pValueFloor(resamples);
    if (resamples > 0 && floor < 1 && *p <= floor) {
        const double unit = std::pow(10.0, std::floor(std::log10(floor)));
        const double above = (std::floor(floor / unit + 1e-9) + 1) * unit;
        return QStringLiteral("< %1").arg(QString::number(above, 'g', 1));
    }
    return number(p, pValueDigits(*p));
}

// A pair's difference with its interval, or why it has none.
QString differenceText(const PairDifference &p)
{
    if (p.tooFew())
        return QStringLiteral("too few (%1 MRs)").arg(p.mergeRequests);
    Estimate d;
    d.value = p.difference;
    d.low = p.low;
    d.high = p.high;
    return estimateText(d);
}

QString tierText(const QString &tier)
{
    return tier.isEmpty() ? QStringLiteral("—") : tier;
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

QString countText(qint64 n)
{
    return QString::number(n);
}

// The run configurations' tokens, cost, coverage and addressed rate.
QString economicsMarkdown(const JudgeBoard &board, const QString &level)
{
    eval::Table table;
    table.columns = {QStringLiteral("Reviewer"), QStringLiteral("Prompt tokens"), QStringLiteral("Completion tokens"),
                     QStringLiteral("Cost per accepted [%1]").arg(level), QStringLiteral("Coverage %"), QStringLiteral("Addressed %"),
                     QStringLiteral("Addressed / asked")};
    QStringList flags;
    for (const ReviewerStanding &s : board.reviewers) {
        if (!s.economics)
            continue;
        const ReviewerEconomics &e = *s.economics;
        QString perAccepted = costText(s.costPerAccepted);
        if (s.costPerAccepted && s.costPerAcceptedInterval.low && s.costPerAcceptedInterval.high)
            perAccepted += QStringLiteral(" [%1, %2]").arg(costText(s.costPerAcceptedInterval.low), costText(s.costPerAcceptedInterval.high));
        table.rows << QList<eval::Cell>{{s.reviewer, {}},
                                        {countText(e.cost.promptTokens), {}},
                                        {countText(e.cost.completionTokens), {}},
                                        {perAccepted, {}},
                                        {estimateText(*s.coverage), {}},
                                        {estimateText(*s.addressedRate), {}},
                                        {QStringLiteral("%1 / %2").arg(e.addressed.addressed).arg(e.addressed.comments), {}}};
        if (e.cost.runsFromRecordedExchanges > 0)
            flags << QStringLiteral("%1: %2 of %3 runs answered from recorded exchanges (cache, replay or journal), costed at the recorded usage (%4 USD)")
                         .arg(s.reviewer)
                         .arg(e.cost.runsFromRecordedExchanges)
                         .arg(e.cost.runs)
                         .arg(costText(e.cost.recordedCostUsd));
        if (!e.cost.unpricedRoles.isEmpty())
            flags << QStringLiteral("%1: no price for %2, so no cost").arg(s.reviewer, e.cost.unpricedRoles.join(QStringLiteral(", ")));
    }
    if (table.rows.isEmpty())
        return {};
    QString out = QStringLiteral("\n### Cost, coverage and addressed comments (%1)\n\n").arg(board.judge);
    out += eval::formatTable(table, eval::TableFormat::Markdown);
    for (const QString &flag : std::as_const(flags))
        out += QStringLiteral("\n- %1").arg(flag);
    if (board.addressedDetector && board.addressedDetector->items > 0) {
        const DetectorAgreement &d = *board.addressedDetector;
        const auto percent = [](const std::optional<double> &v) { return v ? std::optional<double>(*v * 100) : std::nullopt; };
        out += QStringLiteral("\n- The addressed detector against people's answers: %1 comments, kappa %2, precision %3 %, recall %4 %")
                   .arg(d.items)
                   .arg(number(d.kappa.kappa, 3), number(percent(d.precision()), 1), number(percent(d.recall()), 1));
    }
    if (!flags.isEmpty() || (board.addressedDetector && board.addressedDetector->items > 0))
        out += QLatin1Char('\n');
    return out;
}

// People's audit of a judge: the figures weighted by the strata's inverse
// inclusion probabilities, and the same "on the audit sample".
Json judgeAuditJson(const JudgeAuditStanding &a)
{
    const auto kappaJson = [](const Estimate &e) { return Json{{"value", jsonNumber(e.value, 3)}, {"low", jsonNumber(e.low, 3)}, {"high", jsonNumber(e.high, 3)}}; };
    Json strata = Json::array();
    for (int s = 0; s < a.strataPairs.size(); ++s)
        strata.push_back(Json{{"stratum", utf8(auditItemKindName(AuditItemKind(s)))},
                              {"pairs", a.strataPairs[s]},
                              {"items", a.strataItems[s]},
                              {"weight", jsonNumber(a.strataItems[s] ? std::optional<double>(double(a.strataPairs[s]) / a.strataItems[s]) : std::nullopt, 6)}});
    return Json{{"judge", utf8(a.judge)},
                {"items", a.items},
                {"merge_requests", a.mergeRequests},
                {"accuracy", estimateJson(a.accuracy)},
                {"kappa", kappaJson(a.kappa)},
                {"matched_same", jsonNumber(a.table.matchedSame, 1)},
                {"matched_different", jsonNumber(a.table.matchedDifferent, 1)},
                {"unmatched_same", jsonNumber(a.table.unmatchedSame, 1)},
                {"unmatched_different", jsonNumber(a.table.unmatchedDifferent, 1)},
                {"accuracy_on_sample", estimateJson(a.accuracyOnSample)},
                {"kappa_on_sample", kappaJson(a.kappaOnSample)},
                {"matched_same_on_sample", int(a.tableOnSample.matchedSame)},
                {"matched_different_on_sample", int(a.tableOnSample.matchedDifferent)},
                {"unmatched_same_on_sample", int(a.tableOnSample.unmatchedSame)},
                {"unmatched_different_on_sample", int(a.tableOnSample.unmatchedDifferent)},
                {"strata", std::move(strata)}};
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
    Json judges = Json::array();
    for (const JudgeBoard &board : c.judges) {
        Json reviewers = Json::array();
        for (const ReviewerStanding &s : board.reviewers) {
            Json r{{"reviewer", utf8(s.reviewer)},
                   {"kind", utf8(reviewerKindName(s.kind))},
                   {"tier", s.tier.isEmpty() ? Json() : Json(utf8(s.tier))},
                   {"merge_requests", s.mergeRequests},
                   {"tp", s.tp},
                   {"fp", s.fp},
                   {"fn", s.fn},
                   {"precision", estimateJson(s.precision)},
                   {"recall", estimateJson(s.recall)},
                   {utf8(metricKey(Metric::FBeta, beta)), estimateJson(s.fBeta)}};
            if (s.kind == ReviewerKind::Configuration) {
                r["runs"] = s.runs;
                for (const auto &[metric, e] : {std::pair{Metric::Kbi, &s.kbi}, std::pair{Metric::Far1, &s.far1}, std::pair{Metric::Cpi1, &s.cpi1}})
                    r[utf8(metricKey(metric, beta))] = *e ? estimateJson(**e) : Json();
            }
            r["cost_usd"] = jsonNumber(s.costUsd, 6);
            r["accepted"] = jsonCount(s.accepted);
            r["cost_per_accepted"] = jsonNumber(s.costPerAccepted, 6);
            if (s.economics)
                addEconomics(r, s);
            reviewers.push_back(std::move(r));
        }
        Json pairs = Json::array();
        for (const PairDifference &p : board.pairs)
            pairs.push_back(Json{{"a", utf8(p.a)},
                                 {"b", utf8(p.b)},
                                 {"metric", utf8(metricKey(p.metric, beta))},
                                 {"merge_requests", p.mergeRequests},
                                 {"too_few", p.tooFew()},
                                 {"difference", p.tooFew() ? Json() : jsonNumber(p.difference, 1)},
                                 {"low", jsonNumber(p.low, 1)},
                                 {"high", jsonNumber(p.high, 1)},
                                 {"p", pValueRounded(p.p) ? Json(*pValueRounded(p.p)) : Json()},
                                 {"p_adjusted", pValueRounded(p.pAdjusted) ? Json(*pValueRounded(p.pAdjusted)) : Json()},
                                 {"resamples", p.resamples}});
        Json judge{{"judge", utf8(board.judge)},
                   {"kind", utf8(judgeKindName(board.kind))},
                   {"merge_requests", board.mergeRequests},
                   {"references", board.references},
                   {"reviewers", std::move(reviewers)},
                   {"pairs", std::move(pairs)}};
        if (board.addressedDetector)
            judge["addressed_detector"] = detectorJson(*board.addressedDetector);
        judges.push_back(std::move(judge));
    }
    Json agreement = Json::array();
    for (const JudgeAgreement &a : c.agreement)
        agreement.push_back(Json{{"a", utf8(a.a)},
                                 {"b", utf8(a.b)},
                                 {"items", a.items},
                                 {"merge_requests", a.mergeRequests},
                                 {"kappa", jsonNumber(a.kappa, 3)},
                                 {"low", jsonNumber(a.low, 3)},
                                 {"high", jsonNumber(a.high, 3)},
                                 {"agreement", jsonNumber(a.agreement, 1)}});
    Json audit = Json::array();
    for (const JudgeAuditStanding &a : c.judgeAudit)
        audit.push_back(judgeAuditJson(a));
    Json filters = Json::array();
    for (const LabelFilter &f : c.filters) {
        Json values = Json::array();
        for (const QString &v : f.values)
            values.push_back(utf8(v));
        filters.push_back(Json{{"label", utf8(f.name)}, {"values", std::move(values)}});
    }
    Json notes = Json::array();
    for (const QString &n : c.notes)
        notes.push_back(utf8(n));
    const Json root{{"resamples", c.settings.resamples},
                    {"seed", std::to_string(c.settings.seed)},
                    {"level", c.settings.level},
                    {"beta", beta},
                    {"filters", std::move(filters)},
                    {"judges", std::move(judges)},
                    {"judge_agreement", std::move(agreement)},
                    {"judge_audit", std::move(audit)},
                    {"notes", std::move(notes)}};
    return QByteArray::fromStdString(root.dump(2)) + '\n';
}

QByteArray comparisonToMarkdown(const Comparison &c)
{
    const double beta = c.settings.beta;
    const QString f = beta == 1 ? QStringLiteral("F1") : QStringLiteral("F%1").arg(beta);
    const QString level = QString::number(c.settings.level * 100, 'g', 4) + QLatin1Char('%');
    QString out = QStringLiteral("# Comparing reviewers\n\n");
    out += QStringLiteral("Percent, with %1 bootstrap intervals over %2 resamples of the merge requests (seed %3, the same resamples for "
                          "every reviewer of a judge), studentized for precision, recall and %4 and their pairs, percentile for the other figures; — "
                          "where a figure is undefined (no comment, no reference). Pairs: on the merge requests both reviewed, the paired "
                          "bootstrap difference a − b, its two-sided p-value and the p-value Holm-adjusted over the judge's pairs of that metric. Tier: reviewers that share a letter are not told apart by any adjusted %4 pair at %5.")
               .arg(level)
               .arg(c.settings.resamples)
               .arg(c.settings.seed)
               .arg(f, QString::number((1 - c.settings.level), 'g', 4));
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
        table.columns = {QStringLiteral("Reviewer"), QStringLiteral("Tier"), QStringLiteral("MRs"), QStringLiteral("TP"), QStringLiteral("FP"),
                         QStringLiteral("FN"), QStringLiteral("Precision"), QStringLiteral("Recall"), f};
        if (defect)
            table.columns << QStringLiteral("Runs") << QStringLiteral("KBI") << QStringLiteral("FAR1") << QStringLiteral("CPI1");
        table.columns << QStringLiteral("Accepted") << QStringLiteral("Cost (USD)") << QStringLiteral("Cost per accepted");
        for (const ReviewerStanding &s : board.reviewers) {
            QStringList cells{s.reviewer,          tierText(s.tier),          QString::number(s.mergeRequests), QString::number(s.tp),
                              QString::number(s.fp), QString::number(s.fn), estimateText(s.precision),       estimateText(s.recall),
                              estimateText(s.fBeta)};
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
        out += economicsMarkdown(board, level);
        if (board.pairs.isEmpty())
            continue;
        out += QStringLiteral("\n### Pairs (%1)\n\n").arg(board.judge);
        eval::Table pairs;
        pairs.columns = {QStringLiteral("a"),      QStringLiteral("b"), QStringLiteral("Metric"),  QStringLiteral("MRs"), QStringLiteral("a − b [%1]").arg(level),
                         QStringLiteral("p"), QStringLiteral("p (Holm)")};
        for (const PairDifference &p : board.pairs)
            pairs.rows << QList<eval::Cell>{{p.a, {}},
                                            {p.b, {}},
                                            {metricKey(p.metric, beta), {}},
                                            {QString::number(p.mergeRequests), {}},
                                            {differenceText(p), {}},
                                            {pValueText(p.p, p.resamples), {}},
                                            {pValueText(p.pAdjusted, p.resamples), {}}};
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
    if (!c.judgeAudit.isEmpty()) {
        out += QStringLiteral("\n## People audit the judges\n\nOn the (candidate, reference) pairs people audited (same or different issue), how often "
                              "each judge's matched / not matched is people's decision, and Cohen's kappa, with %1 bootstrap intervals over their merge "
                              "requests. The audit is a stratified sample, so the table, accuracy and kappa are weighted by each stratum's inverse "
                              "inclusion probability (its pairs over the items people decided of them) and estimate the judge on all the pairs of the "
                              "strata; in parentheses and in the last two columns, the same on the audit sample. The boards \"people (audit of …)\" are "
                              "that judge's matches with people's decisions in their place.\n\n")
                   .arg(level);
        eval::Table table;
        table.columns = {QStringLiteral("Judge"),          QStringLiteral("Items"),           QStringLiteral("MRs"),
                         QStringLiteral("Matched, same"),   QStringLiteral("Matched, different"), QStringLiteral("Unmatched, same"),
                         QStringLiteral("Unmatched, different"), QStringLiteral("Accuracy %"),   QStringLiteral("Kappa"),
                         QStringLiteral("Accuracy % on the sample"), QStringLiteral("Kappa on the sample")};
        const auto cell = [](double weighted, double onSample) {
            return QStringLiteral("%1 (%2)").arg(number(weighted, 1)).arg(int(onSample));
        };
        const auto kappaText = [](const Estimate &k) {
            QString text = number(k.value, 3);
            if (k.value && k.low && k.high)
                text += QStringLiteral(" [%1, %2]").arg(number(k.low, 3), number(k.high, 3));
            return text;
        };
        QStringList strata;
        for (const JudgeAuditStanding &a : c.judgeAudit) {
            table.rows << QList<eval::Cell>{{a.judge, {}},
                                            {QString::number(a.items), {}},
                                            {QString::number(a.mergeRequests), {}},
                                            {cell(a.table.matchedSame, a.tableOnSample.matchedSame), {}},
                                            {cell(a.table.matchedDifferent, a.tableOnSample.matchedDifferent), {}},
                                            {cell(a.table.unmatchedSame, a.tableOnSample.unmatchedSame), {}},
                                            {cell(a.table.unmatchedDifferent, a.tableOnSample.unmatchedDifferent), {}},
                                            {estimateText(a.accuracy), {}},
                                            {kappaText(a.kappa), {}},
                                            {estimateText(a.accuracyOnSample), {}},
                                            {kappaText(a.kappaOnSample), {}}};
            QStringList parts;
            for (int s = 0; s < a.strataPairs.size(); ++s)
                parts << QStringLiteral("%1 %2 of %3").arg(auditItemKindName(AuditItemKind(s))).arg(a.strataItems[s]).arg(a.strataPairs[s]);
            strata << QStringLiteral("%1: %2.").arg(a.judge, parts.join(QStringLiteral(", ")));
        }
        out += eval::formatTable(table, eval::TableFormat::Markdown);
        out += QStringLiteral("\nItems of the pairs per stratum: %1\n").arg(strata.join(QLatin1Char(' ')));
    }
    return out.toUtf8();
}

QByteArray comparisonToCsv(const Comparison &c)
{
    const double beta = c.settings.beta;
    eval::Table table;
    // An undefined figure, a missing bound or p-value: an empty cell.
    table.columns = {QStringLiteral("section"), QStringLiteral("judge"), QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("kind"),
                     QStringLiteral("metric"), QStringLiteral("value"), QStringLiteral("low"), QStringLiteral("high"), QStringLiteral("p"),
                     QStringLiteral("p_adjusted"), QStringLiteral("merge_requests"), QStringLiteral("items"), QStringLiteral("tp"), QStringLiteral("fp"),
                     QStringLiteral("fn"), QStringLiteral("accepted"), QStringLiteral("cost_usd"), QStringLiteral("cost_per_accepted"), QStringLiteral("tier"),
                     QStringLiteral("resamples"), QStringLiteral("too_few")};
    const auto text = [](const std::optional<double> &v, int digits) { return v ? QString::number(eval::pythonRound(*v, digits), 'f', digits) : QString(); };
    const auto pText = [&text](const std::optional<double> &p) { return p ? text(p, pValueDigits(*p)) : QString(); };
    // A row: the first 18 columns without p_adjusted (section .. cost_per_accepted), then p_adjusted, and tier, resamples, too_few.
    const auto row = [&](QStringList cells, const QString &pAdjusted = {}, const QStringList &tail = {}) {
        cells.insert(10, pAdjusted);
        cells += tail;
        while (cells.size() < table.columns.size())
            cells << QString();
        QList<eval::Cell> r;
        for (const QString &cell : std::as_const(cells))
            r << eval::Cell{cell, {}};
        table.rows << r;
    };
    for (const JudgeBoard &board : c.judges) {
        for (const ReviewerStanding &s : board.reviewers) {
            QList<std::pair<Metric, const Estimate *>> figures{{Metric::Precision, &s.precision}, {Metric::Recall, &s.recall}, {Metric::FBeta, &s.fBeta}};
            for (const auto &[metric, e] : {std::pair{Metric::Kbi, &s.kbi}, std::pair{Metric::Far1, &s.far1}, std::pair{Metric::Cpi1, &s.cpi1}})
                if (*e)
                    figures.append({metric, &**e});
            QList<std::pair<QString, const Estimate *>> named;
            for (const auto &[metric, e] : figures)
                named.append({metricKey(metric, beta), e});
            if (s.economics)
                named.append({{QStringLiteral("coverage"), &*s.coverage}, {QStringLiteral("addressed_rate"), &*s.addressedRate}});
            for (const auto &[metric, e] : named)
                row({QStringLiteral("reviewer"), board.judge, s.reviewer, QString(), reviewerKindName(s.kind), metric, text(e->value, 1),
                     text(e->low, 1), text(e->high, 1), QString(), QString::number(s.mergeRequests), QString(), QString::number(s.tp), QString::number(s.fp),
                     QString::number(s.fn), s.accepted ? QString::number(*s.accepted) : QString(), text(s.costUsd, 6), text(s.costPerAccepted, 6)},
                    {}, {s.tier, QString::number(e->resamples)});
            if (s.economics && s.costPerAccepted)
                row({QStringLiteral("reviewer"), board.judge, s.reviewer, QString(), reviewerKindName(s.kind), QStringLiteral("cost_per_accepted"),
                     text(s.costPerAccepted, 6), text(s.costPerAcceptedInterval.low, 6), text(s.costPerAcceptedInterval.high, 6), QString(),
                     QString::number(s.mergeRequests), QString(), QString::number(s.tp), QString::number(s.fp), QString::number(s.fn),
                     s.accepted ? QString::number(*s.accepted) : QString(), text(s.costUsd, 6), text(s.costPerAccepted, 6)},
                    {}, {s.tier, QString::number(s.costPerAcceptedInterval.resamples)});
        }
        for (const PairDifference &p : board.pairs)
            row({QStringLiteral("pair"), board.judge, p.a, p.b, QString(), metricKey(p.metric, beta), p.tooFew() ? QString() : text(p.difference, 1),
                 text(p.low, 1), text(p.high, 1), pText(p.p), QString::number(p.mergeRequests), QString(), QString(), QString(), QString(), QString(), QString(),
                 QString()},
                pText(p.pAdjusted), {QString(), QString::number(p.resamples), p.tooFew() ? QStringLiteral("true") : QStringLiteral("false")});
    }
    for (const JudgeAgreement &a : c.agreement)
        row({QStringLiteral("agreement"), QString(), a.a, a.b, QString(), QStringLiteral("kappa"), text(a.kappa, 3), text(a.low, 3), text(a.high, 3), QString(),
             QString::number(a.mergeRequests), QString::number(a.items), QString(), QString(), QString(), QString(), QString(), QString()});
    for (const JudgeAuditStanding &a : c.judgeAudit) {
        const auto figure = [&](const QString &metric, const Estimate &e, int digits) {
            row({QStringLiteral("audit"), a.judge, QString(), QString(), QString(), metric, text(e.value, digits), text(e.low, digits), text(e.high, digits),
                 QString(), QString::number(a.mergeRequests), QString::number(a.items), QString(), QString(), QString(), QString(), QString(), QString()});
        };
        figure(QStringLiteral("accuracy"), a.accuracy, 1);
        figure(QStringLiteral("kappa"), a.kappa, 3);
        figure(QStringLiteral("accuracy_on_sample"), a.accuracyOnSample, 1);
        figure(QStringLiteral("kappa_on_sample"), a.kappaOnSample, 3);
    }
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
