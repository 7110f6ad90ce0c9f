// The evaluation's tables in the papers' shapes: each figure with the
// comments behind it.

#include "Evaluation.h"

#include <QCoreApplication>

#include <algorithm>

namespace rd::eval {

namespace {

Cell cell(const QString &text, const QList<qint64> &comments = {})
{
    return Cell{text, comments};
}

Cell ratioCell(const Ratio &r, const QList<qint64> &comments = {})
{
    return cell(percentText(r.percent()), comments);
}

} // namespace

namespace {

// The comments behind a group's figures at a stage.
struct Behind
{
    QList<qint64> comments, falseAlarms, found, invalidLines, accepted;
};

// AACR-Bench Table 9's comments per patch (diff hunk); "—" when a merge
// request's diff is not known here (no code), as the JSON says in words.
Cell perPatchCell(const AacrMetrics &m, const Behind &b)
{
    return m.commentsPerPatch ? cell(QString::number(*m.commentsPerPatch, 'f', 2), b.comments) : cell(percentText({}));
}

Behind behind(const Evaluation &e, const QString &group, Stage stage)
{
    Behind b;
    for (const RunEvaluation &r : e.runs) {
        if (r.group != group)
            continue;
        const StageResult &s = r.stages[int(stage)];
        b.comments << s.comments;
        b.falseAlarms << s.falseAlarms;
        b.found << s.found;
        b.invalidLines << s.invalidLines;
        b.accepted << s.acceptedComments;
    }
    return b;
}

QList<qint64> matchedComments(const Evaluation &e, const QString &group, Stage stage)
{
    QList<qint64> out;
    for (const RunEvaluation &r : e.runs)
        if (r.group == group) {
            const StageResult &s = r.stages[int(stage)];
            const QList<int> &taken = e.semantic ? s.pr.match.semanticReference : s.pr.match.lineReference;
            for (int g = 0; g < s.pr.generated.size(); ++g)
                if (taken[g] >= 0)
                    out << s.pr.generated[g].id;
        }
    return out;
}

// CPI combines KBI and FAR: behind it, every comment at the stage.
QList<Cell> defectCells(const DefectMetrics &m, const Behind &b)
{
    return {cell(percentText(m.kbi), b.found), cell(percentText(m.far1), b.falseAlarms), cell(percentText(m.cpi1), b.comments),
            cell(percentText(m.far2), b.falseAlarms), cell(percentText(m.cpi2), b.comments), cell(percentText(m.lsr), b.invalidLines)};
}

QList<Cell> prfCells(const PrecisionRecall &p, const QList<qint64> &matched, const QList<qint64> &found)
{
    return {ratioCell(p.precision, matched), ratioCell(p.recall, found), cell(percentText(p.f1()), matched)};
}

} // namespace

QMap<QString, QList<qint64>> Evaluation::foundReferencesBy(const QString &group, Stage stage, bool byContext) const
{
    QMap<QString, QList<qint64>> out;
    for (const RunEvaluation &r : runs) {
        if (r.group != group)
            continue;
        const PrEvaluation &pr = r.stages[int(stage)].pr;
        const int refs = static_cast<int>(pr.references.size());
        const QList<bool> found = pr.semantic ? pr.match.referencesFoundSemantically(refs) : pr.match.referencesFoundByLine(refs);
        for (int i = 0; i < refs; ++i) {
            const QString &key = byContext ? pr.references[i].context : pr.references[i].category;
            QList<qint64> &ids = out[key.isEmpty() ? QStringLiteral("-") : key];
            if (found[i])
                ids << pr.references[i].id;
        }
    }
    return out;
}

namespace {

// A recall table with one column per configuration and one row per key;
// each figure lists the references of that key that were found.
Table recallTable(const Evaluation &e, const QString &id, const QString &title, const QString &keyColumn,
                  QMap<QString, Ratio> AacrMetrics::*which)
{
    Table t{id, title, {keyColumn}, {}};
    QMap<QString, QList<Cell>> rows;
    const bool byContext = which == &AacrMetrics::recallByContext;
    for (int g = 0; g < e.groups.size(); ++g) {
        t.columns << e.groups[g];
        const AacrMetrics m = e.aacr(e.groups[g], Stage::Validator);
        const auto found = e.foundReferencesBy(e.groups[g], Stage::Validator, byContext);
        for (auto it = (m.*which).cbegin(); it != (m.*which).cend(); ++it) {
            auto &row = rows[it.key()];
            row.resize(e.groups.size());
            const Ratio &r = it.value();
            row[g] = cell(QStringLiteral("%1 (%2/%3)").arg(percentText(r.percent())).arg(r.part).arg(r.whole), found.value(it.key()));
        }
    }
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        QList<Cell> row{cell(it.key())};
        for (const Cell &c : it.value())
            row << (c.text.isEmpty() ? cell(percentText({})) : c);
        t.rows << row;
    }
    return t;
}

Table groupedPrfTable(const Evaluation &e, const QString &id, const QString &title, const QString &keyColumn, bool byLanguage)
{
    Table t{id, title, {QCoreApplication::translate("rd::pipeline", "Configuration"), keyColumn, QCoreApplication::translate("rd::pipeline", "PRs"), QCoreApplication::translate("rd::pipeline", "Comments per patch"), QCoreApplication::translate("rd::pipeline", "Comments per PR"), QCoreApplication::translate("rd::pipeline", "Precision"), QCoreApplication::translate("rd::pipeline", "Recall"), QCoreApplication::translate("rd::pipeline", "F1")}, {}};
    for (const QString &g : e.groups) {
        const auto prs = e.prs(g, Stage::Validator);
        const auto groups = byLanguage ? aacrMetricsByLanguage(prs) : aacrMetricsByPrCategory(prs);
        // The comments behind each group's figures: its PRs' comments, matched comments and found references.
        QMap<QString, Behind> behindOf;
        for (const PrEvaluation &pr : prs) {
            const QString key = byLanguage ? pr.language : pr.prCategory;
            Behind &b = behindOf[key.isEmpty() ? QStringLiteral("-") : key];
            const int refs = static_cast<int>(pr.references.size());
            const QList<int> &taken = pr.semantic ? pr.match.semanticReference : pr.match.lineReference;
            const QList<bool> found = pr.semantic ? pr.match.referencesFoundSemantically(refs) : pr.match.referencesFoundByLine(refs);
            for (int i = 0; i < pr.generated.size(); ++i) {
                b.comments << pr.generated[i].id;
                if (taken.value(i, -1) >= 0)
                    b.accepted << pr.generated[i].id; // here: matched comments
            }
            for (int i = 0; i < refs; ++i)
                if (found[i])
                    b.found << pr.references[i].id;
        }
        for (auto it = groups.cbegin(); it != groups.cend(); ++it) {
            const AacrMetrics &m = it.value();
            const PrecisionRecall &p = m.semantic ? *m.semantic : m.line;
            const Behind &b = behindOf[it.key()];
            t.rows << QList<Cell>{cell(g), cell(it.key()), cell(QString::number(m.pullRequests)), perPatchCell(m, b), cell(QString::number(m.commentsPerPr, 'f', 2), b.comments),
                                  ratioCell(p.precision, b.accepted), ratioCell(p.recall, b.found), cell(percentText(p.f1()), b.accepted)};
        }
    }
    return t;
}

} // namespace

Table Evaluation::stageTable() const
{
    Table t{QStringLiteral("stages"), QCoreApplication::translate("rd::pipeline", "Metrics per pipeline stage (pooled over runs)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Comments"), QStringLiteral("KBI"), QStringLiteral("FAR1"), QStringLiteral("CPI1"),
             QStringLiteral("FAR2"), QStringLiteral("CPI2"), QStringLiteral("LSR")},
            {}};
    for (const QString &g : groups)
        for (int s = 0; s < StageCount; ++s) {
            const DefectMetrics m = defect(g, Stage(s));
            const Behind b = behind(*this, g, Stage(s));
            QList<Cell> row{cell(g), cell(stageName(Stage(s))), cell(QString::number(m.comments), b.comments)};
            row << defectCells(m, b);
            t.rows << row;
        }
    return t;
}

Table Evaluation::stageRunsTable() const
{
    Table t{QStringLiteral("stage-runs"), QCoreApplication::translate("rd::pipeline", "Metrics per pipeline stage: mean (min-max) over runs"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Runs"), QStringLiteral("KBI"), QStringLiteral("FAR1"), QStringLiteral("CPI1"),
             QStringLiteral("FAR2"), QStringLiteral("CPI2"), QStringLiteral("LSR")},
            {}};
    const auto spreadText = [](const Spread &s) {
        if (!s.mean)
            return percentText({});
        if (s.runs < 2 || *s.min == *s.max)
            return percentText(s.mean);
        return QStringLiteral("%1 (%2-%3)").arg(percentText(s.mean), percentText(s.min), percentText(s.max));
    };
    for (const QString &g : groups)
        for (int s = 0; s < StageCount; ++s) {
            const RepeatedRuns m = perRun(g, Stage(s));
            const Behind b = behind(*this, g, Stage(s));
            t.rows << QList<Cell>{cell(g), cell(stageName(Stage(s))), cell(QString::number(m.runs.size())), cell(spreadText(m.kbi), b.found), cell(spreadText(m.far1), b.falseAlarms),
                                  cell(spreadText(m.cpi1), b.comments), cell(spreadText(m.far2), b.falseAlarms), cell(spreadText(m.cpi2), b.comments), cell(spreadText(m.lsr), b.invalidLines)};
        }
    return t;
}

Table Evaluation::configurationTable() const
{
    Table t{QStringLiteral("configurations"), QCoreApplication::translate("rd::pipeline", "Configurations compared (after the last stage)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Slicing"), QCoreApplication::translate("rd::pipeline", "Reviewers"), QCoreApplication::translate("rd::pipeline", "Top-k"), QCoreApplication::translate("rd::pipeline", "CoT"), QCoreApplication::translate("rd::pipeline", "Line numbers"), QCoreApplication::translate("rd::pipeline", "Runs"), QStringLiteral("KBI"), QStringLiteral("FAR1"),
             QStringLiteral("CPI1"), QStringLiteral("FAR2"), QStringLiteral("CPI2"), QStringLiteral("LSR")},
            {}};
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "none"};
    for (const QString &g : groups) {
        const auto first = std::find_if(runs.begin(), runs.end(), [&](const RunEvaluation &r) { return r.group == g; });
        const auto &c = first->config;
        const int count = static_cast<int>(std::count_if(runs.begin(), runs.end(), [&](const RunEvaluation &r) { return r.group == g; }));
        // The label tells apart configurations whose defect fields are the
        // same (other thresholds, models, another pipeline); those fields
        // mean nothing for the other pipelines' runs.
        QList<Cell> row{cell(g)};
        if (c && c->pipeline == PipelineKind::Defect)
            row << cell(QLatin1String(slicing[int(c->slicing)])) << cell(QString::number(c->reviewers)) << cell(QString::number(c->topK))
                << cell(c->cot ? QCoreApplication::translate("rd::pipeline", "on") : QCoreApplication::translate("rd::pipeline", "off")) << cell(QLatin1String(lines[int(c->lineFormat)]));
        else
            row << cell(QStringLiteral("-")) << cell(QStringLiteral("-")) << cell(QStringLiteral("-")) << cell(QStringLiteral("-")) << cell(QStringLiteral("-"));
        row << cell(QString::number(count));
        row << defectCells(defect(g, Stage::Validator), behind(*this, g, Stage::Validator));
        t.rows << row;
    }
    return t;
}

Table Evaluation::aacrTable() const
{
    Table t{QStringLiteral("aacr"), QCoreApplication::translate("rd::pipeline", "AACR-Bench metrics (after the last stage)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Comments per patch"), QCoreApplication::translate("rd::pipeline", "Comments per PR"), QCoreApplication::translate("rd::pipeline", "Line precision"), QCoreApplication::translate("rd::pipeline", "Line recall"), QCoreApplication::translate("rd::pipeline", "Line F1"), QCoreApplication::translate("rd::pipeline", "Semantic precision"),
             QCoreApplication::translate("rd::pipeline", "Semantic recall"), QCoreApplication::translate("rd::pipeline", "Semantic F1"), QCoreApplication::translate("rd::pipeline", "Noise rate")},
            {}};
    for (const QString &g : groups) {
        const AacrMetrics m = aacr(g, Stage::Validator);
        const Behind b = behind(*this, g, Stage::Validator);
        QList<qint64> lineMatched;
        for (const RunEvaluation &r : runs)
            if (r.group == g) {
                const StageResult &s = r.stages[int(Stage::Validator)];
                for (int i = 0; i < s.pr.generated.size(); ++i)
                    if (s.pr.match.lineReference[i] >= 0)
                        lineMatched << s.pr.generated[i].id;
            }
        QList<Cell> row{cell(g), perPatchCell(m, b), cell(QString::number(m.commentsPerPr, 'f', 2), b.comments)};
        row << prfCells(m.line, lineMatched, b.found);
        if (m.semantic)
            row << prfCells(*m.semantic, matchedComments(*this, g, Stage::Validator), b.found);
        else
            row << cell(percentText({})) << cell(percentText({})) << cell(percentText({}));
        row << ratioCell(m.noise, b.falseAlarms);
        t.rows << row;
    }
    return t;
}

Table Evaluation::categoryTable() const
{
    return recallTable(*this, QStringLiteral("categories"), QCoreApplication::translate("rd::pipeline", "Recall per category"), QCoreApplication::translate("rd::pipeline", "Category"), &AacrMetrics::recallByCategory);
}

Table Evaluation::contextTable() const
{
    return recallTable(*this, QStringLiteral("contexts"), QCoreApplication::translate("rd::pipeline", "Recall per context level"), QCoreApplication::translate("rd::pipeline", "Context level"), &AacrMetrics::recallByContext);
}

Table Evaluation::languageTable() const
{
    return groupedPrfTable(*this, QStringLiteral("languages"), QCoreApplication::translate("rd::pipeline", "Per language"), QCoreApplication::translate("rd::pipeline", "Language"), true);
}

Table Evaluation::prCategoryTable() const
{
    return groupedPrfTable(*this, QStringLiteral("pr-categories"), QCoreApplication::translate("rd::pipeline", "Per PR category"), QCoreApplication::translate("rd::pipeline", "PR category"), false);
}

Table Evaluation::annotatorTable() const
{
    Table t{QStringLiteral("annotators"), QCoreApplication::translate("rd::pipeline", "Annotators' precision (accepted / judged)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Category"), QCoreApplication::translate("rd::pipeline", "Judged"), QCoreApplication::translate("rd::pipeline", "Accepted"), QCoreApplication::translate("rd::pipeline", "Precision")},
            {}};
    for (const QString &g : groups)
        for (int s = 0; s < StageCount; ++s) {
            Ratio total;
            QMap<QString, Ratio> byCategory;
            QMap<QString, QList<qint64>> acceptedByCategory;
            QList<qint64> accepted;
            for (const RunEvaluation &r : runs) {
                if (r.group != g)
                    continue;
                const StageResult &st = r.stages[s];
                total.part += st.accepted;
                total.whole += st.judged;
                accepted << st.acceptedComments;
                for (auto it = st.acceptedCommentsByCategory.cbegin(); it != st.acceptedCommentsByCategory.cend(); ++it)
                    acceptedByCategory[it.key()] << it.value();
                for (auto it = st.acceptedByCategory.cbegin(); it != st.acceptedByCategory.cend(); ++it) {
                    byCategory[it.key()].part += it.value().part;
                    byCategory[it.key()].whole += it.value().whole;
                }
            }
            t.rows << QList<Cell>{cell(g), cell(stageName(Stage(s))), cell(QCoreApplication::translate("rd::pipeline", "all")), cell(QString::number(total.whole)),
                                  cell(QString::number(total.part), accepted), ratioCell(total, accepted)};
            for (auto it = byCategory.cbegin(); it != byCategory.cend(); ++it)
                t.rows << QList<Cell>{cell(g), cell(stageName(Stage(s))), cell(it.key()), cell(QString::number(it.value().whole)),
                                      cell(QString::number(it.value().part), acceptedByCategory.value(it.key())),
                                      ratioCell(it.value(), acceptedByCategory.value(it.key()))};
        }
    return t;
}

Table Evaluation::agreementTable() const
{
    Table t{QStringLiteral("agreement"), QCoreApplication::translate("rd::pipeline", "Annotator agreement (Cohen's kappa)"),
            {QCoreApplication::translate("rd::pipeline", "Annotators"), QCoreApplication::translate("rd::pipeline", "Label"), QCoreApplication::translate("rd::pipeline", "Both judged"),
             QCoreApplication::translate("rd::pipeline", "Agreement"), QCoreApplication::translate("rd::pipeline", "Kappa")},
            {}};
    for (const AgreementReport &report : agreements)
        for (const LabelAgreement &label : report.overall) {
            const auto percent = label.percent();
            t.rows << QList<Cell>{cell(report.first + QStringLiteral(" / ") + report.second), cell(teamLabelName(label.label)),
                                  cell(QString::number(label.items)), cell(percent ? QString::number(*percent, 'f', 2) : QStringLiteral("-")),
                                  cell(label.kappa ? QString::number(*label.kappa, 'f', 3) : label.degenerate)};
        }
    return t;
}

QList<Table> Evaluation::tables() const
{
    QList<Table> out{stageTable(), stageRunsTable(), configurationTable(), slicingTable(), reviewersTable(), cotTable(), lineFormatTable(), aacrTable(), categoryTable(), contextTable(), languageTable(), prCategoryTable(), annotatorTable(),
            agreementTable()};
    if (!codeAgent.isEmpty())
        out << codeAgentTable();
    if (std::any_of(runs.begin(), runs.end(), [](const RunEvaluation &r) { return !r.tags.isEmpty(); }))
        out << tagTable();
    out << coverageTable();
    return out;
}

} // namespace rd::eval
