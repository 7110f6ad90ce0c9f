#include "RunUsage.h"

#include "ConfigJson.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <numeric>

namespace rd {

using Json = nlohmann::ordered_json;

std::optional<double> RoleUsage::costUsd() const
{
    if (!price)
        return usedTokens() ? std::nullopt : std::optional<double>(0.0);
    return price->costOf(promptTokens, completionTokens);
}

std::optional<double> RoleUsage::recordedCostUsd() const
{
    if (!price)
        return recordedPromptTokens + recordedCompletionTokens > 0 ? std::nullopt : std::optional<double>(0.0);
    return price->costOf(recordedPromptTokens, recordedCompletionTokens);
}

namespace {

template <typename T, typename F>
T sumOver(const QList<RoleUsage> &roles, F field)
{
    return std::accumulate(roles.begin(), roles.end(), T{}, [&](T s, const RoleUsage &r) { return s + field(r); });
}

// A sum of costs: empty when any part is unknown.
template <typename F>
std::optional<double> costSum(const QList<RoleUsage> &roles, F cost)
{
    double total = 0;
    for (const RoleUsage &r : roles) {
        const std::optional<double> c = cost(r);
        if (!c)
            return std::nullopt;
        total += *c;
    }
    return total;
}

} // namespace

qint64 RunUsage::promptTokens() const
{
    return sumOver<qint64>(roles, [](const RoleUsage &r) { return r.promptTokens; });
}

qint64 RunUsage::completionTokens() const
{
    return sumOver<qint64>(roles, [](const RoleUsage &r) { return r.completionTokens; });
}

qint64 RunUsage::recordedPromptTokens() const
{
    return sumOver<qint64>(roles, [](const RoleUsage &r) { return r.recordedPromptTokens; });
}

qint64 RunUsage::recordedCompletionTokens() const
{
    return sumOver<qint64>(roles, [](const RoleUsage &r) { return r.recordedCompletionTokens; });
}

int RunUsage::requests() const
{
    return sumOver<int>(roles, [](const RoleUsage &r) { return r.requests; });
}

int RunUsage::recordedRequests() const
{
    return sumOver<int>(roles, [](const RoleUsage &r) { return r.recordedRequests; });
}

std::optional<double> RunUsage::costUsd() const
{
    return costSum(roles, [](const RoleUsage &r) { return r.costUsd(); });
}

std::optional<double> RunUsage::recordedCostUsd() const
{
    return costSum(roles, [](const RoleUsage &r) { return r.recordedCostUsd(); });
}

QStringList RunUsage::unpricedRoles() const
{
    QStringList out;
    for (const RoleUsage &r : roles)
        if (!r.price && r.usedTokens())
            out << (r.role.isEmpty() ? r.model : r.role);
    return out;
}

namespace {

RunUsage usageOfRoles(const QList<std::pair<QString, const EndpointProfile *>> &profiles, const QList<ExchangeUsage> &exchanges)
{
    QList<RoleUsage> byRole;
    for (const auto &[name, profile] : profiles)
        byRole.append(RoleUsage{name, profile->model, 0, 0, 0, 0, 0, 0, profile->price});
    const auto roleOf = [&](const ExchangeUsage &e) -> RoleUsage & {
        for (RoleUsage &r : byRole)
            if (!e.role.isEmpty() ? r.role == e.role : r.model == e.model)
                return r;
        // A role the configuration does not name (or a model none of its
        // roles has): counted apart, without a price.
        for (RoleUsage &r : byRole)
            if (r.role == e.role && r.model == e.model)
                return r;
        byRole.append(RoleUsage{e.role, e.model, 0, 0, 0, 0, 0, 0, std::nullopt});
        return byRole.last();
    };
    for (const ExchangeUsage &e : exchanges) {
        RoleUsage &r = roleOf(e);
        ++r.requests;
        r.promptTokens += e.promptTokens;
        r.completionTokens += e.completionTokens;
        if (e.recorded) {
            ++r.recordedRequests;
            r.recordedPromptTokens += e.promptTokens;
            r.recordedCompletionTokens += e.completionTokens;
        }
    }
    RunUsage out;
    for (const RoleUsage &r : std::as_const(byRole))
        if (r.requests > 0)
            out.roles << r;
    return out;
}

} // namespace

RunUsage usageOf(const RunConfig &config, const QList<ExchangeUsage> &exchanges)
{
    return usageOfRoles(config.profiles(), exchanges);
}

RunUsage usageOf(const RunConfig &config, const QList<Exchange> &exchanges)
{
    QList<ExchangeUsage> list;
    list.reserve(exchanges.size());
    for (const Exchange &e : exchanges)
        list.append({e.request.role, e.request.profile.model, e.promptTokens, e.completionTokens, e.fromCache || e.fromReplay});
    return usageOf(config, list);
}

Result<RunUsage> usageOfRecord(const QByteArray &recordJson)
{
    auto figures = figuresOfRecord(recordJson);
    if (!figures)
        return figures.error();
    return figures->usage;
}

Result<RecordFigures> figuresOfRecord(const QByteArray &recordJson)
{
    const Json j = Json::parse(recordJson.begin(), recordJson.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("run") || !j["run"].is_object())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "not a run record: expected {\"run\":{...}}")};
    const Json &run = j["run"];
    RecordFigures out;
    if (run.contains("coverage"))
        out.coverage = RunCoverage::fromJson(QByteArray::fromStdString(run["coverage"].dump()));
    // A configuration this build cannot read (an older key) still has its
    // exchanges: they are counted, by role, without prices.
    std::optional<RunConfig> config;
    if (run.contains("config"))
        if (auto read = RunConfig::fromJson(QByteArray::fromStdString(run["config"].dump())))
            config = *read;
    QList<ExchangeUsage> exchanges;
    if (run.contains("exchanges") && run["exchanges"].is_array())
        for (const Json &e : run["exchanges"]) {
            if (!e.is_object())
                continue;
            const auto text = [&](const char *key) { return e.contains(key) && e[key].is_string() ? QString::fromStdString(e[key].get<std::string>()) : QString(); };
            const auto count = [&](const char *key) { return e.contains(key) && e[key].is_number_integer() ? std::max<qint64>(0, e[key].get<qint64>()) : qint64(0); };
            const auto flag = [&](const char *key) { return e.contains(key) && e[key].is_boolean() && e[key].get<bool>(); };
            exchanges.append({text("role"), text("model"), count("prompt_tokens"), count("completion_tokens"), flag("from_cache") || flag("from_replay")});
        }
    out.usage = config ? usageOf(*config, exchanges) : usageOfRoles({}, exchanges);
    return out;
}

QByteArray usageJson(const RunUsage &usage)
{
    const auto money = [](const std::optional<double> &v) { return v ? Json(*v) : Json(nullptr); };
    Json roles = Json::array();
    for (const RoleUsage &r : usage.roles) {
        Json role = {{"role", r.role.toStdString()},
                     {"model", r.model.toStdString()},
                     {"requests", r.requests},
                     {"prompt_tokens", r.promptTokens},
                     {"completion_tokens", r.completionTokens},
                     {"recorded_requests", r.recordedRequests},
                     {"recorded_prompt_tokens", r.recordedPromptTokens},
                     {"recorded_completion_tokens", r.recordedCompletionTokens},
                     {"price", r.price ? config::priceJson(*r.price) : Json(nullptr)},
                     {"cost_usd", money(r.costUsd())}};
        roles.push_back(role);
    }
    Json unpriced = Json::array();
    for (const QString &role : usage.unpricedRoles())
        unpriced.push_back(role.toStdString());
    const Json out = {{"prompt_tokens", usage.promptTokens()},
                      {"completion_tokens", usage.completionTokens()},
                      {"recorded_requests", usage.recordedRequests()},
                      {"recorded_prompt_tokens", usage.recordedPromptTokens()},
                      {"recorded_completion_tokens", usage.recordedCompletionTokens()},
                      {"cost_usd", money(usage.costUsd())},
                      {"recorded_cost_usd", money(usage.recordedCostUsd())},
                      {"unpriced_roles", unpriced},
                      {"roles", roles}};
    return QByteArray::fromStdString(out.dump());
}

} // namespace rd
