#include "ModelOutput.h"

#include "JsonInText.h"

#include <QCoreApplication>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <vector>
#include <optional>

namespace rd {
namespace {

using AnswerJson = nlohmann::json;

// Bounds on what a reply may cost. A reply is a few kilobytes; past
// MaxReplyBytes it is not read. Candidates nested deeper than MaxDepth are
// not parsed (the JSON library writes values back recursively), and the bytes
// handed to the parser stay within a few times the reply's size.
constexpr qsizetype MaxReplyBytes = qsizetype(4) << 20;
constexpr int MaxDepth = 256;

struct Bracketed
{
    std::size_t open = 0, close = 0;
    int depth = 0; // levels of brackets, itself included
};

// Every balanced {...} or [...] in the text, outermost first, that parses.
// One pass pairs each bracket with its partner (quotes open strings only
// inside brackets), so a reply of a million unclosed brackets costs one pass
// rather than a scan from each of them.
QList<AnswerJson> jsonCandidates(const std::string &s, bool *tooDeep)
{
    std::vector<Bracketed> pairs;
    struct Open
    {
        std::size_t at;
        int innerDepth;
    };
    std::vector<Open> stack;
    bool inString = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"' && !stack.empty()) {
            inString = true;
        } else if (c == '{' || c == '[') {
            stack.push_back({i, 0});
        } else if ((c == '}' || c == ']') && !stack.empty()) {
            const Open open = stack.back();
            stack.pop_back();
            pairs.push_back({open.at, i, open.innerDepth + 1});
            if (!stack.empty())
                stack.back().innerDepth = std::max(stack.back().innerDepth, open.innerDepth + 1);
        }
    }
    std::sort(pairs.begin(), pairs.end(), [](const Bracketed &a, const Bracketed &b) { return a.open < b.open; });

    QList<AnswerJson> out;
    std::size_t next = 0;
    std::size_t budget = 4 * s.size() + 65536;
    for (const Bracketed &p : pairs) {
        if (p.open < next)
            continue;
        if (p.depth > MaxDepth) {
            *tooDeep = true;
            continue;
        }
        const std::size_t length = p.close - p.open + 1;
        if (length > budget)
            break;
        budget -= length;
        AnswerJson parsed = AnswerJson::parse(s.begin() + static_cast<std::ptrdiff_t>(p.open), s.begin() + static_cast<std::ptrdiff_t>(p.close + 1), nullptr, false);
        if (!parsed.is_discarded()) {
            out.append(std::move(parsed));
            next = p.close + 1; // continue after this value
        }
    }
    return out;
}

QString text(const AnswerJson &object, const char *key)
{
    if (!object.contains(key))
        return {};
    const AnswerJson &v = object[key];
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_number() || v.is_boolean())
        return QString::fromStdString(v.dump());
    if (v.is_array() || v.is_object())
        return QString::fromStdString(v.dump(2));
    return {};
}

// 7, 7.0 and "7" are all 7; anything else is no value.
std::optional<int> number(const AnswerJson &object, const char *key)
{
    if (!object.contains(key))
        return std::nullopt;
    const AnswerJson &v = object[key];
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

Read commentFrom(const AnswerJson &c)
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
        for (const AnswerJson &id : c["sources"])
            if (id.is_string())
                read.sources.append(QString::fromStdString(id.get<std::string>()));
    return read;
}

} // namespace

QList<nlohmann::json> jsonValuesIn(const QString &text)
{
    // The same bounds as the defect pipeline's replies: no reply over the
    // size limit is read, and nesting beyond the depth limit is not parsed.
    if (text.size() > MaxReplyBytes)
        return {};
    return jsonCandidates(text.toStdString(), nullptr);
}

ParsedComments parseComments(const QString &reply)
{
    ParsedComments out;
    auto add = [&out](Read read) {
        out.comments.append(std::move(read.comment));
        out.given.append(std::move(read.given));
        out.sources.append(std::move(read.sources));
    };
    if (reply.size() > MaxReplyBytes) {
        out.error = QCoreApplication::translate("rd::pipeline", "the model's reply is %1 MiB, more than the %2 MiB a reply may have; not read")
                        .arg(reply.size() >> 20)
                        .arg(MaxReplyBytes >> 20);
        return out;
    }
    bool tooDeep = false;
    const QList<AnswerJson> candidates = jsonCandidates(reply.toStdString(), &tooDeep);
    // Reasoning before the answer (both CoT prompts let the model reason
    // first) may quote code whose brackets parse as JSON: "buf[]" is an empty
    // array. So the answer is the last {"comments": [...]} in the reply, and
    // only without one a bare list or a lone comment; an empty bare list counts
    // only when nothing else does.
    for (auto it = candidates.crbegin(); it != candidates.crend(); ++it)
        if (it->is_object() && it->contains("comments") && (*it)["comments"].is_array()) {
            for (const AnswerJson &c : (*it)["comments"])
                if (c.is_object())
                    add(commentFrom(c));
            return out;
        }
    bool emptyList = false;
    for (const AnswerJson &candidate : candidates) {
        const AnswerJson *list = nullptr;
        if (candidate.is_array() && candidate.empty())
            emptyList = true;
        else if (candidate.is_array() && std::any_of(candidate.begin(), candidate.end(), [](const AnswerJson &c) { return c.is_object(); }))
            list = &candidate; // a bare list of comments (an array of anything else is not one)
        if (!list) {
            // A lone comment object, without the list around it.
            if (candidate.is_object() && (candidate.contains("issue") || candidate.contains("line_start"))) {
                add(commentFrom(candidate));
                return out;
            }
            continue;
        }
        for (const AnswerJson &c : *list)
            if (c.is_object())
                add(commentFrom(c));
        return out;
    }
    if (emptyList)
        return out;
    out.error = tooDeep ? QCoreApplication::translate("rd::pipeline", "the model's reply nests JSON deeper than %1 levels; not read").arg(MaxDepth)
                        : QCoreApplication::translate("rd::pipeline", "no JSON with comments in the model's reply");
    return out;
}

} // namespace rd
