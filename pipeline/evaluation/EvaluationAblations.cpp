// The defect-focused paper's ablation tables (Tables 3, 4, 6 and 8): runs
// grouped by one field of their run configuration — slicing algorithm,
// number of reviewers, CoT, line-number format — pooled over the other
// fields, the metrics per pipeline stage as the mean over runs (see
// pooled()). Each figure knows the comments behind it.

#include "Evaluation.h"

#include <QCoreApplication>

#include <algorithm>
#include <functional>

namespace rd::eval {

namespace {

// A configuration field's value for one run; empty for a run without a
// readable configuration (it is left out of the ablation tables).
using FieldOf = std::function<std::optional<int>(const RunConfig &)>;

struct Pooled
{
    DefectMetrics metrics;
    QList<qint64> comments, falseAlarms, found, invalidLines;
    int runs = 0;
};

// The runs whose configuration matches `want` on every given field, at
// `stage`. The figures follow the paper's protocol (Tables 3, 5, 7: the mean
// of repeated runs, CPI averaged per run): each pass of each matching
// configuration (Evaluation::passes) is measured on its own and the figures
// are the mean over all those passes; the comments behind them are every
// matching run's.
Pooled pooled(const Evaluation &e, const QList<std::pair<FieldOf, int>> &want, Stage stage)
{
    Pooled p;
    QStringList groups;
    for (const RunEvaluation &r : e.runs) {
        if (!r.config)
            continue;
        const bool matches = std::all_of(want.begin(), want.end(), [&](const auto &w) { return w.first(*r.config) == w.second; });
        if (!matches)
            continue;
        if (!groups.contains(r.group))
            groups << r.group;
        const StageResult &s = r.stages[int(stage)];
        p.comments << s.comments;
        p.falseAlarms << s.falseAlarms;
        p.found << s.found;
        p.invalidLines << s.invalidLines;
        ++p.runs;
    }
    QList<DefectMetrics> passes;
    for (const QString &g : groups)
        passes << e.perRun(g, stage).runs;
    p.metrics = repeatedRuns(passes).mean();
    return p;
}

// The values a field takes among the evaluated runs, ascending.
QList<int> valuesOf(const Evaluation &e, const FieldOf &field)
{
    QList<int> out;
    for (const RunEvaluation &r : e.runs)
        if (r.config)
            if (const auto v = field(*r.config); v && !out.contains(*v))
                out << *v;
    std::sort(out.begin(), out.end());
    return out;
}

const FieldOf slicingField = [](const RunConfig &c) { return std::optional<int>(int(c.slicing)); };
const FieldOf reviewersField = [](const RunConfig &c) { return std::optional<int>(c.reviewers); };
const FieldOf cotField = [](const RunConfig &c) { return std::optional<int>(c.cot ? 1 : 0); };
// No, relative, inline: the order of Table 8.
const FieldOf lineField = [](const RunConfig &c) {
    switch (c.lineFormat) {
    case LineFormat::None: return std::optional<int>(0);
    case LineFormat::Relative: return std::optional<int>(1);
    case LineFormat::Inline: return std::optional<int>(2);
    }
    return std::optional<int>();
};

QString slicingText(int v)
{
    static const char *names[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    return v >= 0 && v < 4 ? QLatin1String(names[v]) : QString::number(v);
}

QString lineText(int v)
{
    switch (v) {
    case 0: return QCoreApplication::translate("rd::pipeline", "No");
    case 1: return QCoreApplication::translate("rd::pipeline", "Relative");
    default: return QCoreApplication::translate("rd::pipeline", "Inline");
    }
}

QString cotText(int v)
{
    return v ? QCoreApplication::translate("rd::pipeline", "w/ CoT") : QCoreApplication::translate("rd::pipeline", "w/o CoT");
}

Cell cellOf(const std::optional<double> &v, const QList<qint64> &comments)
{
    return Cell{percentText(v), comments};
}

// KBI, FAR1, CPI1[, FAR2, CPI2][, LSR] of pooled runs; CPI lists every comment at the stage.
QList<Cell> defectRow(const Pooled &p, bool second, bool lsr)
{
    QList<Cell> row{cellOf(p.metrics.kbi, p.found), cellOf(p.metrics.far1, p.falseAlarms), cellOf(p.metrics.cpi1, p.comments)};
    if (second)
        row << cellOf(p.metrics.far2, p.falseAlarms) << cellOf(p.metrics.cpi2, p.comments);
    if (lsr)
        row << cellOf(p.metrics.lsr, p.invalidLines);
    return row;
}

QStringList defectColumns(bool second, bool lsr)
{
    QStringList c{QStringLiteral("KBI"), QStringLiteral("FAR1"), QStringLiteral("CPI1")};
    if (second)
        c << QStringLiteral("FAR2") << QStringLiteral("CPI2");
    if (lsr)
        c << QStringLiteral("LSR");
    return c;
}

} // namespace

Table Evaluation::slicingTable() const
{
    Table t{QStringLiteral("slicing"), QCoreApplication::translate("rd::pipeline", "Slicing algorithm x stage: KBI and CPI1 (Table 3)"), {QCoreApplication::translate("rd::pipeline", "Slicing")}, {}};
    for (int s = 0; s < StageCount; ++s)
        t.columns << stageName(Stage(s)) + QStringLiteral(" KBI") << stageName(Stage(s)) + QStringLiteral(" CPI1");
    t.columns << QCoreApplication::translate("rd::pipeline", "Runs");
    for (int v : valuesOf(*this, slicingField)) {
        QList<Cell> row{Cell{slicingText(v), {}}};
        int runs = 0;
        for (int s = 0; s < StageCount; ++s) {
            const Pooled p = pooled(*this, {{slicingField, v}}, Stage(s));
            row << cellOf(p.metrics.kbi, p.found) << cellOf(p.metrics.cpi1, p.comments);
            runs = p.runs;
        }
        row << Cell{QString::number(runs), {}};
        t.rows << row;
    }
    return t;
}

Table Evaluation::reviewersTable() const
{
    Table t{QStringLiteral("reviewers"), QCoreApplication::translate("rd::pipeline", "Reviewers, one against several (Table 4)"), {QCoreApplication::translate("rd::pipeline", "Slicing"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Reviewers")}, {}};
    t.columns << defectColumns(true, false) << QCoreApplication::translate("rd::pipeline", "Runs");
    for (int slicing : valuesOf(*this, slicingField))
        for (Stage stage : {Stage::Meta, Stage::Validator})
            for (int reviewers : valuesOf(*this, reviewersField)) {
                const Pooled p = pooled(*this, {{slicingField, slicing}, {reviewersField, reviewers}}, stage);
                if (p.runs == 0)
                    continue;
                QList<Cell> row{Cell{slicingText(slicing), {}}, Cell{stageName(stage), {}}, Cell{QString::number(reviewers), {}}};
                row << defectRow(p, true, false) << Cell{QString::number(p.runs), {}};
                t.rows << row;
            }
    return t;
}

Table Evaluation::cotTable() const
{
    Table t{QStringLiteral("cot"), QCoreApplication::translate("rd::pipeline", "Chain-of-thought on and off (Table 6)"), {QCoreApplication::translate("rd::pipeline", "Slicing"), QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "CoT")}, {}};
    t.columns << defectColumns(false, false) << QCoreApplication::translate("rd::pipeline", "Runs");
    for (int slicing : valuesOf(*this, slicingField))
        for (Stage stage : {Stage::All, Stage::TopK, Stage::Meta, Stage::Validator})
            for (int cot : valuesOf(*this, cotField)) {
                const Pooled p = pooled(*this, {{slicingField, slicing}, {cotField, cot}}, stage);
                if (p.runs == 0)
                    continue;
                QList<Cell> row{Cell{slicingText(slicing), {}}, Cell{stageName(stage), {}}, Cell{cotText(cot), {}}};
                row << defectRow(p, false, false) << Cell{QString::number(p.runs), {}};
                t.rows << row;
            }
    return t;
}

Table Evaluation::lineFormatTable() const
{
    Table t{QStringLiteral("line-format"), QCoreApplication::translate("rd::pipeline", "Line-number format (Table 8)"), {QCoreApplication::translate("rd::pipeline", "Stage"), QCoreApplication::translate("rd::pipeline", "Line numbers")}, {}};
    t.columns << defectColumns(true, true) << QCoreApplication::translate("rd::pipeline", "Runs");
    for (Stage stage : {Stage::All, Stage::Meta})
        for (int format : valuesOf(*this, lineField)) {
            const Pooled p = pooled(*this, {{lineField, format}}, stage);
            QList<Cell> row{Cell{stageName(stage), {}}, Cell{lineText(format), {}}};
            row << defectRow(p, true, true) << Cell{QString::number(p.runs), {}};
            t.rows << row;
        }
    return t;
}

} // namespace rd::eval
