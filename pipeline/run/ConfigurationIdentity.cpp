#include "ConfigurationIdentity.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>
#include <QSet>

#include <algorithm>

namespace rd {

namespace {

QString onOff(bool on)
{
    return on ? QStringLiteral("on") : QStringLiteral("off");
}

// A number as it is compared: the shortest text that reads back as the same double.
QString exactNumber(double v)
{
    return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

QString baseNameOf(const RunConfig &config)
{
    // The other papers' reviewers share none of the defect pipeline's knobs:
    // their runs are a configuration of their own, never averaged with its runs.
    switch (config.pipeline) {
    case PipelineKind::Defect: break;
    case PipelineKind::Cqs: return QCoreApplication::translate("rd::pipeline", "CQS issue collector and judge");
    case PipelineKind::CodeAgent: return QCoreApplication::translate("rd::pipeline", "CodeAgent");
    case PipelineKind::Aacr:
        return QCoreApplication::translate("rd::pipeline", "AACR-Bench hunk review, %1 context").arg(config.context.isEmpty() ? QStringLiteral("none") : config.context);
    }
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "no"};
    return QCoreApplication::translate("rd::pipeline", "%1, %2 reviewers, top-%3, %4, %5 line numbers")
        .arg(QLatin1String(slicing[int(config.slicing)]))
        .arg(config.reviewers)
        .arg(config.topK)
        .arg(config.cot ? QCoreApplication::translate("rd::pipeline", "CoT") : QCoreApplication::translate("rd::pipeline", "no CoT"))
        .arg(QLatin1String(lines[int(config.lineFormat)]));
}

// The settings of one configuration, added in the order a label names them.
class IdentitySettings
{
public:
    void add(const QString &key, const QString &value, const QString &words, bool detail = false)
    {
        m_out.append({key, value, words, detail});
    }
    void add(const QString &key, int value, const QString &words)
    {
        add(key, QString::number(value), words);
    }

    // A role: its model (key "roles.NAME"), and what else of its profile
    // shapes its answers as details: temperature, top_p, max_tokens (an
    // answer cut short), json_mode. Not the endpoint URL(s): they say where
    // the model is served, and a team spreads one role over several
    // (docs/evaluation.md, "Configurations"); not the seed: it picks one
    // sample of the same configuration, as repeated runs are meant to; not
    // api_key_env.
    void role(const QString &name, const QString &who, const EndpointProfile &p, bool modelIsDetail = false)
    {
        const QString key = QStringLiteral("roles.") + name;
        add(key, p.model, who + QLatin1Char(' ') + p.model, modelIsDetail);
        add(key + QStringLiteral(".temperature"), exactNumber(p.temperature),
            QCoreApplication::translate("rd::pipeline", "%1 temperature %2").arg(who, QString::number(p.temperature)), true);
        add(key + QStringLiteral(".top_p"), p.topP ? exactNumber(*p.topP) : QStringLiteral("default"),
            p.topP ? QCoreApplication::translate("rd::pipeline", "%1 top-p %2").arg(who, QString::number(*p.topP))
                   : QCoreApplication::translate("rd::pipeline", "%1 top-p default").arg(who),
            true);
        add(key + QStringLiteral(".max_tokens"), QString::number(p.maxTokens), QCoreApplication::translate("rd::pipeline", "%1 max tokens %2").arg(who).arg(p.maxTokens),
            true);
        add(key + QStringLiteral(".json_mode"), onOff(p.jsonMode),
            p.jsonMode ? QCoreApplication::translate("rd::pipeline", "%1 JSON mode").arg(who) : QCoreApplication::translate("rd::pipeline", "%1 without JSON mode").arg(who),
            true);
    }

    // An optional role: "roles.NAME" is its model, or empty without it, so
    // a label names the role against a configuration without it.
    void optionalRole(const QString &name, const QString &who, const EndpointProfile *p, const QString &absent)
    {
        if (p)
            role(name, who, *p);
        else
            add(QStringLiteral("roles.") + name, QString(), absent);
    }

    QList<ConfigurationSetting> take() { return std::move(m_out); }

private:
    QList<ConfigurationSetting> m_out;
};

void defectSettings(const RunConfig &c, IdentitySettings &s)
{
    static const char *slicing[] = {"Original Diff", "Parent Function", "Left Flow", "Full Flow"};
    static const char *lines[] = {"inline", "relative", "none"};
    static const char *lineWords[] = {"inline", "relative", "no"};
    s.add(QStringLiteral("slicing"), algorithmName(c.slicing), QLatin1String(slicing[int(c.slicing)]));
    s.add(QStringLiteral("reviewers"), c.reviewers, QCoreApplication::translate("rd::pipeline", "%1 reviewers").arg(c.reviewers));
    s.add(QStringLiteral("top_k"), c.topK, QCoreApplication::translate("rd::pipeline", "top-%1").arg(c.topK));
    s.add(QStringLiteral("cot"), onOff(c.cot), c.cot ? QCoreApplication::translate("rd::pipeline", "CoT") : QCoreApplication::translate("rd::pipeline", "no CoT"));
    s.add(QStringLiteral("line_format"), QLatin1String(lines[int(c.lineFormat)]), QCoreApplication::translate("rd::pipeline", "%1 line numbers").arg(QLatin1String(lineWords[int(c.lineFormat)])));
    s.add(QStringLiteral("thresholds.nitpick"), c.nitpickThreshold, QCoreApplication::translate("rd::pipeline", "nitpick threshold %1").arg(c.nitpickThreshold));
    s.add(QStringLiteral("thresholds.fake"), c.fakeThreshold, QCoreApplication::translate("rd::pipeline", "fake threshold %1").arg(c.fakeThreshold));
    // The pipeline asks for min(min_agreement, reviewers) reviewers (SliceReview): above that it is the same.
    const int agreement = std::min(c.minAgreement, c.reviewers);
    s.add(QStringLiteral("min_agreement"), agreement, QCoreApplication::translate("rd::pipeline", "agreement of %1").arg(agreement));
    s.add(QStringLiteral("token_budget"), c.tokenBudget, QCoreApplication::translate("rd::pipeline", "slices of %1 tokens").arg(c.tokenBudget));
    s.role(QStringLiteral("reviewer"), QCoreApplication::translate("rd::pipeline", "reviewer"), c.reviewer, false);
    s.optionalRole(QStringLiteral("meta_reviewer"), QCoreApplication::translate("rd::pipeline", "meta-reviewer"), c.metaReviewer ? &*c.metaReviewer : nullptr, QCoreApplication::translate("rd::pipeline", "no meta-reviewer"));
    s.optionalRole(QStringLiteral("validator"), QCoreApplication::translate("rd::pipeline", "validator"), c.validator ? &*c.validator : nullptr, QCoreApplication::translate("rd::pipeline", "no validator"));
    // The translator is there exactly when a language is (RunConfig::fromJson).
    s.add(QStringLiteral("language"), c.language, c.language.isEmpty() ? QCoreApplication::translate("rd::pipeline", "untranslated") : QCoreApplication::translate("rd::pipeline", "translated to %1").arg(c.language));
    if (c.translator && !c.language.isEmpty())
        s.role(QStringLiteral("translator"), QCoreApplication::translate("rd::pipeline", "translator"), *c.translator, true);
}

void cqsSettings(const RunConfig &c, IdentitySettings &s)
{
    s.add(QStringLiteral("cqs.threshold"), c.cqs.threshold, QCoreApplication::translate("rd::pipeline", "threshold %1").arg(c.cqs.threshold));
    if (const EndpointProfile *p = c.role(QStringLiteral("collector")))
        s.role(QStringLiteral("collector"), QCoreApplication::translate("rd::pipeline", "collector"), *p, false);
    if (const EndpointProfile *p = c.role(QStringLiteral("judge")))
        s.role(QStringLiteral("judge"), QCoreApplication::translate("rd::pipeline", "judge"), *p, false);
    s.add(QStringLiteral("cqs.context_lines"), c.cqs.contextLines, QCoreApplication::translate("rd::pipeline", "%1 context lines").arg(c.cqs.contextLines));
    // The extra tags are offered in the order given: the prompt reads them so.
    const QString tags = c.cqs.extraTags.join(QStringLiteral(", "));
    s.add(QStringLiteral("cqs.tags"), tags, tags.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no extra tags") : QCoreApplication::translate("rd::pipeline", "extra tags %1").arg(tags));
    // One setting per rule, so a label names only the rules that differ. The
    // order of the rules changes nothing (a rule naming the language wins).
    QList<CqsTagRule> rules = c.cqs.rules;
    std::sort(rules.begin(), rules.end(), [](const CqsTagRule &a, const CqsTagRule &b) { return std::pair(a.tag, a.language) < std::pair(b.tag, b.language); });
    for (const CqsTagRule &r : rules) {
        const QString where = r.language.isEmpty() ? r.tag : QStringLiteral("%1/%2").arg(r.tag, r.language);
        const QString value = !r.enabled ? QStringLiteral("off") : r.minScore ? QString::number(*r.minScore) : QStringLiteral("on");
        const QString words = !r.enabled ? QCoreApplication::translate("rd::pipeline", "%1 off").arg(where) : r.minScore ? QCoreApplication::translate("rd::pipeline", "%1 from score %2").arg(where).arg(*r.minScore) : QCoreApplication::translate("rd::pipeline", "%1 on").arg(where);
        s.add(QStringLiteral("cqs.rule.") + where, value, words);
    }
}

void codeAgentSettings(const RunConfig &c, IdentitySettings &s)
{
    const EndpointProfile *checker = c.role(QStringLiteral("qa_checker"));
    s.add(QStringLiteral("codeagent.qa_checker"), onOff(checker), checker ? QCoreApplication::translate("rd::pipeline", "QA-Checker on") : QCoreApplication::translate("rd::pipeline", "QA-Checker off"));
    // τ only decides something when the QA-Checker scores the answers.
    if (checker)
        s.add(QStringLiteral("codeagent.threshold"), exactNumber(c.codeAgent.threshold), QCoreApplication::translate("rd::pipeline", "τ %1").arg(QString::number(c.codeAgent.threshold)));
    if (const EndpointProfile *p = c.role(QStringLiteral("agent")))
        s.role(QStringLiteral("agent"), QCoreApplication::translate("rd::pipeline", "agent"), *p, false);
    if (checker) {
        s.role(QStringLiteral("qa_checker"), QCoreApplication::translate("rd::pipeline", "QA-Checker"), *checker, true);
        if (const EndpointProfile *e = c.role(QStringLiteral("embedding")))
            s.add(QStringLiteral("roles.embedding"), e->model, QCoreApplication::translate("rd::pipeline", "embeddings %1").arg(e->model), true);
    }
    // The tasks run in the paper's order whatever order the file lists them in.
    QStringList tasks;
    for (const QString &t : CodeAgentOptions().tasks)
        if (c.codeAgent.tasks.contains(t))
            tasks << t;
    s.add(QStringLiteral("codeagent.tasks"), tasks.join(QLatin1Char(',')), QCoreApplication::translate("rd::pipeline", "tasks %1").arg(tasks.join(QStringLiteral(", "))));
    s.add(QStringLiteral("codeagent.max_turns"), c.codeAgent.maxTurns, QCoreApplication::translate("rd::pipeline", "%1 turns").arg(c.codeAgent.maxTurns));
    s.add(QStringLiteral("codeagent.context_lines"), c.codeAgent.contextLines, QCoreApplication::translate("rd::pipeline", "%1 context lines").arg(c.codeAgent.contextLines));
}

void aacrSettings(const RunConfig &c, IdentitySettings &s)
{
    const QString context = c.context.isEmpty() ? QStringLiteral("none") : c.context;
    const AacrContext mode = aacrContextFromName(context).value_or(AacrContext::None);
    s.add(QStringLiteral("context"), context, QCoreApplication::translate("rd::pipeline", "%1 context").arg(context));
    if (const EndpointProfile *p = c.role(QStringLiteral("reviewer")))
        s.role(QStringLiteral("reviewer"), QCoreApplication::translate("rd::pipeline", "reviewer"), *p, false);
    // Only the options the context reads (AacrHunkReview, AacrPrAgent,
    // AgentToolLoop): the others are there in every configuration and change nothing.
    const AacrOptions &o = c.aacr;
    if (mode == AacrContext::Embedding)
        if (const EndpointProfile *e = c.role(QStringLiteral("embedding")))
            s.add(QStringLiteral("roles.embedding"), e->model, QCoreApplication::translate("rd::pipeline", "embeddings %1").arg(e->model));
    if (mode == AacrContext::Bm25 || mode == AacrContext::Embedding)
        s.add(QStringLiteral("aacr.top_k"), o.topK, QCoreApplication::translate("rd::pipeline", "top-%1 chunks").arg(o.topK));
    if (mode != AacrContext::None) {
        s.add(QStringLiteral("aacr.chunk_lines"), o.chunkLines, QCoreApplication::translate("rd::pipeline", "chunks of %1 lines").arg(o.chunkLines));
        s.add(QStringLiteral("aacr.chunk_overlap"), o.chunkOverlap, QCoreApplication::translate("rd::pipeline", "chunk overlap %1").arg(o.chunkOverlap));
        s.add(QStringLiteral("aacr.max_file_bytes"), o.maxFileBytes, QCoreApplication::translate("rd::pipeline", "files up to %1 bytes").arg(o.maxFileBytes));
    }
    // Above the limit the search is approximate (HNSW) and may find other chunks.
    if (mode == AacrContext::Embedding)
        s.add(QStringLiteral("aacr.exact_search_limit"), o.exactSearchLimit, QCoreApplication::translate("rd::pipeline", "exact search up to %1 vectors").arg(o.exactSearchLimit));
    if (mode == AacrContext::Agent || mode == AacrContext::AgentPr)
        s.add(QStringLiteral("aacr.tool_result_chars"), o.toolResultChars, QCoreApplication::translate("rd::pipeline", "tool answers of %1 characters").arg(o.toolResultChars));
    if (mode == AacrContext::Agent) {
        s.add(QStringLiteral("aacr.max_turns"), o.maxTurns, QCoreApplication::translate("rd::pipeline", "%1 turns").arg(o.maxTurns));
        s.add(QStringLiteral("aacr.token_budget"), o.tokenBudget, QCoreApplication::translate("rd::pipeline", "%1 tokens per hunk").arg(o.tokenBudget));
    }
    if (mode == AacrContext::AgentPr) {
        s.add(QStringLiteral("aacr.pr_max_turns"), o.prMaxTurns, QCoreApplication::translate("rd::pipeline", "%1 turns over the pull request").arg(o.prMaxTurns));
        s.add(QStringLiteral("aacr.pr_token_budget"), o.prTokenBudget, QCoreApplication::translate("rd::pipeline", "%1 tokens over the pull request").arg(o.prTokenBudget));
        s.add(QStringLiteral("aacr.max_findings"), o.maxFindings, QCoreApplication::translate("rd::pipeline", "%1 findings validated").arg(o.maxFindings));
        s.add(QStringLiteral("aacr.validator_max_turns"), o.validatorMaxTurns, QCoreApplication::translate("rd::pipeline", "%1 turns per validation").arg(o.validatorMaxTurns));
        s.add(QStringLiteral("aacr.validator_token_budget"), o.validatorTokenBudget, QCoreApplication::translate("rd::pipeline", "%1 tokens per validation").arg(o.validatorTokenBudget));
    }
}

} // namespace

QString ConfigurationIdentity::key() const
{
    // JSON: no value can be read as a separator, whatever characters a model name holds.
    QJsonArray pairs;
    if (!readable)
        pairs.append(QJsonArray{QStringLiteral("unreadable"), baseName});
    for (const ConfigurationSetting &s : settings)
        pairs.append(QJsonArray{s.key, s.value});
    return QString::fromUtf8(QJsonDocument(pairs).toJson(QJsonDocument::Compact));
}

QString ConfigurationIdentity::fingerprint() const
{
    return QString::fromLatin1(QCryptographicHash::hash(key().toUtf8(), QCryptographicHash::Sha256).toHex().left(12));
}

const ConfigurationSetting *ConfigurationIdentity::setting(const QString &name) const
{
    for (const ConfigurationSetting &s : settings)
        if (s.key == name)
            return &s;
    return nullptr;
}

ConfigurationIdentity configurationIdentity(const RunConfig &config)
{
    ConfigurationIdentity id;
    id.baseName = baseNameOf(config);
    IdentitySettings s;
    s.add(QStringLiteral("pipeline"), pipelineName(config.pipeline), QCoreApplication::translate("rd::pipeline", "pipeline %1").arg(pipelineName(config.pipeline)));
    switch (config.pipeline) {
    case PipelineKind::Defect: defectSettings(config, s); break;
    case PipelineKind::Cqs: cqsSettings(config, s); break;
    case PipelineKind::CodeAgent: codeAgentSettings(config, s); break;
    case PipelineKind::Aacr: aacrSettings(config, s); break;
    }
    id.settings = s.take();
    return id;
}

ConfigurationIdentity unreadableConfiguration(const QString &runLabel)
{
    ConfigurationIdentity id;
    id.baseName = runLabel.isEmpty() ? QCoreApplication::translate("rd::pipeline", "unknown configuration") : runLabel;
    id.readable = false;
    return id;
}

QList<ConfigurationLabel> configurationLabels(const QList<ConfigurationIdentity> &configurations)
{
    QStringList keys;
    for (const ConfigurationIdentity &c : configurations)
        keys << c.key();
    QList<ConfigurationLabel> out;
    for (qsizetype i = 0; i < configurations.size(); ++i) {
        const ConfigurationIdentity &me = configurations[i];
        ConfigurationLabel label{me.baseName, {}};
        QStringList words;
        for (const ConfigurationSetting &s : me.settings) {
            bool differs = false;
            for (qsizetype j = 0; j < configurations.size() && !differs; ++j) {
                const ConfigurationIdentity &other = configurations[j];
                if (!other.readable || other.baseName != me.baseName || keys[j] == keys[i])
                    continue;
                const ConfigurationSetting *theirs = other.setting(s.key);
                differs = theirs ? theirs->value != s.value : !s.detail;
            }
            if (differs) {
                label.named << s.key;
                words << s.words;
            }
        }
        if (!words.isEmpty())
            label.text += QStringLiteral(" (%1)").arg(words.join(QStringLiteral(", ")));
        out << label;
    }
    // Different configurations whose words still coincide (a run label equal
    // to a configuration's name, numbers equal to six digits) are told apart
    // by their fingerprints.
    QHash<QString, QSet<QString>> keysOfText;
    for (qsizetype i = 0; i < out.size(); ++i)
        keysOfText[out[i].text].insert(keys[i]);
    for (qsizetype i = 0; i < out.size(); ++i)
        if (keysOfText.value(out[i].text).size() > 1)
            out[i].text += QStringLiteral(" [%1]").arg(configurations[i].fingerprint());
    return out;
}

} // namespace rd
