#include "CodeAgentMetrics.h"
#include "FigureJson.h"

#include "Evaluation.h"
#include "EvaluationEvidence.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <cmath>

namespace rd::eval {

namespace {

struct DetectionTask
{
    const char *name;
    const char *category;
};

// The detection tasks of §4.1 and §4.2 (code revision, CR, is measured by
// edit progress, which needs reference revisions the workspace does not hold).
constexpr DetectionTask detectionTasks[] = {{"consistency", "Commit Message Consistency"}, {"vulnerability", "Security Vulnerability"}, {"format", "Format"}};

std::optional<double> percentOf(int part, int whole)
{
    return whole > 0 ? std::optional<double>(100.0 * part / whole) : std::nullopt;
}

} // namespace

std::optional<double> DetectionCounts::rateCr() const
{
    return percentOf(confirmed, found);
}

std::optional<double> DetectionCounts::rateCa() const
{
    return percentOf(confirmed, evaluated);
}

std::optional<double> DetectionCounts::recall() const
{
    return percentOf(confirmed, labelled);
}

std::optional<double> DetectionCounts::f1() const
{
    const auto p = rateCr();
    const auto r = recall();
    if (!p || !r)
        return std::nullopt;
    return *p + *r > 0 ? 2 * *p * *r / (*p + *r) : 0.0;
}

DetectionCounts countDetections(const QList<DetectionSample> &samples)
{
    DetectionCounts c;
    for (const DetectionSample &s : samples) {
        ++c.evaluated;
        c.found += s.found;
        c.labelled += s.labelled;
        c.confirmed += s.found && s.labelled;
        c.unverified += s.found && !s.labelled && s.unverified;
    }
    return c;
}

QStringList codeAgentTasksOf(const QString &tag, const QString &category, const std::optional<QString> &decidedCategory, const QStringList &annotatorTags,
                             bool ownOnly)
{
    QStringList out;
    const auto add = [&](const QString &word) {
        for (const DetectionTask &t : detectionTasks)
            if (word.compare(QLatin1String(t.name), Qt::CaseInsensitive) == 0 || word.compare(QLatin1String(t.category), Qt::CaseInsensitive) == 0)
                if (!out.contains(QLatin1String(t.name)))
                    out << QLatin1String(t.name);
    };
    if (ownOnly) { // the workspace keeps a run's comment's category, the run's record its tag
        add(tag);
        add(category);
        return out;
    }
    // The annotators' labels decide where they set one.
    if (decidedCategory || !annotatorTags.isEmpty()) {
        if (decidedCategory)
            add(*decidedCategory);
        for (const QString &t : annotatorTags)
            add(t);
        return out;
    }
    add(tag);
    add(category);
    return out;
}

QList<CodeAgentMetrics> codeAgentMetrics(const QList<RunEvaluation> &runs, const QHash<qint64, MergeRequestEvidence> &mergeRequests)
{
    QList<CodeAgentMetrics> out;
    QHash<QString, QHash<QString, QList<DetectionSample>>> samples; // group -> task -> samples
    const auto metricsOf = [&out](const QString &group) -> CodeAgentMetrics & {
        for (CodeAgentMetrics &m : out)
            if (m.group == group)
                return m;
        out.append(CodeAgentMetrics{group, {}, {}});
        return out.last();
    };
    const auto taskOf = [](CodeAgentMetrics &m, const QString &task) -> CodeAgentTaskMetrics & {
        for (CodeAgentTaskMetrics &t : m.tasks)
            if (t.task == task)
                return t;
        m.tasks.append(CodeAgentTaskMetrics{task, {}, {}, {}, {}});
        return m.tasks.last();
    };
    for (const RunEvaluation &r : runs) {
        if (!r.config || r.config->pipeline != PipelineKind::CodeAgent)
            continue;
        const auto found = mergeRequests.constFind(r.mergeRequest.id);
        if (found == mergeRequests.cend())
            continue;
        const MergeRequestEvidence &mr = *found;
        QHash<qint64, QStringList> tagsOf; // the annotators' tags per comment
        for (const Judgement &j : mr.judgements)
            if (j.tag)
                tagsOf[j.comment] << *j.tag;
        // The paper's ablation (Table 2, CodeAgent w/o) is a configuration of
        // its own (its identity says so); its name says so too when its label
        // does not already (no CodeAgent configuration with the QA-Checker beside it).
        const QString group = r.config->role(QStringLiteral("qa_checker")) || r.groupNames.contains(QStringLiteral("codeagent.qa_checker"))
                                  ? r.group
                                  : QCoreApplication::translate("rd::pipeline", "%1 without the QA-Checker").arg(r.group);
        CodeAgentMetrics &m = metricsOf(group);
        m.runs << r.run.id;
        for (const DetectionTask &task : detectionTasks) {
            const QString name = QLatin1String(task.name);
            if (!r.config->codeAgent.tasks.contains(name))
                continue;
            CodeAgentTaskMetrics &t = taskOf(m, name);
            DetectionSample sample;
            QList<qint64> own, labels;
            bool judged = false;
            for (const StoredComment &c : mr.comments) {
                const std::optional<Verdict> verdict = mr.verdicts.value(c.id);
                if (c.run == r.run.id && c.comment.kept && codeAgentTasksOf(c.comment.tag, c.comment.category, {}, {}, true).contains(name)) {
                    own << c.id;
                    judged = judged || verdict.has_value();
                }
                const bool confirmed = c.reference || verdict == Verdict::Accept;
                if (confirmed && codeAgentTasksOf(c.comment.tag, c.comment.category, mr.decided.value(c.id).category, tagsOf.value(c.id)).contains(name))
                    labels << c.id;
            }
            sample.found = !own.isEmpty();
            sample.labelled = !labels.isEmpty();
            sample.unverified = !judged;
            samples[group][name] << sample;
            t.foundComments << own;
            if (sample.found && sample.labelled)
                t.confirmedComments << own;
            t.labelComments << labels;
        }
    }
    for (CodeAgentMetrics &m : out)
        for (CodeAgentTaskMetrics &t : m.tasks)
            t.counts = countDetections(samples[m.group][t.task]);
    return out;
}

QJsonArray codeAgentJson(const QList<CodeAgentMetrics> &metrics)
{
    QJsonArray out;
    for (const CodeAgentMetrics &m : metrics) {
        QJsonObject tasks;
        for (const CodeAgentTaskMetrics &t : m.tasks) {
            const DetectionCounts &c = t.counts;
            tasks.insert(t.task, QJsonObject{{QStringLiteral("merge_requests"), c.evaluated},
                                             {QStringLiteral("found"), c.found},
                                             {QStringLiteral("confirmed"), c.confirmed},
                                             {QStringLiteral("labelled"), c.labelled},
                                             {QStringLiteral("unverified"), c.unverified},
                                             {QStringLiteral("rate_cr"), figureJson(c.rateCr())},
                                             {QStringLiteral("rate_ca"), figureJson(c.rateCa())},
                                             {QStringLiteral("recall"), figureJson(c.recall())},
                                             {QStringLiteral("f1"), figureJson(c.f1())}});
        }
        QJsonArray runs;
        for (qint64 id : m.runs)
            runs << id;
        out << QJsonObject{{QStringLiteral("configuration"), m.group}, {QStringLiteral("runs"), runs}, {QStringLiteral("tasks"), tasks}};
    }
    return out;
}

Table Evaluation::codeAgentTable() const
{
    Table t{QStringLiteral("codeagent"), QCoreApplication::translate("rd::pipeline", "CodeAgent detection (codeagent.txt §4: hit rate, recall, F1 per merge request)"),
            {QCoreApplication::translate("rd::pipeline", "Configuration"), QCoreApplication::translate("rd::pipeline", "Task"),
             QCoreApplication::translate("rd::pipeline", "Merge requests"), QCoreApplication::translate("rd::pipeline", "Find"),
             QCoreApplication::translate("rd::pipeline", "Confirm"), QCoreApplication::translate("rd::pipeline", "Rate_cr"),
             QCoreApplication::translate("rd::pipeline", "Rate_ca"), QCoreApplication::translate("rd::pipeline", "Recall"),
             QCoreApplication::translate("rd::pipeline", "F1"), QCoreApplication::translate("rd::pipeline", "Unverified")},
            {}};
    for (const CodeAgentMetrics &m : codeAgent)
        for (const CodeAgentTaskMetrics &task : m.tasks) {
            const DetectionCounts &c = task.counts;
            t.rows << QList<Cell>{{m.group, {}},
                                  {task.task, {}},
                                  {QString::number(c.evaluated), {}},
                                  {QString::number(c.found), task.foundComments},
                                  {QString::number(c.confirmed), task.confirmedComments},
                                  {percentText(c.rateCr()), task.confirmedComments},
                                  {percentText(c.rateCa()), task.confirmedComments},
                                  {percentText(c.recall()), task.labelComments},
                                  {percentText(c.f1()), task.confirmedComments},
                                  {QString::number(c.unverified), {}}};
        }
    return t;
}

} // namespace rd::eval
