#include "AacrRunConfig.h"

#include "ConfigJson.h"
#include "RunConfig.h"

#include <QCoreApplication>

#include <tuple>

namespace rd {

using namespace config;

namespace {

Error notAacr()
{
    return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"pipeline\" must be \"aacr\" for the AACR-Bench hunk review"));
}

} // namespace

Result<AacrRunConfig> AacrRunConfig::fromJson(const QByteArray &json)
{
    const Json j = Json::parse(json.toStdString(), nullptr, false);
    if (j.is_discarded() || !j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: not a JSON object"));
    if (auto e = unknownKey(j,
                            {QStringLiteral("pipeline"), QStringLiteral("context"), QStringLiteral("roles"), QStringLiteral("aacr"),
                             QStringLiteral("concurrency"), QStringLiteral("timeout_s"), QStringLiteral("retries")},
                            QString()))
        return *e;
    if (!j.contains("pipeline") || j["pipeline"] != "aacr")
        return notAacr();
    AacrRunConfig c;
    if (j.contains("context"))
        if (auto e = readAacrContext(j["context"], c.context))
            return *e;
    for (auto [key, min, max, out] : {std::tuple{"concurrency", 1, 64, &c.concurrency}, std::tuple{"timeout_s", 1, 3600, &c.timeoutSeconds},
                                      std::tuple{"retries", 0, 10, &c.retries}})
        if (auto e = readInt(j, key, min, max, *out))
            return *e;

    if (!j.contains("roles") || !j["roles"].is_object() || !j["roles"].contains("reviewer"))
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.reviewer is missing"));
    if (auto e = unknownKey(j["roles"], {QStringLiteral("reviewer"), QStringLiteral("embedding")}, QStringLiteral("roles.")))
        return *e;
    auto reviewer = readProfile(j["roles"]["reviewer"], QStringLiteral("reviewer"));
    if (!reviewer)
        return reviewer.error();
    c.reviewer = *reviewer;
    if (j["roles"].contains("embedding")) {
        auto embedding = readProfile(j["roles"]["embedding"], QStringLiteral("embedding"));
        if (!embedding)
            return embedding.error();
        c.embedding = *embedding;
    }
    if (auto e = checkAacrRoles(c.context, c.embedding.has_value()))
        return *e;
    if (j.contains("aacr"))
        if (auto e = readAacrOptions(j["aacr"], c.options))
            return *e;
    return c;
}

Result<AacrRunConfig> AacrRunConfig::fromRunConfig(const RunConfig &config)
{
    if (config.pipeline != PipelineKind::Aacr)
        return notAacr();
    AacrRunConfig c;
    if (auto e = readAacrContext(Json(config.context.isEmpty() ? std::string("none") : config.context.toStdString()), c.context))
        return *e;
    // The client settings were checked when the configuration was read (the
    // run dialog's are fixed or from spin boxes of the same ranges).
    c.concurrency = config.concurrency;
    c.timeoutSeconds = config.timeoutSeconds;
    c.retries = config.retries;
    const auto reviewer = config.roles.find(QStringLiteral("reviewer"));
    if (reviewer == config.roles.end())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.reviewer is missing"));
    QStringList roleNames;
    for (const auto &[name, profile] : config.roles)
        roleNames << name;
    if (auto e = unknownKey(roleNames, {QStringLiteral("reviewer"), QStringLiteral("embedding")}, QStringLiteral("roles.")))
        return *e;
    // Checked as read back, kept as they are: a replay's endpoint stays.
    if (auto checked = readProfile(profileJson(reviewer->second), reviewer->first); !checked)
        return checked.error();
    c.reviewer = reviewer->second;
    if (const auto e = config.roles.find(QStringLiteral("embedding")); e != config.roles.end()) {
        if (auto checked = readProfile(profileJson(e->second), e->first); !checked)
            return checked.error();
        c.embedding = e->second;
    }
    if (auto e = checkAacrRoles(c.context, c.embedding.has_value()))
        return *e;
    c.options = config.aacr;
    return c;
}

RunConfig AacrRunConfig::toRunConfig() const
{
    RunConfig c;
    c.pipeline = PipelineKind::Aacr;
    c.context = aacrContextName(context);
    c.concurrency = concurrency;
    c.timeoutSeconds = timeoutSeconds;
    c.retries = retries;
    c.roles[QStringLiteral("reviewer")] = reviewer;
    if (embedding)
        c.roles[QStringLiteral("embedding")] = *embedding;
    c.aacr = options;
    return c;
}

QByteArray AacrRunConfig::toJson() const
{
    Json roles = {{"reviewer", profileJson(reviewer)}};
    if (embedding)
        roles["embedding"] = profileJson(*embedding);
    const Json j = {{"pipeline", "aacr"},
                    {"context", aacrContextName(context).toStdString()},
                    {"concurrency", concurrency},
                    {"timeout_s", timeoutSeconds},
                    {"retries", retries},
                    {"roles", roles},
                    {"aacr", aacrOptionsJson(options, Written::All)}};
    return QByteArray::fromStdString(j.dump(2));
}

std::optional<Error> AacrRunConfig::checkApiKeys() const
{
    if (auto e = checkApiKey(reviewer, QStringLiteral("reviewer")))
        return e;
    if (embedding && context == AacrContext::Embedding)
        return checkApiKey(*embedding, QStringLiteral("embedding"));
    return std::nullopt;
}

} // namespace rd
