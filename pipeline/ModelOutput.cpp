#include "ModelOutput.h"

#include "JsonInText.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>

namespace rd {
namespace {

using Json = nlohmann::json;

// Every balanced {...} or [...] in the text, outermost first, that parses.
QList<Json> jsonCandidates(const QString &text)
{
    const std::string s = text.toStdString();
    QList<Json> out;
    for (std::size_t start = 0; start < s.size(); ++start) {
        if (s[start] != '{' && s[start] != '[')
            continue;
        int depth = 0;
        bool inString = false;
        for (std::size_t i = start; i < s.size(); ++i) {
            const char c = s[i];
            if (inString) {
                if (c == '\\')
                    ++i;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"')
                inString = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if ((c == '}' || c == ']') && --depth == 0) {
                Json parsed = Json::parse(s.substr(start, i - start + 1), nullptr, false);
                if (!parsed.is_discarded()) {
                    out.append(std::move(parsed));
                    start = i; // continue after this value
                }
                break;
            }
        }
    }
    return out;
}

QString text(const Json &object, const char *key)
{
    if (!object.contains(key))
        return {};
    const Json &v = object[key];
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_number() || v.is_boolean())
        return QString::fromStdString(v.dump());
    if (v.is_array() || v.is_object())
        return QString::fromStdString(v.dump(2));
    return {};
}

// 7, 7.0 and "7" are all 7; anything else is no value.
std::optional<int> number(const Json &object, const char *key)
{
    if (!object.contains(key))
        return std::nullopt;
    const Json &v = object[key];
    if (v.is_number())
        return static_cast<int>(std::lround(v.get<double>()));
    if (v.is_string()) {
        bool ok = false;
        const double d = QString::fromStdString(v.get<std::string>()).trimmed().toDouble(&ok);
        if (ok)
            return static_cast<int>(std::lround(d));
    }
    return std::nullopt;
}

struct Read
{
    ReviewComment comment;
    QSet<QString> given;
    QStringList sources;
};

Read commentFrom(const Json &c)
{
    Read read;
    ReviewComment &out = read.comment;
    for (const char *key : {"id", "file", "side", "issue", "root_cause", "fix", "example", "category"})
        if (!text(c, key).isEmpty())
            read.given.insert(QLatin1String(key));
    auto number = [&](const char *key) {
        const std::optional<int> n = rd::number(c, key);
        if (n)
            read.given.insert(QLatin1String(key));
        return n.value_or(0);
    };
    out.id = text(c, "id");
    out.file = text(c, "file");
    const QString side = text(c, "side").toLower();
    out.side = side == QLatin1String("old") || side == QLatin1String("left") ? QStringLiteral("old") : QStringLiteral("new");
    out.lineStart = number("line_start");
    out.lineEnd = number("line_end");
    if (out.lineStart == 0) {
        out.lineStart = number("line");
        if (read.given.contains(QStringLiteral("line")))
            read.given.insert(QStringLiteral("line_start"));
    }
    if (out.lineEnd < out.lineStart)
        out.lineEnd = out.lineStart;
    out.issue = text(c, "issue");
    out.rootCause = text(c, "root_cause");
    out.fix = text(c, "fix");
    out.example = text(c, "example");
    out.category = text(c, "category");
    out.q1Nitpick = number("q1_nitpick");
    out.q2Fake = number("q2_fake");
    out.q3Severity = number("q3_severity");
    // Who raised a comment is the program's to work out from "sources"; a
    // "reviewers" list from the model is not read.
    if (c.contains("sources") && c["sources"].is_array())
        for (const Json &id : c["sources"])
            if (id.is_string())
                read.sources.append(QString::fromStdString(id.get<std::string>()));
    return read;
}

} // namespace

QList<nlohmann::json> jsonValuesIn(const QString &text)
{
    return jsonCandidates(text);
}

ParsedComments parseComments(const QString &reply)
{
    ParsedComments out;
    auto add = [&out](Read read) {
        out.comments.append(std::move(read.comment));
        out.given.append(std::move(read.given));
        out.sources.append(std::move(read.sources));
    };
    for (const Json &candidate : jsonCandidates(reply)) {
        const Json *list = nullptr;
        if (candidate.is_object() && candidate.contains("comments") && candidate["comments"].is_array())
            list = &candidate["comments"];
        else if (candidate.is_array())
            list = &candidate;
        if (!list) {
            // A lone comment object, without the list around it.
            if (candidate.is_object() && (candidate.contains("issue") || candidate.contains("line_start"))) {
                add(commentFrom(candidate));
                return out;
            }
            continue;
        }
        for (const Json &c : *list)
            if (c.is_object())
                add(commentFrom(c));
        return out;
    }
    out.error = QCoreApplication::translate("rd::pipeline", "no JSON with comments in the model's reply");
    return out;
}

} // namespace rd
