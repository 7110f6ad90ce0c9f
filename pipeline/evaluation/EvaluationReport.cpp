#include "EvaluationReport.h"
#include "FigureJson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace rd::eval {

namespace {

QJsonObject defectJson(const DefectMetrics &m)
{
    return QJsonObject{{QStringLiteral("kbi"), figureJson(m.kbi)},
                       {QStringLiteral("far1"), figureJson(m.far1)},
                       {QStringLiteral("cpi1"), figureJson(m.cpi1)},
                       {QStringLiteral("far2"), figureJson(m.far2)},
                       {QStringLiteral("cpi2"), figureJson(m.cpi2)},
                       {QStringLiteral("lsr"), figureJson(m.lsr)},
                       {QStringLiteral("merge_requests"), m.mergeRequests},
                       {QStringLiteral("merge_requests_without_comments"), m.withoutComments},
                       {QStringLiteral("merge_requests_with_comments"), m.withComments()}, // LSR's N' beside its N
                       {QStringLiteral("merge_requests_recalled"), m.recalled},
                       {QStringLiteral("key_issues"), m.keyIssues},
                       {QStringLiteral("key_issues_found"), m.keyIssuesFound},
                       {QStringLiteral("comments"), m.comments},
                       {QStringLiteral("false_alarms"), m.falseAlarms}};
}

// The paper's protocol beside the pooled figures: each pass of the
// configuration (the i-th run on each merge request; at All/Coarse/Top-k of
// several reviewers, one reviewer) and each figure's mean, min and max over
// the passes, CPI averaged per pass (Tables 3, 5, 7; App. R).
QJsonObject perRunJson(const Evaluation &e, const QString &group, Stage stage)
{
    const QList<RunPass> passes = e.passes(group, stage);
    const RepeatedRuns repeated = Evaluation::perRun(passes);
    QJsonArray runs;
    for (int i = 0; i < passes.size(); ++i) {
        QJsonObject o = defectJson(repeated.runs[i]);
        QJsonArray ids;
        for (qint64 id : passes[i].runs)
            ids << id;
        o.insert(QStringLiteral("runs"), ids);
        o.insert(QStringLiteral("repetition"), passes[i].repetition + 1);
        o.insert(QStringLiteral("reviewer"), passes[i].reviewer > 0 ? QJsonValue(passes[i].reviewer) : QJsonValue());
        runs << o;
    }
    QJsonObject mean, min, max;
    const auto put = [&](const char *name, const Spread &s) {
        mean.insert(QLatin1String(name), figureJson(s.mean));
        min.insert(QLatin1String(name), figureJson(s.min));
        max.insert(QLatin1String(name), figureJson(s.max));
    };
    put("kbi", repeated.kbi);
    put("far1", repeated.far1);
    put("cpi1", repeated.cpi1);
    put("far2", repeated.far2);
    put("cpi2", repeated.cpi2);
    put("lsr", repeated.lsr);
    return QJsonObject{{QStringLiteral("runs"), runs}, {QStringLiteral("mean"), mean}, {QStringLiteral("min"), min}, {QStringLiteral("max"), max}};
}

QJsonObject prfJson(const PrecisionRecall &p)
{
    return QJsonObject{{QStringLiteral("precision"), figureJson(p.precision.percent())},
                       {QStringLiteral("recall"), figureJson(p.recall.percent())},
                       {QStringLiteral("f1"), figureJson(p.f1())},
                       {QStringLiteral("matched_comments"), p.precision.part},
                       {QStringLiteral("found_references"), p.recall.part}};
}

// CQS §4 per tag (TagEvaluation.h); rationale figures only with a semantic judge.
QJsonObject tagsJson(const QMap<QString, TagOutcome> &tags, bool semantic)
{
    QJsonObject perTag;
    for (auto it = tags.cbegin(); it != tags.cend(); ++it) {
        const TagOutcome &o = it.value();
        perTag.insert(it.key(), QJsonObject{{QStringLiteral("references"), o.references},
                                            {QStringLiteral("located"), o.located},
                                            {QStringLiteral("tag_matched"), o.tagMatched},
                                            {QStringLiteral("exact_tag_match_rate"), figureJson(o.tagMatchRate().percent())},
                                            {QStringLiteral("rationale_matched"), semantic ? QJsonValue(o.rationaleMatched) : QJsonValue()},
                                            {QStringLiteral("rationale_match_rate"), semantic ? figureJson(o.rationaleMatchRate().percent()) : QJsonValue()},
                                            {QStringLiteral("generated"), o.generated},
                                            {QStringLiteral("generated_matched"), semantic ? QJsonValue(o.generatedMatched) : QJsonValue()},
                                            {QStringLiteral("judged"), o.judged()},
                                            {QStringLiteral("judge_score_mean"), figureJson(o.judgeScoreMean())},
                                            {QStringLiteral("judge_score_std"), figureJson(o.judgeScoreStd())}});
    }
    return QJsonObject{{QStringLiteral("definition"), QStringLiteral("code-quality-score-cqs.txt §4 (evaluation protocol): per reference tag, located by lines, "
                                                                     "then exact tag match (rate over located), then rationale by the semantic judge (rate over tag-matched); after the last stage. "
                                                                     "App. C, Table 3: judged, judge_score_mean and judge_score_std (population) over every issue of the tag the judge scored, "
                                                                     "kept or dropped after")},
                       {QStringLiteral("per_tag"), perTag}};
}

// Which changed lines the configuration's runs showed a model (RunCoverage.h).
QJsonObject coverageJson(const Evaluation &e, const QString &group)
{
    int runs = 0, recorded = 0, changed = 0, reviewed = 0;
    QJsonArray unreviewedUnits;
    for (const RunEvaluation &r : e.runs) {
        if (r.group != group)
            continue;
        ++runs;
        if (!r.coverage.recorded)
            continue;
        ++recorded;
        changed += r.coverage.changedLines();
        reviewed += r.coverage.reviewedLines();
        for (const CoverageUnit &u : r.coverage.units)
            if (!u.reviewed)
                unreviewedUnits << QJsonObject{{QStringLiteral("run"), r.run.id}, {QStringLiteral("kind"), u.kind}, {QStringLiteral("name"), u.name},
                                               {QStringLiteral("reason"), u.reason}};
    }
    return QJsonObject{{QStringLiteral("definition"), QStringLiteral("changed lines (added and deleted) that a request which got a readable answer showed a model, "
                                                                     "over every changed line, summed over the runs that recorded it (docs/comparing.md, Coverage)")},
                       {QStringLiteral("runs"), runs},
                       {QStringLiteral("runs_with_coverage"), recorded},
                       {QStringLiteral("changed_lines"), changed},
                       {QStringLiteral("reviewed_lines"), reviewed},
                       {QStringLiteral("coverage"), figureJson(recorded > 0 && changed > 0 ? std::optional<double>(100.0 * reviewed / changed) : std::nullopt)},
                       {QStringLiteral("unreviewed_units"), unreviewedUnits}};
}

} // namespace

QJsonObject referenceSetJson(const ReferenceSetUsed &r)
{
    QJsonObject o{{QStringLiteral("set"), r.isLive() ? QStringLiteral("live") : QStringLiteral("snapshot")},
                  {QStringLiteral("name"), r.isLive() ? QJsonValue() : QJsonValue(r.snapshot)},
                  {QStringLiteral("reference_set"), referenceSetName(r.set)},
                  {QStringLiteral("references"), r.references},
                  {QStringLiteral("merge_requests"), r.mergeRequests},
                  {QStringLiteral("fingerprint"), r.fingerprint},
                  {QStringLiteral("pending_key_bugs"), r.pendingKeyBugs},
                  {QStringLiteral("definition"),
                   QStringLiteral("the references of the merge requests evaluated: live (rebuilt from the workspace now) or a snapshot frozen by `references freeze`; "
                                  "fingerprint: the first 12 hex digits of SHA-256 over the references' identities and labels (docs/evaluation.md, Reference sets); "
                                  "pending_key_bugs: key-bug flags disputed between annotators and not adjudicated, no reference until decided")}};
    if (!r.isLive()) {
        o.insert(QStringLiteral("author"), r.author);
        o.insert(QStringLiteral("created"), r.created.toUTC().toString(Qt::ISODateWithMs));
        o.insert(QStringLiteral("live_references"), r.liveReferences);
        o.insert(QStringLiteral("live_fingerprint"), r.liveFingerprint);
    }
    return o;
}

QByteArray reportJson(const Evaluation &e)
{
    QJsonArray groups;
    for (qsizetype index = 0; index < e.groups.size(); ++index) {
        const QString &g = e.groups[index];
        QJsonObject stages;
        for (int s = 0; s < StageCount; ++s) {
            const auto stage = Stage(s);
            const AacrMetrics a = e.aacr(g, stage);
            // kbi..false_alarms: pooled over the configuration's runs; per_run: the paper's protocol.
            QJsonObject o = defectJson(e.defect(g, stage));
            o.insert(QStringLiteral("aggregation"), QStringLiteral("pooled"));
            o.insert(QStringLiteral("per_run"), perRunJson(e, g, stage));
            o.insert(QStringLiteral("line"), prfJson(a.line));
            if (a.semantic)
                o.insert(QStringLiteral("semantic"), prfJson(*a.semantic));
            o.insert(QStringLiteral("noise_rate"), figureJson(a.noise.percent()));
            // Table 9's figure needs every merge request's hunks: a merge
            // request without code here has none, which is said, not invented.
            o.insert(QStringLiteral("avg_comments_per_patch"), a.commentsPerPatch ? QJsonValue(*a.commentsPerPatch) : QJsonValue());
            o.insert(QStringLiteral("patches"), a.prsWithoutPatches == 0 ? QJsonValue(a.patches) : QJsonValue());
            if (!a.commentsPerPatch)
                o.insert(QStringLiteral("avg_comments_per_patch_unavailable"),
                         QStringLiteral("no diff for %1 of %2 merge requests (no code in their repository)").arg(a.prsWithoutPatches).arg(a.pullRequests));
            o.insert(QStringLiteral("avg_comments_per_pr"), a.commentsPerPr);
            // The key issues not found, told apart: a model saw their lines (missed) or none did (unreviewed).
            int missed = 0, unreviewed = 0;
            for (const RunEvaluation &r : e.runs)
                if (r.group == g) {
                    missed += static_cast<int>(r.stages[s].missed.size());
                    unreviewed += static_cast<int>(r.stages[s].unreviewed.size());
                }
            o.insert(QStringLiteral("key_issues_missed"), missed);
            o.insert(QStringLiteral("key_issues_unreviewed"), unreviewed);
            stages.insert(stageKey(stage), o);
        }
        QJsonArray runs;
        for (const RunEvaluation &r : e.runs)
            if (r.group == g)
                runs << r.run.id;
        // What identifies the configuration (ConfigurationIdentity.h): every
        // setting that can change the comments; none for runs without a
        // readable configuration, which are grouped by their label.
        const ConfigurationIdentity &identity = e.configurations[index];
        QJsonObject settings;
        for (const ConfigurationSetting &s : identity.settings)
            settings.insert(s.key, s.value);
        QJsonObject group{{QStringLiteral("configuration"), g},
                          {QStringLiteral("configuration_id"), identity.fingerprint()},
                          {QStringLiteral("settings"), identity.readable ? QJsonValue(settings) : QJsonValue()},
                          {QStringLiteral("runs"), runs},
                          {QStringLiteral("stages"), stages},
                          {QStringLiteral("coverage"), coverageJson(e, g)}};
        if (const auto tags = e.tagOutcomes(g); !tags.isEmpty())
            group.insert(QStringLiteral("cqs_tags"), tagsJson(tags, e.semantic));
        groups << group;
    }
    QJsonObject report{{QStringLiteral("references"), referenceSetJson(e.referenceSet)}, {QStringLiteral("semantic"), e.semantic}, {QStringLiteral("configurations"), groups}};
    if (e.semantic)
        report.insert(QStringLiteral("semantic_prompt"), e.semanticPrompt);
    if (!e.codeAgent.isEmpty())
        report.insert(QStringLiteral("codeagent"), codeAgentJson(e.codeAgent));
    return QJsonDocument(report).toJson(QJsonDocument::Indented);
}

Result<QByteArray> tablesReport(const Evaluation &evaluation, TableFormat format, const std::optional<QString> &onlyTable)
{
    // The set the figures were measured against, first (a CSV stays one
    // plain table per --table: the CLI says it on stderr).
    QString text;
    if (format == TableFormat::Markdown)
        text += evaluation.referenceSet.describe() + QStringLiteral("\n\n");
    else if (format == TableFormat::Latex)
        text += QStringLiteral("%% ") + evaluation.referenceSet.describe() + QLatin1Char('\n');
    const qsizetype header = text.size();
    for (const Table &t : evaluation.tables()) {
        if (onlyTable && t.id != *onlyTable)
            continue;
        if (format == TableFormat::Markdown)
            text += QStringLiteral("### ") + t.title + QStringLiteral("\n\n");
        else if (format == TableFormat::Latex)
            text += QStringLiteral("%% ") + t.title + QLatin1Char('\n');
        text += formatTable(t, format) + QLatin1Char('\n');
    }
    if (text.size() == header)
        return Error{Error::Kind::Usage, QStringLiteral("no table %1").arg(onlyTable.value_or(QString()))};
    return text.toUtf8();
}

} // namespace rd::eval
