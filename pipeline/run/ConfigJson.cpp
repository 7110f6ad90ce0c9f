#include "ConfigJson.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace rd::config {

Error invalid(const QString &message)
{
    return Error{Error::Kind::Usage, message};
}

std::optional<Error> readInt(const Json &j, const char *key, int min, int max, int &out, const QString &prefix)
{
    if (!j.contains(key))
        return std::nullopt;
    // Compared as the 64-bit number it is: 2^32 + 2 must not pass as 2.
    if (!j[key].is_number_integer() || j[key].get<long long>() < min || j[key].get<long long>() > max)
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: \"%1\" must be a whole number from %2 to %3")
                           .arg(prefix + QLatin1String(key))
                           .arg(min)
                           .arg(max));
    out = j[key].get<int>();
    return std::nullopt;
}

namespace {

// Edit distance of two keys, ignoring case and underscores ("apiKey" is near
// "api_key_env", "topk" next to "top_k").
int keyDistance(const QString &a, const QString &b)
{
    const QString x = a.toLower().remove(QLatin1Char('_')).remove(QLatin1Char('-'));
    const QString y = b.toLower().remove(QLatin1Char('_')).remove(QLatin1Char('-'));
    QList<int> row(y.size() + 1);
    for (qsizetype j = 0; j <= y.size(); ++j)
        row[j] = static_cast<int>(j);
    for (qsizetype i = 1; i <= x.size(); ++i) {
        int diagonal = row[0];
        row[0] = static_cast<int>(i);
        for (qsizetype j = 1; j <= y.size(); ++j) {
            const int above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (x[i - 1] == y[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[y.size()];
}

} // namespace

std::optional<Error> unknownKey(const Json &j, const QStringList &known, const QString &prefix)
{
    QStringList keys;
    for (const auto &[name, value] : j.items())
        keys << QString::fromStdString(name);
    return unknownKey(keys, known, prefix);
}

std::optional<Error> unknownKey(const QStringList &keys, const QStringList &known, const QString &prefix)
{
    for (const QString &key : keys) {
        if (known.contains(key))
            continue;
        QString best;
        int bestDistance = std::numeric_limits<int>::max();
        for (const QString &k : known)
            if (const int d = keyDistance(key, k); d < bestDistance) {
                bestDistance = d;
                best = k;
            }
        if (bestDistance <= std::max<qsizetype>(2, key.size() / 2))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: unknown key \"%1\" (did you mean \"%2\"?)").arg(prefix + key, prefix + best));
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: unknown key \"%1\" (known keys: %2)").arg(prefix + key, known.join(QStringLiteral(", "))));
    }
    return std::nullopt;
}

Result<EndpointProfile> readProfile(const Json &j, const QString &role)
{
    if (!j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1 must be an object").arg(role));
    for (const auto &[key, value] : j.items())
        if (key == "api_key")
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1 holds an API key; name the environment variable that holds it in \"api_key_env\" instead").arg(role));
    if (auto e = unknownKey(j, {QStringLiteral("endpoint"), QStringLiteral("endpoints"), QStringLiteral("model"), QStringLiteral("api_key_env"), QStringLiteral("temperature"), QStringLiteral("top_p"),
                                QStringLiteral("max_tokens"), QStringLiteral("seed"), QStringLiteral("json_mode"), QStringLiteral("price")},
                            QStringLiteral("roles.%1.").arg(role)))
        return *e;
    EndpointProfile p;
    // Team scale: several servers of the same model behind one role.
    if (j.contains("endpoints")) {
        if (j.contains("endpoint"))
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1 has both endpoint and endpoints; give one of them").arg(role));
        if (!j["endpoints"].is_array() || j["endpoints"].empty())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.endpoints must be a list of base URLs").arg(role));
        for (const auto &url : j["endpoints"]) {
            const QString text = url.is_string() ? QString::fromStdString(url.get<std::string>()) : QString();
            if (!text.startsWith(QLatin1String("http://")) && !text.startsWith(QLatin1String("https://")))
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: every one of roles.%1.endpoints must start with http:// or https://").arg(role));
            if (p.endpoints.contains(text))
                return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.endpoints lists %2 twice").arg(role, text));
            p.endpoints << text;
        }
        p.endpoint = p.endpoints.first();
    } else {
        if (!j.contains("endpoint") || !j["endpoint"].is_string() || j["endpoint"].get<std::string>().empty())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.endpoint is missing").arg(role));
        p.endpoint = QString::fromStdString(j["endpoint"].get<std::string>());
    }
    if (!p.isReplay() && !p.endpoint.startsWith(QLatin1String("http://")) && !p.endpoint.startsWith(QLatin1String("https://")))
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.endpoint must start with http://, https:// or replay:").arg(role));
    if (!j.contains("model") || !j["model"].is_string() || j["model"].get<std::string>().empty())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.model is missing").arg(role));
    p.model = QString::fromStdString(j["model"].get<std::string>());
    if (j.contains("api_key_env")) {
        if (!j["api_key_env"].is_string())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.api_key_env must be a variable name").arg(role));
        p.apiKeyEnv = QString::fromStdString(j["api_key_env"].get<std::string>());
    }
    if (j.contains("temperature")) {
        if (!j["temperature"].is_number() || j["temperature"].get<double>() < 0 || j["temperature"].get<double>() > 2)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.temperature must be a number from 0 to 2").arg(role));
        p.temperature = j["temperature"].get<double>();
    }
    if (j.contains("top_p")) {
        if (!j["top_p"].is_number() || j["top_p"].get<double>() <= 0 || j["top_p"].get<double>() > 1)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.top_p must be a number above 0 and at most 1").arg(role));
        p.topP = j["top_p"].get<double>();
    }
    if (j.contains("max_tokens")) {
        if (!j["max_tokens"].is_number_integer() || j["max_tokens"].get<int>() < 16)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.max_tokens must be a whole number of at least 16").arg(role));
        p.maxTokens = j["max_tokens"].get<int>();
    }
    if (j.contains("seed")) {
        if (!j["seed"].is_number_integer())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.seed must be a whole number").arg(role));
        p.seed = j["seed"].get<int>();
    }
    if (j.contains("json_mode")) {
        if (!j["json_mode"].is_boolean())
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.json_mode must be true or false").arg(role));
        p.jsonMode = j["json_mode"].get<bool>();
    }
    if (j.contains("price")) {
        auto price = readPrice(j["price"], role);
        if (!price)
            return price.error();
        p.price = *price;
    }
    return p;
}

Result<TokenPrice> readPrice(const Json &j, const QString &role)
{
    const QString where = QStringLiteral("roles.%1.price").arg(role);
    if (!j.is_object())
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1 must be an object with input_per_mtok and output_per_mtok (US dollars per million tokens)").arg(where));
    if (auto e = unknownKey(j, {QStringLiteral("input_per_mtok"), QStringLiteral("output_per_mtok")}, where + QLatin1Char('.')))
        return *e;
    TokenPrice price;
    // An embeddings endpoint answers no completion tokens: its output price may be left out.
    const bool embedding = role == QLatin1String("embedding");
    for (const auto &[key, target] : {std::pair{"input_per_mtok", &price.inputPerMTok}, std::pair{"output_per_mtok", &price.outputPerMTok}}) {
        const QString name = where + QLatin1Char('.') + QLatin1String(key);
        if (!j.contains(key)) {
            if (embedding && std::string_view(key) == "output_per_mtok")
                continue;
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1 is missing (US dollars per million tokens; 0 when free)").arg(name));
        }
        // A boolean is not a number here, though JSON libraries may convert it.
        if (!j[key].is_number() || !std::isfinite(j[key].get<double>()) || j[key].get<double>() < 0)
            return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: %1 must be a number of US dollars per million tokens, 0 or more").arg(name));
        *target = j[key].get<double>();
    }
    return price;
}

Json profileJson(const EndpointProfile &p)
{
    Json j = {{"endpoint", p.endpoint.toStdString()}, {"model", p.model.toStdString()}};
    if (p.endpoints.size() > 1) {
        j.erase("endpoint");
        Json list = Json::array();
        for (const QString &url : p.endpoints)
            list.push_back(url.toStdString());
        j["endpoints"] = list;
    }
    if (!p.apiKeyEnv.isEmpty())
        j["api_key_env"] = p.apiKeyEnv.toStdString();
    j["temperature"] = p.temperature;
    if (p.topP)
        j["top_p"] = *p.topP;
    j["max_tokens"] = p.maxTokens;
    if (p.seed)
        j["seed"] = *p.seed;
    j["json_mode"] = p.jsonMode;
    if (p.price)
        j["price"] = priceJson(*p.price);
    return j;
}

Json priceJson(const TokenPrice &price)
{
    return {{"input_per_mtok", price.inputPerMTok}, {"output_per_mtok", price.outputPerMTok}};
}

std::optional<Error> checkApiKey(const EndpointProfile &profile, const QString &role)
{
    if (!profile.isReplay() && !profile.apiKeyEnv.isEmpty() && qEnvironmentVariableIsEmpty(profile.apiKeyEnv.toLocal8Bit().constData()))
        return invalid(QCoreApplication::translate("rd::pipeline", "run configuration: roles.%1.api_key_env names %2, which is not set in the environment")
                           .arg(role, profile.apiKeyEnv));
    return std::nullopt;
}

} // namespace rd::config
