#include "RunConfig.h"

#include "ConfigJson.h"
#include "LlmClient.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <tuple>

namespace rd {

using namespace config;

namespace {

QStringList knownKeys()
{
    return {QStringLiteral("slicing"), QStringLiteral("reviewers"), QStringLiteral("top_k"), QStringLiteral("thresholds"), QStringLiteral("min_agreement"),
            QStringLiteral("cot"), QStringLiteral("line_format"), QStringLiteral("language"), QStringLiteral("concurrency"), QStringLiteral("timeout_s"),
            QStringLiteral("max_answer_bytes"), QStringLiteral("retries"), QStringLiteral("token_budget"), QStringLiteral("roles"), QStringLiteral("pipeline"), QStringLiteral("context"),
            QStringLiteral("cqs"), QStringLiteral("codeagent"), QStringLiteral("aacr")};
}

// The keys that only one pipeline reads; anywhere else they are errors
// naming that pipeline, so a defect configuration is not run as CQS unnoticed.
std::optional<QString> onlyFor(const std::string &key)
{
    static const std::map<std::string, QString> owners = {
        {"slicing", QStringLiteral("defect")},   {"reviewers", QStringLiteral("defect")},     {"top_k", QStringLiteral("defect")},
        {"thresholds", QStringLiteral("defect")}, {"min_agreement", QStringLiteral("defect")}, {"line_format", QStringLiteral("defect")},
        {"language", QStringLiteral("defect")},  {"context", QStringLiteral("aacr")},         {"aacr", QStringLiteral("aacr")},
        {"cqs", QStringLiteral("cqs")},          {"codeagent", QStringLiteral("codeagent")}};
    const auto it = owners.find(key);
    if (it == owners.end())
        return std::nullopt;
    return it->second;
}

// The roles each pipeline has; the first ones listed are required.
struct PipelineRoles
{
    QStringList required;
    QStringList optional;
};

PipelineRoles rolesOf(PipelineKind kind)
{
    switch (kind) {
    case PipelineKind::Defect:
        return {{QStringLiteral("reviewer")}, {QStringLiteral("meta_reviewer"), QStringLiteral("validator"), QStringLiteral("translator")}};
    case PipelineKind::Cqs: return {{QStringLiteral("collector"), QStringLiteral("judge")}, {}};
    case PipelineKind::Aacr: return {{QStringLiteral("reviewer")}, {QStringLiteral("embedding")}};
    case PipelineKind::CodeAgent: return {{QStringLiteral("agent")}, {QStringLiteral("qa_checker"), QStringLiteral("embedding")}};
    }
    return {};
}

// Reads "cqs": {threshold, context_lines, tags, rules: [{tag, language, enabled, min_score}]}.
std::optional<Error> readCqs(const Json &j, CqsOptions &out)
{
    if (!j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cqs\" must be an object"));
    if (auto e = unknownKey(j, {QStringLiteral("threshold"), QStringLiteral("context_lines"), QStringLiteral("tags"), QStringLiteral("rules")}, QStringLiteral("cqs.")))
        return *e;
    if (auto e = readInt(j, "threshold", 0, 10, out.threshold))
        return *e;
    if (auto e = readInt(j, "context_lines", 0, 50, out.contextLines))
        return *e;
    if (j.contains("tags")) {
        if (!j["tags"].is_array())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cqs.tags\" must be a list of tag names"));
        for (const Json &t : j["tags"]) {
            if (!t.is_string() || t.get<std::string>().empty())
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cqs.tags\" must be a list of tag names"));
            out.extraTags << QString::fromStdString(t.get<std::string>());
        }
    }
    if (j.contains("rules")) {
        if (!j["rules"].is_array())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cqs.rules\" must be a list of rules"));
        int n = 0;
        for (const Json &r : j["rules"]) {
            const QString prefix = QStringLiteral("cqs.rules[%1].").arg(n++);
            if (!r.is_object())
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1 must be an object").arg(prefix.chopped(1)));
            if (auto e = unknownKey(r, {QStringLiteral("tag"), QStringLiteral("language"), QStringLiteral("enabled"), QStringLiteral("min_score")}, prefix))
                return *e;
            CqsTagRule rule;
            if (!r.contains("tag") || !r["tag"].is_string() || r["tag"].get<std::string>().empty())
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1tag is missing").arg(prefix));
            rule.tag = QString::fromStdString(r["tag"].get<std::string>());
            if (r.contains("language")) {
                if (!r["language"].is_string())
                    return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1language must be a language name").arg(prefix));
                rule.language = QString::fromStdString(r["language"].get<std::string>()).toLower();
            }
            if (r.contains("enabled")) {
                if (!r["enabled"].is_boolean())
                    return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1enabled must be true or false").arg(prefix));
                rule.enabled = r["enabled"].get<bool>();
            }
            if (r.contains("min_score")) {
                int score = 0;
                if (auto e = readInt(r, "min_score", 0, 10, score))
                    return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1min_score must be a whole number from 0 to 10").arg(prefix));
                rule.minScore = score;
            }
            for (const CqsTagRule &earlier : out.rules)
                if (earlier.tag == rule.tag && earlier.language == rule.language)
                    return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1 repeats the rule for tag \"%2\"%3")
                                       .arg(prefix.chopped(1), rule.tag, rule.language.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(rule.language)));
            out.rules << rule;
        }
    }
    return std::nullopt;
}

// Reads "codeagent": {tasks, threshold, max_turns, context_lines}.
std::optional<Error> readCodeAgent(const Json &j, CodeAgentOptions &out)
{
    if (!j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"codeagent\" must be an object"));
    if (auto e = unknownKey(j, {QStringLiteral("tasks"), QStringLiteral("threshold"), QStringLiteral("max_turns"), QStringLiteral("context_lines")},
                            QStringLiteral("codeagent.")))
        return *e;
    if (auto e = readInt(j, "max_turns", 1, 50, out.maxTurns))
        return *e;
    if (auto e = readInt(j, "context_lines", 0, 50, out.contextLines))
        return *e;
    if (j.contains("threshold")) {
        if (!j["threshold"].is_number() || j["threshold"].get<double>() < 0 || j["threshold"].get<double>() > 10)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"codeagent.threshold\" must be a number from 0 to 10"));
        out.threshold = j["threshold"].get<double>();
    }
    if (j.contains("tasks")) {
        const QStringList known = CodeAgentOptions().tasks;
        if (!j["tasks"].is_array() || j["tasks"].empty())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"codeagent.tasks\" must be a list of tasks (%1)").arg(known.join(QStringLiteral(", "))));
        out.tasks.clear();
        for (const Json &t : j["tasks"]) {
            const QString task = t.is_string() ? QString::fromStdString(t.get<std::string>()) : QString();
            if (!known.contains(task))
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"codeagent.tasks\" has \"%1\"; the tasks are %2")
                                   .arg(task, known.join(QStringLiteral(", "))));
            if (!out.tasks.contains(task))
                out.tasks << task;
        }
    }
    return std::nullopt;
}

// The keys every pipeline has: how its client talks to endpoints and the
// slice token budget, each within its range.
std::optional<Error> readClientKeys(const Json &j, RunConfig &c)
{
    for (const auto &[key, min, max, target] : {std::tuple{"concurrency", 1, 64, &c.concurrency}, std::tuple{"timeout_s", 1, 3600, &c.timeoutSeconds},
                                                std::tuple{"retries", 0, 10, &c.retries}, std::tuple{"max_answer_bytes", 1024, 1 << 30, &c.maxAnswerBytes},
                                                std::tuple{"token_budget", 500, 1000000, &c.tokenBudget}})
        if (auto e = readInt(j, key, min, max, *target))
            return e;
    return std::nullopt;
}

// The common keys and the roles and options of a pipeline other than defect.
Result<RunConfig> readOtherPipeline(const Json &j, RunConfig c)
{
    if (auto e = readClientKeys(j, c))
        return *e;
    if (j.contains("cot")) {
        if (!j["cot"].is_boolean())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cot\" must be true or false"));
        c.cot = j["cot"].get<bool>();
    }
    const QString name = pipelineName(c.pipeline);
    const PipelineRoles roles = rolesOf(c.pipeline);
    if (!j.contains("roles") || !j["roles"].is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1 is missing").arg(roles.required.first()));
    for (const auto &[key, value] : j["roles"].items()) {
        const QString role = QString::fromStdString(key);
        if (!roles.required.contains(role) && !roles.optional.contains(role))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: the %1 pipeline has no role \"%2\" (its roles: %3)")
                               .arg(name, role, (roles.required + roles.optional).join(QStringLiteral(", "))));
        auto profile = readProfile(value, role);
        if (!profile)
            return profile.error();
        c.roles[role] = *profile;
    }
    for (const QString &role : roles.required)
        if (!c.roles.count(role))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1 is missing (the %2 pipeline needs it)").arg(role, name));
    if (c.pipeline == PipelineKind::Cqs && j.contains("cqs"))
        if (auto e = readCqs(j["cqs"], c.cqs))
            return *e;
    if (c.pipeline == PipelineKind::CodeAgent && j.contains("codeagent"))
        if (auto e = readCodeAgent(j["codeagent"], c.codeAgent))
            return *e;
    // The QA-Checker's relevance is the cosine similarity of embeddings (codeagent.txt App. A).
    if (c.pipeline == PipelineKind::CodeAgent && c.roles.count(QStringLiteral("qa_checker")) != c.roles.count(QStringLiteral("embedding")))
        return invalid(c.roles.count(QStringLiteral("qa_checker"))
                           ? QCoreApplication::translate("rd::pipeline", "run configuration: roles.qa_checker needs roles.embedding (the /v1/embeddings endpoint and model of the QA-Checker's relevance)")
                           : QCoreApplication::translate("rd::pipeline", "run configuration: roles.embedding is the QA-Checker's; without roles.qa_checker nothing uses it"));
    if (c.pipeline == PipelineKind::Aacr) {
        AacrContext context = AacrContext::None;
        if (j.contains("context"))
            if (auto e = readAacrContext(j["context"], context))
                return *e;
        c.context = aacrContextName(context);
        // In the order an AACR run configuration is checked: the "aacr"
        // object's type (its reader says it is not one), the roles the
        // context needs, then the options.
        if (j.contains("aacr") && !j["aacr"].is_object())
            return *readAacrOptions(j["aacr"], c.aacr);
        if (auto e = checkAacrRoles(context, c.roles.count(QStringLiteral("embedding")) > 0))
            return *e;
        if (j.contains("aacr"))
            if (auto e = readAacrOptions(j["aacr"], c.aacr))
                return *e;
    }
    return c;
}

} // namespace

QString pipelineName(PipelineKind kind)
{
    switch (kind) {
    case PipelineKind::Defect: return QStringLiteral("defect");
    case PipelineKind::Cqs: return QStringLiteral("cqs");
    case PipelineKind::Aacr: return QStringLiteral("aacr");
    case PipelineKind::CodeAgent: return QStringLiteral("codeagent");
    }
    return {};
}

std::optional<PipelineKind> pipelineFromName(const QString &name)
{
    for (PipelineKind kind : {PipelineKind::Defect, PipelineKind::Cqs, PipelineKind::Aacr, PipelineKind::CodeAgent})
        if (pipelineName(kind) == name)
            return kind;
    return std::nullopt;
}

const EndpointProfile *RunConfig::role(const QString &name) const
{
    for (const auto &[roleName, profile] : profiles())
        if (roleName == name)
            return profile;
    return nullptr;
}

QList<std::pair<QString, EndpointProfile *>> RunConfig::profiles()
{
    QList<std::pair<QString, EndpointProfile *>> out;
    if (pipeline == PipelineKind::Defect) {
        out.append({QStringLiteral("reviewer"), &reviewer});
        for (auto [name, p] : {std::pair{"meta_reviewer", &metaReviewer}, std::pair{"validator", &validator}, std::pair{"translator", &translator}})
            if (*p)
                out.append({QLatin1String(name), &**p});
    }
    // In the pipeline's order (its main role first: the comments' source model).
    const PipelineRoles order = rolesOf(pipeline);
    for (const QString &name : order.required + order.optional)
        if (const auto it = roles.find(name); it != roles.end())
            out.append({name, &it->second});
    return out;
}

QList<std::pair<QString, const EndpointProfile *>> RunConfig::profiles() const
{
    QList<std::pair<QString, const EndpointProfile *>> out;
    for (const auto &[name, profile] : const_cast<RunConfig *>(this)->profiles())
        out.append({name, profile});
    return out;
}

Result<RunConfig> RunConfig::fromJson(const QByteArray &text)
{
    const Json j = Json::parse(text.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: not a JSON object"));
    if (auto e = unknownKey(j, knownKeys(), QString()))
        return *e;
    RunConfig c;
    if (j.contains("pipeline")) {
        const auto kind = j["pipeline"].is_string() ? pipelineFromName(QString::fromStdString(j["pipeline"].get<std::string>())) : std::nullopt;
        if (!kind)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"pipeline\" must be defect, cqs, aacr or codeagent"));
        c.pipeline = *kind;
    }
    for (const auto &[key, value] : j.items())
        if (const auto owner = onlyFor(key); owner && *owner != pipelineName(c.pipeline))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"%1\" belongs to the %2 pipeline, not to %3")
                               .arg(QString::fromStdString(key), *owner, pipelineName(c.pipeline)));
    if (c.pipeline != PipelineKind::Defect && j.contains("cot") && c.pipeline != PipelineKind::Aacr)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cot\" has no meaning for the %1 pipeline").arg(pipelineName(c.pipeline)));
    if (c.pipeline != PipelineKind::Defect)
        return readOtherPipeline(j, c);
    if (j.contains("slicing")) {
        const auto a = j["slicing"].is_string() ? algorithmFromName(QString::fromStdString(j["slicing"].get<std::string>())) : std::nullopt;
        if (!a)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"slicing\" must be original, parent, left or full"));
        c.slicing = *a;
    }
    for (const auto &[key, min, max, target] : {std::tuple{"reviewers", 1, 16, &c.reviewers}, std::tuple{"top_k", 1, 100, &c.topK},
                                                std::tuple{"min_agreement", 1, 16, &c.minAgreement}})
        if (auto e = readInt(j, key, min, max, *target))
            return *e;
    if (auto e = readClientKeys(j, c))
        return *e;
    if (j.contains("thresholds")) {
        if (!j["thresholds"].is_object())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"thresholds\" must be an object with nitpick and fake"));
        if (auto e = unknownKey(j["thresholds"], {QStringLiteral("nitpick"), QStringLiteral("fake")}, QStringLiteral("thresholds.")))
            return *e;
        if (auto e = readInt(j["thresholds"], "nitpick", 0, 7, c.nitpickThreshold))
            return *e;
        if (auto e = readInt(j["thresholds"], "fake", 0, 7, c.fakeThreshold))
            return *e;
    }
    if (j.contains("cot")) {
        if (!j["cot"].is_boolean())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"cot\" must be true or false"));
        c.cot = j["cot"].get<bool>();
    }
    if (j.contains("line_format")) {
        const auto f = j["line_format"].is_string() ? lineFormatFromName(QString::fromStdString(j["line_format"].get<std::string>())) : std::nullopt;
        if (!f)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"line_format\" must be inline, relative or none"));
        c.lineFormat = *f;
    }
    if (j.contains("language")) {
        if (!j["language"].is_string())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"language\" must be a language name or empty"));
        c.language = QString::fromStdString(j["language"].get<std::string>());
    }
    if (!j.contains("roles") || !j["roles"].is_object() || !j["roles"].contains("reviewer"))
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.reviewer is missing"));
    for (const auto &[key, value] : j["roles"].items()) {
        const QString role = QString::fromStdString(key);
        auto profile = readProfile(value, role);
        if (!profile)
            return profile.error();
        if (key == "reviewer")
            c.reviewer = *profile;
        else if (key == "meta_reviewer")
            c.metaReviewer = *profile;
        else if (key == "validator")
            c.validator = *profile;
        else if (key == "translator")
            c.translator = *profile;
        else
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: unknown role \"%1\" (reviewer, meta_reviewer, validator, translator)").arg(role));
    }
    // Combinations that cannot give what they ask for.
    if (c.minAgreement > c.reviewers) {
        if (j.contains("min_agreement"))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"min_agreement\" (%1) is more than \"reviewers\" (%2): no comment could pass")
                               .arg(c.minAgreement)
                               .arg(c.reviewers));
        c.minAgreement = c.reviewers; // the default of 2 with a single reviewer
    }
    if (!c.language.isEmpty() && !c.translator)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"language\" is set but roles.translator is missing"));
    if (c.language.isEmpty() && c.translator)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.translator is set but \"language\" is empty"));
    return c;
}

std::optional<Error> RunConfig::checkApiKeys() const
{
    for (const auto &[role, profile] : profiles())
        if (auto e = profile ? checkApiKey(*profile, role) : std::nullopt)
            return e;
    return std::nullopt;
}

QByteArray RunConfig::toJson() const
{
    if (pipeline != PipelineKind::Defect)
        return otherPipelineJson();
    Json roles = {{"reviewer", profileJson(reviewer)}};
    if (metaReviewer)
        roles["meta_reviewer"] = profileJson(*metaReviewer);
    if (validator)
        roles["validator"] = profileJson(*validator);
    if (translator)
        roles["translator"] = profileJson(*translator);
    const char *formats[] = {"inline", "relative", "none"};
    Json j = {{"slicing", algorithmName(slicing).toStdString()},
                    {"reviewers", reviewers},
                    {"top_k", topK},
                    {"thresholds", {{"nitpick", nitpickThreshold}, {"fake", fakeThreshold}}},
                    {"min_agreement", minAgreement},
                    {"cot", cot},
                    {"line_format", formats[static_cast<int>(lineFormat)]},
                    {"language", language.toStdString()},
                    {"concurrency", concurrency},
                    {"timeout_s", timeoutSeconds},
                    {"retries", retries},
                    {"token_budget", tokenBudget},
                    {"roles", roles}};
    // Written only when set, so the records of runs with the default read as before.
    if (maxAnswerBytes != RunConfig{}.maxAnswerBytes)
        j["max_answer_bytes"] = maxAnswerBytes;
    return QByteArray::fromStdString(j.dump(2));
}

LlmClientOptions RunConfig::clientOptions() const
{
    LlmClientOptions options;
    options.timeoutMs = timeoutSeconds * 1000;
    options.retries = retries;
    options.concurrency = concurrency;
    options.maxAnswerBytes = maxAnswerBytes;
    return options;
}

QByteArray RunConfig::otherPipelineJson() const
{
    Json j = {{"pipeline", pipelineName(pipeline).toStdString()}};
    if (pipeline == PipelineKind::Aacr)
        j["context"] = context.toStdString();
    j["concurrency"] = concurrency;
    j["timeout_s"] = timeoutSeconds;
    if (maxAnswerBytes != RunConfig{}.maxAnswerBytes)
        j["max_answer_bytes"] = maxAnswerBytes;
    j["retries"] = retries;
    j["token_budget"] = tokenBudget;
    if (pipeline == PipelineKind::Aacr)
        j["cot"] = cot;
    Json roleList = Json::object();
    for (const auto &[name, profile] : roles)
        roleList[name.toStdString()] = profileJson(profile);
    j["roles"] = roleList;
    if (pipeline == PipelineKind::Cqs) {
        Json tags = Json::array();
        for (const QString &t : cqs.extraTags)
            tags.push_back(t.toStdString());
        Json rules = Json::array();
        for (const CqsTagRule &r : cqs.rules) {
            Json rule = {{"tag", r.tag.toStdString()}};
            if (!r.language.isEmpty())
                rule["language"] = r.language.toStdString();
            rule["enabled"] = r.enabled;
            if (r.minScore)
                rule["min_score"] = *r.minScore;
            rules.push_back(rule);
        }
        j["cqs"] = {{"threshold", cqs.threshold}, {"context_lines", cqs.contextLines}, {"tags", tags}, {"rules", rules}};
    } else if (pipeline == PipelineKind::CodeAgent) {
        Json tasks = Json::array();
        for (const QString &t : codeAgent.tasks)
            tasks.push_back(t.toStdString());
        j["codeagent"] = {{"tasks", tasks}, {"threshold", codeAgent.threshold}, {"max_turns", codeAgent.maxTurns}, {"context_lines", codeAgent.contextLines}};
    } else if (pipeline == PipelineKind::Aacr) {
        // Only what differs from the defaults: a run with them reads as before.
        if (Json aacrJson = aacrOptionsJson(aacr, Written::ChangedOnly); !aacrJson.empty())
            j["aacr"] = aacrJson;
    }
    return QByteArray::fromStdString(j.dump(2));
}

} // namespace rd
